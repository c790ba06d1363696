#include "device/memory_allocator.h"

#include <algorithm>
#include <bit>

#include "util/log.h"
#include "util/range.h"
#include "util/stats.h"

namespace brass::vk {

namespace {
StatCounter g_vk_allocate_memory("memory.vkAllocateMemory");
StatCounter g_suballocations("memory.suballocations");

constexpr VkDeviceSize kMinSlabSlot = 256;
constexpr uint32_t kSlotsPerSlab = 64;
constexpr int kSizeClasses = 9;  // 256 B .. 64 KiB

int size_class(VkDeviceSize size) {
  const VkDeviceSize slot = std::max(kMinSlabSlot, std::bit_ceil(size));
  return std::countr_zero(slot) - std::countr_zero(kMinSlabSlot);
}
}  // namespace

// One carved-up VkDeviceMemory.
struct MemoryBlock {
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void* mapped = nullptr;
  RangeAllocator ranges;
  explicit MemoryBlock(VkDeviceSize size) : ranges(size) {}
};

struct Slab {
  MemoryBlock* block;
  VkDeviceSize offset;  // of slot 0 within the block
  SlabAllocator slots;
};

struct MemoryAllocator::Pool {
  std::vector<std::unique_ptr<MemoryBlock>> blocks;
  std::vector<Slab> slabs;                                 // index is stable: slabs are never erased
  std::array<std::vector<uint32_t>, kSizeClasses> partial;  // slabs per class with free slots
};

MemoryAllocator::MemoryAllocator(VkDevice device, VkPhysicalDevice physical_device,
                                 VkDeviceSize non_coherent_atom_size, const MemoryAllocatorConfig& config)
    : device_(device), atom_size_(std::max<VkDeviceSize>(1, non_coherent_atom_size)), config_(config) {
  vkGetPhysicalDeviceMemoryProperties(physical_device, &props_);
  pools_.resize(props_.memoryTypeCount * 2);
  for (auto& p : pools_) p = std::make_unique<Pool>();
  // Small heaps (integrated or software devices) get proportionally smaller blocks.
  for (uint32_t h = 0; h < props_.memoryHeapCount; ++h) {
    if (props_.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
      config_.block_size = std::min(config_.block_size, std::bit_floor(props_.memoryHeaps[h].size / 8));
  }
  config_.block_size = std::max<VkDeviceSize>(config_.block_size, 1ull << 20);
}

MemoryAllocator::~MemoryAllocator() {
  for (auto& pool : pools_)
    for (auto& b : pool->blocks) free_device_memory(b->memory, b->ranges.capacity());
  if (stats_.live_allocations)
    BRASS_WARN("memory allocator destroyed with %llu live allocations",
               static_cast<unsigned long long>(stats_.live_allocations));
}

int MemoryAllocator::choose_memory_type(uint32_t type_bits, MemoryUsage usage) const {
  VkMemoryPropertyFlags required = 0, preferred = 0, avoided = 0;
  switch (usage) {
    case MemoryUsage::GpuOnly:
      preferred = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
      avoided = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
      break;
    case MemoryUsage::Upload:
      required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
      preferred = VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      avoided = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;  // keep scarce BAR memory for Dynamic
      break;
    case MemoryUsage::Readback:
      required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
      preferred = VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
      break;
    case MemoryUsage::Dynamic:
      required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
      preferred = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      break;
    case MemoryUsage::Coherent:
      // Every device has such a type (Vulkan 1.3 §11.2.1).
      required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      preferred = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
      break;
  }
  int best = -1, best_score = -1;
  for (uint32_t i = 0; i < props_.memoryTypeCount; ++i) {
    if (!(type_bits & (1u << i))) continue;
    const VkMemoryPropertyFlags f = props_.memoryTypes[i].propertyFlags;
    if ((f & required) != required) continue;
    if (f & VK_MEMORY_PROPERTY_PROTECTED_BIT) continue;
    const int score = std::popcount(f & preferred) * 4 + (f & avoided ? 0 : 2);
    if (score > best_score) {
      best = static_cast<int>(i);
      best_score = score;
    }
  }
  return best;
}

Status MemoryAllocator::allocate_device_memory(VkDeviceSize size, uint32_t type, const MemoryRequest* dedicated,
                                               VkDeviceMemory* memory, void** mapped) {
  if (config_.budget && stats_.bytes_reserved + size > config_.budget) {
    return Status{VK_ERROR_OUT_OF_DEVICE_MEMORY};
  }
  // Larger than the heap: out of memory without asking (an allocation past
  // the heap's size is invalid Vulkan usage, VUID-vkAllocateMemory-pAllocateInfo-01713).
  if (type >= props_.memoryTypeCount || size > props_.memoryHeaps[props_.memoryTypes[type].heapIndex].size) {
    return Status{VK_ERROR_OUT_OF_DEVICE_MEMORY};
  }
  VkMemoryAllocateInfo info{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  info.allocationSize = size;
  info.memoryTypeIndex = type;
  VkMemoryDedicatedAllocateInfo dedicated_info{VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO};
  VkMemoryAllocateFlagsInfo flags{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
  const void** tail = &info.pNext;
  if (dedicated) {
    dedicated_info.buffer = dedicated->dedicated_buffer;
    dedicated_info.image = dedicated->dedicated_image;
    if (dedicated_info.buffer || dedicated_info.image) {
      *tail = &dedicated_info;
      tail = &dedicated_info.pNext;
    }
  }
  // Shared blocks may hold any buffer, including descriptor buffers that need
  // a device address, so on devices with buffer device address every block
  // is created address-capable.
  const bool want_address = dedicated ? dedicated->device_address : config_.buffer_device_address;
  if (want_address) {
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    *tail = &flags;
  }
  g_vk_allocate_memory.add();
  VkResult r = vkAllocateMemory(device_, &info, nullptr, memory);
  if (r != VK_SUCCESS) return Status{r};
  *mapped = nullptr;
  if (props_.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) {
    r = vkMapMemory(device_, *memory, 0, VK_WHOLE_SIZE, 0, mapped);
    if (r != VK_SUCCESS) {
      vkFreeMemory(device_, *memory, nullptr);
      *memory = VK_NULL_HANDLE;
      return Status{r};
    }
  }
  ++stats_.device_memory_objects;
  stats_.bytes_reserved += size;
  return {};
}

void MemoryAllocator::free_device_memory(VkDeviceMemory memory, VkDeviceSize size) {
  vkFreeMemory(device_, memory, nullptr);  // implicitly unmaps
  --stats_.device_memory_objects;
  stats_.bytes_reserved -= size;
}

Status MemoryAllocator::allocate_in_pool(Pool& pool, VkDeviceSize size, VkDeviceSize alignment, uint32_t type,
                                         Allocation* out) {
  for (auto& block : pool.blocks) {
    if (auto offset = block->ranges.allocate(size, alignment)) {
      out->memory = block->memory;
      out->offset = *offset;
      out->mapped = block->mapped ? static_cast<char*>(block->mapped) + *offset : nullptr;
      out->block = block.get();
      return {};
    }
  }
  const VkDeviceSize block_size = std::max(config_.block_size, std::bit_ceil(size));
  auto block = std::make_unique<MemoryBlock>(block_size);
  Status st = allocate_device_memory(block_size, type, nullptr, &block->memory, &block->mapped);
  if (!st) return st;
  ++stats_.blocks;
  const auto offset = block->ranges.allocate(size, alignment);
  BRASS_ASSERT(offset && *offset == 0);
  out->memory = block->memory;
  out->offset = offset.value_or(0);
  out->mapped = block->mapped;
  out->block = block.get();
  pool.blocks.push_back(std::move(block));
  return {};
}

Status MemoryAllocator::allocate_slab_slot(Pool& pool, VkDeviceSize size, VkDeviceSize alignment, uint32_t type,
                                           Allocation* out) {
  const VkDeviceSize slot_size = std::max({kMinSlabSlot, std::bit_ceil(size), std::bit_ceil(alignment)});
  const int cls = size_class(slot_size);
  auto& partial = pool.partial[cls];
  if (partial.empty()) {
    // Room first, so that a throw leaves nothing half made, and so that
    // free() never grows these lists: a class's partial list holds each of
    // its slabs at most once, fewer than the pool has.
    pool.slabs.reserve(pool.slabs.size() + 1);
    partial.reserve(pool.slabs.size() + 1);
    Allocation backing;
    Status st = allocate_in_pool(pool, slot_size * kSlotsPerSlab, slot_size, type, &backing);
    if (!st) return st;
    pool.slabs.push_back(Slab{backing.block, backing.offset, SlabAllocator(slot_size, kSlotsPerSlab)});
    partial.push_back(static_cast<uint32_t>(pool.slabs.size() - 1));
    ++stats_.slabs;
  }
  const uint32_t slab_index = partial.back();
  Slab& slab = pool.slabs[slab_index];
  const uint32_t slot = slab.slots.allocate().value_or(0);
  if (slab.slots.full()) partial.pop_back();
  out->memory = slab.block->memory;
  out->offset = slab.offset + slot * slot_size;
  out->mapped = slab.block->mapped ? static_cast<char*>(slab.block->mapped) + out->offset : nullptr;
  out->block = slab.block;
  out->slab = slab_index;
  out->slot = slot;
  out->kind = Allocation::Kind::Slab;
  return {};
}

Status MemoryAllocator::allocate_from_type(const MemoryRequest& request, uint32_t type, Allocation* out) {
  const VkDeviceSize size = request.requirements.size;
  const VkDeviceSize alignment = std::max<VkDeviceSize>(1, request.requirements.alignment);
  *out = Allocation{};
  out->memory_type = type;
  out->size = size;
  out->coherent = props_.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;

  const bool dedicated = request.dedicated || (!request.linear && size >= config_.dedicated_threshold) ||
                         size > config_.block_size / 2;
  if (dedicated) {
    void* mapped = nullptr;
    Status st = allocate_device_memory(size, type, &request, &out->memory, &mapped);
    if (!st) return st;
    out->mapped = mapped;
    out->kind = Allocation::Kind::Dedicated;
    ++stats_.dedicated_allocations;
    return {};
  }
  Pool& pool = *pools_[type * 2 + (request.linear ? 0 : 1)];
  if (request.linear && size <= config_.slab_max_size && alignment <= config_.slab_max_size) {
    return allocate_slab_slot(pool, size, alignment, type, out);
  }
  Status st = allocate_in_pool(pool, size, alignment, type, out);
  if (st) out->kind = Allocation::Kind::Block;
  return st;
}

Status MemoryAllocator::allocate(const MemoryRequest& request, Allocation* out) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (request.requirements.size == 0) {
    ++stats_.failed_allocations;
    return Status{VK_ERROR_OUT_OF_DEVICE_MEMORY};
  }
  uint32_t candidates = request.requirements.memoryTypeBits;
  // Try the best type, then fall back to the next-best ones (e.g. host memory
  // when device-local memory is exhausted).
  while (candidates) {
    const int type = choose_memory_type(candidates, request.usage);
    if (type < 0) break;
    Status st = allocate_from_type(request, static_cast<uint32_t>(type), out);
    if (st) {
      ++stats_.live_allocations;
      stats_.bytes_in_use += request.requirements.size;
      g_suballocations.add();
      return st;
    }
    if (!st.out_of_memory()) {
      ++stats_.failed_allocations;
      return st;
    }
    candidates &= ~(1u << type);
  }
  ++stats_.failed_allocations;
  *out = Allocation{};
  return Status{VK_ERROR_OUT_OF_DEVICE_MEMORY};
}

void MemoryAllocator::free(Allocation& a) {
  if (a.kind == Allocation::Kind::None) return;
  std::lock_guard<std::mutex> lock(mutex_);
  --stats_.live_allocations;
  stats_.bytes_in_use -= a.size;
  const uint32_t type = a.memory_type;
  switch (a.kind) {
    case Allocation::Kind::Dedicated:
      free_device_memory(a.memory, a.size);
      --stats_.dedicated_allocations;
      break;
    case Allocation::Kind::Block:
      a.block->ranges.free(a.offset, a.size);
      break;
    case Allocation::Kind::Slab: {
      Pool& pool = *pools_[type * 2];  // slabs are linear-only
      Slab& slab = pool.slabs[a.slab];
      const bool was_full = slab.slots.full();
      slab.slots.free(a.slot);
      if (was_full) pool.partial[size_class(slab.slots.slot_size())].push_back(a.slab);
      break;
    }
    case Allocation::Kind::None: break;
  }
  a = Allocation{};
}

Status MemoryAllocator::flush(const Allocation& a, VkDeviceSize offset, VkDeviceSize size) {
  if (a.coherent || !a.memory) return {};
  VkMappedMemoryRange range{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
  range.memory = a.memory;
  const VkDeviceSize begin = (a.offset + offset) / atom_size_ * atom_size_;
  range.offset = begin;
  range.size = align_up(a.offset + offset + size, atom_size_) - begin;
  return Status{vkFlushMappedMemoryRanges(device_, 1, &range)};
}

Status MemoryAllocator::invalidate(const Allocation& a, VkDeviceSize offset, VkDeviceSize size) {
  if (a.coherent || !a.memory) return {};
  VkMappedMemoryRange range{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
  range.memory = a.memory;
  const VkDeviceSize begin = (a.offset + offset) / atom_size_ * atom_size_;
  range.offset = begin;
  range.size = align_up(a.offset + offset + size, atom_size_) - begin;
  return Status{vkInvalidateMappedMemoryRanges(device_, 1, &range)};
}

MemoryStats MemoryAllocator::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

}  // namespace brass::vk
