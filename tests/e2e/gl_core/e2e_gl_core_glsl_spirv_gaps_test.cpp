// GLSL features ARB_gl_spirv's piglit tests use through their GLSL sources
// (docs/conformance.md, "ARB_gl_spirv"): storage blocks and atomic counter
// buffers at bindings past 8 and 4, and transform feedback of outputs that
// xfb_offset places when they are structures, arrays of structures or of
// arrays, or arrays of blocks (GL 4.6 §11.1.2.1: one captured variable per
// member or element; GLSL 4.60 §4.4.2.1: element i of a block array goes to
// the block's buffer + i); the members of arrays of arrays of blocks and
// arrays of arrays of atomic counters; initializers of structure uniforms;
// explicit locations of samplers in structures.
#include <array>
#include <string>
#include <vector>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

GLint integer(GLenum pname) {
  GLint v = -1;
  glGetIntegerv(pname, &v);
  return v;
}

// Per-stage and combined limits follow the device but the binding points
// are 16 and 8 (lavapipe and every desktop GPU hold 24 storage buffers a
// stage); the limits never exceed the binding points.
TEST_F(GlCoreTest, StorageAndCounterBufferLimits) {
  EXPECT_EQ(integer(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS), 16);
  EXPECT_EQ(integer(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS), 8);
  const GLint blocks = integer(GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS);
  const GLint counters = integer(GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS);
  EXPECT_GE(blocks, 8);
  EXPECT_LE(blocks, 16);
  EXPECT_GE(counters, 1);
  EXPECT_LE(counters, 8);
  EXPECT_EQ(integer(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS), blocks);
  EXPECT_EQ(integer(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS), blocks);
  EXPECT_EQ(integer(GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS), counters);
  GLint v = 0;
  glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 15, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, 16, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetIntegeri_v(GL_ATOMIC_COUNTER_BUFFER_BINDING, 8, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
}

// A compute shader with storage blocks at binding points 9..12 (an array
// of blocks) and 15, and atomic counters at binding points 6 and 7.
TEST_F(GlCoreTest, HighStorageAndCounterBindingsWork) {
  if (integer(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS) < 5 + 8 || integer(GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS) < 2)
    GTEST_SKIP() << "the device's storage buffers are too few for 13 blocks and 2 counter buffers";
  const GLuint prog = compute_program(R"(#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 9) buffer In { uint v; } in_blocks[4];
layout(std430, binding = 15) buffer Out { uint sum; uint counted[2]; } result;
layout(binding = 6) uniform atomic_uint first;
layout(binding = 7, offset = 4) uniform atomic_uint second;
void main() {
  result.sum = in_blocks[0].v + in_blocks[1].v + in_blocks[2].v + in_blocks[3].v;
  result.counted[0] = atomicCounterIncrement(first);
  result.counted[1] = atomicCounterIncrement(second);
})");
  ASSERT_NE(prog, 0u);
  std::array<GLuint, 4> inputs{};
  for (GLuint i = 0; i < 4; ++i) {
    const GLuint value = 1u << (i * 4);
    inputs[i] = buffer(GL_SHADER_STORAGE_BUFFER, sizeof(value), &value);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 9 + i, inputs[i]);
  }
  const std::array<GLuint, 3> zero{};
  const GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, sizeof(zero), zero.data());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 15, out);
  const std::array<GLuint, 2> first_counter = {5, 0}, second_counter = {0, 40};
  const GLuint c6 = buffer(GL_ATOMIC_COUNTER_BUFFER, sizeof(first_counter), first_counter.data());
  const GLuint c7 = buffer(GL_ATOMIC_COUNTER_BUFFER, sizeof(second_counter), second_counter.data());
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 6, c6);
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 7, c7);
  glUseProgram(prog);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::array<GLuint, 3> got{};
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, out);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(got), got.data());
  EXPECT_EQ(got[0], 0x1111u);
  EXPECT_EQ(got[1], 5u);
  EXPECT_EQ(got[2], 40u);
  std::array<GLuint, 2> counter{};
  glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, c7);
  glGetBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 0, sizeof(counter), counter.data());
  EXPECT_EQ(counter[1], 41u);
  glDeleteBuffers(4, inputs.data());
  const GLuint rest[] = {out, c6, c7};
  glDeleteBuffers(3, rest);
  glDeleteProgram(prog);
}

// Every element of an array of arrays of blocks lists the block's members
// once, by the block name (GL 4.6 §7.3.1.1), elements [1][...] included.
TEST_F(GlCoreTest, ArraysOfArraysOfBlocksShareTheirMembers) {
  const GLuint prog = program(kCoreFullscreenVs, R"(#version 450
layout(location = 0) out vec4 color;
layout(std140, binding = 1) uniform U { vec4 a; vec4 b; } u[2][2];
layout(std430, binding = 2) buffer S { vec4 c; vec2 d; } s[2][2];
void main() {
  color = u[1][0].a + u[0][1].b + s[1][1].c + vec4(s[0][0].d, 0.0, 0.0);
})");
  ASSERT_NE(prog, 0u);
  GLint n = 0;
  glGetProgramInterfaceiv(prog, GL_UNIFORM_BLOCK, GL_ACTIVE_RESOURCES, &n);
  EXPECT_EQ(n, 4);
  glGetProgramInterfaceiv(prog, GL_UNIFORM, GL_ACTIVE_RESOURCES, &n);
  EXPECT_EQ(n, 2);
  glGetProgramInterfaceiv(prog, GL_BUFFER_VARIABLE, GL_ACTIVE_RESOURCES, &n);
  EXPECT_EQ(n, 2);
  const GLenum prop = GL_NUM_ACTIVE_VARIABLES;
  for (const char* name : {"U[0][0]", "U[0][1]", "U[1][0]", "U[1][1]"}) {
    const GLuint index = glGetProgramResourceIndex(prog, GL_UNIFORM_BLOCK, name);
    ASSERT_NE(index, GL_INVALID_INDEX) << name;
    GLint vars = 0;
    glGetProgramResourceiv(prog, GL_UNIFORM_BLOCK, index, 1, &prop, 1, nullptr, &vars);
    EXPECT_EQ(vars, 2) << name;
  }
  for (const char* name : {"S[0][0]", "S[1][0]", "S[1][1]"}) {
    const GLuint index = glGetProgramResourceIndex(prog, GL_SHADER_STORAGE_BLOCK, name);
    ASSERT_NE(index, GL_INVALID_INDEX) << name;
    GLint vars = 0;
    glGetProgramResourceiv(prog, GL_SHADER_STORAGE_BLOCK, index, 1, &prop, 1, nullptr, &vars);
    EXPECT_EQ(vars, 2) << name;
  }
  EXPECT_NE(glGetProgramResourceIndex(prog, GL_UNIFORM, "U.a"), GL_INVALID_INDEX);
  EXPECT_EQ(glGetProgramResourceIndex(prog, GL_UNIFORM, "a"), GL_INVALID_INDEX);
  EXPECT_NE(glGetProgramResourceIndex(prog, GL_BUFFER_VARIABLE, "S.d"), GL_INVALID_INDEX);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(prog);
}

// An array of arrays of atomic counters is one uniform per element of its
// outer dimension, each an array of the innermost one, one after another
// in the buffer (GL 4.6 §7.3.1.1).
TEST_F(GlCoreTest, ArraysOfArraysOfAtomicCountersAreUniformsPerOuterElement) {
  const GLuint prog = compute_program(R"(#version 450
layout(local_size_x = 1) in;
layout(binding = 0, offset = 4) uniform atomic_uint a[2][3];
layout(std430, binding = 0) buffer Out { uint got[2]; };
void main() {
  got[0] = atomicCounterIncrement(a[0][0]);
  got[1] = atomicCounterIncrement(a[1][2]);
})");
  ASSERT_NE(prog, 0u);
  GLint n = 0;
  glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &n);
  EXPECT_EQ(n, 2);
  const GLenum props[] = {GL_ARRAY_SIZE, GL_OFFSET};
  const GLint expected_offsets[] = {4, 16};
  const char* names[] = {"a[0][0]", "a[1][0]"};
  for (int i = 0; i < 2; ++i) {
    const GLuint index = glGetProgramResourceIndex(prog, GL_UNIFORM, names[i]);
    ASSERT_NE(index, GL_INVALID_INDEX) << names[i];
    GLint v[2] = {};
    glGetProgramResourceiv(prog, GL_UNIFORM, index, 2, props, 2, nullptr, v);
    EXPECT_EQ(v[0], 3) << names[i];
    EXPECT_EQ(v[1], expected_offsets[i]) << names[i];
  }
  const GLenum active = GL_NUM_ACTIVE_VARIABLES;
  GLint counters = 0;
  glGetProgramResourceiv(prog, GL_ATOMIC_COUNTER_BUFFER, 0, 1, &active, 1, nullptr, &counters);
  EXPECT_EQ(counters, 2);
  // The counters the shader incremented sit where the offsets say.
  std::array<GLuint, 8> init = {0, 10, 0, 0, 0, 0, 60, 0};
  const GLuint counter_buffer = buffer(GL_ATOMIC_COUNTER_BUFFER, sizeof(init), init.data());
  glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, counter_buffer);
  const std::array<GLuint, 2> zero{};
  const GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, sizeof(zero), zero.data());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  glUseProgram(prog);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  std::array<GLuint, 2> got{};
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, out);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(got), got.data());
  EXPECT_EQ(got[0], 10u);
  EXPECT_EQ(got[1], 60u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const GLuint buffers[] = {counter_buffer, out};
  glDeleteBuffers(2, buffers);
  glDeleteProgram(prog);
}

// A structure uniform's initializer (GLSL 4.60 §4.3.5) sets every member,
// arrays of structures and matrices included; glGetUniform reads it back.
TEST_F(GlCoreTest, StructureUniformInitializers) {
  const GLuint prog = program(kCoreFullscreenVs, R"(#version 450
layout(location = 0) out vec4 color;
struct C { float r, g; };
struct Base { C c[2]; mat2 m; int i; };
uniform Base value = Base(C[](C(0.25, 0.5), C(0.125, 0.75)), mat2(1.0, 2.0, 3.0, 4.0), 7);
void main() {
  color = vec4(value.c[0].r + value.c[1].r, value.c[0].g, value.c[1].g,
               (value.m[1][0] + float(value.i)) / 20.0);
})");
  ASSERT_NE(prog, 0u);
  glUseProgram(prog);
  GLfloat f = 0.0f;
  glGetUniformfv(prog, glGetUniformLocation(prog, "value.c[1].g"), &f);
  EXPECT_EQ(f, 0.75f);
  GLfloat m[4] = {};
  glGetUniformfv(prog, glGetUniformLocation(prog, "value.m"), m);
  EXPECT_EQ(m[0], 1.0f);
  EXPECT_EQ(m[3], 4.0f);
  GLint i = 0;
  glGetUniformiv(prog, glGetUniformLocation(prog, "value.i"), &i);
  EXPECT_EQ(i, 7);
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  GLubyte px[4] = {};
  glReadPixels(kWidth / 2, kHeight / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_NEAR(px[0], 96, 1);   // 0.375
  EXPECT_NEAR(px[1], 128, 1);  // 0.5
  EXPECT_NEAR(px[2], 191, 1);  // 0.75
  EXPECT_NEAR(px[3], 128, 1);  // (3 + 7) / 20
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteVertexArrays(1, &vao);
  glDeleteProgram(prog);
}

// Samplers in (arrays of) structures at an explicit location take the
// locations after it member by member in declaration order (GL 4.6
// §7.6.1), whatever order the shader reads them in.
TEST_F(GlCoreTest, SamplersInStructuresTakeExplicitLocationsInOrder) {
  const GLuint prog = program(kCoreFullscreenVs, R"(#version 450
struct Inner { sampler2D a; sampler2D b; };
struct S { Inner in2[2]; sampler2D tex[2][3]; sampler2D last[2]; };
layout(location = 2) uniform S s;
layout(location = 0) uniform int n;
layout(location = 0) out vec4 color;
void main() {
  color = texture(s.last[n], vec2(0.5)) + texture(s.tex[n][n], vec2(0.5)) + texture(s.in2[n].b, vec2(0.5)) +
          texture(s.in2[n].a, vec2(0.5));
})");
  ASSERT_NE(prog, 0u);
  EXPECT_EQ(glGetUniformLocation(prog, "s.in2[0].a"), 2);
  EXPECT_EQ(glGetUniformLocation(prog, "s.in2[0].b"), 3);
  EXPECT_EQ(glGetUniformLocation(prog, "s.in2[1].a"), 4);
  EXPECT_EQ(glGetUniformLocation(prog, "s.in2[1].b"), 5);
  EXPECT_EQ(glGetUniformLocation(prog, "s.tex[0][0]"), 6);
  EXPECT_EQ(glGetUniformLocation(prog, "s.tex[1][2]"), 11);
  EXPECT_EQ(glGetUniformLocation(prog, "s.last[1]"), 13);
  // A unit set through a location reaches the sampler the shader reads.
  GLuint tex[2] = {};
  glGenTextures(2, tex);
  const GLubyte green[4] = {0, 255, 0, 255}, black[4] = {0, 0, 0, 0};
  for (int i = 0; i < 2; ++i) {
    glActiveTexture(GL_TEXTURE0 + i);
    glBindTexture(GL_TEXTURE_2D, tex[i]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, i ? green : black);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  }
  glUseProgram(prog);
  glUniform1i(0, 1);
  glUniform1i(5, 1);  // s.in2[1].b: green; every other sampler reads unit 0
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  GLubyte px[4] = {};
  glReadPixels(kWidth / 2, kHeight / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(px[0], 0);
  EXPECT_EQ(px[1], 255);
  EXPECT_EQ(px[2], 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteTextures(2, tex);
  glDeleteVertexArrays(1, &vao);
  glDeleteProgram(prog);
}

class GlCoreXfbQualifierLeaves : public GlCoreTest {
 protected:
  // Links `vs` alone (its xfb_offset qualifiers say what is captured).
  GLuint vertex_program(const char* vs) {
    const GLuint p = glCreateProgram();
    const GLuint s = shader(GL_VERTEX_SHADER, vs);
    glAttachShader(p, s);
    glDeleteShader(s);
    glLinkProgram(p);
    GLint linked = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    if (linked) return p;
    glDeleteProgram(p);
    return 0;
  }
  // Draws one point into buffers 0..count-1 (16 floats each, -1 first).
  std::vector<std::array<float, 16>> capture(GLuint prog, unsigned count) {
    glUseProgram(prog);
    GLuint vao = 0;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    std::vector<GLuint> bufs(count);
    glGenBuffers(static_cast<GLsizei>(count), bufs.data());
    std::array<float, 16> init{};
    init.fill(-1.0f);
    for (unsigned i = 0; i < count; ++i) {
      glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, i, bufs[i]);
      glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(init), init.data(), GL_STREAM_READ);
    }
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 1);
    glEndTransformFeedback();
    glDisable(GL_RASTERIZER_DISCARD);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    std::vector<std::array<float, 16>> out(count);
    for (unsigned i = 0; i < count; ++i) {
      glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, bufs[i]);
      glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(out[i]), out[i].data());
    }
    glDeleteBuffers(static_cast<GLsizei>(count), bufs.data());
    glDeleteVertexArrays(1, &vao);
    return out;
  }
  static std::string varying(GLuint prog, GLuint index, GLsizei* size, GLenum* type) {
    char name[64] = {};
    GLsizei length = 0;
    glGetTransformFeedbackVarying(prog, index, sizeof(name), &length, size, type, name);
    return name;
  }
};

TEST_F(GlCoreXfbQualifierLeaves, StructuresAndArraysOfArraysSplitIntoMembers) {
  const GLuint prog = vertex_program(R"(#version 450
struct Inner { float a; };
struct S { float f; vec2 v; Inner in2[2]; float f2[2]; };
layout(xfb_buffer = 0, xfb_offset = 0) out S var;
layout(xfb_buffer = 0, xfb_offset = 32) out float aoa[2][2];
void main() {
  var.f = 1.0;
  var.v = vec2(2.0, 3.0);
  var.in2[0].a = 4.0;
  var.in2[1].a = 5.0;
  var.f2 = float[2](6.0, 7.0);
  aoa = float[2][2](float[2](8.0, 9.0), float[2](10.0, 11.0));
  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
})");
  ASSERT_NE(prog, 0u);
  GLint count = 0;
  glGetProgramiv(prog, GL_TRANSFORM_FEEDBACK_VARYINGS, &count);
  ASSERT_EQ(count, 7);
  GLsizei size = 0;
  GLenum type = GL_NONE;
  EXPECT_EQ(varying(prog, 0, &size, &type), "var.f");
  EXPECT_EQ(varying(prog, 1, &size, &type), "var.v");
  EXPECT_EQ(type, static_cast<GLenum>(GL_FLOAT_VEC2));
  EXPECT_EQ(varying(prog, 2, &size, &type), "var.in2[0].a");
  EXPECT_EQ(varying(prog, 3, &size, &type), "var.in2[1].a");
  EXPECT_EQ(varying(prog, 4, &size, &type), "var.f2");
  EXPECT_EQ(size, 2);
  EXPECT_EQ(varying(prog, 5, &size, &type), "aoa[0]");
  EXPECT_EQ(size, 2);
  EXPECT_EQ(varying(prog, 6, &size, &type), "aoa[1]");
  const auto out = capture(prog, 1);
  const std::array<float, 16> expected = {1, 2, 3, 4, 5, 6, 7, -1, 8, 9, 10, 11, -1, -1, -1, -1};
  EXPECT_EQ(out[0], expected);
  glDeleteProgram(prog);
}

TEST_F(GlCoreXfbQualifierLeaves, ArrayOfBlocksTakesConsecutiveBuffers) {
  const GLuint prog = vertex_program(R"(#version 450
layout(xfb_buffer = 0, xfb_offset = 0) out Block {
  float f;
  vec2 v;
} x[2];
void main() {
  x[0].f = 1.0;
  x[0].v = vec2(2.0, 3.0);
  x[1].f = 4.0;
  x[1].v = vec2(5.0, 6.0);
  gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
})");
  ASSERT_NE(prog, 0u);
  GLint count = 0;
  glGetProgramiv(prog, GL_TRANSFORM_FEEDBACK_VARYINGS, &count);
  ASSERT_EQ(count, 4);
  GLsizei size = 0;
  GLenum type = GL_NONE;
  EXPECT_EQ(varying(prog, 0, &size, &type), "Block[0].f");
  EXPECT_EQ(varying(prog, 3, &size, &type), "Block[1].v");
  const auto out = capture(prog, 2);
  EXPECT_EQ(out[0][0], 1.0f);
  EXPECT_EQ(out[0][1], 2.0f);
  EXPECT_EQ(out[0][2], 3.0f);
  EXPECT_EQ(out[0][3], -1.0f);
  EXPECT_EQ(out[1][0], 4.0f);
  EXPECT_EQ(out[1][1], 5.0f);
  EXPECT_EQ(out[1][2], 6.0f);
  EXPECT_EQ(out[1][3], -1.0f);
  glDeleteProgram(prog);
}

}  // namespace
}  // namespace brass::e2e
