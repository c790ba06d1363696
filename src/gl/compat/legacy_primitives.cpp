#include "gl/compat/legacy_primitives.h"

namespace brass::gl::compat {

bool is_legacy_primitive(GLenum mode) { return mode == GL_QUADS || mode == GL_QUAD_STRIP || mode == GL_POLYGON; }

size_t legacy_primitive_max_indices(GLenum mode, size_t count) {
  // Each input vertex completes at most: a quad's 6 indices every 4
  // vertices, a strip's 6 every 2, a polygon's 3 every 1.
  switch (mode) {
    case GL_QUADS: return count / 4 * 6;
    case GL_QUAD_STRIP: return count / 2 * 6;
    default: return count * 3;
  }
}

size_t legacy_primitive_triangle_vertices(GLenum mode, size_t count) {
  switch (mode) {
    case GL_QUADS: return count / 4 * 6;
    case GL_QUAD_STRIP: return count >= 4 ? (count / 2 - 1) * 6 : 0;
    default: return count >= 3 ? (count - 2) * 3 : 0;
  }
}

}  // namespace brass::gl::compat
