// Decoding of fuzzer input shared by the harnesses: a reader that yields
// zeros once the bytes run out (so every input decodes to a finite program),
// and pickers that mix the values a careful application passes with the
// hostile ones a careless or malicious one does.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>

namespace brass::fuzz {

class Input {
 public:
  Input(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  uint8_t u8() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint16_t u16() { return uint16_t(u8() | u8() << 8); }
  uint32_t u32() { return uint32_t(u16()) | uint32_t(u16()) << 16; }
  uint64_t u64() { return uint64_t(u32()) | uint64_t(u32()) << 32; }

  // One of `table`, or (one time in eight) a raw 32-bit value.
  template <typename T, size_t N>
  T pick(const T (&table)[N]) {
    const uint8_t b = u8();
    if ((b & 7) == 7) return T(u32());
    return table[(b >> 3) % N];
  }
  template <typename T>
  T pick_of(std::initializer_list<T> list) {
    const uint8_t b = u8();
    if ((b & 7) == 7) return T(u32());
    return list.begin()[(b >> 3) % list.size()];
  }
  // One of `list`, never a raw value: for counts that are valid at any
  // size (a draw of two billion vertices is legal, and only slow).
  template <typename T>
  T choose_of(std::initializer_list<T> list) {
    return list.begin()[u8() % list.size()];
  }
  // An int: small, at the edges of the type, or raw.
  int32_t int_value() {
    static constexpr int32_t kInts[] = {0, 1, 2, 3, 4, 7, 8, 16, 64, 255, 256, -1, -2, -16,
                                        INT_MAX, INT_MIN, INT_MAX - 3, 1 << 16, 1 << 24, 1 << 30};
    return pick(kInts);
  }
  // A small count or dimension, mostly usable, sometimes negative or huge.
  int32_t dimension() {
    static constexpr int32_t kDims[] = {0, 1, 1, 2, 3, 4, 4, 7, 8, 16, 16, 31, 32, 33, 64,
                                        -1, INT_MAX, INT_MIN, 1 << 20, 65536};
    return pick(kDims);
  }
  // A byte size or offset (GLsizeiptr / GLintptr): small, near the ends of
  // the 64-bit range (an offset + size that overflows), or raw 64-bit.
  int64_t size_value() {
    static constexpr int64_t kSizes[] = {0,         1,         3,         4,          16,         64,
                                         256,       4096,      65536,     -1,         -4,         INT64_MAX,
                                         INT64_MIN, INT64_MAX - 3, int64_t(1) << 31, int64_t(1) << 32,
                                         int64_t(1) << 40, INT_MAX, (int64_t(1) << 32) + 4, 12};
    const uint8_t b = u8();
    if ((b & 7) == 7) return int64_t(u64());
    return kSizes[(b >> 3) % std::size(kSizes)];
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

}  // namespace brass::fuzz
