// The compatibility profile's texture state beyond the core profile's (GL
// 4.6 compatibility §8.10, §8.11, §8.14.4, tables 23.15-23.18): the GL_CLAMP
// wrap mode, TEXTURE_PRIORITY, GENERATE_MIPMAP, DEPTH_TEXTURE_MODE,
// TEXTURE_RESIDENT, the luminance and intensity level queries, and
// glPrioritizeTextures / glAreTexturesResident. Each entry point of the
// core texture code calls in here first; in a core-profile context every
// function answers "not mine".
#pragma once

#include <array>
#include <cstddef>

#include "gl/compat/pixel_enums.h"
#include "gl/gl_types.h"
#include "pipe/format.h"

namespace brass::gl {
class Context;
class Texture;
struct ParamValue;
struct SamplerParams;
namespace pixel {
struct InternalFormatInfo;
}
}  // namespace brass::gl

namespace brass::gl::compat {

// Per-texture state of the compatibility profile (Texture::legacy).
struct LegacyTextureParams {
  GLfloat priority = 1.0f;
  bool generate_mipmap = false;
  GLenum depth_texture_mode = GL_LUMINANCE;
};

// glTexParameter of a compatibility-only name (or GL_CLAMP for a wrap
// mode): true when handled (the value set or the error recorded).
bool legacy_texture_parameter(Context& ctx, Texture& t, GLenum pname, const ParamValue& v);
// The same for a sampler object (GL_CLAMP only: the other names are
// texture state).
bool legacy_sampler_parameter(Context& ctx, SamplerParams& p, GLenum pname, const ParamValue& v);
// glGetTexParameter of a compatibility-only name: true when answered.
bool legacy_texture_query(Context& ctx, const Texture& t, GLenum pname, ParamValue* out);
// glGetTexLevelParameter of a compatibility-only name (TEXTURE_LUMINANCE_SIZE,
// TEXTURE_INTENSITY_SIZE, their _TYPE, TEXTURE_BORDER): true when answered.
bool legacy_level_query(Context& ctx, const pixel::InternalFormatInfo* info, GLenum pname, GLint* out);

// The swizzle DEPTH_TEXTURE_MODE puts on a depth texture's samples
// (§8.23.1: LUMINANCE (d,d,d,1), INTENSITY (d,d,d,d), ALPHA (0,0,0,d),
// RED (d,0,0,1)), composed into `swizzle` (the format's own). Unchanged in
// a core context or for a texture that samples no depth.
void apply_depth_texture_mode(const Context& ctx, const Texture& t, const pixel::InternalFormatInfo& info,
                              std::array<pipe::Swizzle, 4>* swizzle);

// After an image of `t` changed (TexImage, TexSubImage, CopyTex*): with
// GENERATE_MIPMAP set and `level` the base level, the mipmap levels are
// derived again (§8.14.4).
void image_changed(Context& ctx, Texture& t, GLint level);

// GenerateMipmap of a compatibility-only base format (luminance, alpha,
// intensity): allowed where it filters.
bool legacy_mipmap_format_ok(const Context& ctx, const pixel::InternalFormatInfo& info);

}  // namespace brass::gl::compat
