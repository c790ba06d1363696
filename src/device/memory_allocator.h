// Device-memory suballocator. Three tiers:
//  - slabs: size-classed slots (256 B .. 64 KiB) for small buffers, so many
//    tiny uniform/vertex buffers cost one bit each, not one VkDeviceMemory;
//  - blocks: large VkDeviceMemory per memory type (and per linear/optimal
//    tiling, which keeps bufferImageGranularity out of the picture), carved
//    best-fit by a RangeAllocator;
//  - dedicated: one VkDeviceMemory for large images and whatever the driver
//    asks to be dedicated.
// Host-visible memory is mapped once per VkDeviceMemory and stays mapped.
// Failure is a returned VkResult (GL_OUT_OF_MEMORY upstairs), never a crash.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "device/range_allocator.h"
#include "device/vk.h"

namespace brass::vk {

enum class MemoryUsage : uint8_t {
  GpuOnly,   // device local; never mapped
  Upload,    // host visible, written by the CPU, read by the GPU (staging, streaming)
  Readback,  // host visible and cached, written by the GPU, read by the CPU
  Dynamic,   // host visible, preferably device local too (persistently mapped buffers)
  Coherent,  // host visible and coherent, preferably device local: maps that stay
             // valid while the GPU works need no flush (GL_MAP_COHERENT_BIT)
};

struct MemoryRequest {
  VkMemoryRequirements requirements{};
  MemoryUsage usage = MemoryUsage::GpuOnly;
  bool linear = true;              // buffers and linear images; false for optimal-tiling images
  bool dedicated = false;          // the driver prefers or requires a dedicated allocation
  VkBuffer dedicated_buffer = VK_NULL_HANDLE;  // for VkMemoryDedicatedAllocateInfo
  VkImage dedicated_image = VK_NULL_HANDLE;
  bool device_address = false;     // buffer will be used with vkGetBufferDeviceAddress
};

struct MemoryBlock;

struct Allocation {
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize offset = 0;
  VkDeviceSize size = 0;
  void* mapped = nullptr;          // host pointer to `offset` when host visible
  uint32_t memory_type = 0;
  bool coherent = true;
  // Bookkeeping for free().
  enum class Kind : uint8_t { None, Dedicated, Block, Slab } kind = Kind::None;
  MemoryBlock* block = nullptr;
  uint32_t slab = 0, slot = 0;

  explicit operator bool() const { return memory != VK_NULL_HANDLE; }
};

struct MemoryStats {
  uint64_t device_memory_objects = 0;   // live VkDeviceMemory
  uint64_t bytes_reserved = 0;          // sum of their sizes
  uint64_t bytes_in_use = 0;            // handed out to callers
  uint64_t live_allocations = 0;
  uint64_t dedicated_allocations = 0;
  uint64_t blocks = 0;
  uint64_t slabs = 0;
  uint64_t failed_allocations = 0;
};

struct MemoryAllocatorConfig {
  VkDeviceSize block_size = 64ull << 20;
  VkDeviceSize dedicated_threshold = 16ull << 20;  // images at least this large go dedicated
  VkDeviceSize slab_max_size = 64 << 10;           // largest slab slot
  // Simulated device-memory limit (0 = none); lets tests reach out-of-memory.
  VkDeviceSize budget = 0;
  // Create shared blocks with VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT (set when
  // the device enables bufferDeviceAddress).
  bool buffer_device_address = false;
};

class MemoryAllocator {
 public:
  MemoryAllocator(VkDevice device, VkPhysicalDevice physical_device, VkDeviceSize non_coherent_atom_size,
                  const MemoryAllocatorConfig& config = {});
  ~MemoryAllocator();
  MemoryAllocator(const MemoryAllocator&) = delete;
  MemoryAllocator& operator=(const MemoryAllocator&) = delete;

  Status allocate(const MemoryRequest& request, Allocation* out);
  void free(Allocation& allocation);

  // For non-coherent host-visible memory; no-ops on coherent memory.
  Status flush(const Allocation& a, VkDeviceSize offset, VkDeviceSize size);
  Status invalidate(const Allocation& a, VkDeviceSize offset, VkDeviceSize size);

  MemoryStats stats() const;
  // Memory type Brass picks for a usage and type mask; -1 if none fits.
  int choose_memory_type(uint32_t type_bits, MemoryUsage usage) const;
  const VkPhysicalDeviceMemoryProperties& memory_properties() const { return props_; }

 private:
  struct Pool;  // blocks of one memory type and tiling class
  Status allocate_device_memory(VkDeviceSize size, uint32_t type, const MemoryRequest* dedicated,
                                VkDeviceMemory* memory, void** mapped);
  void free_device_memory(VkDeviceMemory memory, VkDeviceSize size);
  Status allocate_from_type(const MemoryRequest& request, uint32_t type, Allocation* out);
  Status allocate_in_pool(Pool& pool, VkDeviceSize size, VkDeviceSize alignment, uint32_t type, Allocation* out);
  Status allocate_slab_slot(Pool& pool, VkDeviceSize size, VkDeviceSize alignment, uint32_t type, Allocation* out);

  VkDevice device_;
  VkPhysicalDeviceMemoryProperties props_{};
  VkDeviceSize atom_size_;
  MemoryAllocatorConfig config_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Pool>> pools_;  // index: type * 2 + (linear ? 0 : 1)
  MemoryStats stats_;
};

}  // namespace brass::vk
