// KHR_blend_equation_advanced end to end: every equation drawn over a known
// destination and compared with the extension's formulas evaluated here on
// the CPU, the coherence between draws that Brass gives (a copy of the
// destination before each draw), and the errors the extension defines.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

struct Equation {
  GLenum mode;
  const char* qualifier;
};
constexpr std::array<Equation, 15> kEquations = {{
    {GL_MULTIPLY_KHR, "blend_support_multiply"},
    {GL_SCREEN_KHR, "blend_support_screen"},
    {GL_OVERLAY_KHR, "blend_support_overlay"},
    {GL_DARKEN_KHR, "blend_support_darken"},
    {GL_LIGHTEN_KHR, "blend_support_lighten"},
    {GL_COLORDODGE_KHR, "blend_support_colordodge"},
    {GL_COLORBURN_KHR, "blend_support_colorburn"},
    {GL_HARDLIGHT_KHR, "blend_support_hardlight"},
    {GL_SOFTLIGHT_KHR, "blend_support_softlight"},
    {GL_DIFFERENCE_KHR, "blend_support_difference"},
    {GL_EXCLUSION_KHR, "blend_support_exclusion"},
    {GL_HSL_HUE_KHR, "blend_support_hsl_hue"},
    {GL_HSL_SATURATION_KHR, "blend_support_hsl_saturation"},
    {GL_HSL_COLOR_KHR, "blend_support_hsl_color"},
    {GL_HSL_LUMINOSITY_KHR, "blend_support_hsl_luminosity"},
}};

// --- The extension's formulas (KHR_blend_equation_advanced, "Advanced
// Blend Equations"), written independently of the shader code.
struct Rgb {
  double r, g, b;
};
double lum(Rgb c) { return 0.30 * c.r + 0.59 * c.g + 0.11 * c.b; }
double minv(Rgb c) { return std::min({c.r, c.g, c.b}); }
double maxv(Rgb c) { return std::max({c.r, c.g, c.b}); }
Rgb clip_color(Rgb c) {
  const double l = lum(c), mn = minv(c), mx = maxv(c);
  auto each = [&](auto f) { return Rgb{f(c.r), f(c.g), f(c.b)}; };
  if (mn < 0.0) c = each([&](double v) { return l + (v - l) * l / (l - mn); });
  if (mx > 1.0) c = each([&](double v) { return l + (v - l) * (1.0 - l) / (mx - l); });
  return c;
}
Rgb set_lum(Rgb base, Rgb with_lum) {
  const double d = lum(with_lum) - lum(base);
  return clip_color({base.r + d, base.g + d, base.b + d});
}
Rgb set_sat(Rgb base, Rgb with_sat) {
  const double mn = minv(base), sbase = maxv(base) - mn, ssat = maxv(with_sat) - minv(with_sat);
  if (sbase <= 0.0) return {0, 0, 0};
  return {(base.r - mn) * ssat / sbase, (base.g - mn) * ssat / sbase, (base.b - mn) * ssat / sbase};
}
double channel(GLenum mode, double s, double d) {
  switch (mode) {
    case GL_MULTIPLY_KHR: return s * d;
    case GL_SCREEN_KHR: return s + d - s * d;
    case GL_OVERLAY_KHR: return d <= 0.5 ? 2 * s * d : 1 - 2 * (1 - s) * (1 - d);
    case GL_DARKEN_KHR: return std::min(s, d);
    case GL_LIGHTEN_KHR: return std::max(s, d);
    case GL_COLORDODGE_KHR:
      if (d <= 0) return 0;
      if (s >= 1) return 1;
      return std::min(1.0, d / (1 - s));
    case GL_COLORBURN_KHR:
      if (d >= 1) return 1;
      if (s <= 0) return 0;
      return 1 - std::min(1.0, (1 - d) / s);
    case GL_HARDLIGHT_KHR: return s <= 0.5 ? 2 * s * d : 1 - 2 * (1 - s) * (1 - d);
    case GL_SOFTLIGHT_KHR:
      if (s <= 0.5) return d - (1 - 2 * s) * d * (1 - d);
      if (d <= 0.25) return d + (2 * s - 1) * d * ((16 * d - 12) * d + 3);
      return d + (2 * s - 1) * (std::sqrt(d) - d);
    case GL_DIFFERENCE_KHR: return std::abs(d - s);
    case GL_EXCLUSION_KHR: return s + d - 2 * s * d;
    default: return 0;
  }
}
Rgb f(GLenum mode, Rgb s, Rgb d) {
  switch (mode) {
    case GL_HSL_HUE_KHR: return set_lum(set_sat(s, d), d);
    case GL_HSL_SATURATION_KHR: return set_lum(set_sat(d, s), d);
    case GL_HSL_COLOR_KHR: return set_lum(s, d);
    case GL_HSL_LUMINOSITY_KHR: return set_lum(d, s);
    default: return {channel(mode, s.r, d.r), channel(mode, s.g, d.g), channel(mode, s.b, d.b)};
  }
}
// Premultiplied source and destination in, premultiplied result out;
// (X, Y, Z) = (1, 1, 1) for every KHR equation.
std::array<double, 4> blend(GLenum mode, std::array<double, 4> src, std::array<double, 4> dst) {
  const double as = src[3], ad = dst[3];
  const Rgb cs = as > 0 ? Rgb{src[0] / as, src[1] / as, src[2] / as} : Rgb{0, 0, 0};
  const Rgb cd = ad > 0 ? Rgb{dst[0] / ad, dst[1] / ad, dst[2] / ad} : Rgb{0, 0, 0};
  const Rgb fv = f(mode, cs, cd);
  const double p0 = as * ad, p1 = as * (1 - ad), p2 = ad * (1 - as);
  return {fv.r * p0 + cs.r * p1 + cd.r * p2, fv.g * p0 + cs.g * p1 + cd.g * p2, fv.b * p0 + cs.b * p1 + cd.b * p2,
          p0 + p1 + p2};
}

// The destination pattern: premultiplied colours that vary per pixel.
const char* kDestinationFs = R"(#version 300 es
precision highp float;
out vec4 color;
void main() {
  vec2 p = floor(gl_FragCoord.xy);
  float a = 0.2 + 0.8 * fract((p.x + 2.0 * p.y) * 0.113);
  color = vec4(fract(p.y * 0.29), fract(p.x * 0.61), fract(p.x * 0.17 + p.y * 0.07), 1.0) * a;
})";

// The source colour of pixel (x, y), computed the same way the source
// shader computes it (premultiplied; alpha 1 on one column, 0 on another).
std::array<double, 4> source_color(int x, int y) {
  auto fract = [](double v) { return v - std::floor(v); };
  double a = 0.15 + 0.85 * fract((3.0 * x + y) * 0.071);
  if (x == 5) a = 1.0;
  if (x == 6) a = 0.0;
  return {fract(x * 0.37) * a, fract(y * 0.53) * a, fract((x + y) * 0.21) * a, a};
}
std::string source_fs(const char* qualifier) {
  return std::string("#version 300 es\n#extension GL_KHR_blend_equation_advanced : require\nlayout(") + qualifier +
         R"() out;
precision highp float;
layout(location = 0) out vec4 color;
void main() {
  vec2 p = floor(gl_FragCoord.xy);
  float a = 0.15 + 0.85 * fract((3.0 * p.x + p.y) * 0.071);
  if (p.x == 5.0) a = 1.0;
  if (p.x == 6.0) a = 0.0;
  color = vec4(fract(p.x * 0.37), fract(p.y * 0.53), fract((p.x + p.y) * 0.21), 1.0) * a;
})";
}

class BlendEquationAdvanced : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_KHR_blend_equation_advanced"));
    blend_barrier = reinterpret_cast<PFNGLBLENDBARRIERKHRPROC>(eglGetProcAddress("glBlendBarrierKHR"));
    ASSERT_NE(blend_barrier, nullptr);
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
  }
  void TearDown() override {
    for (GLuint p : programs) glDeleteProgram(p);
    glDeleteVertexArrays(1, &vao);
    GlesTest::TearDown();
  }
  GLuint make(const char* fs) {
    programs.push_back(program(kFullscreenVs, fs));
    return programs.back();
  }
  // The destination pattern, drawn without blending; returns it as read back.
  std::vector<uint32_t> draw_destination() {
    glDisable(GL_BLEND);
    glUseProgram(make(kDestinationFs));
    glDrawArrays(GL_TRIANGLES, 0, 3);
    return read_pixels();
  }
  // Compares the framebuffer with `mode` applied to `source_color` over `dst`.
  void expect_blended(GLenum mode, const std::vector<uint32_t>& dst, const std::vector<uint32_t>& got) {
    int bad = 0;
    for (int y = 0; y < kHeight; ++y) {
      for (int x = 0; x < kWidth; ++x) {
        const uint32_t d = dst[static_cast<size_t>(y * kWidth + x)];
        const std::array<double, 4> dv = {(d & 0xff) / 255.0, ((d >> 8) & 0xff) / 255.0,
                                          ((d >> 16) & 0xff) / 255.0, (d >> 24) / 255.0};
        const std::array<double, 4> want = blend(mode, source_color(x, y), dv);
        const uint32_t g = got[static_cast<size_t>(y * kWidth + x)];
        for (int c = 0; c < 4; ++c) {
          const double w = std::clamp(want[static_cast<size_t>(c)], 0.0, 1.0) * 255.0;
          const double v = (g >> (8 * c)) & 0xff;
          // Rounding of the stored result, plus float arithmetic in the shader.
          if (std::abs(v - w) > 2.5 && bad++ < 8)
            ADD_FAILURE() << "mode 0x" << std::hex << mode << std::dec << " pixel (" << x << ", " << y
                          << ") component " << c << ": got " << v << ", want " << w;
        }
      }
    }
    EXPECT_EQ(bad, 0) << "mode 0x" << std::hex << mode;
  }

  PFNGLBLENDBARRIERKHRPROC blend_barrier = nullptr;
  GLuint vao = 0;
  std::vector<GLuint> programs;
};

TEST_F(BlendEquationAdvanced, EveryEquationMatchesTheSpecFormulas) {
  const GLuint src = make(source_fs("blend_support_all_equations").c_str());
  for (const Equation& e : kEquations) {
    const std::vector<uint32_t> dst = draw_destination();
    glUseProgram(src);
    glEnable(GL_BLEND);
    glBlendEquation(e.mode);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    expect_blended(e.mode, dst, read_pixels());
    blend_barrier();
  }
}

// Each equation with only its own qualifier, set through the indexed entry
// point for draw buffer 0 of a framebuffer object.
TEST_F(BlendEquationAdvanced, OwnQualifierAndIndexedEquation) {
  GLuint tex = 0, fbo = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kWidth, kHeight);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  auto blend_equation_i =
      reinterpret_cast<PFNGLBLENDEQUATIONIEXTPROC>(eglGetProcAddress("glBlendEquationiEXT"));
  ASSERT_NE(blend_equation_i, nullptr);
  for (const Equation& e : {kEquations[2], kEquations[8], kEquations[12]}) {
    const std::vector<uint32_t> dst = draw_destination();
    glUseProgram(make(source_fs(e.qualifier).c_str()));
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    blend_equation_i(0, e.mode);
    GLint got = 0;
    glGetIntegeri_v(GL_BLEND_EQUATION_RGB, 0, &got);
    EXPECT_EQ(static_cast<GLenum>(got), e.mode);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    expect_blended(e.mode, dst, read_pixels());
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
}

// Draws see what earlier draws wrote (the copy is made before each one), so
// two MULTIPLY draws multiply twice; the barrier is accepted and changes
// nothing.
TEST_F(BlendEquationAdvanced, SuccessiveDrawsSeeEachOther) {
  glClearColor(1, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glUseProgram(make(R"(#version 300 es
#extension GL_KHR_blend_equation_advanced : require
layout(blend_support_multiply) out;
out mediump vec4 color;
void main() { color = vec4(0.5, 0.5, 1.0, 1.0); })"));
  glEnable(GL_BLEND);
  glBlendEquation(GL_MULTIPLY_KHR);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  blend_barrier();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const uint32_t p = pixel(7, 9);
  EXPECT_NEAR(static_cast<int>(p & 0xff), 32, 1);
  EXPECT_NEAR(static_cast<int>((p >> 8) & 0xff), 32, 1);
  EXPECT_EQ((p >> 16) & 0xff, 255u);
  EXPECT_EQ(p >> 24, 255u);
  // Back to fixed-function blending with the same program.
  glBlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_ONE, GL_ONE);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // 0.5 + 32/255 with every stored step rounded either way (127 or 128 for
  // 0.5 on NVIDIA and lavapipe, then halved twice): 158 to 161.
  const uint32_t q = pixel(7, 9);
  EXPECT_NEAR(static_cast<int>(q & 0xff), 160, 2);
  EXPECT_NEAR(static_cast<int>((q >> 8) & 0xff), 160, 2);
  EXPECT_EQ(q >> 16, 0xffffu);
}

// A multisampled framebuffer: draws without an advanced equation leave the
// blend's destination fetch out (and must not declare its slot
// multisampled for the single-sampled stand-in: a validation error), draws
// with one read every sample. Resolved and checked on the CPU.
TEST_F(BlendEquationAdvanced, MultisampledBasicThenAdvancedDraws) {
  GLuint rb = 0, fbo = 0, tex = 0, resolved = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, kWidth, kHeight);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glUseProgram(make(R"(#version 300 es
#extension GL_KHR_blend_equation_advanced : require
layout(blend_support_multiply) out;
out mediump vec4 color;
void main() { color = vec4(0.5, 0.25, 1.0, 1.0); })"));
  glClearColor(1, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_BLEND);
  glDrawArrays(GL_TRIANGLES, 0, 3);  // replaces: 0.5, 0.25, 1
  glEnable(GL_BLEND);
  glBlendEquation(GL_MULTIPLY_KHR);
  glDrawArrays(GL_TRIANGLES, 0, 3);  // squares: 0.25, 0.0625, 1
  glBlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_ZERO, GL_ONE);
  glDrawArrays(GL_TRIANGLES, 0, 3);  // keeps
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kWidth, kHeight);
  glGenFramebuffers(1, &resolved);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved);
  glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  glBlitFramebuffer(0, 0, kWidth, kHeight, 0, 0, kWidth, kHeight, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, resolved);
  const uint32_t p = pixel(9, 3);
  EXPECT_NEAR(static_cast<int>(p & 0xff), 64, 1);
  EXPECT_NEAR(static_cast<int>((p >> 8) & 0xff), 16, 1);
  EXPECT_EQ((p >> 16) & 0xff, 255u);
  EXPECT_EQ(p >> 24, 255u);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteFramebuffers(1, &resolved);
  glDeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &tex);
}

TEST_F(BlendEquationAdvanced, StateAndQueries) {
  for (const Equation& e : kEquations) {
    glBlendEquation(e.mode);
    GLint rgb = 0, alpha = 0;
    glGetIntegerv(GL_BLEND_EQUATION_RGB, &rgb);
    glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &alpha);
    EXPECT_EQ(static_cast<GLenum>(rgb), e.mode);
    EXPECT_EQ(static_cast<GLenum>(alpha), e.mode);
  }
  // The separate forms take only the basic equations.
  glBlendEquationSeparate(GL_MULTIPLY_KHR, GL_FUNC_ADD);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glBlendEquationSeparate(GL_FUNC_ADD, GL_SCREEN_KHR);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint rgb = 0;
  glGetIntegerv(GL_BLEND_EQUATION_RGB, &rgb);
  EXPECT_EQ(static_cast<GLenum>(rgb), static_cast<GLenum>(GL_HSL_LUMINOSITY_KHR));
  // Not an equation at all.
  glBlendEquation(0x92A1);  // between EXCLUSION and HSL_HUE: not an equation
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // Indexed state.
  auto blend_equation_i = reinterpret_cast<PFNGLBLENDEQUATIONIEXTPROC>(eglGetProcAddress("glBlendEquationiEXT"));
  ASSERT_NE(blend_equation_i, nullptr);
  blend_equation_i(1, GL_SCREEN_KHR);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGetIntegeri_v(GL_BLEND_EQUATION_ALPHA, 1, &rgb);
  EXPECT_EQ(static_cast<GLenum>(rgb), static_cast<GLenum>(GL_SCREEN_KHR));
  blend_barrier();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// BLEND_ADVANCED_COHERENT_KHR exists only with the coherent extension,
// which is listed only where the device's blender is coherent
// (VK_EXT_blend_operation_advanced); on lavapipe the shader blends and the
// extension is absent.
TEST_F(BlendEquationAdvanced, CoherentEnable) {
  if (!has_extension("GL_KHR_blend_equation_advanced_coherent")) {
    glEnable(GL_BLEND_ADVANCED_COHERENT_KHR);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
    glDisable(GL_BLEND_ADVANCED_COHERENT_KHR);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
    EXPECT_EQ(glIsEnabled(GL_BLEND_ADVANCED_COHERENT_KHR), GL_FALSE);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
    GLint v = 7;
    glGetIntegerv(GL_BLEND_ADVANCED_COHERENT_KHR, &v);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
    EXPECT_EQ(v, 7);
    return;
  }
  // Initially TRUE (the extension's state table).
  EXPECT_EQ(glIsEnabled(GL_BLEND_ADVANCED_COHERENT_KHR), GL_TRUE);
  glDisable(GL_BLEND_ADVANCED_COHERENT_KHR);
  EXPECT_EQ(glIsEnabled(GL_BLEND_ADVANCED_COHERENT_KHR), GL_FALSE);
  GLboolean b = GL_TRUE;
  glGetBooleanv(GL_BLEND_ADVANCED_COHERENT_KHR, &b);
  EXPECT_EQ(b, GL_FALSE);
  glEnable(GL_BLEND_ADVANCED_COHERENT_KHR);
  GLint v = 0;
  glGetIntegerv(GL_BLEND_ADVANCED_COHERENT_KHR, &v);
  EXPECT_EQ(v, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// A shader that fetches draw buffer 0 itself (EXT_shader_framebuffer_fetch)
// and declares blend support: draws without an advanced equation still
// read the destination (only a fetch the blend alone needs is skipped).
TEST_F(BlendEquationAdvanced, OwnFetchKeptWithoutAdvancedEquation) {
  ASSERT_TRUE(has_extension("GL_EXT_shader_framebuffer_fetch"));
  glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glUseProgram(make(R"(#version 300 es
#extension GL_KHR_blend_equation_advanced : require
#extension GL_EXT_shader_framebuffer_fetch : require
layout(blend_support_multiply) out;
precision mediump float;
inout vec4 color;
void main() { color = color * 0.5 + vec4(0.0, 0.0, 0.0, 0.5); })"));
  // Not blending: the shader's own arithmetic on the fetched colour.
  glDisable(GL_BLEND);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  uint32_t p = pixel(3, 4);
  EXPECT_NEAR(static_cast<int>(p & 0xff), 32, 1);
  EXPECT_NEAR(static_cast<int>((p >> 8) & 0xff), 64, 1);
  EXPECT_NEAR(static_cast<int>((p >> 16) & 0xff), 96, 1);
  EXPECT_EQ(p >> 24, 255u);
  // MULTIPLY of that shader's output with the destination: (d/2) * d per
  // channel at alpha 1.
  glEnable(GL_BLEND);
  glBlendEquation(GL_MULTIPLY_KHR);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  p = pixel(3, 4);
  const double d[3] = {32 / 255.0, 64 / 255.0, 96 / 255.0};
  for (int c = 0; c < 3; ++c)
    EXPECT_NEAR(static_cast<double>((p >> (8 * c)) & 0xff), d[c] * 0.5 * d[c] * 255.0, 1.5) << c;
  EXPECT_EQ(p >> 24, 255u);
}

// A blend_support program switching between advanced and basic equations
// and a program sampling a texture in between: each draw gets its own
// source (the in-shader blend's destination copy is only made, and bound,
// for advanced draws).
TEST_F(BlendEquationAdvanced, AlternatingAdvancedAndBasicDraws) {
  const GLuint screen = make(R"(#version 300 es
#extension GL_KHR_blend_equation_advanced : require
layout(blend_support_screen) out;
out mediump vec4 color;
void main() { color = vec4(0.5, 0.25, 0.0, 1.0); })");
  const GLuint textured = make(R"(#version 300 es
precision mediump float;
uniform sampler2D t;
out vec4 color;
void main() { color = texture(t, vec2(0.5)); })");
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  const uint32_t texel = rgba(10, 20, 30, 255);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  for (int round = 0; round < 2; ++round) {
    glClearColor(0.5f, 0.5f, 0.5f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(screen);
    glEnable(GL_BLEND);
    glBlendEquation(GL_SCREEN_KHR);
    glDrawArrays(GL_TRIANGLES, 0, 3);  // s + d - s*d: 0.75, 0.625, 0.5
    uint32_t p = pixel(1, 1);
    EXPECT_NEAR(static_cast<int>(p & 0xff), 191, 1);
    EXPECT_NEAR(static_cast<int>((p >> 8) & 0xff), 159, 1);
    EXPECT_NEAR(static_cast<int>((p >> 16) & 0xff), 128, 1);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFunc(GL_ONE, GL_ZERO);
    glDrawArrays(GL_TRIANGLES, 0, 3);  // replaces
    EXPECT_TRUE(colour_near(pixel(1, 1), rgba(128, 64, 0, 255)));
    glUseProgram(textured);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    EXPECT_EQ(pixel(1, 1), texel);
    glDisable(GL_BLEND);
  }
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteTextures(1, &tex);
}

TEST_F(BlendEquationAdvanced, ShaderDirectiveAndQualifiers) {
  auto compiles = [](const std::string& src) {
    GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
    const char* text = src.c_str();
    glShaderSource(s, 1, &text, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    glDeleteShader(s);
    return ok == GL_TRUE;
  };
  const std::string body = "out mediump vec4 c;\nvoid main() { c = vec4(1.0); }\n";
  EXPECT_TRUE(compiles("#version 300 es\n#extension GL_KHR_blend_equation_advanced : require\n"
                       "layout(blend_support_multiply, blend_support_screen) out;\n" + body));
  EXPECT_TRUE(compiles("#version 300 es\n#extension GL_KHR_blend_equation_advanced : enable\n"
                       "#ifndef GL_KHR_blend_equation_advanced\n#error macro\n#endif\n"
                       "layout(blend_support_all_equations) out;\n" + body));
  // ESSL 3.00 without the directive: the qualifier is unknown.
  EXPECT_FALSE(compiles("#version 300 es\nlayout(blend_support_multiply) out;\n" + body));
  // Only on `out` alone.
  EXPECT_FALSE(compiles("#version 300 es\n#extension GL_KHR_blend_equation_advanced : require\n"
                        "layout(blend_support_multiply) in;\n" + body));
}

TEST_F(BlendEquationAdvanced, DrawErrors) {
  const GLuint multiply = make(source_fs("blend_support_multiply").c_str());
  const GLuint plain = make(R"(#version 300 es
out mediump vec4 c;
void main() { c = vec4(1.0); })");
  glEnable(GL_BLEND);
  glUseProgram(multiply);
  glBlendEquation(GL_MULTIPLY_KHR);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // An equation the shader does not declare, even for an empty draw.
  glBlendEquation(GL_SCREEN_KHR);
  glDrawArrays(GL_TRIANGLES, 0, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUseProgram(plain);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // With blending off the equation does not apply.
  glDisable(GL_BLEND);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  // Several draw buffers: an error while any enabled one blends with an
  // advanced equation.
  GLuint tex[2] = {}, fbo = 0;
  glGenTextures(2, tex);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  for (int i = 0; i < 2; ++i) {
    glBindTexture(GL_TEXTURE_2D, tex[i]);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kWidth, kHeight);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D, tex[i], 0);
  }
  glUseProgram(multiply);
  glEnable(GL_BLEND);
  glBlendEquation(GL_MULTIPLY_KHR);
  const GLenum both[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, both);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const GLenum first_only[] = {GL_COLOR_ATTACHMENT0, GL_NONE};
  glDrawBuffers(2, first_only);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // Only the second buffer enabled, blending with an advanced equation.
  const GLenum second_only[] = {GL_NONE, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, second_only);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Both enabled but the advanced equation on a buffer without blending.
  glDrawBuffers(2, both);
  auto disable_i = reinterpret_cast<PFNGLDISABLEIEXTPROC>(eglGetProcAddress("glDisableiEXT"));
  ASSERT_NE(disable_i, nullptr);
  disable_i(GL_BLEND, 0);
  disable_i(GL_BLEND, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(2, tex);
}

}  // namespace
}  // namespace brass::e2e
