// End-to-end tests of the fixed-function pipeline (generated shaders) in a
// compatibility context: draws without a program, texture environments,
// fog, lighting, alpha test, flat shading, point sprites; the texture
// enables and their errors; the alpha test and flat shading of application
// programs.
#include <array>

#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

class FixedFunctionTest : public GlCompatTest {
 protected:
  // A full-viewport quad in clip coordinates (identity matrices), with
  // texture coordinates 0..1.
  void draw_quad(float z = 0.0f) {
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0); glVertex3f(-1, -1, z);
    glTexCoord2f(1, 0); glVertex3f(1, -1, z);
    glTexCoord2f(1, 1); glVertex3f(1, 1, z);
    glTexCoord2f(0, 1); glVertex3f(-1, 1, z);
    glEnd();
  }
  std::array<uint8_t, 4> px(int x, int y) {
    std::array<uint8_t, 4> p{};
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.data());
    return p;
  }
  // A 1x1 RGBA texture of `rgba` on the active unit's TEXTURE_2D.
  GLuint texture_2d(std::array<uint8_t, 4> rgba, GLenum internal = GL_RGBA, GLenum format = GL_RGBA) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, internal, 1, 1, 0, format, GL_UNSIGNED_BYTE, rgba.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    return t;
  }
};

#define EXPECT_RGBA_NEAR(p, r, g, b, a)                                   \
  do {                                                                    \
    const auto px_ = (p);                                                 \
    EXPECT_NEAR(px_[0], (r), 2) << "red";                                 \
    EXPECT_NEAR(px_[1], (g), 2) << "green";                               \
    EXPECT_NEAR(px_[2], (b), 2) << "blue";                                \
    EXPECT_NEAR(px_[3], (a), 2) << "alpha";                               \
  } while (0)

TEST_F(FixedFunctionTest, DrawWithoutProgramUsesTheCurrentColor) {
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glColor4f(0.0f, 1.0f, 0.0f, 1.0f);
  draw_quad();
  EXPECT_EQ(glGetError(), GL_NO_ERROR);
  EXPECT_RGBA_NEAR(px(16, 16), 0, 255, 0, 255);
}

TEST_F(FixedFunctionTest, ModelviewAndProjectionTransform) {
  glClear(GL_COLOR_BUFFER_BIT);
  glMatrixMode(GL_PROJECTION);
  glOrtho(0, kWidth, 0, kHeight, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  glTranslatef(kWidth / 2.0f, 0, 0);
  glColor3f(1, 0, 0);
  glBegin(GL_QUADS);
  glVertex2f(0, 0); glVertex2f(kWidth / 2.0f, 0); glVertex2f(kWidth / 2.0f, kHeight); glVertex2f(0, kHeight);
  glEnd();
  EXPECT_RGBA_NEAR(px(8, 16), 0, 0, 0, 0);
  EXPECT_RGBA_NEAR(px(24, 16), 255, 0, 0, 255);
}

TEST_F(FixedFunctionTest, TextureEnvironmentModes) {
  glEnable(GL_TEXTURE_2D);
  const GLuint tex = texture_2d({255, 128, 0, 128});
  struct Case {
    GLenum mode;
    std::array<int, 4> expect;
  };
  // Fragment colour (0.5, 1, 1, 1); environment colour (0, 0, 1, 1).
  const GLfloat env_color[4] = {0, 0, 1, 1};
  glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env_color);
  const Case cases[] = {
      {GL_REPLACE, {255, 128, 0, 128}},
      {GL_MODULATE, {128, 128, 0, 128}},
      {GL_DECAL, {191, 191, 127, 255}},  // mix(Cf, Cs, As), Af
      {GL_BLEND, {0, 127, 255, 128}},    // Cf (1 - Cs) + Cc Cs, Af As
      {GL_ADD, {255, 255, 255, 128}},    // Cf + Cs, Af As
  };
  for (const Case& c : cases) {
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, static_cast<GLint>(c.mode));
    glColor4f(0.5f, 1.0f, 1.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    draw_quad();
    SCOPED_TRACE(c.mode);
    EXPECT_RGBA_NEAR(px(16, 16), c.expect[0], c.expect[1], c.expect[2], c.expect[3]);
  }
  glDeleteTextures(1, &tex);
  EXPECT_EQ(glGetError(), GL_NO_ERROR);
}

TEST_F(FixedFunctionTest, DisabledOrIncompleteUnitPassesTheColour) {
  glColor4f(0.0f, 0.0f, 1.0f, 1.0f);
  const GLuint tex = texture_2d({255, 0, 0, 255});
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  glClear(GL_COLOR_BUFFER_BIT);
  draw_quad();  // TEXTURE_2D not enabled
  EXPECT_RGBA_NEAR(px(16, 16), 0, 0, 255, 255);
  glEnable(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);  // incomplete: no mipmaps
  draw_quad();
  EXPECT_RGBA_NEAR(px(16, 16), 0, 0, 255, 255);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  draw_quad();
  EXPECT_RGBA_NEAR(px(16, 16), 255, 0, 0, 255);
  glDeleteTextures(1, &tex);
}

TEST_F(FixedFunctionTest, CombineWithCrossbarAndConstant) {
  // Unit 0: red texture; unit 1: green texture, COMBINE ADD of TEXTURE0 and CONSTANT.
  glActiveTexture(GL_TEXTURE0);
  glEnable(GL_TEXTURE_2D);
  const GLuint t0 = texture_2d({255, 0, 0, 255});
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  glActiveTexture(GL_TEXTURE1);
  glEnable(GL_TEXTURE_2D);
  const GLuint t1 = texture_2d({0, 255, 0, 255});
  const GLfloat constant[4] = {0, 0, 0.5f, 1};
  glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, constant);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
  glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_ADD);
  glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, GL_TEXTURE0);
  glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, GL_CONSTANT);
  glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, GL_REPLACE);
  glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_ALPHA, GL_PRIMARY_COLOR);
  glColor4f(1, 1, 1, 0.25f);
  glClear(GL_COLOR_BUFFER_BIT);
  glBegin(GL_QUADS);
  glMultiTexCoord2f(GL_TEXTURE0, 0, 0); glMultiTexCoord2f(GL_TEXTURE1, 0, 0); glVertex2f(-1, -1);
  glMultiTexCoord2f(GL_TEXTURE0, 1, 0); glMultiTexCoord2f(GL_TEXTURE1, 1, 0); glVertex2f(1, -1);
  glMultiTexCoord2f(GL_TEXTURE0, 1, 1); glMultiTexCoord2f(GL_TEXTURE1, 1, 1); glVertex2f(1, 1);
  glMultiTexCoord2f(GL_TEXTURE0, 0, 1); glMultiTexCoord2f(GL_TEXTURE1, 0, 1); glVertex2f(-1, 1);
  glEnd();
  EXPECT_RGBA_NEAR(px(16, 16), 255, 0, 128, 64);
  // RGB_SCALE 2 with DOT3_RGB of (TEXTURE1, TEXTURE1): 4 * (0.25 + 0.25 + 0.25) * 2, clamped.
  glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_SUBTRACT);
  glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, GL_TEXTURE);
  glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, GL_CONSTANT);
  glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 2.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glBegin(GL_QUADS);
  glMultiTexCoord2f(GL_TEXTURE0, 0, 0); glMultiTexCoord2f(GL_TEXTURE1, 0, 0); glVertex2f(-1, -1);
  glMultiTexCoord2f(GL_TEXTURE0, 1, 0); glMultiTexCoord2f(GL_TEXTURE1, 1, 0); glVertex2f(1, -1);
  glMultiTexCoord2f(GL_TEXTURE0, 1, 1); glMultiTexCoord2f(GL_TEXTURE1, 1, 1); glVertex2f(1, 1);
  glMultiTexCoord2f(GL_TEXTURE0, 0, 1); glMultiTexCoord2f(GL_TEXTURE1, 0, 1); glVertex2f(-1, 1);
  glEnd();
  EXPECT_RGBA_NEAR(px(16, 16), 0, 255, 0, 64);  // (0, 1, -0.5) * 2 clamped
  glDeleteTextures(1, &t0);
  glDeleteTextures(1, &t1);
  glActiveTexture(GL_TEXTURE0);
  EXPECT_EQ(glGetError(), GL_NO_ERROR);
}

TEST_F(FixedFunctionTest, LinearFog) {
  glEnable(GL_FOG);
  glFogi(GL_FOG_MODE, GL_LINEAR);
  glFogf(GL_FOG_START, 0.0f);
  glFogf(GL_FOG_END, 1.0f);
  const GLfloat fog_color[4] = {0, 0, 1, 1};
  glFogfv(GL_FOG_COLOR, fog_color);
  glColor3f(1, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  draw_quad(-0.25f);  // eye z = -0.25 with identity matrices: f = 0.75
  EXPECT_RGBA_NEAR(px(16, 16), 191, 0, 64, 255);
  glDisable(GL_FOG);
  draw_quad(-0.25f);
  EXPECT_RGBA_NEAR(px(16, 16), 255, 0, 0, 255);
}

TEST_F(FixedFunctionTest, DiffuseLightingFromADirectionalLight) {
  glEnable(GL_LIGHTING);
  glEnable(GL_LIGHT0);
  const GLfloat position[4] = {0, 0, 1, 0};  // towards +z, directional
  glLightfv(GL_LIGHT0, GL_POSITION, position);
  const GLfloat diffuse[4] = {0.5f, 1.0f, 0.0f, 0.5f};
  glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, diffuse);
  const GLfloat black[4] = {0, 0, 0, 1};
  glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, black);
  glLightModelfv(GL_LIGHT_MODEL_AMBIENT, black);
  glNormal3f(0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  draw_quad();
  EXPECT_RGBA_NEAR(px(16, 16), 128, 255, 0, 128);
  // Facing away: no diffuse term.
  glNormal3f(0, 0, -1);
  draw_quad();
  EXPECT_RGBA_NEAR(px(16, 16), 0, 0, 0, 128);
  EXPECT_EQ(glGetError(), GL_NO_ERROR);
}

TEST_F(FixedFunctionTest, AlphaTestWithoutProgram) {
  glEnable(GL_ALPHA_TEST);
  glAlphaFunc(GL_GREATER, 0.5f);
  glClear(GL_COLOR_BUFFER_BIT);
  glColor4f(1, 0, 0, 0.25f);
  draw_quad();
  EXPECT_RGBA_NEAR(px(16, 16), 0, 0, 0, 0);
  glColor4f(0, 1, 0, 0.75f);
  draw_quad();
  EXPECT_RGBA_NEAR(px(16, 16), 0, 255, 0, 191);
  glAlphaFunc(GL_LESS, 0.5f);
  glColor4f(0, 0, 1, 0.25f);
  draw_quad();
  EXPECT_RGBA_NEAR(px(16, 16), 0, 0, 255, 64);
}

TEST_F(FixedFunctionTest, AlphaTestAppliesToApplicationPrograms) {
  const GLuint prog = program("void main() { gl_Position = gl_Vertex; }\n",
                               "uniform vec4 c;\nvoid main() { gl_FragColor = c; }\n");
  glUseProgram(prog);
  const GLint loc = glGetUniformLocation(prog, "c");
  glEnable(GL_ALPHA_TEST);
  glAlphaFunc(GL_GEQUAL, 0.5f);
  glClear(GL_COLOR_BUFFER_BIT);
  glUniform4f(loc, 1, 0, 0, 0.25f);
  draw_quad();
  EXPECT_RGBA_NEAR(px(16, 16), 0, 0, 0, 0);
  glUniform4f(loc, 0, 1, 0, 0.5f);
  draw_quad();
  EXPECT_RGBA_NEAR(px(16, 16), 0, 255, 0, 128);
  glDisable(GL_ALPHA_TEST);
  glUniform4f(loc, 1, 0, 0, 0.25f);
  draw_quad();
  EXPECT_RGBA_NEAR(px(16, 16), 255, 0, 0, 64);
  glUseProgram(0);
  glDeleteProgram(prog);
}

TEST_F(FixedFunctionTest, FlatShadingTakesTheProvokingVertexColour) {
  glShadeModel(GL_FLAT);
  glClear(GL_COLOR_BUFFER_BIT);
  glBegin(GL_TRIANGLES);
  glColor3f(1, 0, 0); glVertex2f(-1, -1);
  glColor3f(0, 1, 0); glVertex2f(3, -1);
  glColor3f(0, 0, 1); glVertex2f(-1, 3);
  glEnd();
  EXPECT_RGBA_NEAR(px(2, 2), 0, 0, 255, 255);  // the last vertex's
  EXPECT_RGBA_NEAR(px(28, 2), 0, 0, 255, 255);
  glShadeModel(GL_SMOOTH);
  glBegin(GL_TRIANGLES);
  glColor3f(1, 0, 0); glVertex2f(-1, -1);
  glColor3f(0, 1, 0); glVertex2f(3, -1);
  glColor3f(0, 0, 1); glVertex2f(-1, 3);
  glEnd();
  const auto p = px(0, 0);
  EXPECT_GT(p[0], 200);
}

TEST_F(FixedFunctionTest, TextureEnablesPerUnitAndErrors) {
  EXPECT_FALSE(glIsEnabled(GL_TEXTURE_2D));
  glEnable(GL_TEXTURE_2D);
  EXPECT_TRUE(glIsEnabled(GL_TEXTURE_2D));
  GLboolean b = GL_FALSE;
  glGetBooleanv(GL_TEXTURE_2D, &b);
  EXPECT_EQ(b, GL_TRUE);
  glActiveTexture(GL_TEXTURE3);
  EXPECT_FALSE(glIsEnabled(GL_TEXTURE_2D));
  glEnable(GL_TEXTURE_CUBE_MAP);
  EXPECT_TRUE(glIsEnabled(GL_TEXTURE_CUBE_MAP));
  glActiveTexture(GL_TEXTURE0);
  EXPECT_FALSE(glIsEnabled(GL_TEXTURE_CUBE_MAP));
  EXPECT_EQ(glGetError(), GL_NO_ERROR);
  // Past MAX_TEXTURE_UNITS.
  GLint units = 0;
  glGetIntegerv(GL_MAX_TEXTURE_UNITS, &units);
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(units));
  glEnable(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GL_INVALID_OPERATION);
  glActiveTexture(GL_TEXTURE0);
  glEnable(GL_COLOR_SUM);
  EXPECT_TRUE(glIsEnabled(GL_COLOR_SUM));
}

TEST_F(FixedFunctionTest, TexgenObjectLinear) {
  // A 2x1 texture, red then green; s = x generated from the object plane.
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  const uint8_t texels[8] = {255, 0, 0, 255, 0, 255, 0, 255};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glEnable(GL_TEXTURE_2D);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
  const GLfloat plane[4] = {0.5f, 0, 0, 0.5f};  // s = x / 2 + 1/2
  glTexGenfv(GL_S, GL_OBJECT_PLANE, plane);
  glEnable(GL_TEXTURE_GEN_S);
  glClear(GL_COLOR_BUFFER_BIT);
  glBegin(GL_QUADS);  // all texture coordinates 0: only texgen varies s
  glTexCoord2f(0, 0);
  glVertex2f(-1, -1); glVertex2f(1, -1); glVertex2f(1, 1); glVertex2f(-1, 1);
  glEnd();
  EXPECT_RGBA_NEAR(px(4, 16), 255, 0, 0, 255);
  EXPECT_RGBA_NEAR(px(28, 16), 0, 255, 0, 255);
  glDeleteTextures(1, &t);
}

TEST_F(FixedFunctionTest, VertexShaderOnlyProgramGetsFixedFunctionColour) {
  const GLuint prog =
      program("void main() { gl_FrontColor = vec4(1.0, 1.0, 0.0, 1.0); gl_Position = gl_Vertex; }\n", nullptr);
  glUseProgram(prog);
  glClear(GL_COLOR_BUFFER_BIT);
  draw_quad();
  EXPECT_RGBA_NEAR(px(16, 16), 255, 255, 0, 255);
  glUseProgram(0);
  glDeleteProgram(prog);
}

TEST_F(FixedFunctionTest, PointSpriteReplacesTextureCoordinates) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  const uint8_t texels[8] = {255, 0, 0, 255, 0, 255, 0, 255};  // red | green
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glEnable(GL_TEXTURE_2D);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  glEnable(GL_POINT_SPRITE);
  glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
  glPointSize(16.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glBegin(GL_POINTS);
  glTexCoord2f(0, 0);  // replaced by the point's (s, t)
  glVertex2f(0, 0);
  glEnd();
  EXPECT_RGBA_NEAR(px(12, 16), 255, 0, 0, 255);
  EXPECT_RGBA_NEAR(px(20, 16), 0, 255, 0, 255);
  EXPECT_RGBA_NEAR(px(4, 16), 0, 0, 0, 0);  // outside the point
  // Without COORD_REPLACE the whole point samples s = 0.
  glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
  glBegin(GL_POINTS);
  glTexCoord2f(0, 0);
  glVertex2f(0, 0);
  glEnd();
  EXPECT_RGBA_NEAR(px(20, 16), 255, 0, 0, 255);
  glDeleteTextures(1, &t);
}

TEST_F(FixedFunctionTest, TwoSidedLightingLightsBackFacesWithTheBackMaterial) {
  glEnable(GL_LIGHTING);
  glEnable(GL_LIGHT0);
  glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_TRUE);
  const GLfloat position[4] = {0, 0, 1, 0};
  glLightfv(GL_LIGHT0, GL_POSITION, position);
  const GLfloat black[4] = {0, 0, 0, 1};
  glLightModelfv(GL_LIGHT_MODEL_AMBIENT, black);
  glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, black);
  const GLfloat front[4] = {1, 0, 0, 1}, back[4] = {0, 0, 1, 1};
  glMaterialfv(GL_FRONT, GL_DIFFUSE, front);
  glMaterialfv(GL_BACK, GL_DIFFUSE, back);
  // Normal away from the light: the front face is dark, the back face
  // (lit with the reversed normal) is the back material's.
  glNormal3f(0, 0, -1);
  glClear(GL_COLOR_BUFFER_BIT);
  glBegin(GL_QUADS);  // clockwise: back-facing
  glVertex2f(-1, -1); glVertex2f(-1, 1); glVertex2f(1, 1); glVertex2f(1, -1);
  glEnd();
  EXPECT_RGBA_NEAR(px(16, 16), 0, 0, 255, 255);
  glNormal3f(0, 0, 1);
  glBegin(GL_QUADS);  // counter-clockwise: front-facing
  glVertex2f(-1, -1); glVertex2f(1, -1); glVertex2f(1, 1); glVertex2f(-1, 1);
  glEnd();
  EXPECT_RGBA_NEAR(px(16, 16), 255, 0, 0, 255);
}

}  // namespace
}  // namespace brass::e2e
