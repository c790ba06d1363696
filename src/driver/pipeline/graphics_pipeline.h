// Graphics pipeline creation from a PipelineKey: monolithic pipelines, and
// VK_EXT_graphics_pipeline_library libraries of any parts (Brass makes four:
// vertex input, pre-rasterization shaders, fragment shader, fragment output)
// and their links. One PipelineState builds every piece of create-info, so
// a library and a monolithic pipeline of one key can never disagree.
// PipelineMap holds a program's linked pipelines; pipeline_libraries.h the
// libraries; context_pipeline.cpp decides which path a draw takes.
#pragma once
#include <array>
#include <atomic>
#include <mutex>
#include <unordered_map>
#include "device/device.h"
#include "driver/pipeline/pipeline_key.h"
#include "pipe/context.h"

namespace brass::driver {

struct PipelineBuildInfo {
  const PipelineKey* key = nullptr;
  std::array<VkShaderModule, 5> modules{};       // per graphics stage, null = absent
  VkPipelineLayout layout = VK_NULL_HANDLE;
  const pipe::VertexElementsObject* vertex_elements = nullptr;  // when vertex input is static
  bool dynamic_vertex_input = false;
  VkRenderPass render_pass = VK_NULL_HANDLE;     // null: dynamic rendering
  VkPipelineCache cache = VK_NULL_HANDLE;        // the screen's (persistent) cache
  bool robust = false;                           // pipe::ShaderProgram::robust: robust_pipeline_info() chained
};

// Robust buffer access for one pipeline (vk::RobustAccessPath::PerPipeline):
// storage and uniform buffers and vertex input bounds-checked as
// robustBufferAccess2 does where the device has it (out-of-bounds reads
// are zero), else as robustBufferAccess (zero or values from within the
// buffer: all GL asks); images as robustImageAccess(2). Explicit
// behaviours, never DEVICE_DEFAULT, which is what the device enables:
// nothing, since Brass enables no robustness feature on such devices.
VkPipelineRobustnessCreateInfoEXT robust_pipeline_info(const vk::Capabilities& caps);

vk::Status create_graphics_pipeline(const vk::Device& device, const PipelineBuildInfo& info, VkPipeline* out);

// The VkLineRasterizationModeEXT a key's lines are drawn with (stored in
// PipelineKey::line_mode). GL's lines without multisampling are "aliased":
// diamond-exit, and a wide line is `width` fragments along the minor axis
// (ES 3.0 §3.5.2, GL 4.6 §14.5.1) -- Vulkan's Bresenham lines. The default
// mode is rectangular wherever strictLines holds (lavapipe, most desktop
// GPUs), a parallelogram perpendicular to the line whose fragments GL does
// not allow. Multisampled GL lines are rectangles (ES 3.0 §3.5.4): the
// default. Bresenham lines forbid alpha-to-coverage and alpha-to-one, so a
// single-sampled draw with either keeps the default too.
uint8_t line_rasterization_mode(const vk::Capabilities& caps, uint8_t samples, bool alpha_to_coverage,
                                bool alpha_to_one);

// PipelineKey::sample_shading for a rasterizer state and a sample count:
// with sample shading on and more than one sample, the samples shaded
// separately at least, ceil(min_sample_shading * samples) within [1,
// samples] (ES 3.2 §13.4.1: min_sample_shading is clamped to [0, 1]);
// else 0.
uint8_t sample_shading_count(const pipe::RasterizerState& r, uint8_t samples);

// The creation flags every pipeline of the device's descriptor mode needs
// (VK_PIPELINE_CREATE_DESCRIPTOR_BUFFER_BIT_EXT in db mode).
VkPipelineCreateFlags descriptor_flags(const vk::Device& device);

// A library of the given VK_GRAPHICS_PIPELINE_LIBRARY_*_BIT_EXT parts, with
// link-time-optimization info retained so an optimized link is possible.
vk::Status create_pipeline_library(const vk::Device& device, const PipelineBuildInfo& info,
                                   VkGraphicsPipelineLibraryFlagsEXT parts, VkPipeline* out);

// Links complete libraries. `optimize`: VK_PIPELINE_CREATE_LINK_TIME_OPTIMIZATION_BIT_EXT
// (slow, as fast to run as a monolithic pipeline); otherwise a fast link.
// `robust`: the libraries are robust ones, and so is the link (an optimized
// link may compile the shaders again).
vk::Status link_pipeline_libraries(const vk::Device& device, std::span<const VkPipeline> libraries,
                                   VkPipelineLayout layout, VkPipelineCache cache, bool optimize, bool robust,
                                   VkPipeline* out);

// One key's pipeline in a program. `current` is what draws bind: the
// fast-linked pipeline until the optimized one, built in the background,
// replaces it (an atomic store, so the draw path takes no lock). Both stay
// alive until the program goes: command buffers in flight may use either.
struct PipelineEntry {
  std::atomic<VkPipeline> current{VK_NULL_HANDLE};
  VkPipeline fast_linked = VK_NULL_HANDLE;
  std::atomic<VkPipeline> optimized{VK_NULL_HANDLE};
  VkPipeline monolithic = VK_NULL_HANDLE;
  std::atomic<bool> optimized_bound{false};  // the swap was seen by a draw (stats)
};

class PipelineMap {
 public:
  explicit PipelineMap(VkDevice device) : device_(device) {}
  ~PipelineMap();
  PipelineMap(const PipelineMap&) = delete;
  PipelineMap& operator=(const PipelineMap&) = delete;

  // A program may be drawn by contexts of one share group on several
  // threads: the map is locked (only on the draw path's slow path, when the
  // pipeline key changed). Entries never move (node-based map), so draws and
  // background jobs hold them without the lock.
  //
  // Null when the key has no entry yet. A one-entry memo in front of the
  // hash map: consecutive lookups of one key (the common case when state
  // toggles back) skip hashing.
  PipelineEntry* find(const PipelineKey& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (last_ && last_key_ == key) return last_;
    auto it = map_.find(key);
    if (it == map_.end()) return nullptr;
    last_key_ = key;
    return last_ = &it->second;
  }
  // Publishes the entry for `key`, completed by `fill` under the lock, so
  // find() never returns a half-made one. When another context published
  // `key` first, `fill` is not called and *inserted is false: the caller's
  // own pipeline is not needed.
  template <typename Fill>
  PipelineEntry& publish(const PipelineKey& key, Fill&& fill, bool* inserted) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto [it, fresh] = map_.try_emplace(key);
    if (fresh) fill(it->second);
    *inserted = fresh;
    last_key_ = key;
    return *(last_ = &it->second);
  }
  size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return map_.size();
  }

 private:
  VkDevice device_;
  mutable std::mutex mutex_;
  std::unordered_map<PipelineKey, PipelineEntry, KeyHash<PipelineKey>> map_;
  PipelineKey last_key_{};
  PipelineEntry* last_ = nullptr;
};

}  // namespace brass::driver
