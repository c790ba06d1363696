// ARB_vertex_attrib_64bit in a 3.3 core context (lavapipe has shaderFloat64
// and fetches the R64 vertex formats): double, dvec2/3/4 and dmat vertex
// inputs fed from buffers (interleaved with floats, misaligned, instanced,
// through glVertexAttribLFormat and bindings) and from glVertexAttribL*
// current values, the array queries, glGetActiveAttrib's types and the
// commands' errors. Each vertex is one point whose vertex shader compares
// its inputs with values it computes itself in double precision (values no
// float holds), and colours the point green or red; the pixels are read
// back.
#include <cstddef>
#include <cstring>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

// 2^-40: i + kFine is exact in a double, not in a float.
constexpr double kFine = 1.0 / 1099511627776.0;

constexpr const char* kHeader = R"(#version 330 core
#extension GL_ARB_gpu_shader_fp64 : require
#extension GL_ARB_vertex_attrib_64bit : require
)";

// The point for vertex k: pixel (k % 32, k / 32); `ok` picks its colour.
constexpr const char* kPointTail = R"(
flat out vec4 color;
void emit(int k, bool ok) {
  gl_Position = vec4((float(k % 32) + 0.5) / 16.0 - 1.0, (float(k / 32) + 0.5) / 16.0 - 1.0, 0.0, 1.0);
  color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
}
)";

constexpr const char* kColorFs = R"(#version 330 core
flat in vec4 color;
out vec4 c;
void main() { c = color; })";

class GlCoreVertexAttrib64 : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    // lavapipe and the H100 have shaderFloat64 and R64 vertex fetch.
    ASSERT_TRUE(has_extension("GL_ARB_vertex_attrib_64bit")) << "GL_ARB_vertex_attrib_64bit is not listed";
  }

  // A program of kHeader + `decls` + kPointTail + `main` and kColorFs.
  static GLuint point_program(const std::string& decls, const std::string& main) {
    const std::string vs = std::string(kHeader) + decls + kPointTail + main;
    return program(vs.c_str(), kColorFs);
  }

  GLuint buffer_with(const void* data, size_t size) {
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(size), data, GL_STATIC_DRAW);
    buffers.push_back(b);
    return b;
  }

  // Clears, draws `count` points (`instances` instances) and expects the
  // first count * instances pixels green.
  void expect_points_green(GLint count, GLsizei instances = 1) {
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    if (instances == 1)
      glDrawArrays(GL_POINTS, 0, count);
    else
      glDrawArraysInstanced(GL_POINTS, 0, count, instances);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    std::vector<uint32_t> px(kWidth * kHeight);
    glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    for (int k = 0; k < count * instances; ++k)
      EXPECT_EQ(px[static_cast<size_t>(k)], rgba(0, 255, 0)) << "vertex " << k;
  }

  void TearDown() override {
    if (!buffers.empty()) glDeleteBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
    GlCoreTest::TearDown();
  }

  std::vector<GLuint> buffers;
};

// double, dvec2, dvec3 and dvec4 interleaved with a float in one buffer,
// at consecutive locations: a vertex input vector takes one location in
// GL whatever its components (GLSL 4.60 §4.4.1), where Vulkan gives a
// dvec3/dvec4 two.
TEST_F(GlCoreVertexAttrib64, InterleavedDoubleVectorsFromABuffer) {
  GLuint p = point_program(R"(
layout(location = 0) in double a;
layout(location = 1) in dvec2 b;
layout(location = 2) in dvec3 c;
layout(location = 3) in float f;
layout(location = 4) in dvec4 d;
)",
                           R"(
void main() {
  int i = gl_VertexID;
  double e = 1.0LF / 1099511627776.0LF;
  double x = double(i);
  bool ok = a == x + e && b == dvec2(2.0LF * x, -x) + e && c == dvec3(3.0LF * x, 10.0LF, x) + e &&
            f == float(i) * 0.5 && d == dvec4(x, 2.0LF, 3.0LF, 4.0LF * x) + e;
  emit(i, ok);
})");
  struct Vertex {
    double a;
    double b[2];
    double c[3];
    float f, pad;
    double d[4];
  };
  static_assert(sizeof(Vertex) == 88);
  Vertex v[6];
  for (int i = 0; i < 6; ++i) {
    const double x = i;
    v[i] = {x + kFine, {2 * x + kFine, -x + kFine}, {3 * x + kFine, 10 + kFine, x + kFine}, float(i) * 0.5f, 0.0f,
            {x + kFine, 2 + kFine, 3 + kFine, 4 * x + kFine}};
  }
  buffer_with(v, sizeof v);
  glVertexAttribLPointer(0, 1, GL_DOUBLE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, a)));
  glVertexAttribLPointer(1, 2, GL_DOUBLE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, b)));
  glVertexAttribLPointer(2, 3, GL_DOUBLE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, c)));
  glVertexAttribPointer(3, 1, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, f)));
  glVertexAttribLPointer(4, 4, GL_DOUBLE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, d)));
  for (GLuint i : {0u, 1u, 2u, 3u, 4u}) glEnableVertexAttribArray(i);
  glUseProgram(p);
  expect_points_green(6);
  glDeleteProgram(p);
}

// Matrix inputs: each column is an attribute of its own, at consecutive
// locations (a dmat3 takes three, a dmat2 two, a dvec3[2] two); locations
// are assigned by the linker (no layout qualifiers) and read back with
// glGetAttribLocation.
TEST_F(GlCoreVertexAttrib64, MatrixAndArrayInputsUseOneArrayPerColumn) {
  GLuint p = point_program(R"(
in dmat3 m;
in dmat2 n;
in dvec3 arr[2];
)",
                           R"(
void main() {
  int i = gl_VertexID;
  double e = 1.0LF / 1099511627776.0LF;
  double x = double(i);
  bool ok = true;
  for (int col = 0; col < 3; ++col)
    for (int row = 0; row < 3; ++row) ok = ok && m[col][row] == x * 100.0LF + double(col * 3 + row) + e;
  ok = ok && n[0] == dvec2(x, 1.0LF) + e && n[1] == dvec2(2.0LF, x) + e;
  ok = ok && arr[0] == dvec3(x, 5.0LF, 6.0LF) + e && arr[1] == dvec3(7.0LF, x, 9.0LF) + e;
  emit(i, ok);
})");
  glUseProgram(p);
  const GLint m = glGetAttribLocation(p, "m"), n = glGetAttribLocation(p, "n"), arr = glGetAttribLocation(p, "arr");
  ASSERT_GE(m, 0);
  ASSERT_GE(n, 0);
  ASSERT_GE(arr, 0);
  // 3 + 2 + 2 locations, none shared.
  auto overlaps = [](GLint a, GLint an, GLint b, GLint bn) { return a < b + bn && b < a + an; };
  EXPECT_FALSE(overlaps(m, 3, n, 2));
  EXPECT_FALSE(overlaps(m, 3, arr, 2));
  EXPECT_FALSE(overlaps(n, 2, arr, 2));
  constexpr int kVerts = 4;
  std::vector<double> mdata, ndata, adata;
  for (int i = 0; i < kVerts; ++i) {
    for (int k = 0; k < 9; ++k) mdata.push_back(i * 100.0 + k + kFine);
    for (double d : {double(i), 1.0, 2.0, double(i)}) ndata.push_back(d + kFine);
    for (double d : {double(i), 5.0, 6.0, 7.0, double(i), 9.0}) adata.push_back(d + kFine);
  }
  buffer_with(mdata.data(), mdata.size() * sizeof(double));
  for (int col = 0; col < 3; ++col) {
    const GLuint loc = GLuint(m + col);
    glVertexAttribLPointer(loc, 3, GL_DOUBLE, 9 * sizeof(double), reinterpret_cast<void*>(col * 3 * sizeof(double)));
    glEnableVertexAttribArray(loc);
  }
  buffer_with(ndata.data(), ndata.size() * sizeof(double));
  for (int col = 0; col < 2; ++col) {
    const GLuint loc = GLuint(n + col);
    glVertexAttribLPointer(loc, 2, GL_DOUBLE, 4 * sizeof(double), reinterpret_cast<void*>(col * 2 * sizeof(double)));
    glEnableVertexAttribArray(loc);
  }
  buffer_with(adata.data(), adata.size() * sizeof(double));
  for (int e = 0; e < 2; ++e) {
    const GLuint loc = GLuint(arr + e);
    glVertexAttribLPointer(loc, 3, GL_DOUBLE, 6 * sizeof(double), reinterpret_cast<void*>(e * 3 * sizeof(double)));
    glEnableVertexAttribArray(loc);
  }
  expect_points_green(kVerts);

  // glGetActiveAttrib names the double types (GL 4.6 §11.1.1 lists
  // gl_VertexID among the active inputs too).
  GLint count = 0;
  glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &count);
  EXPECT_EQ(count, 4);
  for (GLint i = 0; i < count; ++i) {
    char name[64] = {};
    GLint size = 0;
    GLenum type = 0;
    glGetActiveAttrib(p, GLuint(i), sizeof name, nullptr, &size, &type, name);
    const std::string s = name;
    if (s == "gl_VertexID") continue;
    if (s == "m") {
      EXPECT_EQ(type, static_cast<GLenum>(GL_DOUBLE_MAT3));
      EXPECT_EQ(size, 1);
    } else if (s == "n") {
      EXPECT_EQ(type, static_cast<GLenum>(GL_DOUBLE_MAT2));
    } else {
      EXPECT_EQ(s, "arr[0]");
      EXPECT_EQ(type, static_cast<GLenum>(GL_DOUBLE_VEC3));
      EXPECT_EQ(size, 2);
    }
  }
  glDeleteProgram(p);
}

// Instanced double arrays (glVertexAttribDivisor) next to per-vertex ones.
TEST_F(GlCoreVertexAttrib64, InstancedDoubleArrays) {
  GLuint p = point_program(R"(
layout(location = 0) in dvec4 per_instance;
layout(location = 2) in double per_vertex;
)",
                           R"(
void main() {
  double e = 1.0LF / 1099511627776.0LF;
  double inst = double(gl_InstanceID);
  bool ok = per_instance == dvec4(inst, -inst, 8.0LF, inst * 2.0LF) + e && per_vertex == double(gl_VertexID) + e;
  emit(gl_VertexID + 4 * gl_InstanceID, ok);
})");
  std::vector<double> inst, vert;
  for (int i = 0; i < 3; ++i)
    for (double d : {double(i), -double(i), 8.0, 2.0 * i}) inst.push_back(d + kFine);
  for (int i = 0; i < 4; ++i) vert.push_back(i + kFine);
  buffer_with(inst.data(), inst.size() * sizeof(double));
  glVertexAttribLPointer(0, 4, GL_DOUBLE, 0, nullptr);
  glVertexAttribDivisor(0, 1);
  buffer_with(vert.data(), vert.size() * sizeof(double));
  glVertexAttribLPointer(2, 1, GL_DOUBLE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(2);
  glUseProgram(p);
  expect_points_green(4, 3);
  glDeleteProgram(p);
}

// The GL 4.3 binding form: glVertexAttribLFormat with relative offsets, one
// vertex buffer binding shared by a double and a float attribute, and a
// second binding stepped per instance.
TEST_F(GlCoreVertexAttrib64, VertexAttribLFormatWithBindings) {
  GLuint p = point_program(R"(
layout(location = 0) in dvec3 pos;
layout(location = 2) in vec2 tex;
layout(location = 3) in dvec2 inst;
)",
                           R"(
void main() {
  double e = 1.0LF / 1099511627776.0LF;
  double x = double(gl_VertexID);
  bool ok = pos == dvec3(x, x * 3.0LF, -1.0LF) + e && tex == vec2(float(gl_VertexID), 0.25) &&
            inst == dvec2(double(gl_InstanceID) * 10.0LF, 1.0LF) + e;
  emit(gl_VertexID + 5 * gl_InstanceID, ok);
})");
  struct Vertex {
    float tex[2];
    double pos[3];
  };
  static_assert(sizeof(Vertex) == 32);
  Vertex v[5];
  for (int i = 0; i < 5; ++i) v[i] = {{float(i), 0.25f}, {i + kFine, 3.0 * i + kFine, -1 + kFine}};
  const GLuint vb = buffer_with(v, sizeof v);
  const double inst[4] = {0 + kFine, 1 + kFine, 10 + kFine, 1 + kFine};
  const GLuint ib = buffer_with(inst, sizeof inst);
  glVertexAttribLFormat(0, 3, GL_DOUBLE, offsetof(Vertex, pos));
  glVertexAttribFormat(2, 2, GL_FLOAT, GL_FALSE, offsetof(Vertex, tex));
  glVertexAttribLFormat(3, 2, GL_DOUBLE, 0);
  glVertexAttribBinding(0, 0);
  glVertexAttribBinding(2, 0);
  glVertexAttribBinding(3, 1);
  glBindVertexBuffer(0, vb, 0, sizeof(Vertex));
  glBindVertexBuffer(1, ib, 0, 2 * sizeof(double));
  glVertexBindingDivisor(1, 1);
  for (GLuint i : {0u, 2u, 3u}) glEnableVertexAttribArray(i);
  glUseProgram(p);
  expect_points_green(5, 2);
  GLint is_long = -1, type = 0, offset = -1;
  glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_LONG, &is_long);
  glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_TYPE, &type);
  glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_RELATIVE_OFFSET, &offset);
  EXPECT_EQ(is_long, GL_TRUE);
  EXPECT_EQ(type, GL_DOUBLE);
  EXPECT_EQ(offset, GLint(offsetof(Vertex, pos)));
  glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_LONG, &is_long);
  EXPECT_EQ(is_long, GL_FALSE);
  glDeleteProgram(p);
}

// Doubles that are only 4-byte aligned in their buffer (Vulkan fetches a
// 64-bit component from 8-byte aligned addresses only) and an array with
// fewer components than its input: both are repacked on the CPU.
TEST_F(GlCoreVertexAttrib64, MisalignedAndNarrowDoubleArrays) {
  GLuint p = point_program(R"(
layout(location = 0) in dvec2 packed_value;
layout(location = 1) in dvec4 narrow;
)",
                           R"(
void main() {
  double e = 1.0LF / 1099511627776.0LF;
  double x = double(gl_VertexID);
  bool ok = packed_value == dvec2(x, -x) + e && narrow.xy == dvec2(x * 4.0LF, 5.0LF) + e;
  emit(gl_VertexID, ok);
})");
  // 4 bytes of float, then the two doubles: stride 20.
  std::vector<uint8_t> packed(3 * 20);
  for (int i = 0; i < 3; ++i) {
    const float f = 1.0f;
    const double d[2] = {i + kFine, -i + kFine};
    std::memcpy(packed.data() + i * 20, &f, 4);
    std::memcpy(packed.data() + i * 20 + 4, d, 16);
  }
  buffer_with(packed.data(), packed.size());
  glVertexAttribLPointer(0, 2, GL_DOUBLE, 20, reinterpret_cast<void*>(4));
  const double narrow[6] = {0 + kFine, 5 + kFine, 4 + kFine, 5 + kFine, 8 + kFine, 5 + kFine};
  buffer_with(narrow, sizeof narrow);
  glVertexAttribLPointer(1, 2, GL_DOUBLE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  glUseProgram(p);
  expect_points_green(3);
  glDeleteProgram(p);
}

// Disabled arrays read the current values glVertexAttribL* set, at full
// precision; glGetVertexAttribLdv returns them.
TEST_F(GlCoreVertexAttrib64, CurrentValuesFromVertexAttribL) {
  GLuint p = point_program(R"(
layout(location = 0) in double s;
layout(location = 1) in dvec2 v2;
layout(location = 2) in dvec3 v3;
layout(location = 3) in dvec4 v4;
layout(location = 4) in vec4 f;
layout(location = 5) in dmat2 m;   // 5 and 6
)",
                           R"(
void main() {
  double e = 1.0LF / 1099511627776.0LF;
  bool ok = s == 1.0LF + e && v2 == dvec2(2.0LF + e, 3.0LF) && v3 == dvec3(4.0LF, 5.0LF + e, 6.0LF) &&
            v4 == dvec4(7.0LF, 8.0LF, 9.0LF, 10.0LF + e) && f == vec4(0.5, 0.25, 0.0, 1.0) &&
            m[0] == dvec2(11.0LF + e, 0.0LF) && m[1] == dvec2(12.0LF, e);
  emit(gl_VertexID, ok);
})");
  glVertexAttribL1d(0, 1 + kFine);
  glVertexAttribL2d(1, 2 + kFine, 3);
  const double v3[3] = {4, 5 + kFine, 6};
  glVertexAttribL3dv(2, v3);
  glVertexAttribL4d(3, 7, 8, 9, 10 + kFine);
  glVertexAttrib2f(4, 0.5f, 0.25f);
  glVertexAttribL1dv(5, &v3[0]);  // overwritten below: the last command counts
  glVertexAttribL2d(5, 11 + kFine, 0);
  const double col1[2] = {12, kFine};
  glVertexAttribL2dv(6, col1);
  glUseProgram(p);
  expect_points_green(2);

  double got[4] = {};
  glGetVertexAttribLdv(3, GL_CURRENT_VERTEX_ATTRIB, got);
  EXPECT_EQ(got[0], 7.0);
  EXPECT_EQ(got[3], 10 + kFine);
  glGetVertexAttribLdv(0, GL_CURRENT_VERTEX_ATTRIB, got);
  EXPECT_EQ(got[0], 1 + kFine);
  EXPECT_EQ(got[1], 0.0);  // unspecified components: (0, 0, 1)
  EXPECT_EQ(got[2], 0.0);
  EXPECT_EQ(got[3], 1.0);
  glGetVertexAttribLdv(2, GL_CURRENT_VERTEX_ATTRIB, got);
  EXPECT_EQ(got[1], 5 + kFine);
  EXPECT_EQ(got[3], 1.0);
  glDeleteProgram(p);
}

// The array queries: VERTEX_ATTRIB_ARRAY_LONG, TYPE, SIZE, STRIDE through
// glGetVertexAttribiv and glGetVertexAttribLdv; a later glVertexAttribPointer
// clears LONG.
TEST_F(GlCoreVertexAttrib64, ArrayQueries) {
  buffer_with(nullptr, 256);
  glVertexAttribLPointer(3, 3, GL_DOUBLE, 40, reinterpret_cast<void*>(8));
  GLint v = -1;
  glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_LONG, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
  EXPECT_EQ(v, 3);
  glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &v);
  EXPECT_EQ(v, 40);
  glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_INTEGER, &v);
  EXPECT_EQ(v, GL_FALSE);
  glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, &v);
  EXPECT_EQ(v, GL_FALSE);
  double d = 0;
  glGetVertexAttribLdv(3, GL_VERTEX_ATTRIB_ARRAY_TYPE, &d);
  EXPECT_EQ(d, double(GL_DOUBLE));
  glGetVertexAttribLdv(3, GL_VERTEX_ATTRIB_ARRAY_LONG, &d);
  EXPECT_EQ(d, 1.0);
  void* ptr = nullptr;
  glGetVertexAttribPointerv(3, GL_VERTEX_ATTRIB_ARRAY_POINTER, &ptr);
  EXPECT_EQ(ptr, reinterpret_cast<void*>(8));
  // Tightly packed: the binding's stride is the element's 24 bytes.
  glVertexAttribLPointer(4, 3, GL_DOUBLE, 0, nullptr);
  GLint64 stride = 0;
  glGetInteger64i_v(GL_VERTEX_BINDING_STRIDE, 4, &stride);
  EXPECT_EQ(stride, 24);
  glVertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
  glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_LONG, &v);
  EXPECT_EQ(v, GL_FALSE);
  glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_TYPE, &v);
  EXPECT_EQ(v, GL_FLOAT);
}

// GL 4.6 §10.3: the L commands' errors, which change nothing.
TEST_F(GlCoreVertexAttrib64, Errors) {
  buffer_with(nullptr, 64);
  GLint max_attribs = 0, max_stride = 0;
  glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs);
  glGetIntegerv(GL_MAX_VERTEX_ATTRIB_STRIDE, &max_stride);
  ASSERT_GE(max_attribs, 16);
  ASSERT_GE(max_stride, 2048);
  glVertexAttribLPointer(0, 2, GL_DOUBLE, 16, nullptr);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const struct {
    GLint size;
    GLenum type;
    GLsizei stride;
    GLenum error;
  } cases[] = {
      {2, GL_FLOAT, 0, GL_INVALID_ENUM},          {2, GL_INT, 0, GL_INVALID_ENUM},
      {2, GL_UNSIGNED_INT, 0, GL_INVALID_ENUM},   {0, GL_DOUBLE, 0, GL_INVALID_VALUE},
      {5, GL_DOUBLE, 0, GL_INVALID_VALUE},        {GL_BGRA, GL_DOUBLE, 0, GL_INVALID_VALUE},
      {2, GL_DOUBLE, -1, GL_INVALID_VALUE},       {2, GL_DOUBLE, max_stride + 1, GL_INVALID_VALUE},
  };
  for (const auto& c : cases) {
    glVertexAttribLPointer(0, c.size, c.type, c.stride, nullptr);
    EXPECT_EQ(glGetError(), c.error) << c.size << " " << std::hex << c.type << " " << c.stride;
  }
  glVertexAttribLPointer(0, 2, GL_DOUBLE, max_stride, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glVertexAttribLPointer(GLuint(max_attribs), 2, GL_DOUBLE, 0, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLint size = 0;
  glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_SIZE, &size);
  EXPECT_EQ(size, 2) << "a refused command changed the array";

  glVertexAttribLFormat(1, 2, GL_FLOAT, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glVertexAttribLFormat(1, 5, GL_DOUBLE, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLint max_offset = 0;
  glGetIntegerv(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET, &max_offset);
  glVertexAttribLFormat(1, 2, GL_DOUBLE, GLuint(max_offset) + 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glVertexAttribLFormat(GLuint(max_attribs), 2, GL_DOUBLE, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));

  glVertexAttribL4d(GLuint(max_attribs), 1, 2, 3, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  double d[4] = {};
  glGetVertexAttribLdv(GLuint(max_attribs), GL_CURRENT_VERTEX_ATTRIB, d);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetVertexAttribLdv(0, GL_TEXTURE_2D, d);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));

  // The core profile: no vertex array object, no array commands.
  glBindVertexArray(0);
  glVertexAttribLPointer(0, 2, GL_DOUBLE, 0, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glVertexAttribLFormat(0, 2, GL_DOUBLE, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // A bad index is reported first (as piglit's max-vertex-attrib expects).
  glVertexAttribLPointer(GLuint(max_attribs), 2, GL_DOUBLE, 0, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glBindVertexArray(vao);
}

// glVertexAttribPointer takes DOUBLE arrays in desktop GL (GL 4.6 table
// 10.3): a float input reads them converted to float, normalized or not.
TEST_F(GlCoreVertexAttrib64, FloatCommandsConvertDoubleArrays) {
  GLuint p = point_program(R"(
layout(location = 0) in vec3 v;
)",
                           R"(
void main() {
  float x = float(gl_VertexID);
  emit(gl_VertexID, v == vec3(x, 0.5, -x * 2.0));
})");
  std::vector<double> data;
  for (int i = 0; i < 4; ++i)
    for (double d : {double(i), 0.5, -2.0 * i}) data.push_back(d);
  buffer_with(data.data(), data.size() * sizeof(double));
  glVertexAttribPointer(0, 3, GL_DOUBLE, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  GLint type = 0, is_long = -1;
  glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_TYPE, &type);
  glGetVertexAttribiv(0, GL_VERTEX_ATTRIB_ARRAY_LONG, &is_long);
  EXPECT_EQ(type, GL_DOUBLE);
  EXPECT_EQ(is_long, GL_FALSE);
  glUseProgram(p);
  expect_points_green(4);
  // The integer form has no DOUBLE.
  glVertexAttribIPointer(1, 2, GL_DOUBLE, 0, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteProgram(p);
}

// GL leaves the values undefined when an array's precision is not its
// input's (a float array for a double input, a double array for a float
// input); the draw must still run, without faults or validation messages.
TEST_F(GlCoreVertexAttrib64, MismatchedPrecisionDrawsWithoutFault) {
  GLuint p = point_program(R"(
layout(location = 0) in dvec4 d;
layout(location = 2) in vec4 f;
)",
                           R"(
void main() {
  emit(gl_VertexID, d.x >= 0.0LF || f.x >= 0.0);
})");
  const double data[16] = {};
  buffer_with(data, sizeof data);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
  glVertexAttribLPointer(2, 4, GL_DOUBLE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(2);
  glUseProgram(p);
  glDrawArrays(GL_POINTS, 0, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glFinish();
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
