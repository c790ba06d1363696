// EXT_render_snorm blending through glvnd: blended draws into R8, RG8,
// RGBA8 (and with EXT_texture_norm16 RG16) SNORM attachments with several
// equations, factors, negative values and blend colours, and per-buffer
// blend state with an SNORM and an RGBA8 attachment, compared with a CPU
// model of GL's blending. On devices that cannot blend SNORM (lavapipe) the
// fragment shader blends (src/gl/shader_blend.h); the results must be the
// same.
#include <GLES3/gl32.h>

#include "../shader_blend_reference.h"
#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kUniformColorFs = R"(#version 310 es
precision highp float;
uniform vec4 u_color;
layout(location = 0) out vec4 o;
void main() { o = u_color; })";

class SnormBlend : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_EXT_render_snorm"));
  }
  static GLuint texture2d(GLenum internal_format) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 1, internal_format, 4, 4);
    return t;
  }
  static void set_blend(const BlendSetup& b) {
    glBlendEquationSeparate(b.eq_rgb, b.eq_alpha);
    glBlendFuncSeparate(b.src_rgb, b.dst_rgb, b.src_alpha, b.dst_alpha);
  }
  // Clears draw buffer 0 to `dst`, draws `src` over it blended with `b`,
  // and returns the pixel read back as BYTE (8-bit) or SHORT (16-bit).
  static std::array<int, 4> blend_once(GLuint prog, const BlendSetup& b, const Rgba& dst, const Rgba& src,
                                       const Rgba& constant, bool sixteen) {
    glDisable(GL_BLEND);
    glClearBufferfv(GL_COLOR, 0, dst.data());
    glEnable(GL_BLEND);
    set_blend(b);
    glBlendColor(constant[0], constant[1], constant[2], constant[3]);
    glUniform4fv(glGetUniformLocation(prog, "u_color"), 1, src.data());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    std::array<int, 4> out{};
    if (sixteen) {
      int16_t px[4] = {};
      glReadPixels(1, 2, 1, 1, GL_RGBA, GL_SHORT, px);
      for (int i = 0; i < 4; ++i) out[i] = px[i];
    } else {
      int8_t px[4] = {};
      glReadPixels(1, 2, 1, 1, GL_RGBA, GL_BYTE, px);
      for (int i = 0; i < 4; ++i) out[i] = px[i];
    }
    return out;
  }
};

struct BlendCase {
  BlendSetup blend;
  Rgba dst, src, constant;
};

// Equations, separate colour and alpha state, every kind of factor,
// negative and out-of-range values (clamped to [-1, 1]).
const BlendCase kCases[] = {
    {{GL_FUNC_ADD, GL_FUNC_ADD, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO},
     {0.5f, -0.5f, -1.0f, 1.0f}, {-0.5f, 0.25f, 1.0f, 0.5f}, {0, 0, 0, 0}},
    {{GL_FUNC_SUBTRACT, GL_FUNC_ADD, GL_ONE, GL_ONE, GL_ONE, GL_ONE},
     {-0.5f, 0.5f, 0.25f, 0.25f}, {0.25f, -0.5f, 0.5f, 0.5f}, {0, 0, 0, 0}},
    {{GL_FUNC_REVERSE_SUBTRACT, GL_FUNC_SUBTRACT, GL_DST_COLOR, GL_SRC_COLOR, GL_ONE_MINUS_DST_ALPHA, GL_DST_ALPHA},
     {0.75f, -0.25f, -0.5f, -0.5f}, {-0.5f, 0.5f, 2.0f, 0.25f}, {0, 0, 0, 0}},
    {{GL_MIN, GL_MAX, GL_ONE, GL_ONE, GL_ONE, GL_ONE},
     {0.5f, -0.5f, 0.25f, -0.75f}, {-0.25f, 0.25f, 0.5f, 0.5f}, {0, 0, 0, 0}},
    {{GL_FUNC_ADD, GL_FUNC_ADD, GL_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_ALPHA, GL_CONSTANT_ALPHA,
      GL_ONE_MINUS_CONSTANT_COLOR},
     {0.5f, -0.5f, 0.25f, 0.5f}, {-0.75f, 0.5f, 1.0f, -0.5f}, {-0.5f, 0.75f, 3.0f, -0.25f}},
    {{GL_FUNC_ADD, GL_FUNC_ADD, GL_SRC_ALPHA_SATURATE, GL_ONE_MINUS_SRC_COLOR, GL_SRC_ALPHA_SATURATE, GL_ZERO},
     {0.25f, -0.5f, 0.5f, 0.25f}, {0.5f, -1.0f, 0.25f, 0.5f}, {0, 0, 0, 0}},
};

void expect_near(const std::array<int, 4>& got, const Rgba& want, unsigned channels, float max_code,
                 const char* what, size_t index) {
  for (unsigned c = 0; c < channels; ++c) {
    const int expected = static_cast<int>(std::lround(stored_value(want[c], true, max_code) * max_code));
    EXPECT_NEAR(got[c], expected, 1) << what << " case " << index << " channel " << c;
  }
}

TEST_F(SnormBlend, Rgba8EquationsAndFactors) {
  GLuint t = texture2d(GL_RGBA8_SNORM);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  GLuint prog = program(kFullscreenVs310, kUniformColorFs);
  glUseProgram(prog);
  glViewport(0, 0, 4, 4);
  for (size_t i = 0; i < std::size(kCases); ++i) {
    const BlendCase& k = kCases[i];
    Rgba dst{};
    for (int c = 0; c < 4; ++c) dst[c] = stored_value(k.dst[c], true, 127.0f);
    const std::array<int, 4> got = blend_once(prog, k.blend, k.dst, k.src, k.constant, false);
    expect_near(got, blend_reference(k.blend, k.src, dst, k.constant, true), 4, 127.0f, "RGBA8_SNORM", i);
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteProgram(prog);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &t);
}

// Narrower SNORM formats (the missing components read back as 0 and 1), and
// blend-colour changes between draws that otherwise change nothing.
TEST_F(SnormBlend, NarrowFormatsAndBlendColorChanges) {
  struct Format {
    GLenum internal_format;
    unsigned channels;
    bool sixteen;
  };
  std::vector<Format> formats = {{GL_R8_SNORM, 1, false}, {GL_RG8_SNORM, 2, false}};
  if (has_extension("GL_EXT_texture_norm16")) {
    formats.push_back({GL_RG16_SNORM_EXT, 2, true});
    formats.push_back({GL_RGBA16_SNORM_EXT, 4, true});
  }
  GLuint prog = program(kFullscreenVs310, kUniformColorFs);
  glUseProgram(prog);
  glViewport(0, 0, 4, 4);
  const BlendSetup b{GL_FUNC_ADD, GL_FUNC_ADD, GL_CONSTANT_COLOR, GL_ONE, GL_ONE, GL_ZERO};
  for (const Format& f : formats) {
    GLuint t = texture2d(f.internal_format);
    GLuint fb = 0;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE)) << std::hex << f.internal_format;
    const float max_code = f.sixteen ? 32767.0f : 127.0f;
    const Rgba dst0{-0.25f, 0.5f, 0.0f, 1.0f};
    glDisable(GL_BLEND);
    glClearBufferfv(GL_COLOR, 0, dst0.data());
    glEnable(GL_BLEND);
    set_blend(b);
    const Rgba src{0.5f, -0.5f, 0.25f, 1.0f};
    glUniform4fv(glGetUniformLocation(prog, "u_color"), 1, src.data());
    // Three draws, each with its own constant, accumulating.
    const Rgba constants[3] = {{1.0f, 0.5f, 1.0f, 1.0f}, {-0.5f, 1.0f, 1.0f, 1.0f}, {0.25f, -1.0f, 1.0f, 1.0f}};
    Rgba expected{};
    for (unsigned c = 0; c < 4; ++c) expected[c] = stored_value(dst0[c], true, max_code);
    for (const Rgba& k : constants) {
      glBlendColor(k[0], k[1], k[2], k[3]);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      const Rgba blended = blend_reference(b, src, expected, k, true);
      for (unsigned c = 0; c < 4; ++c) expected[c] = stored_value(blended[c], true, max_code);
    }
    std::array<int, 4> got{};
    if (f.sixteen) {
      int16_t px[4] = {};
      glReadPixels(2, 1, 1, 1, GL_RGBA, GL_SHORT, px);
      for (int i = 0; i < 4; ++i) got[i] = px[i];
    } else {
      int8_t px[4] = {};
      glReadPixels(2, 1, 1, 1, GL_RGBA, GL_BYTE, px);
      for (int i = 0; i < 4; ++i) got[i] = px[i];
    }
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    for (unsigned c = 0; c < f.channels; ++c)
      EXPECT_NEAR(got[c], std::lround(expected[c] * max_code), 2) << std::hex << f.internal_format << " channel " << c;
    // Components the format lacks read as 0 (colour) and 1 (alpha).
    for (unsigned c = f.channels; c < 3; ++c) EXPECT_EQ(got[c], 0);
    if (f.channels < 4) {
      EXPECT_EQ(got[3], static_cast<int>(max_code));
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &t);
  }
  glDeleteProgram(prog);
}

// Two attachments with their own blend state (glBlendFunci / glEnablei): an
// SNORM one the device may not blend and an RGBA8 one it does.
TEST_F(SnormBlend, PerBufferStateWithTwoAttachments) {
  const std::string version(reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  if (version.rfind("OpenGL ES 3.2", 0) != 0) GTEST_SKIP() << "needs ES 3.2 (glBlendFunci)";
  GLuint snorm = texture2d(GL_RGBA8_SNORM), unorm = texture2d(GL_RGBA8);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, snorm, 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, unorm, 0);
  const GLenum bufs[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, bufs);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  GLuint prog = program(kFullscreenVs310, R"(#version 310 es
precision highp float;
uniform vec4 u_a, u_b;
layout(location = 0) out vec4 a;
layout(location = 1) out vec4 b;
void main() { a = u_a; b = u_b; })");
  glUseProgram(prog);
  glViewport(0, 0, 4, 4);
  const Rgba src_a{-0.5f, 0.5f, 0.25f, 0.5f}, src_b{0.5f, 0.25f, 1.0f, 0.5f};
  glUniform4fv(glGetUniformLocation(prog, "u_a"), 1, src_a.data());
  glUniform4fv(glGetUniformLocation(prog, "u_b"), 1, src_b.data());
  const Rgba dst_a{0.5f, -0.5f, -0.25f, 1.0f}, dst_b{0.25f, 0.5f, 0.0f, 1.0f};
  const BlendSetup blend_a{GL_FUNC_ADD, GL_FUNC_ADD, GL_SRC_ALPHA, GL_ONE, GL_ONE, GL_ONE};
  const BlendSetup blend_b{GL_FUNC_SUBTRACT, GL_FUNC_ADD, GL_ONE, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE};
  glBlendEquationSeparatei(0, blend_a.eq_rgb, blend_a.eq_alpha);
  glBlendFuncSeparatei(0, blend_a.src_rgb, blend_a.dst_rgb, blend_a.src_alpha, blend_a.dst_alpha);
  glBlendEquationSeparatei(1, blend_b.eq_rgb, blend_b.eq_alpha);
  glBlendFuncSeparatei(1, blend_b.src_rgb, blend_b.dst_rgb, blend_b.src_alpha, blend_b.dst_alpha);
  for (int enabled_a = 0; enabled_a < 2; ++enabled_a) {
    glDisable(GL_BLEND);
    glClearBufferfv(GL_COLOR, 0, dst_a.data());
    glClearBufferfv(GL_COLOR, 1, dst_b.data());
    if (enabled_a) glEnablei(GL_BLEND, 0);
    glEnablei(GL_BLEND, 1);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    Rgba qa{}, qb{};
    for (int c = 0; c < 4; ++c) {
      qa[c] = stored_value(dst_a[c], true, 127.0f);
      qb[c] = stored_value(dst_b[c], false, 255.0f);
    }
    const Rgba want_a = enabled_a ? blend_reference(blend_a, src_a, qa, {}, true) : src_a;
    const Rgba want_b = blend_reference(blend_b, src_b, qb, {}, false);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    int8_t pa[4] = {};
    glReadPixels(3, 3, 1, 1, GL_RGBA, GL_BYTE, pa);
    glReadBuffer(GL_COLOR_ATTACHMENT1);
    uint8_t pb[4] = {};
    glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pb);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    for (int c = 0; c < 4; ++c) {
      EXPECT_NEAR(pa[c], std::lround(stored_value(want_a[c], true, 127.0f) * 127.0f), 1)
          << "SNORM buffer, blend " << enabled_a << " channel " << c;
      EXPECT_NEAR(pb[c], std::lround(stored_value(want_b[c], false, 255.0f) * 255.0f), 1)
          << "RGBA8 buffer, blend " << enabled_a << " channel " << c;
    }
  }
  glDisable(GL_BLEND);
  glDeleteProgram(prog);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  GLuint all[] = {snorm, unorm};
  glDeleteTextures(2, all);
}

// A multisampled SNORM renderbuffer: blending is per sample, the copy the
// shader reads is multisampled too; resolved into a single-sampled texture.
TEST_F(SnormBlend, Multisampled) {
  GLint max_samples = 0;
  glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8_SNORM, GL_SAMPLES, 1, &max_samples);
  if (max_samples < 4) GTEST_SKIP() << "no 4x multisampled RGBA8_SNORM renderbuffers";
  GLuint rb = 0, ms_fb = 0, resolve_fb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8_SNORM, 4, 4);
  glGenFramebuffers(1, &ms_fb);
  glBindFramebuffer(GL_FRAMEBUFFER, ms_fb);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  GLuint prog = program(kFullscreenVs310, kUniformColorFs);
  glUseProgram(prog);
  glViewport(0, 0, 4, 4);
  const BlendCase& k = kCases[0];
  Rgba dst{};
  for (int c = 0; c < 4; ++c) dst[c] = stored_value(k.dst[c], true, 127.0f);
  glDisable(GL_BLEND);
  glClearBufferfv(GL_COLOR, 0, k.dst.data());
  glEnable(GL_BLEND);
  set_blend(k.blend);
  glUniform4fv(glGetUniformLocation(prog, "u_color"), 1, k.src.data());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_BLEND);
  GLuint t = texture2d(GL_RGBA8_SNORM);
  glGenFramebuffers(1, &resolve_fb);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve_fb);
  glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, ms_fb);
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, resolve_fb);
  int8_t px[4] = {};
  glReadPixels(2, 2, 1, 1, GL_RGBA, GL_BYTE, px);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const Rgba want = blend_reference(k.blend, k.src, dst, k.constant, true);
  for (int c = 0; c < 4; ++c)
    EXPECT_NEAR(px[c], std::lround(stored_value(want[c], true, 127.0f) * 127.0f), 1) << "channel " << c;
  glDeleteProgram(prog);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  GLuint fbs[] = {ms_fb, resolve_fb};
  glDeleteFramebuffers(2, fbs);
  glDeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &t);
}

}  // namespace
}  // namespace brass::e2e
