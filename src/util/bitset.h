// Fixed-size bitsets with fast iteration over set bits, for dirty masks and
// binding-usage masks.
#pragma once

#include <bit>
#include <cstdint>

namespace brass {

// Calls fn(index) for every set bit of `mask`, lowest first.
template <typename Fn>
inline void for_each_bit(uint64_t mask, Fn&& fn) {
  while (mask) {
    const int i = std::countr_zero(mask);
    mask &= mask - 1;
    fn(i);
  }
}

// Removes and returns the lowest set bit's index; mask must be non-zero.
inline int scan_bit(uint32_t& mask) {
  const int i = std::countr_zero(mask);
  mask &= mask - 1;
  return i;
}

inline constexpr uint64_t bit_range(unsigned first, unsigned count) {
  if (count == 0) return 0;
  return (count >= 64 ? ~0ull : ((1ull << count) - 1)) << first;
}

template <unsigned N>
class BitSet {
  static constexpr unsigned kWords = (N + 63) / 64;

 public:
  constexpr void set(unsigned i) { w_[i / 64] |= 1ull << (i % 64); }
  constexpr void reset(unsigned i) { w_[i / 64] &= ~(1ull << (i % 64)); }
  constexpr bool test(unsigned i) const { return (w_[i / 64] >> (i % 64)) & 1; }
  constexpr void clear() {
    for (auto& w : w_) w = 0;
  }
  constexpr bool any() const {
    for (auto w : w_)
      if (w) return true;
    return false;
  }
  constexpr unsigned count() const {
    unsigned c = 0;
    for (auto w : w_) c += std::popcount(w);
    return c;
  }
  template <typename Fn>
  void for_each(Fn&& fn) const {
    for (unsigned k = 0; k < kWords; ++k)
      for_each_bit(w_[k], [&](int b) { fn(k * 64 + b); });
  }
  constexpr BitSet& operator|=(const BitSet& o) {
    for (unsigned k = 0; k < kWords; ++k) w_[k] |= o.w_[k];
    return *this;
  }
  constexpr bool operator==(const BitSet&) const = default;
  static constexpr unsigned size() { return N; }

 private:
  uint64_t w_[kWords] = {};
};

}  // namespace brass
