// Selection and feedback on the CPU (GL 4.6 compatibility §20): primitive
// assembly, clipping, culling, the viewport transform, hit records and
// feedback tokens. Draws reach this only in SELECT or FEEDBACK mode, so
// nothing here is on the rendering path.
#include "gl/compat/select_feedback.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "gl/context.h"

namespace brass::gl {

namespace {

// A vertex after clipping: FeedbackVertex's values plus the flags
// polygon clipping needs.
using Vtx = FeedbackVertex;

Vtx lerp(const Vtx& a, const Vtx& b, GLfloat t) {
  Vtx r;
  for (int c = 0; c < 4; ++c) {
    r.clip[c] = a.clip[c] + t * (b.clip[c] - a.clip[c]);
    r.color[c] = a.color[c] + t * (b.color[c] - a.color[c]);
    r.texcoord[c] = a.texcoord[c] + t * (b.texcoord[c] - a.texcoord[c]);
  }
  r.clip_planes = a.clip_planes;
  for (int p = 0; p < a.clip_planes; ++p)
    r.clip_distance[p] = a.clip_distance[p] + t * (b.clip_distance[p] - a.clip_distance[p]);
  r.edge_flag = a.edge_flag;
  return r;
}

// Clip planes: the six of the view volume (-w <= x, y, z <= w; with a
// [0, 1] depth clip space 0 <= z) then the client planes.
int plane_count(const Vtx& v) { return 6 + v.clip_planes; }

GLfloat plane_distance(const Context& ctx, const Vtx& v, int plane) {
  const GLfloat* c = v.clip;
  switch (plane) {
    case 0: return c[3] + c[0];
    case 1: return c[3] - c[0];
    case 2: return c[3] + c[1];
    case 3: return c[3] - c[1];
    case 4: return ctx.ff.clip_depth_mode == GL_ZERO_TO_ONE ? c[2] : c[3] + c[2];
    case 5: return c[3] - c[2];
    default: return v.clip_distance[plane - 6];
  }
}

// Window coordinates of a clipped vertex (viewport 0 and its depth range).
void to_window(const Context& ctx, const Vtx& v, GLfloat out[4]) {
  const GLfloat w = v.clip[3];
  const GLfloat inv = w != 0 ? 1.0f / w : 0.0f;
  const GLfloat x = v.clip[0] * inv;
  GLfloat y = v.clip[1] * inv;
  const GLfloat z = v.clip[2] * inv;
  if (ctx.ff.clip_origin == GL_UPPER_LEFT) y = -y;
  const auto& vp = ctx.ff.viewports.viewport[0];
  const auto& dr = ctx.ff.viewports.depth_range[0];
  out[0] = vp[0] + (x + 1.0f) * 0.5f * vp[2];
  out[1] = vp[1] + (y + 1.0f) * 0.5f * vp[3];
  const GLfloat zn = ctx.ff.clip_depth_mode == GL_ZERO_TO_ONE ? z : (z + 1.0f) * 0.5f;
  out[2] = dr[0] + zn * (dr[1] - dr[0]);
  out[3] = w;
}

void feedback_value(SelectFeedbackState& s, GLfloat v) {
  if (s.feedback_written < s.feedback_size) s.feedback_buffer[s.feedback_written] = v;
  // Counted past the end too: RenderMode reports the overflow.
  if (s.feedback_written < INT32_MAX) ++s.feedback_written;
}

// One vertex in the feedback buffer's layout (§20.3, table 20.1).
void feedback_vertex(SelectFeedbackState& s, const GLfloat win[4], const GLfloat color[4], const GLfloat tex[4]) {
  feedback_value(s, win[0]);
  feedback_value(s, win[1]);
  const GLenum type = s.feedback_type;
  if (type == GL_2D) return;
  feedback_value(s, win[2]);
  if (type == GL_4D_COLOR_TEXTURE) feedback_value(s, win[3]);
  if (type == GL_3D) return;
  for (int c = 0; c < 4; ++c) feedback_value(s, color[c]);
  if (type == GL_3D_COLOR) return;
  for (int c = 0; c < 4; ++c) feedback_value(s, tex[c]);
}

void feedback_vtx(Context& ctx, const Vtx& v) {
  GLfloat win[4];
  to_window(ctx, v, win);
  feedback_vertex(ctx.legacy.select_feedback, win, v.color, v.texcoord);
}

void select_hit(Context& ctx, GLfloat z) {
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  z = std::clamp(z, 0.0f, 1.0f);
  s.hit = true;
  s.hit_min_z = std::min(s.hit_min_z, z);
  s.hit_max_z = std::max(s.hit_max_z, z);
}

void select_vertices(Context& ctx, const Vtx* v, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    GLfloat win[4];
    to_window(ctx, v[i], win);
    select_hit(ctx, win[2]);
  }
}

bool inside(const Context& ctx, const Vtx& v) {
  for (int p = 0; p < plane_count(v); ++p)
    if (plane_distance(ctx, v, p) < 0) return false;
  return true;
}

void emit_point(Context& ctx, const Vtx& v) {
  if (!inside(ctx, v)) return;
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (s.mode == GL_SELECT) return select_vertices(ctx, &v, 1);
  feedback_value(s, static_cast<GLfloat>(GL_POINT_TOKEN));
  feedback_vtx(ctx, v);
}

// A line segment, clipped parametrically against every plane.
void emit_line(Context& ctx, const Vtx& a, const Vtx& b, bool reset) {
  GLfloat t0 = 0, t1 = 1;
  for (int p = 0; p < plane_count(a); ++p) {
    const GLfloat da = plane_distance(ctx, a, p), db = plane_distance(ctx, b, p);
    if (da < 0 && db < 0) return;
    if (da < 0) t0 = std::max(t0, da / (da - db));
    else if (db < 0) t1 = std::min(t1, da / (da - db));
  }
  if (t0 > t1) return;
  const Vtx ca = t0 > 0 ? lerp(a, b, t0) : a;
  const Vtx cb = t1 < 1 ? lerp(a, b, t1) : b;
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (s.mode == GL_SELECT) {
    const Vtx both[2] = {ca, cb};
    return select_vertices(ctx, both, 2);
  }
  feedback_value(s, static_cast<GLfloat>(reset ? GL_LINE_RESET_TOKEN : GL_LINE_TOKEN));
  feedback_vtx(ctx, ca);
  feedback_vtx(ctx, cb);
}

// A polygon of n vertices (edge i from v[i] to v[i + 1] is a boundary edge
// when v[i].edge_flag), clipped, culled and emitted.
// Clipping is Sutherland-Hodgman, one plane at a time (the polygon is
// convex, so each plane adds at most one vertex). Selection and feedback
// are not the rendering path: the vectors are allocated per polygon.
void emit_polygon(Context& ctx, const Vtx* in, size_t n) {
  if (n < 3) return;
  std::vector<Vtx> src(in, in + n), dst;
  for (int p = 0; p < plane_count(in[0]) && src.size() >= 3; ++p) {
    dst.clear();
    for (size_t i = 0; i < src.size(); ++i) {
      const Vtx& a = src[i];
      const Vtx& b = src[(i + 1) % src.size()];
      const GLfloat da = plane_distance(ctx, a, p), db = plane_distance(ctx, b, p);
      if (da >= 0) dst.push_back(a);
      if ((da >= 0) != (db >= 0)) {
        Vtx x = lerp(a, b, da / (da - db));
        // Entering: the new vertex starts the rest of a's edge (a's flag);
        // leaving: it starts an edge along the clip plane, which is not a
        // boundary edge of the original polygon.
        x.edge_flag = da < 0 ? a.edge_flag : false;
        dst.push_back(x);
      }
    }
    src.swap(dst);
  }
  const int count = static_cast<int>(src.size());
  if (count < 3) return;
  const Vtx* v = src.data();
  std::vector<std::array<GLfloat, 4>> win(src.size());
  for (int i = 0; i < count; ++i) to_window(ctx, v[i], win[i].data());
  // Facing from the window-space area (§14.6.1).
  double area = 0;
  for (int i = 0; i < count; ++i) {
    const int j = (i + 1) % count;
    area += static_cast<double>(win[i][0]) * win[j][1] - static_cast<double>(win[j][0]) * win[i][1];
  }
  const bool front = ctx.ff.front_face == GL_CCW ? area > 0 : area < 0;
  const FixedFunctionState& f = ctx.ff;
  if (f.cull_face && (f.cull_face_mode == GL_FRONT_AND_BACK || (f.cull_face_mode == GL_FRONT) == front)) return;
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (s.mode == GL_SELECT) {
    for (int i = 0; i < count; ++i) select_hit(ctx, win[i][2]);
    return;
  }
  const GLenum mode = front ? f.polygon_mode : f.polygon_mode_back;
  if (mode == GL_FILL) {
    feedback_value(s, static_cast<GLfloat>(GL_POLYGON_TOKEN));
    feedback_value(s, static_cast<GLfloat>(count));
    for (int i = 0; i < count; ++i) feedback_vertex(s, win[i].data(), v[i].color, v[i].texcoord);
    return;
  }
  if (mode == GL_POINT) {
    for (int i = 0; i < count; ++i) {
      if (!v[i].edge_flag) continue;
      feedback_value(s, static_cast<GLfloat>(GL_POINT_TOKEN));
      feedback_vertex(s, win[i].data(), v[i].color, v[i].texcoord);
    }
    return;
  }
  bool reset = true;
  for (int i = 0; i < count; ++i) {
    if (!v[i].edge_flag) continue;
    const int j = (i + 1) % count;
    feedback_value(s, static_cast<GLfloat>(reset ? GL_LINE_RESET_TOKEN : GL_LINE_TOKEN));
    feedback_vertex(s, win[i].data(), v[i].color, v[i].texcoord);
    feedback_vertex(s, win[j].data(), v[j].color, v[j].texcoord);
    reset = false;
  }
}

// A triangle of a strip or fan: all its edges are boundary edges.
void emit_triangle(Context& ctx, const Vtx& a, const Vtx& b, const Vtx& c, bool keep_flags) {
  Vtx t[3] = {a, b, c};
  if (!keep_flags)
    for (Vtx& x : t) x.edge_flag = true;
  emit_polygon(ctx, t, 3);
}

}  // namespace

bool select_feedback_active(const Context& ctx) { return ctx.legacy.select_feedback.mode != GL_RENDER; }

void select_feedback_primitives(Context& ctx, GLenum mode, const FeedbackVertex* v, size_t count) {
  switch (mode) {
    case GL_POINTS:
      for (size_t i = 0; i < count; ++i) emit_point(ctx, v[i]);
      return;
    case GL_LINES:
      for (size_t i = 0; i + 1 < count; i += 2) emit_line(ctx, v[i], v[i + 1], true);
      return;
    case GL_LINE_STRIP:
    case GL_LINE_LOOP:
      if (count < 2) return;
      for (size_t i = 0; i + 1 < count; ++i) emit_line(ctx, v[i], v[i + 1], i == 0);
      if (mode == GL_LINE_LOOP) emit_line(ctx, v[count - 1], v[0], false);
      return;
    case GL_TRIANGLES:
      for (size_t i = 0; i + 2 < count; i += 3) emit_triangle(ctx, v[i], v[i + 1], v[i + 2], true);
      return;
    case GL_TRIANGLE_STRIP:
      // Odd triangles swap their first two vertices to keep the winding.
      for (size_t i = 0; i + 2 < count; ++i) {
        if (i % 2 == 0) emit_triangle(ctx, v[i], v[i + 1], v[i + 2], false);
        else emit_triangle(ctx, v[i + 1], v[i], v[i + 2], false);
      }
      return;
    case GL_TRIANGLE_FAN:
      for (size_t i = 1; i + 1 < count; ++i) emit_triangle(ctx, v[0], v[i], v[i + 1], false);
      return;
    case GL_QUADS:
      for (size_t i = 0; i + 3 < count; i += 4) emit_polygon(ctx, v + i, 4);
      return;
    case GL_QUAD_STRIP:
      // Quad i is v[2i], v[2i+1], v[2i+3], v[2i+2]; every edge a boundary.
      for (size_t i = 0; i + 3 < count; i += 2) {
        Vtx q[4] = {v[i], v[i + 1], v[i + 3], v[i + 2]};
        for (Vtx& x : q) x.edge_flag = true;
        emit_polygon(ctx, q, 4);
      }
      return;
    case GL_POLYGON:
      emit_polygon(ctx, v, count);
      return;
    default: return;
  }
}

void select_feedback_pixels(Context& ctx, GLenum token, const GLfloat window[4], const GLfloat color[4],
                            const GLfloat texcoord[4]) {
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (s.mode == GL_SELECT) return select_hit(ctx, window[2]);
  if (s.mode != GL_FEEDBACK) return;
  feedback_value(s, static_cast<GLfloat>(token));
  feedback_vertex(s, window, color, texcoord);
}

void pixel_rect_feedback(Context& ctx, GLenum token) {
  const compat::RasterPosition& r = ctx.compat_pixels.raster;
  if (!r.valid) return;
  select_feedback_pixels(ctx, token, r.window, r.color, r.texcoords[0].data());
}

void feedback_pass_through(Context& ctx, GLfloat token) {
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  feedback_value(s, static_cast<GLfloat>(GL_PASS_THROUGH_TOKEN));
  feedback_value(s, token);
}

void flush_hit_record(Context& ctx) {
  SelectFeedbackState& s = ctx.legacy.select_feedback;
  if (!s.hit) return;
  auto put = [&s](GLuint word) {
    if (s.select_written < s.select_size) s.select_buffer[s.select_written++] = word;
    else s.select_overflow = true;
  };
  // Window z in [0, 1] scaled to [0, 2^32 - 1] (§20.2).
  auto scale = [](GLfloat z) { return static_cast<GLuint>(std::llround(static_cast<double>(z) * 4294967295.0)); };
  put(static_cast<GLuint>(s.name_depth));
  put(scale(s.hit_min_z));
  put(scale(s.hit_max_z));
  for (int i = 0; i < s.name_depth; ++i) put(s.names[i]);
  ++s.hit_records;
  s.hit = false;
  s.hit_min_z = 1;
  s.hit_max_z = 0;
}

}  // namespace brass::gl
