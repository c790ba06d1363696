// GL 4.1 - 4.3 functionality a 3.3 core context has under its ARB names:
// ES 2.0 / 3.0 compatibility (`#version 100` and `#version 300 es` programs,
// FIXED vertex attributes, the ES queries), mapped-pointer alignment,
// compressed pixel storage (sub-rectangles of compressed images in and out
// of client memory), the GLSL 4.20/4.30 features older desktop GLSL gets by
// `#extension` (conservative depth, textureQueryLevels, arrays of arrays),
// BPTC textures, multisample storage and framebuffers without attachments.
// Results are pixels, buffer contents, queried values and errors.
#include <array>
#include <cstring>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreExt4143 : public GlCoreTest {
 protected:
  // Draws the fullscreen triangle with `p` and returns the center pixel.
  uint32_t draw_center(GLuint p) {
    glUseProgram(p);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    return pixel(kWidth / 2, kHeight / 2);
  }
};

TEST_F(GlCoreExt4143, ExtensionsAreListed) {
  for (const char* name :
       {"GL_ARB_ES2_compatibility", "GL_ARB_ES3_compatibility", "GL_ARB_get_program_binary", "GL_ARB_shader_precision",
        "GL_ARB_compressed_texture_pixel_storage", "GL_ARB_map_buffer_alignment", "GL_ARB_internalformat_query",
        "GL_ARB_texture_storage_multisample", "GL_ARB_framebuffer_no_attachments", "GL_ARB_conservative_depth",
        "GL_AMD_conservative_depth", "GL_ARB_texture_query_levels", "GL_ARB_shading_language_packing"})
    EXPECT_TRUE(has_extension(name)) << name;
}

TEST_F(GlCoreExt4143, Es100ProgramWithFixedAttributeDraws) {
  // ARB_ES2_compatibility: a GLSL ES 1.00 program in a desktop context, its
  // colour from a FIXED (16.16) vertex attribute.
  // A triangle of three FIXED positions covering the viewport and a FIXED colour.
  const GLuint q = program(R"(#version 100
attribute vec2 position;
attribute vec4 color;
varying mediump vec4 v_color;
void main() {
  v_color = color;
  gl_Position = vec4(position, 0.0, 1.0);
})",
                           "#version 100\nvarying mediump vec4 v_color;\n"
                           "void main() { gl_FragColor = v_color; }\n");
  const GLint one = 65536, three = 3 * 65536;
  const GLint positions[] = {-one, -one, three, -one, -one, three};
  const GLint colors[] = {0, one, one / 2, one, 0, one, one / 2, one, 0, one, one / 2, one};
  const GLuint pb = buffer(GL_ARRAY_BUFFER, sizeof(positions), positions);
  const GLint pos = glGetAttribLocation(q, "position"), col = glGetAttribLocation(q, "color");
  ASSERT_GE(pos, 0);
  ASSERT_GE(col, 0);
  glVertexAttribPointer(GLuint(pos), 2, GL_FIXED, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(GLuint(pos));
  const GLuint cb = buffer(GL_ARRAY_BUFFER, sizeof(colors), colors);
  glVertexAttribPointer(GLuint(col), 4, GL_FIXED, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(GLuint(col));
  const uint32_t c = draw_center(q);
  EXPECT_EQ(c & 0xff, 0u);
  EXPECT_EQ((c >> 8) & 0xff, 255u);
  EXPECT_NEAR(double((c >> 16) & 0xff), 128.0, 1.0);
  glDeleteBuffers(1, &pb);
  glDeleteBuffers(1, &cb);
  glDeleteProgram(q);
}

TEST_F(GlCoreExt4143, Es2Queries) {
  GLint range[2] = {-1, -1}, precision = -1;
  glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_HIGH_FLOAT, range, &precision);
  EXPECT_EQ(range[0], 127);
  EXPECT_EQ(range[1], 127);
  EXPECT_EQ(precision, 23);
  glGetShaderPrecisionFormat(GL_VERTEX_SHADER, GL_HIGH_INT, range, &precision);
  EXPECT_GE(range[0], 31);
  EXPECT_EQ(precision, 0);
  glGetShaderPrecisionFormat(GL_GEOMETRY_SHADER, GL_HIGH_INT, range, &precision);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint v = 0;
  for (GLenum limit : {GL_MAX_VARYING_VECTORS, GL_MAX_VERTEX_UNIFORM_VECTORS, GL_MAX_FRAGMENT_UNIFORM_VECTORS}) {
    glGetIntegerv(limit, &v);
    EXPECT_GE(v, 15) << std::hex << limit;
  }
  GLboolean compiler = GL_FALSE;
  glGetBooleanv(GL_SHADER_COMPILER, &compiler);
  EXPECT_EQ(compiler, GL_TRUE);
  // SPIR-V (ARB_gl_spirv, offered in every desktop context) is the one
  // shader binary format.
  glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, &v);
  EXPECT_EQ(v, 1);
  glReleaseShaderCompiler();
  glDepthRangef(0.25f, 0.75f);
  glClearDepthf(0.5f);
  GLfloat range_f[2] = {};
  glGetFloatv(GL_DEPTH_RANGE, range_f);
  EXPECT_FLOAT_EQ(range_f[0], 0.25f);
  EXPECT_FLOAT_EQ(range_f[1], 0.75f);
  GLfloat clear = 0;
  glGetFloatv(GL_DEPTH_CLEAR_VALUE, &clear);
  EXPECT_FLOAT_EQ(clear, 0.5f);
  glDepthRangef(0.0f, 1.0f);
  glClearDepthf(1.0f);
  // The framebuffer's preferred read format pair (RGBA8 colour buffer).
  GLint format = 0, type = 0;
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &format);
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
  EXPECT_NE(format, 0);
  EXPECT_NE(type, 0);
  // RGB565 renderbuffers are colour-renderable.
  GLuint rb = 0, fb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 4, 4);
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteRenderbuffers(1, &rb);
}

TEST_F(GlCoreExt4143, Es300ProgramDrawsAndEsLinksOnlyWithEs) {
  const char* es_vs = R"(#version 300 es
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
  const char* es_fs = R"(#version 300 es
precision mediump float;
out vec4 color;
void main() { color = vec4(1.0, 0.0, 1.0, 1.0); })";
  const GLuint p = program(es_vs, es_fs);
  EXPECT_EQ(draw_center(p), rgba(255, 0, 255));
  glDeleteProgram(p);
  // An ES vertex shader with a desktop fragment shader does not link.
  GLuint mixed = glCreateProgram();
  const GLuint vs = shader(GL_VERTEX_SHADER, es_vs);
  const GLuint fs = shader(GL_FRAGMENT_SHADER, "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
  glAttachShader(mixed, vs);
  glAttachShader(mixed, fs);
  glLinkProgram(mixed);
  GLint ok = 1;
  glGetProgramiv(mixed, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, 0);
  glDeleteShader(vs);
  glDeleteShader(fs);
  glDeleteProgram(mixed);
  // ES 3.0's state in the desktop context.
  glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  EXPECT_TRUE(glIsEnabled(GL_PRIMITIVE_RESTART_FIXED_INDEX));
  glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  GLint64 max_index = 0;
  glGetInteger64v(GL_MAX_ELEMENT_INDEX, &max_index);
  EXPECT_GE(max_index, (GLint64{1} << 24) - 1);
}

TEST_F(GlCoreExt4143, MappedPointersAreAlignedToMinMapBufferAlignment) {
  GLint align = 0;
  glGetIntegerv(GL_MIN_MAP_BUFFER_ALIGNMENT, &align);
  ASSERT_GE(align, 64);
  std::vector<uint8_t> data(1024);
  for (size_t i = 0; i < data.size(); ++i) data[i] = uint8_t(i);
  const GLuint b = buffer(GL_ARRAY_BUFFER, GLsizeiptr(data.size()), data.data());
  for (GLintptr offset : {0, 1, 13, 64, 100, 555}) {
    auto* p = static_cast<uint8_t*>(glMapBufferRange(GL_ARRAY_BUFFER, offset, 64, GL_MAP_READ_BIT));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ((reinterpret_cast<uintptr_t>(p) - uintptr_t(offset)) % uintptr_t(align), 0u) << offset;
    EXPECT_EQ(p[0], uint8_t(offset));
    glUnmapBuffer(GL_ARRAY_BUFFER);
  }
  // A partial write to a buffer a pending draw reads goes through staging:
  // aligned the same way, and its bytes land at the offset.
  const GLuint prog = program(kCoreFullscreenVs, "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
  glVertexAttribPointer(0, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const GLintptr offset = 77;
  auto* p = static_cast<uint8_t*>(
      glMapBufferRange(GL_ARRAY_BUFFER, offset, 100, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ((reinterpret_cast<uintptr_t>(p) - uintptr_t(offset)) % uintptr_t(align), 0u);
  std::memset(p, 0xab, 100);
  EXPECT_EQ(glUnmapBuffer(GL_ARRAY_BUFFER), GL_TRUE);
  std::vector<uint8_t> back(data.size());
  glGetBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(back.size()), back.data());
  for (size_t i = 0; i < back.size(); ++i) {
    const bool written = i >= size_t(offset) && i < size_t(offset) + 100;
    ASSERT_EQ(back[i], written ? 0xab : data[i]) << i;
  }
  glDisableVertexAttribArray(0);
  glDeleteProgram(prog);
  glDeleteBuffers(1, &b);
}

TEST_F(GlCoreExt4143, CompressedPixelStorageSelectsSubRectangles) {
  // RGTC1 (BC4): 4x4 blocks of 8 bytes. The client image is 4 x 3 blocks;
  // the texture takes the 2 x 2 blocks from block (1, 1) on.
  constexpr int kBlock = 8, kCols = 4, kRows = 3;
  std::vector<uint8_t> client(size_t(kCols * kRows * kBlock));
  for (size_t i = 0; i < client.size(); ++i) client[i] = uint8_t(i * 7 + 3);
  auto block_at = [&](const std::vector<uint8_t>& img, int cols, int bx, int by) {
    return std::vector<uint8_t>(img.begin() + (by * cols + bx) * kBlock, img.begin() + (by * cols + bx + 1) * kBlock);
  };
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_WIDTH, 4);
  glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_HEIGHT, 4);
  glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_DEPTH, 1);
  glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, kBlock);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, kCols * 4);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 4);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 4);
  GLint v = 0;
  glGetIntegerv(GL_UNPACK_COMPRESSED_BLOCK_SIZE, &v);
  EXPECT_EQ(v, kBlock);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, 4 * kBlock, client.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // A skip that is not whole blocks, and a size the block modes contradict.
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RED_RGTC1, kBlock, client.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RED_RGTC1, 2 * kBlock, client.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glPixelStorei(GL_UNPACK_COMPRESSED_BLOCK_SIZE, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  for (GLenum mode : {GL_UNPACK_COMPRESSED_BLOCK_WIDTH, GL_UNPACK_COMPRESSED_BLOCK_HEIGHT,
                      GL_UNPACK_COMPRESSED_BLOCK_DEPTH, GL_UNPACK_COMPRESSED_BLOCK_SIZE, GL_UNPACK_ROW_LENGTH,
                      GL_UNPACK_SKIP_ROWS})
    glPixelStorei(mode, 0);
  // Tight readback: the four selected blocks in order.
  std::vector<uint8_t> tight(4 * kBlock);
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, tight.data());
  for (int by = 0; by < 2; ++by)
    for (int bx = 0; bx < 2; ++bx)
      EXPECT_EQ(block_at(tight, 2, bx, by), block_at(client, kCols, bx + 1, by + 1)) << bx << "," << by;
  // Packed into a 3 x 3-block image at block (1, 1) with the PACK modes.
  glPixelStorei(GL_PACK_COMPRESSED_BLOCK_WIDTH, 4);
  glPixelStorei(GL_PACK_COMPRESSED_BLOCK_HEIGHT, 4);
  glPixelStorei(GL_PACK_COMPRESSED_BLOCK_SIZE, kBlock);
  glPixelStorei(GL_PACK_ROW_LENGTH, 12);
  glPixelStorei(GL_PACK_SKIP_PIXELS, 4);
  glPixelStorei(GL_PACK_SKIP_ROWS, 4);
  std::vector<uint8_t> packed(9 * kBlock, 0xee);
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, packed.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (int by = 0; by < 3; ++by)
    for (int bx = 0; bx < 3; ++bx) {
      const std::vector<uint8_t> got = block_at(packed, 3, bx, by);
      if (bx >= 1 && by >= 1)
        EXPECT_EQ(got, block_at(client, kCols, bx, by)) << bx << "," << by;
      else
        EXPECT_EQ(got, std::vector<uint8_t>(kBlock, 0xee)) << bx << "," << by;
    }
  for (GLenum mode : {GL_PACK_COMPRESSED_BLOCK_WIDTH, GL_PACK_COMPRESSED_BLOCK_HEIGHT, GL_PACK_COMPRESSED_BLOCK_SIZE,
                      GL_PACK_ROW_LENGTH, GL_PACK_SKIP_PIXELS, GL_PACK_SKIP_ROWS})
    glPixelStorei(mode, 0);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreExt4143, Glsl4xFeaturesInOlderDesktopGlsl) {
  // textureQueryLevels, packUnorm4x8 and a conservative depth layout in
  // GLSL 1.50 by `#extension`, writing gl_FragColor and calling texture2D
  // (which 1.50 has and the 4.30 the shader is compiled as does not);
  // shader_precision's directive and macro.
  const GLuint p = program(R"(#version 150
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})",
                           R"(#version 150
#extension GL_ARB_texture_query_levels : require
#extension GL_ARB_shading_language_packing : require
#extension GL_ARB_conservative_depth : require
#extension GL_ARB_shader_precision : require
#if !defined(GL_ARB_texture_query_levels) || !defined(GL_ARB_shader_precision) || \
    !defined(GL_ARB_shading_language_packing) || !defined(GL_ARB_conservative_depth)
#error macros missing
#endif
uniform sampler2D tex;
uniform float blue;
layout(depth_less) out float gl_FragDepth;
void main() {
  vec4 packed = unpackUnorm4x8(packUnorm4x8(vec4(0.0, 1.0, blue, 1.0)));
  gl_FragColor = vec4(float(textureQueryLevels(tex)) / 4.0, packed.yzw) + texture2D(tex, vec2(0.5)) * 0.0;
  gl_FragDepth = 0.25;
})");
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 8, 8);
  glUseProgram(p);
  const GLint blue = glGetUniformLocation(p, "blue");
  ASSERT_GE(blue, 0);
  glUniform1f(blue, 1.0f);
  const uint32_t c = draw_center(p);
  EXPECT_NEAR(double(c & 0xff), 0.75 * 255, 1.0);
  EXPECT_EQ((c >> 8) & 0xff, 255u);
  EXPECT_EQ((c >> 16) & 0xff, 255u);
  glDeleteTextures(1, &tex);
  glDeleteProgram(p);
  // GLSL ES has none of them.
  const GLuint es = shader(GL_FRAGMENT_SHADER,
                           "#version 300 es\n#extension GL_ARB_conservative_depth : require\n"
                           "precision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n",
                           false);
  glDeleteShader(es);
}

TEST_F(GlCoreExt4143, FragmentShaderReadsTheLayerAGeometryShaderWrote) {
  if (!has_extension("GL_ARB_fragment_layer_viewport")) GTEST_SKIP() << "no geometry shaders";
  // ARB_fragment_layer_viewport in GLSL 1.50: each layer of a layered
  // attachment gets the fullscreen triangle, coloured by the gl_Layer the
  // fragment shader reads.
  GLuint p = glCreateProgram();
  const char* vs = "#version 150\nvoid main() {\n"
                   "  vec2 q = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);\n"
                   "  gl_Position = vec4(q, 0.0, 1.0);\n}\n";
  const char* gs = "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 6) out;\n"
                   "void main() {\n  for (int l = 0; l < 2; ++l) {\n    for (int i = 0; i < 3; ++i) {\n"
                   "      gl_Layer = l;\n      gl_Position = gl_in[i].gl_Position;\n      EmitVertex();\n"
                   "    }\n    EndPrimitive();\n  }\n}\n";
  const char* fs = "#version 150\n#extension GL_ARB_fragment_layer_viewport : require\n"
                   "out vec4 color;\nvoid main() { color = vec4(float(gl_Layer), 1.0, 0.0, 1.0); }\n";
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_GEOMETRY_SHADER, gs},
                           std::pair{GL_FRAGMENT_SHADER, fs}}) {
    const GLuint sh = shader(type, src);
    glAttachShader(p, sh);
    glDeleteShader(sh);
  }
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_EQ(ok, GL_TRUE);
  GLuint tex = 0, fb = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 2);
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 4, 4);
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  for (int layer = 0; layer < 2; ++layer) {
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, layer);
    EXPECT_EQ(pixel(1, 1), rgba(layer ? 255 : 0, 255, 0)) << layer;
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, kWidth, kHeight);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &tex);
  glDeleteProgram(p);
}

TEST_F(GlCoreExt4143, BptcTextureSampled) {
  if (!has_extension("GL_ARB_texture_compression_bptc")) GTEST_SKIP() << "the device has no BC6H/BC7";
  // One BC7 mode 6 block: both endpoints (R, G, B, A) = (127, 0, 0, 127)
  // with p-bits 1 -> (255, 1, 1, 255), every index 0.
  std::array<uint8_t, 16> block{};
  auto put = [&block](int bit, int count, uint32_t value) {
    for (int i = 0; i < count; ++i)
      if (value >> i & 1) block[size_t(bit + i) / 8] |= uint8_t(1u << ((bit + i) % 8));
  };
  put(0, 7, 0x40);                                     // mode 6
  put(7, 7, 127), put(14, 7, 127);                     // R0, R1
  put(49, 7, 127), put(56, 7, 127);                    // A0, A1
  put(63, 1, 1), put(64, 1, 1);                        // p-bits
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 0, 16, block.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint compressed = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &compressed);
  EXPECT_EQ(compressed, GL_TRUE);
  const GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler2D tex;
out vec4 color;
void main() { color = texture(tex, vec2(0.5)); })");
  const uint32_t c = draw_center(p);
  EXPECT_EQ(c & 0xff, 255u);
  EXPECT_LE((c >> 8) & 0xff, 2u);
  EXPECT_EQ(c >> 24, 255u);
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreExt4143, SampleCountsStorageMultisampleAndNoAttachmentFramebuffers) {
  GLint counts = 0;
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &counts);
  ASSERT_GE(counts, 1);
  std::vector<GLint> samples(size_t(counts), 0);
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_SAMPLES, counts, samples.data());
  EXPECT_GE(samples[0], 4);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples[0], GL_RGBA8, 8, 8, GL_TRUE);
  GLint immutable = 0;
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  EXPECT_EQ(immutable, GL_TRUE);
  glDeleteTextures(1, &tex);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT));
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 16);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 8);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  GLint width = 0;
  glGetFramebufferParameteriv(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, &width);
  EXPECT_EQ(width, 16);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
}

TEST_F(GlCoreExt4143, ProgramBinaryHasNoFormats) {
  GLint formats = -1;
  glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &formats);
  EXPECT_EQ(formats, 0);
  const GLuint p = program(kCoreFullscreenVs, "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
  glProgramParameteri(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
  GLint hint = 0;
  glGetProgramiv(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, &hint);
  EXPECT_EQ(hint, GL_TRUE);
  GLint length = -1;
  glGetProgramiv(p, GL_PROGRAM_BINARY_LENGTH, &length);
  EXPECT_EQ(length, 0);
  const uint8_t bytes[4] = {};
  glProgramBinary(p, 0x1234, bytes, sizeof(bytes));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
