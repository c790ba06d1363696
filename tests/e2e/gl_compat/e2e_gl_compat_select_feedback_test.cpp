// Selection and feedback render modes (GL 4.6 compatibility §20): hit
// records with their names and depths, feedback tokens and vertex layouts,
// clipping, overflow, nothing rasterized, and the commands' errors. The
// matrices are the identity: window = ((x + 1) * 16, (y + 1) * 16,
// (z + 1) / 2) on the 32x32 surface.
#include <cmath>

#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

class GlCompatSelectFeedbackTest : public GlCompatTest {
 protected:
  static GLint integer(GLenum pname) {
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
  }
  static double depth(GLuint scaled) { return static_cast<double>(scaled) / 4294967295.0; }
};

TEST_F(GlCompatSelectFeedbackTest, FeedbackWritesPolygonWithColorsAndPassThrough) {
  GLfloat buf[64];
  for (GLfloat& f : buf) f = -1;
  glFeedbackBuffer(64, GL_3D_COLOR, buf);
  EXPECT_EQ(glRenderMode(GL_FEEDBACK), 0);
  EXPECT_EQ(integer(GL_RENDER_MODE), GL_FEEDBACK);
  glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
  glBegin(GL_TRIANGLES);
  glVertex3f(-0.5f, -0.5f, 0.0f);
  glVertex3f(0.5f, -0.5f, 0.5f);
  glVertex3f(0.0f, 0.5f, -0.5f);
  glEnd();
  glPassThrough(42.0f);
  ASSERT_EQ(glRenderMode(GL_RENDER), 2 + 3 * 7 + 2);
  EXPECT_EQ(buf[0], static_cast<GLfloat>(GL_POLYGON_TOKEN));
  EXPECT_EQ(buf[1], 3.0f);
  const GLfloat expect[3][3] = {{8, 8, 0.5f}, {24, 8, 0.75f}, {16, 24, 0.25f}};
  for (int v = 0; v < 3; ++v) {
    const GLfloat* p = &buf[2 + 7 * v];
    EXPECT_NEAR(p[0], expect[v][0], 1e-4) << v;
    EXPECT_NEAR(p[1], expect[v][1], 1e-4) << v;
    EXPECT_NEAR(p[2], expect[v][2], 1e-4) << v;
    EXPECT_NEAR(p[3], 0.25f, 1e-4);
    EXPECT_NEAR(p[4], 0.5f, 1e-4);
    EXPECT_NEAR(p[5], 0.75f, 1e-4);
    EXPECT_NEAR(p[6], 1.0f, 1e-4);
  }
  EXPECT_EQ(buf[23], static_cast<GLfloat>(GL_PASS_THROUGH_TOKEN));
  EXPECT_EQ(buf[24], 42.0f);
  EXPECT_EQ(buf[25], -1.0f) << "wrote past what it reported";
}

TEST_F(GlCompatSelectFeedbackTest, FeedbackClipsLinesAndDropsOutsidePoints) {
  GLfloat buf[32];
  glFeedbackBuffer(32, GL_2D, buf);
  glRenderMode(GL_FEEDBACK);
  glBegin(GL_LINES);
  glVertex2f(-2.0f, 0.0f);  // clipped at x = -1
  glVertex2f(0.0f, 0.0f);
  glEnd();
  glBegin(GL_POINTS);
  glVertex2f(3.0f, 0.0f);  // outside: nothing
  glVertex2f(0.5f, 0.5f);
  glEnd();
  ASSERT_EQ(glRenderMode(GL_RENDER), 5 + 3);
  EXPECT_EQ(buf[0], static_cast<GLfloat>(GL_LINE_RESET_TOKEN));
  EXPECT_NEAR(buf[1], 0.0f, 1e-4);
  EXPECT_NEAR(buf[2], 16.0f, 1e-4);
  EXPECT_NEAR(buf[3], 16.0f, 1e-4);
  EXPECT_NEAR(buf[4], 16.0f, 1e-4);
  EXPECT_EQ(buf[5], static_cast<GLfloat>(GL_POINT_TOKEN));
  EXPECT_NEAR(buf[6], 24.0f, 1e-4);
  EXPECT_NEAR(buf[7], 24.0f, 1e-4);
}

TEST_F(GlCompatSelectFeedbackTest, PixelRectanglesWriteTheirTokensAtTheRasterPosition) {
  glRasterPos2f(0.0f, 0.0f);  // window (16, 16), z 0.5
  GLfloat buf[32];
  glFeedbackBuffer(32, GL_3D, buf);
  glRenderMode(GL_FEEDBACK);
  const GLubyte bits[4] = {0x80, 0, 0, 0};
  glBitmap(1, 1, 0, 0, 2, 3, bits);  // moves the raster position to (18, 19)
  const GLubyte px[4] = {1, 2, 3, 4};
  glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  ASSERT_EQ(glRenderMode(GL_RENDER), 8);
  EXPECT_EQ(buf[0], static_cast<GLfloat>(GL_BITMAP_TOKEN));
  EXPECT_NEAR(buf[1], 16.0f, 1e-4);
  EXPECT_NEAR(buf[2], 16.0f, 1e-4);
  EXPECT_NEAR(buf[3], 0.5f, 1e-4);
  EXPECT_EQ(buf[4], static_cast<GLfloat>(GL_DRAW_PIXEL_TOKEN));
  EXPECT_NEAR(buf[5], 18.0f, 1e-4);
  EXPECT_NEAR(buf[6], 19.0f, 1e-4);
}

TEST_F(GlCompatSelectFeedbackTest, FeedbackOverflowReturnsMinusOne) {
  GLfloat buf[4] = {-1, -1, -1, -1};
  glFeedbackBuffer(3, GL_2D, buf);
  glRenderMode(GL_FEEDBACK);
  glBegin(GL_POINTS);
  glVertex2f(0, 0);
  glVertex2f(0.5f, 0);
  glEnd();
  EXPECT_EQ(glRenderMode(GL_RENDER), -1);
  EXPECT_EQ(buf[0], static_cast<GLfloat>(GL_POINT_TOKEN));
  EXPECT_EQ(buf[3], -1.0f) << "wrote past the buffer's size";
}

TEST_F(GlCompatSelectFeedbackTest, SelectionRecordsHitsWithNamesAndDepths) {
  GLuint sel[64] = {};
  glSelectBuffer(64, sel);
  EXPECT_EQ(glRenderMode(GL_SELECT), 0);
  glInitNames();
  glPushName(7);
  glBegin(GL_TRIANGLES);  // window z 0.5
  glVertex3f(-0.5f, -0.5f, 0.0f);
  glVertex3f(0.5f, -0.5f, 0.0f);
  glVertex3f(0.0f, 0.5f, 0.0f);
  glEnd();
  glLoadName(8);
  glBegin(GL_TRIANGLES);  // outside the view volume: no hit
  glVertex3f(2.0f, 2.0f, 0.0f);
  glVertex3f(3.0f, 2.0f, 0.0f);
  glVertex3f(2.5f, 3.0f, 0.0f);
  glEnd();
  glPushName(9);
  EXPECT_EQ(integer(GL_NAME_STACK_DEPTH), 2);
  glBegin(GL_POINTS);
  glVertex3f(0.0f, 0.0f, -1.0f);  // window z 0
  glVertex3f(0.0f, 0.0f, 0.5f);   // window z 0.75
  glEnd();
  ASSERT_EQ(glRenderMode(GL_RENDER), 2);
  EXPECT_EQ(sel[0], 1u);
  EXPECT_NEAR(depth(sel[1]), 0.5, 1e-6);
  EXPECT_NEAR(depth(sel[2]), 0.5, 1e-6);
  EXPECT_EQ(sel[3], 7u);
  EXPECT_EQ(sel[4], 2u);
  EXPECT_NEAR(depth(sel[5]), 0.0, 1e-6);
  EXPECT_NEAR(depth(sel[6]), 0.75, 1e-6);
  EXPECT_EQ(sel[7], 8u);
  EXPECT_EQ(sel[8], 9u);
  void* p = nullptr;
  glGetPointerv(GL_SELECTION_BUFFER_POINTER, &p);
  EXPECT_EQ(p, static_cast<void*>(sel));
}

TEST_F(GlCompatSelectFeedbackTest, SelectModeRasterizesNothing) {
  GLuint prog = program("void main() { gl_Position = gl_Vertex; }", "void main() { gl_FragColor = vec4(1.0); }");
  glUseProgram(prog);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint sel[16] = {};
  glSelectBuffer(16, sel);
  glRenderMode(GL_SELECT);
  const GLfloat quad[] = {-1, -1, 1, -1, 1, 1, -1, 1};
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, quad);
  glDrawArrays(GL_QUADS, 0, 4);
  glDisableClientState(GL_VERTEX_ARRAY);
  // No names were pushed: the hit record has none.
  EXPECT_EQ(glRenderMode(GL_RENDER), 1);
  EXPECT_EQ(sel[0], 0u);
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 0));
  glUseProgram(0);
  glDeleteProgram(prog);
}

TEST_F(GlCompatSelectFeedbackTest, Errors) {
  EXPECT_GE(integer(GL_MAX_NAME_STACK_DEPTH), 64);
  // No buffers yet.
  EXPECT_EQ(glRenderMode(GL_SELECT), 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(glRenderMode(GL_FEEDBACK), 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(integer(GL_RENDER_MODE), GL_RENDER);
  glRenderMode(GL_POINT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLfloat fb[8];
  glFeedbackBuffer(8, GL_RGBA, fb);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glFeedbackBuffer(-1, GL_2D, fb);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLuint sel[8];
  glSelectBuffer(-1, sel);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Name-stack commands outside SELECT mode are ignored.
  glPopName();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glSelectBuffer(8, sel);
  glRenderMode(GL_SELECT);
  glSelectBuffer(8, sel);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glLoadName(1);  // empty stack
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glPopName();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_STACK_UNDERFLOW));
  const GLint max = integer(GL_MAX_NAME_STACK_DEPTH);
  for (GLint i = 0; i < max; ++i) glPushName(static_cast<GLuint>(i));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glPushName(0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_STACK_OVERFLOW));
  EXPECT_EQ(integer(GL_NAME_STACK_DEPTH), max);
  EXPECT_EQ(glRenderMode(GL_RENDER), 0);
  glFeedbackBuffer(8, GL_2D, fb);
  glRenderMode(GL_FEEDBACK);
  glFeedbackBuffer(8, GL_3D, fb);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(integer(GL_FEEDBACK_BUFFER_TYPE), GL_2D);
  EXPECT_EQ(glRenderMode(GL_RENDER), 0);
}

}  // namespace
}  // namespace brass::e2e
