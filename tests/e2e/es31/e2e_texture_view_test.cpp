// OES_texture_view in ES 3.1 contexts: glTextureViewOES's errors, the
// TEXTURE_VIEW_* queries, and views that share storage with their original
// (sampling a level and layer range, another format of the class, a 2D
// array seen as a cube map, rendering into a view, uploads into a view,
// views of views, a view outliving its original). Pixels checked on the CPU.
#include "e2e_es31_fixture.h"

#include <GLES3/gl32.h>

#include <array>

namespace brass::e2e {
namespace {

class E2eTextureView : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    ASSERT_TRUE(has_extension("GL_OES_texture_view"));
    ASSERT_TRUE(has_extension("GL_EXT_texture_view"));
    view = reinterpret_cast<PFNGLTEXTUREVIEWOESPROC>(eglGetProcAddress("glTextureViewOES"));
    ASSERT_NE(view, nullptr);
    ASSERT_NE(eglGetProcAddress("glTextureViewEXT"), nullptr);
  }
  static GLuint gen() {
    GLuint t = 0;
    glGenTextures(1, &t);
    return t;
  }
  // An immutable RGBA8 texture of `target` with `levels` levels, level l of
  // layer k filled with colour(l, k).
  static uint32_t colour(int level, int layer) {
    return rgba(static_cast<uint8_t>(40 * level + 10), static_cast<uint8_t>(30 * layer + 5), 200, 255);
  }
  static GLuint filled(GLenum target, GLsizei size, GLsizei levels, GLsizei layers) {
    GLuint t = gen();
    glBindTexture(target, t);
    if (target == GL_TEXTURE_2D) glTexStorage2D(target, levels, GL_RGBA8, size, size);
    else glTexStorage3D(target, levels, GL_RGBA8, size, size, layers);
    for (GLsizei l = 0; l < levels; ++l) {
      const GLsizei s = std::max(1, size >> l);
      for (GLsizei k = 0; k < layers; ++k) {
        std::vector<uint32_t> px(static_cast<size_t>(s * s), colour(l, k));
        if (target == GL_TEXTURE_2D) glTexSubImage2D(target, l, 0, 0, s, s, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
        else glTexSubImage3D(target, l, 0, 0, k, s, s, 1, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
      }
    }
    return t;
  }
  // Draws a full-screen triangle with `fs` sampling texture unit 0 and
  // returns the pixel at (0, 0).
  uint32_t draw_and_read(const char* fs) {
    GLuint p = program(kFullscreenVs310, fs);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "tex"), 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, kWidth, kHeight);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const uint32_t px = pixel(0, 0);
    glDeleteProgram(p);
    return px;
  }
  GLint param(GLenum target, GLenum pname) {
    GLint v = -1;
    glGetTexParameteriv(target, pname, &v);
    return v;
  }

  PFNGLTEXTUREVIEWOESPROC view = nullptr;
};

// texelFetch of level `lod` (layer `layer` for arrays), as its colour.
constexpr const char* kFetch2D = R"(#version 310 es
precision mediump float;
uniform mediump sampler2D tex;
out vec4 color;
void main() { color = texelFetch(tex, ivec2(0), 0); })";
constexpr const char* kFetchArrayLayer1 = R"(#version 310 es
precision mediump float;
uniform mediump sampler2DArray tex;
out vec4 color;
void main() { color = texelFetch(tex, ivec3(0, 0, 1), 0); })";

TEST_F(E2eTextureView, Errors) {
  GLuint orig = filled(GL_TEXTURE_2D_ARRAY, 8, 3, 4);
  GLuint v = gen();
  view(0, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 0, 1, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  view(4242, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 0, 1, 0, 1);  // never generated
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  view(v, GL_TEXTURE_2D_ARRAY, 4243, GL_RGBA8, 0, 1, 0, 1);  // no such original
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLuint mut = gen();
  glBindTexture(GL_TEXTURE_2D, mut);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  view(v, GL_TEXTURE_2D, mut, GL_RGBA8, 0, 1, 0, 1);  // not immutable
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  view(v, GL_TEXTURE_3D, orig, GL_RGBA8, 0, 1, 0, 1);  // target not in the table
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  view(v, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA16F, 0, 1, 0, 1);  // another class
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  view(v, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 3, 1, 0, 1);  // minlevel past the last level
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  view(v, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 0, 1, 4, 1);  // minlayer past the last layer
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  view(v, GL_TEXTURE_CUBE_MAP, orig, GL_RGBA8, 0, 1, 0, 4);  // 4 layers are no cube
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  view(v, GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 2);  // a 2D view has one layer
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLuint wide = gen();
  glBindTexture(GL_TEXTURE_2D_ARRAY, wide);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 8, 4, 6);
  view(v, GL_TEXTURE_CUBE_MAP, wide, GL_RGBA8, 0, 1, 0, 6);  // not square
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Formats outside every class: only the same format.
  GLuint depth = gen();
  glBindTexture(GL_TEXTURE_2D, depth);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH_COMPONENT16, 4, 4);
  view(v, GL_TEXTURE_2D, depth, GL_DEPTH_COMPONENT24, 0, 1, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // A name already bound to a target.
  GLuint bound = gen();
  glBindTexture(GL_TEXTURE_2D_ARRAY, bound);
  view(bound, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 0, 1, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Huge counts clamp (no overflow), and the view is made.
  view(v, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8UI, 1, 0xffffffffu, 1, 0xffffffffu);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // Now it has a target: a second glTextureView fails.
  view(v, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 0, 1, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint d2 = gen();
  view(d2, GL_TEXTURE_2D, depth, GL_DEPTH_COMPONENT16, 0, 1, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const GLuint all[] = {orig, v, mut, wide, depth, bound, d2};
  glDeleteTextures(7, all);
}

TEST_F(E2eTextureView, Queries) {
  GLuint orig = filled(GL_TEXTURE_2D_ARRAY, 8, 4, 5);
  EXPECT_EQ(param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_VIEW_MIN_LEVEL_OES), 0);
  EXPECT_EQ(param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_VIEW_NUM_LEVELS_OES), 4);
  EXPECT_EQ(param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_VIEW_MIN_LAYER_OES), 0);
  EXPECT_EQ(param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_VIEW_NUM_LAYERS_OES), 5);
  GLuint v1 = gen(), v2 = gen();
  view(v1, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 1, 10, 1, 3);
  glBindTexture(GL_TEXTURE_2D_ARRAY, v1);
  EXPECT_EQ(param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_VIEW_MIN_LEVEL_OES), 1);
  EXPECT_EQ(param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_VIEW_NUM_LEVELS_OES), 3);  // clamped
  EXPECT_EQ(param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_VIEW_MIN_LAYER_OES), 1);
  EXPECT_EQ(param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_VIEW_NUM_LAYERS_OES), 3);
  EXPECT_EQ(param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_IMMUTABLE_FORMAT), GL_TRUE);
  EXPECT_EQ(param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_IMMUTABLE_LEVELS), 4);  // the original's
  // A view of a view adds its minimums to the first view's.
  view(v2, GL_TEXTURE_2D, v1, GL_RGBA8UI, 1, 1, 2, 1);
  glBindTexture(GL_TEXTURE_2D, v2);
  EXPECT_EQ(param(GL_TEXTURE_2D, GL_TEXTURE_VIEW_MIN_LEVEL_OES), 2);
  EXPECT_EQ(param(GL_TEXTURE_2D, GL_TEXTURE_VIEW_NUM_LEVELS_OES), 1);
  EXPECT_EQ(param(GL_TEXTURE_2D, GL_TEXTURE_VIEW_MIN_LAYER_OES), 3);
  EXPECT_EQ(param(GL_TEXTURE_2D, GL_TEXTURE_VIEW_NUM_LAYERS_OES), 1);
  GLint w = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
  EXPECT_EQ(w, 2);  // level 2 of the 8x8 original
  const GLuint all[] = {orig, v1, v2};
  glDeleteTextures(3, all);
}

TEST_F(E2eTextureView, SamplesItsLevelsAndLayers) {
  GLuint orig = filled(GL_TEXTURE_2D_ARRAY, 8, 3, 4);
  GLuint v = gen();
  view(v, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 1, 2, 2, 2);
  glBindTexture(GL_TEXTURE_2D_ARRAY, v);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(draw_and_read(kFetchArrayLayer1), colour(1, 3));
  // A 2D view of one layer and level.
  GLuint v2d = gen();
  view(v2d, GL_TEXTURE_2D, orig, GL_RGBA8, 2, 1, 1, 1);
  glBindTexture(GL_TEXTURE_2D, v2d);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(draw_and_read(kFetch2D), colour(2, 1));
  // The original still samples everything.
  glBindTexture(GL_TEXTURE_2D_ARRAY, orig);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(draw_and_read(kFetchArrayLayer1), colour(0, 1));
  const GLuint all[] = {orig, v, v2d};
  glDeleteTextures(3, all);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// RGBA8 texels seen as R32UI (one class) and as sRGB.
TEST_F(E2eTextureView, ReinterpretsTheFormat) {
  GLuint orig = gen();
  glBindTexture(GL_TEXTURE_2D, orig);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1);
  const uint32_t texel = rgba(0x11, 0x22, 0x33, 0x44);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
  GLuint u = gen();
  view(u, GL_TEXTURE_2D, orig, GL_R32UI, 0, 1, 0, 1);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D, u);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  EXPECT_EQ(draw_and_read(R"(#version 310 es
precision mediump float;
uniform highp usampler2D tex;
out vec4 color;
void main() { color = texelFetch(tex, ivec2(0), 0).r == 0x44332211u ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1); })"),
            rgba(0, 255, 0));
  GLuint s = gen();
  view(s, GL_TEXTURE_2D, orig, GL_SRGB8_ALPHA8, 0, 1, 0, 1);
  glBindTexture(GL_TEXTURE_2D, s);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  // sRGB 0x33 (51) decodes to about 0.0331: 8 or 9 in 8 bits.
  const uint32_t px = draw_and_read(kFetch2D);
  EXPECT_NEAR(static_cast<int>((px >> 16) & 0xff), 8, 1);
  EXPECT_EQ(px >> 24, 0x44u);
  const GLuint all[] = {orig, u, s};
  glDeleteTextures(3, all);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// Formats Brass may store in another Vulkan format (RGB8 and RGB32F as
// four channels): a view either works, reading the texels bit for bit, or
// is refused with INVALID_OPERATION; never wrong texels or a device error.
TEST_F(E2eTextureView, EmulatedFormatsWorkOrAreRefused) {
  struct Case {
    GLenum orig, view, format, type;
    std::array<uint32_t, 3> texel;  // as uploaded, and as the integer view reads it
    const char* fs;
  };
  const uint8_t rgb8[3] = {7, 130, 250};
  const uint32_t rgb32[3] = {0x3f800000u, 0x40000000u, 0xc0400000u};  // 1.0, 2.0, -3.0
  constexpr const char* kRgb8Fs = R"(#version 310 es
precision mediump float;
uniform highp usampler2D tex;
out vec4 color;
void main() { color = texelFetch(tex, ivec2(0), 0).rgb == uvec3(7u, 130u, 250u) ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1); })";
  constexpr const char* kRgb32Fs = R"(#version 310 es
precision mediump float;
uniform highp usampler2D tex;
out vec4 color;
void main() {
  color = texelFetch(tex, ivec2(0), 0).rgb == uvec3(0x3f800000u, 0x40000000u, 0xc0400000u) ? vec4(0, 1, 0, 1)
                                                                                               : vec4(1, 0, 0, 1);
})";
  for (int k = 0; k < 2; ++k) {
    const bool eight = k == 0;
    GLuint orig = gen();
    glBindTexture(GL_TEXTURE_2D, orig);
    glTexStorage2D(GL_TEXTURE_2D, 1, eight ? GL_RGB8 : GL_RGB32F, 1, 1);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGB, eight ? GL_UNSIGNED_BYTE : GL_FLOAT,
                    eight ? static_cast<const void*>(rgb8) : static_cast<const void*>(rgb32));
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    GLuint v = gen();
    view(v, GL_TEXTURE_2D, orig, eight ? GL_RGB8UI : GL_RGB32UI, 0, 1, 0, 1);
    const GLenum e = glGetError();
    if (e == GL_NO_ERROR) {
      glBindTexture(GL_TEXTURE_2D, v);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      EXPECT_EQ(draw_and_read(eight ? kRgb8Fs : kRgb32Fs), rgba(0, 255, 0)) << (eight ? "RGB8" : "RGB32F");
    } else {
      EXPECT_EQ(e, static_cast<GLenum>(GL_INVALID_OPERATION)) << (eight ? "RGB8" : "RGB32F");
    }
    const GLuint all[] = {orig, v};
    glDeleteTextures(2, all);
  }
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// An EGLImage's immutable texture (EXT_EGL_image_storage) of a texture made
// with an unsized format is viewed in that format (its own).
TEST_F(E2eTextureView, ViewsAnEglImageStorageTexture) {
  auto create_image = reinterpret_cast<PFNEGLCREATEIMAGEKHRPROC>(eglGetProcAddress("eglCreateImageKHR"));
  auto destroy_image = reinterpret_cast<PFNEGLDESTROYIMAGEKHRPROC>(eglGetProcAddress("eglDestroyImageKHR"));
  auto tex_storage = reinterpret_cast<PFNGLEGLIMAGETARGETTEXSTORAGEEXTPROC>(
      eglGetProcAddress("glEGLImageTargetTexStorageEXT"));
  ASSERT_TRUE(create_image && destroy_image && tex_storage);
  GLuint src = gen();
  glBindTexture(GL_TEXTURE_2D, src);
  const std::vector<uint32_t> px(16, rgba(20, 40, 60, 80));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  EGLImageKHR image = create_image(dpy, ctx, EGL_GL_TEXTURE_2D_KHR,
                                   reinterpret_cast<EGLClientBuffer>(static_cast<uintptr_t>(src)), nullptr);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR);
  GLuint target = gen();
  glBindTexture(GL_TEXTURE_2D, target);
  tex_storage(GL_TEXTURE_2D, image, nullptr);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLuint v = gen();
  view(v, GL_TEXTURE_2D, target, GL_RGBA, 0, 1, 0, 1);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D, v);
  EXPECT_EQ(param(GL_TEXTURE_2D, GL_TEXTURE_VIEW_NUM_LEVELS_OES), 1);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(draw_and_read(kFetch2D), rgba(20, 40, 60, 80));
  destroy_image(dpy, image);
  const GLuint all[] = {src, target, v};
  glDeleteTextures(3, all);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// A six-layer square 2D array sampled as a cube map through a view.
TEST_F(E2eTextureView, TwoDArrayAsCubeMap) {
  GLuint orig = filled(GL_TEXTURE_2D_ARRAY, 4, 1, 7);
  GLuint cube = gen();
  view(cube, GL_TEXTURE_CUBE_MAP, orig, GL_RGBA8, 0, 1, 1, 6);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  // -Y is face 3: layer 1 + 3 of the original.
  EXPECT_EQ(draw_and_read(R"(#version 310 es
precision mediump float;
uniform mediump samplerCube tex;
out vec4 color;
void main() { color = texture(tex, vec3(0.0, -1.0, 0.0)); })"),
            colour(0, 4));
  const GLuint all[] = {orig, cube};
  glDeleteTextures(2, all);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// Rendering into a view writes the original's level; uploads into a view
// reach the original's layer; a view of a view reads them.
TEST_F(E2eTextureView, WritesReachTheOriginal) {
  GLuint orig = filled(GL_TEXTURE_2D_ARRAY, 8, 2, 3);
  GLuint v = gen();
  view(v, GL_TEXTURE_2D_ARRAY, orig, GL_RGBA8, 1, 1, 1, 2);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, v, 0, 1);  // original level 1, layer 2
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glClearColor(1, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // Upload into the view's layer 0 (original layer 1), level 0 (original level 1).
  glBindTexture(GL_TEXTURE_2D_ARRAY, v);
  const std::vector<uint32_t> green(16, rgba(0, 255, 0));
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, green.data());
  // Read the original's images back through framebuffer attachments.
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, orig, 1, 2);
  EXPECT_EQ(pixel(1, 1), rgba(255, 0, 255));
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, orig, 1, 1);
  EXPECT_EQ(pixel(1, 1), rgba(0, 255, 0));
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, orig, 1, 0);
  EXPECT_EQ(pixel(1, 1), colour(1, 0));  // untouched
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, orig, 0, 2);
  EXPECT_EQ(pixel(1, 1), colour(0, 2));  // untouched
  // A 2D view of the first view's layer 1, sampled.
  GLuint vv = gen();
  view(vv, GL_TEXTURE_2D, v, GL_RGBA8, 0, 1, 1, 1);
  glBindTexture(GL_TEXTURE_2D, vv);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(draw_and_read(kFetch2D), rgba(255, 0, 255));
  glDeleteFramebuffers(1, &fb);
  const GLuint all[] = {orig, v, vv};
  glDeleteTextures(3, all);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// The storage lives while a view does.
TEST_F(E2eTextureView, OutlivesTheOriginal) {
  GLuint orig = filled(GL_TEXTURE_2D, 4, 3, 1);
  GLuint v = gen();
  view(v, GL_TEXTURE_2D, orig, GL_RGBA8, 2, 1, 0, 1);
  glDeleteTextures(1, &orig);
  glBindTexture(GL_TEXTURE_2D, v);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(draw_and_read(kFetch2D), colour(2, 0));
  // A view of the view, made after the original went.
  GLuint vv = gen();
  view(vv, GL_TEXTURE_2D_ARRAY, v, GL_RGBA8UI, 0, 1, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteTextures(1, &v);
  glBindTexture(GL_TEXTURE_2D_ARRAY, vv);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  EXPECT_EQ(draw_and_read(R"(#version 310 es
precision mediump float;
uniform highp usampler2DArray tex;
out vec4 color;
void main() { color = vec4(texelFetch(tex, ivec3(0), 0)) / 255.0; })"),
            colour(2, 0));
  glDeleteTextures(1, &vv);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
