// ES 3.1 image load/store through glvnd (§8.23, GLSL ES 3.10 image
// built-ins): image unit state and its errors, compute and fragment shaders
// storing into, loading from and counting atomically in textures (results
// read back on the CPU through framebuffers and storage buffers), layered
// and single-layer bindings of array and cube textures, image uniform
// bindings, and units that read as unbound.
#include <algorithm>
#include <array>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class E2eImages : public Es31Test {
 protected:
  // An immutable texture of `levels` levels.
  static GLuint storage_texture(GLenum target, GLenum format, GLsizei w, GLsizei h, GLsizei depth = 1,
                                GLsizei levels = 1) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    if (target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_3D) glTexStorage3D(target, levels, format, w, h, depth);
    else glTexStorage2D(target, levels, format, w, h);
    return t;
  }
  static GLint integer(GLenum pname) {
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
  }
  static GLint unit_state(GLenum pname, GLuint unit) {
    GLint v = -12345;
    glGetIntegeri_v(pname, unit, &v);
    return v;
  }
  // Every ES 3.1 table 20.27 value of a unit, through each indexed getter.
  static void expect_unit(GLuint unit, GLuint name, GLint level, bool layered, GLint layer, GLenum access,
                          GLenum format) {
    SCOPED_TRACE(unit);
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_NAME, unit), static_cast<GLint>(name));
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_LEVEL, unit), level);
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_LAYERED, unit), layered ? 1 : 0);
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_LAYER, unit), layer);
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_ACCESS, unit), static_cast<GLint>(access));
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_FORMAT, unit), static_cast<GLint>(format));
    GLboolean b = GL_TRUE;
    glGetBooleani_v(GL_IMAGE_BINDING_LAYERED, unit, &b);
    EXPECT_EQ(b, layered ? GL_TRUE : GL_FALSE);
    GLint64 v64 = -1;
    glGetInteger64i_v(GL_IMAGE_BINDING_FORMAT, unit, &v64);
    EXPECT_EQ(v64, static_cast<GLint64>(format));
  }
  // Reads `count` texels of level `level` (layer `layer`) of an integer
  // texture through a framebuffer, one 32-bit channel each (R32UI/R32I).
  static std::vector<uint32_t> read_r32(GLuint tex, GLenum target, int w, int h, GLint layer = 0, GLint level = 0,
                                        bool is_signed = false) {
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    if (target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_3D)
      glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, level, layer);
    else if (target == GL_TEXTURE_CUBE_MAP)
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X + layer, tex,
                             level);
    else
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, level);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    std::vector<uint32_t> texels(static_cast<size_t>(w * h * 4), 0xdeadbeef);
    glReadPixels(0, 0, w, h, GL_RGBA_INTEGER, is_signed ? GL_INT : GL_UNSIGNED_INT, texels.data());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    std::vector<uint32_t> out(static_cast<size_t>(w * h));
    for (size_t i = 0; i < out.size(); ++i) out[i] = texels[i * 4];
    return out;
  }
  // RGBA8 texels of level 0 of a 2D texture through a framebuffer.
  static std::vector<uint32_t> read_rgba8(GLuint tex, int w, int h) {
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    std::vector<uint32_t> px(static_cast<size_t>(w * h), 0xdeadbeef);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    return px;
  }
  // Uploads uint32 texels to level 0 (layers 0..depth-1) of an R32UI texture.
  static void upload_r32ui(GLenum target, int w, int h, int depth, const std::vector<uint32_t>& texels) {
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    if (target == GL_TEXTURE_2D_ARRAY)
      glTexSubImage3D(target, 0, 0, 0, 0, w, h, depth, GL_RED_INTEGER, GL_UNSIGNED_INT, texels.data());
    else
      glTexSubImage2D(target, 0, 0, 0, w, h, GL_RED_INTEGER, GL_UNSIGNED_INT, texels.data());
  }
};

// kFullscreenVs for GLSL ES 3.10 programs (stages of one version link).
constexpr const char* kFullscreenVs310 = R"(#version 310 es
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";

// GLSL ES 3.10: an image variable is highp (or mediump/lowp) and needs a
// format and, for loads, not writeonly.
constexpr const char* kStoreRgba8Cs = R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4) in;
layout(rgba8, binding = 0) writeonly uniform highp image2D img;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  imageStore(img, p, vec4(float(p.x) / 255.0, float(p.y) / 255.0, 1.0, 0.0));
})";

constexpr const char* kStoreR32uiCs = R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4) in;
layout(r32ui, binding = 1) writeonly uniform highp uimage2D img;
uniform uint base;
void main() {
  uvec2 p = gl_GlobalInvocationID.xy;
  imageStore(img, ivec2(p), uvec4(base + p.x + 100u * p.y, 7u, 7u, 7u));
})";

TEST_F(E2eImages, LimitsAndInitialUnitState) {
  const GLint units = integer(GL_MAX_IMAGE_UNITS);
  EXPECT_GE(units, 4);
  EXPECT_GE(integer(GL_MAX_COMPUTE_IMAGE_UNIFORMS), 4);
  EXPECT_GE(integer(GL_MAX_COMBINED_IMAGE_UNIFORMS), 4);
  EXPECT_GE(integer(GL_MAX_VERTEX_IMAGE_UNIFORMS), 0);
  EXPECT_GE(integer(GL_MAX_FRAGMENT_IMAGE_UNIFORMS), 0);
  EXPECT_LE(integer(GL_MAX_COMPUTE_IMAGE_UNIFORMS), units);
  // Outputs, storage blocks and images all count.
  EXPECT_EQ(integer(GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES),
            integer(GL_MAX_DRAW_BUFFERS) + integer(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS) +
                integer(GL_MAX_COMBINED_IMAGE_UNIFORMS));
  for (GLint u = 0; u < units; ++u) expect_unit(static_cast<GLuint>(u), 0, 0, false, 0, GL_READ_ONLY, GL_R32UI);
  GLint v = 0;
  glGetIntegeri_v(GL_IMAGE_BINDING_NAME, static_cast<GLuint>(units), &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLboolean b = GL_FALSE;
  glGetBooleani_v(GL_IMAGE_BINDING_LAYERED, static_cast<GLuint>(units), &b);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Image units compare formats by texel size.
  GLuint tex = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 4, 4);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE, &v);
  EXPECT_EQ(v, GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE);
  glDeleteTextures(1, &tex);
}

TEST_F(E2eImages, BindingStateQueriesAndDeletion) {
  GLuint tex2d = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 32, 32, 1, 3);
  GLuint array = storage_texture(GL_TEXTURE_2D_ARRAY, GL_R32F, 8, 8, 4);
  const GLuint last = static_cast<GLuint>(integer(GL_MAX_IMAGE_UNITS) - 1);
  glBindImageTexture(0, tex2d, 2, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8UI);
  glBindImageTexture(last, array, 0, GL_TRUE, 2, GL_READ_WRITE, GL_R32F);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  expect_unit(0, tex2d, 2, false, 0, GL_READ_ONLY, GL_RGBA8UI);
  expect_unit(last, array, 0, true, 2, GL_READ_WRITE, GL_R32F);
  // A texture without layers keeps neither a layered binding nor a layer.
  glBindImageTexture(1, tex2d, 0, GL_TRUE, 3, GL_WRITE_ONLY, GL_RGBA8);
  expect_unit(1, tex2d, 0, false, 0, GL_WRITE_ONLY, GL_RGBA8);
  // Binding texture zero breaks the binding (and keeps the rest).
  glBindImageTexture(1, 0, 1, GL_FALSE, 0, GL_READ_WRITE, GL_R32I);
  expect_unit(1, 0, 1, false, 0, GL_READ_WRITE, GL_R32I);
  // Deleting a texture resets the units it was bound to.
  glDeleteTextures(1, &array);
  expect_unit(last, 0, 0, false, 0, GL_READ_ONLY, GL_R32UI);
  expect_unit(0, tex2d, 2, false, 0, GL_READ_ONLY, GL_RGBA8UI);
  glDeleteTextures(1, &tex2d);
  expect_unit(0, 0, 0, false, 0, GL_READ_ONLY, GL_R32UI);
}

TEST_F(E2eImages, BindImageTextureErrors) {
  GLuint tex = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 4, 4);
  glBindImageTexture(2, tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  auto expect_error = [&](GLenum error, const char* what) {
    EXPECT_EQ(glGetError(), error) << what;
    expect_unit(2, tex, 0, false, 0, GL_READ_WRITE, GL_RGBA8);  // unchanged
  };
  const GLint units = integer(GL_MAX_IMAGE_UNITS);
  glBindImageTexture(static_cast<GLuint>(units), tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE)) << "unit >= MAX_IMAGE_UNITS";
  glBindImageTexture(0xffffffffu, tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE)) << "unit 2^32-1";
  glBindImageTexture(2, 12345, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  expect_error(GL_INVALID_VALUE, "not a texture name");
  GLuint reserved = 0;
  glGenTextures(1, &reserved);
  glBindImageTexture(2, reserved, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  expect_error(GL_INVALID_VALUE, "a name with no texture object yet");
  glBindImageTexture(2, tex, -1, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  expect_error(GL_INVALID_VALUE, "level < 0");
  glBindImageTexture(2, tex, 0, GL_FALSE, -1, GL_READ_WRITE, GL_RGBA8);
  expect_error(GL_INVALID_VALUE, "layer < 0");
  glBindImageTexture(2, tex, 0, GL_FALSE, 0, GL_RGBA8, GL_RGBA8);
  expect_error(GL_INVALID_ENUM, "access");
  // (R8, RG32F and RGB10_A2 are NV_image_formats' formats, taken where it
  // is exposed.)
  for (GLenum bad : std::initializer_list<GLenum>{GL_RGBA, GL_RGB8, GL_SRGB8_ALPHA8, GL_RGB565, GL_RGB16F,
                                                  GL_DEPTH_COMPONENT16, GL_NONE}) {
    glBindImageTexture(2, tex, 0, GL_FALSE, 0, GL_READ_WRITE, bad);
    expect_error(GL_INVALID_ENUM, "format not in table 8.27");
  }
  // ES 3.1 binds only immutable textures.
  GLuint mutable_tex = 0;
  glGenTextures(1, &mutable_tex);
  glBindTexture(GL_TEXTURE_2D, mutable_tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindImageTexture(2, mutable_tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  expect_error(GL_INVALID_OPERATION, "a mutable texture");
  // Every format of table 8.27 is accepted (compatible or not: that is
  // decided when a shader uses the unit).
  for (GLenum f : {GL_RGBA32F, GL_RGBA16F, GL_R32F, GL_RGBA32UI, GL_RGBA16UI, GL_RGBA8UI, GL_R32UI, GL_RGBA32I,
                   GL_RGBA16I, GL_RGBA8I, GL_R32I, GL_RGBA8, GL_RGBA8_SNORM}) {
    glBindImageTexture(3, tex, 0, GL_FALSE, 0, GL_READ_ONLY, f);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << f;
  }
  GLuint names[] = {tex, mutable_tex, reserved};
  glDeleteTextures(3, names);
}

TEST_F(E2eImages, ComputeStoresIntoRgba8AndR32uiTextures) {
  GLuint colours = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 16, 16);
  GLuint r32 = storage_texture(GL_TEXTURE_2D, GL_R32UI, 16, 16);
  GLuint store_rgba = compute_program(kStoreRgba8Cs);
  GLuint store_r32 = compute_program(kStoreR32uiCs);
  glBindImageTexture(0, colours, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
  glBindImageTexture(1, r32, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(store_rgba);
  glDispatchCompute(4, 4, 1);
  glUseProgram(store_r32);
  glUniform1ui(glGetUniformLocation(store_r32, "base"), 5000);
  glDispatchCompute(4, 4, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  const std::vector<uint32_t> px = read_rgba8(colours, 16, 16);
  const std::vector<uint32_t> v = read_r32(r32, GL_TEXTURE_2D, 16, 16);
  for (uint32_t y = 0; y < 16; ++y)
    for (uint32_t x = 0; x < 16; ++x) {
      EXPECT_EQ(px[y * 16 + x], rgba(static_cast<uint8_t>(x), static_cast<uint8_t>(y), 255, 0)) << x << "," << y;
      EXPECT_EQ(v[y * 16 + x], 5000 + x + 100 * y) << x << "," << y;
    }
  glDeleteProgram(store_rgba);
  glDeleteProgram(store_r32);
  GLuint names[] = {colours, r32};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, ImageLoadReadsWhatTexSubImageUploaded) {
  std::vector<uint32_t> texels(8 * 8);
  for (uint32_t i = 0; i < texels.size(); ++i) texels[i] = i * 977u + 3u;
  GLuint r32 = storage_texture(GL_TEXTURE_2D, GL_R32UI, 8, 8);
  upload_r32ui(GL_TEXTURE_2D, 8, 8, 1, texels);
  // An RGBA8 texture read both as normalized floats and, by texel size, as
  // one 32-bit unsigned integer per texel.
  std::vector<uint32_t> colours(4 * 4);
  for (uint32_t i = 0; i < colours.size(); ++i) colours[i] = rgba(uint8_t(i * 16), uint8_t(255 - i), uint8_t(i), 128);
  GLuint colour_tex = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 4, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, colours.data());
  GLuint prog = compute_program(R"(#version 310 es
layout(local_size_x = 8, local_size_y = 8) in;
layout(r32ui, binding = 0) readonly uniform highp uimage2D ints;
layout(rgba8, binding = 1) readonly uniform highp image2D colours;
layout(r32ui, binding = 2) readonly uniform highp uimage2D raw;
layout(std430, binding = 0) buffer Out { uint loaded[64]; uint bytes[16]; uint raw_bits[16]; };
void main() {
  ivec2 p = ivec2(gl_LocalInvocationID.xy);
  loaded[p.y * 8 + p.x] = imageLoad(ints, p).x;
  if (p.x < 4 && p.y < 4) {
    uvec4 c = uvec4(round(imageLoad(colours, p) * 255.0));
    bytes[p.y * 4 + p.x] = c.r | c.g << 8 | c.b << 16 | c.a << 24;
    raw_bits[p.y * 4 + p.x] = imageLoad(raw, p).x;
  }
})");
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, (64 + 16 + 16) * 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  glBindImageTexture(0, r32, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
  glBindImageTexture(1, colour_tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  glBindImageTexture(2, colour_tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
  glUseProgram(prog);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> v = read_uints(out, 64 + 16 + 16);
  for (uint32_t i = 0; i < 64; ++i) EXPECT_EQ(v[i], texels[i]) << i;
  for (uint32_t i = 0; i < 16; ++i) {
    EXPECT_EQ(v[64 + i], colours[i]) << i;
    EXPECT_EQ(v[80 + i], colours[i]) << "RGBA8 bits as R32UI, " << i;
  }
  glDeleteProgram(prog);
  glDeleteBuffers(1, &out);
  GLuint names[] = {r32, colour_tex};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, ImageAtomicsCountExactly) {
  if (!has_extension("GL_OES_shader_image_atomic")) GTEST_SKIP() << "no GL_OES_shader_image_atomic";
  // 8 groups of 64 invocations: each adds 1 to one of 4 R32UI texels (128
  // adds each) and subtracts 3 from one of 4 R32I texels; the values the
  // unsigned adds return are each old count exactly once.
  GLuint counts = storage_texture(GL_TEXTURE_2D, GL_R32UI, 4, 1);
  upload_r32ui(GL_TEXTURE_2D, 4, 1, 1, {0, 0, 0, 1000});
  GLuint signed_counts = storage_texture(GL_TEXTURE_2D, GL_R32I, 4, 1);
  const GLint zero[4] = {0, 0, 0, 0};
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 1, GL_RED_INTEGER, GL_INT, zero);
  GLuint prog = compute_program(R"(#version 310 es
#extension GL_OES_shader_image_atomic : require
layout(local_size_x = 64) in;
layout(r32ui, binding = 0) coherent uniform highp uimage2D counts;
layout(r32i, binding = 3) coherent uniform highp iimage2D signed_counts;
layout(std430, binding = 0) buffer Seen { uint seen[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  int texel = int(i % 4u);
  uint old = imageAtomicAdd(counts, ivec2(texel, 0), 1u);
  seen[i] = uint(texel) << 16 | old;
  imageAtomicAdd(signed_counts, ivec2(texel, 0), -3);
  imageAtomicMax(signed_counts, ivec2(3, 0), 0);
})");
  GLuint seen = buffer(GL_SHADER_STORAGE_BUFFER, 512 * 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, seen);
  glBindImageTexture(0, counts, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  glBindImageTexture(3, signed_counts, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32I);
  glUseProgram(prog);
  glDispatchCompute(8, 1, 1);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  const std::vector<uint32_t> c = read_r32(counts, GL_TEXTURE_2D, 4, 1);
  EXPECT_EQ(c, (std::vector<uint32_t>{128, 128, 128, 1128}));
  const std::vector<uint32_t> s = read_r32(signed_counts, GL_TEXTURE_2D, 4, 1, 0, 0, true);
  for (int t = 0; t < 3; ++t) EXPECT_EQ(static_cast<int32_t>(s[static_cast<size_t>(t)]), -384) << t;
  // Texel 3 takes max(x, 0) after each invocation's subtraction, and the
  // last operation on it is such a max: whatever the order, it ends at 0.
  EXPECT_EQ(static_cast<int32_t>(s[3]), 0);
  std::vector<uint32_t> v = read_uints(seen, 512);
  std::sort(v.begin(), v.end());
  for (uint32_t t = 0; t < 4; ++t)
    for (uint32_t k = 0; k < 128; ++k) EXPECT_EQ(v[t * 128 + k], t << 16 | (k + (t == 3 ? 1000u : 0u))) << t << "," << k;
  glDeleteProgram(prog);
  glDeleteBuffers(1, &seen);
  GLuint names[] = {counts, signed_counts};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, ImageAtomicExchangeAndCompSwap) {
  if (!has_extension("GL_OES_shader_image_atomic")) GTEST_SKIP() << "no GL_OES_shader_image_atomic";
  // One invocation per texel: exchange on r32f returns the uploaded value;
  // compare-exchange on r32ui swaps only where the comparison holds.
  GLuint floats = storage_texture(GL_TEXTURE_2D, GL_R32F, 4, 1);
  const float initial[4] = {0.5f, -2.0f, 1e10f, 3.25f};
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 1, GL_RED, GL_FLOAT, initial);
  GLuint uints = storage_texture(GL_TEXTURE_2D, GL_R32UI, 4, 1);
  upload_r32ui(GL_TEXTURE_2D, 4, 1, 1, {10, 11, 12, 13});
  GLuint prog = compute_program(R"(#version 310 es
#extension GL_OES_shader_image_atomic : require
layout(local_size_x = 4) in;
layout(r32f, binding = 0) uniform highp image2D floats;
layout(r32ui, binding = 1) uniform highp uimage2D uints;
layout(std430, binding = 0) buffer Out { float old_float[4]; uint old_uint[4]; };
void main() {
  int i = int(gl_LocalInvocationID.x);
  old_float[i] = imageAtomicExchange(floats, ivec2(i, 0), float(i) * 100.0);
  old_uint[i] = imageAtomicCompSwap(uints, ivec2(i, 0), uint(10 + (i & 1) * 2), 99u);
})");
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 8 * 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  glBindImageTexture(0, floats, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32F);
  glBindImageTexture(1, uints, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  glUseProgram(prog);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  const std::vector<uint32_t> v = read_uints(out, 8);
  for (int i = 0; i < 4; ++i) {
    float f = 0;
    std::memcpy(&f, &v[static_cast<size_t>(i)], 4);
    EXPECT_EQ(f, initial[i]) << i;
  }
  EXPECT_EQ(std::vector<uint32_t>(v.begin() + 4, v.end()), (std::vector<uint32_t>{10, 11, 12, 13}));
  // Texel i compared against 10 + 2 * (i & 1): texels 0 (10) swapped,
  // 1 (11 != 12) not, 2 (12 != 10) not, 3 (13 != 12) not.
  EXPECT_EQ(read_r32(uints, GL_TEXTURE_2D, 4, 1), (std::vector<uint32_t>{99, 11, 12, 13}));
  // The exchanged floats, read back as floats through a sampler-free path:
  // a load in a second dispatch.
  GLuint load = compute_program(R"(#version 310 es
layout(local_size_x = 4) in;
layout(r32f, binding = 0) readonly uniform highp image2D floats;
layout(std430, binding = 0) buffer Out { float values[4]; };
void main() { values[gl_LocalInvocationID.x] = imageLoad(floats, ivec2(gl_LocalInvocationID.x, 0)).x; })");
  glUseProgram(load);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  const std::vector<uint32_t> w = read_uints(out, 4);
  for (int i = 0; i < 4; ++i) {
    float f = 0;
    std::memcpy(&f, &w[static_cast<size_t>(i)], 4);
    EXPECT_EQ(f, static_cast<float>(i) * 100.0f) << i;
  }
  glDeleteProgram(prog);
  glDeleteProgram(load);
  glDeleteBuffers(1, &out);
  GLuint names[] = {floats, uints};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, FragmentShaderWritesAnImage) {
  if (integer(GL_MAX_FRAGMENT_IMAGE_UNIFORMS) < 1) GTEST_SKIP() << "no fragment image uniforms on this device";
  GLuint target = storage_texture(GL_TEXTURE_2D, GL_R32UI, kWidth, kHeight);
  GLuint second = storage_texture(GL_TEXTURE_2D, GL_R32UI, kWidth, kHeight);
  GLuint prog = program(kFullscreenVs310, R"(#version 310 es
precision mediump float;
layout(r32ui, binding = 2) writeonly uniform highp uimage2D img;
uniform highp uint base;
out vec4 colour;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  imageStore(img, p, uvec4(base + uint(p.x) + 1000u * uint(p.y)));
  colour = vec4(0.0, 1.0, 0.0, 1.0);
})");
  glBindImageTexture(2, target, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(prog);
  glUniform1ui(glGetUniformLocation(prog, "base"), 0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // Only the unit changes before the next draw: it writes the other texture.
  glBindImageTexture(2, second, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUniform1ui(glGetUniformLocation(prog, "base"), 500000);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0)) << "the fragment shader's colour output";
  const std::vector<uint32_t> v = read_r32(target, GL_TEXTURE_2D, kWidth, kHeight);
  const std::vector<uint32_t> w = read_r32(second, GL_TEXTURE_2D, kWidth, kHeight);
  for (uint32_t y = 0; y < kHeight; ++y)
    for (uint32_t x = 0; x < kWidth; ++x) {
      EXPECT_EQ(v[y * kWidth + x], x + 1000 * y) << x << "," << y;
      EXPECT_EQ(w[y * kWidth + x], 500000 + x + 1000 * y) << x << "," << y;
    }
  glDeleteProgram(prog);
  GLuint names[] = {target, second};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, FragmentStoresIntoAFramebufferWithoutAttachments) {
  // The ES 3.1 pattern of rasterizing only for the fragment shader's side
  // effects: a 16x8 framebuffer with no attachments, every fragment
  // storing its position.
  if (integer(GL_MAX_FRAGMENT_IMAGE_UNIFORMS) < 1) GTEST_SKIP() << "no fragment image uniforms on this device";
  GLuint target = storage_texture(GL_TEXTURE_2D, GL_R32UI, 16, 8);
  GLuint prog = program(kFullscreenVs310, R"(#version 310 es
precision mediump float;
layout(r32ui, binding = 0) writeonly uniform highp uimage2D img;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  imageStore(img, p, uvec4(uint(p.x) + 100u * uint(p.y) + 1u));
})");
  GLuint fbo = 0;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 16);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 8);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 16, 8);
  glBindImageTexture(0, target, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, kWidth, kHeight);
  const std::vector<uint32_t> v = read_r32(target, GL_TEXTURE_2D, 16, 8);
  for (uint32_t y = 0; y < 8; ++y)
    for (uint32_t x = 0; x < 16; ++x) EXPECT_EQ(v[y * 16 + x], x + 100 * y + 1) << x << "," << y;
  glDeleteFramebuffers(1, &fbo);
  glDeleteProgram(prog);
  glDeleteTextures(1, &target);
}

TEST_F(E2eImages, LayeredAndSingleLayerBindingsOfA2DArray) {
  constexpr int kLayers = 3;
  GLuint array = storage_texture(GL_TEXTURE_2D_ARRAY, GL_R32UI, 4, 4, kLayers);
  upload_r32ui(GL_TEXTURE_2D_ARRAY, 4, 4, kLayers, std::vector<uint32_t>(4 * 4 * kLayers, 1));
  // Layered: every layer through an image2DArray.
  GLuint all = compute_program(R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4, local_size_z = 3) in;
layout(r32ui, binding = 0) writeonly uniform highp uimage2DArray img;
void main() {
  uvec3 p = gl_LocalInvocationID;
  imageStore(img, ivec3(p), uvec4(100u * p.z + 10u * p.y + p.x));
})");
  glBindImageTexture(0, array, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(all);
  glDispatchCompute(1, 1, 1);
  // Not layered: layer 1 alone, as an image2D.
  GLuint one = compute_program(R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4) in;
layout(r32ui, binding = 1) uniform highp uimage2D img;
void main() {
  ivec2 p = ivec2(gl_LocalInvocationID.xy);
  imageStore(img, p, imageLoad(img, p) + uvec4(5000u));
})");
  glBindImageTexture(1, array, 0, GL_FALSE, 1, GL_READ_WRITE, GL_R32UI);
  glUseProgram(one);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  for (int layer = 0; layer < kLayers; ++layer) {
    const std::vector<uint32_t> v = read_r32(array, GL_TEXTURE_2D_ARRAY, 4, 4, layer);
    for (uint32_t y = 0; y < 4; ++y)
      for (uint32_t x = 0; x < 4; ++x)
        EXPECT_EQ(v[y * 4 + x], 100u * uint32_t(layer) + 10 * y + x + (layer == 1 ? 5000u : 0u))
            << layer << ":" << x << "," << y;
  }
  glDeleteProgram(all);
  glDeleteProgram(one);
  glDeleteTextures(1, &array);
}

TEST_F(E2eImages, LayeredCubeMapAndOneFace) {
  GLuint cube = storage_texture(GL_TEXTURE_CUBE_MAP, GL_R32UI, 4, 4);
  GLuint faces = compute_program(R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4, local_size_z = 6) in;
layout(r32ui, binding = 0) writeonly uniform highp uimageCube img;
void main() {
  uvec3 p = gl_LocalInvocationID;
  imageStore(img, ivec3(p), uvec4(1000u * (p.z + 1u) + 4u * p.y + p.x));
})");
  glBindImageTexture(0, cube, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(faces);
  glDispatchCompute(1, 1, 1);
  // Face 4 (+Z) alone as a 2D image.
  GLuint face = compute_program(R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4) in;
layout(r32ui, binding = 0) writeonly uniform highp uimage2D img;
void main() { imageStore(img, ivec2(gl_LocalInvocationID.xy), uvec4(7u)); })");
  glBindImageTexture(0, cube, 0, GL_FALSE, 4, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(face);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  for (int f = 0; f < 6; ++f) {
    const std::vector<uint32_t> v = read_r32(cube, GL_TEXTURE_CUBE_MAP, 4, 4, f);
    for (uint32_t i = 0; i < 16; ++i)
      EXPECT_EQ(v[i], f == 4 ? 7u : 1000u * uint32_t(f + 1) + i) << "face " << f << ", texel " << i;
  }
  glDeleteProgram(faces);
  glDeleteProgram(face);
  glDeleteTextures(1, &cube);
}

TEST_F(E2eImages, LayeredBindingOfA3DTexture) {
  GLuint volume = storage_texture(GL_TEXTURE_3D, GL_R32UI, 4, 4, 3);
  GLuint prog = compute_program(R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4, local_size_z = 3) in;
layout(r32ui, binding = 0) writeonly uniform highp uimage3D img;
void main() {
  uvec3 p = gl_LocalInvocationID;
  imageStore(img, ivec3(p), uvec4(100u * p.z + 10u * p.y + p.x));
})");
  glBindImageTexture(0, volume, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(prog);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  for (int slice = 0; slice < 3; ++slice) {
    const std::vector<uint32_t> v = read_r32(volume, GL_TEXTURE_3D, 4, 4, slice);
    for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(v[i], 100u * uint32_t(slice) + 10 * (i / 4) + i % 4) << slice << ":" << i;
  }
  glDeleteProgram(prog);
  glDeleteTextures(1, &volume);
}

TEST_F(E2eImages, EveryImageFormatStoresAndLoads) {
  // Each format of table 8.27: a store then a load of one texel, the loaded
  // value written to a storage buffer as the shader's vector type.
  struct Case {
    GLenum format;
    const char* qualifier;
    const char* prefix;  // "", "i", "u": the image and vector type
    const char* value;   // what is stored
    float expected[4];   // what a load returns
  };
  const Case cases[] = {
      {GL_RGBA32F, "rgba32f", "", "vec4(1.5, -2.25, 1e20, -0.0)", {1.5f, -2.25f, 1e20f, -0.0f}},
      {GL_RGBA16F, "rgba16f", "", "vec4(1.5, -2.25, 1024.0, 0.125)", {1.5f, -2.25f, 1024.0f, 0.125f}},
      {GL_R32F, "r32f", "", "vec4(3.75, 9.0, 9.0, 9.0)", {3.75f, 0.0f, 0.0f, 1.0f}},
      // 0.5 is 127.5 steps: Vulkan lets the store round either way (the
      // comparison below allows one step for normalized formats).
      {GL_RGBA8, "rgba8", "", "vec4(0.0, 1.0, 0.5, 2.0)", {0.0f, 1.0f, 128.0f / 255.0f, 1.0f}},
      {GL_RGBA8_SNORM, "rgba8_snorm", "", "vec4(-1.0, 1.0, 0.0, -2.0)", {-1.0f, 1.0f, 0.0f, -1.0f}},
      {GL_RGBA32UI, "rgba32ui", "u", "uvec4(1u, 4000000000u, 7u, 0u)", {1, 4000000000.0f, 7, 0}},
      {GL_RGBA16UI, "rgba16ui", "u", "uvec4(1u, 65535u, 7u, 300u)", {1, 65535, 7, 300}},
      {GL_RGBA8UI, "rgba8ui", "u", "uvec4(1u, 255u, 7u, 200u)", {1, 255, 7, 200}},
      {GL_R32UI, "r32ui", "u", "uvec4(123456u, 9u, 9u, 9u)", {123456, 0, 0, 1}},
      {GL_RGBA32I, "rgba32i", "i", "ivec4(-1, 2000000000, -7, 0)", {-1, 2000000000.0f, -7, 0}},
      {GL_RGBA16I, "rgba16i", "i", "ivec4(-1, 32767, -32768, 300)", {-1, 32767, -32768, 300}},
      {GL_RGBA8I, "rgba8i", "i", "ivec4(-1, 127, -128, 100)", {-1, 127, -128, 100}},
      {GL_R32I, "r32i", "i", "ivec4(-123456, 9, 9, 9)", {-123456, 0, 0, 1}},
  };
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 16);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.qualifier);
    // ES 3.1 reads and writes one image variable only in the r32 formats:
    // a writeonly store, then a readonly load in a second dispatch.
    const std::string p = c.prefix;
    const std::string head = "#version 310 es\nlayout(local_size_x = 1) in;\nlayout(" + std::string(c.qualifier) +
                             ", binding = 0) ";
    const std::string store = head + "writeonly uniform highp " + p + "image2D img;\nvoid main() { imageStore(img, " +
                              "ivec2(0), " + c.value + "); }\n";
    const std::string load = head + "readonly uniform highp " + p + "image2D img;\n" +
                             "layout(std430, binding = 0) buffer Out { highp " + p + "vec4 loaded; };\n" +
                             "void main() { loaded = imageLoad(img, ivec2(0)); }\n";
    GLuint store_prog = compute_program(store.c_str());
    GLuint load_prog = compute_program(load.c_str());
    GLuint tex = storage_texture(GL_TEXTURE_2D, c.format, 1, 1);
    glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_READ_WRITE, c.format);
    glUseProgram(store_prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    glUseProgram(load_prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const std::vector<uint32_t> v = read_uints(out, 4);
    for (int k = 0; k < 4; ++k) {
      const uint32_t bits = v[static_cast<size_t>(k)];
      float got = 0;
      if (p.empty()) std::memcpy(&got, &bits, 4);
      else if (p == "u") got = static_cast<float>(bits);
      else got = static_cast<float>(static_cast<int32_t>(bits));
      const bool normalized = c.format == GL_RGBA8 || c.format == GL_RGBA8_SNORM;
      if (normalized) EXPECT_NEAR(got, c.expected[k], 1.0f / 255.0f + 1e-6f) << "component " << k;
      else EXPECT_EQ(got, c.expected[k]) << "component " << k;
    }
    glDeleteProgram(store_prog);
    glDeleteProgram(load_prog);
    glDeleteTextures(1, &tex);
  }
  glDeleteBuffers(1, &out);
}

TEST_F(E2eImages, ImageUniformsReadTheirBindingsUnit) {
  if (integer(GL_MAX_IMAGE_UNITS) < 6 || integer(GL_MAX_COMPUTE_IMAGE_UNIFORMS) < 4)
    GTEST_SKIP() << "needs 6 image units";
  // Uniforms before, between and after the images: every image still gets
  // its own unit's texture (pipe image slots are per stage, not uniform
  // indices). An array takes consecutive units from its binding.
  GLuint prog = compute_program(R"(#version 310 es
layout(local_size_x = 1) in;
uniform uint a;
layout(r32ui, binding = 3) writeonly uniform highp uimage2D first;
uniform uint b;
layout(r32ui, binding = 1) writeonly uniform highp uimage2D second;
layout(r32ui, binding = 4) writeonly uniform highp uimage2D pair[2];
uniform uint c;
void main() {
  imageStore(first, ivec2(0), uvec4(a));
  imageStore(second, ivec2(0), uvec4(b));
  imageStore(pair[0], ivec2(0), uvec4(c));
  imageStore(pair[1], ivec2(0), uvec4(c + 1u));
})");
  std::array<GLuint, 6> tex{};
  for (GLuint u = 0; u < tex.size(); ++u) {
    tex[u] = storage_texture(GL_TEXTURE_2D, GL_R32UI, 1, 1);
    upload_r32ui(GL_TEXTURE_2D, 1, 1, 1, {0xffffffffu});
    glBindImageTexture(u, tex[u], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  }
  glUseProgram(prog);
  glUniform1ui(glGetUniformLocation(prog, "a"), 30);
  glUniform1ui(glGetUniformLocation(prog, "b"), 10);
  glUniform1ui(glGetUniformLocation(prog, "c"), 40);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  const uint32_t expected[6] = {0xffffffffu, 10, 0xffffffffu, 30, 40, 41};
  for (size_t u = 0; u < tex.size(); ++u) EXPECT_EQ(read_r32(tex[u], GL_TEXTURE_2D, 1, 1)[0], expected[u]) << u;

  // glGetUniformiv reads the unit; ES has no command that changes it.
  GLint unit = -1;
  const GLint first = glGetUniformLocation(prog, "first");
  ASSERT_GE(first, 0);
  glGetUniformiv(prog, first, &unit);
  EXPECT_EQ(unit, 3);
  glGetUniformiv(prog, glGetUniformLocation(prog, "pair[1]"), &unit);
  EXPECT_EQ(unit, 5);
  glUniform1i(first, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "glUniform1i of an image uniform";
  const GLint units[2] = {0, 1};
  glUniform1iv(glGetUniformLocation(prog, "pair"), 2, units);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "glUniform1iv of an image array";
  glGetUniformiv(prog, first, &unit);
  EXPECT_EQ(unit, 3);
  GLint size = 0;
  GLenum type = 0;
  char name[32] = {};
  GLint n = 0;
  glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &n);
  bool found = false;
  for (GLuint i = 0; i < static_cast<GLuint>(n); ++i) {
    glGetActiveUniform(prog, i, sizeof(name), nullptr, &size, &type, name);
    if (std::string(name) == "pair[0]") {
      found = true;
      EXPECT_EQ(size, 2);
      EXPECT_EQ(type, static_cast<GLenum>(GL_UNSIGNED_INT_IMAGE_2D));
    }
  }
  EXPECT_TRUE(found);
  glDeleteProgram(prog);
  glDeleteTextures(static_cast<GLsizei>(tex.size()), tex.data());
}

TEST_F(E2eImages, UnitsThatCannotBeAccessedReadAsUnbound) {
  // Loads through units that read as unbound return zero; stores through
  // them leave every texture alone.
  GLuint prog = compute_program(R"(#version 310 es
layout(local_size_x = 1) in;
layout(r32ui, binding = 0) uniform highp uimage2D img;
layout(std430, binding = 0) buffer Out { uint loaded; };
void main() {
  loaded = imageLoad(img, ivec2(0)).x;
  imageStore(img, ivec2(0), uvec4(99u));
})");
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  glUseProgram(prog);
  auto run = [&](const char* what) {
    SCOPED_TRACE(what);
    const uint32_t marker = 0xabcdef;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, out);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &marker);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    return read_uints(out, 1)[0];
  };
  // Nothing bound.
  EXPECT_EQ(run("no texture"), 0u);
  // A texture whose format is another size than the unit's (RGBA8 is 32
  // bits, RGBA16UI 64), or of another numeric type than the shader's.
  GLuint colour_tex = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 1, 1);
  const uint32_t white = 0xffffffffu;
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &white);
  glBindImageTexture(0, colour_tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA16UI);
  EXPECT_EQ(run("size mismatch"), 0u);
  glBindImageTexture(0, colour_tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  EXPECT_EQ(run("float format for a uimage2D"), 0u);
  // The level outside the texture's base..max levels, or past its levels.
  GLuint r32 = storage_texture(GL_TEXTURE_2D, GL_R32UI, 2, 2, 1, 2);
  upload_r32ui(GL_TEXTURE_2D, 2, 2, 1, {11, 11, 11, 11});
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
  glBindImageTexture(0, r32, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  EXPECT_EQ(run("level below the base level"), 0u);
  glBindImageTexture(0, r32, 5, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  EXPECT_EQ(run("level past the texture's levels"), 0u);
  // A texture of another kind than the shader's image (a layered 2D array
  // for an image2D), or a layer the array does not have.
  GLuint array = storage_texture(GL_TEXTURE_2D_ARRAY, GL_R32UI, 1, 1, 2);
  glBindImageTexture(0, array, 0, GL_TRUE, 0, GL_READ_WRITE, GL_R32UI);
  EXPECT_EQ(run("layered array for image2D"), 0u);
  glBindImageTexture(0, array, 0, GL_FALSE, 2, GL_READ_WRITE, GL_R32UI);
  EXPECT_EQ(run("layer 2 of 2"), 0u);
  // Base level 0 again: the same unit binding becomes valid.
  glBindTexture(GL_TEXTURE_2D, r32);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
  glBindImageTexture(0, r32, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  EXPECT_EQ(run("valid"), 11u);
  EXPECT_EQ(read_r32(r32, GL_TEXTURE_2D, 2, 2), (std::vector<uint32_t>{99, 11, 11, 11}));
  EXPECT_EQ(read_rgba8(colour_tex, 1, 1)[0], white) << "stores through the invalid units changed nothing";
  glDeleteProgram(prog);
  glDeleteBuffers(1, &out);
  GLuint names[] = {colour_tex, r32, array};
  glDeleteTextures(3, names);
}

TEST_F(E2eImages, ImagesOfProgramPipelineStages) {
  if (integer(GL_MAX_FRAGMENT_IMAGE_UNIFORMS) < 1) GTEST_SKIP() << "no fragment image uniforms on this device";
  auto separable = [](GLenum type, const char* src) {
    const GLuint p = glCreateShaderProgramv(type, 1, &src);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    EXPECT_EQ(ok, GL_TRUE);
    return p;
  };
  // The fragment stage of one separable program stores; the vertex stage
  // comes from another. A compute program in a pipeline stores too.
  const GLuint vs = separable(GL_VERTEX_SHADER, kFullscreenVs310);
  const GLuint fs = separable(GL_FRAGMENT_SHADER, R"(#version 310 es
precision mediump float;
uniform highp uint base;
layout(r32ui, binding = 1) writeonly uniform highp uimage2D img;
out vec4 o;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  imageStore(img, p, uvec4(base + uint(p.x + 100 * p.y)));
  o = vec4(1.0);
})");
  const GLuint cs = separable(GL_COMPUTE_SHADER, R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4) in;
layout(r32ui, binding = 2) writeonly uniform highp uimage2D img;
void main() { imageStore(img, ivec2(gl_LocalInvocationID.xy), uvec4(77u)); })");
  GLuint drawn = storage_texture(GL_TEXTURE_2D, GL_R32UI, kWidth, kHeight);
  GLuint dispatched = storage_texture(GL_TEXTURE_2D, GL_R32UI, 4, 4);
  glBindImageTexture(1, drawn, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  glBindImageTexture(2, dispatched, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  GLuint pipes[2] = {};
  glGenProgramPipelines(2, pipes);
  glUseProgramStages(pipes[0], GL_VERTEX_SHADER_BIT, vs);
  glUseProgramStages(pipes[0], GL_FRAGMENT_SHADER_BIT, fs);
  glUseProgramStages(pipes[1], GL_COMPUTE_SHADER_BIT, cs);
  glProgramUniform1ui(fs, glGetUniformLocation(fs, "base"), 9000);
  glProgramUniform1i(fs, glGetUniformLocation(fs, "img"), 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "glProgramUniform1i of an image uniform";
  glUseProgram(0);
  glBindProgramPipeline(pipes[0]);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindProgramPipeline(pipes[1]);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  const std::vector<uint32_t> v = read_r32(drawn, GL_TEXTURE_2D, kWidth, kHeight);
  for (uint32_t y = 0; y < kHeight; y += 7)
    for (uint32_t x = 0; x < kWidth; x += 5) EXPECT_EQ(v[y * kWidth + x], 9000 + x + 100 * y) << x << "," << y;
  EXPECT_EQ(read_r32(dispatched, GL_TEXTURE_2D, 4, 4), std::vector<uint32_t>(16, 77u));
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(2, pipes);
  for (GLuint p : {vs, fs, cs}) glDeleteProgram(p);
  GLuint names[] = {drawn, dispatched};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, ImageUniformLimitsAreLinkErrors) {
  // A binding at or past GL_MAX_IMAGE_UNITS, and more image uniforms than a
  // compute shader may have, do not make a program.
  const GLint units = integer(GL_MAX_IMAGE_UNITS);
  const std::string past = "#version 310 es\nlayout(local_size_x = 1) in;\nlayout(r32ui, binding = " +
                           std::to_string(units) +
                           ") writeonly uniform highp uimage2D img;\n"
                           "void main() { imageStore(img, ivec2(0), uvec4(1u)); }\n";
  const GLint per_stage = integer(GL_MAX_COMPUTE_IMAGE_UNIFORMS);
  const std::string many = "#version 310 es\nlayout(local_size_x = 1) in;\nlayout(r32ui, binding = 0) writeonly "
                           "uniform highp uimage2D img[" +
                           std::to_string(per_stage + 1) +
                           "];\nvoid main() { imageStore(img[0], ivec2(0), uvec4(1u)); imageStore(img[" +
                           std::to_string(per_stage) + "], ivec2(0), uvec4(1u)); }\n";
  for (const std::string* src : {&past, &many}) {
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    const char* text = src->c_str();
    glShaderSource(s, 1, &text, nullptr);
    glCompileShader(s);
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    GLint linked = 1;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    EXPECT_EQ(linked, GL_FALSE) << *src;
    glDeleteShader(s);
    glDeleteProgram(p);
  }
}

}  // namespace
}  // namespace brass::e2e
