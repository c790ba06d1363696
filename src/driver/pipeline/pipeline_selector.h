// The draw's pipeline. With graphics pipeline libraries (GPL) a new key is
// served by fast-linking four libraries: vertex input and fragment output
// from the screen's cache, the program's pre-rasterization and fragment
// shader libraries precompiled when the program was created. The
// link-time-optimized pipeline is built on the worker pool at low priority
// and replaces the fast-linked one by an atomic store the draw path checks
// (one acquire load per draw). Without GPL, or where state forbids
// libraries (program.cpp), a monolithic pipeline is compiled on the draw
// path. Every pipeline creation on the draw path is counted and timed by
// kind (BRASS_STATS "pipeline.draw_path.*").
//
// Invariance: a fast-linked and an optimized pipeline of one program may
// rasterize or shade slightly differently, and GL's `invariant` promises
// identical results across programs and passes (multi-pass depth-equal
// rendering). A program with Invariant outputs is therefore never
// fast-linked: its first draw with a key links the optimized pipeline from
// the precompiled libraries directly, so every invariant program always
// runs optimized code and all of them agree, frame after frame. The cost is
// a longer first draw for those programs only (counted as
// pipeline.draw_path.optimized_links).
#pragma once
#include <array>
#include <cstdint>

#include "driver/batch/batch_ring.h"
#include "driver/draw/draw_dirty.h"
#include "driver/draw/fixed_function_state.h"
#include "driver/pipeline/graphics_pipeline.h"
#include "driver/pipeline/pipeline_key.h"
#include "driver/pipeline/separable_shader_objects.h"
#include "driver/render_pass/render_pass_state.h"
#include "pipe/context.h"

namespace brass::pipe {
struct ShaderProgram;
}

namespace brass::driver {

class VulkanScreen;

class PipelineSelector {
 public:
  PipelineSelector(VulkanScreen& screen, BatchRing& ring, RenderPassState& render_pass, bool dynamic_vertex_input);

  // Binds the pipeline for `prog` with the bound state and the draw's
  // topology; creates it on a miss. Marks every descriptor set when the
  // pipeline layout changes.
  // `capturing`: transform feedback is active in the command buffer, where
  // no pipeline may be bound; the fast-linked pipeline stays bound then
  // even when its optimized one is ready (it takes over after the capture).
  [[nodiscard]] vk::Status bind(pipe::ShaderProgram& prog, const FixedFunctionState& state,
                                const pipe::DrawInfo& info, DrawDirty& dirty, bool capturing = false) {
    // Nothing changed: the bound pipeline serves (unless the optimized one
    // replaced it meanwhile). Shader objects bound: no pipeline, bind_slow.
    if (!dirty.test(DrawState::Pipeline) && info.mode == bound_mode_ && key_.patch_vertices == patch_key(info) &&
        bound_pipeline_ && (capturing || bound_entry_->current.load(std::memory_order_acquire) == bound_pipeline_))
      return {};
    return bind_slow(prog, state, info, dirty, capturing);
  }
  // Whether bind() would bind nothing for a draw outside transform feedback
  // with no DrawState::Pipeline marked.
  bool serves(const pipe::DrawInfo& info) const {
    return info.mode == bound_mode_ && key_.patch_vertices == patch_key(info) && bound_pipeline_ &&
           bound_entry_->current.load(std::memory_order_acquire) == bound_pipeline_;
  }
  // Whether bind() would bind another pipeline (or shader objects) than the
  // bound one; nothing is bound or created. Vulkan binds no pipeline while
  // transform feedback is active, so the draw ends the capture first.
  bool rebinds(const pipe::ShaderProgram& prog, const FixedFunctionState& state, const pipe::DrawInfo& info,
               const DrawDirty& dirty) const {
    if (!dirty.test(DrawState::Pipeline) && info.mode == bound_mode_ && key_.patch_vertices == patch_key(info) &&
        bound_pipeline_)
      return false;
    return rebinds_slow(prog, state, info);
  }
  // The bound pipeline's layout (descriptor sets are bound against it).
  VkPipelineLayout layout() const { return bound_layout_; }
  // The command buffer's pipeline binding is gone (new command buffer, meta draw).
  void forget_bindings();
  // At frame ends: the longest draw-path pipeline wait of the frame.
  void end_frame();

 private:
  uint8_t patch_key(const pipe::DrawInfo& info) const {
    return patch_vertices_key(info.mode == pipe::PrimitiveType::Patches, dynamic_patch_vertices_, info.patch_vertices);
  }
  // A combination drawn from its stages' shader objects (no pipeline).
  [[nodiscard]] vk::Status bind_shader_objects(pipe::ShaderProgram& prog, const FixedFunctionState& state,
                                               const pipe::DrawInfo& info, DrawDirty& dirty);
  [[nodiscard]] vk::Status bind_slow(pipe::ShaderProgram& prog, const FixedFunctionState& state,
                                     const pipe::DrawInfo& info, DrawDirty& dirty, bool capturing);
  bool rebinds_slow(const pipe::ShaderProgram& prog, const FixedFunctionState& state,
                    const pipe::DrawInfo& info) const;
  void fill_key(const pipe::ShaderProgram& prog, const FixedFunctionState& state, const pipe::DrawInfo& info,
                PipelineKey& k) const;
  [[nodiscard]] vk::Status create(pipe::ShaderProgram& prog, const FixedFunctionState& state, PipelineEntry** out);
  [[nodiscard]] vk::Status create_monolithic(const PipelineBuildInfo& bi, VkPipeline* out);
  PipelineBuildInfo build_info(const pipe::ShaderProgram& prog, const FixedFunctionState& state) const;
  // The optimized link of a fast-linked entry, on the worker pool.
  void queue_optimized_link(pipe::ShaderProgram& prog, PipelineEntry& entry, std::array<VkPipeline, 4> libraries);
  void note_wait(uint64_t ns);

  VulkanScreen& screen_;
  BatchRing& ring_;
  RenderPassState& render_pass_;
  const bool dynamic_vertex_input_;
  const bool dynamic_patch_vertices_;  // VK_EXT_extended_dynamic_state2 patch control points
  PipelineKey key_;
  VkPipeline bound_pipeline_ = VK_NULL_HANDLE;
  PipelineEntry* bound_entry_ = nullptr;  // whose `current` may be swapped for the optimized pipeline
  pipe::PrimitiveType bound_mode_ = pipe::PrimitiveType::Triangles;  // of the draw key_ was filled for
  VkPipelineLayout bound_layout_ = VK_NULL_HANDLE;
  SeparableShaderObjects shader_objects_;
  const pipe::ShaderProgram* bound_shader_form_ = nullptr;  // whose shader objects are bound (no pipeline)
  uint8_t bound_patch_vertices_ = 0;                        // of the draw they were bound for
  uint64_t frame_wait_ns_ = 0;
};

}  // namespace brass::driver
