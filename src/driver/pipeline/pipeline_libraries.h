// Graphics pipeline libraries (VK_EXT_graphics_pipeline_library):
//  - PipelineLibraryCache, one per screen: the vertex input and fragment
//    output libraries, which depend on state alone and are shared by every
//    program and context (guarded by a mutex: only a new pipeline key, never
//    a steady-state draw, reaches it);
//  - ShaderLibraries, one per program: its pre-rasterization + fragment
//    shader library, compiled on the worker pool as soon as the program is
//    created (the "precompile", for the GL default pre-rasterization state),
//    plus any other pre-rasterization state a draw asks for.
// The draw path fast-links three libraries; context_pipeline.cpp queues the
// optimized link.
#pragma once
#include <condition_variable>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "driver/pipeline/graphics_pipeline.h"

namespace brass::driver {

class PipelineLibraryCache {
 public:
  PipelineLibraryCache(const vk::Device& device, VkPipelineCache cache) : device_(device), cache_(cache) {}
  ~PipelineLibraryCache();
  PipelineLibraryCache(const PipelineLibraryCache&) = delete;
  PipelineLibraryCache& operator=(const PipelineLibraryCache&) = delete;

  // `info` carries the key and the vertex input description.
  vk::Status vertex_input(const PipelineBuildInfo& info, VkPipeline* out);
  vk::Status fragment_output(const PipelineBuildInfo& info, VkPipeline* out);

 private:
  const vk::Device& device_;
  VkPipelineCache cache_;
  std::mutex mutex_;
  std::unordered_map<VertexInputLibraryKey, VkPipeline, KeyHash<VertexInputLibraryKey>> vertex_input_;
  std::unordered_map<FragmentOutputKey, VkPipeline, KeyHash<FragmentOutputKey>> fragment_output_;
};

class ShaderLibraries {
 public:
  ShaderLibraries() = default;
  ~ShaderLibraries();
  ShaderLibraries(const ShaderLibraries&) = delete;
  ShaderLibraries& operator=(const ShaderLibraries&) = delete;

  // Before the precompile job is queued: what it will build.
  void expect_precompile(VkDevice device, ShaderLibraryKey key);
  // Run by the precompile job (on a worker). `skip`: the process is
  // exiting; only mark the precompile done.
  void precompile(const vk::Device& device, const PipelineBuildInfo& info, bool skip);
  bool precompile_pending() const;
  // Blocks until the precompile finished (at once when there is none).
  void wait_precompile();

  // The library for `info` (its key's pre-rasterization state): the
  // precompiled one (waiting for it if still compiling: *waited = true), or
  // one built now (*compiled = true).
  vk::Status get(const vk::Device& device, const PipelineBuildInfo& info, VkPipeline* out, bool* waited,
                 bool* compiled);

 private:
  VkDevice device_ = VK_NULL_HANDLE;
  mutable std::mutex mutex_;
  std::condition_variable done_cv_;
  bool pending_ = false;
  ShaderLibraryKey precompiled_key_{};
  struct Entry {
    ShaderLibraryKey key;
    VkPipeline library;
  };
  std::vector<Entry> libraries_;
};

}  // namespace brass::driver
