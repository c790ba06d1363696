// The Vulkan format a view of an image sees another pipe format as (GL's
// texture views, sRGB/linear reinterpretation, blits). Vulkan lets a
// mutable-format image be viewed in a format of its own texel size (block
// size and dimensions for compressed ones); Brass may store a pipe format
// in another Vulkan format (format_table.h conversions), so the view's
// format is the candidate stored like the image's: same conversion, same
// stored texel size.
#pragma once
#include <cstdint>

#include "device/format_table.h"
#include "pipe/format.h"

namespace brass::driver {

class ResourceObject;

// The candidate of `view_format` stored like `o` (whose pipe format is
// `resource_format`) with the features of `usage` (pipe::FormatUsage bits);
// an empty choice when there is none.
vk::FormatChoice compatible_view_format(const vk::FormatTable& formats, const ResourceObject& o,
                                        pipe::Format resource_format, pipe::Format view_format, uint32_t usage);
// The format a view in `view_format` is made with: `o`'s own for the
// resource's format, else the compatible candidate, else the table's
// choice for `usage` (reinterpretations whose size matches anyway).
vk::FormatChoice view_format_choice(const vk::FormatTable& formats, const ResourceObject& o,
                                    pipe::Format resource_format, pipe::Format view_format, uint32_t usage);

}  // namespace brass::driver
