// EGLImage errors through glvnd: every EGL error eglCreateImage(KHR) and
// eglDestroyImage(KHR) name (EGL 1.5 §3.9, EGL_KHR_image_base,
// EGL_KHR_gl_image), and the GL errors of GL_OES_EGL_image and
// GL_EXT_EGL_image_storage.
#include "e2e_egl_image_fixture.h"

namespace brass::e2e {
namespace {

using E2eEglImageErrors = EglImageTest;

// eglCreateImageKHR fails with `error` (and returns EGL_NO_IMAGE_KHR).
#define EXPECT_CREATE_FAILS(call, error)                          \
  do {                                                            \
    EXPECT_EQ((call), EGL_NO_IMAGE_KHR);                          \
    EXPECT_EQ(eglGetError(), static_cast<EGLint>(error)) << #call; \
  } while (0)

TEST_F(E2eEglImageErrors, DisplayContextTargetAndAttributes) {
  const GLuint tex = solid_texture(rgba(1, 1, 1));
  EXPECT_CREATE_FAILS(create_image_khr(EGL_NO_DISPLAY, ctx, EGL_GL_TEXTURE_2D_KHR, buffer(tex), nullptr),
                      EGL_BAD_DISPLAY);
  EXPECT_CREATE_FAILS(create_image_khr(dpy, reinterpret_cast<EGLContext>(uintptr_t(8)), EGL_GL_TEXTURE_2D_KHR,
                                       buffer(tex), nullptr),
                      EGL_BAD_CONTEXT);
  // An unknown target is checked before a context is needed.
  EXPECT_CREATE_FAILS(create_image_khr(dpy, EGL_NO_CONTEXT, 0xFFFFFFFF, buffer(0), nullptr), EGL_BAD_PARAMETER);
  EXPECT_CREATE_FAILS(create_image_khr(dpy, ctx, EGL_NATIVE_PIXMAP_KHR, buffer(tex), nullptr), EGL_BAD_PARAMETER);
  // GL objects are named in a context.
  EXPECT_CREATE_FAILS(create_image_khr(dpy, EGL_NO_CONTEXT, EGL_GL_TEXTURE_2D_KHR, buffer(tex), nullptr),
                      EGL_BAD_CONTEXT);
  const EGLint unknown[] = {EGL_WIDTH, 4, EGL_NONE};
  EXPECT_CREATE_FAILS(create_image_khr(dpy, ctx, EGL_GL_TEXTURE_2D_KHR, buffer(tex), unknown), EGL_BAD_PARAMETER);
  const EGLint negative[] = {EGL_GL_TEXTURE_LEVEL_KHR, -1, EGL_NONE};
  EXPECT_CREATE_FAILS(create_image_khr(dpy, ctx, EGL_GL_TEXTURE_2D_KHR, buffer(tex), negative), EGL_BAD_MATCH);
  // The known attributes are accepted (ZOFFSET means nothing for 2D).
  const EGLint known[] = {EGL_IMAGE_PRESERVED_KHR, EGL_TRUE, EGL_GL_TEXTURE_ZOFFSET_KHR, 0, EGL_NONE};
  EGLImageKHR image = create_image_khr(dpy, ctx, EGL_GL_TEXTURE_2D_KHR, buffer(tex), known);
  EXPECT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  // The EGL 1.5 form checks the same (EGLAttrib list).
  const EGLAttrib unknown15[] = {EGL_HEIGHT, 1, EGL_NONE};
  EXPECT_EQ(eglCreateImage(dpy, ctx, EGL_GL_TEXTURE_2D, buffer(tex), unknown15), EGL_NO_IMAGE);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &tex);
}

TEST_F(E2eEglImageErrors, NamesThatAreNoSource) {
  EXPECT_CREATE_FAILS(image_of_texture(0), EGL_BAD_PARAMETER);     // the default texture
  EXPECT_CREATE_FAILS(image_of_texture(4242), EGL_BAD_PARAMETER);  // no such texture
  GLuint cube = 0;
  glGenTextures(1, &cube);
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
  EXPECT_CREATE_FAILS(image_of_texture(cube), EGL_BAD_PARAMETER);  // a cube map is no TEXTURE_2D
  const GLuint tex = solid_texture(rgba(1, 1, 1));
  EXPECT_CREATE_FAILS(image_of_texture(tex, 0, EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X_KHR), EGL_BAD_PARAMETER);
  EXPECT_CREATE_FAILS(image_of_texture(tex, 0, EGL_GL_TEXTURE_3D_KHR), EGL_BAD_PARAMETER);
  EXPECT_CREATE_FAILS(create_image_khr(dpy, ctx, EGL_GL_RENDERBUFFER_KHR, buffer(tex), nullptr), EGL_BAD_PARAMETER);
  EXPECT_CREATE_FAILS(create_image_khr(dpy, ctx, EGL_GL_RENDERBUFFER_KHR, buffer(0), nullptr), EGL_BAD_PARAMETER);
  const GLuint ms = renderbuffer(GL_RGBA8, 8, 8, 4);
  EXPECT_CREATE_FAILS(create_image_khr(dpy, ctx, EGL_GL_RENDERBUFFER_KHR, buffer(ms), nullptr), EGL_BAD_PARAMETER);
  GLuint no_storage = 0;
  glGenRenderbuffers(1, &no_storage);
  glBindRenderbuffer(GL_RENDERBUFFER, no_storage);
  EXPECT_CREATE_FAILS(create_image_khr(dpy, ctx, EGL_GL_RENDERBUFFER_KHR, buffer(no_storage), nullptr),
                      EGL_BAD_PARAMETER);
  GLuint rbs[] = {ms, no_storage};
  glDeleteRenderbuffers(2, rbs);
  glDeleteTextures(1, &cube);
  glDeleteTextures(1, &tex);
}

TEST_F(E2eEglImageErrors, CompletenessAndLevels) {
  // Complete with levels 0..1 (MAX_LEVEL 1): level 2 is no level of it.
  GLuint tex = solid_texture(rgba(1, 1, 1), 4, 4);
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  EXPECT_CREATE_FAILS(image_of_texture(tex, 2), EGL_BAD_MATCH);
  EXPECT_CREATE_FAILS(image_of_texture(tex, 1000), EGL_BAD_MATCH);
  // Incomplete (a mipmap filter, level 1 of the wrong size): no level is a
  // source, since levels besides 0 are specified.
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 3, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_CREATE_FAILS(image_of_texture(tex, 1), EGL_BAD_PARAMETER);
  EXPECT_CREATE_FAILS(image_of_texture(tex, 0), EGL_BAD_PARAMETER);
  glDeleteTextures(1, &tex);
  // Incomplete with level 0 alone: level 0 is a source.
  tex = solid_texture(rgba(1, 1, 1), 4, 4);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  EGLImageKHR image = image_of_texture(tex, 0);
  EXPECT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &tex);
  // Incomplete without level 0.
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_CREATE_FAILS(image_of_texture(tex, 0), EGL_BAD_PARAMETER);
  glDeleteTextures(1, &tex);
  // A cube map missing a face at level 0.
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
  for (GLenum f = 0; f < 5; ++f)
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_CREATE_FAILS(image_of_texture(tex, 0, EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X_KHR), EGL_BAD_PARAMETER);
  glDeleteTextures(1, &tex);
}

TEST_F(E2eEglImageErrors, Slices) {
  GLuint vol = 0;
  glGenTextures(1, &vol);
  glBindTexture(GL_TEXTURE_3D, vol);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  auto slice = [&](EGLint z) {
    const EGLint attribs[] = {EGL_GL_TEXTURE_ZOFFSET_KHR, z, EGL_NONE};
    return create_image_khr(dpy, ctx, EGL_GL_TEXTURE_3D_KHR, buffer(vol), attribs);
  };
  EXPECT_CREATE_FAILS(slice(3), EGL_BAD_PARAMETER);  // past the depth
  EXPECT_CREATE_FAILS(slice(-1), EGL_BAD_PARAMETER);
  EGLImageKHR image = slice(2);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  EXPECT_CREATE_FAILS(slice(2), EGL_BAD_ACCESS);
  // A 3D texture is no TEXTURE_2D.
  EXPECT_CREATE_FAILS(image_of_texture(vol), EGL_BAD_PARAMETER);
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &vol);
}

TEST_F(E2eEglImageErrors, SiblingsAreNoNewSource) {
  const GLuint tex = solid_texture(rgba(1, 1, 1));
  EGLImageKHR image = image_of_texture(tex);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR);
  EXPECT_CREATE_FAILS(image_of_texture(tex), EGL_BAD_ACCESS);
  // Still a sibling after the handle is gone (its storage is shared).
  EXPECT_TRUE(destroy_image_khr(dpy, image));
  EXPECT_CREATE_FAILS(image_of_texture(tex), EGL_BAD_ACCESS);
  const GLuint rb = renderbuffer(GL_RGBA8);
  image = create_image_khr(dpy, ctx, EGL_GL_RENDERBUFFER_KHR, buffer(rb), nullptr);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR);
  GLuint target = 0;
  glGenTextures(1, &target);
  glBindTexture(GL_TEXTURE_2D, target);
  target_texture(GL_TEXTURE_2D, image);
  EXPECT_CREATE_FAILS(create_image_khr(dpy, ctx, EGL_GL_RENDERBUFFER_KHR, buffer(rb), nullptr), EGL_BAD_ACCESS);
  EXPECT_CREATE_FAILS(image_of_texture(target), EGL_BAD_ACCESS);
  // New storage ends the sibling relation.
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
  EGLImageKHR again = create_image_khr(dpy, ctx, EGL_GL_RENDERBUFFER_KHR, buffer(rb), nullptr);
  EXPECT_NE(again, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  destroy_image_khr(dpy, again);
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &target);
  glDeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &tex);
}

TEST_F(E2eEglImageErrors, Destroy) {
  const GLuint tex = solid_texture(rgba(1, 1, 1));
  EGLImageKHR image = image_of_texture(tex);
  EXPECT_FALSE(destroy_image_khr(EGL_NO_DISPLAY, image));
  EXPECT_EQ(eglGetError(), EGL_BAD_DISPLAY);
  EXPECT_FALSE(eglDestroyImage(dpy, reinterpret_cast<EGLImage>(uintptr_t(16))));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  EXPECT_TRUE(eglDestroyImage(dpy, image));
  EXPECT_EQ(eglGetError(), EGL_SUCCESS);
  EXPECT_FALSE(destroy_image_khr(dpy, image));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  glDeleteTextures(1, &tex);
}

TEST_F(E2eEglImageErrors, GlTargets) {
  const GLuint src = solid_texture(rgba(1, 1, 1));
  EGLImageKHR image = image_of_texture(src);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  target_texture(GL_TEXTURE_CUBE_MAP_ARRAY_OES, image);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  target_texture(GL_TEXTURE_3D, image);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  target_texture(GL_TEXTURE_2D, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  target_texture(GL_TEXTURE_2D, reinterpret_cast<GLeglImageOES>(uintptr_t(24)));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Immutable storage stays.
  GLuint immutable = 0;
  glGenTextures(1, &immutable);
  glBindTexture(GL_TEXTURE_2D, immutable);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2);
  target_texture(GL_TEXTURE_2D, image);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const GLint none[] = {GL_NONE};
  target_tex_storage(GL_TEXTURE_2D, image, none);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // GL_EXT_EGL_image_storage, in the order piglit checks them.
  glBindTexture(GL_TEXTURE_2D, tex);
  const GLint one = GL_ONE;
  target_tex_storage(GL_TEXTURE_2D, image, &one);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  target_tex_storage(GL_TEXTURE_2D, nullptr, none);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  target_tex_storage(GL_TEXTURE_3D, image, none);  // a 2D image
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  target_tex_storage(GL_RENDERBUFFER, image, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // Renderbuffers.
  target_renderbuffer(GL_TEXTURE_2D, image);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  target_renderbuffer(GL_RENDERBUFFER, image);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const GLuint rb = renderbuffer(GL_RGBA8);
  target_renderbuffer(GL_RENDERBUFFER, reinterpret_cast<GLeglImageOES>(uintptr_t(24)));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  destroy_image_khr(dpy, image);
  glDeleteRenderbuffers(1, &rb);
  GLuint textures[] = {src, tex, immutable};
  glDeleteTextures(3, textures);
}

}  // namespace
}  // namespace brass::e2e
