// glGet*'s implementation-dependent limits: what the device reports through
// the context's Limits, or the spec minimum where Brass needs no cap.
#include "gl/state_query_limits.h"

#include <algorithm>
#include <climits>

#include "gl/context.h"
#include "gl/spirv_extensions.h"
#include "gl_functions.h"
#include "util/log.h"

namespace brass::gl {

namespace {

// Implementation-dependent values that need no screen cap (ES 3.0 tables
// 6.27-6.33); each is the spec minimum or what the compiler supports.
constexpr GLint64 kMaxElementIndex = 0xffffffffll;
constexpr GLint kMaxUniformBlocksPerStage = 12;
constexpr GLint kMinProgramTexelOffset = -8, kMaxProgramTexelOffset = 7;
constexpr GLint kMaxElementsIndices = 1 << 20, kMaxElementsVertices = 1 << 20;
constexpr GLint kMaxTransformFeedbackInterleavedComponents = 64;
constexpr GLint kMaxTransformFeedbackSeparateComponents = 4;
constexpr GLint64 kMaxServerWaitTimeout = 0;

}  // namespace

// Implementation-dependent limits (ES 3.0 tables 6.27-6.33).
bool query_limits(Context& ctx, GLenum pname, QueryValue* out) {
  const Limits& l = ctx.limits;
  switch (pname) {
    case GL_MAX_ELEMENT_INDEX: *out = ints({kMaxElementIndex}); return true;
    case GL_SUBPIXEL_BITS: *out = ints({l.subpixel_bits}); return true;
    case GL_MAX_TEXTURE_SIZE: *out = ints({l.max_texture_size}); return true;
    case GL_MAX_CUBE_MAP_TEXTURE_SIZE: *out = ints({l.max_cube_map_texture_size}); return true;
    case GL_MAX_3D_TEXTURE_SIZE: *out = ints({l.max_3d_texture_size}); return true;
    case GL_MAX_ARRAY_TEXTURE_LAYERS: *out = ints({l.max_array_texture_layers}); return true;
    // The device's bound on the sum of the biases (Vulkan's maxSamplerLodBias).
    case GL_MAX_TEXTURE_LOD_BIAS:
      *out = floats({static_cast<GLfloat>(ctx.screen().get_cap(pipe::Cap::MaxSamplerLodBias))});
      return true;
    case GL_MAX_RENDERBUFFER_SIZE: *out = ints({l.max_renderbuffer_size}); return true;
    case GL_MAX_DRAW_BUFFERS: *out = ints({l.max_draw_buffers}); return true;
    case GL_MAX_COLOR_ATTACHMENTS: *out = ints({l.max_color_attachments}); return true;
    case GL_MAX_VIEWPORT_DIMS: *out = ints({l.max_viewport_dims[0], l.max_viewport_dims[1]}); return true;
    case GL_ALIASED_POINT_SIZE_RANGE: *out = floats({1.0f, static_cast<GLfloat>(ctx.limits.max_point_size)}); return true;
    case GL_ALIASED_LINE_WIDTH_RANGE: *out = floats({1.0f, static_cast<GLfloat>(ctx.limits.max_line_width)}); return true;
    // ES 3.2: the widths of multisampled lines, which are rasterized with
    // the same whole-pixel widths as aliased ones.
    case GL_MULTISAMPLE_LINE_WIDTH_RANGE:
      if (ctx.desktop() || ctx.version() < 32) return false;
      *out = floats({1.0f, static_cast<GLfloat>(ctx.limits.max_line_width)});
      return true;
    case GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY:
      if (ctx.desktop() || ctx.version() < 32) return false;
      *out = floats({1.0f});
      return true;
    case GL_MAX_ELEMENTS_INDICES: *out = ints({kMaxElementsIndices}); return true;
    case GL_MAX_ELEMENTS_VERTICES: *out = ints({kMaxElementsVertices}); return true;
    // Every compressed format glCompressedTexImage2D accepts in this context
    // (ETC2/EAC, and ETC1, S3TC, RGTC, ASTC LDR where exposed): applications and
    // conformance suites take a format's absence here as "unsupported".
    case GL_NUM_COMPRESSED_TEXTURE_FORMATS:
    case GL_COMPRESSED_TEXTURE_FORMATS: {
      QueryValue q;
      for (const pixel::InternalFormatInfo& f : pixel::all_internal_formats())
        if (f.is_compressed() && pixel::is_available(f, ctx.format_features)) {
          BRASS_ASSERT(q.count < kMaxValues);
          if (q.count < kMaxValues) q.i[q.count++] = f.internal_format;
        }
      *out = pname == GL_COMPRESSED_TEXTURE_FORMATS ? q : ints({q.count});
      return true;
    }
    case GL_NUM_PROGRAM_BINARY_FORMATS: *out = ints({0}); return true;
    case GL_PROGRAM_BINARY_FORMATS: *out = QueryValue{}; return true;
    // SPIR-V modules (ARB_gl_spirv) are the one shader binary format.
    case GL_NUM_SHADER_BINARY_FORMATS: *out = ints({ctx.has_extension("GL_ARB_gl_spirv") ? 1 : 0}); return true;
    case GL_SHADER_BINARY_FORMATS:
      *out = ctx.has_extension("GL_ARB_gl_spirv") ? ints({GL_SHADER_BINARY_FORMAT_SPIR_V}) : QueryValue{};
      return true;
    case GL_NUM_SPIR_V_EXTENSIONS:
      if (!ctx.has_extension("GL_ARB_spirv_extensions")) return false;
      *out = ints({static_cast<GLint>(spirv_extensions(ctx).size())});
      return true;
    case GL_SHADER_COMPILER: *out = booleans({true}); return true;
    // EXT_clip_cull_distance (GL_MAX_CLIP_DISTANCES_EXT is GL_MAX_CLIP_PLANES'
    // value); only when the extension is exposed. ES requires 8 of each and
    // 8 combined; Brass never exposes more than the compiler declares.
    // EXT_shader_framebuffer_fetch: a discarded fragment leaves its samples
    // untouched (the fetched copy is not written back).
    case GL_FRAGMENT_SHADER_DISCARDS_SAMPLES_EXT:
      if (!ctx.has_extension("GL_EXT_shader_framebuffer_fetch")) return false;
      *out = booleans({false});
      return true;
    case GL_MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT:
      // The extension is advertised only with Vulkan's dualSrcBlend, whose
      // guaranteed maxFragmentDualSrcAttachments is the ES minimum of 1.
      if (!ctx.has_feature("GL_EXT_blend_func_extended")) return false;
      *out = ints({1});
      return true;
    case GL_MAX_CULL_DISTANCES_EXT:
    case GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT:
      // ARB_cull_distance in desktop contexts (GL 4.5's; listed where the
      // device culls, extensions.cpp).
      if (ctx.desktop() && !ctx.has_extension("GL_ARB_cull_distance")) return false;
      [[fallthrough]];
    case GL_MAX_CLIP_DISTANCES_EXT:
      if (!ctx.has_feature("GL_EXT_clip_cull_distance")) return false;
      *out = ints({8});
      return true;
    case GL_MAX_SHADER_COMPILER_THREADS_KHR:
      // An unsigned value: GetIntegerv returns its bit pattern (0xFFFFFFFF reads as -1).
      *out = ints({static_cast<GLint>(ctx.state.max_shader_compiler_threads)});
      return true;
    case GL_MAX_SERVER_WAIT_TIMEOUT: *out = ints({kMaxServerWaitTimeout}); return true;
    case GL_NUM_EXTENSIONS: *out = ints({static_cast<GLint64>(ctx.extensions().size())}); return true;
    case GL_MAJOR_VERSION: *out = ints({ctx.major()}); return true;
    // Desktop core contexts only (GL 4.6 table 23.81); there is no
    // compatibility profile.
    case GL_CONTEXT_PROFILE_MASK:
      if (!ctx.desktop() || ctx.version() < 32) return false;  // 3.1 has no profiles
      *out = ints({ctx.compatibility() ? GL_CONTEXT_COMPATIBILITY_PROFILE_BIT : GL_CONTEXT_CORE_PROFILE_BIT});
      return true;
    case GL_MINOR_VERSION: *out = ints({ctx.minor()}); return true;
    case GL_MAX_VERTEX_ATTRIBS: *out = ints({l.max_vertex_attribs}); return true;
    case GL_MAX_VERTEX_UNIFORM_COMPONENTS: *out = ints({l.max_vertex_uniform_vectors * 4}); return true;
    case GL_MAX_VERTEX_UNIFORM_VECTORS: *out = ints({l.max_vertex_uniform_vectors}); return true;
    case GL_MAX_VERTEX_UNIFORM_BLOCKS: *out = ints({kMaxUniformBlocksPerStage}); return true;
    case GL_MAX_VERTEX_OUTPUT_COMPONENTS: *out = ints({std::max(64, l.max_varying_vectors * 4)}); return true;
    case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS: *out = ints({l.max_vertex_texture_image_units}); return true;
    case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS: *out = ints({l.max_fragment_uniform_vectors * 4}); return true;
    case GL_MAX_FRAGMENT_UNIFORM_VECTORS: *out = ints({l.max_fragment_uniform_vectors}); return true;
    case GL_MAX_FRAGMENT_UNIFORM_BLOCKS: *out = ints({kMaxUniformBlocksPerStage}); return true;
    case GL_MAX_FRAGMENT_INPUT_COMPONENTS: *out = ints({std::max(60, l.max_varying_vectors * 4)}); return true;
    case GL_MAX_TEXTURE_IMAGE_UNITS: *out = ints({l.max_texture_image_units}); return true;
    case GL_MIN_PROGRAM_TEXEL_OFFSET: *out = ints({kMinProgramTexelOffset}); return true;
    case GL_MAX_PROGRAM_TEXEL_OFFSET: *out = ints({kMaxProgramTexelOffset}); return true;
    case GL_MAX_UNIFORM_BUFFER_BINDINGS: *out = ints({l.max_uniform_buffer_bindings}); return true;
    case GL_MAX_UNIFORM_BLOCK_SIZE: *out = ints({l.max_uniform_block_size}); return true;
    case GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT: *out = ints({l.uniform_buffer_offset_alignment}); return true;
    case GL_MAX_COMBINED_UNIFORM_BLOCKS: *out = ints({l.max_combined_uniform_blocks}); return true;
    case GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS:
      *out = ints({GLint64{kMaxUniformBlocksPerStage} * l.max_uniform_block_size / 4 + l.max_vertex_uniform_vectors * 4});
      return true;
    case GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS:
      *out = ints({GLint64{kMaxUniformBlocksPerStage} * l.max_uniform_block_size / 4 + l.max_fragment_uniform_vectors * 4});
      return true;
    case GL_MAX_VARYING_COMPONENTS: *out = ints({l.max_varying_vectors * 4}); return true;
    case GL_MAX_VARYING_VECTORS: *out = ints({l.max_varying_vectors}); return true;
    case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: *out = ints({l.max_combined_texture_image_units}); return true;
    case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS:
      *out = ints({kMaxTransformFeedbackInterleavedComponents});
      return true;
    case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS: *out = ints({l.max_transform_feedback_separate_attribs}); return true;
    case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS:
      *out = ints({kMaxTransformFeedbackSeparateComponents});
      return true;
    case GL_MAX_SAMPLES: *out = ints({l.max_samples}); return true;
    default: return false;
  }
}

// ES 3.1 limits of compute, storage blocks, atomic counters and images (ES
// 3.1 tables 20.44-20.48), in ES 3.1 contexts only. Vertex and fragment
// shaders get storage blocks, counters and images where the device can store
// from them (ES 3.1 allows none there).
bool query_es31_limits(Context& ctx, GLenum pname, QueryValue* out) {
  if (!ctx.es31()) return false;
  const Limits& l = ctx.limits;
  const GLint64 blocks = l.max_shader_storage_blocks, counters = l.max_atomic_counter_buffers;
  switch (pname) {
    case GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS: *out = ints({l.max_compute_work_group_invocations}); return true;
    // textureGatherOffset's range: what Vulkan guarantees
    // (minTexelGatherOffset <= -8, maxTexelGatherOffset >= 7) is ES 3.1's minimum.
    case GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET: *out = ints({-8}); return true;
    case GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET: *out = ints({7}); return true;
    // Explicit uniform locations: the compiler accepts any location below this.
    case GL_MAX_UNIFORM_LOCATIONS: *out = ints({1024}); return true;
    case GL_MAX_FRAMEBUFFER_WIDTH: *out = ints({l.max_framebuffer_width}); return true;
    case GL_MAX_FRAMEBUFFER_HEIGHT: *out = ints({l.max_framebuffer_height}); return true;
    case GL_MAX_FRAMEBUFFER_SAMPLES: *out = ints({l.max_framebuffer_samples}); return true;
    case GL_MAX_COMPUTE_SHARED_MEMORY_SIZE: *out = ints({l.max_compute_shared_memory_size}); return true;
    case GL_MAX_COMPUTE_UNIFORM_BLOCKS: *out = ints({kMaxUniformBlocksPerStage}); return true;
    case GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS: *out = ints({l.max_texture_image_units}); return true;
    case GL_MAX_COMPUTE_UNIFORM_COMPONENTS: *out = ints({l.max_fragment_uniform_vectors * 4}); return true;
    case GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS:
      *out = ints({GLint64{kMaxUniformBlocksPerStage} * l.max_uniform_block_size / 4 + l.max_fragment_uniform_vectors * 4});
      return true;
    case GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS: *out = ints({kMaxShaderStorageBufferBindings}); return true;
    case GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS:
    case GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS: *out = ints({blocks}); return true;
    case GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS: *out = ints({l.vertex_stores ? blocks : 0}); return true;
    case GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS: *out = ints({l.fragment_stores ? blocks : 0}); return true;
    case GL_MAX_SHADER_STORAGE_BLOCK_SIZE: *out = ints({l.max_shader_storage_block_size}); return true;
    case GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT: *out = ints({l.shader_storage_buffer_offset_alignment}); return true;
    // Fragment outputs, storage blocks and images together: the sum of the
    // three limits (what the compiler checks too, program_link.cpp).
    case GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES:
      *out = ints({GLint64{l.max_draw_buffers} + blocks + l.max_combined_image_uniforms});
      return true;
    case GL_MAX_IMAGE_UNITS: *out = ints({l.max_image_units}); return true;
    case GL_MAX_VERTEX_IMAGE_UNIFORMS: *out = ints({l.max_vertex_image_uniforms}); return true;
    case GL_MAX_FRAGMENT_IMAGE_UNIFORMS: *out = ints({l.max_fragment_image_uniforms}); return true;
    case GL_MAX_COMPUTE_IMAGE_UNIFORMS: *out = ints({l.max_compute_image_uniforms}); return true;
    case GL_MAX_COMBINED_IMAGE_UNIFORMS: *out = ints({l.max_combined_image_uniforms}); return true;
    // Desktop GL 4.2's: no multisample image (the driver does not enable
    // Vulkan's shaderStorageImageMultisample; the minimum is 0).
    // (MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS is the enum of
    // MAX_COMBINED_SHADER_OUTPUT_RESOURCES, above.)
    case GL_MAX_IMAGE_SAMPLES:
      if (!ctx.desktop()) return false;
      *out = ints({0});
      return true;
    case GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS: *out = ints({kMaxAtomicCounterBufferBindings}); return true;
    case GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS:
    case GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS: *out = ints({counters}); return true;
    case GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS: *out = ints({l.vertex_stores ? counters : 0}); return true;
    case GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS: *out = ints({l.fragment_stores ? counters : 0}); return true;
    case GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE: *out = ints({32 * 4}); return true;
    case GL_MAX_COMPUTE_ATOMIC_COUNTERS:
    case GL_MAX_COMBINED_ATOMIC_COUNTERS: *out = ints({32}); return true;
    case GL_MAX_VERTEX_ATOMIC_COUNTERS: *out = ints({l.vertex_stores ? 32 : 0}); return true;
    case GL_MAX_FRAGMENT_ATOMIC_COUNTERS: *out = ints({l.fragment_stores ? 32 : 0}); return true;
    // Multisample textures and the sample mask (table 20.40).
    case GL_MAX_SAMPLE_MASK_WORDS: *out = ints({l.max_sample_mask_words}); return true;
    case GL_MAX_COLOR_TEXTURE_SAMPLES: *out = ints({l.max_color_texture_samples}); return true;
    case GL_MAX_DEPTH_TEXTURE_SAMPLES: *out = ints({l.max_depth_texture_samples}); return true;
    case GL_MAX_INTEGER_SAMPLES: *out = ints({l.max_integer_samples}); return true;
    default: return false;
  }
}

// EXT/OES_geometry_shader's limits (ES 3.2 table 20.43), where the context
// exposes geometry shaders. Storage blocks, counters and images follow the
// vertex stage: Vulkan's vertexPipelineStoresAndAtomics covers both.
bool query_geometry_limits(Context& ctx, GLenum pname, QueryValue* out) {
  if (!ctx.geometry_shaders()) return false;
  const Limits& l = ctx.limits;
  const GLint64 blocks = l.max_shader_storage_blocks, counters = l.max_atomic_counter_buffers;
  switch (pname) {
    case GL_MAX_GEOMETRY_UNIFORM_COMPONENTS_EXT: *out = ints({l.max_vertex_uniform_vectors * 4}); return true;
    case GL_MAX_GEOMETRY_UNIFORM_BLOCKS_EXT: *out = ints({kMaxUniformBlocksPerStage}); return true;
    case GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS_EXT:
      *out = ints({GLint64{kMaxUniformBlocksPerStage} * l.max_uniform_block_size / 4 + l.max_vertex_uniform_vectors * 4});
      return true;
    case GL_MAX_GEOMETRY_INPUT_COMPONENTS_EXT: *out = ints({l.max_geometry_input_components}); return true;
    case GL_MAX_GEOMETRY_OUTPUT_COMPONENTS_EXT: *out = ints({l.max_geometry_output_components}); return true;
    case GL_MAX_GEOMETRY_OUTPUT_VERTICES_EXT: *out = ints({l.max_geometry_output_vertices}); return true;
    case GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS_EXT: *out = ints({l.max_geometry_total_output_components}); return true;
    case GL_MAX_GEOMETRY_SHADER_INVOCATIONS_EXT: *out = ints({l.max_geometry_shader_invocations}); return true;
    case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS_EXT: *out = ints({l.max_texture_image_units}); return true;
    case GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS_EXT: *out = ints({l.vertex_stores ? counters : 0}); return true;
    case GL_MAX_GEOMETRY_ATOMIC_COUNTERS_EXT: *out = ints({l.vertex_stores ? 32 : 0}); return true;
    case GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS_EXT: *out = ints({l.vertex_stores ? blocks : 0}); return true;
    case GL_MAX_GEOMETRY_IMAGE_UNIFORMS_EXT: *out = ints({l.max_vertex_image_uniforms}); return true;
    // Vulkan does not say which vertex of a primitive gives its Layer.
    case GL_LAYER_PROVOKING_VERTEX_EXT: *out = enum_value(GL_UNDEFINED_VERTEX_EXT); return true;
    case GL_MAX_FRAMEBUFFER_LAYERS_EXT: *out = ints({l.max_framebuffer_layers}); return true;
    default: return false;
  }
}

// EXT/OES_tessellation_shader's limits (ES 3.2 table 20.43) and
// PATCH_VERTICES, where the context exposes tessellation shaders. Uniforms,
// textures, storage blocks, counters and images follow the vertex stage,
// as for geometry shaders.
bool query_tessellation_state(Context& ctx, GLenum pname, QueryValue* out) {
  if (!ctx.tessellation_shaders()) return false;
  const Limits& l = ctx.limits;
  const GLint64 blocks = l.max_shader_storage_blocks, counters = l.max_atomic_counter_buffers;
  const GLint64 combined_uniforms =
      GLint64{kMaxUniformBlocksPerStage} * l.max_uniform_block_size / 4 + l.max_vertex_uniform_vectors * 4;
  switch (pname) {
    case GL_PATCH_VERTICES_EXT: *out = ints({ctx.state.patch_vertices}); return true;
    case GL_PATCH_DEFAULT_OUTER_LEVEL:
      if (!ctx.desktop()) return false;
      *out = floats(ctx.state.patch_default_outer, 4, false);
      return true;
    case GL_PATCH_DEFAULT_INNER_LEVEL:
      if (!ctx.desktop()) return false;
      *out = floats(ctx.state.patch_default_inner, 2, false);
      return true;
    case GL_MAX_PATCH_VERTICES_EXT: *out = ints({l.max_patch_vertices}); return true;
    case GL_MAX_TESS_GEN_LEVEL_EXT: *out = ints({l.max_tess_gen_level}); return true;
    case GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS_EXT:
    case GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS_EXT: *out = ints({l.max_vertex_uniform_vectors * 4}); return true;
    case GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS_EXT:
    case GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS_EXT: *out = ints({l.max_texture_image_units}); return true;
    case GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS_EXT: *out = ints({l.max_tess_control_output_components}); return true;
    case GL_MAX_TESS_PATCH_COMPONENTS_EXT: *out = ints({l.max_tess_patch_components}); return true;
    case GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS_EXT:
      *out = ints({l.max_tess_control_total_output_components});
      return true;
    case GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS_EXT:
      *out = ints({l.max_tess_evaluation_output_components});
      return true;
    case GL_MAX_TESS_CONTROL_INPUT_COMPONENTS_EXT: *out = ints({l.max_tess_control_input_components}); return true;
    case GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS_EXT:
      *out = ints({l.max_tess_evaluation_input_components});
      return true;
    case GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS_EXT:
    case GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS_EXT: *out = ints({kMaxUniformBlocksPerStage}); return true;
    case GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS_EXT:
    case GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS_EXT: *out = ints({combined_uniforms}); return true;
    case GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS_EXT:
    case GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS_EXT: *out = ints({l.vertex_stores ? counters : 0}); return true;
    case GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS_EXT:
    case GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS_EXT: *out = ints({l.vertex_stores ? 32 : 0}); return true;
    case GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS_EXT:
    case GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS_EXT: *out = ints({l.vertex_stores ? blocks : 0}); return true;
    case GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS_EXT:
    case GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS_EXT: *out = ints({l.max_vertex_image_uniforms}); return true;
    // Vulkan restarts patch lists only with primitiveTopologyPatchListRestart.
    case GL_PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED: *out = booleans({false}); return true;
    default: return false;
  }
}

// The ES 3.2 shading state of its ES 3.1 extensions, where the context
// exposes them: OES_sample_shading's value, OES_shader_multisample_
// interpolation's offset limits, EXT/OES_primitive_bounding_box's box.
bool query_es32_shading_state(Context& ctx, GLenum pname, QueryValue* out) {
  switch (pname) {
    case GL_MIN_SAMPLE_SHADING_VALUE_OES:
      if (!ctx.has_feature("GL_OES_sample_shading")) return false;
      *out = floats({ctx.ff.min_sample_shading});
      return true;
    case GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_OES:
    case GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_OES:
    case GL_FRAGMENT_INTERPOLATION_OFFSET_BITS_OES: {
      if (!ctx.has_feature("GL_OES_shader_multisample_interpolation")) return false;
      const Limits& l = ctx.limits;
      if (pname == GL_FRAGMENT_INTERPOLATION_OFFSET_BITS_OES) *out = ints({l.fragment_interpolation_offset_bits});
      else if (pname == GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_OES) *out = floats({l.min_fragment_interpolation_offset});
      else *out = floats({l.max_fragment_interpolation_offset});
      return true;
    }
    case GL_PRIMITIVE_BOUNDING_BOX_EXT:
      if (!ctx.has_feature("GL_EXT_primitive_bounding_box")) return false;
      *out = floats(ctx.ff.primitive_bounding_box.data(), 8, false);
      return true;
    default: return false;
  }
}

}  // namespace brass::gl
