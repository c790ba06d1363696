// Recording of a draw's dynamic state (viewports, scissors, rasterizer,
// depth/stencil, blend constants, topology) and vertex buffers: exactly the
// pieces DrawDirty marks, then cleared.
#pragma once
#include "device/vk.h"
#include "driver/binding/binding_table.h"
#include "driver/draw/draw_dirty.h"
#include "driver/draw/fixed_function_state.h"
#include "pipe/context.h"

namespace brass::driver {

class DynamicStateEmitter {
 public:
  DynamicStateEmitter(const vk::Capabilities& caps, bool dynamic_vertex_input)
      : caps_(caps), dynamic_vertex_input_(dynamic_vertex_input) {}

  void emit(VkCommandBuffer cmd, const FixedFunctionState& state, const pipe::FramebufferState& fb,
            const pipe::DrawInfo& info, DrawDirty& dirty) {
    if (dirty.any(kEmitted) || info.mode != last_mode_ || info.primitive_restart != last_restart_ ||
        info.patch_vertices != last_patch_vertices_)
      emit_changed(cmd, state, fb, info, dirty);
  }
  // Whether emit() would record nothing with none of its states marked.
  bool serves(const pipe::DrawInfo& info) const {
    return info.mode == last_mode_ && info.primitive_restart == last_restart_ &&
           info.patch_vertices == last_patch_vertices_;
  }
  // Vertex input (dynamic) and buffers; unbound slots read `fallback`.
  void bind_vertex_buffers(VkCommandBuffer cmd, const FixedFunctionState& state, const BindingTable& bindings,
                           VkBuffer fallback, DrawDirty& dirty) {
    if (dirty.any(DrawState::VertexBuffers | DrawState::VertexInput))
      bind_changed_vertex_buffers(cmd, state, bindings, fallback, dirty);
  }

 private:
  static constexpr uint32_t kEmitted = DrawState::Viewports | DrawState::Scissors | DrawState::Rasterizer |
                                       DrawState::DepthStencil | DrawState::StencilRef | DrawState::BlendColor |
                                       DrawState::Topology;
  void emit_changed(VkCommandBuffer cmd, const FixedFunctionState& state, const pipe::FramebufferState& fb,
                    const pipe::DrawInfo& info, DrawDirty& dirty);
  void bind_changed_vertex_buffers(VkCommandBuffer cmd, const FixedFunctionState& state, const BindingTable& bindings,
                                   VkBuffer fallback, DrawDirty& dirty);

  const vk::Capabilities& caps_;
  const bool dynamic_vertex_input_;
  pipe::PrimitiveType last_mode_ = pipe::PrimitiveType::Triangles;
  bool last_restart_ = false;
  uint8_t last_patch_vertices_ = 0;
};

}  // namespace brass::driver
