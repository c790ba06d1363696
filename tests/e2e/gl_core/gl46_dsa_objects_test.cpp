// Direct state access to transform feedback, query, sampler and program
// pipeline objects (ARB_direct_state_access; GL 4.6 §4.2, §7.4, §8.2, §13.2)
// in a 4.6 core context (BRASS_GL_VERSION_OVERRIDE=4.6): objects made by
// glCreate* exist before any bind, transform feedback buffers are bound by
// name and capture into them, and the queries answer per object.
#include <array>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlDsaObjects = GlCore4xTest;

TEST_F(GlDsaObjects, TransformFeedbackBuffersByName) {
  GLuint tf = 0, buf = 0;
  glCreateTransformFeedbacks(1, &tf);
  EXPECT_TRUE(glIsTransformFeedback(tf));
  glCreateBuffers(1, &buf);
  glNamedBufferData(buf, 64, nullptr, GL_STREAM_READ);
  glTransformFeedbackBufferRange(tf, 0, buf, 16, 32);
  glTransformFeedbackBufferBase(tf, 1, buf);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint name = 0;
  glGetTransformFeedbacki_v(tf, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &name);
  EXPECT_EQ(static_cast<GLuint>(name), buf);
  GLint64 start = -1, size = -1;
  glGetTransformFeedbacki64_v(tf, GL_TRANSFORM_FEEDBACK_BUFFER_START, 0, &start);
  glGetTransformFeedbacki64_v(tf, GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 0, &size);
  EXPECT_EQ(start, 16);
  EXPECT_EQ(size, 32);
  glGetTransformFeedbacki64_v(tf, GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 1, &size);
  EXPECT_EQ(size, 0);
  // The generic binding point is the bind-to-edit commands' only.
  GLint generic = -1;
  glGetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &generic);
  EXPECT_EQ(generic, 0);

  // Capture into the range through the object.
  const char* varying = "v";
  GLuint p = glCreateProgram();
  GLuint vs = shader(GL_VERTEX_SHADER, R"(#version 330 core
out float v;
void main() { v = float(gl_VertexID) + 1.0; gl_Position = vec4(0.0); })");
  glAttachShader(p, vs);
  glDeleteShader(vs);
  glTransformFeedbackVaryings(p, 1, &varying, GL_INTERLEAVED_ATTRIBS);
  glLinkProgram(p);
  glUseProgram(p);
  glEnable(GL_RASTERIZER_DISCARD);
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf);
  glBeginTransformFeedback(GL_POINTS);
  GLint active = 0;
  glGetTransformFeedbackiv(tf, GL_TRANSFORM_FEEDBACK_ACTIVE, &active);
  EXPECT_EQ(active, GL_TRUE);
  glTransformFeedbackBufferBase(tf, 0, buf);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArrays(GL_POINTS, 0, 3);
  glEndTransformFeedback();
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
  glDisable(GL_RASTERIZER_DISCARD);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::array<float, 4> out{};
  glGetNamedBufferSubData(buf, 16, 16, out.data());
  EXPECT_EQ(out[0], 1.0f);
  EXPECT_EQ(out[1], 2.0f);
  EXPECT_EQ(out[2], 3.0f);
  GLint paused = -1;
  glGetTransformFeedbackiv(tf, GL_TRANSFORM_FEEDBACK_PAUSED, &paused);
  EXPECT_EQ(paused, GL_FALSE);
  // Zero is the default object.
  glGetTransformFeedbackiv(0, GL_TRANSFORM_FEEDBACK_ACTIVE, &active);
  EXPECT_EQ(active, GL_FALSE);

  // Errors.
  GLuint gen = 0;
  glGenTransformFeedbacks(1, &gen);
  glTransformFeedbackBufferBase(gen, 0, buf);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glTransformFeedbackBufferBase(tf, 0, 4242);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glTransformFeedbackBufferBase(tf, 64, buf);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glTransformFeedbackBufferRange(tf, 0, buf, 2, 16);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glTransformFeedbackBufferRange(tf, 0, buf, 0, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetTransformFeedbackiv(tf, GL_RED, &active);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetTransformFeedbacki_v(tf, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 64, &name);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteProgram(p);
  glDeleteTransformFeedbacks(1, &tf);
  glDeleteTransformFeedbacks(1, &gen);
  glDeleteBuffers(1, &buf);
}

TEST_F(GlDsaObjects, QueriesSamplersAndPipelines) {
  GLuint q[2] = {};
  glCreateQueries(GL_TIME_ELAPSED, 2, q);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_TRUE(glIsQuery(q[0]));
  GLint target = 0;
  glGetQueryObjectiv(q[1], GL_QUERY_TARGET, &target);
  EXPECT_EQ(target, GL_TIME_ELAPSED);
  // Its target is fixed from creation.
  glBeginQuery(GL_SAMPLES_PASSED, q[0]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBeginQuery(GL_TIME_ELAPSED, q[0]);
  glEndQuery(GL_TIME_ELAPSED);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLuint ts = 0;
  glCreateQueries(GL_TIMESTAMP, 1, &ts);
  glQueryCounter(ts, GL_TIMESTAMP);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLuint bad = 0;
  glCreateQueries(GL_RED, 1, &bad);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glCreateQueries(GL_SAMPLES_PASSED, -1, &bad);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteQueries(2, q);
  glDeleteQueries(1, &ts);

  // Results written into a buffer: a full-viewport draw's samples.
  GLuint sq = 0, qb = 0;
  glCreateQueries(GL_SAMPLES_PASSED, 1, &sq);
  glCreateBuffers(1, &qb);
  const std::array<uint32_t, 4> zeros{};
  glNamedBufferData(qb, 16, zeros.data(), GL_STATIC_READ);
  const GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
out vec4 color;
void main() { color = vec4(1.0); })");
  glUseProgram(p);
  glBeginQuery(GL_SAMPLES_PASSED, sq);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glEndQuery(GL_SAMPLES_PASSED);
  glGetQueryBufferObjectui64v(sq, qb, GL_QUERY_RESULT, 8);
  glGetQueryBufferObjectiv(sq, qb, GL_QUERY_RESULT_AVAILABLE, 0);
  glGetQueryBufferObjectuiv(sq, qb, GL_QUERY_TARGET, 4);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::array<uint32_t, 4> words{};
  glGetNamedBufferSubData(qb, 0, 16, words.data());
  EXPECT_EQ(words[0], 1u);
  EXPECT_EQ(words[1], static_cast<uint32_t>(GL_SAMPLES_PASSED));
  EXPECT_EQ(words[2], static_cast<uint32_t>(kWidth * kHeight));
  EXPECT_EQ(words[3], 0u);
  glGetQueryBufferObjecti64v(sq, qb, GL_QUERY_RESULT, 12);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetQueryBufferObjectiv(sq, qb, GL_QUERY_RESULT, -4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetQueryBufferObjectiv(sq, qb, GL_RED, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetQueryBufferObjectiv(sq, 4242, GL_QUERY_RESULT, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteProgram(p);
  glDeleteQueries(1, &sq);
  glDeleteBuffers(1, &qb);

  GLuint s = 0;
  glCreateSamplers(1, &s);
  EXPECT_TRUE(glIsSampler(s));
  glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLint filter = 0;
  glGetSamplerParameteriv(s, GL_TEXTURE_MAG_FILTER, &filter);
  EXPECT_EQ(filter, GL_NEAREST);
  glDeleteSamplers(1, &s);

  GLuint pp = 0;
  glCreateProgramPipelines(1, &pp);
  EXPECT_TRUE(glIsProgramPipeline(pp));
  GLint vs = -1;
  glGetProgramPipelineiv(pp, GL_VERTEX_SHADER, &vs);
  EXPECT_EQ(vs, 0);
  glCreateProgramPipelines(-1, &pp);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteProgramPipelines(1, &pp);
}

}  // namespace
}  // namespace brass::e2e
