// Half-open byte ranges, used for valid-data tracking of buffers and for
// flush-explicit map ranges.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace brass {

struct Range {
  uint64_t begin = 0;
  uint64_t end = 0;  // exclusive

  bool empty() const { return end <= begin; }
  uint64_t size() const { return empty() ? 0 : end - begin; }
  bool overlaps(const Range& o) const { return !empty() && !o.empty() && begin < o.end && o.begin < end; }
  bool contains(const Range& o) const { return o.empty() || (begin <= o.begin && o.end <= end); }
  // Grows to cover `o` (a single interval: conservative but O(1)).
  void add(const Range& o) {
    if (o.empty()) return;
    if (empty()) {
      *this = o;
      return;
    }
    begin = std::min(begin, o.begin);
    end = std::max(end, o.end);
  }
  void reset() { begin = end = 0; }
  bool operator==(const Range&) const = default;
};

inline uint64_t align_up(uint64_t v, uint64_t alignment) {
  return alignment <= 1 ? v : (v + alignment - 1) / alignment * alignment;
}

inline bool is_pow2(uint64_t v) { return v && !(v & (v - 1)); }

// True when [offset, offset + size) lies inside [0, total). Never computes
// offset + size, which overflows for hostile offsets near the type's maximum
// (and is undefined behaviour for the signed GLintptr/GLsizeiptr).
template <typename T>
constexpr bool range_fits(T offset, T size, T total) {
  if constexpr (std::is_signed_v<T>) {
    if (offset < 0 || size < 0 || total < 0) return false;
  }
  return offset <= total && size <= total - offset;
}

// The same for ranges that may overlap: [a, a + size) and [b, b + size),
// both already known to fit (so the sums cannot overflow).
template <typename T>
constexpr bool ranges_overlap(T a, T b, T size) {
  return size > 0 && (a < b ? b - a < size : a - b < size);
}

}  // namespace brass
