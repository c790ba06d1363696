// GL sync objects through glvnd.
#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

using E2eSync = GlesTest;

TEST_F(E2eSync, FenceSignalsAfterClear) {
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  GLsync s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  ASSERT_NE(s, nullptr);
  EXPECT_TRUE(glIsSync(s));
  const GLenum r = glClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 5'000'000'000ull);
  EXPECT_TRUE(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED) << std::hex << r;
  GLint v = 0;
  GLsizei len = 0;
  glGetSynciv(s, GL_SYNC_STATUS, 1, &len, &v);
  EXPECT_EQ(v, GL_SIGNALED);
  EXPECT_EQ(len, 1);
  glGetSynciv(s, GL_OBJECT_TYPE, 1, nullptr, &v);
  EXPECT_EQ(v, GL_SYNC_FENCE);
  glWaitSync(s, 0, GL_TIMEOUT_IGNORED);
  glDeleteSync(s);
  EXPECT_FALSE(glIsSync(s));
  EXPECT_EQ(pixel(3, 3), rgba(0, 0, 255));
}

TEST_F(E2eSync, ErrorsNameTheSpecsErrors) {
  EXPECT_EQ(glFenceSync(0x1234, 0), nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1), nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLsync bogus = reinterpret_cast<GLsync>(static_cast<uintptr_t>(0x1000));
  EXPECT_EQ(glClientWaitSync(bogus, 0, 0), static_cast<GLenum>(GL_WAIT_FAILED));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteSync(bogus);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteSync(nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLsync s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  glWaitSync(s, 0, 5);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(glClientWaitSync(s, 0x10, 0), static_cast<GLenum>(GL_WAIT_FAILED));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLint v = 0;
  glGetSynciv(s, GL_TEXTURE_2D, 1, nullptr, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteSync(s);
}

}  // namespace
}  // namespace brass::e2e
