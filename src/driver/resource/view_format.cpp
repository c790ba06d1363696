#include "driver/resource/view_format.h"

#include "device/format_conversion.h"
#include "driver/resource/resource_object.h"

namespace brass::driver {

vk::FormatChoice compatible_view_format(const vk::FormatTable& formats, const ResourceObject& o,
                                        pipe::Format resource_format, pipe::Format view_format, uint32_t usage) {
  if (view_format == resource_format) return o.format;
  const pipe::FormatDescription& rd = pipe::describe(resource_format);
  const pipe::FormatDescription& vd = pipe::describe(view_format);
  // Compressed blocks stay blocks of one shape unless both are decoded.
  if (rd.is_compressed() != vd.is_compressed()) return {};
  if (rd.is_compressed() && (rd.block_width != vd.block_width || rd.block_height != vd.block_height)) return {};
  const size_t size = vk::stored_texel_size(resource_format, o.format.conversion);
  const VkFormatFeatureFlags need = vk::FormatTable::required_features(usage, false);
  for (const vk::FormatChoice& c : formats.candidates(view_format)) {
    if (c.conversion != o.format.conversion || vk::stored_texel_size(view_format, c.conversion) != size) continue;
    if ((formats.properties(c.vk).optimalTilingFeatures & need) != need) continue;
    return c;
  }
  return {};
}

vk::FormatChoice view_format_choice(const vk::FormatTable& formats, const ResourceObject& o,
                                    pipe::Format resource_format, pipe::Format view_format, uint32_t usage) {
  if (view_format == resource_format) return o.format;
  if (vk::FormatChoice c = compatible_view_format(formats, o, resource_format, view_format, usage)) return c;
  return formats.choose(view_format, usage);
}

}  // namespace brass::driver
