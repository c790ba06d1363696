#include "driver/resource/compressed_shadow.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace brass::driver {

CompressedShadow::Extent CompressedShadow::extent(uint32_t level) const {
  const pipe::FormatDescription& d = pipe::describe(templ_.format);
  const uint32_t w = std::max(1u, templ_.width >> level), h = std::max(1u, templ_.height >> level);
  const uint32_t layers = templ_.target == pipe::Target::Texture3D ? std::max(1u, templ_.depth >> level)
                                                                    : std::max(1u, templ_.array_size);
  return {(w + d.block_width - 1) / d.block_width, (h + d.block_height - 1) / d.block_height, layers};
}

bool CompressedShadow::allocate(uint32_t level) {
  if (level >= levels_.size() || level >= templ_.levels) return false;
  std::vector<uint8_t>& bytes = levels_[level];
  if (!bytes.empty()) return true;
  const Extent e = extent(level);
  // Every factor is bounded by the device's image limits: no overflow.
  const size_t size = size_t(e.row_blocks) * e.rows * e.layers * pipe::describe(templ_.format).block_bytes;
  try {
    bytes.assign(size, 0);
  } catch (const std::bad_alloc&) {
    return false;
  }
  return true;
}

namespace {

// The block rectangle of a texel box, clipped to the level (a box that
// reaches the level's edge covers its last partial block).
struct BlockRect {
  uint32_t x, y, z, w, h, d;
};
BlockRect block_rect(const pipe::FormatDescription& f, const pipe::Box& box) {
  const uint32_t x = uint32_t(box.x) / f.block_width, y = uint32_t(box.y) / f.block_height;
  const uint32_t w = (uint32_t(box.width) + f.block_width - 1) / f.block_width;
  const uint32_t h = (uint32_t(box.height) + f.block_height - 1) / f.block_height;
  return {x, y, uint32_t(box.z), w, h, uint32_t(std::max(1, box.depth))};
}

}  // namespace

bool CompressedShadow::write(uint32_t level, const pipe::Box& box, const uint8_t* data, uint32_t stride,
                             uint32_t layer_stride) {
  if (!allocate(level)) return false;
  const pipe::FormatDescription& f = pipe::describe(templ_.format);
  const Extent e = extent(level);
  const BlockRect r = block_rect(f, box);
  if (r.x + r.w > e.row_blocks || r.y + r.h > e.rows || r.z + r.d > e.layers) return true;  // caller checked
  const size_t row_bytes = size_t(r.w) * f.block_bytes, pitch = size_t(e.row_blocks) * f.block_bytes;
  uint8_t* base = levels_[level].data();
  for (uint32_t z = 0; z < r.d; ++z)
    for (uint32_t y = 0; y < r.h; ++y)
      std::memcpy(base + ((size_t(r.z + z) * e.rows + r.y + y) * pitch + size_t(r.x) * f.block_bytes),
                  data + size_t(z) * layer_stride + size_t(y) * stride, row_bytes);
  return true;
}

void CompressedShadow::read(uint32_t level, const pipe::Box& box, uint8_t* out, uint32_t stride,
                            uint32_t layer_stride) const {
  const pipe::FormatDescription& f = pipe::describe(templ_.format);
  const Extent e = extent(level);
  const BlockRect r = block_rect(f, box);
  const size_t row_bytes = size_t(r.w) * f.block_bytes, pitch = size_t(e.row_blocks) * f.block_bytes;
  const bool written = level < levels_.size() && !levels_[level].empty();
  const bool inside = r.x + r.w <= e.row_blocks && r.y + r.h <= e.rows && r.z + r.d <= e.layers;
  for (uint32_t z = 0; z < r.d; ++z)
    for (uint32_t y = 0; y < r.h; ++y) {
      uint8_t* dst = out + size_t(z) * layer_stride + size_t(y) * stride;
      if (written && inside)
        std::memcpy(dst,
                    levels_[level].data() + ((size_t(r.z + z) * e.rows + r.y + y) * pitch + size_t(r.x) * f.block_bytes),
                    row_bytes);
      else
        std::memset(dst, 0, row_bytes);
    }
}

bool CompressedShadow::copy_from(const CompressedShadow& src, uint32_t src_level, const pipe::Box& src_box,
                                 uint32_t level, uint32_t x, uint32_t y, uint32_t z) {
  const pipe::FormatDescription& f = pipe::describe(src.templ_.format);
  const BlockRect r = block_rect(f, src_box);
  const uint32_t stride = r.w * f.block_bytes, layer_stride = stride * r.h;
  std::vector<uint8_t> blocks;
  try {
    blocks.resize(size_t(layer_stride) * r.d);
  } catch (const std::bad_alloc&) {
    return false;
  }
  src.read(src_level, src_box, blocks.data(), stride, layer_stride);
  // The destination box in its own texels: the same blocks at (x, y, z).
  const pipe::FormatDescription& df = pipe::describe(templ_.format);
  const pipe::Box dst_box{int32_t(x), int32_t(y), int32_t(z), int32_t(r.w * df.block_width),
                          int32_t(r.h * df.block_height), int32_t(r.d)};
  return write(level, dst_box, blocks.data(), stride, layer_stride);
}

}  // namespace brass::driver
