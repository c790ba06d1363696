// CPU <-> GPU data of the context: buffer and texture uploads, map/unmap
// (direct for idle buffers, staged through the stream buffer otherwise, a
// storage rename for discarded busy buffers), readbacks with format
// conversion. Which command stream a copy goes to, the submits and waits
// and the storage renames are the context's (TransferHost).
#pragma once
#include <array>
#include <cstdint>

#include "driver/batch/batch_ring.h"
#include "driver/batch/submit_reason.h"
#include "driver/resource/resource.h"
#include "driver/resource/stream_buffer.h"
#include "driver/sync/sync_tracker.h"
#include "pipe/context.h"

namespace brass::driver {

// What CpuTransfers needs from the coordinator.
class TransferHost {
 public:
  virtual bool failed() const = 0;
  // Records the first failure of the context.
  virtual void fail(vk::Status s) = 0;
  // The stream a transfer writing dst (reading src) goes to; *upload when
  // it is the upload stream.
  virtual VkCommandBuffer transfer_stream(ResourceObject* dst, ResourceObject* src, bool* upload) = 0;
  // The main stream after the open pass ended: a readback follows what it drew.
  virtual VkCommandBuffer readback_stream() = 0;
  [[nodiscard]] virtual vk::Status wait_for(ResourceObject* o, bool writes_only) = 0;
  [[nodiscard]] virtual vk::Status submit(SubmitReason reason) = 0;
  // r gets fresh storage; whatever was bound to the old one is bound again.
  virtual void swap_storage(Resource* r) = 0;

 protected:
  ~TransferHost() = default;
};

class CpuTransfers {
 public:
  CpuTransfers(TransferHost& host, vk::Device& device, BatchRing& ring, SyncTracker& sync, StreamBuffer& stream);

  void buffer_subdata(pipe::Resource* r, uint32_t usage, uint64_t offset, uint64_t size, const void* data);
  void texture_subdata(pipe::Resource* r, uint32_t level, uint32_t usage, const pipe::Box& box, const void* data,
                       uint32_t stride, uint32_t layer_stride);
  void* map(pipe::Resource* r, uint32_t level, uint32_t usage, const pipe::Box& box, pipe::Transfer** transfer);
  void flush_region(pipe::Transfer* transfer, const pipe::Box& box);
  void unmap(pipe::Transfer* transfer);

  // A buffer-to-buffer copy on the stream the host chooses.
  [[nodiscard]] vk::Status copy_buffer(ResourceObject* dst, uint64_t dst_offset, VkBuffer src, uint64_t src_offset,
                                       uint64_t size, ResourceObject* src_obj);

 private:
  [[nodiscard]] vk::Status upload_image(Resource* r, uint32_t level, const pipe::Box& box, const void* data,
                                        uint32_t stride, uint32_t layer_stride);

  TransferHost& host_;
  vk::Device& device_;
  BatchRing& ring_;
  SyncTracker& sync_;
  StreamBuffer& stream_;

  // Maps in progress; a fixed pool, so mapping allocates nothing.
  struct Slot : pipe::Transfer {
    bool in_use = false;
    Ref<pipe::Resource> ref;
    StreamAllocation staging;
    uint64_t staging_size = 0;
    bool staged = false;
  };
  std::array<Slot, 16> slots_{};
};

}  // namespace brass::driver
