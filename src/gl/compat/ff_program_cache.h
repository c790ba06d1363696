// The fixed-function programs of a context: one linked program per
// fixed-function key, made on first use (generated GLSL linked through the
// ordinary link, so attribute and state-uniform feeding serve it as they
// serve application programs) and kept for the context's life. Steady
// state makes no program: a draw compares its key with the last one's and
// hashes only when it changed.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>

#include "gl/compat/ff_key.h"
#include "gl/linked_program.h"

namespace brass::gl {
class Context;
}

namespace brass::gl::compat {

struct FfProgram {
  std::shared_ptr<LinkedProgram> linked;
  // Byte offset of the alpha test's reference in the default block (-1:
  // the key has no comparison).
  int32_t alpha_ref_offset = -1;
  float alpha_ref = -1.0f;  // the value last written there
  // POINT_SIZE when the built-in uniforms were last written for a point
  // draw (glPointSize marks no uniform state dirty by itself).
  float point_size = -1.0f;
};

class FfProgramCache {
 public:
  // The program of `key`, linked on a miss; null (error recorded) when the
  // link fails, which only running out of memory should make happen.
  FfProgram* get(Context& ctx, const FfKey& key);
  size_t size() const { return programs_.size(); }
  uint64_t misses() const { return misses_; }
  void clear() {
    programs_.clear();
    last_ = nullptr;
  }

 private:
  struct Hash {
    size_t operator()(const FfKey& k) const { return static_cast<size_t>(hash_key(k)); }
  };
  std::unordered_map<FfKey, std::unique_ptr<FfProgram>, Hash> programs_;
  FfKey last_key_{};
  FfProgram* last_ = nullptr;
  uint64_t misses_ = 0;
};

// Links the fixed-function program of `key` (exposed for tests and the
// missing-stage path). Null with *log set on failure.
std::unique_ptr<FfProgram> link_fixed_function(Context& ctx, const FfKey& key, std::string* log);

}  // namespace brass::gl::compat
