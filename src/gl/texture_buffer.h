// Buffer textures (EXT/OES_texture_buffer, ES 3.2 §8.9): the formats a
// buffer's texels may have, and the views draws sample them through.
#pragma once

#include "compiler/texel_buffer_swizzle.h"
#include "gl/gl_types.h"
#include "gl/pixel/format_table.h"
#include "pipe/format.h"
#include "pipe/state.h"
#include "util/ref_counted.h"

namespace brass::pipe {
class Screen;
class SamplerView;
}  // namespace brass::pipe

namespace brass::gl {

class Context;
class Texture;

// A sized internal format of ES 3.2 table 8.18 and how the buffer holds it.
struct TexelBufferFormat {
  GLenum internal_format = GL_NONE;
  pipe::Format format = pipe::Format::None;
  uint8_t texel_bytes = 0;
};
// Null for a format a buffer texture cannot have (`desktop`: GL 4.6 table
// 8.16, which adds R16, RG16 and RGBA16; `compatibility`: the compatibility
// profile's table, which adds the legacy ALPHA, LUMINANCE, LUMINANCE_ALPHA
// and INTENSITY formats). Textures that already hold a format look it up
// with both set: only a context allowing it can have given them one.
const TexelBufferFormat* find_texel_buffer_format(GLenum internal_format, bool desktop, bool compatibility = false);
// The legacy formats alone (texture_buffer_legacy_formats.cpp).
const TexelBufferFormat* find_legacy_texel_buffer_format(GLenum internal_format);
// The description of a buffer texture's format: the pixel table's row, or
// for EXT_texture_integer's integer alpha/luminance/intensity formats
// (which only buffer textures take) one of their own.
const pixel::InternalFormatInfo* texel_buffer_format_info(GLenum internal_format);
// How texelFetch places a buffer texture's fetched components: Identity
// but for the legacy formats' base formats.
compiler::TexelBufferSwizzle texel_buffer_swizzle(const pixel::InternalFormatInfo& info);
// Every format of table 8.18 (with `desktop`, 8.16) can be read as a uniform
// texel buffer and stored to as a storage texel buffer where table 8.27
// lists it: what the extension strings and desktop GL 3.1 promise.
bool texel_buffer_formats_supported(const pipe::Screen& screen, bool desktop);

// The bytes of the buffer a buffer texture reads: its range, or what the
// buffer has from the offset on, at most MAX_TEXTURE_BUFFER_SIZE texels
// (ES 3.2 §8.9). 0 without a buffer or storage.
uint64_t texture_buffer_bytes(const Context& ctx, const Texture& tex);
// The view of the buffer's texels a draw samples (samplerBuffer), made again
// when the texture or the buffer's storage changed; null when the texture
// has no buffer with storage.
Ref<pipe::SamplerView> texture_buffer_view(Context& ctx, Texture& tex);

// glGetTexLevelParameter of a TEXTURE_BUFFER texture (ES 3.2 §8.11.3): false
// for a pname the target does not answer.
bool texture_buffer_level_query(const Context& ctx, const Texture& tex, GLenum pname, GLint* out);

}  // namespace brass::gl
