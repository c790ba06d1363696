// glGetInternalformativ / glGetInternalformati64v of desktop contexts
// (ARB_internalformat_query2, GL 4.6 §22.3): what the GL does with a
// (target, internalformat) "resource", answered from the format table
// (pixel/format_table.h), the commands' own format rules (texture, buffer
// texture, renderbuffer, multisample, image unit and view formats) and the
// device's sample counts. ES contexts keep ES 3.x's SAMPLES and
// NUM_SAMPLE_COUNTS only (api_renderbuffers.cpp).
#pragma once

#include "gl/gl_types.h"

namespace brass::gl {

class Context;

// Writes at most `buf_size` values of the query to `out32` (the 32-bit
// command) or `out64` (the 64-bit one), exactly one of them non-null;
// records GL_INVALID_ENUM for a target or pname the query does not take and
// GL_INVALID_VALUE for a negative `buf_size` (§22.3), then writes nothing.
void internalformat_query2(Context& ctx, GLenum target, GLenum internalformat, GLenum pname, GLsizei buf_size,
                           GLint* out32, GLint64* out64);

}  // namespace brass::gl
