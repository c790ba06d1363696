#include "gl/fixed_function.h"

#include <algorithm>

#include "gl/advanced_blend.h"

namespace brass::gl {

pipe::CompareFunc to_pipe_compare(GLenum f) {
  switch (f) {
    case GL_NEVER: return pipe::CompareFunc::Never;
    case GL_LESS: return pipe::CompareFunc::Less;
    case GL_EQUAL: return pipe::CompareFunc::Equal;
    case GL_LEQUAL: return pipe::CompareFunc::LessEqual;
    case GL_GREATER: return pipe::CompareFunc::Greater;
    case GL_NOTEQUAL: return pipe::CompareFunc::NotEqual;
    case GL_GEQUAL: return pipe::CompareFunc::GreaterEqual;
    default: return pipe::CompareFunc::Always;
  }
}

bool is_compare_func(GLenum f) { return f >= GL_NEVER && f <= GL_ALWAYS; }

pipe::BlendFactor to_pipe_blend_factor(GLenum f) {
  using B = pipe::BlendFactor;
  switch (f) {
    case GL_ZERO: return B::Zero;
    case GL_ONE: return B::One;
    case GL_SRC_COLOR: return B::SrcColor;
    case GL_ONE_MINUS_SRC_COLOR: return B::OneMinusSrcColor;
    case GL_DST_COLOR: return B::DstColor;
    case GL_ONE_MINUS_DST_COLOR: return B::OneMinusDstColor;
    case GL_SRC_ALPHA: return B::SrcAlpha;
    case GL_ONE_MINUS_SRC_ALPHA: return B::OneMinusSrcAlpha;
    case GL_DST_ALPHA: return B::DstAlpha;
    case GL_ONE_MINUS_DST_ALPHA: return B::OneMinusDstAlpha;
    case GL_CONSTANT_COLOR: return B::ConstColor;
    case GL_ONE_MINUS_CONSTANT_COLOR: return B::OneMinusConstColor;
    case GL_CONSTANT_ALPHA: return B::ConstAlpha;
    case GL_ONE_MINUS_CONSTANT_ALPHA: return B::OneMinusConstAlpha;
    case GL_SRC_ALPHA_SATURATE: return B::SrcAlphaSaturate;
    case GL_SRC1_COLOR_EXT: return B::Src1Color;
    case GL_ONE_MINUS_SRC1_COLOR_EXT: return B::OneMinusSrc1Color;
    case GL_SRC1_ALPHA_EXT: return B::Src1Alpha;
    case GL_ONE_MINUS_SRC1_ALPHA_EXT: return B::OneMinusSrc1Alpha;
    default: return B::One;
  }
}

bool is_blend_factor(GLenum f) {
  switch (f) {
    case GL_ZERO: case GL_ONE: case GL_SRC_COLOR: case GL_ONE_MINUS_SRC_COLOR: case GL_DST_COLOR:
    case GL_ONE_MINUS_DST_COLOR: case GL_SRC_ALPHA: case GL_ONE_MINUS_SRC_ALPHA: case GL_DST_ALPHA:
    case GL_ONE_MINUS_DST_ALPHA: case GL_CONSTANT_COLOR: case GL_ONE_MINUS_CONSTANT_COLOR:
    case GL_CONSTANT_ALPHA: case GL_ONE_MINUS_CONSTANT_ALPHA: case GL_SRC_ALPHA_SATURATE:
      return true;
    default:
      return false;
  }
}

pipe::BlendOp to_pipe_blend_op(GLenum op) {
  switch (op) {
    case GL_FUNC_SUBTRACT: return pipe::BlendOp::Subtract;
    case GL_FUNC_REVERSE_SUBTRACT: return pipe::BlendOp::ReverseSubtract;
    case GL_MIN: return pipe::BlendOp::Min;
    case GL_MAX: return pipe::BlendOp::Max;
    default: return pipe::BlendOp::Add;
  }
}

bool is_blend_equation(GLenum m) {
  return m == GL_FUNC_ADD || m == GL_FUNC_SUBTRACT || m == GL_FUNC_REVERSE_SUBTRACT || m == GL_MIN || m == GL_MAX;
}

pipe::StencilOp to_pipe_stencil_op(GLenum op) {
  using S = pipe::StencilOp;
  switch (op) {
    case GL_ZERO: return S::Zero;
    case GL_REPLACE: return S::Replace;
    case GL_INCR: return S::IncrClamp;
    case GL_DECR: return S::DecrClamp;
    case GL_INVERT: return S::Invert;
    case GL_INCR_WRAP: return S::IncrWrap;
    case GL_DECR_WRAP: return S::DecrWrap;
    default: return S::Keep;
  }
}

bool is_stencil_op(GLenum op) {
  switch (op) {
    case GL_KEEP: case GL_ZERO: case GL_REPLACE: case GL_INCR: case GL_DECR: case GL_INVERT:
    case GL_INCR_WRAP: case GL_DECR_WRAP:
      return true;
    default:
      return false;
  }
}

pipe::BlendState make_blend_state(const FixedFunctionState& s, unsigned color_buffers, bool alpha_is_one,
                                  bool advanced_by_device) {
  pipe::BlendState b;
  const unsigned n = std::min<unsigned>(std::max(1u, color_buffers), pipe::kMaxColorBuffers);
  for (unsigned i = 0; i < n; ++i) {
    pipe::RenderTargetBlend& rt = b.rt[i];
    const BlendEquation& e = s.blend_eq[i];
    // KHR_blend_equation_advanced: the device blends, or the fragment shader
    // does (its variant for the equation, advanced_blend.h) and the buffer
    // takes its output as is.
    const compiler::AdvancedBlendEquation advanced = advanced_equation(e.rgb);
    if (s.blend[i] && advanced != compiler::AdvancedBlendEquation::None && advanced_by_device) {
      rt.blend_enable = true;
      rt.advanced = static_cast<uint8_t>(advanced);
    } else if (s.blend[i] && advanced == compiler::AdvancedBlendEquation::None) {
      rt.blend_enable = true;
      rt.rgb_op = to_pipe_blend_op(e.rgb);
      rt.alpha_op = to_pipe_blend_op(e.alpha);
      rt.rgb_src = to_pipe_blend_factor(e.src_rgb);
      rt.rgb_dst = to_pipe_blend_factor(e.dst_rgb);
      rt.alpha_src = to_pipe_blend_factor(e.src_alpha);
      rt.alpha_dst = to_pipe_blend_factor(e.dst_alpha);
      // MIN/MAX ignore the factors; normalising them keeps equal states equal.
      if (e.rgb == GL_MIN || e.rgb == GL_MAX) rt.rgb_src = rt.rgb_dst = pipe::BlendFactor::One;
      if (e.alpha == GL_MIN || e.alpha == GL_MAX) rt.alpha_src = rt.alpha_dst = pipe::BlendFactor::One;
    }
    const auto& m = s.color_mask[i];
    rt.color_mask = static_cast<uint8_t>((m[0] ? pipe::kMaskR : 0) | (m[1] ? pipe::kMaskG : 0) |
                                         (m[2] ? pipe::kMaskB : 0) | (m[3] && !alpha_is_one ? pipe::kMaskA : 0));
    const pipe::RenderTargetBlend& r0 = b.rt[0];
    if (rt.blend_enable != r0.blend_enable || rt.advanced != r0.advanced || rt.rgb_op != r0.rgb_op || rt.rgb_src != r0.rgb_src ||
        rt.rgb_dst != r0.rgb_dst || rt.alpha_op != r0.alpha_op || rt.alpha_src != r0.alpha_src ||
        rt.alpha_dst != r0.alpha_dst || rt.color_mask != r0.color_mask)
      b.independent_blend = true;
  }
  // The multisample fragment operations only with MULTISAMPLE on (GL 4.6
  // §17.3.1; ES has no switch and keeps it on).
  b.alpha_to_coverage = s.sample_alpha_to_coverage && s.multisample;
  b.alpha_to_one = s.sample_alpha_to_one && s.multisample;
  if (s.color_logic_op) {
    // GL 4.6 §17.3.9: the logic op replaces blending; Vulkan applies it
    // to the (normalized or integer) attachments and leaves floating-point
    // ones alone, as GL does. The GL and pipe orders of the sixteen
    // operations are the same (GL_CLEAR 0x1500 .. GL_SET 0x150F).
    b.logic_op_enable = true;
    b.logic_op = static_cast<pipe::LogicOp>(s.logic_op - GL_CLEAR);
    for (pipe::RenderTargetBlend& rt : b.rt) {
      rt.blend_enable = false;
      rt.advanced = 0;
    }
  }
  return b;
}

pipe::DepthStencilAlphaState make_depth_stencil_state(const FixedFunctionState& s, bool has_depth, bool has_stencil) {
  pipe::DepthStencilAlphaState d;
  // With no depth buffer the depth test always passes (ES 3.0 §4.1.6).
  d.depth_enabled = s.depth_test && has_depth;
  d.depth_write = d.depth_enabled && s.depth_mask;
  d.depth_func = to_pipe_compare(s.depth_func);
  if (s.stencil_test && has_stencil) {
    auto face = [](const StencilFaceState& f) {
      pipe::StencilFace p;
      p.enabled = true;
      p.func = to_pipe_compare(f.func);
      p.fail_op = to_pipe_stencil_op(f.fail);
      p.zfail_op = to_pipe_stencil_op(f.zfail);
      p.zpass_op = to_pipe_stencil_op(f.zpass);
      p.value_mask = static_cast<uint8_t>(f.value_mask & 0xff);
      p.write_mask = static_cast<uint8_t>(f.write_mask & 0xff);
      return p;
    };
    d.stencil[0] = face(s.stencil_front);
    d.stencil[1] = face(s.stencil_back);
    d.two_sided_stencil = true;
  }
  return d;
}

pipe::RasterizerState make_rasterizer_state(const FixedFunctionState& s, bool point_size_per_vertex) {
  pipe::RasterizerState r;
  if (s.cull_face) {
    r.cull = s.cull_face_mode == GL_FRONT ? pipe::CullFace::Front
             : s.cull_face_mode == GL_BACK ? pipe::CullFace::Back
                                           : pipe::CullFace::FrontAndBack;
  }
  // Inverted: see the coordinate convention at the top of fixed_function.h.
  // With an upper-left clip origin the viewport mirrors y, which inverts
  // Vulkan's facing once more, while GL negates the area to keep it
  // (EXT_clip_control): facing stays what the clip-space winding says.
  r.front_ccw = (s.front_face != GL_CCW) != (s.clip_origin == GL_UPPER_LEFT_EXT);
  r.clip_halfz = s.clip_depth_mode == GL_ZERO_TO_ONE_EXT;
  // The enable of the mode polygons are drawn in (the LINE and POINT ones
  // are only ever set in compatibility contexts).
  const GLenum mode =
      s.cull_face && s.cull_face_mode == GL_FRONT ? s.polygon_mode_back : s.polygon_mode;
  r.offset_enable = mode == GL_LINE    ? s.polygon_offset_line
                    : mode == GL_POINT ? s.polygon_offset_point
                                       : s.polygon_offset_fill;
  r.offset_scale = s.polygon_offset_factor;
  r.offset_units = s.polygon_offset_units;
  r.offset_clamp = s.polygon_offset_clamp;
  r.line_width = s.line_width;
  r.rasterizer_discard = s.rasterizer_discard;
  r.scissor = s.viewports.scissor_test != 0;  // any viewport's (emit_scissors)
  r.point_size_per_vertex = point_size_per_vertex;
  r.polygon_mode = mode == GL_LINE    ? pipe::PolygonMode::Line
                   : mode == GL_POINT ? pipe::PolygonMode::Point
                                      : pipe::PolygonMode::Fill;
  r.depth_clamp = s.depth_clamp;
  r.flatshade_first = s.provoking_vertex == GL_FIRST_VERTEX_CONVENTION;
  r.multisample = s.multisample;
  r.sample_shading = s.sample_shading && s.multisample;  // GL 4.6 §14.3.1.1
  r.min_sample_shading = s.min_sample_shading;
  return r;
}

pipe::StencilRef make_stencil_ref(const FixedFunctionState& s, int stencil_bits) {
  // The reference is clamped to [0, 2^s - 1] (ES 3.0 §4.1.4).
  const GLint max = stencil_bits > 0 ? (1 << std::min(stencil_bits, 8)) - 1 : 0;
  pipe::StencilRef ref;
  ref.ref_value[0] = static_cast<uint8_t>(std::clamp(s.stencil_front.ref, 0, max));
  ref.ref_value[1] = static_cast<uint8_t>(std::clamp(s.stencil_back.ref, 0, max));
  return ref;
}

}  // namespace brass::gl
