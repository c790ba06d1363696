// Selection and feedback render modes (GL 4.6 compatibility §20, GL 2.1
// §5.2-5.3). In SELECT or FEEDBACK mode nothing is rasterized: the draw
// path hands its primitives' vertices, already transformed to clip
// coordinates by the CPU vertex pipeline, to select_feedback_primitives,
// which clips them against the view volume and the enabled client clip
// planes, culls polygons, maps them to window coordinates and then
// records a hit (selection) or writes tokens (feedback).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "gl/compat/compat_enums.h"
#include "gl/gl_types.h"

namespace brass::gl {

class Context;

// MAX_NAME_STACK_DEPTH (at least 64).
inline constexpr int kMaxNameStackDepth = 64;
// Client clip planes a vertex may carry distances for (MAX_CLIP_PLANES).
inline constexpr int kFeedbackMaxClipPlanes = 8;

struct SelectFeedbackState {
  GLenum mode = GL_RENDER;
  // glSelectBuffer.
  GLuint* select_buffer = nullptr;
  GLsizei select_size = 0;
  GLsizei select_written = 0;  // values written since SELECT mode began
  GLint hit_records = 0;
  bool select_overflow = false;
  std::array<GLuint, kMaxNameStackDepth> names{};
  int name_depth = 0;
  // A primitive or raster position hit since the last name-stack change;
  // window z in [0, 1] of the nearest and farthest.
  bool hit = false;
  GLfloat hit_min_z = 1, hit_max_z = 0;
  // glFeedbackBuffer.
  GLfloat* feedback_buffer = nullptr;
  GLsizei feedback_size = 0;
  GLenum feedback_type = GL_2D;
  GLsizei feedback_written = 0;  // values counted (may exceed the size: overflow)
  // LINE_RESET_TOKEN starts every new line strip or loop (the stipple
  // restarts there); the first segment after a reset is flagged.
  bool line_reset = true;
};

// A vertex as the CPU vertex pipeline delivers it.
struct FeedbackVertex {
  GLfloat clip[4] = {0, 0, 0, 1};      // clip coordinates
  GLfloat color[4] = {1, 1, 1, 1};     // the lit or current front color
  GLfloat texcoord[4] = {0, 0, 0, 1};  // texture unit 0's transformed coordinate
  // Distances to the enabled client clip planes (the plane equation dotted
  // with the eye position): inside where >= 0. Set clip_planes to the
  // number of planes given (the first clip_planes entries are used).
  GLfloat clip_distance[kFeedbackMaxClipPlanes] = {};
  int clip_planes = 0;
  bool edge_flag = true;  // polygon edges starting here are boundary edges
};

// Whether draws go to selection or feedback instead of the rasterizer.
bool select_feedback_active(const Context& ctx);

// Processes `count` vertices drawn as `mode` (POINTS ... POLYGON, the
// primitive modes of §10.1) in SELECT or FEEDBACK mode.
void select_feedback_primitives(Context& ctx, GLenum mode, const FeedbackVertex* v, size_t count);

// A raster-position command's part: glBitmap (BITMAP_TOKEN), glDrawPixels
// (DRAW_PIXEL_TOKEN) or glCopyPixels (COPY_PIXEL_TOKEN) with the current
// raster position given in window coordinates (with its color and texture
// coordinates, clip w in window[3]); in SELECT mode a hit at its z.
// Nothing happens when the raster position is invalid (the caller checks).
void select_feedback_pixels(Context& ctx, GLenum token, const GLfloat window[4], const GLfloat color[4],
                            const GLfloat texcoord[4]);

// glDrawPixels / glBitmap / glCopyPixels in SELECT or FEEDBACK mode, after
// their errors were checked: with a valid current raster position, a hit
// at its z or `token` (DRAW_PIXEL_TOKEN, BITMAP_TOKEN, COPY_PIXEL_TOKEN)
// and the raster position's vertex; nothing otherwise.
void pixel_rect_feedback(Context& ctx, GLenum token);

// glRenderMode's and the name-stack commands' part that writes hit records.
void flush_hit_record(Context& ctx);
// glPassThrough in FEEDBACK mode: PASS_THROUGH_TOKEN and the value.
void feedback_pass_through(Context& ctx, GLfloat token);

}  // namespace brass::gl
