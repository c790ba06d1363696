// Transform feedback of GL 4.0 / 4.2 / 4.6 in a desktop 4.6 core context
// (this binary runs with BRASS_GL_VERSION_OVERRIDE=4.6; lavapipe has
// geometryStreams and four transform feedback streams):
// ARB_transform_feedback3's vertex streams (a geometry shader emitting to
// four streams, each captured into its own buffer through gl_NextBuffer,
// counted per stream by indexed PRIMITIVES_GENERATED and
// TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN queries, only stream 0 rasterized),
// gl_SkipComponents holes, the markers' errors and reflection,
// glDrawTransformFeedbackStream(Instanced) (ARB_transform_feedback_instanced)
// and ARB_transform_feedback_overflow_query's overflow queries, also as a
// conditional rendering condition. Buffers and pixels are read back.
#include <array>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kPointVs = R"(#version 400 core
void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); })";

// Per invocation: one point on each stream, values from the invocation.
constexpr const char* kFourStreamsGs = R"(#version 400 core
layout(points, invocations = 3) in;
layout(points, max_vertices = 4) out;
out float s0;
layout(stream = 1) out vec2 s1a;
layout(stream = 1) out float s1b;
layout(stream = 2) out vec4 s2;
layout(stream = 3) out vec3 s3;
void main() {
  float i = float(gl_InvocationID);
  gl_Position = vec4(0.03125, 0.03125, 0.0, 1.0);  // the centre of pixel (16, 16)
  s0 = 10.0 + i;
  EmitStreamVertex(0);
  EndStreamPrimitive(0);
  s3 = vec3(30.0 + i, 31.0 + i, 32.0 + i);
  EmitStreamVertex(3);
  EndStreamPrimitive(3);
  s1a = vec2(20.0 + i, 21.0 + i);
  s1b = 22.0 + i;
  EmitStreamVertex(1);
  EndStreamPrimitive(1);
  s2 = vec4(40.0 + i, 41.0 + i, 42.0 + i, 43.0 + i);
  EmitStreamVertex(2);
  EndStreamPrimitive(2);
})";

constexpr const char* kRedFs = R"(#version 400 core
out vec4 color;
void main() { color = vec4(1.0, 0.0, 0.0, 1.0); })";

class GlCoreTransformFeedback3 : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    GLint major = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    ASSERT_GE(major, 4) << "this binary must run with BRASS_GL_VERSION_OVERRIDE=4.x";
  }

  // Links vs + gs (+ fs) capturing `varyings` in `mode`; `ok` false
  // expects the link to fail.
  static GLuint xfb_program(const char* vs, const char* gs, const char* fs, std::vector<const char*> varyings,
                            GLenum mode = GL_INTERLEAVED_ATTRIBS, bool ok = true) {
    const GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_GEOMETRY_SHADER, gs},
                             std::pair{GL_FRAGMENT_SHADER, fs}}) {
      if (!src) continue;
      const GLuint s = shader(type, src);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    glTransformFeedbackVaryings(p, static_cast<GLsizei>(varyings.size()), varyings.data(), mode);
    glLinkProgram(p);
    GLint linked = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    char log[2048] = {};
    glGetProgramInfoLog(p, sizeof(log), nullptr, log);
    EXPECT_EQ(linked != 0, ok) << log;
    return p;
  }

  // The first `n` floats of the buffer bound to TRANSFORM_FEEDBACK_BUFFER.
  static std::vector<float> floats(GLuint b, size_t n) {
    std::vector<float> out(n, -1.0f);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
    glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, static_cast<GLsizeiptr>(n * sizeof(float)), out.data());
    return out;
  }

  static GLuint result(GLuint q) {
    GLuint v = 0xdeadbeef;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &v);
    return v;
  }

  // Buffers of `bytes` bytes each, filled with -1.0f, bound to the
  // transform feedback binding points 0..n-1.
  static std::vector<GLuint> capture_buffers(size_t n, GLsizeiptr bytes) {
    std::vector<GLuint> b(n);
    glGenBuffers(static_cast<GLsizei>(n), b.data());
    const std::vector<float> fill(static_cast<size_t>(bytes) / sizeof(float), -1.0f);
    for (size_t i = 0; i < n; ++i) {
      glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, static_cast<GLuint>(i), b[i]);
      glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, bytes, fill.data(), GL_STREAM_READ);
    }
    return b;
  }
};

TEST_F(GlCoreTransformFeedback3, ExtensionsAndLimits) {
  for (const char* name : {"GL_ARB_transform_feedback3", "GL_ARB_transform_feedback_instanced",
                           "GL_ARB_transform_feedback_overflow_query"})
    EXPECT_TRUE(has_extension(name)) << name;
  GLint streams = 0, buffers = 0;
  glGetIntegerv(GL_MAX_VERTEX_STREAMS, &streams);
  glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_BUFFERS, &buffers);
  EXPECT_EQ(streams, 4);  // GL 4.0's minimum; lavapipe has four
  EXPECT_EQ(buffers, 4);
}

TEST_F(GlCoreTransformFeedback3, FourStreamsAreCapturedCountedAndOnlyStreamZeroRasterized) {
  const GLuint prog = xfb_program(kPointVs, kFourStreamsGs, kRedFs,
                                  {"s0", "gl_NextBuffer", "s1a", "s1b", "gl_NextBuffer", "s2", "gl_NextBuffer", "s3"});
  glUseProgram(prog);
  const std::vector<GLuint> xfb = capture_buffers(4, 64 * sizeof(float));
  std::array<GLuint, 8> queries{};
  glGenQueries(8, queries.data());
  for (GLuint s = 0; s < 4; ++s) {
    glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, s, queries[s]);
    glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, s, queries[4 + s]);
  }
  GLint current = 0;
  glGetQueryIndexediv(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 2, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(static_cast<GLuint>(current), queries[6]);

  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 2);  // 2 points x 3 invocations: 6 primitives per stream
  glEndTransformFeedback();
  for (GLuint s = 0; s < 4; ++s) {
    glEndQueryIndexed(GL_PRIMITIVES_GENERATED, s);
    glEndQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, s);
  }
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (GLuint s = 0; s < 4; ++s) {
    EXPECT_EQ(result(queries[s]), 6u) << "primitives generated on stream " << s;
    EXPECT_EQ(result(queries[4 + s]), 6u) << "primitives written on stream " << s;
  }

  // Each buffer holds its stream's vertices in emission order: invocations
  // 0..2 of the first point, then of the second.
  const std::vector<float> b0 = floats(xfb[0], 7), b1 = floats(xfb[1], 19), b2 = floats(xfb[2], 25),
                           b3 = floats(xfb[3], 19);
  for (int v = 0; v < 6; ++v) {
    const float i = static_cast<float>(v % 3);
    EXPECT_EQ(b0[v], 10 + i) << v;
    EXPECT_EQ(b1[3 * v + 0], 20 + i) << v;
    EXPECT_EQ(b1[3 * v + 1], 21 + i) << v;
    EXPECT_EQ(b1[3 * v + 2], 22 + i) << v;
    for (int c = 0; c < 4; ++c) EXPECT_EQ(b2[4 * v + c], 40 + i + c) << v;
    for (int c = 0; c < 3; ++c) EXPECT_EQ(b3[3 * v + c], 30 + i + c) << v;
  }
  // Nothing past the captured vertices.
  EXPECT_EQ(b0[6], -1.0f);
  EXPECT_EQ(b1[18], -1.0f);
  EXPECT_EQ(b2[24], -1.0f);
  EXPECT_EQ(b3[18], -1.0f);
  // Stream 0's points reached the framebuffer (the centre pixel is red).
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(255, 0, 0));

  // Varyings of two streams in one buffer do not link.
  const GLuint mixed = xfb_program(kPointVs, kFourStreamsGs, nullptr, {"s0", "s1b"}, GL_INTERLEAVED_ATTRIBS, false);
  glDeleteProgram(mixed);
  glDeleteQueries(8, queries.data());
  glDeleteBuffers(4, xfb.data());
  glDeleteProgram(prog);
}

TEST_F(GlCoreTransformFeedback3, OnlyStreamZeroIsRasterized) {
  // A geometry shader emitting points on stream 1 only (several streams
  // need points output): nothing is rasterized.
  const char* gs = R"(#version 400 core
layout(points) in;
layout(points, max_vertices = 3) out;
layout(stream = 1) out float other;
void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = vec4(0.03125, 0.03125, 0.0, 1.0);
    other = float(i);
    EmitStreamVertex(1);
  }
})";
  const GLuint prog = xfb_program(kPointVs, gs, kRedFs, {"other"});
  glUseProgram(prog);
  const std::vector<GLuint> xfb = capture_buffers(1, 16 * sizeof(float));
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 1);
  glEndTransformFeedback();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0, 0, 255));
  const std::vector<float> captured = floats(xfb[0], 4);
  EXPECT_EQ(captured, (std::vector<float>{0, 1, 2, -1}));
  glDeleteBuffers(1, xfb.data());
  glDeleteProgram(prog);
}

TEST_F(GlCoreTransformFeedback3, SkipComponentsLeaveHolesAndMarkersReflect) {
  const char* vs = R"(#version 400 core
out vec2 a;
out float b;
void main() {
  a = vec2(1.0, 2.0) + float(gl_VertexID) * 10.0;
  b = 3.0 + float(gl_VertexID) * 10.0;
  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
})";
  // Buffer 0: a, 3 floats skipped, b, 1 skipped (stride 7 floats);
  // buffer 1: b, 2 skipped, a (stride 5 floats).
  const GLuint prog = xfb_program(vs, nullptr, nullptr,
                                  {"a", "gl_SkipComponents3", "b", "gl_SkipComponents1", "gl_NextBuffer", "b",
                                   "gl_SkipComponents2", "a"});
  GLint count = 0;
  glGetProgramiv(prog, GL_TRANSFORM_FEEDBACK_VARYINGS, &count);
  EXPECT_EQ(count, 8);
  const std::array<std::pair<const char*, GLint>, 3> markers = {
      {{"gl_SkipComponents3", 3}, {"gl_SkipComponents1", 1}, {"gl_NextBuffer", 0}}};
  for (GLuint i = 1, m = 0; i <= 4; ++i) {
    if (i == 2) continue;
    char name[64] = {};
    GLsizei size = -1;
    GLenum type = 0xffff;
    glGetTransformFeedbackVarying(prog, i, sizeof(name), nullptr, &size, &type, name);
    EXPECT_STREQ(name, markers[m].first);
    EXPECT_EQ(size, markers[m].second) << name;
    EXPECT_EQ(type, static_cast<GLenum>(GL_NONE)) << name;
    ++m;
  }

  glUseProgram(prog);
  const std::vector<GLuint> xfb = capture_buffers(2, 32 * sizeof(float));
  glEnable(GL_RASTERIZER_DISCARD);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 2);
  glEndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<float> b0 = floats(xfb[0], 15), b1 = floats(xfb[1], 11);
  EXPECT_EQ(b0, (std::vector<float>{1, 2, -1, -1, -1, 3, -1, 11, 12, -1, -1, -1, 13, -1, -1}));
  EXPECT_EQ(b1, (std::vector<float>{3, -1, -1, 1, 2, 13, -1, -1, 11, 12, -1}));
  glDeleteBuffers(2, xfb.data());

  // The markers only in interleaved mode; fewer gl_NextBuffer than binding
  // points; an unknown gl_SkipComponents does not link.
  const char* separate[] = {"a", "gl_NextBuffer"};
  glTransformFeedbackVaryings(prog, 2, separate, GL_SEPARATE_ATTRIBS);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const char* skip_separate[] = {"gl_SkipComponents2", "a"};
  glTransformFeedbackVaryings(prog, 2, skip_separate, GL_SEPARATE_ATTRIBS);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const char* too_many[] = {"a", "gl_NextBuffer", "b", "gl_NextBuffer", "a", "gl_NextBuffer", "b", "gl_NextBuffer", "a"};
  glTransformFeedbackVaryings(prog, 9, too_many, GL_INTERLEAVED_ATTRIBS);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteProgram(prog);
  const GLuint bad = xfb_program(vs, nullptr, nullptr, {"a", "gl_SkipComponents5"}, GL_INTERLEAVED_ATTRIBS, false);
  glDeleteProgram(bad);
}

TEST_F(GlCoreTransformFeedback3, DrawTransformFeedbackStreamDrawsThatStreamsVertices) {
  // Per input point: 1 vertex on stream 0, 3 on stream 2 (stream 1 and 3
  // capture nothing and have no buffer).
  const char* gs = R"(#version 400 core
layout(points) in;
layout(points, max_vertices = 4) out;
out float zero;
layout(stream = 2) out float two;
void main() {
  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
  zero = 1.0;
  EmitStreamVertex(0);
  for (int i = 0; i < 3; ++i) {
    two = float(i);
    EmitStreamVertex(2);
  }
})";
  const GLuint capture = xfb_program(kPointVs, gs, nullptr, {"zero", "gl_NextBuffer", "two"});
  GLuint tf = 0;
  glGenTransformFeedbacks(1, &tf);
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf);
  const std::vector<GLuint> xfb = capture_buffers(2, 64 * sizeof(float));
  glUseProgram(capture);
  glEnable(GL_RASTERIZER_DISCARD);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 5);  // 5 vertices on stream 0, 15 on stream 2
  glEndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  // Count what each draw draws: PRIMITIVES_GENERATED of a point draw.
  const GLuint count_prog = program(kPointVs, kRedFs);
  glUseProgram(count_prog);
  GLuint q = 0;
  glGenQueries(1, &q);
  auto drawn = [&](auto draw) {
    glBeginQuery(GL_PRIMITIVES_GENERATED, q);
    draw();
    glEndQuery(GL_PRIMITIVES_GENERATED);
    return result(q);
  };
  EXPECT_EQ(drawn([&] { glDrawTransformFeedback(GL_POINTS, tf); }), 5u);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackStream(GL_POINTS, tf, 0); }), 5u);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackStream(GL_POINTS, tf, 2); }), 15u);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackInstanced(GL_POINTS, tf, 2); }), 10u);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackStreamInstanced(GL_POINTS, tf, 2, 3); }), 45u);
  // Stream 1 captured into no buffer: nothing to draw.
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackStream(GL_POINTS, tf, 1); }), 0u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDrawTransformFeedbackStream(GL_POINTS, tf, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDrawTransformFeedbackStreamInstanced(GL_POINTS, tf, 0, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteQueries(1, &q);
  glDeleteTransformFeedbacks(1, &tf);
  glDeleteBuffers(2, xfb.data());
  glDeleteProgram(count_prog);
  glDeleteProgram(capture);
}

TEST_F(GlCoreTransformFeedback3, OverflowQueriesReportDroppedPrimitives) {
  // Stream 0 into buffer 0, stream 1 into buffer 1.
  const char* gs = R"(#version 400 core
layout(points) in;
layout(points, max_vertices = 2) out;
out float zero;
layout(stream = 1) out float one;
void main() {
  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
  zero = 0.0;
  EmitStreamVertex(0);
  one = 1.0;
  EmitStreamVertex(1);
})";
  const GLuint prog = xfb_program(kPointVs, gs, nullptr, {"zero", "gl_NextBuffer", "one"});
  glUseProgram(prog);
  std::vector<GLuint> xfb(2);
  glGenBuffers(2, xfb.data());
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb[0]);
  glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 4 * sizeof(float), nullptr, GL_STREAM_READ);  // 4 points fit
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, xfb[1]);
  glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 16 * sizeof(float), nullptr, GL_STREAM_READ);
  std::array<GLuint, 3> q{};  // any stream, stream 0, stream 1
  glGenQueries(3, q.data());
  auto capture = [&](GLsizei points) {
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginQuery(GL_TRANSFORM_FEEDBACK_OVERFLOW, q[0]);
    glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW, 0, q[1]);
    glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW, 1, q[2]);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, points);
    glEndTransformFeedback();
    glEndQuery(GL_TRANSFORM_FEEDBACK_OVERFLOW);
    glEndQueryIndexed(GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW, 0);
    glEndQueryIndexed(GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW, 1);
    glDisable(GL_RASTERIZER_DISCARD);
  };
  capture(4);  // everything fits
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(result(q[0]), 0u);
  EXPECT_EQ(result(q[1]), 0u);
  EXPECT_EQ(result(q[2]), 0u);
  capture(6);  // stream 0 overflows its buffer; stream 1 fits
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(result(q[0]), 1u);
  EXPECT_EQ(result(q[1]), 1u);
  EXPECT_EQ(result(q[2]), 0u);

  // As a condition: a clear is kept when the query is true.
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glClearColor(1, 0, 0, 1);
  glBeginConditionalRender(q[2], GL_QUERY_WAIT);  // no overflow on stream 1: discarded
  glClear(GL_COLOR_BUFFER_BIT);
  glEndConditionalRender();
  EXPECT_EQ(pixel(1, 1), rgba(0, 255, 0));
  glBeginConditionalRender(q[0], GL_QUERY_WAIT);  // overflow: drawn
  glClear(GL_COLOR_BUFFER_BIT);
  glEndConditionalRender();
  EXPECT_EQ(pixel(1, 1), rgba(255, 0, 0));

  // Errors: TRANSFORM_FEEDBACK_OVERFLOW has index 0 only; the stream
  // target's index is below MAX_VERTEX_STREAMS.
  glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_OVERFLOW, 1, q[0]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW, 4, q[1]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLint value = -1;
  glGetQueryIndexediv(GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW, 4, GL_CURRENT_QUERY, &value);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteQueries(3, q.data());
  glDeleteBuffers(2, xfb.data());
  glDeleteProgram(prog);
}

}  // namespace
}  // namespace brass::e2e
