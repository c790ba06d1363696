// Draw-time translation of fixed-function state into pipe state objects and
// parameters (the kDirtyViewport..kDirtySampleMask handlers).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "gl/context.h"

namespace brass::gl {

namespace {

uint8_t u8(auto e) { return static_cast<uint8_t>(e); }

BlendKey blend_key(const pipe::BlendState& b, unsigned color_buffers) {
  BlendKey k{};
  // Without independent blend rt[0] is every target's: the others stay 0.
  const unsigned targets = b.independent_blend ? pipe::kMaxColorBuffers : 1;
  for (unsigned i = 0; i < targets; ++i) {
    const pipe::RenderTargetBlend& rt = b.rt[i];
    BlendKey::Target& t = k.rt[i];
    t.enable = rt.blend_enable;
    // An advanced equation replaces the ops (pipe ops are below 16).
    t.rgb_op = rt.advanced ? u8(16 + rt.advanced) : u8(rt.rgb_op);
    t.alpha_op = u8(rt.alpha_op);
    t.rgb_src = u8(rt.rgb_src);
    t.rgb_dst = u8(rt.rgb_dst);
    t.alpha_src = u8(rt.alpha_src);
    t.alpha_dst = u8(rt.alpha_dst);
    t.color_mask = rt.color_mask;
  }
  k.alpha_to_coverage = b.alpha_to_coverage;
  k.alpha_to_one = b.alpha_to_one;
  k.logic_op = b.logic_op_enable ? u8(1 + static_cast<unsigned>(b.logic_op)) : 0;
  k.color_buffers = u8(color_buffers);
  k.independent = b.independent_blend;
  return k;
}

DepthStencilKey depth_stencil_key(const pipe::DepthStencilAlphaState& d) {
  DepthStencilKey k{};
  k.depth_enabled = d.depth_enabled;
  k.depth_write = d.depth_write;
  k.depth_func = u8(d.depth_func);
  k.stencil_enabled = d.stencil[0].enabled;
  for (int f = 0; f < 2; ++f) {
    const pipe::StencilFace& s = d.stencil[f];
    k.face[f][0] = u8(s.func);
    k.face[f][1] = u8(s.fail_op);
    k.face[f][2] = u8(s.zfail_op);
    k.face[f][3] = u8(s.zpass_op);
    k.face[f][4] = s.value_mask;
    k.face[f][5] = s.write_mask;
  }
  return k;
}

RasterizerKey rasterizer_key(const pipe::RasterizerState& r) {
  RasterizerKey k{};
  k.cull = u8(r.cull);
  k.front_ccw = r.front_ccw;
  k.offset_enable = r.offset_enable;
  k.discard = r.rasterizer_discard;
  k.scissor = r.scissor;
  k.point_size_per_vertex = r.point_size_per_vertex;
  k.clip_halfz = r.clip_halfz;
  k.polygon_mode = u8(r.polygon_mode);
  k.depth_clamp = r.depth_clamp;
  k.flatshade_first = r.flatshade_first;
  k.offset_scale_bits = std::bit_cast<uint32_t>(r.offset_scale);
  k.offset_units_bits = std::bit_cast<uint32_t>(r.offset_units);
  k.offset_clamp_bits = std::bit_cast<uint32_t>(r.offset_clamp);
  k.line_width_bits = std::bit_cast<uint32_t>(r.line_width);
  k.sample_shading = r.sample_shading;
  k.min_sample_shading_bits = r.sample_shading ? std::bit_cast<uint32_t>(r.min_sample_shading) : 0;
  return k;
}

}  // namespace

void validate_fixed_function(Context& ctx, uint32_t dirty) {
  constexpr uint32_t kFixedFunctionBits = kDirtyViewport | kDirtyScissor | kDirtyBlend | kDirtyDepthStencil |
                                          kDirtyRasterizer | kDirtyBlendColor | kDirtyStencilRef | kDirtySampleMask;
  if (!(dirty & kFixedFunctionBits)) return;  // the common draw: nothing changed
  pipe::Context& p = ctx.pipe();
  DrawValidationState& v = ctx.validation;
  const FixedFunctionState& ff = ctx.ff;

  // Every viewport index's (viewport_array.cpp).
  if (dirty & kDirtyViewport) emit_viewports(ctx);
  if (dirty & kDirtyScissor) emit_scissors(ctx);
  if (dirty & kDirtyBlend) {
    const unsigned n = std::max(1u, v.framebuffer.color_buffers);
    const pipe::BlendState b = make_blend_state(ff, n, v.framebuffer.alpha_is_one, ctx.limits.advanced_blend_coherent);
    pipe::BlendObject* o = v.blend_states.get(blend_key(b, n), [&] { return p.create_blend_state(b); });
    p.bind_blend_state(o);
  }
  if (dirty & kDirtyDepthStencil) {
    const pipe::DepthStencilAlphaState d =
        make_depth_stencil_state(ff, v.framebuffer.has_depth, v.framebuffer.has_stencil);
    pipe::DepthStencilAlphaObject* o =
        v.depth_stencil_states.get(depth_stencil_key(d), [&] { return p.create_depth_stencil_alpha_state(d); });
    p.bind_depth_stencil_alpha_state(o);
  }
  if (dirty & (kDirtyRasterizer | kDirtyScissor)) {
    const pipe::RasterizerState r = make_rasterizer_state(ff, v.program_writes_point_size);
    pipe::RasterizerObject* o =
        v.rasterizer_states.get(rasterizer_key(r), [&] { return p.create_rasterizer_state(r); });
    p.bind_rasterizer_state(o);
  }
  if (dirty & kDirtyBlendColor) {
    pipe::BlendColor c;
    for (int i = 0; i < 4; ++i) c.color[i] = ff.blend_color[i];
    p.set_blend_color(c);
  }
  if (dirty & kDirtyStencilRef) p.set_stencil_ref(make_stencil_ref(ff, v.framebuffer.stencil_bits));
  if (dirty & kDirtySampleMask) {
    // Both apply only with multisample buffers (ES 3.1 §15.1.3) and, in
    // desktop GL, MULTISAMPLE on (GL 4.6 §17.3.1).
    uint32_t mask = ~0u;
    if (v.framebuffer.samples > 1 && ff.multisample) {
      // SAMPLE_COVERAGE: the fraction of samples kept, as a mask.
      if (ff.sample_coverage) {
        const uint32_t n = v.framebuffer.samples;
        const uint32_t keep =
            static_cast<uint32_t>(std::lround(std::clamp(ff.sample_coverage_value, 0.0f, 1.0f) * n));
        mask = keep >= 32 ? ~0u : (1u << keep) - 1;
        if (ff.sample_coverage_invert) mask = ~mask & ((n >= 32) ? ~0u : (1u << n) - 1);
      }
      // SAMPLE_MASK: word 0 of SAMPLE_MASK_VALUE holds samples 0-31, all
      // a framebuffer of at most MAX_SAMPLES (16) has.
      if (ff.sample_mask) mask &= ff.sample_mask_value[0];
    }
    p.set_sample_mask(mask);
  }
}

void release_validation_state(Context& ctx) {
  pipe::Context& p = ctx.pipe();
  DrawValidationState& v = ctx.validation;
  v.blend_states.clear([&](pipe::BlendObject* o) { p.delete_blend_state(o); });
  v.depth_stencil_states.clear([&](pipe::DepthStencilAlphaObject* o) { p.delete_depth_stencil_alpha_state(o); });
  v.rasterizer_states.clear([&](pipe::RasterizerObject* o) { p.delete_rasterizer_state(o); });
  v.default_color.reset();
  v.default_depth_stencil.reset();
  release_vertex_input(ctx);
  release_texture_state(ctx);
  release_image_state(ctx);
  release_framebuffer_fetch(ctx);
  release_feedback_loop_copies(ctx);
}

}  // namespace brass::gl
