// Handlers that act on the bound framebuffers: glClear, glReadPixels,
// glFlush, glFinish.
#include <algorithm>
#include <cstring>

#include "gl/context.h"
#include "gl/read_pixels.h"
#include "gl_functions.h"

namespace brass::gl::api {

void Clear(Context& ctx, GLbitfield mask) {
  if (mask & ~(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
    return ctx.set_error(GL_INVALID_VALUE);
  if (!validate_for_clear(ctx)) return ctx.set_error(GL_INVALID_FRAMEBUFFER_OPERATION);
  // RASTERIZER_DISCARD discards clears too (ES 3.0 §4.2.3).
  if (ctx.ff.rasterizer_discard) return;
  const FixedFunctionState& f = ctx.ff;
  const FramebufferInfo& fb = ctx.validation.framebuffer;
  uint32_t buffers = 0;
  if ((mask & GL_COLOR_BUFFER_BIT) && fb.color_buffers) {
    for (uint32_t i = 0; i < fb.color_buffers; ++i) buffers |= pipe::kClearColor0 << i;
  }
  if ((mask & GL_DEPTH_BUFFER_BIT) && fb.has_depth && f.depth_mask) buffers |= pipe::kClearDepth;
  if ((mask & GL_STENCIL_BUFFER_BIT) && fb.has_stencil && (f.stencil_front.write_mask & 0xff))
    buffers |= pipe::kClearStencil;
  if (!buffers) return;
  pipe::ColorValue color{};
  for (int i = 0; i < 4; ++i) color.f[i] = ctx.state.clear_color[i];
  pipe::ScissorRect scissor;
  const pipe::ScissorRect* scissor_ptr = nullptr;
  if (f.scissor_test) {
    const GLint* s = ctx.state.scissor;
    const int32_t x0 = std::max(0, s[0]), y0 = std::max(0, s[1]);
    const int32_t x1 = std::min<int32_t>(static_cast<int32_t>(fb.width), s[0] + s[2]);
    const int32_t y1 = std::min<int32_t>(static_cast<int32_t>(fb.height), s[1] + s[3]);
    if (x1 <= x0 || y1 <= y0) return;
    scissor = {x0, y0, static_cast<uint32_t>(x1 - x0), static_cast<uint32_t>(y1 - y0)};
    scissor_ptr = &scissor;
  }
  ctx.pipe().clear(buffers, scissor_ptr, color, ctx.state.clear_depth,
                   static_cast<uint32_t>(ctx.state.clear_stencil) & f.stencil_front.write_mask & 0xff);
}

void ReadPixels(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height, GLenum format, GLenum type,
                void* pixels) {
  read_pixels(ctx, x, y, width, height, format, type, pixels);
}

void Flush(Context& ctx) { ctx.pipe().flush(nullptr, 0); }

void Finish(Context& ctx) {
  Ref<pipe::Fence> fence;
  ctx.pipe().flush(&fence, 0);
  if (fence) ctx.screen().fence_finish(fence.get(), UINT64_MAX);
}

}  // namespace brass::gl::api
