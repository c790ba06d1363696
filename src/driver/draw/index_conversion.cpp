#include "driver/draw/index_conversion.h"

#include <algorithm>

#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_converted_draws("draw.converted_indices");
constexpr uint32_t kRestart32 = 0xffffffffu;
}  // namespace

bool IndexConversion::convert(const pipe::DrawInfo& info, std::span<const pipe::DrawStart> draws, const Source& src,
                              StreamBuffer& stream, vk::Status* status) {
  *status = {};
  const bool loop = info.mode == pipe::PrimitiveType::LineLoop;
  const bool restart = info.indexed && info.primitive_restart;
  uint64_t total = 0;
  for (const pipe::DrawStart& d : draws) total += uint64_t(d.count) * (loop ? 2 : 1) + 1;
  if (total == 0) return false;
  *status = stream.allocate(total * 4, 4, &indices_);
  if (!*status) return false;
  auto* out = reinterpret_cast<uint32_t*>(indices_.ptr);
  const uint64_t available = info.indexed ? src.available : UINT64_MAX;
  auto fetch = [&](uint32_t i) -> uint32_t {
    switch (src.index_size) {
      case 1: return src.data[i];
      case 2: return reinterpret_cast<const uint16_t*>(src.data)[i];
      default: return reinterpret_cast<const uint32_t*>(src.data)[i];
    }
  };
  draws_.clear();
  uint32_t n = 0;
  for (const pipe::DrawStart& d : draws) {
    const uint32_t first_out = n;
    const uint64_t end = std::min<uint64_t>(uint64_t(d.start) + d.count, available);
    uint32_t seg_first = 0, seg_len = 0;
    auto close = [&] {
      if (loop && seg_len >= 2) out[n++] = seg_first;
      seg_len = 0;
    };
    for (uint64_t i = d.start; i < end; ++i) {
      const uint32_t v = info.indexed ? fetch(uint32_t(i)) : uint32_t(i);
      if (restart && v == info.restart_index) {
        close();
        out[n++] = kRestart32;
        continue;
      }
      if (seg_len++ == 0) seg_first = v;
      out[n++] = v;
    }
    close();
    draws_.push_back({first_out, n - first_out, info.indexed ? d.index_bias : 0});
  }
  info_ = info;
  if (loop) info_.mode = pipe::PrimitiveType::LineStrip;
  info_.indexed = true;
  info_.primitive_restart = restart;
  info_.restart_index = kRestart32;
  g_converted_draws.add();
  return true;
}

}  // namespace brass::driver
