// Query objects (occlusion, transform feedback primitives written) and
// transform feedback objects: results, pause/resume capture and the ES 3.0
// §2.14-2.15 errors.
#include <cstring>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kVs = R"(#version 300 es
in vec2 pos;
out vec4 v_out;
flat out int v_index;
void main() {
  v_out = vec4(pos, float(gl_VertexID), 1.0);
  v_index = gl_VertexID * 10;
  gl_Position = vec4(pos, 0.0, 1.0);
  gl_PointSize = 1.0;
})";
constexpr const char* kFs = R"(#version 300 es
precision mediump float;
in vec4 v_out;
flat in int v_index;
out vec4 color;
void main() { color = vec4(0.0, 1.0, 0.0, 1.0); })";

class QueryObjects : public GlesTest {
 protected:
  // A program capturing `varyings`, linked (or not, reported by *linked).
  GLuint xfb_program(std::initializer_list<const char*> varyings, GLenum mode = GL_INTERLEAVED_ATTRIBS) {
    GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, kVs}, std::pair{GL_FRAGMENT_SHADER, kFs}}) {
      GLuint s = glCreateShader(type);
      glShaderSource(s, 1, &src, nullptr);
      glCompileShader(s);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    std::vector<const char*> names(varyings);
    glTransformFeedbackVaryings(p, static_cast<GLsizei>(names.size()), names.data(), mode);
    glBindAttribLocation(p, 0, "pos");
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    EXPECT_TRUE(ok);
    return p;
  }
  // Six vertices: two triangles covering the whole surface.
  void full_screen_vertices(float x0 = -1, float y0 = -1, float x1 = 1, float y1 = 1) {
    const float v[] = {x0, y0, x1, y0, x0, y1, x1, y0, x1, y1, x0, y1};
    if (!vbo_) glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  }
  GLuint buffer(GLsizeiptr size) {
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
    std::vector<float> init(static_cast<size_t>(size) / 4, -1.0f);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, size, init.data(), GL_STATIC_READ);
    return b;
  }
  std::vector<float> read(GLuint b, GLsizeiptr size) {
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
    const void* p = glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, size, GL_MAP_READ_BIT);
    std::vector<float> out(static_cast<size_t>(size) / 4, 0.0f);
    if (p) std::memcpy(out.data(), p, static_cast<size_t>(size));
    EXPECT_TRUE(p);
    glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
    return out;
  }
  GLuint result(GLuint q) {
    GLuint r = 12345;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &r);
    return r;
  }
  GLuint vbo_ = 0;
};

TEST_F(QueryObjects, AnySamplesPassed) {
  GLuint p = program(kVs, kFs);
  glUseProgram(p);
  full_screen_vertices();
  GLuint q[3];
  glGenQueries(3, q);
  EXPECT_FALSE(glIsQuery(q[0]));  // no object before the first Begin

  glBeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
  EXPECT_TRUE(glIsQuery(q[0]));
  GLint current = 0;
  glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(current, static_cast<GLint>(q[0]));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glEndQuery(GL_ANY_SAMPLES_PASSED);
  glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(current, 0);

  // Nothing passes the scissor test.
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 0, 0);
  glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[1]);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glEndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE);
  glDisable(GL_SCISSOR_TEST);

  // Over a render pass break (a readback) with samples only after it.
  glBeginQuery(GL_ANY_SAMPLES_PASSED, q[2]);
  glClear(GL_COLOR_BUFFER_BIT);
  (void)pixel(0, 0);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glEndQuery(GL_ANY_SAMPLES_PASSED);

  GLuint available = GL_FALSE;
  for (int i = 0; i < 100000 && !available; ++i) glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &available);
  EXPECT_EQ(available, static_cast<GLuint>(GL_TRUE));
  EXPECT_EQ(result(q[0]), static_cast<GLuint>(GL_TRUE));
  EXPECT_EQ(result(q[1]), static_cast<GLuint>(GL_FALSE));
  EXPECT_EQ(result(q[2]), static_cast<GLuint>(GL_TRUE));
  glGetQueryObjectuiv(q[1], GL_QUERY_RESULT_AVAILABLE, &available);
  EXPECT_EQ(available, static_cast<GLuint>(GL_TRUE));
  glDeleteQueries(3, q);
  EXPECT_FALSE(glIsQuery(q[0]));
  glDeleteProgram(p);
}

TEST_F(QueryObjects, QueryErrors) {
  GLuint q[2];
  glGenQueries(2, q);
  GLuint r = 0;
  glBeginQuery(GL_TIME_ELAPSED_EXT, q[0]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glBeginQuery(GL_ANY_SAMPLES_PASSED, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBeginQuery(GL_ANY_SAMPLES_PASSED, 999);  // never generated
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &r);  // no object yet
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glEndQuery(GL_ANY_SAMPLES_PASSED);  // none active
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));

  glBeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);  // target busy
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q[1]);  // the occlusion slot is shared
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[0]);  // already active
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &r);  // active
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glEndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE);  // active one is the other target
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glEndQuery(GL_ANY_SAMPLES_PASSED);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[0]);  // its type is fixed now
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetQueryObjectuiv(q[0], GL_CURRENT_QUERY, &r);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint iv = 0;
  glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_QUERY_RESULT, &iv);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetQueryiv(GL_TIME_ELAPSED_EXT, GL_CURRENT_QUERY, &iv);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGenQueries(-1, q);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteQueries(-1, q);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));

  // Deleting an active query ends it.
  glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
  glDeleteQueries(2, q);
  GLint current = -1;
  glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(current, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(QueryObjects, CaptureWithPauseResume) {
  GLuint p = xfb_program({"v_out", "v_index"});
  glUseProgram(p);
  full_screen_vertices();
  const GLsizeiptr size = 20 * 12 * 4;  // 12 vertices of vec4 + int
  GLuint b = buffer(size);
  GLuint tf = 0;
  glGenTransformFeedbacks(1, &tf);
  EXPECT_FALSE(glIsTransformFeedback(tf));
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf);
  EXPECT_TRUE(glIsTransformFeedback(tf));
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
  GLuint q = 0;
  glGenQueries(1, &q);

  glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
  glBeginTransformFeedback(GL_TRIANGLES);
  GLboolean active = GL_FALSE, paused = GL_TRUE;
  glGetBooleanv(GL_TRANSFORM_FEEDBACK_ACTIVE, &active);
  glGetBooleanv(GL_TRANSFORM_FEEDBACK_PAUSED, &paused);
  EXPECT_TRUE(active);
  EXPECT_FALSE(paused);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glPauseTransformFeedback();
  glGetBooleanv(GL_TRANSFORM_FEEDBACK_PAUSED, &paused);
  EXPECT_TRUE(paused);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);  // any mode while paused; not captured
  glResumeTransformFeedback();
  glDrawArrays(GL_TRIANGLES, 3, 3);
  glEndTransformFeedback();
  glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  EXPECT_EQ(result(q), 2u);
  const std::vector<float> v = read(b, size);
  const float pos[6][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, -1}, {1, 1}, {-1, 1}};
  for (int i = 0; i < 6; ++i) {
    const float* e = v.data() + i * 5;
    EXPECT_EQ(e[0], pos[i][0]) << i;
    EXPECT_EQ(e[1], pos[i][1]) << i;
    EXPECT_EQ(e[2], static_cast<float>(i)) << i;
    EXPECT_EQ(e[3], 1.0f) << i;
    int index = 0;
    std::memcpy(&index, &e[4], 4);
    EXPECT_EQ(index, i * 10) << i;
  }
  EXPECT_EQ(v[30], -1.0f);  // nothing after the six vertices

  GLint binding = 0;
  glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &binding);
  EXPECT_EQ(binding, static_cast<GLint>(tf));
  glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &binding);
  EXPECT_EQ(binding, static_cast<GLint>(b));
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
  glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &binding);
  EXPECT_EQ(binding, 0);  // indexed bindings belong to the object
  glDeleteTransformFeedbacks(1, &tf);
  EXPECT_FALSE(glIsTransformFeedback(tf));
  glDeleteQueries(1, &q);
  glDeleteBuffers(1, &b);
  glDeleteProgram(p);
}

TEST_F(QueryObjects, SeparateAttribsWithRanges) {
  GLuint p = xfb_program({"v_index", "v_out"}, GL_SEPARATE_ATTRIBS);
  glUseProgram(p);
  full_screen_vertices();
  GLuint b0 = buffer(64), b1 = buffer(256);
  glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b0, 16, 12);  // three ints
  glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 1, b1, 32, 128);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 3);
  glDrawArrays(GL_POINTS, 0, 1);  // a fourth int does not fit
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glEndTransformFeedback();
  const std::vector<float> i = read(b0, 64);
  int got[3];
  std::memcpy(got, i.data() + 4, sizeof(got));
  EXPECT_EQ(got[0], 0);
  EXPECT_EQ(got[1], 10);
  EXPECT_EQ(got[2], 20);
  EXPECT_EQ(i[3], -1.0f);
  EXPECT_EQ(i[7], -1.0f);
  const std::vector<float> o = read(b1, 256);
  EXPECT_EQ(o[7], -1.0f);
  EXPECT_EQ(o[8 + 4 * 2 + 2], 2.0f);  // third vertex's index component
  glDeleteBuffers(1, &b0);
  glDeleteBuffers(1, &b1);
  glDeleteProgram(p);
}

TEST_F(QueryObjects, CaptureStructMembersArrayElementsAndStrips) {
  // Struct members and array elements, with an int member whose default
  // precision differs between the stages.
  const char* vs = R"(#version 300 es
struct S { float a; ivec2 d; };
in vec2 pos;
flat out S v;
out vec2 arr[3];
void main() {
  v.a = float(gl_VertexID) + 0.5;
  v.d = ivec2(gl_VertexID, 7);
  arr[0] = vec2(-1.0);
  arr[1] = pos;
  arr[2] = vec2(-2.0);
  gl_Position = vec4(pos, 0.0, 1.0);
})";
  const char* fs = R"(#version 300 es
precision mediump float;
struct S { float a; ivec2 d; };
flat in S v;
in vec2 arr[3];
out vec4 color;
void main() { color = vec4(v.a, float(v.d.y), arr[1]); })";
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_FRAGMENT_SHADER, fs}}) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  const char* names[] = {"arr[1]", "v.d", "v.a"};
  glTransformFeedbackVaryings(p, 3, names, GL_INTERLEAVED_ATTRIBS);
  glBindAttribLocation(p, 0, "pos");
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  char log[1024] = {};
  glGetProgramInfoLog(p, sizeof(log), nullptr, log);
  ASSERT_TRUE(ok) << log;
  GLsizei length = 0, size = 0;
  GLenum type = 0;
  char name[16] = {};
  glGetTransformFeedbackVarying(p, 1, sizeof(name), &length, &size, &type, name);
  EXPECT_STREQ(name, "v.d");
  EXPECT_EQ(type, static_cast<GLenum>(GL_INT_VEC2));
  EXPECT_EQ(size, 1);

  glUseProgram(p);
  full_screen_vertices();
  const GLsizeiptr bytes = 20 * 8;  // 6 captured vertices of 5 words, and spare
  GLuint b = buffer(bytes);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
  GLuint q = 0;
  glGenQueries(1, &q);
  glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
  glBeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);  // two triangles, captured separately
  glEndTransformFeedback();
  glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(result(q), 2u);
  const std::vector<float> v = read(b, bytes);
  const float pos[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, -1}};
  for (int i = 0; i < 6; ++i) {
    const float* e = v.data() + i * 5;
    int d[2];
    std::memcpy(d, e + 2, sizeof(d));
    const int vertex = static_cast<int>(e[4]);  // v.a = id + 0.5
    EXPECT_EQ(e[4], static_cast<float>(vertex) + 0.5f) << i;
    EXPECT_EQ(d[0], vertex) << i;
    EXPECT_EQ(d[1], 7) << i;
    ASSERT_GE(vertex, 0);
    ASSERT_LT(vertex, 4);
    EXPECT_EQ(e[0], pos[vertex][0]) << i;
    EXPECT_EQ(e[1], pos[vertex][1]) << i;
  }
  EXPECT_EQ(v[30], -1.0f);
  glDeleteQueries(1, &q);
  glDeleteBuffers(1, &b);
  glDeleteProgram(p);
}

TEST_F(QueryObjects, TransformFeedbackErrors) {
  GLuint p = xfb_program({"v_out"});
  GLuint plain = program(kVs, kFs);
  full_screen_vertices();
  GLuint b = buffer(16 * 6);
  GLuint tf[2];
  glGenTransformFeedbacks(2, tf);
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf[0]);

  glBindTransformFeedback(GL_ARRAY_BUFFER, tf[1]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 777);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUseProgram(p);
  glBeginTransformFeedback(GL_TRIANGLE_STRIP);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glBeginTransformFeedback(GL_TRIANGLES);  // no buffer bound
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUseProgram(plain);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
  glBeginTransformFeedback(GL_TRIANGLES);  // nothing to capture
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glEndTransformFeedback();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glPauseTransformFeedback();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glResumeTransformFeedback();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));

  glUseProgram(p);
  glBeginTransformFeedback(GL_TRIANGLES);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glBeginTransformFeedback(GL_TRIANGLES);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArrays(GL_POINTS, 0, 3);  // mode mismatch
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArrays(GL_LINE_STRIP, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 9);  // 7 triangles: 21 vertices, 6 fit
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const GLubyte idx[] = {0, 1, 2};
  glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, idx);  // indexed
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArrays(GL_TRIANGLES, 0, 9);  // six vertices fit
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUseProgram(plain);  // program change while unpaused
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf[1]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glLinkProgram(p);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteTransformFeedbacks(1, tf);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glResumeTransformFeedback();  // not paused
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));

  glPauseTransformFeedback();
  glPauseTransformFeedback();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Paused: another object and another program may be used...
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf[1]);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf[0]);
  glUseProgram(plain);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDrawArrays(GL_POINTS, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // ...but resuming needs Begin's program back.
  glResumeTransformFeedback();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUseProgram(p);
  glResumeTransformFeedback();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glEndTransformFeedback();
  glLinkProgram(p);  // no longer in use by transform feedback
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  glGenTransformFeedbacks(-1, tf);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteTransformFeedbacks(-1, tf);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Deleting the bound object binds the default one.
  glDeleteTransformFeedbacks(2, tf);
  GLint binding = -1;
  glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &binding);
  EXPECT_EQ(binding, 0);
  glDeleteBuffers(1, &b);
  glDeleteProgram(p);
  glDeleteProgram(plain);
}

}  // namespace
}  // namespace brass::e2e
