// Helpers the compatibility-profile state commands share: the Begin/End
// rule, dirty marking, and GL's integer <-> float conversions of state
// values (GL 4.6 compatibility §2.2.1, §22.1.2).
#pragma once

#include <cstdint>

#include "gl/compat/compat_enums.h"
#include "gl/gl_types.h"

namespace brass::gl {
class Context;
}

namespace brass::gl::compat {

class MatrixStack;
struct Material;

// Most commands are INVALID_OPERATION between glBegin and glEnd (GL 4.6
// compatibility §10.7.5): false after recording that error.
[[nodiscard]] bool begin_end_allows(Context& ctx);

// The stack the matrix commands act on (glMatrixMode's; for TEXTURE the
// active unit's). Null after INVALID_OPERATION when ACTIVE_TEXTURE has no
// texture coordinate set (>= MAX_TEXTURE_COORDS).
MatrixStack* current_matrix_stack(Context& ctx);

// After a change of a state value the built-in uniforms and the
// fixed-function shaders read as a uniform (colors, positions, planes,
// matrices): the next draw writes them again.
void values_changed(Context& ctx);
// After a change of a mode or enable that selects what the fixed-function
// shaders compute: the next draw chooses its program again.
void modes_changed(Context& ctx);

// The active texture unit when it has a texture coordinate set (texgen,
// texture matrix, texture environment), else -1 after INVALID_OPERATION.
int active_coord_unit(Context& ctx);

// A face's material (0 front, 1 back) as lighting uses it: with
// COLOR_MATERIAL enabled, the tracked properties are the current color,
// which is then also their state (GL 4.6 compatibility §12.2.3).
const Material& effective_material(Context& ctx, int face);

// glPointParameter's compatibility-only names (POINT_SIZE_MIN/MAX,
// POINT_DISTANCE_ATTENUATION; `vector`: the fv/iv forms, params[0..2]):
// false when `pname` is none of them.
bool point_parameter(Context& ctx, GLenum pname, const GLfloat* params, bool vector);

// Signed integer color components map linearly to [-1, 1] (equation 2.2
// of GL 4.6 compatibility), and back for integer queries.
inline float int_to_color(GLint v) { return static_cast<float>((2.0 * v + 1.0) / 4294967295.0); }
GLint color_to_int(float v);
// A float state value returned by an integer query: rounded, clamped.
GLint float_to_int(double v);

}  // namespace brass::gl::compat
