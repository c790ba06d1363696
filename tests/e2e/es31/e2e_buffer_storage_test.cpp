// EXT_buffer_storage through glvnd: glBufferStorageEXT's errors and queries,
// the map and sub-data rules of immutable buffers, and persistent maps that
// stay valid (same pointer, same storage) while the GPU draws from and
// copies into the buffer, coherent or flushed, checked on the CPU.
#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class BufferStorage : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_EXT_buffer_storage"));
    storage = reinterpret_cast<PFNGLBUFFERSTORAGEEXTPROC>(eglGetProcAddress("glBufferStorageEXT"));
    ASSERT_NE(storage, nullptr);
  }
  static GLuint gen(GLenum target) {
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBuffer(target, b);
    return b;
  }
  void draw_through_persistent_map(bool coherent);
  PFNGLBUFFERSTORAGEEXTPROC storage = nullptr;
};

TEST_F(BufferStorage, ErrorsAndQueries) {
  GLuint b = gen(GL_ARRAY_BUFFER);
  storage(GL_ARRAY_BUFFER, 0, nullptr, GL_MAP_WRITE_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "size 0";
  storage(GL_ARRAY_BUFFER, 16, nullptr, 0x8000);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "unknown flag";
  storage(GL_ARRAY_BUFFER, 16, nullptr, GL_MAP_PERSISTENT_BIT_EXT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "persistent without read or write";
  storage(GL_ARRAY_BUFFER, 16, nullptr, GL_MAP_WRITE_BIT | GL_MAP_COHERENT_BIT_EXT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "coherent without persistent";
  storage(0x1234, 16, nullptr, GL_MAP_WRITE_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  storage(GL_COPY_WRITE_BUFFER, 16, nullptr, GL_MAP_WRITE_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no buffer bound";

  const uint8_t data[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  storage(GL_ARRAY_BUFFER, 16, data, GL_MAP_WRITE_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint v = -1;
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE_EXT, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_STORAGE_FLAGS_EXT, &v);
  EXPECT_EQ(v, GL_MAP_WRITE_BIT);
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
  EXPECT_EQ(v, 16);
  storage(GL_ARRAY_BUFFER, 16, nullptr, GL_MAP_WRITE_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "storage is immutable";
  glBufferData(GL_ARRAY_BUFFER, 16, nullptr, GL_STATIC_DRAW);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "BufferData on immutable storage";
  glBufferSubData(GL_ARRAY_BUFFER, 0, 4, data);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no DYNAMIC_STORAGE";
  glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_READ_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "storage not readable";
  glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT_EXT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "storage not persistent";
  // The initial contents are the data.
  GLuint r = gen(GL_COPY_READ_BUFFER);
  storage(GL_COPY_READ_BUFFER, 16, nullptr, GL_MAP_READ_BIT | GL_DYNAMIC_STORAGE_BIT_EXT);
  glCopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_READ_BUFFER, 0, 0, 16);
  const auto* p = static_cast<const uint8_t*>(glMapBufferRange(GL_COPY_READ_BUFFER, 0, 16, GL_MAP_READ_BIT));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(std::vector<uint8_t>(p, p + 16), std::vector<uint8_t>(data, data + 16));
  glUnmapBuffer(GL_COPY_READ_BUFFER);
  glBufferSubData(GL_COPY_READ_BUFFER, 0, 4, data);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "DYNAMIC_STORAGE allows BufferSubData";

  // A glBufferData buffer: mutable, flags READ | WRITE | DYNAMIC_STORAGE.
  GLuint m = gen(GL_ARRAY_BUFFER);
  glBufferData(GL_ARRAY_BUFFER, 16, nullptr, GL_STATIC_DRAW);
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE_EXT, &v);
  EXPECT_EQ(v, GL_FALSE);
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_STORAGE_FLAGS_EXT, &v);
  EXPECT_EQ(v, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT_EXT);
  glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT_EXT);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint all[] = {b, r, m};
  glDeleteBuffers(3, all);
}

// Vertex data written through a persistent map between draws, the buffer
// staying mapped: each draw sees what was written before it.
void BufferStorage::draw_through_persistent_map(bool coherent) {
  GLuint b = 0;
  glGenBuffers(1, &b);
  glBindBuffer(GL_ARRAY_BUFFER, b);
  const GLbitfield flags = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT_EXT | (coherent ? GL_MAP_COHERENT_BIT_EXT : 0);
  storage(GL_ARRAY_BUFFER, 4 * 3 * 2 * sizeof(float), nullptr, flags | GL_DYNAMIC_STORAGE_BIT_EXT);
  auto* map = static_cast<float*>(glMapBufferRange(GL_ARRAY_BUFFER, 0, 4 * 3 * 2 * sizeof(float), flags));
  ASSERT_NE(map, nullptr);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint p = program(R"(#version 310 es
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })",
                     R"(#version 310 es
precision mediump float;
out vec4 o;
void main() { o = vec4(0.0, 1.0, 0.0, 1.0); })");
  glUseProgram(p);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glViewport(0, 0, 32, 32);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // Four triangles, each covering one quadrant's lower-left half, written
  // one at a time between draws.
  for (int q = 0; q < 4; ++q) {
    const float x0 = q % 2 ? 0.0f : -1.0f, y0 = q / 2 ? 0.0f : -1.0f;
    float* tri = map + q * 6;
    const float v[6] = {x0, y0, x0 + 1.0f, y0, x0, y0 + 1.0f};
    std::memcpy(tri, v, sizeof(v));
    if (!coherent) glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT_EXT);
    glDrawArrays(GL_TRIANGLES, q * 3, 3);
    // A readback submits the draw: the buffer is busy when the next
    // triangle is written through the same pointer.
    if (q == 1) {
      EXPECT_EQ(pixel(2, 2), rgba(0, 255, 0));
    }
  }
  void* pointer = nullptr;
  glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &pointer);
  EXPECT_EQ(pointer, map);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (auto [x, y] : {std::pair{2, 2}, std::pair{18, 2}, std::pair{2, 18}, std::pair{18, 18}})
    EXPECT_EQ(pixel(x, y), rgba(0, 255, 0)) << x << "," << y;
  EXPECT_EQ(pixel(14, 14), rgba(0, 0, 0)) << "upper-right half of a quadrant";
  // BufferSubData (DYNAMIC_STORAGE) into the busy, mapped buffer reaches
  // the mapped storage: nothing was renamed.
  const float moved[2] = {0.25f, 0.5f};
  glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(moved), moved);
  glFinish();
  EXPECT_EQ(map[0], 0.25f);
  EXPECT_EQ(map[1], 0.5f);
  EXPECT_EQ(glUnmapBuffer(GL_ARRAY_BUFFER), GLboolean(GL_TRUE));
  glDisableVertexAttribArray(0);
  glDeleteProgram(p);
  glDeleteBuffers(1, &b);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(BufferStorage, DrawFromCoherentPersistentMap) { draw_through_persistent_map(true); }
TEST_F(BufferStorage, DrawFromPersistentMapWithBarrier) { draw_through_persistent_map(false); }

// GPU writes (a buffer copy) into a persistently mapped buffer are seen
// through the map after a fence.
TEST_F(BufferStorage, ReadGpuWritesThroughPersistentMap) {
  for (bool coherent : {true, false}) {
    GLuint dst = gen(GL_COPY_WRITE_BUFFER);
    const GLbitfield flags = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT_EXT | (coherent ? GL_MAP_COHERENT_BIT_EXT : 0);
    storage(GL_COPY_WRITE_BUFFER, 64, nullptr, flags);
    const auto* map = static_cast<const uint32_t*>(glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, 64, flags));
    ASSERT_NE(map, nullptr);
    for (int round = 0; round < 2; ++round) {
      std::vector<uint32_t> values(16);
      for (uint32_t i = 0; i < 16; ++i) values[i] = 1000u * (round + 1) + i;
      GLuint src = gen(GL_COPY_READ_BUFFER);
      glBufferData(GL_COPY_READ_BUFFER, 64, values.data(), GL_STATIC_DRAW);
      glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 64);
      EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "copies into a persistently mapped buffer are allowed";
      if (!coherent) glMemoryBarrier(GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT_EXT);
      GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
      const GLenum waited = glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, 5'000'000'000ull);
      EXPECT_TRUE(waited == GL_CONDITION_SATISFIED || waited == GL_ALREADY_SIGNALED) << waited;
      glDeleteSync(sync);
      EXPECT_EQ(std::vector<uint32_t>(map, map + 16), values) << "coherent " << coherent << " round " << round;
      glDeleteBuffers(1, &src);
    }
    glDeleteBuffers(1, &dst);
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// A non-coherent persistent write map with FLUSH_EXPLICIT: flushed ranges
// reach a copy.
TEST_F(BufferStorage, FlushExplicitPersistentMap) {
  GLuint b = gen(GL_COPY_READ_BUFFER);
  const GLbitfield flags = GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT_EXT;
  storage(GL_COPY_READ_BUFFER, 64, nullptr, flags);
  auto* map = static_cast<uint32_t*>(
      glMapBufferRange(GL_COPY_READ_BUFFER, 0, 64, flags | GL_MAP_FLUSH_EXPLICIT_BIT));
  ASSERT_NE(map, nullptr);
  for (uint32_t i = 0; i < 16; ++i) map[i] = 7 * i + 1;
  glFlushMappedBufferRange(GL_COPY_READ_BUFFER, 0, 64);
  GLuint dst = buffer(GL_COPY_WRITE_BUFFER, 64);
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 64);
  const std::vector<uint32_t> got = read_uints(dst, 16);
  for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(got[i], 7 * i + 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint all[] = {b, dst};
  glDeleteBuffers(2, all);
}

}  // namespace
}  // namespace brass::e2e
