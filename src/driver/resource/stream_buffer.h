// Host-visible memory streamed per batch: user constant data, staging for
// uploads and readbacks. Chunks are large VkBuffers handed out linearly;
// a filled chunk is retired with the serial of the batch that used it and
// reused once that batch has completed, so steady state allocates nothing.
#pragma once
#include <cstdint>
#include <vector>
#include "device/device.h"

namespace brass::driver {

class BatchRing;

struct StreamAllocation {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize offset = 0;
  uint8_t* ptr = nullptr;
};

class StreamBuffer {
 public:
  static constexpr VkDeviceSize kChunkSize = 4u << 20;

  StreamBuffer(vk::Device& device, BatchRing& ring) : device_(device), ring_(ring) {}
  ~StreamBuffer();
  StreamBuffer(const StreamBuffer&) = delete;
  StreamBuffer& operator=(const StreamBuffer&) = delete;

  // `size` bytes aligned to `alignment`; `tail` extra bytes must also fit
  // in the chunk after them (dynamic uniform descriptors read a fixed range).
  vk::Status allocate(VkDeviceSize size, VkDeviceSize alignment, StreamAllocation* out, VkDeviceSize tail = 0);

  // Flushes what the CPU wrote (non-coherent memory); called before submit.
  void flush_writes();
  // Invalidate for reading what the GPU wrote at `a`.
  void invalidate(const StreamAllocation& a, VkDeviceSize size);

 private:
  struct Chunk {
    VkBuffer buffer = VK_NULL_HANDLE;
    vk::Allocation memory;
    VkDeviceSize size = 0;
    uint64_t last_serial = 0;
  };
  vk::Status new_chunk(VkDeviceSize size, Chunk* out);

  vk::Device& device_;
  BatchRing& ring_;
  std::vector<Chunk> chunks_;  // retired chunks, oldest first
  Chunk current_;
  VkDeviceSize used_ = 0;
  VkDeviceSize flushed_ = 0;
};

}  // namespace brass::driver
