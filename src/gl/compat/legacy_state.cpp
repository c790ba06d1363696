// LegacyState's out-of-line members: the attribute stacks' snapshot types
// are complete only here (attrib_stack.h).
#include "gl/compat/legacy_state.h"

#include "gl/compat/attrib_stack.h"

namespace brass::gl {

LegacyState::LegacyState() = default;
LegacyState::~LegacyState() = default;

}  // namespace brass::gl
