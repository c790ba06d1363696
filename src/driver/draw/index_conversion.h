// Draws Vulkan cannot take as given — line loops, a restart index other than
// all ones, 8-bit indices without VK_EXT_index_type_uint8 — rewritten as
// 32-bit indices in the stream buffer: per loop segment its vertices and
// the first one again, segments separated by the all-ones restart index.
// The converted draw info and draw list keep their capacity across draws.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "driver/resource/stream_buffer.h"
#include "pipe/context.h"

namespace brass::driver {

class IndexConversion {
 public:
  // The indices the application's draw reads: null for non-indexed draws;
  // `available` indices of `index_size` bytes at `data`.
  struct Source {
    const uint8_t* data = nullptr;
    uint32_t index_size = 4;
    uint64_t available = 0;
  };

  // True when a draw of `info` needs converting (index_size: the bound
  // index buffer's; uint8: whether the device takes 8-bit indices).
  static bool needed(const pipe::DrawInfo& info, uint32_t index_size, bool uint8) {
    if (info.mode == pipe::PrimitiveType::LineLoop) return true;
    if (!info.indexed) return false;
    const uint32_t all_ones = index_size == 1 ? 0xffu : index_size == 2 ? 0xffffu : 0xffffffffu;
    return (info.primitive_restart && info.restart_index != all_ones) || (index_size == 1 && !uint8);
  }

  // Writes the converted indices; false (with *status ok) when nothing is
  // to be drawn.
  bool convert(const pipe::DrawInfo& info, std::span<const pipe::DrawStart> draws, const Source& src,
               StreamBuffer& stream, vk::Status* status);

  const pipe::DrawInfo& info() const { return info_; }
  std::span<const pipe::DrawStart> draws() const { return draws_; }
  const StreamAllocation& indices() const { return indices_; }

 private:
  pipe::DrawInfo info_;
  std::vector<pipe::DrawStart> draws_;
  StreamAllocation indices_;
};

}  // namespace brass::driver
