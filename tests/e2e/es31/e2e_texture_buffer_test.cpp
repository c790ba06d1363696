// EXT/OES_texture_buffer through glvnd: glTexBufferEXT / glTexBufferRangeEXT
// attach a buffer's bytes to a TEXTURE_BUFFER texture; samplerBuffer reads
// them with texelFetch (compute and fragment shaders, float and integer
// formats, textureSize), imageBuffer loads, stores and (with
// OES_shader_image_atomic) counts into them; re-specifying the buffer
// (glBufferData of the same or another size) is what later dispatches see;
// the limits, bindings, level queries and errors are the spec's. Results
// are read back and checked on the CPU.
#include <GLES3/gl32.h>

#include <cstring>
#include <vector>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

// out[i] = texel i (as uint bits of the float) for i < textureSize, and
// out[63] = textureSize.
constexpr const char* kFetchFloatCs = R"(#version 310 es
#extension GL_EXT_texture_buffer : require
layout(local_size_x = 1) in;
uniform highp samplerBuffer tex;
layout(std430, binding = 0) buffer Out { uvec4 v[]; };
void main() {
  int n = textureSize(tex);
  for (int i = 0; i < n && i < 63; ++i) v[i] = floatBitsToUint(texelFetch(tex, i));
  v[63] = uvec4(uint(n));
})";

constexpr const char* kFetchUintCs = R"(#version 310 es
#extension GL_OES_texture_buffer : require
layout(local_size_x = 1) in;
uniform highp usamplerBuffer tex;
layout(std430, binding = 0) buffer Out { uvec4 v[]; };
void main() {
  int n = textureSize(tex);
  for (int i = 0; i < n && i < 63; ++i) v[i] = texelFetch(tex, i);
  v[63] = uvec4(uint(n));
})";

// Texel i of an r32ui imageBuffer becomes 10 * its value + i.
constexpr const char* kImageCs = R"(#version 310 es
#extension GL_EXT_texture_buffer : require
layout(local_size_x = 4) in;
layout(r32ui, binding = 0) uniform highp uimageBuffer img;
void main() {
  int i = int(gl_GlobalInvocationID.x);
  uint old = imageLoad(img, i).x;
  imageStore(img, i, uvec4(old * 10u + uint(i)));
})";

// Every invocation adds 1 to texel (i % 4).
constexpr const char* kAtomicCs = R"(#version 310 es
#extension GL_EXT_texture_buffer : require
#extension GL_OES_shader_image_atomic : require
layout(local_size_x = 16) in;
layout(r32ui, binding = 0) uniform highp uimageBuffer img;
void main() { imageAtomicAdd(img, int(gl_GlobalInvocationID.x % 4u), 1u); })";

constexpr const char* kFetchFs = R"(#version 310 es
#extension GL_EXT_texture_buffer : require
precision highp float;
uniform highp samplerBuffer tex;
out vec4 o;
void main() { o = texelFetch(tex, int(gl_FragCoord.x) % textureSize(tex)); })";

class E2eTextureBuffer : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_EXT_texture_buffer"));
    ASSERT_TRUE(has_extension("GL_OES_texture_buffer"));
    tex_buffer = reinterpret_cast<PFNGLTEXBUFFEREXTPROC>(eglGetProcAddress("glTexBufferEXT"));
    tex_buffer_range = reinterpret_cast<PFNGLTEXBUFFERRANGEOESPROC>(eglGetProcAddress("glTexBufferRangeOES"));
    ASSERT_NE(tex_buffer, nullptr);
    ASSERT_NE(tex_buffer_range, nullptr);
  }

  // Runs `cs` once with the buffer texture on unit 0 and returns the 64
  // uvec4 it wrote.
  std::vector<uint32_t> run_fetch(const char* cs, GLuint texture) {
    GLuint p = compute_program(cs);
    glUseProgram(p);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_BUFFER, texture);
    glUniform1i(glGetUniformLocation(p, "tex"), 0);
    GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 64 * 16);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<uint32_t> v = read_uints(out, 64 * 4);
    glDeleteBuffers(1, &out);
    glUseProgram(0);
    glDeleteProgram(p);
    return v;
  }

  PFNGLTEXBUFFEREXTPROC tex_buffer = nullptr;
  PFNGLTEXBUFFERRANGEOESPROC tex_buffer_range = nullptr;
};

uint32_t bits(float f) {
  uint32_t u = 0;
  std::memcpy(&u, &f, 4);
  return u;
}

TEST_F(E2eTextureBuffer, SamplerBufferReadsTheBuffersTexels) {
  const float data[3][4] = {{1, 2, 3, 4}, {0.5f, -1, 8, 16}, {-2, 0, 0.25f, 7}};
  GLuint b = buffer(GL_TEXTURE_BUFFER, sizeof(data), data);
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_BUFFER, t);
  tex_buffer(GL_TEXTURE_BUFFER, GL_RGBA32F, b);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<uint32_t> v = run_fetch(kFetchFloatCs, t);
  EXPECT_EQ(v[63 * 4], 3u) << "textureSize";
  for (int i = 0; i < 3; ++i)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(v[i * 4 + c], bits(data[i][c])) << i << "." << c;
  glDeleteTextures(1, &t);
  glDeleteBuffers(1, &b);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(E2eTextureBuffer, RangesAndSmallFormatsAndReallocation) {
  GLint align = 0;
  glGetIntegerv(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT, &align);
  ASSERT_GE(align, 1);
  ASSERT_LE(align, 256);
  // R8UI texels 0, 1, 2, ... from byte `align` on, 5 of them.
  std::vector<uint8_t> bytes(static_cast<size_t>(align) + 16);
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i >= size_t(align) ? i - size_t(align) : 200);
  GLuint b = buffer(GL_TEXTURE_BUFFER, GLsizeiptr(bytes.size()), bytes.data());
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_BUFFER, t);
  tex_buffer_range(GL_TEXTURE_BUFFER, GL_R8UI, b, align, 5);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<uint32_t> v = run_fetch(kFetchUintCs, t);
  EXPECT_EQ(v[63 * 4], 5u);
  for (uint32_t i = 0; i < 5; ++i) {
    EXPECT_EQ(v[i * 4 + 0], i);
    EXPECT_EQ(v[i * 4 + 1], 0u) << "missing components are 0";
    EXPECT_EQ(v[i * 4 + 3], 1u) << "and alpha 1";
  }
  // Same size, new contents: the texture sees them (the storage is swapped).
  std::vector<uint8_t> again(bytes.size(), 0);
  for (size_t i = 0; i < 5; ++i) again[size_t(align) + i] = uint8_t(100 + i);
  glBindBuffer(GL_TEXTURE_BUFFER, b);
  glBufferData(GL_TEXTURE_BUFFER, GLsizeiptr(again.size()), again.data(), GL_DYNAMIC_DRAW);
  v = run_fetch(kFetchUintCs, t);
  EXPECT_EQ(v[0], 100u);
  EXPECT_EQ(v[4 * 4], 104u);
  // The whole buffer, then a bigger buffer: more texels, new values.
  tex_buffer(GL_TEXTURE_BUFFER, GL_R32UI, b);
  std::vector<uint32_t> words(20);
  for (uint32_t i = 0; i < 20; ++i) words[i] = 1000 + i;
  glBufferData(GL_TEXTURE_BUFFER, 80, words.data(), GL_DYNAMIC_DRAW);
  v = run_fetch(kFetchUintCs, t);
  EXPECT_EQ(v[63 * 4], 20u);
  EXPECT_EQ(v[0], 1000u);
  EXPECT_EQ(v[19 * 4], 1019u);
  glDeleteTextures(1, &t);
  glDeleteBuffers(1, &b);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(E2eTextureBuffer, FragmentShadersSampleThemToo) {
  const uint8_t texels[2][4] = {{255, 0, 0, 255}, {0, 0, 255, 255}};
  GLuint b = buffer(GL_TEXTURE_BUFFER, sizeof(texels), texels);
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_BUFFER, t);
  tex_buffer(GL_TEXTURE_BUFFER, GL_RGBA8, b);
  GLuint p = program(kFullscreenVs310, kFetchFs);
  glUseProgram(p);
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glViewport(0, 0, kWidth, kHeight);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(0, 0), rgba(255, 0, 0));
  EXPECT_EQ(pixel(1, 0), rgba(0, 0, 255));
  EXPECT_EQ(pixel(4, 7), rgba(255, 0, 0));
  glDeleteVertexArrays(1, &vao);
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &t);
  glDeleteBuffers(1, &b);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(E2eTextureBuffer, ImageBufferLoadsStoresAndAtomics) {
  const uint32_t start[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  GLuint b = buffer(GL_TEXTURE_BUFFER, sizeof(start), start);
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_BUFFER, t);
  tex_buffer(GL_TEXTURE_BUFFER, GL_R32UI, b);
  glBindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint p = compute_program(kImageCs);
  glUseProgram(p);
  glDispatchCompute(2, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  std::vector<uint32_t> v = read_uints(b, 8);
  for (uint32_t i = 0; i < 8; ++i) EXPECT_EQ(v[i], start[i] * 10 + i) << i;
  glUseProgram(0);
  glDeleteProgram(p);

  if (has_extension("GL_OES_shader_image_atomic")) {
    const uint32_t zero[4] = {};
    glBindBuffer(GL_TEXTURE_BUFFER, b);
    glBufferData(GL_TEXTURE_BUFFER, sizeof(zero), zero, GL_DYNAMIC_DRAW);
    p = compute_program(kAtomicCs);
    glUseProgram(p);
    glDispatchCompute(4, 1, 1);  // 64 invocations: 16 per texel
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    v = read_uints(b, 4);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(v[i], 16u) << i;
    glUseProgram(0);
    glDeleteProgram(p);
  }
  glDeleteTextures(1, &t);
  glDeleteBuffers(1, &b);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(E2eTextureBuffer, LimitsBindingsLevelQueriesAndErrors) {
  GLint v = 0;
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &v);
  EXPECT_GE(v, 65536);
  GLuint b = buffer(GL_TEXTURE_BUFFER, 1024);
  glGetIntegerv(GL_TEXTURE_BUFFER_BINDING, &v);
  EXPECT_EQ(v, GLint(b));
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_BUFFER, t);
  glGetIntegerv(GL_TEXTURE_BINDING_BUFFER, &v);
  EXPECT_EQ(v, GLint(t));
  GLint align = 1;
  glGetIntegerv(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT, &align);
  tex_buffer_range(GL_TEXTURE_BUFFER, GL_RGBA16F, b, align, 64);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_DATA_STORE_BINDING, &v);
  EXPECT_EQ(v, GLint(b));
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_OFFSET, &v);
  EXPECT_EQ(v, align);
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_SIZE, &v);
  EXPECT_EQ(v, 64);
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, 8) << "64 bytes of 8-byte texels";
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
  EXPECT_EQ(v, GL_RGBA16F);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  tex_buffer(GL_TEXTURE_2D, GL_RGBA8, b);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "another target";
  tex_buffer(GL_TEXTURE_BUFFER, GL_RGB8, b);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "a format table 8.18 lacks";
  tex_buffer(GL_TEXTURE_BUFFER, GL_RGBA8, 4321);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no such buffer";
  tex_buffer_range(GL_TEXTURE_BUFFER, GL_RGBA8, b, 0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "empty range";
  tex_buffer_range(GL_TEXTURE_BUFFER, GL_RGBA8, b, -4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative offset";
  tex_buffer_range(GL_TEXTURE_BUFFER, GL_RGBA8, b, 0, 1028);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "beyond the buffer";
  if (align > 1) {
    tex_buffer_range(GL_TEXTURE_BUFFER, GL_RGBA8, b, 1, 4);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "unaligned offset";
  }
  glTexParameteri(GL_TEXTURE_BUFFER, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "no parameters";
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 1, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "one level";
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  auto framebuffer_texture =
      reinterpret_cast<PFNGLFRAMEBUFFERTEXTUREEXTPROC>(eglGetProcAddress("glFramebufferTextureEXT"));
  if (framebuffer_texture && has_extension("GL_EXT_geometry_shader")) {
    framebuffer_texture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "not attachable";
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  // Detaching with buffer 0.
  tex_buffer(GL_TEXTURE_BUFFER, GL_RGBA8, 0);
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_BUFFER_DATA_STORE_BINDING, &v);
  EXPECT_EQ(v, 0);
  glDeleteTextures(1, &t);
  glDeleteBuffers(1, &b);
  glGetIntegerv(GL_TEXTURE_BUFFER_BINDING, &v);
  EXPECT_EQ(v, 0) << "deleting a bound buffer unbinds it";
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
