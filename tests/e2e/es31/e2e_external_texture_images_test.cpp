// External textures as image units (OES_EGL_image_external_essl3 §8.22):
// glBindImageTexture takes an external texture, which is not immutable, and
// an image2D loads from and stores into its EGLImage.
#include <cstdint>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class E2eExternalTextureImages : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    create_image = reinterpret_cast<PFNEGLCREATEIMAGEKHRPROC>(eglGetProcAddress("eglCreateImageKHR"));
    destroy_image = reinterpret_cast<PFNEGLDESTROYIMAGEKHRPROC>(eglGetProcAddress("eglDestroyImageKHR"));
    target_texture = reinterpret_cast<PFNGLEGLIMAGETARGETTEXTURE2DOESPROC>(
        eglGetProcAddress("glEGLImageTargetTexture2DOES"));
    ASSERT_NE(create_image, nullptr);
    ASSERT_NE(destroy_image, nullptr);
    ASSERT_NE(target_texture, nullptr);
  }
  PFNEGLCREATEIMAGEKHRPROC create_image = nullptr;
  PFNEGLDESTROYIMAGEKHRPROC destroy_image = nullptr;
  PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_texture = nullptr;
};

// 4 x 4 RGBA8 texels of a texture read through a framebuffer.
uint32_t texel_of(GLuint tex, int x, int y) {
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  uint32_t p = 0xdeadbeef;
  glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  return p;
}

TEST_F(E2eExternalTextureImages, LoadAndStoreThroughAnImageUnit) {
  // The source: immutable storage (made with storage-image usage), filled
  // with (16 * x, 16 * y, 200, 255).
  GLuint src = 0;
  glGenTextures(1, &src);
  glBindTexture(GL_TEXTURE_2D, src);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  uint32_t texels[16];
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 4; ++x) texels[y * 4 + x] = rgba(uint8_t(16 * x), uint8_t(16 * y), 200);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  const EGLint attribs[] = {EGL_GL_TEXTURE_LEVEL_KHR, 0, EGL_NONE};
  EGLImageKHR image = create_image(dpy, ctx, EGL_GL_TEXTURE_2D_KHR,
                                   reinterpret_cast<EGLClientBuffer>(static_cast<uintptr_t>(src)), attribs);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  GLuint ext = 0;
  glGenTextures(1, &ext);
  glBindTexture(GL_TEXTURE_EXTERNAL_OES, ext);
  target_texture(GL_TEXTURE_EXTERNAL_OES, image);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  // A mutable 2D texture is still refused (ES 3.1 §8.22); the external one not.
  GLuint mutable_2d = 0;
  glGenTextures(1, &mutable_2d);
  glBindTexture(GL_TEXTURE_2D, mutable_2d);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindImageTexture(1, mutable_2d, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBindImageTexture(1, ext, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  const GLuint load = compute_program(R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4) in;
layout(binding = 1, rgba8) uniform readonly highp image2D img;
layout(std430, binding = 0) buffer Out { uint texels[16]; };
void main() {
  ivec2 p = ivec2(gl_LocalInvocationID.xy);
  texels[p.y * 4 + p.x] = packUnorm4x8(imageLoad(img, p));
})");
  const GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 16 * 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  glUseProgram(load);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> loaded = read_uints(out, 16);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(loaded[size_t(i)], texels[i]) << "texel " << i;

  // A store through the external texture lands in the source's storage.
  const GLuint store = compute_program(R"(#version 310 es
layout(local_size_x = 1) in;
layout(binding = 1, rgba8) uniform writeonly highp image2D img;
void main() { imageStore(img, ivec2(2, 1), vec4(1.0, 1.0, 0.0, 1.0)); })");
  glBindImageTexture(1, ext, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
  glUseProgram(store);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  glUseProgram(0);
  EXPECT_EQ(texel_of(src, 2, 1), rgba(255, 255, 0));
  EXPECT_EQ(texel_of(src, 1, 2), texels[2 * 4 + 1]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  glDeleteProgram(load);
  glDeleteProgram(store);
  glDeleteBuffers(1, &out);
  glDeleteTextures(1, &mutable_2d);
  glDeleteTextures(1, &ext);
  destroy_image(dpy, image);
  glDeleteTextures(1, &src);
}

}  // namespace
}  // namespace brass::e2e
