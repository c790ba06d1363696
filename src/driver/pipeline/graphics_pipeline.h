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
};

vk::Status create_graphics_pipeline(const vk::Device& device, const PipelineBuildInfo& info, VkPipeline* out);

// A library of the given VK_GRAPHICS_PIPELINE_LIBRARY_*_BIT_EXT parts, with
// link-time-optimization info retained so an optimized link is possible.
vk::Status create_pipeline_library(const vk::Device& device, const PipelineBuildInfo& info,
                                   VkGraphicsPipelineLibraryFlagsEXT parts, VkPipeline* out);

// Links complete libraries. `optimize`: VK_PIPELINE_CREATE_LINK_TIME_OPTIMIZATION_BIT_EXT
// (slow, as fast to run as a monolithic pipeline); otherwise a fast link.
vk::Status link_pipeline_libraries(const vk::Device& device, std::span<const VkPipeline> libraries,
                                   VkPipelineLayout layout, VkPipelineCache cache, bool optimize, VkPipeline* out);

// One key's pipeline in a program. `current` is what draws bind: the
// fast-linked pipeline until the optimized one, built in the background,
// replaces it (an atomic store, so the draw path takes no lock). Both stay
// alive until the program goes: command buffers in flight may use either.
struct PipelineEntry {
  std::atomic<VkPipeline> current{VK_NULL_HANDLE};
  VkPipeline fast_linked = VK_NULL_HANDLE;
  std::atomic<VkPipeline> optimized{VK_NULL_HANDLE};
  VkPipeline monolithic = VK_NULL_HANDLE;
  bool optimized_bound = false;  // the swap was seen by a draw (stats)
};

class PipelineMap {
 public:
  explicit PipelineMap(VkDevice device) : device_(device) {}
  ~PipelineMap();
  PipelineMap(const PipelineMap&) = delete;
  PipelineMap& operator=(const PipelineMap&) = delete;

  // Null when the key has no entry yet. A one-entry memo in front of the
  // hash map: consecutive lookups of one key (the common case when state
  // toggles back) skip hashing.
  PipelineEntry* find(const PipelineKey& key) {
    if (last_ && last_key_ == key) return last_;
    auto it = map_.find(key);
    if (it == map_.end()) return nullptr;
    last_key_ = key;
    return last_ = &it->second;
  }
  // Entries never move (node-based map), so background jobs may hold them.
  PipelineEntry& insert(const PipelineKey& key) {
    PipelineEntry& e = map_.try_emplace(key).first->second;
    last_key_ = key;
    return *(last_ = &e);
  }
  size_t size() const { return map_.size(); }

 private:
  VkDevice device_;
  std::unordered_map<PipelineKey, PipelineEntry, KeyHash<PipelineKey>> map_;
  PipelineKey last_key_{};
  PipelineEntry* last_ = nullptr;
};

}  // namespace brass::driver
