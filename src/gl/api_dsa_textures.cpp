// Direct state access to textures (ARB_direct_state_access, GL 4.6 §8):
// glCreateTextures, glBindTextureUnit and the glTexture* / glGetTexture*
// commands, which name the texture instead of a target of the active unit.
// Each runs the bind-to-edit command's own steps (texture_specification.h,
// texture_parameters.h) on the named texture, whose target is its
// "effective target". A name without a texture object (never created or
// bound, or deleted) is INVALID_OPERATION.
//
// Cube maps: the 3D forms (TextureSubImage3D, CompressedTextureSubImage3D,
// CopyTextureSubImage3D, GetTextureImage) see a cube map's faces as six
// layers, zoffset selecting the first face (GL 4.6 §8.6).
#include <cstdint>

#include "gl/context.h"
#include "gl/pixel/pixel_store.h"
#include "gl/pixel/tex_image_rules.h"
#include "gl/texture_parameters.h"
#include "gl/texture_specification.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"

namespace brass::gl::api {

using namespace spec;

namespace {

// The texture object named `name`, or null after recording
// INVALID_OPERATION. A name reserved by glGenTextures but never bound has
// no object yet.
Ref<Texture> named_texture(Context& ctx, GLuint name) {
  Ref<Texture> t = name != 0 ? ctx.share_group().textures.lookup(name) : Ref<Texture>();
  if (!t || t->target == GL_NONE) {
    ctx.set_error(GL_INVALID_OPERATION);
    return {};
  }
  return t;
}

bool is_cube(const Texture& t) { return t.target == GL_TEXTURE_CUBE_MAP; }

// The faces first .. first + count - 1 of a cube map level, each
// specified: else the error (INVALID_VALUE past the six faces,
// INVALID_OPERATION for a face never specified).
bool cube_faces_defined(Context& ctx, const Texture& t, GLint level, GLint first, GLsizei count) {
  if (!check_level(ctx, GL_TEXTURE_CUBE_MAP, level)) return false;
  if (count < 0 || first < 0 || int64_t{first} + count > 6) return ctx.set_error(GL_INVALID_VALUE), false;
  for (GLint f = first; f < first + count; ++f)
    if (!t.image(level, static_cast<unsigned>(f))) return ctx.set_error(GL_INVALID_OPERATION), false;
  return true;
}

// Where the client image of the `index`th face starts: the pointer (or
// pixel-unpack-buffer offset) moved by whole 3D images, since the faces
// are consecutive images of one 3D client layout (SKIP_IMAGES counted).
const void* face_pixels(Context& ctx, const void* pixels, GLenum format, GLenum type, GLsizei w, GLsizei h,
                        GLint index, bool* ok) {
  *ok = true;
  if (!pixels && !ctx.buffers.pixel_unpack) return nullptr;
  pixel::ClientImageLayout layout;
  const pixel::PixelStoreParams unpack = unpack_params(ctx);
  if (const GLenum e = pixel::compute_client_image_layout(unpack, format, type, uint32_t(w), uint32_t(h), 1, true,
                                                          &layout);
      e != GL_NO_ERROR) {
    ctx.set_error(e);
    *ok = false;
    return nullptr;
  }
  const uint64_t skip = layout.image_stride * static_cast<uint64_t>(unpack.skip_images + index);
  return reinterpret_cast<const void*>(reinterpret_cast<uintptr_t>(pixels) + skip);
}

}  // namespace

// --- objects and units ---

void CreateTextures(Context& ctx, GLenum target, GLsizei n, GLuint* textures) {
  if (!target_available(ctx, target_index(target))) return ctx.set_error(GL_INVALID_ENUM);
  if (n < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (n == 0 || !textures) return;
  const bool ok = ctx.share_group().textures.create_many(n, textures, [target](GLuint name) {
    Ref<Texture> t = make_ref<Texture>(name);
    set_texture_target(*t, target);
    return t;
  });
  if (!ok) ctx.set_error(GL_OUT_OF_MEMORY);
}

// GL 4.6 §8.1: binds the texture to its own target of `unit`; zero unbinds
// every target of the unit.
void BindTextureUnit(Context& ctx, GLuint unit, GLuint texture) {
  if (unit >= static_cast<GLuint>(ctx.limits.max_combined_texture_image_units) || unit >= kMaxTextureUnits)
    return ctx.set_error(GL_INVALID_VALUE);
  TextureUnit& u = ctx.textures.units[unit];
  if (texture == 0) {
    for (auto* p : {&u.texture_2d, &u.texture_3d, &u.texture_2d_array, &u.texture_cube, &u.texture_2d_multisample,
                    &u.texture_2d_multisample_array, &u.texture_buffer, &u.texture_cube_array, &u.texture_1d,
                    &u.texture_1d_array, &u.texture_rect})
      p->reset();
    ctx.dirty(kDirtyTextures);
    return;
  }
  Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  const GLenum target = t->target;
  bind(binding_point(u, target), std::move(t));
  ctx.dirty(kDirtyTextures);
}

void GenerateTextureMipmap(Context& ctx, GLuint texture) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (!mipmap_target(t->target)) return ctx.set_error(GL_INVALID_OPERATION);
  generate_mipmap(ctx, *t);
}

// --- buffer textures ---

void TextureBuffer(Context& ctx, GLuint texture, GLenum internalformat, GLuint buffer) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (t->target != GL_TEXTURE_BUFFER) return ctx.set_error(GL_INVALID_OPERATION);
  texture_buffer(ctx, t->target, internalformat, buffer, 0, 0, false, t.get());
}

void TextureBufferRange(Context& ctx, GLuint texture, GLenum internalformat, GLuint buffer, GLintptr offset,
                        GLsizeiptr size) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (t->target != GL_TEXTURE_BUFFER) return ctx.set_error(GL_INVALID_OPERATION);
  texture_buffer(ctx, t->target, internalformat, buffer, offset, size, true, t.get());
}

// A texture of another dimensionality than the command's (its "effective
// target" is not one the command takes) is INVALID_OPERATION in every
// glTexture* command below: the target is no argument the application
// could have named wrongly, the texture is of the wrong kind.

// --- immutable storage (GL 4.6 §8.19) ---

void TextureStorage1D(Context& ctx, GLuint texture, GLsizei levels, GLenum internalformat, GLsizei width) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (t->target != GL_TEXTURE_1D) return ctx.set_error(GL_INVALID_OPERATION);
  tex_storage(ctx, t->target, levels, internalformat, width, 1, 1, false, t.get());
}

void TextureStorage2D(Context& ctx, GLuint texture, GLsizei levels, GLenum internalformat, GLsizei width,
                      GLsizei height) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  switch (t->target) {
    case GL_TEXTURE_2D:
    case GL_TEXTURE_CUBE_MAP:
    case GL_TEXTURE_RECTANGLE:
      return tex_storage(ctx, t->target, levels, internalformat, width, height, 1, false, t.get());
    // A 1D array's height is its layers.
    case GL_TEXTURE_1D_ARRAY:
      return tex_storage(ctx, t->target, levels, internalformat, width, 1, height, false, t.get());
    default: return ctx.set_error(GL_INVALID_OPERATION);
  }
}

void TextureStorage3D(Context& ctx, GLuint texture, GLsizei levels, GLenum internalformat, GLsizei width,
                      GLsizei height, GLsizei depth) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (!is_target_3d(t->target)) return ctx.set_error(GL_INVALID_OPERATION);
  tex_storage(ctx, t->target, levels, internalformat, width, height, depth, true, t.get());
}

void TextureStorage2DMultisample(Context& ctx, GLuint texture, GLsizei samples, GLenum internalformat, GLsizei width,
                                 GLsizei height, GLboolean fixedsamplelocations) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (t->target != GL_TEXTURE_2D_MULTISAMPLE) return ctx.set_error(GL_INVALID_OPERATION);
  texture_storage_multisample(ctx, *t, samples, internalformat, width, height, 1, fixedsamplelocations);
}

void TextureStorage3DMultisample(Context& ctx, GLuint texture, GLsizei samples, GLenum internalformat, GLsizei width,
                                 GLsizei height, GLsizei depth, GLboolean fixedsamplelocations) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (t->target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY) return ctx.set_error(GL_INVALID_OPERATION);
  texture_storage_multisample(ctx, *t, samples, internalformat, width, height, depth, fixedsamplelocations);
}

// --- sub-image updates (GL 4.6 §8.6, §8.7) ---

void TextureSubImage1D(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLsizei width, GLenum format,
                       GLenum type, const void* pixels) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (t->target != GL_TEXTURE_1D) return ctx.set_error(GL_INVALID_OPERATION);
  tex_sub_image(ctx, t.get(), t->target, 0, level, xoffset, 0, 0, width, 1, 1, format, type, pixels);
}

void TextureSubImage2D(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLsizei width,
                       GLsizei height, GLenum format, GLenum type, const void* pixels) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  switch (t->target) {
    case GL_TEXTURE_2D:
    case GL_TEXTURE_RECTANGLE:
      return tex_sub_image(ctx, t.get(), t->target, 0, level, xoffset, yoffset, 0, width, height, 1, format, type,
                           pixels);
    case GL_TEXTURE_1D_ARRAY:
      return tex_sub_image(ctx, t.get(), t->target, 0, level, xoffset, 0, yoffset, width, 1, height, format, type,
                           pixels);
    default: return ctx.set_error(GL_INVALID_OPERATION);
  }
}

void TextureSubImage3D(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                       GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type, const void* pixels) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (is_target_3d(t->target))
    return tex_sub_image(ctx, t.get(), t->target, 0, level, xoffset, yoffset, zoffset, width, height, depth, format,
                         type, pixels);
  if (!is_cube(*t)) return ctx.set_error(GL_INVALID_OPERATION);
  if (width < 0 || height < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!cube_faces_defined(ctx, *t, level, zoffset, depth)) return;
  for (GLint i = 0; i < depth; ++i) {
    bool ok = true;
    const void* face = face_pixels(ctx, pixels, format, type, width, height, i, &ok);
    if (!ok) return;
    const GLenum before = ctx.take_error();
    tex_sub_image(ctx, t.get(), GL_TEXTURE_CUBE_MAP, static_cast<unsigned>(zoffset + i), level, xoffset, yoffset, 0,
                  width, height, 1, format, type, face);
    // The first face's error is the command's; the faces after it are left.
    const GLenum error = ctx.take_error();
    if (before != GL_NO_ERROR) ctx.set_error(before);
    if (error != GL_NO_ERROR) return ctx.set_error(error);
  }
}

// No compressed format is a 1D one (api_desktop_textures.cpp): any
// compressed format is the wrong one for a 1D image, any other is no
// compressed format.
void CompressedTextureSubImage1D(Context& ctx, GLuint texture, GLint level, GLint, GLsizei width, GLenum format,
                                 GLsizei, const void*) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (t->target != GL_TEXTURE_1D) return ctx.set_error(GL_INVALID_OPERATION);
  if (!check_level(ctx, t->target, level)) return;
  if (width < 0) return ctx.set_error(GL_INVALID_VALUE);
  const pixel::FormatResolution res = pixel::resolve_compressed_format(format, texture_format_features(ctx));
  ctx.set_error(res.error != GL_NO_ERROR ? res.error : GL_INVALID_OPERATION);
}

void CompressedTextureSubImage2D(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                                 GLsizei width, GLsizei height, GLenum format, GLsizei imageSize, const void* data) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (t->target != GL_TEXTURE_2D) return ctx.set_error(GL_INVALID_OPERATION);
  compressed_tex_sub_image(ctx, t.get(), t->target, 0, level, xoffset, yoffset, 0, width, height, 1, format,
                           imageSize, data);
}

void CompressedTextureSubImage3D(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                                 GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format,
                                 GLsizei imageSize, const void* data) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (is_target_3d(t->target))
    return compressed_tex_sub_image(ctx, t.get(), t->target, 0, level, xoffset, yoffset, zoffset, width, height,
                                    depth, format, imageSize, data);
  if (!is_cube(*t)) return ctx.set_error(GL_INVALID_OPERATION);
  if (width < 0 || height < 0 || imageSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (!cube_faces_defined(ctx, *t, level, zoffset, depth)) return;
  if (depth == 0) return;
  // The faces' blocks follow each other, equally many per face.
  if (imageSize % depth != 0) return ctx.set_error(GL_INVALID_VALUE);
  const GLsizei face_bytes = imageSize / depth;
  for (GLint i = 0; i < depth; ++i) {
    const void* face = data || ctx.buffers.pixel_unpack
                           ? reinterpret_cast<const void*>(reinterpret_cast<uintptr_t>(data) +
                                                           static_cast<uint64_t>(face_bytes) * static_cast<uint64_t>(i))
                           : nullptr;
    const GLenum before = ctx.take_error();
    compressed_tex_sub_image(ctx, t.get(), GL_TEXTURE_CUBE_MAP, static_cast<unsigned>(zoffset + i), level, xoffset,
                             yoffset, 0, width, height, 1, format, face_bytes, face);
    const GLenum error = ctx.take_error();
    if (before != GL_NO_ERROR) ctx.set_error(before);
    if (error != GL_NO_ERROR) return ctx.set_error(error);
  }
}

// --- copies from the read framebuffer (GL 4.6 §8.6) ---

void CopyTextureSubImage1D(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLint x, GLint y,
                           GLsizei width) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (t->target != GL_TEXTURE_1D) return ctx.set_error(GL_INVALID_OPERATION);
  copy_tex_sub_image(ctx, t.get(), t->target, 0, level, xoffset, 0, 0, x, y, width, 1);
}

void CopyTextureSubImage2D(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLint x, GLint y,
                           GLsizei width, GLsizei height) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (t->target != GL_TEXTURE_2D && t->target != GL_TEXTURE_1D_ARRAY && t->target != GL_TEXTURE_RECTANGLE)
    return ctx.set_error(GL_INVALID_OPERATION);
  copy_tex_sub_image(ctx, t.get(), t->target, 0, level, xoffset, yoffset, 0, x, y, width, height);
}

void CopyTextureSubImage3D(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                           GLint x, GLint y, GLsizei width, GLsizei height) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  if (is_target_3d(t->target))
    return copy_tex_sub_image(ctx, t.get(), t->target, 0, level, xoffset, yoffset, zoffset, x, y, width, height);
  if (!is_cube(*t)) return ctx.set_error(GL_INVALID_OPERATION);
  // One face: zoffset names it.
  if (zoffset < 0 || zoffset > 5) return ctx.set_error(GL_INVALID_VALUE);
  copy_tex_sub_image(ctx, t.get(), GL_TEXTURE_CUBE_MAP, static_cast<unsigned>(zoffset), level, xoffset, yoffset, 0,
                     x, y, width, height);
}

// --- parameters (GL 4.6 §8.10, §8.11) ---

void TextureParameterf(Context& ctx, GLuint texture, GLenum pname, GLfloat param) {
  if (const Ref<Texture> t = named_texture(ctx, texture)) texture_parameter(ctx, *t, pname, ParamValue{true, 0, param}, TextureCommand::Named);
}
void TextureParameteri(Context& ctx, GLuint texture, GLenum pname, GLint param) {
  if (const Ref<Texture> t = named_texture(ctx, texture))
    texture_parameter(ctx, *t, pname, ParamValue{false, param, 0}, TextureCommand::Named);
}
void TextureParameterfv(Context& ctx, GLuint texture, GLenum pname, const GLfloat* params) {
  if (const Ref<Texture> t = named_texture(ctx, texture)) texture_parameterfv(ctx, *t, pname, params, TextureCommand::Named);
}
void TextureParameteriv(Context& ctx, GLuint texture, GLenum pname, const GLint* params) {
  if (const Ref<Texture> t = named_texture(ctx, texture)) texture_parameteriv(ctx, *t, pname, params, TextureCommand::Named);
}
void TextureParameterIiv(Context& ctx, GLuint texture, GLenum pname, const GLint* params) {
  if (const Ref<Texture> t = named_texture(ctx, texture)) texture_parameterIiv(ctx, *t, pname, params, TextureCommand::Named);
}
void TextureParameterIuiv(Context& ctx, GLuint texture, GLenum pname, const GLuint* params) {
  if (const Ref<Texture> t = named_texture(ctx, texture)) texture_parameterIuiv(ctx, *t, pname, params, TextureCommand::Named);
}
void GetTextureParameterfv(Context& ctx, GLuint texture, GLenum pname, GLfloat* params) {
  if (const Ref<Texture> t = named_texture(ctx, texture)) get_texture_parameterfv(ctx, *t, pname, params);
}
void GetTextureParameteriv(Context& ctx, GLuint texture, GLenum pname, GLint* params) {
  if (const Ref<Texture> t = named_texture(ctx, texture)) get_texture_parameteriv(ctx, *t, pname, params);
}
void GetTextureParameterIiv(Context& ctx, GLuint texture, GLenum pname, GLint* params) {
  if (const Ref<Texture> t = named_texture(ctx, texture)) get_texture_parameterIiv(ctx, *t, pname, params);
}
void GetTextureParameterIuiv(Context& ctx, GLuint texture, GLenum pname, GLuint* params) {
  if (const Ref<Texture> t = named_texture(ctx, texture)) get_texture_parameterIuiv(ctx, *t, pname, params);
}
// A cube map answers for its first face (its faces of a cube-complete
// level are alike).
void GetTextureLevelParameterfv(Context& ctx, GLuint texture, GLint level, GLenum pname, GLfloat* params) {
  if (const Ref<Texture> t = named_texture(ctx, texture)) texture_level_parameterfv(ctx, *t, 0, level, pname, params);
}
void GetTextureLevelParameteriv(Context& ctx, GLuint texture, GLint level, GLenum pname, GLint* params) {
  if (const Ref<Texture> t = named_texture(ctx, texture)) texture_level_parameteriv(ctx, *t, 0, level, pname, params);
}

// --- readback (GL 4.6 §8.11.4) ---

void GetTextureImage(Context& ctx, GLuint texture, GLint level, GLenum format, GLenum type, GLsizei bufSize,
                     void* pixels) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  get_texture_image(ctx, *t, level, format, type, static_cast<uint64_t>(bufSize < 0 ? 0 : bufSize), pixels);
}

void GetCompressedTextureImage(Context& ctx, GLuint texture, GLint level, GLsizei bufSize, void* pixels) {
  const Ref<Texture> t = named_texture(ctx, texture);
  if (!t) return;
  get_compressed_texture_image(ctx, *t, level, static_cast<uint64_t>(bufSize < 0 ? 0 : bufSize), pixels);
}

}  // namespace brass::gl::api
