#include "driver/draw/dynamic_state.h"

#include <algorithm>
#include <bit>

#include "driver/resource/resource.h"
#include "driver/vk_translate.h"
#include "util/bitset.h"

namespace brass::driver {

void DynamicStateEmitter::bind_changed_vertex_buffers(VkCommandBuffer cmd, const FixedFunctionState& state,
                                                      const BindingTable& bindings, VkBuffer fallback,
                                                      DrawDirty& dirty) {
  const pipe::VertexElementsObject* velems = state.vertex_elements;
  if (!velems) return;
  const auto& buffers = bindings.vertex_buffers();
  if (dynamic_vertex_input_ && dirty.test(DrawState::VertexInput)) {
    std::array<VkVertexInputBindingDescription2EXT, pipe::kMaxVertexBuffers> vb{};
    std::array<VkVertexInputAttributeDescription2EXT, pipe::kMaxVertexElements> va{};
    uint32_t nb = 0, na = 0;
    for_each_bit(velems->binding_mask, [&](int b) {
      VkVertexInputBindingDescription2EXT& d = vb[nb++];
      d = {VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT};
      d.binding = b;
      d.stride = buffers[b].stride;
      d.inputRate = velems->rates[b];
      d.divisor = velems->divisors[b];  // within the device's limit (make_vertex_elements_object)
    });
    for (unsigned i = 0; i < velems->state.count; ++i) {
      if (velems->state.elements[i].src_format == pipe::Format::None) continue;  // a 64-bit input's upper half
      VkVertexInputAttributeDescription2EXT& a = va[na++];
      a = {VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT};
      a.location = i;
      a.binding = velems->state.elements[i].vertex_buffer_index;
      a.format = velems->formats[i];
      a.offset = velems->state.elements[i].src_offset;
    }
    vkCmdSetVertexInputEXT(cmd, nb, vb.data(), na, va.data());
  }
  if (dirty.test(DrawState::VertexBuffers) || dirty.test(DrawState::VertexInput)) {
    const uint32_t mask = velems->binding_mask;
    if (mask) {
      const unsigned last = 32 - std::countl_zero(mask);
      std::array<VkBuffer, pipe::kMaxVertexBuffers> bufs{};
      std::array<VkDeviceSize, pipe::kMaxVertexBuffers> offs{}, strides{};
      for (unsigned b = 0; b < last; ++b) {
        const VertexBufferBinding& v = buffers[b];
        bufs[b] = v.buffer ? driver_resource(v.buffer.get())->obj()->buffer : fallback;
        offs[b] = v.buffer ? v.offset : 0;
        strides[b] = v.stride;
      }
      vkCmdBindVertexBuffers2(cmd, 0, last, bufs.data(), offs.data(), nullptr,
                              dynamic_vertex_input_ ? nullptr : strides.data());
    }
  }
  dirty.clear(DrawState::VertexBuffers, DrawState::VertexInput);
}

void DynamicStateEmitter::emit_changed(VkCommandBuffer cmd, const FixedFunctionState& state, const pipe::FramebufferState& fb,
                               const pipe::DrawInfo& info, DrawDirty& dirty) {
  const uint32_t n = std::max<uint32_t>(1, state.viewport_count);
  const pipe::RasterizerObject* rast = state.rasterizer;
  if (dirty.test(DrawState::Viewports)) {
    std::array<VkViewport, pipe::kMaxViewports> vp;
    for (unsigned i = 0; i < n; ++i) {
      const pipe::Viewport& v = state.viewports[i];
      vp[i] = {v.x, v.y, v.width, v.height, v.min_depth, v.max_depth};
      if (v.width == 0) vp[i] = {0, 0, float(std::max(1u, fb.width)), float(std::max(1u, fb.height)), 0, 1};
    }
    vkCmdSetViewportWithCount(cmd, n, vp.data());
  }
  if (dirty.test(DrawState::Scissors) || dirty.test(DrawState::Viewports)) {
    std::array<VkRect2D, pipe::kMaxViewports> sc;
    const bool enabled = rast && rast->state.scissor;
    for (unsigned i = 0; i < n; ++i) {
      const pipe::ScissorRect& s = state.scissors[i];
      sc[i] = enabled ? VkRect2D{{std::max(0, s.x), std::max(0, s.y)}, {s.width, s.height}}
                      : VkRect2D{{0, 0}, {std::max(1u, fb.width), std::max(1u, fb.height)}};
    }
    vkCmdSetScissorWithCount(cmd, n, sc.data());
  }
  if (dirty.test(DrawState::Rasterizer)) {
    const pipe::RasterizerState rs = rast ? rast->state : pipe::RasterizerState{};
    vkCmdSetCullMode(cmd, rast ? rast->cull_mode : VkCullModeFlags(VK_CULL_MODE_NONE));
    vkCmdSetFrontFace(cmd, rast ? rast->front_face : VK_FRONT_FACE_COUNTER_CLOCKWISE);
    vkCmdSetLineWidth(cmd, caps_.wide_lines ? rs.line_width : 1.0f);
    vkCmdSetDepthBiasEnable(cmd, rs.offset_enable);
    vkCmdSetDepthBias(cmd, rs.offset_units, caps_.depth_bias_clamp ? rs.offset_clamp : 0.0f, rs.offset_scale);
    vkCmdSetRasterizerDiscardEnable(cmd, rs.rasterizer_discard);
  }
  if (dirty.test(DrawState::DepthStencil)) {
    const pipe::DepthStencilAlphaState d =
        state.depth_stencil_alpha ? state.depth_stencil_alpha->state : pipe::DepthStencilAlphaState{};
    vkCmdSetDepthTestEnable(cmd, d.depth_enabled);
    vkCmdSetDepthWriteEnable(cmd, d.depth_enabled && d.depth_write);
    vkCmdSetDepthCompareOp(cmd, vk_compare(d.depth_func));
    vkCmdSetDepthBoundsTestEnable(cmd, d.depth_bounds_test && caps_.supported.core.features.depthBounds);
    vkCmdSetDepthBounds(cmd, d.depth_bounds_min, d.depth_bounds_max);
    vkCmdSetStencilTestEnable(cmd, d.stencil[0].enabled);
    for (unsigned f = 0; f < 2; ++f) {
      const pipe::StencilFace& s = d.two_sided_stencil ? d.stencil[f] : d.stencil[0];
      const VkStencilFaceFlags face = f ? VK_STENCIL_FACE_BACK_BIT : VK_STENCIL_FACE_FRONT_BIT;
      vkCmdSetStencilOp(cmd, face, vk_stencil_op(s.fail_op), vk_stencil_op(s.zpass_op), vk_stencil_op(s.zfail_op),
                        vk_compare(s.func));
      vkCmdSetStencilCompareMask(cmd, face, s.value_mask);
      vkCmdSetStencilWriteMask(cmd, face, s.write_mask);
    }
  }
  if (dirty.test(DrawState::StencilRef)) {
    vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_BIT, state.stencil_ref.ref_value[0]);
    vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_BACK_BIT, state.stencil_ref.ref_value[1]);
  }
  if (dirty.test(DrawState::BlendColor)) vkCmdSetBlendConstants(cmd, state.blend_color.color);
  if (dirty.test(DrawState::Topology) || info.mode != last_mode_ || info.primitive_restart != last_restart_ ||
      info.patch_vertices != last_patch_vertices_) {
    const bool patches = info.mode == pipe::PrimitiveType::Patches;
    vkCmdSetPrimitiveTopology(cmd, vk_topology(info.mode));
    // Patch lists restart only with primitiveTopologyPatchListRestart,
    // which Brass does not ask for (GL's PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED
    // is false: restart is off for patches).
    vkCmdSetPrimitiveRestartEnable(cmd, info.primitive_restart && info.indexed && !patches);
    // With EDS2 patch control points the pipeline leaves the count dynamic
    // (PipelineSelector); a draw of another count only sets it.
    if (patches && caps_.eds2_patch_control_points && info.patch_vertices)
      vkCmdSetPatchControlPointsEXT(cmd, info.patch_vertices);
    last_mode_ = info.mode;
    last_restart_ = info.primitive_restart;
    last_patch_vertices_ = info.patch_vertices;
  }
  dirty.clear(DrawState::Viewports, DrawState::Scissors, DrawState::Rasterizer, DrawState::DepthStencil,
              DrawState::StencilRef, DrawState::BlendColor, DrawState::Topology);
}

}  // namespace brass::driver
