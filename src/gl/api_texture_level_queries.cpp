// glGetTexLevelParameter (ES 3.1 §8.10.3, GL 4.6 §8.11.3): the state of one
// texture image, of a bound texture or of a proxy target's
// (texture_proxy.h).
#include <algorithm>

#include "gl/compat/legacy_textures.h"
#include "gl/context.h"
#include "gl/pixel/tex_image_rules.h"
#include "gl/texture_buffer.h"
#include "gl/texture_parameters.h"
#include "gl/texture_proxy.h"
#include "gl/texture_specification.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

using spec::check_level;
using spec::is_target_3d;
using spec::target_2d;
using spec::Target2D;

bool fail(Context& ctx, GLenum error) {
  ctx.set_error(error);
  return false;
}

bool texture_level_query(Context& ctx, const Texture& texture, unsigned face, GLint level, GLenum pname, GLint* out);

// glGetTexLevelParameter (ES 3.1 §8.10.3): one value of the image at
// `level` of `target` (a cube map face, not the cube map). An image never
// specified answers the initial state of table 20.10: zero sizes, RGBA,
// NONE types, not compressed. False after recording an error.
bool tex_level_query(Context& ctx, GLenum target, GLint level, GLenum pname, GLint* out) {
  GLenum texture_target = target;
  unsigned face = 0;
  Target2D t2;
  const Texture* proxy = proxy_texture(ctx, target);
  if (proxy) {
    texture_target = proxy->target;
  } else if (target_2d(target, &t2)) {
    texture_target = t2.texture_target;
    face = t2.face;
  } else if (target == GL_TEXTURE_BUFFER && ctx.texture_buffers()) {
    const Texture* t = bound_texture(ctx, target);
    if (!t) return fail(ctx, GL_INVALID_ENUM);
    return texture_level_query(ctx, *t, 0, level, pname, out);
  } else if (!is_target_3d(target) && target != GL_TEXTURE_2D_MULTISAMPLE &&
             target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES &&
             !(ctx.desktop() && (target == GL_TEXTURE_1D || target == GL_TEXTURE_1D_ARRAY ||
                                 target == GL_TEXTURE_RECTANGLE))) {
    return fail(ctx, GL_INVALID_ENUM);
  }
  if (!check_level(ctx, texture_target, level)) return false;
  const Texture* t = proxy ? proxy : bound_texture(ctx, texture_target);
  if (!t) return fail(ctx, GL_INVALID_ENUM);
  return texture_level_query(ctx, *t, face, level, pname, out);
}

// The query on one texture (bound, proxy or named). A proxy's target is
// its texture target (TEXTURE_2D for PROXY_TEXTURE_2D).
bool texture_level_query(Context& ctx, const Texture& texture, unsigned face, GLint level, GLenum pname, GLint* out) {
  const Texture* t = &texture;
  const GLenum texture_target = t->target;
  if (texture_target == GL_TEXTURE_BUFFER) {
    // One level, whose texels are the buffer's (ES 3.2 §8.11.3).
    if (level != 0) return fail(ctx, GL_INVALID_VALUE);
    if (!texture_buffer_level_query(ctx, *t, pname, out)) return fail(ctx, GL_INVALID_ENUM);
    return true;
  }
  if (!check_level(ctx, texture_target, level)) return false;
  const TextureImage* img = t->image(level, face);
  const pixel::InternalFormatInfo* info = img ? img->info : nullptr;
  // TEXTURE_<C>_TYPE: how component C is stored, NONE when it has no bits.
  const auto type_of = [info](uint8_t bits) {
    return static_cast<GLint>(info && bits ? pixel::component_type_enum(info->component_type) : GL_NONE);
  };
  const pixel::ComponentSizes bits = info ? info->bits : pixel::ComponentSizes{};
  switch (pname) {
    case GL_TEXTURE_WIDTH: *out = img ? img->width : 0; return true;
    // A 1D array's height is its layer count (kept as depth).
    case GL_TEXTURE_HEIGHT:
      *out = img ? (texture_target == GL_TEXTURE_1D_ARRAY ? img->depth : img->height) : 0;
      return true;
    // A 2D image (or cube face) is one slice deep.
    case GL_TEXTURE_DEPTH:
      *out = img ? (is_target_3d(texture_target) || texture_target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES ? img->depth : 1)
                 : 0;
      if (texture_target == GL_TEXTURE_1D_ARRAY && img) *out = 1;
      return true;
    // What glTexStorage2DMultisample allocated; other images have no
    // samples and (trivially) fixed sample locations, as does an image not
    // specified (table 20.10's initial values).
    case GL_TEXTURE_SAMPLES: *out = img ? t->samples : 0; return true;
    case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS: *out = !img || t->fixed_sample_locations ? GL_TRUE : GL_FALSE; return true;
    // As the application named it (an unsized format stays unsized).
    case GL_TEXTURE_INTERNAL_FORMAT: *out = img ? static_cast<GLint>(img->internal_format) : GL_RGBA; return true;
    case GL_TEXTURE_RED_SIZE: *out = bits.red; return true;
    case GL_TEXTURE_GREEN_SIZE: *out = bits.green; return true;
    case GL_TEXTURE_BLUE_SIZE: *out = bits.blue; return true;
    case GL_TEXTURE_ALPHA_SIZE: *out = bits.alpha; return true;
    case GL_TEXTURE_DEPTH_SIZE: *out = bits.depth; return true;
    case GL_TEXTURE_STENCIL_SIZE: *out = bits.stencil; return true;
    case GL_TEXTURE_SHARED_SIZE: *out = bits.shared_exponent; return true;
    case GL_TEXTURE_RED_TYPE: *out = type_of(bits.red); return true;
    case GL_TEXTURE_GREEN_TYPE: *out = type_of(bits.green); return true;
    case GL_TEXTURE_BLUE_TYPE: *out = type_of(bits.blue); return true;
    case GL_TEXTURE_ALPHA_TYPE: *out = type_of(bits.alpha); return true;
    case GL_TEXTURE_DEPTH_TYPE: *out = type_of(bits.depth); return true;
    case GL_TEXTURE_COMPRESSED: *out = info && info->is_compressed() ? GL_TRUE : GL_FALSE; return true;
    // Desktop GL: the bytes glGetCompressedTexImage returns (§8.11.3); an
    // image that is not compressed has none to count.
    case GL_TEXTURE_COMPRESSED_IMAGE_SIZE: {
      if (!ctx.desktop()) return fail(ctx, GL_INVALID_ENUM);
      if (!info || !info->is_compressed()) return fail(ctx, GL_INVALID_OPERATION);
      const bool layers = is_target_3d(texture_target) || texture_target == GL_TEXTURE_1D_ARRAY;
      const uint64_t bytes = pixel::compressed_image_size(*info, uint32_t(img->width), uint32_t(img->height),
                                                          layers ? uint32_t(img->depth) : 1u);
      *out = static_cast<GLint>(std::min<uint64_t>(bytes, INT32_MAX));
      return true;
    }
    // Level state of every texture with texture buffers (ES 3.2 table
    // 21.10): a texture of another target has no buffer.
    case GL_TEXTURE_BUFFER_DATA_STORE_BINDING:
    case GL_TEXTURE_BUFFER_OFFSET:
    case GL_TEXTURE_BUFFER_SIZE:
      if (!ctx.texture_buffers()) return fail(ctx, GL_INVALID_ENUM);
      *out = 0;
      return true;
    default:
      if (compat::legacy_level_query(ctx, info, pname, out)) return true;
      return fail(ctx, GL_INVALID_ENUM);
  }
}

}  // namespace

void texture_level_parameteriv(Context& ctx, const Texture& t, unsigned face, GLint level, GLenum pname, GLint* params) {
  GLint v = 0;
  if (!texture_level_query(ctx, t, face, level, pname, &v) || !params) return;
  params[0] = v;
}
void texture_level_parameterfv(Context& ctx, const Texture& t, unsigned face, GLint level, GLenum pname,
                               GLfloat* params) {
  GLint v = 0;
  if (!texture_level_query(ctx, t, face, level, pname, &v) || !params) return;
  params[0] = static_cast<GLfloat>(v);
}

void GetTexLevelParameteriv(Context& ctx, GLenum target, GLint level, GLenum pname, GLint* params) {
  GLint v = 0;
  if (!tex_level_query(ctx, target, level, pname, &v) || !params) return;
  params[0] = v;
}
void GetTexLevelParameterfv(Context& ctx, GLenum target, GLint level, GLenum pname, GLfloat* params) {
  GLint v = 0;
  if (!tex_level_query(ctx, target, level, pname, &v) || !params) return;
  params[0] = static_cast<GLfloat>(v);
}

}  // namespace brass::gl::api
