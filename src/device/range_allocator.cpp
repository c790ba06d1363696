#include "device/range_allocator.h"

#include <bit>
#include <new>

#include "util/log.h"
#include "util/range.h"

namespace brass::vk {

RangeAllocator::RangeAllocator(uint64_t capacity) : capacity_(capacity) {
  if (capacity) insert_free(0, capacity);
}

void RangeAllocator::insert_free(uint64_t offset, uint64_t size) {
  auto it = by_offset_.emplace(offset, size).first;
  try {
    by_size_.emplace(size, offset);
  } catch (...) {
    by_offset_.erase(it);  // both indexes or neither
    throw;
  }
}

void RangeAllocator::erase_free(std::map<uint64_t, uint64_t>::iterator it) {
  auto [lo, hi] = by_size_.equal_range(it->second);
  for (auto s = lo; s != hi; ++s) {
    if (s->second == it->first) {
      by_size_.erase(s);
      break;
    }
  }
  by_offset_.erase(it);
}

std::optional<uint64_t> RangeAllocator::allocate(uint64_t size, uint64_t alignment) {
  if (size == 0 || size > capacity_) return std::nullopt;
  if (alignment == 0) alignment = 1;
  // Best fit: the smallest free range that can hold size after alignment.
  for (auto s = by_size_.lower_bound(size); s != by_size_.end(); ++s) {
    const uint64_t range_offset = s->second, range_size = s->first;
    const uint64_t aligned = align_up(range_offset, alignment);
    const uint64_t waste = aligned - range_offset;
    if (waste + size > range_size) continue;
    auto it = by_offset_.find(range_offset);
    erase_free(it);
    if (waste) insert_free(range_offset, waste);
    const uint64_t tail = range_size - waste - size;
    if (tail) insert_free(aligned + size, tail);
    used_ += size;
    return aligned;
  }
  return std::nullopt;
}

void RangeAllocator::free(uint64_t offset, uint64_t size) {
  BRASS_ASSERT(used_ >= size);
  used_ -= size;
  uint64_t begin = offset, end = offset + size;
  auto next = by_offset_.lower_bound(offset);
  if (next != by_offset_.end() && next->first == end) {
    end += next->second;
    auto after = std::next(next);
    erase_free(next);
    next = after;
  }
  if (next != by_offset_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == begin) {
      begin = prev->first;
      erase_free(prev);
    }
  }
  // Freeing runs on destructors' paths, where an exception would end the
  // process: a range whose index nodes cannot be allocated is not reusable
  // until the block is empty again, when the indexes are rebuilt.
  try {
    insert_free(begin, end - begin);
  } catch (const std::bad_alloc&) {
    unindexed_ += end - begin;
  }
  if (used_ == 0 && unindexed_) {
    try {
      by_offset_.clear();
      by_size_.clear();
      insert_free(0, capacity_);
      unindexed_ = 0;
    } catch (const std::bad_alloc&) {
      // Still nothing indexed: the next free of this block tries again.
    }
  }
}

uint64_t RangeAllocator::largest_free() const { return by_size_.empty() ? 0 : by_size_.rbegin()->first; }

SlabAllocator::SlabAllocator(uint64_t slot_size, uint32_t slot_count)
    : slot_size_(slot_size), slot_count_(slot_count), free_bits_((slot_count + 63) / 64, ~0ull) {
  // Bits past slot_count in the last word are never free.
  if (slot_count % 64) free_bits_.back() = (1ull << (slot_count % 64)) - 1;
}

std::optional<uint32_t> SlabAllocator::allocate() {
  for (uint32_t w = search_hint_; w < free_bits_.size(); ++w) {
    if (!free_bits_[w]) continue;
    const int bit = std::countr_zero(free_bits_[w]);
    free_bits_[w] &= free_bits_[w] - 1;
    ++used_;
    search_hint_ = w;
    return w * 64 + static_cast<uint32_t>(bit);
  }
  return std::nullopt;
}

void SlabAllocator::free(uint32_t slot) {
  const uint32_t w = slot / 64;
  BRASS_ASSERT(!(free_bits_[w] & (1ull << (slot % 64))));
  free_bits_[w] |= 1ull << (slot % 64);
  --used_;
  if (w < search_hint_) search_hint_ = w;
}

}  // namespace brass::vk
