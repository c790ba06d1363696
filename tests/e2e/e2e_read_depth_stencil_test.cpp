// glReadPixels of depth and stencil attachments in ES contexts:
// NV_read_depth (DEPTH_COMPONENT as UNSIGNED_SHORT, FLOAT for float depth,
// UNSIGNED_INT_24_8 with NV_read_depth_stencil), NV_read_stencil
// (STENCIL_INDEX / UNSIGNED_BYTE) and NV_read_depth_stencil (DEPTH_STENCIL
// as UNSIGNED_INT_24_8 or FLOAT_32_UNSIGNED_INT_24_8_REV), with the
// extensions' errors.
#include "e2e_fixture.h"

#include <cmath>
#include <cstring>
#include <vector>

namespace brass::e2e {
namespace {

// STENCIL_INDEX (GL_STENCIL_INDEX_OES; not in the ES 3.0 header).
constexpr GLenum kStencilIndex = 0x1901;

class ReadDepthStencil : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_NV_read_depth"));
    ASSERT_TRUE(has_extension("GL_NV_read_stencil"));
    ASSERT_TRUE(has_extension("GL_NV_read_depth_stencil"));
  }
  void TearDown() override {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(2, rb);
    GlesTest::TearDown();
  }
  // A framebuffer with a colour buffer and `depth_format` (a depth or
  // packed depth/stencil format), cleared to depth 0.25 and stencil 0x5a.
  void make_fbo(GLenum depth_format) {
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kWidth, kHeight);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, depth_format, kWidth, kHeight);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    const bool packed = depth_format == GL_DEPTH24_STENCIL8 || depth_format == GL_DEPTH32F_STENCIL8;
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, packed ? GL_DEPTH_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT,
                              GL_RENDERBUFFER, rb[1]);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    glClearDepthf(0.25f);
    glClearStencil(0x5a);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  }
  GLuint fbo = 0, rb[2] = {};
};

TEST_F(ReadDepthStencil, FixedPointDepth) {
  make_fbo(GL_DEPTH_COMPONENT24);
  GLushort d16 = 0;
  glReadPixels(3, 4, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, &d16);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_NEAR(d16, 0.25 * 65535.0, 1.0);
  GLuint d24 = 0;
  glReadPixels(3, 4, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT_24_8, &d24);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_NEAR(double(d24 >> 8), 0.25 * 16777215.0, 1.0);
  // FLOAT is for float depth buffers; UNSIGNED_INT is no depth read type.
  float f = 0;
  glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, &d24);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // No stencil buffer.
  GLubyte s = 0;
  glReadPixels(0, 0, 1, 1, kStencilIndex, GL_UNSIGNED_BYTE, &s);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &d24);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST_F(ReadDepthStencil, FloatDepth) {
  make_fbo(GL_DEPTH_COMPONENT32F);
  std::vector<float> d(4 * 4, -1.0f);
  glReadPixels(0, 0, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, d.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (float v : d) EXPECT_FLOAT_EQ(v, 0.25f);
  GLushort d16 = 0;
  glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, &d16);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST_F(ReadDepthStencil, PackedDepthStencilAndStencil) {
  make_fbo(GL_DEPTH24_STENCIL8);
  GLuint ds = 0;
  glReadPixels(5, 5, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &ds);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_NEAR(double(ds >> 8), 0.25 * 16777215.0, 1.0);
  EXPECT_EQ(ds & 0xff, 0x5au);
  std::vector<GLubyte> s(8 * 2, 0);
  glReadPixels(0, 0, 8, 2, kStencilIndex, GL_UNSIGNED_BYTE, s.data());
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (GLubyte v : s) EXPECT_EQ(v, 0x5a);
  // Wrong types: INVALID_ENUM; the float pair for a fixed-point buffer:
  // INVALID_OPERATION.
  glReadPixels(0, 0, 1, 1, kStencilIndex, GL_UNSIGNED_SHORT, s.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT, &ds);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLuint pair[2] = {};
  glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, pair);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST_F(ReadDepthStencil, Float32DepthStencil) {
  make_fbo(GL_DEPTH32F_STENCIL8);
  GLuint pair[2] = {};
  glReadPixels(1, 1, 1, 1, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, pair);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  float depth = 0;
  std::memcpy(&depth, &pair[0], sizeof depth);
  EXPECT_FLOAT_EQ(depth, 0.25f);
  EXPECT_EQ(pair[1] & 0xff, 0x5au);
  GLuint ds = 0;
  glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &ds);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
}

TEST_F(ReadDepthStencil, DefaultFramebuffer) {
  // The pbuffer's depth/stencil buffer (24/8 in the fixture's config).
  glClearDepthf(0.75f);
  glClearStencil(0x33);
  glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  GLushort d16 = 0;
  glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, &d16);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_NEAR(d16, 0.75 * 65535.0, 1.0);
  GLubyte s = 0;
  glReadPixels(0, 0, 1, 1, kStencilIndex, GL_UNSIGNED_BYTE, &s);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(s, 0x33);
}

}  // namespace
}  // namespace brass::e2e
