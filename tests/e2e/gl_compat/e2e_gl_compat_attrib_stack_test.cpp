// glPushAttrib / glPopAttrib (GL 4.6 compatibility §21.6): the groups a
// mask names come back, the others keep their later values, restored state
// reaches the next draw, and the stack's depth, limit and errors.
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

class GlCompatAttribStackTest : public GlCompatTest {
 protected:
  // A program drawing its vertices in red (gl_Vertex as the position).
  GLuint red_program() {
    return program("void main() { gl_Position = gl_Vertex; }", "void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); }");
  }
  static void quad(GLfloat z) {
    glBegin(GL_QUADS);
    glVertex3f(-1, -1, z);
    glVertex3f(1, -1, z);
    glVertex3f(1, 1, z);
    glVertex3f(-1, 1, z);
    glEnd();
  }
  static GLint integer(GLenum pname) {
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
  }
};

TEST_F(GlCompatAttribStackTest, DepthAndColorBufferGroupsComeBackOthersStay) {
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_GREATER);
  glDepthMask(GL_FALSE);
  glClearDepth(0.25);
  glClearColor(0.5f, 0.25f, 0.75f, 1.0f);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE);
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
  glStencilFunc(GL_EQUAL, 3, 0x7);
  glPushAttrib(GL_DEPTH_BUFFER_BIT | GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(integer(GL_ATTRIB_STACK_DEPTH), 1);
  glDisable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_TRUE);
  glClearDepth(1.0);
  glClearColor(0, 0, 0, 0);
  glDisable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ZERO);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glStencilFunc(GL_NEVER, 1, 0xff);  // stencil is not in the mask
  glPopAttrib();
  EXPECT_EQ(integer(GL_ATTRIB_STACK_DEPTH), 0);
  EXPECT_TRUE(glIsEnabled(GL_DEPTH_TEST));
  EXPECT_EQ(integer(GL_DEPTH_FUNC), GL_GREATER);
  GLboolean mask = GL_TRUE;
  glGetBooleanv(GL_DEPTH_WRITEMASK, &mask);
  EXPECT_EQ(mask, GL_FALSE);
  GLfloat f[4] = {};
  glGetFloatv(GL_DEPTH_CLEAR_VALUE, f);
  EXPECT_FLOAT_EQ(f[0], 0.25f);
  glGetFloatv(GL_COLOR_CLEAR_VALUE, f);
  EXPECT_FLOAT_EQ(f[0], 0.5f);
  EXPECT_FLOAT_EQ(f[2], 0.75f);
  EXPECT_TRUE(glIsEnabled(GL_BLEND));
  EXPECT_EQ(integer(GL_BLEND_SRC_RGB), GL_SRC_ALPHA);
  EXPECT_EQ(integer(GL_BLEND_DST_RGB), GL_ONE);
  GLboolean cm[4] = {};
  glGetBooleanv(GL_COLOR_WRITEMASK, cm);
  EXPECT_EQ(cm[1], GL_FALSE);
  EXPECT_EQ(cm[2], GL_TRUE);
  // Not pushed: keeps the value set after the push.
  EXPECT_EQ(integer(GL_STENCIL_FUNC), GL_NEVER);
  EXPECT_EQ(integer(GL_STENCIL_REF), 1);
}

TEST_F(GlCompatAttribStackTest, RestoredDepthFuncReachesTheNextDraw) {
  GLuint p = red_program();
  glUseProgram(p);
  glClearColor(0, 0, 0, 1);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  glPushAttrib(GL_DEPTH_BUFFER_BIT);
  glDepthFunc(GL_NEVER);
  quad(0.0f);
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 0)) << "DEPTH_FUNC NEVER drew";
  glPopAttrib();
  quad(0.0f);
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0)) << "the popped DEPTH_FUNC ALWAYS did not reach the draw";
  glUseProgram(0);
  glDeleteProgram(p);
}

TEST_F(GlCompatAttribStackTest, EnableBitRestoresEveryEnable) {
  glEnable(GL_CULL_FACE);
  glEnable(GL_LINE_STIPPLE);
  glEnable(GL_MAP1_VERTEX_3);
  glDisable(GL_DITHER);
  glPushAttrib(GL_ENABLE_BIT);
  glDisable(GL_CULL_FACE);
  glDisable(GL_LINE_STIPPLE);
  glDisable(GL_MAP1_VERTEX_3);
  glEnable(GL_DITHER);
  glEnable(GL_SCISSOR_TEST);
  glEnable(GL_POLYGON_STIPPLE);
  glPopAttrib();
  EXPECT_TRUE(glIsEnabled(GL_CULL_FACE));
  EXPECT_TRUE(glIsEnabled(GL_LINE_STIPPLE));
  EXPECT_TRUE(glIsEnabled(GL_MAP1_VERTEX_3));
  EXPECT_FALSE(glIsEnabled(GL_DITHER));
  EXPECT_FALSE(glIsEnabled(GL_SCISSOR_TEST));
  EXPECT_FALSE(glIsEnabled(GL_POLYGON_STIPPLE));
}

TEST_F(GlCompatAttribStackTest, ViewportScissorLineAndPolygonGroups) {
  glViewport(1, 2, 10, 20);
  glDepthRange(0.25, 0.75);
  glScissor(3, 4, 5, 6);
  glLineWidth(1.0f);
  glLineStipple(3, 0xAAAA);
  glPolygonMode(GL_FRONT, GL_LINE);
  glPolygonMode(GL_BACK, GL_POINT);
  glCullFace(GL_FRONT);
  glPolygonOffset(2.0f, 3.0f);
  glPushAttrib(GL_VIEWPORT_BIT | GL_SCISSOR_BIT | GL_LINE_BIT | GL_POLYGON_BIT);
  glViewport(0, 0, 32, 32);
  glDepthRange(0, 1);
  glScissor(0, 0, 32, 32);
  glLineStipple(1, 0xFFFF);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glCullFace(GL_BACK);
  glPolygonOffset(0, 0);
  glPopAttrib();
  GLint v[4] = {};
  glGetIntegerv(GL_VIEWPORT, v);
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(v[1], 2);
  EXPECT_EQ(v[2], 10);
  EXPECT_EQ(v[3], 20);
  GLfloat dr[2] = {};
  glGetFloatv(GL_DEPTH_RANGE, dr);
  EXPECT_FLOAT_EQ(dr[0], 0.25f);
  EXPECT_FLOAT_EQ(dr[1], 0.75f);
  glGetIntegerv(GL_SCISSOR_BOX, v);
  EXPECT_EQ(v[0], 3);
  EXPECT_EQ(v[3], 6);
  EXPECT_EQ(integer(GL_LINE_STIPPLE_REPEAT), 3);
  EXPECT_EQ(integer(GL_LINE_STIPPLE_PATTERN), 0xAAAA);
  glGetIntegerv(GL_POLYGON_MODE, v);
  EXPECT_EQ(v[0], GL_LINE);
  EXPECT_EQ(v[1], GL_POINT);
  EXPECT_EQ(integer(GL_CULL_FACE_MODE), GL_FRONT);
  GLfloat f = 0;
  glGetFloatv(GL_POLYGON_OFFSET_UNITS, &f);
  EXPECT_FLOAT_EQ(f, 3.0f);
}

TEST_F(GlCompatAttribStackTest, TextureBitRestoresBindingsAndParameters) {
  GLuint tex[2] = {};
  glGenTextures(2, tex);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glPushAttrib(GL_TEXTURE_BIT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glActiveTexture(GL_TEXTURE0);
  glPopAttrib();
  EXPECT_EQ(integer(GL_ACTIVE_TEXTURE), GL_TEXTURE1);
  EXPECT_EQ(integer(GL_TEXTURE_BINDING_2D), static_cast<GLint>(tex[0]));
  GLint filter = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &filter);
  EXPECT_EQ(filter, GL_NEAREST);
  // A texture deleted while saved is not bound again: the default one is.
  glPushAttrib(GL_TEXTURE_BIT);
  glDeleteTextures(1, &tex[0]);
  glPopAttrib();
  EXPECT_EQ(integer(GL_TEXTURE_BINDING_2D), 0);
  glActiveTexture(GL_TEXTURE0);
  glDeleteTextures(1, &tex[1]);
}

TEST_F(GlCompatAttribStackTest, HintAndEvalGroups) {
  glHint(GL_PERSPECTIVE_CORRECTION_HINT, GL_NICEST);
  glMapGrid1f(7, 0.5f, 2.0f);
  glEnable(GL_AUTO_NORMAL);
  glPushAttrib(GL_HINT_BIT | GL_EVAL_BIT);
  glHint(GL_PERSPECTIVE_CORRECTION_HINT, GL_FASTEST);
  glMapGrid1f(1, 0.0f, 1.0f);
  glDisable(GL_AUTO_NORMAL);
  glPopAttrib();
  EXPECT_EQ(integer(GL_PERSPECTIVE_CORRECTION_HINT), GL_NICEST);
  EXPECT_EQ(integer(GL_MAP1_GRID_SEGMENTS), 7);
  GLfloat d[2] = {};
  glGetFloatv(GL_MAP1_GRID_DOMAIN, d);
  EXPECT_FLOAT_EQ(d[0], 0.5f);
  EXPECT_FLOAT_EQ(d[1], 2.0f);
  EXPECT_TRUE(glIsEnabled(GL_AUTO_NORMAL));
}

TEST_F(GlCompatAttribStackTest, CompatModulesGroups) {
  glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
  glShadeModel(GL_FLAT);
  glFogf(GL_FOG_DENSITY, 2.0f);
  glMatrixMode(GL_PROJECTION);
  glPixelZoom(2.0f, 3.0f);
  glAlphaFunc(GL_GREATER, 0.5f);
  glPushAttrib(GL_CURRENT_BIT | GL_LIGHTING_BIT | GL_FOG_BIT | GL_TRANSFORM_BIT | GL_PIXEL_MODE_BIT |
               GL_COLOR_BUFFER_BIT);
  glColor4f(1, 1, 1, 1);
  glShadeModel(GL_SMOOTH);
  glFogf(GL_FOG_DENSITY, 1.0f);
  glMatrixMode(GL_MODELVIEW);
  glPixelZoom(1.0f, 1.0f);
  glAlphaFunc(GL_ALWAYS, 0.0f);
  glPopAttrib();
  GLfloat f[4] = {};
  glGetFloatv(GL_CURRENT_COLOR, f);
  EXPECT_FLOAT_EQ(f[0], 0.25f);
  EXPECT_FLOAT_EQ(f[2], 0.75f);
  EXPECT_EQ(integer(GL_SHADE_MODEL), GL_FLAT);
  glGetFloatv(GL_FOG_DENSITY, f);
  EXPECT_FLOAT_EQ(f[0], 2.0f);
  EXPECT_EQ(integer(GL_MATRIX_MODE), GL_PROJECTION);
  glGetFloatv(GL_ZOOM_Y, f);
  EXPECT_FLOAT_EQ(f[0], 3.0f);
  EXPECT_EQ(integer(GL_ALPHA_TEST_FUNC), GL_GREATER);
  glMatrixMode(GL_MODELVIEW);
}

TEST_F(GlCompatAttribStackTest, DepthLimitAndErrors) {
  const GLint max = integer(GL_MAX_ATTRIB_STACK_DEPTH);
  EXPECT_GE(max, 16);
  for (GLint i = 0; i < max; ++i) glPushAttrib(GL_ALL_ATTRIB_BITS);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(integer(GL_ATTRIB_STACK_DEPTH), max);
  glPushAttrib(GL_ALL_ATTRIB_BITS);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_STACK_OVERFLOW));
  for (GLint i = 0; i < max; ++i) glPopAttrib();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glPopAttrib();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_STACK_UNDERFLOW));
  // Not between glBegin and glEnd.
  glBegin(GL_POINTS);
  glPushAttrib(GL_CURRENT_BIT);
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(integer(GL_ATTRIB_STACK_DEPTH), 0);
}

}  // namespace
}  // namespace brass::e2e
