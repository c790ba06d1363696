// The image-specification steps api_textures.cpp implements for every
// target, shared with desktop GL's own entry points (1D, 1D array and
// rectangle textures: api_desktop_textures.cpp). Sizes are in the internal
// model of texture.h: a 1D array's layers are passed as depth with height 1.
// Each records the GL error it finds and returns without changing state.
#pragma once

#include "gl/gl_types.h"
#include "gl/pixel/format_table.h"
#include "gl/texture.h"

namespace brass::gl {
class Context;
}  // namespace brass::gl

namespace brass::gl::api::spec {

// Records `error`; false, for `return fail(ctx, ...)`.
bool fail(Context& ctx, GLenum error);
// The bound texture an image call works on; records the error when it may
// not be (re)specified.
Texture* texture_for_spec(Context& ctx, GLenum texture_target);
// The specified image a Sub call updates, with the region checks.
const TextureImage* sub_image(Context& ctx, Texture* t, GLenum texture_target, unsigned face, GLint level, GLint x,
                              GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d);
// Desktop GL's other TexImage2D targets: TEXTURE_1D_ARRAY and TEXTURE_RECTANGLE.
bool desktop_2d_target(const Context& ctx, GLenum target);

// The binding point of `target` (a texture target) in a texture unit.
Binding<Texture>& binding_point(TextureUnit& u, GLenum target);

// A TexImage2D-style target: TEXTURE_2D or a cube face.
struct Target2D {
  GLenum texture_target = GL_NONE;
  unsigned face = 0;
};
bool target_2d(GLenum target, Target2D* out);
// TexImage3D's targets: TEXTURE_3D, TEXTURE_2D_ARRAY, TEXTURE_CUBE_MAP_ARRAY.
bool is_target_3d(GLenum target);

// Level and size limits of a target (ES 3.0 §3.8.3; GL 4.6 §8.5 for 1D
// arrays and rectangles): false after recording GL_INVALID_VALUE.
bool check_level(Context& ctx, GLenum target, GLint level);
bool check_size(Context& ctx, GLenum target, GLint level, GLsizei w, GLsizei h, GLsizei d);
// The parts of check_size that are errors for proxy targets too (negative
// sizes, cube shapes); false after recording GL_INVALID_VALUE.
bool check_shape(Context& ctx, GLenum target, GLsizei w, GLsizei h, GLsizei d);
// Whether the size is within the target's limits (what a proxy query asks).
bool size_fits(const Context& ctx, GLenum target, GLint level, GLsizei w, GLsizei h, GLsizei d);
// Compressed formats on 1D, 1D array and rectangle targets: the error, or
// GL_NO_ERROR.
GLenum check_desktop_target_format(const pixel::InternalFormatInfo& info, GLenum target);

void tex_image(Context& ctx, GLenum texture_target, unsigned face, GLint level, GLint internal_format, GLsizei w,
               GLsizei h, GLsizei d, GLint border, GLenum format, GLenum type, const void* pixels);
// glTexImage* of a proxy target (texture_proxy.h): the command's argument
// errors, then the proxy's state for `level`.
void proxy_tex_image(Context& ctx, GLenum proxy_target, GLint level, GLint internal_format, GLsizei w, GLsizei h,
                     GLsizei d, GLint border, GLenum format, GLenum type);
// The Sub and storage commands work on `t`: the texture bound to the
// target, or the one a direct state access command names (GL 4.6 §8.6).
// A null `t` is INVALID_OPERATION where the image is looked up.
void tex_sub_image(Context& ctx, Texture* t, GLenum texture_target, unsigned face, GLint level, GLint x, GLint y,
                   GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type, const void* pixels);
void compressed_tex_sub_image(Context& ctx, Texture* t, GLenum texture_target, unsigned face, GLint level, GLint x,
                              GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLsizei image_size,
                              const void* data);
// `named`: glTextureStorage*'s texture (its target is `target`, no proxies);
// null for glTexStorage*, which takes the bound one.
void tex_storage(Context& ctx, GLenum target, GLsizei levels, GLenum internal_format, GLsizei w, GLsizei h,
                 GLsizei d, bool three_d, Texture* named);
// GenerateMipmap's targets, and the generation on one texture.
bool mipmap_target(GLenum target);
void generate_mipmap(Context& ctx, Texture& texture);
// CopyTexImage / CopyTexSubImage from the read buffer; for a 1D array
// `height` rows become layers (yoffset the first layer).
void copy_tex_image(Context& ctx, GLenum texture_target, unsigned face, GLint level, GLenum internalformat, GLint x,
                    GLint y, GLsizei width, GLsizei height, GLint border);
void copy_tex_sub_image(Context& ctx, Texture* t, GLenum texture_target, unsigned face, GLint level, GLint xoffset,
                        GLint yoffset, GLint zoffset, GLint x, GLint y, GLsizei w, GLsizei h);

}  // namespace brass::gl::api::spec

namespace brass::gl::api {

// glGetTextureImage (GL 4.6 §8.11.4) of one texture: a cube map's six
// faces in one 3D layout. `buf_size`: the bytes the application vouches for.
void get_texture_image(Context& ctx, Texture& t, GLint level, GLenum format, GLenum type, uint64_t buf_size,
                       void* pixels);
// glTexBuffer / glTexBufferRange (`range`) on `named`, or on the texture
// bound to TEXTURE_BUFFER when null (api_texture_buffer.cpp).
void texture_buffer(Context& ctx, GLenum target, GLenum internalformat, GLuint buffer, GLintptr offset,
                    GLsizeiptr size, bool range, Texture* named);
// glTextureStorage2D/3DMultisample: immutable multisample storage of `t`
// (TEXTURE_2D_MULTISAMPLE or its array; api_multisample.cpp).
void texture_storage_multisample(Context& ctx, Texture& t, GLsizei samples, GLenum internalformat, GLsizei width,
                                 GLsizei height, GLsizei depth, GLboolean fixedsamplelocations);
// glGetCompressedTextureImage of one texture (every face of a cube map).
void get_compressed_texture_image(Context& ctx, Texture& t, GLint level, uint64_t buf_size, void* pixels);

}  // namespace brass::gl::api
