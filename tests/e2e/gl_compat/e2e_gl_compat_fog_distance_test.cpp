// Fog extension names of compatibility contexts: NV_fog_distance's
// FOG_DISTANCE_MODE_NV (eye-plane absolute, signed eye-plane and radial
// distances in the fixed-function vertex stage), and GL 1.4's fog
// coordinates and secondary colours through EXT_fog_coord's and
// EXT_secondary_color's *EXT commands.
#include <cmath>

#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

using GlCompatFogDistanceTest = GlCompatTest;

template <typename T>
T proc(const char* name) {
  return reinterpret_cast<T>(eglGetProcAddress(name));
}

// The window covered by a mesh of 2x2-pixel quads at eye depth `z` (the
// matrices are identity), red, so that per-vertex fog distances are
// sampled finely enough to be read per pixel.
void draw_mesh(float z) {
  glColor3f(1, 0, 0);
  const int cells = 16;
  const float step = 2.0f / cells;
  glBegin(GL_QUADS);
  for (int j = 0; j < cells; ++j) {
    for (int i = 0; i < cells; ++i) {
      const float x = -1 + i * step, y = -1 + j * step;
      glVertex3f(x, y, z);
      glVertex3f(x + step, y, z);
      glVertex3f(x + step, y + step, z);
      glVertex3f(x, y + step, z);
    }
  }
  glEnd();
}

void linear_fog(float start, float end) {
  const float green[4] = {0, 1, 0, 1};
  glEnable(GL_FOG);
  glFogi(GL_FOG_MODE, GL_LINEAR);
  glFogf(GL_FOG_START, start);
  glFogf(GL_FOG_END, end);
  glFogfv(GL_FOG_COLOR, green);
}

TEST_F(GlCompatFogDistanceTest, ModesAreStateWithTheAbsoluteDefault) {
  ASSERT_TRUE(has_extension("GL_NV_fog_distance"));
  GLint mode = 0;
  glGetIntegerv(GL_FOG_DISTANCE_MODE_NV, &mode);
  EXPECT_EQ(mode, GLint(GL_EYE_PLANE_ABSOLUTE_NV));
  glPushAttrib(GL_FOG_BIT);
  glFogi(GL_FOG_DISTANCE_MODE_NV, GL_EYE_RADIAL_NV);
  glGetIntegerv(GL_FOG_DISTANCE_MODE_NV, &mode);
  EXPECT_EQ(mode, GLint(GL_EYE_RADIAL_NV));
  glFogf(GL_FOG_DISTANCE_MODE_NV, float(GL_EYE_PLANE));
  glGetIntegerv(GL_FOG_DISTANCE_MODE_NV, &mode);
  EXPECT_EQ(mode, GLint(GL_EYE_PLANE));
  glFogi(GL_FOG_DISTANCE_MODE_NV, GL_LINEAR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glPopAttrib();  // FOG_BIT holds the mode
  glGetIntegerv(GL_FOG_DISTANCE_MODE_NV, &mode);
  EXPECT_EQ(mode, GLint(GL_EYE_PLANE_ABSOLUTE_NV));
}

TEST_F(GlCompatFogDistanceTest, RadialDistanceGrowsTowardsTheCorners) {
  glViewport(0, 0, kWidth, kHeight);
  glClear(GL_COLOR_BUFFER_BIT);
  // At z 0.5 the centre is 0.5 from the eye, the corners sqrt(2.25).
  linear_fog(0.5f, std::sqrt(2.25f));
  glFogi(GL_FOG_DISTANCE_MODE_NV, GL_EYE_RADIAL_NV);
  draw_mesh(0.5f);
  const uint32_t centre = pixel(kWidth / 2, kHeight / 2), corner = pixel(0, 0);
  EXPECT_GE(int(centre & 0xff), 240);         // nearly no fog
  EXPECT_LE(int(corner & 0xff), 16);          // nearly all fog
  EXPECT_GE(int(corner >> 8 & 0xff), 240);
  // The planar distance is 0.5 everywhere: no fog at all.
  glFogi(GL_FOG_DISTANCE_MODE_NV, GL_EYE_PLANE_ABSOLUTE_NV);
  draw_mesh(0.5f);
  EXPECT_EQ(pixel(0, 0), rgba(255, 0, 0));
  glDisable(GL_FOG);
}

TEST_F(GlCompatFogDistanceTest, EyePlaneIsSignedAndAbsoluteIsNot) {
  glViewport(0, 0, kWidth, kHeight);
  linear_fog(0.0f, 1.0f);
  // z_e = -0.5: the absolute distance 0.5 is half fog; the signed one,
  // -0.5, is before the fog start (no fog).
  glFogi(GL_FOG_DISTANCE_MODE_NV, GL_EYE_PLANE_ABSOLUTE_NV);
  draw_mesh(-0.5f);
  uint32_t got = pixel(5, 5);
  EXPECT_NEAR(int(got & 0xff), 128, 2);
  EXPECT_NEAR(int(got >> 8 & 0xff), 128, 2);
  glFogi(GL_FOG_DISTANCE_MODE_NV, GL_EYE_PLANE);
  draw_mesh(-0.5f);
  EXPECT_EQ(pixel(5, 5), rgba(255, 0, 0));
  // z_e = 0.5: half fog for both.
  draw_mesh(0.5f);
  got = pixel(20, 20);
  EXPECT_NEAR(int(got & 0xff), 128, 2);
  EXPECT_NEAR(int(got >> 8 & 0xff), 128, 2);
  glDisable(GL_FOG);
}

TEST_F(GlCompatFogDistanceTest, FogCoordAndSecondaryColorExtCommands) {
  ASSERT_TRUE(has_extension("GL_EXT_fog_coord"));
  ASSERT_TRUE(has_extension("GL_EXT_secondary_color"));
  auto fog_coord = proc<PFNGLFOGCOORDFEXTPROC>("glFogCoordfEXT");
  auto fog_coord_pointer = proc<PFNGLFOGCOORDPOINTEREXTPROC>("glFogCoordPointerEXT");
  auto secondary = proc<PFNGLSECONDARYCOLOR3FEXTPROC>("glSecondaryColor3fEXT");
  auto secondary_pointer = proc<PFNGLSECONDARYCOLORPOINTEREXTPROC>("glSecondaryColorPointerEXT");
  ASSERT_TRUE(fog_coord && fog_coord_pointer && secondary && secondary_pointer);
  glViewport(0, 0, kWidth, kHeight);
  // The fog coordinate 0.25 with linear fog from 0 to 1: 3/4 of the colour.
  linear_fog(0.0f, 1.0f);
  glFogi(GL_FOG_COORD_SRC, GL_FOG_COORD);
  fog_coord(0.25f);
  GLfloat current = 0;
  glGetFloatv(GL_CURRENT_FOG_COORD, &current);
  EXPECT_FLOAT_EQ(current, 0.25f);
  glColor3f(1, 0, 0);
  glRectf(-1, -1, 1, 1);
  uint32_t got = pixel(16, 16);
  EXPECT_NEAR(int(got & 0xff), 191, 2);
  EXPECT_NEAR(int(got >> 8 & 0xff), 64, 2);
  glDisable(GL_FOG);
  glFogi(GL_FOG_COORD_SRC, GL_FRAGMENT_DEPTH);
  // The secondary colour is added with COLOR_SUM.
  glEnable(GL_COLOR_SUM_EXT);
  secondary(0, 0, 1);
  glColor3f(1, 0, 0);
  glRectf(-1, -1, 1, 1);
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 255));
  // And from an array, through the EXT pointer command.
  const float blue_to_green[] = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0};
  const float quad[] = {-1, -1, 1, -1, 1, 1, -1, 1};
  secondary_pointer(3, GL_FLOAT, 0, blue_to_green);
  glEnableClientState(GL_SECONDARY_COLOR_ARRAY_EXT);
  glVertexPointer(2, GL_FLOAT, 0, quad);
  glEnableClientState(GL_VERTEX_ARRAY);
  glDrawArrays(GL_QUADS, 0, 4);
  glDisableClientState(GL_VERTEX_ARRAY);
  glDisableClientState(GL_SECONDARY_COLOR_ARRAY_EXT);
  glDisable(GL_COLOR_SUM_EXT);
  EXPECT_EQ(pixel(16, 16), rgba(255, 255, 0));
}

}  // namespace
}  // namespace brass::e2e
