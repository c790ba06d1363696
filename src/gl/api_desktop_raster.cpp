// Desktop core-profile state commands ES has no form of: glDrawBuffer
// (GL 4.6 core §17.4.1), glLogicOp (§17.3.9), glClampColor (§18.2.8),
// glPointParameter* (§14.4), glClearDepth with a double (§17.4.3),
// glPixelStoref (§8.4.1), and the flags behind the desktop-only enables
// (COLOR_LOGIC_OP, LINE_SMOOTH, POLYGON_SMOOTH, MULTISAMPLE,
// SAMPLE_ALPHA_TO_ONE, FRAMEBUFFER_SRGB). How the state reaches the pipe:
// fixed_function.cpp (logic op, alpha to one, MULTISAMPLE), the
// framebuffer's surfaces (FRAMEBUFFER_SRGB, framebuffer_srgb.h),
// read_pixels.cpp (CLAMP_READ_COLOR). Every entry point here is
// desktop-only: the generated entry point refuses it in an ES context
// before the handler runs.
#include <cmath>

#include "gl/compat/compat_api.h"
#include "gl/compat/compat_enums.h"
#include "gl/context.h"
#include "gl/state_queries.h"
#include "gl_functions.h"

namespace brass::gl {

bool* desktop_enable_flag(Context& ctx, GLenum cap, uint32_t* dirty) {
  FixedFunctionState& f = ctx.ff;
  switch (cap) {
    case GL_COLOR_LOGIC_OP: *dirty = kDirtyBlend; return &f.color_logic_op;
    // Antialiased lines and polygons are a quality choice GL leaves to the
    // implementation; Brass keeps the flags and rasterizes as without them.
    case GL_LINE_SMOOTH: *dirty = 0; return &f.line_smooth;
    case GL_POLYGON_SMOOTH: *dirty = 0; return &f.polygon_smooth;
    // The multisample fragment operations read it (fixed_function.cpp).
    case GL_MULTISAMPLE: *dirty = kDirtyBlend | kDirtySampleMask | kDirtyRasterizer; return &f.multisample;
    case GL_SAMPLE_ALPHA_TO_ONE: *dirty = kDirtyBlend; return &f.sample_alpha_to_one;
    // The attachments' views change (framebuffer_srgb.h).
    case GL_FRAMEBUFFER_SRGB: *dirty = kDirtyFramebuffer; return &f.framebuffer_srgb;
    // Depth offset of polygons drawn as lines or points (§14.6.5).
    case GL_POLYGON_OFFSET_LINE: *dirty = kDirtyRasterizer; return &f.polygon_offset_line;
    case GL_POLYGON_OFFSET_POINT: *dirty = kDirtyRasterizer; return &f.polygon_offset_point;
    default: return nullptr;
  }
}

namespace {

bool is_logic_op(GLenum op) { return op >= GL_CLEAR && op <= GL_SET; }

// The default framebuffer's color buffer names (GL 4.6 table 17.4).
bool is_default_buffer_name(GLenum b) {
  switch (b) {
    case GL_FRONT_LEFT: case GL_FRONT_RIGHT: case GL_BACK_LEFT: case GL_BACK_RIGHT: case GL_FRONT: case GL_BACK:
    case GL_LEFT: case GL_RIGHT: case GL_FRONT_AND_BACK:
      return true;
    default:
      return false;
  }
}

// Brass's default framebuffer has one color buffer, the back-left one
// (pbuffers have no other, window surfaces present their back buffer and
// no config is stereo): a name that includes it selects it.
bool names_back_left(GLenum b) {
  return b == GL_BACK_LEFT || b == GL_BACK || b == GL_LEFT || b == GL_FRONT_AND_BACK;
}

void point_parameter(Context& ctx, GLenum pname, GLfloat v) {
  switch (pname) {
    case GL_POINT_FADE_THRESHOLD_SIZE:
      if (v < 0 || std::isnan(v)) return ctx.set_error(GL_INVALID_VALUE);
      // Fading applies to multisampled points only, whose size it would
      // shrink below the threshold; Brass's points keep their size (a
      // choice §14.4.1 allows: the fade is a derived alpha the spec makes
      // implementation-dependent in effect), so this is only state.
      ctx.ff.point_fade_threshold_size = v;
      ctx.dirty(kDirtyUniforms);  // GLSL's gl_Point.fadeThresholdSize
      return;
    case GL_POINT_SPRITE_COORD_ORIGIN: {
      const GLenum e = static_cast<GLenum>(v);
      if (static_cast<GLfloat>(e) != v || (e != GL_UPPER_LEFT && e != GL_LOWER_LEFT))
        return ctx.set_error(GL_INVALID_ENUM);
      if (ctx.ff.point_sprite_coord_origin == e) return;
      ctx.ff.point_sprite_coord_origin = e;
      // gl_PointCoord's origin is part of the fragment shader variant.
      ctx.dirty(kDirtyProgram);
      return;
    }
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
}

}  // namespace

namespace api {

void DrawBuffer(Context& ctx, GLenum buf) { draw_buffer(ctx, ctx.draw_framebuffer.get(), buf); }

}  // namespace api

// glDrawBuffer / glNamedFramebufferDrawBuffer on one framebuffer (null:
// the default one).
void draw_buffer(Context& ctx, Framebuffer* framebuffer, GLenum buf) {
  // The compatibility profile names auxiliary buffers, of which Brass has
  // none (AUX_BUFFERS is 0): a buffer that does not exist (§17.4.1).
  if (ctx.compatibility() && buf >= GL_AUX0 && buf <= GL_AUX3)
    return ctx.set_error(GL_INVALID_OPERATION);
  if (!framebuffer) {
    if (buf == GL_NONE || names_back_left(buf)) {
      ctx.default_draw_buffer = buf;
      return ctx.dirty(kDirtyFramebuffer);
    }
    // A name of a buffer the default framebuffer lacks, or of an attachment.
    const bool attachment = buf >= GL_COLOR_ATTACHMENT0 && buf <= GL_COLOR_ATTACHMENT0 + 31;
    return ctx.set_error(is_default_buffer_name(buf) || attachment ? GL_INVALID_OPERATION : GL_INVALID_ENUM);
  }
  if (is_default_buffer_name(buf)) return ctx.set_error(GL_INVALID_OPERATION);
  if (buf != GL_NONE) {
    if (buf < GL_COLOR_ATTACHMENT0 || buf > GL_COLOR_ATTACHMENT0 + 31) return ctx.set_error(GL_INVALID_ENUM);
    if (buf - GL_COLOR_ATTACHMENT0 >= static_cast<GLenum>(ctx.limits.max_color_attachments))
      return ctx.set_error(GL_INVALID_OPERATION);
  }
  // Draw buffer 0 is `buf`, the others NONE (§17.4.1).
  Framebuffer& fb = *framebuffer;
  for (unsigned i = 0; i < kMaxColorAttachments; ++i) fb.draw_buffers[i] = i == 0 ? buf : GL_NONE;
  ctx.dirty(kDirtyFramebuffer);
}

namespace api {

void LogicOp(Context& ctx, GLenum opcode) {
  if (!is_logic_op(opcode)) return ctx.set_error(GL_INVALID_ENUM);
  if (ctx.ff.logic_op == opcode) return;
  ctx.ff.logic_op = opcode;
  if (ctx.ff.color_logic_op) ctx.dirty(kDirtyBlend);
}

void ClampColor(Context& ctx, GLenum target, GLenum clamp) {
  // The core profile has only the read clamp (GL 4.6 §18.2.8); the
  // compatibility profile the vertex and fragment colour clamps too
  // (compat/pixel_state.h).
  const bool compat_target = ctx.compatibility() && (target == GL_CLAMP_VERTEX_COLOR || target == GL_CLAMP_FRAGMENT_COLOR);
  if (target != GL_CLAMP_READ_COLOR && !compat_target) return ctx.set_error(GL_INVALID_ENUM);
  if (clamp != GL_TRUE && clamp != GL_FALSE && clamp != GL_FIXED_ONLY) return ctx.set_error(GL_INVALID_ENUM);
  if (target == GL_CLAMP_VERTEX_COLOR) ctx.compat_pixels.clamp_vertex_color = clamp;
  else if (target == GL_CLAMP_FRAGMENT_COLOR) ctx.compat_pixels.clamp_fragment_color = clamp;
  else ctx.state.clamp_read_color = clamp;
}

// The compatibility profile adds the size clamp and distance attenuation
// (gl/compat/compat_api.h point_parameter).
void PointParameterf(Context& ctx, GLenum pname, GLfloat param) {
  if (ctx.compatibility() && compat::point_parameter(ctx, pname, &param, false)) return;
  point_parameter(ctx, pname, param);
}
void PointParameterfv(Context& ctx, GLenum pname, const GLfloat* params) {
  if (!params) return;
  if (ctx.compatibility() && compat::point_parameter(ctx, pname, params, true)) return;
  point_parameter(ctx, pname, params[0]);
}
void PointParameteri(Context& ctx, GLenum pname, GLint param) { PointParameterf(ctx, pname, static_cast<GLfloat>(param)); }
void PointParameteriv(Context& ctx, GLenum pname, const GLint* params) {
  if (!params) return;
  // Three values only for the one vector parameter.
  const int n = pname == GL_POINT_DISTANCE_ATTENUATION ? 3 : 1;
  GLfloat f[3] = {0, 0, 0};
  for (int i = 0; i < n; ++i) f[i] = static_cast<GLfloat>(params[i]);
  PointParameterfv(ctx, pname, f);
}

void ClearDepth(Context& ctx, GLdouble depth) { ClearDepthf(ctx, static_cast<GLfloat>(depth)); }

// Integer parameters take the float rounded (GL 4.6 §8.4.1); boolean ones
// (none in the core profile's pack/unpack state Brass keeps) would take
// "not zero".
void PixelStoref(Context& ctx, GLenum pname, GLfloat param) {
  if (std::isnan(param)) return ctx.set_error(GL_INVALID_VALUE);
  const double r = std::nearbyint(static_cast<double>(param));
  if (r < -2147483648.0 || r > 2147483647.0) return ctx.set_error(GL_INVALID_VALUE);
  PixelStorei(ctx, pname, static_cast<GLint>(r));
}

}  // namespace api
}  // namespace brass::gl
