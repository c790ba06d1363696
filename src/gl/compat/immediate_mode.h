// Immediate mode (GL 4.6 compatibility §10.7, GL 2.1 §2.6): glBegin /
// glEnd, the vertices and per-vertex attribute values between them, and
// their draw at glEnd (immediate_mode.cpp). The attribute commands
// (vertex_current.cpp, glVertexAttrib*) call in here.
#pragma once

#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {
class Context;
}

namespace brass::gl::compat {

// Before attribute index `index` (conventional_attribs.h) takes a new
// value between glBegin and glEnd: from now on it varies per vertex, so
// it gets a column, filled for the vertices already given with the value
// they had.
void immediate_attrib_changing(Context& ctx, unsigned index);

// glVertex* / glVertexAttrib*(0, ...): generic attribute 0 takes the
// position (the two alias), and between glBegin and glEnd a vertex is
// emitted with every current value.
void emit_vertex(Context& ctx, GLfloat x, GLfloat y, GLfloat z, GLfloat w);

// glVertexAttrib*(index, ...) in a compatibility context: true when the
// command was a vertex (index 0 between glBegin and glEnd, emitted here);
// else prepares a column for a generic value set between glBegin and
// glEnd and returns false (the caller stores the value).
bool immediate_generic_attrib(Context& ctx, GLuint index, const void* value16);

}  // namespace brass::gl::compat
