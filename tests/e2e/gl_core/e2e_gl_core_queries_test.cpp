// Desktop GL queries end to end: exact SAMPLES_PASSED counts, timer queries
// (TIME_ELAPSED, glQueryCounter's TIMESTAMP, glGetInteger64v(GL_TIMESTAMP)),
// PRIMITIVES_GENERATED, the 32- and 64-bit result getters, indexed queries,
// conditional rendering of draws and clears in every mode, and the errors
// of GL 4.6 §4.2 and §10.9. Results are checked on the CPU.
#include <cstdlib>
#include <cstring>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kRedFs = R"(#version 330 core
out vec4 color;
void main() { color = vec4(1.0, 0.0, 0.0, 1.0); })";

class GlCoreQueryTest : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    prog = program(kCoreFullscreenVs, kRedFs);
    glUseProgram(prog);
  }
  void TearDown() override {
    if (prog) glDeleteProgram(prog);
    GlCoreTest::TearDown();
  }

  // Draws the viewport-covering triangle into a w x h viewport at the origin.
  void draw_rect(int w, int h) {
    glViewport(0, 0, w, h);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glViewport(0, 0, kWidth, kHeight);
  }
  // The result of a query, waited for, through the 64-bit getter.
  static GLuint64 result(GLuint q) {
    GLuint64 v = ~GLuint64{0};
    glGetQueryObjectui64v(q, GL_QUERY_RESULT, &v);
    return v;
  }
  // A SAMPLES_PASSED query that counted `w` x `h` samples, result fetched.
  GLuint counted_query(int w, int h) {
    GLuint q = 0;
    glGenQueries(1, &q);
    glBeginQuery(GL_SAMPLES_PASSED, q);
    if (w && h) draw_rect(w, h);
    glEndQuery(GL_SAMPLES_PASSED);
    EXPECT_EQ(result(q), GLuint64(w * h));
    return q;
  }
  void clear_black() {
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }

  GLuint prog = 0;
};

TEST_F(GlCoreQueryTest, SamplesPassedCountsEverySample) {
  GLuint q[3] = {};
  glGenQueries(3, q);
  glBeginQuery(GL_SAMPLES_PASSED, q[0]);
  draw_rect(10, 7);
  glEndQuery(GL_SAMPLES_PASSED);
  // Over two draws with a clear between them (a clear passes no samples).
  glBeginQuery(GL_SAMPLES_PASSED, q[1]);
  draw_rect(10, 7);
  glClear(GL_COLOR_BUFFER_BIT);
  draw_rect(4, 5);
  glEndQuery(GL_SAMPLES_PASSED);
  // Samples the depth test rejects do not count.
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_NEVER);
  glBeginQuery(GL_SAMPLES_PASSED, q[2]);
  draw_rect(kWidth, kHeight);
  glEndQuery(GL_SAMPLES_PASSED);
  glDisable(GL_DEPTH_TEST);

  EXPECT_EQ(result(q[0]), 70u);
  EXPECT_EQ(result(q[1]), 90u);
  EXPECT_EQ(result(q[2]), 0u);
  // Every getter reads the same count; the result is available now.
  GLint i = -1;
  GLuint ui = 0;
  GLint64 i64 = -1;
  GLuint available = GL_FALSE;
  glGetQueryObjectiv(q[1], GL_QUERY_RESULT, &i);
  glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, &ui);
  glGetQueryObjecti64v(q[1], GL_QUERY_RESULT, &i64);
  glGetQueryObjectuiv(q[1], GL_QUERY_RESULT_AVAILABLE, &available);
  EXPECT_EQ(i, 90);
  EXPECT_EQ(ui, 90u);
  EXPECT_EQ(i64, 90);
  EXPECT_EQ(available, GLuint(GL_TRUE));
  glDeleteQueries(3, q);
}

// One occlusion query at a time (ARB_occlusion_query2), each reported
// under its own target.
TEST_F(GlCoreQueryTest, OcclusionTargetsShareOneActiveQuery) {
  GLuint q[2] = {};
  glGenQueries(2, q);
  glBeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
  draw_rect(3, 3);
  glBeginQuery(GL_SAMPLES_PASSED, q[1]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLint current = -1;
  glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(current, 0);
  glEndQuery(GL_SAMPLES_PASSED);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndQuery(GL_ANY_SAMPLES_PASSED);
  glBeginQuery(GL_SAMPLES_PASSED, q[1]);
  draw_rect(6, 2);
  glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndQuery(GL_SAMPLES_PASSED);
  EXPECT_EQ(result(q[0]), 1u);
  EXPECT_EQ(result(q[1]), 12u);
  GLint bits = 0;
  glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits);
  EXPECT_GE(bits, 32);
  glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits);
  EXPECT_GE(bits, 1);
  glDeleteQueries(2, q);
}

TEST_F(GlCoreQueryTest, TimeElapsedAndTimestamps) {
  ASSERT_TRUE(has_extension("GL_ARB_timer_query"));
  GLint bits = 0;
  glGetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &bits);
  EXPECT_GE(bits, 30);
  glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits);
  EXPECT_GE(bits, 30);
  GLint current = -1;
  glGetQueryiv(GL_TIMESTAMP, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(current, 0);

  GLuint q[3] = {};
  glGenQueries(3, q);
  GLint64 before = -1;
  glGetInteger64v(GL_TIMESTAMP, &before);
  glQueryCounter(q[0], GL_TIMESTAMP);
  glBeginQuery(GL_TIME_ELAPSED, q[1]);
  glGetQueryiv(GL_TIME_ELAPSED, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(current, GLint(q[1]));
  for (int i = 0; i < 20; ++i) draw_rect(kWidth, kHeight);
  glEndQuery(GL_TIME_ELAPSED);
  glQueryCounter(q[2], GL_TIMESTAMP);
  GLint64 after = -1;
  glGetInteger64v(GL_TIMESTAMP, &after);

  const GLuint64 t0 = result(q[0]), elapsed = result(q[1]), t1 = result(q[2]);
  EXPECT_GT(before, 0);
  EXPECT_GT(elapsed, 0u);
  EXPECT_LE(GLuint64(before), t0);
  EXPECT_LT(t0, t1);
  EXPECT_LE(elapsed, t1 - t0);
  EXPECT_LE(t1, GLuint64(after));
  GLint64 signed_elapsed = -1;
  glGetQueryObjecti64v(q[1], GL_QUERY_RESULT, &signed_elapsed);
  EXPECT_EQ(GLuint64(signed_elapsed), elapsed);
  // The query objects keep their targets.
  EXPECT_TRUE(glIsQuery(q[0]));
  glBeginQuery(GL_TIME_ELAPSED, q[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glQueryCounter(q[1], GL_TIMESTAMP);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // A counter may be written again: the newer time replaces the older.
  glQueryCounter(q[0], GL_TIMESTAMP);
  EXPECT_GE(result(q[0]), t1);
  glDeleteQueries(3, q);
}

TEST_F(GlCoreQueryTest, ResultAvailabilityIsPolledWithoutWaiting) {
  GLuint q = 0;
  glGenQueries(1, &q);
  glBeginQuery(GL_TIME_ELAPSED, q);
  draw_rect(kWidth, kHeight);
  glEndQuery(GL_TIME_ELAPSED);
  // Polling submits the work, so the result becomes available.
  GLint available = GL_FALSE;
  for (int i = 0; i < 100000 && !available; ++i) glGetQueryObjectiv(q, GL_QUERY_RESULT_AVAILABLE, &available);
  EXPECT_EQ(available, GL_TRUE);
  GLuint64 v = 0;
  glGetQueryObjectui64v(q, GL_QUERY_RESULT, &v);
  EXPECT_GT(v, 0u);
  glDeleteQueries(1, &q);
}

TEST_F(GlCoreQueryTest, PrimitivesGeneratedCountsTriangles) {
  GLint bits = 0;
  glGetQueryiv(GL_PRIMITIVES_GENERATED, GL_QUERY_COUNTER_BITS, &bits);
  ASSERT_GT(bits, 0) << "lavapipe has VK_EXT_primitives_generated_query";
  GLuint q = 0;
  glGenQueries(1, &q);
  glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 0, q);
  GLint current = 0;
  glGetQueryIndexediv(GL_PRIMITIVES_GENERATED, 0, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(current, GLint(q));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glEndQueryIndexed(GL_PRIMITIVES_GENERATED, 0);
  EXPECT_EQ(result(q), 3u);
  glDeleteQueries(1, &q);
}

TEST_F(GlCoreQueryTest, ConditionalRenderingDiscardsDrawsAndClears) {
  ASSERT_TRUE(has_extension("GL_NV_conditional_render"));
  ASSERT_TRUE(has_extension("GL_ARB_conditional_render_inverted"));
  const GLuint passed = counted_query(2, 2);
  const GLuint failed = counted_query(0, 0);
  GLuint any = 0;
  glGenQueries(1, &any);
  glBeginQuery(GL_ANY_SAMPLES_PASSED, any);
  draw_rect(1, 1);
  glEndQuery(GL_ANY_SAMPLES_PASSED);
  EXPECT_EQ(result(any), 1u);
  const uint32_t red = rgba(255, 0, 0), black = rgba(0, 0, 0);
  const GLenum modes[] = {GL_QUERY_WAIT,
                          GL_QUERY_NO_WAIT,
                          GL_QUERY_BY_REGION_WAIT,
                          GL_QUERY_BY_REGION_NO_WAIT,
                          GL_QUERY_WAIT_INVERTED,
                          GL_QUERY_NO_WAIT_INVERTED,
                          GL_QUERY_BY_REGION_WAIT_INVERTED,
                          GL_QUERY_BY_REGION_NO_WAIT_INVERTED};
  for (GLenum mode : modes) {
    const bool inverted = mode == GL_QUERY_WAIT_INVERTED || mode == GL_QUERY_NO_WAIT_INVERTED ||
                          mode == GL_QUERY_BY_REGION_WAIT_INVERTED || mode == GL_QUERY_BY_REGION_NO_WAIT_INVERTED;
    for (GLuint q : {passed, failed, any}) {
      // The results are available (fetched above), so NO_WAIT modes use them too.
      const bool renders = (q != failed) != inverted;
      SCOPED_TRACE(testing::Message() << "mode 0x" << std::hex << mode << (q == failed ? " zero" : " nonzero"));
      clear_black();
      glBeginConditionalRender(q, mode);
      draw_rect(kWidth, kHeight);
      glEndConditionalRender();
      EXPECT_EQ(pixel(5, 5), renders ? red : black);
      glBeginConditionalRender(q, mode);
      glClearColor(0, 1, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      const GLfloat blue[4] = {0, 0, 1, 1};
      glClearBufferfv(GL_COLOR, 0, blue);
      glEndConditionalRender();
      EXPECT_EQ(pixel(7, 3), renders ? rgba(0, 0, 255) : black);
    }
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint qs[3] = {passed, failed, any};
  glDeleteQueries(3, qs);
}

TEST_F(GlCoreQueryTest, ConditionalRenderingWaitsForAResultNotYetRead) {
  // The condition is decided by a result nobody asked for yet: WAIT
  // waits for it.
  GLuint q = 0;
  glGenQueries(1, &q);
  glBeginQuery(GL_SAMPLES_PASSED, q);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_NEVER);
  draw_rect(kWidth, kHeight);
  glDisable(GL_DEPTH_TEST);
  glEndQuery(GL_SAMPLES_PASSED);
  clear_black();
  glBeginConditionalRender(q, GL_QUERY_WAIT);
  draw_rect(kWidth, kHeight);
  glEndConditionalRender();
  EXPECT_EQ(pixel(1, 1), rgba(0, 0, 0));
  glBeginConditionalRender(q, GL_QUERY_WAIT_INVERTED);
  draw_rect(kWidth, kHeight);
  glEndConditionalRender();
  EXPECT_EQ(pixel(1, 1), rgba(255, 0, 0));
  glDeleteQueries(1, &q);
}

// A result nobody read, measured in one render pass: on the GPU
// (VK_EXT_conditional_rendering, lavapipe has it) every mode waits for it,
// NO_WAIT too; with BRASS_DEBUG=nocondrender (the CPU decides) NO_WAIT may
// render. A query measured over several passes is decided on the CPU.
TEST_F(GlCoreQueryTest, ConditionalRenderingOnTheGpu) {
  const char* debug = std::getenv("BRASS_DEBUG");
  const bool cpu = debug && std::strstr(debug, "nocondrender");
  GLuint q[2] = {};
  glGenQueries(2, q);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_NEVER);
  glBeginQuery(GL_SAMPLES_PASSED, q[0]);
  draw_rect(kWidth, kHeight);
  glEndQuery(GL_SAMPLES_PASSED);
  glBeginQuery(GL_SAMPLES_PASSED, q[1]);
  draw_rect(kWidth, kHeight);
  glClear(GL_DEPTH_BUFFER_BIT);
  draw_rect(kWidth, kHeight);
  glEndQuery(GL_SAMPLES_PASSED);
  glDisable(GL_DEPTH_TEST);

  clear_black();
  glBeginConditionalRender(q[0], GL_QUERY_NO_WAIT);
  draw_rect(kWidth, kHeight);
  glEndConditionalRender();
  if (!cpu) {
    EXPECT_EQ(pixel(2, 2), rgba(0, 0, 0));
  }
  clear_black();
  glBeginConditionalRender(q[0], GL_QUERY_BY_REGION_NO_WAIT_INVERTED);
  draw_rect(kWidth, kHeight);
  // A clear under the condition is decided on the CPU, the same way.
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEndConditionalRender();
  EXPECT_EQ(pixel(2, 2), rgba(0, 0, 255));
  clear_black();
  glBeginConditionalRender(q[1], GL_QUERY_WAIT);
  draw_rect(kWidth, kHeight);
  glEndConditionalRender();
  EXPECT_EQ(pixel(2, 2), rgba(0, 0, 0));
  // Draws after the condition ended are not predicated.
  draw_rect(kWidth, kHeight);
  EXPECT_EQ(pixel(2, 2), rgba(255, 0, 0));
  glDeleteQueries(2, q);
}

TEST_F(GlCoreQueryTest, ConditionalRenderingErrors) {
  GLuint q[3] = {};
  glGenQueries(3, q);
  glBeginQuery(GL_SAMPLES_PASSED, q[0]);
  glEndQuery(GL_SAMPLES_PASSED);
  glBeginQuery(GL_TIME_ELAPSED, q[1]);
  glEndQuery(GL_TIME_ELAPSED);

  glBeginConditionalRender(q[0], GL_NONE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glBeginConditionalRender(0, GL_QUERY_WAIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBeginConditionalRender(12345, GL_QUERY_WAIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // Not an occlusion query; a query never begun has no target.
  glBeginConditionalRender(q[1], GL_QUERY_WAIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginConditionalRender(q[2], GL_QUERY_WAIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndConditionalRender();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // An active query cannot decide.
  glBeginQuery(GL_SAMPLES_PASSED, q[2]);
  glBeginConditionalRender(q[2], GL_QUERY_WAIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndQuery(GL_SAMPLES_PASSED);
  glBeginConditionalRender(q[0], GL_QUERY_WAIT);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Nested; and the deciding query cannot be begun again meanwhile.
  glBeginConditionalRender(q[2], GL_QUERY_WAIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginQuery(GL_SAMPLES_PASSED, q[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndConditionalRender();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteQueries(3, q);
}

TEST_F(GlCoreQueryTest, QueryErrors) {
  GLuint q[2] = {};
  glGenQueries(2, q);
  // TIMESTAMP is written by glQueryCounter, never begun; glQueryCounter
  // takes only TIMESTAMP.
  glBeginQuery(GL_TIMESTAMP, q[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glQueryCounter(q[0], GL_TIME_ELAPSED);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glQueryCounter(0, GL_TIMESTAMP);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glQueryCounter(777, GL_TIMESTAMP);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // Streams past MAX_VERTEX_STREAMS (ARB_transform_feedback3), and any
  // index of a target without streams.
  GLint streams = 0;
  glGetIntegerv(GL_MAX_VERTEX_STREAMS, &streams);
  EXPECT_GE(streams, 1);
  glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, GLuint(streams), q[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBeginQueryIndexed(GL_SAMPLES_PASSED, 1, q[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  GLint v = 0;
  glGetQueryIndexediv(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, GLuint(streams), GL_CURRENT_QUERY, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_RESULT, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glEndQueryIndexed(GL_SAMPLES_PASSED, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  // An active query: a second one of the target, its results and a
  // counter are refused; one query cannot be active for two targets.
  glBeginQuery(GL_SAMPLES_PASSED, q[0]);
  glBeginQuery(GL_SAMPLES_PASSED, q[1]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginQuery(GL_TIME_ELAPSED, q[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLuint64 r = 0;
  glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, &r);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glQueryCounter(q[0], GL_TIMESTAMP);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndQuery(GL_SAMPLES_PASSED);
  // Results of a name without an object, and bad pnames.
  glGetQueryObjecti64v(q[1], GL_QUERY_RESULT, reinterpret_cast<GLint64*>(&r));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetQueryObjectui64v(q[0], GL_CURRENT_QUERY, &r);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDeleteQueries(2, q);
}


// glDrawTransformFeedback draws what the object captured, counted on the
// GPU: each captured vertex is a corner of a viewport-covering triangle, so
// the draw's PRIMITIVES_GENERATED and SAMPLES_PASSED tell its vertex count.
class GlCoreTransformFeedbackDrawTest : public GlCoreQueryTest {
 protected:
  void SetUp() override {
    GlCoreQueryTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_ARB_transform_feedback2"));
    capture = glCreateProgram();
    GLuint s = shader(GL_VERTEX_SHADER, R"(#version 330 core
out vec4 corner;
void main() {
  int i = gl_VertexID % 3;
  corner = vec4(i == 1 ? 3.0 : -1.0, i == 2 ? 3.0 : -1.0, 0.0, 1.0);
  gl_Position = corner;
})");
    glAttachShader(capture, s);
    glDeleteShader(s);
    s = shader(GL_FRAGMENT_SHADER, kRedFs);
    glAttachShader(capture, s);
    glDeleteShader(s);
    const char* varying = "corner";
    glTransformFeedbackVaryings(capture, 1, &varying, GL_INTERLEAVED_ATTRIBS);
    glLinkProgram(capture);
    GLint ok = 0;
    glGetProgramiv(capture, GL_LINK_STATUS, &ok);
    char log[1024] = {};
    glGetProgramInfoLog(capture, sizeof(log), nullptr, log);
    ASSERT_TRUE(ok) << log;
    replay = program(R"(#version 330 core
layout(location = 0) in vec4 p;
void main() { gl_Position = p; })",
                     kRedFs);
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glBufferData(GL_ARRAY_BUFFER, 64 * 16, nullptr, GL_STATIC_DRAW);
    glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 16, nullptr);
    glEnableVertexAttribArray(0);
    glGenTransformFeedbacks(1, &xfb);
  }
  void TearDown() override {
    glDeleteTransformFeedbacks(1, &xfb);
    glDeleteBuffers(1, &buffer);
    glDeleteProgram(capture);
    glDeleteProgram(replay);
    GlCoreQueryTest::TearDown();
  }
  // Captures `vertices` (a multiple of 3) into `buffer` through `xfb`.
  void capture_triangles(int vertices) {
    glUseProgram(capture);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer);
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginTransformFeedback(GL_TRIANGLES);
    glDrawArrays(GL_TRIANGLES, 0, vertices);
    glEndTransformFeedback();
    glDisable(GL_RASTERIZER_DISCARD);
    glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
  }
  // Draws what `xfb` holds, `instances` times; returns the primitives
  // generated and checks the samples passed.
  GLuint64 replay_count(GLsizei instances) {
    glUseProgram(replay);
    GLuint q[2] = {};
    glGenQueries(2, q);
    glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
    glBeginQuery(GL_SAMPLES_PASSED, q[1]);
    if (instances == 1) glDrawTransformFeedback(GL_TRIANGLES, xfb);
    else glDrawTransformFeedbackInstanced(GL_TRIANGLES, xfb, instances);
    glEndQuery(GL_SAMPLES_PASSED);
    glEndQuery(GL_PRIMITIVES_GENERATED);
    const GLuint64 primitives = result(q[0]);
    EXPECT_EQ(result(q[1]), primitives * kWidth * kHeight);
    glDeleteQueries(2, q);
    return primitives;
  }

  GLuint capture = 0, replay = 0, buffer = 0, xfb = 0;
};

TEST_F(GlCoreTransformFeedbackDrawTest, DrawsTheCapturedVertices) {
  capture_triangles(6);
  clear_black();
  EXPECT_EQ(replay_count(1), 2u);
  EXPECT_EQ(pixel(3, 3), rgba(255, 0, 0));
  EXPECT_EQ(replay_count(3), 6u);
  // A new capture replaces the count.
  capture_triangles(9);
  EXPECT_EQ(replay_count(1), 3u);
  // The stream form draws stream 0.
  glUseProgram(replay);
  glDrawTransformFeedbackStream(GL_TRIANGLES, xfb, 0);
  glDrawTransformFeedbackStreamInstanced(GL_TRIANGLES, xfb, 0, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(GlCoreTransformFeedbackDrawTest, PausedCaptureCountsOnlyWhatWasCaptured) {
  glUseProgram(capture);
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer);
  glEnable(GL_RASTERIZER_DISCARD);
  glBeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glPauseTransformFeedback();
  glDrawArrays(GL_TRIANGLES, 0, 12);
  glResumeTransformFeedback();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glEndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
  EXPECT_EQ(replay_count(1), 2u);
}

// A program pipeline's vertex stage is captured (the program bound with
// glUseProgram is none).
TEST_F(GlCoreTransformFeedbackDrawTest, CapturesThroughAProgramPipeline) {
  GLuint vs = glCreateProgram();
  glProgramParameteri(vs, GL_PROGRAM_SEPARABLE, GL_TRUE);
  GLuint s = shader(GL_VERTEX_SHADER, R"(#version 330 core
out vec4 corner;
void main() {
  int i = gl_VertexID % 3;
  corner = vec4(i == 1 ? 3.0 : -1.0, i == 2 ? 3.0 : -1.0, 0.0, 1.0);
  gl_Position = corner;
})");
  glAttachShader(vs, s);
  glDeleteShader(s);
  const char* varying = "corner";
  glTransformFeedbackVaryings(vs, 1, &varying, GL_INTERLEAVED_ATTRIBS);
  glLinkProgram(vs);
  GLint ok = 0;
  glGetProgramiv(vs, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok);
  GLuint fs = glCreateShaderProgramv(GL_FRAGMENT_SHADER, 1, &kRedFs);
  GLuint pipeline = 0;
  glGenProgramPipelines(1, &pipeline);
  glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, vs);
  glUseProgramStages(pipeline, GL_FRAGMENT_SHADER_BIT, fs);
  glUseProgram(0);
  glBindProgramPipeline(pipeline);
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer);
  glEnable(GL_RASTERIZER_DISCARD);
  glBeginTransformFeedback(GL_TRIANGLES);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glPauseTransformFeedback();
  glResumeTransformFeedback();
  glEndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
  glBindProgramPipeline(0);
  float v[12] = {};
  glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(v), v);
  const float want[12] = {-1, -1, 0, 1, 3, -1, 0, 1, -1, 3, 0, 1};
  for (int i = 0; i < 12; ++i) EXPECT_EQ(v[i], want[i]) << i;
  EXPECT_EQ(replay_count(1), 1u);
  glDeleteProgramPipelines(1, &pipeline);
  glDeleteProgram(vs);
  glDeleteProgram(fs);
}

TEST_F(GlCoreTransformFeedbackDrawTest, Errors) {
  glUseProgram(replay);
  // A generated name is an object once bound (GL 4.6 §13.2.1).
  glDrawTransformFeedback(GL_TRIANGLES, xfb);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
  // Never ended: nothing to draw.
  glDrawTransformFeedback(GL_TRIANGLES, xfb);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  capture_triangles(3);
  glUseProgram(replay);
  glDrawTransformFeedback(GL_TRIANGLES, 4242);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  GLint streams = 0;
  glGetIntegerv(GL_MAX_VERTEX_STREAMS, &streams);
  glDrawTransformFeedbackStream(GL_TRIANGLES, xfb, GLuint(streams));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawTransformFeedbackInstanced(GL_TRIANGLES, xfb, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawTransformFeedback(GL_QUADS, xfb);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // The default object was never ended either.
  glDrawTransformFeedback(GL_TRIANGLES, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

}  // namespace
}  // namespace brass::e2e
