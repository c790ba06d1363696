// Direct state access to vertex array objects (ARB_direct_state_access,
// GL 4.6 §10.3-10.5) in a 4.6 core context (BRASS_GL_VERSION_OVERRIDE=4.6):
// a vertex array set up entirely with glVertexArray* while another is
// bound draws what it describes once bound; glGetVertexArray* read its
// state; names without objects are INVALID_OPERATION.
#include <array>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlDsaVertexArrays = GlCore4xTest;

TEST_F(GlDsaVertexArrays, SetUpUnboundThenDraw) {
  // Interleaved position (2 floats) and color (4 unsigned bytes), indexed.
  struct Vertex {
    float x, y;
    uint8_t r, g, b, a;
  };
  const std::array<Vertex, 4> verts{{{-1, -1, 0, 255, 0, 255}, {1, -1, 0, 255, 0, 255},
                                     {1, 1, 0, 255, 0, 255}, {-1, 1, 0, 255, 0, 255}}};
  const std::array<uint16_t, 6> indices{0, 1, 2, 0, 2, 3};
  GLuint bufs[2] = {};
  glCreateBuffers(2, bufs);
  glNamedBufferStorage(bufs[0], sizeof(verts), verts.data(), 0);
  glNamedBufferStorage(bufs[1], sizeof(indices), indices.data(), 0);
  GLuint va = 0;
  glCreateVertexArrays(1, &va);
  glVertexArrayVertexBuffer(va, 1, bufs[0], 0, sizeof(Vertex));
  glVertexArrayElementBuffer(va, bufs[1]);
  glVertexArrayAttribFormat(va, 0, 2, GL_FLOAT, GL_FALSE, 0);
  glVertexArrayAttribFormat(va, 1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 8);
  glVertexArrayAttribBinding(va, 0, 1);
  glVertexArrayAttribBinding(va, 1, 1);
  glEnableVertexArrayAttrib(va, 0);
  glEnableVertexArrayAttrib(va, 1);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // The fixture's vertex array is still the bound one.
  GLint bound = 0;
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &bound);
  EXPECT_EQ(static_cast<GLuint>(bound), vao);

  GLint element = 0;
  glGetVertexArrayiv(va, GL_ELEMENT_ARRAY_BUFFER_BINDING, &element);
  EXPECT_EQ(static_cast<GLuint>(element), bufs[1]);
  GLint v = 0;
  glGetVertexArrayIndexediv(va, 1, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetVertexArrayIndexediv(va, 1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, &v);
  EXPECT_EQ(v, 8);
  glGetVertexArrayIndexediv(va, 0, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetVertexArrayIndexediv(va, 2, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
  EXPECT_EQ(v, GL_FALSE);
  GLint64 offset = -1;
  glGetVertexArrayIndexed64iv(va, 1, GL_VERTEX_BINDING_OFFSET, &offset);
  EXPECT_EQ(offset, 0);

  const GLuint p = program(R"(#version 330 core
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 col;
out vec4 c;
void main() { c = col; gl_Position = vec4(pos, 0.0, 1.0); })",
                           R"(#version 330 core
in vec4 c;
out vec4 color;
void main() { color = c; })");
  glUseProgram(p);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glBindVertexArray(va);
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr);
  EXPECT_EQ(pixel(2, kHeight - 2), rgba(0, 255, 0));
  EXPECT_EQ(pixel(kWidth - 2, 2), rgba(0, 255, 0));

  // Disabled through the named form, the attribute reads its current value.
  glBindVertexArray(vao);
  glDisableVertexArrayAttrib(va, 1);
  glVertexAttrib4f(1, 0, 0, 1, 1);
  glBindVertexArray(va);
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0, 0, 255));
  glBindVertexArray(vao);
  glDeleteProgram(p);
  glDeleteVertexArrays(1, &va);
  glDeleteBuffers(2, bufs);
}

TEST_F(GlDsaVertexArrays, BuffersDivisorsAndErrors) {
  GLuint va = 0, bufs[2] = {};
  glCreateVertexArrays(1, &va);
  glCreateBuffers(2, bufs);
  const GLintptr offsets[2] = {16, 32};
  const GLsizei strides[2] = {8, 12};
  glVertexArrayVertexBuffers(va, 2, 2, bufs, offsets, strides);
  glVertexArrayBindingDivisor(va, 3, 5);
  glVertexArrayAttribIFormat(va, 4, 3, GL_INT, 4);
  glVertexArrayAttribLFormat(va, 5, 2, GL_DOUBLE, 0);
  glVertexArrayAttribBinding(va, 4, 3);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint64 offset = 0;
  glGetVertexArrayIndexed64iv(va, 3, GL_VERTEX_BINDING_OFFSET, &offset);
  EXPECT_EQ(offset, 32);
  GLint v = 0;
  glGetVertexArrayIndexediv(va, 4, GL_VERTEX_ATTRIB_ARRAY_DIVISOR, &v);
  EXPECT_EQ(v, 5);
  glGetVertexArrayIndexediv(va, 4, GL_VERTEX_ATTRIB_ARRAY_INTEGER, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetVertexArrayIndexediv(va, 4, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
  EXPECT_EQ(v, 3);
  glGetVertexArrayIndexediv(va, 5, GL_VERTEX_ATTRIB_ARRAY_LONG, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetVertexArrayIndexediv(va, 5, GL_VERTEX_ATTRIB_ARRAY_TYPE, &v);
  EXPECT_EQ(v, GL_DOUBLE);

  // Errors: a name without an object, bad indices, a bad format, pnames.
  GLuint gen = 0;
  glGenVertexArrays(1, &gen);
  for (GLuint name : {gen, 4242u, 0u}) {
    glEnableVertexArrayAttrib(name, 0);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << name;
    glGetVertexArrayiv(name, GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << name;
  }
  GLint max_attribs = 0;
  glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs);
  glEnableVertexArrayAttrib(va, GLuint(max_attribs));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glVertexArrayAttribFormat(va, 0, 5, GL_FLOAT, GL_FALSE, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glVertexArrayAttribIFormat(va, 0, 2, GL_FLOAT, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glVertexArrayVertexBuffer(va, 0, 4242, 0, 16);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glVertexArrayElementBuffer(va, 4242);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetVertexArrayiv(va, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetVertexArrayIndexediv(va, 0, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteVertexArrays(1, &va);
  glDeleteVertexArrays(1, &gen);
  glDeleteBuffers(2, bufs);
}

}  // namespace
}  // namespace brass::e2e
