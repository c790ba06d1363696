// EGLImages through glvnd (EGL_KHR_image_base, EGL_KHR_gl_texture_2D_image,
// EGL_KHR_gl_texture_cubemap_image, EGL_KHR_gl_renderbuffer_image,
// GL_OES_EGL_image, GL_EXT_EGL_image_storage): siblings share texels in
// both directions, across contexts of different share groups and threads,
// outlive their source, and respecification orphans. The errors are in
// e2e_egl_image_errors_test.cpp.
#include <cstring>
#include <string>
#include <thread>

#include "e2e_egl_image_fixture.h"

namespace brass::e2e {
namespace {

using E2eEglImage = EglImageTest;

bool has_word(const char* list, const char* word) {
  const std::string s = std::string(" ") + (list ? list : "") + " ";
  return s.find(std::string(" ") + word + " ") != std::string::npos;
}

TEST_F(E2eEglImage, ExtensionsAndEntryPointsAreThere) {
  const char* egl = eglQueryString(dpy, EGL_EXTENSIONS);
  // lavapipe samples 2D views of 3D images (VK_EXT_image_2d_view_of_3d),
  // so 3D slices are sources there.
  for (const char* e : {"EGL_KHR_image_base", "EGL_KHR_gl_texture_2D_image", "EGL_KHR_gl_texture_cubemap_image",
                        "EGL_KHR_gl_texture_3D_image", "EGL_KHR_gl_renderbuffer_image", "EGL_MESA_configless_context"})
    EXPECT_TRUE(has_word(egl, e)) << e;
  // Not implemented: pixmaps (EGL_KHR_image = image_base + image_pixmap), dma-bufs.
  for (const char* e : {"EGL_KHR_image", "EGL_EXT_image_dma_buf_import"})
    EXPECT_FALSE(has_word(egl, e)) << e;
  EXPECT_TRUE(has_extension("GL_OES_EGL_image"));
  EXPECT_TRUE(has_extension("GL_EXT_EGL_image_storage"));
  EXPECT_TRUE(has_extension("GL_OES_EGL_image_external"));  // e2e_egl_image_external_test.cpp
}

TEST_F(E2eEglImage, TextureSourceAndTextureTargetShareTexels) {
  const GLuint src = solid_texture(rgba(255, 0, 0));
  EGLImageKHR image = image_of_texture(src);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  GLuint dst = 0;
  glGenTextures(1, &dst);
  glBindTexture(GL_TEXTURE_2D, dst);
  target_texture(GL_TEXTURE_2D, image);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(texture_pixel(dst, 3, 3), rgba(255, 0, 0));
  EXPECT_EQ(sampled_pixel(dst), rgba(255, 0, 0));
  // A draw into the target is seen through the source...
  attach_texture(dst);
  clear_attached(0, 1, 0);
  EXPECT_EQ(texture_pixel(src, 5, 5), rgba(0, 255, 0));
  EXPECT_EQ(sampled_pixel(src), rgba(0, 255, 0));
  // ...and an upload into the source through the target.
  glBindTexture(GL_TEXTURE_2D, src);
  const uint32_t blue = rgba(0, 0, 255);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &blue);
  EXPECT_EQ(texture_pixel(dst, 2, 2), blue);
  EXPECT_EQ(texture_pixel(dst, 3, 2), rgba(0, 255, 0));
  GLint w = 0, h = 0, fmt = 0;
  glBindTexture(GL_TEXTURE_2D, dst);
  get_level_iv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
  get_level_iv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &h);
  get_level_iv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &fmt);
  EXPECT_EQ(w, 8);
  EXPECT_EQ(h, 8);
  EXPECT_EQ(fmt, GL_RGBA);
  EXPECT_TRUE(destroy_image_khr(dpy, image));
  glDeleteTextures(1, &dst);
  glDeleteTextures(1, &src);
}

TEST_F(E2eEglImage, MipLevelOfACompleteTexture) {
  GLuint src = solid_texture(rgba(255, 255, 0), 16, 16);
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  EGLImageKHR image = image_of_texture(src, 1);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  GLuint dst = 0;
  glGenTextures(1, &dst);
  glBindTexture(GL_TEXTURE_2D, dst);
  target_texture(GL_TEXTURE_2D, image);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  GLint w = 0;
  get_level_iv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
  EXPECT_EQ(w, 8);
  attach_texture(dst);
  clear_attached(1, 0, 1);
  EXPECT_EQ(texture_pixel(src, 7, 7, 1), rgba(255, 0, 255));
  EXPECT_EQ(texture_pixel(src, 0, 0, 0), rgba(255, 255, 0));  // level 0 is not the image
  EXPECT_EQ(texture_pixel(src, 0, 0, 2), rgba(255, 255, 0));
  EXPECT_EQ(sampled_pixel(dst), rgba(255, 0, 255));
  // Mipmaps generated for the target are its own: the source's level 2
  // (the next level of the shared resource) is untouched.
  glBindTexture(GL_TEXTURE_2D, dst);
  glGenerateMipmap(GL_TEXTURE_2D);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(texture_pixel(src, 0, 0, 2), rgba(255, 255, 0));
  EXPECT_EQ(texture_pixel(dst, 0, 0, 1), rgba(255, 0, 255));
  // Regenerating the source's levels respecifies level 1, the image: it is
  // orphaned (keeps magenta), and the source gets level 0's yellow.
  glBindTexture(GL_TEXTURE_2D, src);
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(texture_pixel(src, 0, 0, 1), rgba(255, 255, 0));
  EXPECT_EQ(texture_pixel(dst, 0, 0, 0), rgba(255, 0, 255));
  GLuint probe = 0;
  glGenTextures(1, &probe);
  glBindTexture(GL_TEXTURE_2D, probe);
  target_texture(GL_TEXTURE_2D, image);
  EXPECT_EQ(texture_pixel(probe, 3, 3), rgba(255, 0, 255));
  glDeleteTextures(1, &probe);
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &dst);
  glDeleteTextures(1, &src);
}

TEST_F(E2eEglImage, CubeMapFace) {
  GLuint cube = 0;
  glGenTextures(1, &cube);
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
  for (GLenum f = 0; f < 6; ++f) {
    const std::vector<uint32_t> texels(16, rgba(uint8_t(40 * f), 10, 20));
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  }
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EGLImageKHR image = image_of_texture(cube, 0, EGL_GL_TEXTURE_CUBE_MAP_NEGATIVE_Y_KHR);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  GLuint dst = 0;
  glGenTextures(1, &dst);
  glBindTexture(GL_TEXTURE_2D, dst);
  target_texture(GL_TEXTURE_2D, image);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(texture_pixel(dst, 1, 1), rgba(120, 10, 20));
  EXPECT_EQ(sampled_pixel(dst), rgba(120, 10, 20));
  attach_texture(dst);
  clear_attached(0, 0, 1);
  EXPECT_EQ(texture_pixel(cube, 2, 2, 0, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y), rgba(0, 0, 255));
  EXPECT_EQ(texture_pixel(cube, 2, 2, 0, GL_TEXTURE_CUBE_MAP_POSITIVE_Y), rgba(80, 10, 20));
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &dst);
  glDeleteTextures(1, &cube);
}

TEST_F(E2eEglImage, SliceOf3DTexture) {
  GLuint vol = 0;
  glGenTextures(1, &vol);
  glBindTexture(GL_TEXTURE_3D, vol);
  std::vector<uint32_t> texels;
  for (uint8_t z = 0; z < 4; ++z) texels.insert(texels.end(), 16, rgba(uint8_t(50 * z), 60, 70));
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  const EGLint attribs[] = {EGL_GL_TEXTURE_ZOFFSET_KHR, 2, EGL_NONE};
  EGLImageKHR image = create_image_khr(dpy, ctx, EGL_GL_TEXTURE_3D_KHR, buffer(vol), attribs);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  GLuint dst = 0;
  glGenTextures(1, &dst);
  glBindTexture(GL_TEXTURE_2D, dst);
  target_texture(GL_TEXTURE_2D, image);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(sampled_pixel(dst), rgba(100, 60, 70));
  EXPECT_EQ(texture_pixel(dst, 3, 3), rgba(100, 60, 70));
  attach_texture(dst);
  clear_attached(1, 1, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  for (GLint z = 0; z < 4; ++z) {
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, vol, 0, z);
    EXPECT_EQ(pixel(1, 1), z == 2 ? rgba(255, 255, 0) : rgba(uint8_t(50 * z), 60, 70)) << z;
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  // Another slice of the same level is another source.
  const EGLint slice1[] = {EGL_GL_TEXTURE_ZOFFSET_KHR, 1, EGL_NONE};
  EGLImageKHR second = create_image_khr(dpy, ctx, EGL_GL_TEXTURE_3D_KHR, buffer(vol), slice1);
  EXPECT_NE(second, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  target_renderbuffer(GL_RENDERBUFFER, second);
  EXPECT_EQ(renderbuffer_pixel(rb, 2, 2), rgba(50, 60, 70));
  destroy_image_khr(dpy, second);
  destroy_image_khr(dpy, image);
  glDeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &dst);
  glDeleteTextures(1, &vol);
}

TEST_F(E2eEglImage, RenderbufferSourceToRenderbufferAndTexture) {
  const GLuint src = renderbuffer(GL_RGBA8);
  attach_renderbuffer(src);
  clear_attached(1, 0, 0);
  EGLImageKHR image = create_image_khr(dpy, ctx, EGL_GL_RENDERBUFFER_KHR, buffer(src), nullptr);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  target_renderbuffer(GL_RENDERBUFFER, image);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint w = 0, fmt = 0;
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &w);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &fmt);
  EXPECT_EQ(w, 8);
  EXPECT_EQ(fmt, GL_RGBA8);
  EXPECT_EQ(renderbuffer_pixel(rb, 4, 4), rgba(255, 0, 0));
  attach_renderbuffer(rb);
  clear_attached(0, 1, 0);
  EXPECT_EQ(renderbuffer_pixel(src, 4, 4), rgba(0, 255, 0));
  // A renderbuffer's image as a sampled texture.
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  target_texture(GL_TEXTURE_2D, image);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(sampled_pixel(tex), rgba(0, 255, 0));
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &tex);
  glDeleteRenderbuffers(1, &rb);
  glDeleteRenderbuffers(1, &src);
}

TEST_F(E2eEglImage, TextureLevelAsRenderbuffer) {
  GLuint src = solid_texture(rgba(0, 0, 0), 16, 16);
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  EGLImageKHR image = image_of_texture(src, 2);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  target_renderbuffer(GL_RENDERBUFFER, image);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  attach_renderbuffer(rb);
  clear_attached(0, 1, 1);
  EXPECT_EQ(texture_pixel(src, 3, 3, 2), rgba(0, 255, 255));
  EXPECT_EQ(texture_pixel(src, 3, 3, 1), rgba(0, 0, 0));
  destroy_image_khr(dpy, image);
  glDeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &src);
}

TEST_F(E2eEglImage, ImageOutlivesSourceAndHandle) {
  GLuint src = solid_texture(rgba(9, 99, 199));
  EGLImage image = eglCreateImage(dpy, ctx, EGL_GL_TEXTURE_2D, buffer(src), nullptr);  // the EGL 1.5 form
  ASSERT_NE(image, EGL_NO_IMAGE) << std::hex << eglGetError();
  glDeleteTextures(1, &src);
  GLuint dst = 0;
  glGenTextures(1, &dst);
  glBindTexture(GL_TEXTURE_2D, dst);
  target_texture(GL_TEXTURE_2D, image);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_TRUE(eglDestroyImage(dpy, image));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(texture_pixel(dst, 1, 6), rgba(9, 99, 199));
  EXPECT_EQ(sampled_pixel(dst), rgba(9, 99, 199));
  // A destroyed handle makes no more siblings.
  GLuint again = 0;
  glGenTextures(1, &again);
  glBindTexture(GL_TEXTURE_2D, again);
  target_texture(GL_TEXTURE_2D, image);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteTextures(1, &again);
  glDeleteTextures(1, &dst);
}

TEST_F(E2eEglImage, RespecifyingASiblingOrphansIt) {
  GLuint src = solid_texture(rgba(255, 0, 0));
  EGLImageKHR image = image_of_texture(src);
  GLuint dst = 0;
  glGenTextures(1, &dst);
  glBindTexture(GL_TEXTURE_2D, dst);
  target_texture(GL_TEXTURE_2D, image);
  // Same size and format: still new storage for the source.
  glBindTexture(GL_TEXTURE_2D, src);
  const std::vector<uint32_t> white(64, rgba(255, 255, 255));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, white.data());
  EXPECT_EQ(texture_pixel(dst, 0, 0), rgba(255, 0, 0));
  EXPECT_EQ(texture_pixel(src, 0, 0), rgba(255, 255, 255));
  // The respecified level is no sibling any more: it may be a source again.
  EGLImageKHR second = image_of_texture(src);
  EXPECT_NE(second, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  // Respecifying the target orphans it from the image the same way.
  glBindTexture(GL_TEXTURE_2D, dst);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, white.data());
  attach_texture(dst);
  clear_attached(0, 0, 0);
  GLuint probe = 0;
  glGenTextures(1, &probe);
  glBindTexture(GL_TEXTURE_2D, probe);
  target_texture(GL_TEXTURE_2D, image);
  EXPECT_EQ(texture_pixel(probe, 0, 0), rgba(255, 0, 0));
  destroy_image_khr(dpy, second);
  destroy_image_khr(dpy, image);
  GLuint textures[] = {src, dst, probe};
  glDeleteTextures(3, textures);
}

TEST_F(E2eEglImage, ImmutableTargetWithExtEglImageStorage) {
  GLuint src = solid_texture(rgba(1, 2, 3));
  EGLImageKHR image = image_of_texture(src);
  GLuint dst = 0;
  glGenTextures(1, &dst);
  glBindTexture(GL_TEXTURE_2D, dst);
  const GLint none[] = {GL_NONE};
  target_tex_storage(GL_TEXTURE_2D, image, none);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint immutable = 0, levels = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &levels);
  EXPECT_EQ(immutable, GL_TRUE);
  EXPECT_EQ(levels, 1);
  EXPECT_EQ(texture_pixel(dst, 7, 7), rgba(1, 2, 3));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  target_texture(GL_TEXTURE_2D, image);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &immutable);
  EXPECT_EQ(texture_pixel(src, 0, 0), rgba(1, 0, 0, 0));
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &dst);
  glDeleteTextures(1, &src);
}

// A context of another share group (its own texture names) on this display.
TEST_F(E2eEglImage, OtherShareGroup) {
  GLuint src = solid_texture(rgba(200, 100, 50));
  EGLImageKHR image = image_of_texture(src);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR);
  glFinish();
  const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  EGLContext other = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
  ASSERT_NE(other, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, other));
  GLuint other_fbo = 0, dst = 0;
  glGenFramebuffers(1, &other_fbo);
  glGenTextures(1, &dst);
  glBindTexture(GL_TEXTURE_2D, dst);
  target_texture(GL_TEXTURE_2D, image);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, other_fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
  EXPECT_EQ(pixel(4, 4), rgba(200, 100, 50));
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glFinish();
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &other_fbo);
  glDeleteTextures(1, &dst);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  eglDestroyContext(dpy, other);
  EXPECT_EQ(texture_pixel(src, 4, 4), rgba(0, 0, 0));
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &src);
}

// A second thread with its own context makes a target and draws into it.
TEST_F(E2eEglImage, OtherThread) {
  GLuint src = solid_texture(rgba(10, 20, 30));
  EGLImageKHR image = image_of_texture(src);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR);
  glFinish();
  uint32_t seen = 0;
  GLenum error = GL_NO_ERROR;
  std::thread worker([&] {
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
    EGLContext other = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
    if (other == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, other)) return;
    GLuint f = 0, rb = 0;
    glGenFramebuffers(1, &f);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    target_renderbuffer(GL_RENDERBUFFER, image);
    glBindFramebuffer(GL_FRAMEBUFFER, f);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &seen);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glFinish();
    error = glGetError();
    glDeleteFramebuffers(1, &f);
    glDeleteRenderbuffers(1, &rb);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, other);
    eglReleaseThread();
  });
  worker.join();
  EXPECT_EQ(error, static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(seen, rgba(10, 20, 30));
  EXPECT_EQ(texture_pixel(src, 4, 4), rgba(255, 255, 255));
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &src);
}

}  // namespace
}  // namespace brass::e2e
