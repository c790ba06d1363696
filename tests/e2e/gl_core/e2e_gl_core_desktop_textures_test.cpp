// Desktop texture targets end to end: 1D and 1D array textures (upload,
// sub-image, copies from the framebuffer, mipmaps, readback, shadow
// comparison, rendering into them), rectangle textures (texture(),
// textureProj, texelFetch, textureSize in texels, rendering into one, the
// one-level rules), glTexImage3DMultisample, glFramebufferTexture3D and
// glGetCompressedTexImage, with the errors GL 4.6 §8 and §9 name. Results
// are read back on the CPU.
#include <array>
#include <cstring>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreDesktopTexturesTest : public GlCoreTest {
 protected:
  // Draws the full-screen triangle with `fs` (its sampler uniform `t` on
  // unit 0) into whatever framebuffer is bound.
  void draw_with(const char* fs) {
    GLuint p = program(kCoreFullscreenVs, fs);
    glUseProgram(p);
    const GLint loc = glGetUniformLocation(p, "t");
    if (loc >= 0) glUniform1i(loc, 0);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glUseProgram(0);
    glDeleteProgram(p);
  }
  static std::vector<uint32_t> ramp(uint32_t n, uint32_t seed) {
    std::vector<uint32_t> v(n);
    for (uint32_t i = 0; i < n; ++i) v[i] = rgba(uint8_t(seed + i * 20), uint8_t(i * 7), uint8_t(seed), 255);
    return v;
  }
};

TEST_F(GlCoreDesktopTexturesTest, OneDimensionalTextureSampledPerLevel) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_1D, tex);
  const std::vector<uint32_t> l0 = ramp(8, 10), l1 = ramp(4, 100);
  glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, l0.data());
  glTexImage1D(GL_TEXTURE_1D, 1, GL_RGBA8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, l1.data());
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAX_LEVEL, 1);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLint binding = 0, w = 0, h = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_1D, &binding);
  EXPECT_EQ(binding, GLint(tex));
  glGetTexLevelParameteriv(GL_TEXTURE_1D, 1, GL_TEXTURE_WIDTH, &w);
  glGetTexLevelParameteriv(GL_TEXTURE_1D, 1, GL_TEXTURE_HEIGHT, &h);
  EXPECT_EQ(w, 4);
  EXPECT_EQ(h, 1);
  // Rows 0-7: texelFetch of level 0; 8-15: level 1; 16-23: texture() at
  // the texel centre with an explicit LOD 0; 24-31: textureSize of both
  // levels in red and green.
  draw_with(R"(#version 330 core
uniform sampler1D t;
out vec4 c;
void main() {
  int x = int(gl_FragCoord.x), y = int(gl_FragCoord.y);
  if (y < 8) c = texelFetch(t, x & 7, 0);
  else if (y < 16) c = texelFetch(t, x & 3, 1);
  else if (y < 24) c = textureLod(t, (float(x & 7) + 0.5) / 8.0, 0.0);
  else c = vec4(float(textureSize(t, 0)) / 255.0, float(textureSize(t, 1)) / 255.0, 0.0, 1.0);
})");
  for (int x = 0; x < 8; ++x) {
    EXPECT_EQ(pixel(x, 2), l0[x]) << x;
    EXPECT_EQ(pixel(x, 10), l1[x & 3]) << x;
    EXPECT_EQ(pixel(x, 20), l0[x]) << x;
  }
  EXPECT_EQ(pixel(0, 28), rgba(8, 4, 0));
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreDesktopTexturesTest, OneDimensionalSubImageStorageMipmapsAndReadback) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_1D, tex);
  glTexStorage1D(GL_TEXTURE_1D, 3, GL_RGBA8, 8);
  GLint immutable = 0;
  glGetTexParameteriv(GL_TEXTURE_1D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  EXPECT_EQ(immutable, GL_TRUE);
  const std::vector<uint32_t> white(8, rgba(200, 200, 200)), red(2, rgba(255, 0, 0));
  glTexSubImage1D(GL_TEXTURE_1D, 0, 0, 8, GL_RGBA, GL_UNSIGNED_BYTE, white.data());
  glTexSubImage1D(GL_TEXTURE_1D, 0, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, red.data());
  std::vector<uint32_t> back(8, 0);
  glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back.data());
  for (int i = 0; i < 8; ++i) EXPECT_EQ(back[i], (i == 3 || i == 4) ? red[0] : white[0]) << i;
  // A uniform level 0 filters to itself.
  glTexSubImage1D(GL_TEXTURE_1D, 0, 0, 8, GL_RGBA, GL_UNSIGNED_BYTE, white.data());
  glGenerateMipmap(GL_TEXTURE_1D);
  std::array<uint32_t, 2> level2{};
  glGetTexImage(GL_TEXTURE_1D, 2, GL_RGBA, GL_UNSIGNED_BYTE, level2.data());
  EXPECT_EQ(level2[0], white[0]);
  EXPECT_EQ(level2[1], white[0]);
  // Errors: sub-image past the end, TexStorage1D on an immutable texture,
  // 1D commands on other targets, TexStorage2D of TEXTURE_1D.
  glTexSubImage1D(GL_TEXTURE_1D, 0, 7, 2, GL_RGBA, GL_UNSIGNED_BYTE, red.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTexStorage1D(GL_TEXTURE_1D, 1, GL_RGBA8, 8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glTexImage1D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexStorage2D(GL_TEXTURE_1D, 1, GL_RGBA8, 8, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 8, 1, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  GLuint mutable_tex = 0;
  glGenTextures(1, &mutable_tex);
  glBindTexture(GL_TEXTURE_1D, mutable_tex);
  std::array<uint8_t, 16> block{};
  glCompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 0, 8, block.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDeleteTextures(1, &mutable_tex);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreDesktopTexturesTest, OneDimensionalArrayLayersAreRows) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_1D_ARRAY, tex);
  // Four texels by three layers, given as three client rows.
  std::vector<uint32_t> rows;
  for (uint32_t layer = 0; layer < 3; ++layer)
    for (uint32_t x = 0; x < 4; ++x) rows.push_back(rgba(uint8_t(x * 60), uint8_t(layer * 100), 7));
  glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
  glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLint w = 0, h = 0, d = 0, binding = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_WIDTH, &w);
  glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_HEIGHT, &h);
  glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_DEPTH, &d);
  glGetIntegerv(GL_TEXTURE_BINDING_1D_ARRAY, &binding);
  EXPECT_EQ(w, 4);
  EXPECT_EQ(h, 3);
  EXPECT_EQ(d, 1);
  EXPECT_EQ(binding, GLint(tex));
  // Layer 1, texels 1..2 replaced through TexSubImage2D (yoffset = layer).
  const std::array<uint32_t, 2> blue{rgba(0, 0, 255), rgba(0, 0, 254)};
  glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 1, 1, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, blue.data());
  rows[4 + 1] = blue[0];
  rows[4 + 2] = blue[1];
  std::vector<uint32_t> back(12, 0);
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, back.data());
  EXPECT_EQ(back, rows);
  draw_with(R"(#version 330 core
uniform sampler1DArray t;
out vec4 c;
void main() {
  int x = int(gl_FragCoord.x) & 3, layer = int(gl_FragCoord.y) / 8;
  if (layer < 3) c = texture(t, vec2((float(x) + 0.5) / 4.0, float(layer)));
  else c = vec4(vec2(textureSize(t, 0)) / 255.0, 0.0, 1.0);
})");
  for (int layer = 0; layer < 3; ++layer)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(pixel(x, layer * 8 + 4), rows[layer * 4 + x]) << layer << "," << x;
  EXPECT_EQ(pixel(0, 28), rgba(4, 3, 0));
  // Layers past MAX_ARRAY_TEXTURE_LAYERS, a yoffset past the layers.
  GLint max_layers = 0;
  glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &max_layers);
  glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 4, max_layers + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 2, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, blue.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreDesktopTexturesTest, OneDimensionalArrayStorageAndMipmaps) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_1D_ARRAY, tex);
  glTexStorage2D(GL_TEXTURE_1D_ARRAY, 3, GL_RGBA8, 4, 2);
  GLint h = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 2, GL_TEXTURE_HEIGHT, &h);
  EXPECT_EQ(h, 2);  // layers do not shrink
  const std::vector<uint32_t> rows = {rgba(10, 0, 0), rgba(10, 0, 0), rgba(10, 0, 0), rgba(10, 0, 0),
                                      rgba(0, 90, 0), rgba(0, 90, 0), rgba(0, 90, 0), rgba(0, 90, 0)};
  glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 0, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
  glGenerateMipmap(GL_TEXTURE_1D_ARRAY);
  std::array<uint32_t, 2> top{};
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 2, GL_RGBA, GL_UNSIGNED_BYTE, top.data());
  EXPECT_EQ(top[0], rows[0]);
  EXPECT_EQ(top[1], rows[4]);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreDesktopTexturesTest, CopiesFromTheFramebufferInto1DAndLayers) {
  // Row y of the window is (y * 8, 0, 0) wherever x >= 4, blue left of it.
  glEnable(GL_SCISSOR_TEST);
  for (int y = 0; y < 8; ++y) {
    glScissor(0, y, kWidth, 1);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glScissor(4, y, kWidth - 4, 1);
    glClearColor(float(y * 8) / 255.0f, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  glDisable(GL_SCISSOR_TEST);
  GLuint tex[2] = {};
  glGenTextures(2, tex);
  glBindTexture(GL_TEXTURE_1D, tex[0]);
  glCopyTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 2, 3, 4, 0);  // (2..5, row 3)
  std::array<uint32_t, 4> one{};
  glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, one.data());
  EXPECT_EQ(one[0], rgba(0, 0, 255));
  EXPECT_EQ(one[1], rgba(0, 0, 255));
  EXPECT_EQ(one[2], rgba(24, 0, 0));
  EXPECT_EQ(one[3], rgba(24, 0, 0));
  glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 0, 6, 5, 2);  // row 5 into texels 0-1
  glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, one.data());
  EXPECT_EQ(one[0], rgba(40, 0, 0));
  EXPECT_EQ(one[1], rgba(40, 0, 0));
  // A 1D array from three rows: each row one layer.
  glBindTexture(GL_TEXTURE_1D_ARRAY, tex[1]);
  glCopyTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 4, 1, 2, 3, 0);
  std::vector<uint32_t> layers(6, 0);
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers.data());
  for (int l = 0; l < 3; ++l) {
    EXPECT_EQ(layers[l * 2], rgba(uint8_t((l + 1) * 8), 0, 0)) << l;
    EXPECT_EQ(layers[l * 2 + 1], rgba(uint8_t((l + 1) * 8), 0, 0)) << l;
  }
  // Rows 6 and 7 into layers 1 and 2, texel 1 only.
  glCopyTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 1, 1, 4, 6, 1, 2);
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers.data());
  EXPECT_EQ(layers[1], rgba(8, 0, 0));
  EXPECT_EQ(layers[3], rgba(48, 0, 0));
  EXPECT_EQ(layers[5], rgba(56, 0, 0));
  EXPECT_EQ(layers[4], rgba(24, 0, 0));
  glDeleteTextures(2, tex);
}

TEST_F(GlCoreDesktopTexturesTest, OneDimensionalShadowComparison) {
  GLuint tex[2] = {};
  glGenTextures(2, tex);
  const std::array<float, 4> depth = {0.1f, 0.4f, 0.6f, 0.9f};
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_1D, tex[0]);
  glTexImage1D(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT32F, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data());
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_COMPARE_FUNC, GL_LESS);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_1D_ARRAY, tex[1]);
  std::array<float, 8> layered{};
  for (int i = 0; i < 8; ++i) layered[i] = i < 4 ? depth[i] : 1.0f - depth[i - 4];
  glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_DEPTH_COMPONENT32F, 4, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT, layered.data());
  glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_COMPARE_FUNC, GL_LESS);
  glActiveTexture(GL_TEXTURE0);
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler1DShadow t;
uniform sampler1DArrayShadow a;
out vec4 c;
void main() {
  float u = (float(int(gl_FragCoord.x) & 3) + 0.5) / 4.0;
  // ref 0.5 < texel: 1 where the texel is above one half.
  c = vec4(texture(t, vec3(u, 0.0, 0.5)), texture(a, vec3(u, 1.0, 0.5)), 0.0, 1.0);
})");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "t"), 0);
  glUniform1i(glGetUniformLocation(p, "a"), 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(0, 0), rgba(0, 255, 0));
  EXPECT_EQ(pixel(1, 0), rgba(0, 255, 0));
  EXPECT_EQ(pixel(2, 0), rgba(255, 0, 0));
  EXPECT_EQ(pixel(3, 0), rgba(255, 0, 0));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(2, tex);
}

TEST_F(GlCoreDesktopTexturesTest, RenderingInto1DTexturesAndLayers) {
  GLuint tex[2] = {}, fbo = 0;
  glGenTextures(2, tex);
  glBindTexture(GL_TEXTURE_1D, tex[0]);
  glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindTexture(GL_TEXTURE_1D_ARRAY, tex[1]);
  // Zeros given, not null: a null image's contents are undefined (GL 4.6
  // §8.5), whatever memory the device hands out (in one process after other
  // tests: what they left).
  const std::vector<uint32_t> zeros(16 * 3, 0u);
  glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 16, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, zeros.data());
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, tex[0], 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 16, 1);
  draw_with(R"(#version 330 core
out vec4 c;
void main() { c = vec4(gl_FragCoord.x / 255.0, 0.5, 0.0, 1.0); })");
  std::array<uint32_t, 16> texels{};
  glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  for (int x = 0; x < 16; ++x) {
    const uint32_t r = texels[x] & 0xff;
    EXPECT_NEAR(double(r), x + 0.5, 1.0) << x;
    EXPECT_EQ((texels[x] >> 8) & 0xff, 128u) << x;
  }
  // Layer 2 of the array: cleared, the other layers untouched (zero).
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex[1], 0, 2);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  std::vector<uint32_t> layers(48, 0xdeadbeef);
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers.data());
  EXPECT_EQ(layers[0], 0u);
  EXPECT_EQ(layers[16], 0u);
  EXPECT_EQ(layers[32], rgba(0, 255, 0));
  EXPECT_EQ(layers[47], rgba(0, 255, 0));
  // glFramebufferTexture1D with another target or texture kind.
  glFramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glFramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, tex[1], 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(2, tex);
}

TEST_F(GlCoreDesktopTexturesTest, ExtensionsOfTheTargetsAreListed) {
  EXPECT_TRUE(has_extension("GL_ARB_texture_rectangle"));
  EXPECT_TRUE(has_extension("GL_ARB_texture_multisample"));
  EXPECT_TRUE(has_extension("GL_ARB_texture_storage"));
  // Listed with its GLSL 1.10/1.20 `#extension` (legacy_texture_extensions.h).
  EXPECT_TRUE(has_extension("GL_EXT_texture_array"));
  // The rectangle extension's directive compiles.
  GLuint s = shader(GL_FRAGMENT_SHADER, R"(#version 140
#extension GL_ARB_texture_rectangle : require
uniform sampler2DRect t;
out vec4 c;
void main() { c = texture(t, gl_FragCoord.xy); })");
  glDeleteShader(s);
}

TEST_F(GlCoreDesktopTexturesTest, RectangleSampledInTexels) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex);
  // Defaults of a rectangle (GL 4.6 table 23.18).
  GLint wrap = 0, min_filter = 0;
  glGetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, &wrap);
  glGetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, &min_filter);
  EXPECT_EQ(wrap, GL_CLAMP_TO_EDGE);
  EXPECT_EQ(min_filter, GL_LINEAR);
  // 5 x 3 texels, not a power of two.
  std::vector<uint32_t> texels;
  for (uint32_t y = 0; y < 3; ++y)
    for (uint32_t x = 0; x < 5; ++x) texels.push_back(rgba(uint8_t(x * 50), uint8_t(y * 100), 33));
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 5, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLint binding = 0, max_rect = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_RECTANGLE, &binding);
  glGetIntegerv(GL_MAX_RECTANGLE_TEXTURE_SIZE, &max_rect);
  EXPECT_EQ(binding, GLint(tex));
  EXPECT_GE(max_rect, 1024);
  // Columns 0-4 / rows 0-2: texture() at texel coordinates; columns 8-12:
  // texelFetch; columns 16-20: textureProj with q = 2; (24, 0):
  // textureSize.
  draw_with(R"(#version 330 core
uniform sampler2DRect t;
out vec4 c;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  if (p.x < 8) c = texture(t, gl_FragCoord.xy);
  else if (p.x < 16) c = texelFetch(t, p - ivec2(8, 0));
  else if (p.x < 24) c = textureProj(t, vec3((gl_FragCoord.xy - vec2(16.0, 0.0)) * 2.0, 2.0));
  else c = vec4(vec2(textureSize(t)) / 255.0, 0.0, 1.0);
})");
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 5; ++x) {
      EXPECT_EQ(pixel(x, y), texels[y * 5 + x]) << x << "," << y;
      EXPECT_EQ(pixel(x + 8, y), texels[y * 5 + x]) << x << "," << y;
      EXPECT_EQ(pixel(x + 16, y), texels[y * 5 + x]) << x << "," << y;
    }
  // Past the edge: clamped to it.
  EXPECT_EQ(pixel(7, 6), texels[2 * 5 + 4]);
  EXPECT_EQ(pixel(24, 0), rgba(5, 3, 0));
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreDesktopTexturesTest, RectangleShadowAndIntegerSamplers) {
  GLuint tex[2] = {};
  glGenTextures(2, tex);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex[0]);
  const std::array<float, 6> depth = {0.2f, 0.8f, 0.2f, 0.8f, 0.2f, 0.8f};  // 2 x 3
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_DEPTH_COMPONENT32F, 2, 3, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data());
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_COMPARE_FUNC, GL_LESS);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex[1]);
  const std::array<uint32_t, 3> values = {7, 700, 70000};
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_R32UI, 3, 1, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, values.data());
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glActiveTexture(GL_TEXTURE0);
  // Both kinds of rectangle sampler, and a 2D one of the same kind in one
  // program (the 2D image type and the lowered rectangle's are one).
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler2DRectShadow s;
uniform usampler2DRect u;
uniform sampler2D plain;
out vec4 c;
void main() {
  vec2 xy = gl_FragCoord.xy;
  float shadow = texture(s, vec3(xy, 0.5));
  uint v = texelFetch(u, ivec2(xy.x, 0)).r;
  c = vec4(shadow, v == 7u ? 0.25 : v == 700u ? 0.5 : v == 70000u ? 1.0 : 0.0,
           texture(plain, vec2(0.5)).a, 1.0);
})");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "s"), 0);
  glUniform1i(glGetUniformLocation(p, "u"), 1);
  glUniform1i(glGetUniformLocation(p, "plain"), 2);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // Texel x=0 is 0.2 (0.5 < 0.2 false), x=1 is 0.8; the incomplete 2D
  // texture samples (0, 0, 0, 1).
  EXPECT_EQ(pixel(0, 1), rgba(0, 64, 255));
  EXPECT_EQ(pixel(1, 1), rgba(255, 128, 255));
  EXPECT_EQ(pixel(2, 1) & 0xff00, 0xff00u);
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(2, tex);
}

TEST_F(GlCoreDesktopTexturesTest, RenderingIntoARectangle) {
  GLuint tex = 0, fbo = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 6, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_RECTANGLE, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 6, 5);
  draw_with(R"(#version 330 core
out vec4 c;
void main() { c = vec4(gl_FragCoord.x / 8.0, gl_FragCoord.y / 8.0, 1.0, 1.0); })");
  std::vector<uint32_t> back(30, 0);
  glGetTexImage(GL_TEXTURE_RECTANGLE, 0, GL_RGBA, GL_UNSIGNED_BYTE, back.data());
  EXPECT_EQ(back[0], rgba(16, 16, 255));
  EXPECT_EQ(back[29], rgba(175, 143, 255));
  // Level 1 of a rectangle does not exist.
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_RECTANGLE, tex, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreDesktopTexturesTest, RectangleOneLevelRules) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_BASE_LEVEL, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_BASE_LEVEL, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, GL_REPEAT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glTexImage2D(GL_TEXTURE_RECTANGLE, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTexStorage2D(GL_TEXTURE_RECTANGLE, 2, GL_RGBA8, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGenerateMipmap(GL_TEXTURE_RECTANGLE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  std::array<uint8_t, 16> block{};
  glCompressedTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, block.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexStorage2D(GL_TEXTURE_RECTANGLE, 1, GL_RGBA8, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreDesktopTexturesTest, MultisampleArrayFetchedPerSampleAndLayer) {
  GLuint tex = 0, fbo = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex);
  glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint samples = 0, depth = 0, immutable = 1, binding = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_SAMPLES, &samples);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_DEPTH, &depth);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY, &binding);
  EXPECT_GE(samples, 4);
  EXPECT_EQ(depth, 2);
  EXPECT_EQ(immutable, GL_FALSE);
  EXPECT_EQ(binding, GLint(tex));
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  for (int layer = 0; layer < 2; ++layer) {
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, layer);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    glClearColor(layer ? 0.0f : 1.0f, layer ? 1.0f : 0.0f, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, kWidth, kHeight);
  // Every sample of layer (x & 1): red in layer 0, green in layer 1.
  draw_with(R"(#version 330 core
uniform sampler2DMSArray t;
out vec4 c;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy) & 7;
  int layer = int(gl_FragCoord.x) & 1;
  vec4 sum = vec4(0.0);
  for (int s = 0; s < 4; ++s) sum += texelFetch(t, ivec3(p, layer), s);
  c = sum / 4.0;
})");
  EXPECT_EQ(pixel(0, 0), rgba(255, 0, 0));
  EXPECT_EQ(pixel(1, 3), rgba(0, 255, 0));
  // Only the multisample array target; an immutable texture keeps its image.
  glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, 0, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreDesktopTexturesTest, FramebufferTexture3DRendersIntoOneSlice) {
  GLuint tex = 0, fbo = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_3D, tex);
  const std::vector<uint32_t> zero(4 * 4 * 4, 0);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero.data());
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex, 0, 2);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  GLint layer = -1;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER,
                                        &layer);
  EXPECT_EQ(layer, 2);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  std::vector<uint32_t> back(64, 0xdeadbeef);
  glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back.data());
  for (int z = 0; z < 4; ++z)
    for (int i = 0; i < 16; ++i) EXPECT_EQ(back[z * 16 + i], z == 2 ? rgba(0, 0, 255) : 0u) << z << "," << i;
  // Errors: another textarget, a texture of another kind, a slice past
  // MAX_3D_TEXTURE_SIZE.
  glFramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  GLuint tex2d = 0;
  glGenTextures(1, &tex2d);
  glBindTexture(GL_TEXTURE_2D, tex2d);
  glFramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex2d, 0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLint max3d = 0;
  glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
  glFramebufferTexture3D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex, 0, max3d);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex2d);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreDesktopTexturesTest, CompressedBlocksReadBackAsGiven) {
  // Two 8x4 ETC2 RGB layers: 2 blocks of 8 bytes each (the device may
  // store them decoded; the blocks read back are those given either way).
  std::vector<uint8_t> blocks(32);
  for (size_t i = 0; i < blocks.size(); ++i) blocks[i] = uint8_t(i * 37 + 11);
  GLuint tex[2] = {};
  glGenTextures(2, tex);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 4, 0, 16, blocks.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint size = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
  EXPECT_EQ(size, 16);
  std::vector<uint8_t> back(16, 0);
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, back.data());
  EXPECT_EQ(back, std::vector<uint8_t>(blocks.begin(), blocks.begin() + 16));
  glBindTexture(GL_TEXTURE_2D_ARRAY, tex[1]);
  glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGB8_ETC2, 8, 4, 2, 0, 32, blocks.data());
  back.assign(32, 0);
  glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY, 0, back.data());
  EXPECT_EQ(back, blocks);
  // Through a pixel-pack buffer, at an offset.
  GLuint pbo = 0;
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
  glBufferData(GL_PIXEL_PACK_BUFFER, 64, nullptr, GL_STREAM_READ);
  glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY, 0, reinterpret_cast<void*>(16));
  std::vector<uint8_t> mapped(32, 0);
  glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 16, 32, mapped.data());
  EXPECT_EQ(mapped, blocks);
  // Past the end of the buffer.
  glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY, 0, reinterpret_cast<void*>(40));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glDeleteBuffers(1, &pbo);
  // An uncompressed image, a level not specified, a bad level, a bad target.
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glGetCompressedTexImage(GL_TEXTURE_2D, 1, back.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetCompressedTexImage(GL_TEXTURE_2D, -1, back.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetCompressedTexImage(GL_TEXTURE_CUBE_MAP, 0, back.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, back.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDeleteTextures(2, tex);
}

TEST_F(GlCoreDesktopTexturesTest, ProxyTargetsAnswerWhetherAnImageFits) {
  auto level_param = [](GLenum target, GLint level, GLenum pname) {
    GLint v = -1;
    glGetTexLevelParameteriv(target, level, pname, &v);
    return v;
  };
  GLint max_size = 0, max_layers = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &max_layers);
  glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 64, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 64);
  EXPECT_EQ(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT), 32);
  EXPECT_EQ(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8);
  // Too large: no error, zero state.
  glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, max_size + 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 0);
  glTexImage2D(GL_PROXY_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 8, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(level_param(GL_PROXY_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_HEIGHT), 5);
  glTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, max_layers + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(level_param(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_TEXTURE_DEPTH), 0);
  glTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(level_param(GL_PROXY_TEXTURE_2D_ARRAY, 0, GL_TEXTURE_DEPTH), 3);
  glTexStorage1D(GL_PROXY_TEXTURE_1D, 3, GL_RGBA8, 8);
  EXPECT_EQ(level_param(GL_PROXY_TEXTURE_1D, 2, GL_TEXTURE_WIDTH), 2);
  glTexImage2D(GL_PROXY_TEXTURE_RECTANGLE, 0, GL_RGBA8, 5, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(level_param(GL_PROXY_TEXTURE_RECTANGLE, 0, GL_TEXTURE_WIDTH), 5);
  glTexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
  EXPECT_GE(level_param(GL_PROXY_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES), 4);
  glTexImage3DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
  EXPECT_EQ(level_param(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_DEPTH), 2);
  // Argument errors are the commands' own; proxies cannot be bound.
  glTexImage2D(GL_PROXY_TEXTURE_RECTANGLE, 1, GL_RGBA8, 5, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTexImage1D(GL_PROXY_TEXTURE_1D, 0, GL_RGBA8, -1, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindTexture(GL_PROXY_TEXTURE_2D, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexStorage2D(GL_PROXY_TEXTURE_1D, 1, GL_RGBA8, 8, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

}  // namespace
}  // namespace brass::e2e
