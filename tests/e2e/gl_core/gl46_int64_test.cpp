// ARB_gpu_shader_int64 in a desktop 4.6 core context (the extension requires
// GL 4.0; this binary runs with BRASS_GL_VERSION_OVERRIDE=4.6, lavapipe has
// shaderInt64 and shaderFloat64): 64-bit integer uniforms set with
// glUniform*{i64,ui64}ARB / glProgramUniform*ARB and read back with
// glGetUniform{i64,ui64}vARB and glGetnUniform*, arithmetic and built-ins in
// vertex, fragment and compute shaders (framebuffer and storage buffer
// results checked on the CPU), 64-bit integers in a std140 uniform block and
// a std430 storage block, and the commands' type-matching errors. The
// commands are reached through eglGetProcAddress, as applications reach
// extension commands (glvnd's libOpenGL exports only core ones).
#include <cstring>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

// Values that do not fit 32 bits: a 32-bit path would lose their high words.
constexpr int64_t kBigNeg = -0x123456789abLL;
constexpr uint64_t kBigU = 0xfedcba9876543210ULL;

template <typename F>
F proc(const char* name) {
  return reinterpret_cast<F>(eglGetProcAddress(name));
}

class GlCoreInt64 : public GlCore4xTest {
 protected:
  void SetUp() override {
    GlCore4xTest::SetUp();
    if (HasFatalFailure()) return;
    // lavapipe and the H100 have shaderInt64 and shaderFloat64.
    ASSERT_TRUE(has_extension("GL_ARB_gpu_shader_int64")) << "GL_ARB_gpu_shader_int64 is not listed";
    uniform1i64 = proc<PFNGLUNIFORM1I64ARBPROC>("glUniform1i64ARB");
    uniform2i64 = proc<PFNGLUNIFORM2I64ARBPROC>("glUniform2i64ARB");
    uniform3i64v = proc<PFNGLUNIFORM3I64VARBPROC>("glUniform3i64vARB");
    uniform1i64v = proc<PFNGLUNIFORM1I64VARBPROC>("glUniform1i64vARB");
    uniform1ui64 = proc<PFNGLUNIFORM1UI64ARBPROC>("glUniform1ui64ARB");
    uniform4ui64 = proc<PFNGLUNIFORM4UI64ARBPROC>("glUniform4ui64ARB");
    uniform2ui64v = proc<PFNGLUNIFORM2UI64VARBPROC>("glUniform2ui64vARB");
    program_uniform1i64 = proc<PFNGLPROGRAMUNIFORM1I64ARBPROC>("glProgramUniform1i64ARB");
    program_uniform2ui64v = proc<PFNGLPROGRAMUNIFORM2UI64VARBPROC>("glProgramUniform2ui64vARB");
    get_i64 = proc<PFNGLGETUNIFORMI64VARBPROC>("glGetUniformi64vARB");
    get_ui64 = proc<PFNGLGETUNIFORMUI64VARBPROC>("glGetUniformui64vARB");
    getn_i64 = proc<PFNGLGETNUNIFORMI64VARBPROC>("glGetnUniformi64vARB");
    getn_ui64 = proc<PFNGLGETNUNIFORMUI64VARBPROC>("glGetnUniformui64vARB");
    for (void* f : {reinterpret_cast<void*>(uniform1i64), reinterpret_cast<void*>(uniform2i64),
                    reinterpret_cast<void*>(uniform3i64v), reinterpret_cast<void*>(uniform1i64v),
                    reinterpret_cast<void*>(uniform1ui64), reinterpret_cast<void*>(uniform4ui64),
                    reinterpret_cast<void*>(uniform2ui64v), reinterpret_cast<void*>(program_uniform1i64),
                    reinterpret_cast<void*>(program_uniform2ui64v), reinterpret_cast<void*>(get_i64),
                    reinterpret_cast<void*>(get_ui64), reinterpret_cast<void*>(getn_i64),
                    reinterpret_cast<void*>(getn_ui64)})
      ASSERT_NE(f, nullptr);
  }

  static GLenum uniform_type(GLuint p, const char* name) {
    const GLuint index = glGetProgramResourceIndex(p, GL_UNIFORM, name);
    const GLenum prop = GL_TYPE;
    GLint type = 0;
    glGetProgramResourceiv(p, GL_UNIFORM, index, 1, &prop, 1, nullptr, &type);
    return static_cast<GLenum>(type);
  }

  PFNGLUNIFORM1I64ARBPROC uniform1i64 = nullptr;
  PFNGLUNIFORM2I64ARBPROC uniform2i64 = nullptr;
  PFNGLUNIFORM3I64VARBPROC uniform3i64v = nullptr;
  PFNGLUNIFORM1I64VARBPROC uniform1i64v = nullptr;
  PFNGLUNIFORM1UI64ARBPROC uniform1ui64 = nullptr;
  PFNGLUNIFORM4UI64ARBPROC uniform4ui64 = nullptr;
  PFNGLUNIFORM2UI64VARBPROC uniform2ui64v = nullptr;
  PFNGLPROGRAMUNIFORM1I64ARBPROC program_uniform1i64 = nullptr;
  PFNGLPROGRAMUNIFORM2UI64VARBPROC program_uniform2ui64v = nullptr;
  PFNGLGETUNIFORMI64VARBPROC get_i64 = nullptr;
  PFNGLGETUNIFORMUI64VARBPROC get_ui64 = nullptr;
  PFNGLGETNUNIFORMI64VARBPROC getn_i64 = nullptr;
  PFNGLGETNUNIFORMUI64VARBPROC getn_ui64 = nullptr;
};

// Every uniform is compared whole in 64 bits: a red channel means one came
// through wrong.
constexpr const char* kUniformsFs = R"(#version 400 core
#extension GL_ARB_gpu_shader_int64 : require
#ifndef GL_ARB_gpu_shader_int64
#error the extension's macro is not defined
#endif
uniform int64_t s;
uniform i64vec2 v2;
uniform i64vec3 v3;
uniform int64_t arr[3];
uniform uint64_t us;
uniform u64vec4 uv4;
uniform u64vec2 uv2;
uniform int64_t initialized = -5000000000l;
out vec4 c;
void main() {
  bool ok_s = s == -0x123456789abl;
  bool ok_v = v2 == i64vec2(0x100000000l, -1l) && v3 == i64vec3(1l, -0x7fffffffffffffffl, 3l);
  bool ok_arr = arr[0] == 10l && arr[1] == 0x200000000l && arr[2] == -30l;
  bool ok_u = us == 0xfedcba9876543210ul && uv4 == u64vec4(1ul, 0xffffffff00000000ul, 3ul, 4ul) &&
              uv2 == u64vec2(5ul, 6ul);
  bool ok_init = initialized == -5000000000l;
  c = vec4(ok_s && ok_v ? 1.0 : 0.0, ok_arr ? 1.0 : 0.0, ok_u ? 1.0 : 0.0, ok_init ? 1.0 : 0.0);
})";

TEST_F(GlCoreInt64, UniformsSetAndReadBack) {
  GLuint p = program(kCoreFullscreenVs, kUniformsFs);
  glUseProgram(p);
  const GLint s = glGetUniformLocation(p, "s"), v2 = glGetUniformLocation(p, "v2"),
              v3 = glGetUniformLocation(p, "v3"), arr = glGetUniformLocation(p, "arr"),
              us = glGetUniformLocation(p, "us"), uv4 = glGetUniformLocation(p, "uv4"),
              uv2 = glGetUniformLocation(p, "uv2"), initialized = glGetUniformLocation(p, "initialized");
  for (GLint loc : {s, v2, v3, arr, us, uv4, uv2, initialized}) ASSERT_GE(loc, 0);
  EXPECT_EQ(uniform_type(p, "s"), static_cast<GLenum>(GL_INT64_ARB));
  EXPECT_EQ(uniform_type(p, "v2"), static_cast<GLenum>(GL_INT64_VEC2_ARB));
  EXPECT_EQ(uniform_type(p, "v3"), static_cast<GLenum>(GL_INT64_VEC3_ARB));
  EXPECT_EQ(uniform_type(p, "us"), static_cast<GLenum>(GL_UNSIGNED_INT64_ARB));
  EXPECT_EQ(uniform_type(p, "uv4"), static_cast<GLenum>(GL_UNSIGNED_INT64_VEC4_ARB));
  EXPECT_EQ(uniform_type(p, "uv2"), static_cast<GLenum>(GL_UNSIGNED_INT64_VEC2_ARB));

  uniform1i64(s, kBigNeg);
  uniform2i64(v2, 0x100000000LL, -1);
  const GLint64 v3_values[3] = {1, -0x7fffffffffffffffLL, 3};
  uniform3i64v(v3, 1, v3_values);
  const GLint64 arr_values[3] = {10, 0x200000000LL, -30};
  uniform1i64v(arr, 3, arr_values);
  uniform1ui64(us, kBigU);
  uniform4ui64(uv4, 1, 0xffffffff00000000ULL, 3, 4);
  const GLuint64 uv2_values[2] = {5, 6};
  uniform2ui64v(uv2, 1, uv2_values);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(255, 255, 255, 255));

  // Read back whole, and converted by the other queries.
  GLint64 got[4] = {};
  get_i64(p, s, got);
  EXPECT_EQ(got[0], kBigNeg);
  get_i64(p, v3, got);
  EXPECT_EQ(got[0], 1);
  EXPECT_EQ(got[1], -0x7fffffffffffffffLL);
  EXPECT_EQ(got[2], 3);
  get_i64(p, arr + 1, got);
  EXPECT_EQ(got[0], 0x200000000LL);
  get_i64(p, initialized, got);
  EXPECT_EQ(got[0], -5000000000LL) << "the initializer is the uniform's value before any glUniform";
  GLuint64 ugot[4] = {};
  get_ui64(p, us, ugot);
  EXPECT_EQ(ugot[0], kBigU);
  get_ui64(p, uv4, ugot);
  EXPECT_EQ(ugot[1], 0xffffffff00000000ULL);
  EXPECT_EQ(ugot[3], 4u);
  double d = 0.0;
  glGetUniformdv(p, v2, &d);
  EXPECT_EQ(d, 4294967296.0);
  GLint i = 0;
  glGetUniformiv(p, arr, &i);
  EXPECT_EQ(i, 10);
  // Other types through the 64-bit queries.
  GLuint q = program(kCoreFullscreenVs, R"(#version 400 core
uniform int i;
uniform uint u;
uniform float f;
out vec4 c;
void main() { c = vec4(float(i), float(u), f, 1.0); })");
  glUseProgram(q);
  glUniform1i(glGetUniformLocation(q, "i"), -7);
  glUniform1ui(glGetUniformLocation(q, "u"), 0xffffffffu);
  glUniform1f(glGetUniformLocation(q, "f"), 2.5f);
  get_i64(q, glGetUniformLocation(q, "i"), got);
  EXPECT_EQ(got[0], -7);
  get_ui64(q, glGetUniformLocation(q, "u"), ugot);
  EXPECT_EQ(ugot[0], 0xffffffffu);
  get_i64(q, glGetUniformLocation(q, "f"), got);
  EXPECT_EQ(got[0], 3) << "floats are rounded to the nearest integer";

  // glGetnUniform*: the buffer must hold the whole value.
  getn_i64(p, v3, 3 * sizeof(GLint64), got);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  got[0] = 99;
  getn_i64(p, v3, 2 * sizeof(GLint64), got);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(got[0], 99);
  getn_ui64(p, uv2, sizeof(GLuint64), ugot);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  getn_ui64(p, uv2, 2 * sizeof(GLuint64), ugot);
  EXPECT_EQ(ugot[1], 6u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(q);
  glDeleteProgram(p);
}

TEST_F(GlCoreInt64, CommandsRefuseOtherTypesAndSizes) {
  GLuint p = program(kCoreFullscreenVs, R"(#version 400 core
#extension GL_ARB_gpu_shader_int64 : require
uniform int64_t s;
uniform uint64_t u;
uniform int i;
uniform double d;
out vec4 c;
void main() { c = vec4(float(s), float(u), float(i), float(d)); })");
  glUseProgram(p);
  const GLint s = glGetUniformLocation(p, "s"), u = glGetUniformLocation(p, "u"), i = glGetUniformLocation(p, "i"),
              d = glGetUniformLocation(p, "d");
  for (GLint loc : {s, u, i, d}) ASSERT_GE(loc, 0);
  uniform1i64(s, 42);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // ARB_gpu_shader_int64 §7.6.1: the i64 forms load int64_t types, the ui64
  // forms uint64_t types; nothing else loads them, nor do they load others.
  const auto refused = [](const char* what) {
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << what;
  };
  glUniform1i(s, 1);
  refused("glUniform1i into int64_t");
  glUniform1ui(u, 1);
  refused("glUniform1ui into uint64_t");
  glUniform1d(s, 1.0);
  refused("glUniform1d into int64_t");
  uniform1ui64(s, 1);
  refused("glUniform1ui64ARB into int64_t");
  uniform1i64(u, 1);
  refused("glUniform1i64ARB into uint64_t");
  uniform1i64(i, 1);
  refused("glUniform1i64ARB into int");
  uniform1i64(d, 1);
  refused("glUniform1i64ARB into double");
  uniform2i64(s, 1, 2);
  refused("glUniform2i64ARB into a scalar");
  const GLint64 two[2] = {1, 2};
  uniform1i64v(s, 2, two);
  refused("a count of 2 for a non-array");
  uniform1i64(1000, 1);
  refused("a location that is none");
  uniform1i64(-1, 1);  // ignored
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  uniform1i64v(s, -1, two);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLint64 got = 0;
  get_i64(p, s, &got);
  EXPECT_EQ(got, 42) << "a refused command changed the value";
  get_i64(p, 1000, &got);
  refused("glGetUniformi64vARB at a location that is none");

  // glProgramUniform*: the named program, whichever is current.
  glUseProgram(0);
  program_uniform1i64(p, s, kBigNeg);
  const GLuint64 uv[2] = {kBigU, 0};
  program_uniform2ui64v(p, u, 1, uv);
  refused("glProgramUniform2ui64vARB into a scalar");
  program_uniform1i64(p + 100, s, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  get_i64(p, s, &got);
  EXPECT_EQ(got, kBigNeg);
  // No current program: glUniform* has none to load.
  uniform1i64(s, 1);
  refused("glUniform1i64ARB with no current program");
  glDeleteProgram(p);
}

// Vertex stage arithmetic passed to the fragment stage as a flat varying,
// more arithmetic there; each channel one group of checks.
TEST_F(GlCoreInt64, ArithmeticInVertexAndFragmentShaders) {
  GLuint p = program(R"(#version 400 core
#extension GL_ARB_gpu_shader_int64 : require
uniform int64_t a;
uniform uint64_t b;
flat out i64vec2 v;
flat out uint64_t w;
void main() {
  vec2 pos = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(pos, 0.0, 1.0);
  v = i64vec2(a * 0x10000l, (a << 20) >> 4);
  w = (b >> 32) | (b << 32);
})",
                     R"(#version 400 core
#extension GL_ARB_gpu_shader_int64 : require
uniform int64_t a;
flat in i64vec2 v;
flat in uint64_t w;
out vec4 c;
void main() {
  bool ok_vs = v.x == -0x123456789ab0000l && v.y == a * 0x10000l && w == 0x76543210fedcba98ul;
  bool ok_div = a / 3l == -0x6117228339l && (-a) % 1000l == 491l && (-a) / 0x100000000l == 0x123l;
  bool ok_builtin = abs(a) == 0x123456789abl && sign(a) == -1l && min(a, 0l) == a && max(a, 0l) == 0l &&
                    clamp(0x7fffffffffffl, a, -a) == -a &&
                    mix(i64vec2(1l, 2l), i64vec2(3l, 4l), bvec2(true, false)) == i64vec2(3l, 2l);
  u64vec2 halves = u64vec2(unpackUint2x32(w));
  bool ok_pack = unpackUint2x32(w) == uvec2(0xfedcba98u, 0x76543210u) &&
                 packInt2x32(ivec2(-1, 0x12)) == 0x12ffffffffl &&
                 doubleBitsToInt64(1.0) == 0x3ff0000000000000l &&
                 uint64BitsToDouble(0x4000000000000000ul) == 2.0 && int64_t(-2.75) == -2l &&
                 double(0x20000000000001ul) == 9007199254740992.0 && int(a) == int(0xba987655u) &&
                 uint64_t(0xffffffffu) + 1ul == 0x100000000ul && halves.x == 0xfedcba98ul &&
                 lessThan(i64vec3(a, 0l, 1l), i64vec3(0l)) == bvec3(true, false, false);
  c = vec4(ok_vs ? 1.0 : 0.0, ok_div ? 1.0 : 0.0, ok_builtin ? 1.0 : 0.0, ok_pack ? 1.0 : 0.0);
})");
  glUseProgram(p);
  uniform1i64(glGetUniformLocation(p, "a"), kBigNeg);
  uniform1ui64(glGetUniformLocation(p, "b"), kBigU);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(255, 255, 255, 255));
  EXPECT_EQ(pixel(kWidth - 1, kHeight - 1), rgba(255, 255, 255, 255));
  glDeleteProgram(p);
}

// Shaders older than GLSL 4.00 that enable the extension (as other
// implementations take them; glslang 12 has the types from 4.00 only): the
// compiler takes them as 4.00 with the 4.50 built-ins, lines unchanged.
TEST_F(GlCoreInt64, ExtensionInGlsl150ShadersKeepsLineNumbers) {
  GLuint p = program(R"(#version 150
#extension GL_ARB_gpu_shader_int64 : require
uniform uint64_t b;
flat out u64vec2 halves;
void main() {
  vec2 pos = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(pos, 0.0, 1.0);
  halves = u64vec2(unpackUint2x32(b));
})",
                     R"(#version 330
#extension GL_ARB_gpu_shader_int64 : enable
flat in u64vec2 halves;
out vec4 c;
void main() {
  bool ok = halves == u64vec2(0x76543210ul, 0xfedcba98ul) && max(halves.x, 3ul) == 0x76543210ul;
  c = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})");
  glUseProgram(p);
  uniform1ui64(glGetUniformLocation(p, "b"), 0xfedcba9876543210ULL);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(0, 255, 0, 255));
  glDeleteProgram(p);
  // An error is reported at the application's line (4), past the directive.
  GLuint s = shader(GL_FRAGMENT_SHADER, R"(#version 150
#extension GL_ARB_gpu_shader_int64 : require
out vec4 c;
void main() { int64_t x = no_such_thing; c = vec4(1.0); })",
                    false);
  char log[512] = {};
  glGetShaderInfoLog(s, sizeof(log), nullptr, log);
  EXPECT_NE(std::string(log).find("0:4:"), std::string::npos) << log;
  glDeleteShader(s);
}

// A compute shader writes 64-bit results into a std430 storage block that
// the CPU reads: the bits themselves, not a comparison made on the GPU.
TEST_F(GlCoreInt64, ComputeResultsInAStorageBlock) {
  GLuint p = compute_program(R"(#version 430 core
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer In { int64_t x[4]; uint64_t y[4]; };
layout(std430, binding = 1) buffer Out {
  int64_t product[4];
  uint64_t shifted[4];
  i64vec3 v[4];
  uint64_t from_double;
  int64_t to_i64;
};
void main() {
  uint i = gl_LocalInvocationID.x;
  product[i] = x[i] * 1000003l;
  shifted[i] = (y[i] >> 7) ^ (y[i] << 57);
  v[i] = i64vec3(x[i], -x[i], int64_t(y[i]) >> 60);
  if (i == 0u) {
    from_double = uint64_t(1.5e19);
    to_i64 = int64_t(uint64_t(-1l)) + 2l;
  }
})");
  const int64_t x[4] = {kBigNeg, 1, -1, 0x7fffffffffLL};
  const uint64_t y[4] = {kBigU, 1, 0x8000000000000000ULL, 0};
  std::vector<uint8_t> in(64);
  std::memcpy(in.data(), x, 32);
  std::memcpy(in.data() + 32, y, 32);
  GLuint in_buf = buffer(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(in.size()), in.data());
  // std430: product 0, shifted 32, v (i64vec3, 32-byte aligned and strided) 64, then 192, 200.
  const GLuint out_index = glGetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, "Out");
  ASSERT_NE(out_index, GL_INVALID_INDEX);
  const GLenum size_prop = GL_BUFFER_DATA_SIZE;
  GLint size = 0;
  glGetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, out_index, 1, &size_prop, 1, nullptr, &size);
  EXPECT_EQ(size, 208);
  std::vector<uint8_t> zeros(208, 0);
  GLuint out_buf = buffer(GL_SHADER_STORAGE_BUFFER, 208, zeros.data());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in_buf);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out_buf);
  glUseProgram(p);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  std::vector<uint8_t> got(208);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, out_buf);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 208, got.data());
  const auto i64_at = [&got](size_t off) {
    int64_t v;
    std::memcpy(&v, got.data() + off, 8);
    return v;
  };
  const auto u64_at = [&got](size_t off) {
    uint64_t v;
    std::memcpy(&v, got.data() + off, 8);
    return v;
  };
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(i64_at(8 * i), static_cast<int64_t>(static_cast<uint64_t>(x[i]) * 1000003u)) << i;
    EXPECT_EQ(u64_at(32 + 8 * i), (y[i] >> 7) ^ (y[i] << 57)) << i;
    EXPECT_EQ(i64_at(64 + 32 * i), x[i]) << i;
    EXPECT_EQ(i64_at(64 + 32 * i + 8), -x[i]) << i;
    EXPECT_EQ(i64_at(64 + 32 * i + 16), static_cast<int64_t>(y[i]) >> 60) << i;
  }
  EXPECT_EQ(u64_at(192), 15000000000000000000ULL);
  EXPECT_EQ(i64_at(200), 1);
  glDeleteBuffers(1, &in_buf);
  glDeleteBuffers(1, &out_buf);
  glDeleteProgram(p);
}

// std140 uniform block with 64-bit integer members: offsets as GL reports
// them, values read whole by the shader.
TEST_F(GlCoreInt64, UniformBlockMembers) {
  GLuint p = program(kCoreFullscreenVs, R"(#version 400 core
#extension GL_ARB_gpu_shader_int64 : require
layout(std140) uniform Block {
  int a;
  int64_t b;
  u64vec3 c;
  i64vec2 d[2];
};
out vec4 color;
void main() {
  bool ok = a == 7 && b == -0x123456789abl && c == u64vec3(1ul, 0xfedcba9876543210ul, 3ul) &&
            d[0] == i64vec2(-1l, 2l) && d[1] == i64vec2(0x100000000l, -0x100000000l);
  color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})");
  const GLuint block = glGetUniformBlockIndex(p, "Block");
  ASSERT_NE(block, GL_INVALID_INDEX);
  GLint size = 0;
  glGetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
  // std140: a 0, b 8, c (32-byte aligned) 32, d (array stride 16, rounded to vec4 of floats) 64 and 80.
  EXPECT_EQ(size, 96);
  const char* names[] = {"b", "c", "d[0]"};
  GLuint indices[3] = {};
  glGetUniformIndices(p, 3, names, indices);
  GLint offsets[3] = {}, types[3] = {}, strides[3] = {};
  glGetActiveUniformsiv(p, 3, indices, GL_UNIFORM_OFFSET, offsets);
  glGetActiveUniformsiv(p, 3, indices, GL_UNIFORM_TYPE, types);
  glGetActiveUniformsiv(p, 3, indices, GL_UNIFORM_ARRAY_STRIDE, strides);
  EXPECT_EQ(offsets[0], 8);
  EXPECT_EQ(offsets[1], 32);
  EXPECT_EQ(offsets[2], 64);
  EXPECT_EQ(types[0], GL_INT64_ARB);
  EXPECT_EQ(types[1], GL_UNSIGNED_INT64_VEC3_ARB);
  EXPECT_EQ(types[2], GL_INT64_VEC2_ARB);
  EXPECT_EQ(strides[2], 16);
  std::vector<uint8_t> data(96, 0);
  const int32_t a = 7;
  const int64_t b = kBigNeg;
  const uint64_t c[3] = {1, kBigU, 3};
  const int64_t d[4] = {-1, 2, 0x100000000LL, -0x100000000LL};
  std::memcpy(data.data(), &a, 4);
  std::memcpy(data.data() + 8, &b, 8);
  std::memcpy(data.data() + 32, c, 24);
  std::memcpy(data.data() + 64, d, 32);
  GLuint ubo = buffer(GL_UNIFORM_BUFFER, 96, data.data());
  glBindBufferBase(GL_UNIFORM_BUFFER, 3, ubo);
  glUniformBlockBinding(p, block, 3);
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(0, 255, 0, 255));
  glDeleteBuffers(1, &ubo);
  glDeleteProgram(p);
}

// Outputs with 64-bit integer components are captured eight bytes a
// component (ARB_gpu_shader_int64's change to GL §11.1.2.1).
TEST_F(GlCoreInt64, TransformFeedbackCapturesEightBytesAComponent) {
  GLuint p = glCreateProgram();
  GLuint vs = shader(GL_VERTEX_SHADER, R"(#version 400 core
#extension GL_ARB_gpu_shader_int64 : require
flat out i64vec2 big;
flat out uint small;
void main() {
  big = i64vec2(int64_t(gl_VertexID) - 0x100000000l, int64_t(gl_VertexID) << 40);
  small = uint(gl_VertexID) + 100u;
  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
})");
  glAttachShader(p, vs);
  glDeleteShader(vs);
  GLuint fs = shader(GL_FRAGMENT_SHADER, R"(#version 400 core
out vec4 c;
void main() { c = vec4(1.0); })");
  glAttachShader(p, fs);
  glDeleteShader(fs);
  const char* varyings[] = {"big", "small"};
  glTransformFeedbackVaryings(p, 2, varyings, GL_SEPARATE_ATTRIBS);
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  char log[1024] = {};
  glGetProgramInfoLog(p, sizeof(log), nullptr, log);
  ASSERT_TRUE(ok) << log;
  GLchar name[16] = {};
  GLsizei length = 0, size = 0;
  GLenum type = 0;
  glGetTransformFeedbackVarying(p, 0, sizeof(name), &length, &size, &type, name);
  EXPECT_EQ(type, static_cast<GLenum>(GL_INT64_VEC2_ARB));
  // Separate buffers: 16 bytes a vertex in the first, 4 in the second.
  std::vector<uint8_t> fill(3 * 16, 0xcd);
  GLuint xfb = buffer(GL_TRANSFORM_FEEDBACK_BUFFER, static_cast<GLsizeiptr>(fill.size()), fill.data());
  GLuint xfb_small = buffer(GL_TRANSFORM_FEEDBACK_BUFFER, 3 * 4, fill.data());
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, xfb_small);
  glUseProgram(p);
  glEnable(GL_RASTERIZER_DISCARD);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 3);
  glEndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  int64_t big[6] = {};
  uint32_t small[3] = {};
  glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xfb);
  glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(big), big);
  glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xfb_small);
  glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(small), small);
  for (size_t v = 0; v < 3; ++v) {
    EXPECT_EQ(big[2 * v], static_cast<int64_t>(v) - 0x100000000LL) << v;
    EXPECT_EQ(big[2 * v + 1], static_cast<int64_t>(v) << 40) << v;
    EXPECT_EQ(small[v], 100u + v) << v;
  }
  glDeleteBuffers(1, &xfb_small);
  glDeleteBuffers(1, &xfb);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
