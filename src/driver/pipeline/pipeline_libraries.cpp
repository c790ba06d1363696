#include "driver/pipeline/pipeline_libraries.h"

#include "util/log.h"
#include "util/process_exit.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_precompiles("pipeline.precompiled_shader_libraries");
StatCounter g_precompile_failures("pipeline.precompile_failures");

constexpr VkGraphicsPipelineLibraryFlagsEXT kPartFlags[2] = {
    VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT,
    VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT,
};
}  // namespace

PipelineLibraryCache::~PipelineLibraryCache() {
  // Once the process is exiting, a software driver's compiler (LLVM in
  // lavapipe) may already be destroyed and freeing compiled code would touch
  // it: libraries are left to the end of the process (util/process_exit.h).
  if (process_exiting()) return;
  for (auto& [k, p] : vertex_input_) vkDestroyPipeline(device_.handle(), p, nullptr);
  for (auto& [k, p] : fragment_output_) vkDestroyPipeline(device_.handle(), p, nullptr);
}

vk::Status PipelineLibraryCache::vertex_input(const PipelineBuildInfo& info, VkPipeline* out) {
  const VertexInputLibraryKey key = VertexInputLibraryKey::of(*info.key, info.robust);
  std::lock_guard lock(mutex_);
  if (auto it = vertex_input_.find(key); it != vertex_input_.end()) return *out = it->second, vk::Status{};
  PipelineBuildInfo bi = info;
  bi.cache = cache_;
  vk::Status s = create_pipeline_library(device_, bi, VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT, out);
  if (s) vertex_input_.emplace(key, *out);
  return s;
}

vk::Status PipelineLibraryCache::fragment_output(const PipelineBuildInfo& info, VkPipeline* out) {
  const FragmentOutputKey key = FragmentOutputKey::of(*info.key);
  std::lock_guard lock(mutex_);
  if (auto it = fragment_output_.find(key); it != fragment_output_.end()) return *out = it->second, vk::Status{};
  PipelineBuildInfo bi = info;
  bi.cache = cache_;
  // No shaders, nothing to bounds-check: one library for robust and other
  // programs (the key has no robustness).
  bi.robust = false;
  // The library serves every topology (the key has none), but the dynamic
  // state list follows the patch size: a library first made for a patch
  // draw would carry PATCH_CONTROL_POINTS into the triangle pipelines linked
  // with it, which then need that state set (VUID-vkCmdDraw-None-04875).
  PipelineKey no_patches = *info.key;
  no_patches.patch_vertices = 0;
  bi.key = &no_patches;
  vk::Status s = create_pipeline_library(device_, bi, VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT, out);
  if (s) fragment_output_.emplace(key, *out);
  return s;
}

ShaderLibraries::~ShaderLibraries() {
  // The precompile jobs hold a reference to the program, so none runs now.
  // Once the process is exiting, a software driver's compiler (LLVM in
  // lavapipe) may already be destroyed and freeing compiled code would touch
  // it: libraries are left to the end of the process (util/process_exit.h).
  if (process_exiting()) return;
  for (const Entry& e : pre_rasterization_) vkDestroyPipeline(device_, e.library, nullptr);
  if (fragment_) vkDestroyPipeline(device_, fragment_, nullptr);
}

void ShaderLibraries::expect_precompile(VkDevice device, ShaderLibraryKey key, unsigned parts) {
  std::lock_guard lock(mutex_);
  device_ = device;
  pending_[0] = parts & 1u;
  pending_[1] = parts & 2u;
  precompiled_key_ = key;
  settled_.store(!pending_[0] && !pending_[1], std::memory_order_release);
}

void ShaderLibraries::precompile(const vk::Device& device, const PipelineBuildInfo& info, ShaderPart part,
                                 bool skip) {
  const unsigned i = static_cast<unsigned>(part);
  VkPipeline lib = VK_NULL_HANDLE;
  vk::Status s = skip ? vk::Status{VK_INCOMPLETE} : create_pipeline_library(device, info, kPartFlags[i], &lib);
  std::lock_guard lock(mutex_);
  if (skip) {
    // Nothing built: a draw (there will hardly be one) builds its own.
  } else if (s) {
    if (part == ShaderPart::Fragment)
      fragment_ = lib;
    else
      pre_rasterization_.push_back({precompiled_key_, lib});
    g_precompiles.add();
  } else {
    // The draw builds it again and reports the error where it can.
    g_precompile_failures.add();
    BRASS_WARN("precompiling a shader library failed (%d)", int(s.result));
  }
  pending_[i] = false;
  settled_.store(!pending_[0] && !pending_[1], std::memory_order_release);
  done_cv_.notify_all();
}

bool ShaderLibraries::precompile_pending() const {
  std::lock_guard lock(mutex_);
  return pending_[0] || pending_[1];
}

void ShaderLibraries::wait_precompile() {
  std::unique_lock lock(mutex_);
  done_cv_.wait(lock, [&] { return !pending_[0] && !pending_[1]; });
}

vk::Status ShaderLibraries::get(const vk::Device& device, const PipelineBuildInfo& info, VkPipeline* pre_rasterization,
                                VkPipeline* fragment, bool* waited, bool* compiled) {
  const ShaderLibraryKey key = ShaderLibraryKey::of(*info.key);
  *pre_rasterization = *fragment = VK_NULL_HANDLE;
  {
    std::unique_lock lock(mutex_);
    device_ = device.handle();
    const bool wait_pre = pending_[0] && key == precompiled_key_;
    if (wait_pre || pending_[1]) {
      *waited = true;
      done_cv_.wait(lock, [&] { return !pending_[1] && !(wait_pre && pending_[0]); });
    }
    for (const Entry& e : pre_rasterization_)
      if (e.key == key) *pre_rasterization = e.library;
    *fragment = fragment_;
  }
  // What the precompile did not guess (or what failed): built here.
  if (!*pre_rasterization) {
    *compiled = true;
    BRASS_VK_RETURN_IF_FAILED(create_pipeline_library(device, info, kPartFlags[0], pre_rasterization).result);
    std::lock_guard lock(mutex_);
    pre_rasterization_.push_back({key, *pre_rasterization});
  }
  if (!*fragment) {
    *compiled = true;
    VkPipeline lib = VK_NULL_HANDLE;
    BRASS_VK_RETURN_IF_FAILED(create_pipeline_library(device, info, kPartFlags[1], &lib).result);
    std::lock_guard lock(mutex_);
    if (fragment_) {
      vkDestroyPipeline(device_, lib, nullptr);  // another context built it meanwhile
    } else {
      fragment_ = lib;
    }
    *fragment = fragment_;
  }
  return {};
}

vk::Status ShaderLibraries::get_part(const vk::Device& device, const PipelineBuildInfo& info, ShaderPart part,
                                     VkPipeline* out, bool* waited, bool* compiled) {
  const ShaderLibraryKey key = ShaderLibraryKey::of(*info.key);
  const unsigned i = static_cast<unsigned>(part);
  *out = VK_NULL_HANDLE;
  {
    std::unique_lock lock(mutex_);
    device_ = device.handle();
    // The pre-rasterization precompile serves only its own key.
    if (pending_[i] && (part == ShaderPart::Fragment || key == precompiled_key_)) {
      *waited = true;
      done_cv_.wait(lock, [&] { return !pending_[i]; });
    }
    if (part == ShaderPart::Fragment) {
      *out = fragment_;
    } else {
      for (const Entry& e : pre_rasterization_)
        if (e.key == key) *out = e.library;
    }
  }
  if (*out) return {};
  *compiled = true;
  VkPipeline lib = VK_NULL_HANDLE;
  BRASS_VK_RETURN_IF_FAILED(create_pipeline_library(device, info, kPartFlags[i], &lib).result);
  std::lock_guard lock(mutex_);
  if (part == ShaderPart::Fragment) {
    if (fragment_) vkDestroyPipeline(device_, lib, nullptr);  // another context built it meanwhile
    else fragment_ = lib;
    *out = fragment_;
  } else {
    pre_rasterization_.push_back({key, lib});
    *out = lib;
  }
  return {};
}

}  // namespace brass::driver
