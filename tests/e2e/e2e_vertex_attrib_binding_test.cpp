// ES 3.1 vertex attribute binding through glvnd, from an ES 3.0 context
// (the entry points come from eglGetProcAddress, as an application gets
// them): attributes sharing one binding at relative offsets, binding
// divisors with instancing, rebinding a buffer under every attribute that
// reads it, glVertexAttribPointer in terms of the binding state, and the
// errors. Every case draws and reads the pixels back.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include <GLES3/gl31.h>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

const char* kVs = R"(#version 300 es
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(location = 2) in float green;
layout(location = 3) in vec2 offset;
out vec4 v_color;
void main() {
  gl_Position = vec4(pos + offset, 0.0, 1.0);
  v_color = vec4(color.r, color.g + green, color.b, color.a);
})";
const char* kFs = R"(#version 300 es
precision mediump float;
in vec4 v_color;
out vec4 o;
void main() { o = v_color; })";

// One interleaved vertex: position, an RGBA8 color, and a float added to
// green. 16 bytes.
struct Vertex {
  float x, y;
  uint8_t r, g, b, a;
  float green;
};
static_assert(sizeof(Vertex) == 16);

// Two triangles covering [x0, x1] x [-1, 1] in one color.
void quad(std::vector<Vertex>& v, float x0, float x1, uint8_t r, uint8_t g, uint8_t b, float green = 0) {
  const float xy[6][2] = {{x0, -1}, {x1, -1}, {x0, 1}, {x0, 1}, {x1, -1}, {x1, 1}};
  for (const auto& p : xy) v.push_back({p[0], p[1], r, g, b, 255, green});
}

class VertexAttribBinding : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    load(vertex_attrib_format, "glVertexAttribFormat");
    load(vertex_attrib_i_format, "glVertexAttribIFormat");
    load(vertex_attrib_binding, "glVertexAttribBinding");
    load(bind_vertex_buffer, "glBindVertexBuffer");
    load(vertex_binding_divisor, "glVertexBindingDivisor");
    load(get_integer64i_v, "glGetInteger64i_v");
    ASSERT_TRUE(vertex_attrib_format && vertex_attrib_i_format && vertex_attrib_binding && bind_vertex_buffer &&
                vertex_binding_divisor);
    prog = program(kVs, kFs);
    glUseProgram(prog);
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    // Attributes the tests leave disabled read these.
    glVertexAttrib1f(2, 0.0f);
    glVertexAttrib2f(3, 0.0f, 0.0f);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  void TearDown() override {
    glBindVertexArray(0);
    if (vao) glDeleteVertexArrays(1, &vao);
    if (prog) glDeleteProgram(prog);
    if (!buffers.empty()) glDeleteBuffers(GLsizei(buffers.size()), buffers.data());
    GlesTest::TearDown();
  }
  template <typename F>
  static void load(F& f, const char* name) {
    f = reinterpret_cast<F>(eglGetProcAddress(name));
  }
  GLuint buffer(const void* data, GLsizeiptr size) {
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, size, data, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    buffers.push_back(b);
    return b;
  }
  // Vertices after `pad` bytes of garbage, so that binding offsets matter.
  GLuint vertex_buffer(const std::vector<Vertex>& v, size_t pad = 0) {
    std::vector<uint8_t> bytes(pad + v.size() * sizeof(Vertex), 0xcd);
    std::memcpy(bytes.data() + pad, v.data(), v.size() * sizeof(Vertex));
    return buffer(bytes.data(), GLsizeiptr(bytes.size()));
  }
  // Position, color and green from one binding at relative offsets 0, 8, 12.
  void interleaved_attributes(GLuint binding) {
    vertex_attrib_format(0, 2, GL_FLOAT, GL_FALSE, offsetof(Vertex, x));
    vertex_attrib_format(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, offsetof(Vertex, r));
    vertex_attrib_format(2, 1, GL_FLOAT, GL_FALSE, offsetof(Vertex, green));
    for (GLuint a : {0u, 1u, 2u}) {
      vertex_attrib_binding(a, binding);
      glEnableVertexAttribArray(a);
    }
  }
  uint32_t left() { return pixel(4, 16); }
  uint32_t right() { return pixel(28, 16); }

  PFNGLVERTEXATTRIBFORMATPROC vertex_attrib_format = nullptr;
  PFNGLVERTEXATTRIBIFORMATPROC vertex_attrib_i_format = nullptr;
  PFNGLVERTEXATTRIBBINDINGPROC vertex_attrib_binding = nullptr;
  PFNGLBINDVERTEXBUFFERPROC bind_vertex_buffer = nullptr;
  PFNGLVERTEXBINDINGDIVISORPROC vertex_binding_divisor = nullptr;
  PFNGLGETINTEGER64I_VPROC get_integer64i_v = nullptr;
  GLuint prog = 0, vao = 0;
  std::vector<GLuint> buffers;
};

TEST_F(VertexAttribBinding, AttributesShareOneBindingAtRelativeOffsets) {
  std::vector<Vertex> v;
  quad(v, -1, 0, 255, 0, 0);
  quad(v, 0, 1, 0, 0, 255, 1.0f);  // green from the third attribute
  const GLuint b = vertex_buffer(v, 40);
  interleaved_attributes(5);
  bind_vertex_buffer(5, b, 40, sizeof(Vertex));
  glDrawArrays(GL_TRIANGLES, 0, 12);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(left(), rgba(255, 0, 0));
  EXPECT_EQ(right(), rgba(0, 255, 255));
}

TEST_F(VertexAttribBinding, RelativeOffsetsPastTheStrideStillRead) {
  // Vertices laid out as two separate arrays in one buffer: positions (8
  // bytes each) then colors, read through one binding with an 8-byte stride
  // and the colors at a relative offset beyond it, as GL allows.
  const float pos[] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};
  uint8_t bytes[sizeof(pos) + 6 * 8] = {};
  std::memcpy(bytes, pos, sizeof(pos));
  for (int i = 0; i < 6; ++i) {
    uint8_t* c = bytes + sizeof(pos) + i * 8;
    c[0] = 0, c[1] = 255, c[2] = 128, c[3] = 255;
  }
  const GLuint b = buffer(bytes, sizeof(bytes));
  vertex_attrib_format(0, 2, GL_FLOAT, GL_FALSE, 0);
  vertex_attrib_format(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(pos));
  vertex_attrib_binding(0, 0);
  vertex_attrib_binding(1, 0);
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  bind_vertex_buffer(0, b, 0, 8);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(left(), rgba(0, 255, 128));
  EXPECT_EQ(right(), rgba(0, 255, 128));
}

TEST_F(VertexAttribBinding, BindingDivisorsDriveInstancing) {
  // A small quad in the lower-left quadrant, moved per instance.
  std::vector<Vertex> corner;
  quad(corner, -1, 0, 0, 0, 0);
  for (Vertex& c : corner) c.y = c.y < 0 ? -1.0f : 0.0f;
  const GLuint quad_buffer = vertex_buffer(corner);
  // Per instance: an offset (binding 1, divisor 1) ...
  const float offsets[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  const GLuint offset_buffer = buffer(offsets, sizeof(offsets));
  // ... and a color with a green term, sharing binding 2 (divisor 2: each
  // element serves two instances).
  struct InstanceColor {
    uint8_t r, g, b, a;
    float green;
  };
  const InstanceColor colors[2] = {{255, 0, 0, 255, 0.0f}, {0, 0, 255, 255, 1.0f}};
  const GLuint color_buffer = buffer(colors, sizeof(colors));

  vertex_attrib_format(0, 2, GL_FLOAT, GL_FALSE, 0);
  vertex_attrib_binding(0, 0);
  bind_vertex_buffer(0, quad_buffer, 0, sizeof(Vertex));
  vertex_attrib_format(3, 2, GL_FLOAT, GL_FALSE, 0);
  vertex_attrib_binding(3, 1);
  bind_vertex_buffer(1, offset_buffer, 0, 8);
  vertex_binding_divisor(1, 1);
  vertex_attrib_format(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0);
  vertex_attrib_format(2, 1, GL_FLOAT, GL_FALSE, 4);
  vertex_attrib_binding(1, 2);
  vertex_attrib_binding(2, 2);
  bind_vertex_buffer(2, color_buffer, 0, sizeof(InstanceColor));
  vertex_binding_divisor(2, 2);
  for (GLuint a : {0u, 1u, 2u, 3u}) glEnableVertexAttribArray(a);
  glDrawArraysInstanced(GL_TRIANGLES, 0, 6, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(8, 8), rgba(255, 0, 0));     // instance 0: color 0
  EXPECT_EQ(pixel(24, 8), rgba(255, 0, 0));    // instance 1: color 0
  EXPECT_EQ(pixel(8, 24), rgba(0, 255, 255));  // instance 2: color 1
  EXPECT_EQ(pixel(24, 24), rgba(0, 255, 255)); // instance 3: color 1
  // The divisor is the binding's: glVertexAttribDivisor on attribute 1
  // would rebind it to binding 1; instead change binding 2's and redraw.
  glClear(GL_COLOR_BUFFER_BIT);
  vertex_binding_divisor(2, 4);
  glDrawArraysInstanced(GL_TRIANGLES, 0, 6, 4);
  EXPECT_EQ(pixel(8, 24), rgba(255, 0, 0));
  EXPECT_EQ(pixel(24, 24), rgba(255, 0, 0));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(VertexAttribBinding, RebindingTheBufferChangesEveryAttributeReadingIt) {
  std::vector<Vertex> a, b;
  quad(a, -1, 0, 255, 0, 0);
  quad(b, 0, 1, 0, 0, 255, 1.0f);
  const GLuint buf_a = vertex_buffer(a, 16);
  const GLuint buf_b = vertex_buffer(b);
  interleaved_attributes(3);
  bind_vertex_buffer(3, buf_a, 16, sizeof(Vertex));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(left(), rgba(255, 0, 0));
  EXPECT_EQ(right(), rgba(0, 0, 0, 0));
  // Same attributes, another buffer: position, color and green all follow.
  glClear(GL_COLOR_BUFFER_BIT);
  bind_vertex_buffer(3, buf_b, 0, sizeof(Vertex));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(left(), rgba(0, 0, 0, 0));
  EXPECT_EQ(right(), rgba(0, 255, 255));
  // And the binding offset alone selects other vertices of one buffer.
  std::vector<Vertex> both = a;
  both.insert(both.end(), b.begin(), b.end());
  const GLuint buf_both = vertex_buffer(both);
  glClear(GL_COLOR_BUFFER_BIT);
  bind_vertex_buffer(3, buf_both, 6 * sizeof(Vertex), sizeof(Vertex));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(left(), rgba(0, 0, 0, 0));
  EXPECT_EQ(right(), rgba(0, 255, 255));
  bind_vertex_buffer(3, buf_both, 0, sizeof(Vertex));
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(left(), rgba(255, 0, 0));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(VertexAttribBinding, VertexAttribPointerWorksAndShowsInTheBindingQueries) {
  std::vector<Vertex> v;
  quad(v, -1, 0, 255, 0, 0);
  quad(v, 0, 1, 0, 255, 0);
  const GLuint b = vertex_buffer(v);
  glBindBuffer(GL_ARRAY_BUFFER, b);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(Vertex), nullptr);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(Vertex),
                        reinterpret_cast<const void*>(offsetof(Vertex, r)));
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glDrawArrays(GL_TRIANGLES, 0, 12);
  EXPECT_EQ(left(), rgba(255, 0, 0));
  EXPECT_EQ(right(), rgba(0, 255, 0));
  GLint v1 = -1;
  glGetIntegeri_v(GL_VERTEX_BINDING_BUFFER, 1, &v1);
  EXPECT_EQ(v1, GLint(b));
  glGetIntegeri_v(GL_VERTEX_BINDING_OFFSET, 1, &v1);
  EXPECT_EQ(v1, GLint(offsetof(Vertex, r)));
  glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 1, &v1);
  EXPECT_EQ(v1, GLint(sizeof(Vertex)));
  glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_BINDING, &v1);
  EXPECT_EQ(v1, 1);
  glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, &v1);
  EXPECT_EQ(v1, 0);
  if (get_integer64i_v) {
    GLint64 o = -1;
    get_integer64i_v(GL_VERTEX_BINDING_OFFSET, 1, &o);
    EXPECT_EQ(o, GLint64(offsetof(Vertex, r)));
  }
  // The same color through binding 0 at a relative offset: same picture.
  glClear(GL_COLOR_BUFFER_BIT);
  vertex_attrib_format(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, offsetof(Vertex, r));
  vertex_attrib_binding(1, 0);
  glDrawArrays(GL_TRIANGLES, 0, 12);
  EXPECT_EQ(left(), rgba(255, 0, 0));
  EXPECT_EQ(right(), rgba(0, 255, 0));
  // A tightly packed array (stride 0) reads with the element size as stride.
  const float xy[] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};
  const GLuint packed = buffer(xy, sizeof(xy));
  glBindBuffer(GL_ARRAY_BUFFER, packed);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 0, &v1);
  EXPECT_EQ(v1, 8);
  glDisableVertexAttribArray(1);
  glVertexAttrib4f(1, 0.0f, 0.0f, 1.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(left(), rgba(0, 0, 255));
  EXPECT_EQ(right(), rgba(0, 0, 255));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(VertexAttribBinding, ClientArraysOfTheDefaultVaoStillDraw) {
  glBindVertexArray(0);
  std::vector<Vertex> v;
  quad(v, -1, 0, 0, 255, 0);
  quad(v, 0, 1, 255, 0, 255);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(Vertex), &v[0].x);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(Vertex), &v[0].r);
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glDrawArrays(GL_TRIANGLES, 0, 12);
  EXPECT_EQ(left(), rgba(0, 255, 0));
  EXPECT_EQ(right(), rgba(255, 0, 255));
  GLint64 o = 0;
  if (get_integer64i_v) {
    get_integer64i_v(GL_VERTEX_BINDING_OFFSET, 1, &o);
    EXPECT_EQ(o, GLint64(reinterpret_cast<intptr_t>(&v[0].r)));
  }
  glDisableVertexAttribArray(0);
  glDisableVertexAttribArray(1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(VertexAttribBinding, ErrorsAsTheSpecNamesThem) {
  GLint max_bindings = 0, max_offset = 0, max_stride = 0, max_attribs = 0;
  glGetIntegerv(GL_MAX_VERTEX_ATTRIB_BINDINGS, &max_bindings);
  glGetIntegerv(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, &max_offset);
  glGetIntegerv(GL_MAX_VERTEX_ATTRIB_STRIDE, &max_stride);
  glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs);
  EXPECT_GE(max_bindings, 16);
  EXPECT_GE(max_offset, 2047);
  EXPECT_GE(max_stride, 2048);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const float data[6] = {};  // three vec2 vertices: the draw below reads them all
  const GLuint b = buffer(data, sizeof(data));

  vertex_attrib_format(GLuint(max_attribs), 4, GL_FLOAT, GL_FALSE, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  vertex_attrib_format(0, 4, GL_FLOAT, GL_FALSE, GLuint(max_offset) + 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  vertex_attrib_i_format(0, 4, GL_HALF_FLOAT, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  vertex_attrib_binding(0, GLuint(max_bindings));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  bind_vertex_buffer(0, b, 0, max_stride + 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  bind_vertex_buffer(0, b, -1, 16);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  bind_vertex_buffer(0, 4242, 0, 16);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  vertex_binding_divisor(GLuint(max_bindings), 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  GLint v = 0;
  glGetIntegeri_v(GL_VERTEX_BINDING_BUFFER, GLuint(max_bindings), &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  // The default VAO takes none of them.
  glBindVertexArray(0);
  bind_vertex_buffer(0, b, 0, 16);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  vertex_attrib_format(0, 4, GL_FLOAT, GL_FALSE, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  vertex_attrib_i_format(0, 4, GL_INT, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  vertex_attrib_binding(0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  vertex_binding_divisor(0, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  // A draw from a created VAO whose enabled attribute's binding has no
  // buffer is an error; with the buffer bound it draws.
  glBindVertexArray(vao);
  vertex_attrib_format(0, 2, GL_FLOAT, GL_FALSE, 0);
  vertex_attrib_binding(0, 7);
  glEnableVertexAttribArray(0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  bind_vertex_buffer(7, b, 0, 8);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
