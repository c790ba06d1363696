#include "gl/sampler_state.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "gl/context.h"

namespace brass::gl {

SamplerKey make_sampler_key(const SamplerParams& p, bool compare, bool integer_view) {
  const bool any_linear = p.mag_filter == GL_LINEAR || (p.min_filter != GL_NEAREST &&
                                                         p.min_filter != GL_NEAREST_MIPMAP_NEAREST &&
                                                         p.min_filter != GL_NEAREST_MIPMAP_LINEAR);
  auto wrap = [any_linear](GLenum w) -> uint8_t {
    switch (w) {
      // Compatibility GL_CLAMP (§8.14.2): coordinates clamp to [0,1], so a
      // nearest sample never leaves the image and a linear one at the edge
      // blends the border colour in, as CLAMP_TO_BORDER does there.
      case GL_CLAMP: return uint8_t(any_linear ? pipe::Wrap::ClampToBorder : pipe::Wrap::ClampToEdge);
      case GL_CLAMP_TO_EDGE: return uint8_t(pipe::Wrap::ClampToEdge);
      case GL_CLAMP_TO_BORDER: return uint8_t(pipe::Wrap::ClampToBorder);
      case GL_MIRRORED_REPEAT: return uint8_t(pipe::Wrap::MirroredRepeat);
      case GL_MIRROR_CLAMP_TO_EDGE: return uint8_t(pipe::Wrap::MirrorClampToEdge);
      default: return uint8_t(pipe::Wrap::Repeat);
    }
  };
  SamplerKey k{};
  k.wrap_s = wrap(p.wrap_s);
  k.wrap_t = wrap(p.wrap_t);
  k.wrap_r = wrap(p.wrap_r);
  const bool min_linear = p.min_filter == GL_LINEAR || p.min_filter == GL_LINEAR_MIPMAP_NEAREST ||
                          p.min_filter == GL_LINEAR_MIPMAP_LINEAR;
  k.min_filter = uint8_t(min_linear ? pipe::Filter::Linear : pipe::Filter::Nearest);
  k.mag_filter = uint8_t(p.mag_filter == GL_LINEAR ? pipe::Filter::Linear : pipe::Filter::Nearest);
  switch (p.min_filter) {
    case GL_NEAREST_MIPMAP_NEAREST:
    case GL_LINEAR_MIPMAP_NEAREST: k.mip_filter = uint8_t(pipe::MipFilter::Nearest); break;
    case GL_NEAREST_MIPMAP_LINEAR:
    case GL_LINEAR_MIPMAP_LINEAR: k.mip_filter = uint8_t(pipe::MipFilter::Linear); break;
    default: k.mip_filter = uint8_t(pipe::MipFilter::None); break;
  }
  k.compare_enable = compare ? 1 : 0;
  k.compare_func = uint8_t(p.compare_func >= GL_NEVER && p.compare_func <= GL_ALWAYS ? p.compare_func - GL_NEVER
                                                                                     : GL_LEQUAL - GL_NEVER);
  k.min_lod_bits = std::bit_cast<uint32_t>(p.min_lod);
  k.max_lod_bits = std::bit_cast<uint32_t>(p.max_lod);
  k.max_anisotropy_bits = std::bit_cast<uint32_t>(p.max_anisotropy);
  // The border color matters only where a wrap mode reaches it: other
  // samplers share one state whatever color was set.
  const auto border = uint8_t(pipe::Wrap::ClampToBorder);
  if (k.wrap_s == border || k.wrap_t == border || k.wrap_r == border) {
    for (int c = 0; c < 4; ++c) k.border_color[c] = p.border_color[c];
    k.border_color_integer = integer_view ? 1 : 0;
  }
  return k;
}

void border_color_to_storage(SamplerKey& key, GLenum base_format) {
  const uint32_t alpha = key.border_color[3];
  switch (base_format) {
    case GL_LUMINANCE_ALPHA:
      key.border_color[1] = alpha;  // G holds A
      key.border_color[2] = key.border_color[3] = 0;
      return;
    case GL_ALPHA:
      key.border_color[0] = alpha;  // R holds A
      key.border_color[1] = key.border_color[2] = key.border_color[3] = 0;
      return;
    default: return;  // R is R (or L, read as RRR1); the rest as given
  }
}

GLint ParamValue::as_int() const {
  if (!is_float) return i;
  const double r = std::nearbyint(static_cast<double>(f));
  if (r >= 2147483647.0) return 2147483647;
  if (r <= -2147483648.0) return static_cast<GLint>(-2147483647 - 1);
  return static_cast<GLint>(r);
}

bool anisotropic_filtering(const Context& ctx) { return ctx.has_extension("GL_ARB_texture_filter_anisotropic"); }

bool mirror_clamp_to_edge(const Context& ctx) { return ctx.has_extension("GL_ARB_texture_mirror_clamp_to_edge"); }

GLenum set_sampler_param(SamplerParams& p, GLenum pname, const ParamValue& v, bool border_clamp, bool* known,
                         bool anisotropic, bool mirror_clamp, bool lod_bias) {
  *known = true;
  const GLenum e = static_cast<GLenum>(v.as_int());
  switch (pname) {
    case GL_TEXTURE_WRAP_S:
    case GL_TEXTURE_WRAP_T:
    case GL_TEXTURE_WRAP_R:
      if (e != GL_REPEAT && e != GL_CLAMP_TO_EDGE && e != GL_MIRRORED_REPEAT &&
          !(border_clamp && e == GL_CLAMP_TO_BORDER) && !(mirror_clamp && e == GL_MIRROR_CLAMP_TO_EDGE))
        return GL_INVALID_ENUM;
      (pname == GL_TEXTURE_WRAP_S ? p.wrap_s : pname == GL_TEXTURE_WRAP_T ? p.wrap_t : p.wrap_r) = e;
      return GL_NO_ERROR;
    case GL_TEXTURE_MIN_FILTER:
      switch (e) {
        case GL_NEAREST:
        case GL_LINEAR:
        case GL_NEAREST_MIPMAP_NEAREST:
        case GL_LINEAR_MIPMAP_NEAREST:
        case GL_NEAREST_MIPMAP_LINEAR:
        case GL_LINEAR_MIPMAP_LINEAR: p.min_filter = e; return GL_NO_ERROR;
        default: return GL_INVALID_ENUM;
      }
    case GL_TEXTURE_MAG_FILTER:
      if (e != GL_NEAREST && e != GL_LINEAR) return GL_INVALID_ENUM;
      p.mag_filter = e;
      return GL_NO_ERROR;
    case GL_TEXTURE_MIN_LOD: p.min_lod = v.as_float(); return GL_NO_ERROR;
    case GL_TEXTURE_MAX_LOD: p.max_lod = v.as_float(); return GL_NO_ERROR;
    // Any value; the sum with the unit's bias is clamped when used.
    case GL_TEXTURE_LOD_BIAS:
      if (!lod_bias) break;
      p.lod_bias = v.as_float();
      return GL_NO_ERROR;
    case GL_TEXTURE_COMPARE_MODE:
      if (e != GL_NONE && e != GL_COMPARE_REF_TO_TEXTURE) return GL_INVALID_ENUM;
      p.compare_mode = e;
      return GL_NO_ERROR;
    case GL_TEXTURE_COMPARE_FUNC:
      if (e < GL_NEVER || e > GL_ALWAYS) return GL_INVALID_ENUM;
      p.compare_func = e;
      return GL_NO_ERROR;
    // Four values: only the vector forms set it (set_border_color), the
    // scalar ones are an INVALID_ENUM (EXT_texture_border_clamp).
    case GL_TEXTURE_BORDER_COLOR:
      if (!border_clamp) *known = false;
      return GL_INVALID_ENUM;
    // GL 4.6 §8.14.3 (ARB_texture_filter_anisotropic): any value of at
    // least 1, clamped to MAX_TEXTURE_MAX_ANISOTROPY when used (the pipe
    // sampler clamps to the device's limit); below 1 (or NaN) INVALID_VALUE.
    case GL_TEXTURE_MAX_ANISOTROPY:
      if (!anisotropic) break;
      if (!(v.as_float() >= 1.0f)) return GL_INVALID_VALUE;
      p.max_anisotropy = v.as_float();
      return GL_NO_ERROR;
    default: break;
  }
  *known = false;
  return GL_INVALID_ENUM;
}

void set_border_color(SamplerParams& p, BorderColorForm form, const void* values) {
  for (int c = 0; c < 4; ++c) {
    switch (form) {
      case BorderColorForm::Float:
        p.border_color[c] = std::bit_cast<uint32_t>(static_cast<const GLfloat*>(values)[c]);
        break;
      case BorderColorForm::NormalizedInt: {
        // Signed normalized: c / (2^31 - 1), -1 for the most negative.
        const double i = static_cast<const GLint*>(values)[c];
        const float f = static_cast<float>(std::max(i / 2147483647.0, -1.0));
        p.border_color[c] = std::bit_cast<uint32_t>(f);
        break;
      }
      case BorderColorForm::Int:
      case BorderColorForm::Uint: p.border_color[c] = static_cast<const uint32_t*>(values)[c]; break;
    }
  }
}

void get_border_color(const SamplerParams& p, BorderColorForm form, void* out) {
  for (int c = 0; c < 4; ++c) {
    switch (form) {
      case BorderColorForm::Float: static_cast<GLfloat*>(out)[c] = std::bit_cast<GLfloat>(p.border_color[c]); break;
      case BorderColorForm::NormalizedInt: {
        // The inverse mapping, rounded and clamped (ES 3.2 §2.2.2).
        const double f = std::clamp(static_cast<double>(std::bit_cast<GLfloat>(p.border_color[c])), -1.0, 1.0);
        static_cast<GLint*>(out)[c] = static_cast<GLint>(std::nearbyint(f * 2147483647.0));
        break;
      }
      case BorderColorForm::Int:
      case BorderColorForm::Uint: static_cast<uint32_t*>(out)[c] = p.border_color[c]; break;
    }
  }
}

bool get_sampler_param(const SamplerParams& p, GLenum pname, ParamValue* out, bool anisotropic, bool lod_bias) {
  auto e = [&](GLenum v) {
    out->is_float = false;
    out->i = static_cast<GLint>(v);
    return true;
  };
  auto f = [&](GLfloat v) {
    out->is_float = true;
    out->f = v;
    return true;
  };
  switch (pname) {
    case GL_TEXTURE_WRAP_S: return e(p.wrap_s);
    case GL_TEXTURE_WRAP_T: return e(p.wrap_t);
    case GL_TEXTURE_WRAP_R: return e(p.wrap_r);
    case GL_TEXTURE_MIN_FILTER: return e(p.min_filter);
    case GL_TEXTURE_MAG_FILTER: return e(p.mag_filter);
    case GL_TEXTURE_MIN_LOD: return f(p.min_lod);
    case GL_TEXTURE_MAX_LOD: return f(p.max_lod);
    case GL_TEXTURE_COMPARE_MODE: return e(p.compare_mode);
    case GL_TEXTURE_COMPARE_FUNC: return e(p.compare_func);
    case GL_TEXTURE_MAX_ANISOTROPY: return anisotropic && f(p.max_anisotropy);
    case GL_TEXTURE_LOD_BIAS: return lod_bias && f(p.lod_bias);
    default: return false;
  }
}

}  // namespace brass::gl
