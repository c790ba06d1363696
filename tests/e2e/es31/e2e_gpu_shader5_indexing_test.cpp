// EXT/OES_gpu_shader5's indexing of sampler and image arrays by uniform
// and dynamically uniform expressions, through glvnd. On lavapipe (no
// shaderSampledImageArrayDynamicIndexing / shaderStorageImageArrayDynamicIndexing)
// these run through the compiler's switch lowering. Every result is read
// back and checked on the CPU.

#include "e2e_gpu_shader5_fixture.h"

namespace brass::e2e {
namespace {

class E2eGpuShader5Indexing : public GpuShader5Test {
 protected:
  // A 2x2 R32UI texture holding `texels`.
  static GLuint uint_image(const uint32_t texels[4]) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 2, 2);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
    return t;
  }
};

// A dynamically uniform loop over a uniform count, an index computed from
// a uniform, and an array passed to a function that indexes it: the
// channels of five 1x1 textures add up to known sums.
TEST_F(E2eGpuShader5Indexing, SamplerArraysInFragmentShader) {
  const uint32_t colors[5] = {rgba(10, 0, 0, 0), rgba(0, 20, 0, 0), rgba(0, 0, 30, 0), rgba(40, 0, 0, 0),
                              rgba(0, 0, 0, 50)};
  GLuint tex[5];
  for (GLuint i = 0; i < 5; ++i) tex[i] = solid_texture(i, colors[i]);
  GLuint p = program(kFullscreenVs310, R"(#version 310 es
#extension GL_EXT_gpu_shader5 : require
precision highp float;
uniform highp sampler2D tex[4];
uniform highp sampler2D extra;
uniform int count;
uniform int base;
out vec4 o;
vec4 pick(highp sampler2D s[4], int k) { return texture(s[k], vec2(0.5)); }
void main() {
  vec4 sum = vec4(0.0);
  for (int k = 0; k < count; ++k) sum += texture(tex[k], vec2(0.5));
  int other = (base * 3 + 1) & 3;
  o = gl_FragCoord.x < 16.0 ? sum + texture(extra, vec2(0.5)) : pick(tex, other) + texture(tex[base], vec2(0.5));
})");
  glUseProgram(p);
  const GLint units[4] = {0, 1, 2, 3};
  glUniform1iv(glGetUniformLocation(p, "tex[0]"), 4, units);
  glUniform1i(glGetUniformLocation(p, "extra"), 4);
  for (int count = 1; count <= 4; ++count) {
    const int base = count - 1;
    glUniform1i(glGetUniformLocation(p, "count"), count);
    glUniform1i(glGetUniformLocation(p, "base"), base);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    uint32_t sum = colors[4];
    for (int k = 0; k < count; ++k) sum += colors[k];  // no channel overflows
    EXPECT_EQ(pixel(4, 4), sum) << "count " << count;
    const int other = (base * 3 + 1) & 3;
    EXPECT_EQ(pixel(28, 4), colors[other] + colors[base]) << "base " << base;
  }
  glDeleteProgram(p);
  glDeleteTextures(5, tex);
}

// The vertex stage indexes a sampler array too; each draw's colour comes
// from the texture the uniform names.
TEST_F(E2eGpuShader5Indexing, SamplerArrayInVertexShader) {
  const uint32_t colors[3] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255)};
  GLuint tex[3];
  for (GLuint i = 0; i < 3; ++i) tex[i] = solid_texture(i, colors[i]);
  GLuint p = program(R"(#version 310 es
#extension GL_EXT_gpu_shader5 : require
uniform highp sampler2D tex[3];
uniform int index;
out vec4 color;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
  color = textureLod(tex[index], vec2(0.5), 0.0);
})",
                     "#version 310 es\nprecision mediump float;\nin vec4 color;\nout vec4 o;\nvoid main() { o = color; }\n");
  glUseProgram(p);
  const GLint units[3] = {0, 1, 2};
  glUniform1iv(glGetUniformLocation(p, "tex"), 3, units);
  for (int i = 0; i < 3; ++i) {
    glUniform1i(glGetUniformLocation(p, "index"), i);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    EXPECT_EQ(pixel(16, 16), colors[i]) << "index " << i;
  }
  glDeleteProgram(p);
  glDeleteTextures(3, tex);
}

// imageAtomicAdd, imageLoad and imageStore on elements of one image array
// chosen by a uniform; the images are copied to a buffer with constant
// indices afterwards.
TEST_F(E2eGpuShader5Indexing, ImageArrayLoadStoreAtomicInCompute) {
  const uint32_t init[3][4] = {{1, 2, 3, 4}, {10, 20, 30, 40}, {100, 200, 300, 400}};
  GLuint img[3];
  for (GLuint i = 0; i < 3; ++i) {
    img[i] = uint_image(init[i]);
    glBindImageTexture(i, img[i], 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  }
  GLuint p = compute_program(R"(#version 310 es
#extension GL_EXT_gpu_shader5 : require
#extension GL_OES_shader_image_atomic : require
layout(local_size_x = 2, local_size_y = 2) in;
layout(r32ui, binding = 0) uniform highp uimage2D images[3];
uniform int pick;
void main() {
  ivec2 p = ivec2(gl_LocalInvocationID.xy);
  int next = (pick + 1) % 3, last = (pick + 2) % 3;
  uint before = imageAtomicAdd(images[pick], p, 1000u);
  uint other = imageLoad(images[next], p).x;
  imageStore(images[last], p, uvec4(before + other));
})");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "pick"), 1);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 12 * 4, nullptr);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  GLuint copy = compute_program(R"(#version 310 es
layout(local_size_x = 2, local_size_y = 2) in;
layout(r32ui, binding = 0) uniform readonly highp uimage2D images[3];
layout(std430, binding = 0) buffer Out { uint v[12]; };
void main() {
  ivec2 p = ivec2(gl_LocalInvocationID.xy);
  int t = p.y * 2 + p.x;
  v[t] = imageLoad(images[0], p).x;
  v[4 + t] = imageLoad(images[1], p).x;
  v[8 + t] = imageLoad(images[2], p).x;
})");
  glUseProgram(copy);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> v = read_uints(out, 12);
  // pick 1: images[1] += 1000; images[0] = old images[1] + images[2].
  EXPECT_EQ(v, (std::vector<uint32_t>{110, 220, 330, 440, 1010, 1020, 1030, 1040, 100, 200, 300, 400}));
  glDeleteProgram(p);
  glDeleteProgram(copy);
  glDeleteBuffers(1, &out);
  glDeleteTextures(3, img);
}

// An array of arrays of samplers: each innermost array is its own GL
// uniform ("t[0][0]", "t[1][0]"), units set through either, indexed by
// two uniforms.
TEST_F(E2eGpuShader5Indexing, SamplerArrayOfArrays) {
  const uint32_t colors[6] = {rgba(10, 0, 0, 0), rgba(20, 0, 0, 0), rgba(30, 0, 0, 0),
                              rgba(0, 40, 0, 0), rgba(0, 50, 0, 0), rgba(0, 60, 0, 0)};
  GLuint tex[6];
  for (GLuint i = 0; i < 6; ++i) tex[i] = solid_texture(i, colors[i]);
  GLuint p = program(kFullscreenVs310, R"(#version 310 es
#extension GL_EXT_gpu_shader5 : require
precision highp float;
uniform highp sampler2D t[2][3];
uniform int i;
uniform int j;
out vec4 o;
void main() { o = texture(t[i][j], vec2(0.5)) + texture(t[1 - i][2], vec2(0.5)); })");
  glUseProgram(p);
  GLint size = 0;
  GLenum type = 0;
  char name[32] = {};
  const GLuint index = glGetProgramResourceIndex(p, GL_UNIFORM, "t[1][0]");
  ASSERT_NE(index, GL_INVALID_INDEX);
  glGetActiveUniform(p, index, sizeof(name), nullptr, &size, &type, name);
  EXPECT_STREQ(name, "t[1][0]");
  EXPECT_EQ(size, 3);
  EXPECT_EQ(type, static_cast<GLenum>(GL_SAMPLER_2D));
  // Units in reverse: t[a][b] reads texture 5 - (3a + b).
  const GLint first[3] = {5, 4, 3}, second[3] = {2, 1, 0};
  glUniform1iv(glGetUniformLocation(p, "t[0]"), 3, first);
  glUniform1iv(glGetUniformLocation(p, "t[1][0]"), 3, second);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) {
      glUniform1i(glGetUniformLocation(p, "i"), i);
      glUniform1i(glGetUniformLocation(p, "j"), j);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      const uint32_t expected = colors[5 - (3 * i + j)] + colors[5 - (3 * (1 - i) + 2)];
      EXPECT_EQ(pixel(16, 16), expected) << i << "," << j;
    }
  glDeleteProgram(p);
  glDeleteTextures(6, tex);
}

// An index out of the array's range is undefined in GL; it must not crash
// or hang (Brass takes element 0 where it lowers the indexing).
TEST_F(E2eGpuShader5Indexing, OutOfRangeIndexDoesNotCrash) {
  GLuint tex[2];
  for (GLuint i = 0; i < 2; ++i) tex[i] = solid_texture(i, rgba(0, 255, 0));
  GLuint p = program(kFullscreenVs310, R"(#version 310 es
#extension GL_EXT_gpu_shader5 : require
precision highp float;
uniform highp sampler2D tex[2];
uniform int index;
out vec4 o;
void main() { o = texture(tex[index], vec2(0.5)); })");
  glUseProgram(p);
  const GLint units[2] = {0, 1};
  glUniform1iv(glGetUniformLocation(p, "tex"), 2, units);
  for (int index : {-1, 2, 1000}) {
    glUniform1i(glGetUniformLocation(p, "index"), index);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    (void)pixel(16, 16);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  }
  glDeleteProgram(p);
  glDeleteTextures(2, tex);
}

}  // namespace
}  // namespace brass::e2e
