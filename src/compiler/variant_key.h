// Draw-time state that has to be compiled into a shader. The key is a packed,
// padding-free struct hashed as bytes (util/hash.h hash_key) so the driver can
// key its pipeline/variant caches on it directly.
#pragma once

#include <cstdint>
#include <type_traits>

namespace brass::compiler {

struct VariantKey {
  // Vertex-processing last stage: write gl_PointSize = 1.0 when drawing
  // points and the program does not write it (Vulkan leaves it undefined).
  uint8_t force_point_size = 0;
  // Fragment: glShadeModel(GL_FLAT) makes the compatibility colours
  // (gl_Color, gl_SecondaryColor) flat.
  uint8_t flat_shading = 0;
  // Fragment: GL_SAMPLE_ALPHA_TO_ONE (force alpha 1.0 after coverage).
  // Reserved: Vulkan's alphaToOneEnable covers it where supported.
  uint8_t alpha_to_one = 0;
  // Fragment: GL_SAMPLE_SHADING at a fraction of 1.0 on a multisampled
  // framebuffer: every input is interpolated at its sample
  // (per_sample_interpolation.h). The pipeline's sampleShadingEnable makes
  // the invocations per sample.
  uint8_t sample_shading = 0;
  // Legacy user clip planes (bit per plane), desktop compatibility only.
  // Reserved, not implemented yet.
  uint8_t clip_plane_mask = 0;
  // Vertex: EXT_clip_cull_distance planes whose glEnable is off (bit per
  // gl_ClipDistance element); they are written as 0 so Vulkan never clips by
  // them (es_builtin_standins.h).
  uint8_t clip_distances_disabled = 0;
  // Fragment: EXT_shader_framebuffer_fetch on a multisampled framebuffer:
  // per-sample fetches (framebuffer_fetch.h make_fetch_multisampled).
  uint8_t fetch_multisampled = 0;
  // Fragment: KHR_blend_equation_advanced, the equation blended in the
  // shader (advanced_blend.h AdvancedBlendEquation; 0: none).
  uint8_t advanced_blend = 0;
  // Fragment: gl_NumSamples, the draw framebuffer's sample count when above
  // one (es_builtin_standins.h set_num_samples; 0: leave it 1).
  uint8_t num_samples = 0;
  // Fragment: desktop POINT_SPRITE_COORD_ORIGIN LOWER_LEFT: gl_PointCoord
  // is not flipped (es_builtin_standins.h set_point_coord_lower_left).
  uint8_t point_coord_lower_left = 0;
  // Tessellation control: the patch size of a control stage Brass made
  // (passthrough_tess_control.h) when it is not the 3 it was linked for
  // (0: leave it).
  uint8_t patch_vertices = 0;
  // Fragment: the compatibility profile's alpha test (alpha_test.h
  // alpha_func_key; 0: none) against the reference alpha_ref_bits (a float
  // in [0, 1]).
  uint8_t alpha_func = 0;
  // Vertex-processing stages: when non-zero, gl_PointSize is this float (its
  // bits) whatever the shader writes (desktop GL with PROGRAM_POINT_SIZE
  // disabled draws points of glPointSize's size).
  // Vertex: a non-indexed draw, whose gl_BaseVertex is 0 where Vulkan's
  // BaseVertex is the first vertex (draw_parameters.h).
  uint8_t base_vertex_zero = 0;
  // Fragment: the draw buffers (bit per buffer) blended in the shader because
  // the device cannot blend their format (shader_blend.h).
  uint8_t shader_blend_mask = 0;
  uint8_t reserved[2] = {};
  uint32_t point_size_bits = 0;
  uint32_t alpha_ref_bits = 0;
  // Compatibility profile: the component mapping of the legacy format
  // (texel_buffer_swizzle.h TexelBufferSwizzle, kTexelBufferSwizzleBits
  // each) of the buffer texture each samplerBuffer element of the program
  // reads, in the order the GL side enumerates them; 0: all as fetched.
  uint64_t texel_buffer_swizzles = 0;

  bool operator==(const VariantKey&) const = default;
  bool empty() const { return *this == VariantKey{}; }
};
static_assert(sizeof(VariantKey) == 32, "VariantKey must stay packed");
static_assert(std::has_unique_object_representations_v<VariantKey>);

}  // namespace brass::compiler
