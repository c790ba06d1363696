// Sampler state shared by texture objects and sampler objects (GL 4.6
// §8.10, ES 3.2 §8.10): setting and reading each parameter with the spec's
// errors, the border colour's forms, and the pipe sampler key it becomes.
#pragma once

#include <cstdint>

#include "gl/texture.h"

namespace brass::gl {

class Context;

// One parameter value as glTexParameter{i,f} / glSamplerParameter{i,f} pass it.
struct ParamValue {
  bool is_float = false;
  GLint i = 0;
  GLfloat f = 0;
  GLint as_int() const;
  GLfloat as_float() const { return is_float ? f : static_cast<GLfloat>(i); }
};
// Sets a sampler-state parameter shared by textures and sampler objects.
// GL_INVALID_ENUM for an unknown pname or a bad enum value; *known false when
// `pname` is not a sampler-state name (the caller may know it).
// `border_clamp`: the context has CLAMP_TO_BORDER (texture_border_clamp).
// TEXTURE_MAX_ANISOTROPY is one where `anisotropic` (the context exposes
// anisotropic filtering: anisotropic_filtering(ctx)). MIRROR_CLAMP_TO_EDGE
// is a wrap mode where `mirror_clamp` (mirror_clamp_to_edge(ctx)).
// TEXTURE_LOD_BIAS is one where `lod_bias` (desktop contexts: ctx.desktop()).
GLenum set_sampler_param(SamplerParams& p, GLenum pname, const ParamValue& v, bool border_clamp, bool* known,
                         bool anisotropic, bool mirror_clamp = false, bool lod_bias = false);
// False when `pname` is not a sampler-state name.
bool get_sampler_param(const SamplerParams& p, GLenum pname, ParamValue* out, bool anisotropic,
                       bool lod_bias = false);
// Whether TEXTURE_MAX_ANISOTROPY and MAX_TEXTURE_MAX_ANISOTROPY exist
// (ARB/EXT_texture_filter_anisotropic, desktop contexts).
bool anisotropic_filtering(const Context& ctx);
// Whether MIRROR_CLAMP_TO_EDGE is a wrap mode (ARB_texture_mirror_clamp_to_edge,
// GL 4.4; desktop contexts where the device samples with it).
bool mirror_clamp_to_edge(const Context& ctx);

// How glTexParameter*v / glSamplerParameter*v pass TEXTURE_BORDER_COLOR's
// four values: fv floats, iv integers mapped to [-1,1] (ES 3.2 §2.3.5),
// Iiv/Iuiv integers kept as they are.
enum class BorderColorForm : uint8_t { Float, NormalizedInt, Int, Uint };
void set_border_color(SamplerParams& p, BorderColorForm form, const void* values);
void get_border_color(const SamplerParams& p, BorderColorForm form, void* out);

// Sampler key for a pipe sampler state. `integer_view`: the texture it
// samples is an integer one (its border color words are integers).
SamplerKey make_sampler_key(const SamplerParams& p, bool compare, bool integer_view = false);

// GL reads the border colour as an RGBA colour converted to the texture's
// base format (EXT_texture_border_clamp, by ES 3.2 Table 8.11): a
// LUMINANCE_ALPHA texture's border reads (R, R, R, A), an ALPHA one's
// (0, 0, 0, A). Brass stores those as R/RG formats read through a swizzle
// (RRRG, 000R; the driver's L8A8/A8 and the frontend's float forms alike),
// which the device applies to the border colour as to any texel: the key's
// words move to the stored components the swizzle reads. `base_format` is
// the sampled texture's (GL_RGBA, GL_LUMINANCE_ALPHA, ...).
void border_color_to_storage(SamplerKey& key, GLenum base_format);

}  // namespace brass::gl
