#include "gl/texture_proxy.h"

#include "gl/context.h"
#include "gl/texture_storage.h"

namespace brass::gl {

GLenum proxy_base_target(const Context& ctx, GLenum target) {
  if (!ctx.desktop()) return GL_NONE;
  switch (target) {
    case GL_PROXY_TEXTURE_1D: return GL_TEXTURE_1D;
    case GL_PROXY_TEXTURE_2D: return GL_TEXTURE_2D;
    case GL_PROXY_TEXTURE_3D: return GL_TEXTURE_3D;
    case GL_PROXY_TEXTURE_1D_ARRAY: return GL_TEXTURE_1D_ARRAY;
    case GL_PROXY_TEXTURE_2D_ARRAY: return GL_TEXTURE_2D_ARRAY;
    case GL_PROXY_TEXTURE_RECTANGLE: return GL_TEXTURE_RECTANGLE;
    case GL_PROXY_TEXTURE_CUBE_MAP: return GL_TEXTURE_CUBE_MAP;
    case GL_PROXY_TEXTURE_2D_MULTISAMPLE: return GL_TEXTURE_2D_MULTISAMPLE;
    case GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY: return GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
    case GL_PROXY_TEXTURE_CUBE_MAP_ARRAY: return ctx.cube_map_arrays() ? GL_TEXTURE_CUBE_MAP_ARRAY : GL_NONE;
    default: return GL_NONE;
  }
}

Texture* proxy_texture(Context& ctx, GLenum proxy_target) {
  const GLenum base = proxy_base_target(ctx, proxy_target);
  if (base == GL_NONE) return nullptr;
  const TextureTargetIndex index = target_index(base);
  if (index == TextureTargetIndex::Count) return nullptr;
  Ref<Texture>& slot = ctx.texture_state.proxies[static_cast<size_t>(index)];
  if (!slot) {
    slot = make_ref<Texture>(0);
    set_texture_target(*slot, base);
  }
  return slot.get();
}

void set_proxy_images(Context&, Texture& proxy, GLint level, GLsizei levels, GLenum internal_format,
                      const pixel::InternalFormatInfo* info, uint32_t w, uint32_t h, uint32_t d, bool fits,
                      GLsizei samples, bool fixed_sample_locations) {
  if (!fits) {
    proxy.images.clear();
    proxy.samples = 0;
    proxy.fixed_sample_locations = true;
    return;
  }
  const size_t end = static_cast<size_t>(level) + static_cast<size_t>(levels);
  if (proxy.images.size() < end) proxy.images.resize(end);
  for (GLsizei l = 0; l < levels; ++l) {
    uint32_t lw = w, lh = h, ld = d;
    if (levels > 1) minified_size(proxy.target, w, h, d, static_cast<uint32_t>(l), &lw, &lh, &ld);
    // Every face of a cube map proxy alike (one query answers for all).
    for (TextureImage& img : proxy.images[static_cast<size_t>(level + l)]) {
      img = TextureImage{};
      img.internal_format = internal_format;
      img.info = info;
      img.width = static_cast<GLsizei>(lw);
      img.height = static_cast<GLsizei>(lh);
      img.depth = static_cast<GLsizei>(ld);
    }
  }
  proxy.samples = samples;
  proxy.fixed_sample_locations = fixed_sample_locations;
}

}  // namespace brass::gl
