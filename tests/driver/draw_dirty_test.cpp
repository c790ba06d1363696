// DrawDirty (src/driver/draw/draw_dirty.h), the one record of what a draw
// must re-emit: per-DrawState marks, descriptor sets by pipe::DescriptorSet,
// and what a new command buffer or a meta draw disturbs.
#include "driver/draw/draw_dirty.h"

#include <gtest/gtest.h>

#include <array>

namespace brass::driver::test {
namespace {

constexpr std::array<DrawState, 14> kAllStates = {
    DrawState::Resources,  DrawState::Pipeline,  DrawState::VertexBuffers, DrawState::VertexInput,
    DrawState::IndexBuffer, DrawState::Viewports, DrawState::Scissors,      DrawState::Rasterizer,
    DrawState::DepthStencil, DrawState::StencilRef, DrawState::BlendColor, DrawState::Set0Offsets,
    DrawState::Topology, DrawState::PushConstantsLost};

constexpr std::array<pipe::DescriptorSet, 5> kSets = {
    pipe::DescriptorSet::DefaultUniforms, pipe::DescriptorSet::UniformBuffers, pipe::DescriptorSet::Samplers,
    pipe::DescriptorSet::StorageBuffers, pipe::DescriptorSet::StorageImages};

// A DrawDirty with nothing marked (a fresh one marks everything).
DrawDirty clean() {
  DrawDirty d;
  for (DrawState s : kAllStates) d.clear(s);
  d.clear_sets(DrawDirty::kAllSets);
  d.clear_stage_sets(DrawDirty::kAllStageSets);
  EXPECT_FALSE(d.any(DrawDirty::kCommandBufferState));
  EXPECT_EQ(d.sets(), 0u);
  EXPECT_EQ(d.stage_sets(), 0u);
  return d;
}

TEST(DrawDirtyTest, CommandBufferStateCoversEveryDrawStateAndNothingElse) {
  uint32_t all = 0;
  for (DrawState s : kAllStates) {
    EXPECT_EQ(DrawDirty::bits(s) & (DrawDirty::bits(s) - 1), 0u) << "one bit per state";
    EXPECT_EQ(all & DrawDirty::bits(s), 0u) << "states share a bit";
    all |= DrawDirty::bits(s);
  }
  EXPECT_EQ(DrawDirty::kCommandBufferState, all);
  EXPECT_EQ(DrawDirty::kAllSets, 0x1fu) << "sets 0..4 (DefaultUniforms .. StorageImages)";
}

TEST(DrawDirtyTest, AFreshRecordMarksEverything) {
  const DrawDirty d;
  for (DrawState s : kAllStates) EXPECT_TRUE(d.test(s)) << DrawDirty::bits(s);
  EXPECT_EQ(d.sets(), DrawDirty::kAllSets);
}

TEST(DrawDirtyTest, EachStateIsMarkedTestedAndClearedAlone) {
  for (DrawState s : kAllStates) {
    DrawDirty d = clean();
    d.mark(s);
    for (DrawState o : kAllStates) EXPECT_EQ(d.test(o), o == s) << DrawDirty::bits(s) << " vs " << DrawDirty::bits(o);
    EXPECT_TRUE(d.any(DrawDirty::bits(s)));
    EXPECT_FALSE(d.any(DrawDirty::kCommandBufferState & ~DrawDirty::bits(s)));
    EXPECT_EQ(d.sets(), 0u) << "states do not mark sets";
    d.clear(s);
    EXPECT_FALSE(d.test(s));
    EXPECT_FALSE(d.any(DrawDirty::kCommandBufferState));
  }
}

TEST(DrawDirtyTest, VariadicMarkAndClearTouchExactlyTheirStates) {
  DrawDirty d = clean();
  d.mark(DrawState::Viewports, DrawState::Scissors, DrawState::Topology);
  EXPECT_TRUE(d.test(DrawState::Viewports));
  EXPECT_TRUE(d.test(DrawState::Scissors));
  EXPECT_TRUE(d.test(DrawState::Topology));
  EXPECT_FALSE(d.test(DrawState::Pipeline));
  EXPECT_TRUE(d.any(DrawState::Pipeline | DrawState::Scissors));
  EXPECT_FALSE(d.any(DrawState::Pipeline | DrawState::Resources));
  d.clear(DrawState::Viewports, DrawState::Topology);
  EXPECT_FALSE(d.test(DrawState::Viewports));
  EXPECT_FALSE(d.test(DrawState::Topology));
  EXPECT_TRUE(d.test(DrawState::Scissors)) << "clear must leave the states it was not given";
  // Clearing a state that is not marked changes nothing else.
  d.clear(DrawState::Pipeline);
  EXPECT_TRUE(d.test(DrawState::Scissors));
}

TEST(DrawDirtyTest, SetsAreMarkedByTheirSeamNumber) {
  for (pipe::DescriptorSet s : kSets) {
    DrawDirty d = clean();
    d.mark_set(s, 0);
    EXPECT_EQ(d.sets(), 1u << static_cast<unsigned>(s));
    EXPECT_FALSE(d.any(DrawDirty::kCommandBufferState)) << "marking a set marks no state";
  }
  DrawDirty d = clean();
  d.mark_set(pipe::DescriptorSet::Samplers, 0);
  d.mark_set(pipe::DescriptorSet::StorageImages, 0);
  EXPECT_EQ(d.sets(), (1u << 2) | (1u << 4));
}

// Separable programs' per-stage layouts rewrite only the sets of the stages
// whose bindings changed (descriptors/program_descriptors.h).
TEST(DrawDirtyTest, SetsAreAlsoMarkedByTheirStage) {
  DrawDirty d = clean();
  d.mark_set(pipe::DescriptorSet::Samplers, static_cast<unsigned>(pipe::ShaderStage::Fragment));
  EXPECT_EQ(d.sets(), 1u << 2);
  EXPECT_EQ(d.stage_sets(), 1u << 4) << "only the fragment stage's set";
  d.mark_set(pipe::DescriptorSet::UniformBuffers, static_cast<unsigned>(pipe::ShaderStage::Vertex));
  EXPECT_EQ(d.stage_sets(), (1u << 4) | 1u);
  d.clear_stage_sets(1u << 4);
  EXPECT_EQ(d.stage_sets(), 1u);
  EXPECT_EQ(d.sets(), (1u << 1) | (1u << 2)) << "clearing stage sets leaves the type sets";
  d.mark_all_sets();
  EXPECT_EQ(d.stage_sets(), DrawDirty::kAllStageSets);
  d = clean();
  d.mark_command_buffer();
  EXPECT_EQ(d.stage_sets(), DrawDirty::kAllStageSets) << "a new command buffer has no sets bound";
}

TEST(DrawDirtyTest, ClearSetsLeavesOtherSetsAndStates) {
  DrawDirty d = clean();
  d.mark(DrawState::Pipeline, DrawState::Set0Offsets);
  for (pipe::DescriptorSet s : kSets) d.mark_set(s, 0);
  d.clear_sets((1u << 1) | (1u << 3));
  EXPECT_EQ(d.sets(), (1u << 0) | (1u << 2) | (1u << 4));
  EXPECT_TRUE(d.test(DrawState::Pipeline));
  EXPECT_TRUE(d.test(DrawState::Set0Offsets));
  d.clear_sets(d.sets());
  EXPECT_EQ(d.sets(), 0u);
  EXPECT_TRUE(d.test(DrawState::Pipeline));
}

TEST(DrawDirtyTest, ANewCommandBufferMarksEveryStateAndAllFiveSets) {
  DrawDirty d = clean();
  d.mark_command_buffer();
  for (DrawState s : kAllStates) EXPECT_TRUE(d.test(s)) << DrawDirty::bits(s);
  EXPECT_EQ(d.sets(), DrawDirty::kAllSets);
  for (pipe::DescriptorSet s : kSets) EXPECT_NE(d.sets() & (1u << static_cast<unsigned>(s)), 0u);
}

TEST(DrawDirtyTest, AMetaDrawMarksEverythingButResources) {
  DrawDirty d = clean();
  d.mark_after_meta_draw();
  EXPECT_FALSE(d.test(DrawState::Resources)) << "a meta draw changes no application binding";
  for (DrawState s : kAllStates) {
    if (s != DrawState::Resources) {
      EXPECT_TRUE(d.test(s)) << DrawDirty::bits(s);
    }
  }
  EXPECT_EQ(d.sets(), DrawDirty::kAllSets);

  // A Resources mark made before the meta draw survives it.
  DrawDirty e = clean();
  e.mark(DrawState::Resources);
  e.mark_after_meta_draw();
  EXPECT_TRUE(e.test(DrawState::Resources));
}

// Default-uniform data set is a binding change, not command-buffer state: a
// new command buffer or a meta draw loses the pushed constants instead.
TEST(DrawDirtyTest, UserConstantsAreNotCommandBufferState) {
  EXPECT_EQ(DrawDirty::kCommandBufferState & DrawDirty::bits(DrawState::UserConstants), 0u);
  EXPECT_EQ(DrawDirty::kCommandBufferState & DrawDirty::bits(DrawState::ChangedBindings), 0u);
  DrawDirty d = clean();
  d.clear(DrawState::UserConstants);
  d.mark_after_meta_draw();
  EXPECT_TRUE(d.test(DrawState::PushConstantsLost));
  EXPECT_FALSE(d.test(DrawState::UserConstants));
}

TEST(DrawDirtyTest, MarkAllSetsMarksSetsOnly) {
  DrawDirty d = clean();
  d.mark_all_sets();
  EXPECT_EQ(d.sets(), DrawDirty::kAllSets);
  EXPECT_FALSE(d.any(DrawDirty::kCommandBufferState));
}

}  // namespace
}  // namespace brass::driver::test
