// pipe::Screen over one Vulkan device: capabilities, format support,
// resources and fences. It also keeps the registry of batch rings (one per
// context) so that an object last used by any context can be retired to
// the right garbage list.
#pragma once
#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>
#include "device/device.h"
#include "driver/batch/batch_ring.h"
#include "driver/batch/shared_garbage.h"
#include "driver/batch/timeline.h"
#include "driver/pipeline/pipeline_cache_file.h"
#include "driver/pipeline/pipeline_libraries.h"
#include "driver/sync/shared_layout_publisher.h"
#include "util/pending_jobs.h"
#include "pipe/screen.h"

namespace brass::driver {

class BatchRing;
class ResourceObject;

class VulkanScreen final : public pipe::Screen {
 public:
  // Device from the process options (BRASS_DEVICE, BRASS_DEBUG). Null with a
  // reason on failure.
  static std::unique_ptr<VulkanScreen> create(std::string* why_not);
  explicit VulkanScreen(std::unique_ptr<vk::Device> device);
  ~VulkanScreen() override;

  const char* name() const override;
  int64_t get_cap(pipe::Cap cap) const override;
  bool is_format_supported(pipe::Format format, pipe::Target target, uint32_t samples, uint32_t usage) const override;
  bool sample_position(uint32_t samples, uint32_t index, float* x, float* y) const override;
  // The sample counts (VkSampleCountFlags bits, 1 always among them; 0 when
  // the format cannot be used so) the device allows for the image of
  // `format` that ResourceObject::create makes for `usage`
  // (pipe::FormatUsage bits), as vkGetPhysicalDeviceImageFormatProperties
  // reports them.
  uint32_t sample_counts(pipe::Format format, uint32_t usage) const;
  Ref<pipe::Resource> resource_create(const pipe::ResourceTemplate& templ, pipe::Status* status) override;
  bool can_view_format(const pipe::Resource& resource, pipe::Format view_format) const override;
  bool fence_finish(pipe::Fence* fence, uint64_t timeout_ns) override;
  using pipe::Screen::context_create;
  std::unique_ptr<pipe::Context> context_create(const pipe::ContextOptions& options, pipe::Status* status) override;
  // Defined in window_surface.cpp.
  std::unique_ptr<pipe::WindowSurface> create_window_surface(const pipe::NativeWindow& window,
                                                             pipe::Status* status) override;

  vk::Device& device() { return *device_; }
  VkDevice vk_device() const { return device_->handle(); }
  const vk::Capabilities& caps() const { return device_->caps(); }
  // The highest sample count every format of a kind can be rendered and
  // sampled at (pipe::Cap::Max*TextureSamples, MaxIntegerSamples).
  enum class TextureSampleKind : uint8_t { Color, Depth, Integer };
  int64_t texture_sample_limit(TextureSampleKind kind) const;
  bool dynamic_rendering() const { return device_->paths().dynamic_rendering; }
  // Every graphics pipeline and library is created through this cache
  // (VK_NULL_HANDLE: none). It is loaded from and saved to
  // BRASS_SHADER_CACHE_DIR by pipeline/pipeline_cache_file.
  VkPipelineCache pipeline_cache() const { return pipeline_cache_ ? pipeline_cache_->handle() : VK_NULL_HANDLE; }
  // Layout transitions of images that contexts on several rings read
  // (sync/shared_layout_publisher.h).
  SharedLayoutPublisher& layout_publisher() { return *layout_publisher_; }
  // Vertex input and fragment output libraries (null without GPL).
  PipelineLibraryCache* pipeline_libraries() { return libraries_.get(); }
  // Precompiles and optimized links in flight; teardown waits for them.
  PendingJobs& background_jobs() { return background_jobs_; }
  // A save of the persistent cache, when one is due (frame ends, fences).
  void request_pipeline_cache_save() {
    if (pipeline_cache_) pipeline_cache_->request_save();
  }

  // Device losses seen by any context of this screen: each context compares
  // the count with the one it last saw, so that a loss reported to one
  // context loses every other (KHR_robustness: UNKNOWN_CONTEXT_RESET).
  void note_device_lost() { device_losses_.fetch_add(1, std::memory_order_acq_rel); }
  uint64_t device_losses() const { return device_losses_.load(std::memory_order_acquire); }

  // Ring registry: ids start at 1 (0 = never used) and are never reused, so
  // an id recorded by an object or a fence never names a later context's
  // ring. A ring unregisters only after its GPU work is done.
  uint32_t register_ring(BatchRing* ring);
  void unregister_ring(uint32_t id);
  // The timeline of ring `id` (null when that context is gone, and with it
  // its batches): waits and polls from any thread or context.
  Ref<Timeline> timeline(uint32_t id);
  // Hands the garbage list of ring `id` to add() when that ring still
  // exists and has not finished `serial`, under the registry lock (so the
  // ring cannot go meanwhile); false when the object may be destroyed now.
  template <typename Add>
  bool defer_to_ring(uint32_t id, uint64_t serial, Add&& add) {
    std::lock_guard<std::mutex> lock(rings_mutex_);
    BatchRing* r = find_ring_locked(id);
    if (!r || r->shared_timeline().reached(serial)) return false;
    add(r->garbage());
    return true;
  }

  // Destroys now, or defers to the garbage of the ring that used it last
  // (or of every ring, when several used it: retire_shared).
  void retire(ResourceObject* obj);
  // An object several rings used (GpuUsage::several_rings): `destroy` runs
  // once every live ring has finished what it had recorded by now.
  void retire_shared(std::function<void()> destroy);
  // Destroys the shared garbage that is done (after submits; any thread).
  void collect_shared_garbage() { shared_garbage_.collect(); }

  // Test hook: textures of `format` created from now on use the table's
  // converting candidate (FormatChoice with a conversion) even where the
  // device has the native form, so conversion paths run on any device.
  void force_format_emulation(pipe::Format format, bool on) {
    forced_emulation_[static_cast<size_t>(format)] = on;
  }
  bool format_emulation_forced(pipe::Format format) const { return forced_emulation_[static_cast<size_t>(format)]; }

 private:
  std::unique_ptr<vk::Device> device_;
  std::unique_ptr<PipelineCacheFile> pipeline_cache_;  // null: caching disabled
  std::unique_ptr<PipelineLibraryCache> libraries_;
  std::unique_ptr<SharedLayoutPublisher> layout_publisher_;
  PendingJobs background_jobs_;
  SharedGarbage shared_garbage_;
  BatchRing* find_ring_locked(uint32_t id) const;
  std::mutex rings_mutex_;
  struct RingEntry {
    uint32_t id;
    BatchRing* ring;
  };
  std::vector<RingEntry> rings_;  // the live rings (a few: one per context)
  uint32_t last_ring_id_ = 0;
  std::atomic<uint64_t> device_losses_{0};
  std::array<bool, static_cast<size_t>(pipe::Format::Count)> forced_emulation_{};
  mutable std::once_flag texture_sample_limits_once_;
  mutable std::array<int64_t, 3> texture_sample_limits_{};
};

// A point on one ring's timeline; it keeps the timeline, so any thread can
// wait on it, also after its context is gone.
class VulkanFence final : public pipe::Fence {
 public:
  VulkanFence(Ref<Timeline> timeline, uint64_t serial) : timeline(std::move(timeline)), serial(serial) {}
  Ref<Timeline> timeline;
  uint64_t serial;
};

}  // namespace brass::driver
