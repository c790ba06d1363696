// Direct state access to buffer objects (ARB_direct_state_access, GL 4.6
// §6) in a 4.6 core context (BRASS_GL_VERSION_OVERRIDE=4.6): glCreateBuffers
// and the glNamedBuffer* commands change and read buffers that are bound
// nowhere, and their contents are read back on the CPU; names without an
// object are INVALID_OPERATION.
#include <array>
#include <cstring>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlDsaBuffers : public GlCore4xTest {
 protected:
  static std::vector<uint8_t> contents(GLuint b, GLsizeiptr size) {
    std::vector<uint8_t> out(static_cast<size_t>(size), 0xcd);
    glGetNamedBufferSubData(b, 0, size, out.data());
    return out;
  }
};

TEST_F(GlDsaBuffers, CreatedBuffersExistUnbound) {
  EXPECT_TRUE(has_extension("GL_ARB_direct_state_access"));
  std::array<GLuint, 2> b{};
  glCreateBuffers(2, b.data());
  EXPECT_NE(b[0], 0u);
  EXPECT_NE(b[0], b[1]);
  // Objects from creation on: glIsBuffer is true without a bind.
  EXPECT_TRUE(glIsBuffer(b[0]));
  GLint size = -1;
  glGetNamedBufferParameteriv(b[1], GL_BUFFER_SIZE, &size);
  EXPECT_EQ(size, 0);
  GLint binding = -1;
  glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &binding);
  EXPECT_EQ(binding, 0);
  glCreateBuffers(-1, b.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteBuffers(2, b.data());
}

TEST_F(GlDsaBuffers, DataSubDataCopyAndClear) {
  GLuint src = 0, dst = 0;
  glCreateBuffers(1, &src);
  glCreateBuffers(1, &dst);
  const std::array<uint8_t, 16> bytes{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  glNamedBufferData(src, 16, bytes.data(), GL_STATIC_DRAW);
  glNamedBufferStorage(dst, 16, nullptr, GL_DYNAMIC_STORAGE_BIT | GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
  const uint8_t patch[2] = {0xaa, 0xbb};
  glNamedBufferSubData(src, 4, 2, patch);
  glCopyNamedBufferSubData(src, dst, 2, 8, 6);
  const uint32_t word = 0x11223344u;
  glClearNamedBufferSubData(dst, GL_R32UI, 0, 4, GL_RED_INTEGER, GL_UNSIGNED_INT, &word);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(contents(src, 8), (std::vector<uint8_t>{0, 1, 2, 3, 0xaa, 0xbb, 6, 7}));
  const std::vector<uint8_t> d = contents(dst, 16);
  uint32_t first = 0;
  std::memcpy(&first, d.data(), 4);
  EXPECT_EQ(first, word);
  EXPECT_EQ(std::vector<uint8_t>(d.begin() + 8, d.begin() + 14), (std::vector<uint8_t>{2, 3, 0xaa, 0xbb, 6, 7}));

  GLint immutable = 0, flags = 0;
  glGetNamedBufferParameteriv(dst, GL_BUFFER_IMMUTABLE_STORAGE, &immutable);
  glGetNamedBufferParameteriv(dst, GL_BUFFER_STORAGE_FLAGS, &flags);
  EXPECT_EQ(immutable, GL_TRUE);
  EXPECT_EQ(flags, GL_DYNAMIC_STORAGE_BIT | GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
  GLint64 size = 0;
  glGetNamedBufferParameteri64v(src, GL_BUFFER_SIZE, &size);
  EXPECT_EQ(size, 16);
  // Immutable storage cannot be respecified; overlapping copies are refused.
  glNamedBufferData(dst, 4, nullptr, GL_STATIC_DRAW);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glCopyNamedBufferSubData(src, src, 0, 2, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glClearNamedBufferData(src, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(contents(src, 4), (std::vector<uint8_t>{0, 0, 0, 0}));
  glDeleteBuffers(1, &src);
  glDeleteBuffers(1, &dst);
}

TEST_F(GlDsaBuffers, MapFlushAndUnmap) {
  GLuint b = 0;
  glCreateBuffers(1, &b);
  std::vector<uint8_t> zeros(64, 0);
  glNamedBufferData(b, 64, zeros.data(), GL_DYNAMIC_DRAW);
  auto* p = static_cast<uint8_t*>(
      glMapNamedBufferRange(b, 16, 16, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT));
  ASSERT_NE(p, nullptr);
  GLint mapped = 0;
  glGetNamedBufferParameteriv(b, GL_BUFFER_MAPPED, &mapped);
  EXPECT_EQ(mapped, GL_TRUE);
  void* pointer = nullptr;
  glGetNamedBufferPointerv(b, GL_BUFFER_MAP_POINTER, &pointer);
  EXPECT_EQ(pointer, p);
  std::memset(p, 0x5a, 16);
  glFlushMappedNamedBufferRange(b, 0, 16);
  EXPECT_TRUE(glUnmapNamedBuffer(b));
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint8_t> c = contents(b, 64);
  EXPECT_EQ(c[15], 0);
  EXPECT_EQ(c[16], 0x5a);
  EXPECT_EQ(c[31], 0x5a);
  EXPECT_EQ(c[32], 0);
  // The whole buffer for reading.
  auto* r = static_cast<const uint8_t*>(glMapNamedBuffer(b, GL_READ_ONLY));
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r[20], 0x5a);
  EXPECT_TRUE(glUnmapNamedBuffer(b));
  // Not mapped any more.
  EXPECT_FALSE(glUnmapNamedBuffer(b));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glMapNamedBuffer(b, GL_RED);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteBuffers(1, &b);
}

TEST_F(GlDsaBuffers, NamesWithoutObjectsAreInvalidOperation) {
  // Generated but never bound: a name, no object yet (GL 4.6 §6.1).
  GLuint gen = 0;
  glGenBuffers(1, &gen);
  const GLuint unknown = 4242;
  uint8_t byte = 0;
  for (GLuint name : {gen, unknown, 0u}) {
    glNamedBufferData(name, 4, nullptr, GL_STATIC_DRAW);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << name;
    glNamedBufferSubData(name, 0, 1, &byte);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << name;
    GLint v = 0;
    glGetNamedBufferParameteriv(name, GL_BUFFER_SIZE, &v);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << name;
    EXPECT_EQ(glMapNamedBufferRange(name, 0, 1, GL_MAP_READ_BIT), nullptr);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << name;
    glClearNamedBufferData(name, GL_R8, GL_RED, GL_UNSIGNED_BYTE, nullptr);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << name;
  }
  // Bound once, it has its object.
  glBindBuffer(GL_ARRAY_BUFFER, gen);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glNamedBufferData(gen, 4, nullptr, GL_STATIC_DRAW);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // Argument errors of the named forms are the bind-to-edit ones.
  glNamedBufferSubData(gen, 2, 4, &byte);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glNamedBufferData(gen, 4, nullptr, GL_RED);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint v = 0;
  glGetNamedBufferParameteriv(gen, GL_RED, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteBuffers(1, &gen);
}

TEST_F(GlDsaBuffers, NamedBufferFeedsADraw) {
  // Vertex data written only through the named commands.
  GLuint b = 0;
  glCreateBuffers(1, &b);
  const float tri[] = {-1, -1, 3, -1, -1, 3};
  glNamedBufferStorage(b, sizeof(tri), tri, 0);
  glBindBuffer(GL_ARRAY_BUFFER, b);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  const GLuint p = program(R"(#version 330 core
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })",
                           R"(#version 330 core
out vec4 color;
void main() { color = vec4(0.0, 1.0, 0.0, 1.0); })");
  glUseProgram(p);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0, 255, 0));
  glDeleteProgram(p);
  glDeleteBuffers(1, &b);
}

}  // namespace
}  // namespace brass::e2e
