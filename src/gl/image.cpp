// Image units at draw and dispatch time (ES 3.1 §8.23), their queries, and
// the formats of table 8.27.
#include "gl/image.h"

#include <algorithm>
#include <array>
#include <bit>

#include "gl/context.h"
#include "gl/program_validation.h"
#include "gl/texture_buffer.h"
#include "gl/texture_storage.h"

namespace brass::gl {

namespace {

using K = ImageKind;
constexpr ImageFormatInfo kImageFormats[] = {
    {GL_RGBA32F, pipe::Format::RGBA32_FLOAT, 16, K::Float},
    {GL_RGBA16F, pipe::Format::RGBA16_FLOAT, 8, K::Float},
    {GL_R32F, pipe::Format::R32_FLOAT, 4, K::Float},
    {GL_RGBA32UI, pipe::Format::RGBA32_UINT, 16, K::Uint},
    {GL_RGBA16UI, pipe::Format::RGBA16_UINT, 8, K::Uint},
    {GL_RGBA8UI, pipe::Format::RGBA8_UINT, 4, K::Uint},
    {GL_R32UI, pipe::Format::R32_UINT, 4, K::Uint},
    {GL_RGBA32I, pipe::Format::RGBA32_SINT, 16, K::Int},
    {GL_RGBA16I, pipe::Format::RGBA16_SINT, 8, K::Int},
    {GL_RGBA8I, pipe::Format::RGBA8_SINT, 4, K::Int},
    {GL_R32I, pipe::Format::R32_SINT, 4, K::Int},
    {GL_RGBA8, pipe::Format::RGBA8_UNORM, 4, K::Float},
    {GL_RGBA8_SNORM, pipe::Format::RGBA8_SNORM, 4, K::Float},
    // NV_image_formats (desktop GL 4.2's table 8.26 beyond ES 3.1's).
    {GL_RG32F, pipe::Format::RG32_FLOAT, 8, K::Float, true},
    {GL_RG16F, pipe::Format::RG16_FLOAT, 4, K::Float, true},
    {GL_R11F_G11F_B10F, pipe::Format::R11G11B10_FLOAT, 4, K::Float, true},
    {GL_R16F, pipe::Format::R16_FLOAT, 2, K::Float, true},
    {GL_RGB10_A2, pipe::Format::RGB10A2_UNORM, 4, K::Float, true},
    {GL_RG8, pipe::Format::RG8_UNORM, 2, K::Float, true},
    {GL_R8, pipe::Format::R8_UNORM, 1, K::Float, true},
    {GL_RG8_SNORM, pipe::Format::RG8_SNORM, 2, K::Float, true},
    {GL_R8_SNORM, pipe::Format::R8_SNORM, 1, K::Float, true},
    {GL_RGBA16, pipe::Format::RGBA16_UNORM, 8, K::Float, true, true},
    {GL_RG16, pipe::Format::RG16_UNORM, 4, K::Float, true, true},
    {GL_R16, pipe::Format::R16_UNORM, 2, K::Float, true, true},
    {GL_RGBA16_SNORM, pipe::Format::RGBA16_SNORM, 8, K::Float, true, true},
    {GL_RG16_SNORM, pipe::Format::RG16_SNORM, 4, K::Float, true, true},
    {GL_R16_SNORM, pipe::Format::R16_SNORM, 2, K::Float, true, true},
    {GL_RG32I, pipe::Format::RG32_SINT, 8, K::Int, true},
    {GL_RG16I, pipe::Format::RG16_SINT, 4, K::Int, true},
    {GL_RG8I, pipe::Format::RG8_SINT, 2, K::Int, true},
    {GL_R16I, pipe::Format::R16_SINT, 2, K::Int, true},
    {GL_R8I, pipe::Format::R8_SINT, 1, K::Int, true},
    {GL_RGB10_A2UI, pipe::Format::RGB10A2_UINT, 4, K::Uint, true},
    {GL_RG32UI, pipe::Format::RG32_UINT, 8, K::Uint, true},
    {GL_RG16UI, pipe::Format::RG16_UINT, 4, K::Uint, true},
    {GL_RG8UI, pipe::Format::RG8_UINT, 2, K::Uint, true},
    {GL_R16UI, pipe::Format::R16_UINT, 2, K::Uint, true},
    {GL_R8UI, pipe::Format::R8_UINT, 1, K::Uint, true},
};

// The scratch image a unit that reads as unbound gives a shader of this
// image type: one zeroed texel (a cube: one per face). Single-channel 32-bit
// formats, because those are the ones every device can do atomics on, and
// any texel a shader stores has at least as many components.
Ref<pipe::Resource> dummy_image(Context& ctx, ImageDim dim, ImageKind kind) {
  Ref<pipe::Resource>& slot = ctx.image_state.dummies[static_cast<size_t>(dim)][static_cast<size_t>(kind)];
  if (slot) return slot;
  pipe::ResourceTemplate t;
  switch (dim) {
    case ImageDim::Tex2D: t.target = pipe::Target::Texture2D; break;
    case ImageDim::Tex3D: t.target = pipe::Target::Texture3D; break;
    case ImageDim::Cube:
      t.target = pipe::Target::TextureCube;
      t.array_size = 6;
      break;
    case ImageDim::Tex2DArray: t.target = pipe::Target::Texture2DArray; break;
    case ImageDim::Buffer:
      t.target = pipe::Target::Buffer;
      t.width = 4;
      break;
    case ImageDim::CubeArray:
      t.target = pipe::Target::TextureCubeArray;
      t.array_size = 6;
      break;
    case ImageDim::Tex1D: t.target = pipe::Target::Texture1D; break;
    case ImageDim::Tex1DArray: t.target = pipe::Target::Texture1DArray; break;
    case ImageDim::Rect: t.target = pipe::Target::Texture2D; break;
    // Multisample storage images need a device feature Brass does not
    // enable (MAX_IMAGE_SAMPLES is 0): no scratch image either.
    case ImageDim::Tex2DMS:
    case ImageDim::Tex2DMSArray: return nullptr;
  }
  t.format = kind == ImageKind::Int    ? pipe::Format::R32_SINT
             : kind == ImageKind::Uint ? pipe::Format::R32_UINT
                                       : pipe::Format::R32_FLOAT;
  t.bind = pipe::kBindShaderImage;
  if (!ctx.screen().is_format_supported(t.format, t.target, 1, pipe::kUsageStorage)) return nullptr;
  pipe::Status status = pipe::Status::Ok;
  slot = ctx.screen().resource_create(t, &status);
  return slot;
}

pipe::ImageView dummy_view(Context& ctx, ImageDim dim, ImageKind kind) {
  pipe::ImageView v;
  Ref<pipe::Resource> r = dummy_image(ctx, dim, kind);
  if (!r) return v;
  // Zeroed again each time it is bound: what a shader stored through an
  // invalid unit must not be what a later load through one returns.
  const uint32_t zero[6] = {};
  if (dim == ImageDim::Buffer) {
    ctx.pipe().buffer_subdata(r.get(), pipe::kMapDiscardWholeResource, 0, 4, zero);
    v.buffer_size = 4;
  } else {
    pipe::Box box;
    box.width = box.height = 1;
    box.depth = static_cast<int32_t>(r->templ().array_size);
    ctx.pipe().texture_subdata(r.get(), 0, pipe::kMapWrite, box, zero, 4, 4);
  }
  ctx.image_state.dummies_bound = true;
  v.resource = r.get();  // kept alive by image_state
  v.format = r->templ().format;
  v.last_layer = dim == ImageDim::Cube || dim == ImageDim::CubeArray ? 5 : 0;
  v.layered = dim != ImageDim::Tex2D && dim != ImageDim::Buffer && dim != ImageDim::Tex1D && dim != ImageDim::Rect;
  v.writable = true;
  return v;
}

// A unit with a buffer texture: its buffer's texels in the unit's format
// (of the texture's texel size, table 8.27), for imageBuffer uniforms.
pipe::ImageView buffer_unit_view(Context& ctx, const ImageUnit& u, Texture& tex, ImageDim dim, ImageKind kind) {
  pipe::ImageView none;
  if (dim != ImageDim::Buffer || !tex.buffer_info) return none;
  const ImageFormatInfo* unit_format = find_image_format(u.format);
  const ImageFormatInfo* tex_format = find_image_format(tex.buffer_info->internal_format);
  if (!unit_format || !tex_format || unit_format->texel_bytes != tex_format->texel_bytes) return none;
  if (unit_format->kind != kind) return none;
  const uint64_t bytes = texture_buffer_bytes(ctx, tex);
  if (bytes == 0 ||
      !ctx.screen().is_format_supported(unit_format->pipe_format, pipe::Target::Buffer, 1, pipe::kUsageStorage))
    return none;
  pipe::ImageView v;
  v.resource = tex.buffer->resource.get();
  v.format = unit_format->pipe_format;
  v.buffer_offset = static_cast<uint64_t>(tex.buffer_offset);
  v.buffer_size = bytes;
  v.writable = u.access != GL_READ_ONLY;
  return v;
}

// What unit `u` gives an image uniform of type (dim, kind): the view of the
// bound level and layers, or a view with no resource when the unit reads as
// unbound for it.
pipe::ImageView unit_view(Context& ctx, const ImageUnit& u, ImageDim dim, ImageKind kind) {
  pipe::ImageView none;
  Texture* tex = u.texture.get();
  if (tex && tex->target == GL_TEXTURE_BUFFER) return buffer_unit_view(ctx, u, *tex, dim, kind);
  if (dim == ImageDim::Buffer) return none;
  if (!tex) return none;
  if (tex->immutable) {
    if (tex->immutable_level_count() < 1 || !tex->resource) return none;
    // The level must be one the texture's base and max levels select
    // (§8.23, for an immutable texture clamped to its levels).
    const GLint base = std::clamp(tex->base_level, 0, tex->immutable_level_count() - 1);
    const GLint max_level = std::clamp(tex->max_level, base, tex->immutable_level_count() - 1);
    if (u.level < base || u.level > max_level) return none;
  } else {
    // A mutable texture (desktop GL, or an ES external texture): a level
    // from base to max that was specified (its storage must have been made
    // bindable, below).
    if ((!ctx.desktop() && tex->target != GL_TEXTURE_EXTERNAL_OES) || u.level < tex->base_level ||
        u.level > tex->max_level)
      return none;
  }
  const TextureImage* img = tex->image(u.level, 0);
  if (!img || !img->resource) return none;
  // Texture and unit formats of table 8.27 with texels of one size.
  const ImageFormatInfo* unit_format = find_image_format(u.format);
  const ImageFormatInfo* tex_format = find_image_format(img->info->internal_format);
  if (!unit_format || !tex_format || unit_format->texel_bytes != tex_format->texel_bytes) return none;
  // Vulkan needs the view's numeric type to be the shader's.
  if (unit_format->kind != kind) return none;
  pipe::Resource* r = img->resource.get();
  if (!(r->templ().bind & pipe::kBindShaderImage) ||
      !ctx.screen().is_format_supported(unit_format->pipe_format, r->templ().target, 1, pipe::kUsageStorage))
    return none;

  pipe::ImageView v;
  v.resource = r;
  v.format = unit_format->pipe_format;
  v.level = img->resource_level;
  v.writable = u.access != GL_READ_ONLY;
  // The layers the unit selects, and the image type that sees them.
  ImageDim sees = ImageDim::Tex2D;
  switch (tex->target) {
    case GL_TEXTURE_1D:
      sees = ImageDim::Tex1D;
      v.first_layer = v.last_layer = img->resource_layer;
      break;
    case GL_TEXTURE_1D_ARRAY: {
      // A 1D array's layers (its images' GL heights, kept as depths:
      // texture.h); one of them alone is a 1D image.
      const auto layers = static_cast<uint32_t>(img->depth);
      if (u.layered) {
        sees = ImageDim::Tex1DArray;
        v.last_layer = layers - 1;
      } else {
        if (static_cast<uint32_t>(u.layer) >= layers) return none;
        sees = ImageDim::Tex1D;
        v.first_layer = v.last_layer = static_cast<uint32_t>(u.layer);
      }
      break;
    }
    case GL_TEXTURE_RECTANGLE:
      // Its one level, which image2DRect uniforms address in texels as
      // 2D images do (the compiler makes them 2D images).
      sees = ImageDim::Rect;
      v.first_layer = v.last_layer = img->resource_layer;
      break;
    case GL_TEXTURE_2D:
    case GL_TEXTURE_EXTERNAL_OES:  // an image2D (OES_EGL_image_external_essl3)
      // An EGLImage target's one layer may be a cube face of its source.
      // A slice of a 3D image is not viewable as a 2D storage image here
      // (the driver views 3D storage as 3D): it reads as unbound.
      if (r->templ().target == pipe::Target::Texture3D) return none;
      v.first_layer = v.last_layer = img->resource_layer;
      break;
    case GL_TEXTURE_2D_ARRAY: {
      const auto layers = static_cast<uint32_t>(img->depth);
      if (u.layered) {
        sees = ImageDim::Tex2DArray;
        v.last_layer = layers - 1;
      } else {
        if (static_cast<uint32_t>(u.layer) >= layers) return none;
        v.first_layer = v.last_layer = static_cast<uint32_t>(u.layer);
      }
      break;
    }
    case GL_TEXTURE_CUBE_MAP:
      // Faces are layers 0-5 (+X, -X, +Y, -Y, +Z, -Z) of the cube resource.
      if (u.layered) {
        sees = ImageDim::Cube;
        v.last_layer = 5;
      } else {
        if (u.layer >= 6) return none;
        v.first_layer = v.last_layer = static_cast<uint32_t>(u.layer);
      }
      break;
    case GL_TEXTURE_CUBE_MAP_ARRAY: {
      // Layer-faces 6 * cube + face; one of them alone is a 2D image.
      const auto layers = static_cast<uint32_t>(img->depth);
      if (u.layered) {
        sees = ImageDim::CubeArray;
        v.last_layer = layers - 1;
      } else {
        if (static_cast<uint32_t>(u.layer) >= layers) return none;
        v.first_layer = v.last_layer = static_cast<uint32_t>(u.layer);
      }
      break;
    }
    case GL_TEXTURE_3D:
      if (u.layered) {
        sees = ImageDim::Tex3D;
        break;
      }
      // One slice of the level as a 2D image: a 2D view of the 3D image,
      // which descriptors take only with VK_EXT_image_2d_view_of_3d (the
      // device cap that also lets such views be sampled); without it the
      // unit reads as unbound.
      if (!ctx.screen().get_cap(pipe::Cap::Sampled2DViewOf3D) || u.layer >= img->depth) return none;
      v.first_layer = v.last_layer = static_cast<uint32_t>(u.layer);
      break;
    default: return none;
  }
  if (sees != dim) return none;
  // A texture view's layers start at its first layer of the storage (a 2D
  // view's one layer is its image's resource_layer, above).
  if (tex->is_view && tex->target != GL_TEXTURE_2D && tex->target != GL_TEXTURE_3D && tex->target != GL_TEXTURE_1D &&
      tex->target != GL_TEXTURE_RECTANGLE) {
    v.first_layer += tex->view_resource_layer;
    v.last_layer += tex->view_resource_layer;
  }
  v.layered = sees != ImageDim::Tex2D && sees != ImageDim::Tex1D && sees != ImageDim::Rect;
  return v;
}

}  // namespace

const ImageFormatInfo* find_image_format(GLenum format) {
  for (const ImageFormatInfo& f : kImageFormats)
    if (f.format == format) return &f;
  return nullptr;
}

const ImageFormatInfo* find_image_format(const Context& ctx, GLenum format) {
  const ImageFormatInfo* f = find_image_format(format);
  if (!f || !f->extended || ctx.desktop()) return f;
  if (!ctx.has_extension("GL_NV_image_formats")) return nullptr;
  if (f->norm16 && !ctx.has_extension("GL_EXT_texture_norm16")) return nullptr;
  return f;
}

bool extended_image_formats_supported(const pipe::Screen& screen, bool norm16) {
  for (const ImageFormatInfo& f : kImageFormats) {
    if (!f.extended || (f.norm16 && !norm16)) continue;
    for (pipe::Target t : {pipe::Target::Texture2D, pipe::Target::Texture3D})
      if (!screen.is_format_supported(f.pipe_format, t, 1, pipe::kUsageStorage | pipe::kUsageSampled)) return false;
  }
  return true;
}

bool classify_image_type(GLenum type, ImageDim* dim, ImageKind* kind) {
  switch (type) {
    case GL_IMAGE_2D: *dim = ImageDim::Tex2D, *kind = ImageKind::Float; return true;
    case GL_IMAGE_3D: *dim = ImageDim::Tex3D, *kind = ImageKind::Float; return true;
    case GL_IMAGE_CUBE: *dim = ImageDim::Cube, *kind = ImageKind::Float; return true;
    case GL_IMAGE_2D_ARRAY: *dim = ImageDim::Tex2DArray, *kind = ImageKind::Float; return true;
    case GL_INT_IMAGE_2D: *dim = ImageDim::Tex2D, *kind = ImageKind::Int; return true;
    case GL_INT_IMAGE_3D: *dim = ImageDim::Tex3D, *kind = ImageKind::Int; return true;
    case GL_INT_IMAGE_CUBE: *dim = ImageDim::Cube, *kind = ImageKind::Int; return true;
    case GL_INT_IMAGE_2D_ARRAY: *dim = ImageDim::Tex2DArray, *kind = ImageKind::Int; return true;
    case GL_UNSIGNED_INT_IMAGE_2D: *dim = ImageDim::Tex2D, *kind = ImageKind::Uint; return true;
    case GL_UNSIGNED_INT_IMAGE_3D: *dim = ImageDim::Tex3D, *kind = ImageKind::Uint; return true;
    case GL_UNSIGNED_INT_IMAGE_CUBE: *dim = ImageDim::Cube, *kind = ImageKind::Uint; return true;
    case GL_UNSIGNED_INT_IMAGE_2D_ARRAY: *dim = ImageDim::Tex2DArray, *kind = ImageKind::Uint; return true;
    case GL_IMAGE_CUBE_MAP_ARRAY_EXT: *dim = ImageDim::CubeArray, *kind = ImageKind::Float; return true;
    case GL_INT_IMAGE_CUBE_MAP_ARRAY_EXT: *dim = ImageDim::CubeArray, *kind = ImageKind::Int; return true;
    case GL_UNSIGNED_INT_IMAGE_CUBE_MAP_ARRAY_EXT: *dim = ImageDim::CubeArray, *kind = ImageKind::Uint; return true;
    case GL_IMAGE_BUFFER_EXT: *dim = ImageDim::Buffer, *kind = ImageKind::Float; return true;
    case GL_INT_IMAGE_BUFFER_EXT: *dim = ImageDim::Buffer, *kind = ImageKind::Int; return true;
    case GL_UNSIGNED_INT_IMAGE_BUFFER_EXT: *dim = ImageDim::Buffer, *kind = ImageKind::Uint; return true;
    // Desktop GL's (GL 4.6 table 7.3).
    case GL_IMAGE_1D: *dim = ImageDim::Tex1D, *kind = ImageKind::Float; return true;
    case GL_INT_IMAGE_1D: *dim = ImageDim::Tex1D, *kind = ImageKind::Int; return true;
    case GL_UNSIGNED_INT_IMAGE_1D: *dim = ImageDim::Tex1D, *kind = ImageKind::Uint; return true;
    case GL_IMAGE_1D_ARRAY: *dim = ImageDim::Tex1DArray, *kind = ImageKind::Float; return true;
    case GL_INT_IMAGE_1D_ARRAY: *dim = ImageDim::Tex1DArray, *kind = ImageKind::Int; return true;
    case GL_UNSIGNED_INT_IMAGE_1D_ARRAY: *dim = ImageDim::Tex1DArray, *kind = ImageKind::Uint; return true;
    case GL_IMAGE_2D_RECT: *dim = ImageDim::Rect, *kind = ImageKind::Float; return true;
    case GL_INT_IMAGE_2D_RECT: *dim = ImageDim::Rect, *kind = ImageKind::Int; return true;
    case GL_UNSIGNED_INT_IMAGE_2D_RECT: *dim = ImageDim::Rect, *kind = ImageKind::Uint; return true;
    case GL_IMAGE_2D_MULTISAMPLE: *dim = ImageDim::Tex2DMS, *kind = ImageKind::Float; return true;
    case GL_INT_IMAGE_2D_MULTISAMPLE: *dim = ImageDim::Tex2DMS, *kind = ImageKind::Int; return true;
    case GL_UNSIGNED_INT_IMAGE_2D_MULTISAMPLE: *dim = ImageDim::Tex2DMS, *kind = ImageKind::Uint; return true;
    case GL_IMAGE_2D_MULTISAMPLE_ARRAY: *dim = ImageDim::Tex2DMSArray, *kind = ImageKind::Float; return true;
    case GL_INT_IMAGE_2D_MULTISAMPLE_ARRAY: *dim = ImageDim::Tex2DMSArray, *kind = ImageKind::Int; return true;
    case GL_UNSIGNED_INT_IMAGE_2D_MULTISAMPLE_ARRAY:
      *dim = ImageDim::Tex2DMSArray, *kind = ImageKind::Uint;
      return true;
    default: return false;
  }
}

int image_unit_state(Context& ctx, GLenum target, GLuint index, GLint64* out) {
  switch (target) {
    case GL_IMAGE_BINDING_NAME:
    case GL_IMAGE_BINDING_LEVEL:
    case GL_IMAGE_BINDING_LAYERED:
    case GL_IMAGE_BINDING_LAYER:
    case GL_IMAGE_BINDING_ACCESS:
    case GL_IMAGE_BINDING_FORMAT: break;
    default: return -1;
  }
  if (!ctx.es31()) {
    ctx.set_error(GL_INVALID_ENUM);
    return 0;
  }
  if (index >= static_cast<GLuint>(ctx.limits.max_image_units) || index >= kMaxImageUnits) {
    ctx.set_error(GL_INVALID_VALUE);
    return 0;
  }
  const ImageUnit& u = ctx.image_units[index];
  switch (target) {
    case GL_IMAGE_BINDING_NAME: *out = u.texture ? u.texture->name() : 0; break;
    case GL_IMAGE_BINDING_LEVEL: *out = u.level; break;
    case GL_IMAGE_BINDING_LAYERED: *out = u.layered ? 1 : 0; break;
    case GL_IMAGE_BINDING_LAYER: *out = u.layer; break;
    case GL_IMAGE_BINDING_ACCESS: *out = u.access; break;
    default: *out = u.format; break;
  }
  return 1;
}

ImageUnit initial_image_unit(const Context& ctx) {
  ImageUnit u;
  if (ctx.desktop()) u.format = GL_R8;
  return u;
}

void unbind_image_texture(Context& ctx, const Texture* texture) {
  for (ImageUnit& u : ctx.image_units) {
    if (!u.texture || u.texture.get() != texture) continue;
    u = initial_image_unit(ctx);
    ctx.dirty(kDirtyImages);
  }
}

bool wants_image_storage(const Context& ctx, GLenum internal_format) {
  return ctx.es31() && find_image_format(ctx, internal_format) != nullptr;
}

void release_image_state(Context& ctx) {
  for (auto& dim : ctx.image_state.dummies)
    for (auto& r : dim) r.reset();
}

void validate_images(Context& ctx) {
  ctx.image_state.dummies_bound = false;
  const StageSources sources = stage_sources(ctx);
  for (unsigned i = 0; i < sources.count; ++i)
    validate_images_of(ctx, *sources.list[i].program, sources.list[i].stages);
}

void validate_images_of(Context& ctx, const LinkedProgram& lp, uint32_t stages_used) {
  if (lp.images.empty()) return;
  constexpr unsigned kStages = pipe::kShaderStageCount;
  std::array<std::array<pipe::ImageView, pipe::kMaxShaderImages>, kStages> views{};
  std::array<uint32_t, kStages> count{};
  for (const ImageSlot& s : lp.images) {
    // Bound in the first stage reading it among those this program
    // supplies (where the driver, and a program pipeline's combination,
    // read it).
    const uint32_t reading = s.stages & stages_used;
    if (!reading) continue;
    const auto stage = static_cast<unsigned>(std::countr_zero(reading));
    if (stage >= kStages || s.slot >= pipe::kMaxShaderImages) continue;
    ImageDim dim = ImageDim::Tex2D;
    ImageKind kind = ImageKind::Float;
    if (!classify_image_type(s.image_type, &dim, &kind)) continue;
    pipe::ImageView v;
    if (s.unit >= 0 && s.unit < ctx.limits.max_image_units && static_cast<unsigned>(s.unit) < kMaxImageUnits)
      v = unit_view(ctx, ctx.image_units[static_cast<size_t>(s.unit)], dim, kind);
    if (!v.resource) v = dummy_view(ctx, dim, kind);
    views[stage][s.slot] = v;
    count[stage] = std::max(count[stage], s.slot + 1);
  }
  for (unsigned st = 0; st < kStages; ++st) {
    if (count[st])
      ctx.pipe().set_shader_images(static_cast<pipe::ShaderStage>(st), 0,
                                   std::span<const pipe::ImageView>(views[st].data(), count[st]));
  }
}

}  // namespace brass::gl
