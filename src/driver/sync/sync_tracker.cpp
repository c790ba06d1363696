#include "driver/sync/sync_tracker.h"

#include "driver/render_pass/render_pass_cache.h"
#include "driver/screen.h"
#include "util/log.h"

namespace brass::driver {

SyncTracker::SyncTracker(VulkanScreen& screen, BatchRing& ring, bool synchronization2)
    : screen_(screen), ring_(ring), barriers_(synchronization2) {}

void SyncTracker::mark(GpuUsage& u, bool write) {
  ring_.note_use();
  u.mark(ring_.id(), ring_.current_serial(), write);
}

bool SyncTracker::used_this_batch(const ResourceObject* o) const {
  return o->usage.ring_id() == ring_.id() && o->usage.last_serial() == ring_.current_serial();
}

bool SyncTracker::written_this_batch(const ResourceObject* o) const {
  return o->usage.ring_id() == ring_.id() && o->usage.write_serial() == ring_.current_serial();
}

bool SyncTracker::busy(const ResourceObject* o, bool writes_only) {
  if (!o->usage.used()) return false;
  const uint64_t serial = writes_only ? o->usage.write_serial() : o->usage.last_serial();
  if (!serial) return false;
  if (o->usage.ring_id() == ring_.id()) return !ring_.is_complete(serial);
  // Another context's batches: only their timeline is touched from here.
  Ref<Timeline> t = screen_.timeline(o->usage.ring_id());
  return t && !t->reached(serial);  // no timeline: that context is gone, and its batches finished
}

bool SyncTracker::wait_needs_submit(const ResourceObject* o, bool writes_only) const {
  const uint64_t serial = writes_only ? o->usage.write_serial() : o->usage.last_serial();
  return o->usage.ring_id() == ring_.id() && serial >= ring_.current_serial();
}

vk::Status SyncTracker::wait(const ResourceObject* o, bool writes_only) {
  if (!busy(o, writes_only)) return {};
  const uint64_t serial = writes_only ? o->usage.write_serial() : o->usage.last_serial();
  if (o->usage.ring_id() == ring_.id()) return ring_.wait(serial);
  Ref<Timeline> t = screen_.timeline(o->usage.ring_id());
  if (!t) return {};
  const VkResult r = t->wait(serial, UINT64_MAX);
  return vk::Status{r == VK_TIMEOUT ? VK_ERROR_UNKNOWN : r};
}

bool SyncTracker::publish_shared_read(ResourceObject* o, const AccessRequest& req,
                                      const VkImageSubresourceRange& range) {
  const uint32_t last_ring = o->usage.ring_id();
  if (last_ring == 0 || (last_ring == ring_.id() && !o->usage.several_rings()) || used_this_batch(o)) return false;
  bool transition = false;
  const uint32_t levels = range.levelCount == VK_REMAINING_MIP_LEVELS ? o->levels.level_count - range.baseMipLevel
                                                                      : range.levelCount;
  for (uint32_t l = range.baseMipLevel; l < range.baseMipLevel + levels && !transition; ++l)
    transition = o->levels.level(l).layout != req.layout;
  if (!transition) return false;
  // Every batch that used the object must be on the queue before the
  // transition (GL: a fence or glFinish orders the writer before readers).
  if (last_ring == ring_.id()) {
    if (o->usage.last_serial() >= ring_.current_serial()) return false;
  } else if (Ref<Timeline> t = screen_.timeline(last_ring); t && t->submitted() < o->usage.last_serial()) {
    return false;
  }
  // Readable by every stage of its kind at once: the readers after it need
  // no barrier.
  AccessRequest all = req;
  if (req.access & VK_ACCESS_2_SHADER_SAMPLED_READ_BIT)
    all.stages |= VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
  if (req.access & VK_ACCESS_2_TRANSFER_READ_BIT) all.stages |= VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  if (vk::Status s = screen_.layout_publisher().publish(o, all, range); !s) {
    BRASS_WARN("publishing a shared image's layout failed (%s): recorded in the batch",
               vk::result_string(s.result));
    return false;
  }
  return true;
}

void SyncTracker::image_read(ResourceObject* o, const AccessRequest& req, const VkImageSubresourceRange& range) {
  const SharedAccess shared(o, ring_.id());
  if (shared.other_rings()) static_cast<void>(publish_shared_read(o, req, range));
  barriers_.image_access(o->levels, req, o->image, range);
}

bool SyncTracker::can_reorder_transfer(const ResourceObject* dst, const ResourceObject* src) const {
  return !used_this_batch(dst) &&
         (!src || src->usage.ring_id() != ring_.id() || src->usage.write_serial() != ring_.current_serial());
}

void SyncTracker::release_after_upload(ResourceObject* o, VkCommandBuffer upload) {
  AccessRequest req;
  req.write = false;
  req.stages = VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT | VK_PIPELINE_STAGE_2_TRANSFER_BIT;
  req.access = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_SHADER_SAMPLED_READ_BIT | VK_ACCESS_2_UNIFORM_READ_BIT |
               VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_INDEX_READ_BIT |
               VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_TRANSFER_READ_BIT |
               VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT;
  if (o->is_buffer()) {
    barriers_.buffer_access(o->access, req);
  } else {
    req.layout = sampled_layout(o->aspect);
    req.stages = VK_PIPELINE_STAGE_2_ALL_GRAPHICS_BIT;
    req.access = VK_ACCESS_2_SHADER_SAMPLED_READ_BIT;
    barriers_.image_access(o->levels, req, o->image, {o->aspect, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS});
  }
  barriers_.emit(upload);
}

}  // namespace brass::driver
