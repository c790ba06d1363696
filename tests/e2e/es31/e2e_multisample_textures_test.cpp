// ES 3.1 multisample textures through glvnd: glTexStorage2DMultisample and
// its errors, the TEXTURE_2D_MULTISAMPLE binding, parameters and level
// queries, framebuffer attachment and completeness, rendering into one and
// reading every sample back with texelFetch (float and integer, in fragment
// and compute shaders), textureSize, the sample mask (glSampleMaski) with a
// resolving blit, sample positions against Vulkan's standard table, and the
// limits. Every result is checked on the CPU.
#include <array>
#include <functional>
#include <utility>
#include <vector>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kColorFs = R"(#version 310 es
precision highp float;
uniform vec4 color;
out vec4 o;
void main() { o = color; })";

constexpr const char* kUintFs = R"(#version 310 es
precision highp float;
uniform highp uvec4 value;
out highp uvec4 o;
void main() { o = value; })";

constexpr const char* kIntFs = R"(#version 310 es
precision highp float;
uniform highp ivec4 value;
out highp ivec4 o;
void main() { o = value; })";

// A rectangle in window coordinates of a `w` x `h` target.
constexpr const char* kRectVs = R"(#version 310 es
uniform vec4 rect;  // x0, y0, x1, y1 in pixels
uniform vec2 size;
void main() {
  vec2 c = vec2(gl_VertexID == 1 || gl_VertexID == 2 || gl_VertexID == 4 ? rect.z : rect.x,
                gl_VertexID == 2 || gl_VertexID == 4 || gl_VertexID == 5 ? rect.w : rect.y);
  gl_Position = vec4(c / size * 2.0 - 1.0, 0.0, 1.0);
})";

// One triangle over the whole viewport (a GLSL ES 3.10 program links
// shaders of that version only).
constexpr const char* kFullscreen310Vs = R"(#version 310 es
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";

// Reads sample (x % samples) of texel (x / samples, y) into pixel (x, y).
constexpr const char* kFetchFs = R"(#version 310 es
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
constexpr const char* kFetchUintCs = R"(#version 310 es
layout(local_size_x = 1) in;
uniform highp usampler2DMS tex;
uniform int samples;
layout(std430, binding = 0) buffer Out { uvec4 v[]; };
void main() {
  ivec2 p = ivec2(gl_WorkGroupID.xy);
  int w = textureSize(tex).x;
  for (int s = 0; s < samples; ++s) v[(p.y * w + p.x) * samples + s] = texelFetch(tex, p, s);
})";

constexpr const char* kFetchIntCs = R"(#version 310 es
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
constexpr float kStandard4[4][2] = {{0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};

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
    GLuint p = program(kFullscreen310Vs, kFetchFs);
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

TEST_F(E2eMultisampleTextures, LimitsAndInternalformatQueries) {
  GLint words = 0, color = 0, depth = 0, integer = 0, max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLE_MASK_WORDS, &words);
  glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &color);
  glGetIntegerv(GL_MAX_DEPTH_TEXTURE_SAMPLES, &depth);
  glGetIntegerv(GL_MAX_INTEGER_SAMPLES, &integer);
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  EXPECT_GE(words, 1);
  EXPECT_GE(color, 1);
  EXPECT_GE(depth, 1);
  EXPECT_GE(integer, 1);
  // ES 3.1 §20.3: a format's highest count is at least the lower of its
  // kind's limit and MAX_SAMPLES.
  EXPECT_GE(max_texture_samples(GL_RGBA8), std::min(color, max_samples));
  EXPECT_GE(max_texture_samples(GL_RGBA8UI), std::min(integer, max_samples));
  EXPECT_GE(max_texture_samples(GL_DEPTH24_STENCIL8), std::min(depth, max_samples));
  // Counts are listed highest first, all above one.
  GLint n = 0;
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
  std::vector<GLint> counts(static_cast<size_t>(std::max(n, 1)), 0);
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_SAMPLES, n, counts.data());
  for (GLint i = 0; i < n; ++i) {
    EXPECT_GT(counts[size_t(i)], 1);
    if (i) {
      EXPECT_LT(counts[size_t(i)], counts[size_t(i - 1)]);
    }
  }
  // Only renderable sized formats; the target must be one the call knows.
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA, GL_SAMPLES, 1, &n);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGB9_E5, GL_SAMPLES, 1, &n);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 1, &n);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // ES 3.1 allows multisampled integer renderbuffers.
  GLint rb_count = 0;
  glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8UI, GL_NUM_SAMPLE_COUNTS, 1, &rb_count);
  if (integer > 1) {
    EXPECT_GT(rb_count, 0);
  }
}

TEST_F(E2eMultisampleTextures, StorageSetsTheLevelParametersAndImmutability) {
  const GLint max = max_texture_samples(GL_RGBA8);
  if (max < 2) GTEST_SKIP() << "no multisample RGBA8 textures";
  GLint samples = 0;
  GLuint t = ms_texture(GL_RGBA8, 1, 13, 7, &samples, GL_FALSE);
  // At least what was asked for, and a count the format lists.
  EXPECT_GE(samples, 1);
  EXPECT_LE(samples, max);
  GLint v = -1;
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, 13);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_HEIGHT, &v);
  EXPECT_EQ(v, 7);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_DEPTH, &v);
  EXPECT_EQ(v, 1);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
  EXPECT_EQ(v, GL_RGBA8);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &v);
  EXPECT_EQ(v, GL_FALSE);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_RED_SIZE, &v);
  EXPECT_EQ(v, 8);
  GLfloat f = 0;
  glGetTexLevelParameterfv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &f);
  EXPECT_EQ(f, GLfloat(samples));
  // Level 1 does not exist: the initial state.
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_TEXTURE_SAMPLES, &v);
  EXPECT_EQ(v, 0);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
  EXPECT_EQ(v, 1);
  // Asking for three gives the next count up, never fewer.
  if (max >= 4) {
    GLint three = 0;
    GLuint t3 = ms_texture(GL_RGBA8, 3, 4, 4, &three);
    EXPECT_GE(three, 3);
    glDeleteTextures(1, &t3);
  }
  glDeleteTextures(1, &t);
}

TEST_F(E2eMultisampleTextures, StorageErrors) {
  const GLint max = max_texture_samples(GL_RGBA8);
  if (max < 2) GTEST_SKIP() << "no multisample RGBA8 textures";
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
  const struct {
    GLenum target;
    GLsizei samples;
    GLenum format;
    GLsizei w, h;
    GLenum error;
    const char* what;
  } cases[] = {
      {GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, GL_INVALID_ENUM, "not the multisample target"},
      {GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 1, GL_RGBA8, 4, 4, GL_INVALID_ENUM, "the array target (an extension's)"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA, 4, 4, GL_INVALID_ENUM, "unsized format"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGB9_E5, 4, 4, GL_INVALID_ENUM, "not renderable"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, GL_INVALID_ENUM, "compressed"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, 0x1234, 4, 4, GL_INVALID_ENUM, "no format at all"},
      {GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 4, 4, GL_INVALID_VALUE, "zero samples"},
      {GL_TEXTURE_2D_MULTISAMPLE, -1, GL_RGBA8, 4, 4, GL_INVALID_VALUE, "negative samples"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 0, 4, GL_INVALID_VALUE, "zero width"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, 0, GL_INVALID_VALUE, "zero height"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, -4, 4, GL_INVALID_VALUE, "negative width"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, max_size + 1, 4, GL_INVALID_VALUE, "too wide"},
      {GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, max_size + 1, GL_INVALID_VALUE, "too tall"},
      {GL_TEXTURE_2D_MULTISAMPLE, max + 1, GL_RGBA8, 4, 4, GL_INVALID_OPERATION, "more samples than SAMPLES lists"},
      {GL_TEXTURE_2D_MULTISAMPLE, 0x7fffffff, GL_RGBA8, 4, 4, GL_INVALID_OPERATION, "far more samples"},
  };
  for (const auto& c : cases) {
    glTexStorage2DMultisample(c.target, c.samples, c.format, c.w, c.h, GL_TRUE);
    EXPECT_EQ(glGetError(), c.error) << c.what;
  }
  // Nothing was allocated by the failures.
  GLint v = -1;
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
  EXPECT_EQ(v, GL_FALSE);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, 0);
  // Immutable once specified.
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, 4, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 8, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, 4);
  // The default texture cannot be given storage.
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, 4, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // Other image calls do not take the target.
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
  glTexImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexStorage2D(GL_TEXTURE_2D_MULTISAMPLE, 1, GL_RGBA8, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  const uint32_t texel = 0;
  glTexSubImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glCopyTexImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 0, 0, 4, 4, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGenerateMipmap(GL_TEXTURE_2D_MULTISAMPLE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDeleteTextures(1, &t);
}

TEST_F(E2eMultisampleTextures, BindingAndParameters) {
  GLuint t[2] = {};
  glGenTextures(2, t);
  GLint v = -1;
  glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE, &v);
  EXPECT_EQ(v, 0);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[0]);
  glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE, &v);
  EXPECT_EQ(v, GLint(t[0]));
  glActiveTexture(GL_TEXTURE0);
  glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE, &v);
  EXPECT_EQ(v, 0);  // per unit
  glActiveTexture(GL_TEXTURE2);
  // A texture keeps the target it was first bound to.
  glBindTexture(GL_TEXTURE_2D, t[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindTexture(GL_TEXTURE_2D, t[1]);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[1]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[0]);

  // Sampler state is no parameter of a multisample texture (ES 3.1 §8.10).
  const std::pair<GLenum, GLint> sampler_state[] = {
      {GL_TEXTURE_MIN_FILTER, GL_NEAREST}, {GL_TEXTURE_MAG_FILTER, GL_NEAREST},
      {GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE}, {GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE},
      {GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE}, {GL_TEXTURE_MIN_LOD, 0},
      {GL_TEXTURE_MAX_LOD, 4},               {GL_TEXTURE_COMPARE_MODE, GL_NONE},
      {GL_TEXTURE_COMPARE_FUNC, GL_LESS},
  };
  for (auto [pname, value] : sampler_state) {
    glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, pname, value);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << pname;
    glTexParameterf(GL_TEXTURE_2D_MULTISAMPLE, pname, GLfloat(value));
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << pname;
  }
  // Its one level is level 0.
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // The rest are parameters as for other targets.
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MAX_LEVEL, 7);
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MAX_LEVEL, &v);
  EXPECT_EQ(v, 7);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SWIZZLE_R, &v);
  EXPECT_EQ(v, GL_BLUE);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, &v);
  EXPECT_EQ(v, 0);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
  EXPECT_EQ(v, GL_FALSE);

  // Level queries of a texture without storage answer the initial state.
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES, &v);
  EXPECT_EQ(v, 0);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, 0);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, -1, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // A 2D texture has no samples.
  glBindTexture(GL_TEXTURE_2D, t[1]);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_SAMPLES, &v);
  EXPECT_EQ(v, 0);

  // Deleting a bound texture unbinds it.
  glDeleteTextures(2, t);
  glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE, &v);
  EXPECT_EQ(v, 0);
  glActiveTexture(GL_TEXTURE0);
}

TEST_F(E2eMultisampleTextures, AttachmentErrorsQueriesAndCompleteness) {
  REQUIRE_4X(GL_RGBA8);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, 8, 8, &samples);
  GLuint ms_var = ms_texture(GL_RGBA8, 4, 8, 8, nullptr, GL_FALSE);
  GLuint t2d = 0;
  glGenTextures(1, &t2d);
  glBindTexture(GL_TEXTURE_2D, t2d);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
  GLuint f = 0;
  glGenFramebuffers(1, &f);
  glBindFramebuffer(GL_FRAMEBUFFER, f);

  // Level 0 only; the texture's target must be the one named.
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t2d, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, ms, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, ms, 0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLint v = -1;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_NONE);

  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_TEXTURE);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
  EXPECT_EQ(v, GLint(ms));
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
  EXPECT_EQ(v, 0);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
  EXPECT_EQ(v, 8);
  glGetIntegerv(GL_SAMPLES, &v);
  EXPECT_EQ(v, samples);
  glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
  EXPECT_EQ(v, 1);

  // §9.4.2: one sample count for all attachments...
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, t2d, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  // ... a renderbuffer of the same count is fine with fixed locations ...
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, 8, 8);
  GLint rb_samples = 0;
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &rb_samples);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb);
  if (rb_samples == samples) {
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  }
  // ... but not with variable ones, which textures must then all share.
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms_var, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, ms_var, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  // A single-sampled renderbuffer with a multisample texture: mismatch.
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rb);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  // Drawing into an incomplete framebuffer.
  GLuint p = program(kFullscreen310Vs, kColorFs);
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION));
  glDeleteProgram(p);

  // Two different sample counts, where the device has two.
  GLint n = 0;
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
  if (n >= 2) {
    std::vector<GLint> counts(static_cast<size_t>(n));
    glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_SAMPLES, n, counts.data());
    // A count other than the first texture's (the list is in decreasing
    // order and need not start at 4).
    const GLint other_count = counts[0] != samples ? counts[0] : counts[1];
    GLuint other = ms_texture(GL_RGBA8, other_count, 8, 8);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, other, 0);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
    glDeleteTextures(1, &other);
  }

  // Deleting an attached texture detaches it from the bound framebuffer.
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, 0, 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
  glDeleteTextures(1, &ms);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_NONE);

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &f);
  glDeleteRenderbuffers(1, &rb);
  glDeleteTextures(1, &ms_var);
  glDeleteTextures(1, &t2d);
}

TEST_F(E2eMultisampleTextures, EachSampleHoldsItsOwnCoverage) {
  REQUIRE_4X(GL_RGBA8);
  constexpr int kW = 4, kH = 2;
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, kW, kH, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  const auto pos = sample_positions(samples);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // Green over pixels 0 and 1 and the left half of pixel 2 of every row:
  // in pixel 2 only the samples left of its middle are covered.
  color_rect(0, 0, 2.5f, float(kH), kW, kH, {0, 1, 0, 1});
  const std::vector<uint32_t> px = fetch_samples(ms, samples, kW, kH);
  const uint32_t green = rgba(0, 255, 0), blue = rgba(0, 0, 255);
  int partial_green = 0;
  for (int y = 0; y < kH; ++y)
    for (int x = 0; x < kW; ++x)
      for (int s = 0; s < samples; ++s) {
        const bool covered = x < 2 || (x == 2 && pos[size_t(s)][0] < 0.5f);
        if (x == 2 && covered) ++partial_green;
        EXPECT_EQ(px[size_t((y * kW + x) * samples + s)], covered ? green : blue)
            << "pixel " << x << "," << y << " sample " << s;
      }
  // The edge pixel really has samples of both colors.
  EXPECT_GT(partial_green, 0);
  EXPECT_LT(partial_green, kH * samples);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, SamplePositionsAreVulkansStandardOnesAndMatchRendering) {
  REQUIRE_4X(GL_RGBA8);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, 1, 1, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  const auto pos = sample_positions(samples);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int s = 0; s < samples; ++s) {
    EXPECT_GE(pos[size_t(s)][0], 0.0f);
    EXPECT_LT(pos[size_t(s)][0], 1.0f);
    EXPECT_GE(pos[size_t(s)][1], 0.0f);
    EXPECT_LT(pos[size_t(s)][1], 1.0f);
    EXPECT_EQ(pos[size_t(s)][0], kStandard4[s][0]) << "sample " << s;
    EXPECT_EQ(pos[size_t(s)][1], kStandard4[s][1]) << "sample " << s;
  }
  // Rendering agrees, in GL's orientation: a rectangle over the lower half
  // of the pixel covers the samples whose y is below 0.5.
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  color_rect(0, 0, 1, 0.5f, 1, 1, {1, 0, 0, 1});
  const std::vector<uint32_t> px = fetch_samples(ms, samples, 1, 1);
  for (int s = 0; s < samples; ++s)
    EXPECT_EQ(px[size_t(s)], pos[size_t(s)][1] < 0.5f ? rgba(255, 0, 0) : rgba(0, 0, 0)) << "sample " << s;

  // Errors: the pname, and an index past SAMPLES of the draw framebuffer.
  GLfloat val[2] = {-1, -1};
  glBindFramebuffer(GL_FRAMEBUFFER, f);
  glGetMultisamplefv(GL_SAMPLES, 0, val);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetMultisamplefv(GL_SAMPLE_POSITION, GLuint(samples), val);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(val[0], -1.0f);
  // The single-sampled default framebuffer has no sample positions.
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glGetMultisamplefv(GL_SAMPLE_POSITION, 0, val);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, FramebufferWithoutAttachmentsHasItsDefaultSamplesPositions) {
  GLint max = 0;
  glGetIntegerv(GL_MAX_FRAMEBUFFER_SAMPLES, &max);
  if (max < 4) GTEST_SKIP() << "no 4x framebuffers without attachments";
  GLuint f = 0;
  glGenFramebuffers(1, &f);
  glBindFramebuffer(GL_FRAMEBUFFER, f);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 4);
  GLint v = -1;
  glGetIntegerv(GL_SAMPLES, &v);
  EXPECT_EQ(v, 0);
  GLfloat pos[2] = {};
  glGetMultisamplefv(GL_SAMPLE_POSITION, 0, pos);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // Rasterized with 4 samples (the next count at least 3): SAMPLES says so,
  // and their positions are there to ask for.
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES, 3);
  glGetIntegerv(GL_SAMPLES, &v);
  EXPECT_EQ(v, 4);
  glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
  EXPECT_EQ(v, 1);
  const auto p = sample_positions(4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int s = 0; s < 4; ++s) {
    EXPECT_EQ(p[size_t(s)][0], kStandard4[s][0]);
    EXPECT_EQ(p[size_t(s)][1], kStandard4[s][1]);
  }
  glGetMultisamplefv(GL_SAMPLE_POSITION, 4, pos);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &f);
}

TEST_F(E2eMultisampleTextures, SampleMaskWritesOnlyTheMaskedSamples) {
  REQUIRE_4X(GL_RGBA8);
  GLint words = 0;
  glGetIntegerv(GL_MAX_SAMPLE_MASK_WORDS, &words);
  // State: disabled, every bit set.
  EXPECT_EQ(glIsEnabled(GL_SAMPLE_MASK), GL_FALSE);
  GLint word = 0;
  glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &word);
  EXPECT_EQ(word, -1);
  GLint64 word64 = 0;
  glGetInteger64i_v(GL_SAMPLE_MASK_VALUE, 0, &word64);
  EXPECT_EQ(word64, -1) << "the mask word as a GL integer, widened";
  GLboolean b = GL_FALSE;
  glGetBooleani_v(GL_SAMPLE_MASK_VALUE, 0, &b);
  EXPECT_EQ(b, GL_TRUE);
  // Errors: words past MAX_SAMPLE_MASK_WORDS.
  glSampleMaski(GLuint(words), 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, GLuint(words), &word);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // SAMPLE_MASK_VALUE is indexed state only.
  glGetIntegerv(GL_SAMPLE_MASK_VALUE, &word);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));

  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, 2, 2, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0x5);
  EXPECT_EQ(glIsEnabled(GL_SAMPLE_MASK), GL_TRUE);
  glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &word);
  EXPECT_EQ(word, 0x5);
  color_rect(0, 0, 2, 2, 2, 2, {1, 1, 1, 1});
  // A second draw with the other samples in red, with the mask disabled in
  // between: it applies only while enabled.
  glDisable(GL_SAMPLE_MASK);
  color_rect(0, 0, 1, 2, 2, 2, {1, 0, 0, 1});  // left column, every sample
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0xa);
  color_rect(1, 0, 2, 2, 2, 2, {0, 0, 1, 1});  // right column, samples 1 and 3
  glDisable(GL_SAMPLE_MASK);
  const std::vector<uint32_t> px = fetch_samples(ms, samples, 2, 2);
  for (int y = 0; y < 2; ++y)
    for (int s = 0; s < samples; ++s) {
      EXPECT_EQ(px[size_t((y * 2 + 0) * samples + s)], rgba(255, 0, 0)) << "left, sample " << s;
      EXPECT_EQ(px[size_t((y * 2 + 1) * samples + s)], (s & 1) ? rgba(0, 0, 255) : rgba(255, 255, 255))
          << "right, sample " << s;
    }
  glSampleMaski(0, 0xffffffffu);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, SampleMaskThenResolvingBlitGivesTheCoveredFraction) {
  REQUIRE_4X(GL_RGBA8);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, 8, 8, &samples);
  ASSERT_EQ(samples, 4);
  GLuint msf = fbo_with(ms);
  GLuint resolved = 0;
  glGenTextures(1, &resolved);
  glBindTexture(GL_TEXTURE_2D, resolved);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
  GLuint rf = fbo_with(resolved, GL_TEXTURE_2D);
  for (const auto& [mask, covered] : {std::pair{0x1u, 1}, std::pair{0x3u, 2}, std::pair{0xeu, 3}, std::pair{0xfu, 4}}) {
    glBindFramebuffer(GL_FRAMEBUFFER, msf);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SAMPLE_MASK);
    glSampleMaski(0, mask);
    color_rect(0, 0, 8, 8, 8, 8, {1, 1, 1, 1});
    glDisable(GL_SAMPLE_MASK);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, msf);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, rf);
    glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    glBindFramebuffer(GL_FRAMEBUFFER, rf);
    uint8_t px[8 * 8 * 4] = {};
    glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, px);
    const double expected = 255.0 * covered / samples;
    for (int i = 0; i < 8 * 8 * 4; ++i) EXPECT_NEAR(px[i], expected, 2.0) << "mask " << mask << " byte " << i;
  }
  // A multisampled framebuffer is no blit destination and cannot be read.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, rf);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, msf);
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, msf);
  uint32_t p = 0;
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &p);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // A resolve may not scale.
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, rf);
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &msf);
  glDeleteFramebuffers(1, &rf);
  glDeleteTextures(1, &ms);
  glDeleteTextures(1, &resolved);
}

TEST_F(E2eMultisampleTextures, SampleMaskAndCoverageCombineAndFollowTheFramebuffer) {
  REQUIRE_4X(GL_RGBA8);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8, 4, 1, 1, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // Coverage and mask set, then a draw into the single-sampled default
  // framebuffer, where neither applies...
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glEnable(GL_SAMPLE_COVERAGE);
  glSampleCoverage(0.5f, GL_FALSE);  // two of four samples
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0x5);
  color_rect(0, 0, 1, 1, kWidth, kHeight, {0, 1, 0, 1});
  EXPECT_EQ(pixel(0, 0), rgba(0, 255, 0));
  // ... then, with no state call in between, into the 4x one: both masks
  // apply there, ANDed (coverage keeps samples 0 and 1, the mask 0 and 2).
  glBindFramebuffer(GL_FRAMEBUFFER, f);
  color_rect(0, 0, 1, 1, 1, 1, {1, 1, 1, 1});
  glDisable(GL_SAMPLE_COVERAGE);
  glDisable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0xffffffffu);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const std::vector<uint32_t> px = fetch_samples(ms, samples, 1, 1);
  for (int s = 0; s < samples; ++s)
    EXPECT_EQ(px[size_t(s)], s == 0 ? rgba(255, 255, 255) : rgba(0, 0, 0)) << "sample " << s;
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, SampleMaskLeavesSingleSampledRenderingAlone) {
  // §15.1.3: without multisample buffers the mask does nothing.
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  color_rect(0, 0, float(kWidth), float(kHeight), kWidth, kHeight, {0, 1, 0, 1});
  EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0));
  glDisable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0xffffffffu);
}

TEST_F(E2eMultisampleTextures, UnsignedIntegerSamples) {
  REQUIRE_4X(GL_RGBA8UI);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_RGBA8UI, 4, 3, 2, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  const GLuint clear[4] = {1, 2, 3, 4};
  glClearBufferuiv(GL_COLOR, 0, clear);
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0x6);  // samples 1 and 2
  rect(kUintFs, 0, 0, 3, 2, 3, 2, [](GLuint p) { glUniform4ui(glGetUniformLocation(p, "value"), 200, 150, 100, 50); });
  glDisable(GL_SAMPLE_MASK);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const std::vector<uint32_t> v = fetch_integer_samples(ms, false, samples, 3, 2);
  for (int t = 0; t < 3 * 2; ++t)
    for (int s = 0; s < samples; ++s) {
      const bool written = s == 1 || s == 2;
      const uint32_t* got = &v[size_t((t * samples + s) * 4)];
      const uint32_t want[4] = {written ? 200u : 1u, written ? 150u : 2u, written ? 100u : 3u, written ? 50u : 4u};
      for (int c = 0; c < 4; ++c) EXPECT_EQ(got[c], want[c]) << "texel " << t << " sample " << s << " channel " << c;
    }
  glSampleMaski(0, 0xffffffffu);
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, SignedIntegerSamplesAndTheirResolve) {
  REQUIRE_4X(GL_R32I);
  GLint samples = 0;
  GLuint ms = ms_texture(GL_R32I, 4, 2, 2, &samples);
  ASSERT_EQ(samples, 4);
  GLuint f = fbo_with(ms);
  const GLint clear[4] = {-7, 0, 0, 0};
  glClearBufferiv(GL_COLOR, 0, clear);
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0x8);
  rect(kIntFs, 0, 0, 2, 2, 2, 2, [](GLuint p) { glUniform4i(glGetUniformLocation(p, "value"), -123456, 0, 0, 0); });
  glDisable(GL_SAMPLE_MASK);
  const std::vector<uint32_t> v = fetch_integer_samples(ms, true, samples, 2, 2);
  for (int t = 0; t < 4; ++t)
    for (int s = 0; s < samples; ++s)
      EXPECT_EQ(int32_t(v[size_t((t * samples + s) * 4)]), s == 3 ? -123456 : -7) << "texel " << t << " sample " << s;
  // Resolving integers takes one sample's value, whole (ES 3.1 §16.2.1).
  GLuint dst = 0;
  glGenTextures(1, &dst);
  glBindTexture(GL_TEXTURE_2D, dst);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32I, 2, 2);
  GLuint df = fbo_with(dst, GL_TEXTURE_2D);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, f);
  glBlitFramebuffer(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, df);
  GLint px[2 * 2 * 4] = {};
  glReadPixels(0, 0, 2, 2, GL_RGBA_INTEGER, GL_INT, px);
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(px[i * 4] == -7 || px[i * 4] == -123456) << px[i * 4];
  glSampleMaski(0, 0xffffffffu);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &f);
  glDeleteFramebuffers(1, &df);
  glDeleteTextures(1, &ms);
  glDeleteTextures(1, &dst);
}

TEST_F(E2eMultisampleTextures, TextureSizeOfAMultisampleTexture) {
  if (max_texture_samples(GL_RGBA8) < 2) GTEST_SKIP() << "no multisample RGBA8 textures";
  GLuint ms = ms_texture(GL_RGBA8, 2, 13, 7);
  GLuint p = compute_program(R"(#version 310 es
layout(local_size_x = 1) in;
uniform highp sampler2DMS tex;
layout(std430, binding = 0) buffer Out { ivec2 size; };
void main() { size = textureSize(tex); })");
  GLuint b = buffer(GL_SHADER_STORAGE_BUFFER, 8);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
  glUseProgram(p);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  const std::vector<uint32_t> size = read_uints(b, 2);
  EXPECT_EQ(size[0], 13u);
  EXPECT_EQ(size[1], 7u);
  // The uniform's type, as the program reports it.
  GLint type = 0;
  const GLuint index = glGetProgramResourceIndex(p, GL_UNIFORM, "tex");
  const GLenum prop = GL_TYPE;
  glGetProgramResourceiv(p, GL_UNIFORM, index, 1, &prop, 1, nullptr, &type);
  EXPECT_EQ(type, GL_SAMPLER_2D_MULTISAMPLE);
  glDeleteProgram(p);
  glDeleteBuffers(1, &b);
  glDeleteTextures(1, &ms);
}

TEST_F(E2eMultisampleTextures, WithoutStorageEverySampleReadsZeroZeroZeroOne) {
  // Nothing specified on the unit's multisample target: incomplete, and
  // texel (0, 0) reads (0, 0, 0, 1) like every incomplete texture's.
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
  const std::vector<uint32_t> px = fetch_samples(t, 1, 1, 1);
  ASSERT_EQ(px.size(), 1u);
  EXPECT_EQ(px[0], rgba(0, 0, 0, 255));
  // Integer samplers too: (0, 0, 0, 1) as integers.
  for (bool is_signed : {false, true}) {
    const std::vector<uint32_t> v = fetch_integer_samples(t, is_signed, 1, 1, 1);
    EXPECT_EQ(v, (std::vector<uint32_t>{0, 0, 0, 1})) << (is_signed ? "isampler2DMS" : "usampler2DMS");
  }
  glDeleteTextures(1, &t);
}

TEST_F(E2eMultisampleTextures, DepthSamplesAreFetchedAsTheirDepth) {
  if (max_texture_samples(GL_DEPTH_COMPONENT32F) < 4) GTEST_SKIP() << "no 4x depth multisample textures";
  GLint samples = 0;
  GLuint depth = ms_texture(GL_DEPTH_COMPONENT32F, 4, 2, 1, &samples);
  ASSERT_EQ(samples, 4);
  GLuint color = ms_texture(GL_RGBA8, 4, 2, 1);
  GLuint f = fbo_with(color);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D_MULTISAMPLE, depth, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearDepthf(1.0f);
  glClear(GL_DEPTH_BUFFER_BIT | GL_COLOR_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_SAMPLE_MASK);
  glSampleMaski(0, 0x3);
  color_rect(0, 0, 2, 1, 2, 1, {1, 1, 1, 1});  // z = 0: depth 0.5 where the mask lets it
  glDisable(GL_SAMPLE_MASK);
  glDisable(GL_DEPTH_TEST);
  glSampleMaski(0, 0xffffffffu);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  const std::vector<uint32_t> px = fetch_samples(depth, samples, 2, 1);
  for (int t = 0; t < 2; ++t)
    for (int s = 0; s < samples; ++s) {
      const uint32_t red = px[size_t(t * samples + s)] & 0xff;
      EXPECT_NEAR(double(red), s < 2 ? 128.0 : 255.0, 1.0) << "texel " << t << " sample " << s;
    }
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &depth);
  glDeleteTextures(1, &color);
}

TEST_F(E2eMultisampleTextures, SwizzleAppliesToFetches) {
  REQUIRE_4X(GL_RGBA8);
  GLuint ms = ms_texture(GL_RGBA8, 4, 1, 1);
  GLuint f = fbo_with(ms);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, ms);
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SWIZZLE_R, GL_ZERO);
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SWIZZLE_G, GL_RED);
  const std::vector<uint32_t> px = fetch_samples(ms, 4, 1, 1);
  for (uint32_t v : px) EXPECT_EQ(v, rgba(0, 255, 0));
  glDeleteFramebuffers(1, &f);
  glDeleteTextures(1, &ms);
}

}  // namespace
}  // namespace brass::e2e
