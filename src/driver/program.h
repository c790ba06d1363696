// A linked shader program at the driver level: a shader module per stage,
// its descriptor layouts and sets (descriptors/) and the pipelines built for
// it (pipeline/). Batches that used its descriptor sets hold a reference, so
// deleting a program in flight defers its destruction to the last batch.
#pragma once
#include <array>
#include <cstdint>
#include <vector>
#include "driver/batch/batch_ring.h"
#include "driver/descriptors/program_descriptors.h"
#include "driver/pipeline/graphics_pipeline.h"
#include "driver/pipeline/pipeline_libraries.h"
#include "driver/pipeline/separable_shader_objects.h"
#include "pipe/context.h"

namespace brass::driver {
class VulkanScreen;
}

namespace brass::pipe {

struct ShaderProgram final : driver::BatchHeld {
  ShaderProgram(driver::VulkanScreen& screen);
  ~ShaderProgram() override;
  void batch_done(uint32_t ring_id, uint64_t serial) override { descriptors.release(ring_id, serial); }

  // Null with *status on failure. `robust`: every pipeline of the program
  // gets VkPipelineRobustnessCreateInfoEXT (vk::RobustAccessPath::PerPipeline).
  static ShaderProgram* create(driver::VulkanScreen& screen, const ShaderInfo& info, bool robust, Status* status);
  // Queues the compiles of its shader libraries on the worker pool (with
  // GPL): both, or for a separable stage program the one of its stage.
  void start_precompile();
  // What a draw binds for this program: a combination of separable stages
  // is drawn with its library form until its own shader libraries are
  // compiled (one atomic load), unless the draw shades per sample (such
  // pipelines are built whole, from the combination's own modules).
  // A shader-object form serves for good where the combination has no
  // libraries to replace it (a device without GPL).
  ShaderProgram& draw_form(bool sample_shading) {
    if (!library_form || sample_shading) return *this;
    if (library_form->shader_object_form && !uses_libraries) return *library_form;
    return libraries.precompile_settled() ? *this : *library_form;
  }

  driver::VulkanScreen& screen;
  uint64_t id = 0;
  std::array<VkShaderModule, kShaderStageCount> modules{};
  uint32_t stage_mask = 0;
  uint32_t vertex_input_locations = 0;
  // Bit per color location the fragment shader writes (all bits without a
  // fragment stage). Attachments outside it get a zero color write mask in
  // the pipeline: GL leaves them undefined, and Vulkan's validation warns
  // of an attachment that is written with undefined values.
  uint32_t fragment_outputs = ~0u;
  bool writes_point_size = false;
  // The vertex shader reads DrawIndex (gl_DrawID): its draws are never
  // merged into one multi-draw command (batch/pending_draws.h).
  bool reads_draw_index = false;
  // The default uniform block as a push-constant block (docs/driver.md,
  // "Default uniforms by push constants"): the range [0, push_size) for the
  // stages `push_stages` (pipe stage bits, the same as their
  // VkShaderStageFlags), whose constant buffer slot 0 all hold the block;
  // push_size 0: the block (if any) is a streamed uniform buffer.
  uint32_t push_size = 0;
  uint32_t push_stages = 0;
  uint8_t push_source_stage = 0;  // the stage whose slot 0 is pushed
  // A stage declares the TransformFeedback capability (Xfb outputs): only
  // such a pipeline may be drawn with transform feedback active.
  bool transform_feedback = false;
  // Some output is decorated Invariant: such a program is only ever drawn
  // with link-time-optimized pipelines (context_pipeline.cpp says why).
  bool invariant = false;
  // The fragment stage runs per sample (SampleRateShading: gl_SampleID,
  // gl_SamplePosition, `sample` inputs): its pipelines are built whole.
  bool per_sample_fragment = false;
  // Pipelines come from graphics pipeline libraries (false: monolithic).
  bool uses_libraries = false;
  // Made by a robust context on a device with per-pipeline robustness: its
  // pipelines bounds-check buffer, vertex and image reads. Fixed for the
  // program's life; contexts sharing it agree on robustness (EGL/GLX).
  bool robust = false;
  // Separable programs (docs/architecture.md, "Separable programs"):
  //  - a stage program (ShaderInfo::separable_stage): one stage, its
  //    bindings in the per-stage layout (its stage's set), its one shader
  //    library compiled at link; `stage_bindings` keeps its binding table;
  //  - a combination's library form: no modules of its own; its pipelines
  //    are fast-linked from `stage_programs`' libraries with the union of
  //    their per-stage layouts (its `descriptors`).
  //  - with VK_EXT_shader_object (separable_shader_objects.h) a stage
  //    program of any graphics stage also has its `shader_object`, and a
  //    combination with tessellation or geometry stages has a library form
  //    that is a `shader_object_form`: drawn by binding its stages' shader
  //    objects, no pipeline.
  bool separable_stage = false;
  bool shader_object_form = false;
  driver::ShaderObject shader_object;
  std::vector<ShaderBinding> stage_bindings;
  std::array<Ref<ShaderProgram>, kGraphicsStageCount> stage_programs;
  Ref<ShaderProgram> library_form;
  driver::ProgramDescriptors descriptors;
  driver::ShaderLibraries libraries;
  driver::PipelineMap pipelines;
  // A compute program's one pipeline, built at link: it depends on nothing
  // a dispatch can change, so a dispatch never compiles.
  vk::Handle<VkPipeline> compute_pipeline;

 private:
  [[nodiscard]] vk::Status create_compute_pipeline();
  // The library form of a combination made from `info.stage_programs`, when
  // its stages can be drawn that way (null otherwise).
  [[nodiscard]] Status make_library_form(const ShaderInfo& info);
};

}  // namespace brass::pipe
