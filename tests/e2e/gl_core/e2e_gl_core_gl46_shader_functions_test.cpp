// Two GL 4.6 shader-function extensions: ARB_shader_group_vote (votes
// across an implementation-dependent set of invocations) and
// ARB_shader_atomic_counter_ops (add ... compSwap on atomic counters), in
// the GLSL versions the extensions allow (1.50 here, 1.40 for the counter
// operations) and in 4.50.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreGl46ShaderFunctionsTest : public GlCoreTest {
 public:
  using GlCoreTest::buffer;
  using GlCoreTest::compute_program;
};

// Reads `count` uints of the buffer bound to `target`.
std::vector<uint32_t> read_uints(GLenum target, size_t count) {
  std::vector<uint32_t> out(count);
  const void* p = glMapBufferRange(target, 0, GLsizeiptr(count * 4), GL_MAP_READ_BIT);
  EXPECT_NE(p, nullptr);
  if (p) std::memcpy(out.data(), p, count * 4);
  glUnmapBuffer(target);
  return out;
}

// Every invocation of a 64-wide work group votes on values that are true in
// some invocations only; what each vote returns must hold for any set the
// implementation picks: the set holds the voting invocation itself, so
// any(v) is true where v is, all(v) false where v is not, and a value all
// invocations share is equal and unanimous everywhere.
TEST_F(GlCoreGl46ShaderFunctionsTest, GroupVotesInComputeShadersHoldForEverySet) {
  ASSERT_TRUE(has_extension("GL_ARB_shader_group_vote"));
  const GLuint p = compute_program(R"(#version 150
#extension GL_ARB_compute_shader : require
#extension GL_ARB_shader_storage_buffer_object : require
#extension GL_ARB_shader_group_vote : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint r[]; };
uniform int uniform_value;
void main() {
  uint i = gl_LocalInvocationIndex;
  bool v = (i % 3u) == 0u;
  uint bits = 0u;
  if (anyInvocationARB(v)) bits |= 1u;
  if (allInvocationsARB(v)) bits |= 2u;
  if (allInvocationsEqualARB(uniform_value == 7)) bits |= 4u;
  if (allInvocationsARB(uniform_value == 7)) bits |= 8u;
  if (anyInvocationARB(uniform_value != 7)) bits |= 16u;
  if (anyInvocationARB(i == 0u)) bits |= 32u;
  r[i] = bits;
})");
  const GLuint buf = buffer(GL_SHADER_STORAGE_BUFFER, 64 * 4, nullptr);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "uniform_value"), 7);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> r = read_uints(GL_SHADER_STORAGE_BUFFER, 64);
  for (uint32_t i = 0; i < 64; ++i) {
    const bool v = i % 3 == 0;
    if (v) {
      EXPECT_TRUE(r[i] & 1u) << "any(v) where v: invocation " << i;
    } else {
      EXPECT_FALSE(r[i] & 2u) << "all(v) where !v: invocation " << i;
    }
    EXPECT_TRUE(r[i] & 4u) << "allEqual of a uniform value: invocation " << i;
    EXPECT_TRUE(r[i] & 8u) << "all of a true uniform value: invocation " << i;
    EXPECT_FALSE(r[i] & 16u) << "any of a false uniform value: invocation " << i;
    if (i == 0) {
      EXPECT_TRUE(r[i] & 32u);
    }
  }
  glDeleteBuffers(1, &buf);
  glDeleteProgram(p);
}

// Votes in vertex and fragment shaders (GLSL 1.50): uniform conditions
// colour the quad green only where every vote came out as the extension
// guarantees.
TEST_F(GlCoreGl46ShaderFunctionsTest, GroupVotesInVertexAndFragmentShaders) {
  const GLuint p = program(R"(#version 150
#extension GL_ARB_shader_group_vote : enable
uniform int u;
out vec4 vcolor;
void main() {
  vec2 pos = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(pos, 0.0, 1.0);
  bool all_one = allInvocationsARB(u == 1), any_zero = anyInvocationARB(u == 0);
  bool equal = allInvocationsEqualARB(u == 1), any_id = anyInvocationARB(gl_VertexID >= 0);
  bool all_negative = allInvocationsARB(gl_VertexID < 0);
  bool ok = all_one && !any_zero && equal && any_id && !all_negative;
  vcolor = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})",
                           R"(#version 150
#extension GL_ARB_shader_group_vote : enable
uniform int u;
in vec4 vcolor;
out vec4 color;
void main() {
  bool left = gl_FragCoord.x < 16.0;
  bool all_one = allInvocationsARB(u == 1), any_zero = anyInvocationARB(u == 0);
  bool equal = allInvocationsEqualARB(u == 1), any_left = anyInvocationARB(left), all_left = allInvocationsARB(left);
  bool ok = all_one && !any_zero && equal && (!left || any_left) && (left || !all_left);
  color = ok ? vcolor : vec4(1.0, 0.0, 1.0, 1.0);
})");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "u"), 1);
  glViewport(0, 0, kWidth, kHeight);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  for (int y : {1, 15, 30})
    for (int x : {1, 15, 16, 30}) EXPECT_EQ(pixel(x, y), rgba(0, 255, 0)) << x << "," << y;
  glDeleteProgram(p);
}

// Without the #extension the functions are unknown (GLSL 1.50 has no
// votes; 4.60 has them unsuffixed).
TEST_F(GlCoreGl46ShaderFunctionsTest, GroupVoteFunctionsNeedTheExtension) {
  const GLuint s = shader(GL_FRAGMENT_SHADER, R"(#version 150
uniform int u;
out vec4 color;
void main() { color = vec4(anyInvocationARB(u == 1)); })",
                          false);
  glDeleteShader(s);
}

// The nine counter operations on counters of one buffer, from every
// invocation of a work group of 64: each result is the one the operations
// give in any order (adds and subtracts commute; min/max/and/or/xor of
// constants; exchange and compSwap of values every invocation writes).
void check_counter_ops(const char* src) {
  const GLuint p = GlCoreGl46ShaderFunctionsTest::compute_program(src);
  const uint32_t init[9] = {10, 1000, 500, 5, 0xff, 0x100, 0xf0f0, 1, 3};
  const GLuint buf = GlCoreGl46ShaderFunctionsTest::buffer(GL_ATOMIC_COUNTER_BUFFER, sizeof(init), init);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, buf);
  glUseProgram(p);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> r = read_uints(GL_ATOMIC_COUNTER_BUFFER, 9);
  EXPECT_EQ(r[0], 10u + 64 * 3);     // add 3
  EXPECT_EQ(r[1], 1000u - 64 * 2);   // subtract 2
  EXPECT_EQ(r[2], 7u);               // min(500, 7 + invocation)
  EXPECT_EQ(r[3], 5u + 63);          // max(5, invocation)
  EXPECT_EQ(r[4], 0x0fu);            // and 0x0f
  EXPECT_EQ(r[5], 0x1ffu);           // or 0xff
  EXPECT_EQ(r[6], 0xf0f0u);          // xor 0xffff an even number of times
  EXPECT_EQ(r[7], 42u);              // exchange 42
  EXPECT_EQ(r[8], 9u);               // compSwap(3 -> 9): once, then no match
  glDeleteBuffers(1, &buf);
  glDeleteProgram(p);
}

constexpr const char* kCounterOpsBody = R"(
layout(local_size_x = 64) in;
layout(binding = 0, offset = 0) uniform atomic_uint c_add;
layout(binding = 0, offset = 4) uniform atomic_uint c_sub;
layout(binding = 0, offset = 8) uniform atomic_uint c_min;
layout(binding = 0, offset = 12) uniform atomic_uint c_max;
layout(binding = 0, offset = 16) uniform atomic_uint c_and;
layout(binding = 0, offset = 20) uniform atomic_uint c_or;
layout(binding = 0, offset = 24) uniform atomic_uint c_xor;
layout(binding = 0, offset = 28) uniform atomic_uint c_exchange;
layout(binding = 0, offset = 32) uniform atomic_uint c_swap;
void main() {
  uint i = gl_LocalInvocationIndex;
  atomicCounterAddARB(c_add, 3u);
  atomicCounterSubtractARB(c_sub, 2u);
  atomicCounterMinARB(c_min, 7u + i);
  atomicCounterMaxARB(c_max, 5u + i);
  atomicCounterAndARB(c_and, 0x0fu);
  atomicCounterOrARB(c_or, 0xffu);
  atomicCounterXorARB(c_xor, 0xffffu);
  atomicCounterExchangeARB(c_exchange, 42u);
  atomicCounterCompSwapARB(c_swap, 3u, 9u);
}
)";

TEST_F(GlCoreGl46ShaderFunctionsTest, AtomicCounterOpsInGlsl150) {
  ASSERT_TRUE(has_extension("GL_ARB_shader_atomic_counter_ops"));
  const std::string src = std::string(R"(#version 150
#extension GL_ARB_compute_shader : require
#extension GL_ARB_shader_atomic_counters : require
#extension GL_ARB_shader_atomic_counter_ops : require
#extension GL_ARB_shading_language_420pack : require)") + kCounterOpsBody;
  check_counter_ops(src.c_str());
}

TEST_F(GlCoreGl46ShaderFunctionsTest, AtomicCounterOpsInGlsl450) {
  const std::string src = std::string(R"(#version 450
#extension GL_ARB_shader_atomic_counter_ops : require)") + kCounterOpsBody;
  check_counter_ops(src.c_str());
}

// The macro is defined, and the functions need the #extension below 4.60.
TEST_F(GlCoreGl46ShaderFunctionsTest, AtomicCounterOpsNeedTheExtension) {
  const GLuint ok = shader(GL_COMPUTE_SHADER, R"(#version 450
#extension GL_ARB_shader_atomic_counter_ops : enable
#if !defined(GL_ARB_shader_atomic_counter_ops)
#error no macro
#endif
layout(local_size_x = 1) in;
layout(binding = 0) uniform atomic_uint c;
void main() { atomicCounterAddARB(c, 1u); })");
  glDeleteShader(ok);
  const GLuint bad = shader(GL_COMPUTE_SHADER, R"(#version 450
layout(local_size_x = 1) in;
layout(binding = 0) uniform atomic_uint c;
void main() { atomicCounterAddARB(c, 1u); })",
                            false);
  glDeleteShader(bad);
}

}  // namespace
}  // namespace brass::e2e
