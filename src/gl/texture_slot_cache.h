// The sampler-slot cache of draw-time texture validation (issue 19). Each
// stage's sampler slot keeps what the last few validations bound there: the
// view and sampler state made for one texture, sampler object and sampler
// type, most recent first. A draw that binds one of them again (an
// application alternating a few textures or samplers in a slot) finds its
// entry and re-derives nothing: no completeness check, no view or sampler
// key.
//
// An entry holds while its texture and sampler object have the generation it
// was made at: every change of their parameters or storage, and their
// creation, takes a new generation from a process-wide counter (texture.h),
// so a change made through another context of the share group misses it
// too, and a deleted object's address reused by a new one never matches.
// The context-wide inputs (seamless cube maps, the unit's LOD bias) are part
// of the key. The entry holds a reference to its view: the texture may
// replace its own view (another key, another context) while the entry is
// not the one bound, and a view must outlive every entry naming it.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "gl/gl_types.h"
#include "pipe/state.h"
#include "util/ref_counted.h"

namespace brass::gl {

class Texture;
class Sampler;

// What a slot's view and sampler state are derived from, besides the
// objects' own state (which their generations stand for).
struct SlotKey {
  const Texture* texture = nullptr;
  uint64_t texture_generation = 0;
  const Sampler* sampler = nullptr;
  uint64_t sampler_generation = 0;
  GLenum sampler_type = GL_NONE;
  bool seamless_cube_map = true;
  float lod_bias = 0;  // the unit's TEXTURE_LOD_BIAS (compatibility profile)

  bool operator==(const SlotKey&) const = default;
};

struct SlotBinding {
  SlotKey key;
  Ref<pipe::SamplerView> view;  // null: nothing made for `key` yet
  pipe::SamplerObject* state = nullptr;
};

class SlotCache {
 public:
  static constexpr unsigned kWays = 4;

  // What the slot was last bound with.
  const SlotBinding& current() const { return ways_[0]; }

  // Makes the entry for `key` the current one. True when it was cached;
  // false when it must be filled (the entry is current, its key set, its
  // view and state stale): an entry made for an older generation of the
  // same texture when there is one, else the least recently used.
  bool use(const SlotKey& key) {
    unsigned victim = kWays - 1;
    for (unsigned i = 0; i < kWays; ++i) {
      if (ways_[i].key.texture != key.texture) continue;
      if (ways_[i].view && ways_[i].key == key) {
        to_front(i);
        return true;
      }
      // Made before the texture last changed: never matches again.
      if (ways_[i].key.texture_generation != key.texture_generation) victim = std::min(victim, i);
    }
    to_front(victim);
    ways_[0].key = key;
    return false;
  }
  // The current entry, after use() returned false.
  SlotBinding& front() { return ways_[0]; }

  void clear() { ways_ = {}; }

 private:
  void to_front(unsigned i) {
    if (i) std::rotate(ways_.begin(), ways_.begin() + i, ways_.begin() + i + 1);
  }

  std::array<SlotBinding, kWays> ways_{};
};

}  // namespace brass::gl
