// ES 3.1 framebuffers without attachments (§9.2.1, §9.4.2): complete once a
// default size is set, rasterized at that size (fragment shader side
// effects count the fragments), with their parameters' queries and errors.
#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class E2eNoAttachments : public Es31Test {};

TEST_F(E2eNoAttachments, FragmentsOfTheDefaultSizeRun) {
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT));
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 16);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT))
      << "a height is needed too";
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 8);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  GLint v = 0;
  glGetFramebufferParameteriv(GL_DRAW_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, &v);
  EXPECT_EQ(v, 16);
  glGetFramebufferParameteriv(GL_READ_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, &v);
  EXPECT_EQ(v, 8);
  // Every fragment of the covered 16x8 area counts once; one corner pixel
  // records its position.
  GLuint prog = program(kFullscreenVs310, R"(#version 310 es
precision highp float;
layout(binding = 0) uniform atomic_uint fragments;
layout(std430, binding = 0) buffer Corner { vec2 max_coord; };
void main() {
  atomicCounterIncrement(fragments);
  if (gl_FragCoord.x > 15.0 && gl_FragCoord.y > 7.0) max_coord = gl_FragCoord.xy;
})");
  GLuint counter = buffer(GL_ATOMIC_COUNTER_BUFFER, 4);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, counter);
  GLuint corner = buffer(GL_SHADER_STORAGE_BUFFER, 8);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, corner);
  glViewport(0, 0, 16, 8);
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  EXPECT_EQ(read_uints(counter, 1)[0], 16u * 8u);
  std::vector<uint32_t> xy = read_uints(corner, 2);
  float f[2];
  std::memcpy(f, xy.data(), sizeof(f));
  EXPECT_EQ(f[0], 15.5f);
  EXPECT_EQ(f[1], 7.5f);
  // A smaller size: fewer fragments.
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
  const uint32_t zero = 0;
  glBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 0, 4, &zero);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(read_uints(counter, 1)[0], 4u * 8u) << "the viewport is clipped to the framebuffer";
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteBuffers(1, &counter);
  glDeleteBuffers(1, &corner);
  glDeleteProgram(prog);
}

TEST_F(E2eNoAttachments, MultisampledDefaultsRasterize) {
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_FRAMEBUFFER_SAMPLES, &max_samples);
  EXPECT_GE(max_samples, 4);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 8);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 8);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES, 4);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS, GL_TRUE);
  GLint v = 0;
  glGetFramebufferParameteriv(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES, &v);
  EXPECT_EQ(v, 4);
  glGetFramebufferParameteriv(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS, &v);
  EXPECT_EQ(v, GL_TRUE);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  GLuint prog = program(kFullscreenVs310, R"(#version 310 es
precision highp float;
layout(binding = 0) uniform atomic_uint fragments;
void main() { atomicCounterIncrement(fragments); })");
  GLuint counter = buffer(GL_ATOMIC_COUNTER_BUFFER, 4);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, counter);
  glViewport(0, 0, 8, 8);
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  // At least one invocation per pixel, at most one per sample (lavapipe
  // runs a few more than one per pixel along its tile edges when
  // multisampled).
  const uint32_t invocations = read_uints(counter, 1)[0];
  EXPECT_GE(invocations, 64u);
  EXPECT_LE(invocations, 64u * 4u);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteBuffers(1, &counter);
  glDeleteProgram(prog);
}

TEST_F(E2eNoAttachments, Errors) {
  GLint v = 0;
  // The default framebuffer has no such parameters.
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetFramebufferParameteriv(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferParameteri(GL_TEXTURE_2D, GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // ES 3.2's, or EXT_geometry_shader's (e2e_layered_framebuffer_test.cpp).
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT, 4);
  EXPECT_EQ(glGetError(), has_extension("GL_EXT_geometry_shader") ? static_cast<GLenum>(GL_NO_ERROR)
                                                                   : static_cast<GLenum>(GL_INVALID_ENUM));
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT, 0);
  glGetError();
  GLint max_w = 0, max_samples = 0;
  glGetIntegerv(GL_MAX_FRAMEBUFFER_WIDTH, &max_w);
  EXPECT_GE(max_w, 2048);
  glGetIntegerv(GL_MAX_FRAMEBUFFER_SAMPLES, &max_samples);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, max_w + 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES, max_samples + 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetFramebufferParameteriv(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, &v);
  EXPECT_EQ(v, 0) << "unchanged by the failed calls";
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
}

}  // namespace
}  // namespace brass::e2e
