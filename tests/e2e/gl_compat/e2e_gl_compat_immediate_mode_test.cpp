// Immediate mode (GL 4.6 compatibility §10.7): glBegin / glEnd with the
// current attribute values per vertex, QUADS / QUAD_STRIP / POLYGON,
// glRect, generic attribute 0 as the position, and the errors.
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

// Position and colour from the conventional attributes, untransformed.
constexpr const char* kColorVs = R"(#version 120
varying vec4 color;
void main() {
  gl_Position = gl_Vertex;
  color = gl_Color;
})";
constexpr const char* kColorFs = R"(#version 120
varying vec4 color;
void main() { gl_FragColor = color; }
)";
// The colour of the provoking vertex (flat shading).
constexpr const char* kFlatVs = R"(#version 130
flat out vec4 color;
void main() {
  gl_Position = gl_Vertex;
  color = gl_Color;
})";
constexpr const char* kFlatFs = R"(#version 130
flat in vec4 color;
void main() { gl_FragColor = color; }
)";

class GlCompatImmediateTest : public GlCompatTest {
 protected:
  void SetUp() override {
    GlCompatTest::SetUp();
    if (HasFatalFailure()) return;
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }
};

TEST_F(GlCompatImmediateTest, TrianglesTakeTheCurrentColor) {
  GLuint p = program(kColorVs, kColorFs);
  glUseProgram(p);
  glColor3f(1, 0, 0);
  glBegin(GL_TRIANGLES);
  glVertex2f(-1, -1);
  glVertex2f(3, -1);
  glVertex2f(-1, 3);
  glEnd();
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0));
  glDeleteProgram(p);
}

TEST_F(GlCompatImmediateTest, ColorChangesBetweenVerticesOfOnePrimitive) {
  GLuint p = program(kColorVs, kColorFs);
  glUseProgram(p);
  // The left quad's vertices keep the colour current before glBegin, the
  // right one's the colour given between its vertices.
  glColor3f(1, 0, 0);
  glBegin(GL_QUADS);
  glVertex2f(-1, -1);
  glVertex2f(0, -1);
  glVertex2f(0, 1);
  glVertex2f(-1, 1);
  glColor3ub(0, 0, 255);
  glVertex2f(0, -1);
  glVertex2f(1, -1);
  glVertex2f(1, 1);
  glVertex2f(0, 1);
  glEnd();
  EXPECT_EQ(pixel(8, 16), rgba(255, 0, 0));
  EXPECT_EQ(pixel(24, 16), rgba(0, 0, 255));
  // The current colour is the last one given.
  GLfloat c[4] = {};
  glGetFloatv(GL_CURRENT_COLOR, c);
  EXPECT_EQ(c[2], 1.0f);
  glDeleteProgram(p);
}

TEST_F(GlCompatImmediateTest, QuadStripPolygonAndRect) {
  GLuint p = program(kColorVs, kColorFs);
  glUseProgram(p);
  glColor3f(0, 1, 0);
  glBegin(GL_QUAD_STRIP);  // the bottom quarter, two quads
  glVertex2f(-1, -1);
  glVertex2f(-1, -0.5f);
  glVertex2f(0, -1);
  glVertex2f(0, -0.5f);
  glVertex2f(1, -1);
  glVertex2f(1, -0.5f);
  glEnd();
  glColor3f(0, 0, 1);
  glBegin(GL_POLYGON);  // a pentagon covering the top half's centre
  glVertex2f(-1, 0);
  glVertex2f(1, 0);
  glVertex2f(1, 0.9f);
  glVertex2f(0, 1);
  glVertex2f(-1, 0.9f);
  glEnd();
  glColor3f(1, 1, 0);
  glRectf(-1, -0.5f, -0.5f, 0);
  EXPECT_EQ(pixel(4, 2), rgba(0, 255, 0));
  EXPECT_EQ(pixel(28, 2), rgba(0, 255, 0));
  EXPECT_EQ(pixel(16, 24), rgba(0, 0, 255));
  EXPECT_EQ(pixel(4, 12), rgba(255, 255, 0));
  EXPECT_EQ(pixel(20, 12), rgba(0, 0, 0, 0));
  glDeleteProgram(p);
}

TEST_F(GlCompatImmediateTest, FlatQuadsTakeTheProvokingVertex) {
  GLuint p = program(kFlatVs, kFlatFs);
  glUseProgram(p);
  const auto quad = [](GLenum mode) {
    glBegin(mode);
    glColor3f(1, 0, 0);
    glVertex2f(-1, -1);
    glColor3f(0, 1, 0);
    glVertex2f(1, -1);
    glColor3f(0, 0, 1);
    glVertex2f(1, 1);
    glColor3f(1, 1, 1);
    glVertex2f(-1, 1);
    glEnd();
  };
  // A quad's last vertex provokes (GL 4.6 compatibility table 13.2).
  quad(GL_QUADS);
  EXPECT_EQ(pixel(4, 4), rgba(255, 255, 255));
  EXPECT_EQ(pixel(28, 28), rgba(255, 255, 255));
  // A polygon's first vertex, whatever the convention.
  quad(GL_POLYGON);
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 0));
  EXPECT_EQ(pixel(28, 28), rgba(255, 0, 0));
  // QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION: the first vertex then.
  GLboolean follows = GL_FALSE;
  glGetBooleanv(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, &follows);
  EXPECT_EQ(follows, GL_TRUE);
  glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
  quad(GL_QUADS);
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 0));
  EXPECT_EQ(pixel(28, 28), rgba(255, 0, 0));
  glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
  glDeleteProgram(p);
}

TEST_F(GlCompatImmediateTest, GenericAttributeZeroIsTheVertex) {
  // A program with generic inputs only: attribute 0 emits vertices between
  // glBegin and glEnd, attribute 1 varies per vertex.
  constexpr const char* vs = R"(#version 120
attribute vec4 pos;
attribute vec4 col;
varying vec4 color;
void main() { gl_Position = pos; color = col; })";
  GLuint p = glCreateProgram();
  GLuint v = shader(GL_VERTEX_SHADER, vs), f = shader(GL_FRAGMENT_SHADER, kColorFs);
  glAttachShader(p, v);
  glAttachShader(p, f);
  glBindAttribLocation(p, 0, "pos");
  glBindAttribLocation(p, 1, "col");
  glLinkProgram(p);
  glDeleteShader(v);
  glDeleteShader(f);
  glUseProgram(p);
  glVertexAttrib4f(1, 1, 0, 1, 1);
  glBegin(GL_TRIANGLES);
  glVertexAttrib2f(0, -1, -1);
  glVertexAttrib2f(0, 1, -1);
  glVertexAttrib2f(0, -1, 1);
  glVertexAttrib4f(1, 0, 1, 0, 1);
  glVertexAttrib2f(0, 1, -1);
  glVertexAttrib2f(0, 1, 1);
  glVertexAttrib2f(0, -1, 1);
  glEnd();
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 255));
  EXPECT_EQ(pixel(28, 28), rgba(0, 255, 0));
  glDeleteProgram(p);
}

TEST_F(GlCompatImmediateTest, Errors) {
  glBegin(GL_QUADS + 100);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBegin(GL_POINTS);
  glBegin(GL_POINTS);
  glRectf(0, 0, 1, 1);
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Nothing is left open: End again is an error, Begin is not.
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBegin(GL_LINES);
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlCompatImmediateTest, OnlyVertexCommandsBetweenBeginAndEnd) {
  // Commands GL 4.6 compatibility §10.7.5 does not list are errors there
  // and do nothing (glGetError included: it reports nothing then).
  glBegin(GL_TRIANGLES);
  glClearColor(1, 1, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLfloat clear[4] = {};
  glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
  EXPECT_EQ(clear[0], 0.0f);
  // The vertex and attribute commands are fine.
  glBegin(GL_POINTS);
  glColor4f(1, 0, 0, 1);
  glNormal3f(0, 0, 1);
  glTexCoord2f(0, 0);
  glMultiTexCoord2f(GL_TEXTURE1, 0, 0);
  glVertexAttrib4f(1, 0, 0, 0, 1);
  glEdgeFlag(GL_TRUE);
  glVertex2f(2, 2);  // off screen
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glBegin(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 1);
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

}  // namespace
}  // namespace brass::e2e
