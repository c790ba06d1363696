// Direct draws recorded late, merged (issue 19): consecutive draws with
// nothing recorded between them, the same instance count and first
// instance, and again indexed or not, become one vkCmdDrawMultiEXT or
// vkCmdDrawMultiIndexedEXT (VK_EXT_multi_draw). lavapipe allocates a
// command per recorded command, so a run of unchanged draws costs one
// allocation instead of one each.
//
// The group belongs to the batch's main command buffer and keeps the
// recorded order: BatchRing::main_cmd(), the only way to the command
// buffer for anything else, records the group first, and so does the
// submit. Only the draw path adds to it (VulkanContext::draw_vbo), and
// only draws whose shaders do not read DrawIndex (gl_DrawID counts the
// draws of one multi-draw command) and that draw something (lavapipe 22.3
// skips a whole multi-draw whose first draw is empty).
#pragma once
#include <cstdint>

#include "device/vk.h"
#include "pipe/state.h"

namespace brass::driver {

class PendingDraws {
 public:
  // At most this many draws per command: far below the smallest
  // maxMultiDrawCount the device may have (MultiDrawMerge checks it), and
  // small enough that the copy lavapipe makes of the array stays cheap.
  static constexpr uint32_t kCapacity = 64;

  bool empty() const { return count_ == 0; }
  // Adds a draw to be recorded into `cmd`; a draw that cannot join the
  // group records the group first and starts a new one.
  void add(VkCommandBuffer cmd, bool indexed, uint32_t instances, uint32_t first_instance,
           const pipe::DrawStart& d) {
    if (count_ == 0 || count_ == kCapacity || indexed != indexed_ || instances != instances_ ||
        first_instance != first_instance_ || cmd != cmd_) {
      if (count_) record();
      cmd_ = cmd;
      indexed_ = indexed;
      instances_ = instances;
      first_instance_ = first_instance;
    }
    draws_[count_++] = d;
  }
  // Records the group (one command, or a plain draw for one draw).
  void record();
  VkCommandBuffer command_buffer() const { return cmd_; }
  // The command buffer is reset with the group unrecorded.
  void forget() { count_ = 0; }

 private:
  VkCommandBuffer cmd_ = VK_NULL_HANDLE;
  bool indexed_ = false;
  uint32_t instances_ = 1;
  uint32_t first_instance_ = 0;
  uint32_t count_ = 0;
  pipe::DrawStart draws_[kCapacity];
};

}  // namespace brass::driver
