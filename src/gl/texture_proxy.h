// Proxy textures (desktop GL 4.6 §8.22): glTexImage*, glCompressedTexImage*,
// glTexStorage* and the multisample image commands with a PROXY_TEXTURE_*
// target ask whether the image could be made, without making it. Each
// context keeps one state-only texture per proxy target (no storage): an
// image that would be supported is recorded in it as specified, one that
// would not (too large) clears every level of it; glGetTexLevelParameter of
// the proxy target reads it. Argument errors are the ordinary commands'.
#pragma once

#include "gl/texture.h"

namespace brass::gl {

class Context;

// The texture target a proxy target stands for (TEXTURE_2D for
// PROXY_TEXTURE_2D, ...), GL_NONE for a target that is not a proxy one the
// context has (every proxy is desktop-only).
GLenum proxy_base_target(const Context& ctx, GLenum target);
// The context's proxy texture of a proxy target, made on first use; null
// for other targets.
Texture* proxy_texture(Context& ctx, GLenum proxy_target);
// Records the outcome of a proxy query for `level` (`levels` > 1: a
// storage query from level 0, minified per level): the image's format and
// size when `fits`, else zero state for every level.
void set_proxy_images(Context& ctx, Texture& proxy, GLint level, GLsizei levels, GLenum internal_format,
                      const pixel::InternalFormatInfo* info, uint32_t w, uint32_t h, uint32_t d, bool fits,
                      GLsizei samples = 0, bool fixed_sample_locations = true);

}  // namespace brass::gl
