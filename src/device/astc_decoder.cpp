#include "device/astc_decoder.h"

#include <astcenc.h>

#include <array>
#include <mutex>

namespace brass::vk::astc {
namespace {

// astcenc_context_alloc fills tables shared by every context of the process
// (the compressor's angular tables: the same values each time, but written
// without a lock), so allocations are serialized. Decoding needs no lock:
// each context is used by one thread at a time.
std::mutex& context_alloc_mutex() {
  static std::mutex m;
  return m;
}

// Making a context costs 10 to 45 ms (libastcenc builds the footprint's
// block-mode and partition tables), far more than decoding a typical
// texture level: every upload of a mip level or sub-image would pay it.
// Released contexts wait here, keyed by footprint and profile, for the next
// conversion on any thread; a single-thread context needs no reset between
// images. At most kIdle wait (the least recently released is freed first),
// in a fixed array: no allocation under the lock.
class ContextPool {
 public:
  astcenc_context* take(uint32_t block_width, uint32_t block_height, bool srgb) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (size_t i = count_; i-- > 0;) {
      if (idle_[i].block_width == block_width && idle_[i].block_height == block_height && idle_[i].srgb == srgb) {
        astcenc_context* context = idle_[i].context;
        for (size_t j = i + 1; j < count_; ++j) idle_[j - 1] = idle_[j];
        --count_;
        return context;
      }
    }
    return nullptr;
  }
  void give(uint32_t block_width, uint32_t block_height, bool srgb, astcenc_context* context) {
    astcenc_context* evicted = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (count_ == kIdle) {
        evicted = idle_[0].context;
        for (size_t j = 1; j < count_; ++j) idle_[j - 1] = idle_[j];
        --count_;
      }
      idle_[count_++] = {block_width, block_height, srgb, context};
    }
    if (evicted) astcenc_context_free(evicted);
  }

 private:
  static constexpr size_t kIdle = 8;
  struct Entry {
    uint32_t block_width, block_height;
    bool srgb;
    astcenc_context* context;
  };
  std::mutex mutex_;
  std::array<Entry, kIdle> idle_{};
  size_t count_ = 0;
};

// Never destroyed: decodes may run on application threads until the process
// ends, and libastcenc frees nothing a process exit would not.
ContextPool& context_pool() {
  static ContextPool* pool = new ContextPool;
  return *pool;
}

}  // namespace

Decoder::Decoder(uint32_t block_width, uint32_t block_height, bool srgb)
    : block_width_(block_width), block_height_(block_height), srgb_(srgb) {
  context_ = context_pool().take(block_width, block_height, srgb);
  if (context_) return;
  astcenc_config config{};
  const astcenc_profile profile = srgb ? ASTCENC_PRF_LDR_SRGB : ASTCENC_PRF_LDR;
  // 2D blocks only (block depth 1); the quality preset only matters to the
  // compressor.
  if (astcenc_config_init(profile, block_width, block_height, 1, ASTCENC_PRE_FASTEST, ASTCENC_FLG_DECOMPRESS_ONLY,
                          &config) != ASTCENC_SUCCESS) {
    return;
  }
  astcenc_context* context = nullptr;
  astcenc_error status;
  {
    std::lock_guard<std::mutex> lock(context_alloc_mutex());
    status = astcenc_context_alloc(&config, 1, &context);
  }
  // On failure libastcenc has released what it allocated.
  if (status == ASTCENC_SUCCESS) context_ = context;
}

Decoder::~Decoder() {
  if (context_) context_pool().give(block_width_, block_height_, srgb_, context_);
}

bool Decoder::decode_block_row(const uint8_t* blocks, size_t blocks_size, uint32_t width, uint32_t rows, uint8_t* out) {
  if (!context_ || blocks == nullptr || out == nullptr || width == 0 || rows == 0 || rows > block_height_) return false;
  // libastcenc indexes texels and blocks with (unsigned) int: keep a row of
  // blocks far from their range.
  if (width > (1u << 28)) return false;
  const size_t blocks_x = (size_t{width} + block_width_ - 1) / block_width_;
  if (blocks_size < blocks_x * kBlockBytes) return false;
  void* slices[1] = {out};
  astcenc_image image{};
  image.dim_x = width;
  image.dim_y = rows;
  image.dim_z = 1;
  image.data_type = ASTCENC_TYPE_U8;
  image.data = slices;
  const astcenc_swizzle identity{ASTCENC_SWZ_R, ASTCENC_SWZ_G, ASTCENC_SWZ_B, ASTCENC_SWZ_A};
  // A single-thread context resets itself at the start of each image.
  return astcenc_decompress_image(context_, blocks, blocks_x * kBlockBytes, &image, &identity, 0) == ASTCENC_SUCCESS;
}

}  // namespace brass::vk::astc
