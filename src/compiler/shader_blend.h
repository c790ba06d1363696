// Blending in the fragment shader for colour attachments whose format the
// device cannot blend (no VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT: the
// SNORM formats on lavapipe). GL blends every fixed-point and floating-point
// buffer (GL 4.6 §17.3.6, ES 3.2 §15.1.5), so such a draw gets a program
// variant (VariantKey::shader_blend_mask, one bit per draw buffer) whose
// fragment shader, before each return of main, replaces the colour output
// of every masked draw buffer with
//     blend(clamp(source), clamp(destination), clamp(constant colour))
// and fixed-function blending stays off for that attachment (the driver
// writes unblended where it cannot blend). The destination is a copy of the
// attachment made before the draw (src/gl/shader_blend.cpp, the copies of
// src/gl/framebuffer_fetch.cpp), read at gl_FragCoord like the
// framebuffer-fetch samplers (and named like them, so the multisampled
// variant, make_fetch_multisampled, reads it per sample).
//
// The blend state is data, not code: a uniform block (ShaderBlendUniforms)
// holds the constant colour and, per draw buffer, the packed factors,
// equations and clamp (pack_shader_blend_target), which the shader decodes
// with selects. Changing glBlendColor, glBlendFunc or glBlendEquation needs
// no new variant or pipeline; only the set of draw buffers blended this way
// is compiled in. Added by the variant only: programs and draws that do not
// blend such a buffer are untouched.
#pragma once

#include <cstdint>
#include <vector>

namespace brass::compiler {

// What a blend factor multiplies: a term, optionally one minus it
// (kShaderBlendOneMinus). ZERO is Zero, ONE is Zero | kShaderBlendOneMinus.
enum class ShaderBlendTerm : uint32_t {
  Zero,
  Src,            // (Rs, Gs, Bs, As)
  SrcAlpha,       // As in every component
  Dst,
  DstAlpha,
  Constant,       // the blend colour
  ConstantAlpha,
  AlphaSaturate,  // min(As, 1 - Ad) for colour, 1 for alpha
  Src1,           // the second source of dual-source blending (location 0, index 1)
  Src1Alpha,
};
inline constexpr uint32_t kShaderBlendOneMinus = 1u << 4;
inline constexpr uint32_t shader_blend_factor(ShaderBlendTerm t, bool one_minus) {
  return static_cast<uint32_t>(t) | (one_minus ? kShaderBlendOneMinus : 0u);
}

enum class ShaderBlendOp : uint32_t { Add, Subtract, ReverseSubtract, Min, Max };

// What the buffer's format clamps source, destination and constant to:
// [0, 1] (unsigned normalized), [-1, 1] (signed normalized) or nothing
// (floating point).
enum class ShaderBlendClamp : uint32_t { None, Unsigned, Signed };

struct ShaderBlendTarget {
  uint32_t src_rgb = shader_blend_factor(ShaderBlendTerm::Zero, true);
  uint32_t dst_rgb = shader_blend_factor(ShaderBlendTerm::Zero, false);
  uint32_t src_alpha = shader_blend_factor(ShaderBlendTerm::Zero, true);
  uint32_t dst_alpha = shader_blend_factor(ShaderBlendTerm::Zero, false);
  ShaderBlendOp rgb_op = ShaderBlendOp::Add;
  ShaderBlendOp alpha_op = ShaderBlendOp::Add;
  ShaderBlendClamp clamp = ShaderBlendClamp::Unsigned;
};

// Bits 0-4 src_rgb, 5-9 dst_rgb, 10-14 src_alpha, 15-19 dst_alpha, 20-22
// rgb_op, 23-25 alpha_op, 26-27 clamp.
inline constexpr uint32_t pack_shader_blend_target(const ShaderBlendTarget& t) {
  return t.src_rgb | t.dst_rgb << 5 | t.src_alpha << 10 | t.dst_alpha << 15 | static_cast<uint32_t>(t.rgb_op) << 20 |
         static_cast<uint32_t>(t.alpha_op) << 23 | static_cast<uint32_t>(t.clamp) << 26;
}

inline constexpr unsigned kShaderBlendMaxTargets = 8;

// The uniform block the variant reads (std140: a vec4, then uvec4[2]).
struct ShaderBlendUniforms {
  float constant[4] = {0, 0, 0, 0};
  uint32_t targets[kShaderBlendMaxTargets] = {};  // pack_shader_blend_target per draw buffer
};
static_assert(sizeof(ShaderBlendUniforms) == 48);

// Sampler names: kFetchSamplerPrefix ("brass_fb_fetch") + "_blend" + the
// draw buffer.
inline constexpr const char* kShaderBlendSamplerPrefix = "brass_fb_fetch_blend";

// Adds the blend of the draw buffers in `mask` to a fragment module: the
// destination sampler of the k-th draw buffer of `mask` (lowest first) at
// (set 2, first_sampler_binding + k), the uniform block at (set 1,
// uniform_binding). Draw buffers without a
// 32-bit float output at their location (integer outputs are never blended;
// outputs placed with a Component decoration are left alone) are skipped.
// Other stages come back unchanged. False when the module is malformed.
bool add_shader_blend(std::vector<uint32_t>& spirv, uint8_t mask, uint32_t first_sampler_binding,
                      uint32_t uniform_binding);

}  // namespace brass::compiler
