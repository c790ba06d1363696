// The view classes of texture views (OES/EXT_texture_view table 8.X.2,
// GL 4.6 table 8.22): internal formats of one class may view each other's
// data store. Formats in no class may only view their own format.
#pragma once

#include "gl/gl_types.h"

namespace brass::gl {

// A class id (non-zero) for a sized internal format in a view class, 0 for
// one in none. `desktop`: GL's table, which also has the 16-bit normalized
// formats (OES_texture_view removed them, ES having none; ES contexts with
// EXT_texture_norm16 pass true too).
unsigned texture_view_class(GLenum internal_format, bool desktop);
// Whether a view of `view` may be made of storage of `orig` (same class, or
// the same format outside every class).
bool texture_view_formats_compatible(GLenum orig, GLenum view, bool desktop);

}  // namespace brass::gl
