// A lavapipe screen (with validation: BRASS_DEBUG=validation from ctest) and
// a batch ring registered with it, for tests of driver mechanisms that own
// Vulkan objects; resources and surfaces come from the screen, without a
// context. Any validation message during a test fails it.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "device/device.h"
#include "driver/batch/batch_ring.h"
#include "driver/screen.h"
#include "pipe/resource.h"
#include "pipe/state.h"
#include "util/ref_counted.h"

namespace brass::driver::test {

class DriverDeviceTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite();
  static void TearDownTestSuite();
  void SetUp() override;
  void TearDown() override;

  VulkanScreen& screen() { return *screen_; }
  vk::Device& device() { return screen_->device(); }
  VkDevice vk_device() { return screen_->vk_device(); }
  // Registered with the screen: objects marked by it record its id.
  BatchRing& ring() { return *ring_; }
  // Submits the current batch (nothing recorded is fine) and returns its serial.
  uint64_t submit();
  // Submits the current batch held on the GPU until release_gate().
  uint64_t submit_gated();
  void release_gate();

  // A real object for lists that destroy handles.
  VkBuffer make_buffer(VkDeviceSize size = 256);
  // Resources from the screen (null with a test failure when creation fails).
  Ref<pipe::Resource> make_texture(uint32_t width, uint32_t height, pipe::Format format,
                                   uint32_t bind = pipe::kBindRenderTarget | pipe::kBindSamplerView);
  Ref<pipe::Resource> make_buffer_resource(uint32_t size, uint32_t bind = pipe::kBindVertexBuffer);
  // A render target view of level 0 (`format` None: the resource's).
  Ref<pipe::Surface> make_surface(pipe::Resource* r, pipe::Format format = pipe::Format::None);

 public:
  // Called once after all tests (a static destructor would run after the
  // Vulkan driver's own exit handlers).
  static void destroy_screen();

 private:
  static std::unique_ptr<VulkanScreen> screen_;
  std::unique_ptr<BatchRing> ring_;
  uint64_t validation_before_ = 0;
};

}  // namespace brass::driver::test
