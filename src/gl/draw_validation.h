// Draw-time validation: GL state that changed since the last draw (dirty
// bits) is turned into pipe state, by handlers run in a fixed order —
// framebuffer first (it may end a render pass), then state objects, then
// resources. Each handler lives with its state area's code; this header is
// the table of them.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <unordered_map>

#include "gl/shader_blend.h"
#include "gl/texture_feedback.h"
#include "gl/validated_draw.h"
#include "pipe/context.h"
#include "util/hash.h"
#include "util/ref_counted.h"

namespace brass::gl {

class Context;
struct LinkedProgram;

enum DirtyBit : uint32_t {
  kDirtyFramebuffer = 1u << 0,
  kDirtyViewport = 1u << 1,
  kDirtyScissor = 1u << 2,
  kDirtyBlend = 1u << 3,
  kDirtyDepthStencil = 1u << 4,
  kDirtyRasterizer = 1u << 5,
  kDirtyBlendColor = 1u << 6,
  kDirtyStencilRef = 1u << 7,
  kDirtySampleMask = 1u << 8,
  kDirtyProgram = 1u << 9,
  kDirtyUniforms = 1u << 10,
  kDirtyVertexInput = 1u << 11,
  kDirtyTextures = 1u << 12,
  kDirtyUniformBuffers = 1u << 13,
  kDirtyTransformFeedback = 1u << 14,
  kDirtyStorageBuffers = 1u << 15,  // shader storage and atomic counter buffer bindings
  kDirtyImages = 1u << 16,          // image units (ES 3.1); texture changes revalidate them too
  // State only the draw's own checks read (primitive restart, PATCH_VERTICES,
  // transform feedback and conditional rendering begun or ended, enables
  // without a state group): the next draw runs its checks again
  // (validated_draw.h).
  kDirtyDrawChecks = 1u << 17,
  // Only the buffer or offset of vertex buffer bindings changed, in a way
  // that leaves every attribute's plan as it was (VertexInputState::
  // changed_bindings): only those bindings are bound again.
  kDirtyVertexBuffers = 1u << 18,
  kDirtyAll = (1u << 19) - 1,
};

// Pipe state objects keyed by a packed GL-side key: a state seen before is
// rebound without creating anything (no allocation per draw in steady state).
template <typename Key, typename Object>
class StateObjectCache {
 public:
  template <typename Create>
  Object* get(const Key& key, Create&& create) {
    if (last_ && std::memcmp(&last_key_, &key, sizeof(Key)) == 0) return last_;
    auto it = map_.find(key);
    if (it == map_.end()) it = map_.emplace(key, create()).first;
    last_key_ = key;
    last_ = it->second;
    return last_;
  }
  template <typename Delete>
  void clear(Delete&& destroy) {
    for (auto& [k, o] : map_) destroy(o);
    map_.clear();
    last_ = nullptr;
  }

 private:
  struct Eq {
    bool operator()(const Key& a, const Key& b) const { return std::memcmp(&a, &b, sizeof(Key)) == 0; }
  };
  std::unordered_map<Key, Object*, KeyHash<Key>, Eq> map_;
  Key last_key_{};
  Object* last_ = nullptr;
};

struct BlendKey {
  struct Target {
    uint8_t enable, rgb_op, alpha_op, rgb_src, rgb_dst, alpha_src, alpha_dst, color_mask;
  };
  Target rt[pipe::kMaxColorBuffers];  // per draw buffer (EXT_draw_buffers_indexed)
  uint8_t alpha_to_coverage, color_buffers, independent, alpha_to_one;
  uint8_t logic_op, pad[3];  // logic_op: 0 off, else 1 + pipe::LogicOp
};
struct DepthStencilKey {
  uint8_t depth_enabled, depth_write, depth_func, stencil_enabled;
  uint8_t face[2][6];  // func, fail, zfail, zpass, value mask, write mask
};
struct RasterizerKey {
  uint8_t cull, front_ccw, offset_enable, discard, scissor, point_size_per_vertex, clip_halfz, polygon_mode;
  uint8_t depth_clamp, flatshade_first, sample_shading, pad;
  uint32_t offset_scale_bits, offset_units_bits, offset_clamp_bits, line_width_bits, min_sample_shading_bits;
};
static_assert(std::has_unique_object_representations_v<BlendKey>);
static_assert(std::has_unique_object_representations_v<DepthStencilKey>);
static_assert(std::has_unique_object_representations_v<RasterizerKey>);

// What the bound draw framebuffer offers, as validation found it.
struct FramebufferInfo {
  uint32_t width = 0, height = 0, samples = 1;
  uint32_t color_buffers = 0;  // highest used draw buffer + 1
  bool has_depth = false, has_stencil = false;
  int stencil_bits = 0;
  bool complete = true;
  // An RGB config stored in RGBA memory: alpha writes are masked and alpha
  // reads as 1.
  bool alpha_is_one = false;
  // The surface bound for each draw buffer (owned by the attachments or by
  // DrawValidationState; valid while the framebuffer stays bound).
  std::array<pipe::Surface*, pipe::kMaxColorBuffers> draw_surfaces{};
  // Draw buffers whose attachment has a non-integer format the device
  // cannot blend (shader_blend.h blends them in the shader).
  uint8_t unblendable = 0;
};

// Copies of colour attachments that EXT_shader_framebuffer_fetch reads
// (framebuffer_fetch.cpp), one per draw buffer, reused while format and
// size stay the same.
struct FramebufferFetchState {
  struct Copy {
    Ref<pipe::Resource> resource;
    Ref<pipe::SamplerView> view;
  };
  std::array<Copy, pipe::kMaxColorBuffers> copies;
  pipe::SamplerObject* sampler = nullptr;  // nearest, clamped
};

struct DrawValidationState {
  StateObjectCache<BlendKey, pipe::BlendObject> blend_states;
  StateObjectCache<DepthStencilKey, pipe::DepthStencilAlphaObject> depth_stencil_states;
  StateObjectCache<RasterizerKey, pipe::RasterizerObject> rasterizer_states;
  Ref<pipe::Surface> default_color, default_depth_stencil;  // the drawable's surfaces
  FramebufferInfo framebuffer;
  bool program_writes_point_size = true;  // set by program validation
  FramebufferFetchState fetch;
  ShaderBlendDrawState shader_blend;  // shader_blend.h
  FeedbackCopyState feedback;  // texture_feedback.h
  ValidatedDraw validated;     // validated_draw.h
};

// Order matters: see the file comment.
// Returns false when nothing may be drawn (the error, if any, is recorded).
bool validate_for_draw(Context& ctx);
// Framebuffer and scissor only (glClear).
bool validate_for_clear(Context& ctx);

// Handlers, each implemented with its area.
bool validate_framebuffer(Context& ctx);                    // framebuffer_validation.cpp
void validate_fixed_function(Context& ctx, uint32_t dirty);  // fixed_function_validation.cpp
bool validate_program(Context& ctx);                        // program area
void validate_uniforms(Context& ctx);                       // program area
void validate_uniform_buffers(Context& ctx);                // program area
void validate_storage_buffers(Context& ctx);                // program area (ES 3.1 SSBOs, atomic counters)
// The same for one executable's `stages` (pipe::stage_bit mask): the
// handlers above run these for each program supplying stages.
void validate_uniforms_of(Context& ctx, LinkedProgram& program, uint32_t stages);
void validate_uniform_buffers_of(Context& ctx, LinkedProgram& program, uint32_t stages);
void validate_storage_buffers_of(Context& ctx, LinkedProgram& program, uint32_t stages);
void validate_textures_of(Context& ctx, const LinkedProgram& program, uint32_t stages);
void validate_images_of(Context& ctx, const LinkedProgram& program, uint32_t stages);
void validate_textures(Context& ctx);                       // texture area
void validate_images(Context& ctx);                         // image area (ES 3.1 image units)
// Every draw of a program that reads the framebuffer (framebuffer_fetch.cpp).
bool bind_framebuffer_fetch_sources(Context& ctx);
void release_framebuffer_fetch(Context& ctx);
// The copies the fetches and the in-shader blends read: a texture of the
// surface's format, size and sample count holding a copy of draw buffer
// `draw_buffer`'s surface, made now (multisampled copies are read per sample
// by the fetch_multisampled variant); null when it cannot be made (out of
// memory). The nearest, clamped sampler they are read with (null: out of
// memory).
pipe::SamplerView* copy_draw_buffer(Context& ctx, unsigned draw_buffer, pipe::Surface& surface);
pipe::SamplerObject* framebuffer_copy_sampler(Context& ctx);
void release_validation_state(Context& ctx);                // context teardown

}  // namespace brass::gl
