#include "driver/draw/draw_commands.h"

#include <algorithm>

#include "driver/resource/resource.h"
#include "driver/stream_output/stream_output.h"

namespace brass::driver {

void record_draw_commands(VkCommandBuffer cmd, const pipe::DrawInfo& info, const pipe::DrawIndirect* indirect,
                          std::span<const pipe::DrawStart> draws, bool multi_draw) {
  const uint32_t instances = std::max(1u, info.instance_count);
  if (indirect && indirect->captured) {
    // A target nothing was captured into holds no vertices.
    const pipe::StreamOutputTarget& t = *indirect->captured;
    if (!t.counter_valid || indirect->vertex_stride == 0) return;
    vkCmdDrawIndirectByteCountEXT(cmd, instances, info.start_instance, driver_resource(t.counter.get())->obj()->buffer,
                                  0, 0, indirect->vertex_stride);
  } else if (indirect) {
    VkBuffer buf = driver_resource(indirect->buffer)->obj()->buffer;
    const uint32_t stride = indirect->stride ? indirect->stride
                                             : (info.indexed ? sizeof(VkDrawIndexedIndirectCommand) : sizeof(VkDrawIndirectCommand));
    if (indirect->count_buffer) {
      VkBuffer cbuf = driver_resource(indirect->count_buffer)->obj()->buffer;
      if (info.indexed)
        vkCmdDrawIndexedIndirectCount(cmd, buf, indirect->offset, cbuf, indirect->count_offset, indirect->draw_count, stride);
      else
        vkCmdDrawIndirectCount(cmd, buf, indirect->offset, cbuf, indirect->count_offset, indirect->draw_count, stride);
    } else if (info.indexed) {
      vkCmdDrawIndexedIndirect(cmd, buf, indirect->offset, indirect->draw_count, stride);
    } else {
      vkCmdDrawIndirect(cmd, buf, indirect->offset, indirect->draw_count, stride);
    }
  } else if (draws.size() > 1 && multi_draw) {
    // pipe::DrawStart has VkMultiDrawIndexedInfoEXT's layout, and starts
    // with VkMultiDrawInfoEXT's: pass it with its own stride, no copy.
    static_assert(sizeof(pipe::DrawStart) == sizeof(VkMultiDrawIndexedInfoEXT));
    const auto n = static_cast<uint32_t>(draws.size());
    if (info.indexed)
      vkCmdDrawMultiIndexedEXT(cmd, n, reinterpret_cast<const VkMultiDrawIndexedInfoEXT*>(draws.data()), instances,
                               info.start_instance, sizeof(pipe::DrawStart), nullptr);
    else
      vkCmdDrawMultiEXT(cmd, n, reinterpret_cast<const VkMultiDrawInfoEXT*>(draws.data()), instances,
                        info.start_instance, sizeof(pipe::DrawStart));
  } else {
    for (const pipe::DrawStart& d : draws) {
      if (info.indexed)
        vkCmdDrawIndexed(cmd, d.count, instances, d.start, d.index_bias, info.start_instance);
      else
        vkCmdDraw(cmd, d.count, instances, d.start, info.start_instance);
    }
  }
}

}  // namespace brass::driver
