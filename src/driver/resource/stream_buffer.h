// Host-visible memory streamed per batch: user constant data, staging for
// uploads and readbacks, and (a second instance) the descriptor buffer of
// VK_EXT_descriptor_buffer. Chunks are large VkBuffers handed out linearly;
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
  VkDeviceAddress chunk_address = 0;  // of the chunk's start; 0 unless Config::device_address
};

class StreamBuffer {
 public:
  struct Config {
    VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                               VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
                               VK_BUFFER_USAGE_INDEX_BUFFER_BIT;
    vk::MemoryUsage memory = vk::MemoryUsage::Readback;  // cached: staging is read back too
    VkDeviceSize chunk_size = 4u << 20;
    // Chunks get VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT and their address.
    bool device_address = false;
    // Chunk start alignment beyond the buffer's own requirement.
    VkDeviceSize min_alignment = 0;
  };

  StreamBuffer(vk::Device& device, BatchRing& ring, const Config& config)
      : device_(device), ring_(ring), config_(config) {}
  ~StreamBuffer();
  StreamBuffer(const StreamBuffer&) = delete;
  StreamBuffer& operator=(const StreamBuffer&) = delete;

  // `size` bytes aligned to `alignment`; `tail` extra bytes must also fit
  // in the chunk after them (dynamic uniform descriptors read a fixed range).
  vk::Status allocate(VkDeviceSize size, VkDeviceSize alignment, StreamAllocation* out, VkDeviceSize tail = 0);

  // Flushes what the CPU wrote (non-coherent memory); called before submit.
  vk::Status flush_writes();
  // Invalidate for reading what the GPU wrote at `a`.
  vk::Status invalidate(const StreamAllocation& a, VkDeviceSize size);

 private:
  struct Chunk {
    VkBuffer buffer = VK_NULL_HANDLE;
    vk::Allocation memory;
    VkDeviceSize size = 0;
    VkDeviceAddress address = 0;
    uint64_t last_serial = 0;
  };
  vk::Status new_chunk(VkDeviceSize size, Chunk* out);

  vk::Device& device_;
  BatchRing& ring_;
  Config config_;
  std::vector<Chunk> chunks_;  // retired chunks, oldest first
  Chunk current_;
  VkDeviceSize used_ = 0;
  VkDeviceSize flushed_ = 0;
};

}  // namespace brass::driver
