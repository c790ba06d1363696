#include "driver/draw/push_constants.h"

#include <cstring>

#include "driver/program.h"

namespace brass::driver {

void PushConstantState::record(VkCommandBuffer cmd, const pipe::ShaderProgram& prog, const uint8_t* block,
                               DrawDirty& dirty) {
  const uint32_t size = prog.push_size;
  const bool lost = dirty.test(DrawState::PushConstantsLost) || size != size_ || prog.push_stages != stages_;
  // The changed bytes, in whole words (ranges are multiples of 4): the
  // first and the last word that differ, everything when the values in the
  // command buffer are not this layout's.
  uint32_t first = 0, end = size;
  if (!lost) {
    first = size;
    end = 0;
    for (uint32_t i = 0; i < size; i += 4) {
      uint32_t was, now;
      std::memcpy(&was, pushed_.data() + i, 4);
      std::memcpy(&now, block + i, 4);
      if (was == now) continue;
      if (first == size) first = i;
      end = i + 4;
    }
  }
  if (first < end) {
    vkCmdPushConstants(cmd, prog.descriptors.pipeline_layout(), prog.push_stages, first, end - first, block + first);
    std::memcpy(pushed_.data() + first, block + first, end - first);
  }
  size_ = size;
  stages_ = prog.push_stages;
  program_ = &prog;
  dirty.clear(DrawState::UserConstants, DrawState::PushConstantsLost);
}

}  // namespace brass::driver
