// EXT/OES_draw_buffers_indexed through glvnd: blend enable, equation,
// function and color mask per draw buffer, set by the indexed calls and
// reset for every buffer by the non-indexed ones; per-buffer queries.


#include <cstdlib>

#include "e2e_fixture.h"

#include <GLES2/gl2ext.h>

namespace brass::e2e {
namespace {

class DrawBuffersIndexed : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    if (!has_extension("GL_EXT_draw_buffers_indexed")) GTEST_SKIP() << "device without independent blend";
    EXPECT_TRUE(has_extension("GL_OES_draw_buffers_indexed"));
    enablei = proc<PFNGLENABLEIEXTPROC>("glEnableiEXT");
    disablei = proc<PFNGLDISABLEIEXTPROC>("glDisableiEXT");
    is_enabledi = proc<PFNGLISENABLEDIEXTPROC>("glIsEnablediEXT");
    blend_funci = proc<PFNGLBLENDFUNCIEXTPROC>("glBlendFunciEXT");
    blend_func_separatei = proc<PFNGLBLENDFUNCSEPARATEIEXTPROC>("glBlendFuncSeparateiEXT");
    blend_equationi = proc<PFNGLBLENDEQUATIONIEXTPROC>("glBlendEquationiEXT");
    blend_equation_separatei = proc<PFNGLBLENDEQUATIONSEPARATEIEXTPROC>("glBlendEquationSeparateiEXT");
    color_maski = proc<PFNGLCOLORMASKIEXTPROC>("glColorMaskiEXT");
    ASSERT_TRUE(enablei && disablei && is_enabledi && blend_funci && blend_func_separatei && blend_equationi &&
                blend_equation_separatei && color_maski);
    ASSERT_NE(eglGetProcAddress("glEnableiOES"), nullptr);
  }

  template <typename F>
  static F proc(const char* name) {
    return reinterpret_cast<F>(eglGetProcAddress(name));
  }

  // Two RGBA8 color attachments, both drawn to.
  void make_two_targets() {
    glGenTextures(2, tex);
    for (GLuint t : tex) {
      glBindTexture(GL_TEXTURE_2D, t);
      glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
    }
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
    const GLenum bufs[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    glDrawBuffers(2, bufs);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    glViewport(0, 0, 4, 4);
  }
  uint32_t pixel_of(GLenum attachment) {
    glReadBuffer(attachment);
    return pixel(1, 1);
  }
  void TearDown() override {
    if (fbo) glDeleteFramebuffers(1, &fbo);
    if (tex[0]) glDeleteTextures(2, tex);
    GlesTest::TearDown();
  }

  PFNGLENABLEIEXTPROC enablei = nullptr;
  PFNGLDISABLEIEXTPROC disablei = nullptr;
  PFNGLISENABLEDIEXTPROC is_enabledi = nullptr;
  PFNGLBLENDFUNCIEXTPROC blend_funci = nullptr;
  PFNGLBLENDFUNCSEPARATEIEXTPROC blend_func_separatei = nullptr;
  PFNGLBLENDEQUATIONIEXTPROC blend_equationi = nullptr;
  PFNGLBLENDEQUATIONSEPARATEIEXTPROC blend_equation_separatei = nullptr;
  PFNGLCOLORMASKIEXTPROC color_maski = nullptr;
  GLuint tex[2] = {}, fbo = 0;
};

// Each channel within one step: Vulkan lets a device round a value halfway
// between two steps (0.5 of 255 is 127.5) either way.
void expect_close(uint32_t got, uint32_t want, const char* where = "") {
  for (int c = 0; c < 32; c += 8) {
    const int g = static_cast<int>((got >> c) & 0xff), w = static_cast<int>((want >> c) & 0xff);
    EXPECT_LE(std::abs(g - w), 1) << where << std::hex << " got 0x" << got << " want 0x" << want;
  }
}

// Both outputs the same half-grey.
constexpr const char* kFs = R"(#version 300 es
precision mediump float;
layout(location = 0) out vec4 a;
layout(location = 1) out vec4 b;
void main() { a = vec4(0.5); b = vec4(0.5); })";

TEST_F(DrawBuffersIndexed, EachBufferBlendsAndMasksItsOwnWay) {
  make_two_targets();
  GLuint p = program(kFullscreenVs, kFs);
  glUseProgram(p);
  // Buffer 0: no blending, red only. Buffer 1: additive blending, all channels.
  const GLfloat clear0[] = {0, 0, 1, 1}, clear1[] = {0.25f, 0.25f, 0.25f, 0.25f};
  glClearBufferfv(GL_COLOR, 0, clear0);
  glClearBufferfv(GL_COLOR, 1, clear1);
  color_maski(0, GL_TRUE, GL_FALSE, GL_FALSE, GL_FALSE);
  enablei(GL_BLEND, 1);
  blend_funci(1, GL_ONE, GL_ONE);
  EXPECT_FALSE(is_enabledi(GL_BLEND, 0));
  EXPECT_TRUE(is_enabledi(GL_BLEND, 1));
  EXPECT_FALSE(glIsEnabled(GL_BLEND)) << "the non-indexed query reads draw buffer 0";
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  expect_close(pixel_of(GL_COLOR_ATTACHMENT0), rgba(128, 0, 255, 255));  // red written, blue/alpha kept
  expect_close(pixel_of(GL_COLOR_ATTACHMENT1), rgba(192, 192, 192, 192));  // 0.25 + 0.5

  // Separate equations per buffer: buffer 0 takes MAX with blending on,
  // buffer 1 REVERSE_SUBTRACT (dst - src).
  glClearBufferfv(GL_COLOR, 1, clear1);
  color_maski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glClearBufferfv(GL_COLOR, 0, clear0);
  enablei(GL_BLEND, 0);
  blend_equationi(0, GL_MAX);
  blend_equation_separatei(1, GL_FUNC_REVERSE_SUBTRACT, GL_FUNC_ADD);
  blend_func_separatei(1, GL_ONE, GL_ONE, GL_ZERO, GL_ONE);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  expect_close(pixel_of(GL_COLOR_ATTACHMENT0), rgba(128, 128, 255, 255));
  // rgb: 0.25 - 0.5 clamps to 0; alpha: 0 * 0.5 + 1 * 0.25.
  expect_close(pixel_of(GL_COLOR_ATTACHMENT1), rgba(0, 0, 0, 64));

  // The non-indexed calls set every buffer again.
  glBlendEquation(GL_FUNC_ADD);
  glBlendFunc(GL_ONE, GL_ZERO);
  glDisable(GL_BLEND);
  GLint v[4] = {};
  glGetIntegeri_v(GL_BLEND_EQUATION_RGB, 1, v);
  EXPECT_EQ(v[0], GL_FUNC_ADD);
  glGetIntegeri_v(GL_BLEND_DST_ALPHA, 1, v);
  EXPECT_EQ(v[0], GL_ZERO);
  EXPECT_FALSE(is_enabledi(GL_BLEND, 1));
  glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
  glGetIntegeri_v(GL_COLOR_WRITEMASK, 1, v);
  EXPECT_EQ(v[0], 0);
  EXPECT_EQ(v[1], 1);
  EXPECT_EQ(v[3], 1);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(p);
}

TEST_F(DrawBuffersIndexed, IndexedQueriesAndErrors) {
  blend_func_separatei(2, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO);
  blend_equation_separatei(2, GL_FUNC_SUBTRACT, GL_MIN);
  color_maski(2, GL_FALSE, GL_TRUE, GL_FALSE, GL_FALSE);
  GLint v[4] = {};
  glGetIntegeri_v(GL_BLEND_SRC_RGB, 2, v);
  EXPECT_EQ(v[0], GL_SRC_ALPHA);
  glGetIntegeri_v(GL_BLEND_DST_RGB, 2, v);
  EXPECT_EQ(v[0], GL_ONE_MINUS_SRC_ALPHA);
  glGetIntegeri_v(GL_BLEND_EQUATION_ALPHA, 2, v);
  EXPECT_EQ(v[0], GL_MIN);
  glGetIntegeri_v(GL_BLEND_EQUATION_RGB, 0, v);
  EXPECT_EQ(v[0], GL_FUNC_ADD) << "other buffers keep theirs";
  GLint64 w[4] = {};
  glGetInteger64i_v(GL_COLOR_WRITEMASK, 2, w);
  EXPECT_EQ(w[0], 0);
  EXPECT_EQ(w[1], 1);
  glGetIntegerv(GL_BLEND_SRC_RGB, v);
  EXPECT_EQ(v[0], GL_ONE) << "the non-indexed query reads draw buffer 0";
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  GLint max_buffers = 0;
  glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_buffers);
  const GLuint past = static_cast<GLuint>(max_buffers);
  enablei(GL_BLEND, past);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_FALSE(is_enabledi(GL_BLEND, past));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  blend_funci(past, GL_ONE, GL_ONE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  blend_equationi(0xffffffffu, GL_FUNC_ADD);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  color_maski(past, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetIntegeri_v(GL_BLEND_EQUATION_RGB, past, v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  enablei(GL_DEPTH_TEST, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "only GL_BLEND is indexed in ES";
  blend_funci(0, GL_ONE, GL_SRC1_COLOR_EXT + 1000);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  blend_equationi(0, GL_ONE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // Errors changed nothing.
  glGetIntegeri_v(GL_BLEND_EQUATION_RGB, 0, v);
  EXPECT_EQ(v[0], GL_FUNC_ADD);
  EXPECT_FALSE(is_enabledi(GL_BLEND, 0));
}

}  // namespace
}  // namespace brass::e2e
