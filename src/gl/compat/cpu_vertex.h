// The fixed-function vertex pipeline for one vertex, on the CPU: what
// glRasterPos (compat-pixels) and the feedback and selection render modes
// (compat-legacy) need (GL 4.6 compatibility §12.1-12.2, §14.7; GL 2.1
// §2.11-2.14). Transforms the object position to eye and clip coordinates,
// lights the colors (both faces), generates and transforms the texture
// coordinates, and finds the fog coordinate. Clipping against the view
// volume and the client clip planes is a separate test (clip_test).
#pragma once

#include <array>

#include "gl/compat/fixed_state.h"

namespace brass::gl {
class Context;
}

namespace brass::gl::compat {

// A vertex's attributes as the current values / arrays give them.
struct VertexAttributes {
  Vec4 position{0, 0, 0, 1};
  Vec4 normal{0, 0, 1, 0};  // w unused
  Vec4 color{1, 1, 1, 1};
  Vec4 secondary_color{0, 0, 0, 1};
  std::array<Vec4, kMaxTextureCoords> texcoord{};  // initial (0, 0, 0, 1) each
  float fog_coord = 0;
  VertexAttributes() {
    for (Vec4& t : texcoord) t = {0, 0, 0, 1};
  }
};

struct ProcessedVertex {
  Vec4 eye;   // modelview * position
  Vec4 clip;  // projection * eye
  Vec4 front_color, back_color;                      // lit (or the vertex's), clamped to [0, 1]
  Vec4 front_secondary_color, back_secondary_color;  // separate specular or the vertex's
  std::array<Vec4, kMaxTextureCoords> texcoord{};    // generated where enabled, times the texture matrix
  // The fog coordinate: the vertex's with FOG_COORD_SRC = FOG_COORD, else
  // the eye-space distance to the vertex (what RASTER_DISTANCE reports).
  float fog_coord = 0;
  float eye_distance = 0;
};

ProcessedVertex process_vertex_on_cpu(const FixedState& state, const VertexAttributes& in);

// The attributes of a vertex at `position` whose others are the current
// values (glNormal, glColor, glTexCoord, ...): what glRasterPos and
// immediate-mode feedback process.
VertexAttributes current_vertex_attributes(const Context& ctx, const Vec4& position);

// Whether the vertex is inside the view volume (-w <= x, y, z <= w) and on
// the kept side of every enabled client clip plane (eye · plane >= 0).
bool clip_test(const FixedState& state, const std::array<bool, kMaxClipPlanes>& plane_enabled,
               const ProcessedVertex& v);

}  // namespace brass::gl::compat
