// The compressed blocks of a texture the device stores decoded (ETC2/EAC,
// S3TC/RGTC or ASTC data decoded to plain texels on upload because the
// device cannot sample the compressed format). The decoded texels cannot be
// turned back into blocks, yet GL can read the blocks back as they were
// given: glCopyImageSubData copies them raw (into an uncompressed image of
// the same block size, or into another compressed format of the class) and
// map-for-read returns them. So every write of blocks into such a texture
// (uploads, copies between two of them) also lands here, and reads of its
// GL layout come from here, never from the GPU.
//
// Kept on the host, one array per level covering every layer, allocated at
// the level's first write (texels never written read as zero bytes).
// Compressed textures are never rendered to, stored to or mipmapped by GL,
// so these are the only writes there are.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "pipe/resource.h"

namespace brass::driver {

class CompressedShadow {
 public:
  explicit CompressedShadow(const pipe::ResourceTemplate& t) : templ_(t) {}

  // `box` in texels of `level` (z: layers, or slices of a 3D texture);
  // `data` in GL's layout of blocks with these pitches in bytes. False when
  // the level's array cannot be allocated.
  [[nodiscard]] bool write(uint32_t level, const pipe::Box& box, const uint8_t* data, uint32_t stride,
                           uint32_t layer_stride);
  void read(uint32_t level, const pipe::Box& box, uint8_t* out, uint32_t stride, uint32_t layer_stride) const;
  // Blocks of `src_box` of `src` (same block size) to (x, y, z) of `level`.
  [[nodiscard]] bool copy_from(const CompressedShadow& src, uint32_t src_level, const pipe::Box& src_box,
                               uint32_t level, uint32_t x, uint32_t y, uint32_t z);

 private:
  struct Extent {
    uint32_t row_blocks, rows, layers;
  };
  Extent extent(uint32_t level) const;
  bool allocate(uint32_t level);

  pipe::ResourceTemplate templ_;
  std::array<std::vector<uint8_t>, 16> levels_;  // at most 16 levels (16384 texels)
};

}  // namespace brass::driver
