// Shared between the enable/disable handlers and the state queries.
#pragma once

#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {
class Context;
// The flag behind a glEnable cap (null: not a cap), and the state group it dirties.
bool* enable_flag(Context& ctx, GLenum cap, uint32_t* dirty = nullptr);
}  // namespace brass::gl
