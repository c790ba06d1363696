// Viewport-array state: the setters that keep index 0's mirrors true, the
// indexed queries, and the driver's viewports and scissors of every index.
#include "gl/viewport_array.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <span>

#include "gl/context.h"

namespace brass::gl {

GLuint max_viewports(const Context& ctx) {
  const bool arrays = ctx.has_extension(ctx.desktop() ? "GL_ARB_viewport_array" : "GL_OES_viewport_array");
  if (!arrays) return 1;
  return static_cast<GLuint>(std::clamp<int64_t>(
      const_cast<Context&>(ctx).screen().get_cap(pipe::Cap::MaxViewports), 1, pipe::kMaxViewports));
}

void viewport_bounds(const Context& ctx, GLfloat out[2]) {
  // At least [-32768, 32767] (GL 4.6 table 23.53, OES_viewport_array).
  const GLint dim = std::max({ctx.limits.max_viewport_dims[0], ctx.limits.max_viewport_dims[1], 16384});
  out[0] = -2.0f * static_cast<GLfloat>(dim);
  out[1] = 2.0f * static_cast<GLfloat>(dim) - 1.0f;
}

void set_viewports(Context& ctx, GLuint first, GLsizei count, const GLfloat* xywh) {
  ViewportArrays& va = ctx.ff.viewports;
  GLfloat bounds[2];
  viewport_bounds(ctx, bounds);
  for (GLsizei i = 0; i < count; ++i) {
    const GLfloat* v = xywh + 4 * i;
    // NaN clamps to the low bound (std::clamp keeps it; fmax does not).
    auto& out = va.viewport[first + static_cast<GLuint>(i)];
    out[0] = std::fmin(std::fmax(v[0], bounds[0]), bounds[1]);
    out[1] = std::fmin(std::fmax(v[1], bounds[0]), bounds[1]);
    out[2] = std::fmin(std::fmax(v[2], 0.0f), static_cast<GLfloat>(ctx.limits.max_viewport_dims[0]));
    out[3] = std::fmin(std::fmax(v[3], 0.0f), static_cast<GLfloat>(ctx.limits.max_viewport_dims[1]));
  }
  if (first == 0 && count > 0) {
    // GetIntegerv(VIEWPORT) and the one-viewport paths read index 0 rounded.
    for (int k = 0; k < 4; ++k) ctx.state.viewport[k] = static_cast<GLint>(std::lround(va.viewport[0][k]));
  }
  ctx.dirty(kDirtyViewport);
}

void set_scissors(Context& ctx, GLuint first, GLsizei count, const GLint* xywh) {
  ViewportArrays& va = ctx.ff.viewports;
  for (GLsizei i = 0; i < count; ++i)
    for (int k = 0; k < 4; ++k) va.scissor[first + static_cast<GLuint>(i)][k] = xywh[4 * i + k];
  if (first == 0 && count > 0)
    for (int k = 0; k < 4; ++k) ctx.state.scissor[k] = va.scissor[0][k];
  ctx.dirty(kDirtyScissor);
}

void set_depth_ranges(Context& ctx, GLuint first, GLsizei count, const GLfloat* near_far) {
  ViewportArrays& va = ctx.ff.viewports;
  for (GLsizei i = 0; i < count; ++i)
    for (int k = 0; k < 2; ++k)
      va.depth_range[first + static_cast<GLuint>(i)][k] = std::fmin(std::fmax(near_far[2 * i + k], 0.0f), 1.0f);
  if (first == 0 && count > 0) {
    ctx.ff.depth_range[0] = va.depth_range[0][0];
    ctx.ff.depth_range[1] = va.depth_range[0][1];
  }
  ctx.dirty(kDirtyViewport | kDirtyUniforms);  // and gl_DepthRange (index 0's)
}

void set_scissor_test(Context& ctx, GLuint first, GLsizei count, bool on) {
  ViewportArrays& va = ctx.ff.viewports;
  const uint32_t old = va.scissor_test;
  for (GLsizei i = 0; i < count; ++i) {
    const uint32_t bit = 1u << (first + static_cast<GLuint>(i));
    va.scissor_test = on ? (va.scissor_test | bit) : (va.scissor_test & ~bit);
  }
  ctx.ff.scissor_test = (va.scissor_test & 1u) != 0;
  if (va.scissor_test != old) ctx.dirty(kDirtyScissor | kDirtyRasterizer);
}

void reset_viewports_to_drawable(Context& ctx, GLint width, GLint height) {
  ViewportArrays& va = ctx.ff.viewports;
  for (GLuint i = 0; i < pipe::kMaxViewports; ++i) {
    va.viewport[i][2] = static_cast<GLfloat>(std::min(width, ctx.limits.max_viewport_dims[0]));
    va.viewport[i][3] = static_cast<GLfloat>(std::min(height, ctx.limits.max_viewport_dims[1]));
    va.scissor[i][2] = width;
    va.scissor[i][3] = height;
  }
  ctx.state.viewport[2] = static_cast<GLint>(va.viewport[0][2]);
  ctx.state.viewport[3] = static_cast<GLint>(va.viewport[0][3]);
  ctx.state.scissor[2] = width;
  ctx.state.scissor[3] = height;
  ctx.dirty(kDirtyViewport | kDirtyScissor);
}

int viewport_indexed_state(Context& ctx, GLenum pname, GLuint index, GLint64 ints[4], GLfloat floats[4],
                           bool* is_float) {
  if (pname != GL_VIEWPORT && pname != GL_SCISSOR_BOX && pname != GL_DEPTH_RANGE && pname != GL_SCISSOR_TEST)
    return -1;
  if (max_viewports(ctx) <= 1 && pname != GL_SCISSOR_TEST) return -1;
  if (index >= max_viewports(ctx)) {
    ctx.set_error(GL_INVALID_VALUE);
    return 0;
  }
  const ViewportArrays& va = ctx.ff.viewports;
  *is_float = false;
  switch (pname) {
    case GL_VIEWPORT:
      *is_float = true;
      for (int k = 0; k < 4; ++k) floats[k] = va.viewport[index][k];
      return 4;
    case GL_SCISSOR_BOX:
      for (int k = 0; k < 4; ++k) ints[k] = va.scissor[index][k];
      return 4;
    case GL_DEPTH_RANGE:
      *is_float = true;
      floats[0] = va.depth_range[index][0];
      floats[1] = va.depth_range[index][1];
      return 2;
    default: ints[0] = (va.scissor_test >> index) & 1u; return 1;
  }
}

void emit_viewports(Context& ctx) {
  const ViewportArrays& va = ctx.ff.viewports;
  const GLuint n = max_viewports(ctx);
  GLfloat bounds[2];
  viewport_bounds(ctx, bounds);
  std::array<pipe::Viewport, pipe::kMaxViewports> vps;
  for (GLuint i = 0; i < n; ++i) {
    pipe::Viewport& vp = vps[i];
    vp.x = va.viewport[i][0];
    vp.y = va.viewport[i][1];
    vp.width = va.viewport[i][2];
    vp.height = va.viewport[i][3];
    vp.min_depth = va.depth_range[i][0];
    vp.max_depth = va.depth_range[i][1];
    // A zero-sized viewport draws nothing in GL; Vulkan forbids width 0, and
    // the driver treats 0 as "whole framebuffer", so keep it tiny instead.
    if (vp.width <= 0) vp.width = 1.0f / 256;
    if (vp.height <= 0) vp.height = 1.0f / 256;
    // Vulkan wants the far edge inside the bounds range too. Only a
    // viewport that starts past every framebuffer (x > MAX_VIEWPORT_DIMS)
    // reaches it, so narrowing it changes no pixel.
    if (vp.x + vp.width > bounds[1]) vp.width = std::fmax(1.0f / 256, bounds[1] - vp.x);
    if (vp.y + vp.height > bounds[1]) vp.height = std::fmax(1.0f / 256, bounds[1] - vp.y);
    // EXT_clip_control's upper-left origin: y_d = -y_c / w_c, the same
    // rectangle drawn mirrored (Vulkan's negative viewport height).
    if (ctx.ff.clip_origin == GL_UPPER_LEFT_EXT) {
      vp.y += vp.height;
      vp.height = -vp.height;
    }
  }
  ctx.pipe().set_viewports(0, std::span(vps.data(), n));
}

void emit_scissors(Context& ctx) {
  const ViewportArrays& va = ctx.ff.viewports;
  const GLuint n = max_viewports(ctx);
  std::array<pipe::ScissorRect, pipe::kMaxViewports> rects;
  for (GLuint i = 0; i < n; ++i) {
    pipe::ScissorRect& s = rects[i];
    // The rasterizer scissors when any index's test is on; the indices whose
    // test is off get a rectangle that covers every framebuffer.
    if (!((va.scissor_test >> i) & 1u)) {
      s = {0, 0, static_cast<uint32_t>(INT32_MAX), static_cast<uint32_t>(INT32_MAX)};
      continue;
    }
    s.x = va.scissor[i][0];
    s.y = va.scissor[i][1];
    s.width = static_cast<uint32_t>(std::max(0, va.scissor[i][2]));
    s.height = static_cast<uint32_t>(std::max(0, va.scissor[i][3]));
    // Negative origins clip the rectangle rather than shift it (negated in
    // unsigned arithmetic: -INT_MIN is no int). An origin plus size past
    // INT32_MAX is clipped there (Vulkan's offset + extent must fit an int32).
    if (s.x < 0) {
      const uint32_t cut = 0u - static_cast<uint32_t>(s.x);
      s.width = s.width > cut ? s.width - cut : 0;
      s.x = 0;
    }
    if (s.y < 0) {
      const uint32_t cut = 0u - static_cast<uint32_t>(s.y);
      s.height = s.height > cut ? s.height - cut : 0;
      s.y = 0;
    }
    s.width = std::min<uint32_t>(s.width, static_cast<uint32_t>(INT32_MAX - s.x));
    s.height = std::min<uint32_t>(s.height, static_cast<uint32_t>(INT32_MAX - s.y));
  }
  ctx.pipe().set_scissors(0, std::span(rects.data(), n));
}

}  // namespace brass::gl
