// glBindImageTexture (ES 3.1 §8.23): image unit state. What a unit gives the
// shaders is decided at draw and dispatch time (image.cpp).
#include "gl/context.h"
#include "gl/image.h"
#include "gl_functions.h"

namespace brass::gl::api {

void BindImageTexture(Context& ctx, GLuint unit, GLuint texture, GLint level, GLboolean layered, GLint layer,
                      GLenum access, GLenum format) {
  if (!ctx.es31()) return ctx.set_error(GL_INVALID_OPERATION);
  if (unit >= static_cast<GLuint>(ctx.limits.max_image_units) || unit >= kMaxImageUnits)
    return ctx.set_error(GL_INVALID_VALUE);
  if (level < 0 || layer < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (access != GL_READ_ONLY && access != GL_WRITE_ONLY && access != GL_READ_WRITE)
    return ctx.set_error(GL_INVALID_ENUM);
  // Desktop GL names INVALID_VALUE for a format outside table 8.26 (GL 4.6
  // §8.26); ES 3.1's handler has always answered INVALID_ENUM.
  if (!find_image_format(ctx, format)) return ctx.set_error(ctx.desktop() ? GL_INVALID_VALUE : GL_INVALID_ENUM);
  Ref<Texture> tex;
  if (texture != 0) {
    // A name glGenTextures reserved but nothing bound yet has no texture
    // object: not "an existing texture object".
    tex = ctx.share_group().textures.lookup(texture);
    if (!tex) return ctx.set_error(GL_INVALID_VALUE);
    // ES 3.1 binds only immutable textures (glTexStorage*); ES 3.2 also
    // buffer textures (EXT_texture_buffer), whose storage is their buffer's.
    // External textures (over an EGLImage) too (OES_EGL_image_external_essl3).
    // Desktop GL binds any texture (GL 4.6 §8.26).
    if (!ctx.desktop() && !tex->immutable && tex->target != GL_TEXTURE_BUFFER &&
        tex->target != GL_TEXTURE_EXTERNAL_OES)
      return ctx.set_error(GL_INVALID_OPERATION);
  }
  ImageUnit& u = ctx.image_units[unit];
  bind(u.texture, tex);
  u.level = level;
  u.access = access;
  u.format = format;
  // Only textures with layers (1D and 2D arrays, cube maps, 3D textures,
  // 2D multisample arrays) keep a layered binding or a layer: another
  // texture, or none, has one image per level, which the unit then reports
  // as not layered, layer 0.
  const bool has_layers =
      tex && (tex->target == GL_TEXTURE_2D_ARRAY || tex->target == GL_TEXTURE_CUBE_MAP ||
              tex->target == GL_TEXTURE_3D || tex->target == GL_TEXTURE_CUBE_MAP_ARRAY ||
              tex->target == GL_TEXTURE_1D_ARRAY || tex->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY);
  u.layered = has_layers && layered != GL_FALSE;
  u.layer = has_layers ? layer : 0;
  ctx.dirty(kDirtyImages);
}

}  // namespace brass::gl::api
