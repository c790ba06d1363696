// Desktop core-profile rasterization state that ES does not have (GL 4.6
// core §10.3.6, §13.6, §14.4, §14.6.4, §14.8): polygon mode, provoking
// vertex, primitive restart index, point size; and its queries. The enables
// (DEPTH_CLAMP, PRIMITIVE_RESTART, PROGRAM_POINT_SIZE) are in api_state.cpp's
// enable table, the queries in state_queries.cpp. Every entry point here is desktop-only: the generated entry
// point refuses it in an ES context before the handler runs.
#include "gl/compat/legacy_queries.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

void PolygonMode(Context& ctx, GLenum face, GLenum mode) {
  if (ctx.compatibility()) return legacy_polygon_mode(ctx, face, mode);  // separate faces
  // Core profile: FRONT_AND_BACK only (GL 4.6 core §14.6.4).
  if (face != GL_FRONT_AND_BACK) return ctx.set_error(GL_INVALID_ENUM);
  if (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL) return ctx.set_error(GL_INVALID_ENUM);
  if (ctx.ff.polygon_mode == mode) return;
  ctx.ff.polygon_mode = ctx.ff.polygon_mode_back = mode;
  ctx.dirty(kDirtyRasterizer);
}

void ProvokingVertex(Context& ctx, GLenum mode) {
  if (mode != GL_FIRST_VERTEX_CONVENTION && mode != GL_LAST_VERTEX_CONVENTION)
    return ctx.set_error(GL_INVALID_ENUM);
  if (ctx.ff.provoking_vertex == mode) return;
  ctx.ff.provoking_vertex = mode;
  ctx.dirty(kDirtyRasterizer);
}

void PrimitiveRestartIndex(Context& ctx, GLuint index) { ctx.ff.primitive_restart_index = index; }

void PointSize(Context& ctx, GLfloat size) {
  if (!(size > 0)) return ctx.set_error(GL_INVALID_VALUE);
  ctx.ff.point_size = size;
  // GLSL's gl_Point.size (gl/compat/builtin_uniforms.h), and the size of
  // points without PROGRAM_POINT_SIZE (a program variant's input).
  ctx.dirty(kDirtyUniforms | kDirtyDrawChecks);
}

}  // namespace brass::gl::api
