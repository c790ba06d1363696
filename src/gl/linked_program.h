// The result of a successful glLinkProgram, as the rest of the frontend sees
// it. The program area fills it (and may add fields); vertex-input and
// texture validation read only what is declared here.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "compiler/compiler.h"
#include "gl/compat/builtin_uniforms.h"
#include "gl/gl_types.h"
#include "gl/separable_combinations.h"
#include "pipe/context.h"
#include "pipe/shader_info.h"

namespace brass::gl {

// One sampler uniform element as bound at the pipe level: the pipe sampler
// slot of a stage (the binding table's `slot` for set 2) and the texture unit
// the application assigned with glUniform1i (kept current by the program area).
struct SamplerSlot {
  pipe::ShaderStage stage = pipe::ShaderStage::Fragment;
  uint32_t stages = 0;  // pipe::stage_bit of every stage reading it (`stage` is the first)
  uint32_t slot = 0;
  GLenum sampler_type = GL_SAMPLER_2D;  // GL_SAMPLER_2D, GL_INT_SAMPLER_3D, GL_SAMPLER_2D_SHADOW, ...
  GLint unit = 0;
};

// One image uniform element as bound at the pipe level: the storage-image
// slot (the binding table's `slot` for set 4), dense per stage, and the
// image unit it reads (its layout(binding), which desktop GL's glUniform1i
// may change; ES has no glUniform for images). An image several stages read has the same slot in each of
// them, so whichever of its stages a program pipeline takes, the slot is
// the image's alone in the first of them, where it is bound.
struct ImageSlot {
  uint32_t stages = 0;  // pipe::stage_bit of every stage reading it
  uint32_t slot = 0;
  GLenum image_type = GL_IMAGE_2D;  // GL_IMAGE_2D, GL_UNSIGNED_INT_IMAGE_2D_ARRAY, ...
  GLint unit = 0;
};

// Base type a vertex shader input expects, which decides how a generic
// attribute value or array is fetched (float vs integer vs double). A
// double column of one or two components takes one Vulkan location
// (Double); one of three or four takes two, where GL counts one: the first
// reads the array or current value (DoubleWide), the second its last two
// doubles (DoubleUpper: no element of its own with 64-bit formats, the
// second half of the words where they are lowered).
enum class AttribBaseType : uint8_t { Float, Int, Uint, Double, DoubleWide, DoubleUpper };

// A number no other executable of the process has (subroutines.cpp).
uint64_t next_linked_program_serial();

struct LinkedProgram {
  LinkedProgram() = default;
  LinkedProgram(const LinkedProgram&) = delete;
  LinkedProgram& operator=(const LinkedProgram&) = delete;
  ~LinkedProgram();  // deletes the pipe programs (program area)

  // Tells executables apart where addresses cannot (a relink may put the
  // new one where a freed one was): the context's subroutine selections
  // remember the executable they were made for (subroutines.h).
  const uint64_t serial = next_linked_program_serial();
  pipe::ShaderProgram* pipe_program = nullptr;  // owned; deleted by the program area
  pipe::Context* owner = nullptr;                // the pipe context that created it
  // Per Vulkan location of the vertex shader's inputs (GL's location but
  // for double inputs: compiler::vulkan_vertex_input_locations): whether an
  // input is there, its base type, its column's components (1..4: a 64-bit
  // input needs a vertex format of at least as many) and the GL attribute
  // index that feeds it.
  uint32_t attribute_locations = 0;
  std::array<AttribBaseType, 32> attribute_types{};
  std::array<uint8_t, 32> attribute_components{};
  std::array<uint8_t, 32> attribute_index{};
  std::vector<SamplerSlot> samplers;             // every active sampler uniform element
  // Indices in `samplers` of the samplerBuffer elements (of any sampled
  // type): compatibility draws read which formats their buffer textures
  // have (texture_buffer_swizzle.h).
  std::vector<uint32_t> buffer_samplers;
  std::vector<ImageSlot> images;                 // every active image uniform element
  // EXT_shader_framebuffer_fetch: fragment sampler slots that receive a copy
  // of a colour attachment before each draw (texture_validation.cpp).
  struct FetchSlot {
    uint32_t slot = 0;         // fragment-stage sampler slot
    uint32_t draw_buffer = 0;  // which draw buffer's attachment
  };
  std::vector<FetchSlot> fetch_slots;
  // The stage the rasterizer takes its vertices from: the geometry stage
  // when there is one, else the vertex stage. writes_point_size and
  // writes_clip_distance are that stage's.
  pipe::ShaderStage last_pre_rasterization = pipe::ShaderStage::Vertex;
  bool writes_point_size = false;
  bool writes_clip_distance = false;  // EXT_clip_cull_distance
  // The fragment stage reads gl_NumSamples (OES_sample_variables): draws
  // to a multisampled framebuffer use the num_samples variant.
  bool reads_num_samples = false;
  // The fragment shader reads gl_PointCoord (its origin is a variant).
  bool reads_point_coord = false;
  // The vertex stage reads gl_BaseVertex / gl_DrawID
  // (compiler/draw_parameters.h): non-indexed draws use the
  // base_vertex_zero variant; the draws of multi-draw loops are numbered.
  bool reads_base_vertex = false;
  bool reads_draw_id = false;
  bool compute = false;  // a compute program (dispatched, never drawn); interface.compute_local_size
  // Linked from SPIR-V (ARB_gl_spirv §7.3.1): the interface's names are
  // Brass's own (compiler/spirv_gl_names.h), so the application sees no
  // names: empty strings, and name lookups find nothing.
  bool names_hidden = false;
  // Linked with GL_PROGRAM_SEPARABLE: its stages may go into program
  // pipelines. pipe_program is null unless it has both a vertex and a
  // fragment stage (pipelines draw with combinations, separable_link.h).
  bool separable = false;
  // A separable program's vertex and fragment stages, each compiled alone
  // by the driver (pipe::ShaderInfo::separable_stage) so that a program
  // pipeline can draw any combination of them without compiling; null
  // where the driver cannot (combinations are then compiled, as before).
  // Owned, deleted with pipe_program.
  std::array<pipe::ShaderProgram*, pipe::kGraphicsStageCount> stage_programs{};
  // A separable vertex stage's combinations with other stages, found again
  // when a program pipeline switches back to them (separable_combinations.h).
  SeparableCombinations combinations;

  // --- program area ---
  pipe::Screen* screen = nullptr;  // the device the pipe programs live on
  // The same program with draw-time state compiled in (compiler::VariantKey:
  // gl_PointSize for point draws when the vertex shader does not write it,
  // GL_CLIP_DISTANCEi enables), made on first use of each key.
  std::vector<std::pair<compiler::VariantKey, pipe::ShaderProgram*>> variants;
  std::vector<compiler::StageBinary> stages;  // SPIR-V the pipe programs were made from
  pipe::ShaderInfo info;                      // spans into `stages`
  compiler::ProgramInterface interface;
  // CPU copy of the std140 default uniform block (same layout in every
  // stage), uploaded as constant buffer slot 0 of `default_block_stages`.
  std::vector<uint8_t> default_block;
  uint32_t default_block_stages = 0;  // pipe::stage_bit mask
  // Offsets in `default_block` of gl_DepthRange.near/.far/.diff (-1: not
  // read), filled from the context's depth range before each upload.
  std::array<int32_t, 3> depth_range_offsets{-1, -1, -1};
  // The compatibility built-in uniforms it reads (gl_ModelViewMatrix,
  // gl_LightSource[], ...), written from the context's state likewise.
  compat::BuiltinUniformTable compat_builtins;
  // Per uniform: index of its first element in `samplers`, or -1.
  std::vector<int32_t> sampler_first;
  // Per uniform: index of its first element in `images`, or -1.
  std::vector<int32_t> image_first;
  // Per uniform block: the glUniformBlockBinding binding point. Block i is
  // bound at pipe constant buffer slot i + 1 of every stage using it.
  std::vector<GLuint> block_bindings;
  // Per shader storage block: its binding point, the shader's until desktop
  // GL's glShaderStorageBlockBinding changes it (ES has no such command).
  std::vector<GLuint> storage_block_bindings;
  GLenum xfb_mode = GL_INTERLEAVED_ATTRIBS;  // as linked
};

}  // namespace brass::gl
