// OES_viewport_array in ES 3.1 contexts: limits, the indexed state and its
// errors, glViewport/glScissor/glDepthRangef/glEnable setting every index,
// and draws whose geometry shader picks viewports (gl_ViewportIndex) with
// per-viewport rectangles, scissor boxes, scissor enables and depth ranges;
// clears use viewport 0's scissor state. Pixels are checked on the CPU.
#include "e2e_es31_fixture.h"

#include <GLES3/gl32.h>

#include <cmath>

namespace brass::e2e {
namespace {

// One triangle covering the viewport, sent to viewport gl_InvocationID by
// each of four invocations; the fragment shader colours by gl_ViewportIndex
// (red 50, 100, 150, 200) and writes the window depth into green.
constexpr const char* kGs = R"(#version 310 es
#extension GL_EXT_geometry_shader : require
#extension GL_OES_viewport_array : require
layout(triangles, invocations = 4) in;
layout(triangle_strip, max_vertices = 3) out;
void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = gl_in[i].gl_Position;
    gl_ViewportIndex = gl_InvocationID;
    EmitVertex();
  }
  EndPrimitive();
})";

constexpr const char* kFs = R"(#version 310 es
#extension GL_OES_viewport_array : require
precision highp float;
out vec4 color;
void main() { color = vec4(float(gl_ViewportIndex + 1) * 50.0 / 255.0, gl_FragCoord.z, 0.0, 1.0); })";

class E2eViewportArray : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (!has_extension("GL_EXT_geometry_shader")) GTEST_SKIP() << "the device has no geometry shaders";
    ASSERT_TRUE(has_extension("GL_OES_viewport_array"));
    viewport_indexed = reinterpret_cast<PFNGLVIEWPORTINDEXEDFOESPROC>(eglGetProcAddress("glViewportIndexedfOES"));
    viewport_array = reinterpret_cast<PFNGLVIEWPORTARRAYVOESPROC>(eglGetProcAddress("glViewportArrayvOES"));
    scissor_indexed = reinterpret_cast<PFNGLSCISSORINDEXEDOESPROC>(eglGetProcAddress("glScissorIndexedOES"));
    scissor_array = reinterpret_cast<PFNGLSCISSORARRAYVOESPROC>(eglGetProcAddress("glScissorArrayvOES"));
    depth_indexed = reinterpret_cast<PFNGLDEPTHRANGEINDEXEDFOESPROC>(eglGetProcAddress("glDepthRangeIndexedfOES"));
    depth_array = reinterpret_cast<PFNGLDEPTHRANGEARRAYFVOESPROC>(eglGetProcAddress("glDepthRangeArrayfvOES"));
    get_float = reinterpret_cast<PFNGLGETFLOATI_VOESPROC>(eglGetProcAddress("glGetFloati_vOES"));
    // The indexed enables are OES_draw_buffers_indexed's (ES 3.2's glEnablei).
    enablei = reinterpret_cast<PFNGLENABLEIOESPROC>(eglGetProcAddress("glEnableiOES"));
    disablei = reinterpret_cast<PFNGLDISABLEIOESPROC>(eglGetProcAddress("glDisableiOES"));
    is_enabledi = reinterpret_cast<PFNGLISENABLEDIOESPROC>(eglGetProcAddress("glIsEnablediOES"));
    ASSERT_TRUE(viewport_indexed && viewport_array && scissor_indexed && scissor_array && depth_indexed &&
                depth_array && get_float && enablei && disablei && is_enabledi);
  }
  GLuint draw_program() {
    GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), kFullscreenVs310},
                             std::pair{GLenum(GL_GEOMETRY_SHADER), kGs}, std::pair{GLenum(GL_FRAGMENT_SHADER), kFs}}) {
      GLuint s = shader(type, src);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    link(p);
    return p;
  }
  static uint8_t red(uint32_t px) { return px & 0xff; }
  static uint8_t green(uint32_t px) { return (px >> 8) & 0xff; }

  PFNGLVIEWPORTINDEXEDFOESPROC viewport_indexed = nullptr;
  PFNGLVIEWPORTARRAYVOESPROC viewport_array = nullptr;
  PFNGLSCISSORINDEXEDOESPROC scissor_indexed = nullptr;
  PFNGLSCISSORARRAYVOESPROC scissor_array = nullptr;
  PFNGLDEPTHRANGEINDEXEDFOESPROC depth_indexed = nullptr;
  PFNGLDEPTHRANGEARRAYFVOESPROC depth_array = nullptr;
  PFNGLGETFLOATI_VOESPROC get_float = nullptr;
  PFNGLENABLEIOESPROC enablei = nullptr;
  PFNGLDISABLEIOESPROC disablei = nullptr;
  PFNGLISENABLEDIOESPROC is_enabledi = nullptr;
};

TEST_F(E2eViewportArray, Limits) {
  GLint max = 0;
  glGetIntegerv(GL_MAX_VIEWPORTS_OES, &max);
  EXPECT_GE(max, 16);
  GLfloat bounds[2] = {};
  glGetFloatv(GL_VIEWPORT_BOUNDS_RANGE_OES, bounds);
  GLint dims[2] = {};
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
  EXPECT_LE(bounds[0], -2.0f * static_cast<float>(dims[0]));
  EXPECT_GE(bounds[1], 2.0f * static_cast<float>(dims[0]) - 1.0f);
  GLint bits = -1, provoking = 0;
  glGetIntegerv(GL_VIEWPORT_SUBPIXEL_BITS_OES, &bits);
  EXPECT_GE(bits, 0);
  glGetIntegerv(GL_VIEWPORT_INDEX_PROVOKING_VERTEX_OES, &provoking);
  EXPECT_TRUE(provoking == GL_FIRST_VERTEX_CONVENTION_EXT || provoking == GL_LAST_VERTEX_CONVENTION_EXT ||
              provoking == GL_UNDEFINED_VERTEX_EXT)
      << provoking;
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(E2eViewportArray, Errors) {
  GLint max = 0;
  glGetIntegerv(GL_MAX_VIEWPORTS_OES, &max);
  const auto m = static_cast<GLuint>(max);
  viewport_indexed(m, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  viewport_indexed(0, 0, 0, -1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  const GLfloat two[8] = {0, 0, 1, 1, 0, 0, 1, 1};
  viewport_array(m - 1, 2, two);  // first + count past MAX_VIEWPORTS
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  viewport_array(0, -1, two);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  viewport_array(0xffffffffu, 2, two);  // first + count wraps
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  scissor_indexed(m, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  scissor_indexed(1, 0, 0, 1, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  const GLint srect[4] = {0, 0, -5, 1};
  scissor_array(0, 1, srect);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  depth_indexed(m, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLfloat f[4];
  get_float(GL_VIEWPORT, m, f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  get_float(GL_BLEND_COLOR, 0, f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint i[4];
  glGetIntegeri_v(GL_SCISSOR_BOX, m, i);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  enablei(GL_SCISSOR_TEST, m);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(is_enabledi(GL_SCISSOR_TEST, m), GL_FALSE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Nothing changed.
  get_float(GL_VIEWPORT, 0, f);
  EXPECT_EQ(f[2], static_cast<float>(kWidth));
}

TEST_F(E2eViewportArray, IndexedStateAndTheCommandsThatSetEveryIndex) {
  GLint max = 0;
  glGetIntegerv(GL_MAX_VIEWPORTS_OES, &max);
  // The initial state: every viewport and scissor box the surface's size.
  for (GLint k = 0; k < max; ++k) {
    GLfloat v[4] = {};
    get_float(GL_VIEWPORT, static_cast<GLuint>(k), v);
    EXPECT_EQ(v[2], static_cast<float>(kWidth)) << k;
    GLint s[4] = {};
    glGetIntegeri_v(GL_SCISSOR_BOX, static_cast<GLuint>(k), s);
    EXPECT_EQ(s[3], kHeight) << k;
    GLfloat d[2] = {};
    get_float(GL_DEPTH_RANGE, static_cast<GLuint>(k), d);
    EXPECT_EQ(d[1], 1.0f);
  }
  viewport_indexed(3, 1.5f, 2.25f, 10.0f, 1e9f);
  GLfloat v[4] = {};
  get_float(GL_VIEWPORT, 3, v);
  EXPECT_EQ(v[0], 1.5f);
  EXPECT_EQ(v[1], 2.25f);
  EXPECT_EQ(v[2], 10.0f);
  GLint dims[2] = {};
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
  EXPECT_EQ(v[3], static_cast<float>(dims[1]));  // clamped
  GLint vi[4] = {};
  glGetIntegeri_v(GL_VIEWPORT, 3, vi);
  EXPECT_EQ(vi[0], 2);  // rounded
  EXPECT_EQ(vi[1], 2);
  // Index 0 is what the one-viewport queries read.
  viewport_indexed(0, 4, 5, 6, 7);
  GLint v0[4] = {};
  glGetIntegerv(GL_VIEWPORT, v0);
  EXPECT_EQ(v0[0], 4);
  EXPECT_EQ(v0[3], 7);
  depth_indexed(2, -1.0f, 0.5f);
  GLfloat d[2] = {};
  get_float(GL_DEPTH_RANGE, 2, d);
  EXPECT_EQ(d[0], 0.0f);  // clamped
  EXPECT_EQ(d[1], 0.5f);
  const GLfloat ranges[4] = {0.25f, 0.75f, 0.1f, 0.2f};
  depth_array(5, 2, ranges);
  get_float(GL_DEPTH_RANGE, 6, d);
  EXPECT_FLOAT_EQ(d[0], 0.1f);
  scissor_indexed(4, 1, 2, 3, 4);
  GLint s[4] = {};
  glGetIntegeri_v(GL_SCISSOR_BOX, 4, s);
  EXPECT_EQ(s[2], 3);
  enablei(GL_SCISSOR_TEST, 4);
  EXPECT_TRUE(is_enabledi(GL_SCISSOR_TEST, 4));
  EXPECT_FALSE(is_enabledi(GL_SCISSOR_TEST, 0));
  EXPECT_FALSE(glIsEnabled(GL_SCISSOR_TEST));
  // glViewport, glScissor, glDepthRangef and glEnable/glDisable set every index.
  glViewport(1, 2, 3, 4);
  glScissor(5, 6, 7, 8);
  glDepthRangef(0.5f, 0.25f);
  glEnable(GL_SCISSOR_TEST);
  for (GLint k = 0; k < max; ++k) {
    get_float(GL_VIEWPORT, static_cast<GLuint>(k), v);
    EXPECT_EQ(v[0], 1.0f) << k;
    EXPECT_EQ(v[3], 4.0f) << k;
    glGetIntegeri_v(GL_SCISSOR_BOX, static_cast<GLuint>(k), s);
    EXPECT_EQ(s[1], 6) << k;
    get_float(GL_DEPTH_RANGE, static_cast<GLuint>(k), d);
    EXPECT_EQ(d[0], 0.5f) << k;
    EXPECT_TRUE(is_enabledi(GL_SCISSOR_TEST, static_cast<GLuint>(k))) << k;
  }
  glDisable(GL_SCISSOR_TEST);
  EXPECT_FALSE(is_enabledi(GL_SCISSOR_TEST, 7));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// Four viewports, one per quadrant, each drawn by its own invocation.
TEST_F(E2eViewportArray, GeometryShaderChoosesTheViewport) {
  GLuint p = draw_program();
  const GLfloat quads[16] = {0, 0, 16, 16, 16, 0, 16, 16, 0, 16, 16, 16, 16, 16, 16, 16};
  viewport_array(0, 4, quads);
  const GLfloat depth[8] = {0.2f, 0.2f, 0.4f, 0.4f, 0.6f, 0.6f, 0.8f, 0.8f};
  depth_array(0, 4, depth);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const std::vector<uint32_t> px = read_pixels();
  const int xs[4] = {4, 20, 4, 20}, ys[4] = {4, 4, 20, 20};
  for (int k = 0; k < 4; ++k) {
    const uint32_t c = px[static_cast<size_t>(ys[k] * kWidth + xs[k])];
    EXPECT_NEAR(red(c), 50 * (k + 1), 1) << "viewport " << k;
    EXPECT_NEAR(green(c), std::lround(depth[2 * k] * 255.0f), 2) << "depth range of viewport " << k;
  }
  glDeleteProgram(p);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// Scissor boxes and enables per viewport: viewport 0 (left half) scissored
// to its lower half; viewport 1 (right half) has a 1x1 box but its test off.
TEST_F(E2eViewportArray, ScissorPerViewport) {
  GLuint p = draw_program();
  const GLfloat halves[16] = {0, 0, 16, 32, 16, 0, 16, 32, 0, 0, 0, 0, 0, 0, 0, 0};
  viewport_array(0, 4, halves);
  const GLint boxes[8] = {0, 0, 32, 16, 0, 0, 1, 1};
  scissor_array(0, 2, boxes);
  enablei(GL_SCISSOR_TEST, 0);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);  // viewport 0's scissor: only the lower half
  disablei(GL_SCISSOR_TEST, 0);
  glClearColor(0, 0, 1, 1);
  enablei(GL_SCISSOR_TEST, 1);  // not index 0's: the clear is not scissored
  glClear(GL_COLOR_BUFFER_BIT);
  disablei(GL_SCISSOR_TEST, 1);
  enablei(GL_SCISSOR_TEST, 0);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);  // lower half black, upper half blue
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const std::vector<uint32_t> px = read_pixels();
  auto at = [&](int x, int y) { return px[static_cast<size_t>(y * kWidth + x)]; };
  EXPECT_EQ(red(at(4, 4)), 50);          // viewport 0, inside its box
  EXPECT_EQ(at(4, 28), rgba(0, 0, 255));  // viewport 0, scissored away: the clear's blue
  EXPECT_EQ(red(at(28, 4)), 100);        // viewport 1: its test is off
  EXPECT_EQ(red(at(28, 28)), 100);
  glDeleteProgram(p);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

// gl_ViewportIndex past MAX_VIEWPORTS is undefined, but must not crash.
TEST_F(E2eViewportArray, OutOfRangeIndexIsHarmless) {
  constexpr const char* gs = R"(#version 310 es
#extension GL_EXT_geometry_shader : require
#extension GL_OES_viewport_array : require
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = gl_in[i].gl_Position;
    gl_ViewportIndex = 1000;
    EmitVertex();
  }
})";
  constexpr const char* fs = R"(#version 310 es
precision mediump float;
out vec4 color;
void main() { color = vec4(1.0); })";
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), kFullscreenVs310},
                           std::pair{GLenum(GL_GEOMETRY_SHADER), gs}, std::pair{GLenum(GL_FRAGMENT_SHADER), fs}}) {
    GLuint s = shader(type, src);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  link(p);
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glFinish();
  glDeleteProgram(p);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
