// What driver-internal (meta) draws must do, decided without recording
// anything: which buffers of a masked clear the load-op path can clear and
// which need a draw (with what write mask), and whether and how a blit can
// go through the shader path (shader, source rectangle, filter).
#pragma once
#include <array>
#include <cstdint>

#include "device/format_table.h"
#include "driver/meta/meta_pipelines.h"
#include "pipe/context.h"
#include "util/ref_counted.h"

namespace brass::driver {

struct MaskedClearPlan {
  uint32_t fast = 0;           // pipe::kClear* buffers a plain clear does
  uint32_t masked_colors = 0;  // color buffers needing a draw
  std::array<uint8_t, 8> write_masks{};  // their write masks, in stored channels
  bool masked_stencil = false;           // a stencil draw with the stencil mask
};
// `surfaces`: the framebuffer's colors 0..7.
MaskedClearPlan plan_masked_clear(uint32_t buffers, const pipe::ClearMasks& masks, const pipe::FramebufferState& fb,
                                  const Ref<pipe::Surface>* surfaces);

MetaShader clear_shader(pipe::Format f);
pipe::Format surface_format(const pipe::Surface* s);

struct ShaderBlitPlan {
  bool empty = false;  // nothing to draw (a zero-sized box): done
  bool color = true;   // false: depth and/or stencil
  bool depth = false;   // `shader` writes depth
  // Stencil, after the depth draw: a clear of the rectangle, then one draw
  // per bit with `stencil_shader` (blit_stencil_bit.frag says why).
  bool stencil = false;
  MetaShader stencil_shader = MetaShader::BlitStencilBit;
  bool linear = false;
  MetaShader shader = MetaShader::BlitFloat;
  pipe::Format src_format = pipe::Format::None, dst_format = pipe::Format::None;
  int32_t dst_x0 = 0, dst_x1 = 0, dst_y0 = 0, dst_y1 = 0;  // ordered destination rectangle
  MetaPush push;  // source rectangle (normalized) and sample count
  // The source view's swizzle: each stored channel of the destination gets
  // the GL channel its format emulation reads from it (A8 stored as R8:
  // R <- A; LA8 stored as RG8: R <- L, G <- A), identity for native formats.
  std::array<pipe::Swizzle, 4> src_swizzle{pipe::Swizzle::R, pipe::Swizzle::G, pipe::Swizzle::B, pipe::Swizzle::A};
};
// False when the shader path cannot do this blit. `sample_rate_shading`:
// the device runs fragment shaders per sample (the multisample depth and
// stencil shaders read gl_SampleID).
bool plan_shader_blit(const pipe::BlitInfo& info, const vk::FormatTable& formats, bool sample_rate_shading,
                      ShaderBlitPlan* out);

// The inverse of a stored format's swizzle (GL channel j reads stored
// channel swizzle[j]): per stored channel, the first GL channel read from
// it; a stored channel no GL channel reads gets zero (alpha: one).
std::array<pipe::Swizzle, 4> inverse_swizzle(const std::array<pipe::Swizzle, 4>& stored);

}  // namespace brass::driver
