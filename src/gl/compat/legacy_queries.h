// The hooks through which the shared state code (state_queries.cpp,
// api_state.cpp, api_fixed_function.cpp, api_desktop_state.cpp) reaches
// the legacy state of compatibility contexts (legacy_state.h). Each is
// called only when Context::compatibility() is true.
#pragma once

#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {

class Context;

// A glGet answer in the form state_queries.cpp converts.
struct LegacyQueryValue {
  enum Kind { Int, Float, Bool } kind = Int;
  int count = 0;
  bool mask = false;        // an unsigned bit mask (GetIntegerv keeps the bit pattern)
  bool normalized = false;  // a color: ints map [-1, 1] onto the full range
  GLint64 i[16] = {};
  GLfloat f[16] = {};
  bool b[16] = {};
};

// glGet* of the legacy state and the GL 1.x implementation values (false:
// not such a pname; the caller goes on with its own tables).
bool legacy_query(Context& ctx, GLenum pname, LegacyQueryValue* out);
// glGetPointerv of SELECTION_BUFFER_POINTER and FEEDBACK_BUFFER_POINTER.
bool legacy_pointer(Context& ctx, GLenum pname, void** out);
// The flag of a legacy cap (LINE_STIPPLE, POLYGON_STIPPLE, INDEX_LOGIC_OP,
// MAP1_*, MAP2_*, AUTO_NORMAL), and the state
// groups it dirties; null when `cap` is not one.
bool* legacy_enable_flag(Context& ctx, GLenum cap, uint32_t* dirty);
// glHint of the legacy targets (PERSPECTIVE_CORRECTION_HINT,
// POINT_SMOOTH_HINT, FOG_HINT); false when `target` is not one. `mode`
// was checked.
bool legacy_hint(Context& ctx, GLenum target, GLenum mode);
// glPolygonMode with the compatibility profile's separate faces.
void legacy_polygon_mode(Context& ctx, GLenum face, GLenum mode);
// PACK_LSB_FIRST / UNPACK_LSB_FIRST: bitmaps' bit order in memory.
bool bitmap_lsb_first(const Context& ctx, bool pack);
// Whether the context is between glBegin and glEnd (immediate mode), where
// most commands are INVALID_OPERATION.
bool inside_begin_end(const Context& ctx);

}  // namespace brass::gl
