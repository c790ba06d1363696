#include "driver/meta/meta_plans.h"

#include <algorithm>

#include "driver/resource/resource.h"

namespace brass::driver {

pipe::Format surface_format(const pipe::Surface* s) {
  return s->templ().format == pipe::Format::None ? s->resource()->templ().format : s->templ().format;
}

MetaShader clear_shader(pipe::Format f) {
  switch (pipe::describe(f).kind) {
    case pipe::FormatKind::Uint: return MetaShader::ClearUint;
    case pipe::FormatKind::Sint: return MetaShader::ClearSint;
    default: return MetaShader::ClearFloat;
  }
}

MaskedClearPlan plan_masked_clear(uint32_t buffers, const pipe::ClearMasks& masks, const pipe::FramebufferState& fb,
                                  const Ref<pipe::Surface>* surfaces) {
  MaskedClearPlan plan;
  plan.fast = buffers & pipe::kClearDepth;
  for (unsigned i = 0; i < fb.nr_cbufs; ++i) {
    if (!(buffers & (pipe::kClearColor0 << i)) || !surfaces[i]) continue;
    const pipe::Format f = surface_format(surfaces[i].get());
    const vk::FormatChoice& stored = driver_resource(surfaces[i]->resource())->obj()->format;
    // GL's mask in stored channels: an emulation swizzle (L8 = RRR1, A8 =
    // 000R, RGB as RGBA = RGB1) says which stored channel each GL one is.
    uint8_t present = uint8_t((1u << pipe::describe(f).channels) - 1);
    uint8_t m = masks.color[i] & 15;
    if (stored.swizzled()) {
      uint8_t sp = 0, sm = 0;
      for (unsigned j = 0; j < 4; ++j) {
        const auto c = static_cast<unsigned>(stored.swizzle[j]);
        if (c > static_cast<unsigned>(pipe::Swizzle::A)) continue;  // Zero / One
        sp |= uint8_t(1u << c);
        if (m & (1u << j)) sm |= uint8_t(1u << c);
      }
      present = sp;
      m = sm;
    }
    if ((m & present) == present) plan.fast |= pipe::kClearColor0 << i;
    else if ((m & present) == 0) continue;
    else {
      plan.masked_colors |= 1u << i;
      plan.write_masks[i] = m;
    }
  }
  if (buffers & pipe::kClearStencil) {
    if (masks.stencil == 0xff) plan.fast |= pipe::kClearStencil;
    else if (masks.stencil) plan.masked_stencil = true;
  }
  return plan;
}

std::array<pipe::Swizzle, 4> inverse_swizzle(const std::array<pipe::Swizzle, 4>& stored) {
  std::array<pipe::Swizzle, 4> out{pipe::Swizzle::Zero, pipe::Swizzle::Zero, pipe::Swizzle::Zero, pipe::Swizzle::One};
  std::array<bool, 4> found{};
  for (unsigned j = 0; j < 4; ++j) {
    const auto s = static_cast<unsigned>(stored[j]);
    if (s > static_cast<unsigned>(pipe::Swizzle::A) || found[s]) continue;
    found[s] = true;
    out[s] = static_cast<pipe::Swizzle>(j);
  }
  return out;
}

bool plan_shader_blit(const pipe::BlitInfo& info, const vk::FormatTable& formats, bool sample_rate_shading,
                      ShaderBlitPlan* out) {
  pipe::Resource* src = info.src.resource;
  pipe::Resource* dst = info.dst.resource;
  if (src == dst && info.src.level == info.dst.level) return false;  // layouts are tracked per level
  if (src->templ().target == pipe::Target::Texture3D || dst->templ().target == pipe::Target::Texture3D) return false;
  // The blit shaders sample 2D views, which a 1D image cannot have.
  for (const pipe::Resource* r : {src, dst})
    if (r->templ().target == pipe::Target::Texture1D || r->templ().target == pipe::Target::Texture1DArray) return false;
  const ResourceObject* so = driver_resource(src)->obj();
  const ResourceObject* dobj = driver_resource(dst)->obj();
  const pipe::Format sf = info.src.format == pipe::Format::None ? src->templ().format : info.src.format;
  const pipe::Format df = info.dst.format == pipe::Format::None ? dst->templ().format : info.dst.format;
  const pipe::FormatDescription& sd = pipe::describe(sf);
  const pipe::FormatDescription& dd = pipe::describe(df);
  const bool s_ds = sd.is_depth() || sd.is_stencil(), d_ds = dd.is_depth() || dd.is_stencil();
  const bool color = (info.mask & pipe::kBlitColor) && !s_ds && !d_ds;
  const bool depth = (info.mask & pipe::kBlitDepth) && sd.is_depth() && dd.is_depth();
  const bool stencil = (info.mask & pipe::kBlitStencil) && sd.is_stencil() && dd.is_stencil();
  if (!color && !depth && !stencil) return false;
  if (!(so->image_usage & VK_IMAGE_USAGE_SAMPLED_BIT)) return false;
  if (!(dobj->image_usage & (color ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT)))
    return false;
  const bool ms = so->samples != VK_SAMPLE_COUNT_1_BIT;
  if (ms && !color && !sample_rate_shading) return false;
  MetaShader shader = ms ? MetaShader::BlitDepthMs : MetaShader::BlitDepth;
  if (color) {
    if (sd.kind == pipe::FormatKind::Uint) shader = MetaShader::BlitUint;
    else if (sd.kind == pipe::FormatKind::Sint) shader = MetaShader::BlitSint;
    else shader = ms ? MetaShader::BlitMsFloat : MetaShader::BlitFloat;
    if (sd.is_integer() != dd.is_integer()) return false;
    if (ms && shader != MetaShader::BlitMsFloat) return false;
  }
  out->depth = depth;
  out->stencil = stencil;
  out->stencil_shader = ms ? MetaShader::BlitStencilBitMs : MetaShader::BlitStencilBit;

  const pipe::Box& sb = info.src.box;
  const pipe::Box& db = info.dst.box;
  out->src_format = sf;
  out->dst_format = df;
  // A destination stored through a swizzle (A8 as R8, LA8 as RG8) gets in
  // each stored channel the GL channel its reads take from there.
  const vk::FormatChoice dst_choice =
      df == dst->templ().format ? dobj->format : formats.choose(df, pipe::kUsageColorAttachment);
  if (color && dst_choice.swizzled()) out->src_swizzle = inverse_swizzle(dst_choice.swizzle);
  out->color = color;
  out->shader = shader;
  if (db.width == 0 || db.height == 0 || sb.width == 0 || sb.height == 0) {
    out->empty = true;
    return true;
  }
  const double sw = std::max(1u, src->templ().width >> info.src.level);
  const double sh = std::max(1u, src->templ().height >> info.src.level);
  // The viewport covers only what may be written (the destination level,
  // within the scissor): a destination rectangle reaching far outside the
  // image (a clipped GL blit's, whose mapping must stay the unclipped one)
  // could exceed the device's viewport limits. The mapping is linear, so
  // evaluating it at the clamped edges changes nothing.
  int64_t lx = 0, ly = 0;
  int64_t hx = std::max(1u, dst->templ().width >> info.dst.level), hy = std::max(1u, dst->templ().height >> info.dst.level);
  if (info.scissor_enable) {
    lx = std::max<int64_t>(lx, info.scissor.x);
    ly = std::max<int64_t>(ly, info.scissor.y);
    hx = std::min<int64_t>(hx, int64_t{info.scissor.x} + info.scissor.width);
    hy = std::min<int64_t>(hy, int64_t{info.scissor.y} + info.scissor.height);
  }
  const int64_t ux0 = std::min<int64_t>(db.x, int64_t{db.x} + db.width), ux1 = std::max<int64_t>(db.x, int64_t{db.x} + db.width);
  const int64_t uy0 = std::min<int64_t>(db.y, int64_t{db.y} + db.height), uy1 = std::max<int64_t>(db.y, int64_t{db.y} + db.height);
  if (std::max(ux0, lx) >= std::min(ux1, hx) || std::max(uy0, ly) >= std::min(uy1, hy)) {
    out->empty = true;
    return true;
  }
  const int32_t dx0 = int32_t(std::max(ux0, lx)), dx1 = int32_t(std::min(ux1, hx));
  const int32_t dy0 = int32_t(std::max(uy0, ly)), dy1 = int32_t(std::min(uy1, hy));
  auto map_x = [&](double d) { return (sb.x + (d - db.x) * sb.width / db.width) / sw; };
  auto map_y = [&](double d) { return (sb.y + (d - db.y) * sb.height / db.height) / sh; };
  MetaPush& push = out->push;
  push.src[0] = float(map_x(dx0));
  push.src[1] = float(map_y(dy0));
  push.src[2] = float(map_x(dx1));
  push.src[3] = float(map_y(dy1));
  push.misc[0] = int32_t(so->samples);
  out->linear = info.filter == pipe::Filter::Linear && shader == MetaShader::BlitFloat && !ms &&
                (formats.properties(so->format.vk).optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT);
  out->dst_x0 = dx0;
  out->dst_x1 = dx1;
  out->dst_y0 = dy0;
  out->dst_y1 = dy1;
  return true;

}

}  // namespace brass::driver
