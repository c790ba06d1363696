// ARB_pipeline_statistics_query (GL 4.6 §4.2): the eleven statistics
// targets count what was drawn or dispatched while they were active, each
// with its own active-query slot, across render passes, clears, flushes
// and compute dispatches.
#include <cstdint>
#include <utility>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlCorePipelineStatisticsTest = GlCoreTest;

constexpr GLenum kTargets[] = {
    GL_VERTICES_SUBMITTED_ARB,          GL_PRIMITIVES_SUBMITTED_ARB,
    GL_VERTEX_SHADER_INVOCATIONS_ARB,   GL_TESS_CONTROL_SHADER_PATCHES_ARB,
    GL_TESS_EVALUATION_SHADER_INVOCATIONS_ARB, GL_GEOMETRY_SHADER_INVOCATIONS,
    GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED_ARB, GL_FRAGMENT_SHADER_INVOCATIONS_ARB,
    GL_COMPUTE_SHADER_INVOCATIONS_ARB,  GL_CLIPPING_INPUT_PRIMITIVES_ARB,
    GL_CLIPPING_OUTPUT_PRIMITIVES_ARB,
};
constexpr size_t kCount = sizeof(kTargets) / sizeof(kTargets[0]);

struct Statistics {
  GLuint ids[kCount] = {};
  Statistics() { glGenQueries(GLsizei(kCount), ids); }
  ~Statistics() { glDeleteQueries(GLsizei(kCount), ids); }
  void begin() {
    for (size_t i = 0; i < kCount; ++i) glBeginQuery(kTargets[i], ids[i]);
  }
  void end() {
    for (size_t i = 0; i < kCount; ++i) glEndQuery(kTargets[i]);
  }
  uint64_t result(GLenum target) const {
    for (size_t i = 0; i < kCount; ++i)
      if (kTargets[i] == target) {
        GLuint64 v = 0;
        glGetQueryObjectui64v(ids[i], GL_QUERY_RESULT, &v);
        return v;
      }
    return ~uint64_t{0};
  }
};

TEST_F(GlCorePipelineStatisticsTest, DrawsAreCountedAcrossClearsAndFlushes) {
  ASSERT_TRUE(has_extension("GL_ARB_pipeline_statistics_query"));
  const GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
out vec4 color;
void main() { color = vec4(0.0, 1.0, 0.0, 1.0); })");
  glUseProgram(p);
  glViewport(0, 0, kWidth, kHeight);
  Statistics s;
  s.begin();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // A clear draws nothing the statistics count; a flush starts a new batch.
  glClear(GL_COLOR_BUFFER_BIT);
  glFinish();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  s.end();
  EXPECT_EQ(s.result(GL_VERTICES_SUBMITTED_ARB), 6u);
  EXPECT_EQ(s.result(GL_PRIMITIVES_SUBMITTED_ARB), 2u);
  const uint64_t vs = s.result(GL_VERTEX_SHADER_INVOCATIONS_ARB);
  EXPECT_GE(vs, 2u);  // a vertex cache may share invocations within a draw
  EXPECT_LE(vs, 6u);
  EXPECT_EQ(s.result(GL_CLIPPING_INPUT_PRIMITIVES_ARB), 2u);
  EXPECT_GE(s.result(GL_CLIPPING_OUTPUT_PRIMITIVES_ARB), 2u);
  // Every pixel of the 32x32 surface, twice.
  EXPECT_GE(s.result(GL_FRAGMENT_SHADER_INVOCATIONS_ARB), uint64_t{2} * kWidth * kHeight);
  // No such stages, no dispatch.
  EXPECT_EQ(s.result(GL_TESS_CONTROL_SHADER_PATCHES_ARB), 0u);
  EXPECT_EQ(s.result(GL_TESS_EVALUATION_SHADER_INVOCATIONS_ARB), 0u);
  EXPECT_EQ(s.result(GL_GEOMETRY_SHADER_INVOCATIONS), 0u);
  EXPECT_EQ(s.result(GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED_ARB), 0u);
  EXPECT_EQ(s.result(GL_COMPUTE_SHADER_INVOCATIONS_ARB), 0u);
  EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0));
  glDeleteProgram(p);
}

TEST_F(GlCorePipelineStatisticsTest, ComputeInvocationsAreCounted) {
  const GLuint p = compute_program(R"(#version 430
layout(local_size_x = 8, local_size_y = 2) in;
layout(std430, binding = 0) buffer Out { uint n; };
void main() { atomicAdd(n, 1u); })");
  const GLuint zero = 0;
  const GLuint buf = buffer(GL_SHADER_STORAGE_BUFFER, 4, &zero);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
  glUseProgram(p);
  Statistics s;
  s.begin();
  glDispatchCompute(3, 1, 1);
  glDispatchCompute(1, 2, 1);
  s.end();
  EXPECT_EQ(s.result(GL_COMPUTE_SHADER_INVOCATIONS_ARB), 5u * 16u);
  EXPECT_EQ(s.result(GL_VERTICES_SUBMITTED_ARB), 0u);
  EXPECT_EQ(s.result(GL_FRAGMENT_SHADER_INVOCATIONS_ARB), 0u);
  // Outside the queries: not counted.
  glDispatchCompute(1, 1, 1);
  EXPECT_EQ(s.result(GL_COMPUTE_SHADER_INVOCATIONS_ARB), 5u * 16u);
  glDeleteBuffers(1, &buf);
  glDeleteProgram(p);
}

// A geometry shader's invocations and the primitives it emits.
TEST_F(GlCorePipelineStatisticsTest, GeometryShaderStatistics) {
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, kCoreFullscreenVs}, std::pair{GL_GEOMETRY_SHADER, R"(#version 330 core
layout(triangles) in;
layout(triangle_strip, max_vertices = 6) out;
void main() {
  for (int copy = 0; copy < 2; ++copy) {
    for (int i = 0; i < 3; ++i) { gl_Position = gl_in[i].gl_Position; EmitVertex(); }
    EndPrimitive();
  }
})"},
                           std::pair{GL_FRAGMENT_SHADER, R"(#version 330 core
out vec4 color;
void main() { color = vec4(1.0); })"}}) {
    const GLuint sh = shader(type, src);
    glAttachShader(p, sh);
    glDeleteShader(sh);
  }
  glLinkProgram(p);
  GLint linked = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &linked);
  ASSERT_TRUE(linked);
  glUseProgram(p);
  Statistics s;
  s.begin();
  glDrawArrays(GL_TRIANGLES, 0, 6);
  s.end();
  EXPECT_EQ(s.result(GL_GEOMETRY_SHADER_INVOCATIONS), 2u);
  EXPECT_EQ(s.result(GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED_ARB), 4u);
  EXPECT_EQ(s.result(GL_PRIMITIVES_SUBMITTED_ARB), 2u);
  glDeleteProgram(p);
}

TEST_F(GlCorePipelineStatisticsTest, TargetsHaveSlotsBitsAndErrors) {
  GLuint ids[2] = {};
  glGenQueries(2, ids);
  glBeginQuery(GL_VERTICES_SUBMITTED_ARB, ids[0]);
  GLint v = 0;
  glGetQueryiv(GL_VERTICES_SUBMITTED_ARB, GL_CURRENT_QUERY, &v);
  EXPECT_EQ(GLuint(v), ids[0]);
  glGetQueryiv(GL_PRIMITIVES_SUBMITTED_ARB, GL_CURRENT_QUERY, &v);
  EXPECT_EQ(v, 0);
  // The target's slot is taken; the object is active.
  glBeginQuery(GL_VERTICES_SUBMITTED_ARB, ids[1]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBeginQuery(GL_PRIMITIVES_SUBMITTED_ARB, ids[0]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glEndQuery(GL_VERTICES_SUBMITTED_ARB);
  // A query of another target cannot become a statistics query.
  glBeginQuery(GL_PRIMITIVES_SUBMITTED_ARB, ids[0]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Only index 0 (they are not vertex-stream targets).
  glBeginQueryIndexed(GL_PRIMITIVES_SUBMITTED_ARB, 1, ids[1]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Conditional rendering takes occlusion queries only.
  glBeginConditionalRender(ids[0], GL_QUERY_WAIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  for (GLenum t : kTargets) {
    glGetQueryiv(t, GL_QUERY_COUNTER_BITS, &v);
    EXPECT_EQ(v, 64) << std::hex << t;
  }
  GLuint created = 0;
  glCreateQueries(GL_CLIPPING_OUTPUT_PRIMITIVES_ARB, 1, &created);
  glGetQueryObjectiv(created, GL_QUERY_TARGET, &v);
  EXPECT_EQ(GLenum(v), static_cast<GLenum>(GL_CLIPPING_OUTPUT_PRIMITIVES_ARB));
  glDeleteQueries(1, &created);
  glDeleteQueries(2, ids);
}

}  // namespace
}  // namespace brass::e2e
