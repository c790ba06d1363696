// The one dirty-tracking scheme of draw-time state (docs/driver.md, "Draw
// state"). Binding calls mark what they changed; the draw re-emits exactly
// the marked pieces, in a fixed order, and clears them. A new command buffer
// or a driver-internal (meta) draw marks everything it disturbed. Descriptor
// sets are marked by their pipe::DescriptorSet, never by raw bit numbers.
#pragma once
#include <cstdint>

#include "pipe/shader_info.h"

namespace brass::driver {

enum class DrawState : uint32_t {
  Resources = 1u << 0,      // bindings changed: barriers + usage marks
  Pipeline = 1u << 1,       // the pipeline key may have changed
  VertexBuffers = 1u << 2,
  VertexInput = 1u << 3,    // elements or strides (dynamic vertex input)
  IndexBuffer = 1u << 4,
  Viewports = 1u << 5,
  Scissors = 1u << 6,
  Rasterizer = 1u << 7,
  DepthStencil = 1u << 8,
  StencilRef = 1u << 9,
  BlendColor = 1u << 10,
  Set0Offsets = 1u << 11,   // default uniform dynamic offsets
  Topology = 1u << 12,      // primitive topology and restart enable
  // Only bindings BindingTable::changed() lists changed since the last
  // Resources pass: their barriers and usage marks alone are recorded, as
  // long as the batch and write epoch are the same (issue 19). Not part of
  // a new command buffer's state: that is a whole Resources pass.
  ChangedBindings = 1u << 13,
  // Default-uniform data was set (BindingTable::set_constant_buffer): a
  // program whose block is a push-constant block pushes what changed.
  UserConstants = 1u << 14,
  // The command buffer's push constants are not what PushConstantState
  // last recorded (a new command buffer, a meta draw's own, a dispatch's).
  PushConstantsLost = 1u << 15,
};

class DrawDirty {
 public:
  // Every piece of state a new command buffer lacks.
  static constexpr uint32_t kCommandBufferState = ((1u << 13) - 1) | (1u << 15);  // PushConstantsLost too
  static constexpr uint32_t kAllSets = (1u << 5) - 1;  // DefaultUniforms .. StorageImages
  static constexpr uint32_t kAllStageSets = (1u << pipe::kShaderStageCount) - 1;

  void mark(DrawState s) { state_ |= static_cast<uint32_t>(s); }
  template <typename... More>
  void mark(DrawState s, More... more) {
    mark(s);
    mark(more...);
  }
  bool test(DrawState s) const { return state_ & static_cast<uint32_t>(s); }
  bool any(uint32_t states) const { return state_ & states; }
  // Every state bit (DrawState), for the unchanged-draw test.
  uint32_t states() const { return state_; }
  void clear(DrawState s) { state_ &= ~static_cast<uint32_t>(s); }
  template <typename... More>
  void clear(DrawState s, More... more) {
    clear(s);
    clear(more...);
  }

  // A binding of `stage` in set type `s` changed: the type's set (layouts by
  // type) and the stage's set (per-stage layouts of separable programs,
  // descriptors/program_descriptors.h) must be written again.
  void mark_set(pipe::DescriptorSet s, unsigned stage) {
    sets_ |= 1u << static_cast<unsigned>(s);
    stage_sets_ |= 1u << stage;
  }
  // Bit i: pipe::DescriptorSet i (the seam's set numbering).
  uint32_t sets() const { return sets_; }
  void clear_sets(uint32_t mask) { sets_ &= ~mask; }
  // Bit i: pipe::ShaderStage i (per-stage layouts: set i).
  uint32_t stage_sets() const { return stage_sets_; }
  void clear_stage_sets(uint32_t mask) { stage_sets_ &= ~mask; }

  // A new command buffer: nothing is bound, every set must be written anew.
  void mark_command_buffer() {
    state_ |= kCommandBufferState;
    sets_ = kAllSets;
    stage_sets_ = kAllStageSets;
  }
  // A meta draw replaced pipeline, sets and dynamic state but no bindings.
  void mark_after_meta_draw() {
    state_ |= kCommandBufferState & ~static_cast<uint32_t>(DrawState::Resources);
    sets_ = kAllSets;
    stage_sets_ = kAllStageSets;
  }
  void mark_all_sets() {
    sets_ = kAllSets;
    stage_sets_ = kAllStageSets;
  }

  static constexpr uint32_t bits(DrawState s) { return static_cast<uint32_t>(s); }

 private:
  uint32_t state_ = kCommandBufferState;
  uint32_t sets_ = kAllSets;
  uint32_t stage_sets_ = kAllStageSets;
};

constexpr uint32_t operator|(DrawState a, DrawState b) { return static_cast<uint32_t>(a) | static_cast<uint32_t>(b); }
constexpr uint32_t operator|(uint32_t a, DrawState b) { return a | static_cast<uint32_t>(b); }

}  // namespace brass::driver
