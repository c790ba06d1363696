// glInvalidateBufferData / glInvalidateBufferSubData / glInvalidateTexImage /
// glInvalidateTexSubImage (ARB_invalidate_subdata, GL 4.6 §6.5 and §8.20):
// the contents of a range become undefined. Invalidation is a hint: Brass
// checks the errors, and discards storage only where that is free and safe,
// the whole store of a mutable, unmapped buffer (the pipe swaps in fresh
// storage; draws already recorded keep reading the old one, as for
// glBufferData of the same size). Partial buffer ranges and textures keep
// their contents: nothing the GPU still uses is ever touched.
#include <bit>

#include "gl/buffer.h"
#include "gl/context.h"
#include "gl/texture.h"
#include "gl_functions.h"
#include "util/range.h"

namespace brass::gl::api {

namespace {

// The buffer named `name`, or null (INVALID_VALUE recorded) when no buffer
// object of that name exists (a name from glGenBuffers exists once bound).
Buffer* existing_buffer(Context& ctx, GLuint name) {
  Buffer* b = name != 0 ? ctx.share_group().buffers.lookup(name).get() : nullptr;
  if (!b) ctx.set_error(GL_INVALID_VALUE);
  return b;
}

// Whether [offset, offset + length) meets a non-persistent map of `b`.
bool overlaps_exclusive_map(const Buffer& b, GLintptr offset, GLsizeiptr length) {
  if (!b.mapped_exclusively()) return false;
  return offset < b.map_offset + b.map_length && b.map_offset < offset + length;
}

void discard_whole_buffer(Context& ctx, Buffer& b) {
  if (b.resource && !b.immutable && !b.mapped) ctx.pipe().invalidate_resource(b.resource.get());
}

// The largest level a texture of `target` may have (log2 of its largest
// size), for the level checks of §8.20.
GLint max_level_for(const Context& ctx, GLenum target) {
  GLint size = ctx.limits.max_texture_size;
  if (target == GL_TEXTURE_3D) size = ctx.limits.max_3d_texture_size;
  else if (target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY) size = ctx.limits.max_cube_map_texture_size;
  return static_cast<GLint>(std::bit_width(static_cast<uint32_t>(size > 0 ? size : 1))) - 1;
}

// Targets whose only level is 0.
bool single_level_target(GLenum target) {
  return target == GL_TEXTURE_RECTANGLE || target == GL_TEXTURE_BUFFER || target == GL_TEXTURE_2D_MULTISAMPLE ||
         target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
}

// The texture named `name` with a level that may exist, or null with the
// error recorded.
Texture* invalidation_texture(Context& ctx, GLuint name, GLint level) {
  Texture* t = name != 0 ? ctx.share_group().textures.lookup(name).get() : nullptr;
  if (!t || t->target == GL_NONE) {
    ctx.set_error(GL_INVALID_VALUE);
    return nullptr;
  }
  if (level < 0 || level > max_level_for(ctx, t->target) || (single_level_target(t->target) && level != 0)) {
    ctx.set_error(GL_INVALID_VALUE);
    return nullptr;
  }
  return t;
}

// The extent of `level` as §8.20 counts it: missing dimensions are 1, cube
// faces and array layers are the last dimension. Zero for a level that was
// never specified.
void level_extent(const Texture& t, GLint level, GLint64 extent[3]) {
  extent[0] = extent[1] = extent[2] = 0;
  if (t.target == GL_TEXTURE_BUFFER) {
    // One row of texels; its length depends on the buffer at each use, so
    // any region within a buffer is accepted.
    extent[0] = t.buffer ? static_cast<GLint64>(t.buffer->size) : 0;
    extent[1] = extent[2] = 1;
    return;
  }
  if (static_cast<size_t>(level) >= t.images.size()) return;
  const TextureImage& img = t.images[static_cast<size_t>(level)][0];
  if (!img.defined()) return;
  extent[0] = img.width;
  extent[1] = img.height;
  extent[2] = img.depth;
  switch (t.target) {
    case GL_TEXTURE_1D: extent[1] = extent[2] = 1; break;
    case GL_TEXTURE_1D_ARRAY:
    case GL_TEXTURE_2D:
    case GL_TEXTURE_RECTANGLE:
    case GL_TEXTURE_2D_MULTISAMPLE: extent[2] = 1; break;
    case GL_TEXTURE_CUBE_MAP: extent[2] = 6; break;
    default: break;
  }
  if (extent[1] < 1) extent[1] = 1;
  if (extent[2] < 1) extent[2] = 1;
}

}  // namespace

void InvalidateBufferData(Context& ctx, GLuint buffer) {
  Buffer* b = existing_buffer(ctx, buffer);
  if (!b) return;
  if (b->mapped_exclusively()) return ctx.set_error(GL_INVALID_OPERATION);
  discard_whole_buffer(ctx, *b);
}

void InvalidateBufferSubData(Context& ctx, GLuint buffer, GLintptr offset, GLsizeiptr length) {
  Buffer* b = existing_buffer(ctx, buffer);
  if (!b) return;
  if (offset < 0 || length < 0 || !range_fits<GLint64>(offset, length, b->size)) return ctx.set_error(GL_INVALID_VALUE);
  if (overlaps_exclusive_map(*b, offset, length)) return ctx.set_error(GL_INVALID_OPERATION);
  if (offset == 0 && length == b->size && length > 0) discard_whole_buffer(ctx, *b);
}

void InvalidateTexImage(Context& ctx, GLuint texture, GLint level) {
  static_cast<void>(invalidation_texture(ctx, texture, level));
}

void InvalidateTexSubImage(Context& ctx, GLuint texture, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                           GLsizei width, GLsizei height, GLsizei depth) {
  const Texture* t = invalidation_texture(ctx, texture, level);
  if (!t) return;
  if (width < 0 || height < 0 || depth < 0) return ctx.set_error(GL_INVALID_VALUE);
  GLint64 extent[3];
  level_extent(*t, level, extent);
  const GLint64 offsets[3] = {xoffset, yoffset, zoffset};
  const GLint64 sizes[3] = {width, height, depth};
  // Textures have no border in the core profile: offsets from 0, regions
  // within the level.
  for (int i = 0; i < 3; ++i)
    if (offsets[i] < 0 || offsets[i] + sizes[i] > extent[i]) return ctx.set_error(GL_INVALID_VALUE);
}

}  // namespace brass::gl::api
