// Direct state access to framebuffers and renderbuffers
// (ARB_direct_state_access, GL 4.6 §9, §17.4, §18.3) in a 4.6 core context
// (BRASS_GL_VERSION_OVERRIDE=4.6): framebuffer objects assembled, cleared,
// blitted and queried by name while the default framebuffer stays bound;
// the results are read back from the default framebuffer and textures.
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlDsaFramebuffers = GlCore4xTest;

TEST_F(GlDsaFramebuffers, ClearAndBlitUnboundFramebuffers) {
  GLuint tex = 0, rb = 0, fb = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &tex);
  glTextureStorage2D(tex, 1, GL_RGBA8, kWidth, kHeight);
  glCreateRenderbuffers(1, &rb);
  glNamedRenderbufferStorage(rb, GL_DEPTH24_STENCIL8, kWidth, kHeight);
  glCreateFramebuffers(1, &fb);
  EXPECT_EQ(glCheckNamedFramebufferStatus(fb, GL_DRAW_FRAMEBUFFER),
            static_cast<GLenum>(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT));
  glNamedFramebufferTexture(fb, GL_COLOR_ATTACHMENT0, tex, 0);
  glNamedFramebufferRenderbuffer(fb, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(glCheckNamedFramebufferStatus(fb, GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  // Zero is the default framebuffer, complete with the pbuffer.
  EXPECT_EQ(glCheckNamedFramebufferStatus(0, GL_READ_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));

  // Clear the unbound framebuffer object, then the default one red.
  const GLfloat blue[4] = {0, 0, 1, 1};
  glClearNamedFramebufferfv(fb, GL_COLOR, 0, blue);
  glClearNamedFramebufferfi(fb, GL_DEPTH_STENCIL, 0, 0.25f, 7);
  const GLfloat red[4] = {1, 0, 0, 1};
  glClearNamedFramebufferfv(0, GL_COLOR, 0, red);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint binding = -1;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &binding);
  EXPECT_EQ(binding, 0);
  EXPECT_EQ(pixel(3, 3), rgba(255, 0, 0));
  uint32_t texel = 0;
  std::vector<uint32_t> texels(kWidth * kHeight);
  glGetTextureImage(tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(texels.size() * 4), texels.data());
  texel = texels[5];
  EXPECT_EQ(texel, rgba(0, 0, 255));

  // Blit the object's left half onto the default framebuffer.
  glBlitNamedFramebuffer(fb, 0, 0, 0, kWidth / 2, kHeight, 0, 0, kWidth / 2, kHeight, GL_COLOR_BUFFER_BIT,
                         GL_NEAREST);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(2, 2), rgba(0, 0, 255));
  EXPECT_EQ(pixel(kWidth - 2, 2), rgba(255, 0, 0));

  GLint v = 0;
  glGetNamedFramebufferAttachmentParameteriv(fb, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
  EXPECT_EQ(static_cast<GLuint>(v), tex);
  glGetNamedFramebufferAttachmentParameteriv(fb, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_RENDERBUFFER);
  glGetNamedFramebufferAttachmentParameteriv(0, GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_FRAMEBUFFER_DEFAULT);
  glGetNamedRenderbufferParameteriv(rb, GL_RENDERBUFFER_STENCIL_SIZE, &v);
  EXPECT_EQ(v, 8);
  glGetNamedRenderbufferParameteriv(rb, GL_RENDERBUFFER_WIDTH, &v);
  EXPECT_EQ(v, kWidth);
  glDeleteFramebuffers(1, &fb);
  glDeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &tex);
}

TEST_F(GlDsaFramebuffers, DrawReadBuffersAndLayers) {
  GLuint arr = 0, fb = 0;
  glCreateTextures(GL_TEXTURE_2D_ARRAY, 1, &arr);
  glTextureStorage3D(arr, 1, GL_RGBA8, 4, 4, 3);
  glCreateFramebuffers(1, &fb);
  glNamedFramebufferTextureLayer(fb, GL_COLOR_ATTACHMENT1, arr, 0, 2);
  const GLenum bufs[2] = {GL_NONE, GL_COLOR_ATTACHMENT1};
  glNamedFramebufferDrawBuffers(fb, 2, bufs);
  glNamedFramebufferReadBuffer(fb, GL_COLOR_ATTACHMENT1);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint layer = -1;
  glGetNamedFramebufferAttachmentParameteriv(fb, GL_COLOR_ATTACHMENT1, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &layer);
  EXPECT_EQ(layer, 2);
  // Draw buffer 1 is attachment 1, layer 2 of the array.
  const GLfloat green[4] = {0, 1, 0, 1};
  glClearNamedFramebufferfv(fb, GL_COLOR, 1, green);
  // Reading it through the named framebuffer's read buffer.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
  GLint read_buffer = 0;
  glGetIntegerv(GL_READ_BUFFER, &read_buffer);
  EXPECT_EQ(read_buffer, GL_COLOR_ATTACHMENT1);
  EXPECT_EQ(pixel(1, 1), rgba(0, 255, 0));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
  GLint draw_buffer = 0;
  glGetIntegerv(GL_DRAW_BUFFER1, &draw_buffer);
  EXPECT_EQ(draw_buffer, GL_COLOR_ATTACHMENT1);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);

  // Errors.
  glNamedFramebufferDrawBuffer(fb, GL_BACK);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glNamedFramebufferReadBuffer(0, GL_COLOR_ATTACHMENT0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glNamedFramebufferTexture(0, GL_COLOR_ATTACHMENT0, arr, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint gen = 0;
  glGenFramebuffers(1, &gen);
  glNamedFramebufferDrawBuffer(gen, GL_NONE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glCheckNamedFramebufferStatus(fb, GL_RED);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  const GLfloat c[4] = {};
  glClearNamedFramebufferfv(4242, GL_COLOR, 0, c);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glNamedFramebufferDrawBuffer(0, GL_BACK);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  glNamedFramebufferParameteri(fb, GL_FRAMEBUFFER_DEFAULT_WIDTH, 16);
  GLint w = 0;
  glGetNamedFramebufferParameteriv(fb, GL_FRAMEBUFFER_DEFAULT_WIDTH, &w);
  EXPECT_EQ(w, 16);
  const GLenum invalidate = GL_COLOR_ATTACHMENT1;
  glInvalidateNamedFramebufferData(fb, 1, &invalidate);
  glInvalidateNamedFramebufferSubData(fb, 1, &invalidate, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteFramebuffers(1, &fb);
  glDeleteFramebuffers(1, &gen);
  glDeleteTextures(1, &arr);
}

TEST_F(GlDsaFramebuffers, NamedRenderbufferErrors) {
  GLuint gen = 0;
  glGenRenderbuffers(1, &gen);
  glNamedRenderbufferStorage(gen, GL_RGBA8, 4, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint rb = 0;
  glCreateRenderbuffers(1, &rb);
  EXPECT_TRUE(glIsRenderbuffer(rb));
  glNamedRenderbufferStorageMultisample(rb, 4, GL_RGBA8, 4, 4);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint samples = 0;
  glGetNamedRenderbufferParameteriv(rb, GL_RENDERBUFFER_SAMPLES, &samples);
  EXPECT_GE(samples, 4);
  glNamedRenderbufferStorage(rb, GL_RED_INTEGER, 4, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glNamedRenderbufferStorage(rb, GL_RGBA8, -1, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetNamedRenderbufferParameteriv(rb, GL_RED, &samples);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteRenderbuffers(1, &rb);
  glDeleteRenderbuffers(1, &gen);
}

}  // namespace
}  // namespace brass::e2e
