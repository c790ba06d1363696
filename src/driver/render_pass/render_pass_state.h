// Lazy render passes. set_framebuffer only records the framebuffer (ending
// the open pass); a pass begins at the first draw or clear that needs one,
// with dynamic rendering or a cached VkRenderPass + VkFramebuffer, and
// whole-surface clears recorded before it become its load-op clears.
//
// Other mechanisms hook the pass boundaries: queries measure one segment per
// pass (reset before it, begun in it, ended before its end) and transform
// feedback must end inside the pass it captured in. Every end is counted
// under its reason (BRASS_STATS "render_pass.end.<reason>").
#pragma once
#include <array>
#include <cstdint>

#include "device/vk.h"
#include "driver/batch/batch_ring.h"
#include "driver/render_pass/render_pass_cache.h"
#include "driver/state_objects.h"
#include "driver/sync/sync_tracker.h"
#include "pipe/state.h"

namespace brass::driver {

// Why a render pass ended.
enum class RenderPassEnd : uint8_t {
  Submit,             // the batch is submitted
  Barrier,            // a draw's resources need a barrier outside the pass
  Transfer,           // a copy or upload that must follow the pass's commands
  Readback,           // the CPU reads something the pass may write
  FramebufferChange,  // another framebuffer was set
  Query,              // a query began, or ended while another shares its slot
  OcclusionResume,    // a meta draw suspended occlusion counting
  StreamOutputPause,  // transform feedback targets changed while capturing
  StreamOutputRebind,  // a draw needs another pipeline while capturing
  Compute,            // a dispatch (never inside a render pass)
  Count
};

// A mechanism that must act at render pass boundaries.
class RenderPassHooks {
 public:
  // Outside the pass, just before it begins (query resets).
  [[nodiscard]] virtual vk::Status before_begin(VkCommandBuffer cmd) = 0;
  // Inside the pass, right after it began.
  virtual void after_begin(VkCommandBuffer cmd) = 0;
  // Inside the pass, just before it ends.
  virtual void before_end(VkCommandBuffer cmd) = 0;

 protected:
  ~RenderPassHooks() = default;
};

// `scissor` (null: none) clipped to the framebuffer; false when empty.
bool clip_to_framebuffer(const pipe::FramebufferState& fb, const pipe::ScissorRect* scissor, VkRect2D* out);

// A clear color in the stored channels of an emulated format (swizzles).
VkClearColorValue stored_clear_color(const pipe::ColorValue& color, const vk::FormatChoice& stored);

class RenderPassState {
 public:
  // Colors 0..7, then depth/stencil.
  using SurfaceRefs = std::array<Ref<pipe::Surface>, 9>;
  static constexpr unsigned kDepthStencil = 8;

  RenderPassState(VkDevice device, BatchRing& ring, SyncTracker& sync, bool dynamic_rendering);

  // Registered once at context creation; called in registration order at
  // begin and in reverse order at end.
  void add_hooks(RenderPassHooks* hooks);

  // False when fb equals the current framebuffer (nothing happens). Else
  // the open pass ends (pending clears run first) and fb becomes current.
  [[nodiscard]] vk::Status set_framebuffer(const pipe::FramebufferState& fb, bool* changed);
  const pipe::FramebufferState& framebuffer() const { return fb_; }
  const SurfaceRefs& surfaces() const { return surfaces_; }
  VulkanSurface* color(unsigned i) const { return static_cast<VulkanSurface*>(surfaces_[i].get()); }
  VulkanSurface* depth_stencil() const { return static_cast<VulkanSurface*>(surfaces_[kDepthStencil].get()); }
  VkRect2D full_area() const;

  bool active() const { return active_; }
  // Begins the pass for the current framebuffer (it must not be active).
  [[nodiscard]] vk::Status begin();
  [[nodiscard]] vk::Status ensure_begun() { return active_ ? vk::Status{} : begin(); }
  void end(RenderPassEnd reason);

  // Recorded whole-surface clears nothing drew after: an empty pass whose
  // load ops do them. Needed before anything reads or overwrites them.
  bool has_pending_clears() const { return pending_clear_mask_ != 0; }
  [[nodiscard]] vk::Status execute_pending_clears();
  // Ends the open pass, running pending clears first.
  [[nodiscard]] vk::Status finish(RenderPassEnd reason);

  // glClear: pipe::kClear* buffers of the current framebuffer within
  // `scissor` (null: all). Before the pass: load ops; in it: clear commands.
  [[nodiscard]] vk::Status clear(uint32_t buffers, const pipe::ScissorRect* scissor, const pipe::ColorValue& color,
                                 double depth, uint32_t stencil);

  // VkRenderPass objects and framebuffers (no dynamic rendering); pipelines
  // without dynamic rendering are created against its passes too.
  RenderPassCache& cache() { return cache_; }

 private:
  void request_attachment_access();
  void begin_dynamic_rendering(VkCommandBuffer cmd, const VkRect2D& area);
  [[nodiscard]] vk::Status begin_render_pass_object(VkCommandBuffer cmd, const VkRect2D& area);

  BatchRing& ring_;
  SyncTracker& sync_;
  RenderPassCache cache_;
  const bool dynamic_rendering_;
  std::array<RenderPassHooks*, 4> hooks_{};
  uint32_t hook_count_ = 0;

  pipe::FramebufferState fb_;
  SurfaceRefs surfaces_;
  bool active_ = false;
  uint16_t pending_clear_mask_ = 0;  // bit i color i, bit 8 depth, bit 9 stencil
  std::array<VkClearValue, 9> clear_values_{};
};

}  // namespace brass::driver
