// Desktop GL's 1D textures (GL 4.6 §8.5-§8.7, §8.19: glTexImage1D,
// glTexSubImage1D, glCopyTexImage1D, glCopyTexSubImage1D,
// glCompressedTexImage1D, glCompressedTexSubImage1D, glTexStorage1D) and
// glGetCompressedTexImage (§8.11.4; its readback, read_compressed_region,
// also serves glGetCompressedTextureSubImage). 1D arrays and rectangles are specified
// through the 2D commands (api_textures.cpp); all of them share the
// specification steps of texture_specification.h. Desktop-only: the
// generated entry points refuse them in ES contexts.
#include <algorithm>
#include <bit>
#include <cstring>

#include "gl/context.h"
#include "gl/pixel/pixel_store.h"
#include "gl/pixel/tex_image_rules.h"
#include "gl/texture_specification.h"
#include "gl/texture_readback.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// PROXY_TEXTURE_1D is TexImage1D's and TexStorage1D's (texture_proxy.h).
bool is_1d(GLenum target) { return target == GL_TEXTURE_1D; }

uint32_t log2_floor(uint32_t v) { return v ? 31u - static_cast<uint32_t>(std::countl_zero(v)) : 0u; }

}  // namespace

void TexImage1D(Context& ctx, GLenum target, GLint level, GLint internalformat, GLsizei width, GLint border,
                GLenum format, GLenum type, const void* pixels) {
  if (target == GL_PROXY_TEXTURE_1D)
    return spec::proxy_tex_image(ctx, target, level, internalformat, width, 1, 1, border, format, type);
  if (!is_1d(target)) return ctx.set_error(GL_INVALID_ENUM);
  spec::tex_image(ctx, target, 0, level, internalformat, width, 1, 1, border, format, type, pixels);
}

void TexSubImage1D(Context& ctx, GLenum target, GLint level, GLint xoffset, GLsizei width, GLenum format,
                   GLenum type, const void* pixels) {
  if (!is_1d(target)) return ctx.set_error(GL_INVALID_ENUM);
  spec::tex_sub_image(ctx, bound_texture(ctx, target), target, 0, level, xoffset, 0, 0, width, 1, 1, format, type, pixels);
}

void CopyTexImage1D(Context& ctx, GLenum target, GLint level, GLenum internalformat, GLint x, GLint y,
                    GLsizei width, GLint border) {
  if (!is_1d(target)) return ctx.set_error(GL_INVALID_ENUM);
  spec::copy_tex_image(ctx, target, 0, level, internalformat, x, y, width, 1, border);
}

void CopyTexSubImage1D(Context& ctx, GLenum target, GLint level, GLint xoffset, GLint x, GLint y, GLsizei width) {
  if (!is_1d(target)) return ctx.set_error(GL_INVALID_ENUM);
  spec::copy_tex_sub_image(ctx, bound_texture(ctx, target), target, 0, level, xoffset, 0, 0, x, y, width, 1);
}

void TexStorage1D(Context& ctx, GLenum target, GLsizei levels, GLenum internalformat, GLsizei width) {
  if (!is_1d(target) && target != GL_PROXY_TEXTURE_1D) return ctx.set_error(GL_INVALID_ENUM);
  spec::tex_storage(ctx, target, levels, internalformat, width, 1, 1, false, nullptr);
}

// No compressed format Brass has is a 1D one (every specific compressed
// format of GL 4.6 §8.7 is 2D or 3D blocks): a format it knows is
// GL_INVALID_ENUM for a 1D image (§8.7), one it does not know too.
void CompressedTexImage1D(Context& ctx, GLenum target, GLint level, GLenum, GLsizei width, GLint border, GLsizei,
                          const void*) {
  if (!is_1d(target)) return ctx.set_error(GL_INVALID_ENUM);
  if (!spec::check_level(ctx, target, level) || !spec::check_size(ctx, target, level, width, 1, 1)) return;
  if (border != 0) return ctx.set_error(GL_INVALID_VALUE);
  ctx.set_error(GL_INVALID_ENUM);
}

// A 1D image is never compressed: a compressed format is not the image's
// (GL_INVALID_OPERATION), any other format GL_INVALID_ENUM.
void CompressedTexSubImage1D(Context& ctx, GLenum target, GLint level, GLint, GLsizei width, GLenum format, GLsizei,
                             const void*) {
  if (!is_1d(target)) return ctx.set_error(GL_INVALID_ENUM);
  if (!spec::check_level(ctx, target, level)) return;
  if (width < 0) return ctx.set_error(GL_INVALID_VALUE);
  const pixel::FormatResolution res = pixel::resolve_compressed_format(format, texture_format_features(ctx));
  ctx.set_error(res.error != GL_NO_ERROR ? res.error : GL_INVALID_OPERATION);
}

namespace {

// glGetCompressedTexImage's target: the texture target and face, or false.
bool compressed_query_target(Context& ctx, GLenum target, GLenum* texture_target, unsigned* face) {
  *face = 0;
  *texture_target = target;
  if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
    *texture_target = GL_TEXTURE_CUBE_MAP;
    *face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
    return true;
  }
  switch (target) {
    case GL_TEXTURE_1D:
    case GL_TEXTURE_2D:
    case GL_TEXTURE_3D:
    case GL_TEXTURE_1D_ARRAY:
    case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_RECTANGLE: return true;
    case GL_TEXTURE_CUBE_MAP_ARRAY: return ctx.cube_map_arrays();
    default: return false;
  }
}

void read_compressed_image(Context& ctx, Texture& texture, unsigned face, bool all_faces, GLint level,
                           uint64_t buf_size, void* pixels);

// `buf_size`: the bytes at `pixels` the application vouches for
// (glGetnCompressedTexImage).
void get_compressed_tex_image(Context& ctx, GLenum target, GLint level, uint64_t buf_size, void* pixels) {
  GLenum texture_target = GL_NONE;
  unsigned face = 0;
  if (!compressed_query_target(ctx, target, &texture_target, &face)) return ctx.set_error(GL_INVALID_ENUM);
  const GLint max_size = texture_target == GL_TEXTURE_3D ? ctx.limits.max_3d_texture_size
                         : texture_target == GL_TEXTURE_CUBE_MAP || texture_target == GL_TEXTURE_CUBE_MAP_ARRAY
                             ? ctx.limits.max_cube_map_texture_size
                             : ctx.limits.max_texture_size;
  if (level < 0 || static_cast<uint32_t>(level) > log2_floor(static_cast<uint32_t>(max_size)))
    return ctx.set_error(GL_INVALID_VALUE);
  Texture* t = bound_texture(ctx, texture_target);
  if (!t) return ctx.set_error(GL_INVALID_ENUM);
  read_compressed_image(ctx, *t, face, false, level, buf_size, pixels);
}

// Copies the blocks of one image (`all_faces`: a cube map's six faces, one
// after the other) to client memory or the pixel pack buffer.
void read_compressed_image(Context& ctx, Texture& texture, unsigned face, bool all_faces, GLint level,
                           uint64_t buf_size, void* pixels) {
  const TextureImage* img = texture.image(level, face);
  // An image that is not compressed (one never specified included) has no
  // compressed form (GL 4.6 §8.11.4).
  if (!img || !img->defined() || !img->info->is_compressed()) return ctx.set_error(GL_INVALID_OPERATION);
  const GLenum target = texture.target;
  // A whole cube map (glGetCompressedTextureImage) is read as six layers.
  const bool three_d = target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY ||
                       target == GL_TEXTURE_CUBE_MAP_ARRAY || all_faces;
  TextureRegion r;
  r.z = all_faces ? 0u : face;
  r.width = static_cast<uint32_t>(img->width);
  r.height = static_cast<uint32_t>(img->height);
  r.depth = all_faces ? 6u : three_d ? static_cast<uint32_t>(img->depth) : 1u;
  read_compressed_region(ctx, texture, level, r, three_d, buf_size, pixels);
}

}  // namespace

void read_compressed_region(Context& ctx, Texture& texture, GLint level, const TextureRegion& region, bool three_d,
                            uint64_t buf_size, void* pixels) {
  Texture* t = &texture;
  const bool cube = t->target == GL_TEXTURE_CUBE_MAP;
  const TextureImage* img = t->image(level, cube ? region.z : 0);
  if (!img || !img->defined() || !img->info->is_compressed()) return ctx.set_error(GL_INVALID_OPERATION);
  const pixel::InternalFormatInfo& info = *img->info;
  const uint32_t width = region.width, height = region.height;
  const uint32_t layers = three_d ? region.depth : 1u;
  // The blocks where the PACK_* modes place them: packed tightly unless
  // the application set the compressed block modes
  // (compressed_pixel_store.h).
  const CompressedPixelStore store = compressed_pack_store(ctx);
  CompressedClientLayout layout;
  if (const GLenum e = compressed_client_layout(store, info, width, height, layers, three_d ? 3 : 2, -1, &layout);
      e != GL_NO_ERROR)
    return ctx.set_error(e);
  const uint64_t row = uint64_t{(width + info.block_width() - 1) / info.block_width()} * info.block_bytes();
  const uint64_t total = layout.end;
  Buffer* pbo = ctx.buffers.pixel_pack.get();
  const uint64_t offset = reinterpret_cast<uintptr_t>(pixels);
  if (pbo) {
    if (pbo->mapped_exclusively()) return ctx.set_error(GL_INVALID_OPERATION);
    const uint64_t size = static_cast<uint64_t>(pbo->size);
    if (offset > size || total > size - offset) return ctx.set_error(GL_INVALID_OPERATION);
  } else if (total > buf_size) {
    return ctx.set_error(GL_INVALID_OPERATION);
  } else if (!pixels) {
    return;
  }
  if (total == 0 || width == 0 || height == 0 || region.depth == 0) return;
  uint32_t resource_level = 0, resource_layer = 0;
  pipe::Resource* src =
      texture_image_storage(ctx, *t, level, cube ? static_cast<GLint>(region.z) : 0, &resource_level, &resource_layer);
  if (!src) return;
  pipe::Context& p = ctx.pipe();
  auto map_failed = [&ctx] {
    ctx.pipe_failed(ctx.pipe().status() == pipe::Status::Ok ? pipe::Status::OutOfMemory : ctx.pipe().status());
  };
  uint8_t* dst = static_cast<uint8_t*>(pixels);
  pipe::Transfer* dst_transfer = nullptr;
  if (pbo) {
    pipe::Box dbox;
    dbox.x = static_cast<int32_t>(offset);
    dbox.width = static_cast<int32_t>(total);
    dst = static_cast<uint8_t*>(p.transfer_map(pbo->resource.get(), 0, pipe::kMapWrite, dbox, &dst_transfer));
    if (!dst) return map_failed();
  }
  const uint32_t block_rows = (height + info.block_height() - 1) / info.block_height();
  for (uint32_t i = 0; i < layers; ++i) {
    uint32_t layer = 0;
    if (cube) {
      src = texture_image_storage(ctx, *t, level, static_cast<GLint>(region.z + i), &resource_level, &resource_layer);
      if (!src) break;
    } else {
      layer = region.z + i;
    }
    pipe::Box box;
    box.x = static_cast<int32_t>(region.x);
    box.y = static_cast<int32_t>(region.y);
    box.z = static_cast<int32_t>(resource_layer + layer);
    box.width = static_cast<int32_t>(width);
    box.height = static_cast<int32_t>(height);
    pipe::Transfer* transfer = nullptr;
    const auto* map = static_cast<const uint8_t*>(p.transfer_map(src, resource_level, pipe::kMapRead, box, &transfer));
    if (!map) {
      map_failed();
      break;
    }
    for (uint32_t r = 0; r < block_rows; ++r)
      std::memcpy(dst + layout.offset + i * layout.image_stride + r * layout.row_stride,
                  map + uint64_t{r} * transfer->stride, row);
    p.transfer_unmap(transfer);
  }
  if (dst_transfer) p.transfer_unmap(dst_transfer);
}

void get_compressed_texture_image(Context& ctx, Texture& t, GLint level, uint64_t buf_size, void* pixels) {
  GLenum texture_target = GL_NONE;
  unsigned face = 0;
  // The targets glGetCompressedTexImage takes, and cube maps whole.
  if (t.target != GL_TEXTURE_CUBE_MAP && !compressed_query_target(ctx, t.target, &texture_target, &face))
    return ctx.set_error(GL_INVALID_OPERATION);
  const GLint max_size = t.target == GL_TEXTURE_3D ? ctx.limits.max_3d_texture_size
                         : t.target == GL_TEXTURE_CUBE_MAP || t.target == GL_TEXTURE_CUBE_MAP_ARRAY
                             ? ctx.limits.max_cube_map_texture_size
                             : ctx.limits.max_texture_size;
  if (level < 0 || static_cast<uint32_t>(level) > log2_floor(static_cast<uint32_t>(max_size)))
    return ctx.set_error(GL_INVALID_VALUE);
  if (t.target == GL_TEXTURE_CUBE_MAP && !base_level_consistent(t, level)) return ctx.set_error(GL_INVALID_OPERATION);
  read_compressed_image(ctx, t, 0, t.target == GL_TEXTURE_CUBE_MAP, level, buf_size, pixels);
}

void GetCompressedTexImage(Context& ctx, GLenum target, GLint level, void* img) {
  get_compressed_tex_image(ctx, target, level, UINT64_MAX, img);
}

void GetnCompressedTexImage(Context& ctx, GLenum target, GLint lod, GLsizei bufSize, void* pixels) {
  get_compressed_tex_image(ctx, target, lod, static_cast<uint64_t>(bufSize < 0 ? 0 : bufSize), pixels);
}

}  // namespace brass::gl::api
