// A dispatch reading a depth texture that glClearBufferfv just cleared sees
// the cleared values: the clear, recorded as the next render pass's load op,
// happens before the dispatch; and the texture, with its default LINEAR
// filters, is complete (desktop GL filters depth; ES 3.0 needs NEAREST).
// GL 4.6 core context: glMemoryBarrier and compute shaders are core there.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreComputeAfterClear : public GlCoreTest {
 protected:
  // Counts texels of `texture` whose red differs from `expected` by more
  // than 0.001.
  static GLuint count_differences(GLuint texture, float expected, int width, int height);
};

GLuint GlCoreComputeAfterClear::count_differences(GLuint texture, float expected, int width, int height) {
  const std::string src = "#version 430\nlayout(local_size_x = 1) in;\n"
                          "layout(binding = 0) uniform atomic_uint differences;\n"
                          "uniform sampler2D source;\n"
                          "void main() {\n"
                          "  if (abs(texelFetch(source, ivec2(gl_GlobalInvocationID.xy), 0).r - " +
                          std::to_string(expected) + ") > 0.001) atomicCounterIncrement(differences);\n}\n";
  const GLuint prog = compute_program(src.c_str());
  const GLuint zero = 0;
  const GLuint counter = buffer(GL_ATOMIC_COUNTER_BUFFER, sizeof(zero), &zero);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, counter);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture);
  glUseProgram(prog);
  glUniform1i(glGetUniformLocation(prog, "source"), 0);
  glDispatchCompute(width, height, 1);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  GLuint differences = ~0u;
  glGetBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 0, sizeof(differences), &differences);
  glDeleteBuffers(1, &counter);
  glDeleteProgram(prog);
  return differences;
}

TEST_F(GlCoreComputeAfterClear, DispatchSeesTheDepthClear) {
  constexpr int kSize = 8;
  GLuint fbo = 0, depth = 0;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glGenTextures(1, &depth);
  glBindTexture(GL_TEXTURE_2D, depth);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH_COMPONENT24, kSize, kSize);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth, 0);
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  glClearDepth(0.2);
  glClear(GL_DEPTH_BUFFER_BIT);
  glFinish();
  const float first = 0.16f, second = 0.77f;
  glClearBufferfv(GL_DEPTH, 0, &first);
  EXPECT_EQ(count_differences(depth, first, kSize, kSize), 0u);
  glClearBufferfv(GL_DEPTH, 0, &second);
  EXPECT_EQ(count_differences(depth, second, kSize, kSize), 0u);
  EXPECT_EQ(count_differences(depth, first, kSize, kSize), static_cast<GLuint>(kSize * kSize));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteTextures(1, &depth);
  glDeleteFramebuffers(1, &fbo);
}

}  // namespace
}  // namespace brass::e2e
