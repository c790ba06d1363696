// Hashing on xxHash's XXH3. Keys are packed, padding-free structs hashed as
// bytes; incremental hashes combine per-field hashes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace brass {

inline uint64_t hash_bytes(const void* data, size_t size, uint64_t seed = 0) {
  return XXH3_64bits_withSeed(data, size, seed);
}

inline uint64_t hash_string(std::string_view s, uint64_t seed = 0) {
  return hash_bytes(s.data(), s.size(), seed);
}

struct Hash128 {
  uint64_t lo = 0, hi = 0;
  bool operator==(const Hash128&) const = default;
};

inline Hash128 hash128_bytes(const void* data, size_t size, uint64_t seed = 0) {
  const XXH128_hash_t h = XXH3_128bits_withSeed(data, size, seed);
  return {h.low64, h.high64};
}

// Hashes a packed key. Keys must have unique object representations (no
// padding), otherwise garbage in padding bytes would split equal keys.
template <typename T>
inline uint64_t hash_key(const T& key) {
  static_assert(std::has_unique_object_representations_v<T>,
                "hash keys must be packed: add explicit padding fields");
  return hash_bytes(&key, sizeof(T));
}

// Order-dependent combination, for incremental hashes kept per field.
inline uint64_t hash_combine(uint64_t a, uint64_t b) {
  const uint64_t pair[2] = {a, b};
  return XXH3_64bits(pair, sizeof(pair));
}

// Streaming hasher for data that arrives in pieces.
class Hasher {
 public:
  explicit Hasher(uint64_t seed = 0) { XXH3_64bits_reset_withSeed(&state_, seed); }
  Hasher& add(const void* data, size_t size) {
    XXH3_64bits_update(&state_, data, size);
    return *this;
  }
  template <typename T>
  Hasher& add(const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    return add(&value, sizeof(T));
  }
  Hasher& add(std::string_view s) {
    const uint64_t n = s.size();
    add(&n, sizeof(n));
    return add(s.data(), s.size());
  }
  uint64_t digest() const { return XXH3_64bits_digest(&state_); }

 private:
  XXH3_state_t state_;
};

// std::hash-compatible functor for packed keys in unordered containers.
template <typename T>
struct KeyHash {
  size_t operator()(const T& key) const { return static_cast<size_t>(hash_key(key)); }
};

}  // namespace brass
