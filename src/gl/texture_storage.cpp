#include "gl/texture_storage.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "gl/compat/pixel_transfer_paths.h"
#include "gl/context.h"
#include "gl/pixel/bc_encoder.h"
#include "gl/pixel/pack_unpack.h"
#include "gl/pixel/pixel_store.h"

namespace brass::gl {

namespace {

// Layered like a 2D array (a cube map array's layers are its layer-faces).
// A 1D array is kept as layers of height 1 (texture.h).
bool is_array(GLenum target) {
  return target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES ||
         target == GL_TEXTURE_CUBE_MAP_ARRAY || target == GL_TEXTURE_1D_ARRAY;
}
bool is_3d(GLenum target) { return target == GL_TEXTURE_3D; }

uint32_t log2_floor(uint32_t v) { return v ? 31u - static_cast<uint32_t>(std::countl_zero(v)) : 0u; }

// `samples`: a multisample texture's count (ES 3.1). `image_storage`: also
// bindable as a storage image (ES 3.1 image units),
// where the device can make the format a storage image along with its
// other uses; without that the texture is made as before and its image
// units read as unbound.
Ref<pipe::Resource> create_resource(Context& ctx, GLenum target, const pixel::InternalFormatInfo& info, uint32_t w,
                                    uint32_t h, uint32_t d, uint32_t levels, uint32_t samples = 1,
                                    bool image_storage = false) {
  pipe::ResourceTemplate t;
  t.target = pipe_target(target);
  t.format = info.storage;
  t.width = w;
  t.height = h;
  if (is_3d(target)) t.depth = d;
  if (is_array(target)) t.array_size = d;
  if (target == GL_TEXTURE_CUBE_MAP) t.array_size = 6;
  t.levels = levels;
  t.samples = samples;
  t.bind = pipe::kBindSamplerView;
  const pixel::FormatFeatures features = texture_format_features(ctx);
  if (!info.is_compressed()) {
    if (info.is_color() && pixel::is_color_renderable(info, features)) t.bind |= pipe::kBindRenderTarget;
    if (!info.is_color()) t.bind |= pipe::kBindDepthStencil;
  }
  if (image_storage) {
    uint32_t usage = pipe::kUsageTransfer | pipe::kUsageSampled | pipe::kUsageStorage;
    if (t.bind & pipe::kBindRenderTarget) usage |= pipe::kUsageColorAttachment;
    if (ctx.screen().is_format_supported(t.format, t.target, 1, usage)) t.bind |= pipe::kBindShaderImage;
  }
  pipe::Status status = pipe::Status::Ok;
  Ref<pipe::Resource> r = ctx.screen().resource_create(t, &status);
  if (!r) ctx.pipe_failed(status == pipe::Status::Ok ? pipe::Status::OutOfMemory : status);
  return r;
}

// Desktop GL binds mutable textures to image units too (GL 4.6 §8.26; ES
// only immutable ones): their storage is made bindable as a storage image
// where the format can be one.
bool mutable_image_storage(const Context& ctx, const pixel::InternalFormatInfo& info) {
  return ctx.desktop() && wants_image_storage(ctx, info.internal_format);
}

// Layers of one image as its resource holds them (array layers; 3D depth is
// the box depth too).
uint32_t image_layers(GLenum target, const TextureImage& img) {
  return (is_array(target) || is_3d(target)) ? static_cast<uint32_t>(img.depth) : 1u;
}

bool main_resource_used_by_others(const Texture& tex, GLint level, unsigned face) {
  for (size_t l = 0; l < tex.images.size(); ++l)
    for (unsigned f = 0; f < 6; ++f) {
      if (static_cast<GLint>(l) == level && f == face) continue;
      if (tex.images[l][f].resource && tex.images[l][f].resource.get() == tex.resource.get()) return true;
    }
  return false;
}

// Whether an image of this format and size at `level` fits the main resource.
bool fits_main(const Texture& tex, GLint level, const pixel::InternalFormatInfo* info, uint32_t w, uint32_t h,
               uint32_t d) {
  if (!tex.resource) return false;
  const pipe::ResourceTemplate& rt = tex.resource->templ();
  if (rt.format != info->storage) return false;
  const GLint rl = level - tex.resource_base;
  if (rl < 0 || static_cast<uint32_t>(rl) >= rt.levels) return false;
  const uint32_t d0 = is_3d(tex.target) ? rt.depth : is_array(tex.target) ? rt.array_size : 1u;
  uint32_t ew, eh, ed;
  minified_size(tex.target, rt.width, rt.height, d0, static_cast<uint32_t>(rl), &ew, &eh, &ed);
  return ew == w && eh == h && ed == d;
}

}  // namespace

pixel::FormatFeatures texture_format_features(const Context& ctx) { return ctx.format_features; }

pipe::Target pipe_target(GLenum target) {
  switch (target) {
    case GL_TEXTURE_3D: return pipe::Target::Texture3D;
    case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES: return pipe::Target::Texture2DArray;
    case GL_TEXTURE_CUBE_MAP: return pipe::Target::TextureCube;
    case GL_TEXTURE_BUFFER: return pipe::Target::Buffer;
    case GL_TEXTURE_CUBE_MAP_ARRAY: return pipe::Target::TextureCubeArray;
    case GL_TEXTURE_1D: return pipe::Target::Texture1D;
    case GL_TEXTURE_1D_ARRAY: return pipe::Target::Texture1DArray;
    default: return pipe::Target::Texture2D;  // TEXTURE_2D, TEXTURE_RECTANGLE, TEXTURE_2D_MULTISAMPLE
  }
}

TextureTargetIndex target_index(GLenum target) {
  switch (target) {
    case GL_TEXTURE_2D: return TextureTargetIndex::Tex2D;
    case GL_TEXTURE_3D: return TextureTargetIndex::Tex3D;
    case GL_TEXTURE_2D_ARRAY: return TextureTargetIndex::Tex2DArray;
    case GL_TEXTURE_CUBE_MAP: return TextureTargetIndex::TexCube;
    case GL_TEXTURE_2D_MULTISAMPLE: return TextureTargetIndex::Tex2DMultisample;
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES: return TextureTargetIndex::Tex2DMultisampleArray;
    case GL_TEXTURE_BUFFER: return TextureTargetIndex::TexBuffer;
    case GL_TEXTURE_CUBE_MAP_ARRAY: return TextureTargetIndex::TexCubeArray;
    case GL_TEXTURE_1D: return TextureTargetIndex::Tex1D;
    case GL_TEXTURE_1D_ARRAY: return TextureTargetIndex::Tex1DArray;
    case GL_TEXTURE_RECTANGLE: return TextureTargetIndex::TexRect;
    case GL_TEXTURE_EXTERNAL_OES: return TextureTargetIndex::TexExternal;
    default: return TextureTargetIndex::Count;
  }
}

bool target_available(const Context& ctx, TextureTargetIndex index) {
  switch (index) {
    case TextureTargetIndex::Tex2DMultisample: return ctx.es31();
    case TextureTargetIndex::Tex2DMultisampleArray: return ctx.multisample_2d_array();
    case TextureTargetIndex::TexBuffer: return ctx.texture_buffers();
    case TextureTargetIndex::TexCubeArray: return ctx.cube_map_arrays();
    case TextureTargetIndex::Tex1D:
    case TextureTargetIndex::Tex1DArray:
    case TextureTargetIndex::TexRect: return ctx.desktop();
    case TextureTargetIndex::TexExternal: return !ctx.desktop();  // OES_EGL_image_external
    case TextureTargetIndex::Count: return false;
    default: return true;
  }
}

uint32_t full_chain_levels(GLenum target, uint32_t w, uint32_t h, uint32_t d) {
  // One level only: a rectangle's (GL 4.6 §8.5), an external texture's
  // (its EGLImage's one image).
  if (target == GL_TEXTURE_RECTANGLE || target == GL_TEXTURE_EXTERNAL_OES) return 1;
  uint32_t m = std::max(w, h);
  if (is_3d(target)) m = std::max(m, d);
  return log2_floor(std::max(m, 1u)) + 1;
}

void minified_size(GLenum target, uint32_t w, uint32_t h, uint32_t d, uint32_t level, uint32_t* ow, uint32_t* oh,
                   uint32_t* od) {
  *ow = std::max(1u, w >> level);
  *oh = std::max(1u, h >> level);
  *od = is_3d(target) ? std::max(1u, d >> level) : d;
}

bool define_image(Context& ctx, Texture& tex, GLint level, unsigned face, GLenum internal_format,
                  const pixel::InternalFormatInfo* info, uint32_t w, uint32_t h, uint32_t d) {
  Ref<pipe::Resource> resource;
  uint32_t rlevel = 0, rlayer = 0;
  // Respecifying an EGLImage sibling orphans it: the shared storage keeps
  // the image's texels and this level gets storage of its own. The main
  // storage of an EGLImage target holds no other level of ours.
  const TextureImage* old = tex.image(level, face);
  const bool shared = tex.main_shared || (old && old->egl_image);
  if (w && h && d) {
    if (!shared && fits_main(tex, level, info, w, h, d)) {
      resource = tex.resource;
      rlevel = static_cast<uint32_t>(level - tex.resource_base);
      rlayer = tex.target == GL_TEXTURE_CUBE_MAP ? face : 0;
    } else if (!tex.resource || !main_resource_used_by_others(tex, level, face)) {
      resource = create_resource(ctx, tex.target, *info, w, h, d, full_chain_levels(tex.target, w, h, d), 1,
                                 mutable_image_storage(ctx, *info));
      if (!resource) return false;
      tex.resource = resource;
      tex.resource_base = level;
      tex.main_shared = false;
      rlayer = tex.target == GL_TEXTURE_CUBE_MAP ? face : 0;
    } else {
      // Inconsistent with the chain so far: its own storage until the
      // texture is used complete (ensure_main_storage).
      const GLenum t = tex.target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_2D : tex.target;
      resource = create_resource(ctx, t, *info, w, h, d, 1, 1, mutable_image_storage(ctx, *info));
      if (!resource) return false;
    }
  }
  if (tex.images.size() <= static_cast<size_t>(level)) tex.images.resize(static_cast<size_t>(level) + 1);
  TextureImage& img = tex.images[static_cast<size_t>(level)][face];
  img.internal_format = internal_format;
  img.info = info;
  img.width = static_cast<GLsizei>(w);
  img.height = static_cast<GLsizei>(h);
  img.depth = static_cast<GLsizei>(d);
  img.resource = std::move(resource);
  img.resource_level = rlevel;
  img.resource_layer = rlayer;
  img.egl_image.reset();
  tex.changed();
  return true;
}

bool allocate_immutable(Context& ctx, Texture& tex, GLsizei levels, const pixel::InternalFormatInfo* info,
                        uint32_t w, uint32_t h, uint32_t d) {
  // Only immutable textures can be bound to image units (ES 3.1 §8.23), so
  // only they (of a format an image unit can view) pay for storage usage.
  Ref<pipe::Resource> r = create_resource(ctx, tex.target, *info, w, h, d, static_cast<uint32_t>(levels), 1,
                                          wants_image_storage(ctx, info->internal_format));
  if (!r) return false;
  tex.images.assign(static_cast<size_t>(levels), {});
  for (GLsizei l = 0; l < levels; ++l) {
    uint32_t lw, lh, ld;
    minified_size(tex.target, w, h, d, static_cast<uint32_t>(l), &lw, &lh, &ld);
    for (unsigned f = 0; f < tex.faces(); ++f) {
      TextureImage& img = tex.images[static_cast<size_t>(l)][f];
      img.internal_format = info->internal_format;
      img.info = info;
      img.width = static_cast<GLsizei>(lw);
      img.height = static_cast<GLsizei>(lh);
      img.depth = static_cast<GLsizei>(ld);
      img.resource = r;
      img.resource_level = static_cast<uint32_t>(l);
      img.resource_layer = tex.target == GL_TEXTURE_CUBE_MAP ? f : 0;
    }
  }
  tex.resource = std::move(r);
  tex.resource_base = 0;
  tex.main_shared = false;
  tex.immutable = true;
  tex.immutable_levels = levels;
  tex.view_num_levels = static_cast<GLuint>(levels);
  tex.view_num_layers = tex.target == GL_TEXTURE_CUBE_MAP                                     ? 6u
                        : is_array(tex.target) ? d
                                                                                              : 1u;
  tex.changed();
  return true;
}

SampleCounts multisample_texture_counts(Context& ctx, const pixel::InternalFormatInfo& info) {
  // Per format, as ES 3.1 §8.8 and §20.3 define the limit of each:
  // MAX_*_TEXTURE_SAMPLES only promise every format of a kind that many
  // (when no more than MAX_SAMPLES), and a format may offer more.
  const GLint limit = ctx.limits.max_samples;
  const uint32_t usage = pipe::kUsageSampled | (info.is_color() ? pipe::kUsageColorAttachment : pipe::kUsageDepthStencil);
  SampleCounts counts;
  for (GLint n = 16; n >= 2; n /= 2)
    if (n <= limit && ctx.screen().is_format_supported(info.storage, pipe::Target::Texture2D, static_cast<uint32_t>(n), usage))
      counts.values[counts.count++] = n;
  return counts;
}

bool allocate_multisample(Context& ctx, Texture& tex, GLsizei samples, const pixel::InternalFormatInfo* info,
                          uint32_t w, uint32_t h, uint32_t layers, bool fixed_sample_locations, bool immutable) {
  Ref<pipe::Resource> r = create_resource(ctx, tex.target, *info, w, h, layers, 1, static_cast<uint32_t>(samples));
  if (!r) return false;
  tex.images.assign(1, {});
  TextureImage& img = tex.images[0][0];
  img.internal_format = info->internal_format;
  img.info = info;
  img.width = static_cast<GLsizei>(w);
  img.height = static_cast<GLsizei>(h);
  img.depth = static_cast<GLsizei>(layers);
  img.resource = r;
  tex.resource = std::move(r);
  tex.resource_base = 0;
  tex.main_shared = false;
  tex.immutable = immutable;
  tex.immutable_levels = immutable ? 1 : 0;
  tex.view_num_levels = immutable ? 1u : 0u;
  tex.view_num_layers = immutable ? layers : 0u;
  tex.samples = samples;
  tex.fixed_sample_locations = fixed_sample_locations;
  tex.changed();
  return true;
}

bool base_level_consistent(const Texture& tex, GLint base) {
  const TextureImage* b = tex.image(base, 0);
  if (!b || b->width <= 0 || b->height <= 0 || b->depth <= 0) return false;
  if (tex.target != GL_TEXTURE_CUBE_MAP) return true;
  for (unsigned f = 0; f < 6; ++f) {
    const TextureImage* i = tex.image(base, f);
    if (!i || i->info != b->info || i->width != b->width || i->height != b->height || i->width != i->height)
      return false;
  }
  return true;
}

Completeness check_completeness(const Context& ctx, const Texture& tex, const SamplerParams& params) {
  Completeness c;
  if (tex.target == GL_TEXTURE_2D_MULTISAMPLE || tex.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES) {
    // One immutable level, fetched by texelFetch without filtering: sampler
    // state has no say (ES 3.1 §8.17), only whether storage exists.
    if (!tex.image(0, 0)) return c;
    c.complete = true;
    return c;
  }
  // An external texture takes only NEAREST or LINEAR minification and
  // CLAMP_TO_EDGE wrapping in s and t; a sampler object's other values make
  // it incomplete (OES_EGL_image_external_essl3, BindSampler).
  if (tex.target == GL_TEXTURE_EXTERNAL_OES &&
      ((params.min_filter != GL_NEAREST && params.min_filter != GL_LINEAR) || params.wrap_s != GL_CLAMP_TO_EDGE ||
       params.wrap_t != GL_CLAMP_TO_EDGE))
    return c;
  GLint base = tex.base_level, max_level = tex.max_level;
  if (tex.immutable) {
    base = std::clamp(base, 0, tex.immutable_level_count() - 1);
    max_level = std::clamp(max_level, base, tex.immutable_level_count() - 1);
  } else if (base > max_level) {
    return c;
  }
  if (!base_level_consistent(tex, base)) return c;
  const TextureImage& b = *tex.image(base, 0);
  const bool needs_mip = params.min_filter != GL_NEAREST && params.min_filter != GL_LINEAR;
  const GLint p =
      base + static_cast<GLint>(full_chain_levels(tex.target, uint32_t(b.width), uint32_t(b.height), uint32_t(b.depth))) - 1;
  const GLint q = std::min(p, max_level);
  // Level l exists in every face with the size and format of the chain.
  auto level_consistent = [&](GLint l) {
    uint32_t ew, eh, ed;
    minified_size(tex.target, uint32_t(b.width), uint32_t(b.height), uint32_t(b.depth), uint32_t(l - base), &ew,
                  &eh, &ed);
    for (unsigned f = 0; f < tex.faces(); ++f) {
      const TextureImage* i = tex.image(l, f);
      if (!i || i->info != b.info || uint32_t(i->width) != ew || uint32_t(i->height) != eh || uint32_t(i->depth) != ed)
        return false;
    }
    return true;
  };
  if (needs_mip) {
    for (GLint l = base + 1; l <= q; ++l)
      if (!level_consistent(l)) return c;
  }
  // Without mipmapping only the base level is filtered (the sampler clamps
  // the LOD to it), but textureSize(s, lod) and texelFetch(s, p, lod) still
  // address the levels after it: the view covers those that form a chain.
  GLint last = base;
  if (!needs_mip)
    while (last < q && level_consistent(last + 1)) ++last;
  // Stencil indices are never filtered and never compared (ES 3.1 §8.17):
  // a depth/stencil texture in STENCIL_INDEX mode needs NEAREST filters.
  const bool stencil = samples_stencil(tex, *b.info);
  bool filterable = !stencil && pixel::is_texture_filterable(*b.info, texture_format_features(ctx));
  if (!stencil && b.info->has_depth() && params.compare_mode != GL_NONE) filterable = true;
  if (!filterable && (params.mag_filter != GL_NEAREST ||
                      (params.min_filter != GL_NEAREST && params.min_filter != GL_NEAREST_MIPMAP_NEAREST)))
    return c;
  c.complete = true;
  c.base = base;
  c.last = needs_mip ? q : last;
  return c;
}

bool ensure_main_storage(Context& ctx, Texture& tex, GLint base, GLint last) {
  if (tex.immutable) return true;
  bool in_place = tex.resource != nullptr;
  for (GLint l = base; in_place && l <= last; ++l)
    for (unsigned f = 0; f < tex.faces(); ++f) {
      const TextureImage* i = tex.image(l, f);
      if (!i || i->resource.get() != tex.resource.get() ||
          static_cast<GLint>(i->resource_level) != l - tex.resource_base) {
        in_place = false;
        break;
      }
    }
  if (in_place) return true;

  const TextureImage* b = tex.image(base, 0);
  if (!b || !b->resource) return false;
  const pixel::InternalFormatInfo* info = b->info;
  const uint32_t w = uint32_t(b->width), h = uint32_t(b->height), d = uint32_t(b->depth);
  const uint32_t levels = full_chain_levels(tex.target, w, h, d);
  Ref<pipe::Resource> r = create_resource(ctx, tex.target, *info, w, h, d, levels, 1, mutable_image_storage(ctx, *info));
  if (!r) return false;
  for (uint32_t l = 0; l < levels; ++l) {
    const GLint gl_level = base + static_cast<GLint>(l);
    if (static_cast<size_t>(gl_level) >= tex.images.size()) break;
    uint32_t ew, eh, ed;
    minified_size(tex.target, w, h, d, l, &ew, &eh, &ed);
    for (unsigned f = 0; f < tex.faces(); ++f) {
      TextureImage& img = tex.images[static_cast<size_t>(gl_level)][f];
      if (!img.defined() || !img.resource || img.info != info || uint32_t(img.width) != ew ||
          uint32_t(img.height) != eh || uint32_t(img.depth) != ed)
        continue;
      pipe::Box box;
      box.x = box.y = 0;
      box.z = static_cast<int32_t>(img.resource_layer);
      box.width = static_cast<int32_t>(ew);
      box.height = static_cast<int32_t>(eh);
      box.depth = static_cast<int32_t>(image_layers(tex.target, img));
      const uint32_t dst_layer = tex.target == GL_TEXTURE_CUBE_MAP ? f : 0;
      ctx.pipe().resource_copy_region(r.get(), l, 0, 0, dst_layer, img.resource.get(), img.resource_level, box);
      img.resource = r;
      img.resource_level = l;
      img.resource_layer = dst_layer;
      // A copy no longer shares texels with an EGLImage it came from.
      img.egl_image.reset();
    }
  }
  tex.resource = std::move(r);
  tex.resource_base = base;
  tex.main_shared = false;
  tex.changed();
  return true;
}

bool unshare_levels(Context& ctx, Texture& tex, GLint base, GLint last) {
  if (tex.immutable) return true;
  bool shared = tex.main_shared;
  for (GLint l = base + 1; !shared && l <= last; ++l)
    for (unsigned f = 0; f < tex.faces(); ++f)
      if (const TextureImage* i = tex.image(l, f); i && i->egl_image) shared = true;
  if (!shared) return true;
  // Without a main resource, ensure_main_storage copies the chain into
  // fresh storage (and the copies stop being siblings).
  tex.resource.reset();
  tex.main_shared = false;
  return ensure_main_storage(ctx, tex, base, base);
}

namespace {

// A mapped pixel unpack buffer, unmapped when done.
struct PboMapping {
  Context* ctx = nullptr;
  pipe::Transfer* transfer = nullptr;
  ~PboMapping() {
    if (transfer) ctx->pipe().transfer_unmap(transfer);
  }
};

// The client data of an upload: the pointer itself or a PBO's mapping at
// that offset. Null with *ok false on a failure (error recorded).
const void* map_source(Context& ctx, const void* pixels, PboMapping* mapping, bool* ok) {
  *ok = true;
  Buffer* pbo = ctx.buffers.pixel_unpack.get();
  if (!pbo) return pixels;
  if (!pbo->resource) return nullptr;
  pipe::Box box;
  box.x = 0;
  box.width = static_cast<int32_t>(pbo->size);
  mapping->ctx = &ctx;
  void* map = ctx.pipe().transfer_map(pbo->resource.get(), 0, pipe::kMapRead, box, &mapping->transfer);
  if (!map) {
    *ok = false;
    ctx.pipe_failed(ctx.pipe().status() == pipe::Status::Ok ? pipe::Status::OutOfMemory : ctx.pipe().status());
    return nullptr;
  }
  return static_cast<const char*>(map) + reinterpret_cast<uintptr_t>(pixels);
}

}  // namespace

bool upload_encoded(Context& ctx, const TextureImage& img, int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h,
                    uint32_t d, pixel::BlockCodec codec, const std::vector<uint8_t>& texels, uint64_t row) {
  const uint64_t block_row = uint64_t{(w + 3) / 4} * pixel::block_codec_block_bytes(codec);
  const uint64_t block_slice = block_row * ((h + 3) / 4);
  std::vector<uint8_t> blocks;
  try {
    blocks.resize(block_slice * d);
  } catch (const std::bad_alloc&) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  for (uint32_t slice = 0; slice < d; ++slice)
    pixel::encode_image(codec, texels.data() + row * h * slice, row, w, h, blocks.data() + block_slice * slice,
                        block_row);
  pipe::Box box;
  box.x = x;
  box.y = y;
  box.z = z + static_cast<int32_t>(img.resource_layer);
  box.width = static_cast<int32_t>(w);
  box.height = static_cast<int32_t>(h);
  box.depth = static_cast<int32_t>(d);
  ctx.pipe().texture_subdata(img.resource.get(), img.resource_level, pipe::kMapWrite, box, blocks.data(),
                             static_cast<uint32_t>(block_row), static_cast<uint32_t>(block_slice));
  return true;
}

bool upload_pixels(Context& ctx, const TextureImage& img, int32_t x, int32_t y, int32_t z, uint32_t w, uint32_t h,
                   uint32_t d, GLenum format, GLenum type, const void* pixels, bool three_d, bool rows_are_layers) {
  if (!w || !h || !d || !img.resource) return true;
  PboMapping mapping;
  bool ok = true;
  const void* src = map_source(ctx, pixels, &mapping, &ok);
  if (!src) return ok;
  const State& s = ctx.state;
  pixel::PixelStoreParams unpack;
  unpack.alignment = s.unpack_alignment;
  unpack.row_length = s.unpack_row_length;
  unpack.image_height = s.unpack_image_height;
  unpack.skip_pixels = s.unpack_skip_pixels;
  unpack.skip_rows = s.unpack_skip_rows;
  unpack.skip_images = s.unpack_skip_images;
  if (rows_are_layers) {
    // A 1D array's client rows are its layers (2D unpack rules: SKIP_ROWS
    // skips layers, IMAGE_HEIGHT and SKIP_IMAGES do not apply): read as
    // images one row high.
    unpack.image_height = 1;
    unpack.skip_images = unpack.skip_rows;
    unpack.skip_rows = 0;
    three_d = true;
  }
  // A compressed image (S3TC/RGTC, the only ones TexImage takes data for)
  // is unpacked into the layout its encoder reads, then compressed.
  pixel::BlockCodec codec{};
  const bool compress = img.info->is_compressed() && pixel::online_block_codec(img.info->internal_format, &codec);
  const pixel::InternalFormatInfo& unpacked =
      compress ? *pixel::find_internal_format(pixel::block_codec_source_format(codec)) : *img.info;
  const uint64_t row = pixel::storage_row_bytes(unpacked.storage, w);
  std::vector<uint8_t> staging;
  try {
    staging.resize(row * h * d);
  } catch (const std::bad_alloc&) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  // Compatibility profile: the pixel transfer operations
  // (compat/pixel_transfer_paths.h); the identity elsewhere.
  compat::UploadSource source{format, type, src, unpack, three_d};
  std::vector<GLfloat> transferred;
  if (!compat::transfer_upload(ctx, unpacked, &source, pixel::PixelExtent{w, h, d}, &transferred)) return false;
  const GLenum err = pixel::unpack_pixels(source.unpack, source.format, source.type, source.data, source.three_d,
                                          unpacked, staging.data(), row, row * h, pixel::PixelExtent{w, h, d});
  if (err != GL_NO_ERROR) {
    ctx.set_error(err);
    return false;
  }
  if (compress) return upload_encoded(ctx, img, x, y, z, w, h, d, codec, staging, row);
  pipe::Box box;
  box.x = x;
  box.y = y;
  box.z = z + static_cast<int32_t>(img.resource_layer);
  box.width = static_cast<int32_t>(w);
  box.height = static_cast<int32_t>(h);
  box.depth = static_cast<int32_t>(d);
  ctx.pipe().texture_subdata(img.resource.get(), img.resource_level, pipe::kMapWrite, box, staging.data(),
                             static_cast<uint32_t>(row), static_cast<uint32_t>(row * h));
  return true;
}

bool upload_compressed(Context& ctx, const TextureImage& img, int32_t x, int32_t y, int32_t z, uint32_t w,
                       uint32_t h, uint32_t d, const CompressedClientLayout& layout, const void* data) {
  if (!w || !h || !d || !img.resource) return true;
  // The pipe takes 32-bit strides; larger ones span more memory than any
  // upload reads from (the caller's layout check bounds them for PBOs).
  if (layout.row_stride > UINT32_MAX || layout.image_stride > UINT32_MAX) {
    ctx.set_error(GL_INVALID_VALUE);
    return false;
  }
  PboMapping mapping;
  bool ok = true;
  const void* mapped = map_source(ctx, data, &mapping, &ok);
  if (!mapped) return ok;
  const void* src = static_cast<const uint8_t*>(mapped) + layout.offset;
  const uint32_t row = static_cast<uint32_t>(layout.row_stride);
  const uint32_t layer = static_cast<uint32_t>(layout.image_stride);
  pipe::Box box;
  box.x = x;
  box.y = y;
  box.z = z + static_cast<int32_t>(img.resource_layer);
  box.width = static_cast<int32_t>(w);
  box.height = static_cast<int32_t>(h);
  box.depth = static_cast<int32_t>(d);
  ctx.pipe().texture_subdata(img.resource.get(), img.resource_level, pipe::kMapWrite, box, src, row, layer);
  return true;
}

pixel::PixelStoreParams unpack_params(const Context& ctx) {
  const State& s = ctx.state;
  pixel::PixelStoreParams unpack;
  unpack.alignment = s.unpack_alignment;
  unpack.row_length = s.unpack_row_length;
  unpack.image_height = s.unpack_image_height;
  unpack.skip_pixels = s.unpack_skip_pixels;
  unpack.skip_rows = s.unpack_skip_rows;
  unpack.skip_images = s.unpack_skip_images;
  return unpack;
}

bool check_unpack_buffer(Context& ctx, GLenum format, GLenum type, uint32_t w, uint32_t h, uint32_t d,
                         bool three_d, const void* pixels) {
  Buffer* pbo = ctx.buffers.pixel_unpack.get();
  if (!pbo) return true;
  if (pbo->mapped_exclusively()) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  pixel::ClientImageLayout layout;
  GLenum err = pixel::compute_client_image_layout(unpack_params(ctx), format, type, w, h, d, three_d, &layout);
  if (err == GL_NO_ERROR)
    err = pixel::check_pixel_buffer_access(layout, type, reinterpret_cast<uintptr_t>(pixels),
                                           static_cast<uint64_t>(pbo->size));
  if (err != GL_NO_ERROR) {
    ctx.set_error(err);
    return false;
  }
  return true;
}

CompressedPixelStore compressed_unpack_store(const Context& ctx) {
  const State& s = ctx.state;
  CompressedPixelStore c;
  c.row_length = s.unpack_row_length;
  c.image_height = s.unpack_image_height;
  c.skip_pixels = s.unpack_skip_pixels;
  c.skip_rows = s.unpack_skip_rows;
  c.skip_images = s.unpack_skip_images;
  c.block_width = s.unpack_compressed_block[0];
  c.block_height = s.unpack_compressed_block[1];
  c.block_depth = s.unpack_compressed_block[2];
  c.block_size = s.unpack_compressed_block[3];
  return c;
}

CompressedPixelStore compressed_pack_store(const Context& ctx) {
  const State& s = ctx.state;
  CompressedPixelStore c;
  c.row_length = s.pack_row_length;
  c.image_height = s.pack_image_height;
  c.skip_pixels = s.pack_skip_pixels;
  c.skip_rows = s.pack_skip_rows;
  c.skip_images = s.pack_skip_images;
  c.block_width = s.pack_compressed_block[0];
  c.block_height = s.pack_compressed_block[1];
  c.block_depth = s.pack_compressed_block[2];
  c.block_size = s.pack_compressed_block[3];
  return c;
}

bool check_compressed_unpack_buffer(Context& ctx, uint64_t bytes, const void* data) {
  Buffer* pbo = ctx.buffers.pixel_unpack.get();
  if (!pbo) return true;
  const uint64_t offset = reinterpret_cast<uintptr_t>(data);
  const uint64_t size = static_cast<uint64_t>(pbo->size);
  if (pbo->mapped_exclusively() || offset > size || bytes > size - offset) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  return true;
}

}  // namespace brass::gl
