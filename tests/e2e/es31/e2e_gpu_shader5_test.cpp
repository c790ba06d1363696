// EXT/OES_gpu_shader5 in GLSL ES 3.10, through glvnd: arrays of samplers
// and uniform blocks indexed by values known only when drawing
// (dynamically uniform; storage block arrays still need constants),
// textureGatherOffsets and gathers with offsets that are not constant, fma,
// precise, frexp/ldexp, bitfield operations, and geometry shader
// invocations.
// Results are read back and checked on the CPU.

#include "e2e_gpu_shader5_fixture.h"

namespace brass::e2e {
namespace {

using E2eGpuShader5 = GpuShader5Test;

TEST_F(E2eGpuShader5, DynamicallyUniformSamplerAndBlockIndexing) {
  const uint32_t colors[4] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255), rgba(255, 255, 0)};
  GLuint tex[4];
  for (GLuint i = 0; i < 4; ++i) tex[i] = solid_texture(i, colors[i]);
  // Uniform blocks b[0], b[1] at bindings 0 and 1: (0, 0, 0, 1) and (0, 0, 0, 0.5) added.
  const float block0[4] = {0, 0, 0, 0}, block1[4] = {0, 0, 0, -0.5f};
  GLuint ubo0 = buffer(GL_UNIFORM_BUFFER, sizeof(block0), block0);
  GLuint ubo1 = buffer(GL_UNIFORM_BUFFER, sizeof(block1), block1);
  glBindBufferBase(GL_UNIFORM_BUFFER, 0, ubo0);
  glBindBufferBase(GL_UNIFORM_BUFFER, 1, ubo1);
  GLuint p = program(kFullscreenVs310, R"(#version 310 es
#extension GL_EXT_gpu_shader5 : require
precision highp float;
uniform highp sampler2D tex[4];
uniform int index;
layout(std140, binding = 0) uniform B { vec4 add; } b[2];
out vec4 o;
void main() { o = texture(tex[index], vec2(0.5)) + b[index & 1].add; })");
  glUseProgram(p);
  const GLint units[4] = {0, 1, 2, 3};
  glUniform1iv(glGetUniformLocation(p, "tex[0]"), 4, units);
  for (int i = 0; i < 4; ++i) {
    glUniform1i(glGetUniformLocation(p, "index"), i);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    uint32_t expected = colors[i];
    if (i & 1) expected = (expected & 0x00ffffff) | (128u << 24);
    const uint32_t got = pixel(3, 3);
    EXPECT_EQ(got & 0x00ffffff, expected & 0x00ffffff) << "index " << i;
    EXPECT_NEAR(double(got >> 24), double(expected >> 24), 1.0) << "index " << i;
  }
  glDeleteProgram(p);
  glDeleteBuffers(1, &ubo0);
  glDeleteBuffers(1, &ubo1);
  glDeleteTextures(4, tex);
}

// gpu_shader5 (and ESSL 3.20) lets uniform block arrays, not storage block
// arrays, be indexed dynamically in ES (ESSL 3.20 §4.3.9): glslang refuses
// `data[src]` on a buffer block array, as it should.
TEST_F(E2eGpuShader5, StorageBlockArrayNeedsConstantIndex) {
  GLuint s = glCreateShader(GL_COMPUTE_SHADER);
  const char* src = R"(#version 310 es
#extension GL_OES_gpu_shader5 : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Data { uint v[4]; } data[2];
uniform int src;
void main() { data[1 - src].v[0] = data[src].v[0]; })";
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 1;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  glDeleteShader(s);
}

TEST_F(E2eGpuShader5, UniformBlockArraysAndArithmeticInCompute) {
  // One of two uniform blocks is chosen by a uniform; the arithmetic of
  // gpu_shader5 fills the storage block.
  const uint32_t seed0[4] = {1, 2, 3, 4}, seed1[4] = {7, 8, 9, 10};
  GLuint in0 = buffer(GL_UNIFORM_BUFFER, 16, seed0);
  GLuint in1 = buffer(GL_UNIFORM_BUFFER, 16, seed1);
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 16, nullptr);
  glBindBufferBase(GL_UNIFORM_BUFFER, 0, in0);
  glBindBufferBase(GL_UNIFORM_BUFFER, 1, in1);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  GLuint p = compute_program(R"(#version 310 es
#extension GL_OES_gpu_shader5 : require
layout(local_size_x = 1) in;
layout(std140, binding = 0) uniform Data { uvec4 v; } data[2];
layout(std430, binding = 0) buffer Out { uint v[4]; } result;
uniform int src;
void main() {
  uint a = data[src].v.x;       // 7
  float f = float(a);
  uint u = 3u;
  precise float m = fma(f, 2.0, 1.0);  // 15
  int e;
  float mant = frexp(48.0, e);  // 0.75 * 2^6
  result.v[0] = uint(m);
  result.v[1] = uint(e) + u;  // 9
  result.v[2] = uint(ldexp(mant, 3));  // 6
  // 10 = 0b1010: bits 1..3 are 0b101, 5 unsigned, -3 signed (sign-extended).
  result.v[3] = bitfieldExtract(data[src].v.w, 1, 3) + uint(bitfieldExtract(int(data[src].v.w), 1, 3) + 3);
})");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "src"), 1);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> v = read_uints(out, 4);
  EXPECT_EQ(v, (std::vector<uint32_t>{15, 9, 6, 5}));
  glDeleteProgram(p);
  glDeleteBuffers(1, &in0);
  glDeleteBuffers(1, &in1);
  glDeleteBuffers(1, &out);
}

TEST_F(E2eGpuShader5, GatherOffsetsAndComponentSelect) {
  // 4x4 texels, red = 10 * (y * 4 + x) + 5, green = red + 1.
  uint8_t texels[64];
  for (int i = 0; i < 16; ++i) {
    texels[i * 4] = uint8_t(10 * i + 5);
    texels[i * 4 + 1] = uint8_t(10 * i + 6);
    texels[i * 4 + 2] = texels[i * 4 + 3] = 0;
  }
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  // At texel (1, 1)'s upper-right corner the footprint is texels (1..2,
  // 1..2); textureGatherOffsets takes texel i0j0 of each offset's
  // footprint, i.e. (1, 1) + offset, in component 1 (green).
  GLuint p = program(kFullscreenVs310, R"(#version 310 es
#extension GL_EXT_gpu_shader5 : require
precision highp float;
uniform highp sampler2D tex;
uniform ivec2 shift;
out vec4 o;
void main() {
  const ivec2 offsets[4] = ivec2[4](ivec2(0, 0), ivec2(1, 0), ivec2(0, 1), ivec2(1, 1));
  vec4 g = textureGatherOffsets(tex, vec2(0.5), offsets, 1);
  vec4 s = textureGatherOffset(tex, vec2(0.5), shift, 0);
  o = gl_FragCoord.x < 16.0 ? g : s;
})");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "tex"), 0);
  glUniform2i(glGetUniformLocation(p, "shift"), -1, -1);  // not constant
  glDrawArrays(GL_TRIANGLES, 0, 3);
  auto green = [&](int x, int y) { return uint8_t(texels[(y * 4 + x) * 4 + 1]); };
  auto red = [&](int x, int y) { return uint8_t(texels[(y * 4 + x) * 4]); };
  // Each offset's i0j0 (the w component of a gather) is its footprint's
  // lower-left texel: (1, 1) + offset.
  EXPECT_EQ(pixel(4, 4), rgba(green(1, 1), green(2, 1), green(1, 2), green(2, 2)));
  // The footprint moved by (-1, -1): texels (0..1, 0..1) as (i0j1, i1j1, i1j0, i0j0).
  EXPECT_EQ(pixel(24, 24), rgba(red(0, 1), red(1, 1), red(1, 0), red(0, 0)));
  glDeleteProgram(p);
  glDeleteTextures(1, &t);
}

TEST_F(E2eGpuShader5, GeometryShaderInvocations) {
  ASSERT_TRUE(has_extension("GL_EXT_geometry_shader"));
  GLint max_invocations = 0;
  glGetIntegerv(GL_MAX_GEOMETRY_SHADER_INVOCATIONS_EXT, &max_invocations);
  EXPECT_GE(max_invocations, 32);
  // Two invocations: the left and right halves of the viewport, each its
  // own colour.
  const char* gs = R"(#version 310 es
#extension GL_EXT_geometry_shader : require
#extension GL_EXT_gpu_shader5 : require
layout(points, invocations = 2) in;
layout(triangle_strip, max_vertices = 4) out;
out vec4 color;
void main() {
  float x0 = gl_InvocationID == 0 ? -1.0 : 0.0;
  for (int i = 0; i < 4; ++i) {
    // Outputs are undefined after EmitVertex (GLSL ES 3.20 §8.15): each
    // vertex writes its own.
    color = gl_InvocationID == 0 ? vec4(1.0, 0.0, 0.0, 1.0) : vec4(0.0, 0.0, 1.0, 1.0);
    gl_Position = vec4(x0 + float(i & 1), float(i >> 1) * 2.0 - 1.0, 0.0, 1.0);
    EmitVertex();
  }
})";
  const char* vs = "#version 310 es\nvoid main() { gl_Position = vec4(0.0); }\n";
  const char* fs = "#version 310 es\nprecision mediump float;\nin vec4 color;\nout vec4 o;\nvoid main() { o = color; }\n";
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_GEOMETRY_SHADER_EXT, gs},
                           std::pair{GL_FRAGMENT_SHADER, fs}}) {
    GLuint s = shader(type, src);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  link(p);
  GLint invocations = 0;
  glGetProgramiv(p, GL_GEOMETRY_SHADER_INVOCATIONS_EXT, &invocations);
  EXPECT_EQ(invocations, 2);
  glUseProgram(p);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 1);
  EXPECT_EQ(pixel(4, 16), rgba(255, 0, 0));
  EXPECT_EQ(pixel(28, 16), rgba(0, 0, 255));
  glDeleteProgram(p);
}

// Without the directive ESSL 3.10 has none of it.
TEST_F(E2eGpuShader5, DirectiveIsRequired) {
  const char* src = R"(#version 310 es
precision highp float;
uniform highp sampler2D tex[2];
uniform int index;
out vec4 o;
void main() { o = texture(tex[index], vec2(0.5)); })";
  GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 1;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  glDeleteShader(s);
}

}  // namespace
}  // namespace brass::e2e
