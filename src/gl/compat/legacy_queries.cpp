// The legacy state's glGet answers, enables and hints (GL 4.6
// compatibility chapter 23's tables for the state legacy_state.h holds),
// and the GL 1.x implementation values.
#include "gl/compat/legacy_queries.h"

#include <initializer_list>

#include "gl/compat/attrib_stack.h"
#include "gl/context.h"

namespace brass::gl {

namespace {

LegacyQueryValue ints(std::initializer_list<GLint64> v) {
  LegacyQueryValue q;
  for (GLint64 x : v) q.i[q.count++] = x;
  return q;
}
LegacyQueryValue floats(std::initializer_list<GLfloat> v) {
  LegacyQueryValue q;
  q.kind = LegacyQueryValue::Float;
  for (GLfloat x : v) q.f[q.count++] = x;
  return q;
}
LegacyQueryValue boolean(bool v) {
  LegacyQueryValue q;
  q.kind = LegacyQueryValue::Bool;
  q.b[q.count++] = v;
  return q;
}

}  // namespace

bool legacy_query(Context& ctx, GLenum pname, LegacyQueryValue* out) {
  const LegacyState& l = ctx.legacy;
  const LegacyRasterState& r = l.raster;
  const EvaluatorState& e = l.eval;
  const SelectFeedbackState& sf = l.select_feedback;
  switch (pname) {
    // Attribute stacks (§21.6).
    case GL_ATTRIB_STACK_DEPTH: *out = ints({static_cast<GLint64>(l.attrib_stack.size())}); return true;
    case GL_MAX_ATTRIB_STACK_DEPTH: *out = ints({kMaxAttribStackDepth}); return true;
    // Selection and feedback (§20).
    case GL_RENDER_MODE: *out = ints({sf.mode}); return true;
    case GL_NAME_STACK_DEPTH: *out = ints({sf.name_depth}); return true;
    case GL_MAX_NAME_STACK_DEPTH: *out = ints({kMaxNameStackDepth}); return true;
    case GL_SELECTION_BUFFER_SIZE: *out = ints({sf.select_size}); return true;
    case GL_FEEDBACK_BUFFER_SIZE: *out = ints({sf.feedback_size}); return true;
    case GL_FEEDBACK_BUFFER_TYPE: *out = ints({sf.feedback_type}); return true;
    // Evaluators (§12.1).
    case GL_MAX_EVAL_ORDER: *out = ints({kMaxEvalOrder}); return true;
    case GL_MAP1_GRID_DOMAIN: *out = floats({e.grid1_u1, e.grid1_u2}); return true;
    case GL_MAP1_GRID_SEGMENTS: *out = ints({e.grid1_n}); return true;
    case GL_MAP2_GRID_DOMAIN: *out = floats({e.grid2_u1, e.grid2_u2, e.grid2_v1, e.grid2_v2}); return true;
    case GL_MAP2_GRID_SEGMENTS: *out = ints({e.grid2_un, e.grid2_vn}); return true;
    // Stipples and polygon modes.
    case GL_LINE_STIPPLE_PATTERN: *out = ints({r.line_stipple_pattern}); return true;
    case GL_LINE_STIPPLE_REPEAT: *out = ints({r.line_stipple_repeat}); return true;
    case GL_POLYGON_MODE: *out = ints({ctx.ff.polygon_mode, ctx.ff.polygon_mode_back}); return true;
    // Color-index state: no color-index buffers (RGBA_MODE).
    case GL_INDEX_WRITEMASK:
      *out = ints({static_cast<GLint64>(r.index_writemask)});
      out->mask = true;
      return true;
    case GL_INDEX_CLEAR_VALUE: *out = floats({r.clear_index}); return true;
    case GL_INDEX_MODE: *out = boolean(false); return true;
    case GL_RGBA_MODE: *out = boolean(true); return true;
    case GL_INDEX_BITS: *out = ints({0}); return true;
    // No auxiliary color buffers.
    case GL_AUX_BUFFERS: *out = ints({0}); return true;
    // Legacy hints.
    case GL_PERSPECTIVE_CORRECTION_HINT: *out = ints({r.perspective_correction_hint}); return true;
    case GL_POINT_SMOOTH_HINT: *out = ints({r.point_smooth_hint}); return true;
    case GL_FOG_HINT: *out = ints({r.fog_hint}); return true;
    default: return false;
  }
}

bool legacy_pointer(Context& ctx, GLenum pname, void** out) {
  const SelectFeedbackState& s = ctx.legacy.select_feedback;
  switch (pname) {
    case GL_SELECTION_BUFFER_POINTER: *out = s.select_buffer; return true;
    case GL_FEEDBACK_BUFFER_POINTER: *out = s.feedback_buffer; return true;
    default: return false;
  }
}

bool* legacy_enable_flag(Context& ctx, GLenum cap, uint32_t* dirty) {
  LegacyRasterState& r = ctx.legacy.raster;
  switch (cap) {
    case GL_LINE_STIPPLE: *dirty = kDirtyRasterizer; return &r.line_stipple;
    // The stipple test is compiled into the fixed-function fragment stage.
    case GL_POLYGON_STIPPLE: *dirty = kDirtyProgram; return &r.polygon_stipple;
    case GL_INDEX_LOGIC_OP: *dirty = 0; return &r.index_logic_op;
    default: break;
  }
  *dirty = 0;
  return eval_enable_flag(ctx.legacy.eval, cap);
}

bool legacy_hint(Context& ctx, GLenum target, GLenum mode) {
  LegacyRasterState& r = ctx.legacy.raster;
  switch (target) {
    case GL_PERSPECTIVE_CORRECTION_HINT: r.perspective_correction_hint = mode; return true;
    case GL_POINT_SMOOTH_HINT: r.point_smooth_hint = mode; return true;
    case GL_FOG_HINT: r.fog_hint = mode; return true;
    default: return false;
  }
}

}  // namespace brass::gl
