#include "gl/compressed_mipmap.h"

#include <algorithm>
#include <cstdint>
#include <new>
#include <vector>

#include "gl/context.h"
#include "gl/pixel/bc_encoder.h"
#include "gl/pixel/compressed_decode.h"
#include "gl/texture.h"

namespace brass::gl {

namespace {

// One derived level's texels from the previous level's: each output texel
// averages the 2x2 input texels it covers (the last row / column repeated
// where an odd dimension leaves one out), per 8-bit channel, rounded to
// nearest; signed channels average as two's-complement bytes.
void box_reduce(const uint8_t* src, uint32_t sw, uint32_t sh, uint8_t* dst, uint32_t dw, uint32_t dh,
                uint32_t channels, bool is_signed) {
  for (uint32_t y = 0; y < dh; ++y) {
    const uint32_t y0 = std::min(2 * y, sh - 1), y1 = std::min(2 * y + 1, sh - 1);
    for (uint32_t x = 0; x < dw; ++x) {
      const uint32_t x0 = std::min(2 * x, sw - 1), x1 = std::min(2 * x + 1, sw - 1);
      for (uint32_t c = 0; c < channels; ++c) {
        const uint8_t* at[4] = {src + (uint64_t{y0} * sw + x0) * channels + c, src + (uint64_t{y0} * sw + x1) * channels + c,
                                src + (uint64_t{y1} * sw + x0) * channels + c, src + (uint64_t{y1} * sw + x1) * channels + c};
        int32_t sum = 0;
        for (const uint8_t* p : at) sum += is_signed ? static_cast<int8_t>(*p) : *p;
        // Round half away from zero.
        const int32_t avg = sum >= 0 ? (sum + 2) / 4 : -((-sum + 2) / 4);
        dst[(uint64_t{y} * dw + x) * channels + c] = static_cast<uint8_t>(avg);
      }
    }
  }
}

}  // namespace

bool compressed_mipmaps_supported(const pixel::InternalFormatInfo& info) {
  pixel::BlockCodec codec;
  if (!info.is_compressed() || !pixel::decoded_format(info) ||
      !pixel::online_block_codec(info.internal_format, &codec))
    return false;
  // The decoded layout must be the encoder's source layout, of 8-bit
  // channels (the box filter's); the BPTC float formats are not.
  const pixel::InternalFormatInfo& decoded = *pixel::decoded_format(info);
  if (decoded.component_type == pixel::ComponentType::Float) return false;
  return pipe::describe(pixel::decoded_format(info)->storage).block_bytes == pixel::block_codec_texel_bytes(codec);
}

bool generate_compressed_mipmaps(Context& ctx, Texture& texture, GLint base, GLint last) {
  const TextureImage* b = texture.image(base, 0);
  pixel::BlockCodec codec;
  if (!b || !compressed_mipmaps_supported(*b->info) || !pixel::online_block_codec(b->info->internal_format, &codec))
    return true;
  const pixel::InternalFormatInfo& info = *b->info;
  const pixel::InternalFormatInfo& decoded = *pixel::decoded_format(info);
  const uint32_t texel = pixel::block_codec_texel_bytes(codec);
  const bool is_signed = decoded.component_type == pixel::ComponentType::SignedNormalized;
  const bool cube = texture.target == GL_TEXTURE_CUBE_MAP;
  const unsigned faces = cube ? 6u : 1u;
  // Array layers (and cube map array layer-faces) are filtered apart; a 3D
  // texture of blocks has no compressed format with an encoder.
  const uint32_t layers = cube ? 1u : static_cast<uint32_t>(b->depth);
  const uint32_t w0 = static_cast<uint32_t>(b->width), h0 = static_cast<uint32_t>(b->height);
  pipe::Context& p = ctx.pipe();
  auto pipe_failed = [&ctx, &p] {
    ctx.pipe_failed(p.status() == pipe::Status::Ok ? pipe::Status::OutOfMemory : p.status());
    return false;
  };
  std::vector<uint8_t> current, next, blocks;
  try {
    current.resize(uint64_t{w0} * h0 * texel);
    next.resize(uint64_t{std::max(1u, w0 / 2)} * std::max(1u, h0 / 2) * texel);
    // Level base + 1 is the largest derived one.
    const uint32_t w1 = std::max(1u, w0 / 2), h1 = std::max(1u, h0 / 2);
    blocks.resize(uint64_t{(w1 + 3) / 4} * ((h1 + 3) / 4) * pixel::block_codec_block_bytes(codec));
  } catch (const std::bad_alloc&) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  for (unsigned face = 0; face < faces; ++face) {
    for (uint32_t layer = 0; layer < layers; ++layer) {
      const GLint face_or_layer = static_cast<GLint>(cube ? face : layer);
      // The base level, decoded.
      uint32_t resource_level = 0, resource_layer = 0;
      pipe::Resource* r = texture_image_storage(ctx, texture, base, face_or_layer, &resource_level, &resource_layer);
      if (!r) return true;
      pipe::Box box;
      box.z = static_cast<int32_t>(resource_layer);
      box.width = static_cast<int32_t>(w0);
      box.height = static_cast<int32_t>(h0);
      pipe::Transfer* transfer = nullptr;
      const void* map = p.transfer_map(r, resource_level, pipe::kMapRead, box, &transfer);
      if (!map) return pipe_failed();
      const bool decoded_ok = pixel::decode_compressed(info, static_cast<const uint8_t*>(map), transfer->stride, w0,
                                                        h0, current.data(), uint64_t{w0} * texel);
      p.transfer_unmap(transfer);
      if (!decoded_ok) return true;
      uint32_t w = w0, h = h0;
      for (GLint level = base + 1; level <= last; ++level) {
        const uint32_t lw = std::max(1u, w / 2), lh = std::max(1u, h / 2);
        box_reduce(current.data(), w, h, next.data(), lw, lh, texel, is_signed);
        const uint64_t block_row = uint64_t{(lw + 3) / 4} * pixel::block_codec_block_bytes(codec);
        pixel::encode_image(codec, next.data(), uint64_t{lw} * texel, lw, lh, blocks.data(), block_row);
        r = texture_image_storage(ctx, texture, level, face_or_layer, &resource_level, &resource_layer);
        if (!r) return true;
        pipe::Box dst;
        dst.z = static_cast<int32_t>(resource_layer);
        dst.width = static_cast<int32_t>(lw);
        dst.height = static_cast<int32_t>(lh);
        p.texture_subdata(r, resource_level, pipe::kMapWrite, dst, blocks.data(), static_cast<uint32_t>(block_row),
                          static_cast<uint32_t>(block_row * ((lh + 3) / 4)));
        // This level is the next one's source (`next` is at most a quarter
        // of `current`, so the buffers swap without growing).
        std::swap(current, next);
        w = lw;
        h = lh;
      }
      // Restore the sizes the buffers were made with for the next layer.
      if (current.size() < next.size()) std::swap(current, next);
    }
  }
  return true;
}

}  // namespace brass::gl
