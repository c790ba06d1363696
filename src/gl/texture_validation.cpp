// Draw-time texture validation (kDirtyTextures): for each sampler uniform of
// the current program, binds its unit's texture view and a pipe sampler
// state (the unit's sampler object's parameters when one is bound, else the
// texture's own). Incomplete textures (ES 3.0 §3.8.13) and sampler/texture
// kind mismatches sample a 1x1 (0,0,0,1) dummy of the sampler's kind.
#include <algorithm>
#include <cmath>
#include <bit>

#include "gl/compat/legacy_textures.h"
#include "gl/context.h"
#include "gl/program_validation.h"
#include "gl/texture_buffer.h"
#include "gl/texture_storage.h"
#include "gl/texture_view.h"
#include "util/stats.h"

namespace brass::gl {

namespace {

// Sampler slots validated anew: a texture, sampler or parameter the slot's
// cache did not have (texture_slot_cache.h).
StatCounter g_slot_validations("draw.texture_slot_validations");

enum class SamplerKind : uint8_t { Float, Int, Uint, Shadow };

struct SamplerTypeInfo {
  TextureTargetIndex target;
  SamplerKind kind;
};

SamplerTypeInfo classify_sampler(GLenum type) {
  using T = TextureTargetIndex;
  using K = SamplerKind;
  switch (type) {
    case GL_SAMPLER_3D: return {T::Tex3D, K::Float};
    case GL_SAMPLER_CUBE: return {T::TexCube, K::Float};
    case GL_SAMPLER_2D_ARRAY: return {T::Tex2DArray, K::Float};
    case GL_SAMPLER_2D_SHADOW: return {T::Tex2D, K::Shadow};
    case GL_SAMPLER_CUBE_SHADOW: return {T::TexCube, K::Shadow};
    case GL_SAMPLER_2D_ARRAY_SHADOW: return {T::Tex2DArray, K::Shadow};
    case GL_INT_SAMPLER_2D: return {T::Tex2D, K::Int};
    case GL_INT_SAMPLER_3D: return {T::Tex3D, K::Int};
    case GL_INT_SAMPLER_CUBE: return {T::TexCube, K::Int};
    case GL_INT_SAMPLER_2D_ARRAY: return {T::Tex2DArray, K::Int};
    case GL_UNSIGNED_INT_SAMPLER_2D: return {T::Tex2D, K::Uint};
    case GL_UNSIGNED_INT_SAMPLER_3D: return {T::Tex3D, K::Uint};
    case GL_UNSIGNED_INT_SAMPLER_CUBE: return {T::TexCube, K::Uint};
    case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY: return {T::Tex2DArray, K::Uint};
    case GL_SAMPLER_2D_MULTISAMPLE: return {T::Tex2DMultisample, K::Float};
    case GL_INT_SAMPLER_2D_MULTISAMPLE: return {T::Tex2DMultisample, K::Int};
    case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE: return {T::Tex2DMultisample, K::Uint};
    case GL_SAMPLER_2D_MULTISAMPLE_ARRAY_OES: return {T::Tex2DMultisampleArray, K::Float};
    case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY_OES: return {T::Tex2DMultisampleArray, K::Int};
    case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY_OES: return {T::Tex2DMultisampleArray, K::Uint};
    case GL_SAMPLER_BUFFER_EXT: return {T::TexBuffer, K::Float};
    case GL_SAMPLER_CUBE_MAP_ARRAY_EXT: return {T::TexCubeArray, K::Float};
    case GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW_EXT: return {T::TexCubeArray, K::Shadow};
    case GL_INT_SAMPLER_CUBE_MAP_ARRAY_EXT: return {T::TexCubeArray, K::Int};
    case GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY_EXT: return {T::TexCubeArray, K::Uint};
    case GL_INT_SAMPLER_BUFFER_EXT: return {T::TexBuffer, K::Int};
    case GL_UNSIGNED_INT_SAMPLER_BUFFER_EXT: return {T::TexBuffer, K::Uint};
    // Desktop GL.
    case GL_SAMPLER_1D: return {T::Tex1D, K::Float};
    case GL_SAMPLER_1D_SHADOW: return {T::Tex1D, K::Shadow};
    case GL_INT_SAMPLER_1D: return {T::Tex1D, K::Int};
    case GL_UNSIGNED_INT_SAMPLER_1D: return {T::Tex1D, K::Uint};
    case GL_SAMPLER_1D_ARRAY: return {T::Tex1DArray, K::Float};
    case GL_SAMPLER_1D_ARRAY_SHADOW: return {T::Tex1DArray, K::Shadow};
    case GL_INT_SAMPLER_1D_ARRAY: return {T::Tex1DArray, K::Int};
    case GL_UNSIGNED_INT_SAMPLER_1D_ARRAY: return {T::Tex1DArray, K::Uint};
    case GL_SAMPLER_2D_RECT: return {T::TexRect, K::Float};
    case GL_SAMPLER_2D_RECT_SHADOW: return {T::TexRect, K::Shadow};
    case GL_INT_SAMPLER_2D_RECT: return {T::TexRect, K::Int};
    case GL_UNSIGNED_INT_SAMPLER_2D_RECT: return {T::TexRect, K::Uint};
    // OES_EGL_image_external (OpenGL ES).
    case GL_SAMPLER_EXTERNAL_OES: return {T::TexExternal, K::Float};
    default: return {T::Tex2D, K::Float};
  }
}

bool kind_matches(SamplerKind kind, const Texture& tex, const pixel::InternalFormatInfo& info) {
  // Stencil indices are unsigned integers: only an unsigned sampler reads them.
  if (samples_stencil(tex, info)) return kind == SamplerKind::Uint;
  switch (kind) {
    case SamplerKind::Float: return !info.is_integer() && !(info.has_stencil() && !info.has_depth());
    case SamplerKind::Shadow: return info.has_depth();
    case SamplerKind::Int: return info.component_type == pixel::ComponentType::Int;
    case SamplerKind::Uint: return info.component_type == pixel::ComponentType::UnsignedInt;
  }
  return false;
}

// Stencil texturing needs the device to sample the stencil aspect. Vulkan
// has no feature of its own for that: a depth/stencil format it can sample
// is sampled through a view of either aspect.
bool can_sample_stencil(Context& ctx, const Texture& tex, const pixel::InternalFormatInfo& info) {
  return ctx.screen().is_format_supported(info.storage, pipe_target(tex.target), 1, pipe::kUsageSampled);
}

pipe::Swizzle gl_swizzle(GLenum s) {
  switch (s) {
    case GL_RED: return pipe::Swizzle::R;
    case GL_GREEN: return pipe::Swizzle::G;
    case GL_BLUE: return pipe::Swizzle::B;
    case GL_ALPHA: return pipe::Swizzle::A;
    case GL_ZERO: return pipe::Swizzle::Zero;
    default: return pipe::Swizzle::One;
  }
}

GLenum gl_target(TextureTargetIndex i) {
  switch (i) {
    case TextureTargetIndex::Tex3D: return GL_TEXTURE_3D;
    case TextureTargetIndex::Tex2DArray: return GL_TEXTURE_2D_ARRAY;
    case TextureTargetIndex::TexCube: return GL_TEXTURE_CUBE_MAP;
    case TextureTargetIndex::Tex2DMultisample: return GL_TEXTURE_2D_MULTISAMPLE;
    case TextureTargetIndex::Tex2DMultisampleArray: return GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES;
    case TextureTargetIndex::TexBuffer: return GL_TEXTURE_BUFFER;
    case TextureTargetIndex::TexCubeArray: return GL_TEXTURE_CUBE_MAP_ARRAY;
    case TextureTargetIndex::Tex1D: return GL_TEXTURE_1D;
    case TextureTargetIndex::Tex1DArray: return GL_TEXTURE_1D_ARRAY;
    case TextureTargetIndex::TexRect: return GL_TEXTURE_RECTANGLE;
    case TextureTargetIndex::TexExternal: return GL_TEXTURE_EXTERNAL_OES;
    default: return GL_TEXTURE_2D;
  }
}

// The lowest sample count above one at which the device renders and samples
// `format` (0: none): what a multisample stand-in is made with.
uint32_t lowest_multisample_count(Context& ctx, pipe::Format format) {
  for (uint32_t n = 2; n <= 16; n *= 2)
    if (ctx.screen().is_format_supported(format, pipe::Target::Texture2D, n,
                                         pipe::kUsageSampled | pipe::kUsageColorAttachment))
      return n;
  return 0;
}

// A multisample stand-in: a shader's sampler2DMS reads a multisampled
// image only, which cannot be uploaded to, so its samples are cleared.
Ref<pipe::SamplerView> multisample_dummy_view(Context& ctx, pipe::ResourceTemplate t, const pipe::ColorValue& value) {
  t.samples = lowest_multisample_count(ctx, t.format);
  if (!t.samples) return {};
  t.bind |= pipe::kBindRenderTarget;
  pipe::Status status = pipe::Status::Ok;
  Ref<pipe::Resource> r = ctx.screen().resource_create(t, &status);
  if (!r) return {};
  Ref<pipe::Surface> surface = ctx.pipe().create_surface(r.get(), pipe::SurfaceTemplate{});
  if (!surface) return {};
  ctx.pipe().clear_render_target(surface.get(), value, 0, 0, 1, 1);
  pipe::SamplerViewTemplate vt;
  vt.target = t.target;  // a 2D array of one layer for sampler2DMSArray
  return ctx.pipe().create_sampler_view(r.get(), vt);
}

// A samplerBuffer's stand-in: one (0,0,0,1) texel of a buffer of its own,
// in a format of the sampler's numeric type.
Ref<pipe::SamplerView> dummy_buffer_view(Context& ctx, SamplerKind kind) {
  pipe::ResourceTemplate t;
  t.target = pipe::Target::Buffer;
  t.width = 4;
  t.bind = pipe::kBindSamplerView;
  pipe::Status status = pipe::Status::Ok;
  Ref<pipe::Resource> r = ctx.screen().resource_create(t, &status);
  if (!r) return {};
  const uint8_t texel[4] = {0, 0, 0, uint8_t(kind == SamplerKind::Float ? 255 : 1)};
  ctx.pipe().buffer_subdata(r.get(), pipe::kMapDiscardWholeResource, 0, 4, texel);
  pipe::SamplerViewTemplate vt;
  vt.target = pipe::Target::Buffer;
  vt.format = kind == SamplerKind::Int    ? pipe::Format::RGBA8_SINT
              : kind == SamplerKind::Uint ? pipe::Format::RGBA8_UINT
                                          : pipe::Format::RGBA8_UNORM;
  vt.buffer_size = 4;
  return ctx.pipe().create_sampler_view(r.get(), vt);
}

// The (0,0,0,1) view of a target and kind, created on first use.
pipe::SamplerView* dummy_view(Context& ctx, TextureTargetIndex target, SamplerKind kind) {
  Ref<pipe::SamplerView>& slot =
      ctx.texture_state.dummy_views[static_cast<size_t>(target)][static_cast<size_t>(kind)];
  if (slot) return slot.get();
  if (target == TextureTargetIndex::TexBuffer) {
    slot = dummy_buffer_view(ctx, kind);
    return slot.get();
  }
  pipe::ResourceTemplate t;
  t.target = pipe_target(gl_target(target));
  t.format = kind == SamplerKind::Int    ? pipe::Format::RGBA8_SINT
             : kind == SamplerKind::Uint ? pipe::Format::RGBA8_UINT
             : kind == SamplerKind::Shadow ? pipe::Format::Z16_UNORM
                                           : pipe::Format::RGBA8_UNORM;
  t.array_size = target == TextureTargetIndex::TexCube || target == TextureTargetIndex::TexCubeArray ? 6 : 1;
  t.bind = pipe::kBindSamplerView;
  if (target == TextureTargetIndex::Tex2DMultisample || target == TextureTargetIndex::Tex2DMultisampleArray) {
    pipe::ColorValue value{};
    if (kind == SamplerKind::Float) value.f[3] = 1.0f;
    else value.ui[3] = 1;
    slot = multisample_dummy_view(ctx, t, value);
    return slot.get();
  }
  pipe::Status status = pipe::Status::Ok;
  Ref<pipe::Resource> r = ctx.screen().resource_create(t, &status);
  if (!r) return nullptr;
  const uint8_t one = kind == SamplerKind::Float ? 255 : 1;
  const uint8_t texel[6][4] = {{0, 0, 0, one}, {0, 0, 0, one}, {0, 0, 0, one},
                               {0, 0, 0, one}, {0, 0, 0, one}, {0, 0, 0, one}};
  pipe::Box box;
  box.width = box.height = 1;
  box.depth = static_cast<int32_t>(t.array_size);
  ctx.pipe().texture_subdata(r.get(), 0, pipe::kMapWrite, box, texel, 4, 4);
  pipe::SamplerViewTemplate vt;
  vt.target = t.target;
  vt.last_layer = t.array_size - 1;
  slot = ctx.pipe().create_sampler_view(r.get(), vt);
  return slot.get();
}

pipe::SamplerObject* sampler_state(Context& ctx, const SamplerParams& params, bool compare, bool seamless,
                                   bool integer_view, GLenum base_format, float lod_bias) {
  SamplerKey key = make_sampler_key(params, compare, integer_view);
  border_color_to_storage(key, base_format);
  key.seamless_cube_map = seamless ? 1 : 0;
  key.lod_bias_bits = std::bit_cast<uint32_t>(lod_bias);
  return ctx.texture_state.sampler_states.get(key, [&] {
    pipe::SamplerState s;
    s.wrap_s = static_cast<pipe::Wrap>(key.wrap_s);
    s.wrap_t = static_cast<pipe::Wrap>(key.wrap_t);
    s.wrap_r = static_cast<pipe::Wrap>(key.wrap_r);
    s.min_filter = static_cast<pipe::Filter>(key.min_filter);
    s.mag_filter = static_cast<pipe::Filter>(key.mag_filter);
    s.mip_filter = static_cast<pipe::MipFilter>(key.mip_filter);
    s.min_lod = params.min_lod;
    s.max_lod = params.max_lod;
    s.lod_bias = lod_bias;
    s.compare_enable = compare;
    s.compare_func = static_cast<pipe::CompareFunc>(key.compare_func);
    s.max_anisotropy = params.max_anisotropy;
    s.seamless_cube_map = seamless;
    for (int c = 0; c < 4; ++c) s.border_color.ui[c] = key.border_color[c];
    s.border_color_integer = key.border_color_integer != 0;
    return ctx.pipe().create_sampler_state(s);
  });
}

// The view sampling `tex` complete over `c`'s levels; made again only when
// its resource, levels or swizzle change. Under the texture's view lock:
// another context of the share group may be validating a draw of the same
// texture (texture_view_cache.h).
Ref<pipe::SamplerView> texture_view(Context& ctx, Texture& tex, const Completeness& c) {
  const auto lock = tex.views.lock();
  if (!ensure_main_storage(ctx, tex, c.base, c.last)) return nullptr;
  const TextureImage& b = *tex.image(c.base, 0);
  TextureViewCache::Key key;
  key.resource = tex.resource.get();
  key.first_level = static_cast<uint32_t>(c.base - tex.resource_base);
  key.last_level = static_cast<uint32_t>(c.last - tex.resource_base);
  const pipe::ResourceTemplate& rt = tex.resource->templ();
  pipe::Target view_target = rt.target;
  key.last_layer = rt.array_size - 1;
  if (tex.main_shared) {
    // An EGLImage target: a 2D view of the image's one layer (a cube face
    // of its source, or layer 0).
    view_target = pipe::Target::Texture2D;
    key.first_layer = key.last_layer = b.resource_layer;
  }
  if (tex.is_view) {
    // A texture view: its own target over its layers of the storage, in
    // its own format (texture_view.h).
    view_target = pipe_target(tex.target);
    key.first_layer = tex.view_resource_layer;
    key.last_layer = tex.view_resource_layer + std::max(1u, tex.view_num_layers) - 1;
    key.format = view_storage_format(tex);
  }
  std::array<pipe::Swizzle, 4> fmt = b.info->sampler_swizzle();
  compat::apply_depth_texture_mode(ctx, tex, *b.info, &fmt);
  for (int i = 0; i < 4; ++i) {
    const pipe::Swizzle s = gl_swizzle(tex.swizzle[i]);
    key.swizzle[i] = s <= pipe::Swizzle::A ? fmt[static_cast<int>(s)] : s;
  }
  if (samples_stencil(tex, *b.info)) key.aspect = pipe::DepthStencilAspect::Stencil;
  return tex.views.find_or_make(key, [&] {
    pipe::SamplerViewTemplate vt;
    vt.format = key.format;
    vt.depth_stencil_aspect = key.aspect;
    vt.target = view_target;
    vt.first_level = key.first_level;
    vt.last_level = key.last_level;
    vt.first_layer = key.first_layer;
    vt.last_layer = key.last_layer;
    vt.swizzle = key.swizzle;
    return ctx.pipe().create_sampler_view(tex.resource.get(), vt);
  });
}

}  // namespace

Texture* unit_texture(Context& ctx, unsigned unit, TextureTargetIndex index) {
  if (unit >= kMaxTextureUnits) return nullptr;
  TextureUnit& u = ctx.textures.units[unit];
  Texture* t = nullptr;
  switch (index) {
    case TextureTargetIndex::Tex2D: t = u.texture_2d.get(); break;
    case TextureTargetIndex::Tex3D: t = u.texture_3d.get(); break;
    case TextureTargetIndex::Tex2DArray: t = u.texture_2d_array.get(); break;
    case TextureTargetIndex::TexCube: t = u.texture_cube.get(); break;
    case TextureTargetIndex::Tex2DMultisample: t = u.texture_2d_multisample.get(); break;
    case TextureTargetIndex::Tex2DMultisampleArray: t = u.texture_2d_multisample_array.get(); break;
    case TextureTargetIndex::TexBuffer: t = u.texture_buffer.get(); break;
    case TextureTargetIndex::TexCubeArray: t = u.texture_cube_array.get(); break;
    case TextureTargetIndex::Tex1D: t = u.texture_1d.get(); break;
    case TextureTargetIndex::Tex1DArray: t = u.texture_1d_array.get(); break;
    case TextureTargetIndex::TexRect: t = u.texture_rect.get(); break;
    case TextureTargetIndex::TexExternal: t = u.texture_external.get(); break;
    default: return nullptr;
  }
  if (t) return t;
  Ref<Texture>& def = ctx.texture_state.defaults[static_cast<size_t>(index)];
  if (!def) {
    def = make_ref<Texture>(0);
    set_texture_target(*def, gl_target(index));
  }
  return def.get();
}

Texture* bound_texture(Context& ctx, GLenum target) {
  const TextureTargetIndex i = target_index(target);
  if (!target_available(ctx, i)) return nullptr;
  return unit_texture(ctx, ctx.textures.active, i);
}

pipe::Resource* texture_image_storage(Context& ctx, Texture& tex, GLint level, GLint face_or_layer,
                                      uint32_t* resource_level, uint32_t* resource_layer) {
  const unsigned face = tex.target == GL_TEXTURE_CUBE_MAP ? static_cast<unsigned>(face_or_layer) : 0u;
  const TextureImage* img = tex.image(level, face);
  if (!img || !img->resource) return nullptr;
  // Prefer the main resource so rendering and sampling see the same texels.
  if (img->resource.get() != tex.resource.get() && base_level_consistent(tex, level) &&
      !ensure_main_storage(ctx, tex, level, level))
    return nullptr;
  img = tex.image(level, face);
  *resource_level = img->resource_level;
  // A cube face's resource_layer is the face; array layers and 3D slices
  // add to it (it is not 0 for an EGLImage target of a cube face).
  *resource_layer = img->resource_layer + (tex.target == GL_TEXTURE_CUBE_MAP ? 0u : static_cast<uint32_t>(face_or_layer));
  return img->resource.get();
}

bool query_texture_state(Context& ctx, GLenum pname, GLint* value) {
  TextureUnit& u = ctx.textures.units[ctx.textures.active];
  auto name = [](const Object* o) { return o ? static_cast<GLint>(o->name()) : 0; };
  switch (pname) {
    case GL_ACTIVE_TEXTURE: *value = static_cast<GLint>(GL_TEXTURE0 + ctx.textures.active); return true;
    case GL_TEXTURE_BINDING_2D: *value = name(u.texture_2d.get()); return true;
    case GL_TEXTURE_BINDING_3D: *value = name(u.texture_3d.get()); return true;
    case GL_TEXTURE_BINDING_2D_ARRAY: *value = name(u.texture_2d_array.get()); return true;
    case GL_TEXTURE_BINDING_CUBE_MAP: *value = name(u.texture_cube.get()); return true;
    case GL_TEXTURE_BINDING_2D_MULTISAMPLE:
      if (!ctx.es31()) return false;
      *value = name(u.texture_2d_multisample.get());
      return true;
    case GL_TEXTURE_BINDING_CUBE_MAP_ARRAY:
      if (!ctx.cube_map_arrays()) return false;
      *value = name(u.texture_cube_array.get());
      return true;
    case GL_TEXTURE_BINDING_BUFFER:
      if (!ctx.texture_buffers()) return false;
      *value = name(u.texture_buffer.get());
      return true;
    case 0x8C2D:  // TEXTURE_BUFFER_DATA_STORE_BINDING (desktop: glGet of the bound buffer texture)
    case 0x8C2E:  // TEXTURE_BUFFER_FORMAT_ARB
      if (!ctx.texture_buffers() || !ctx.desktop()) return false;
      if (const Texture* t = u.texture_buffer.get(); pname == 0x8C2D)
        *value = t && t->buffer ? static_cast<GLint>(t->buffer->name()) : 0;
      else  // GL_R8 until glTexBuffer gives one (3.1 core's initial value)
        *value = t && t->buffer_info ? static_cast<GLint>(t->buffer_info->internal_format) : GL_R8;
      return true;
    case GL_MAX_TEXTURE_BUFFER_SIZE:
      if (!ctx.texture_buffers()) return false;
      *value = ctx.limits.max_texture_buffer_size;
      return true;
    case GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT:
      if (!ctx.texture_buffers()) return false;
      *value = ctx.limits.texture_buffer_offset_alignment;
      return true;
    case GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY_OES:
      if (!ctx.multisample_2d_array()) return false;
      *value = name(u.texture_2d_multisample_array.get());
      return true;
    case GL_TEXTURE_BINDING_1D:
    case GL_TEXTURE_BINDING_1D_ARRAY:
    case GL_TEXTURE_BINDING_RECTANGLE:
      if (!ctx.desktop()) return false;
      *value = name(pname == GL_TEXTURE_BINDING_1D         ? u.texture_1d.get()
                    : pname == GL_TEXTURE_BINDING_1D_ARRAY ? u.texture_1d_array.get()
                                                           : u.texture_rect.get());
      return true;
    case GL_MAX_RECTANGLE_TEXTURE_SIZE:
      if (!ctx.desktop()) return false;
      *value = ctx.limits.max_texture_size;
      return true;
    case GL_TEXTURE_BINDING_EXTERNAL_OES:
      if (ctx.desktop()) return false;
      *value = name(u.texture_external.get());
      return true;
    case GL_SAMPLER_BINDING: *value = name(u.sampler.get()); return true;
    case GL_MAX_TEXTURE_LOD_BIAS: *value = static_cast<GLint>(ctx.screen().get_cap(pipe::Cap::MaxSamplerLodBias)); return true;
    default: return false;
  }
}

void release_texture_state(Context& ctx) {
  pipe::Context& p = ctx.pipe();
  TextureContextState& ts = ctx.texture_state;
  for (auto& stage : ts.slots)
    for (SlotCache& slot : stage) slot.clear();
  ts.sampler_states.clear([&](pipe::SamplerObject* o) { p.delete_sampler_state(o); });
  for (auto& t : ts.dummy_views)
    for (auto& v : t) v.reset();
  for (auto& d : ts.defaults) d.reset();
  for (auto& d : ts.proxies) d.reset();
}

void validate_textures(Context& ctx) {
  const StageSources sources = stage_sources(ctx);
  for (unsigned i = 0; i < sources.count; ++i)
    validate_textures_of(ctx, *sources.list[i].program, sources.list[i].stages);
}

void validate_textures_of(Context& ctx, const LinkedProgram& lp, uint32_t stages_used) {
  TextureContextState& ts = ctx.texture_state;

  constexpr unsigned kStages = pipe::kShaderStageCount;
  if (lp.samplers.empty()) return;  // nothing to bind
  // A stage's tables are cleared when a sampler of it is first met, not all
  // of them up front (a program change re-validates textures; issue 19).
  std::array<std::array<pipe::SamplerView*, pipe::kMaxSamplers>, kStages> views;
  std::array<std::array<pipe::SamplerObject*, pipe::kMaxSamplers>, kStages> states;
  std::array<uint32_t, kStages> count{};
  std::array<bool, kStages> changed{};

  for (const SamplerSlot& s : lp.samplers) {
    // The first stage reading it among those this program supplies: a
    // program pipeline's combination reads it there (separable_link.h).
    const uint32_t reading = (s.stages ? s.stages : pipe::stage_bit(s.stage)) & stages_used;
    if (!reading) continue;
    const unsigned stage = static_cast<unsigned>(std::countr_zero(reading));
    if (stage >= kStages || s.slot >= pipe::kMaxSamplers) continue;
    const SamplerTypeInfo type = classify_sampler(s.sampler_type);
    const unsigned unit = static_cast<unsigned>(std::max(0, s.unit));
    Texture* tex = unit < kMaxTextureUnits ? unit_texture(ctx, unit, type.target) : nullptr;
    Sampler* sampler = unit < kMaxTextureUnits ? ctx.textures.units[unit].sampler.get() : nullptr;

    // Desktop GL samples cube maps per face unless TEXTURE_CUBE_MAP_SEAMLESS
    // is enabled (GL 4.6 §8.13.1); ES always seamlessly.
    const bool seamless = !ctx.desktop() || ctx.ff.cube_map_seamless ||
                          (type.target != TextureTargetIndex::TexCube && type.target != TextureTargetIndex::TexCubeArray);
    // The compatibility profile's per-unit bias (glTexEnv TEXTURE_FILTER_CONTROL).
    const float unit_lod_bias = unit < ctx.compat_state.texture_lod_bias.size() ? ctx.compat_state.texture_lod_bias[unit] : 0;
    // A buffer texture's view depends on its buffer's storage too, which
    // the texture's generation does not follow: looked at every time
    // (texture_buffer_view keeps the view while nothing changed).
    const bool buffer = type.target == TextureTargetIndex::TexBuffer;
    // The slot's entry for this combination (texture_slot_cache.h).
    const SlotKey key{tex, tex ? tex->generation.load(std::memory_order_relaxed) : 0, sampler,
                      sampler ? sampler->generation : 0, s.sampler_type, seamless, unit_lod_bias};
    SlotCache& slot_cache = ts.slots[stage][s.slot];
    const bool cached = slot_cache.use(key) && tex && !buffer;
    SlotBinding& cache = slot_cache.front();
    if (!cached) {
      g_slot_validations.add();
      const SamplerParams& params = sampler ? sampler->params : tex ? tex->sampler : SamplerParams{};
      Ref<pipe::SamplerView> view;
      bool compare = false;
      GLenum base_format = GL_RGBA;  // the sampled texture's, which the border colour is converted to
      const pixel::InternalFormatInfo* sampled = nullptr;  // the complete texture's format
      if (tex && buffer) {
        if (tex->buffer_info && kind_matches(type.kind, *tex, *tex->buffer_info)) view = texture_buffer_view(ctx, *tex);
      } else if (tex) {
        const Completeness c = check_completeness(ctx, *tex, params);
        const pixel::InternalFormatInfo* info = c.complete ? tex->image(c.base, 0)->info : nullptr;
        if (info && kind_matches(type.kind, *tex, *info) &&
            (!samples_stencil(*tex, *info) || can_sample_stencil(ctx, *tex, *info))) {
          view = texture_view(ctx, *tex, c);
          compare = type.kind == SamplerKind::Shadow;
          base_format = info->base_format;
          sampled = info;
        }
      }
      // Desktop GL filters depth textures that are not compared (ES makes
      // them incomplete unless NEAREST); where the device cannot filter
      // the depth format linearly, they are sampled with NEAREST.
      const bool depth_unfilterable =
          view && sampled && !compare && ctx.desktop() && sampled->has_depth() && !samples_stencil(*tex, *sampled) &&
          !ctx.screen().is_format_supported(sampled->storage, pipe::Target::Texture2D, 1,
                                            pipe::kUsageSampled | pipe::kUsageFilterLinear);
      SamplerParams nearest_params;
      const bool dummy = !view;
      if (dummy) {
        view = Ref<pipe::SamplerView>::share(dummy_view(ctx, type.target, type.kind));
        compare = type.kind == SamplerKind::Shadow;
      }
      // The dummy is one texel, so filtering changes nothing it reads, and
      // Vulkan may not filter an integer dummy linearly (an incomplete
      // integer texture is often incomplete because of a LINEAR filter).
      // Multisample textures are only fetched (texelFetch): the sampler
      // state of their unit does not apply to them either. Both are
      // sampled with NEAREST, whatever GL's filters say.
      const bool nearest = dummy || depth_unfilterable || type.target == TextureTargetIndex::Tex2DMultisample ||
                           type.target == TextureTargetIndex::Tex2DMultisampleArray;
      if (nearest) {
        nearest_params = params;
        nearest_params.min_filter = nearest_params.mag_filter = GL_NEAREST;
      }
      // Validation may have rebuilt the texture's storage (a new generation).
      cache.key.texture_generation = tex ? tex->generation.load(std::memory_order_relaxed) : 0;
      cache.view = std::move(view);
      const bool integer_view = type.kind == SamplerKind::Int || type.kind == SamplerKind::Uint;
      // GL 4.6 §8.14.1: the object's and the unit's biases are added and
      // clamped to MAX_TEXTURE_LOD_BIAS (the shader's is added by the
      // device, which clamps the sum again, as Vulkan's mipLodBias).
      const float max_bias = static_cast<float>(ctx.screen().get_cap(pipe::Cap::MaxSamplerLodBias));
      const float bias_sum = params.lod_bias + unit_lod_bias;
      const float lod_bias = std::isnan(bias_sum) ? 0.0f : std::clamp(bias_sum, -max_bias, max_bias);
      cache.state = sampler_state(ctx, nearest ? nearest_params : params, compare, seamless, integer_view, base_format,
                                  lod_bias);
    }
    if (!changed[stage]) {
      views[stage].fill(nullptr);
      states[stage].fill(nullptr);
      changed[stage] = true;
    }
    views[stage][s.slot] = cache.view.get();
    states[stage][s.slot] = cache.state;
    count[stage] = std::max(count[stage], s.slot + 1);
  }
  for (unsigned st = 0; st < kStages; ++st) {
    if (!changed[st]) continue;
    const auto stage = static_cast<pipe::ShaderStage>(st);
    ctx.pipe().set_sampler_views(stage, 0, std::span<pipe::SamplerView* const>(views[st].data(), count[st]));
    ctx.pipe().bind_sampler_states(stage, 0, std::span<pipe::SamplerObject* const>(states[st].data(), count[st]));
  }
}

}  // namespace brass::gl
