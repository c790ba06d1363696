#include "driver/stream_output/stream_output.h"

#include <algorithm>

#include "device/capabilities.h"
#include "driver/resource/resource.h"
#include "driver/screen.h"

namespace brass::driver {

namespace {
constexpr VkPipelineStageFlags2 kCounterStages =
    VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT | VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT;
constexpr VkAccessFlags2 kCounterAccess =
    VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_READ_BIT_EXT | VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT;
}  // namespace

uint32_t vertex_streams(const vk::Capabilities& c) {
  const bool streams = c.transform_feedback && c.geometry_shader && c.geometry_streams &&
                       c.transform_feedback_queries && c.transform_feedback_draw && c.primitives_generated_query &&
                       c.primitives_generated_with_discard && c.primitives_generated_nonzero_streams;
  return streams ? std::clamp<uint32_t>(c.max_transform_feedback_streams, 1, 4) : 1;
}

StreamOutput::StreamOutput(VulkanScreen& screen, SyncTracker& sync, RenderPassState& render_pass,
                           DrawDirty& dirty, bool supported)
    : screen_(screen), sync_(sync), render_pass_(render_pass), dirty_(dirty), supported_(supported) {}

pipe::StreamOutputTarget* StreamOutput::create_target(pipe::Resource* buffer, uint64_t offset, uint64_t size) {
  if (!supported_ || !buffer || !buffer->is_buffer()) return nullptr;
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

void StreamOutput::destroy_target(pipe::StreamOutputTarget* t) {
  if (!t) return;
  for (uint32_t i = 0; i < count_; ++i)
    if (targets_[i] == t) {
      // Unbinding keeps nothing alive: drop every target.
      set_targets({}, 0);
      break;
    }
  // The buffers are released through their references (retired by serial).
  delete t;
}

void StreamOutput::set_targets(std::span<pipe::StreamOutputTarget* const> targets, uint32_t append_mask) {
  // End capture with the pass: the counters it writes are read by the next
  // begin, which needs a barrier between the two.
  if (recording_) render_pass_.end(RenderPassEnd::StreamOutputPause);
  count_ = static_cast<uint32_t>(std::min<size_t>(targets.size(), targets_.size()));
  for (uint32_t i = 0; i < targets_.size(); ++i) {
    targets_[i] = i < count_ ? targets[i] : nullptr;
    if (targets_[i] && !(append_mask & (1u << i))) targets_[i]->counter_valid = false;
  }
  dirty_.mark(DrawState::Resources);
}

void StreamOutput::record_access() {
  for (uint32_t i = 0; i < count_; ++i) {
    pipe::StreamOutputTarget* t = targets_[i];
    if (!t) continue;
    ResourceObject* o = driver_resource(t->buffer.get())->obj();
    sync_.barriers().buffer_access(o->access, {VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT,
                                               VK_ACCESS_2_TRANSFORM_FEEDBACK_WRITE_BIT_EXT, VK_IMAGE_LAYOUT_UNDEFINED,
                                               true});
    sync_.mark_write(o);
    ResourceObject* c = driver_resource(t->counter.get())->obj();
    sync_.barriers().buffer_access(c->access, {kCounterStages, kCounterAccess, VK_IMAGE_LAYOUT_UNDEFINED, true});
    sync_.mark_write(c);
  }
}

void StreamOutput::record_counter_read(pipe::StreamOutputTarget* t) {
  ResourceObject* c = driver_resource(t->counter.get())->obj();
  // As a write: ordered after the capture's counter write and before the
  // next capture's, with the stages and accesses of both.
  sync_.barriers().buffer_access(c->access, {kCounterStages, kCounterAccess, VK_IMAGE_LAYOUT_UNDEFINED, true});
  sync_.mark_write(c);
}

pipe::StreamOutputTarget* StreamOutput::first_target() const {
  for (uint32_t i = 0; i < count_; ++i)
    if (targets_[i]) return targets_[i];
  return nullptr;
}

void StreamOutput::begin_capture(VkCommandBuffer cmd) {
  // A gap in the bindings (a buffer the program captures nothing to) is
  // bound to another target's range, which it writes nothing to, and has
  // no counter: Vulkan needs every binding up to the last filled.
  pipe::StreamOutputTarget* filler = first_target();
  if (!filler) return;
  std::array<VkBuffer, 4> buffers{}, counters{};
  std::array<VkDeviceSize, 4> offsets{}, sizes{}, counter_offsets{};
  for (uint32_t i = 0; i < count_; ++i) {
    pipe::StreamOutputTarget* t = targets_[i] ? targets_[i] : filler;
    buffers[i] = driver_resource(t->buffer.get())->obj()->buffer;
    offsets[i] = t->offset;
    sizes[i] = t->size;
    counters[i] = targets_[i] && t->counter_valid ? driver_resource(t->counter.get())->obj()->buffer : VK_NULL_HANDLE;
  }
  vkCmdBindTransformFeedbackBuffersEXT(cmd, 0, count_, buffers.data(), offsets.data(), sizes.data());
  vkCmdBeginTransformFeedbackEXT(cmd, 0, count_, counters.data(), counter_offsets.data());
  recording_ = true;
}

void StreamOutput::end(VkCommandBuffer cmd) {
  if (!recording_) return;
  std::array<VkBuffer, 4> counters{};
  std::array<VkDeviceSize, 4> counter_offsets{};
  for (uint32_t i = 0; i < count_; ++i) {
    pipe::StreamOutputTarget* t = targets_[i];
    if (!t) continue;  // a gap keeps no count
    counters[i] = driver_resource(t->counter.get())->obj()->buffer;
    t->counter_valid = true;
  }
  vkCmdEndTransformFeedbackEXT(cmd, 0, count_, counters.data(), counter_offsets.data());
  recording_ = false;
  // The next capture reads the counters: revalidate for the barrier.
  dirty_.mark(DrawState::Resources);
}

}  // namespace brass::driver
