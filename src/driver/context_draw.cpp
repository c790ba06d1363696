// The draw, in a fixed order: resource barriers (which may end the render
// pass) before the pass begins; pipeline, descriptors, vertex input and
// dynamic state recorded after, each only where DrawDirty marks it.
#include "driver/context.h"
#include <algorithm>

#include "driver/draw/draw_commands.h"
#include "driver/pipeline/graphics_pipeline.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_draws("draw.calls");
// Barrier passes over every binding, and over the changed ones alone.
StatCounter g_resource_passes("draw.resource_passes");
StatCounter g_changed_binding_passes("draw.changed_binding_passes");
// Draws that found everything the last one recorded still in place.
StatCounter g_unchanged_draws("draw.unchanged");
}  // namespace

// The program form a draw binds (ShaderProgram::draw_form): only a
// combination of separable stages has another one, so only such a
// program asks whether the draw shades per sample.
pipe::ShaderProgram& VulkanContext::draw_form() {
  if (!program_->library_form) return *program_;
  const bool sample_shading =
      state_.rasterizer &&
      sample_shading_count(state_.rasterizer->state, static_cast<uint8_t>(std::max(1u, render_pass_.framebuffer().samples)));
  return program_->draw_form(sample_shading);
}

// Whether everything the last draw recorded serves this one as it is, so
// that it records the draw command alone (issue 19). Each test is what
// the whole path in draw_vbo would find before recording nothing: no
// DrawState marked (but the index buffer, for a draw without indices); the
// same batch and write epoch (no barrier pass due); the same program form,
// pipeline and dynamic topology; no descriptor set to write and no
// default-uniform data to stream or push; the pass begun; and nothing for
// occlusion queries, conditional rendering or transform feedback to begin.
// The first two tests are made inline by draw_vbo: `last_draw_whole_` (the
// last draw went through that path to its end) and no DrawState marked.
uint32_t VulkanContext::unchanged_ignores(const pipe::DrawInfo& info) const {
  return (info.indexed ? 0u : DrawDirty::bits(DrawState::IndexBuffer)) |
         (drawn_form_->push_size ? 0u : DrawState::UserConstants | DrawState::PushConstantsLost);
}

bool VulkanContext::draw_needs_nothing(const pipe::DrawInfo& info) {
  if (validated_serial_ != ring_.current_serial() || validated_epoch_ != sync_.write_epoch() ||
      ring_.current().draws >= BatchRing::kDrawLimit)
    return false;
  if (!render_pass_.active() || queries_.occlusion_suspended() || !conditional_.idle_for_draw() ||
      !stream_output_.idle_for(program_->transform_feedback))
    return false;
  const pipe::ShaderProgram& form = draw_form();
  if (&form != drawn_form_ || !pipelines_.serves(info) || !dynamic_state_.serves(info)) return false;
  if (bindings_.unstreamed() & form.stage_mask & ~form.push_stages) return false;
  const ProgramDescriptors& pd = form.descriptors;
  if (pd.dirty_sets(dirty_.sets(), dirty_.stage_sets()) & pd.set_mask()) return false;
  return !form.push_size || push_constants_.serves(form);
}

// An unchanged draw: merged with the unchanged draws next to it
// (batch/pending_draws.h) where it may be, else recorded now.
void VulkanContext::record_unchanged_draw(const pipe::ShaderProgram& form, const pipe::DrawInfo& info,
                                          std::span<const pipe::DrawStart> draws) {
  const pipe::DrawStart& d = draws[0];
  if (merge_draws_ && d.count != 0 && !form.reads_draw_index && !stream_output_.recording())
    ring_.defer_draw(info.indexed, std::max(1u, info.instance_count), info.start_instance, d);
  else
    record_draw(ring_.main_cmd(), info, nullptr, draws, caps_.multi_draw);
}

// Whether the program has storage buffers or images: its last draw may have
// written what an unchanged binding reads. Walked once per bound program.
bool VulkanContext::program_has_storage() {
  if (program_storage_known_) return program_has_storage_;
  program_has_storage_ = false;
  for (unsigned set = 0; set < kDescriptorTypeSets && !program_has_storage_; ++set)
    for (const SetBinding& b : program_->descriptors.bindings(set)) {
      const auto source = static_cast<pipe::DescriptorSet>(b.source_set);
      if (source == pipe::DescriptorSet::StorageBuffers || source == pipe::DescriptorSet::StorageImages) {
        program_has_storage_ = true;
        break;
      }
    }
  program_storage_known_ = true;
  return program_has_storage_;
}

// Called when bindings changed, a new batch or write epoch began, or for an
// indirect draw (its buffers are not bindings).
bool VulkanContext::validate_resources(const pipe::DrawIndirect* indirect) {
  const uint64_t serial = ring_.current_serial();
  // Only some bindings changed since a pass in this batch and write epoch:
  // the others' barriers and usage marks stand (issue 19), unless the
  // program's storage writes may be read through them.
  const bool changed_only = !dirty_.test(DrawState::Resources) && !indirect && validated_serial_ == serial &&
                            validated_epoch_ == sync_.write_epoch() && !program_has_storage();
  if (changed_only) {
    bindings_.record_changed_access(program_->descriptors, state_.vertex_elements);
    g_changed_binding_passes.add();
  } else {
    bindings_.record_access(program_->descriptors, state_.vertex_elements);
    g_resource_passes.add();
  }
  bindings_.forget_changes();
  BarrierBatch& barriers = sync_.barriers();
  if (indirect) {
    for (pipe::Resource* r : {indirect->buffer, indirect->count_buffer}) {
      if (!r) continue;
      ResourceObject* o = driver_resource(r)->obj();
      barriers.buffer_access(o->access, {VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT, VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT,
                                         VK_IMAGE_LAYOUT_UNDEFINED, false});
      sync_.mark_read(o);
    }
    if (indirect->captured) stream_output_.record_counter_read(indirect->captured);
  }
  stream_output_.record_access();
  if (!barriers.empty()) {
    // Barriers cannot go inside the pass: end it, the draw begins a new one.
    render_pass_.end(RenderPassEnd::Barrier);
    barriers.emit(ring_.main_cmd());
  }
  dirty_.clear(DrawState::Resources, DrawState::ChangedBindings);
  validated_serial_ = serial;
  validated_epoch_ = sync_.write_epoch();
  return true;
}

bool VulkanContext::index_source(IndexConversion::Source* src) {
  pipe::Resource* ib = bindings_.index_buffer();
  ResourceObject* o = driver_resource(ib)->obj();
  // The CPU reads the index buffer: wait for a GPU writer (rare).
  if (sync_.busy(o, true) || sync_.written_this_batch(o)) {
    if (vk::Status s = wait_for(o, true); !s) return fail(s), false;
  }
  if (vk::Status s = device_.memory().invalidate(o->memory, 0, o->size); !s) return fail(s), false;
  const uint64_t width = ib->templ().width;
  const uint64_t offset = std::min<uint64_t>(bindings_.index_offset(), width);
  src->data = static_cast<const uint8_t*>(o->memory.mapped) + offset;
  src->index_size = bindings_.index_size();
  src->available = (width - offset) / src->index_size;
  return true;
}

void VulkanContext::draw_vbo(const pipe::DrawInfo& in_info, const pipe::DrawIndirect* indirect,
                             std::span<const pipe::DrawStart> in_draws) {
  if (failed()) return;
  if (!program_ || !program_->modules[0]) {
    BRASS_WARN_ONCE("draw without a graphics program");
    return;
  }
  if (in_info.indexed && !bindings_.index_buffer()) return;
  const uint32_t index_size = bindings_.index_size();
  const bool convert = IndexConversion::needed(in_info, index_size, index_type_uint8_);
  if (convert && indirect) {
    BRASS_WARN_ONCE("indirect line loops / restart indices / 8-bit indices need the GPU to rewrite indices (not done)");
    if (in_info.indexed && index_size == 1 && !index_type_uint8_) return;
  }
  // States the whole path would not look at: the index buffer of a draw
  // without indices, and the push-constant states of a form that pushes
  // nothing (its default block is streamed: bindings_.unstreamed()).
  if (last_draw_whole_ && (dirty_.states() & ~unchanged_ignores(in_info)) == 0 && !indirect && !convert &&
      in_draws.size() == 1 && draw_needs_nothing(in_info)) {
    ring_.mark_recorded();
    record_unchanged_draw(*drawn_form_, in_info, in_draws);
    ring_.current().draws++;
    g_draws.add();
    g_unchanged_draws.add();
    return;
  }
  last_draw_whole_ = false;
  if (ring_.current().draws >= BatchRing::kDrawLimit && !submit(SubmitReason::Limit)) return;
  // After the limit submit: the generated indices belong to this batch.
  const bool converted = convert && !indirect;
  if (converted) {
    IndexConversion::Source src;
    if (in_info.indexed && !index_source(&src)) return;
    vk::Status s;
    if (!index_conversion_.convert(in_info, in_draws, src, stream_, &s)) return fail(s);
  }
  const pipe::DrawInfo& info = converted ? index_conversion_.info() : in_info;
  const std::span<const pipe::DrawStart> draws = converted ? index_conversion_.draws() : in_draws;
  ring_.mark_recorded();

  if (validated_serial_ != ring_.current_serial()) dirty_.mark_command_buffer();
  // A combination of separable stages is drawn from its stages' libraries
  // until its own are compiled (program.h, draw_form).
  pipe::ShaderProgram& form = draw_form();
  if (&form != drawn_form_) {
    drawn_form_ = &form;
    dirty_.mark(DrawState::Pipeline);
  }
  // No pipeline may be bound while transform feedback is active
  // (VUID-vkCmdBindPipeline-None-02323): a state change that needs another
  // pipeline mid-capture ends the capture with its pass, so that a barrier
  // orders the counters' write before the resumed capture reads them.
  if (stream_output_.recording() && pipelines_.rebinds(form, state_, info, dirty_))
    render_pass_.end(RenderPassEnd::StreamOutputRebind);
  if ((dirty_.any(DrawState::Resources | DrawState::ChangedBindings) || validated_epoch_ != sync_.write_epoch() ||
       indirect) &&
      !validate_resources(indirect))
    return;
  // A meta draw suspended occlusion counting: a new pass starts a new segment.
  if (queries_.occlusion_suspended()) render_pass_.end(RenderPassEnd::OcclusionResume);
  if (vk::Status s = render_pass_.ensure_begun(); !s) return fail(s);
  if (vk::Status s = pipelines_.bind(form, state_, info, dirty_, stream_output_.recording()); !s) return fail(s);
  // Default-uniform data kept on the CPU goes into the stream for the
  // stages that take it as a uniform buffer, and is pushed for the others.
  if (const uint32_t unstreamed = bindings_.unstreamed() & form.stage_mask & ~form.push_stages)
    if (vk::Status s = bindings_.stream_user_blocks(unstreamed); !s) return fail(s);
  if (vk::Status s = descriptors_->update(form, pipelines_.layout(), dirty_); !s) return fail(s);
  VkCommandBuffer cmd = ring_.main_cmd();
  if (form.push_size)
    push_constants_.emit(cmd, form, bindings_.user_block(form.push_source_stage), dirty_);
  else
    push_constants_.forget_program();
  dynamic_state_.bind_vertex_buffers(cmd, state_, bindings_, fallbacks_.vk_buffer(), dirty_);
  stream_output_.begin(cmd, program_->transform_feedback);
  if (converted) {
    const StreamAllocation& indices = index_conversion_.indices();
    vkCmdBindIndexBuffer(cmd, indices.buffer, indices.offset, VK_INDEX_TYPE_UINT32);
    dirty_.mark(DrawState::IndexBuffer);  // the next plain indexed draw binds the application's again
  } else if (info.indexed && dirty_.test(DrawState::IndexBuffer)) {
    VkIndexType type = index_size == 2 ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32;
    if (index_size == 1) {
      if (!index_type_uint8_) {
        BRASS_WARN_ONCE("indirect 8-bit indices need VK_EXT_index_type_uint8");
        return;
      }
      type = VK_INDEX_TYPE_UINT8_EXT;
    }
    vkCmdBindIndexBuffer(cmd, driver_resource(bindings_.index_buffer())->obj()->buffer, bindings_.index_offset(), type);
    dirty_.clear(DrawState::IndexBuffer);
  }
  dynamic_state_.emit(cmd, state_, render_pass_.framebuffer(), info, dirty_);
  conditional_.before_draw(cmd);
  // Recorded now: the unchanged draws after it are merged with each other
  // (record_unchanged_draw); deferring this one too gained nothing where
  // the next draw changes state, and cost the deferral.
  record_draw(cmd, info, indirect, draws, caps_.multi_draw);
  ring_.current().draws++;
  g_draws.add();
  last_draw_whole_ = true;
}

}  // namespace brass::driver
