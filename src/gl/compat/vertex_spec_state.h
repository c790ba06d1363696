// The compatibility profile's vertex specification state, held by the
// Context as one member (Context::vertex_spec): current values of the
// conventional attributes, glBegin/glEnd (immediate mode) and its vertex
// columns, the client active texture and the client attribute stack.
// Commands: compat/vertex_current.cpp, immediate_mode.cpp,
// vertex_arrays_legacy.cpp, client_attrib_stack.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gl/compat/conventional_attribs.h"
#include "gl/gl_object.h"
#include "gl/gl_types.h"
#include "gl/vertex_array.h"

namespace brass::gl {
class Context;
}

namespace brass::gl::compat {

// Attribute indices of vertex input (conventional_attribs.h): generic,
// then conventional.
inline constexpr unsigned kAttribIndexCount = kConventionalIndexBase + kConventionalCount;
static_assert(kAttribIndexCount <= 32, "one bit per attribute index");

// Between glBegin and glEnd the vertices are kept as columns, one per
// attribute whose value changes within the primitive (`varying`), 16 bytes
// per vertex; the others keep their current value for the whole draw.
// Columns are cleared, never shrunk: a repeated frame allocates nothing.
struct ImmediateMode {
  bool active = false;  // between Begin and End
  GLenum mode = GL_POINTS;
  uint32_t vertex_count = 0;
  uint32_t varying = 0;  // bit per attribute index with a column this primitive
  std::array<std::vector<uint32_t>, kAttribIndexCount> columns;
  // Per varying generic attribute, the kind of value it holds (float,
  // int, uint): the column's array format at glEnd.
  std::array<uint8_t, kMaxVertexAttribs> generic_kind{};
  // The vertex array object glEnd draws the columns with (created at the
  // first glEnd; never in the application's namespace).
  Ref<VertexArray> vao;
};

// One glPushClientAttrib entry (GL 4.6 compatibility §21.6, table 23.x
// groups "pixel-store" and "vertex-array").
struct ClientAttribEntry {
  GLbitfield mask = 0;
  // CLIENT_PIXEL_STORE_BIT: glPixelStore's pack and unpack modes.
  GLint pack[8] = {};
  GLint unpack[8] = {};
  GLint pack_block[4] = {}, unpack_block[4] = {};
  // CLIENT_VERTEX_ARRAY_BIT: the bound vertex array object and a copy of
  // its array state, the ARRAY_BUFFER binding, the client active texture
  // and primitive restart.
  Ref<VertexArray> vao;
  std::array<VertexAttrib, kMaxVertexAttribs> attribs{};
  std::array<VertexBufferBinding, kMaxVertexAttribBindings> bindings{};
  uint32_t enabled_mask = 0;
  std::array<VertexAttrib, kConventionalCount> conventional{};
  std::array<VertexBufferBinding, kConventionalCount> conventional_bindings{};
  uint32_t conventional_enabled = 0;
  Ref<Buffer> element_buffer;
  Ref<Buffer> array_buffer;
  GLuint client_active_texture = 0;
  bool primitive_restart = false;
  GLuint primitive_restart_index = 0;
};

// MAX_CLIENT_ATTRIB_STACK_DEPTH (the spec's minimum is 16).
inline constexpr unsigned kMaxClientAttribStackDepth = 16;

struct VertexSpecState {
  // Current values of the conventional attributes, as floats (GL 4.6
  // compatibility table 23.x "current" group). The position's current
  // value is generic attribute 0's (the two alias); kVertex is unused.
  std::array<std::array<GLfloat, 4>, kConventionalCount> current = initial_current();
  // glClientActiveTexture: the unit glTexCoordPointer and
  // Enable/DisableClientState(TEXTURE_COORD_ARRAY) address.
  GLuint client_active_texture = 0;
  ImmediateMode immediate;
  std::vector<ClientAttribEntry> client_attrib_stack;

  // Between glBegin and glEnd: every command but the few GL 4.6
  // compatibility §10.7.5 (GL 2.1 §2.6.3) lists records INVALID_OPERATION.
  bool inside_begin_end() const { return immediate.active; }

  static std::array<std::array<GLfloat, 4>, kConventionalCount> initial_current() {
    std::array<std::array<GLfloat, 4>, kConventionalCount> c{};
    for (auto& v : c) v = {0, 0, 0, 1};
    c[kNormal] = {0, 0, 1, 1};
    c[kColor] = {1, 1, 1, 1};
    c[kFogCoord] = {0, 0, 0, 1};
    c[kEdgeFlag] = {1, 0, 0, 1};   // TRUE
    c[kColorIndex] = {1, 0, 0, 1};  // CURRENT_INDEX starts at 1
    return c;
  }
};

// For commands that may not appear between glBegin and glEnd: records
// INVALID_OPERATION and returns true inside them.
bool refuse_inside_begin_end(Context& ctx);

}  // namespace brass::gl::compat
