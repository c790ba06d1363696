// Compute dispatches: the bound compute program, its pipeline and its
// descriptor sets at the compute bind point. Vulkan keeps the compute bind
// point's pipeline and sets apart from the graphics one's, so a dispatch
// disturbs no draw state, with one exception the context handles: bound
// descriptor buffers are shared by both bind points (db mode).
//
// The context decides the order around a dispatch (resource barriers, the
// end of the render pass, which a dispatch never runs in); this module
// records the dispatch itself.
#pragma once
#include <memory>

#include "driver/batch/batch_ring.h"
#include "driver/descriptors/descriptor_updater.h"
#include "driver/program.h"
#include "pipe/state.h"
#include "util/ref_counted.h"

namespace brass::driver {

class VulkanScreen;

class ComputeDispatch {
 public:
  ComputeDispatch(VulkanScreen& screen, BatchRing& ring, DescriptorGather& gather, const BindingTable& bindings);

  void bind(pipe::ShaderProgram* program);
  // The bound program when it can be dispatched (a linked compute stage).
  pipe::ShaderProgram* program() const {
    return program_ && program_->compute_pipeline ? program_.get() : nullptr;
  }

  // Binds the pipeline and writes and binds every descriptor set of the
  // bound program, then records the dispatch. Outside a render pass, after
  // the barriers for the program's resources.
  [[nodiscard]] vk::Status record(const pipe::GridInfo& info);

  // The command buffer is new: nothing is bound in it.
  void forget_bindings();
  // Before a submit: descriptor bytes the GPU will read (db mode).
  [[nodiscard]] vk::Status flush_writes() { return descriptors_->flush_writes(); }

 private:
  BatchRing& ring_;
  Ref<pipe::ShaderProgram> program_;
  std::unique_ptr<DescriptorUpdater> descriptors_;
  VkPipeline bound_pipeline_ = VK_NULL_HANDLE;  // in the current command buffer
};

}  // namespace brass::driver
