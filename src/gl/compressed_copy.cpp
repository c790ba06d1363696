#include "gl/compressed_copy.h"

#include <algorithm>
#include <new>
#include <vector>

#include "gl/context.h"
#include "gl/pixel/bc_encoder.h"
#include "gl/pixel/client_format.h"
#include "gl/pixel/pack_unpack.h"
#include "gl/texture_storage.h"

namespace brass::gl {

bool copy_can_compress(const Context& ctx, const pixel::InternalFormatInfo& compressed) {
  pixel::BlockCodec codec;
  if (!compressed.is_compressed() || !pixel::online_block_codec(compressed.internal_format, &codec)) return false;
  return ctx.desktop() || !(compressed.availability & pixel::kAvailBptc);
}

bool copy_compressing(Context& ctx, const CompressedCopySource& src, GLint x, GLint y, GLsizei w, GLsizei h,
                      const TextureImage& img, GLint dx, GLint dy, GLint dz) {
  pixel::BlockCodec codec;
  if (w <= 0 || h <= 0 || !img.resource || !pixel::online_block_codec(img.info->internal_format, &codec)) return true;
  const pixel::InternalFormatInfo& source = *pixel::find_internal_format(pixel::block_codec_source_format(codec));
  const pixel::PixelLayout layout = pixel::storage_layout(source);
  const uint64_t row = uint64_t{pixel::block_codec_texel_bytes(codec)} * static_cast<uint64_t>(w);
  std::vector<uint8_t> texels;
  try {
    texels.assign(row * static_cast<uint64_t>(h), 0);
  } catch (const std::bad_alloc&) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  // The part of the rectangle inside the read buffer (64-bit: x + w may
  // overflow an int at the ends of its range).
  const int64_t x0 = std::max<int64_t>(0, x), y0 = std::max<int64_t>(0, y);
  const int64_t x1 = std::min<int64_t>(src.width, int64_t{x} + w), y1 = std::min<int64_t>(src.height, int64_t{y} + h);
  if (x1 > x0 && y1 > y0) {
    pipe::Box box;
    box.x = static_cast<int32_t>(x0);
    box.y = static_cast<int32_t>(y0);
    box.z = static_cast<int32_t>(src.layer);
    box.width = static_cast<int32_t>(x1 - x0);
    box.height = static_cast<int32_t>(y1 - y0);
    box.depth = 1;
    pipe::Context& p = ctx.pipe();
    pipe::Transfer* transfer = nullptr;
    const void* map = p.transfer_map(src.resource, src.level, pipe::kMapRead, box, &transfer);
    if (!map) {
      ctx.pipe_failed(p.status() == pipe::Status::Ok ? pipe::Status::OutOfMemory : p.status());
      return false;
    }
    // Into the staging rectangle at the covered part's place.
    pixel::PixelStoreParams pack;
    pack.alignment = 1;
    pack.row_length = w;
    pack.skip_pixels = static_cast<int32_t>(x0 - x);
    pack.skip_rows = static_cast<int32_t>(y0 - y);
    const GLenum e = pixel::pack_pixels(*src.info, map, transfer->stride, 0, pack, layout.format, layout.type,
                                        texels.data(), false,
                                        pixel::PixelExtent{uint32_t(x1 - x0), uint32_t(y1 - y0), 1});
    p.transfer_unmap(transfer);
    if (e != GL_NO_ERROR) {
      ctx.set_error(e);
      return false;
    }
  }
  return upload_encoded(ctx, img, dx, dy, dz, uint32_t(w), uint32_t(h), 1, codec, texels, row);
}

}  // namespace brass::gl
