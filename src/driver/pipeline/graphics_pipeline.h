// Monolithic graphics pipeline creation from a PipelineKey, and the
// per-program map of pipelines built so far. The graphics-pipeline-library
// issue replaces the inside of PipelineMap::get (fast-linked libraries, a
// background optimized link); the context only calls get().
#pragma once
#include <array>
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

class PipelineMap {
 public:
  explicit PipelineMap(VkDevice device) : device_(device) {}
  ~PipelineMap();
  PipelineMap(const PipelineMap&) = delete;
  PipelineMap& operator=(const PipelineMap&) = delete;

  VkPipeline find(const PipelineKey& key) const {
    auto it = map_.find(key);
    return it == map_.end() ? VK_NULL_HANDLE : it->second;
  }
  void insert(const PipelineKey& key, VkPipeline p) { map_.emplace(key, p); }
  size_t size() const { return map_.size(); }

 private:
  VkDevice device_;
  std::unordered_map<PipelineKey, VkPipeline, KeyHash<PipelineKey>> map_;
};

}  // namespace brass::driver
