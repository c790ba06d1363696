// Write-only maps that discard what they cover, answered on the
// application thread without waiting for the driver thread: the
// application writes into staging memory of the ThreadedContext, and the
// unmap (or an explicit flush) records the upload as a buffer_subdata,
// which the driver runs as a discarding write (fresh storage or a staged
// copy, never a wait for the GPU). GL allows it: what such a map covers is
// undefined until written, and the buffer may not be used while mapped.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include "pipe/context.h"

namespace brass::threaded {

struct StagedMap {
  pipe::Transfer transfer;  // what the frontend holds
  Ref<pipe::Resource> resource;
  std::unique_ptr<std::byte[]> storage;
  size_t capacity = 0;      // bytes of storage
  std::byte* data = nullptr;  // the mapped range's first byte
  bool in_use = false;
};

class StagedMaps {
 public:
  // The largest map staged; bigger ones go to the real context.
  static constexpr uint64_t kMaxBytes = 4u << 20;
  // Whether a map with these flags of `r` may be staged.
  static bool eligible(const pipe::Resource& r, uint32_t usage, const pipe::Box& box);
  // A free staging map of the box's bytes (allocated only when none of the
  // earlier ones is free and big enough); null without memory.
  StagedMap* acquire(pipe::Resource* r, uint32_t usage, const pipe::Box& box);
  // The StagedMap of `t`, or null when `t` came from the real context.
  StagedMap* find(pipe::Transfer* t);
  void release(StagedMap* m);

 private:
  static constexpr size_t kSlots = 16;
  std::unique_ptr<StagedMap> slots_[kSlots];
};

}  // namespace brass::threaded
