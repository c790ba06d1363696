#include "threaded/staged_maps.h"

#include <new>

namespace brass::threaded {

bool StagedMaps::eligible(const pipe::Resource& r, uint32_t usage, const pipe::Box& box) {
  if (!r.is_buffer() || r.templ().usage == pipe::Usage::Immutable) return false;
  if (!(usage & pipe::kMapWrite) || (usage & (pipe::kMapRead | pipe::kMapPersistent | pipe::kMapCoherent))) return false;
  if (!(usage & (pipe::kMapDiscardRange | pipe::kMapDiscardWholeResource))) return false;
  return box.x >= 0 && box.width > 0 && static_cast<uint64_t>(box.width) <= kMaxBytes;
}

StagedMap* StagedMaps::acquire(pipe::Resource* r, uint32_t usage, const pipe::Box& box) {
  // The pointer keeps the offset's alignment to kMinMapBufferAlignment.
  const size_t misalign = static_cast<size_t>(box.x) % pipe::kMinMapBufferAlignment;
  const size_t need = misalign + static_cast<size_t>(box.width) + pipe::kMinMapBufferAlignment;
  StagedMap* best = nullptr;
  for (auto& slot : slots_) {
    if (!slot) {
      slot.reset(new (std::nothrow) StagedMap());
      if (!slot) return nullptr;
    }
    if (slot->in_use) continue;
    if (slot->capacity >= need) {
      best = slot.get();
      break;
    }
    if (!best) best = slot.get();
  }
  if (!best) return nullptr;  // every slot mapped: the caller maps directly
  if (best->capacity < need) {
    best->storage.reset(new (std::nothrow) std::byte[need]);
    best->capacity = best->storage ? need : 0;
    if (!best->storage) return nullptr;
  }
  const uintptr_t base = reinterpret_cast<uintptr_t>(best->storage.get());
  const uintptr_t aligned = (base + pipe::kMinMapBufferAlignment - 1) & ~uintptr_t{pipe::kMinMapBufferAlignment - 1};
  best->data = reinterpret_cast<std::byte*>(aligned + misalign);
  best->resource = Ref<pipe::Resource>::share(r);
  best->transfer = pipe::Transfer{};
  best->transfer.resource = r;
  best->transfer.usage = usage;
  best->transfer.box = box;
  best->transfer.stride = static_cast<uint32_t>(box.width);
  best->in_use = true;
  return best;
}

StagedMap* StagedMaps::find(pipe::Transfer* t) {
  for (auto& slot : slots_)
    if (slot && slot->in_use && &slot->transfer == t) return slot.get();
  return nullptr;
}

void StagedMaps::release(StagedMap* m) {
  m->in_use = false;
  m->resource.reset();
}

}  // namespace brass::threaded
