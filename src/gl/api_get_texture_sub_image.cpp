// ARB_get_texture_sub_image (GL 4.5, §8.11.4): glGetTextureSubImage and
// glGetCompressedTextureSubImage read a box of one level of a named
// texture. The box is in the texture's own coordinates: for a cube map z
// counts faces (several faces only of a cube complete level), for a cube
// map array layer-faces, for a 1D array y counts layers; a dimension the
// target lacks takes offset 0 and size 1. The readback is the whole-image
// commands' (texture_readback.h) with the PACK_* state.
#include <bit>
#include <cstdint>

#include "gl/context.h"
#include "gl/pixel/client_format.h"
#include "gl/texture.h"
#include "gl/texture_readback.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

uint32_t log2_floor(uint32_t v) { return v ? 31u - static_cast<uint32_t>(std::countl_zero(v)) : 0u; }

// The texture a sub-image command names with the checks every such command
// makes first (GL 4.6 §8.11.4): INVALID_OPERATION for a name that is not a
// texture object (or one never bound, so without a target) and for a
// buffer or multisample texture, INVALID_VALUE for a level outside
// [0, log2(max size)]. Null after recording the error.
Ref<Texture> readable_texture(Context& ctx, GLuint name, GLint level) {
  Ref<Texture> t = name != 0 ? ctx.share_group().textures.lookup(name) : Ref<Texture>();
  GLint max_size = 0;
  if (!t || t->target == GL_NONE || !texture_image_readable(ctx, t->target, &max_size)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return {};
  }
  if (level < 0 || static_cast<uint32_t>(level) > log2_floor(static_cast<uint32_t>(max_size))) {
    ctx.set_error(GL_INVALID_VALUE);
    return {};
  }
  return t;
}

// Checks a box against the level's image and turns it into a region, or
// records the error and returns false (GL 4.6 §8.11.4): INVALID_VALUE for
// negative offsets or sizes, a box past the image's edges (compared in 64
// bits: offset + size never overflows; an image never specified is 0 x 0
// x 0, so only an empty box at the origin fits it) and a dimension the
// target lacks whose offset is not 0 or size not 1; INVALID_OPERATION for
// several faces of a cube map that is not cube complete at that level, or
// a face of the box never specified. `*readable` is false for an empty
// box or an image never specified: nothing is read.
bool region_of(Context& ctx, const Texture& t, GLint level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h,
               GLsizei d, TextureRegion* out, bool* readable) {
  const bool cube = t.target == GL_TEXTURE_CUBE_MAP;
  if (x < 0 || y < 0 || z < 0 || w < 0 || h < 0 || d < 0) {
    ctx.set_error(GL_INVALID_VALUE);
    return false;
  }
  // The first image of the box: a cube map's face `z` (past the sixth:
  // the bounds below), else the level's only image.
  const TextureImage* img = cube && z >= 6 ? nullptr : t.image(level, cube ? static_cast<unsigned>(z) : 0u);
  // The level's extent in the box's coordinates.
  int64_t width = img ? img->width : 0, height = img ? img->height : 0, depth = img ? img->depth : 0;
  int dimensions = 3;
  switch (t.target) {
    case GL_TEXTURE_1D: height = depth = 1; dimensions = 1; break;
    case GL_TEXTURE_1D_ARRAY: height = depth; depth = 1; dimensions = 2; break;  // layers kept as depth
    case GL_TEXTURE_2D:
    case GL_TEXTURE_RECTANGLE: depth = 1; dimensions = 2; break;
    case GL_TEXTURE_CUBE_MAP: depth = 6; break;
    default: break;  // 3D, 2D array, cube map array: depth is slices or layer(-face)s
  }
  if ((dimensions < 2 && (y != 0 || h != 1)) || (dimensions < 3 && (z != 0 || d != 1)) ||
      int64_t{x} + w > width || int64_t{y} + h > height || int64_t{z} + d > depth) {
    ctx.set_error(GL_INVALID_VALUE);
    return false;
  }
  if (cube && d > 1 && !base_level_consistent(t, level)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  if (cube) {
    for (GLint f = z; f < z + d; ++f) {
      const TextureImage* face = t.image(level, static_cast<unsigned>(f));
      if (!face || face->width != img->width || face->height != img->height || face->info != img->info) {
        ctx.set_error(GL_INVALID_OPERATION);
        return false;
      }
    }
  }
  *readable = img && w > 0 && h > 0 && d > 0;
  *out = TextureRegion{static_cast<uint32_t>(x), static_cast<uint32_t>(y), static_cast<uint32_t>(z),
                       static_cast<uint32_t>(w), static_cast<uint32_t>(h), static_cast<uint32_t>(d)};
  return true;
}

// Images packed as 3D ones: every target with a third dimension (cube maps
// included, their faces being its slices).
bool packs_three_d(GLenum target) {
  return target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP ||
         target == GL_TEXTURE_CUBE_MAP_ARRAY;
}

// A compressed box starts on a block and covers whole blocks, except where
// it ends at the image's edge (GL 4.6 §8.7's rule for
// CompressedTexSubImage*, which the readback of a sub-image shares):
// INVALID_OPERATION otherwise.
bool block_aligned(const Texture& t, GLint level, const TextureRegion& r) {
  const TextureImage* img = t.image(level, t.target == GL_TEXTURE_CUBE_MAP ? r.z : 0u);
  const uint32_t bw = img->info->block_width(), bh = img->info->block_height();
  const uint32_t width = static_cast<uint32_t>(img->width), height = static_cast<uint32_t>(img->height);
  if (bw == 0 || bh == 0) return false;
  if (r.x % bw != 0 || r.y % bh != 0) return false;
  if (r.width % bw != 0 && r.x + r.width != width) return false;
  if (r.height % bh != 0 && r.y + r.height != height) return false;
  return true;
}

}  // namespace

void GetTextureSubImage(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                        GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type, GLsizei bufSize,
                        void* pixels) {
  const Ref<Texture> t = readable_texture(ctx, texture, level);
  if (!t) return;
  const pixel::ApiKind api = ctx.format_features.api;
  if (!pixel::is_client_format_enum(format, api) || !pixel::is_client_type_enum(type, api))
    return ctx.set_error(GL_INVALID_ENUM);
  TextureRegion r;
  bool readable = false;
  if (!region_of(ctx, *t, level, xoffset, yoffset, zoffset, width, height, depth, &r, &readable)) return;
  if (!readable) return;
  read_texture_region(ctx, *t, level, r, packs_three_d(t->target), format, type,
                      static_cast<uint64_t>(bufSize < 0 ? 0 : bufSize), pixels);
}

void GetCompressedTextureSubImage(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                                  GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLsizei bufSize,
                                  void* pixels) {
  const Ref<Texture> t = readable_texture(ctx, texture, level);
  if (!t) return;
  TextureRegion r;
  bool readable = false;
  if (!region_of(ctx, *t, level, xoffset, yoffset, zoffset, width, height, depth, &r, &readable)) return;
  // An image never specified has no compressed form.
  const TextureImage* img = t->image(level, t->target == GL_TEXTURE_CUBE_MAP ? r.z : 0u);
  if (!img || !img->info->is_compressed() || !block_aligned(*t, level, r)) return ctx.set_error(GL_INVALID_OPERATION);
  if (!readable) return;
  read_compressed_region(ctx, *t, level, r, packs_three_d(t->target), static_cast<uint64_t>(bufSize < 0 ? 0 : bufSize),
                         pixels);
}

}  // namespace brass::gl::api
