#include "gl/shader_blend.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "gl/advanced_blend.h"
#include "gl/context.h"
#include "gl/draw_validation.h"
#include "gl/fixed_function.h"
#include "gl/linked_program.h"
#include "gl_functions.h"
#include "util/log.h"

namespace brass::gl {

namespace {

using compiler::ShaderBlendTerm;
using compiler::shader_blend_factor;

uint32_t factor_code(GLenum gl_factor) {
  using B = pipe::BlendFactor;
  switch (to_pipe_blend_factor(gl_factor)) {
    case B::Zero: return shader_blend_factor(ShaderBlendTerm::Zero, false);
    case B::One: return shader_blend_factor(ShaderBlendTerm::Zero, true);
    case B::SrcColor: return shader_blend_factor(ShaderBlendTerm::Src, false);
    case B::OneMinusSrcColor: return shader_blend_factor(ShaderBlendTerm::Src, true);
    case B::DstColor: return shader_blend_factor(ShaderBlendTerm::Dst, false);
    case B::OneMinusDstColor: return shader_blend_factor(ShaderBlendTerm::Dst, true);
    case B::SrcAlpha: return shader_blend_factor(ShaderBlendTerm::SrcAlpha, false);
    case B::OneMinusSrcAlpha: return shader_blend_factor(ShaderBlendTerm::SrcAlpha, true);
    case B::DstAlpha: return shader_blend_factor(ShaderBlendTerm::DstAlpha, false);
    case B::OneMinusDstAlpha: return shader_blend_factor(ShaderBlendTerm::DstAlpha, true);
    case B::ConstColor: return shader_blend_factor(ShaderBlendTerm::Constant, false);
    case B::OneMinusConstColor: return shader_blend_factor(ShaderBlendTerm::Constant, true);
    case B::ConstAlpha: return shader_blend_factor(ShaderBlendTerm::ConstantAlpha, false);
    case B::OneMinusConstAlpha: return shader_blend_factor(ShaderBlendTerm::ConstantAlpha, true);
    case B::SrcAlphaSaturate: return shader_blend_factor(ShaderBlendTerm::AlphaSaturate, false);
    case B::Src1Color: return shader_blend_factor(ShaderBlendTerm::Src1, false);
    case B::OneMinusSrc1Color: return shader_blend_factor(ShaderBlendTerm::Src1, true);
    case B::Src1Alpha: return shader_blend_factor(ShaderBlendTerm::Src1Alpha, false);
    case B::OneMinusSrc1Alpha: return shader_blend_factor(ShaderBlendTerm::Src1Alpha, true);
  }
  return shader_blend_factor(ShaderBlendTerm::Zero, true);
}

compiler::ShaderBlendOp op_code(GLenum mode) {
  using O = compiler::ShaderBlendOp;
  switch (mode) {
    case GL_FUNC_SUBTRACT: return O::Subtract;
    case GL_FUNC_REVERSE_SUBTRACT: return O::ReverseSubtract;
    case GL_MIN: return O::Min;
    case GL_MAX: return O::Max;
    default: return O::Add;
  }
}

pipe::Format surface_format(const pipe::Surface& s) {
  return s.templ().format != pipe::Format::None ? s.templ().format : s.resource()->templ().format;
}

compiler::ShaderBlendClamp clamp_of(pipe::Format f) {
  switch (pipe::describe(f).kind) {
    case pipe::FormatKind::Snorm: return compiler::ShaderBlendClamp::Signed;
    case pipe::FormatKind::Float: return compiler::ShaderBlendClamp::None;
    default: return compiler::ShaderBlendClamp::Unsigned;
  }
}

}  // namespace

bool device_blends(const pipe::Surface& surface) {
  // Integer buffers are never blended (GL 4.6 §17.3.6): nothing to do.
  return surface.blendable || pipe::describe(surface_format(surface)).is_integer();
}

ShaderBlendSlots shader_blend_slots(const pipe::ShaderInfo& info) {
  ShaderBlendSlots s;
  const uint8_t fragment = static_cast<uint8_t>(pipe::stage_bit(pipe::ShaderStage::Fragment));
  uint32_t samplers_end = 0, uniform_slots_end = 1;  // constant-buffer slot 0: the default block
  bool any_sampler = false, any_uniform = false;
  for (const pipe::ShaderBinding& b : info.bindings) {
    if (b.set == static_cast<uint8_t>(pipe::DescriptorSet::Samplers)) {
      s.sampler_binding = std::max<uint32_t>(s.sampler_binding, b.binding);
      any_sampler = true;
      if (b.stage_mask & fragment) samplers_end = std::max<uint32_t>(samplers_end, b.slot + b.array_count);
    } else if (b.set == static_cast<uint8_t>(pipe::DescriptorSet::UniformBuffers)) {
      s.uniform_binding = std::max<uint32_t>(s.uniform_binding, b.binding);
      any_uniform = true;
      if (b.stage_mask & fragment) uniform_slots_end = std::max<uint32_t>(uniform_slots_end, b.slot + b.array_count);
    }
  }
  if (any_sampler) ++s.sampler_binding;
  if (any_uniform) ++s.uniform_binding;
  s.sampler_slot = samplers_end;
  s.uniform_slot = uniform_slots_end;
  // Binding numbers are 8-bit at the seam (pipe::ShaderBinding).
  s.ok = s.sampler_slot + compiler::kShaderBlendMaxTargets <= pipe::kMaxSamplers &&
         s.uniform_slot < pipe::kMaxConstantBuffers &&
         s.sampler_binding + compiler::kShaderBlendMaxTargets <= 255 && s.uniform_binding < 255;
  return s;
}

uint8_t shader_blend_mask(const Context& ctx, const LinkedProgram& lp) {
  const FramebufferInfo& fb = ctx.validation.framebuffer;
  uint8_t mask = 0;
  // The logic operation replaces blending on every buffer (GL 4.6 §17.3.9).
  if (!fb.unblendable || ctx.ff.color_logic_op) return 0;
  for (unsigned i = 0; i < pipe::kMaxColorBuffers && i < compiler::kShaderBlendMaxTargets; ++i) {
    if (!(fb.unblendable >> i & 1u) || !ctx.ff.blend[i] || !fb.draw_surfaces[i] || !(lp.info.fragment_output_locations >> i & 1u)) continue;
    if (advanced_equation(ctx.ff.blend_eq[i].rgb) != compiler::AdvancedBlendEquation::None) continue;
    mask |= static_cast<uint8_t>(1u << i);
  }
  if (mask && !shader_blend_slots(lp.info).ok) {
    BRASS_WARN_ONCE("gl: no sampler or uniform-block slot left to blend in the shader; drawing unblended");
    return 0;
  }
  return mask;
}

bool add_shader_blend_to_variant(const LinkedProgram& lp, uint8_t mask, std::vector<uint32_t>& fragment_spirv,
                                 pipe::ShaderInfo& info) {
  const ShaderBlendSlots slots = shader_blend_slots(lp.info);
  if (!compiler::add_shader_blend(fragment_spirv, mask, slots.sampler_binding, slots.uniform_binding)) return false;
  const uint8_t fragment = static_cast<uint8_t>(pipe::stage_bit(pipe::ShaderStage::Fragment));
  const unsigned count = static_cast<unsigned>(std::popcount(static_cast<unsigned>(mask)));
  for (unsigned k = 0; k < count; ++k) {
    pipe::ShaderBinding b;
    b.set = static_cast<uint8_t>(pipe::DescriptorSet::Samplers);
    b.binding = static_cast<uint8_t>(slots.sampler_binding + k);
    b.stage_mask = fragment;
    b.kind = pipe::DescriptorKind::CombinedImageSampler;
    b.slot = static_cast<uint16_t>(slots.sampler_slot + k);
    info.bindings.push_back(b);
  }
  pipe::ShaderBinding u;
  u.set = static_cast<uint8_t>(pipe::DescriptorSet::UniformBuffers);
  u.binding = static_cast<uint8_t>(slots.uniform_binding);
  u.stage_mask = fragment;
  u.kind = pipe::DescriptorKind::UniformBuffer;
  u.slot = static_cast<uint16_t>(slots.uniform_slot);
  info.bindings.push_back(u);
  return true;
}

bool bind_shader_blend_sources(Context& ctx, const LinkedProgram& lp, uint8_t mask) {
  ShaderBlendDrawState& state = ctx.validation.shader_blend;
  state.active_mask = mask;
  if (!mask) return true;
  const ShaderBlendSlots slots = shader_blend_slots(lp.info);
  const FramebufferInfo& fb = ctx.validation.framebuffer;
  pipe::SamplerObject* sampler = framebuffer_copy_sampler(ctx);
  if (!sampler) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  compiler::ShaderBlendUniforms data;
  std::copy(std::begin(ctx.ff.blend_color), std::end(ctx.ff.blend_color), data.constant);
  unsigned k = 0;
  for (unsigned i = 0; i < compiler::kShaderBlendMaxTargets; ++i) {
    if (!(mask >> i & 1u)) continue;
    const uint32_t slot = slots.sampler_slot + k++;
    pipe::Surface* surface = fb.draw_surfaces[i];
    pipe::SamplerView* view = surface ? copy_draw_buffer(ctx, i, *surface) : nullptr;
    if (!view) {
      ctx.set_error(GL_OUT_OF_MEMORY);
      return false;
    }
    ctx.pipe().set_sampler_views(pipe::ShaderStage::Fragment, slot, std::span<pipe::SamplerView* const>(&view, 1));
    ctx.pipe().bind_sampler_states(pipe::ShaderStage::Fragment, slot,
                                   std::span<pipe::SamplerObject* const>(&sampler, 1));
    const BlendEquation& e = ctx.ff.blend_eq[i];
    compiler::ShaderBlendTarget t;
    t.rgb_op = op_code(e.rgb);
    t.alpha_op = op_code(e.alpha);
    t.src_rgb = factor_code(e.src_rgb);
    t.dst_rgb = factor_code(e.dst_rgb);
    t.src_alpha = factor_code(e.src_alpha);
    t.dst_alpha = factor_code(e.dst_alpha);
    t.clamp = clamp_of(surface_format(*surface));
    data.targets[i] = compiler::pack_shader_blend_target(t);
  }
  if (!state.uniforms) {
    pipe::ResourceTemplate t;
    t.target = pipe::Target::Buffer;
    t.format = pipe::Format::None;
    t.width = sizeof(data);
    t.bind = pipe::kBindConstantBuffer;
    pipe::Status status = pipe::Status::Ok;
    state.uniforms = ctx.screen().resource_create(t, &status);
    if (!state.uniforms) {
      ctx.pipe_failed(status);
      return false;
    }
    state.uploaded_valid = false;
  }
  if (!state.uploaded_valid || std::memcmp(&state.uploaded, &data, sizeof(data)) != 0) {
    // Draws already recorded keep the old contents (a discard renames the
    // storage), later ones read the new.
    ctx.pipe().buffer_subdata(state.uniforms.get(), pipe::kMapDiscardWholeResource, 0, sizeof(data), &data);
    state.uploaded = data;
    state.uploaded_valid = true;
  }
  pipe::ConstantBuffer cb;
  cb.buffer = state.uniforms.get();
  cb.size = sizeof(data);
  ctx.pipe().set_constant_buffer(pipe::ShaderStage::Fragment, slots.uniform_slot, &cb);
  return true;
}

}  // namespace brass::gl
