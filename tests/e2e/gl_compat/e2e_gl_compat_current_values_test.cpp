// Current values of the conventional attributes (GL 4.6 compatibility
// §10.2.2): glColor, glSecondaryColor, glNormal, glTexCoord,
// glMultiTexCoord, glFogCoord, glIndex, glEdgeFlag and their queries, with
// the normalized integer conversions.
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

using GlCompatCurrentValuesTest = GlCompatTest;

TEST_F(GlCompatCurrentValuesTest, InitialValues) {
  GLfloat v[4] = {};
  glGetFloatv(GL_CURRENT_COLOR, v);
  EXPECT_EQ(v[0], 1.0f);
  EXPECT_EQ(v[3], 1.0f);
  glGetFloatv(GL_CURRENT_SECONDARY_COLOR, v);
  EXPECT_EQ(v[0], 0.0f);
  EXPECT_EQ(v[3], 1.0f);
  glGetFloatv(GL_CURRENT_NORMAL, v);
  EXPECT_EQ(v[2], 1.0f);
  glGetFloatv(GL_CURRENT_TEXTURE_COORDS, v);
  EXPECT_EQ(v[0], 0.0f);
  EXPECT_EQ(v[3], 1.0f);
  GLint i = 0;
  glGetIntegerv(GL_CURRENT_INDEX, &i);
  EXPECT_EQ(i, 1);
  GLboolean b = GL_FALSE;
  glGetBooleanv(GL_EDGE_FLAG, &b);
  EXPECT_EQ(b, GL_TRUE);
}

TEST_F(GlCompatCurrentValuesTest, ColorsAreNormalized) {
  GLfloat v[4] = {};
  glColor4ub(255, 0, 51, 102);
  glGetFloatv(GL_CURRENT_COLOR, v);
  EXPECT_FLOAT_EQ(v[0], 1.0f);
  EXPECT_FLOAT_EQ(v[1], 0.0f);
  EXPECT_FLOAT_EQ(v[2], 0.2f);
  EXPECT_FLOAT_EQ(v[3], 0.4f);
  // Signed: max(c / 127, -1); the three-component forms set alpha to 1.
  glColor3b(-128, 127, 0);
  glGetFloatv(GL_CURRENT_COLOR, v);
  EXPECT_FLOAT_EQ(v[0], -1.0f);
  EXPECT_FLOAT_EQ(v[1], 1.0f);
  EXPECT_FLOAT_EQ(v[3], 1.0f);
  glColor4us(65535, 0, 0, 65535);
  GLint iv[4] = {};
  // Colours read as integers map [-1, 1] onto the whole integer range.
  glGetIntegerv(GL_CURRENT_COLOR, iv);
  EXPECT_EQ(iv[0], 2147483647);
  EXPECT_EQ(iv[1], 0);
  glSecondaryColor3ub(0, 255, 0);
  glGetFloatv(GL_CURRENT_SECONDARY_COLOR, v);
  EXPECT_FLOAT_EQ(v[1], 1.0f);
  glNormal3s(0, 32767, 0);
  glGetFloatv(GL_CURRENT_NORMAL, v);
  EXPECT_FLOAT_EQ(v[1], 1.0f);
  EXPECT_FLOAT_EQ(v[2], 0.0f);
}

TEST_F(GlCompatCurrentValuesTest, TexCoordsPerActiveUnitFogIndexEdgeFlag) {
  GLfloat v[4] = {};
  glTexCoord2i(3, 4);  // integers convert as they are
  glMultiTexCoord3f(GL_TEXTURE2, 0.5f, 0.25f, 2.0f);
  glGetFloatv(GL_CURRENT_TEXTURE_COORDS, v);
  EXPECT_EQ(v[0], 3.0f);
  EXPECT_EQ(v[1], 4.0f);
  EXPECT_EQ(v[2], 0.0f);
  EXPECT_EQ(v[3], 1.0f);
  glActiveTexture(GL_TEXTURE2);
  glGetFloatv(GL_CURRENT_TEXTURE_COORDS, v);
  EXPECT_EQ(v[0], 0.5f);
  EXPECT_EQ(v[2], 2.0f);
  EXPECT_EQ(v[3], 1.0f);
  glActiveTexture(GL_TEXTURE0);
  glFogCoordf(7.5f);
  glGetFloatv(GL_CURRENT_FOG_COORD, v);
  EXPECT_EQ(v[0], 7.5f);
  glIndexi(9);
  GLint i = 0;
  glGetIntegerv(GL_CURRENT_INDEX, &i);
  EXPECT_EQ(i, 9);
  glEdgeFlag(GL_FALSE);
  GLboolean b = GL_TRUE;
  glGetBooleanv(GL_EDGE_FLAG, &b);
  EXPECT_EQ(b, GL_FALSE);
  // A texture coordinate set past MAX_TEXTURE_COORDS does not exist.
  GLint max_coords = 0;
  glGetIntegerv(GL_MAX_TEXTURE_COORDS, &max_coords);
  EXPECT_GE(max_coords, 2);
  glMultiTexCoord2f(GL_TEXTURE0 + max_coords, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
}

}  // namespace
}  // namespace brass::e2e
