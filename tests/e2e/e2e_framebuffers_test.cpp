// Framebuffer objects, renderbuffers, clears and glReadPixels through
// the application path (glvnd -> Brass -> lavapipe).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>

#include "e2e_framebuffer_fixture.h"

namespace brass::e2e {
namespace {

class Framebuffers : public FramebufferTest {};

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
