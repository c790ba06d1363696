// BarrierBatch: what one emit() records for a set of accesses. The barrier
// command is captured by pointing volk's vkCmdPipelineBarrier2 /
// vkCmdPipelineBarrier at a recorder, so the test sees exactly the
// structures a command buffer would get, without a device.
#include "driver/barrier/barrier_batch.h"

#include <gtest/gtest.h>

#include <vector>

namespace brass::driver {
namespace {

struct Recorded {
  std::vector<VkMemoryBarrier2> memory;
  std::vector<VkImageMemoryBarrier2> images;
};
std::vector<Recorded> g_sync2_calls;

struct LegacyCall {
  VkPipelineStageFlags src, dst;
  std::vector<VkMemoryBarrier> memory;
  std::vector<VkImageMemoryBarrier> images;
};
std::vector<LegacyCall> g_legacy_calls;

void VKAPI_CALL record_barrier2(VkCommandBuffer, const VkDependencyInfo* dep) {
  Recorded r;
  r.memory.assign(dep->pMemoryBarriers, dep->pMemoryBarriers + dep->memoryBarrierCount);
  r.images.assign(dep->pImageMemoryBarriers, dep->pImageMemoryBarriers + dep->imageMemoryBarrierCount);
  EXPECT_EQ(dep->bufferMemoryBarrierCount, 0u);
  g_sync2_calls.push_back(r);
}

void VKAPI_CALL record_barrier(VkCommandBuffer, VkPipelineStageFlags src, VkPipelineStageFlags dst,
                               VkDependencyFlags, uint32_t memory_count, const VkMemoryBarrier* memory,
                               uint32_t buffer_count, const VkBufferMemoryBarrier*, uint32_t image_count,
                               const VkImageMemoryBarrier* images) {
  EXPECT_EQ(buffer_count, 0u);
  g_legacy_calls.push_back({src, dst, {memory, memory + memory_count}, {images, images + image_count}});
}

class BarrierBatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    saved2_ = vkCmdPipelineBarrier2;
    saved_ = vkCmdPipelineBarrier;
    vkCmdPipelineBarrier2 = &record_barrier2;
    vkCmdPipelineBarrier = &record_barrier;
    g_sync2_calls.clear();
    g_legacy_calls.clear();
  }
  void TearDown() override {
    vkCmdPipelineBarrier2 = saved2_;
    vkCmdPipelineBarrier = saved_;
  }

  static VkCommandBuffer cmd() { return reinterpret_cast<VkCommandBuffer>(uintptr_t{0x1000}); }
  static VkImage image(uintptr_t n) { return reinterpret_cast<VkImage>(n); }
  static VkImageSubresourceRange levels(uint32_t base, uint32_t count) {
    return {VK_IMAGE_ASPECT_COLOR_BIT, base, count, 0, VK_REMAINING_ARRAY_LAYERS};
  }
  static AccessRequest sample() {
    return {VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT,
            VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, false};
  }
  static AccessRequest render() {
    return {VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
            VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, true};
  }
  static AccessRequest copy_dst() {
    return {VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
            true};
  }

 private:
  PFN_vkCmdPipelineBarrier2 saved2_ = nullptr;
  PFN_vkCmdPipelineBarrier saved_ = nullptr;
};

TEST_F(BarrierBatchTest, EmptyBatchRecordsNothing) {
  BarrierBatch b(true);
  EXPECT_TRUE(b.empty());
  b.emit(cmd());
  EXPECT_TRUE(g_sync2_calls.empty());
}

TEST_F(BarrierBatchTest, ReadAfterWriteOfABufferIsOneGlobalMemoryBarrier) {
  BarrierBatch b(true);
  AccessState buf;
  b.buffer_access(buf, {VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, {}, true});
  EXPECT_TRUE(b.empty()) << "a first write needs no barrier";
  b.buffer_access(buf, {VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT, VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT, {},
                        false});
  ASSERT_FALSE(b.empty());
  b.emit(cmd());
  ASSERT_EQ(g_sync2_calls.size(), 1u);
  const Recorded& r = g_sync2_calls[0];
  ASSERT_EQ(r.memory.size(), 1u);
  EXPECT_TRUE(r.images.empty());
  EXPECT_EQ(r.memory[0].srcStageMask, VK_PIPELINE_STAGE_2_TRANSFER_BIT);
  EXPECT_EQ(r.memory[0].srcAccessMask, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  EXPECT_EQ(r.memory[0].dstStageMask, VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT);
  EXPECT_EQ(r.memory[0].dstAccessMask, VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT);
  // emit() clears the batch: a second emit records nothing.
  EXPECT_TRUE(b.empty());
  b.emit(cmd());
  EXPECT_EQ(g_sync2_calls.size(), 1u);
}

TEST_F(BarrierBatchTest, WriteAfterReadOfABufferIsAnExecutionDependencyOnly) {
  BarrierBatch b(true);
  AccessState buf;
  b.buffer_access(buf, {VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_ACCESS_2_UNIFORM_READ_BIT, {}, false});
  b.buffer_access(buf, {VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, {}, true});
  b.emit(cmd());
  ASSERT_EQ(g_sync2_calls.size(), 1u);
  ASSERT_EQ(g_sync2_calls[0].memory.size(), 1u);
  const VkMemoryBarrier2& m = g_sync2_calls[0].memory[0];
  EXPECT_EQ(m.srcStageMask, VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT);
  EXPECT_EQ(m.srcAccessMask, 0u);
  EXPECT_EQ(m.dstStageMask, VK_PIPELINE_STAGE_2_TRANSFER_BIT);
}

TEST_F(BarrierBatchTest, HazardsOfSeveralBuffersFoldIntoOneMemoryBarrier) {
  BarrierBatch b(true);
  AccessState vbo, ubo;
  b.buffer_access(vbo, {VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, {}, true});
  b.buffer_access(ubo, {VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, {}, true});
  b.buffer_access(vbo, {VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT, VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT, {},
                        false});
  b.buffer_access(ubo, {VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_ACCESS_2_UNIFORM_READ_BIT, {}, false});
  b.emit(cmd());
  ASSERT_EQ(g_sync2_calls.size(), 1u);
  ASSERT_EQ(g_sync2_calls[0].memory.size(), 1u);
  const VkMemoryBarrier2& m = g_sync2_calls[0].memory[0];
  EXPECT_EQ(m.srcStageMask, VK_PIPELINE_STAGE_2_TRANSFER_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT);
  EXPECT_EQ(m.srcAccessMask, VK_ACCESS_2_TRANSFER_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
  EXPECT_EQ(m.dstStageMask, VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT);
  EXPECT_EQ(m.dstAccessMask, VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_UNIFORM_READ_BIT);
}

TEST_F(BarrierBatchTest, AdjacentLevelsWithTheSameTransitionMergeIntoOneBarrier) {
  BarrierBatch b(true);
  ImageAccessState img;
  img.level_count = 4;
  b.image_access(img, sample(), image(1), levels(0, VK_REMAINING_MIP_LEVELS));
  b.emit(cmd());
  ASSERT_EQ(g_sync2_calls.size(), 1u);
  ASSERT_EQ(g_sync2_calls[0].images.size(), 1u);
  const VkImageMemoryBarrier2& ib = g_sync2_calls[0].images[0];
  EXPECT_EQ(ib.image, image(1));
  EXPECT_EQ(ib.oldLayout, VK_IMAGE_LAYOUT_UNDEFINED);
  EXPECT_EQ(ib.newLayout, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
  EXPECT_EQ(ib.subresourceRange.baseMipLevel, 0u);
  EXPECT_EQ(ib.subresourceRange.levelCount, 4u);
  EXPECT_EQ(ib.subresourceRange.layerCount, VK_REMAINING_ARRAY_LAYERS);
  EXPECT_EQ(ib.srcQueueFamilyIndex, VK_QUEUE_FAMILY_IGNORED);
  for (uint32_t l = 0; l < 4; ++l) EXPECT_EQ(img.level(l).layout, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
}

TEST_F(BarrierBatchTest, TwoTransitionsOfOneLevelBeforeEmitBecomeOne) {
  // One command's barriers are unordered: UNDEFINED -> SHADER_READ and then
  // SHADER_READ -> GENERAL of the same level must not both be recorded.
  BarrierBatch b(true);
  ImageAccessState img;
  img.level_count = 1;
  b.image_access(img, sample(), image(1), levels(0, 1));
  const AccessRequest storage{VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                              VK_IMAGE_LAYOUT_GENERAL, true};
  b.image_access(img, storage, image(1), levels(0, 1));
  b.emit(cmd());
  ASSERT_EQ(g_sync2_calls.size(), 1u);
  ASSERT_EQ(g_sync2_calls[0].images.size(), 1u);
  const VkImageMemoryBarrier2& ib = g_sync2_calls[0].images[0];
  EXPECT_EQ(ib.oldLayout, VK_IMAGE_LAYOUT_UNDEFINED);
  EXPECT_EQ(ib.newLayout, VK_IMAGE_LAYOUT_GENERAL);
  EXPECT_TRUE(ib.dstStageMask & VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT);
  EXPECT_TRUE(ib.dstAccessMask & VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
  EXPECT_EQ(img.level(0).layout, VK_IMAGE_LAYOUT_GENERAL);
}

TEST_F(BarrierBatchTest, OnlyTheLevelWhoseStateChangedGetsABarrier) {
  BarrierBatch b(true);
  ImageAccessState img;
  img.level_count = 4;
  b.image_access(img, sample(), image(1), levels(0, 4));
  b.emit(cmd());
  // Render into level 2 (mipmap generation by hand), then sample all levels.
  b.image_access(img, render(), image(1), levels(2, 1));
  b.emit(cmd());
  b.image_access(img, sample(), image(1), levels(0, 4));
  b.emit(cmd());
  ASSERT_EQ(g_sync2_calls.size(), 3u);
  ASSERT_EQ(g_sync2_calls[1].images.size(), 1u);
  EXPECT_EQ(g_sync2_calls[1].images[0].subresourceRange.baseMipLevel, 2u);
  EXPECT_EQ(g_sync2_calls[1].images[0].newLayout, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
  const auto& back = g_sync2_calls[2].images;
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].subresourceRange.baseMipLevel, 2u);
  EXPECT_EQ(back[0].subresourceRange.levelCount, 1u);
  EXPECT_EQ(back[0].oldLayout, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
  EXPECT_EQ(back[0].newLayout, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
  EXPECT_EQ(back[0].srcAccessMask, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
  EXPECT_EQ(back[0].dstAccessMask, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
}

TEST_F(BarrierBatchTest, RunsOfLevelsWithDifferentOldLayoutsStaySeparate) {
  BarrierBatch b(true);
  ImageAccessState img;
  img.level_count = 4;
  b.image_access(img, copy_dst(), image(1), levels(0, 2));
  b.image_access(img, sample(), image(1), levels(2, 2));
  b.emit(cmd());
  ASSERT_EQ(g_sync2_calls.size(), 1u);
  EXPECT_EQ(g_sync2_calls[0].images.size(), 2u);  // [0,2) to TRANSFER_DST, [2,4) to SHADER_READ_ONLY
  const AccessRequest general{VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                              VK_IMAGE_LAYOUT_GENERAL, true};
  b.image_access(img, general, image(1), levels(0, 4));
  b.emit(cmd());
  ASSERT_EQ(g_sync2_calls.size(), 2u);
  const auto& ib = g_sync2_calls[1].images;
  ASSERT_EQ(ib.size(), 2u);
  EXPECT_EQ(ib[0].oldLayout, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  EXPECT_EQ(ib[0].subresourceRange.baseMipLevel, 0u);
  EXPECT_EQ(ib[0].subresourceRange.levelCount, 2u);
  EXPECT_EQ(ib[1].oldLayout, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
  EXPECT_EQ(ib[1].subresourceRange.baseMipLevel, 2u);
  EXPECT_EQ(ib[1].subresourceRange.levelCount, 2u);
  for (const auto& x : ib) EXPECT_EQ(x.newLayout, VK_IMAGE_LAYOUT_GENERAL);
}

TEST_F(BarrierBatchTest, DifferentImagesNeverMerge) {
  BarrierBatch b(true);
  ImageAccessState a, c;
  b.image_access(a, sample(), image(1), levels(0, 1));
  b.image_access(c, sample(), image(2), levels(0, 1));
  b.emit(cmd());
  ASSERT_EQ(g_sync2_calls.size(), 1u);
  ASSERT_EQ(g_sync2_calls[0].images.size(), 2u);
  EXPECT_EQ(g_sync2_calls[0].images[0].image, image(1));
  EXPECT_EQ(g_sync2_calls[0].images[1].image, image(2));
}

TEST_F(BarrierBatchTest, WithoutSynchronization2TheLegacyCommandGetsEquivalentMasks) {
  BarrierBatch b(false);
  AccessState buf;
  ImageAccessState img;
  b.buffer_access(buf, {VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, {}, true});
  b.buffer_access(buf, {VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT, {}, false});
  b.image_access(img, sample(), image(1), levels(0, 1));  // from UNDEFINED: src stage NONE
  b.emit(cmd());
  EXPECT_TRUE(g_sync2_calls.empty());
  ASSERT_EQ(g_legacy_calls.size(), 1u);
  const LegacyCall& c = g_legacy_calls[0];
  EXPECT_EQ(c.src, VK_PIPELINE_STAGE_TRANSFER_BIT);
  EXPECT_EQ(c.dst, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT);
  ASSERT_EQ(c.memory.size(), 1u);
  EXPECT_EQ(c.memory[0].srcAccessMask, VK_ACCESS_TRANSFER_WRITE_BIT);
  EXPECT_EQ(c.memory[0].dstAccessMask, VK_ACCESS_SHADER_READ_BIT) << "storage read maps to shader read";
  ASSERT_EQ(c.images.size(), 1u);
  EXPECT_EQ(c.images[0].dstAccessMask, VK_ACCESS_SHADER_READ_BIT) << "sampled read maps to shader read";
  EXPECT_EQ(c.images[0].newLayout, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
}

TEST_F(BarrierBatchTest, LegacyTransitionFromNothingWaitsOnTopOfPipe) {
  BarrierBatch b(false);
  ImageAccessState img;
  b.image_access(img, sample(), image(1), levels(0, 1));
  b.emit(cmd());
  ASSERT_EQ(g_legacy_calls.size(), 1u);
  EXPECT_EQ(g_legacy_calls[0].src, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT);
  EXPECT_TRUE(g_legacy_calls[0].memory.empty());
}

}  // namespace
}  // namespace brass::driver
