#include "driver/compute/compute_dispatch.h"

#include "driver/resource/resource.h"
#include "driver/screen.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_dispatches("compute.dispatches");
StatCounter g_indirect_dispatches("compute.indirect_dispatches");
}  // namespace

ComputeDispatch::ComputeDispatch(VulkanScreen& screen, BatchRing& ring, DescriptorGather& gather,
                                 const BindingTable& bindings)
    : ring_(ring),
      descriptors_(make_descriptor_updater(screen.device().paths().descriptors, screen, ring, gather, bindings)) {}

void ComputeDispatch::bind(pipe::ShaderProgram* program) { program_ = Ref<pipe::ShaderProgram>::share(program); }

void ComputeDispatch::forget_bindings() {
  bound_pipeline_ = VK_NULL_HANDLE;
  descriptors_->forget_bindings();
}

vk::Status ComputeDispatch::record(const pipe::GridInfo& info) {
  pipe::ShaderProgram* prog = program();
  if (!prog) return {};
  VkCommandBuffer cmd = ring_.main_cmd();
  if (bound_pipeline_ != prog->compute_pipeline.get()) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, prog->compute_pipeline.get());
    bound_pipeline_ = prog->compute_pipeline.get();
  }
  // Every set, every dispatch: binding calls mark the draw's dirty sets,
  // not the dispatch's, and dispatches are rare next to draws. The cached
  // mode finds unchanged sets again without writing them.
  DrawDirty all;
  all.mark_command_buffer();
  if (vk::Status s = descriptors_->update(*prog, prog->descriptors.pipeline_layout(), all); !s) return s;
  ring_.hold(prog);  // its pipeline is used by this batch
  if (info.indirect) {
    vkCmdDispatchIndirect(cmd, driver_resource(info.indirect)->obj()->buffer, info.indirect_offset);
    g_indirect_dispatches.add();
  } else {
    vkCmdDispatch(cmd, info.grid[0], info.grid[1], info.grid[2]);
  }
  g_dispatches.add();
  return {};
}

}  // namespace brass::driver
