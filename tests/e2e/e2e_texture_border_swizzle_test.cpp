// Border colours seen through a view whose component mapping is not the
// identity, through glvnd: TEXTURE_SWIZZLE_* on normalized, integer and depth
// textures, and the legacy LUMINANCE / LUMINANCE_ALPHA / ALPHA formats that
// Brass stores as R8 / R8G8 read through a swizzle. GL converts the border
// colour to the texture's base format (EXT_texture_border_clamp, ES 3.2
// Table 8.11) and then swizzles it like any texel. ctest runs these twice:
// as the device offers (lavapipe swizzles border colours from the image)
// and with BRASS_DEBUG=noborderswizzlefromimage, where every sampler whose
// border a swizzle reaches is made for the view's mapping, as on NVIDIA
// (tests/e2e/CMakeLists.txt). The second run also checks, through
// BRASS_STATS, that those samplers are made once and then reused.

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "e2e_fixture.h"
#include "wait_for_driver.h"
#include "brass_stats.h"

#ifndef BRASS_E2E_VENDOR_LIBRARY
#error "tests/e2e/CMakeLists.txt defines BRASS_E2E_VENDOR_LIBRARY (the path of libEGL_brass.so)"
#endif

namespace brass::e2e {
namespace {

// Samples unit 0 at `coord` left of x = 16 and unit 1 right of it.
const char* kTwoUnitsFs = R"(#version 300 es
precision highp float;
uniform sampler2D t0;
uniform sampler2D t1;
uniform vec2 coord;
out vec4 o;
void main() { o = gl_FragCoord.x < 16.0 ? texture(t0, coord) : texture(t1, coord); })";

class TextureBorderSwizzle : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    // Both runs are on devices that have custom border colours.
    ASSERT_TRUE(has_extension("GL_EXT_texture_border_clamp"));
    const char* debug = std::getenv("BRASS_DEBUG");
    const bool masked = debug && std::strstr(debug, "noborderswizzlefromimage");
    stats_value_ = brass_stats_value_function();
    ASSERT_NE(stats_value_, nullptr) << "libEGL_brass.so is not loaded or does not export brass_stats_value";
    // Per-mapping samplers where the device lacks borderColorSwizzleFromImage
    // (NVIDIA) or the debug flag masks it (lavapipe).
    per_view_samplers_ = stat("device.border_sampler_per_view_mapping") > 0;
    if (masked) {
      EXPECT_TRUE(per_view_samplers_) << "BRASS_DEBUG=noborderswizzlefromimage took no effect";
    }
  }

  uint64_t stat(const char* name) {
    wait_for_driver_thread();
    uint64_t v = 0;
    EXPECT_TRUE(stats_value_(name, &v)) << name;
    return v;
  }

  // A 2x2 texture of one texel, NEAREST, clamped to its border on S and T,
  // bound to the current unit.
  static GLuint make_texture(GLenum internal_format, GLenum format, GLenum type, const void* texel,
                             size_t texel_bytes) {
    std::vector<uint8_t> data(texel_bytes * 4);
    for (size_t i = 0; i < 4; ++i) std::memcpy(data.data() + i * texel_bytes, texel, texel_bytes);
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(internal_format), 2, 2, 0, format, type, data.data());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER_EXT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER_EXT);
    return t;
  }
  static void swizzle(GLint r, GLint g, GLint b, GLint a) {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, r);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, g);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, b);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, a);
  }

  // Draws `fs` (samplers on units 0 and 1 where it has them) at `coord` and
  // returns pixel (x, 3).
  uint32_t sample(const char* fs, float s, float t, int x = 3) {
    GLuint p = program(kFullscreenVs, fs);
    glUseProgram(p);
    glUniform2f(glGetUniformLocation(p, "coord"), s, t);
    if (GLint l = glGetUniformLocation(p, "t1"); l >= 0) glUniform1i(l, 1);
    glViewport(0, 0, kWidth, kHeight);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const uint32_t px = pixel(x, 3);
    glUseProgram(0);
    glDeleteProgram(p);
    return px;
  }
  static std::string fs_of(const char* sampler_type, const char* lookup) {
    return std::string("#version 300 es\nprecision highp float;\nprecision highp int;\nuniform highp ") +
           sampler_type + " tex;\nuniform vec2 coord;\nout vec4 o;\nvoid main() { o = " + lookup + "; }\n";
  }

  bool per_view_samplers_ = false;
  StatsValueFn stats_value_ = nullptr;
};

const GLfloat kBorder[4] = {51 / 255.0f, 102 / 255.0f, 153 / 255.0f, 204 / 255.0f};

TEST_F(TextureBorderSwizzle, TextureSwizzleReachesTheBorderColor) {
  const uint8_t red[4] = {255, 0, 0, 255};
  GLuint t = make_texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, red, 4);
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, kBorder);
  const std::string fs = fs_of("sampler2D", "texture(tex, coord)");
  swizzle(GL_ALPHA, GL_BLUE, GL_GREEN, GL_RED);
  EXPECT_EQ(sample(fs.c_str(), -0.5f, 0.5f), rgba(204, 153, 102, 51));
  EXPECT_EQ(sample(fs.c_str(), 0.5f, 0.5f), rgba(255, 0, 0, 255)) << "the texel, swizzled";
  // Constant components: ZERO and ONE replace border components too.
  swizzle(GL_ZERO, GL_ONE, GL_RED, GL_GREEN);
  EXPECT_EQ(sample(fs.c_str(), 0.5f, 1.5f), rgba(0, 255, 51, 102));
  // Opaque black is one of Vulkan's own colours, also undefined through a
  // swizzle unless the sampler knows it.
  const GLfloat black[4] = {0, 0, 0, 1};
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, black);
  swizzle(GL_ALPHA, GL_ALPHA, GL_RED, GL_RED);
  EXPECT_EQ(sample(fs.c_str(), 2.0f, 0.5f), rgba(255, 255, 0, 0));
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// One sampler object on two units whose textures are swizzled differently,
// in one draw: each pair gets the border its own view asks for.
TEST_F(TextureBorderSwizzle, OneSamplerObjectTwoSwizzlesInOneDraw) {
  const uint8_t green[4] = {0, 255, 0, 255};
  glActiveTexture(GL_TEXTURE0);
  GLuint t0 = make_texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, green, 4);
  swizzle(GL_BLUE, GL_GREEN, GL_RED, GL_ALPHA);
  glActiveTexture(GL_TEXTURE1);
  GLuint t1 = make_texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, green, 4);
  GLuint s = 0;
  glGenSamplers(1, &s);
  glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER_EXT);
  glSamplerParameteri(s, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER_EXT);
  glSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR_EXT, kBorder);
  glBindSampler(0, s);
  glBindSampler(1, s);
  GLuint p = program(kFullscreenVs, kTwoUnitsFs);
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "t0"), 0);
  glUniform1i(glGetUniformLocation(p, "t1"), 1);
  glUniform2f(glGetUniformLocation(p, "coord"), -1.0f, 0.5f);
  glViewport(0, 0, kWidth, kHeight);
  const uint64_t variants_before = stat("sampler.border_variants_created");
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(3, 3), rgba(153, 102, 51, 204)) << "unit 0: swizzled";
  EXPECT_EQ(pixel(20, 3), rgba(51, 102, 153, 204)) << "unit 1: identity";
  // Steady state: the same draws create no sampler.
  const uint64_t variants_after_first = stat("sampler.border_variants_created");
  const uint64_t samplers_after_first = stat("sampler.created");
  for (int i = 0; i < 8; ++i) {
    glUniform2f(glGetUniformLocation(p, "coord"), -1.0f - float(i), 0.5f);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  EXPECT_EQ(pixel(3, 3), rgba(153, 102, 51, 204));
  EXPECT_EQ(stat("sampler.border_variants_created"), variants_after_first);
  EXPECT_EQ(stat("sampler.created"), samplers_after_first);
  // Only samplers for a non-identity view are variants: one here (unit 0),
  // and none where the device swizzles from the image.
  EXPECT_EQ(variants_after_first - variants_before, per_view_samplers_ ? 1u : 0u);
  glUseProgram(0);
  glDeleteProgram(p);
  glBindSampler(0, 0);
  glBindSampler(1, 0);
  glDeleteSamplers(1, &s);
  glDeleteTextures(1, &t0);
  glDeleteTextures(1, &t1);
  glActiveTexture(GL_TEXTURE0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// LUMINANCE_ALPHA reads the border as (R, R, R, A), LUMINANCE as
// (R, R, R, 1), ALPHA as (0, 0, 0, A): the format's own conversion, although
// Brass stores them as R8G8 / R8 read through RRRG / RRR1 / 000R.
TEST_F(TextureBorderSwizzle, LegacyFormatsReadTheirBaseFormatOfTheBorder) {
  const std::string fs = fs_of("sampler2D", "texture(tex, coord)");
  const uint8_t la[2] = {10, 20};
  GLuint t = make_texture(GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la, 2);
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, kBorder);
  EXPECT_EQ(sample(fs.c_str(), 0.5f, 0.5f), rgba(10, 10, 10, 20));
  EXPECT_EQ(sample(fs.c_str(), -0.5f, 0.5f), rgba(51, 51, 51, 204));
  // And the texture's swizzle on top.
  swizzle(GL_ALPHA, GL_ONE, GL_RED, GL_ZERO);
  EXPECT_EQ(sample(fs.c_str(), -0.5f, 0.5f), rgba(204, 255, 51, 0));
  glDeleteTextures(1, &t);

  const uint8_t l = 30;
  t = make_texture(GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE, &l, 1);
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, kBorder);
  EXPECT_EQ(sample(fs.c_str(), 0.5f, 0.5f), rgba(30, 30, 30, 255));
  EXPECT_EQ(sample(fs.c_str(), 0.5f, -0.5f), rgba(51, 51, 51, 255));
  glDeleteTextures(1, &t);

  const uint8_t a = 40;
  t = make_texture(GL_ALPHA, GL_ALPHA, GL_UNSIGNED_BYTE, &a, 1);
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, kBorder);
  EXPECT_EQ(sample(fs.c_str(), 0.5f, 0.5f), rgba(0, 0, 0, 40));
  EXPECT_EQ(sample(fs.c_str(), 1.5f, 0.5f), rgba(0, 0, 0, 204));
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TextureBorderSwizzle, IntegerTextureSwizzleReachesTheBorder) {
  const uint8_t texel[4] = {1, 2, 3, 4};
  GLuint t = make_texture(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, texel, 4);
  auto tex_parameter_iuiv =
      reinterpret_cast<PFNGLTEXPARAMETERIUIVEXTPROC>(eglGetProcAddress("glTexParameterIuivEXT"));
  ASSERT_NE(tex_parameter_iuiv, nullptr);
  const GLuint border[4] = {200, 7, 3, 42};
  tex_parameter_iuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, border);
  swizzle(GL_ALPHA, GL_GREEN, GL_ONE, GL_RED);
  const std::string fs = fs_of("usampler2D", "vec4(texture(tex, coord)) / 255.0");
  EXPECT_EQ(sample(fs.c_str(), 0.5f, 0.5f), rgba(4, 2, 1, 1));
  EXPECT_EQ(sample(fs.c_str(), 0.5f, 3.0f), rgba(42, 7, 1, 200));
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// A depth texture reads the border's first component as its depth: as
// (D, 0, 0, 1) without comparison, swizzled like that, and compared with
// the reference through a shadow sampler.
TEST_F(TextureBorderSwizzle, DepthTextureBorder) {
  const uint32_t depth = 0xC0000000u;  // 0.75 in DEPTH_COMPONENT32 words, 0xC00000 after the 24-bit cut
  GLuint t = make_texture(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, &depth, 4);
  const GLfloat border[4] = {0.25f, 0.5f, 0.5f, 0.5f};
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, border);
  const std::string fs = fs_of("sampler2D", "texture(tex, coord)");
  EXPECT_EQ(sample(fs.c_str(), 0.5f, 0.5f), rgba(191, 0, 0, 255));
  EXPECT_EQ(sample(fs.c_str(), -0.5f, 0.5f), rgba(64, 0, 0, 255));
  swizzle(GL_ONE, GL_RED, GL_ZERO, GL_RED);
  EXPECT_EQ(sample(fs.c_str(), -0.5f, 0.5f), rgba(255, 64, 0, 64));
  EXPECT_EQ(sample(fs.c_str(), 0.5f, 0.5f), rgba(255, 191, 0, 191));
  swizzle(GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  const std::string shadow = fs_of("sampler2DShadow", "vec4(texture(tex, vec3(coord, 0.2)))");
  EXPECT_EQ(sample(shadow.c_str(), -0.5f, 0.5f), rgba(255, 255, 255, 255)) << "0.2 <= 0.25 (border)";
  const std::string shadow_far = fs_of("sampler2DShadow", "vec4(texture(tex, vec3(coord, 0.5)))");
  EXPECT_EQ(sample(shadow_far.c_str(), -0.5f, 0.5f), rgba(0, 0, 0, 0)) << "0.5 > 0.25 (border)";
  EXPECT_EQ(sample(shadow_far.c_str(), 0.5f, 0.5f), rgba(255, 255, 255, 255)) << "0.5 <= 0.75 (texel)";
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
