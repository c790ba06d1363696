// ES 3.1 multisample textures read in shaders: texelFetch of every sample
// of integer textures (compute) and their resolve, textureSize, textures
// without storage, depth samples and swizzles.
#include <array>
#include <vector>

#include "e2e_multisample_textures_fixture.h"

namespace brass::e2e {
namespace {

TEST_F(E2eMultisampleTextures, UnsignedIntegerSamples) {
  REQUIRE_4X(GL_RGBA8UI);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8UI, 4, 3, 2, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  const GLuint clear[4] = {1, 2, 3, 4};
  glClearBufferuiv(GL_COLOR, 0, clear);
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0x6);  // samples 1 and 2
  rect(kUintFs, 0, 0, 3, 2, 3, 2, [](GLuint p) { glUniform4ui(glGetUniformLocation(p, "value"), 200, 150, 100, 50); });
  glDisable(GL_SAMPLE_MASK);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const std::vector<uint32_t> v = fetch_integer_samples(ms, false, samples, 3, 2);
  for (int t = 0; t < 3 * 2; ++t)
    for (int s = 0; s < samples; ++s) {
      const bool written = s == 1 || s == 2;
      const uint32_t* got = &v[size_t((t * samples + s) * 4)];
      const uint32_t want[4] = {written ? 200u : 1u, written ? 150u : 2u, written ? 100u : 3u, written ? 50u : 4u};
      for (int c = 0; c < 4; ++c) EXPECT_EQ(got[c], want[c]) << "texel " << t << " sample " << s << " channel " << c;
    }
  glSampleMaski(0, 0xffffffffu);
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, SignedIntegerSamplesAndTheirResolve) {
  REQUIRE_4X(GL_R32I);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_R32I, 4, 2, 2, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  const GLint clear[4] = {-7, 0, 0, 0};
  glClearBufferiv(GL_COLOR, 0, clear);
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0x8);
  rect(kIntFs, 0, 0, 2, 2, 2, 2, [](GLuint p) { glUniform4i(glGetUniformLocation(p, "value"), -123456, 0, 0, 0); });
  glDisable(GL_SAMPLE_MASK);
  const std::vector<uint32_t> v = fetch_integer_samples(ms, true, samples, 2, 2);
  for (int t = 0; t < 4; ++t)
    for (int s = 0; s < samples; ++s)
      EXPECT_EQ(int32_t(v[size_t((t * samples + s) * 4)]), s == 3 ? -123456 : -7) << "texel " << t << " sample " << s;
  // Resolving integers takes one sample's value, whole (ES 3.1 §16.2.1).
  GLuint dst = 0;
  glGenTextures(1, &dst);
  glBindTexture(GL_TEXTURE_2D, dst);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32I, 2, 2);
  GLuint df = fbo_with(dst, GL_TEXTURE_2D);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, f);
  glBlitFramebuffer(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, df);
  GLint px[2 * 2 * 4] = {};
  glReadPixels(0, 0, 2, 2, GL_RGBA_INTEGER, GL_INT, px);
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(px[i * 4] == -7 || px[i * 4] == -123456) << px[i * 4];
  glSampleMaski(0, 0xffffffffu);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &f);
  glDeleteFramebuffers(1, &df);
  glDeleteTextures(1, &ms);
  glDeleteTextures(1, &dst);
}

TEST_F(E2eMultisampleTextures, TextureSizeOfAMultisampleTexture) {
  if (max_texture_samples(GL_RGBA8) < 2) GTEST_SKIP() << "no multisample RGBA8 textures";
  GLuint ms = ms_texture(GL_RGBA8, 2, 13, 7);
  GLuint p = compute_program(R"(#version 310 es
layout(local_size_x = 1) in;
uniform highp sampler2DMS tex;
layout(std430, binding = 0) buffer Out { ivec2 size; };
void main() { size = textureSize(tex); })");
  GLuint b = buffer(GL_SHADER_STORAGE_BUFFER, 8);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
  glUseProgram(p);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> size = read_uints(b, 2);
  EXPECT_EQ(size[0], 13u);
  EXPECT_EQ(size[1], 7u);
  // The uniform's type, as the program reports it.
  GLint type = 0;
  const GLuint index = glGetProgramResourceIndex(p, GL_UNIFORM, "tex");
  const GLenum prop = GL_TYPE;
  glGetProgramResourceiv(p, GL_UNIFORM, index, 1, &prop, 1, nullptr, &type);
  EXPECT_EQ(type, GL_SAMPLER_2D_MULTISAMPLE);
  glDeleteProgram(p);
  glDeleteBuffers(1, &b);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, WithoutStorageEverySampleReadsZeroZeroZeroOne) {
  // Nothing specified on the unit's multisample target: incomplete, and
  // texel (0, 0) reads (0, 0, 0, 1) like every incomplete texture's.
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
  const std::vector<uint32_t> px = fetch_samples(t, 1, 1, 1);
  ASSERT_EQ(px.size(), 1u);
  EXPECT_EQ(px[0], rgba(0, 0, 0, 255));
  // Integer samplers too: (0, 0, 0, 1) as integers.
  for (bool is_signed : {false, true}) {
    const std::vector<uint32_t> v = fetch_integer_samples(t, is_signed, 1, 1, 1);
    EXPECT_EQ(v, (std::vector<uint32_t>{0, 0, 0, 1})) << (is_signed ? "isampler2DMS" : "usampler2DMS");
  }
  glDeleteTextures(1, &t);
}

TEST_F(E2eMultisampleTextures, DepthSamplesAreFetchedAsTheirDepth) {
  if (max_texture_samples(GL_DEPTH_COMPONENT32F) < 4) GTEST_SKIP() << "no 4x depth multisample textures";
  GLint samples = 0;
  GLuint depth = ms_texture(GL_DEPTH_COMPONENT32F, 4, 2, 1, &samples);
  ASSERT_EQ(samples, 4);
  GLuint color = ms_texture(GL_RGBA8, 4, 2, 1);
  GLuint f = fbo_with(color);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D_MULTISAMPLE, depth, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearDepthf(1.0f);
  glClear(GL_DEPTH_BUFFER_BIT | GL_COLOR_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0x3);
  color_rect(0, 0, 2, 1, 2, 1, {1, 1, 1, 1});  // z = 0: depth 0.5 where the mask lets it
  glDisable(GL_SAMPLE_MASK);
  glDisable(GL_DEPTH_TEST);
  glSampleMaski(0, 0xffffffffu);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const std::vector<uint32_t> px = fetch_samples(depth, samples, 2, 1);
  for (int t = 0; t < 2; ++t)
    for (int s = 0; s < samples; ++s) {
      const uint32_t red = px[size_t(t * samples + s)] & 0xff;
      EXPECT_NEAR(double(red), s < 2 ? 128.0 : 255.0, 1.0) << "texel " << t << " sample " << s;
    }
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &depth);
  glDeleteTextures(1, &color);
}

TEST_F(E2eMultisampleTextures, SwizzleAppliesToFetches) {
  REQUIRE_4X(GL_RGBA8);
  GLuint ms = ms_texture(GL_RGBA8, 4, 1, 1);
  GLuint f = fbo_with(ms);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms);
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SWIZZLE_R, GL_ZERO);
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SWIZZLE_G, GL_RED);
  const std::vector<uint32_t> px = fetch_samples(ms, 4, 1, 1);
  for (uint32_t v : px) EXPECT_EQ(v, rgba(0, 255, 0));
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

}  // namespace
}  // namespace brass::e2e
