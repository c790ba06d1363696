// The validated draw (gl/validated_draw.h) in desktop GL: state that only
// the draw's own checks read, changed between two draws of the same mode,
// must reach the second draw — PROGRAM_POINT_SIZE (a program variant's
// input), PATCH_VERTICES and conditional rendering.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreValidatedDraw : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
  }
  void TearDown() override {
    glDeleteBuffers(1, &vbo_);
    GlCoreTest::TearDown();
  }
  void vertices(const float* v, size_t bytes) { glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(bytes), v, GL_STATIC_DRAW); }
  void clear() {
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }

  GLuint vbo_ = 0;
};

// GL 4.6 §14.4: the point size comes from glPointSize unless
// PROGRAM_POINT_SIZE is enabled; toggled between two point draws, the
// second draws with the other size.
TEST_F(GlCoreValidatedDraw, ProgramPointSizeToggledBetweenPointDraws) {
  const char* vs = R"(#version 330 core
layout(location = 0) in vec2 pos;
void main() { gl_PointSize = 9.0; gl_Position = vec4(pos, 0.0, 1.0); })";
  const char* fs = R"(#version 330 core
out vec4 o;
void main() { o = vec4(1.0, 0.0, 0.0, 1.0); })";
  GLuint p = program(vs, fs);
  glUseProgram(p);
  const float centre[2] = {1.0f / kWidth, 1.0f / kHeight};  // the centre of pixel (16, 16)
  vertices(centre, sizeof(centre));
  glPointSize(1.0f);
  clear();
  glDrawArrays(GL_POINTS, 0, 1);
  glDrawArrays(GL_POINTS, 0, 1);
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0));
  EXPECT_EQ(pixel(19, 16), rgba(0, 0, 0)) << "a 1-pixel point is 9 wide";
  glEnable(GL_PROGRAM_POINT_SIZE);
  glDrawArrays(GL_POINTS, 0, 1);
  EXPECT_EQ(pixel(19, 16), rgba(255, 0, 0)) << "PROGRAM_POINT_SIZE enabled between draws: still 1 pixel";
  clear();
  glDisable(GL_PROGRAM_POINT_SIZE);
  glDrawArrays(GL_POINTS, 0, 1);
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0));
  EXPECT_EQ(pixel(19, 16), rgba(0, 0, 0)) << "PROGRAM_POINT_SIZE disabled between draws: still 9 pixels";
  glDeleteProgram(p);
}

// NV_conditional_render (GL 3.0): a render condition begun between two
// draws discards the second when its query counted nothing.
TEST_F(GlCoreValidatedDraw, ConditionalRenderBegunBetweenDraws) {
  const char* vs = R"(#version 330 core
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })";
  const char* fs = R"(#version 330 core
uniform vec4 color;
out vec4 o;
void main() { o = color; })";
  GLuint p = program(vs, fs);
  glUseProgram(p);
  const GLint color = glGetUniformLocation(p, "color");
  const float quad[12] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};
  vertices(quad, sizeof(quad));
  // A query that counted no samples (no draw inside it).
  GLuint q = 0;
  glGenQueries(1, &q);
  glBeginQuery(GL_SAMPLES_PASSED, q);
  glEndQuery(GL_SAMPLES_PASSED);
  GLuint samples = 1;
  glGetQueryObjectuiv(q, GL_QUERY_RESULT, &samples);
  ASSERT_EQ(samples, 0u);
  glUniform4f(color, 1, 0, 0, 1);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(5, 5), rgba(255, 0, 0));
  clear();
  glBeginConditionalRender(q, GL_QUERY_WAIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(5, 5), rgba(0, 0, 0)) << "a draw under a failed condition drew";
  glEndConditionalRender();
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(5, 5), rgba(255, 0, 0)) << "the condition ended: the draw must draw";
  glDeleteQueries(1, &q);
  glDeleteProgram(p);
}

// GL 4.6 §10.1.15 with a program without a tessellation control shader:
// PATCH_VERTICES decides how many vertices each patch has, changed between
// two patch draws of the same count.
TEST_F(GlCoreValidatedDraw, PatchVerticesChangedBetweenPatchDraws) {
  GLint major = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  if (major < 4) GTEST_SKIP() << "tessellation needs GL 4.0";
  const char* vs = R"(#version 400 core
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })";
  // Each patch becomes one triangle of its first three vertices.
  const char* tes = R"(#version 400 core
layout(triangles) in;
void main() {
  gl_Position = gl_TessCoord.x * gl_in[0].gl_Position + gl_TessCoord.y * gl_in[1].gl_Position +
                gl_TessCoord.z * gl_in[2].gl_Position;
})";
  const char* fs = R"(#version 400 core
out vec4 o;
void main() { o = vec4(0.0, 1.0, 0.0, 1.0); })";
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_TESS_EVALUATION_SHADER, tes},
                           std::pair{GL_FRAGMENT_SHADER, fs}}) {
    GLuint s = shader(type, src);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok);
  glUseProgram(p);
  // Six vertices: as patches of 3, the left-bottom triangle and the
  // right-top one; as patches of 6, only the first.
  const float tris[12] = {-1, -1, 0, -1, -1, 0, 1, 1, 0, 1, 1, 0};
  vertices(tris, sizeof(tris));
  const float levels[4] = {1, 1, 1, 1};
  glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, levels);
  glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, levels);
  glPatchParameteri(GL_PATCH_VERTICES, 3);
  clear();
  glDrawArrays(GL_PATCHES, 0, 6);
  glDrawArrays(GL_PATCHES, 0, 6);
  EXPECT_EQ(pixel(4, 4), rgba(0, 255, 0));
  EXPECT_EQ(pixel(28, 28), rgba(0, 255, 0)) << "patches of 3: the second triangle";
  glPatchParameteri(GL_PATCH_VERTICES, 6);
  clear();
  glDrawArrays(GL_PATCHES, 0, 6);
  EXPECT_EQ(pixel(4, 4), rgba(0, 255, 0));
  EXPECT_EQ(pixel(28, 28), rgba(0, 0, 0)) << "PATCH_VERTICES 6 set between draws: still patches of 3";
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
