// glCopyImageSubData (EXT/OES_copy_image in ES 3.1 contexts, ARB_copy_image
// and GL 4.3 in desktop ones; ES 3.2 §18.3.3): a raw copy of texel blocks
// between two texture or renderbuffer images of compatible formats
// (pixel/copy_image_rules.h), validated here and recorded by
// pipe::Context::copy_image.
#include <cstdint>

#include "gl/context.h"
#include "gl/framebuffer.h"
#include "gl/pixel/copy_image_rules.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"
#include "util/log.h"

namespace brass::gl {

namespace {

// One side of the copy: the level's format and size, and the object.
struct CopySide {
  GLenum target = GL_NONE;
  GLint level = 0;
  const pixel::InternalFormatInfo* info = nullptr;
  int64_t width = 0, height = 0, depth = 0;  // depth: layers, cube faces, layer-faces or 3D slices
  uint32_t samples = 1;
  Ref<Texture> texture;
  Ref<Renderbuffer> renderbuffer;
};

bool copy_image_enabled(const Context& ctx) {
  return ctx.desktop() ? ctx.has_extension("GL_ARB_copy_image") : ctx.has_extension("GL_EXT_copy_image");
}

// RENDERBUFFER or a texture target this context has; TEXTURE_BUFFER and
// the cube map face targets are not (INVALID_ENUM).
bool valid_target(const Context& ctx, GLenum target) {
  if (target == GL_RENDERBUFFER) return true;
  const TextureTargetIndex index = target_index(target);
  return index != TextureTargetIndex::TexBuffer && target_available(ctx, index);
}

// The object `name` names as `target` and its level `level`. GL_NO_ERROR or
// the error the spec gives (ES 3.2 §18.3.3).
GLenum resolve_side(Context& ctx, GLuint name, GLenum target, GLint level, CopySide* out) {
  out->target = target;
  out->level = level;
  if (target == GL_RENDERBUFFER) {
    out->renderbuffer = ctx.share_group().renderbuffers.lookup(name);
    if (!out->renderbuffer) return GL_INVALID_VALUE;
    if (level != 0) return GL_INVALID_VALUE;
    const Renderbuffer& rb = *out->renderbuffer;
    out->info = pixel::find_internal_format(rb.internal_format);
    if (!out->info || !rb.resource) return GL_INVALID_OPERATION;  // no storage
    out->width = rb.width;
    out->height = rb.height;
    out->depth = 1;
    out->samples = rb.samples > 1 ? uint32_t(rb.samples) : 1u;
    return GL_NO_ERROR;
  }
  out->texture = ctx.share_group().textures.lookup(name);
  if (!out->texture || out->texture->target == GL_NONE) return GL_INVALID_VALUE;
  const Texture& tex = *out->texture;
  if (tex.target != target) return GL_INVALID_ENUM;
  const TextureImage* img = tex.image(level, 0);
  if (!img) return GL_INVALID_VALUE;
  if (!check_completeness(ctx, tex, tex.sampler).complete) return GL_INVALID_OPERATION;
  out->info = img->info;
  out->width = img->width;
  out->height = img->height;
  if (target == GL_TEXTURE_CUBE_MAP) {
    out->depth = 6;
  } else if (target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP_ARRAY ||
             target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES) {
    out->depth = img->depth;
  } else {
    out->depth = 1;
  }
  out->samples = tex.samples > 1 ? uint32_t(tex.samples) : 1u;
  return GL_NO_ERROR;
}

// Where layer `z` of a side's level lives. Null when it has no storage.
pipe::Resource* side_storage(const CopySide& side, int64_t z, uint32_t* level, uint32_t* layer) {
  if (side.renderbuffer) {
    *level = side.renderbuffer->resource_level;
    *layer = side.renderbuffer->resource_layer;
    return side.renderbuffer->resource.get();
  }
  const bool cube = side.target == GL_TEXTURE_CUBE_MAP;
  const TextureImage* img = side.texture->image(side.level, cube ? unsigned(z) : 0u);
  if (!img || !img->resource) return nullptr;
  *level = img->resource_level;
  *layer = img->resource_layer + (cube ? 0u : uint32_t(z));
  return img->resource.get();
}

// The region checks of one side: offsets inside the level, the extent
// too, compressed regions on block boundaries (a width or height that is
// not a whole number of blocks must reach the level's edge). `w`, `h` are
// in this side's texels; `whole_blocks`: they were made from a count of
// blocks (an uncompressed source's texels), so the level's last partial
// block counts whole. All in 64 bits: no sum of GLints overflows.
GLenum check_region(const CopySide& side, int64_t x, int64_t y, int64_t z, int64_t w, int64_t h, int64_t d,
                    bool whole_blocks) {
  if (x < 0 || y < 0 || z < 0) return GL_INVALID_VALUE;
  const int64_t bw = side.info->block_width(), bh = side.info->block_height();
  const int64_t width = whole_blocks ? (side.width + bw - 1) / bw * bw : side.width;
  const int64_t height = whole_blocks ? (side.height + bh - 1) / bh * bh : side.height;
  if (x + w > width || y + h > height || z + d > side.depth) return GL_INVALID_VALUE;
  if (x % bw != 0 || y % bh != 0) return GL_INVALID_OPERATION;
  if ((w % bw != 0 && x + w != side.width) || (h % bh != 0 && y + h != side.height)) return GL_INVALID_OPERATION;
  return GL_NO_ERROR;
}

}  // namespace

namespace api {

void CopyImageSubData(Context& ctx, GLuint srcName, GLenum srcTarget, GLint srcLevel, GLint srcX, GLint srcY,
                      GLint srcZ, GLuint dstName, GLenum dstTarget, GLint dstLevel, GLint dstX, GLint dstY,
                      GLint dstZ, GLsizei srcWidth, GLsizei srcHeight, GLsizei srcDepth) {
  if (!copy_image_enabled(ctx)) return ctx.set_error(GL_INVALID_OPERATION);
  if (!valid_target(ctx, srcTarget) || !valid_target(ctx, dstTarget)) return ctx.set_error(GL_INVALID_ENUM);
  CopySide src, dst;
  if (const GLenum e = resolve_side(ctx, srcName, srcTarget, srcLevel, &src); e != GL_NO_ERROR)
    return ctx.set_error(e);
  if (const GLenum e = resolve_side(ctx, dstName, dstTarget, dstLevel, &dst); e != GL_NO_ERROR)
    return ctx.set_error(e);
  if (srcWidth < 0 || srcHeight < 0 || srcDepth < 0) return ctx.set_error(GL_INVALID_VALUE);
  // A 1D array's y and height name layers (texture.h keeps them as depth).
  // Between two of them they become z and depth; rows of another kind of
  // image copied into layers (or back) are not implemented, and refused
  // rather than copied wrong.
  if ((srcTarget == GL_TEXTURE_1D_ARRAY) != (dstTarget == GL_TEXTURE_1D_ARRAY)) {
    BRASS_WARN_ONCE("glCopyImageSubData between a 1D array and another kind of image is not implemented");
    return ctx.set_error(GL_INVALID_OPERATION);
  }
  if (srcTarget == GL_TEXTURE_1D_ARRAY) {
    if (srcZ != 0 || dstZ != 0 || srcDepth != 1) return ctx.set_error(GL_INVALID_VALUE);
    srcZ = srcY;
    dstZ = dstY;
    srcY = dstY = 0;
    srcDepth = srcHeight;
    srcHeight = 1;
  }
  if (!pixel::copy_image_compatible(*src.info, *dst.info)) return ctx.set_error(GL_INVALID_OPERATION);
  if (src.samples != dst.samples) return ctx.set_error(GL_INVALID_OPERATION);
  // The destination region: the source's, in blocks where only the source
  // is compressed and in texels of whole blocks where only the destination is.
  const int64_t sw = srcWidth, sh = srcHeight, depth = srcDepth;
  int64_t dw = sw, dh = sh;
  const bool src_compressed = src.info->is_compressed(), dst_compressed = dst.info->is_compressed();
  if (src_compressed && !dst_compressed) {
    dw = (sw + src.info->block_width() - 1) / src.info->block_width();
    dh = (sh + src.info->block_height() - 1) / src.info->block_height();
  } else if (!src_compressed && dst_compressed) {
    dw = sw * dst.info->block_width();
    dh = sh * dst.info->block_height();
  }
  const GLenum src_error = check_region(src, srcX, srcY, srcZ, sw, sh, depth, false);
  const GLenum dst_error = check_region(dst, dstX, dstY, dstZ, dw, dh, depth, !src_compressed && dst_compressed);
  // Out-of-bounds regions are INVALID_VALUE whichever side finds them first.
  if (src_error == GL_INVALID_VALUE || dst_error == GL_INVALID_VALUE) return ctx.set_error(GL_INVALID_VALUE);
  if (src_error != GL_NO_ERROR) return ctx.set_error(src_error);
  if (dst_error != GL_NO_ERROR) return ctx.set_error(dst_error);
  if (sw == 0 || sh == 0 || depth == 0) return;

  // Cube map faces may live in resources of their own (a mutable cube map
  // before it is sampled): those copy one face at a time; any other level
  // keeps its layers together.
  const bool by_face = srcTarget == GL_TEXTURE_CUBE_MAP || dstTarget == GL_TEXTURE_CUBE_MAP;
  const int64_t step = by_face ? 1 : depth;
  for (int64_t i = 0; i < depth; i += step) {
    uint32_t src_level = 0, src_layer = 0, dst_level = 0, dst_layer = 0;
    pipe::Resource* s = side_storage(src, srcZ + i, &src_level, &src_layer);
    pipe::Resource* d = side_storage(dst, dstZ + i, &dst_level, &dst_layer);
    if (!s || !d) continue;
    const pipe::Box box{srcX, srcY, int32_t(src_layer), srcWidth, srcHeight, int32_t(step)};
    ctx.pipe().copy_image(d, dst_level, uint32_t(dstX), uint32_t(dstY), dst_layer, s, src_level, box);
  }
  if (dst.texture) {
    dst.texture->changed();
    ctx.dirty(kDirtyTextures);
  }
}

}  // namespace api
}  // namespace brass::gl
