// Framebuffer objects, renderbuffers, clears, blits and glReadPixels through
// the application path (glvnd -> Brass -> lavapipe).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

class Framebuffers : public GlesTest {
 protected:
  // A framebuffer object with one renderbuffer per (attachment, format).
  GLuint make_fbo(std::initializer_list<std::pair<GLenum, GLenum>> atts, GLsizei w = 16, GLsizei h = 16,
                  GLsizei samples = 0) {
    GLuint fb = 0;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    for (auto [att, fmt] : atts) {
      GLuint rb = 0;
      glGenRenderbuffers(1, &rb);
      glBindRenderbuffer(GL_RENDERBUFFER, rb);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, fmt, w, h);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, att, GL_RENDERBUFFER, rb);
      renderbuffers.push_back(rb);
    }
    return fb;
  }
  void TearDown() override {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (!renderbuffers.empty()) glDeleteRenderbuffers(GLsizei(renderbuffers.size()), renderbuffers.data());
    GlesTest::TearDown();
  }
  std::vector<GLuint> renderbuffers;
};

TEST_F(Framebuffers, RenderbufferObjectAndQueries) {
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  EXPECT_FALSE(glIsRenderbuffer(rb));  // a name only until bound
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  EXPECT_TRUE(glIsRenderbuffer(rb));
  GLint v = -1;
  glGetIntegerv(GL_RENDERBUFFER_BINDING, &v);
  EXPECT_EQ(v, GLint(rb));
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 7, 5);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
  EXPECT_EQ(v, 7);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &v);
  EXPECT_EQ(v, 5);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
  EXPECT_EQ(v, GL_RGB565);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_GREEN_SIZE, &v);
  EXPECT_EQ(v, 6);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_ALPHA_SIZE, &v);
  EXPECT_EQ(v, 0);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
  EXPECT_EQ(v, 0);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 4, 4);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &v);
  EXPECT_EQ(v, 8);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &v);
  EXPECT_EQ(v, 24);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  // Sample counts round up to a supported one.
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 3, GL_RGBA8, 4, 4);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
  EXPECT_EQ(v, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  // Errors leave the storage as it was.
  GLint max_samples = 0, max_size = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, max_samples + 1, GL_RGBA8, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8UI, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB9_E5, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glRenderbufferStorage(GL_TEXTURE_2D, GL_RGBA8, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, max_size + 1, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, -1, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
  EXPECT_EQ(v, 4);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_TEXTURE_2D, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));

  glDeleteRenderbuffers(1, &rb);
  EXPECT_FALSE(glIsRenderbuffer(rb));
  glGetIntegerv(GL_RENDERBUFFER_BINDING, &v);
  EXPECT_EQ(v, 0);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

TEST_F(Framebuffers, InternalformatSampleCounts) {
  GLint n = -1;
  glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
  ASSERT_GE(n, 1);
  std::vector<GLint> counts(static_cast<size_t>(n), 0);
  glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, n, counts.data());
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  EXPECT_EQ(counts[0], max_samples);
  for (size_t i = 1; i < counts.size(); ++i) EXPECT_LT(counts[i], counts[i - 1]);
  glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8UI, GL_NUM_SAMPLE_COUNTS, 1, &n);
  EXPECT_EQ(n, 0);
  glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 1, &n);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetInternalformativ(GL_RENDERBUFFER, GL_RGB9_E5, GL_SAMPLES, 1, &n);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, -1, &n);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

TEST_F(Framebuffers, ClearRenderbufferFboAndReadBack) {
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}, {GL_DEPTH_STENCIL_ATTACHMENT, GL_DEPTH24_STENCIL8}});
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  EXPECT_TRUE(glIsFramebuffer(fb));
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  EXPECT_EQ(pixel(0, 0), rgba(255, 0, 0));
  EXPECT_EQ(pixel(15, 15), rgba(255, 0, 0));
  uint32_t outside = 0x12345678;
  glReadPixels(16, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &outside);
  EXPECT_EQ(outside, 0x12345678u);  // outside the framebuffer: untouched

  // Scissored clear.
  glEnable(GL_SCISSOR_TEST);
  glScissor(4, 4, 4, 4);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0));
  EXPECT_EQ(pixel(8, 8), rgba(255, 0, 0));

  // The default framebuffer kept its own contents.
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  EXPECT_EQ(pixel(5, 5), rgba(0, 0, 255));
  GLuint names[] = {fb};
  glDeleteFramebuffers(1, names);
  EXPECT_FALSE(glIsFramebuffer(fb));
}

TEST_F(Framebuffers, DeletingBoundFramebufferRevertsToDefault) {
  GLuint fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}});
  glDeleteFramebuffers(1, &fb);
  GLint v = -1;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &v);
  EXPECT_EQ(v, 0);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &v);
  EXPECT_EQ(v, 0);
}

TEST_F(Framebuffers, Completeness) {
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT));
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION));
  uint32_t p = 0;
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION));
  // Every draw to it is an error, not only the first after the binding.
  GLuint prog = program("#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n",
                        "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n");
  glUseProgram(prog);
  for (int i = 0; i < 2; ++i) {
    glDrawArrays(GL_POINTS, 0, 1);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION)) << "draw " << i;
  }
  glUseProgram(0);
  glDeleteProgram(prog);

  GLuint rb[4] = {};
  glGenRenderbuffers(4, rb);
  // No storage: attachment incomplete.
  glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  // A depth format at a color attachment point.
  glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 8, 8);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb[1]);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);
  // Different sizes are fine in ES 3.0 (the intersection is used).
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
  glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 4, 12);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearColor(1, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(3, 3), rgba(255, 255, 0));
  // Mixed sample counts.
  glBindRenderbuffer(GL_RENDERBUFFER, rb[2]);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 8, 8);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb[2]);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);
  // Separate depth and stencil images cannot be rendered to together.
  glBindRenderbuffer(GL_RENDERBUFFER, rb[3]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_STENCIL_INDEX8, 8, 8);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[3]);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_UNSUPPORTED));

  // Argument errors.
  EXPECT_EQ(glCheckFramebufferStatus(GL_RENDERBUFFER), 0u);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 9999);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLint max_attachments = 0;
  glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &max_attachments);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + max_attachments, GL_RENDERBUFFER, rb[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_BACK, GL_RENDERBUFFER, rb[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, 0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 4242, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glDeleteFramebuffers(1, &fb);
  glDeleteRenderbuffers(4, rb);
}

// EXT_color_buffer_half_float makes RGB16F color-renderable (stored with an
// alpha channel where the device has no RGB16F attachments: it reads as 1).
TEST_F(Framebuffers, Rgb16fIsRenderableWithHalfFloatColorBuffers) {
  const std::string ext = reinterpret_cast<const char*>(glGetString(GL_EXTENSIONS));
  if (ext.find("GL_EXT_color_buffer_half_float") == std::string::npos)
    GTEST_SKIP() << "EXT_color_buffer_half_float not exposed";
  GLuint fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGB16F}}, 4, 4);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearColor(0.25f, 0.5f, 2.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  float px[4] = {};
  glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, px);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_FLOAT_EQ(px[0], 0.25f);
  EXPECT_FLOAT_EQ(px[1], 0.5f);
  EXPECT_FLOAT_EQ(px[2], 2.0f);
  EXPECT_FLOAT_EQ(px[3], 1.0f);
  glClearColor(0, 0, 0, 0);
  glDeleteFramebuffers(1, &fb);
}

// STENCIL_INDEX8 is a renderbuffer format in ES 3.0 (tables 3.13/3.14, the
// texture formats, lack it); only OES_texture_stencil8 (ES 3.2) makes it a
// texture format. Without the extension TexImage2D rejects the
// STENCIL_INDEX format (INVALID_ENUM), TexStorage2D the internal format,
// and an attachment of the texture, which has no image, is incomplete.
TEST_F(Framebuffers, StencilIndex8IsNoTextureFormatWithoutTextureStencil8) {
  if (has_extension("GL_OES_texture_stencil8")) GTEST_SKIP() << "OES_texture_stencil8 exposed";
  GLuint tex[2] = {}, fb = 0;
  glGenTextures(2, tex);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 8, 8, 0, 0x1901 /* GL_STENCIL_INDEX */, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_STENCIL_INDEX8, 8, 8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex[0], 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(2, tex);
}

// OES_texture_float's unsized RGBA/FLOAT textures are textures only: the
// extension makes nothing renderable and EXT_color_buffer_float names sized
// formats alone, so the image is not color-renderable while a sized RGBA32F
// one is (with EXT_color_buffer_float).
TEST_F(Framebuffers, UnsizedFloatTexturesAreNotColorRenderable) {
  if (!has_extension("GL_OES_texture_float")) GTEST_SKIP() << "OES_texture_float not exposed";
  GLuint tex[2] = {}, fb = 0;
  glGenTextures(2, tex);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_FLOAT, nullptr);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 8, 8, 0, GL_RGBA, GL_FLOAT, nullptr);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER),
            GLenum(has_extension("GL_EXT_color_buffer_float") ? GL_FRAMEBUFFER_COMPLETE
                                                              : GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(2, tex);
}

// EXT_texture_format_BGRA8888: BGRA renderbuffers, sized or not, are
// color-renderable.
TEST_F(Framebuffers, BgraRenderbuffers) {
  const std::string ext = reinterpret_cast<const char*>(glGetString(GL_EXTENSIONS));
  if (ext.find("GL_EXT_texture_format_BGRA8888") == std::string::npos) GTEST_SKIP() << "no BGRA8888";
  for (GLenum format : {GLenum(GL_BGRA_EXT), GLenum(GL_BGRA8_EXT)}) {
    GLuint fb = make_fbo({{GL_COLOR_ATTACHMENT0, format}}, 4, 4);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << format;
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE)) << std::hex << format;
    glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    uint32_t p = 0;
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
    EXPECT_EQ(p, rgba(255, 0, 0)) << std::hex << format;
    glClearColor(0, 0, 0, 0);
    glDeleteFramebuffers(1, &fb);
  }
}

TEST_F(Framebuffers, AttachmentQueries) {
  GLuint fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGB10_A2}, {GL_DEPTH_STENCIL_ATTACHMENT, GL_DEPTH24_STENCIL8}});
  GLint v = 0;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_RENDERBUFFER);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
  EXPECT_EQ(v, GLint(renderbuffers[0]));
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
  EXPECT_EQ(v, 10);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE, &v);
  EXPECT_EQ(v, 2);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
  EXPECT_EQ(v, GL_UNSIGNED_NORMALIZED);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &v);
  EXPECT_EQ(v, GL_LINEAR);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &v);
  EXPECT_EQ(v, 24);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &v);
  EXPECT_EQ(v, 8);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_NONE);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
  EXPECT_EQ(v, 0);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  // The default framebuffer.
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_FRAMEBUFFER_DEFAULT);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE, &v);
  EXPECT_EQ(v, 8);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &v);
  EXPECT_EQ(v, 24);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDeleteFramebuffers(1, &fb);
}

TEST_F(Framebuffers, MultipleRenderTargetsDrawBuffersAndClearBuffer) {
  GLuint fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}, {GL_COLOR_ATTACHMENT1, GL_RGBA8},
                        {GL_COLOR_ATTACHMENT2, GL_RGBA32UI}, {GL_DEPTH_STENCIL_ATTACHMENT, GL_DEPTH24_STENCIL8}});
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  const GLenum bufs[] = {GL_COLOR_ATTACHMENT0, GL_NONE, GL_COLOR_ATTACHMENT2};
  glDrawBuffers(3, bufs);
  GLint v = 0;
  glGetIntegerv(GL_DRAW_BUFFER1, &v);
  EXPECT_EQ(v, GL_NONE);
  glGetIntegerv(GL_DRAW_BUFFER2, &v);
  EXPECT_EQ(v, GL_COLOR_ATTACHMENT2);

  // Attachment 1 is not drawn to: glClear leaves it alone.
  glReadBuffer(GL_COLOR_ATTACHMENT1);
  glClearColor(0, 0, 1, 1);
  glDrawBuffers(2, std::array<GLenum, 2>{GL_NONE, GL_COLOR_ATTACHMENT1}.data());
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(1, 1), rgba(0, 0, 255));
  glDrawBuffers(3, bufs);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(1, 1), rgba(0, 0, 255));
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  EXPECT_EQ(pixel(1, 1), rgba(255, 0, 0));

  const GLfloat green[] = {0, 1, 0, 1};
  glClearBufferfv(GL_COLOR, 0, green);
  const GLuint big[] = {1, 2, 70000, 0xffffffffu};
  glClearBufferuiv(GL_COLOR, 2, big);
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.5f, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(2, 2), rgba(0, 255, 0));
  glReadBuffer(GL_COLOR_ATTACHMENT2);
  GLuint px[4] = {};
  glReadPixels(3, 3, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(px[0], 1u);
  EXPECT_EQ(px[2], 70000u);
  EXPECT_EQ(px[3], 0xffffffffu);
  glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  // Errors leave the draw buffers unchanged.
  const GLenum wrong_slot[] = {GL_COLOR_ATTACHMENT1};
  glDrawBuffers(1, wrong_slot);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  const GLenum back[] = {GL_BACK};
  glDrawBuffers(1, back);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDrawBuffers(-1, bufs);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetIntegerv(GL_DRAW_BUFFER2, &v);
  EXPECT_EQ(v, GL_COLOR_ATTACHMENT2);
  glClearBufferfv(GL_STENCIL, 0, green);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glClearBufferuiv(GL_COLOR, -1, big);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glClearBufferfi(GL_DEPTH_STENCIL, 1, 0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glReadBuffer(GL_BACK);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetIntegerv(GL_READ_BUFFER, &v);
  EXPECT_EQ(v, GL_COLOR_ATTACHMENT2);

  // The default framebuffer: BACK or NONE only.
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDrawBuffers(1, bufs);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetIntegerv(GL_DRAW_BUFFER0, &v);
  EXPECT_EQ(v, GL_BACK);
  glGetIntegerv(GL_READ_BUFFER, &v);
  EXPECT_EQ(v, GL_BACK);
  glDeleteFramebuffers(1, &fb);
}

TEST_F(Framebuffers, MaskedClears) {
  glClearColor(1, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  EXPECT_EQ(pixel(0, 0), rgba(255, 255, 255));
  // Partial masks keep the masked channels.
  glColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(0, 0), rgba(255, 0, 0, 0));
  // ClearBuffer honours them too, in a scissor box.
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 2, 2);
  const GLfloat half[] = {0.0f, 1.0f, 1.0f, 1.0f};
  glClearBufferfv(GL_COLOR, 0, half);
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  EXPECT_EQ(pixel(1, 1), rgba(0, 0, 255, 0));
  EXPECT_EQ(pixel(3, 3), rgba(255, 0, 0, 0));
}

TEST_F(Framebuffers, BlitScaledAndFlipped) {
  // 4x4 source: left half red, right half green.
  GLuint src = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 4, 4);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(2, 0, 2, 4);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glScissor(0, 2, 4, 2);  // top half: blue
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);

  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // Scaled 4x4 -> 16x16 at (0,0).
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  // Flipped vertically into (16,0)-(32,16).
  glBlitFramebuffer(0, 0, 4, 4, 16, 16, 32, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  EXPECT_EQ(pixel(1, 1), rgba(255, 0, 0));
  EXPECT_EQ(pixel(14, 1), rgba(0, 255, 0));
  EXPECT_EQ(pixel(1, 14), rgba(0, 0, 255));
  EXPECT_EQ(pixel(17, 1), rgba(0, 0, 255));   // flipped: blue at the bottom
  EXPECT_EQ(pixel(17, 14), rgba(255, 0, 0));
  EXPECT_EQ(pixel(1, 20), rgba(0, 0, 0));     // untouched

  // Errors.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, 0x1, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_LINEAR_MIPMAP_LINEAR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  GLuint integer = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8UI}}, 4, 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, integer);
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLuint fbs[] = {src, integer};
  glDeleteFramebuffers(2, fbs);
}

// A scaled blit whose source rectangle reaches outside the read buffer
// maps the rectangles as specified (ES 3.0 §4.3.3): clipping only drops the
// destination pixels whose centres map outside the buffer, and LINEAR reads
// there clamp to its edge. The 8-wide source (black columns 0-3, red 4-7)
// is read from x = -1 to 8 into 32 destination columns, forwards and
// flipped, so the red edge falls between pixel centres; rounding the
// clipped rectangles to whole pixels (as the transfer path needs) moved it
// by 0.07 source pixels, some 18 levels of red.
TEST_F(Framebuffers, BlitScaledOutOfBoundsKeepsTheMapping) {
  GLuint src = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 8, 8);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(4, 0, 4, 8);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  GLuint dst = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 32, 8);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
  for (bool flip : {false, true}) {
    SCOPED_TRACE(flip ? "flipped" : "forwards");
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dst);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    const int s0 = flip ? 8 : -1, s1 = flip ? -1 : 8;
    glBlitFramebuffer(s0, 0, s1, 8, 0, 0, 32, 8, GL_COLOR_BUFFER_BIT, GL_LINEAR);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    std::vector<uint32_t> px(32 * 8);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
    glReadPixels(0, 0, 32, 8, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
    for (int d = 0; d < 32; ++d) {
      const double s = s0 + (d + 0.5) * (s1 - s0) / 32.0;
      const uint32_t got = px[4 * 32 + d];
      if (s < 0 || s >= 8) {
        EXPECT_EQ(got, rgba(0, 255, 0)) << "column " << d << " has no source pixel";
        continue;
      }
      const double u = s - 0.5, i0 = std::floor(u), a = u - i0;
      auto red = [](double i) { return std::clamp(i, 0.0, 7.0) >= 4 ? 255.0 : 0.0; };
      const int want = int(std::lround((1 - a) * red(i0) + a * red(i0 + 1)));
      EXPECT_NEAR(int(got & 0xff), want, 3) << "column " << d;
      EXPECT_EQ((got >> 8) & 0xff, 0u) << "column " << d;
    }
  }
  glClearColor(0, 0, 0, 0);
  GLuint fbs[] = {src, dst};
  glDeleteFramebuffers(2, fbs);
}

// A blit of the depth or the stencil buffer alone leaves the other one
// alone (ES 3.0 §4.3.3: mask selects the buffers copied), with combined
// depth/stencil images on both sides: the source has depth 0.25 and
// stencil 7, the destination 0.75 and 1. A full-window triangle at depth
// 0.5 with LESS shows whether the depth changed, one with stencil EQUAL
// whether the stencil did.
TEST_F(Framebuffers, BlitOneAspectOfDepthStencilKeepsTheOther) {
  GLuint prog = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
uniform vec4 color;
out vec4 o;
void main() { o = color; })");
  glUseProgram(prog);
  const GLint color = glGetUniformLocation(prog, "color");
  for (GLenum format : {GL_DEPTH24_STENCIL8, GL_DEPTH32F_STENCIL8}) {
    for (GLbitfield mask : {GLbitfield(GL_STENCIL_BUFFER_BIT), GLbitfield(GL_DEPTH_BUFFER_BIT)}) {
      SCOPED_TRACE(testing::Message() << std::hex << format << (mask == GL_DEPTH_BUFFER_BIT ? " depth" : " stencil"));
      GLuint src = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}, {GL_DEPTH_STENCIL_ATTACHMENT, format}}, 8, 8);
      glClearDepthf(0.25f);
      glClearStencil(7);
      glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
      GLuint dst = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}, {GL_DEPTH_STENCIL_ATTACHMENT, format}}, 8, 8);
      glClearDepthf(0.75f);
      glClearStencil(1);
      glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
      glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
      glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, mask, GL_NEAREST);
      ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
      glBindFramebuffer(GL_FRAMEBUFFER, dst);
      glViewport(0, 0, 8, 8);
      // Depth: red where 0.5 < the stored depth.
      glClearColor(0, 0, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      glEnable(GL_DEPTH_TEST);
      glDepthMask(GL_FALSE);
      glUniform4f(color, 1, 0, 0, 1);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glDisable(GL_DEPTH_TEST);
      glDepthMask(GL_TRUE);
      const bool depth_copied = mask == GL_DEPTH_BUFFER_BIT;
      EXPECT_EQ(pixel(4, 4), depth_copied ? rgba(0, 0, 0) : rgba(255, 0, 0)) << "depth";
      // Stencil: green where it equals the source's 7.
      glClear(GL_COLOR_BUFFER_BIT);
      glEnable(GL_STENCIL_TEST);
      glStencilFunc(GL_EQUAL, 7, 0xff);
      glUniform4f(color, 0, 1, 0, 1);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glDisable(GL_STENCIL_TEST);
      EXPECT_EQ(pixel(4, 4), depth_copied ? rgba(0, 0, 0) : rgba(0, 255, 0)) << "stencil";
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      GLuint fbs[] = {src, dst};
      glDeleteFramebuffers(2, fbs);
    }
  }
  glClearDepthf(1);
  glClearStencil(0);
  glClearColor(0, 0, 0, 0);
  glViewport(0, 0, kWidth, kHeight);
  glDeleteProgram(prog);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(Framebuffers, BlitOverlappingWithinOneFramebuffer) {
  GLuint fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 8, 8);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(4, 0, 4, 8);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  // Columns 0-5 move right by 2: the source is read before it is overwritten.
  glBlitFramebuffer(0, 0, 6, 8, 2, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(1, 3), rgba(255, 0, 0));
  EXPECT_EQ(pixel(5, 3), rgba(255, 0, 0));
  EXPECT_EQ(pixel(6, 3), rgba(0, 255, 0));
  EXPECT_EQ(pixel(7, 3), rgba(0, 255, 0));
  // Scissored blit: only the scissor box is written.
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint other = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 8, 8);
  glClearColor(1, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 2, 2);
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glDisable(GL_SCISSOR_TEST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, other);
  EXPECT_EQ(pixel(1, 1), rgba(0, 0, 255));
  EXPECT_EQ(pixel(2, 2), rgba(255, 255, 255));
  GLuint fbs[] = {fb, other};
  glDeleteFramebuffers(2, fbs);
}

TEST_F(Framebuffers, BlitResolvesMultisample) {
  GLuint ms = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 8, 8, 4);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  GLint samples = 0;
  glGetIntegerv(GL_SAMPLES, &samples);
  EXPECT_EQ(samples, 4);
  glClearColor(0.0f, 1.0f, 1.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  // Reading a multisampled framebuffer object is an error.
  uint32_t p = 0;
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLuint single = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 8, 8);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);  // scaled resolve
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, single);
  EXPECT_EQ(pixel(7, 7), rgba(0, 255, 255));
  GLuint fbs[] = {ms, single};
  glDeleteFramebuffers(2, fbs);
}

TEST_F(Framebuffers, ReadPixelsFormatsAndPackState) {
  GLuint fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}}, 8, 8);
  glClearColor(1.0f, 0.4f, 0.25f, 0.0f);  // 0.4 -> 102 exactly (0.5 -> 127.5 rounds either way)
  glClear(GL_COLOR_BUFFER_BIT);
  GLint fmt = 0, type = 0;
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &fmt);
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
  EXPECT_EQ(fmt, GL_RGBA);
  EXPECT_EQ(type, GL_UNSIGNED_BYTE);
  // RGB from an RGBA8 buffer is not an allowed pair.
  uint8_t rgb[3];
  glReadPixels(0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, rgb);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, rgb);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glReadPixels(0, 0, 1, 1, GL_RGBA, 0x1234, rgb);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgb);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  // Pack state: alignment 8, row length 5, skip 1 pixel and 2 rows, reading 3x2.
  glPixelStorei(GL_PACK_ALIGNMENT, 8);
  glPixelStorei(GL_PACK_ROW_LENGTH, 5);
  glPixelStorei(GL_PACK_SKIP_PIXELS, 1);
  glPixelStorei(GL_PACK_SKIP_ROWS, 2);
  std::vector<uint8_t> buf(24 * 4, 0xee);  // rows of 5*4=20 bytes padded to 24
  glReadPixels(2, 2, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, buf.data());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  auto at = [&](size_t row, size_t px) { return buf.data() + row * 24 + px * 4; };
  EXPECT_EQ(at(0, 0)[0], 0xee);                 // skipped rows untouched
  EXPECT_EQ(at(2, 0)[0], 0xee);                 // skipped pixel untouched
  EXPECT_EQ(at(2, 1)[0], 255);
  EXPECT_EQ(at(2, 1)[1], 102);
  EXPECT_EQ(at(2, 1)[2], 64);
  EXPECT_EQ(at(2, 1)[3], 0);
  EXPECT_EQ(at(3, 3)[0], 255);
  EXPECT_EQ(at(3, 4)[0], 0xee);                 // past the 3 pixels read
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
  glPixelStorei(GL_PACK_SKIP_ROWS, 0);

  // Partially outside: only the inside is written.
  std::vector<uint32_t> four(4, 0x01020304);
  glReadPixels(7, 7, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, four.data());
  EXPECT_EQ(four[0], rgba(255, 102, 64, 0));
  EXPECT_EQ(four[1], 0x01020304u);
  EXPECT_EQ(four[2], 0x01020304u);
  glDeleteFramebuffers(1, &fb);
}

TEST_F(Framebuffers, ReadPixelsOtherFormats) {
  // Each buffer's class pair and its implementation pair.
  GLuint fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGB565}}, 4, 4);
  glClearColor(1.0f, 0.0f, 1.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  GLint fmt = 0, type = 0;
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &fmt);
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
  EXPECT_EQ(fmt, GL_RGB);
  EXPECT_EQ(type, GL_UNSIGNED_SHORT_5_6_5);
  uint16_t packed = 0;
  glReadPixels(0, 0, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &packed);
  EXPECT_EQ(packed, 0xf81f);
  EXPECT_EQ(pixel(1, 1), rgba(255, 0, 255));
  glDeleteFramebuffers(1, &fb);

  fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGB10_A2}}, 4, 4);
  glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  uint32_t v = 0;
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(v, 0xc00003ffu);
  EXPECT_EQ(pixel(1, 1), rgba(255, 0, 0));
  glDeleteFramebuffers(1, &fb);

  fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RG16I}}, 4, 4);
  const GLint neg[] = {-300, 7, 0, 0};
  glClearBufferiv(GL_COLOR, 0, neg);
  GLint iv[4] = {};
  glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, iv);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(iv[0], -300);
  EXPECT_EQ(iv[1], 7);
  EXPECT_EQ(iv[2], 0);
  EXPECT_EQ(iv[3], 1);
  glDeleteFramebuffers(1, &fb);
}

TEST_F(Framebuffers, InvalidateFramebuffer) {
  GLuint fb = make_fbo({{GL_COLOR_ATTACHMENT0, GL_RGBA8}, {GL_DEPTH_STENCIL_ATTACHMENT, GL_DEPTH24_STENCIL8}});
  const GLenum atts[] = {GL_COLOR_ATTACHMENT0, GL_DEPTH_STENCIL_ATTACHMENT};
  glInvalidateFramebuffer(GL_FRAMEBUFFER, 2, atts);
  glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 2, atts, 0, 0, 2, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const GLenum bad[] = {GL_COLOR};
  glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, bad);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glInvalidateFramebuffer(GL_FRAMEBUFFER, -1, atts);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const GLenum def[] = {GL_COLOR, GL_DEPTH, GL_STENCIL};
  glInvalidateFramebuffer(GL_FRAMEBUFFER, 3, def);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, atts);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // Still usable afterwards.
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(0, 0), rgba(0, 255, 0));
  glDeleteFramebuffers(1, &fb);
}

// Default framebuffers of the other configs.
class DefaultFramebufferFormat : public ::testing::Test {
 protected:
  void open(EGLint r, EGLint g, EGLint b, EGLint a) {
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
    EGLint n = 0;
    eglGetConfigs(dpy, nullptr, 0, &n);
    std::vector<EGLConfig> configs(static_cast<size_t>(n));
    eglGetConfigs(dpy, configs.data(), n, &n);
    for (EGLConfig c : configs) {
      EGLint cr, cg, cb, ca, s;
      eglGetConfigAttrib(dpy, c, EGL_RED_SIZE, &cr);
      eglGetConfigAttrib(dpy, c, EGL_GREEN_SIZE, &cg);
      eglGetConfigAttrib(dpy, c, EGL_BLUE_SIZE, &cb);
      eglGetConfigAttrib(dpy, c, EGL_ALPHA_SIZE, &ca);
      eglGetConfigAttrib(dpy, c, EGL_SAMPLES, &s);
      if (cr == r && cg == g && cb == b && ca == a && s == 0) config = c;
    }
    ASSERT_NE(config, nullptr);
    const EGLint pb[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_NONE};
    surface = eglCreatePbufferSurface(dpy, config, pb);
    ASSERT_NE(surface, EGL_NO_SURFACE);
    const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attribs);
    ASSERT_NE(ctx, EGL_NO_CONTEXT);
    ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  }
  void TearDown() override {
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (ctx != EGL_NO_CONTEXT) eglDestroyContext(dpy, ctx);
    if (surface != EGL_NO_SURFACE) eglDestroySurface(dpy, surface);
    eglTerminate(dpy);
  }
  EGLDisplay dpy = EGL_NO_DISPLAY;
  EGLConfig config = nullptr;
  EGLSurface surface = EGL_NO_SURFACE;
  EGLContext ctx = EGL_NO_CONTEXT;
};

TEST_F(DefaultFramebufferFormat, Rgb565) {
  open(5, 6, 5, 0);
  glClearColor(1.0f, 0.0f, 1.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  GLint fmt = 0, type = 0, bits = 0;
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &fmt);
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
  glGetIntegerv(GL_GREEN_BITS, &bits);
  EXPECT_EQ(fmt, GL_RGB);
  EXPECT_EQ(type, GL_UNSIGNED_SHORT_5_6_5);
  EXPECT_EQ(bits, 6);
  uint32_t p = 0;
  glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
  EXPECT_EQ(p, 0xffff00ffu);  // alpha reads as 1
  uint16_t packed = 0;
  glReadPixels(3, 3, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &packed);
  EXPECT_EQ(packed, 0xf81f);
}

TEST_F(DefaultFramebufferFormat, Rgb8AlphaReadsOne) {
  open(8, 8, 8, 0);
  glClearColor(0.0f, 1.0f, 0.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  uint32_t p = 0;
  glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
  EXPECT_EQ(p, 0xff00ff00u);
  GLint bits = -1;
  glGetIntegerv(GL_ALPHA_BITS, &bits);
  EXPECT_EQ(bits, 0);
  // A color mask without alpha is a full mask here.
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
  glClearColor(1.0f, 0.0f, 0.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
  EXPECT_EQ(p, 0xff0000ffu);
}

}  // namespace
}  // namespace brass::e2e

namespace brass::e2e {
namespace {


class RenderToTexture : public GlesTest {
 protected:
  GLuint texture_2d(GLsizei w, GLsizei h, GLenum internal = GL_RGBA8, GLenum format = GL_RGBA,
                    GLenum type = GL_UNSIGNED_BYTE) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GLint(internal), w, h, 0, format, type, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return t;
  }
};

TEST_F(RenderToTexture, ClearDrawAndSample) {
  GLuint tex = texture_2d(8, 8);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  GLint v = 0;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_TEXTURE);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
  EXPECT_EQ(v, 0);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                        GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, &v);
  EXPECT_EQ(v, 0);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 0));

  // Draw green into the right half.
  GLuint green = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
out vec4 color;
void main() { color = vec4(0.0, 1.0, 0.0, 1.0); })");
  glUseProgram(green);
  glViewport(4, 0, 4, 8);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(1, 4), rgba(255, 0, 0));
  EXPECT_EQ(pixel(6, 4), rgba(0, 255, 0));

  // Sample the texture into the default framebuffer.
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, kWidth, kHeight);
  GLuint sample = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
uniform sampler2D tex;
out vec4 color;
void main() { color = texture(tex, gl_FragCoord.xy / 32.0); })");
  glUseProgram(sample);
  glBindTexture(GL_TEXTURE_2D, tex);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(2, 16), rgba(255, 0, 0));
  EXPECT_EQ(pixel(30, 16), rgba(0, 255, 0));

  // Re-specifying the attached image re-validates the framebuffer.
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glUseProgram(0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(1, 1), rgba(0, 0, 255));
  uint32_t outside = 7;
  glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &outside);
  EXPECT_EQ(outside, 7u);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteProgram(green);
  glDeleteProgram(sample);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &tex);
}

TEST_F(RenderToTexture, MultipleRenderTargetsFromOneDraw) {
  GLuint t0 = texture_2d(4, 4), t1 = texture_2d(4, 4);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t0, 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, t1, 0);
  const GLenum bufs[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, bufs);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  GLuint p = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
layout(location = 0) out vec4 a;
layout(location = 1) out vec4 b;
void main() { a = vec4(1.0, 1.0, 0.0, 1.0); b = vec4(0.0, 1.0, 1.0, 1.0); })");
  glUseProgram(p);
  glViewport(0, 0, 4, 4);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  EXPECT_EQ(pixel(2, 2), rgba(255, 255, 0));
  glReadBuffer(GL_COLOR_ATTACHMENT1);
  EXPECT_EQ(pixel(2, 2), rgba(0, 255, 255));
  glUseProgram(0);
  glDeleteProgram(p);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  GLuint ts[] = {t0, t1};
  glDeleteTextures(2, ts);
}

TEST_F(RenderToTexture, CubeFacesAndArrayLayers) {
  GLuint cube = 0;
  glGenTextures(1, &cube);
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
  glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 4);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  for (GLenum face = 0; face < 6; ++face) {
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, cube, 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    glClearColor(float(face) / 5.0f, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  for (GLenum face = 0; face < 6; ++face) {
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, cube, 0);
    EXPECT_EQ(pixel(1, 1), rgba(uint8_t(face * 51), 0, 0)) << face;
  }
  GLint v = 0;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                        GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, &v);
  EXPECT_EQ(v, GL_TEXTURE_CUBE_MAP_NEGATIVE_Z);
  // A cube texture with TEXTURE_2D: error.
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, cube, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  GLuint array = 0;
  glGenTextures(1, &array);
  glBindTexture(GL_TEXTURE_2D_ARRAY, array);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 3);
  for (GLint layer = 0; layer < 3; ++layer) {
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, layer);
    glClearColor(0, float(layer) * 0.4f, 0, 1);  // layer 1: 102 exactly
    glClear(GL_COLOR_BUFFER_BIT);
  }
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, 1);
  EXPECT_EQ(pixel(2, 2), rgba(0, 102, 0));
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
  EXPECT_EQ(v, 1);
  // Past the layers: attachment incomplete; bad layer / texture kinds: errors.
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, 3);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, cube, 0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  GLuint ts[] = {cube, array};
  glDeleteTextures(2, ts);
}

TEST_F(RenderToTexture, ReadPixelsIntoPixelPackBuffer) {
  glClearColor(0.0f, 0.4f, 1.0f, 1.0f);  // 0.4 -> 102 exactly
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint pbo = 0;
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
  glBufferData(GL_PIXEL_PACK_BUFFER, 64, nullptr, GL_STREAM_READ);
  glReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, reinterpret_cast<void*>(16));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const auto* m = static_cast<const uint32_t*>(glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 64, GL_MAP_READ_BIT));
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m[4], rgba(0, 102, 255));
  EXPECT_EQ(m[7], rgba(0, 102, 255));
  glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
  // Past the end, or a misaligned offset for the type: errors.
  glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, reinterpret_cast<void*>(4));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, reinterpret_cast<void*>(61));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // A mapped pack buffer cannot be written.
  glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 4, GL_MAP_READ_BIT);
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glDeleteBuffers(1, &pbo);
}

}  // namespace
}  // namespace brass::e2e
