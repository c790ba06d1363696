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

}  // namespace brass::driver
