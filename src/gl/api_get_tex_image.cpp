// glGetTexImage (GL 4.6 §8.11.4): a texture image, every layer or slice of
// it, into client memory or the pixel-pack buffer with the pack state. The
// (format, type) rules are desktop ReadPixels' (any valid pair whose
// integer-ness and depth-ness match the image). Desktop-only: the generated
// entry point refuses it in ES contexts.
#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>
#include <new>

#include "gl/context.h"
#include "gl/pixel/client_format.h"
#include "gl/pixel/compressed_decode.h"
#include "gl/pixel/pack_unpack.h"
#include "gl/pixel/pixel_store.h"
#include "gl/pixel/read_pixels_rules.h"
#include "gl/pixel_pack_destination.h"
#include "gl/texture_specification.h"
#include "gl/texture_storage.h"
#include "gl/texture.h"
#include "gl/texture_readback.h"
#include "gl_functions.h"
#include "util/log.h"

namespace brass::gl::api {

namespace {

uint32_t log2_floor(uint32_t v) { return v ? 31u - static_cast<uint32_t>(std::countl_zero(v)) : 0u; }

// The whole image of `level` (`face`: of a cube map; `all_faces`: every face
// of one, as six slices).
void read_texture_image(Context& ctx, Texture& texture, unsigned face, bool all_faces, GLint level, GLenum format,
                        GLenum type, uint64_t buf_size, void* pixels);

// `buf_size`: the bytes at `pixels` the application vouches for
// (glGetnTexImage); a larger write is GL_INVALID_OPERATION.
void get_tex_image(Context& ctx, GLenum target, GLint level, GLenum format, GLenum type, uint64_t buf_size,
                   void* pixels) {
  GLenum texture_target = target;
  unsigned face = 0;
  GLint max_size = ctx.limits.max_texture_size;
  switch (target) {
    case GL_TEXTURE_1D:
    case GL_TEXTURE_1D_ARRAY:
    case GL_TEXTURE_2D:
    case GL_TEXTURE_2D_ARRAY: break;
    case GL_TEXTURE_RECTANGLE: max_size = 1; break;  // level 0 only
    case GL_TEXTURE_3D: max_size = ctx.limits.max_3d_texture_size; break;
    case GL_TEXTURE_CUBE_MAP_POSITIVE_X:
    case GL_TEXTURE_CUBE_MAP_NEGATIVE_X:
    case GL_TEXTURE_CUBE_MAP_POSITIVE_Y:
    case GL_TEXTURE_CUBE_MAP_NEGATIVE_Y:
    case GL_TEXTURE_CUBE_MAP_POSITIVE_Z:
    case GL_TEXTURE_CUBE_MAP_NEGATIVE_Z:
      texture_target = GL_TEXTURE_CUBE_MAP;
      face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      max_size = ctx.limits.max_cube_map_texture_size;
      break;
    // Layer-faces are slices, as for 2D arrays.
    case GL_TEXTURE_CUBE_MAP_ARRAY:
      if (!ctx.cube_map_arrays()) return ctx.set_error(GL_INVALID_ENUM);
      max_size = ctx.limits.max_cube_map_texture_size;
      break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (level < 0 || static_cast<uint32_t>(level) > log2_floor(static_cast<uint32_t>(max_size)))
    return ctx.set_error(GL_INVALID_VALUE);
  const pixel::ApiKind api = ctx.format_features.api;
  if (!pixel::is_client_format_enum(format, api) || !pixel::is_client_type_enum(type, api))
    return ctx.set_error(GL_INVALID_ENUM);
  Texture* t = bound_texture(ctx, texture_target);
  if (!t) return ctx.set_error(GL_INVALID_ENUM);
  read_texture_image(ctx, *t, face, false, level, format, type, buf_size, pixels);
}

}  // namespace

// GL 4.6 §8.11.4: no multisample or buffer textures.
bool texture_image_readable(const Context& ctx, GLenum target, GLint* max_size) {
  switch (target) {
    case GL_TEXTURE_1D:
    case GL_TEXTURE_1D_ARRAY:
    case GL_TEXTURE_2D:
    case GL_TEXTURE_2D_ARRAY: *max_size = ctx.limits.max_texture_size; return true;
    case GL_TEXTURE_RECTANGLE: *max_size = 1; return true;
    case GL_TEXTURE_3D: *max_size = ctx.limits.max_3d_texture_size; return true;
    case GL_TEXTURE_CUBE_MAP:
    case GL_TEXTURE_CUBE_MAP_ARRAY: *max_size = ctx.limits.max_cube_map_texture_size; return true;
    default: return false;
  }
}

void get_texture_image(Context& ctx, Texture& t, GLint level, GLenum format, GLenum type, uint64_t buf_size,
                       void* pixels) {
  GLint max_size = 0;
  if (!texture_image_readable(ctx, t.target, &max_size)) return ctx.set_error(GL_INVALID_OPERATION);
  if (level < 0 || static_cast<uint32_t>(level) > log2_floor(static_cast<uint32_t>(max_size)))
    return ctx.set_error(GL_INVALID_VALUE);
  const pixel::ApiKind api = ctx.format_features.api;
  if (!pixel::is_client_format_enum(format, api) || !pixel::is_client_type_enum(type, api))
    return ctx.set_error(GL_INVALID_ENUM);
  // A cube map is read whole: its faces are the six images of a 3D layout
  // (GL 4.6 §8.11.4), which must all be defined alike.
  if (t.target == GL_TEXTURE_CUBE_MAP && !base_level_consistent(t, level)) return ctx.set_error(GL_INVALID_OPERATION);
  read_texture_image(ctx, t, 0, t.target == GL_TEXTURE_CUBE_MAP, level, format, type, buf_size, pixels);
}

namespace {

void read_texture_image(Context& ctx, Texture& texture, unsigned face, bool all_faces, GLint level, GLenum format,
                        GLenum type, uint64_t buf_size, void* pixels) {
  const TextureImage* img = texture.image(level, face);
  if (!img || !img->defined()) return;  // nothing to return
  const GLenum target = texture.target;
  const bool three_d = target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY ||
                       target == GL_TEXTURE_CUBE_MAP_ARRAY || all_faces;
  TextureRegion r;
  r.z = all_faces ? 0u : face;
  r.width = static_cast<uint32_t>(img->width);
  // A 1D array's layers are the rows of a 2D image (texture.h keeps them
  // as depth).
  r.height = static_cast<uint32_t>(target == GL_TEXTURE_1D_ARRAY ? img->depth : img->height);
  r.depth = all_faces ? 6u : three_d ? static_cast<uint32_t>(img->depth) : 1u;
  read_texture_region(ctx, texture, level, r, three_d, format, type, buf_size, pixels);
}

// The box of whole blocks that covers `box` of a compressed image (its
// last blocks partial where the image ends).
pipe::Box compressed_box(const pixel::InternalFormatInfo& info, const TextureImage& img, pipe::Box box) {
  const int32_t bw = info.block_width(), bh = info.block_height();
  const int32_t x0 = box.x - box.x % bw, y0 = box.y - box.y % bh;
  // 64-bit: an end near INT32_MAX cannot wrap when rounded up.
  const int64_t x1 = std::min<int64_t>((int64_t{box.x} + box.width + bw - 1) / bw * bw, img.width);
  const int64_t y1 = std::min<int64_t>((int64_t{box.y} + box.height + bh - 1) / bh * bh, img.height);
  box.x = x0;
  box.y = y0;
  box.width = static_cast<int32_t>(x1 - x0);
  box.height = static_cast<int32_t>(y1 - y0);
  return box;
}

}  // namespace

void read_texture_region(Context& ctx, Texture& texture, GLint level, const TextureRegion& region, bool three_d,
                         GLenum format, GLenum type, uint64_t buf_size, void* pixels) {
  Texture* t = &texture;
  const GLenum texture_target = t->target;
  const bool cube = texture_target == GL_TEXTURE_CUBE_MAP;
  const TextureImage* img = t->image(level, cube ? region.z : 0);
  if (!img || !img->defined()) return;  // nothing to return
  // A compressed image reads as the uncompressed format its blocks decode
  // into (GL 4.6 §8.11.4: decompressed, then packed like any other image).
  const pixel::InternalFormatInfo& stored = *img->info;
  const bool compressed = stored.is_compressed();
  const pixel::InternalFormatInfo* decoded = compressed ? pixel::decoded_format(stored) : &stored;
  if (!decoded || stored.has_stencil()) {
    // Stencil readback and the formats without a CPU decoder are refused
    // rather than answered with wrong data.
    BRASS_WARN_ONCE("glGetTexImage of a stencil texture or of a compressed format without a decoder is not "
                    "implemented yet (GL_INVALID_OPERATION)");
    return ctx.set_error(GL_INVALID_OPERATION);
  }
  const pixel::InternalFormatInfo& info = *decoded;
  if (const GLenum e = pixel::check_read_pixels_format(info, format, type, ctx.format_features)) return ctx.set_error(e);

  // A 1D array's layers are the rows of the packed image.
  const bool rows_are_layers = texture_target == GL_TEXTURE_1D_ARRAY;
  const uint32_t width = region.width, height = region.height;
  const uint32_t depth = three_d ? region.depth : 1u;
  // The 3D modes apply to 3D and 2D array images (GL 4.6 §8.4.4.1).
  const pixel::PixelStoreParams pack = pack_params(ctx, true);
  PackDestination dest;
  if (const GLenum e =
          check_pack_destination(ctx, pack, format, type, width, height, depth, three_d, pixels, buf_size, &dest))
    return ctx.set_error(e);
  if (!dest.pbo && !pixels) return;
  if (width == 0 || height == 0 || region.depth == 0) return;  // an empty region reads nothing

  uint32_t resource_level = 0, resource_layer = 0;
  pipe::Resource* src =
      texture_image_storage(ctx, *t, level, cube ? static_cast<GLint>(region.z) : 0, &resource_level, &resource_layer);
  if (!src) return;
  pipe::Context& p = ctx.pipe();
  auto map_failed = [&ctx] {
    ctx.pipe_failed(ctx.pipe().status() == pipe::Status::Ok ? pipe::Status::OutOfMemory : ctx.pipe().status());
  };
  void* dst = pixels;
  pipe::Transfer* dst_transfer = nullptr;
  if (dest.pbo) {
    dst = map_pack_buffer(p, dest, &dst_transfer);
    if (!dst) return map_failed();
  }
  // One slice at a time (a 3D slice, an array layer or a cube face is one
  // image of the packed 3D layout; a 1D array layer one row).
  GLenum error = GL_NO_ERROR;
  std::unique_ptr<uint8_t[]> scratch;  // decoded blocks of a compressed slice
  uint64_t scratch_size = 0;
  const uint32_t slices = rows_are_layers ? height : depth;
  for (uint32_t i = 0; i < slices && error == GL_NO_ERROR; ++i) {
    uint32_t layer = 0;  // in the texture's own numbering
    if (cube) {
      // Each face where it lives (the faces of a mutable cube need not
      // share a resource).
      src = texture_image_storage(ctx, *t, level, static_cast<GLint>(region.z + i), &resource_level, &resource_layer);
      if (!src) break;
    } else {
      layer = (rows_are_layers ? region.y : region.z) + i;
    }
    pipe::Box box;
    box.x = static_cast<int32_t>(region.x);
    box.y = static_cast<int32_t>(rows_are_layers ? 0u : region.y);
    box.z = static_cast<int32_t>(resource_layer + layer);
    box.width = static_cast<int32_t>(width);
    box.height = static_cast<int32_t>(rows_are_layers ? 1u : height);
    if (compressed) box = compressed_box(stored, *img, box);
    pipe::Transfer* transfer = nullptr;
    const void* map = p.transfer_map(src, resource_level, pipe::kMapRead, box, &transfer);
    if (!map) {
      map_failed();
      break;
    }
    const void* texels = map;
    uint64_t texel_stride = transfer->stride;
    if (compressed) {
      // The whole blocks the region touches, decoded; the region starts
      // (x % block width, y % block height) texels into them.
      const uint64_t texel = pipe::describe(info.storage).block_bytes;
      texel_stride = texel * static_cast<uint32_t>(box.width);
      const uint64_t bytes = texel_stride * static_cast<uint32_t>(box.height);
      if (scratch_size < bytes) {
        scratch.reset(new (std::nothrow) uint8_t[bytes]);
        scratch_size = scratch ? bytes : 0;
      }
      if (!scratch) {
        p.transfer_unmap(transfer);
        error = GL_OUT_OF_MEMORY;
        break;
      }
      if (!pixel::decode_compressed(stored, static_cast<const uint8_t*>(map), transfer->stride,
                                    static_cast<uint32_t>(box.width), static_cast<uint32_t>(box.height),
                                    scratch.get(), texel_stride)) {
        p.transfer_unmap(transfer);
        error = GL_INVALID_OPERATION;
        break;
      }
      texels = scratch.get() + (region.y - static_cast<uint32_t>(box.y)) * texel_stride +
               (region.x - static_cast<uint32_t>(box.x)) * texel;
    }
    pixel::PixelStoreParams slice = pack;
    if (rows_are_layers) slice.skip_rows += static_cast<int32_t>(i);
    else slice.skip_images = pack.skip_images + static_cast<int32_t>(i);
    error = pixel::pack_pixels(info, texels, texel_stride, 0, slice, format, type, dst, three_d,
                               pixel::PixelExtent{width, rows_are_layers ? 1u : height, 1});
    p.transfer_unmap(transfer);
  }
  if (dst_transfer) p.transfer_unmap(dst_transfer);
  if (error) ctx.set_error(error);
}

void GetTexImage(Context& ctx, GLenum target, GLint level, GLenum format, GLenum type, void* pixels) {
  get_tex_image(ctx, target, level, format, type, UINT64_MAX, pixels);
}

// GL 4.5 robustness: the same with the caller's buffer size (a negative
// one holds nothing).
void GetnTexImage(Context& ctx, GLenum target, GLint level, GLenum format, GLenum type, GLsizei buf_size,
                  void* pixels) {
  get_tex_image(ctx, target, level, format, type, static_cast<uint64_t>(buf_size < 0 ? 0 : buf_size), pixels);
}

}  // namespace brass::gl::api
