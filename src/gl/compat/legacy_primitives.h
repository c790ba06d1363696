// GL_QUADS, GL_QUAD_STRIP and GL_POLYGON (compatibility profile, GL 4.6
// compatibility §10.1.15-10.1.17), which Vulkan has no topology for: every
// draw of them becomes a triangle list whose indices the CPU generates
// (api_draw.cpp streams them like a line loop's). The triangles keep the
// primitive's winding and put its provoking vertex (table 13.2: a quad's
// last vertex, or its first with FIRST_VERTEX_CONVENTION, since
// QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION is TRUE; a polygon's first
// vertex under either convention) where the rasterizer's convention takes
// it, so flat shading is right.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gl/compat/legacy_enums.h"
#include "gl/gl_types.h"

namespace brass::gl::compat {

bool is_legacy_primitive(GLenum mode);

// Indices a triangulation of `count` vertices of `mode` writes at most
// (primitive restarts only lower it).
size_t legacy_primitive_max_indices(GLenum mode, size_t count);

// Triangle-list vertices `count` vertices of `mode` make without restarts
// (transform feedback counts them).
size_t legacy_primitive_triangle_vertices(GLenum mode, size_t count);

// Turns the vertices of one draw, fed one by one, into triangle-list
// indices. restart() ends the primitive being assembled (primitive
// restart); an incomplete one is dropped, as GL draws nothing of it.
class LegacyTriangulator {
 public:
  // `first_provoking`: the rasterizer takes a triangle's flat values from
  // its first vertex (FIRST_VERTEX_CONVENTION), else from its last.
  LegacyTriangulator(GLenum mode, bool first_provoking) : mode_(mode), first_(first_provoking) {}

  // Calls emit(index) for each index of the triangles `v` completes.
  template <typename Emit>
  void vertex(uint32_t v, Emit&& emit) {
    switch (mode_) {
      case GL_QUADS:
        held_[n_++] = v;
        if (n_ == 4) {
          quad(held_[0], held_[1], held_[2], held_[3], emit);
          n_ = 0;
        }
        break;
      case GL_QUAD_STRIP:
        // Quad i is vertices 2i, 2i+1, 2i+3, 2i+2 in order around it.
        held_[n_++] = v;
        if (n_ == 4) {
          strip_quad(held_[0], held_[1], held_[2], held_[3], emit);
          held_[0] = held_[2];
          held_[1] = held_[3];
          n_ = 2;
        }
        break;
      default:  // GL_POLYGON: a fan around the first vertex, which provokes
        if (n_ == 0) {
          held_[0] = v;
          n_ = 1;
        } else if (n_ == 1) {
          held_[1] = v;
          n_ = 2;
        } else {
          if (first_) triangle(held_[0], held_[1], v, emit);
          else triangle(held_[1], v, held_[0], emit);
          held_[1] = v;
        }
        break;
    }
  }

  void restart() { n_ = 0; }

 private:
  // A quad a, b, c, d (in order around it) whose provoking vertex is d
  // (last-vertex convention) or a (first-vertex convention).
  template <typename Emit>
  void quad(uint32_t a, uint32_t b, uint32_t c, uint32_t d, Emit& emit) {
    if (first_) {
      triangle(a, b, c, emit);
      triangle(a, c, d, emit);
    } else {
      triangle(a, b, d, emit);
      triangle(b, c, d, emit);
    }
  }
  // Quad i of a strip: a = 2i, b = 2i+1, c = 2i+2, d = 2i+3, in order a, b,
  // d, c around it; d provokes (last-vertex convention) or a (first).
  template <typename Emit>
  void strip_quad(uint32_t a, uint32_t b, uint32_t c, uint32_t d, Emit& emit) {
    triangle(a, b, d, emit);
    if (first_) triangle(a, d, c, emit);
    else triangle(c, a, d, emit);
  }
  template <typename Emit>
  void triangle(uint32_t a, uint32_t b, uint32_t c, Emit& emit) {
    emit(a);
    emit(b);
    emit(c);
  }

  GLenum mode_;
  bool first_;
  uint32_t held_[4] = {};
  unsigned n_ = 0;
};

}  // namespace brass::gl::compat
