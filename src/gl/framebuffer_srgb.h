// FRAMEBUFFER_SRGB (GL 4.6 core §17.3.7): in a desktop context, writes and
// blending to an sRGB colour attachment are encoded only while the enable
// is on (off by default); ES always encodes. Brass renders through a
// surface whose format is the attachment's linear counterpart while
// encoding is off (colour images are created mutable-format, so the view
// may differ from the image), and through the sRGB format otherwise.
#pragma once

#include "pipe/state.h"

namespace brass::gl {
class Context;

// The format a colour surface of `format` (the view's, or the image's when
// the view has none) renders with now: `format` itself, or its linear
// counterpart while the context does not encode sRGB.
pipe::Format srgb_write_format(const Context& ctx, pipe::Format format);

}  // namespace brass::gl
