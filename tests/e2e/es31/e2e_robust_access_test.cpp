// Robust buffer access (EGL_EXT_create_context_robustness's
// EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, KHR_robust_buffer_access_behavior):
// an ES 3.1 context made with it reports it, shares only with robust
// contexts, and its out-of-bounds reads of vertex, index, storage, uniform
// and image data return zero or values from within the buffer (the
// extension's two choices), never another object's data. Each test plants
// a "poison" buffer of another value first: it must never show up.
//
// RobustAccessRequest also runs with BRASS_DEBUG=norobustaccess
// (tests/e2e/CMakeLists.txt, e2e_robust_access_masked), which masks the
// screen's robust access cap as on a device without it: then the request
// is EGL_BAD_MATCH.
#include <cstdlib>
#include <string_view>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

constexpr GLenum kContextFlags = 0x821E;  // GL_CONTEXT_FLAGS (KHR_debug)
constexpr GLint kRobustAccessFlag = 0x4;   // GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT_KHR
constexpr uint32_t kPoison = 0x5eed5eedu;

// Whether this run masks robust access (the test's own environment, as
// ctest sets it; Brass reads it in src/util/options.cpp).
bool robust_access_masked() {
  const char* debug = std::getenv("BRASS_DEBUG");
  return debug && std::string_view(debug).find("norobustaccess") != std::string_view::npos;
}

EGLint robust_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1,
                           EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_TRUE, EGL_NONE};

using RobustAccessRequest = Es31Test;

TEST_F(RobustAccessRequest, GrantedExactlyWhereTheScreenHasIt) {
  // The fixture's context did not ask: it reports no robust access.
  GLint v = -1;
  glGetIntegerv(GL_CONTEXT_ROBUST_ACCESS_KHR, &v);
  EXPECT_EQ(v, GL_FALSE);
  EXPECT_FALSE(has_extension("GL_KHR_robust_buffer_access_behavior"));

  // EXT_create_context_robustness's name and EGL 1.5's (one value).
  const EGLint egl15[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE, EGL_NONE};
  for (const EGLint* attribs : {static_cast<const EGLint*>(robust_attribs), egl15}) {
    EGLContext robust = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
    if (robust_access_masked()) {
      EXPECT_EQ(robust, EGL_NO_CONTEXT);
      EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
      continue;
    }
    ASSERT_NE(robust, EGL_NO_CONTEXT) << std::hex << eglGetError();
    ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, robust));
    glGetIntegerv(GL_CONTEXT_ROBUST_ACCESS_KHR, &v);
    EXPECT_EQ(v, GL_TRUE);
    glGetIntegerv(kContextFlags, &v);
    EXPECT_EQ(v & kRobustAccessFlag, kRobustAccessFlag);
    EXPECT_TRUE(has_extension("GL_KHR_robust_buffer_access_behavior"));
    EXPECT_TRUE(has_extension("GL_KHR_robustness"));
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
    EXPECT_TRUE(eglDestroyContext(dpy, robust));
  }
  // Asking for no robust access is always fine.
  const EGLint off[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_FALSE, EGL_NONE};
  EGLContext plain = eglCreateContext(dpy, config, EGL_NO_CONTEXT, off);
  ASSERT_NE(plain, EGL_NO_CONTEXT);
  EXPECT_TRUE(eglDestroyContext(dpy, plain));
}

// A robust ES 3.1 context, current, beside the fixture's plain one.
class RobustAccess : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    robust = eglCreateContext(dpy, config, EGL_NO_CONTEXT, robust_attribs);
    ASSERT_NE(robust, EGL_NO_CONTEXT) << std::hex << eglGetError();
    ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, robust));
    GLint v = 0;
    glGetIntegerv(GL_CONTEXT_ROBUST_ACCESS_KHR, &v);
    ASSERT_EQ(v, GL_TRUE);
    // Another object's data, made first: out-of-bounds reads must never
    // find it, wherever the device put it.
    poison = std::vector<uint32_t>(1024, kPoison);
    poison_buffer = buffer(GL_ARRAY_BUFFER, 4096, poison.data());
  }
  void TearDown() override {
    if (robust != EGL_NO_CONTEXT) {
      EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "a GL error was left unchecked (robust context)";
      eglMakeCurrent(dpy, surface, surface, ctx);
      eglDestroyContext(dpy, robust);
    }
    Es31Test::TearDown();
  }

  // A compute program run once over `invocations` invocations (one work
  // group), with `out` at storage binding 0.
  void dispatch(const char* src, GLuint out, GLuint invocations) {
    GLuint p = compute_program(src);
    glUseProgram(p);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
    glDispatchCompute(invocations, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glDeleteProgram(p);
  }

  EGLContext robust = EGL_NO_CONTEXT;
  std::vector<uint32_t> poison;
  GLuint poison_buffer = 0;
};

TEST_F(RobustAccess, ContextsShareOnlyWithContextsOfTheSameRobustness) {
  // EGL_BAD_MATCH both ways: a shared program's pipelines are robust or
  // not, as the context that made it (docs/egl.md).
  const EGLint plain[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  EXPECT_EQ(eglCreateContext(dpy, config, robust, plain), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EXPECT_EQ(eglCreateContext(dpy, config, ctx, robust_attribs), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EGLContext shared = eglCreateContext(dpy, config, robust, robust_attribs);
  ASSERT_NE(shared, EGL_NO_CONTEXT) << std::hex << eglGetError();
  EXPECT_TRUE(eglDestroyContext(dpy, shared));
}

// Points at x = index along the bottom row, each coloured by its vertex's
// `color` attribute (gl_VertexID places it: for indexed draws, the index).
constexpr const char* kPointVs = R"(#version 310 es
in vec4 color;
out vec4 v_color;
void main() {
  gl_Position = vec4((float(gl_VertexID) + 0.5) / 16.0 - 1.0, -1.0 + 1.0 / 32.0, 0.0, 1.0);
  gl_PointSize = 1.0;
  v_color = color;
})";
constexpr const char* kPointFs = R"(#version 310 es
precision mediump float;
in vec4 v_color;
out vec4 o;
void main() { o = v_color; })";

// What a point past its attribute's buffer may be: zero, (0,0,0,1), or a
// colour from within the buffer.
::testing::AssertionResult allowed_out_of_bounds(uint32_t px, const std::vector<uint32_t>& in_buffer) {
  if (px == 0 || px == 0xff000000u) return ::testing::AssertionSuccess();
  for (uint32_t c : in_buffer)
    if (px == c) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << std::hex << "pixel 0x" << px << " is neither zero nor a buffer value";
}

TEST_F(RobustAccess, VertexAttributesPastTheirBufferReadZeroOrBufferValues) {
  GLuint p = program(kPointVs, kPointFs);
  glUseProgram(p);
  // Four vertices' colours (red, green, blue, white); 16 points drawn.
  const float colors[16] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1};
  const std::vector<uint32_t> in_buffer = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255), rgba(255, 255, 255)};
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  GLuint vbo = buffer(GL_ARRAY_BUFFER, sizeof(colors), colors);
  const GLint loc = glGetAttribLocation(p, "color");
  ASSERT_GE(loc, 0);
  glVertexAttribPointer(static_cast<GLuint>(loc), 4, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(static_cast<GLuint>(loc));
  glClearColor(0.25f, 0.25f, 0.25f, 0.25f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 16);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (int x = 0; x < 4; ++x) EXPECT_EQ(pixel(x, 0), in_buffer[static_cast<size_t>(x)]) << x;
  for (int x = 4; x < 16; ++x) EXPECT_TRUE(allowed_out_of_bounds(pixel(x, 0), in_buffer)) << x;
  glDeleteBuffers(1, &vbo);
  glDeleteVertexArrays(1, &vao);
  glDeleteProgram(p);
}

TEST_F(RobustAccess, IndicesPastTheElementBufferDrawTheIndicesWithin) {
  GLuint p = program(kPointVs, kPointFs);
  glUseProgram(p);
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  const float colors[32] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1};
  GLuint vbo = buffer(GL_ARRAY_BUFFER, sizeof(colors), colors);
  const GLint loc = glGetAttribLocation(p, "color");
  ASSERT_GE(loc, 0);
  glVertexAttribPointer(static_cast<GLuint>(loc), 4, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(static_cast<GLuint>(loc));
  // Four indices (points 1, 3, 5, 7); the draw asks for twelve.
  const uint16_t indices[4] = {1, 3, 5, 7};
  GLuint ebo = buffer(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices);
  const uint32_t background = rgba(64, 64, 64, 64);
  glClearColor(0.25f, 0.25f, 0.25f, 0.25f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawElements(GL_POINTS, 12, GL_UNSIGNED_SHORT, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // The four points within the buffer are drawn; past it, an index reads
  // zero or an index from the buffer: only point 0 may appear besides.
  EXPECT_EQ(pixel(1, 0), rgba(0, 255, 0));
  EXPECT_EQ(pixel(3, 0), rgba(255, 255, 255));
  EXPECT_EQ(pixel(5, 0), rgba(0, 255, 0));
  EXPECT_EQ(pixel(7, 0), rgba(255, 255, 255));
  const uint32_t p0 = pixel(0, 0);
  EXPECT_TRUE(p0 == background || p0 == rgba(255, 0, 0)) << std::hex << p0;
  for (int x : {2, 4, 6, 8, 9, 10, 11, 12}) EXPECT_EQ(pixel(x, 0), background) << x;
  // An offset past the buffer's end reads nothing at all.
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawElements(GL_POINTS, 4, GL_UNSIGNED_SHORT, reinterpret_cast<const void*>(uintptr_t{64}));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  for (int x = 1; x < 16; ++x) EXPECT_EQ(pixel(x, 0), background) << x;
  glDeleteBuffers(1, &ebo);
  glDeleteBuffers(1, &vbo);
  glDeleteVertexArrays(1, &vao);
  glDeleteProgram(p);
}

TEST_F(RobustAccess, StorageBufferReadsPastTheBoundRangeAreZeroOrBufferValues) {
  // 16 uints of 7 bound as a range of 4; each invocation reads data[i].
  const std::vector<uint32_t> seven(16, 7u);
  GLuint in = buffer(GL_SHADER_STORAGE_BUFFER, 64, seven.data());
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, in, 0, 16);
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 64 * 4);
  dispatch(R"(#version 310 es
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { uint result[]; };
layout(std430, binding = 1) readonly buffer In { uint data[]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  result[i] = data[i];
})",
           out, 64);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> r = read_uints(out, 64);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(r[i], 7u) << i;
  for (size_t i = 4; i < 64; ++i) EXPECT_TRUE(r[i] == 0 || r[i] == 7u) << i << ": " << std::hex << r[i];
  glDeleteBuffers(1, &in);
  glDeleteBuffers(1, &out);
}

TEST_F(RobustAccess, UniformBufferReadsPastTheBoundRangeAreZeroOrBufferValues) {
  // A block of 64 uvec4 backed by one uvec4 of 9s (the smallest range the
  // offset alignment allows is the whole buffer: 16 bytes).
  const uint32_t nine[4] = {9, 9, 9, 9};
  GLuint in = buffer(GL_UNIFORM_BUFFER, 16, nine);
  glBindBufferRange(GL_UNIFORM_BUFFER, 0, in, 0, 16);
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 64 * 4);
  dispatch(R"(#version 310 es
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { uint result[]; };
layout(std140, binding = 0) uniform In { uvec4 data[64]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  result[i] = data[i].x;
})",
           out, 64);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> r = read_uints(out, 64);
  EXPECT_EQ(r[0], 9u);
  for (size_t i = 1; i < 64; ++i) EXPECT_TRUE(r[i] == 0 || r[i] == 9u) << i << ": " << std::hex << r[i];
  glDeleteBuffers(1, &in);
  glDeleteBuffers(1, &out);
}

TEST_F(RobustAccess, ImageLoadsOutOfBoundsAreZero) {
  // A 4x4 rgba32f image of ones, loaded over [-4, 8) x [-4, 8).
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, 4, 4);
  const std::vector<float> ones(4 * 4 * 4, 1.0f);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_FLOAT, ones.data());
  glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 144 * 4);
  dispatch(R"(#version 310 es
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { uint result[]; };
layout(rgba32f, binding = 0) readonly uniform highp image2D img;
void main() {
  uint i = gl_GlobalInvocationID.x;
  ivec2 c = ivec2(int(i % 12u) - 4, int(i / 12u) - 4);
  vec4 t = imageLoad(img, c);
  // RGB are what GL defines out of bounds (alpha is undefined).
  result[i] = t.rgb == vec3(1.0) ? 1u : t.rgb == vec3(0.0) ? 0u : 2u;
})",
           out, 144);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> r = read_uints(out, 144);
  for (int i = 0; i < 144; ++i) {
    const int x = i % 12 - 4, y = i / 12 - 4;
    const bool inside = x >= 0 && x < 4 && y >= 0 && y < 4;
    EXPECT_EQ(r[static_cast<size_t>(i)], inside ? 1u : 0u) << x << "," << y;
  }
  glDeleteTextures(1, &tex);
  glDeleteBuffers(1, &out);
}

}  // namespace
}  // namespace brass::e2e
