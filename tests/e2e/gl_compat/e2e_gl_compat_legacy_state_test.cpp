// Legacy state of the compatibility profile: line and polygon stipple
// (state, unpack and pack), separate front and back polygon modes and
// their effect on drawing, the color-index values of an RGBA context, the
// legacy hints and enables.
#include <cstring>

#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

class GlCompatLegacyStateTest : public GlCompatTest {
 protected:
  static GLint integer(GLenum pname) {
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
  }
};

TEST_F(GlCompatLegacyStateTest, LineStipple) {
  EXPECT_EQ(integer(GL_LINE_STIPPLE_PATTERN), 0xFFFF);
  EXPECT_EQ(integer(GL_LINE_STIPPLE_REPEAT), 1);
  EXPECT_FALSE(glIsEnabled(GL_LINE_STIPPLE));
  glLineStipple(300, 0x0F0F);  // the factor is clamped to [1, 256]
  EXPECT_EQ(integer(GL_LINE_STIPPLE_REPEAT), 256);
  EXPECT_EQ(integer(GL_LINE_STIPPLE_PATTERN), 0x0F0F);
  glLineStipple(-4, 0x0F0F);
  EXPECT_EQ(integer(GL_LINE_STIPPLE_REPEAT), 1);
  glEnable(GL_LINE_STIPPLE);
  EXPECT_TRUE(glIsEnabled(GL_LINE_STIPPLE));
}

TEST_F(GlCompatLegacyStateTest, PolygonStippleRoundTripsThroughPixelStoreModes) {
  GLubyte mask[128];
  for (int i = 0; i < 128; ++i) mask[i] = static_cast<GLubyte>(i * 37 + 11);
  glPolygonStipple(mask);
  GLubyte out[128] = {};
  glGetPolygonStipple(out);
  EXPECT_EQ(std::memcmp(mask, out, sizeof mask), 0);
  // Packed into a wider image: rows of 8 bytes (row length 64 pixels),
  // starting one row and 8 pixels in.
  glPixelStorei(GL_PACK_ROW_LENGTH, 64);
  glPixelStorei(GL_PACK_SKIP_ROWS, 1);
  glPixelStorei(GL_PACK_SKIP_PIXELS, 8);
  GLubyte wide[8 * 34];
  std::memset(wide, 0xEE, sizeof wide);
  glGetPolygonStipple(wide);
  for (int row = 0; row < 32; ++row)
    for (int b = 0; b < 4; ++b) EXPECT_EQ(wide[(row + 1) * 8 + 1 + b], mask[row * 4 + b]) << row << " " << b;
  EXPECT_EQ(wide[0], 0xEE);
  EXPECT_EQ(wide[8], 0xEE) << "the skipped pixels were written";
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glPixelStorei(GL_PACK_SKIP_ROWS, 0);
  glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
  // From a pixel unpack buffer.
  GLubyte ones[128];
  std::memset(ones, 0x5A, sizeof ones);
  GLuint pbo = buffer(GL_PIXEL_UNPACK_BUFFER, sizeof ones, ones);
  glPolygonStipple(nullptr);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glGetPolygonStipple(out);
  for (int i = 0; i < 128; ++i) EXPECT_EQ(out[i], 0x5A) << i;
  // A buffer too small for the mask.
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
  glPolygonStipple(reinterpret_cast<const GLubyte*>(64));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glDeleteBuffers(1, &pbo);
}

TEST_F(GlCompatLegacyStateTest, SeparatePolygonModesAndTheCulledFace) {
  glPolygonMode(GL_FRONT, GL_POINT);
  GLint m[2] = {};
  glGetIntegerv(GL_POLYGON_MODE, m);
  EXPECT_EQ(m[0], GL_POINT);
  EXPECT_EQ(m[1], GL_FILL);
  glPolygonMode(GL_BACK, GL_LINE);
  glGetIntegerv(GL_POLYGON_MODE, m);
  EXPECT_EQ(m[0], GL_POINT);
  EXPECT_EQ(m[1], GL_LINE);
  glPolygonMode(GL_FRONT, GL_TRIANGLES);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // Back faces filled while front faces are culled: a clockwise quad
  // (a back face) covers the surface.
  glPolygonMode(GL_FRONT, GL_POINT);
  glPolygonMode(GL_BACK, GL_FILL);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_FRONT);
  GLuint p = program("void main() { gl_Position = gl_Vertex; }", "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }");
  glUseProgram(p);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glBegin(GL_QUADS);
  glVertex2f(-1, -1);
  glVertex2f(-1, 1);
  glVertex2f(1, 1);
  glVertex2f(1, -1);
  glEnd();
  EXPECT_EQ(pixel(10, 20), rgba(0, 255, 0));
  glUseProgram(0);
  glDeleteProgram(p);
}

TEST_F(GlCompatLegacyStateTest, ColorIndexValuesOfAnRgbaContext) {
  GLboolean b = GL_TRUE;
  glGetBooleanv(GL_INDEX_MODE, &b);
  EXPECT_EQ(b, GL_FALSE);
  glGetBooleanv(GL_RGBA_MODE, &b);
  EXPECT_EQ(b, GL_TRUE);
  EXPECT_EQ(integer(GL_AUX_BUFFERS), 0);
  // There are no auxiliary buffers to draw to (an existing name: not
  // INVALID_ENUM).
  glDrawBuffer(GL_AUX0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(integer(GL_INDEX_WRITEMASK), -1);
  glIndexMask(0x0F);
  EXPECT_EQ(integer(GL_INDEX_WRITEMASK), 0x0F);
  glClearIndex(3.0f);
  GLfloat f = 0;
  glGetFloatv(GL_INDEX_CLEAR_VALUE, &f);
  EXPECT_FLOAT_EQ(f, 3.0f);
}

TEST_F(GlCompatLegacyStateTest, LegacyHintsAndEnables) {
  for (GLenum hint : {GL_PERSPECTIVE_CORRECTION_HINT, GL_POINT_SMOOTH_HINT, GL_FOG_HINT}) {
    EXPECT_EQ(integer(hint), GL_DONT_CARE);
    glHint(hint, GL_NICEST);
    EXPECT_EQ(integer(hint), GL_NICEST);
  }
  glHint(GL_FOG_HINT, GL_FILL);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  for (GLenum cap : {GL_POLYGON_OFFSET_POINT, GL_POLYGON_OFFSET_LINE, GL_POLYGON_STIPPLE, GL_AUTO_NORMAL,
                     GL_MAP2_TEXTURE_COORD_2}) {
    EXPECT_FALSE(glIsEnabled(cap)) << cap;
    glEnable(cap);
    EXPECT_TRUE(glIsEnabled(cap)) << cap;
    GLboolean b = GL_FALSE;
    glGetBooleanv(cap, &b);
    EXPECT_EQ(b, GL_TRUE) << cap;
  }
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
