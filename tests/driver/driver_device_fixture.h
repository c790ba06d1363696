// A lavapipe device (with validation: BRASS_DEBUG=validation from ctest) and
// a batch ring for tests of driver mechanisms that own Vulkan objects. Any
// validation message during a test fails it.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "device/device.h"
#include "driver/batch/batch_ring.h"

namespace brass::driver::test {

class DriverDeviceTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite();
  static void TearDownTestSuite();
  void SetUp() override;
  void TearDown() override;

  vk::Device& device() { return *device_; }
  VkDevice vk_device() { return device_->handle(); }
  BatchRing& ring() { return *ring_; }
  // Submits the current batch (nothing recorded is fine) and returns its serial.
  uint64_t submit();
  // Submits the current batch held on the GPU until release_gate().
  uint64_t submit_gated();
  void release_gate();

  // A real object for lists that destroy handles.
  VkBuffer make_buffer(VkDeviceSize size = 256);

  static std::unique_ptr<vk::Device> device_;

 private:
  std::unique_ptr<BatchRing> ring_;
  uint64_t validation_before_ = 0;
};

}  // namespace brass::driver::test
