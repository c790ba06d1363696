// Handlers for fixed-function state: blend, color mask, depth, stencil,
// culling, polygon offset, line width, sample coverage, hints. Each records
// state and dirties its group; pipe objects are built at the next draw.
#include <algorithm>

#include "gl/advanced_blend.h"
#include "gl/compat/legacy_queries.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// ES 3.0 table 4.2 plus EXT_blend_func_extended, which adds the SRC1
// factors and SRC_ALPHA_SATURATE as a destination factor.
bool valid_factor(const Context& ctx, GLenum f, bool destination) {
  const bool src1 = f == GL_SRC1_COLOR_EXT || f == GL_SRC1_ALPHA_EXT || f == GL_ONE_MINUS_SRC1_COLOR_EXT ||
                    f == GL_ONE_MINUS_SRC1_ALPHA_EXT;
  if (!src1 && !is_blend_factor(f)) return false;
  if (src1 || (destination && f == GL_SRC_ALPHA_SATURATE)) return ctx.has_feature("GL_EXT_blend_func_extended");
  return true;
}

bool is_face(GLenum face) { return face == GL_FRONT || face == GL_BACK || face == GL_FRONT_AND_BACK; }

template <typename Fn>
void for_faces(Context& ctx, GLenum face, Fn&& fn) {
  if (face == GL_FRONT || face == GL_FRONT_AND_BACK) fn(ctx.ff.stencil_front);
  if (face == GL_BACK || face == GL_FRONT_AND_BACK) fn(ctx.ff.stencil_back);
}

}  // namespace

namespace {
// The draw buffers a call sets: all of them, or the one `index` names (an
// index past MAX_DRAW_BUFFERS is INVALID_VALUE).
bool draw_buffer_range(Context& ctx, GLint index, unsigned* first, unsigned* last) {
  if (index < 0) {
    *first = 0;
    *last = pipe::kMaxColorBuffers - 1;
    return true;
  }
  if (index >= ctx.limits.max_draw_buffers) {
    ctx.set_error(GL_INVALID_VALUE);
    return false;
  }
  *first = *last = static_cast<unsigned>(index);
  return true;
}

constexpr GLint kAllBuffers = -1;

void blend_func(Context& ctx, GLint index, GLenum src_rgb, GLenum dst_rgb, GLenum src_alpha, GLenum dst_alpha) {
  unsigned first, last;
  if (!draw_buffer_range(ctx, index, &first, &last)) return;
  if (!valid_factor(ctx, src_rgb, false) || !valid_factor(ctx, dst_rgb, true) ||
      !valid_factor(ctx, src_alpha, false) || !valid_factor(ctx, dst_alpha, true))
    return ctx.set_error(GL_INVALID_ENUM);
  for (unsigned i = first; i <= last; ++i) {
    gl::BlendEquation& e = ctx.ff.blend_eq[i];
    e.src_rgb = src_rgb;
    e.dst_rgb = dst_rgb;
    e.src_alpha = src_alpha;
    e.dst_alpha = dst_alpha;
  }
  ctx.dirty(kDirtyBlend);
}

// `advanced`: glBlendEquation(i), which also take KHR_blend_equation_advanced's
// equations (for colour and alpha at once); the Separate forms never do.
void blend_equation(Context& ctx, GLint index, GLenum mode_rgb, GLenum mode_alpha, bool advanced = false) {
  unsigned first, last;
  if (!draw_buffer_range(ctx, index, &first, &last)) return;
  const bool advanced_ok = advanced && advanced_equation(mode_rgb) != compiler::AdvancedBlendEquation::None &&
                           ctx.has_extension("GL_KHR_blend_equation_advanced");
  if (!advanced_ok && (!is_blend_equation(mode_rgb) || !is_blend_equation(mode_alpha)))
    return ctx.set_error(GL_INVALID_ENUM);
  for (unsigned i = first; i <= last; ++i) {
    ctx.ff.blend_eq[i].rgb = mode_rgb;
    ctx.ff.blend_eq[i].alpha = mode_alpha;
  }
  if (advanced_ok) ctx.ff.advanced_equation_chosen = true;
  ctx.dirty(kDirtyBlend);
}

void color_mask(Context& ctx, GLint index, GLboolean r, GLboolean g, GLboolean b, GLboolean a) {
  unsigned first, last;
  if (!draw_buffer_range(ctx, index, &first, &last)) return;
  // Stored as given (any nonzero value is true), as glGetBooleanv reports.
  for (unsigned i = first; i <= last; ++i) ctx.ff.color_mask[i] = {r, g, b, a};
  ctx.dirty(kDirtyBlend);
}
}  // namespace

void BlendFunc(Context& ctx, GLenum sfactor, GLenum dfactor) {
  blend_func(ctx, kAllBuffers, sfactor, dfactor, sfactor, dfactor);
}
void BlendFuncSeparate(Context& ctx, GLenum src_rgb, GLenum dst_rgb, GLenum src_alpha, GLenum dst_alpha) {
  blend_func(ctx, kAllBuffers, src_rgb, dst_rgb, src_alpha, dst_alpha);
}
void BlendEquation(Context& ctx, GLenum mode) { blend_equation(ctx, kAllBuffers, mode, mode, true); }
void BlendEquationSeparate(Context& ctx, GLenum mode_rgb, GLenum mode_alpha) {
  blend_equation(ctx, kAllBuffers, mode_rgb, mode_alpha);
}

// EXT/OES_draw_buffers_indexed (ES 3.2 core): the same for one draw buffer.
void BlendFunci(Context& ctx, GLuint buf, GLenum sfactor, GLenum dfactor) {
  blend_func(ctx, static_cast<GLint>(std::min<GLuint>(buf, INT32_MAX)), sfactor, dfactor, sfactor, dfactor);
}
void BlendFuncSeparatei(Context& ctx, GLuint buf, GLenum src_rgb, GLenum dst_rgb, GLenum src_alpha,
                        GLenum dst_alpha) {
  blend_func(ctx, static_cast<GLint>(std::min<GLuint>(buf, INT32_MAX)), src_rgb, dst_rgb, src_alpha, dst_alpha);
}
void BlendEquationi(Context& ctx, GLuint buf, GLenum mode) {
  blend_equation(ctx, static_cast<GLint>(std::min<GLuint>(buf, INT32_MAX)), mode, mode, true);
}
void BlendEquationSeparatei(Context& ctx, GLuint buf, GLenum mode_rgb, GLenum mode_alpha) {
  blend_equation(ctx, static_cast<GLint>(std::min<GLuint>(buf, INT32_MAX)), mode_rgb, mode_alpha);
}
void ColorMaski(Context& ctx, GLuint index, GLboolean r, GLboolean g, GLboolean b, GLboolean a) {
  color_mask(ctx, static_cast<GLint>(std::min<GLuint>(index, INT32_MAX)), r, g, b, a);
}

void BlendColor(Context& ctx, GLfloat r, GLfloat g, GLfloat b, GLfloat a) {
  // Clamped only when used with fixed-point buffers; ES 3.0 stores as given.
  GLfloat* c = ctx.ff.blend_color;
  c[0] = r;
  c[1] = g;
  c[2] = b;
  c[3] = a;
  ctx.dirty(kDirtyBlendColor);
}

void ColorMask(Context& ctx, GLboolean r, GLboolean g, GLboolean b, GLboolean a) {
  color_mask(ctx, kAllBuffers, r, g, b, a);
}

void DepthFunc(Context& ctx, GLenum func) {
  if (!is_compare_func(func)) return ctx.set_error(GL_INVALID_ENUM);
  ctx.ff.depth_func = func;
  ctx.dirty(kDirtyDepthStencil);
}

void DepthMask(Context& ctx, GLboolean flag) {
  ctx.ff.depth_mask = flag != GL_FALSE;
  ctx.dirty(kDirtyDepthStencil);
}

void DepthRangef(Context& ctx, GLfloat n, GLfloat f) {
  // Every viewport's (GL 4.6 §13.8.1, OES_viewport_array).
  const GLfloat nf[2] = {n, f};
  for (GLuint i = 0; i < pipe::kMaxViewports; ++i) set_depth_ranges(ctx, i, 1, nf);
}

void StencilFuncSeparate(Context& ctx, GLenum face, GLenum func, GLint ref, GLuint mask) {
  if (!is_face(face) || !is_compare_func(func)) return ctx.set_error(GL_INVALID_ENUM);
  for_faces(ctx, face, [&](StencilFaceState& s) {
    s.func = func;
    s.ref = ref;
    s.value_mask = mask;
  });
  ctx.dirty(kDirtyDepthStencil | kDirtyStencilRef);
}

void StencilFunc(Context& ctx, GLenum func, GLint ref, GLuint mask) {
  StencilFuncSeparate(ctx, GL_FRONT_AND_BACK, func, ref, mask);
}

void StencilOpSeparate(Context& ctx, GLenum face, GLenum sfail, GLenum dpfail, GLenum dppass) {
  if (!is_face(face) || !is_stencil_op(sfail) || !is_stencil_op(dpfail) || !is_stencil_op(dppass))
    return ctx.set_error(GL_INVALID_ENUM);
  for_faces(ctx, face, [&](StencilFaceState& s) {
    s.fail = sfail;
    s.zfail = dpfail;
    s.zpass = dppass;
  });
  ctx.dirty(kDirtyDepthStencil);
}

void StencilOp(Context& ctx, GLenum sfail, GLenum dpfail, GLenum dppass) {
  StencilOpSeparate(ctx, GL_FRONT_AND_BACK, sfail, dpfail, dppass);
}

void StencilMaskSeparate(Context& ctx, GLenum face, GLuint mask) {
  if (!is_face(face)) return ctx.set_error(GL_INVALID_ENUM);
  for_faces(ctx, face, [&](StencilFaceState& s) { s.write_mask = mask; });
  ctx.dirty(kDirtyDepthStencil);
}

void StencilMask(Context& ctx, GLuint mask) { StencilMaskSeparate(ctx, GL_FRONT_AND_BACK, mask); }

void CullFace(Context& ctx, GLenum mode) {
  if (!is_face(mode)) return ctx.set_error(GL_INVALID_ENUM);
  ctx.ff.cull_face_mode = mode;
  ctx.dirty(kDirtyRasterizer);
}

void FrontFace(Context& ctx, GLenum mode) {
  if (mode != GL_CW && mode != GL_CCW) return ctx.set_error(GL_INVALID_ENUM);
  ctx.ff.front_face = mode;
  ctx.dirty(kDirtyRasterizer);
}

// EXT_clip_control (GL 4.5 core): clip-space origin and depth mode.
void ClipControl(Context& ctx, GLenum origin, GLenum depth) {
  if (!ctx.has_feature("GL_EXT_clip_control")) return ctx.set_error(GL_INVALID_OPERATION);
  if (origin != GL_LOWER_LEFT_EXT && origin != GL_UPPER_LEFT_EXT) return ctx.set_error(GL_INVALID_ENUM);
  if (depth != GL_NEGATIVE_ONE_TO_ONE_EXT && depth != GL_ZERO_TO_ONE_EXT) return ctx.set_error(GL_INVALID_ENUM);
  ctx.ff.clip_origin = origin;
  ctx.ff.clip_depth_mode = depth;
  ctx.dirty(kDirtyRasterizer | kDirtyViewport);
}

// EXT_polygon_offset_clamp: the offset is clamped to [-|clamp|, |clamp|]
// toward zero by its sign (0 and NaN: no clamp).
void PolygonOffsetClamp(Context& ctx, GLfloat factor, GLfloat units, GLfloat clamp) {
  if (!ctx.has_feature("GL_EXT_polygon_offset_clamp")) return ctx.set_error(GL_INVALID_OPERATION);
  PolygonOffset(ctx, factor, units);
  ctx.ff.polygon_offset_clamp = clamp == clamp ? clamp : 0.0f;
}

void PolygonOffset(Context& ctx, GLfloat factor, GLfloat units) {
  ctx.ff.polygon_offset_factor = factor;
  ctx.ff.polygon_offset_units = units;
  ctx.dirty(kDirtyRasterizer);
}

void LineWidth(Context& ctx, GLfloat width) {
  if (!(width > 0)) return ctx.set_error(GL_INVALID_VALUE);
  ctx.ff.line_width = width;
  ctx.dirty(kDirtyRasterizer);
}

void SampleCoverage(Context& ctx, GLfloat value, GLboolean invert) {
  ctx.ff.sample_coverage_value = std::clamp(value, 0.0f, 1.0f);
  ctx.ff.sample_coverage_invert = invert != GL_FALSE;
  ctx.dirty(kDirtySampleMask);
}

void Hint(Context& ctx, GLenum target, GLenum mode) {
  if (mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE) return ctx.set_error(GL_INVALID_ENUM);
  switch (target) {
    case GL_GENERATE_MIPMAP_HINT: ctx.state.generate_mipmap_hint = mode; return;
    case GL_FRAGMENT_SHADER_DERIVATIVE_HINT: ctx.state.fragment_shader_derivative_hint = mode; return;
    // Desktop only (GL 4.6 §21.5).
    case GL_LINE_SMOOTH_HINT:
      if (!ctx.desktop()) break;
      ctx.state.line_smooth_hint = mode;
      return;
    case GL_POLYGON_SMOOTH_HINT:
      if (!ctx.desktop()) break;
      ctx.state.polygon_smooth_hint = mode;
      return;
    case GL_TEXTURE_COMPRESSION_HINT:
      if (!ctx.desktop()) break;
      ctx.state.texture_compression_hint = mode;
      return;
    default:
      if (ctx.compatibility() && legacy_hint(ctx, target, mode)) return;
      break;
  }
  ctx.set_error(GL_INVALID_ENUM);
}

}  // namespace brass::gl::api
