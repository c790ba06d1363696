// Desktop GL 4.x pieces a 3.3 core context has as ARB extensions: compute
// dispatch through the path piglit's shader_runner takes (glUniform1i on an
// image uniform, an RGBA8 texture uploaded from floats, glBindImageTexture,
// a framebuffer read back), the desktop GLSL forms the source rewrites
// accept (layout(binding) under the atomic-counter and storage-buffer
// extensions below 4.20, GLSL 1.30 with ARB_draw_instanced and
// ARB_explicit_attrib_location), glClearBuffer(Sub)Data in several formats,
// the invalidation commands' errors, and glMultiDraw*Indirect(Count).
// Results are read back on the CPU.
#include <array>
#include <cstring>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCore4x : public GlCoreTest {
 protected:
  // The bytes of ARRAY_BUFFER's buffer.
  static std::vector<uint8_t> contents(GLsizeiptr size) {
    std::vector<uint8_t> out(static_cast<size_t>(size), 0xcd);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, size, out.data());
    return out;
  }
  // Whether vs and fs link (the fixture's program() reports a failure).
  static bool links(const char* vs, const char* fs) {
    const GLuint p = program(vs, fs);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    glDeleteProgram(p);
    return ok != 0;
  }
};

TEST_F(GlCore4x, ExtensionsAreListed) {
  for (const char* name : {"GL_ARB_clear_buffer_object", "GL_ARB_invalidate_subdata", "GL_ARB_multi_draw_indirect",
                           "GL_ARB_indirect_parameters"})
    EXPECT_TRUE(has_extension(name)) << name;
}

TEST_F(GlCore4x, ComputeWritesImageUnitSetWithUniform1i) {
  // shader_runner's cs-* tests: `texture rgbw 0 (5, 1) GL_RGBA8` (floats
  // uploaded into RGBA8), `uniform int tex 0`, `image texture 0 GL_RGBA8`,
  // `fb tex 2d 0`, `compute 1 1 1`, `probe`. Here two image uniforms with
  // their units swapped by glUniform1i (desktop GL 4.6 §7.6.1).
  constexpr int kW = 5;
  std::array<GLuint, 2> tex{};
  glGenTextures(2, tex.data());
  const std::vector<float> blue(kW * 4, 0.0f);
  for (GLuint t : tex) {
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kW, 1, 0, GL_RGBA, GL_FLOAT, blue.data());
  }
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLuint p = compute_program(R"(#version 330
#extension GL_ARB_compute_shader : require
layout(local_size_x = 5) in;
layout(rgba8) writeonly uniform image2D first;
layout(rgba8) writeonly uniform image2D second;
void main() {
  ivec2 c = ivec2(gl_GlobalInvocationID.xy);
  imageStore(first, c, vec4(0.0, 1.0, 0.0, 1.0));
  imageStore(second, c, vec4(1.0, 0.0, 0.0, 1.0));
})");
  glUseProgram(p);
  const GLint first = glGetUniformLocation(p, "first"), second = glGetUniformLocation(p, "second");
  ASSERT_GE(first, 0);
  ASSERT_GE(second, 0);
  glUniform1i(first, 1);
  glUniform1i(second, 0);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint unit = -1;
  glGetUniformiv(p, first, &unit);
  EXPECT_EQ(unit, 1);
  // Units past MAX_IMAGE_UNITS, and the float forms, are refused.
  GLint max_units = 0;
  glGetIntegerv(GL_MAX_IMAGE_UNITS, &max_units);
  glUniform1i(first, max_units);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glUniform1f(first, 0.0f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetUniformiv(p, first, &unit);
  EXPECT_EQ(unit, 1);

  glBindImageTexture(0, tex[0], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
  glBindImageTexture(1, tex[1], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLuint fbo = 0;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  for (int i = 0; i < 2; ++i) {
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[i], 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    // Unit 0 (tex[0]) is `second`'s: red; unit 1 (tex[1]) `first`'s: green.
    const uint32_t expected = i == 0 ? rgba(255, 0, 0) : rgba(0, 255, 0);
    for (int x = 0; x < kW; ++x) EXPECT_EQ(pixel(x, 0), expected) << "texture " << i << " x " << x;
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteProgram(p);
  glDeleteTextures(2, tex.data());
}

TEST_F(GlCore4x, BindingLayoutsUnderAtomicCounterAndStorageExtensions) {
  // ARB_shader_atomic_counters and ARB_shader_storage_buffer_object give
  // their objects layout(binding) in GLSL 1.40 and 3.30.
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 140
#extension GL_ARB_shader_atomic_counters : require
layout(binding = 0) uniform atomic_uint xs[4];
uniform uint y;
out ivec4 fcolor;
void main() { fcolor.x = int(y + atomicCounter((xs[1]))); })"));
  EXPECT_TRUE(links(R"(#version 330
in vec4 pos;
void main() { gl_Position = pos; })",
                    R"(#version 330
#extension GL_ARB_shader_storage_buffer_object : require
#extension GL_ARB_shader_atomic_counters : require
layout(binding = 0, std430) buffer block { uint value; };
layout(binding = 0) uniform atomic_uint counter;
out vec4 color;
void main() { atomicMax(value, 3u); atomicCounterIncrement(counter); color = vec4(1.0); })"));
  // Without either extension the qualifier still needs 4.20 (or 420pack).
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 140
layout(binding = 0) uniform sampler2D s;
out vec4 c;
void main() { c = texture(s, vec2(0.0)); })",
                        false));
}

TEST_F(GlCore4x, Glsl130WithDrawInstancedAndExplicitAttribLocation) {
  // gl_InstanceIDARB (ARB_draw_instanced) and layout(location) (ARB_explicit_
  // attrib_location) in GLSL 1.30, drawn: the instance index picks a colour.
  const char* vs = R"(#version 130
#extension GL_ARB_draw_instanced : enable
#extension GL_ARB_explicit_attrib_location : require
layout(location = 0) in vec2 pos;
out vec4 color;
void main() {
  color = gl_InstanceIDARB == 1 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
  gl_Position = vec4(pos, 0.0, 1.0);
})";
  const char* fs = R"(#version 130
in vec4 color;
out vec4 c;
void main() { c = color; })";
  GLuint p = program(vs, fs);
  const float quad[] = {-1, -1, 1, -1, -1, 1, 1, -1, 1, 1, -1, 1};
  GLuint vbo = buffer(GL_ARRAY_BUFFER, sizeof(quad), quad);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glUseProgram(p);
  glDrawArraysInstanced(GL_TRIANGLES, 0, 6, 2);  // the second instance is drawn last
  EXPECT_EQ(pixel(3, 3), rgba(0, 255, 0));
  glDeleteProgram(p);
  glDeleteBuffers(1, &vbo);
}

TEST_F(GlCore4x, ClearBufferDataConvertsToTheInternalFormat) {
  constexpr GLsizeiptr kSize = 48;
  GLuint b = buffer(GL_ARRAY_BUFFER, kSize, nullptr);
  // RGBA8 from floats: each 4-byte element is the normalized bytes.
  const float rgba_f[4] = {1.0f, 0.0f, 0.5f, 1.0f};
  glClearBufferData(GL_ARRAY_BUFFER, GL_RGBA8, GL_RGBA, GL_FLOAT, rgba_f);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::vector<uint8_t> got = contents(kSize);
  for (GLsizeiptr i = 0; i < kSize; i += 4) {
    EXPECT_EQ(got[i], 255);
    EXPECT_EQ(got[i + 1], 0);
    EXPECT_EQ(got[i + 2], 128);
    EXPECT_EQ(got[i + 3], 255);
  }
  // RGB32F (12 bytes, not a power of two) over part of the buffer.
  const float rgb[3] = {1.5f, -2.0f, 3.25f};
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_RGB32F, 12, 24, GL_RGB, GL_FLOAT, rgb);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  got = contents(kSize);
  for (int e = 0; e < 2; ++e) {
    float v[3];
    std::memcpy(v, got.data() + 12 + 12 * e, sizeof(v));
    EXPECT_EQ(v[0], 1.5f);
    EXPECT_EQ(v[1], -2.0f);
    EXPECT_EQ(v[2], 3.25f);
  }
  EXPECT_EQ(got[0], 255);   // before the range: untouched
  EXPECT_EQ(got[36], 255);  // after it
  // R32UI from an unsigned integer; R16 from an unsigned byte (normalized:
  // 0x80 -> 0x8080); no data: zeros.
  const GLuint u = 0xdeadbeefu;
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, 0, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, &u);
  const GLubyte half = 0x80;
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_R16, 8, 4, GL_RED, GL_UNSIGNED_BYTE, &half);
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_R8, 40, 8, GL_RED, GL_UNSIGNED_BYTE, nullptr);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  got = contents(kSize);
  GLuint w0 = 0, w1 = 0;
  std::memcpy(&w0, got.data(), 4);
  std::memcpy(&w1, got.data() + 4, 4);
  EXPECT_EQ(w0, 0xdeadbeefu);
  EXPECT_EQ(w1, 0xdeadbeefu);
  EXPECT_EQ(got[8], 0x80);
  EXPECT_EQ(got[9], 0x80);
  for (int i = 40; i < 48; ++i) EXPECT_EQ(got[i], 0) << i;
  glDeleteBuffers(1, &b);
}

TEST_F(GlCore4x, ClearBufferErrors) {
  const uint8_t zero[16] = {};
  // No buffer bound: INVALID_VALUE (ARB_clear_buffer_object).
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glClearBufferData(GL_ARRAY_BUFFER, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, zero);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLuint b = buffer(GL_ARRAY_BUFFER, 1024 - 4, nullptr);
  glClearBufferData(GL_INVALID_ENUM, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, zero);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // Not a buffer-texture format.
  glClearBufferData(GL_ARRAY_BUFFER, GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, zero);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glClearBufferData(GL_ARRAY_BUFFER, GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, zero);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // The buffer's 1020 bytes are not a whole number of 8-byte elements.
  glClearBufferData(GL_ARRAY_BUFFER, GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT, zero);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  for (auto [offset, size] : {std::pair<GLintptr, GLsizeiptr>{-8, 16}, {16, -8}, {1016, 8}, {4, 8}, {8, 12}}) {
    glClearBufferSubData(GL_ARRAY_BUFFER, GL_RGBA16, offset, size, GL_RGBA, GL_UNSIGNED_SHORT, zero);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE)) << offset << " " << size;
  }
  // Integer data for a normalized format, and the reverse.
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_RGBA8, 0, 16, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, zero);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_RGBA8UI, 0, 16, GL_RGBA, GL_UNSIGNED_BYTE, zero);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Mapped (not persistently): INVALID_OPERATION; zero-sized ranges are fine.
  glMapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_WRITE_BIT);
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_R8, 0, 4, GL_RED, GL_UNSIGNED_BYTE, zero);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUnmapBuffer(GL_ARRAY_BUFFER);
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_R8, 1020, 0, GL_RED, GL_UNSIGNED_BYTE, zero);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteBuffers(1, &b);
}

TEST_F(GlCore4x, InvalidationErrorsAndKeptContents) {
  GLuint b = 0;
  glGenBuffers(1, &b);
  // A generated name is a buffer only once bound.
  glInvalidateBufferData(b);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glInvalidateBufferSubData(b, 0, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  uint8_t data[1024];
  for (int i = 0; i < 1024; ++i) data[i] = static_cast<uint8_t>(i * 7);
  glBindBuffer(GL_ARRAY_BUFFER, b);
  glBufferData(GL_ARRAY_BUFFER, sizeof(data), data, GL_STREAM_DRAW);
  glInvalidateBufferSubData(b, 0, 1024);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (auto [offset, length] : {std::pair<GLintptr, GLsizeiptr>{-1, 0}, {0, -1}, {1023, 2}}) {
    glInvalidateBufferSubData(b, offset, length);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE)) << offset << " " << length;
  }
  // A range meeting a (non-persistent) map is refused; others are not.
  glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(data), data);
  glMapBufferRange(GL_ARRAY_BUFFER, 256, 256, GL_MAP_WRITE_BIT);
  glInvalidateBufferSubData(b, 0, 256);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glInvalidateBufferSubData(b, 240, 100);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glInvalidateBufferData(b);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUnmapBuffer(GL_ARRAY_BUFFER);
  // A partial invalidation leaves the bytes as they were (Brass keeps them).
  std::vector<uint8_t> got = contents(sizeof(data));
  EXPECT_EQ(std::memcmp(got.data(), data, sizeof(data)), 0);
  glDeleteBuffers(1, &b);

  GLuint t = 0;
  glGenTextures(1, &t);
  glInvalidateTexImage(t, 0);  // never bound: not a texture yet
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glInvalidateTexImage(t, 0);
  glInvalidateTexSubImage(t, 0, 2, 1, 0, 6, 3, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glInvalidateTexImage(t, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glInvalidateTexImage(t, 40);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glInvalidateTexSubImage(t, 0, 4, 0, 0, 5, 1, 1);  // past the width
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glInvalidateTexSubImage(t, 0, 0, 0, 1, 1, 1, 1);  // a 2D texture has one slice
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glInvalidateTexSubImage(t, 0, 0, 0, 0, -1, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glInvalidateTexImage(0, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteTextures(1, &t);
}

TEST_F(GlCore4x, TessellationBelowGl40ThroughTheExtension) {
  // Tessellation is core in GL 4.0; below it ARB_tessellation_shader gives
  // a 3.3 context the stages and the patch parameters
  // (e2e_gl_core_tessellation_test.cpp draws with them).
  EXPECT_TRUE(has_extension("GL_ARB_tessellation_shader"));
  const GLuint s = glCreateShader(GL_TESS_EVALUATION_SHADER);
  EXPECT_NE(s, 0u);
  glDeleteShader(s);
  const GLfloat levels[4] = {2, 2, 2, 2};
  glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, levels);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLfloat got[4] = {};
  glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, got);
  EXPECT_EQ(got[3], 2.0f);
}

class GlCore4xMultiDraw : public GlCore4x {
 protected:
  // Four columns of the viewport, each two triangles (6 vertices) in
  // `vbo`; the fragment shader writes white.
  void SetUp() override {
    GlCore4x::SetUp();
    std::vector<float> v;
    for (int col = 0; col < 4; ++col) {
      const float x0 = -1.0f + 0.5f * static_cast<float>(col), x1 = x0 + 0.5f;
      for (float f : {x0, -1.0f, x1, -1.0f, x0, 1.0f, x1, -1.0f, x1, 1.0f, x0, 1.0f}) v.push_back(f);
    }
    vbo = buffer(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(v.size() * sizeof(float)), v.data());
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    prog = program(R"(#version 330 core
layout(location = 0) in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })",
                   R"(#version 330 core
out vec4 c;
void main() { c = vec4(1.0); })");
    glUseProgram(prog);
  }
  void TearDown() override {
    glDeleteProgram(prog);
    glDeleteBuffers(1, &vbo);
    GlCore4x::TearDown();
  }
  void clear() {
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  // Which of the four columns are white, as a bit mask.
  unsigned drawn_columns() {
    unsigned mask = 0;
    for (int col = 0; col < 4; ++col)
      if (pixel(col * kWidth / 4 + kWidth / 8, kHeight / 2) == rgba(255, 255, 255)) mask |= 1u << col;
    return mask;
  }
  GLuint vbo = 0, prog = 0;
  // glvnd's libOpenGL predates GL 4.6: a 3.3 application reaches the
  // commands by their ARB_indirect_parameters names.
  PFNGLMULTIDRAWARRAYSINDIRECTCOUNTPROC draw_arrays_count = reinterpret_cast<PFNGLMULTIDRAWARRAYSINDIRECTCOUNTPROC>(
      eglGetProcAddress("glMultiDrawArraysIndirectCountARB"));
  PFNGLMULTIDRAWELEMENTSINDIRECTCOUNTPROC draw_elements_count =
      reinterpret_cast<PFNGLMULTIDRAWELEMENTSINDIRECTCOUNTPROC>(eglGetProcAddress("glMultiDrawElementsIndirectCountARB"));
};

TEST_F(GlCore4xMultiDraw, ArraysWithStrideAndCountFromParameterBuffer) {
  ASSERT_NE(draw_arrays_count, nullptr);
  // Commands for columns 0, 2 and 3, each followed by 4 unused words
  // (stride 32).
  GLuint commands[3][8] = {{6, 1, 0, 0}, {6, 1, 12, 0}, {6, 1, 18, 0}};
  GLuint ind = buffer(GL_DRAW_INDIRECT_BUFFER, sizeof(commands), commands);
  clear();
  glMultiDrawArraysIndirect(GL_TRIANGLES, nullptr, 3, 32);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(drawn_columns(), 0b1101u);
  // Starting at the second command, tightly packed would misread: stride
  // given, two draws.
  clear();
  glMultiDrawArraysIndirect(GL_TRIANGLES, reinterpret_cast<const void*>(32), 2, 32);
  EXPECT_EQ(drawn_columns(), 0b1100u);
  // The count from PARAMETER_BUFFER (2), below maxdrawcount (3).
  const GLuint counts[2] = {7, 2};
  GLuint param = buffer(GL_PARAMETER_BUFFER, sizeof(counts), counts);
  GLint bound = 0;
  glGetIntegerv(GL_PARAMETER_BUFFER_BINDING, &bound);
  EXPECT_EQ(static_cast<GLuint>(bound), param);
  clear();
  draw_arrays_count(GL_TRIANGLES, nullptr, 4, 3, 32);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(drawn_columns(), 0b0101u);
  // maxdrawcount below the count wins; a zero count draws nothing.
  clear();
  draw_arrays_count(GL_TRIANGLES, nullptr, 0, 1, 32);
  EXPECT_EQ(drawn_columns(), 0b0001u);
  glMultiDrawArraysIndirect(GL_TRIANGLES, nullptr, 0, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  // Errors: a stride not a multiple of 4, a negative count, commands past
  // the buffer's end, a count offset not a multiple of 4 or past the end,
  // no PARAMETER_BUFFER.
  glMultiDrawArraysIndirect(GL_TRIANGLES, nullptr, 2, 6);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glMultiDrawArraysIndirect(GL_TRIANGLES, nullptr, -1, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glMultiDrawArraysIndirect(GL_TRIANGLES, nullptr, 4, 32);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  draw_arrays_count(GL_TRIANGLES, nullptr, 2, 3, 32);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  draw_arrays_count(GL_TRIANGLES, nullptr, 8, 3, 32);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBindBuffer(GL_PARAMETER_BUFFER, 0);
  draw_arrays_count(GL_TRIANGLES, nullptr, 0, 3, 32);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteBuffers(1, &param);
  glDeleteBuffers(1, &ind);
}

TEST_F(GlCore4xMultiDraw, ElementsTightlyPackedAndCounted) {
  ASSERT_NE(draw_elements_count, nullptr);
  // Indices 0..23 (the four columns); commands draw columns 1 and 3 through
  // firstIndex and baseVertex.
  std::array<GLushort, 24> indices{};
  for (GLushort i = 0; i < 24; ++i) indices[i] = i;
  GLuint eb = buffer(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices.data());
  // count, instances, firstIndex, baseVertex, baseInstance
  const GLuint commands[2][5] = {{6, 1, 6, 0, 0}, {6, 1, 6, 12, 0}};
  GLuint ind = buffer(GL_DRAW_INDIRECT_BUFFER, sizeof(commands), commands);
  clear();
  glMultiDrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, nullptr, 2, 0);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(drawn_columns(), 0b1010u);
  const GLuint count = 1;
  GLuint param = buffer(GL_PARAMETER_BUFFER, sizeof(count), &count);
  clear();
  draw_elements_count(GL_TRIANGLES, GL_UNSIGNED_SHORT, reinterpret_cast<const void*>(20), 0, 1, 0);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(drawn_columns(), 0b1000u);
  glMultiDrawElementsIndirect(GL_TRIANGLES, GL_FLOAT, nullptr, 2, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteBuffers(1, &param);
  glDeleteBuffers(1, &ind);
  glDeleteBuffers(1, &eb);
}

}  // namespace
}  // namespace brass::e2e
