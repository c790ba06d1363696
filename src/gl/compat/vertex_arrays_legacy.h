// The compatibility profile's conventional vertex arrays (GL 4.6
// compatibility §10.3.3-10.3.4, GL 2.1 §2.8): glVertexPointer and the other
// legacy pointer commands, glEnableClientState / glDisableClientState,
// glClientActiveTexture, glInterleavedArrays, and the state's queries.
// The arrays live in the vertex array object (VertexArray::conventional);
// draws read them through vertex_validation.cpp like generic arrays.
#pragma once

#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {
class Context;
}

namespace brass::gl::compat {

// One glGet answer about vertex specification state: integers (booleans
// as 0 / 1) or floats; `normalized` floats (colours, normals) map [-1, 1]
// onto the integer range when read as integers (§22.1 / §2.2.2).
struct VertexStateValue {
  bool is_float = false;
  bool normalized = false;
  int count = 0;
  GLint64 i[4] = {};
  GLfloat f[4] = {};
};

// glGet of the current values, the arrays' state, CLIENT_ACTIVE_TEXTURE
// and the client attribute stack; false when `pname` is none of those.
bool vertex_spec_query(Context& ctx, GLenum pname, VertexStateValue* out);
// glIsEnabled of a client array (VERTEX_ARRAY, ..., TEXTURE_COORD_ARRAY of
// the client active texture): 0 or 1, or -1 when `cap` is none.
int client_array_enabled(Context& ctx, GLenum cap);
// glGetPointerv of an array's pointer; false when `pname` is none.
bool client_array_pointer(Context& ctx, GLenum pname, void** out);

}  // namespace brass::gl::compat
