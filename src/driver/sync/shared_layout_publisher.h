// Layout transitions of images that contexts on several rings read, made
// in a submission of their own at the moment a context first needs one.
//
// Each context records into its own batches, and an image's layout is
// tracked once, in its ResourceObject. When two contexts start sampling an
// image that a third rendered (the share-group pattern: one context draws
// a texture, others composite it), the first of them would record the
// transition into its batch and every later one would see the new layout
// and record nothing; if a later one's batch reached the queue first, it
// would sample the image in the old layout (the validation layer reports
// InvalidImageLayout at vkQueueSubmit2). GL allows those concurrent
// reads without any synchronization between the readers.
//
// So a read that needs a transition of an object another ring used, and
// this ring has not used in the batch it records, is not recorded in the
// batch: publish() records it into a command buffer of its own and submits
// it on the queue right away, before it returns. Every batch that sees the
// new layout is submitted after it, and the barrier's second scope (every
// later command in submission order on the queue) covers their reads; its
// first scope covers every earlier submission, the writer's included, which
// GL's rules (a fence or glFinish between writer and readers) put on the
// queue before any reader samples. The submission is not waited for.
#pragma once
#include <cstdint>
#include <mutex>
#include <vector>

#include "device/command_pool.h"
#include "device/handle.h"
#include "driver/barrier/barrier_batch.h"
#include "driver/resource/resource_object.h"

namespace brass::driver {

class SharedLayoutPublisher {
 public:
  SharedLayoutPublisher(vk::Device& device, bool synchronization2);
  ~SharedLayoutPublisher();
  SharedLayoutPublisher(const SharedLayoutPublisher&) = delete;
  SharedLayoutPublisher& operator=(const SharedLayoutPublisher&) = delete;

  // Makes `req` (a read) of `range` of image `o` in a submission of its
  // own; `o`'s state then says so, as if the barrier were in every later
  // batch. The caller holds o's access lock (SharedAccess).
  [[nodiscard]] vk::Status publish(ResourceObject* o, const AccessRequest& req, const VkImageSubresourceRange& range);

  // Transitions published so far (tests; BRASS_STATS sync.published_layouts).
  uint64_t published() const;

 private:
  // A command buffer with the fence of its last submission.
  struct Slot {
    vk::CommandPool pool;
    vk::Handle<VkFence> done;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    bool pending = false;
  };
  [[nodiscard]] vk::Status acquire(Slot** out);

  vk::Device& device_;
  mutable std::mutex mutex_;
  BarrierBatch barriers_;
  std::vector<Slot> slots_;
  uint64_t published_ = 0;
};

}  // namespace brass::driver
