// Compatibility-profile texture parameters, level queries and texture
// residency (see the header).
#include "gl/compat/legacy_textures.h"

#include <algorithm>
#include <cmath>

#include "gl/compat/pixel_enums.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl/pixel/format_table.h"
#include "gl/texture_specification.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"

namespace brass::gl::compat {

namespace {

bool is_wrap_name(GLenum pname) {
  return pname == GL_TEXTURE_WRAP_S || pname == GL_TEXTURE_WRAP_T || pname == GL_TEXTURE_WRAP_R;
}

GLenum& wrap_of(SamplerParams& p, GLenum pname) {
  return pname == GL_TEXTURE_WRAP_S ? p.wrap_s : pname == GL_TEXTURE_WRAP_T ? p.wrap_t : p.wrap_r;
}

void changed(Context& ctx, Texture& t) {
  t.changed();
  ctx.dirty(kDirtyTextures);
}

}  // namespace

bool legacy_sampler_parameter(Context& ctx, SamplerParams& p, GLenum pname, const ParamValue& v) {
  if (!ctx.compatibility() || !is_wrap_name(pname) || static_cast<GLenum>(v.as_int()) != GL_CLAMP) return false;
  wrap_of(p, pname) = GL_CLAMP;
  return true;
}

bool legacy_texture_parameter(Context& ctx, Texture& t, GLenum pname, const ParamValue& v) {
  if (!ctx.compatibility()) return false;
  const bool multisample = t.target == GL_TEXTURE_2D_MULTISAMPLE || t.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
  switch (pname) {
    case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R:
      if (static_cast<GLenum>(v.as_int()) != GL_CLAMP) return false;
      // Rectangles are never repeated, and GL_CLAMP reaches the border
      // like CLAMP_TO_BORDER: allowed on them as that is (§8.10).
      if (multisample) return ctx.set_error(GL_INVALID_ENUM), true;
      wrap_of(t.sampler, pname) = GL_CLAMP;
      changed(ctx, t);
      return true;
    case GL_TEXTURE_PRIORITY: {
      // Clamped to [0,1] when specified (§8.10).
      const GLfloat f = v.as_float();
      t.legacy.priority = std::clamp(std::isnan(f) ? 0.0f : f, 0.0f, 1.0f);
      return true;
    }
    case GL_GENERATE_MIPMAP:
      if (multisample || t.target == GL_TEXTURE_RECTANGLE) return ctx.set_error(GL_INVALID_ENUM), true;
      t.legacy.generate_mipmap = v.is_float ? v.f != 0.0f : v.i != 0;
      return true;
    case GL_DEPTH_TEXTURE_MODE: {
      const GLenum e = static_cast<GLenum>(v.as_int());
      if (e != GL_LUMINANCE && e != GL_INTENSITY && e != GL_ALPHA && e != GL_RED) return ctx.set_error(GL_INVALID_ENUM), true;
      t.legacy.depth_texture_mode = e;
      changed(ctx, t);
      return true;
    }
    default: return false;
  }
}

bool legacy_texture_query(Context& ctx, const Texture& t, GLenum pname, ParamValue* out) {
  if (!ctx.compatibility()) return false;
  switch (pname) {
    case GL_TEXTURE_PRIORITY: out->is_float = true; out->f = t.legacy.priority; return true;
    case GL_GENERATE_MIPMAP: out->is_float = false; out->i = t.legacy.generate_mipmap ? GL_TRUE : GL_FALSE; return true;
    case GL_DEPTH_TEXTURE_MODE: out->is_float = false; out->i = static_cast<GLint>(t.legacy.depth_texture_mode); return true;
    // Every texture is resident: Brass has no texture memory to run out of
    // other than by failing the allocation.
    case GL_TEXTURE_RESIDENT: out->is_float = false; out->i = GL_TRUE; return true;
    default: return false;
  }
}

bool legacy_level_query(Context& ctx, const pixel::InternalFormatInfo* info, GLenum pname, GLint* out) {
  if (!ctx.compatibility()) return false;
  const pixel::ComponentSizes bits = info ? info->bits : pixel::ComponentSizes{};
  const auto type_of = [info](uint8_t b) {
    return static_cast<GLint>(info && b ? pixel::component_type_enum(info->component_type) : GL_NONE);
  };
  switch (pname) {
    case GL_TEXTURE_LUMINANCE_SIZE: *out = bits.luminance; return true;
    case GL_TEXTURE_INTENSITY_SIZE: *out = bits.intensity; return true;
    case GL_TEXTURE_LUMINANCE_TYPE: *out = type_of(bits.luminance); return true;
    case GL_TEXTURE_INTENSITY_TYPE: *out = type_of(bits.intensity); return true;
    // Images with a border are not accepted (TexImage's border must be 0).
    case GL_TEXTURE_BORDER: *out = 0; return true;
    default: return false;
  }
}

void apply_depth_texture_mode(const Context& ctx, const Texture& t, const pixel::InternalFormatInfo& info,
                              std::array<pipe::Swizzle, 4>* swizzle) {
  if (!ctx.compatibility() || !info.has_depth() || t.depth_stencil_mode == GL_STENCIL_INDEX) return;
  using S = pipe::Swizzle;
  const S d = (*swizzle)[0];
  switch (t.legacy.depth_texture_mode) {
    case GL_LUMINANCE: *swizzle = {d, d, d, S::One}; return;
    case GL_INTENSITY: *swizzle = {d, d, d, d}; return;
    case GL_ALPHA: *swizzle = {S::Zero, S::Zero, S::Zero, d}; return;
    default: *swizzle = {d, S::Zero, S::Zero, S::One}; return;  // RED
  }
}

void image_changed(Context& ctx, Texture& t, GLint level) {
  if (!ctx.compatibility() || !t.legacy.generate_mipmap || level != t.base_level) return;
  api::spec::generate_mipmap(ctx, t);
}

bool legacy_mipmap_format_ok(const Context& ctx, const pixel::InternalFormatInfo& info) {
  if (!ctx.compatibility() || info.is_compressed() || info.is_integer()) return false;
  const GLenum base = info.base_format;
  if (base != GL_LUMINANCE && base != GL_LUMINANCE_ALPHA && base != GL_ALPHA && base != GL_INTENSITY) return false;
  return pixel::is_texture_filterable(info, ctx.format_features);
}

}  // namespace brass::gl::compat

namespace brass::gl::api {

// Residency and priority are hints to an implementation with limited
// texture memory (§8.10.1); Brass keeps every texture resident.
void PrioritizeTextures(Context& ctx, GLsizei n, const GLuint* textures, const GLclampf* priorities) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!textures || !priorities) return;
  for (GLsizei i = 0; i < n; ++i) {
    // Names of no texture (and zero) are ignored.
    if (textures[i] == 0) continue;
    Ref<Texture> t = ctx.share_group().textures.lookup(textures[i]);
    if (!t) continue;
    const GLfloat p = priorities[i];
    t->legacy.priority = std::clamp(std::isnan(p) ? 0.0f : p, 0.0f, 1.0f);
  }
}

GLboolean AreTexturesResident(Context& ctx, GLsizei n, const GLuint* textures, GLboolean* residences) {
  if (compat::refuse_inside_begin_end(ctx)) return GL_FALSE;
  if (n < 0) {
    ctx.set_error(GL_INVALID_VALUE);
    return GL_FALSE;
  }
  if (!textures) return GL_TRUE;
  for (GLsizei i = 0; i < n; ++i) {
    // Zero or a name of no texture object: INVALID_VALUE (§8.10.1).
    const Ref<Texture> t = textures[i] != 0 ? ctx.share_group().textures.lookup(textures[i]) : Ref<Texture>();
    if (!t || t->target == GL_NONE) {
      ctx.set_error(GL_INVALID_VALUE);
      return GL_FALSE;
    }
  }
  // All resident: TRUE, and `residences` is left unchanged (§8.10.1).
  (void)residences;
  return GL_TRUE;
}

}  // namespace brass::gl::api
