// Evaluators (GL 4.6 compatibility §12.1): map state and queries, the
// vertices glEvalCoord / glEvalMesh produce (seen through feedback, with
// identity matrices: window = ((x + 1) * 16, (y + 1) * 16)), the evaluated
// colors, current values left alone, and the errors.
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

class GlCompatEvaluatorsTest : public GlCompatTest {
 protected:
  static GLint integer(GLenum pname) {
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
  }
};

TEST_F(GlCompatEvaluatorsTest, MapQueriesRoundTrip) {
  // A quadratic curve: three control points of three values, stride 4.
  const GLfloat pts[] = {0, 0, 0, 99, 1, 2, 3, 99, 4, 5, 6, 99};
  glMap1f(GL_MAP1_VERTEX_3, 0.5f, 2.5f, 4, 3, pts);
  GLint order = 0;
  glGetMapiv(GL_MAP1_VERTEX_3, GL_ORDER, &order);
  EXPECT_EQ(order, 3);
  GLfloat domain[2] = {};
  glGetMapfv(GL_MAP1_VERTEX_3, GL_DOMAIN, domain);
  EXPECT_FLOAT_EQ(domain[0], 0.5f);
  EXPECT_FLOAT_EQ(domain[1], 2.5f);
  GLdouble coeff[9] = {};
  glGetMapdv(GL_MAP1_VERTEX_3, GL_COEFF, coeff);
  const GLdouble packed[] = {0, 0, 0, 1, 2, 3, 4, 5, 6};
  for (int i = 0; i < 9; ++i) EXPECT_EQ(coeff[i], packed[i]) << i;
  // A map never defined: order 1, its initial control point.
  GLfloat color[4] = {};
  glGetMapfv(GL_MAP2_COLOR_4, GL_COEFF, color);
  EXPECT_EQ(color[0], 1.0f);
  EXPECT_EQ(color[3], 1.0f);
  GLint orders[2] = {};
  glGetMapiv(GL_MAP2_COLOR_4, GL_ORDER, orders);
  EXPECT_EQ(orders[0], 1);
  EXPECT_EQ(orders[1], 1);
  EXPECT_GE(integer(GL_MAX_EVAL_ORDER), 8);
}

TEST_F(GlCompatEvaluatorsTest, EvalMesh1FeedsALineStripAlongTheCurve) {
  // A straight line from (-1, 0) to (1, 0) as a linear map over [0, 1].
  const GLfloat pts[] = {-1, 0, 0, 1, 0, 0};
  glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, pts);
  glEnable(GL_MAP1_VERTEX_3);
  glMapGrid1f(4, 0, 1);
  GLfloat buf[64];
  glFeedbackBuffer(64, GL_2D, buf);
  glRenderMode(GL_FEEDBACK);
  glEvalMesh1(GL_LINE, 1, 3);  // u = 0.25, 0.5, 0.75: two segments
  ASSERT_EQ(glRenderMode(GL_RENDER), 2 * 5);
  EXPECT_EQ(buf[0], static_cast<GLfloat>(GL_LINE_RESET_TOKEN));
  EXPECT_NEAR(buf[1], 8.0f, 1e-3);   // x = -0.5
  EXPECT_NEAR(buf[3], 16.0f, 1e-3);  // x = 0
  EXPECT_EQ(buf[5], static_cast<GLfloat>(GL_LINE_TOKEN));
  EXPECT_NEAR(buf[6], 16.0f, 1e-3);
  EXPECT_NEAR(buf[8], 24.0f, 1e-3);  // x = 0.5
  EXPECT_NEAR(buf[9], 16.0f, 1e-3);  // y = 0
}

TEST_F(GlCompatEvaluatorsTest, Map2WithColorEvaluatesEveryVertexAndKeepsCurrentColor) {
  // A bilinear patch over the whole view volume, colored red at u = 0 and
  // green at u = 1.
  const GLfloat v[] = {-1, -1, 0, -1, 1, 0, 1, -1, 0, 1, 1, 0};  // (u, v) = (0,0) (0,1) (1,0) (1,1)
  const GLfloat c[] = {1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
  glMap2f(GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, v);
  glMap2f(GL_MAP2_COLOR_4, 0, 1, 8, 2, 0, 1, 4, 2, c);
  glEnable(GL_MAP2_VERTEX_3);
  glEnable(GL_MAP2_COLOR_4);
  glColor4f(0.1f, 0.2f, 0.3f, 0.4f);
  GLfloat buf[128];
  glFeedbackBuffer(128, GL_3D_COLOR, buf);
  glRenderMode(GL_FEEDBACK);
  glBegin(GL_POINTS);
  glEvalCoord2f(0.5f, 0.5f);
  glEvalCoord2f(1.0f, 0.0f);
  glVertex2f(0, 0);  // the current color, not an evaluated one
  glEnd();
  ASSERT_EQ(glRenderMode(GL_RENDER), 3 * 8);
  // (0.5, 0.5): the center, half red half green.
  EXPECT_NEAR(buf[1], 16.0f, 1e-3);
  EXPECT_NEAR(buf[2], 16.0f, 1e-3);
  EXPECT_NEAR(buf[4], 0.5f, 1e-4);
  EXPECT_NEAR(buf[5], 0.5f, 1e-4);
  // (1, 0): the lower right corner, green.
  EXPECT_NEAR(buf[9], 32.0f, 1e-3);
  EXPECT_NEAR(buf[10], 0.0f, 1e-3);
  EXPECT_NEAR(buf[12], 0.0f, 1e-4);
  EXPECT_NEAR(buf[13], 1.0f, 1e-4);
  EXPECT_NEAR(buf[20], 0.1f, 1e-4);
  EXPECT_NEAR(buf[23], 0.4f, 1e-4);
  GLfloat current[4] = {};
  glGetFloatv(GL_CURRENT_COLOR, current);
  EXPECT_NEAR(current[0], 0.1f, 1e-6);
  EXPECT_NEAR(current[1], 0.2f, 1e-6);
}

TEST_F(GlCompatEvaluatorsTest, EvalMesh2FillProducesQuadStripPolygons) {
  const GLfloat v[] = {-1, -1, 0, -1, 1, 0, 1, -1, 0, 1, 1, 0};
  glMap2f(GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, v);
  glEnable(GL_MAP2_VERTEX_3);
  glMapGrid2f(2, 0, 1, 2, 0, 1);
  GLfloat buf[256];
  glFeedbackBuffer(256, GL_2D, buf);
  glRenderMode(GL_FEEDBACK);
  glEvalMesh2(GL_FILL, 0, 2, 0, 2);  // 2 x 2 quads
  const GLint n = glRenderMode(GL_RENDER);
  // Four quads, each a polygon token, a count and four vertices (or two
  // triangles, depending on the decomposition): at least one polygon, all
  // inside the surface.
  ASSERT_GT(n, 0);
  EXPECT_EQ(buf[0], static_cast<GLfloat>(GL_POLYGON_TOKEN));
  for (GLint i = 2; i < 2 + 2 * static_cast<GLint>(buf[1]); ++i) {
    EXPECT_GE(buf[i], -1e-3f);
    EXPECT_LE(buf[i], 32.001f);
  }
}

TEST_F(GlCompatEvaluatorsTest, Errors) {
  const GLfloat pts[64] = {};
  glMap1f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, pts);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glMap1f(GL_MAP1_VERTEX_3, 1, 1, 3, 2, pts);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glMap1f(GL_MAP1_VERTEX_3, 0, 1, 2, 2, pts);  // stride below 3
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 0, pts);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, integer(GL_MAX_EVAL_ORDER) + 1, pts);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glMap2f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, 0, 0, 6, 2, pts);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glMapGrid1f(0, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glMapGrid2f(1, 0, 1, -1, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glEvalMesh1(GL_FILL, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glEvalMesh2(GL_LINE_STRIP, 0, 1, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLfloat out[4];
  glGetMapfv(GL_MAP1_VERTEX_3, GL_MAP1_VERTEX_3, out);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // Texture-coordinate maps belong to texture unit 0.
  glActiveTexture(GL_TEXTURE1);
  glMap1f(GL_MAP1_TEXTURE_COORD_2, 0, 1, 2, 2, pts);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glActiveTexture(GL_TEXTURE0);
  glBegin(GL_POINTS);
  glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, pts);
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

}  // namespace
}  // namespace brass::e2e
