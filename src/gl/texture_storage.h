// Texture storage: where each specified image lives, (re)creating the pipe
// resource when a mutable texture becomes complete with a consistent chain,
// texture completeness (ES 3.0 §3.8.13) and uploads through the pixel module.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gl/compressed_pixel_store.h"
#include "gl/pixel/bc_encoder.h"
#include "gl/pixel/pixel_store.h"
#include "gl/sampler_state.h"
#include "gl/texture.h"

namespace brass::gl {

class Context;

pixel::FormatFeatures texture_format_features(const Context& ctx);
pipe::Target pipe_target(GLenum target);
TextureTargetIndex target_index(GLenum target);  // Count for an unknown target

// Mip chain length from a level of this size (array layers do not shrink).
uint32_t full_chain_levels(GLenum target, uint32_t w, uint32_t h, uint32_t d);
// Size of `level` of a chain whose level 0 is w x h x d.
void minified_size(GLenum target, uint32_t w, uint32_t h, uint32_t d, uint32_t level, uint32_t* ow, uint32_t* oh,
                   uint32_t* od);

// Specifies (level, face) of a mutable texture and gives it storage; no
// texels are written. False (error recorded) when a resource cannot be made.
bool define_image(Context& ctx, Texture& tex, GLint level, unsigned face, GLenum internal_format,
                  const pixel::InternalFormatInfo* info, uint32_t w, uint32_t h, uint32_t d);
// glTexStorage*: allocates the whole immutable chain.
bool allocate_immutable(Context& ctx, Texture& tex, GLsizei levels, const pixel::InternalFormatInfo* info,
                        uint32_t w, uint32_t h, uint32_t d);
// glTexStorage{2,3}DMultisample: the one immutable image of a
// TEXTURE_2D_MULTISAMPLE(_ARRAY) texture, `layers` deep (1 for
// TEXTURE_2D_MULTISAMPLE), with `samples` (a count the screen supports for
// rendering and sampling this format). Desktop GL's glTexImage2DMultisample
// makes the same image mutable (`immutable` false).
bool allocate_multisample(Context& ctx, Texture& tex, GLsizei samples, const pixel::InternalFormatInfo* info,
                          uint32_t w, uint32_t h, uint32_t layers, bool fixed_sample_locations, bool immutable = true);

// Whether the context has the texture target of `index` (Count: none).
bool target_available(const Context& ctx, TextureTargetIndex index);

// Sample counts above one, highest first, of multisample textures of a
// renderable format (glTexStorage2DMultisample and GetInternalformativ with
// TEXTURE_2D_MULTISAMPLE): those the device can both render and sample the
// format at, up to MAX_SAMPLES. Empty: no multisample texture of this
// format.
struct SampleCounts {
  std::array<GLint, 4> values{};  // from 16, 8, 4, 2
  unsigned count = 0;
};
SampleCounts multisample_texture_counts(Context& ctx, const pixel::InternalFormatInfo& info);

// Effective level range of a texture with these sampling parameters.
struct Completeness {
  bool complete = false;
  GLint base = 0, last = 0;  // levels the view must cover
};
Completeness check_completeness(const Context& ctx, const Texture& tex, const SamplerParams& params);
// Whether the base level's (cube: every face's) images are consistent
// (cube completeness for cube maps).
bool base_level_consistent(const Texture& tex, GLint base);

// Makes the main resource hold the chain starting at `base` (rebuilding and
// copying consistent images into it when they live elsewhere). False on a
// pipe failure (error recorded).
bool ensure_main_storage(Context& ctx, Texture& tex, GLint base, GLint last);
// Before levels base+1..last are rewritten in place (glGenerateMipmap):
// when the main resource is an EGLImage's (a target texture) or one of
// those levels is an EGLImage sibling, moves the chain to fresh storage so
// the rewrite orphans the siblings instead of changing the image (OES_EGL_image).
bool unshare_levels(Context& ctx, Texture& tex, GLint base, GLint last);

// Writes client pixels (or a PBO region: `pixels` is then the offset) into a
// region of an image; every error check is the caller's except the PBO ones,
// which it performs (true: no error). `rows_are_layers`: a 1D array's region
// (h = 1, d layers) read from d client rows.
bool upload_pixels(Context& ctx, const TextureImage& img, int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h,
                   uint32_t d, GLenum format, GLenum type, const void* pixels, bool three_d,
                   bool rows_are_layers = false);
// Compresses `w` x `h` x `d` texels in `codec`'s source layout
// (pixel/bc_encoder.h; `row` bytes a row, slices one after another) into
// the compressed image's region (x, y, z: block-aligned).
bool upload_encoded(Context& ctx, const TextureImage& img, int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h,
                    uint32_t d, pixel::BlockCodec codec, const std::vector<uint8_t>& texels, uint64_t row);
// Compressed blocks, passed through in the GL-visible layout, read from
// client memory (or the unpack buffer) as `layout` places them
// (compressed_pixel_store.h).
bool upload_compressed(Context& ctx, const TextureImage& img, int32_t x, int32_t y, int32_t z, uint32_t w,
                       uint32_t h, uint32_t d, const CompressedClientLayout& layout, const void* data);
// The context's compressed unpack modes (compressed_pixel_store.h): all
// zero, as their defaults, in ES.
CompressedPixelStore compressed_unpack_store(const Context& ctx);
// The same for readback (glGetCompressedTexImage): the PACK_* state.
CompressedPixelStore compressed_pack_store(const Context& ctx);

// The context's unpack state (glPixelStorei) in the pixel module's terms.
pixel::PixelStoreParams unpack_params(const Context& ctx);
// The pixel-unpack-buffer rules of an upload of w x h x d pixels (ES 3.0
// §3.7.1): GL_INVALID_OPERATION when the bound PBO is mapped, the offset is
// misaligned or the read runs past its end. True (no error) without a PBO.
bool check_unpack_buffer(Context& ctx, GLenum format, GLenum type, uint32_t w, uint32_t h, uint32_t d,
                         bool three_d, const void* pixels);
// The same for compressed data that ends `bytes` past `data`.
bool check_compressed_unpack_buffer(Context& ctx, uint64_t bytes, const void* data);

}  // namespace brass::gl
