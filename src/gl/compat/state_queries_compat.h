// glGet and glEnable / glIsEnabled of the compatibility profile's
// fixed-function state (gl/compat/fixed_state.h), for the core getters and
// enable table to consult (state_queries.cpp, api_state.cpp). Both answer
// nothing outside compatibility contexts.
#pragma once

#include <array>
#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {
class Context;
}

namespace brass::gl::compat {

// One glGet answer, converted by the core getters as their own values are.
struct StateQueryValue {
  enum Kind : uint8_t { Int, Float } kind = Int;
  bool normalized = false;  // a color: integer queries map [-1, 1] to the full range
  int count = 0;
  std::array<GLint64, 16> i{};
  std::array<float, 16> f{};
};

// false: `pname` is not compatibility state (or the context is not a
// compatibility one). true with `*error` set (count 0) when the query is
// an error (TEXTURE_MATRIX with ACTIVE_TEXTURE >= MAX_TEXTURE_COORDS).
bool query_state(Context& ctx, GLenum pname, StateQueryValue* out, GLenum* error);

// The flag behind a compatibility-only glEnable cap and the dirty bits its
// change sets; null for other caps or outside compatibility contexts.
bool* enable_flag(Context& ctx, GLenum cap, uint32_t* dirty);

}  // namespace brass::gl::compat
