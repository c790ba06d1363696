// The fixture of the ES 3.1 multisample texture tests
// (e2e_multisample_texture_*_test.cpp): shaders that draw into and fetch
// every sample of a multisample texture, and the helpers that read the
// samples back for checks on the CPU. In a named namespace: gtest requires
// every test of the suite, in whichever file, to use one fixture class.
#pragma once

#include <array>
#include <functional>
#include <utility>
#include <vector>

#include "e2e_es31_fixture.h"

namespace brass::e2e {

inline constexpr const char* kColorFs = R"(#version 310 es
precision highp float;
uniform vec4 color;
out vec4 o;
void main() { o = color; })";

inline constexpr const char* kUintFs = R"(#version 310 es
precision highp float;
uniform highp uvec4 value;
out highp uvec4 o;
void main() { o = value; })";

inline constexpr const char* kIntFs = R"(#version 310 es
precision highp float;
uniform highp ivec4 value;
out highp ivec4 o;
void main() { o = value; })";

// A rectangle in window coordinates of a `w` x `h` target.
inline constexpr const char* kRectVs = R"(#version 310 es
uniform vec4 rect;  // x0, y0, x1, y1 in pixels
uniform vec2 size;
void main() {
  vec2 c = vec2(gl_VertexID == 1 || gl_VertexID == 2 || gl_VertexID == 4 ? rect.z : rect.x,
                gl_VertexID == 2 || gl_VertexID == 4 || gl_VertexID == 5 ? rect.w : rect.y);
  gl_Position = vec4(c / size * 2.0 - 1.0, 0.0, 1.0);
})";

// Reads sample (x % samples) of texel (x / samples, y) into pixel (x, y).
inline constexpr const char* kFetchFs = R"(#version 310 es
precision highp float;
uniform highp sampler2DMS tex;
uniform int samples;
out vec4 o;
void main() {
  ivec2 c = ivec2(gl_FragCoord.xy);
  o = texelFetch(tex, ivec2(c.x / samples, c.y), c.x % samples);
})";

// Every sample of every texel of an integer texture into a buffer:
// v[(y * w + x) * samples + s].
inline constexpr const char* kFetchUintCs = R"(#version 310 es
layout(local_size_x = 1) in;
uniform highp usampler2DMS tex;
uniform int samples;
layout(std430, binding = 0) buffer Out { uvec4 v[]; };
void main() {
  ivec2 p = ivec2(gl_WorkGroupID.xy);
  int w = textureSize(tex).x;
  for (int s = 0; s < samples; ++s) v[(p.y * w + p.x) * samples + s] = texelFetch(tex, p, s);
})";

inline constexpr const char* kFetchIntCs = R"(#version 310 es
layout(local_size_x = 1) in;
uniform highp isampler2DMS tex;
uniform int samples;
layout(std430, binding = 0) buffer Out { ivec4 v[]; };
void main() {
  ivec2 p = ivec2(gl_WorkGroupID.xy);
  int w = textureSize(tex).x;
  for (int s = 0; s < samples; ++s) v[(p.y * w + p.x) * samples + s] = texelFetch(tex, p, s);
})";

// Vulkan's standard locations for 4 samples (Vulkan specification,
// "Standard sample locations").
inline constexpr float kStandard4[4][2] = {{0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};

class E2eMultisampleTextures : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
  }
  void TearDown() override {
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao_);
    Es31Test::TearDown();
  }

  // The highest count GetInternalformativ offers for a multisample texture.
  static GLint max_texture_samples(GLenum format) {
    GLint n = 0;
    glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, format, GL_NUM_SAMPLE_COUNTS, 1, &n);
    if (n <= 0) return 0;
    std::vector<GLint> counts(static_cast<size_t>(n));
    glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, format, GL_SAMPLES, n, counts.data());
    return counts[0];
  }

  // A w x h multisample texture with at least `samples` samples, bound to
  // TEXTURE_2D_MULTISAMPLE; *actual gets TEXTURE_SAMPLES.
  static GLuint ms_texture(GLenum format, GLsizei samples, GLsizei w, GLsizei h, GLint* actual = nullptr,
                           GLboolean fixed = GL_TRUE) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
    glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples, format, w, h, fixed);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    if (actual) glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, actual);
    return t;
  }

  // A framebuffer with `tex` (multisample or 2D) at COLOR_ATTACHMENT0,
  // bound to FRAMEBUFFER.
  static GLuint fbo_with(GLuint tex, GLenum textarget = GL_TEXTURE_2D_MULTISAMPLE) {
    GLuint f = 0;
    glGenFramebuffers(1, &f);
    glBindFramebuffer(GL_FRAMEBUFFER, f);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, textarget, tex, 0);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    return f;
  }

  // Draws a solid rectangle [x0, x1) x [y0, y1) (pixels) into the bound
  // w x h framebuffer.
  void rect(const char* fs, float x0, float y0, float x1, float y1, int w, int h,
            const std::function<void(GLuint)>& set_uniforms) {
    GLuint p = program(kRectVs, fs);
    glUseProgram(p);
    glUniform4f(glGetUniformLocation(p, "rect"), x0, y0, x1, y1);
    glUniform2f(glGetUniformLocation(p, "size"), float(w), float(h));
    set_uniforms(p);
    glViewport(0, 0, w, h);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glDeleteProgram(p);
  }
  void color_rect(float x0, float y0, float x1, float y1, int w, int h, std::array<float, 4> c) {
    rect(kColorFs, x0, y0, x1, y1, w, h,
         [&](GLuint p) { glUniform4f(glGetUniformLocation(p, "color"), c[0], c[1], c[2], c[3]); });
  }

  // Every sample of a w x h float texture with `samples` samples, read with
  // texelFetch in a fragment shader: [(y * w + x) * samples + s] as RGBA8.
  std::vector<uint32_t> fetch_samples(GLuint tex, int samples, int w, int h) {
    GLuint dst = 0;
    glGenTextures(1, &dst);
    glBindTexture(GL_TEXTURE_2D, dst);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, w * samples, h);
    GLuint f = fbo_with(dst, GL_TEXTURE_2D);
    GLuint p = program(kFullscreenVs310, kFetchFs);
    glUseProgram(p);
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(glGetUniformLocation(p, "tex"), 3);
    glUniform1i(glGetUniformLocation(p, "samples"), samples);
    glViewport(0, 0, w * samples, h);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    std::vector<uint32_t> px(static_cast<size_t>(w * samples * h), 0xdeadbeef);
    glReadPixels(0, 0, w * samples, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    glDeleteProgram(p);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &f);
    glDeleteTextures(1, &dst);
    return px;
  }

  // The same for integer textures, through a compute shader into a buffer
  // (four 32-bit components per sample).
  std::vector<uint32_t> fetch_integer_samples(GLuint tex, bool is_signed, int samples, int w, int h) {
    GLuint p = compute_program(is_signed ? kFetchIntCs : kFetchUintCs);
    const size_t count = static_cast<size_t>(w * h * samples * 4);
    GLuint b = buffer(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(count * 4));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glUseProgram(p);
    glActiveTexture(GL_TEXTURE5);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
    glActiveTexture(GL_TEXTURE0);
    glUniform1i(glGetUniformLocation(p, "tex"), 5);
    glUniform1i(glGetUniformLocation(p, "samples"), samples);
    glDispatchCompute(GLuint(w), GLuint(h), 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<uint32_t> out = read_uints(b, count);
    glDeleteProgram(p);
    glDeleteBuffers(1, &b);
    return out;
  }

  // Sample positions of the bound draw framebuffer.
  static std::vector<std::array<float, 2>> sample_positions(int samples) {
    std::vector<std::array<float, 2>> pos(static_cast<size_t>(samples));
    for (int i = 0; i < samples; ++i) glGetMultisamplefv(GL_SAMPLE_POSITION, GLuint(i), pos[size_t(i)].data());
    return pos;
  }

  GLuint vao_ = 0;
};

// Skips a test on a device without 4x multisample textures of `format`.
#define REQUIRE_4X(format)                                                     \
  if (max_texture_samples(format) < 4) GTEST_SKIP() << "no 4x " #format " multisample textures"

}  // namespace brass::e2e
