// Graphics pipeline libraries (VK_EXT_graphics_pipeline_library):
//  - PipelineLibraryCache, one per screen: the vertex input and fragment
//    output libraries, which depend on state alone and are shared by every
//    program and context (guarded by a mutex: only a new pipeline key, never
//    a steady-state draw, reaches it);
//  - ShaderLibraries, one per program: its pre-rasterization library and
//    its fragment shader library, compiled in parallel on the worker pool as
//    soon as the program is created (the "precompile", for the GL default
//    pre-rasterization state), plus pre-rasterization libraries for any
//    other state a draw asks for.
// The draw path fast-links four libraries; context_pipeline.cpp queues the
// optimized link.
#pragma once
#include <atomic>
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

// Which of a program's two shader libraries (pre-rasterization shaders:
// vertex, tessellation, geometry; fragment shader).
enum class ShaderPart : uint8_t { PreRasterization, Fragment };

class ShaderLibraries {
 public:
  ShaderLibraries() = default;
  ~ShaderLibraries();
  ShaderLibraries(const ShaderLibraries&) = delete;
  ShaderLibraries& operator=(const ShaderLibraries&) = delete;

  // Before the precompile jobs are queued (one per part, so that the two
  // compile in parallel): what they will build. `parts`: bit per ShaderPart
  // (a separable stage program has one part only).
  void expect_precompile(VkDevice device, ShaderLibraryKey key, unsigned parts = 3);
  // Run by a precompile job (on a worker). `skip`: the process is exiting;
  // only mark that part's precompile done.
  void precompile(const vk::Device& device, const PipelineBuildInfo& info, ShaderPart part, bool skip);
  bool precompile_pending() const;
  // The same without the lock (one atomic load: the draw path asks it of
  // combinations drawn from their stages' libraries meanwhile).
  bool precompile_settled() const { return settled_.load(std::memory_order_acquire); }
  // Blocks until both precompiles finished (at once when there are none).
  void wait_precompile();

  // The libraries for `info`: pre-rasterization for its key's state (the
  // precompiled one, or built now), and the program's fragment shader
  // library. *waited: a precompile was still running; *compiled: a library
  // was built here.
  vk::Status get(const vk::Device& device, const PipelineBuildInfo& info, VkPipeline* pre_rasterization,
                 VkPipeline* fragment, bool* waited, bool* compiled);
  // One part only (separable stage programs): the same rules.
  vk::Status get_part(const vk::Device& device, const PipelineBuildInfo& info, ShaderPart part, VkPipeline* out,
                      bool* waited, bool* compiled);

 private:
  VkDevice device_ = VK_NULL_HANDLE;
  mutable std::mutex mutex_;
  std::condition_variable done_cv_;
  bool pending_[2] = {};  // by ShaderPart
  std::atomic<bool> settled_{true};  // no part pending
  ShaderLibraryKey precompiled_key_{};
  struct Entry {
    ShaderLibraryKey key;
    VkPipeline library;
  };
  std::vector<Entry> pre_rasterization_;
  VkPipeline fragment_ = VK_NULL_HANDLE;  // depends on no state a key holds
};

}  // namespace brass::driver
