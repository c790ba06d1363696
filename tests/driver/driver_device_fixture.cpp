#include "driver_device_fixture.h"

#include <string>

#include "device/instance.h"

namespace brass::driver::test {

std::unique_ptr<vk::Device> DriverDeviceTest::device_;

void DriverDeviceTest::SetUpTestSuite() {
  if (device_) return;
  std::string why;
  device_ = vk::Device::create_from_options(&why);
  ASSERT_TRUE(device_) << why;
  ASSERT_TRUE(device_->instance().validation_enabled()) << "run through ctest (BRASS_DEBUG=validation)";
}

void DriverDeviceTest::TearDownTestSuite() {}

void DriverDeviceTest::SetUp() {
  ASSERT_TRUE(device_);
  validation_before_ = vk::Instance::validation_message_count();
  ring_ = std::make_unique<BatchRing>(*device_);
  ASSERT_TRUE(ring_->init());
}

void DriverDeviceTest::TearDown() {
  ring_.reset();  // waits for the GPU, destroys the ring's garbage
  EXPECT_EQ(vk::Instance::validation_message_count(), validation_before_) << vk::Instance::last_validation_message();
}

uint64_t DriverDeviceTest::submit() {
  const uint64_t serial = ring_->current_serial();
  EXPECT_TRUE(ring_->submit(SubmitReason::Flush));
  return serial;
}

uint64_t DriverDeviceTest::submit_gated() {
  EXPECT_TRUE(ring_->arm_gpu_gate());
  return submit();
}

void DriverDeviceTest::release_gate() { EXPECT_TRUE(ring_->release_gpu_gate()); }

VkBuffer DriverDeviceTest::make_buffer(VkDeviceSize size) {
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
  VkBuffer buffer = VK_NULL_HANDLE;
  EXPECT_EQ(vkCreateBuffer(vk_device(), &info, nullptr, &buffer), VK_SUCCESS);
  return buffer;
}

}  // namespace brass::driver::test
