// The EGLImage e2e fixture: the KHR image functions and the GL_OES_EGL_image
// / GL_EXT_EGL_image_storage ones as an application gets them
// (eglGetProcAddress through glvnd), and helpers that fill and read
// textures and renderbuffers through framebuffer objects.
#pragma once

#include <GLES3/gl31.h>

#include <cstdint>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {

class EglImageTest : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    create_image_khr = reinterpret_cast<PFNEGLCREATEIMAGEKHRPROC>(eglGetProcAddress("eglCreateImageKHR"));
    destroy_image_khr = reinterpret_cast<PFNEGLDESTROYIMAGEKHRPROC>(eglGetProcAddress("eglDestroyImageKHR"));
    target_texture = reinterpret_cast<PFNGLEGLIMAGETARGETTEXTURE2DOESPROC>(
        eglGetProcAddress("glEGLImageTargetTexture2DOES"));
    target_renderbuffer = reinterpret_cast<PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC>(
        eglGetProcAddress("glEGLImageTargetRenderbufferStorageOES"));
    target_tex_storage = reinterpret_cast<PFNGLEGLIMAGETARGETTEXSTORAGEEXTPROC>(
        eglGetProcAddress("glEGLImageTargetTexStorageEXT"));
    get_level_iv = reinterpret_cast<PFNGLGETTEXLEVELPARAMETERIVPROC>(eglGetProcAddress("glGetTexLevelParameteriv"));
    ASSERT_NE(get_level_iv, nullptr);
    ASSERT_NE(create_image_khr, nullptr);
    ASSERT_NE(destroy_image_khr, nullptr);
    ASSERT_NE(target_texture, nullptr);
    ASSERT_NE(target_renderbuffer, nullptr);
    ASSERT_NE(target_tex_storage, nullptr);
    glGenFramebuffers(1, &fbo);
  }
  void TearDown() override {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    GlesTest::TearDown();
  }

  static EGLClientBuffer buffer(GLuint name) { return reinterpret_cast<EGLClientBuffer>(static_cast<uintptr_t>(name)); }

  // A w x h RGBA8 TEXTURE_2D, level 0 only, every texel `color`, NEAREST.
  static GLuint solid_texture(uint32_t color, GLsizei w = 8, GLsizei h = 8) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    const std::vector<uint32_t> texels(size_t(w) * size_t(h), color);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return t;
  }
  // A w x h renderbuffer of `format`.
  static GLuint renderbuffer(GLenum format, GLsizei w = 8, GLsizei h = 8, GLsizei samples = 0) {
    GLuint rb = 0;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, w, h);
    return rb;
  }

  // Binds the fixture's FBO with `tex_target` level `level` (or a renderbuffer) as color 0.
  void attach_texture(GLuint tex, GLint level = 0, GLenum tex_target = GL_TEXTURE_2D) {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex_target, tex, level);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  }
  void attach_renderbuffer(GLuint rb) {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  }
  // Clears the attached FBO image to a color, then unbinds the FBO.
  void clear_attached(float r, float g, float b, float a = 1.0f) {
    glClearColor(r, g, b, a);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }
  // Pixel (x, y) of the attached FBO image.
  uint32_t attached_pixel(int x, int y) {
    const uint32_t p = pixel(x, y);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return p;
  }
  uint32_t texture_pixel(GLuint tex, int x = 0, int y = 0, GLint level = 0, GLenum tex_target = GL_TEXTURE_2D) {
    attach_texture(tex, level, tex_target);
    return attached_pixel(x, y);
  }
  uint32_t renderbuffer_pixel(GLuint rb, int x = 0, int y = 0) {
    attach_renderbuffer(rb);
    return attached_pixel(x, y);
  }

  // Draws a full-viewport triangle sampling `tex` (TEXTURE_2D, unit 0) into
  // the default framebuffer and returns the centre pixel.
  uint32_t sampled_pixel(GLuint tex) {
    static constexpr const char* kFs = R"(#version 300 es
precision mediump float;
uniform sampler2D s;
out vec4 color;
void main() { color = texture(s, vec2(0.5)); })";
    const GLuint p = program(kFullscreenVs, kFs);
    glUseProgram(p);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glBindTexture(GL_TEXTURE_2D, tex);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glUseProgram(0);
    glDeleteProgram(p);
    return pixel(kWidth / 2, kHeight / 2);
  }

  EGLImageKHR image_of_texture(GLuint tex, EGLint level = 0, EGLenum target = EGL_GL_TEXTURE_2D_KHR) {
    const EGLint attribs[] = {EGL_GL_TEXTURE_LEVEL_KHR, level, EGL_NONE};
    return create_image_khr(dpy, ctx, target, buffer(tex), attribs);
  }

  PFNEGLCREATEIMAGEKHRPROC create_image_khr = nullptr;
  PFNEGLDESTROYIMAGEKHRPROC destroy_image_khr = nullptr;
  PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_texture = nullptr;
  PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC target_renderbuffer = nullptr;
  PFNGLEGLIMAGETARGETTEXSTORAGEEXTPROC target_tex_storage = nullptr;
  PFNGLGETTEXLEVELPARAMETERIVPROC get_level_iv = nullptr;  // ES 3.1, answered in ES 3.0 contexts too
  GLuint fbo = 0;
};

}  // namespace brass::e2e
