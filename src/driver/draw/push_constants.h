// The push constants of the command buffer being recorded: what the last
// vkCmdPushConstants left there, so that a draw pushes only the bytes of
// its program's default block that changed since (issue 19). Vulkan keeps
// push constants across pipeline binds only between layouts "compatible for
// push constants" (identical push-constant ranges: every pushing program's
// layout has the one range [0, push_size) for its push_stages), so a
// program with another range, a new command buffer, a meta draw (its own
// layout and push constants) or a dispatch pushes the whole block again.
#pragma once
#include <array>
#include <cstdint>

#include "device/vk.h"
#include "driver/draw/draw_dirty.h"
#include "driver/push_constant_block.h"

namespace brass::pipe {
struct ShaderProgram;
}

namespace brass::driver {

class PushConstantState {
 public:
  // Records what `prog` (whose push_size is not 0) needs of `block` (its
  // default block, push_size bytes) and clears DrawState::UserConstants
  // and PushConstantsLost.
  // Nothing to do (the common draw: the same program, no data set, no
  // command buffer or meta draw since) costs a compare and a test.
  void emit(VkCommandBuffer cmd, const pipe::ShaderProgram& prog, const uint8_t* block, DrawDirty& dirty) {
    if (&prog == program_ && !dirty.any(DrawState::UserConstants | DrawState::PushConstantsLost)) return;
    record(cmd, prog, block, dirty);
  }
  // Whether emit() would record nothing with neither state marked.
  bool serves(const pipe::ShaderProgram& prog) const { return &prog == program_; }
  // A draw of a program without pushed uniforms: the next pushing draw
  // compares its block again even when no data was set since.
  void forget_program() { program_ = nullptr; }

 private:
  void record(VkCommandBuffer cmd, const pipe::ShaderProgram& prog, const uint8_t* block, DrawDirty& dirty);

  alignas(4) std::array<uint8_t, kMaxPushedBlockBytes> pushed_{};
  uint32_t size_ = 0;
  uint32_t stages_ = 0;
  const pipe::ShaderProgram* program_ = nullptr;
};

}  // namespace brass::driver
