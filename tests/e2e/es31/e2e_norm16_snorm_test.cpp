// EXT_texture_norm16, EXT_render_snorm and NV_image_formats through glvnd:
// 16-bit normalized textures sampled and rendered to, SNORM renderbuffers
// and textures rendered to, read back and copied, and the extra image
// formats written by a compute shader; values checked on the CPU.
#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class Norm16Snorm : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    // lavapipe samples, renders and stores all of these formats; it cannot
    // blend SNORM attachments, which the fragment shader then does
    // (e2e_snorm_blend_test.cpp), so EXT_render_snorm is listed wherever
    // SNORM renders (SnormWithoutRenderSnormIsNotRenderable checks a device
    // where it does not).
    ASSERT_TRUE(has_extension("GL_EXT_texture_norm16"));
    ASSERT_TRUE(has_extension("GL_NV_image_formats"));
  }
  static GLuint texture2d(GLenum internal_format, GLsizei w, GLsizei h) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 1, internal_format, w, h);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return t;
  }
  static GLuint framebuffer(GLuint tex) {
    GLuint fb = 0;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    return fb;
  }
  // Draws `fs` over a 4x4 viewport of the bound framebuffer.
  static void draw(const char* fs) {
    GLuint p = program(kFullscreenVs310, fs);
    glUseProgram(p);
    glViewport(0, 0, 4, 4);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glUseProgram(0);
    glDeleteProgram(p);
  }
};

TEST_F(Norm16Snorm, Norm16SampledAndRendered) {
  // An R16 texture sampled into an RGBA16 framebuffer, read back in full
  // precision (RGBA / UNSIGNED_SHORT).
  GLuint src = texture2d(GL_R16_EXT, 1, 1);
  const uint16_t texel = 12345;
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED, GL_UNSIGNED_SHORT, &texel);
  GLuint dst = texture2d(GL_RGBA16_EXT, 4, 4);
  GLuint fb = framebuffer(dst);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glBindTexture(GL_TEXTURE_2D, src);
  draw(R"(#version 310 es
precision highp float;
uniform highp sampler2D t;
out vec4 o;
void main() { o = vec4(texture(t, vec2(0.5)).r, 0.25, 1.0, 0.0); })");
  uint16_t px[4] = {};
  glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT, px);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(px[0], texel);
  EXPECT_EQ(px[1], 16384);  // 0.25 * 65535 = 16383.75
  EXPECT_EQ(px[2], 65535);
  EXPECT_EQ(px[3], 0);
  // The 16-bit SNORM and RGB16 formats are textures; RGB16 is not renderable.
  GLuint rgb16 = texture2d(GL_RGB16_EXT, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rgb16, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  GLuint all[] = {src, dst, rgb16};
  glDeleteTextures(3, all);
}

// Without EXT_render_snorm (a device that cannot render SNORM attachments)
// SNORM formats are no renderbuffer formats (ES 3.2 table 8.10) and SNORM
// textures are incomplete colour attachments.
TEST_F(Norm16Snorm, SnormWithoutRenderSnormIsNotRenderable) {
  if (has_extension("GL_EXT_render_snorm")) GTEST_SKIP() << "EXT_render_snorm exposed";
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_SNORM, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDeleteRenderbuffers(1, &rb);
  GLuint t = texture2d(GL_RGBA8_SNORM, 4, 4);
  GLuint fb = framebuffer(t);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &t);
}

TEST_F(Norm16Snorm, SnormRenderbuffersTexturesAndCopies) {
  if (!has_extension("GL_EXT_render_snorm")) GTEST_SKIP() << "EXT_render_snorm not exposed (no SNORM rendering)";
  // RGBA8_SNORM and RG16_SNORM renderbuffers are complete attachments.
  for (GLenum f : {GLenum(GL_R8_SNORM), GLenum(GL_RG8_SNORM), GLenum(GL_RGBA8_SNORM), GLenum(GL_R16_SNORM_EXT),
                   GLenum(GL_RG16_SNORM_EXT), GLenum(GL_RGBA16_SNORM_EXT)}) {
    GLuint rb = 0, fb = 0;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, f, 4, 4);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << f;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE)) << std::hex << f;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(1, &rb);
  }
  // Negative values rendered into RGBA8_SNORM, read back as BYTE, copied to
  // another SNORM texture and read again.
  GLuint t = texture2d(GL_RGBA8_SNORM, 4, 4);
  GLuint fb = framebuffer(t);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  draw(R"(#version 310 es
precision mediump float;
out vec4 o;
void main() { o = vec4(-0.5, 1.0, -1.0, 0.0); })");
  int8_t px[4] = {};
  glReadPixels(2, 2, 1, 1, GL_RGBA, GL_BYTE, px);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // -0.5 * 127 = -63.5: a tie, which GL lets round either way (lavapipe
  // gives -64, NVIDIA -63).
  EXPECT_TRUE(px[0] == -64 || px[0] == -63) << int(px[0]);
  EXPECT_EQ(px[1], 127);
  EXPECT_EQ(px[2], -127);
  EXPECT_EQ(px[3], 0);
  GLuint copy = 0;
  glGenTextures(1, &copy);
  glBindTexture(GL_TEXTURE_2D, copy);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8_SNORM, 0, 0, 4, 4, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, copy, 0);
  int8_t copied[4] = {};
  glReadPixels(3, 3, 1, 1, GL_RGBA, GL_BYTE, copied);
  EXPECT_EQ(std::vector<int8_t>(copied, copied + 4), std::vector<int8_t>(px, px + 4));
  // A normalized unsigned buffer cannot be copied into an SNORM texture.
  GLuint u = texture2d(GL_RGBA8, 4, 4);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, u, 0);
  glBindTexture(GL_TEXTURE_2D, copy);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8_SNORM, 0, 0, 4, 4, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  GLuint all[] = {t, copy, u};
  glDeleteTextures(3, all);
}

// NV_image_formats: r16 (with norm16) and rg8 images written by a compute
// shader, read back through framebuffers.
TEST_F(Norm16Snorm, ExtendedImageFormats) {
  GLuint r16 = texture2d(GL_R16_EXT, 2, 2);
  GLuint rg8 = texture2d(GL_RG8, 2, 2);
  glBindImageTexture(0, r16, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R16_EXT);
  glBindImageTexture(1, rg8, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RG8);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint p = compute_program(R"(#version 310 es
#extension GL_NV_image_formats : require
#extension GL_EXT_texture_norm16 : require
layout(local_size_x = 2, local_size_y = 2) in;
layout(r16, binding = 0) writeonly uniform highp image2D a;
layout(rg8, binding = 1) writeonly uniform highp image2D b;
void main() {
  ivec2 c = ivec2(gl_LocalInvocationID.xy);
  imageStore(a, c, vec4(0.5, 0.0, 0.0, 1.0));
  imageStore(b, c, vec4(1.0, 0.2, 0.0, 1.0));
})");
  glUseProgram(p);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  GLuint fb = framebuffer(r16);
  uint16_t a[4] = {};
  glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT, a);
  EXPECT_TRUE(a[0] == 32768 || a[0] == 32767) << a[0];  // 0.5 * 65535 = 32767.5, a tie
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rg8, 0);
  uint8_t b[4] = {};
  glReadPixels(0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, b);
  EXPECT_EQ(b[0], 255);
  EXPECT_EQ(b[1], 51);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteProgram(p);
  GLuint all[] = {r16, rg8};
  glDeleteTextures(2, all);
}

}  // namespace
}  // namespace brass::e2e
