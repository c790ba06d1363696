// Draw-time validation in a fixed order: resource barriers (which may end
// the render pass) run before the render pass begins; pipeline, descriptors,
// vertex input and dynamic state are recorded after.
#include <cstring>

#include "driver/context.h"
#include "driver/vk_translate.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_draws("draw.calls");

constexpr VkPipelineStageFlags2 kStageFlags[] = {
    VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_PIPELINE_STAGE_2_TESSELLATION_CONTROL_SHADER_BIT,
    VK_PIPELINE_STAGE_2_TESSELLATION_EVALUATION_SHADER_BIT, VK_PIPELINE_STAGE_2_GEOMETRY_SHADER_BIT,
    VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT};

VkPipelineStageFlags2 stages_of(uint8_t mask) {
  VkPipelineStageFlags2 out = 0;
  for (unsigned i = 0; i < 5; ++i)
    if (mask & (1u << i)) out |= kStageFlags[i];
  return out;
}
unsigned first_stage(uint8_t mask) { return mask ? std::countr_zero(static_cast<unsigned>(mask)) : 0; }
}  // namespace

bool VulkanContext::validate_resources(const pipe::DrawIndirect* indirect) {
  const uint64_t serial = ring_->current_serial();
  if (!(dirty_ & kDirtyResources) && validated_serial_ == serial && validated_epoch_ == write_epoch_ && !indirect)
    return true;
  pipe::ShaderProgram& prog = *program_;
  auto buffer_read = [&](pipe::Resource* r, VkPipelineStageFlags2 stages, VkAccessFlags2 access) {
    if (!r) return;
    ResourceObject* o = driver_resource(r)->obj();
    barriers_.buffer_access(o->access, {stages, access, VK_IMAGE_LAYOUT_UNDEFINED, false});
    mark_read(o);
  };
  for (unsigned set = 0; set < kDescriptorTypeSets; ++set) {
    for (const SetBinding& b : prog.descriptors.bindings(set)) {
      const unsigned st = set == 0 ? b.binding : first_stage(b.stage_mask);
      if (st >= pipe::kGraphicsStageCount) continue;
      const VkPipelineStageFlags2 stages = stages_of(b.stage_mask);
      for (unsigned a = 0; a < b.count; ++a) {
        const unsigned slot = b.slot + a;
        switch (b.source_set) {
          case 0:
            buffer_read(constants_[st][0].buffer.get(), stages, VK_ACCESS_2_UNIFORM_READ_BIT);
            break;
          case 1:
            if (slot < pipe::kMaxConstantBuffers)
              buffer_read(constants_[st][slot].buffer.get(), stages, VK_ACCESS_2_UNIFORM_READ_BIT);
            break;
          case 2: {
            if (slot >= pipe::kMaxSamplers || !views_[st][slot]) break;
            pipe::Resource* r = views_[st][slot]->resource();
            ResourceObject* o = driver_resource(r)->obj();
            if (r->is_buffer()) {
              buffer_read(r, stages, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
            } else {
              // Only the view's levels: another level may be a render target.
              const pipe::SamplerViewTemplate& vt = views_[st][slot]->templ();
              barriers_.image_access(o->levels, {stages, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, sampled_layout(o->aspect), false},
                                     o->image, {o->aspect, vt.first_level, vt.last_level - vt.first_level + 1, 0, VK_REMAINING_ARRAY_LAYERS});
              mark_read(o);
            }
            break;
          }
          case 3: {
            if (slot >= pipe::kMaxShaderBuffers || !shader_buffers_[st][slot].buffer) break;
            const BufferBinding& sb = shader_buffers_[st][slot];
            ResourceObject* o = driver_resource(sb.buffer.get())->obj();
            const VkAccessFlags2 acc = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | (sb.writable ? VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT : 0);
            barriers_.buffer_access(o->access, {stages, acc, VK_IMAGE_LAYOUT_UNDEFINED, sb.writable});
            sb.writable ? mark_write(o) : mark_read(o);
            break;
          }
          case 4: {
            if (slot >= pipe::kMaxShaderImages || !images_[st][slot].resource) break;
            ImageBinding& ib = images_[st][slot];
            ResourceObject* o = driver_resource(ib.resource.get())->obj();
            if (!o->image) break;
            const VkAccessFlags2 acc = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | (ib.view.writable ? VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT : 0);
            barriers_.image_access(o->levels, {stages, acc, VK_IMAGE_LAYOUT_GENERAL, ib.view.writable}, o->image,
                                   {o->aspect, ib.view.level, 1, 0, VK_REMAINING_ARRAY_LAYERS});
            ib.view.writable ? mark_write(o) : mark_read(o);
            mark(ib.usage, false);
            break;
          }
        }
      }
    }
  }
  if (velems_) {
    for_each_bit(velems_->binding_mask, [&](int b) {
      buffer_read(vertex_buffers_[b].buffer.get(), VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT,
                  VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT);
    });
  }
  buffer_read(index_buffer_.get(), VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT, VK_ACCESS_2_INDEX_READ_BIT);
  if (indirect) {
    buffer_read(indirect->buffer, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT, VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT);
    buffer_read(indirect->count_buffer, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT, VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT);
  }
  stream_output_access();
  if (!barriers_.empty()) {
    // Barriers cannot go inside the pass: end it, the draw begins a new one.
    if (rp_active_) end_render_pass(RenderPassEnd::Barrier);
    barriers_.emit(ring_->main_cmd());
  }
  dirty_ &= ~kDirtyResources;
  validated_serial_ = serial;
  validated_epoch_ = write_epoch_;
  return true;
}

void VulkanContext::bind_vertex_buffers() {
  VkCommandBuffer cmd = ring_->main_cmd();
  if (!velems_) return;
  if (dynamic_vertex_input_ && (dirty_ & kDirtyVertexInput)) {
    std::array<VkVertexInputBindingDescription2EXT, pipe::kMaxVertexBuffers> vb{};
    std::array<VkVertexInputAttributeDescription2EXT, pipe::kMaxVertexElements> va{};
    uint32_t nb = 0, na = 0;
    for_each_bit(velems_->binding_mask, [&](int b) {
      VkVertexInputBindingDescription2EXT& d = vb[nb++];
      d = {VK_STRUCTURE_TYPE_VERTEX_INPUT_BINDING_DESCRIPTION_2_EXT};
      d.binding = b;
      d.stride = vertex_buffers_[b].stride;
      d.inputRate = velems_->rates[b];
      d.divisor = caps_.vertex_attribute_divisor ? velems_->divisors[b] : 1;
    });
    for (unsigned i = 0; i < velems_->state.count; ++i) {
      VkVertexInputAttributeDescription2EXT& a = va[na++];
      a = {VK_STRUCTURE_TYPE_VERTEX_INPUT_ATTRIBUTE_DESCRIPTION_2_EXT};
      a.location = i;
      a.binding = velems_->state.elements[i].vertex_buffer_index;
      a.format = velems_->formats[i];
      a.offset = velems_->state.elements[i].src_offset;
    }
    vkCmdSetVertexInputEXT(cmd, nb, vb.data(), na, va.data());
  }
  if (dirty_ & (kDirtyVertexBuffers | kDirtyVertexInput)) {
    const uint32_t mask = velems_->binding_mask;
    if (mask) {
      const unsigned last = 32 - std::countl_zero(mask);
      std::array<VkBuffer, pipe::kMaxVertexBuffers> bufs{};
      std::array<VkDeviceSize, pipe::kMaxVertexBuffers> offs{}, strides{};
      for (unsigned b = 0; b < last; ++b) {
        const VertexBufferBinding& v = vertex_buffers_[b];
        bufs[b] = v.buffer ? driver_resource(v.buffer.get())->obj()->buffer : driver_resource(dummy_buffer_.get())->obj()->buffer;
        offs[b] = v.buffer ? v.offset : 0;
        strides[b] = v.stride;
      }
      vkCmdBindVertexBuffers2(cmd, 0, last, bufs.data(), offs.data(), nullptr,
                              dynamic_vertex_input_ ? nullptr : strides.data());
    }
  }
  dirty_ &= ~(kDirtyVertexBuffers | kDirtyVertexInput);
}

void VulkanContext::emit_dynamic_state(const pipe::DrawInfo& info) {
  VkCommandBuffer cmd = ring_->main_cmd();
  const uint32_t n = std::max<uint32_t>(1, num_viewports_);
  if (dirty_ & kDirtyViewports) {
    std::array<VkViewport, pipe::kMaxViewports> vp;
    for (unsigned i = 0; i < n; ++i) {
      const pipe::Viewport& v = viewports_[i];
      vp[i] = {v.x, v.y, v.width, v.height, v.min_depth, v.max_depth};
      if (v.width == 0) vp[i] = {0, 0, float(std::max(1u, fb_.width)), float(std::max(1u, fb_.height)), 0, 1};
    }
    vkCmdSetViewportWithCount(cmd, n, vp.data());
  }
  if (dirty_ & (kDirtyScissors | kDirtyViewports)) {
    std::array<VkRect2D, pipe::kMaxViewports> sc;
    const bool enabled = rast_ && rast_->state.scissor;
    for (unsigned i = 0; i < n; ++i) {
      const pipe::ScissorRect& s = scissors_[i];
      sc[i] = enabled ? VkRect2D{{std::max(0, s.x), std::max(0, s.y)}, {s.width, s.height}}
                      : VkRect2D{{0, 0}, {std::max(1u, fb_.width), std::max(1u, fb_.height)}};
    }
    vkCmdSetScissorWithCount(cmd, n, sc.data());
  }
  if (dirty_ & kDirtyRasterizer) {
    const pipe::RasterizerState rs = rast_ ? rast_->state : pipe::RasterizerState{};
    vkCmdSetCullMode(cmd, rast_ ? rast_->cull_mode : VkCullModeFlags(VK_CULL_MODE_NONE));
    vkCmdSetFrontFace(cmd, rast_ ? rast_->front_face : VK_FRONT_FACE_COUNTER_CLOCKWISE);
    vkCmdSetLineWidth(cmd, caps_.wide_lines ? rs.line_width : 1.0f);
    vkCmdSetDepthBiasEnable(cmd, rs.offset_enable);
    vkCmdSetDepthBias(cmd, rs.offset_units, caps_.depth_bias_clamp ? rs.offset_clamp : 0.0f, rs.offset_scale);
    vkCmdSetRasterizerDiscardEnable(cmd, rs.rasterizer_discard);
  }
  if (dirty_ & kDirtyDepthStencil) {
    const pipe::DepthStencilAlphaState d = dsa_ ? dsa_->state : pipe::DepthStencilAlphaState{};
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
  if (dirty_ & kDirtyStencilRef) {
    vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_BIT, stencil_ref_.ref_value[0]);
    vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_BACK_BIT, stencil_ref_.ref_value[1]);
  }
  if (dirty_ & kDirtyBlendColor) vkCmdSetBlendConstants(cmd, blend_color_.color);
  if (topology_dirty_ || info.mode != last_mode_ || info.primitive_restart != last_restart_) {
    topology_dirty_ = false;
    vkCmdSetPrimitiveTopology(cmd, vk_topology(info.mode));
    vkCmdSetPrimitiveRestartEnable(cmd, info.primitive_restart && info.indexed);
    last_mode_ = info.mode;
    last_restart_ = info.primitive_restart;
  }
  dirty_ &= ~(kDirtyViewports | kDirtyScissors | kDirtyRasterizer | kDirtyDepthStencil | kDirtyStencilRef |
              kDirtyBlendColor);
}

namespace {
StatCounter g_converted_draws("draw.converted_indices");
constexpr uint32_t kRestart32 = 0xffffffffu;
uint32_t all_ones(uint32_t index_size) { return index_size == 1 ? 0xffu : index_size == 2 ? 0xffffu : 0xffffffffu; }
}  // namespace

bool VulkanContext::convert_draw(const pipe::DrawInfo& info, std::span<const pipe::DrawStart> draws) {
  const bool loop = info.mode == pipe::PrimitiveType::LineLoop;
  const bool restart = info.indexed && info.primitive_restart;
  // Output: 32-bit indices; per loop segment its vertices and the first one
  // again, segments separated by the all-ones restart index.
  uint64_t total = 0;
  for (const pipe::DrawStart& d : draws) total += uint64_t(d.count) * (loop ? 2 : 1) + 1;
  if (total == 0) return false;
  const uint8_t* src = nullptr;
  if (info.indexed) {
    ResourceObject* o = driver_resource(index_buffer_.get())->obj();
    // The CPU reads the index buffer: wait for a GPU writer (rare).
    if (busy(o, true) || (used_this_batch(o) && o->usage.write_serial == ring_->current_serial())) {
      vk::Status s = wait_for(o, true);
      if (!s) return fail(s), false;
    }
    device_.memory().invalidate(o->memory, 0, o->size);
    src = static_cast<const uint8_t*>(o->memory.mapped) + index_offset_;
  }
  vk::Status s = stream_->allocate(total * 4, 4, &index_override_);
  if (!s) return fail(s), false;
  auto* out = reinterpret_cast<uint32_t*>(index_override_.ptr);
  const uint64_t available = info.indexed ? (index_buffer_->templ().width - std::min<uint64_t>(index_offset_, index_buffer_->templ().width)) / index_size_ : UINT64_MAX;
  auto fetch = [&](uint32_t i) -> uint32_t {
    switch (index_size_) {
      case 1: return src[i];
      case 2: return reinterpret_cast<const uint16_t*>(src)[i];
      default: return reinterpret_cast<const uint32_t*>(src)[i];
    }
  };
  converted_draws_.clear();
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
    converted_draws_.push_back({first_out, n - first_out, info.indexed ? d.index_bias : 0});
  }
  converted_info_ = info;
  if (loop) converted_info_.mode = pipe::PrimitiveType::LineStrip;
  converted_info_.indexed = true;
  converted_info_.primitive_restart = restart;
  converted_info_.restart_index = kRestart32;
  g_converted_draws.add();
  return true;
}

void VulkanContext::draw_vbo(const pipe::DrawInfo& in_info, const pipe::DrawIndirect* indirect,
                             std::span<const pipe::DrawStart> in_draws) {
  if (failed()) return;
  if (!program_ || !program_->modules[0]) {
    BRASS_WARN_ONCE("draw without a graphics program");
    return;
  }
  if (in_info.indexed && !index_buffer_) return;
  const bool restart_other = in_info.indexed && in_info.primitive_restart && in_info.restart_index != all_ones(index_size_);
  const bool no_uint8 = in_info.indexed && index_size_ == 1 && !index_type_uint8_;
  const bool convert = in_info.mode == pipe::PrimitiveType::LineLoop || restart_other || no_uint8;
  if (convert && indirect) {
    BRASS_WARN_ONCE("indirect line loops / restart indices / 8-bit indices need the GPU to rewrite indices (not done)");
    if (no_uint8) return;
  }
  if (ring_->current().draws >= BatchRing::kDrawLimit) submit(SubmitReason::Limit);
  // After the limit submit: the generated indices belong to this batch.
  const bool converted = convert && !indirect;
  if (converted && !convert_draw(in_info, in_draws)) return;
  const pipe::DrawInfo& info = converted ? converted_info_ : in_info;
  const std::span<const pipe::DrawStart> draws = converted ? std::span<const pipe::DrawStart>(converted_draws_) : in_draws;
  ring_->mark_recorded();

  const bool first_of_batch = validated_serial_ != ring_->current_serial();
  if (first_of_batch) dirty_ |= kDirtyAll;
  if (!validate_resources(indirect)) return;
  if (occlusion_suspended_ && rp_active_) end_render_pass(RenderPassEnd::Barrier);
  if (!rp_active_) {
    vk::Status s = begin_render_pass();
    if (!s) return fail(s);
  }
  if (!update_pipeline(info) || !update_descriptors()) return;
  bind_vertex_buffers();
  VkCommandBuffer cmd = ring_->main_cmd();
  begin_stream_output(cmd);
  if (converted) {
    vkCmdBindIndexBuffer(cmd, index_override_.buffer, index_override_.offset, VK_INDEX_TYPE_UINT32);
    dirty_ |= kDirtyIndexBuffer;  // the next plain indexed draw binds the application's again
  } else if (info.indexed && (dirty_ & kDirtyIndexBuffer)) {
    VkIndexType type = index_size_ == 2 ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32;
    if (index_size_ == 1) {
      if (!index_type_uint8_) {
        BRASS_WARN_ONCE("indirect 8-bit indices need VK_EXT_index_type_uint8");
        return;
      }
      type = VK_INDEX_TYPE_UINT8_EXT;
    }
    vkCmdBindIndexBuffer(cmd, driver_resource(index_buffer_.get())->obj()->buffer, index_offset_, type);
    dirty_ &= ~kDirtyIndexBuffer;
  }
  emit_dynamic_state(info);

  const uint32_t instances = std::max(1u, info.instance_count);
  if (indirect) {
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
  } else if (draws.size() > 1 && caps_.multi_draw) {
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
  ring_->current().draws++;
  g_draws.add();
}

}  // namespace brass::driver
