// ES 3.1 compute through glvnd: dispatches that fill storage buffers and
// count with atomic counters (results checked on the CPU), indirect
// dispatch from arguments a dispatch wrote, draws that read what a dispatch
// wrote, and the errors of §17 and §7.11.2.
#include <algorithm>
#include <numeric>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class E2eCompute : public Es31Test {};

constexpr const char* kFillCs = R"(#version 310 es
layout(local_size_x = 8) in;
uniform uint base;
layout(std430, binding = 1) buffer Out { uint values[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  values[i] = base + i * i;
})";

TEST_F(E2eCompute, VersionStringsAndLimits) {
  // ES 3.1, or ES 3.2 where the device has all of it (e2e_es32_context_test).
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  EXPECT_EQ(major, 3);
  EXPECT_TRUE(minor == 1 || minor == 2) << minor;
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(glGetString(GL_SHADING_LANGUAGE_VERSION))),
            minor == 2 ? "OpenGL ES GLSL ES 3.20" : "OpenGL ES GLSL ES 3.10");
  // ES 3.1 table 20.45 minimums.
  for (GLuint i = 0; i < 3; ++i) {
    GLint count = 0, size = 0;
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &count);
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &size);
    EXPECT_GE(count, 65535) << i;
    EXPECT_GE(size, i == 2 ? 64 : 128) << i;
  }
  GLint v = 0;
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 3, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &v);
  EXPECT_GE(v, 128);
  glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &v);
  EXPECT_GE(v, 16384);
  glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &v);
  EXPECT_GE(v, 4);
  glGetIntegerv(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, &v);
  EXPECT_GE(v, 4);
  glGetIntegerv(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS, &v);
  EXPECT_GE(v, 1);
  glGetIntegerv(GL_MAX_COMPUTE_ATOMIC_COUNTERS, &v);
  EXPECT_GE(v, 8);
  GLint64 block = 0;
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &block);
  EXPECT_GE(block, GLint64{1} << 27);
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &v);
  EXPECT_GE(v, 1);
  EXPECT_LE(v, 256);
  // Three stages of 16 units (more with geometry shaders).
  glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &v);
  EXPECT_GE(v, 48);
  // Every unit up to the limit can be selected and bound.
  glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + v - 1));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glActiveTexture(GL_TEXTURE0);
}

TEST_F(E2eCompute, DispatchFillsAStorageBuffer) {
  GLuint prog = compute_program(kFillCs);
  GLint size[3] = {};
  glGetProgramiv(prog, GL_COMPUTE_WORK_GROUP_SIZE, size);
  EXPECT_EQ(size[0], 8);
  EXPECT_EQ(size[1], 1);
  EXPECT_EQ(size[2], 1);
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 64 * 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out);
  glUseProgram(prog);
  glUniform1ui(glGetUniformLocation(prog, "base"), 7);
  glDispatchCompute(4, 1, 1);  // 32 invocations: the first half of the buffer
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> v = read_uints(out, 64);
  for (uint32_t i = 0; i < 32; ++i) EXPECT_EQ(v[i], 7 + i * i) << i;
  for (uint32_t i = 32; i < 64; ++i) EXPECT_EQ(v[i], 0u) << i;
  // A range binding: the same program writes at an offset.
  GLint align = 1;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &align);
  const GLintptr offset = align >= 128 ? align : 128;
  GLuint big = buffer(GL_SHADER_STORAGE_BUFFER, offset + 32 * 4);
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, big, offset, 32 * 4);
  GLint bound = 0;
  glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 1, &bound);
  EXPECT_EQ(static_cast<GLuint>(bound), big);
  GLint64 start = 0;
  glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_START, 1, &start);
  EXPECT_EQ(start, offset);
  glUniform1ui(glGetUniformLocation(prog, "base"), 1000);
  glDispatchCompute(4, 1, 1);
  const std::vector<uint32_t> w = read_uints(big, static_cast<size_t>(offset / 4) + 32);
  EXPECT_EQ(w[0], 0u) << "before the range: untouched";
  for (uint32_t i = 0; i < 32; ++i) EXPECT_EQ(w[offset / 4 + i], 1000 + i * i) << i;
  glDeleteBuffers(1, &out);
  glDeleteBuffers(1, &big);
  glDeleteProgram(prog);
}

// GLSL ES 3.10 `layout(location = N)` on an opaque uniform names its GL
// location (Vulkan forbids Location on such variables, so the compiler
// must drop it from the SPIR-V and keep it for the program interface).
TEST_F(E2eCompute, SamplerWithExplicitUniformLocation) {
  GLuint prog = compute_program(R"(#version 310 es
layout(local_size_x = 1) in;
layout(location = 7) uniform highp usampler2D tex;
layout(std430, binding = 1) buffer Out { uint v; } o;
void main() { o.v = texelFetch(tex, ivec2(0), 0).r; }
)");
  EXPECT_EQ(glGetUniformLocation(prog, "tex"), 7);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_2D, tex);
  const GLuint texel = 50;
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 1, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RED_INTEGER, GL_UNSIGNED_INT, &texel);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out);
  glUseProgram(prog);
  glUniform1i(7, 3);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  EXPECT_EQ(read_uints(out, 1)[0], texel);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glActiveTexture(GL_TEXTURE0);
  glDeleteTextures(1, &tex);
  glDeleteBuffers(1, &out);
  glDeleteProgram(prog);
}

TEST_F(E2eCompute, AtomicCountersCountExactly) {
  // Every invocation takes a ticket; the tickets are each number below the
  // invocation count exactly once.
  GLuint prog = compute_program(R"(#version 310 es
layout(local_size_x = 64) in;
layout(binding = 0, offset = 4) uniform atomic_uint tickets;
layout(std430, binding = 0) buffer Out { uint order[]; };
void main() {
  order[gl_GlobalInvocationID.x] = atomicCounterIncrement(tickets);
})");
  GLint buffers = 0;
  glGetProgramiv(prog, GL_ACTIVE_ATOMIC_COUNTER_BUFFERS, &buffers);
  EXPECT_EQ(buffers, 1);
  const uint32_t start[2] = {0xaaaa, 100};  // the counter is at offset 4
  GLuint counter = buffer(GL_ATOMIC_COUNTER_BUFFER, sizeof(start), start);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, counter);
  GLuint order = buffer(GL_SHADER_STORAGE_BUFFER, 1024 * 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, order);
  glUseProgram(prog);
  glDispatchCompute(16, 1, 1);
  glMemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> c = read_uints(counter, 2);
  EXPECT_EQ(c[0], 0xaaaau) << "the word before the counter is left alone";
  EXPECT_EQ(c[1], 100u + 1024u);
  std::vector<uint32_t> tickets = read_uints(order, 1024);
  std::sort(tickets.begin(), tickets.end());
  std::vector<uint32_t> expected(1024);
  std::iota(expected.begin(), expected.end(), 100u);
  EXPECT_EQ(tickets, expected);
  glDeleteBuffers(1, &counter);
  glDeleteBuffers(1, &order);
  glDeleteProgram(prog);
}

TEST_F(E2eCompute, IndirectDispatchRunsTheGroupsADispatchWrote) {
  GLuint plan = compute_program(R"(#version 310 es
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Args { uint pad; uint x, y, z; };  // the counts at byte 4
void main() { x = 3u; y = 2u; z = 1u; })");
  GLuint count = compute_program(R"(#version 310 es
layout(local_size_x = 4) in;
layout(binding = 0) uniform atomic_uint invocations;
void main() { atomicCounterIncrement(invocations); })");
  GLuint args = buffer(GL_SHADER_STORAGE_BUFFER, 16);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, args);
  GLuint counter = buffer(GL_ATOMIC_COUNTER_BUFFER, 4);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, counter);
  glUseProgram(plan);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_COMMAND_BARRIER_BIT);
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, args);
  GLint bound = 0;
  glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &bound);
  EXPECT_EQ(static_cast<GLuint>(bound), args);
  glUseProgram(count);
  glDispatchComputeIndirect(4);  // the counts after `pad`
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  EXPECT_EQ(read_uints(counter, 1)[0], 3u * 2u * 1u * 4u);
  glDeleteBuffers(1, &args);
  glDeleteBuffers(1, &counter);
  glDeleteProgram(plan);
  glDeleteProgram(count);
}

TEST_F(E2eCompute, DrawsReadWhatADispatchWrote) {
  // The dispatch writes a colour into a storage buffer and two triangles'
  // positions into a vertex buffer; the draw takes both.
  GLuint gen = compute_program(R"(#version 310 es
layout(local_size_x = 6) in;
layout(std430, binding = 0) buffer Colour { vec4 colour; };
layout(std430, binding = 1) buffer Positions { vec2 pos[]; };
void main() {
  const vec2 corners[6] = vec2[6](vec2(-1, -1), vec2(0, -1), vec2(-1, 1), vec2(0, -1), vec2(0, 1), vec2(-1, 1));
  pos[gl_LocalInvocationIndex] = corners[gl_LocalInvocationIndex];
  if (gl_LocalInvocationIndex == 0u) colour = vec4(0.0, 1.0, 0.0, 1.0);
})");
  GLuint draw = program(R"(#version 310 es
layout(location = 0) in vec2 p;
void main() { gl_Position = vec4(p, 0.0, 1.0); })",
                        R"(#version 310 es
precision mediump float;
layout(std430, binding = 0) readonly buffer Colour { vec4 colour; };
out vec4 o;
void main() { o = colour; })");
  GLuint colour = buffer(GL_SHADER_STORAGE_BUFFER, 16);
  GLuint positions = buffer(GL_ARRAY_BUFFER, 6 * 8);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, colour);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, positions);
  glUseProgram(gen);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glBindBuffer(GL_ARRAY_BUFFER, positions);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glUseProgram(draw);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(4, 16), rgba(0, 255, 0)) << "left half: drawn with the dispatch's colour";
  EXPECT_EQ(pixel(28, 16), rgba(0, 0, 255)) << "right half: not covered";
  glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(1, &colour);
  glDeleteBuffers(1, &positions);
  glDeleteProgram(gen);
  glDeleteProgram(draw);
}

TEST_F(E2eCompute, Errors) {
  GLuint prog = compute_program(kFillCs);
  // No current program; then a graphics program.
  glUseProgram(0);
  glDispatchCompute(1, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint gfx = program(kFullscreenVs, "#version 300 es\nprecision mediump float; out vec4 o; void main() { o = vec4(1); }");
  glUseProgram(gfx);
  glDispatchCompute(1, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLint size[3] = {};
  glGetProgramiv(gfx, GL_COMPUTE_WORK_GROUP_SIZE, size);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "not a compute program";
  // Drawing with a compute program.
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Group counts past the limit.
  GLint max_x = 0;
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &max_x);
  glDispatchCompute(static_cast<GLuint>(max_x) + 1, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Indirect: misaligned or negative offsets, no buffer, past the end.
  glDispatchComputeIndirect(2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDispatchComputeIndirect(-4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
  glDispatchComputeIndirect(0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint args = buffer(GL_DISPATCH_INDIRECT_BUFFER, 16);
  glDispatchComputeIndirect(8);  // 8 + 12 > 16
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDispatchComputeIndirect(4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "zero groups: nothing to do";
  // Barrier bits.
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glMemoryBarrier(0x80000000u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glMemoryBarrierByRegion(GL_SHADER_STORAGE_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glMemoryBarrierByRegion(GL_COMMAND_BARRIER_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Binding points and their limits.
  GLint max_ssbo = 0;
  glGetIntegerv(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS, &max_ssbo);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, static_cast<GLuint>(max_ssbo), args);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glBindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, args, 2, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE)) << "atomic counter offsets are multiples of 4";
  glDeleteBuffers(1, &args);
  glDeleteProgram(prog);
  glDeleteProgram(gfx);
}

TEST_F(E2eCompute, ComputeLinksAlone) {
  GLuint p = glCreateProgram();
  GLuint cs = shader(GL_COMPUTE_SHADER, kFillCs);
  GLuint vs = shader(GL_VERTEX_SHADER, kFullscreenVs);
  glAttachShader(p, cs);
  glAttachShader(p, vs);
  glLinkProgram(p);
  GLint ok = 1;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  glDeleteShader(cs);
  glDeleteShader(vs);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
