// Compatibility-profile fixed-function state (src/gl/compat/): matrix
// stacks, lighting and materials, texgen, clip planes, fog, texture
// environments, alpha test and point parameters, their queries and errors;
// and the GLSL built-in uniform state programs read from them.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

class GlCompatStateTest : public GlCompatTest {
 protected:
  static void expect_matrix(GLenum pname, const float* expected) {
    float m[16];
    glGetFloatv(pname, m);
    for (int i = 0; i < 16; ++i) EXPECT_NEAR(m[i], expected[i], 1e-5) << "element " << i;
  }
};

TEST_F(GlCompatStateTest, MatrixStacksLoadMultiplyAndQuery) {
  GLint mode = 0;
  glGetIntegerv(GL_MATRIX_MODE, &mode);
  EXPECT_EQ(mode, GL_MODELVIEW);
  glTranslatef(1, 2, 3);
  glScaled(2, 2, 2);
  const float mv[16] = {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 3, 1};
  expect_matrix(GL_MODELVIEW_MATRIX, mv);
  const float mv_t[16] = {2, 0, 0, 1, 0, 2, 0, 2, 0, 0, 2, 3, 0, 0, 0, 1};
  expect_matrix(GL_TRANSPOSE_MODELVIEW_MATRIX, mv_t);
  double d[16];
  glGetDoublev(GL_MODELVIEW_MATRIX, d);
  EXPECT_EQ(d[13], 2.0);

  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glOrtho(0, 4, 0, 2, -1, 1);
  const float ortho[16] = {0.5f, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, -1, -1, 0, 1};
  expect_matrix(GL_PROJECTION_MATRIX, ortho);
  glLoadTransposeMatrixf(mv_t);
  expect_matrix(GL_PROJECTION_MATRIX, mv);
  glMultMatrixf(mv);  // the current matrix times the argument
  float m[16];
  glGetFloatv(GL_PROJECTION_MATRIX, m);
  EXPECT_FLOAT_EQ(m[0], 4);
  EXPECT_FLOAT_EQ(m[12], 3);  // 2 * 1 + 1

  // Each texture unit has its own texture matrix.
  glMatrixMode(GL_TEXTURE);
  glActiveTexture(GL_TEXTURE3);
  glRotatef(90, 0, 0, 1);
  glGetFloatv(GL_TEXTURE_MATRIX, m);
  EXPECT_NEAR(m[1], 1, 1e-6);
  glActiveTexture(GL_TEXTURE0);
  glGetFloatv(GL_TEXTURE_MATRIX, m);
  EXPECT_FLOAT_EQ(m[1], 0);
  glMatrixMode(GL_MODELVIEW);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlCompatStateTest, MatrixStackDepthsAndErrors) {
  GLint max_mv = 0, max_proj = 0, max_tex = 0, depth = 0;
  glGetIntegerv(GL_MAX_MODELVIEW_STACK_DEPTH, &max_mv);
  glGetIntegerv(GL_MAX_PROJECTION_STACK_DEPTH, &max_proj);
  glGetIntegerv(GL_MAX_TEXTURE_STACK_DEPTH, &max_tex);
  EXPECT_GE(max_mv, 32);
  EXPECT_GE(max_proj, 2);
  EXPECT_GE(max_tex, 2);
  glTranslatef(5, 0, 0);
  glPushMatrix();
  glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, &depth);
  EXPECT_EQ(depth, 2);
  glLoadIdentity();
  glPopMatrix();
  float m[16];
  glGetFloatv(GL_MODELVIEW_MATRIX, m);
  EXPECT_FLOAT_EQ(m[12], 5);
  glPopMatrix();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_STACK_UNDERFLOW));
  for (int i = 1; i < max_mv; ++i) glPushMatrix();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glPushMatrix();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_STACK_OVERFLOW));
  glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, &depth);
  EXPECT_EQ(depth, max_mv);

  glOrtho(0, 0, 0, 1, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glFrustum(-1, 1, -1, 1, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glFrustum(-1, 1, -1, 1, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glMatrixMode(GL_VERTEX_ARRAY);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // A texture unit with no texture coordinate set has no texture matrix.
  GLint coords = 0;
  glGetIntegerv(GL_MAX_TEXTURE_COORDS, &coords);
  glMatrixMode(GL_TEXTURE);
  glActiveTexture(GL_TEXTURE0 + coords);
  glLoadIdentity();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetFloatv(GL_TEXTURE_MATRIX, m);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glActiveTexture(GL_TEXTURE0);
  glMatrixMode(GL_MODELVIEW);
}

TEST_F(GlCompatStateTest, LightsAreStoredInEyeCoordinates) {
  glTranslatef(0, 0, -10);
  const float pos[4] = {1, 2, 3, 1};
  glLightfv(GL_LIGHT2, GL_POSITION, pos);
  const float dir[3] = {0, 1, 0};
  glRotatef(90, 1, 0, 0);  // +y to +z
  glLightfv(GL_LIGHT2, GL_SPOT_DIRECTION, dir);
  glLoadIdentity();
  float v[4];
  glGetLightfv(GL_LIGHT2, GL_POSITION, v);
  EXPECT_FLOAT_EQ(v[2], -7);
  EXPECT_FLOAT_EQ(v[3], 1);
  glGetLightfv(GL_LIGHT2, GL_SPOT_DIRECTION, v);
  EXPECT_NEAR(v[1], 0, 1e-6);
  EXPECT_NEAR(v[2], 1, 1e-6);
  // Defaults: light 0 is white, the others black; cutoff 180.
  glGetLightfv(GL_LIGHT0, GL_DIFFUSE, v);
  EXPECT_FLOAT_EQ(v[0], 1);
  glGetLightfv(GL_LIGHT1, GL_DIFFUSE, v);
  EXPECT_FLOAT_EQ(v[0], 0);
  glGetLightfv(GL_LIGHT1, GL_SPOT_CUTOFF, v);
  EXPECT_FLOAT_EQ(v[0], 180);
  // Integer colors map [-MAX_INT, MAX_INT] to [-1, 1].
  const GLint half[4] = {0x3fffffff, 0, 0, 0x7fffffff};
  glLightiv(GL_LIGHT1, GL_AMBIENT, half);
  glGetLightfv(GL_LIGHT1, GL_AMBIENT, v);
  EXPECT_NEAR(v[0], 0.5f, 1e-6);
  EXPECT_NEAR(v[3], 1.0f, 1e-6);
  GLint iv[4];
  glGetLightiv(GL_LIGHT1, GL_AMBIENT, iv);
  EXPECT_EQ(iv[3], 0x7fffffff);

  glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 91);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, 129);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glLightf(GL_LIGHT0, GL_POSITION, 1);  // a vector parameter
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glLightf(GL_LIGHT0 + 8, GL_SPOT_EXPONENT, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glLightf(GL_LIGHT0, GL_LINEAR_ATTENUATION, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLint max_lights = 0;
  glGetIntegerv(GL_MAX_LIGHTS, &max_lights);
  EXPECT_EQ(max_lights, 8);
}

TEST_F(GlCompatStateTest, LightModelMaterialAndEnables) {
  float v[4];
  glGetFloatv(GL_LIGHT_MODEL_AMBIENT, v);
  EXPECT_FLOAT_EQ(v[0], 0.2f);
  glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
  GLint e = 0;
  glGetIntegerv(GL_LIGHT_MODEL_COLOR_CONTROL, &e);
  EXPECT_EQ(e, GL_SEPARATE_SPECULAR_COLOR);
  glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_FLAT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glLightModelf(GL_LIGHT_MODEL_AMBIENT, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  const float red[4] = {1, 0, 0, 1};
  glMaterialfv(GL_BACK, GL_AMBIENT_AND_DIFFUSE, red);
  glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, 64);
  glGetMaterialfv(GL_BACK, GL_DIFFUSE, v);
  EXPECT_FLOAT_EQ(v[0], 1);
  EXPECT_FLOAT_EQ(v[1], 0);
  glGetMaterialfv(GL_FRONT, GL_DIFFUSE, v);
  EXPECT_FLOAT_EQ(v[0], 0.8f);
  glGetMaterialfv(GL_FRONT, GL_SHININESS, v);
  EXPECT_FLOAT_EQ(v[0], 64);
  glMaterialf(GL_FRONT, GL_SHININESS, 129);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  glColorMaterial(GL_FRONT, GL_SPECULAR);
  glGetIntegerv(GL_COLOR_MATERIAL_FACE, &e);
  EXPECT_EQ(e, GL_FRONT);
  glGetIntegerv(GL_COLOR_MATERIAL_PARAMETER, &e);
  EXPECT_EQ(e, GL_SPECULAR);
  glColorMaterial(GL_FRONT, GL_SHININESS);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  glShadeModel(GL_FLAT);
  glGetIntegerv(GL_SHADE_MODEL, &e);
  EXPECT_EQ(e, GL_FLAT);
  glShadeModel(GL_LINE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  for (GLenum cap : {GL_LIGHTING, GL_LIGHT7, GL_COLOR_MATERIAL, GL_NORMALIZE, GL_RESCALE_NORMAL, GL_FOG, GL_ALPHA_TEST,
                     GL_POINT_SMOOTH, GL_POINT_SPRITE, GL_TEXTURE_GEN_Q, GL_CLIP_PLANE5}) {
    EXPECT_FALSE(glIsEnabled(cap)) << std::hex << cap;
    glEnable(cap);
    EXPECT_TRUE(glIsEnabled(cap)) << std::hex << cap;
    GLboolean b = GL_FALSE;
    glGetBooleanv(cap, &b);
    EXPECT_TRUE(b) << std::hex << cap;
    glDisable(cap);
  }
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(GlCompatStateTest, TexgenAndClipPlanesUseTheInverseModelview) {
  glActiveTexture(GL_TEXTURE1);
  glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
  glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glTexGeni(GL_Q, GL_TEXTURE_GEN_MODE, GL_REFLECTION_MAP);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint mode = 0;
  glGetTexGeniv(GL_S, GL_TEXTURE_GEN_MODE, &mode);
  EXPECT_EQ(mode, GL_SPHERE_MAP);
  glActiveTexture(GL_TEXTURE0);
  glGetTexGeniv(GL_S, GL_TEXTURE_GEN_MODE, &mode);
  EXPECT_EQ(mode, GL_EYE_LINEAR);
  glEnable(GL_TEXTURE_GEN_S);
  glActiveTexture(GL_TEXTURE1);
  EXPECT_FALSE(glIsEnabled(GL_TEXTURE_GEN_S));
  glActiveTexture(GL_TEXTURE0);
  EXPECT_TRUE(glIsEnabled(GL_TEXTURE_GEN_S));
  glDisable(GL_TEXTURE_GEN_S);

  // A plane given under translate(2, 0, 0) is kept times its inverse.
  glTranslatef(2, 0, 0);
  const float plane[4] = {1, 0, 0, 0};
  glTexGenfv(GL_T, GL_EYE_PLANE, plane);
  glTexGenfv(GL_T, GL_OBJECT_PLANE, plane);
  const double clip[4] = {1, 0, 0, 0};
  glClipPlane(GL_CLIP_PLANE1, clip);
  glLoadIdentity();
  float p[4];
  glGetTexGenfv(GL_T, GL_EYE_PLANE, p);
  EXPECT_FLOAT_EQ(p[0], 1);
  EXPECT_FLOAT_EQ(p[3], -2);
  glGetTexGenfv(GL_T, GL_OBJECT_PLANE, p);
  EXPECT_FLOAT_EQ(p[3], 0);
  double c[4];
  glGetClipPlane(GL_CLIP_PLANE1, c);
  EXPECT_DOUBLE_EQ(c[3], -2);
  glTexGenf(GL_T, GL_EYE_PLANE, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glClipPlane(GL_CLIP_PLANE0 + 8, clip);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint max_planes = 0;
  glGetIntegerv(GL_MAX_CLIP_PLANES, &max_planes);
  EXPECT_EQ(max_planes, 8);
}

TEST_F(GlCompatStateTest, FogAlphaTestPointAndTexEnvState) {
  glFogi(GL_FOG_MODE, GL_LINEAR);
  glFogf(GL_FOG_START, 2);
  glFogf(GL_FOG_END, 6);
  const float fog_color[4] = {0.25f, 0.5f, 0.75f, 1};
  glFogfv(GL_FOG_COLOR, fog_color);
  GLint e = 0;
  glGetIntegerv(GL_FOG_MODE, &e);
  EXPECT_EQ(e, GL_LINEAR);
  float v[4];
  glGetFloatv(GL_FOG_END, v);
  EXPECT_FLOAT_EQ(v[0], 6);
  glGetFloatv(GL_FOG_COLOR, v);
  EXPECT_FLOAT_EQ(v[2], 0.75f);
  glFogf(GL_FOG_DENSITY, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glFogi(GL_FOG_MODE, GL_LINE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glFogf(GL_FOG_COLOR, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  glAlphaFunc(GL_GEQUAL, 1.5f);
  glGetIntegerv(GL_ALPHA_TEST_FUNC, &e);
  EXPECT_EQ(e, GL_GEQUAL);
  glGetFloatv(GL_ALPHA_TEST_REF, v);
  EXPECT_FLOAT_EQ(v[0], 1.0f);  // clamped
  glAlphaFunc(GL_ZERO, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  const float atten[3] = {1, 2, 3};
  glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, atten);
  glPointParameterf(GL_POINT_SIZE_MIN, 2);
  glGetFloatv(GL_POINT_DISTANCE_ATTENUATION, v);
  EXPECT_FLOAT_EQ(v[2], 3);
  glGetFloatv(GL_POINT_SIZE_MIN, v);
  EXPECT_FLOAT_EQ(v[0], 2);
  glGetFloatv(GL_POINT_SIZE_MAX, v);
  EXPECT_GE(v[0], 1);
  glPointParameterf(GL_POINT_SIZE_MAX, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));

  glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &e);
  EXPECT_EQ(e, GL_MODULATE);
  glActiveTexture(GL_TEXTURE2);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
  glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_DOT3_RGB);
  glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_ALPHA, GL_TEXTURE0);
  glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 4);
  glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
  glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, 1.5f);
  glGetTexEnviv(GL_TEXTURE_ENV, GL_COMBINE_RGB, &e);
  EXPECT_EQ(e, GL_DOT3_RGB);
  glGetTexEnviv(GL_TEXTURE_ENV, GL_SRC1_ALPHA, &e);
  EXPECT_EQ(e, GL_TEXTURE0);
  glGetTexEnvfv(GL_TEXTURE_ENV, GL_RGB_SCALE, v);
  EXPECT_FLOAT_EQ(v[0], 4);
  glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, &e);
  EXPECT_EQ(e, GL_TRUE);
  glGetTexEnvfv(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, v);
  EXPECT_FLOAT_EQ(v[0], 1.5f);
  glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, GL_DOT3_RGB);  // RGB only
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_ALPHA, GL_SRC_COLOR);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glTexEnvf(GL_TEXTURE_ENV, GL_ALPHA_SCALE, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glTexEnvi(GL_TEXTURE_2D, GL_TEXTURE_ENV_MODE, GL_ADD);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glActiveTexture(GL_TEXTURE0);
  glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &e);
  EXPECT_EQ(e, GL_MODULATE);
}

// GLSL 1.10 programs read the built-in state: the matrices place the
// geometry, the light, material, fog and texture-environment values color it.
TEST_F(GlCompatStateTest, BuiltinUniformStateFeedsPrograms) {
  const char* vs =
      "#version 110\n"
      "attribute vec4 pos;\n"
      "void main() { gl_Position = gl_ModelViewProjectionMatrix * pos; }\n";
  const char* fs =
      "#version 110\n"
      "void main() {\n"
      "  vec4 c = gl_FragCoord.x < 16.0 ? gl_LightSource[1].diffuse * gl_FrontMaterial.emission.g : gl_Fog.color;\n"
      "  gl_FragColor = c + gl_TextureEnvColor[2] * gl_NormalScale;\n"
      "}\n";
  const GLuint p = program(vs, fs);
  glUseProgram(p);
  EXPECT_EQ(glGetUniformLocation(p, "gl_ModelViewProjectionMatrix"), -1);
  GLint count = 0;
  glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &count);
  bool listed = false;
  for (GLint i = 0; i < count; ++i) {
    char name[128] = {};
    GLint size = 0;
    GLenum type = 0;
    glGetActiveUniform(p, i, sizeof(name), nullptr, &size, &type, name);
    if (std::strcmp(name, "gl_ModelViewProjectionMatrix") == 0) listed = type == GL_FLOAT_MAT4;
  }
  EXPECT_TRUE(listed) << "GL 2.1 §2.15.3: built-in uniform state is listed by glGetActiveUniform";

  // The unit square [0, 1]^2 fills the viewport under this projection.
  glMatrixMode(GL_PROJECTION);
  glOrtho(0, 1, 0, 1, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  const float diffuse[4] = {0, 0, 1, 1};
  glLightfv(GL_LIGHT1, GL_DIFFUSE, diffuse);
  const float emission[4] = {0, 1, 0, 1};
  glMaterialfv(GL_FRONT, GL_EMISSION, emission);
  const float fog[4] = {1, 0, 0, 1};
  glFogfv(GL_FOG_COLOR, fog);
  const float env[4] = {0, 0.4f, 0, 0};
  glActiveTexture(GL_TEXTURE2);
  glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env);
  glActiveTexture(GL_TEXTURE0);

  const float quad[] = {0, 0, 1, 0, 0, 1, 1, 1};
  const GLint loc = glGetAttribLocation(p, "pos");
  ASSERT_GE(loc, 0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glVertexAttribPointer(loc, 2, GL_FLOAT, GL_FALSE, 0, quad);
  glEnableVertexAttribArray(loc);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  // Left: the light's blue times the emission's green (1) plus the env
  // color's green; right: the fog color plus the same green.
  EXPECT_EQ(pixel(2, kHeight / 2), rgba(0, 102, 255, 255));
  EXPECT_EQ(pixel(kWidth - 3, kHeight / 2), rgba(255, 102, 0, 255));

  // Half the square after a scale: the right half is left clear. Changing
  // only state (no glUniform) must reach the program.
  glScalef(0.5f, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(2, kHeight / 2), rgba(0, 102, 255, 255));
  EXPECT_EQ(pixel(kWidth - 3, kHeight / 2), rgba(0, 0, 0, 0));
  glDisableVertexAttribArray(loc);
  glUseProgram(0);
  glDeleteProgram(p);
}

// gl_ClipVertex clips against the enabled client clip planes.
TEST_F(GlCompatStateTest, ClipVertexClipsByEnabledPlanes) {
  const char* vs =
      "#version 120\n"
      "attribute vec4 pos;\n"
      "void main() {\n"
      "  gl_ClipVertex = gl_ModelViewMatrix * pos;\n"
      "  gl_Position = gl_ModelViewProjectionMatrix * pos;\n"
      "}\n";
  const char* fs = "#version 120\nvoid main() { gl_FragColor = vec4(1.0); }\n";
  const GLuint p = program(vs, fs);
  glUseProgram(p);
  glMatrixMode(GL_PROJECTION);
  glOrtho(0, 1, 0, 1, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  // Keeps x <= 0.5 in eye space: -x + 0.5 >= 0.
  const double plane[4] = {-1, 0, 0, 0.5};
  glClipPlane(GL_CLIP_PLANE2, plane);
  const float quad[] = {0, 0, 1, 0, 0, 1, 1, 1};
  const GLint loc = glGetAttribLocation(p, "pos");
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glVertexAttribPointer(loc, 2, GL_FLOAT, GL_FALSE, 0, quad);
  glEnableVertexAttribArray(loc);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(kWidth - 3, kHeight / 2), rgba(255, 255, 255, 255));  // not enabled yet
  glEnable(GL_CLIP_PLANE2);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(2, kHeight / 2), rgba(255, 255, 255, 255));
  EXPECT_EQ(pixel(kWidth - 3, kHeight / 2), rgba(0, 0, 0, 0));
  glDisable(GL_CLIP_PLANE2);
  glDisableVertexAttribArray(loc);
  glUseProgram(0);
  glDeleteProgram(p);
}


// TEXTURE_FILTER_CONTROL's TEXTURE_LOD_BIAS biases the level the unit's
// texture is sampled at.
TEST_F(GlCompatStateTest, UnitLodBiasSelectsTheMipmapLevel) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  const std::vector<uint32_t> red(kWidth * kHeight, rgba(255, 0, 0)), green(kWidth * kHeight / 4, rgba(0, 255, 0));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kWidth, kHeight, 0, GL_RGBA, GL_UNSIGNED_BYTE, red.data());
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kWidth / 2, kHeight / 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, green.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  const char* vs = "#version 110\nattribute vec4 pos;\nvoid main() { gl_Position = pos; }\n";
  char fs[256];
  std::snprintf(fs, sizeof(fs),
                "#version 110\nuniform sampler2D t;\n"
                "void main() { gl_FragColor = texture2D(t, gl_FragCoord.xy / vec2(%d.0, %d.0)); }\n",
                kWidth, kHeight);
  const GLuint p = program(vs, fs);
  glUseProgram(p);
  const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  const GLint loc = glGetAttribLocation(p, "pos");
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glVertexAttribPointer(loc, 2, GL_FLOAT, GL_FALSE, 0, quad);
  glEnableVertexAttribArray(loc);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(255, 0, 0));
  glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, 1.0f);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0, 255, 0));
  // Another unit's bias does not apply.
  glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, 0.0f);
  glActiveTexture(GL_TEXTURE1);
  glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, 1.0f);
  glActiveTexture(GL_TEXTURE0);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(255, 0, 0));
  glDisableVertexAttribArray(loc);
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
}


// A core-profile context keeps refusing the state: the enables and queries
// are unknown enums there, the commands INVALID_OPERATION.
class GlCoreRefusesCompatStateTest : public GlCompatTest {
 protected:
  std::vector<EGLint> context_attribs() const override {
    return {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
            EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  }
};

TEST_F(GlCoreRefusesCompatStateTest, EnumsAndCommands) {
  glEnable(GL_LIGHTING);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_FALSE(glIsEnabled(GL_FOG));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint v = 0;
  glGetIntegerv(GL_MATRIX_MODE, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetIntegerv(GL_MAX_LIGHTS, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glMatrixMode(GL_PROJECTION);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glPointParameterf(GL_POINT_SIZE_MIN, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
}

}  // namespace
}  // namespace brass::e2e
