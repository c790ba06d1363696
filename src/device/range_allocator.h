// Offset allocator over [0, capacity): best-fit on a size-ordered index of
// free ranges, coalescing on free. Pure bookkeeping (no Vulkan), used for the
// blocks of device memory the suballocator carves up.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace brass::vk {

class RangeAllocator {
 public:
  explicit RangeAllocator(uint64_t capacity);

  // Returns the offset of `size` bytes aligned to `alignment` (a power of
  // two), or nullopt when no free range fits.
  std::optional<uint64_t> allocate(uint64_t size, uint64_t alignment);
  // Frees exactly what allocate(size) returned at `offset`. Never throws:
  // without memory for the free index the range stays unusable until the
  // allocator is empty (allocate throws std::bad_alloc instead).
  void free(uint64_t offset, uint64_t size);

  uint64_t capacity() const { return capacity_; }
  uint64_t used() const { return used_; }
  bool empty() const { return used_ == 0; }
  uint64_t largest_free() const;
  size_t free_range_count() const { return by_offset_.size(); }

 private:
  void insert_free(uint64_t offset, uint64_t size);
  void erase_free(std::map<uint64_t, uint64_t>::iterator it);

  uint64_t capacity_;
  uint64_t used_ = 0;
  uint64_t unindexed_ = 0;  // freed bytes whose index nodes could not be allocated
  std::map<uint64_t, uint64_t> by_offset_;    // offset -> size
  std::multimap<uint64_t, uint64_t> by_size_; // size -> offset
};

// Fixed-size slots in one slab, tracked by a bitmap. Slot size and count are
// set at construction; the slab itself lives inside a block range.
class SlabAllocator {
 public:
  SlabAllocator(uint64_t slot_size, uint32_t slot_count);
  std::optional<uint32_t> allocate();  // slot index
  void free(uint32_t slot);
  bool full() const { return used_ == slot_count_; }
  bool empty() const { return used_ == 0; }
  uint32_t used() const { return used_; }
  uint32_t slot_count() const { return slot_count_; }
  uint64_t slot_size() const { return slot_size_; }

 private:
  uint64_t slot_size_;
  uint32_t slot_count_;
  uint32_t used_ = 0;
  uint32_t search_hint_ = 0;  // first word that may have a free slot
  std::vector<uint64_t> free_bits_;  // 1 = free
};

}  // namespace brass::vk
