#include "gl/share_group.h"

namespace brass::gl {

void NameSpace::generate(GLsizei n, GLuint* out) {
  std::lock_guard lock(mutex_);
  GLuint candidate = 1;
  auto it = used_.begin();
  for (GLsizei i = 0; i < n; ++i) {
    while (it != used_.end() && *it == candidate) {
      ++it;
      ++candidate;
    }
    it = used_.insert(it, candidate);
    ++it;
    out[i] = candidate++;
  }
}

void NameSpace::remove(GLsizei n, const GLuint* names) {
  std::lock_guard lock(mutex_);
  for (GLsizei i = 0; i < n; ++i) used_.erase(names[i]);
}

bool NameSpace::contains(GLuint name) const {
  std::lock_guard lock(mutex_);
  return used_.count(name) != 0;
}

size_t NameSpace::size() const {
  std::lock_guard lock(mutex_);
  return used_.size();
}

}  // namespace brass::gl
