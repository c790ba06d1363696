// Transform feedback through VK_EXT_transform_feedback. Capture can only be
// active inside a render pass, so it is begun lazily at the first draw of a
// pass and ended before the pass ends; each target's counter buffer carries
// the byte count across passes, pauses (targets unbound and rebound with
// append) and meta draws. A paused capture ends its pass so that the counter
// write and the next read are ordered by a barrier.
#include "driver/context.h"
#include "util/log.h"

namespace brass::driver {

namespace {
constexpr VkPipelineStageFlags2 kCounterStages =
    VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT | VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT;
constexpr VkAccessFlags2 kCounterAccess =
    VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_READ_BIT_EXT | VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT;
}  // namespace

pipe::StreamOutputTarget* VulkanContext::create_stream_output_target(pipe::Resource* buffer, uint64_t offset,
                                                                     uint64_t size) {
  if (!caps_.transform_feedback || !buffer || !buffer->is_buffer()) return nullptr;
  pipe::ResourceTemplate t;
  t.target = pipe::Target::Buffer;
  t.format = pipe::Format::None;
  t.width = 16;
  pipe::Status ps;
  Ref<pipe::Resource> counter = screen_.resource_create(t, &ps);
  if (!counter) return nullptr;
  auto* so = new pipe::StreamOutputTarget;
  so->buffer = Ref<pipe::Resource>::share(buffer);
  so->offset = offset;
  so->size = size;
  so->counter = std::move(counter);
  return so;
}

void VulkanContext::destroy_stream_output_target(pipe::StreamOutputTarget* t) {
  if (!t) return;
  for (uint32_t i = 0; i < so_count_; ++i)
    if (so_targets_[i] == t) {
      // Unbinding keeps nothing alive: drop every target.
      set_stream_output_targets({}, 0);
      break;
    }
  // The buffers are released through their references (retired by serial).
  delete t;
}

void VulkanContext::set_stream_output_targets(std::span<pipe::StreamOutputTarget* const> targets,
                                              uint32_t append_mask) {
  if (so_recording_) {
    // End capture with the pass: the counters it writes are read by the
    // next begin, which needs a barrier between the two.
    end_render_pass(RenderPassEnd::Barrier);
  }
  so_count_ = static_cast<uint32_t>(std::min<size_t>(targets.size(), so_targets_.size()));
  for (uint32_t i = 0; i < so_targets_.size(); ++i) {
    so_targets_[i] = i < so_count_ ? targets[i] : nullptr;
    if (so_targets_[i] && !(append_mask & (1u << i))) so_targets_[i]->counter_valid = false;
  }
  dirty_ |= kDirtyResources;
}

void VulkanContext::stream_output_access() {
  for (uint32_t i = 0; i < so_count_; ++i) {
    pipe::StreamOutputTarget* t = so_targets_[i];
    if (!t) continue;
    ResourceObject* o = driver_resource(t->buffer.get())->obj();
    barriers_.buffer_access(o->access, {VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT,
                                        VK_ACCESS_2_TRANSFORM_FEEDBACK_WRITE_BIT_EXT, VK_IMAGE_LAYOUT_UNDEFINED, true});
    mark_write(o);
    ResourceObject* c = driver_resource(t->counter.get())->obj();
    barriers_.buffer_access(c->access, {kCounterStages, kCounterAccess, VK_IMAGE_LAYOUT_UNDEFINED, true});
    mark_write(c);
  }
}

void VulkanContext::begin_stream_output(VkCommandBuffer cmd) {
  if (so_recording_ || so_count_ == 0 || !program_ || !program_->transform_feedback) return;
  std::array<VkBuffer, 4> buffers{}, counters{};
  std::array<VkDeviceSize, 4> offsets{}, sizes{}, counter_offsets{};
  for (uint32_t i = 0; i < so_count_; ++i) {
    pipe::StreamOutputTarget* t = so_targets_[i];
    // A gap in the bindings captures into the first target's range with
    // no data: Vulkan needs every binding up to the last filled.
    if (!t) t = so_targets_[0];
    if (!t) return;
    buffers[i] = driver_resource(t->buffer.get())->obj()->buffer;
    offsets[i] = t->offset;
    sizes[i] = t->size;
    counters[i] = t->counter_valid ? driver_resource(t->counter.get())->obj()->buffer : VK_NULL_HANDLE;
  }
  vkCmdBindTransformFeedbackBuffersEXT(cmd, 0, so_count_, buffers.data(), offsets.data(), sizes.data());
  vkCmdBeginTransformFeedbackEXT(cmd, 0, so_count_, counters.data(), counter_offsets.data());
  so_recording_ = true;
}

void VulkanContext::end_stream_output(VkCommandBuffer cmd) {
  if (!so_recording_) return;
  std::array<VkBuffer, 4> counters{};
  std::array<VkDeviceSize, 4> counter_offsets{};
  for (uint32_t i = 0; i < so_count_; ++i) {
    pipe::StreamOutputTarget* t = so_targets_[i] ? so_targets_[i] : so_targets_[0];
    counters[i] = driver_resource(t->counter.get())->obj()->buffer;
    t->counter_valid = true;
  }
  vkCmdEndTransformFeedbackEXT(cmd, 0, so_count_, counters.data(), counter_offsets.data());
  so_recording_ = false;
  // The next capture reads the counters: revalidate for the barrier.
  dirty_ |= kDirtyResources;
}

}  // namespace brass::driver
