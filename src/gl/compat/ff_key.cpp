#include "gl/compat/ff_key.h"

#include "util/hash.h"

namespace brass::gl::compat {

uint64_t hash_key(const FfKey& key) { return brass::hash_key(key); }

}  // namespace brass::gl::compat
