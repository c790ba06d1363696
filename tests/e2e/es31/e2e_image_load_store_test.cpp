// ES 3.1 image load/store through glvnd (GLSL ES 3.10 image built-ins):
// compute and fragment shaders storing into, loading from and counting
// atomically in textures (results read back on the CPU through framebuffers
// and storage buffers), layered and single-layer bindings of array, cube and
// 3D textures, and every image format.
#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "e2e_images_fixture.h"

namespace brass::e2e {
namespace {

TEST_F(E2eImages, ComputeStoresIntoRgba8AndR32uiTextures) {
  GLuint colours = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 16, 16);
  GLuint r32 = storage_texture(GL_TEXTURE_2D, GL_R32UI, 16, 16);
  GLuint store_rgba = compute_program(kStoreRgba8Cs);
  GLuint store_r32 = compute_program(kStoreR32uiCs);
  glBindImageTexture(0, colours, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
  glBindImageTexture(1, r32, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(store_rgba);
  glDispatchCompute(4, 4, 1);
  glUseProgram(store_r32);
  glUniform1ui(glGetUniformLocation(store_r32, "base"), 5000);
  glDispatchCompute(4, 4, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  const std::vector<uint32_t> px = read_rgba8(colours, 16, 16);
  const std::vector<uint32_t> v = read_r32(r32, GL_TEXTURE_2D, 16, 16);
  for (uint32_t y = 0; y < 16; ++y)
    for (uint32_t x = 0; x < 16; ++x) {
      EXPECT_EQ(px[y * 16 + x], rgba(static_cast<uint8_t>(x), static_cast<uint8_t>(y), 255, 0)) << x << "," << y;
      EXPECT_EQ(v[y * 16 + x], 5000 + x + 100 * y) << x << "," << y;
    }
  glDeleteProgram(store_rgba);
  glDeleteProgram(store_r32);
  GLuint names[] = {colours, r32};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, ImageLoadReadsWhatTexSubImageUploaded) {
  std::vector<uint32_t> texels(8 * 8);
  for (uint32_t i = 0; i < texels.size(); ++i) texels[i] = i * 977u + 3u;
  GLuint r32 = storage_texture(GL_TEXTURE_2D, GL_R32UI, 8, 8);
  upload_r32ui(GL_TEXTURE_2D, 8, 8, 1, texels);
  // An RGBA8 texture read both as normalized floats and, by texel size, as
  // one 32-bit unsigned integer per texel.
  std::vector<uint32_t> colours(4 * 4);
  for (uint32_t i = 0; i < colours.size(); ++i) colours[i] = rgba(uint8_t(i * 16), uint8_t(255 - i), uint8_t(i), 128);
  GLuint colour_tex = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 4, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, colours.data());
  GLuint prog = compute_program(R"(#version 310 es
layout(local_size_x = 8, local_size_y = 8) in;
layout(r32ui, binding = 0) readonly uniform highp uimage2D ints;
layout(rgba8, binding = 1) readonly uniform highp image2D colours;
layout(r32ui, binding = 2) readonly uniform highp uimage2D raw;
layout(std430, binding = 0) buffer Out { uint loaded[64]; uint bytes[16]; uint raw_bits[16]; };
void main() {
  ivec2 p = ivec2(gl_LocalInvocationID.xy);
  loaded[p.y * 8 + p.x] = imageLoad(ints, p).x;
  if (p.x < 4 && p.y < 4) {
    uvec4 c = uvec4(round(imageLoad(colours, p) * 255.0));
    bytes[p.y * 4 + p.x] = c.r | c.g << 8 | c.b << 16 | c.a << 24;
    raw_bits[p.y * 4 + p.x] = imageLoad(raw, p).x;
  }
})");
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, (64 + 16 + 16) * 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  glBindImageTexture(0, r32, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
  glBindImageTexture(1, colour_tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  glBindImageTexture(2, colour_tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
  glUseProgram(prog);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> v = read_uints(out, 64 + 16 + 16);
  for (uint32_t i = 0; i < 64; ++i) EXPECT_EQ(v[i], texels[i]) << i;
  for (uint32_t i = 0; i < 16; ++i) {
    EXPECT_EQ(v[64 + i], colours[i]) << i;
    EXPECT_EQ(v[80 + i], colours[i]) << "RGBA8 bits as R32UI, " << i;
  }
  glDeleteProgram(prog);
  glDeleteBuffers(1, &out);
  GLuint names[] = {r32, colour_tex};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, ImageAtomicsCountExactly) {
  if (!has_extension("GL_OES_shader_image_atomic")) GTEST_SKIP() << "no GL_OES_shader_image_atomic";
  // 8 groups of 64 invocations: each adds 1 to one of 4 R32UI texels (128
  // adds each) and subtracts 3 from one of 4 R32I texels; the values the
  // unsigned adds return are each old count exactly once.
  GLuint counts = storage_texture(GL_TEXTURE_2D, GL_R32UI, 4, 1);
  upload_r32ui(GL_TEXTURE_2D, 4, 1, 1, {0, 0, 0, 1000});
  GLuint signed_counts = storage_texture(GL_TEXTURE_2D, GL_R32I, 4, 1);
  const GLint zero[4] = {0, 0, 0, 0};
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 1, GL_RED_INTEGER, GL_INT, zero);
  GLuint prog = compute_program(R"(#version 310 es
#extension GL_OES_shader_image_atomic : require
layout(local_size_x = 64) in;
layout(r32ui, binding = 0) coherent uniform highp uimage2D counts;
layout(r32i, binding = 3) coherent uniform highp iimage2D signed_counts;
layout(std430, binding = 0) buffer Seen { uint seen[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  int texel = int(i % 4u);
  uint old = imageAtomicAdd(counts, ivec2(texel, 0), 1u);
  seen[i] = uint(texel) << 16 | old;
  imageAtomicAdd(signed_counts, ivec2(texel, 0), -3);
  imageAtomicMax(signed_counts, ivec2(3, 0), 0);
})");
  GLuint seen = buffer(GL_SHADER_STORAGE_BUFFER, 512 * 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, seen);
  glBindImageTexture(0, counts, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  glBindImageTexture(3, signed_counts, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32I);
  glUseProgram(prog);
  glDispatchCompute(8, 1, 1);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  const std::vector<uint32_t> c = read_r32(counts, GL_TEXTURE_2D, 4, 1);
  EXPECT_EQ(c, (std::vector<uint32_t>{128, 128, 128, 1128}));
  const std::vector<uint32_t> s = read_r32(signed_counts, GL_TEXTURE_2D, 4, 1, 0, 0, true);
  for (int t = 0; t < 3; ++t) EXPECT_EQ(static_cast<int32_t>(s[static_cast<size_t>(t)]), -384) << t;
  // Texel 3 takes max(x, 0) after each invocation's subtraction, and the
  // last operation on it is such a max: whatever the order, it ends at 0.
  EXPECT_EQ(static_cast<int32_t>(s[3]), 0);
  std::vector<uint32_t> v = read_uints(seen, 512);
  std::sort(v.begin(), v.end());
  for (uint32_t t = 0; t < 4; ++t)
    for (uint32_t k = 0; k < 128; ++k) EXPECT_EQ(v[t * 128 + k], t << 16 | (k + (t == 3 ? 1000u : 0u))) << t << "," << k;
  glDeleteProgram(prog);
  glDeleteBuffers(1, &seen);
  GLuint names[] = {counts, signed_counts};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, ImageAtomicExchangeAndCompSwap) {
  if (!has_extension("GL_OES_shader_image_atomic")) GTEST_SKIP() << "no GL_OES_shader_image_atomic";
  // One invocation per texel: exchange on r32f returns the uploaded value;
  // compare-exchange on r32ui swaps only where the comparison holds.
  GLuint floats = storage_texture(GL_TEXTURE_2D, GL_R32F, 4, 1);
  const float initial[4] = {0.5f, -2.0f, 1e10f, 3.25f};
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 1, GL_RED, GL_FLOAT, initial);
  GLuint uints = storage_texture(GL_TEXTURE_2D, GL_R32UI, 4, 1);
  upload_r32ui(GL_TEXTURE_2D, 4, 1, 1, {10, 11, 12, 13});
  GLuint prog = compute_program(R"(#version 310 es
#extension GL_OES_shader_image_atomic : require
layout(local_size_x = 4) in;
layout(r32f, binding = 0) uniform highp image2D floats;
layout(r32ui, binding = 1) uniform highp uimage2D uints;
layout(std430, binding = 0) buffer Out { float old_float[4]; uint old_uint[4]; };
void main() {
  int i = int(gl_LocalInvocationID.x);
  old_float[i] = imageAtomicExchange(floats, ivec2(i, 0), float(i) * 100.0);
  old_uint[i] = imageAtomicCompSwap(uints, ivec2(i, 0), uint(10 + (i & 1) * 2), 99u);
})");
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 8 * 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  glBindImageTexture(0, floats, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32F);
  glBindImageTexture(1, uints, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  glUseProgram(prog);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  const std::vector<uint32_t> v = read_uints(out, 8);
  for (int i = 0; i < 4; ++i) {
    float f = 0;
    std::memcpy(&f, &v[static_cast<size_t>(i)], 4);
    EXPECT_EQ(f, initial[i]) << i;
  }
  EXPECT_EQ(std::vector<uint32_t>(v.begin() + 4, v.end()), (std::vector<uint32_t>{10, 11, 12, 13}));
  // Texel i compared against 10 + 2 * (i & 1): texels 0 (10) swapped,
  // 1 (11 != 12) not, 2 (12 != 10) not, 3 (13 != 12) not.
  EXPECT_EQ(read_r32(uints, GL_TEXTURE_2D, 4, 1), (std::vector<uint32_t>{99, 11, 12, 13}));
  // The exchanged floats, read back as floats through a sampler-free path:
  // a load in a second dispatch.
  GLuint load = compute_program(R"(#version 310 es
layout(local_size_x = 4) in;
layout(r32f, binding = 0) readonly uniform highp image2D floats;
layout(std430, binding = 0) buffer Out { float values[4]; };
void main() { values[gl_LocalInvocationID.x] = imageLoad(floats, ivec2(gl_LocalInvocationID.x, 0)).x; })");
  glUseProgram(load);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  const std::vector<uint32_t> w = read_uints(out, 4);
  for (int i = 0; i < 4; ++i) {
    float f = 0;
    std::memcpy(&f, &w[static_cast<size_t>(i)], 4);
    EXPECT_EQ(f, static_cast<float>(i) * 100.0f) << i;
  }
  glDeleteProgram(prog);
  glDeleteProgram(load);
  glDeleteBuffers(1, &out);
  GLuint names[] = {floats, uints};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, FragmentShaderWritesAnImage) {
  if (integer(GL_MAX_FRAGMENT_IMAGE_UNIFORMS) < 1) GTEST_SKIP() << "no fragment image uniforms on this device";
  GLuint target = storage_texture(GL_TEXTURE_2D, GL_R32UI, kWidth, kHeight);
  GLuint second = storage_texture(GL_TEXTURE_2D, GL_R32UI, kWidth, kHeight);
  GLuint prog = program(kFullscreenVs310, R"(#version 310 es
precision mediump float;
layout(r32ui, binding = 2) writeonly uniform highp uimage2D img;
uniform highp uint base;
out vec4 colour;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  imageStore(img, p, uvec4(base + uint(p.x) + 1000u * uint(p.y)));
  colour = vec4(0.0, 1.0, 0.0, 1.0);
})");
  glBindImageTexture(2, target, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(prog);
  glUniform1ui(glGetUniformLocation(prog, "base"), 0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // Only the unit changes before the next draw: it writes the other texture.
  glBindImageTexture(2, second, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUniform1ui(glGetUniformLocation(prog, "base"), 500000);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0)) << "the fragment shader's colour output";
  const std::vector<uint32_t> v = read_r32(target, GL_TEXTURE_2D, kWidth, kHeight);
  const std::vector<uint32_t> w = read_r32(second, GL_TEXTURE_2D, kWidth, kHeight);
  for (uint32_t y = 0; y < kHeight; ++y)
    for (uint32_t x = 0; x < kWidth; ++x) {
      EXPECT_EQ(v[y * kWidth + x], x + 1000 * y) << x << "," << y;
      EXPECT_EQ(w[y * kWidth + x], 500000 + x + 1000 * y) << x << "," << y;
    }
  glDeleteProgram(prog);
  GLuint names[] = {target, second};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, FragmentStoresIntoAFramebufferWithoutAttachments) {
  // The ES 3.1 pattern of rasterizing only for the fragment shader's side
  // effects: a 16x8 framebuffer with no attachments, every fragment
  // storing its position.
  if (integer(GL_MAX_FRAGMENT_IMAGE_UNIFORMS) < 1) GTEST_SKIP() << "no fragment image uniforms on this device";
  GLuint target = storage_texture(GL_TEXTURE_2D, GL_R32UI, 16, 8);
  GLuint prog = program(kFullscreenVs310, R"(#version 310 es
precision mediump float;
layout(r32ui, binding = 0) writeonly uniform highp uimage2D img;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  imageStore(img, p, uvec4(uint(p.x) + 100u * uint(p.y) + 1u));
})");
  GLuint fbo = 0;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 16);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 8);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 16, 8);
  glBindImageTexture(0, target, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, kWidth, kHeight);
  const std::vector<uint32_t> v = read_r32(target, GL_TEXTURE_2D, 16, 8);
  for (uint32_t y = 0; y < 8; ++y)
    for (uint32_t x = 0; x < 16; ++x) EXPECT_EQ(v[y * 16 + x], x + 100 * y + 1) << x << "," << y;
  glDeleteFramebuffers(1, &fbo);
  glDeleteProgram(prog);
  glDeleteTextures(1, &target);
}

TEST_F(E2eImages, LayeredAndSingleLayerBindingsOfA2DArray) {
  constexpr int kLayers = 3;
  GLuint array = storage_texture(GL_TEXTURE_2D_ARRAY, GL_R32UI, 4, 4, kLayers);
  upload_r32ui(GL_TEXTURE_2D_ARRAY, 4, 4, kLayers, std::vector<uint32_t>(4 * 4 * kLayers, 1));
  // Layered: every layer through an image2DArray.
  GLuint all = compute_program(R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4, local_size_z = 3) in;
layout(r32ui, binding = 0) writeonly uniform highp uimage2DArray img;
void main() {
  uvec3 p = gl_LocalInvocationID;
  imageStore(img, ivec3(p), uvec4(100u * p.z + 10u * p.y + p.x));
})");
  glBindImageTexture(0, array, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(all);
  glDispatchCompute(1, 1, 1);
  // Not layered: layer 1 alone, as an image2D.
  GLuint one = compute_program(R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4) in;
layout(r32ui, binding = 1) uniform highp uimage2D img;
void main() {
  ivec2 p = ivec2(gl_LocalInvocationID.xy);
  imageStore(img, p, imageLoad(img, p) + uvec4(5000u));
})");
  glBindImageTexture(1, array, 0, GL_FALSE, 1, GL_READ_WRITE, GL_R32UI);
  glUseProgram(one);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  for (int layer = 0; layer < kLayers; ++layer) {
    const std::vector<uint32_t> v = read_r32(array, GL_TEXTURE_2D_ARRAY, 4, 4, layer);
    for (uint32_t y = 0; y < 4; ++y)
      for (uint32_t x = 0; x < 4; ++x)
        EXPECT_EQ(v[y * 4 + x], 100u * uint32_t(layer) + 10 * y + x + (layer == 1 ? 5000u : 0u))
            << layer << ":" << x << "," << y;
  }
  glDeleteProgram(all);
  glDeleteProgram(one);
  glDeleteTextures(1, &array);
}

TEST_F(E2eImages, LayeredCubeMapAndOneFace) {
  GLuint cube = storage_texture(GL_TEXTURE_CUBE_MAP, GL_R32UI, 4, 4);
  GLuint faces = compute_program(R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4, local_size_z = 6) in;
layout(r32ui, binding = 0) writeonly uniform highp uimageCube img;
void main() {
  uvec3 p = gl_LocalInvocationID;
  imageStore(img, ivec3(p), uvec4(1000u * (p.z + 1u) + 4u * p.y + p.x));
})");
  glBindImageTexture(0, cube, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(faces);
  glDispatchCompute(1, 1, 1);
  // Face 4 (+Z) alone as a 2D image.
  GLuint face = compute_program(R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4) in;
layout(r32ui, binding = 0) writeonly uniform highp uimage2D img;
void main() { imageStore(img, ivec2(gl_LocalInvocationID.xy), uvec4(7u)); })");
  glBindImageTexture(0, cube, 0, GL_FALSE, 4, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(face);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  for (int f = 0; f < 6; ++f) {
    const std::vector<uint32_t> v = read_r32(cube, GL_TEXTURE_CUBE_MAP, 4, 4, f);
    for (uint32_t i = 0; i < 16; ++i)
      EXPECT_EQ(v[i], f == 4 ? 7u : 1000u * uint32_t(f + 1) + i) << "face " << f << ", texel " << i;
  }
  glDeleteProgram(faces);
  glDeleteProgram(face);
  glDeleteTextures(1, &cube);
}

TEST_F(E2eImages, LayeredBindingOfA3DTexture) {
  GLuint volume = storage_texture(GL_TEXTURE_3D, GL_R32UI, 4, 4, 3);
  GLuint prog = compute_program(R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4, local_size_z = 3) in;
layout(r32ui, binding = 0) writeonly uniform highp uimage3D img;
void main() {
  uvec3 p = gl_LocalInvocationID;
  imageStore(img, ivec3(p), uvec4(100u * p.z + 10u * p.y + p.x));
})");
  glBindImageTexture(0, volume, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R32UI);
  glUseProgram(prog);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  for (int slice = 0; slice < 3; ++slice) {
    const std::vector<uint32_t> v = read_r32(volume, GL_TEXTURE_3D, 4, 4, slice);
    for (uint32_t i = 0; i < 16; ++i) EXPECT_EQ(v[i], 100u * uint32_t(slice) + 10 * (i / 4) + i % 4) << slice << ":" << i;
  }
  glDeleteProgram(prog);
  glDeleteTextures(1, &volume);
}

TEST_F(E2eImages, EveryImageFormatStoresAndLoads) {
  // Each format of table 8.27: a store then a load of one texel, the loaded
  // value written to a storage buffer as the shader's vector type.
  struct Case {
    GLenum format;
    const char* qualifier;
    const char* prefix;  // "", "i", "u": the image and vector type
    const char* value;   // what is stored
    float expected[4];   // what a load returns
  };
  const Case cases[] = {
      {GL_RGBA32F, "rgba32f", "", "vec4(1.5, -2.25, 1e20, -0.0)", {1.5f, -2.25f, 1e20f, -0.0f}},
      {GL_RGBA16F, "rgba16f", "", "vec4(1.5, -2.25, 1024.0, 0.125)", {1.5f, -2.25f, 1024.0f, 0.125f}},
      {GL_R32F, "r32f", "", "vec4(3.75, 9.0, 9.0, 9.0)", {3.75f, 0.0f, 0.0f, 1.0f}},
      // 0.5 is 127.5 steps: Vulkan lets the store round either way (the
      // comparison below allows one step for normalized formats).
      {GL_RGBA8, "rgba8", "", "vec4(0.0, 1.0, 0.5, 2.0)", {0.0f, 1.0f, 128.0f / 255.0f, 1.0f}},
      {GL_RGBA8_SNORM, "rgba8_snorm", "", "vec4(-1.0, 1.0, 0.0, -2.0)", {-1.0f, 1.0f, 0.0f, -1.0f}},
      {GL_RGBA32UI, "rgba32ui", "u", "uvec4(1u, 4000000000u, 7u, 0u)", {1, 4000000000.0f, 7, 0}},
      {GL_RGBA16UI, "rgba16ui", "u", "uvec4(1u, 65535u, 7u, 300u)", {1, 65535, 7, 300}},
      {GL_RGBA8UI, "rgba8ui", "u", "uvec4(1u, 255u, 7u, 200u)", {1, 255, 7, 200}},
      {GL_R32UI, "r32ui", "u", "uvec4(123456u, 9u, 9u, 9u)", {123456, 0, 0, 1}},
      {GL_RGBA32I, "rgba32i", "i", "ivec4(-1, 2000000000, -7, 0)", {-1, 2000000000.0f, -7, 0}},
      {GL_RGBA16I, "rgba16i", "i", "ivec4(-1, 32767, -32768, 300)", {-1, 32767, -32768, 300}},
      {GL_RGBA8I, "rgba8i", "i", "ivec4(-1, 127, -128, 100)", {-1, 127, -128, 100}},
      {GL_R32I, "r32i", "i", "ivec4(-123456, 9, 9, 9)", {-123456, 0, 0, 1}},
  };
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 16);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.qualifier);
    // ES 3.1 reads and writes one image variable only in the r32 formats:
    // a writeonly store, then a readonly load in a second dispatch.
    const std::string p = c.prefix;
    const std::string head = "#version 310 es\nlayout(local_size_x = 1) in;\nlayout(" + std::string(c.qualifier) +
                             ", binding = 0) ";
    const std::string store = head + "writeonly uniform highp " + p + "image2D img;\nvoid main() { imageStore(img, " +
                              "ivec2(0), " + c.value + "); }\n";
    const std::string load = head + "readonly uniform highp " + p + "image2D img;\n" +
                             "layout(std430, binding = 0) buffer Out { highp " + p + "vec4 loaded; };\n" +
                             "void main() { loaded = imageLoad(img, ivec2(0)); }\n";
    GLuint store_prog = compute_program(store.c_str());
    GLuint load_prog = compute_program(load.c_str());
    GLuint tex = storage_texture(GL_TEXTURE_2D, c.format, 1, 1);
    glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_READ_WRITE, c.format);
    glUseProgram(store_prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    glUseProgram(load_prog);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const std::vector<uint32_t> v = read_uints(out, 4);
    for (int k = 0; k < 4; ++k) {
      const uint32_t bits = v[static_cast<size_t>(k)];
      float got = 0;
      if (p.empty()) std::memcpy(&got, &bits, 4);
      else if (p == "u") got = static_cast<float>(bits);
      else got = static_cast<float>(static_cast<int32_t>(bits));
      const bool normalized = c.format == GL_RGBA8 || c.format == GL_RGBA8_SNORM;
      if (normalized) EXPECT_NEAR(got, c.expected[k], 1.0f / 255.0f + 1e-6f) << "component " << k;
      else EXPECT_EQ(got, c.expected[k]) << "component " << k;
    }
    glDeleteProgram(store_prog);
    glDeleteProgram(load_prog);
    glDeleteTextures(1, &tex);
  }
  glDeleteBuffers(1, &out);
}

}  // namespace
}  // namespace brass::e2e
