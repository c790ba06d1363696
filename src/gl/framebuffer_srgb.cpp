#include "gl/framebuffer_srgb.h"

#include "gl/context.h"

namespace brass::gl {

namespace {

// The UNORM format with the same memory as an sRGB one (None: not sRGB).
pipe::Format linear_counterpart(pipe::Format f) {
  switch (f) {
    case pipe::Format::R8_SRGB: return pipe::Format::R8_UNORM;
    case pipe::Format::RG8_SRGB: return pipe::Format::RG8_UNORM;
    case pipe::Format::RGB8_SRGB: return pipe::Format::RGB8_UNORM;
    case pipe::Format::RGBA8_SRGB: return pipe::Format::RGBA8_UNORM;
    case pipe::Format::BGRA8_SRGB: return pipe::Format::BGRA8_UNORM;
    default: return pipe::Format::None;
  }
}

}  // namespace

pipe::Format srgb_write_format(const Context& ctx, pipe::Format format) {
  if (!ctx.desktop() || ctx.ff.framebuffer_srgb) return format;
  const pipe::Format linear = linear_counterpart(format);
  return linear == pipe::Format::None ? format : linear;
}

}  // namespace brass::gl
