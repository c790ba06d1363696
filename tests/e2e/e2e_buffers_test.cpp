// Buffer objects and vertex array state through glvnd: data round trips
// (read back with glMapBufferRange), mapping flags, copies, queries, and the
// ES 3.0 errors with "no state change".
#include <cstring>
#include <limits>
#include <numeric>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

class Buffers : public GlesTest {
 protected:
  GLuint make_buffer(GLenum target, const std::vector<uint8_t>& data, GLenum usage = GL_STATIC_DRAW) {
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBuffer(target, b);
    glBufferData(target, static_cast<GLsizeiptr>(data.size()), data.data(), usage);
    return b;
  }
  std::vector<uint8_t> read(GLenum target, GLintptr offset, GLsizeiptr size) {
    std::vector<uint8_t> out(static_cast<size_t>(size));
    void* p = glMapBufferRange(target, offset, size, GL_MAP_READ_BIT);
    EXPECT_NE(p, nullptr);
    if (p) std::memcpy(out.data(), p, out.size());
    EXPECT_EQ(glUnmapBuffer(target), GL_TRUE);
    return out;
  }
  static std::vector<uint8_t> iota(size_t n, uint8_t start = 0) {
    std::vector<uint8_t> v(n);
    std::iota(v.begin(), v.end(), start);
    return v;
  }
};

TEST_F(Buffers, DataAndSubDataRoundTrip) {
  auto data = iota(256);
  GLuint b = make_buffer(GL_ARRAY_BUFFER, data);
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 256), data);
  const uint8_t patch[4] = {0xaa, 0xbb, 0xcc, 0xdd};
  glBufferSubData(GL_ARRAY_BUFFER, 100, 4, patch);
  std::memcpy(data.data() + 100, patch, 4);
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 256), data);
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 98, 8), std::vector<uint8_t>(data.begin() + 98, data.begin() + 106));
  glDeleteBuffers(1, &b);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(Buffers, SameSizeRespecificationAndNull) {
  GLuint b = make_buffer(GL_COPY_WRITE_BUFFER, iota(64));
  auto second = iota(64, 100);
  glBufferData(GL_COPY_WRITE_BUFFER, 64, second.data(), GL_STATIC_DRAW);
  EXPECT_EQ(read(GL_COPY_WRITE_BUFFER, 0, 64), second);
  glBufferData(GL_COPY_WRITE_BUFFER, 32, nullptr, GL_DYNAMIC_DRAW);
  GLint size = 0, usage = 0;
  glGetBufferParameteriv(GL_COPY_WRITE_BUFFER, GL_BUFFER_SIZE, &size);
  glGetBufferParameteriv(GL_COPY_WRITE_BUFFER, GL_BUFFER_USAGE, &usage);
  EXPECT_EQ(size, 32);
  EXPECT_EQ(usage, GL_DYNAMIC_DRAW);
  glDeleteBuffers(1, &b);
}

TEST_F(Buffers, MapWriteFlags) {
  GLuint b = make_buffer(GL_ARRAY_BUFFER, iota(128));
  // Invalidate range: the rest of the buffer keeps its contents.
  auto* p = static_cast<uint8_t*>(glMapBufferRange(GL_ARRAY_BUFFER, 16, 16, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT));
  ASSERT_NE(p, nullptr);
  std::memset(p, 0x11, 16);
  GLint mapped = 0;
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &mapped);
  EXPECT_EQ(mapped, GL_TRUE);
  GLint64 off = -1, len = -1;
  glGetBufferParameteri64v(GL_ARRAY_BUFFER, GL_BUFFER_MAP_OFFSET, &off);
  glGetBufferParameteri64v(GL_ARRAY_BUFFER, GL_BUFFER_MAP_LENGTH, &len);
  EXPECT_EQ(off, 16);
  EXPECT_EQ(len, 16);
  void* ptr = nullptr;
  glGetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &ptr);
  EXPECT_EQ(ptr, p);
  EXPECT_EQ(glUnmapBuffer(GL_ARRAY_BUFFER), GL_TRUE);
  auto expect = iota(128);
  std::memset(expect.data() + 16, 0x11, 16);
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 128), expect);

  // Explicit flush of a sub-range.
  p = static_cast<uint8_t*>(glMapBufferRange(GL_ARRAY_BUFFER, 64, 32, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT));
  ASSERT_NE(p, nullptr);
  std::memset(p, 0x22, 32);
  glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 32);
  EXPECT_EQ(glUnmapBuffer(GL_ARRAY_BUFFER), GL_TRUE);
  std::memset(expect.data() + 64, 0x22, 32);
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 128), expect);

  // Unsynchronized and whole-buffer invalidation.
  p = static_cast<uint8_t*>(glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT));
  ASSERT_NE(p, nullptr);
  std::memset(p, 0x33, 8);
  EXPECT_EQ(glUnmapBuffer(GL_ARRAY_BUFFER), GL_TRUE);
  std::memset(expect.data(), 0x33, 8);
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 128), expect);
  p = static_cast<uint8_t*>(glMapBufferRange(GL_ARRAY_BUFFER, 0, 128, GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT));
  ASSERT_NE(p, nullptr);
  std::memset(p, 0x44, 128);
  EXPECT_EQ(glUnmapBuffer(GL_ARRAY_BUFFER), GL_TRUE);
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 128), std::vector<uint8_t>(128, 0x44));
  glDeleteBuffers(1, &b);
}

TEST_F(Buffers, CopyBufferSubData) {
  GLuint src = make_buffer(GL_COPY_READ_BUFFER, iota(64));
  GLuint dst = make_buffer(GL_COPY_WRITE_BUFFER, std::vector<uint8_t>(64, 0));
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 8, 16, 24);
  auto expect = std::vector<uint8_t>(64, 0);
  for (int i = 0; i < 24; ++i) expect[16 + i] = static_cast<uint8_t>(8 + i);
  EXPECT_EQ(read(GL_COPY_WRITE_BUFFER, 0, 64), expect);
  // Same buffer, disjoint ranges.
  glBindBuffer(GL_COPY_WRITE_BUFFER, src);
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 32, 16);
  auto e2 = iota(64);
  for (int i = 0; i < 16; ++i) e2[32 + i] = static_cast<uint8_t>(i);
  EXPECT_EQ(read(GL_COPY_READ_BUFFER, 0, 64), e2);
  // Overlap is an error and copies nothing.
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 8, 16);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(read(GL_COPY_READ_BUFFER, 0, 64), e2);
  GLuint del[2] = {src, dst};
  glDeleteBuffers(2, del);
}

TEST_F(Buffers, Errors) {
  const uint8_t d[16] = {};
  glBufferData(GL_ARRAY_BUFFER, 16, d, GL_STATIC_DRAW);  // nothing bound
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindBuffer(GL_TEXTURE_2D, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  GLuint b = make_buffer(GL_ARRAY_BUFFER, iota(16));
  glBufferData(GL_ARRAY_BUFFER, -1, nullptr, GL_STATIC_DRAW);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBufferData(GL_ARRAY_BUFFER, 16, nullptr, GL_RGBA);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glBufferSubData(GL_ARRAY_BUFFER, 8, 16, d);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBufferSubData(GL_ARRAY_BUFFER, -1, 4, d);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 16), iota(16));  // no state change

  EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 0, GL_MAP_READ_BIT), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 8, 16, GL_MAP_READ_BIT), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_FLUSH_EXPLICIT_BIT | GL_MAP_READ_BIT), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, 0), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, 0x10000 | GL_MAP_READ_BIT), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(glUnmapBuffer(GL_ARRAY_BUFFER), GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  // Mapped: sub-data, a second map, flush without FLUSH_EXPLICIT are errors.
  ASSERT_NE(glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_WRITE_BIT), nullptr);
  glBufferSubData(GL_ARRAY_BUFFER, 0, 4, d);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_WRITE_BIT), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(glUnmapBuffer(GL_ARRAY_BUFFER), GL_TRUE);

  GLint v = 0;
  glGetBufferParameteriv(GL_ARRAY_BUFFER, GL_TEXTURE_2D, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glGetBufferParameteriv(GL_COPY_READ_BUFFER, GL_BUFFER_SIZE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_ARRAY_BUFFER, 0, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGenBuffers(-1, &b);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDeleteBuffers(1, &b);
  EXPECT_FALSE(glIsBuffer(b));
  GLint binding = -1;
  glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &binding);
  EXPECT_EQ(binding, 0);
}

// Offsets near the top of GLintptr's range plus a small size wrap around when
// added: every range check must reject them without computing the sum, and the
// buffer must keep its contents.
TEST_F(Buffers, RangesThatOverflowAreRejected) {
  GLuint b = make_buffer(GL_ARRAY_BUFFER, iota(64));
  GLuint c = make_buffer(GL_COPY_WRITE_BUFFER, iota(64));
  const GLintptr huge = std::numeric_limits<GLintptr>::max() - 3;
  const uint8_t d[16] = {};
  glBufferSubData(GL_ARRAY_BUFFER, huge, 8, d);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, huge, 8, GL_MAP_WRITE_BIT), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(glMapBufferRange(GL_ARRAY_BUFFER, 8, std::numeric_limits<GLsizeiptr>::max(), GL_MAP_READ_BIT), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glCopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, huge, 0, 8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glCopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, 0, huge, 8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // Overlap within one buffer is still found at the edges.
  glCopyBufferSubData(GL_ARRAY_BUFFER, GL_ARRAY_BUFFER, 0, 31, 32);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glCopyBufferSubData(GL_ARRAY_BUFFER, GL_ARRAY_BUFFER, 0, 32, 32);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  auto expect = iota(64);
  std::memcpy(expect.data() + 32, expect.data(), 32);
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 64), expect);
  ASSERT_NE(glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT), nullptr);
  glFlushMappedBufferRange(GL_ARRAY_BUFFER, huge, 8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(glUnmapBuffer(GL_ARRAY_BUFFER), GL_TRUE);
  EXPECT_EQ(read(GL_COPY_WRITE_BUFFER, 0, 64), iota(64));
  glDeleteBuffers(1, &b);
  glDeleteBuffers(1, &c);
}

// A buffer too large for Brass's transfers is out of memory, not truncated.
TEST_F(Buffers, TooLargeIsOutOfMemory) {
  GLuint b = make_buffer(GL_ARRAY_BUFFER, iota(16));
  glBufferData(GL_ARRAY_BUFFER, std::numeric_limits<GLsizeiptr>::max(), nullptr, GL_STATIC_DRAW);
  EXPECT_EQ(glGetError(), GLenum(GL_OUT_OF_MEMORY));
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 16), iota(16));
  glDeleteBuffers(1, &b);
}

TEST_F(Buffers, IsBufferAndDeleteUnbinds) {
  GLuint b = 0;
  glGenBuffers(1, &b);
  EXPECT_FALSE(glIsBuffer(b));  // named, no object yet
  glBindBuffer(GL_ARRAY_BUFFER, b);
  EXPECT_TRUE(glIsBuffer(b));
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
  GLint bound = -1;
  glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &bound);
  EXPECT_EQ(bound, static_cast<GLint>(b));
  glDeleteBuffers(1, &b);
  glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &bound);
  EXPECT_EQ(bound, 0);
  GLint v = 0;
  glGetBufferParameteriv(GL_ELEMENT_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // unbound by the delete
}

TEST_F(Buffers, IndexedBindings) {
  GLuint b = make_buffer(GL_UNIFORM_BUFFER, iota(1024));
  GLint align = 256;
  glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &align);
  glGetError();
  glBindBufferRange(GL_UNIFORM_BUFFER, 0, b, align, 64);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  if (align > 1) {
    glBindBufferRange(GL_UNIFORM_BUFFER, 0, b, 1, 64);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  }
  glBindBufferRange(GL_UNIFORM_BUFFER, 0, b, 0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindBufferBase(GL_UNIFORM_BUFFER, 1000, b);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindBufferBase(GL_ARRAY_BUFFER, 0, b);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 2, 64);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b, 4, 64);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint64 start = -1, size = -1;
  GLint name = -1;
  glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &name);
  glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 0, &start);
  glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 0, &size);
  EXPECT_EQ(name, static_cast<GLint>(b));
  EXPECT_EQ(start, 4);
  EXPECT_EQ(size, 64);
  glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 0, &name);
  glGetInteger64i_v(GL_UNIFORM_BUFFER_START, 0, &start);
  EXPECT_EQ(name, static_cast<GLint>(b));
  EXPECT_EQ(start, align);
  glGetIntegerv(GL_UNIFORM_BUFFER_BINDING, &name);  // the generic binding follows
  EXPECT_EQ(name, static_cast<GLint>(b));
  glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 1000, &name);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
  glBindBufferBase(GL_UNIFORM_BUFFER, 0, 0);
  glDeleteBuffers(1, &b);
}

TEST_F(Buffers, VertexArrayObjects) {
  GLuint vao[2] = {};
  glGenVertexArrays(2, vao);
  EXPECT_FALSE(glIsVertexArray(vao[0]));
  glBindVertexArray(vao[0]);
  EXPECT_TRUE(glIsVertexArray(vao[0]));
  glBindVertexArray(12345);  // never generated
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // Client pointers are not allowed in a non-default VAO.
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  static const float data[4] = {};
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, data);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEnableVertexAttribArray(3);
  GLint enabled = 0;
  glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &enabled);
  EXPECT_EQ(enabled, 1);
  GLint bound = 0;
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &bound);
  EXPECT_EQ(bound, static_cast<GLint>(vao[0]));
  glBindVertexArray(0);
  glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &enabled);
  EXPECT_EQ(enabled, 0);  // per-VAO state
  glBindVertexArray(vao[0]);
  glDeleteVertexArrays(2, vao);
  glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &enabled);
  EXPECT_EQ(enabled, 0);  // deleting the bound VAO reverts to the default
  EXPECT_FALSE(glIsVertexArray(vao[0]));
}

TEST_F(Buffers, AttribPointerStateAndErrors) {
  GLint max_attribs = 0;
  glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs);
  static const short data[8] = {};
  glVertexAttribPointer(2, 3, GL_SHORT, GL_TRUE, 12, data);
  GLint v = 0;
  glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
  EXPECT_EQ(v, 3);
  glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_TYPE, &v);
  EXPECT_EQ(v, GL_SHORT);
  glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, &v);
  EXPECT_EQ(v, 1);
  glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &v);
  EXPECT_EQ(v, 12);
  void* p = nullptr;
  glGetVertexAttribPointerv(2, GL_VERTEX_ATTRIB_ARRAY_POINTER, &p);
  EXPECT_EQ(p, data);
  glVertexAttribIPointer(2, 2, GL_UNSIGNED_INT, 0, data);
  glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_INTEGER, &v);
  EXPECT_EQ(v, 1);
  glVertexAttribDivisor(2, 3);
  glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_DIVISOR, &v);
  EXPECT_EQ(v, 3);

  glVertexAttribPointer(max_attribs, 4, GL_FLOAT, GL_FALSE, 0, data);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glVertexAttribPointer(1, 5, GL_FLOAT, GL_FALSE, 0, data);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, -1, data);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glVertexAttribPointer(1, 4, GL_RGBA, GL_FALSE, 0, data);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glVertexAttribPointer(1, 3, GL_INT_2_10_10_10_REV, GL_TRUE, 0, data);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glVertexAttribIPointer(1, 4, GL_FLOAT, 0, data);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_TYPE, &v);
  EXPECT_EQ(v, GL_FLOAT);  // unchanged
  glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
  EXPECT_EQ(v, 4);
  glEnableVertexAttribArray(max_attribs);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetVertexAttribiv(0, GL_TEXTURE_2D, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

TEST_F(Buffers, GenericAttribValues) {
  GLfloat f[4] = {};
  glGetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, f);
  EXPECT_EQ(f[0], 0.0f);
  EXPECT_EQ(f[3], 1.0f);
  glVertexAttrib2f(5, 0.5f, 2.0f);
  glGetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, f);
  EXPECT_EQ(f[0], 0.5f);
  EXPECT_EQ(f[1], 2.0f);
  EXPECT_EQ(f[2], 0.0f);
  EXPECT_EQ(f[3], 1.0f);
  glVertexAttribI4i(6, -1, 2, -3, 4);
  GLint i[4] = {};
  glGetVertexAttribIiv(6, GL_CURRENT_VERTEX_ATTRIB, i);
  EXPECT_EQ(i[0], -1);
  EXPECT_EQ(i[2], -3);
  const GLuint u[4] = {7, 8, 9, 0xffffffffu};
  glVertexAttribI4uiv(7, u);
  GLuint uo[4] = {};
  glGetVertexAttribIuiv(7, GL_CURRENT_VERTEX_ATTRIB, uo);
  EXPECT_EQ(uo[3], 0xffffffffu);
  GLint max_attribs = 0;
  glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs);
  glVertexAttrib4f(max_attribs, 1, 2, 3, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

}  // namespace
}  // namespace brass::e2e
