// The dispatch, in a fixed order: pending clears are executed, the
// program's resources and the indirect buffer are tracked like a draw's
// (barriers from their last accesses), the render pass ends (a dispatch is
// never inside one), then ComputeDispatch records pipeline, sets and the
// dispatch. Accesses after it are ordered by
// the same tracking, so GL's glMemoryBarrier has nothing left to add for
// the resources Brass binds.
#include "driver/context.h"
#include "util/log.h"

namespace brass::driver {

void VulkanContext::bind_compute_program(pipe::ShaderProgram* p) { compute_.bind(p); }

void VulkanContext::launch_grid(const pipe::GridInfo& info) {
  if (failed()) return;
  pipe::ShaderProgram* prog = compute_.program();
  if (!prog) {
    BRASS_WARN_ONCE("dispatch without a compute program");
    return;
  }
  if (!info.indirect && (info.grid[0] == 0 || info.grid[1] == 0 || info.grid[2] == 0)) return;  // no work groups
  if (ring_.current().draws >= BatchRing::kDrawLimit && !submit(SubmitReason::Limit)) return;
  ring_.mark_recorded();

  // Clears still waiting to be a render pass's load ops happen first: the
  // dispatch may read the cleared image (its tracking then orders the read
  // after the clear's attachment write).
  if (vk::Status s = render_pass_.execute_pending_clears(); !s) return fail(s);
  bindings_.record_shader_access(prog->descriptors);
  BarrierBatch& barriers = sync_.barriers();
  if (info.indirect) {
    ResourceObject* o = driver_resource(info.indirect)->obj();
    barriers.buffer_access(o->access, {VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT, VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT,
                                       VK_IMAGE_LAYOUT_UNDEFINED, false});
    sync_.mark_read(o);
  }
  render_pass_.end(RenderPassEnd::Compute);
  if (!barriers.empty()) barriers.emit(ring_.main_cmd());
  // Descriptor buffers are bound for both bind points at once: the
  // dispatch's binding replaces the draw's, which must bind and point its
  // sets again.
  const bool shared_descriptor_buffers = device_.paths().descriptors == DescriptorMode::DescriptorBuffer;
  if (shared_descriptor_buffers) compute_.forget_bindings();
  // Pipeline statistics queries count compute invocations too.
  if (vk::Status s = bindings_.stream_user_blocks(prog->stage_mask & ~prog->push_stages); !s) return fail(s);
  if (prog->push_size) {
    // The whole block, every dispatch (dispatches are rare next to draws);
    // the next draw pushes its own again.
    vkCmdPushConstants(ring_.main_cmd(), prog->descriptors.pipeline_layout(), prog->push_stages, 0, prog->push_size,
                       bindings_.user_block(prog->push_source_stage));
    dirty_.mark(DrawState::PushConstantsLost);
  }
  if (vk::Status s = queries_.begin_dispatch(ring_.main_cmd()); !s) return fail(s);
  const vk::Status recorded = compute_.record(info);
  queries_.end_dispatch(ring_.main_cmd());
  if (!recorded) return fail(recorded);
  if (shared_descriptor_buffers) {
    descriptors_->forget_bindings();
    dirty_.mark_all_sets();
  }
  ring_.current().draws++;
  // What it wrote may be bound to the next draw: that draw must look at
  // its resources again (validate_resources) for the barriers.
  sync_.note_write_outside_draw();
}

}  // namespace brass::driver
