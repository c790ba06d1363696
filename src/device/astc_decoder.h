// ASTC LDR decoding (KHR_texture_compression_astc_ldr) through libastcenc,
// Arm's reference codec (Debian's libastcenc-dev). Used when the device has
// no ASTC formats (lavapipe, desktop NVIDIA): the driver decodes on upload to
// RGBA8 UNORM, or to RGBA8 SRGB for the sRGB formats.
//
// sRGB: libastcenc's ASTCENC_PRF_LDR_SRGB profile does not convert colors;
// it returns the 8-bit sRGB-encoded values the ASTC specification feeds to
// the sRGB-to-linear conversion (the top 8 bits of each endpoint and
// void-extent color). Those bytes are stored in an *_SRGB VkFormat, whose
// sampler does the one conversion.
//
// Invalid blocks (reserved encodings, HDR endpoints in an LDR profile) decode
// to the codec's error color, never a failure: a failure means the codec
// could not run at all (no memory, an unsupported CPU).
#pragma once

#include <cstddef>
#include <cstdint>

struct astcenc_context;

namespace brass::vk::astc {

inline constexpr size_t kBlockBytes = 16;

// One libastcenc context for a block footprint and profile. A context may
// only decode one image at a time: make one per conversion (or per thread).
// Creating a context takes 10-45 ms, so a destroyed Decoder hands its
// context to a small process-wide pool that the next Decoder of the same
// footprint and profile takes it from. Creation is serialized internally
// (libastcenc fills process-wide tables while it allocates a context).
class Decoder {
 public:
  Decoder(uint32_t block_width, uint32_t block_height, bool srgb);
  ~Decoder();
  Decoder(const Decoder&) = delete;
  Decoder& operator=(const Decoder&) = delete;

  // False when libastcenc refused the configuration or could not allocate.
  bool ok() const { return context_ != nullptr; }

  // Decodes one row of blocks: `blocks` holds ceil(width / block width)
  // blocks (`blocks_size` bytes, at least that many times 16), covering
  // `rows` (1 .. block height) rows of `width` texels, written as tight
  // RGBA8 rows to `out` (width * rows * 4 bytes). Texels of edge blocks past
  // `width` or `rows` are dropped. False on a codec failure or a buffer too
  // small for the region.
  bool decode_block_row(const uint8_t* blocks, size_t blocks_size, uint32_t width, uint32_t rows, uint8_t* out);

 private:
  astcenc_context* context_ = nullptr;
  uint32_t block_width_ = 0, block_height_ = 0;
  bool srgb_ = false;
};

}  // namespace brass::vk::astc
