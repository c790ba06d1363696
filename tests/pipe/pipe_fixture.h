// Shared fixture for pipe-level tests: one screen per process (device
// creation is slow), a fresh context per test, helpers for render targets,
// programs and readback, and the validation-message check after each test.
#pragma once
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <memory>
#include <vector>

#include "driver/context.h"
#include "driver/screen.h"
#include "pipe/context.h"
#include "threaded/wrap.h"
#include "util/stats.h"

namespace brass::test {

class PipeTest : public ::testing::Test {
 public:
  // After the last test (a global test environment calls it).
  static void destroy_screen();

 protected:
  static void SetUpTestSuite();
  static void TearDownTestSuite();
  void SetUp() override;
  void TearDown() override;

  static driver::VulkanScreen& screen() { return *screen_; }
  // The driver's context: behind the threaded one (after everything
  // recorded ran) when BRASS_THREAD=1.
  driver::VulkanContext& vctx() {
    return static_cast<driver::VulkanContext&>(threaded::synced_target(*ctx));
  }

  Ref<pipe::Resource> make_texture(uint32_t w, uint32_t h, pipe::Format f = pipe::Format::RGBA8_UNORM,
                                   uint32_t bind = pipe::kBindRenderTarget | pipe::kBindSamplerView,
                                   uint32_t samples = 1, uint32_t levels = 1);
  Ref<pipe::Resource> make_buffer(uint32_t size, const void* data = nullptr);
  // Binds a framebuffer of one color target (the surface is kept here).
  void bind_target(pipe::Resource* tex);
  std::vector<uint32_t> read_pixels(pipe::Resource* tex, uint32_t level = 0);
  // Programs built from the embedded test shaders.
  pipe::ShaderProgram* vbo_program();
  // `vs` replaces uniform.vert (same interface), e.g. an invariant variant.
  pipe::ShaderProgram* uniform_program(std::span<const uint32_t> vs = {});
  pipe::ShaderProgram* texture_program();
  // Vertex elements: pos (vec2, buffer 0), color (vec4, buffer 1), offset (vec2, buffer 2, per instance).
  void bind_vbo_layout();
  // Vertex elements: pos (vec2, buffer 0) only.
  void bind_position_layout();
  // One non-indexed triangle-strip draw of `count` vertices (a quad_buffer quad).
  void draw_strip(uint32_t count = 4);
  // A triangle covering the left or right half, or a full-screen quad (strip).
  Ref<pipe::Resource> quad_buffer(float x0, float y0, float x1, float y1);

  static uint32_t rgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a = 255) {
    return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
  }
  // A counter's value; a name no StatCounter has fails the test (a misspelt
  // name must not read as a counter that stays at 0).
  uint64_t stat(const char* name) {
    // Threaded, the driver counts what it ran: wait for what was recorded.
    threaded::synced_target(*ctx);
    const std::optional<uint64_t> value = stat_value(name);
    if (!value) ADD_FAILURE() << "no StatCounter is named \"" << name << "\"";
    return value.value_or(0);
  }

  std::unique_ptr<pipe::Context> ctx;
  std::vector<Ref<pipe::Surface>> surfaces;
  std::vector<pipe::ShaderProgram*> programs;
  std::vector<pipe::VertexElementsObject*> velems;
  uint64_t validation_before_ = 0;

 private:
  static std::unique_ptr<driver::VulkanScreen> screen_;
};

}  // namespace brass::test
