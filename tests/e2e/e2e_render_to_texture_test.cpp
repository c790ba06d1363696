// Rendering into textures through the application path: clear, draw and
// sample, several render targets from one draw, cube faces and array
// layers, and read-back into a pixel pack buffer.
#include <array>
#include <cstring>
#include <vector>

#include "e2e_fixture.h"

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
