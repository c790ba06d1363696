// Texture and sampler objects, the texture units they are bound to, and the
// per-context pipe objects texture validation keeps (sampler state cache,
// dummy views for incomplete textures).
//
// Storage: every specified image (level x face) records where its texels live
// (`TextureImage::resource`, level, layer). A mutable texture keeps a "main"
// resource holding a mip chain from `resource_base`; images that fit it are
// written there, others get a single-level resource of their own until the
// texture is sampled complete, when the main resource is rebuilt around the
// base level and the consistent images are copied into it
// (texture_storage.h). Immutable textures (glTexStorage*) allocate once.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "gl/buffer.h"
#include "gl/draw_validation.h"
#include "gl/egl_image.h"
#include "gl/compat/legacy_textures.h"
#include "gl/gl_object.h"
#include "gl/pixel/format_table.h"
#include "gl/texture_slot_cache.h"
#include "gl/texture_view_cache.h"
#include "pipe/resource.h"
#include "pipe/state.h"

namespace brass::gl {

inline constexpr unsigned kMaxTextureUnits = 96;  // MAX_COMBINED_TEXTURE_IMAGE_UNITS with tessellation shaders
inline constexpr unsigned kMaxTextureLevels = 16;

// Generations are unique across objects, so a cache keyed by (object
// address, generation) never mistakes a new object for a deleted one.
inline std::atomic<uint64_t> g_object_generation{0};
inline uint64_t next_object_generation() { return g_object_generation.fetch_add(1, std::memory_order_relaxed) + 1; }
// The last generation handed out. Every storage change of a texture,
// renderbuffer or sampler, and every buffer map and unmap, takes a new one,
// in any context of any share group: while this stays the same none
// happened, which lets a draw skip checks that read those objects
// (validated_draw.h).
inline uint64_t object_generation_now() { return g_object_generation.load(std::memory_order_relaxed); }

// Sampling parameters: shared by textures (their own) and sampler objects.
struct SamplerParams {
  GLenum min_filter = GL_NEAREST_MIPMAP_LINEAR, mag_filter = GL_LINEAR;
  GLenum wrap_s = GL_REPEAT, wrap_t = GL_REPEAT, wrap_r = GL_REPEAT;
  GLfloat min_lod = -1000.0f, max_lod = 1000.0f;
  GLenum compare_mode = GL_NONE, compare_func = GL_LEQUAL;
  GLfloat max_anisotropy = 1.0f;
  // TEXTURE_LOD_BIAS (desktop GL; ES has no such parameter): added to the
  // unit's bias and clamped to MAX_TEXTURE_LOD_BIAS (GL 4.6 §8.14.1).
  GLfloat lod_bias = 0.0f;
  // TEXTURE_BORDER_COLOR as raw words: floats from TexParameterf*,
  // integers from TexParameterI* (GL keeps what was given; the texture it
  // is used with decides how the words read, sampler_state()).
  std::array<uint32_t, 4> border_color{};
};

// One mip level of one face (or of all layers/slices of an array/3D level).
struct TextureImage {
  GLenum internal_format = GL_NONE;                    // as the application named it; GL_NONE: not specified
  const pixel::InternalFormatInfo* info = nullptr;     // the effective sized format
  GLsizei width = 0, height = 0, depth = 0;
  Ref<pipe::Resource> resource;  // where the texels live
  uint32_t resource_level = 0;   // level in `resource`
  uint32_t resource_layer = 0;   // first layer in `resource` (cube face in a cube resource)
  // Set while this image is an EGLImage sibling (the source of an image, or
  // a target made from one): it shares `resource` with the image. Texel
  // writes (TexSubImage, draws) reach the shared storage; respecifying the
  // image (TexImage, CopyTexImage, storage changes) gives it new storage and
  // clears this, which orphans it from the image (EGL_KHR_image_base).
  Ref<ImageStorage> egl_image;
  bool defined() const { return info != nullptr; }
};

// Texture kinds by GL target, in the order of TextureUnit's bindings.
// Tex2DMultisample (ES 3.1 TEXTURE_2D_MULTISAMPLE) exists in ES 3.1
// contexts only, Tex2DMultisampleArray (TEXTURE_2D_MULTISAMPLE_ARRAY) in
// those with OES_texture_storage_multisample_2d_array, TexBuffer
// (TEXTURE_BUFFER) in those with EXT/OES_texture_buffer, TexCubeArray
// (TEXTURE_CUBE_MAP_ARRAY) in those with EXT/OES_texture_cube_map_array.
enum class TextureTargetIndex : uint8_t {
  Tex2D,
  Tex3D,
  Tex2DArray,
  TexCube,
  Tex2DMultisample,
  Tex2DMultisampleArray,
  TexBuffer,
  TexCubeArray,
  // Desktop GL only (GL 4.6 §8.1): TEXTURE_1D, TEXTURE_1D_ARRAY and
  // TEXTURE_RECTANGLE. A 1D array's images are kept as a 2D array's of
  // height 1 (TextureImage::depth holds its layers, the GL height);
  // api_desktop_textures.cpp translates at the GL boundary.
  Tex1D,
  Tex1DArray,
  TexRect,
  // OpenGL ES only (OES_EGL_image_external): TEXTURE_EXTERNAL_OES, a 2D
  // texture whose one image is an EGLImage's (api_egl_image.cpp).
  TexExternal,
  Count
};

class Texture final : public Object {
 public:
  using Object::Object;
  GLenum target = GL_NONE;  // set on first bind
  bool immutable = false;   // glTexStorage*
  GLint immutable_levels = 0;
  // Texture views (OES/EXT/ARB_texture_view, texture_view.cpp): the
  // TEXTURE_VIEW_* values (glTexStorage* sets NUM_LEVELS and NUM_LAYERS of
  // the textures it allocates too). A view's images share the original's
  // resource: `resource_base` maps its levels onto the storage's and
  // `view_resource_layer` is the storage layer of its layer 0.
  bool is_view = false;
  GLuint view_min_level = 0, view_num_levels = 0, view_min_layer = 0, view_num_layers = 0;
  uint32_t view_resource_layer = 0;
  // TEXTURE_2D_MULTISAMPLE (ES 3.1 §8.8) and TEXTURE_2D_MULTISAMPLE_ARRAY:
  // the sample count allocated by glTexStorage{2,3}DMultisample (0 for
  // every other texture) and its
  // fixedsamplelocations. Vulkan places samples at the same locations in
  // every pixel either way; GL still reports and compares the flag.
  GLsizei samples = 0;
  bool fixed_sample_locations = true;
  // TEXTURE_BUFFER (EXT_texture_buffer, ES 3.2 §8.9): the buffer whose
  // texels it reads (glTexBuffer / glTexBufferRange), their format, and the
  // range (size 0: the whole buffer, whatever size it has at each use).
  Ref<Buffer> buffer;
  const pixel::InternalFormatInfo* buffer_info = nullptr;
  pipe::Format buffer_format = pipe::Format::None;
  GLintptr buffer_offset = 0;
  GLsizeiptr buffer_size = 0;
  std::vector<std::array<TextureImage, 6>> images;  // [level][face]
  Ref<pipe::Resource> resource;                     // the main resource
  GLint resource_base = 0;                          // GL level of the main resource's level 0
  // An EGLImage target (GL_OES_EGL_image): `resource` is the image's
  // storage, owned with other siblings, whose levels and layers besides the
  // image's are not this texture's. Nothing but level 0 is ever placed in
  // it; `resource_base` is minus the image's level, so level 0 maps to it.
  bool main_shared = false;
  SamplerParams sampler;
  GLint base_level = 0, max_level = 1000;
  GLenum swizzle[4] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};
  // DEPTH_STENCIL_TEXTURE_MODE (ES 3.1 §8.19): what a depth/stencil texture
  // samples, DEPTH_COMPONENT or STENCIL_INDEX.
  GLenum depth_stencil_mode = GL_DEPTH_COMPONENT;
  // Compatibility profile: TEXTURE_PRIORITY, GENERATE_MIPMAP,
  // DEPTH_TEXTURE_MODE (compat/legacy_textures.h).
  compat::LegacyTextureParams legacy;
  // Bumped on any change sampling depends on (images, storage, levels,
  // swizzle, parameters); validation skips unchanged units.
  // Atomic: a draw in another context of the share group compares it while
  // this one's first complete use rebuilds the storage (under views' lock).
  std::atomic<uint64_t> generation{next_object_generation()};

  // The sampler views draws make of it, shared by the share group's
  // contexts (texture_view_cache.h); its lock also serializes the lazy
  // rebuild of the main storage (ensure_main_storage).
  TextureViewCache views;

  unsigned faces() const { return target == GL_TEXTURE_CUBE_MAP ? 6u : 1u; }
  // The levels an immutable texture has: a view's own (TEXTURE_IMMUTABLE_LEVELS
  // is the original's), else TEXTURE_IMMUTABLE_LEVELS.
  GLint immutable_level_count() const { return is_view ? static_cast<GLint>(view_num_levels) : immutable_levels; }
  // Null when that level was never specified (or the face index is out of range).
  const TextureImage* image(GLint level, unsigned face = 0) const {
    if (level < 0 || static_cast<size_t>(level) >= images.size() || face >= 6) return nullptr;
    const TextureImage& i = images[level][face];
    return i.defined() ? &i : nullptr;
  }
  void changed() { generation.store(next_object_generation(), std::memory_order_relaxed); }
};

// The first bind gives a texture its target; a rectangle starts with
// CLAMP_TO_EDGE wrapping and LINEAR minification (GL 4.6 §8.5, table 23.18),
// and so does an external texture (OES_EGL_image_external §3.7.14).
inline void set_texture_target(Texture& tex, GLenum target) {
  tex.target = target;
  if (target == GL_TEXTURE_RECTANGLE || target == GL_TEXTURE_EXTERNAL_OES) {
    tex.sampler.wrap_s = tex.sampler.wrap_t = tex.sampler.wrap_r = GL_CLAMP_TO_EDGE;
    tex.sampler.min_filter = GL_LINEAR;
  }
}

// Whether sampling `tex`, whose base level has format `info`, reads stencil
// indices (ES 3.1 §8.19): a depth/stencil format in STENCIL_INDEX mode.
// Depth-only and stencil-only formats ignore the mode.
inline bool samples_stencil(const Texture& tex, const pixel::InternalFormatInfo& info) {
  return tex.depth_stencil_mode == GL_STENCIL_INDEX && info.has_depth() && info.has_stencil();
}

class Sampler final : public Object {
 public:
  using Object::Object;
  SamplerParams params;
  uint64_t generation = next_object_generation();
  void changed() { generation = next_object_generation(); }
};

struct TextureUnit {
  Binding<Texture> texture_2d, texture_3d, texture_2d_array, texture_cube, texture_2d_multisample,
      texture_2d_multisample_array, texture_buffer, texture_cube_array;
  Binding<Texture> texture_1d, texture_1d_array, texture_rect;  // desktop GL
  Binding<Texture> texture_external;  // OpenGL ES: TEXTURE_EXTERNAL_OES
  Binding<Sampler> sampler;
};

struct TextureUnits {
  GLuint active = 0;  // glActiveTexture - GL_TEXTURE0
  std::array<TextureUnit, kMaxTextureUnits> units;
};

// Packed pipe sampler state key (no padding bytes: hashed and compared as bytes).
struct SamplerKey {
  uint8_t wrap_s, wrap_t, wrap_r, min_filter, mag_filter, mip_filter, compare_enable, compare_func;
  uint8_t seamless_cube_map, border_color_integer, pad[2];
  uint32_t min_lod_bits, max_lod_bits, max_anisotropy_bits;
  uint32_t lod_bias_bits;  // the object's TEXTURE_LOD_BIAS plus the unit's (compatibility profile), clamped
  uint32_t border_color[4];  // zero unless a wrap mode is CLAMP_TO_BORDER
};
static_assert(std::has_unique_object_representations_v<SamplerKey>);

// Per-context texture state that is not GL-visible: the default textures
// (name 0) and pipe objects validation keeps.
struct TextureContextState {
  // The default texture of each target (what a null binding means).
  std::array<Ref<Texture>, static_cast<size_t>(TextureTargetIndex::Count)> defaults;
  // The proxy textures of desktop contexts, state only (texture_proxy.h).
  std::array<Ref<Texture>, static_cast<size_t>(TextureTargetIndex::Count)> proxies;
  StateObjectCache<SamplerKey, pipe::SamplerObject> sampler_states;
  // 1x1 views sampling (0,0,0,1): [target][kind: float, int, uint, depth];
  // the multisample target's are multisampled.
  std::array<std::array<Ref<pipe::SamplerView>, 4>, static_cast<size_t>(TextureTargetIndex::Count)> dummy_views;
  // What each stage's sampler slot was bound with at the last validations
  // (texture_slot_cache.h).
  std::array<std::array<SlotCache, pipe::kMaxSamplers>, pipe::kShaderStageCount> slots{};  // per pipe::ShaderStage
};

class Context;

// The texture bound to `target` (TEXTURE_2D, ..., never a cube face) on the
// active unit, or the unit `unit`; the default texture when 0 is bound.
// Null for an unknown target, for TEXTURE_2D_MULTISAMPLE outside ES 3.1 and
// TEXTURE_2D_MULTISAMPLE_ARRAY without its extension.
Texture* bound_texture(Context& ctx, GLenum target);
Texture* unit_texture(Context& ctx, unsigned unit, TextureTargetIndex index);
// Where a texture image lives, for framebuffer attachments: the resource,
// its level and the layer of `face_or_layer` (cube face index, array layer or
// 3D slice). Moves the texture to consistent storage first if needed. Null
// when the image is not specified.
pipe::Resource* texture_image_storage(Context& ctx, Texture& tex, GLint level, GLint face_or_layer,
                                      uint32_t* resource_level, uint32_t* resource_layer);
// glGet values owned by the texture area (ACTIVE_TEXTURE, TEXTURE_BINDING_*,
// SAMPLER_BINDING; TEXTURE_BINDING_2D_MULTISAMPLE in ES 3.1); false for
// other names.
bool query_texture_state(Context& ctx, GLenum pname, GLint* value);
// Context teardown: pipe objects kept by texture validation.
void release_texture_state(Context& ctx);

}  // namespace brass::gl
