// robust_pipeline_info (src/driver/pipeline/graphics_pipeline.h): what a
// robust context's pipelines ask of a device with VK_EXT_pipeline_robustness.
// Explicit behaviours only: DEVICE_DEFAULT would follow the device's
// features, which Brass leaves off on that path.
#include "driver/pipeline/graphics_pipeline.h"

#include <gtest/gtest.h>

namespace brass::driver {
namespace {

TEST(RobustPipelineInfo, RobustnessTwoWhereTheDeviceHasIt) {
  vk::Capabilities caps;
  caps.robust_buffer_access = caps.robust_image_access = true;
  caps.robust_buffer_access2 = caps.robust_image_access2 = true;
  const VkPipelineRobustnessCreateInfoEXT r = robust_pipeline_info(caps);
  EXPECT_EQ(r.sType, VK_STRUCTURE_TYPE_PIPELINE_ROBUSTNESS_CREATE_INFO_EXT);
  EXPECT_EQ(r.pNext, nullptr);
  for (VkPipelineRobustnessBufferBehaviorEXT b : {r.storageBuffers, r.uniformBuffers, r.vertexInputs})
    EXPECT_EQ(b, VK_PIPELINE_ROBUSTNESS_BUFFER_BEHAVIOR_ROBUST_BUFFER_ACCESS_2_EXT);
  EXPECT_EQ(r.images, VK_PIPELINE_ROBUSTNESS_IMAGE_BEHAVIOR_ROBUST_IMAGE_ACCESS_2_EXT);
}

TEST(RobustPipelineInfo, VersionOneBehavioursWithoutRobustnessTwo) {
  // Zero or values from within the buffer: all GL asks.
  vk::Capabilities caps;
  caps.robust_buffer_access = caps.robust_image_access = true;
  const VkPipelineRobustnessCreateInfoEXT r = robust_pipeline_info(caps);
  for (VkPipelineRobustnessBufferBehaviorEXT b : {r.storageBuffers, r.uniformBuffers, r.vertexInputs})
    EXPECT_EQ(b, VK_PIPELINE_ROBUSTNESS_BUFFER_BEHAVIOR_ROBUST_BUFFER_ACCESS_EXT);
  EXPECT_EQ(r.images, VK_PIPELINE_ROBUSTNESS_IMAGE_BEHAVIOR_ROBUST_IMAGE_ACCESS_EXT);
}

}  // namespace
}  // namespace brass::driver
