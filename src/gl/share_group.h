// Object namespaces. A ShareGroup holds the namespaces that contexts created
// with a share context have in common (buffers, textures, renderbuffers,
// samplers, shaders/programs, syncs); container objects (framebuffers, vertex
// arrays, queries, transform feedback) have per-context namespaces.
#pragma once

#include <cstdint>
#include <mutex>
#include <set>

#include "gl/gl_types.h"
#include "util/ref_counted.h"

namespace brass::gl {

// Name allocation for one object type. Thread-safe: shared namespaces are used
// from several contexts (and threads) at once.
class NameSpace {
 public:
  // Reserves `n` unused non-zero names (lowest first) into `out`.
  void generate(GLsizei n, GLuint* out);
  // Frees names; zero and unknown names are ignored, as GL requires.
  void remove(GLsizei n, const GLuint* names);
  bool contains(GLuint name) const;
  size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::set<GLuint> used_;
};

class ShareGroup : public RefCounted {
 public:
  NameSpace buffers, textures, renderbuffers, samplers, programs, syncs;
};

}  // namespace brass::gl
