// A direct draw as api_draw.cpp and api_draw_indirect.cpp share it: the
// arguments of any glDraw* command (DrawCall), the one function that
// validates and draws it, and the mode and index helpers both files use.
// Internal to the draw entry points (namespace api).
#pragma once

#include <cstdint>

#include "gl/gl_types.h"
#include "pipe/state.h"

namespace brass::pipe {
class Resource;
}

namespace brass::gl {
class Context;
}

namespace brass::gl::api {

struct DrawCall {
  GLenum mode = GL_TRIANGLES;
  GLint first = 0;
  GLsizei count = 0;
  bool indexed = false;
  GLenum type = GL_NONE;
  const void* indices = nullptr;
  GLsizei instances = 1;
  bool has_range = false;
  GLuint range_start = 0, range_end = 0;
  GLint base_vertex = 0;     // added to every index (indexed draws only)
  GLuint base_instance = 0;  // first instance (instanced arrays and gl_InstanceID base)
  uint32_t draw_id = 0;      // gl_DrawID: the draw's index in a multi-draw command
};

DrawCall arrays_call(GLenum mode, GLint first, GLsizei count, GLsizei instances, GLuint base_instance);
DrawCall elements_call(GLenum mode, GLsizei count, GLenum type, const void* indices, GLsizei instances,
                       GLint base_vertex, GLuint base_instance);
// Argument and state errors, draw-time validation, indices, vertex input
// and one pipe draw (api_draw.cpp).
void draw(Context& ctx, const DrawCall& d);

// The pipe primitive of a GL mode; false for a mode this context lacks.
bool to_pipe_mode(const Context& ctx, GLenum mode, pipe::PrimitiveType* out);
// The mode checks that depend on the tessellation and geometry stages and
// on transform feedback (the error recorded when false); `counted`: the
// draw's vertices are counted into the capture.
bool primitive_modes_ok(Context& ctx, GLenum mode, bool indexed, GLsizei count, GLsizei instances,
                        bool* counted);
// Bytes of an index of `type`; 0 for a type that is not one.
uint32_t index_size(GLenum type);
// Binds `r` as the pipe's index buffer unless it is already.
void set_index_buffer(Context& ctx, pipe::Resource* r, uint32_t size);

}  // namespace brass::gl::api
