// Implementation limits that GLSL sees (gl_MaxVertexAttribs, ...) and the
// linker enforces. The driver fills them from the device; defaults are the
// GL ES 3.2 minimums raised to what every Vulkan 1.3 device offers.
#pragma once

#include <cstdint>

namespace brass::compiler {

struct ShaderLimits {
  int max_vertex_attribs = 16;
  int max_vertex_uniform_vectors = 256;
  int max_fragment_uniform_vectors = 256;
  int max_varying_vectors = 16;
  int max_vertex_output_components = 64;
  int max_fragment_input_components = 64;
  int max_vertex_texture_image_units = 16;
  int max_texture_image_units = 16;
  int max_combined_texture_image_units = 96;
  int max_draw_buffers = 8;
  int max_uniform_buffer_bindings = 72;
  int max_uniform_block_size = 16384;
  int max_combined_uniform_blocks = 72;
  int max_per_stage_uniform_blocks = 12;
  int max_shader_storage_buffer_bindings = 24;
  int max_per_stage_storage_blocks = 8;
  int max_image_units = 8;
  int max_per_stage_images = 8;
  int max_atomic_counter_bindings = 8;
  int max_atomic_counters = 32;
  int max_compute_work_group_count[3] = {65535, 65535, 65535};
  int max_compute_work_group_size[3] = {128, 128, 64};
  int max_compute_shared_memory = 32768;
  int max_geometry_output_vertices = 256;
  int max_geometry_total_output_components = 1024;
  int max_geometry_input_components = 64;
  int max_geometry_output_components = 64;  // ES 3.2 minimum; Vulkan guarantees 64 too
  // layout(invocations) above it is a compile-time error (GLSL 4.00
  // §4.3.8.1; ARB_gpu_shader5 in 1.50/3.30).
  int max_geometry_shader_invocations = 32;
  // Tessellation (ES 3.2 table 20.43 minimums; Vulkan's are the same or
  // higher where the device has the stages).
  int max_tess_gen_level = 64;
  int max_patch_vertices = 32;
  int max_tess_control_input_components = 64;
  int max_tess_control_output_components = 64;
  int max_tess_control_total_output_components = 2048;
  int max_tess_patch_components = 120;
  int max_tess_evaluation_input_components = 64;
  int max_tess_evaluation_output_components = 64;
  int max_clip_distances = 8;
  int max_cull_distances = 8;
  int max_samples = 4;
  int max_transform_feedback_buffers = 4;
  int max_transform_feedback_interleaved_components = 64;
  int min_program_texel_offset = -8;
  int max_program_texel_offset = 7;
  int max_viewports = 16;
  // Highest GLSL ES version the context accepts (300 in an ES 3.0 context:
  // `#version 310 es` fails to compile there).
  int max_es_version = 320;
  // Highest desktop GLSL version accepted (330 in a GL 3.3 context), and
  // whether `#version NNN compatibility` is refused (core-profile contexts;
  // an int, not a bool: the struct is hashed as bytes and must not pad).
  int max_desktop_version = 460;
  int core_profile_only = 0;
  // A desktop compatibility-profile context: GLSL 1.40 has the
  // fixed-function built-ins there (GL_ARB_compatibility).
  int compatibility_profile = 0;
  // The device cannot index arrays of samplers, images or texel buffers
  // with a non-constant index (no shaderSampledImageArrayDynamicIndexing /
  // shaderStorageImageArrayDynamicIndexing / texel-buffer forms): such
  // accesses are rewritten into switches over constant indices
  // (opaque_array_indexing.h). 0 keeps the SPIR-V as glslang made it.
  int lower_dynamic_opaque_indexing = 0;
  // 1 where the device cannot fetch 64-bit vertex formats: double vertex
  // inputs are read as 32-bit integer pairs (vertex_input_64bit.h).
  int lower_64bit_vertex_inputs = 0;
  // 1 where the device's compiler folds the high half of unpackHalf2x16
  // wrong (Mesa before 25.0): each call is split into two low-half
  // unpacks (unpack_half_split.h).
  int split_unpack_half_2x16 = 0;
  // Stages (bit 1 << ShaderStage) whose subgroups vote
  // (ARB_shader_group_vote): the others vote in groups of one invocation
  // (subgroup_vote.h).
  int subgroup_vote_stages = 0;

  static ShaderLimits defaults() { return {}; }
};

}  // namespace brass::compiler
