// The current raster position (GL 4.6 compatibility profile §14.7; GL 2.1
// §2.13): glRasterPos* transforms a point as a vertex would be and keeps
// its window coordinates, validity (clipping), colours, texture
// coordinates and eye distance for the pixel rectangle commands;
// glWindowPos* sets window coordinates directly.
//
// With a program current, GL runs its vertex shader on the raster position
// (§14.7: "the vertex shader... determines the raster position"). Brass
// computes it with the fixed-function vertex pipeline in every case; see
// docs/compatibility.md.
#include <algorithm>
#include <cmath>

#include "gl/compat/cpu_vertex.h"
#include "gl/compat/pixel_state.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::compat {

namespace {

// The current values the raster position takes (§14.7).
void take_current_values(Context& ctx, RasterPosition& r) {
  const auto& cur = ctx.vertex_spec.current;
  for (int k = 0; k < 4; ++k) {
    r.color[k] = cur[kColor][k];
    r.secondary_color[k] = cur[kSecondaryColor][k];
  }
  r.index = cur[kColorIndex][0];
}

Vec4 vec(const std::array<GLfloat, 4>& v) { return Vec4{v[0], v[1], v[2], v[3]}; }
void store(const Vec4& v, GLfloat* out) {
  out[0] = v.x;
  out[1] = v.y;
  out[2] = v.z;
  out[3] = v.w;
}

// The point goes through the fixed-function vertex pipeline (compat-state's
// CPU form of it: transform, lighting, texgen, texture matrices, fog
// coordinate), is clipped, and lands in window coordinates.
void raster_pos(Context& ctx, GLfloat x, GLfloat y, GLfloat z, GLfloat w) {
  if (refuse_inside_begin_end(ctx)) return;
  RasterPosition& r = ctx.compat_pixels.raster;
  const auto& cur = ctx.vertex_spec.current;
  VertexAttributes in;
  in.position = Vec4{x, y, z, w};
  in.normal = vec(cur[kNormal]);
  in.color = vec(cur[kColor]);
  in.secondary_color = vec(cur[kSecondaryColor]);
  for (unsigned u = 0; u < kMaxTextureCoords; ++u) in.texcoord[u] = vec(cur[kTexCoord0 + u]);
  in.fog_coord = cur[kFogCoord][0];
  const ProcessedVertex v = process_vertex_on_cpu(ctx.compat_state, in);
  // Outside the view volume or an enabled client clip plane, the raster
  // position is invalid and nothing else changes (§14.7).
  std::array<bool, kMaxClipPlanes> planes{};
  for (size_t i = 0; i < planes.size() && i < ctx.ff.clip_distance.size(); ++i) planes[i] = ctx.ff.clip_distance[i];
  if (!clip_test(ctx.compat_state, planes, v)) {
    r.valid = false;
    return;
  }
  // Window coordinates through viewport 0 and its depth range (§13.8).
  const auto& vp = ctx.ff.viewports.viewport[0];
  const auto& dr = ctx.ff.viewports.depth_range[0];
  const GLfloat nx = v.clip.x / v.clip.w, ny = v.clip.y / v.clip.w, nz = v.clip.z / v.clip.w;
  const bool upper_left = ctx.ff.clip_origin == GL_UPPER_LEFT_EXT;
  r.window[0] = vp[0] + (nx + 1.0f) * vp[2] * 0.5f;
  r.window[1] = vp[1] + ((upper_left ? -ny : ny) + 1.0f) * vp[3] * 0.5f;
  const GLfloat zw = ctx.ff.clip_depth_mode == GL_ZERO_TO_ONE_EXT ? nz : (nz + 1.0f) * 0.5f;
  r.window[2] = std::clamp(dr[0] + (dr[1] - dr[0]) * zw, 0.0f, 1.0f);
  r.window[3] = v.clip.w;
  r.valid = true;
  r.distance = v.fog_coord;
  store(v.front_color, r.color);
  store(v.front_secondary_color, r.secondary_color);
  r.index = cur[kColorIndex][0];
  for (unsigned u = 0; u < RasterPosition::kTexCoordSets && u < kMaxTextureCoords; ++u)
    r.texcoords[u] = {v.texcoord[u].x, v.texcoord[u].y, v.texcoord[u].z, v.texcoord[u].w};
}

// §14.7.1: window coordinates as given (z through the depth range, clamped
// to [0,1] first), always valid; the current values unlit and untransformed.
void window_pos(Context& ctx, GLfloat x, GLfloat y, GLfloat z) {
  if (refuse_inside_begin_end(ctx)) return;
  RasterPosition& r = ctx.compat_pixels.raster;
  const auto& dr = ctx.ff.viewports.depth_range[0];
  r.window[0] = x;
  r.window[1] = y;
  const GLfloat zc = std::clamp(std::isnan(z) ? 0.0f : z, 0.0f, 1.0f);
  r.window[2] = dr[0] + zc * (dr[1] - dr[0]);
  r.window[3] = 1.0f;
  r.valid = true;
  const auto& cur = ctx.vertex_spec.current;
  r.distance = ctx.compat_state.fog.coord_src == GL_FOG_COORD ? cur[kFogCoord][0] : 0.0f;
  take_current_values(ctx, r);
  for (int k = 0; k < 4; ++k) {
    r.color[k] = std::clamp(r.color[k], 0.0f, 1.0f);
    r.secondary_color[k] = std::clamp(r.secondary_color[k], 0.0f, 1.0f);
  }
  for (unsigned u = 0; u < RasterPosition::kTexCoordSets; ++u) {
    const auto& t = cur[kTexCoord0 + u];
    r.texcoords[u] = {t[0], t[1], t[2], t[3]};
  }
}

}  // namespace

}  // namespace brass::gl::compat

namespace brass::gl::api {

using compat::raster_pos;
using compat::window_pos;

#define BRASS_RASTER_POS(Suffix, T)                                                                  \
  void RasterPos2##Suffix(Context& ctx, T x, T y) { raster_pos(ctx, GLfloat(x), GLfloat(y), 0, 1); } \
  void RasterPos3##Suffix(Context& ctx, T x, T y, T z) {                                             \
    raster_pos(ctx, GLfloat(x), GLfloat(y), GLfloat(z), 1);                                          \
  }                                                                                                  \
  void RasterPos4##Suffix(Context& ctx, T x, T y, T z, T w) {                                        \
    raster_pos(ctx, GLfloat(x), GLfloat(y), GLfloat(z), GLfloat(w));                                 \
  }                                                                                                  \
  void RasterPos2##Suffix##v(Context& ctx, const T* v) {                                             \
    if (v) raster_pos(ctx, GLfloat(v[0]), GLfloat(v[1]), 0, 1);                                      \
  }                                                                                                  \
  void RasterPos3##Suffix##v(Context& ctx, const T* v) {                                             \
    if (v) raster_pos(ctx, GLfloat(v[0]), GLfloat(v[1]), GLfloat(v[2]), 1);                          \
  }                                                                                                  \
  void RasterPos4##Suffix##v(Context& ctx, const T* v) {                                             \
    if (v) raster_pos(ctx, GLfloat(v[0]), GLfloat(v[1]), GLfloat(v[2]), GLfloat(v[3]));              \
  }                                                                                                  \
  void WindowPos2##Suffix(Context& ctx, T x, T y) { window_pos(ctx, GLfloat(x), GLfloat(y), 0); }    \
  void WindowPos3##Suffix(Context& ctx, T x, T y, T z) {                                             \
    window_pos(ctx, GLfloat(x), GLfloat(y), GLfloat(z));                                             \
  }                                                                                                  \
  void WindowPos2##Suffix##v(Context& ctx, const T* v) {                                             \
    if (v) window_pos(ctx, GLfloat(v[0]), GLfloat(v[1]), 0);                                         \
  }                                                                                                  \
  void WindowPos3##Suffix##v(Context& ctx, const T* v) {                                             \
    if (v) window_pos(ctx, GLfloat(v[0]), GLfloat(v[1]), GLfloat(v[2]));                             \
  }
BRASS_RASTER_POS(s, GLshort)
BRASS_RASTER_POS(i, GLint)
BRASS_RASTER_POS(f, GLfloat)
BRASS_RASTER_POS(d, GLdouble)
#undef BRASS_RASTER_POS

}  // namespace brass::gl::api
