// The sampler views of one texture object, shared by every context of its
// share group.
//
// GL lets several contexts draw with one shared texture at the same time
// (reading a shared object needs no synchronization by the application), and
// validating such a draw may make the texture's first view or a view of
// other levels: so the cache has a lock of its own, taken only when a
// context's per-slot cache (texture_slot_cache.h) misses, never on
// a draw whose textures did not change. A context holds a reference to each
// view it binds, so a view replaced here by another context stays alive
// while it is bound.
//
// A few entries rather than one: a texture whose sampled level range moves
// back and forth (BASE_LEVEL/MAX_LEVEL changed for level streaming, views
// of a stencil and a depth aspect) would otherwise make a view at every
// change.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>

#include "pipe/format.h"
#include "pipe/state.h"
#include "util/ref_counted.h"
#include "util/stats.h"

namespace brass::gl {

// Views made for draws (BRASS_STATS "texture.views_made"): stays the same
// in a steady frame, however its textures alternate.
inline StatCounter g_texture_views_made("texture.views_made");

class TextureViewCache {
 public:
  // What a view was made from: the resource and the part of it seen, the
  // swizzle, aspect and format; for a buffer texture the storage
  // generation and byte size of the range as well.
  struct Key {
    const pipe::Resource* resource = nullptr;
    uint32_t first_level = 0, last_level = 0, first_layer = 0, last_layer = 0;
    std::array<pipe::Swizzle, 4> swizzle{};
    pipe::DepthStencilAspect aspect = pipe::DepthStencilAspect::Depth;
    pipe::Format format = pipe::Format::None;  // a view's format (None: the resource's)
    uint64_t buffer_generation = 0, buffer_bytes = 0;
    bool operator==(const Key&) const = default;
  };

  // The view for `key`, made by `make()` (returning Ref<pipe::SamplerView>)
  // when no entry has it. The caller holds lock() (so that what it computed
  // the key from stays as it was while the view is made).
  template <typename Make>
  Ref<pipe::SamplerView> find_or_make(const Key& key, Make&& make) {
    for (Entry& e : entries_)
      if (e.view && e.key == key) return e.view;
    Ref<pipe::SamplerView> view = make();
    if (!view) return view;
    g_texture_views_made.add();
    Entry& slot = entries_[next_];
    next_ = (next_ + 1) % kEntries;
    slot.key = key;
    slot.view = view;
    return view;
  }

  // Serializes the texture's lazily built storage and views between the
  // contexts of the share group (texture_validation.cpp).
  std::unique_lock<std::mutex> lock() { return std::unique_lock(mutex_); }

 private:
  static constexpr unsigned kEntries = 4;
  struct Entry {
    Key key;
    Ref<pipe::SamplerView> view;
  };
  std::mutex mutex_;
  std::array<Entry, kEntries> entries_{};
  unsigned next_ = 0;
};

}  // namespace brass::gl
