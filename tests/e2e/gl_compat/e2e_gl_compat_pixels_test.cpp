// Compatibility-profile pixel path (src/gl/compat/pixel_*.cpp): pixel
// transfer and maps, pixel zoom, the raster position, glDrawPixels,
// glBitmap, glCopyPixels, glReadPixels with the transfer operations, and
// the accumulation buffer commands of a configuration without one.
#include <cmath>
#include <cstring>
#include <vector>

#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

using GlCompatPixelsTest = GlCompatTest;

// Colour channel of a packed RGBA8 pixel.
uint8_t channel(uint32_t p, int c) { return uint8_t(p >> (8 * c)); }

TEST_F(GlCompatPixelsTest, PixelTransferStateIsKeptAndReported) {
  GLfloat f = 0;
  glGetFloatv(GL_RED_SCALE, &f);
  EXPECT_EQ(f, 1.0f);
  glPixelTransferf(GL_RED_SCALE, 0.5f);
  glPixelTransferf(GL_GREEN_BIAS, 0.25f);
  glPixelTransferi(GL_INDEX_SHIFT, 3);
  glPixelTransferi(GL_MAP_COLOR, GL_TRUE);
  glGetFloatv(GL_RED_SCALE, &f);
  EXPECT_EQ(f, 0.5f);
  glGetFloatv(GL_GREEN_BIAS, &f);
  EXPECT_EQ(f, 0.25f);
  GLint i = 0;
  glGetIntegerv(GL_INDEX_SHIFT, &i);
  EXPECT_EQ(i, 3);
  GLboolean b = GL_FALSE;
  glGetBooleanv(GL_MAP_COLOR, &b);
  EXPECT_EQ(b, GL_TRUE);
  glPixelTransferf(GL_TEXTURE_2D, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glPixelZoom(2.0f, -3.0f);
  glGetFloatv(GL_ZOOM_X, &f);
  EXPECT_EQ(f, 2.0f);
  glGetFloatv(GL_ZOOM_Y, &f);
  EXPECT_EQ(f, -3.0f);
}

TEST_F(GlCompatPixelsTest, PixelMapsKeepSizesValuesAndRules) {
  GLint max = 0;
  glGetIntegerv(GL_MAX_PIXEL_MAP_TABLE, &max);
  EXPECT_GE(max, 32);
  GLint size = 0;
  glGetIntegerv(GL_PIXEL_MAP_R_TO_R_SIZE, &size);
  EXPECT_EQ(size, 1);
  const GLfloat ramp[3] = {0.0f, 0.25f, 1.0f};
  // Colour-to-colour maps take any size; index-indexed ones powers of two.
  glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 3, ramp);
  glGetIntegerv(GL_PIXEL_MAP_R_TO_R_SIZE, &size);
  EXPECT_EQ(size, 3);
  GLfloat back[3] = {};
  glGetPixelMapfv(GL_PIXEL_MAP_R_TO_R, back);
  EXPECT_EQ(back[1], 0.25f);
  glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 3, ramp);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 0, ramp);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glPixelMapfv(GL_PIXEL_MAP_R_TO_R, max + 1, ramp);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glPixelMapfv(GL_TEXTURE_2D, 1, ramp);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // Unsigned integer forms are normalized for colour maps, kept for index maps.
  const GLuint words[2] = {0xffffffffu, 0u};
  glPixelMapuiv(GL_PIXEL_MAP_G_TO_G, 2, words);
  GLfloat g[2] = {};
  glGetPixelMapfv(GL_PIXEL_MAP_G_TO_G, g);
  EXPECT_EQ(g[0], 1.0f);
  EXPECT_EQ(g[1], 0.0f);
  const GLushort idx[2] = {7, 300};
  glPixelMapusv(GL_PIXEL_MAP_S_TO_S, 2, idx);
  GLuint s[2] = {};
  glGetPixelMapuiv(GL_PIXEL_MAP_S_TO_S, s);
  EXPECT_EQ(s[0], 7u);
  EXPECT_EQ(s[1], 300u);
  // The robust query refuses a buffer too small for the map.
  GLushort small[1];
  glGetnPixelMapusv(GL_PIXEL_MAP_S_TO_S, sizeof(small), small);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

TEST_F(GlCompatPixelsTest, PixelMapsReadAndWritePixelBuffers) {
  const GLfloat values[4] = {0.125f, 0.5f, 0.75f, 1.0f};
  GLuint unpack = buffer(GL_PIXEL_UNPACK_BUFFER, sizeof(values) + 4, nullptr);
  glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 4, sizeof(values), values);
  glPixelMapfv(GL_PIXEL_MAP_B_TO_B, 4, reinterpret_cast<const GLfloat*>(4));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Past the end of the buffer, or misaligned: INVALID_OPERATION.
  glPixelMapfv(GL_PIXEL_MAP_B_TO_B, 4, reinterpret_cast<const GLfloat*>(8));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glPixelMapfv(GL_PIXEL_MAP_B_TO_B, 2, reinterpret_cast<const GLfloat*>(2));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  GLuint pack = buffer(GL_PIXEL_PACK_BUFFER, 64, nullptr);
  glGetPixelMapfv(GL_PIXEL_MAP_B_TO_B, reinterpret_cast<GLfloat*>(16));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLfloat out[4] = {};
  glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 16, sizeof(out), out);
  EXPECT_EQ(std::memcmp(out, values, sizeof(out)), 0);
  glGetPixelMapfv(GL_PIXEL_MAP_B_TO_B, reinterpret_cast<GLfloat*>(56));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glDeleteBuffers(1, &unpack);
  glDeleteBuffers(1, &pack);
}

TEST_F(GlCompatPixelsTest, WindowPosSetsTheRasterPosition) {
  GLfloat pos[4] = {};
  glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
  EXPECT_EQ(pos[3], 1.0f);
  glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
  glWindowPos3f(5.0f, 7.0f, 0.5f);
  glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
  EXPECT_EQ(pos[0], 5.0f);
  EXPECT_EQ(pos[1], 7.0f);
  EXPECT_NEAR(pos[2], 0.5f, 1e-6);
  GLboolean valid = GL_FALSE;
  glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
  EXPECT_EQ(valid, GL_TRUE);
  GLfloat color[4] = {};
  glGetFloatv(GL_CURRENT_RASTER_COLOR, color);
  EXPECT_EQ(color[1], 0.5f);
  // The depth range maps z.
  glDepthRange(0.5, 1.0);
  glWindowPos3f(0.0f, 0.0f, 1.0f);
  glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
  EXPECT_NEAR(pos[2], 1.0f, 1e-6);
  glWindowPos3f(0.0f, 0.0f, 0.0f);
  glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
  EXPECT_NEAR(pos[2], 0.5f, 1e-6);
}

TEST_F(GlCompatPixelsTest, RasterPosTransformsAndClips) {
  // Identity matrices: object (0,0) is the viewport's centre.
  glRasterPos2f(0.0f, 0.0f);
  GLfloat pos[4] = {};
  glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
  EXPECT_EQ(pos[0], kWidth / 2.0f);
  EXPECT_EQ(pos[1], kHeight / 2.0f);
  EXPECT_NEAR(pos[2], 0.5f, 1e-6);
  // Outside the clip volume: invalid.
  glRasterPos2f(2.0f, 0.0f);
  GLboolean valid = GL_TRUE;
  glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
  EXPECT_EQ(valid, GL_FALSE);
  // Through the modelview matrix (compat-state's matrix commands).
  glMatrixMode(GL_MODELVIEW);
  glTranslatef(-0.5f, 0.5f, 0.0f);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glRasterPos2f(0.0f, 0.0f);
  glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
  EXPECT_EQ(valid, GL_TRUE);
  glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
  EXPECT_EQ(pos[0], kWidth / 4.0f);
  EXPECT_EQ(pos[1], kHeight * 3 / 4.0f);
}

TEST_F(GlCompatPixelsTest, DrawPixelsWritesTheRectangleAtTheRasterPosition) {
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  std::vector<uint32_t> image(4 * 3);
  for (size_t i = 0; i < image.size(); ++i) image[i] = rgba(uint8_t(10 * i), 200, uint8_t(255 - i), 255);
  glWindowPos2i(3, 5);
  glDrawPixels(4, 3, GL_RGBA, GL_UNSIGNED_BYTE, image.data());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(pixel(3 + x, 5 + y), image[size_t(y * 4 + x)]) << x << "," << y;
  EXPECT_EQ(pixel(2, 5), rgba(0, 0, 0));
  EXPECT_EQ(pixel(7, 5), rgba(0, 0, 0));
  EXPECT_EQ(pixel(3, 8), rgba(0, 0, 0));
}

TEST_F(GlCompatPixelsTest, DrawPixelsZoomsLuminanceAndTransfers) {
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  const GLubyte lum[2] = {100, 200};
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelZoom(2.0f, 3.0f);
  glPixelTransferf(GL_BLUE_SCALE, 0.5f);
  glWindowPos2i(10, 10);
  glDrawPixels(2, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
  // glReadPixels applies the transfer too: back to the identity to probe.
  glPixelTransferf(GL_BLUE_SCALE, 1.0f);
  // L goes to R, G and B; blue is then scaled.
  for (int y = 10; y < 13; ++y) {
    EXPECT_EQ(pixel(10, y), rgba(100, 100, 50));
    EXPECT_EQ(pixel(11, y), rgba(100, 100, 50));
    EXPECT_EQ(pixel(12, y), rgba(200, 200, 100));
    EXPECT_EQ(pixel(13, y), rgba(200, 200, 100));
  }
  EXPECT_EQ(pixel(14, 10), rgba(0, 0, 0));
  EXPECT_EQ(pixel(10, 13), rgba(0, 0, 0));
}

TEST_F(GlCompatPixelsTest, DrawPixelsGoesThroughTheFragmentOperations) {
  glClearColor(0, 0, 0, 1);
  glClearDepth(0.5);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  const uint32_t red[2] = {rgba(255, 0, 0), rgba(255, 0, 0)};
  // Behind the cleared depth: nothing; in front: drawn.
  glWindowPos3f(0, 0, 0.75f);
  glDrawPixels(2, 1, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(pixel(0, 0), rgba(0, 0, 0));
  glWindowPos3f(0, 0, 0.25f);
  glDrawPixels(2, 1, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(pixel(1, 0), rgba(255, 0, 0));
  glDisable(GL_DEPTH_TEST);
  // Blending with the destination.
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  const uint32_t blue = rgba(0, 0, 255);
  glWindowPos2i(1, 0);
  glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &blue);
  glDisable(GL_BLEND);
  EXPECT_EQ(pixel(1, 0), rgba(255, 0, 255));
  // Depth values write the depth buffer where the test passes.
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  const GLfloat depth[1] = {0.125f};
  glWindowPos2i(4, 4);
  glDrawPixels(1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
  glDepthFunc(GL_LESS);
  const uint32_t green = rgba(0, 255, 0);
  glWindowPos3f(4, 4, 0.2f);  // behind 0.125
  glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &green);
  EXPECT_NE(pixel(4, 4), rgba(0, 255, 0));
  glWindowPos3f(4, 4, 0.1f);
  glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &green);
  EXPECT_EQ(pixel(4, 4), rgba(0, 255, 0));
  glDisable(GL_DEPTH_TEST);
}

TEST_F(GlCompatPixelsTest, DrawPixelsErrorsAndInvalidRasterPosition) {
  const uint32_t white = rgba(255, 255, 255);
  glDrawPixels(-1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &white);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawPixels(1, 1, GL_RGBA, GL_BITMAP, &white);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, &white);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glRasterPos2f(5.0f, 5.0f);  // clipped: invalid
  glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &white);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int y = 0; y < kHeight; y += 4)
    for (int x = 0; x < kWidth; x += 4) EXPECT_EQ(pixel(x, y), rgba(0, 0, 0));
}

TEST_F(GlCompatPixelsTest, BitmapDrawsSetBitsAndAdvances) {
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glColor3f(0.0f, 1.0f, 0.0f);
  glWindowPos2i(8, 8);  // takes the current colour
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  // 3x2: row 0 = 101, row 1 = 010 (most significant bit first).
  const GLubyte bits[2] = {0xA0, 0x40};
  glBitmap(3, 2, 1.0f, 0.0f, 10.0f, 1.0f, bits);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(7, 8), rgba(0, 255, 0));
  EXPECT_EQ(pixel(8, 8), rgba(0, 0, 0));
  EXPECT_EQ(pixel(9, 8), rgba(0, 255, 0));
  EXPECT_EQ(pixel(7, 9), rgba(0, 0, 0));
  EXPECT_EQ(pixel(8, 9), rgba(0, 255, 0));
  GLfloat pos[4] = {};
  glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
  EXPECT_EQ(pos[0], 18.0f);
  EXPECT_EQ(pos[1], 9.0f);
  // LSB first: 0x01 is the leftmost pixel.
  glPixelStorei(GL_UNPACK_LSB_FIRST, GL_TRUE);
  const GLubyte one = 0x01;
  glBitmap(1, 1, 0, 0, 0, 0, &one);
  EXPECT_EQ(pixel(18, 9), rgba(0, 255, 0));
  GLboolean lsb = GL_FALSE;
  glGetBooleanv(GL_UNPACK_LSB_FIRST, &lsb);
  EXPECT_EQ(lsb, GL_TRUE);
}

TEST_F(GlCompatPixelsTest, CopyPixelsCopiesThroughTheTransfer) {
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 2, 2);
  glClearColor(1.0f, 0.5f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glPixelTransferf(GL_RED_SCALE, 0.5f);
  glWindowPos2i(20, 20);
  glCopyPixels(0, 0, 2, 2, GL_COLOR);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glPixelTransferf(GL_RED_SCALE, 1.0f);  // the probe's read would scale again
  const uint32_t p = pixel(21, 21);
  EXPECT_NEAR(channel(p, 0), 128, 1);
  EXPECT_NEAR(channel(p, 1), 128, 1);
  EXPECT_EQ(pixel(22, 22), rgba(0, 0, 0));
  glCopyPixels(0, 0, 1, 1, GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

TEST_F(GlCompatPixelsTest, ReadPixelsAppliesTransferAndLuminanceSum) {
  glClearColor(0.25f, 0.25f, 0.25f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  GLfloat lum = 0;
  glReadPixels(0, 0, 1, 1, GL_LUMINANCE, GL_FLOAT, &lum);
  EXPECT_NEAR(lum, 0.75f, 0.01f);
  glPixelTransferf(GL_RED_BIAS, 0.5f);
  GLubyte rgba8[4] = {};
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba8);
  EXPECT_NEAR(rgba8[0], 191, 1);
  EXPECT_NEAR(rgba8[1], 64, 1);
}

TEST_F(GlCompatPixelsTest, AccumulationWithoutAnAccumulationBuffer) {
  GLint bits = -1;
  glGetIntegerv(GL_ACCUM_RED_BITS, &bits);
  EXPECT_EQ(bits, 0);
  glClearAccum(0.5f, -2.0f, 0.0f, 1.0f);
  GLfloat v[4] = {};
  glGetFloatv(GL_ACCUM_CLEAR_VALUE, v);
  EXPECT_EQ(v[0], 0.5f);
  EXPECT_EQ(v[1], -1.0f);
  glAccum(GL_ACCUM, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glAccum(GL_TEXTURE_2D, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glClear(GL_ACCUM_BUFFER_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(GlCompatPixelsTest, DrawPixelsWritesStencilIndices) {
  glClearColor(0, 0, 0, 1);
  glClearStencil(0);
  glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  const GLubyte indices[3] = {1, 2, 255};
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glWindowPos2i(0, 0);
  // No stencil test applies to the writes themselves.
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_NEVER, 0, 0xff);
  glDrawPixels(3, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, indices);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Colour writes pass only where the stencil holds 2.
  glStencilFunc(GL_EQUAL, 2, 0xff);
  const uint32_t white[3] = {rgba(255, 255, 255), rgba(255, 255, 255), rgba(255, 255, 255)};
  glDrawPixels(3, 1, GL_RGBA, GL_UNSIGNED_BYTE, white);
  EXPECT_EQ(pixel(0, 0), rgba(0, 0, 0));
  EXPECT_EQ(pixel(1, 0), rgba(255, 255, 255));
  EXPECT_EQ(pixel(2, 0), rgba(0, 0, 0));
  glStencilFunc(GL_EQUAL, 255, 0xff);
  glWindowPos2i(0, 1);
  glDrawPixels(3, 1, GL_RGBA, GL_UNSIGNED_BYTE, white);
  EXPECT_EQ(pixel(0, 1), rgba(0, 0, 0));  // row 1 holds stencil 0
  glDisable(GL_STENCIL_TEST);
}

TEST_F(GlCompatPixelsTest, DrawPixelsOfColorIndicesUsesTheMaps) {
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  const GLfloat r[2] = {0.0f, 1.0f}, g[2] = {1.0f, 0.0f}, b[2] = {0.0f, 0.0f}, a[2] = {1.0f, 1.0f};
  glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 2, r);
  glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 2, g);
  glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 2, b);
  glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 2, a);
  const GLubyte indices[3] = {0, 1, 3};  // 3 is masked to 1 by the map size
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glWindowPos2i(0, 0);
  glDrawPixels(3, 1, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, indices);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(0, 0), rgba(0, 255, 0));
  EXPECT_EQ(pixel(1, 0), rgba(255, 0, 0));
  EXPECT_EQ(pixel(2, 0), rgba(255, 0, 0));
}

TEST_F(GlCompatPixelsTest, ReadPixelsOfDepthAndStencil) {
  glClearDepth(0.25);
  glClearStencil(5);
  glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  GLfloat d = 0;
  glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_NEAR(d, 0.25f, 1e-5);
  GLubyte st = 0;
  glReadPixels(1, 1, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &st);
  EXPECT_EQ(st, 5);
  GLuint ds = 0;
  glReadPixels(1, 1, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &ds);
  EXPECT_EQ(ds & 0xff, 5u);
  EXPECT_NEAR(double(ds >> 8) / 16777215.0, 0.25, 1e-5);
  glReadPixels(1, 1, 1, 1, GL_DEPTH_STENCIL, GL_FLOAT, &d);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

TEST_F(GlCompatPixelsTest, CopyPixelsOfDepthAndStencil) {
  glClearDepth(1.0);
  glClearStencil(0);
  glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 1, 1);
  glClearDepth(0.5);
  glClearStencil(9);
  glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  glWindowPos2i(10, 10);
  glCopyPixels(0, 0, 1, 1, GL_DEPTH_STENCIL);
  glDisable(GL_DEPTH_TEST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLfloat d = 0;
  glReadPixels(10, 10, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
  EXPECT_NEAR(d, 0.5f, 1e-5);
  GLubyte st = 0;
  glReadPixels(10, 10, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &st);
  EXPECT_EQ(st, 9);
  glReadPixels(11, 10, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &st);
  EXPECT_EQ(st, 0);
}

}  // namespace
}  // namespace brass::e2e
