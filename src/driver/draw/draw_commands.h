// The draw commands themselves: indirect (with a count buffer or not),
// several draws in one vkCmdDrawMulti*EXT (`multi_draw`: VK_EXT_multi_draw),
// or one command per draw.
#pragma once
#include <span>

#include "device/vk.h"
#include "pipe/context.h"

namespace brass::driver {

void record_draw_commands(VkCommandBuffer cmd, const pipe::DrawInfo& info, const pipe::DrawIndirect* indirect,
                          std::span<const pipe::DrawStart> draws, bool multi_draw);

// The common case, one direct draw, without a call.
inline void record_draw(VkCommandBuffer cmd, const pipe::DrawInfo& info, const pipe::DrawIndirect* indirect,
                        std::span<const pipe::DrawStart> draws, bool multi_draw) {
  if (indirect || draws.size() != 1) return record_draw_commands(cmd, info, indirect, draws, multi_draw);
  const pipe::DrawStart& d = draws[0];
  const uint32_t instances = info.instance_count > 1 ? info.instance_count : 1;
  if (info.indexed) vkCmdDrawIndexed(cmd, d.count, instances, d.start, d.index_bias, info.start_instance);
  else vkCmdDraw(cmd, d.count, instances, d.start, info.start_instance);
}

}  // namespace brass::driver
