#include "driver_device_fixture.h"

#include <string>

#include "device/instance.h"
#include "driver/state_objects.h"

namespace brass::driver::test {

std::unique_ptr<VulkanScreen> DriverDeviceTest::screen_;

namespace {
class ScreenTeardown : public ::testing::Environment {
 public:
  void TearDown() override { DriverDeviceTest::destroy_screen(); }
};
const auto* const g_screen_teardown = ::testing::AddGlobalTestEnvironment(new ScreenTeardown);
}  // namespace

void DriverDeviceTest::SetUpTestSuite() {
  if (screen_) return;
  std::string why;
  screen_ = VulkanScreen::create(&why);
  ASSERT_TRUE(screen_) << why;
  ASSERT_TRUE(screen_->device().instance().validation_enabled()) << "run through ctest (BRASS_DEBUG=validation)";
}

void DriverDeviceTest::TearDownTestSuite() {}

void DriverDeviceTest::destroy_screen() { screen_.reset(); }

void DriverDeviceTest::SetUp() {
  ASSERT_TRUE(screen_);
  validation_before_ = vk::Instance::validation_message_count();
  ring_ = std::make_unique<BatchRing>(device());
  ring_->set_id(screen_->register_ring(ring_.get()));
  ASSERT_TRUE(ring_->init());
}

void DriverDeviceTest::TearDown() {
  if (ring_) {
    const uint32_t id = ring_->id();
    ring_.reset();  // waits for the GPU, destroys the ring's garbage
    screen_->unregister_ring(id);
  }
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

Ref<pipe::Resource> DriverDeviceTest::make_texture(uint32_t width, uint32_t height, pipe::Format format,
                                                   uint32_t bind) {
  pipe::ResourceTemplate t;
  t.target = pipe::Target::Texture2D;
  t.format = format;
  t.width = width;
  t.height = height;
  t.bind = bind;
  pipe::Status s;
  Ref<pipe::Resource> r = screen_->resource_create(t, &s);
  EXPECT_TRUE(r) << pipe::to_string(s);
  return r;
}

Ref<pipe::Resource> DriverDeviceTest::make_buffer_resource(uint32_t size, uint32_t bind) {
  pipe::ResourceTemplate t;
  t.target = pipe::Target::Buffer;
  t.format = pipe::Format::None;
  t.width = size;
  t.bind = bind;
  pipe::Status s;
  Ref<pipe::Resource> r = screen_->resource_create(t, &s);
  EXPECT_TRUE(r) << pipe::to_string(s);
  return r;
}

Ref<pipe::Surface> DriverDeviceTest::make_surface(pipe::Resource* r, pipe::Format format) {
  pipe::SurfaceTemplate t;
  t.format = format;
  vk::Status s;
  Ref<pipe::Surface> surface = driver::make_surface(*screen_, r, t, &s);
  EXPECT_TRUE(surface) << vk::result_string(s.result);
  return surface;
}

}  // namespace brass::driver::test
