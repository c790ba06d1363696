// AccessState / apply_access: which accesses need a barrier and what its two
// halves are (src/driver/barrier/access_state.h).
#include "driver/barrier/access_state.h"

#include <gtest/gtest.h>

namespace brass::driver {
namespace {

constexpr AccessRequest kTransferWrite{VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                                       VK_IMAGE_LAYOUT_UNDEFINED, true};
constexpr AccessRequest kVertexRead{VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT,
                                    VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT, VK_IMAGE_LAYOUT_UNDEFINED, false};
constexpr AccessRequest kUniformRead{VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_ACCESS_2_UNIFORM_READ_BIT,
                                     VK_IMAGE_LAYOUT_UNDEFINED, false};

TEST(AccessState, FirstWriteNeedsNoBarrier) {
  AccessState s;
  EXPECT_FALSE(apply_access(s, kTransferWrite, false).needed);
  EXPECT_EQ(s.write_stages, VK_PIPELINE_STAGE_2_TRANSFER_BIT);
  EXPECT_EQ(s.write_access, VK_ACCESS_2_TRANSFER_WRITE_BIT);
}

TEST(AccessState, ReadAfterWriteMakesTheWriteVisibleOnce) {
  AccessState s;
  apply_access(s, kTransferWrite, false);
  const BarrierNeed n = apply_access(s, kVertexRead, false);
  ASSERT_TRUE(n.needed);
  EXPECT_EQ(n.src_stages, VK_PIPELINE_STAGE_2_TRANSFER_BIT);
  EXPECT_EQ(n.src_access, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  EXPECT_EQ(n.dst_stages, VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT);
  EXPECT_EQ(n.dst_access, VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT);
  EXPECT_EQ(n.old_layout, VK_IMAGE_LAYOUT_UNDEFINED);  // a buffer: no layouts
  EXPECT_EQ(n.new_layout, VK_IMAGE_LAYOUT_UNDEFINED);
  // The same read again: already visible.
  EXPECT_FALSE(apply_access(s, kVertexRead, false).needed);
  // A read by another stage and access is not covered by the first barrier.
  const BarrierNeed u = apply_access(s, kUniformRead, false);
  ASSERT_TRUE(u.needed);
  EXPECT_EQ(u.src_access, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  EXPECT_EQ(u.dst_stages, VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT);
  EXPECT_FALSE(apply_access(s, kUniformRead, false).needed);
}

TEST(AccessState, ReadsOfUnwrittenDataNeedNoBarrier) {
  AccessState s;
  EXPECT_FALSE(apply_access(s, kVertexRead, false).needed);
  EXPECT_FALSE(apply_access(s, kUniformRead, false).needed);
  EXPECT_EQ(s.read_stages, VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT);
}

TEST(AccessState, WriteAfterReadNeedsOnlyAnExecutionDependency) {
  AccessState s;
  apply_access(s, kVertexRead, false);
  apply_access(s, kUniformRead, false);
  const BarrierNeed n = apply_access(s, kTransferWrite, false);
  ASSERT_TRUE(n.needed);
  EXPECT_EQ(n.src_stages, VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT);
  EXPECT_EQ(n.src_access, 0u) << "reads have nothing to make available";
  EXPECT_EQ(n.dst_stages, VK_PIPELINE_STAGE_2_TRANSFER_BIT);
  EXPECT_EQ(n.dst_access, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  // The write starts a new epoch: earlier reads are forgotten.
  EXPECT_EQ(s.read_stages, 0u);
  EXPECT_EQ(s.write_stages, VK_PIPELINE_STAGE_2_TRANSFER_BIT);
}

TEST(AccessState, WriteAfterWriteWaitsForAndFlushesTheFirst) {
  AccessState s;
  apply_access(s, kTransferWrite, false);
  const AccessRequest storage{VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                              VK_IMAGE_LAYOUT_UNDEFINED, true};
  const BarrierNeed n = apply_access(s, storage, false);
  ASSERT_TRUE(n.needed);
  EXPECT_EQ(n.src_stages, VK_PIPELINE_STAGE_2_TRANSFER_BIT);
  EXPECT_EQ(n.src_access, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  EXPECT_EQ(n.dst_access, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
}

TEST(AccessState, OnlyWriteBitsAreRecordedAsTheWrite) {
  AccessState s;
  const AccessRequest blend{VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                            VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                            VK_IMAGE_LAYOUT_UNDEFINED, true};
  apply_access(s, blend, false);
  EXPECT_EQ(s.write_access, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
}

TEST(AccessState, ImageLayoutChangeIsATransitionEvenForReads) {
  AccessState s;  // a new image: UNDEFINED, never used
  const AccessRequest sample{VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT,
                             VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, false};
  BarrierNeed n = apply_access(s, sample, true);
  ASSERT_TRUE(n.needed);
  EXPECT_EQ(n.old_layout, VK_IMAGE_LAYOUT_UNDEFINED);
  EXPECT_EQ(n.new_layout, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
  EXPECT_EQ(n.src_stages, VK_PIPELINE_STAGE_2_NONE);
  EXPECT_EQ(s.layout, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
  // Sampling again in the same layout and stage: nothing.
  EXPECT_FALSE(apply_access(s, sample, true).needed);
  // The same image as a transfer source: a transition, waiting for the reads
  // (a transition is a write to the image).
  const AccessRequest copy{VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT,
                           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, false};
  n = apply_access(s, copy, true);
  ASSERT_TRUE(n.needed);
  EXPECT_EQ(n.old_layout, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
  EXPECT_EQ(n.new_layout, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  EXPECT_NE(n.src_stages & VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, 0u);
}

TEST(AccessState, BufferRequestsIgnoreLayouts) {
  AccessState s;
  AccessRequest r = kVertexRead;
  r.layout = VK_IMAGE_LAYOUT_GENERAL;  // meaningless for a buffer
  EXPECT_FALSE(apply_access(s, r, false).needed);
}

TEST(ImageAccessState, LevelsPastTheTrackedOnesShareTheLast) {
  ImageAccessState img;
  img.level_count = 20;
  EXPECT_EQ(&img.level(ImageAccessState::kMaxLevels - 1), &img.level(19));
  AccessState general;
  general.layout = VK_IMAGE_LAYOUT_GENERAL;
  img.set_all(general);
  for (uint32_t l = 0; l < 20; ++l) EXPECT_EQ(img.level(l).layout, VK_IMAGE_LAYOUT_GENERAL) << l;
}

TEST(ImageAccessState, SetAllTouchesOnlyTheImagesLevels) {
  ImageAccessState img;
  img.level_count = 3;
  AccessState general;
  general.layout = VK_IMAGE_LAYOUT_GENERAL;
  img.set_all(general);
  EXPECT_EQ(img.levels[2].layout, VK_IMAGE_LAYOUT_GENERAL);
  EXPECT_EQ(img.levels[3].layout, VK_IMAGE_LAYOUT_UNDEFINED);
}

}  // namespace
}  // namespace brass::driver
