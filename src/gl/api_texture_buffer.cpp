// Buffer textures (EXT/OES_texture_buffer, ES 3.2 §8.9): glTexBuffer and
// glTexBufferRange attach a buffer's bytes to the TEXTURE_BUFFER texture,
// read as texels of table 8.18's formats by samplerBuffer (texelFetch) and
// imageBuffer (image.cpp). The texture holds the buffer, not its storage:
// re-specifying the buffer (glBufferData) is what later draws see.
#include <algorithm>

#include "gl/context.h"
#include "gl/texture_buffer.h"
#include "gl/texture_specification.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"
#include "util/range.h"

namespace brass::gl {

namespace {

using F = pipe::Format;
// ES 3.2 table 8.18.
constexpr TexelBufferFormat kFormats[] = {
    {GL_R8, F::R8_UNORM, 1},          {GL_R16F, F::R16_FLOAT, 2},       {GL_R32F, F::R32_FLOAT, 4},
    {GL_R8I, F::R8_SINT, 1},          {GL_R16I, F::R16_SINT, 2},        {GL_R32I, F::R32_SINT, 4},
    {GL_R8UI, F::R8_UINT, 1},         {GL_R16UI, F::R16_UINT, 2},       {GL_R32UI, F::R32_UINT, 4},
    {GL_RG8, F::RG8_UNORM, 2},        {GL_RG16F, F::RG16_FLOAT, 4},     {GL_RG32F, F::RG32_FLOAT, 8},
    {GL_RG8I, F::RG8_SINT, 2},        {GL_RG16I, F::RG16_SINT, 4},      {GL_RG32I, F::RG32_SINT, 8},
    {GL_RG8UI, F::RG8_UINT, 2},       {GL_RG16UI, F::RG16_UINT, 4},     {GL_RG32UI, F::RG32_UINT, 8},
    {GL_RGB32F, F::RGB32_FLOAT, 12},  {GL_RGB32I, F::RGB32_SINT, 12},   {GL_RGB32UI, F::RGB32_UINT, 12},
    {GL_RGBA8, F::RGBA8_UNORM, 4},    {GL_RGBA16F, F::RGBA16_FLOAT, 8}, {GL_RGBA32F, F::RGBA32_FLOAT, 16},
    {GL_RGBA8I, F::RGBA8_SINT, 4},    {GL_RGBA16I, F::RGBA16_SINT, 8},  {GL_RGBA32I, F::RGBA32_SINT, 16},
    {GL_RGBA8UI, F::RGBA8_UINT, 4},   {GL_RGBA16UI, F::RGBA16_UINT, 8}, {GL_RGBA32UI, F::RGBA32_UINT, 16},
};
// Desktop GL's table 8.16 has the 16-bit normalized formats too.
constexpr TexelBufferFormat kDesktopFormats[] = {
    {GL_R16, F::R16_UNORM, 2}, {GL_RG16, F::RG16_UNORM, 4}, {GL_RGBA16, F::RGBA16_UNORM, 8}};

// Table 8.27's formats: those image units take, so imageBuffer stores them.
bool is_image_format(GLenum f) {
  switch (f) {
    case GL_RGBA32F: case GL_RGBA16F: case GL_R32F: case GL_RGBA32UI: case GL_RGBA16UI: case GL_RGBA8UI:
    case GL_R32UI: case GL_RGBA32I: case GL_RGBA16I: case GL_RGBA8I: case GL_R32I: case GL_RGBA8:
      return true;
    default: return false;
  }
}

}  // namespace

const TexelBufferFormat* find_texel_buffer_format(GLenum internal_format, bool desktop, bool compatibility) {
  for (const TexelBufferFormat& f : kFormats)
    if (f.internal_format == internal_format) return &f;
  if (desktop)
    for (const TexelBufferFormat& f : kDesktopFormats)
      if (f.internal_format == internal_format) return &f;
  return desktop && compatibility ? find_legacy_texel_buffer_format(internal_format) : nullptr;
}

bool texel_buffer_formats_supported(const pipe::Screen& screen, bool desktop) {
  for (const TexelBufferFormat& f : kFormats) {
    if (!screen.is_format_supported(f.format, pipe::Target::Buffer, 1, pipe::kUsageTexelBuffer)) return false;
    if (is_image_format(f.internal_format) &&
        !screen.is_format_supported(f.format, pipe::Target::Buffer, 1, pipe::kUsageStorage))
      return false;
  }
  if (desktop)
    for (const TexelBufferFormat& f : kDesktopFormats)
      if (!screen.is_format_supported(f.format, pipe::Target::Buffer, 1, pipe::kUsageTexelBuffer)) return false;
  return true;
}

uint64_t texture_buffer_bytes(const Context& ctx, const Texture& tex) {
  const Buffer* b = tex.buffer.get();
  const TexelBufferFormat* f =
      find_texel_buffer_format(tex.buffer_info ? tex.buffer_info->internal_format : GL_NONE, true, true);
  if (!b || !f || !b->resource) return 0;
  const auto size = static_cast<uint64_t>(b->size), offset = static_cast<uint64_t>(tex.buffer_offset);
  if (offset >= size) return 0;
  uint64_t bytes = size - offset;
  // A range that no longer fits the buffer (it shrank since) reads what is left.
  if (tex.buffer_size > 0) bytes = std::min(bytes, static_cast<uint64_t>(tex.buffer_size));
  const uint64_t texels = std::min<uint64_t>(bytes / f->texel_bytes, static_cast<uint64_t>(ctx.limits.max_texture_buffer_size));
  return texels * f->texel_bytes;
}

Ref<pipe::SamplerView> texture_buffer_view(Context& ctx, Texture& tex) {
  const uint64_t bytes = texture_buffer_bytes(ctx, tex);
  if (bytes == 0) return nullptr;
  pipe::Resource* r = tex.buffer->resource.get();
  TextureViewCache::Key key;
  key.resource = r;
  key.buffer_generation = tex.generation.load(std::memory_order_relaxed);
  key.buffer_bytes = bytes;
  const auto lock = tex.views.lock();
  return tex.views.find_or_make(key, [&] {
    pipe::SamplerViewTemplate vt;
    vt.target = pipe::Target::Buffer;
    vt.format = tex.buffer_format;
    vt.buffer_offset = static_cast<uint64_t>(tex.buffer_offset);
    vt.buffer_size = bytes;
    return ctx.pipe().create_sampler_view(r, vt);
  });
}

bool texture_buffer_level_query(const Context& ctx, const Texture& tex, GLenum pname, GLint* out) {
  const pixel::InternalFormatInfo* info = tex.buffer ? tex.buffer_info : nullptr;
  const TexelBufferFormat* f = info ? find_texel_buffer_format(info->internal_format, true, true) : nullptr;
  const pixel::ComponentSizes bits = info ? info->bits : pixel::ComponentSizes{};
  const auto type_of = [info](uint8_t b) {
    return static_cast<GLint>(info && b ? pixel::component_type_enum(info->component_type) : GL_NONE);
  };
  switch (pname) {
    case GL_TEXTURE_BUFFER_DATA_STORE_BINDING: *out = tex.buffer ? static_cast<GLint>(tex.buffer->name()) : 0; return true;
    case GL_TEXTURE_BUFFER_OFFSET: *out = tex.buffer ? static_cast<GLint>(tex.buffer_offset) : 0; return true;
    case GL_TEXTURE_BUFFER_SIZE:
      // The range's size, or the buffer's from the offset for glTexBuffer.
      if (!tex.buffer) *out = 0;
      else if (tex.buffer_size > 0) *out = static_cast<GLint>(tex.buffer_size);
      else *out = static_cast<GLint>(std::max<GLsizeiptr>(tex.buffer->size - tex.buffer_offset, 0));
      return true;
    // The texels it holds, one row of them.
    case GL_TEXTURE_WIDTH: *out = f ? static_cast<GLint>(texture_buffer_bytes(ctx, tex) / f->texel_bytes) : 0; return true;
    case GL_TEXTURE_HEIGHT:
    case GL_TEXTURE_DEPTH: *out = f ? 1 : 0; return true;
    case GL_TEXTURE_SAMPLES: *out = 0; return true;
    case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS: *out = GL_TRUE; return true;
    case GL_TEXTURE_INTERNAL_FORMAT: *out = info ? static_cast<GLint>(info->internal_format) : GL_RGBA; return true;
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
    case GL_TEXTURE_COMPRESSED: *out = GL_FALSE; return true;
    default: return false;
  }
}

namespace api {

// Both commands; every error checked before the texture changes (ES 3.2
// §8.9). `range`: glTexBufferRange, whose offset and size are checked.
// `named`: glTextureBuffer*'s texture, null for the one bound to `target`.
void texture_buffer(Context& ctx, GLenum target, GLenum internalformat, GLuint buffer, GLintptr offset,
                    GLsizeiptr size, bool range, Texture* named) {
  if (!ctx.texture_buffers() || target != GL_TEXTURE_BUFFER) return ctx.set_error(GL_INVALID_ENUM);
  // The legacy formats only in the compatibility profile (GL 4.6 core
  // §8.9 leaves them out: INVALID_ENUM there).
  const TexelBufferFormat* f = find_texel_buffer_format(internalformat, ctx.desktop(), ctx.compatibility());
  if (!f) return ctx.set_error(GL_INVALID_ENUM);
  Ref<Buffer> b;
  if (buffer != 0) {
    b = ctx.share_group().buffers.lookup(buffer);
    if (!b) return ctx.set_error(GL_INVALID_OPERATION);
    if (range) {
      if (offset < 0 || size <= 0 || !range_fits<GLint64>(offset, size, b->size)) return ctx.set_error(GL_INVALID_VALUE);
      if (offset % ctx.limits.texture_buffer_offset_alignment != 0) return ctx.set_error(GL_INVALID_VALUE);
    }
  }
  Texture* t = named ? named : bound_texture(ctx, target);
  if (!t) return ctx.set_error(GL_INVALID_ENUM);
  // Zero detaches the buffer; offset and size are then ignored.
  t->buffer = std::move(b);
  t->buffer_info = texel_buffer_format_info(internalformat);
  t->buffer_format = f->format;
  t->buffer_offset = t->buffer && range ? offset : 0;
  t->buffer_size = t->buffer && range ? size : 0;
  t->changed();
  ctx.dirty(kDirtyTextures | kDirtyImages);
}

void TexBuffer(Context& ctx, GLenum target, GLenum internalformat, GLuint buffer) {
  texture_buffer(ctx, target, internalformat, buffer, 0, 0, false, nullptr);
}

void TexBufferRange(Context& ctx, GLenum target, GLenum internalformat, GLuint buffer, GLintptr offset,
                    GLsizeiptr size) {
  texture_buffer(ctx, target, internalformat, buffer, offset, size, true, nullptr);
}

}  // namespace api

}  // namespace brass::gl
