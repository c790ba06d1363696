// What the GPU does with the resources this context uses: which batch read
// or wrote an object last (its GpuUsage), whether it is still busy, which
// barrier an access needs (the BarrierBatch collects them), and the CPU
// waits. It decides nothing about render passes or submits: the context
// asks it ("does this wait need my open batch submitted first?", "may this
// transfer go to the upload stream?") and coordinates.
#pragma once
#include <cstdint>

#include "driver/barrier/barrier_batch.h"
#include "driver/batch/batch_ring.h"
#include "driver/batch/gpu_usage.h"
#include "driver/resource/resource_object.h"

namespace brass::driver {

class VulkanScreen;

class SyncTracker {
 public:
  SyncTracker(VulkanScreen& screen, BatchRing& ring, bool synchronization2);

  BarrierBatch& barriers() { return barriers_; }
  uint32_t ring_id() const { return ring_.id(); }

  // Records use by the batch being recorded.
  void mark(GpuUsage& u, bool write);
  void mark_read(ResourceObject* o) { mark(o->usage, false); }
  void mark_write(ResourceObject* o) { mark(o->usage, true); }

  // Used (read or written) by the batch being recorded.
  bool used_this_batch(const ResourceObject* o) const;
  // Written by the batch being recorded.
  bool written_this_batch(const ResourceObject* o) const;
  // Used (or, with writes_only, written) by a batch the GPU has not finished.
  bool busy(const ResourceObject* o, bool writes_only);
  // A CPU wait for `o` must first submit this context's open batch.
  bool wait_needs_submit(const ResourceObject* o, bool writes_only) const;
  // Waits for the batch that last used (wrote) `o`; it must be submitted.
  vk::Status wait(const ResourceObject* o, bool writes_only);

  // A transfer writing dst (reading src) may be reordered before this
  // batch's main stream (into the upload stream): neither was touched by it.
  bool can_reorder_transfer(const ResourceObject* dst, const ResourceObject* src) const;
  // After an upload-stream write, leave the object readable by any later
  // main-stream command of this batch without another barrier.
  void release_after_upload(ResourceObject* o, VkCommandBuffer upload);

  // A sampled read of image `o` (its access lock held: SharedAccess) that
  // needs a layout transition while contexts on other rings may read it
  // too: the transition goes to the queue now, in a submission of its own
  // (shared_layout_publisher.h), rather than into this batch. False when it
  // is this batch's to record: the object is this ring's alone, this batch
  // used it already, its last user's batch is not on the queue yet (the
  // application did not synchronize), or the submission failed (logged).
  bool publish_shared_read(ResourceObject* o, const AccessRequest& req, const VkImageSubresourceRange& range);

  // Bumped when a resource is written outside a draw: the next draw must
  // check its resources' barriers again even if no binding changed.
  void note_write_outside_draw() { ++write_epoch_; }
  uint64_t write_epoch() const { return write_epoch_; }

 private:

  VulkanScreen& screen_;
  BatchRing& ring_;
  BarrierBatch barriers_;
  uint64_t write_epoch_ = 1;
};

}  // namespace brass::driver
