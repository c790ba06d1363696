// Instanced arrays (ES 3.0 §10.3.2 / GL 4.6 §10.3.4): an attribute with
// divisor N > 0 advances once every N instances, divisor 0 once per vertex.
// The driver gives divisors to Vulkan in two ways: per draw with
// VK_EXT_vertex_input_dynamic_state (lavapipe, most GPUs) or baked into each
// pipeline (VkPipelineVertexInputDivisorStateCreateInfoEXT) on devices
// without it. ctest runs this file a second time with
// BRASS_DEBUG=nodynvertexinput (tests/e2e/CMakeLists.txt), which makes
// lavapipe take the second path; SetUp checks that the flag took effect.

#include <cstdlib>
#include <cstring>

#include "e2e_fixture.h"
#include "wait_for_driver.h"
#include "brass_stats.h"

#ifndef BRASS_E2E_VENDOR_LIBRARY
#error "tests/e2e/CMakeLists.txt defines BRASS_E2E_VENDOR_LIBRARY (the path of libEGL_brass.so)"
#endif

namespace brass::e2e {
namespace {

// Eight instances, each a vertical strip 4 pixels wide: `strip` (divisor 0)
// is the strip's six vertices, `x` (divisor 1) its left edge. Red and green
// come from attributes whose divisors the tests choose.
const char* kVs = R"(#version 300 es
layout(location = 0) in vec2 strip;
layout(location = 1) in float x;
layout(location = 2) in float red;
layout(location = 3) in float green;
out vec4 v_color;
void main() {
  gl_Position = vec4(x + strip.x * 0.25, strip.y, 0.0, 1.0);
  v_color = vec4(red, green, 0.0, 1.0);
})";
const char* kFs = R"(#version 300 es
precision mediump float;
in vec4 v_color;
out vec4 o;
void main() { o = v_color; })";

constexpr int kInstances = 8;

class InstanceDivisors : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    const char* debug = std::getenv("BRASS_DEBUG");
    if (debug && std::strstr(debug, "nodynvertexinput")) {
      auto stats_value = brass_stats_value_function();
      ASSERT_NE(stats_value, nullptr) << "libEGL_brass.so is not loaded or does not export brass_stats_value";
      wait_for_driver_thread();
      uint64_t devices = 0;
      ASSERT_TRUE(stats_value("device.static_vertex_input", &devices));
      ASSERT_GT(devices, 0u) << "BRASS_DEBUG=nodynvertexinput took no effect";
    }
    prog_ = program(kVs, kFs);
    glUseProgram(prog_);
    glGenBuffers(4, bufs_);
    // Strip: two triangles over [0,1] x [-1,1].
    const float strip[] = {0, -1, 1, -1, 0, 1, 0, 1, 1, -1, 1, 1};
    attrib(0, 2, strip, sizeof(strip), 0);
    float x[kInstances];
    for (int i = 0; i < kInstances; ++i) x[i] = -1.0f + 0.25f * static_cast<float>(i);
    attrib(1, 1, x, sizeof(x), 1);
    // Element k of red is 0.1 * (k + 1), of green 0.1 * (k + 2): distinct
    // for every element a divisor of 1 to 3 reaches in eight instances.
    float red[kInstances], green[kInstances];
    for (int k = 0; k < kInstances; ++k) {
      red[k] = 0.1f * static_cast<float>(k + 1);
      green[k] = 0.1f * static_cast<float>(k + 2);
    }
    attrib(2, 1, red, sizeof(red), 2);
    attrib(3, 1, green, sizeof(green), 3);
  }
  void TearDown() override {
    if (prog_) {
      glDeleteBuffers(4, bufs_);
      glDeleteProgram(prog_);
    }
    GlesTest::TearDown();
  }

  void attrib(GLuint loc, GLint size, const float* data, GLsizeiptr bytes, GLuint divisor) {
    glBindBuffer(GL_ARRAY_BUFFER, bufs_[loc]);
    glBufferData(GL_ARRAY_BUFFER, bytes, data, GL_STATIC_DRAW);
    glVertexAttribPointer(loc, size, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(loc);
    glVertexAttribDivisor(loc, divisor);
  }

  static uint8_t unorm8(float v) { return static_cast<uint8_t>(v * 255.0f + 0.5f); }

  // Each of the first `drawn` strips has red element i / red_divisor and
  // green element i / green_divisor; the others are clear.
  void expect_strips(int drawn, int red_divisor, int green_divisor) {
    const std::vector<uint32_t> px = read_pixels();
    for (int i = 0; i < kInstances; ++i) {
      const uint32_t got = px[16 * kWidth + 4 * i + 2];
      const uint32_t want = i < drawn ? rgba(unorm8(0.1f * static_cast<float>(i / red_divisor + 1)),
                                             unorm8(0.1f * static_cast<float>(i / green_divisor + 2)), 0)
                                      : 0u;
      // One step of rounding either way per channel.
      for (int c = 0; c < 4; ++c) {
        const int g = static_cast<int>(got >> (8 * c) & 0xff), w = static_cast<int>(want >> (8 * c) & 0xff);
        EXPECT_LE(std::abs(g - w), 1) << "strip " << i << " channel " << c << ": got " << std::hex << got
                                      << ", want " << want << " (divisors red " << std::dec << red_divisor
                                      << ", green " << green_divisor << ")";
      }
    }
  }

  void clear() {
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }

  GLuint prog_ = 0;
  GLuint bufs_[4] = {};
};

// Divisors 0 (strip), 1 (x), 2 (red) and 3 (green) in one draw, arrays and
// elements.
TEST_F(InstanceDivisors, ZeroOneTwoAndThreeInOneDraw) {
  clear();
  glDrawArraysInstanced(GL_TRIANGLES, 0, 6, kInstances);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  expect_strips(kInstances, 2, 3);

  const uint16_t idx[] = {0, 1, 2, 3, 4, 5};
  GLuint ibo = 0;
  glGenBuffers(1, &ibo);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
  clear();
  glDrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr, 5);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  expect_strips(5, 2, 3);
  glDeleteBuffers(1, &ibo);
}

// The divisors change between draws with everything else the same: each
// draw must use its own (a pipeline keyed by the vertex input, or the
// dynamic state set again).
TEST_F(InstanceDivisors, ChangeBetweenDraws) {
  const int settings[][2] = {{2, 3}, {3, 1}, {1, 2}, {3, 3}, {2, 3}};
  for (const auto& [r, g] : settings) {
    glVertexAttribDivisor(2, static_cast<GLuint>(r));
    glVertexAttribDivisor(3, static_cast<GLuint>(g));
    clear();
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, kInstances);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    expect_strips(kInstances, r, g);
  }
  // Several draws into one frame before it is read: the first draw's strips
  // keep their divisors when the second draws over half of them.
  clear();
  glVertexAttribDivisor(2, 2);
  glVertexAttribDivisor(3, 3);
  glDrawArraysInstanced(GL_TRIANGLES, 0, 6, kInstances);
  glVertexAttribDivisor(2, 1);
  glVertexAttribDivisor(3, 1);
  glDrawArraysInstanced(GL_TRIANGLES, 0, 6, 4);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<uint32_t> px = read_pixels();
  for (int i = 0; i < kInstances; ++i) {
    const int rd = i < 4 ? 1 : 2, gd = i < 4 ? 1 : 3;
    const uint32_t want = rgba(unorm8(0.1f * static_cast<float>(i / rd + 1)), unorm8(0.1f * static_cast<float>(i / gd + 2)), 0);
    const uint32_t got = px[16 * kWidth + 4 * i + 2];
    for (int c = 0; c < 4; ++c)
      EXPECT_LE(std::abs(static_cast<int>(got >> (8 * c) & 0xff) - static_cast<int>(want >> (8 * c) & 0xff)), 1)
          << "strip " << i << std::hex << ": got " << got << ", want " << want;
  }
}

// Two attributes of different divisors reading one buffer through one
// binding each (glVertexAttribPointer makes a binding per attribute): the
// divisor is per binding in Vulkan, so each attribute's binding carries its
// own.
TEST_F(InstanceDivisors, OneBufferReadWithTwoDivisors) {
  float both[kInstances];
  for (int k = 0; k < kInstances; ++k) both[k] = 0.1f * static_cast<float>(k + 1);
  glBindBuffer(GL_ARRAY_BUFFER, bufs_[2]);
  glBufferData(GL_ARRAY_BUFFER, sizeof(both), both, GL_STATIC_DRAW);
  glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
  glVertexAttribDivisor(2, 3);
  // green reads element k + 1 of the same buffer: 0.1 * (k + 2).
  glVertexAttribPointer(3, 1, GL_FLOAT, GL_FALSE, 0, reinterpret_cast<const void*>(sizeof(float)));
  glVertexAttribDivisor(3, 2);
  clear();
  glDrawArraysInstanced(GL_TRIANGLES, 0, 6, kInstances);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  expect_strips(kInstances, 3, 2);
}

}  // namespace
}  // namespace brass::e2e
