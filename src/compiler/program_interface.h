// The GL program interface of a linked program (what glGetActiveUniform,
// glGetUniformLocation, glGetProgramResource* answer) and the Vulkan
// descriptor binding table the driver builds its set layouts from.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace brass::compiler {

enum class ShaderStage : uint8_t {
  Vertex = 0,
  TessControl = 1,
  TessEval = 2,
  Geometry = 3,
  Fragment = 4,
  Compute = 5,
};
inline constexpr int kShaderStageCount = 6;

// Bit (1 << stage) per ShaderStage.
using StageMask = uint32_t;
inline constexpr StageMask stage_bit(ShaderStage s) { return 1u << static_cast<uint32_t>(s); }

// Descriptor sets, one per descriptor type (the contract with the driver).
enum DescriptorSetIndex : uint32_t {
  kSetDefaultUniforms = 0,  // one std140 UBO per stage, binding = stage index (compute: 0)
  kSetUniformBuffers = 1,
  kSetSamplers = 2,         // combined image samplers and uniform texel buffers
  kSetStorageBuffers = 3,
  kSetStorageImages = 4,    // storage images and storage texel buffers
  kSetBindless = 5,         // reserved
  kSetCount = 6,
};

enum class DescriptorKind : uint8_t {
  UniformBuffer,         // set 0 and set 1
  CombinedImageSampler,  // set 2
  UniformTexelBuffer,    // set 2 (samplerBuffer)
  StorageBuffer,         // set 3
  StorageImage,          // set 4
  StorageTexelBuffer,    // set 4 (imageBuffer)
  // set 3: a VK storage buffer holding a GL atomic counter buffer binding;
  // slot = index in ProgramInterface::atomic_counter_buffers.
  AtomicCounterBuffer,
  // set 2: a colour attachment read by EXT_shader_framebuffer_fetch, bound
  // as a combined image sampler holding a copy of the attachment made before
  // the draw (framebuffer_fetch.h); slot = draw buffer index.
  FramebufferFetch,
};

struct Binding {
  uint32_t set = 0;
  uint32_t binding = 0;
  StageMask stages = 0;
  DescriptorKind kind = DescriptorKind::UniformBuffer;
  uint32_t array_count = 1;
  // GL-visible slot: for UBO/SSBO the block index within the program; for
  // samplers/images the index of the uniform in ProgramInterface::uniforms.
  // For the default uniform block (set 0) the stage index.
  uint32_t slot = 0;
  bool operator==(const Binding&) const = default;
};

// One active uniform as glGetActiveUniform reports it. Default-block
// uniforms have block_index -1 and an offset into the stage-independent
// default block layout (std140; every stage's default UBO has the same
// layout, members a stage does not use are still laid out).
struct Uniform {
  std::string name;        // GL name: arrays end in "[0]"
  uint32_t type = 0;       // GL enum (gl_types.h)
  int32_t array_size = 1;  // GL_UNIFORM_SIZE
  int32_t block_index = -1;
  int32_t offset = -1;     // byte offset in its block (default block for -1)
  int32_t array_stride = 0;
  int32_t matrix_stride = 0;
  bool row_major = false;
  int32_t location = -1;   // first location (default block only); arrays take array_size locations
  StageMask stages = 0;
  // Samplers and images: the GL initial binding (layout(binding=N)), else 0.
  int32_t initial_binding = 0;
  // Whether layout(binding=N) gave it (array elements then take N + i;
  // without it every element starts at 0).
  bool explicit_binding = false;
  bool is_sampler = false;  // includes samplerBuffer
  bool is_image = false;
  int32_t atomic_buffer_index = -1;  // atomic counters only
  // Samplers lowered out of a struct (opaque_struct_lowering.h): the GL
  // uniforms "s[0].tex", "s[1].tex" share one descriptor array, each
  // starting at this element; the uniform `sampler_element` places before
  // (element 0) owns the binding.
  int32_t sampler_element = 0;
  bool operator==(const Uniform&) const = default;
};

// Uniform or shader-storage block.
struct Block {
  std::string name;          // GL name, "Block[0]" for arrays of blocks
  int32_t data_size = 0;     // GL_UNIFORM_BLOCK_DATA_SIZE
  int32_t initial_binding = 0;  // layout(binding=N) or 0
  StageMask stages = 0;
  std::vector<uint32_t> active_members;  // indices into uniforms / buffer_variables
  // A storage block declared readonly: draws reading it never write it, so
  // its buffer needs no barrier between two of them.
  bool read_only = false;
  bool operator==(const Block&) const = default;
};

// GL atomic counter buffer (glGetActiveAtomicCounterBufferiv). Its counters
// are uniforms of type GL_UNSIGNED_INT_ATOMIC_COUNTER whose block_index is
// -1, atomic_buffer_index this buffer and offset their byte offset.
struct AtomicCounterBuffer {
  int32_t binding = 0;  // layout(binding = N): the GL binding point
  int32_t data_size = 0;
  StageMask stages = 0;
  std::vector<uint32_t> active_counters;  // indices into uniforms
  bool operator==(const AtomicCounterBuffer&) const = default;
};

// Member of a shader-storage block (GL_BUFFER_VARIABLE).
struct BufferVariable {
  std::string name;
  uint32_t type = 0;
  int32_t array_size = 1;  // 0 for an array declared without a size (runtime-sized)
  int32_t block_index = -1;
  int32_t offset = 0;
  int32_t array_stride = 0;
  int32_t matrix_stride = 0;  // matrices: bytes between columns (rows when row-major)
  bool row_major = false;
  int32_t top_level_array_size = 1;  // 0 when the top-level member is runtime-sized
  int32_t top_level_array_stride = 0;
  StageMask stages = 0;
  bool operator==(const BufferVariable&) const = default;
};

// Vertex attribute, fragment output or transform-feedback varying.
struct InterfaceVariable {
  std::string name;
  uint32_t type = 0;
  int32_t array_size = 1;
  int32_t location = -1;
  int32_t index = 0;  // fragment outputs: dual-source index
  // Transform feedback: buffer and byte offset it is captured to (-1 when
  // not captured, e.g. gl_NextBuffer / gl_SkipComponents markers).
  int32_t xfb_buffer = -1;
  int32_t xfb_offset = -1;
  // A tessellation `patch` input or output (GL_IS_PER_PATCH): one per
  // patch rather than one per vertex.
  bool per_patch = false;
  // Varyings of separable stages: the interpolation qualifier (ES 3.1
  // §7.4.1: a program pipeline's stages must agree on it).
  enum class Interpolation : uint8_t { Smooth, Flat, NoPerspective };
  Interpolation interpolation = Interpolation::Smooth;
  bool operator==(const InterfaceVariable&) const = default;
};

// ARB_shader_subroutine (GL 4.6 §7.10): one subroutine uniform of a stage
// as GL lists it. Arrays of arrays are listed like uniforms: one entry per
// innermost array ("f[1][0]").
struct SubroutineUniform {
  std::string name;        // GL name: arrays end in "[0]"
  int32_t location = 0;    // first location; an array takes array_size
  int32_t array_size = 1;  // GL_UNIFORM_SIZE
  std::vector<uint32_t> compatible;  // subroutine indices, ascending
  bool operator==(const SubroutineUniform&) const = default;
};

// One stage's subroutines. The compiler lowers every subroutine uniform to
// one element per location of a uint array in the default block (the
// "selection" array, subroutines.h): the selected subroutine index, which
// the GL frontend writes from the context's glUniformSubroutinesuiv state.
struct StageSubroutines {
  // Subroutine functions by index (GL_ACTIVE_SUBROUTINES entries); "" at an
  // index no function took (explicit layout(index) leaves holes).
  std::vector<std::string> functions;
  std::vector<SubroutineUniform> uniforms;  // the active subroutine uniforms
  uint32_t location_count = 0;              // GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS
  // Byte offset and array stride of the selection array in the default
  // block (-1: no call reads it).
  int32_t selection_offset = -1;
  int32_t selection_stride = 0;
  bool operator==(const StageSubroutines&) const = default;
};
inline constexpr uint32_t kNoVertexStream = ~0u;

struct ProgramInterface {
  std::vector<Uniform> uniforms;  // default block and block members, GL order
  std::vector<Block> uniform_blocks;
  std::vector<BufferVariable> buffer_variables;
  std::vector<Block> storage_blocks;
  std::vector<AtomicCounterBuffer> atomic_counter_buffers;
  std::vector<InterfaceVariable> attributes;       // active vertex inputs
  std::vector<InterfaceVariable> fragment_outputs;
  std::vector<InterfaceVariable> transform_feedback;  // in request order
  // Active built-in inputs of the first stage and outputs of the last
  // ("gl_VertexID", "gl_FragDepth"): GL lists them with the vertex inputs
  // and fragment outputs (ES 3.1 7.3.1, 11.1.1), without a location; they
  // take no part in location assignment, so they are kept apart.
  std::vector<InterfaceVariable> builtin_inputs;
  std::vector<InterfaceVariable> builtin_outputs;
  std::vector<uint32_t> transform_feedback_strides;   // bytes, per buffer
  // The vertex stream each buffer captures (kNoVertexStream: a buffer no
  // varying is captured to, between two gl_NextBuffer markers).
  std::vector<uint32_t> transform_feedback_streams;
  // Size in bytes of the default uniform block (same for every stage).
  uint32_t default_block_size = 0;
  // Initial contents of the default block when the program has uniform
  // initializers (GLSL 1.20+), else empty (all zero).
  std::vector<uint8_t> default_block_initial_data;
  // Number of locations used by default-block uniforms (densely assigned).
  uint32_t uniform_location_count = 0;
  // location -> index in uniforms (one entry per array element location).
  std::vector<int32_t> location_to_uniform;
  uint32_t compute_local_size[3] = {0, 0, 0};
  // The geometry stage's layout (0 everywhere without one), as the GL
  // program queries report it: input primitive (GL_POINTS, GL_LINES,
  // GL_LINES_ADJACENCY, GL_TRIANGLES, GL_TRIANGLES_ADJACENCY), output
  // primitive (GL_POINTS, GL_LINE_STRIP, GL_TRIANGLE_STRIP), max_vertices
  // and invocations (1 when the shader does not say).
  uint32_t geometry_input_type = 0;
  uint32_t geometry_output_type = 0;
  uint32_t geometry_vertices_out = 0;
  uint32_t geometry_invocations = 0;
  // The tessellation stages' layouts (0 without them), as the GL program
  // queries report them: the control shader's layout(vertices), and the
  // evaluation shader's primitive mode (GL_TRIANGLES, GL_QUADS,
  // GL_ISOLINES), spacing (GL_EQUAL, GL_FRACTIONAL_EVEN/ODD; GL_EQUAL when
  // unset), vertex order (GL_CCW when unset) and point_mode.
  uint32_t tess_control_output_vertices = 0;
  uint32_t tess_gen_mode = 0;
  uint32_t tess_gen_spacing = 0;
  uint32_t tess_gen_vertex_order = 0;
  uint32_t tess_gen_point_mode = 0;
  // Desktop GL: the program has an evaluation shader and no control shader;
  // Brass made the control stage (passthrough_tess_control.h), which reads
  // PATCH_DEFAULT_OUTER_LEVEL (vec4) and PATCH_DEFAULT_INNER_LEVEL (vec2,
  // 16 bytes later) at this byte offset of the default block (-1: none).
  bool passthrough_tess_control = false;
  int32_t patch_levels_offset = -1;
  // Descriptor bindings of the program (the driver's set layouts).
  std::vector<Binding> bindings;
  // KHR_blend_equation_advanced: the equations the fragment shader's
  // blend_support qualifiers declare (advanced_blend.h blend_support_bit),
  // and whether it carries the in-shader blend (VariantKey::advanced_blend
  // selects an equation; false when there is no float output to blend).
  uint32_t blend_support = 0;
  bool advanced_blend = false;
  // The fetch of draw buffer 0 (DescriptorKind::FramebufferFetch slot 0)
  // exists only for the in-shader blend: the application's code does not
  // read it, so draws without an advanced equation need no copy.
  bool advanced_blend_fetch_only = false;
  // ARB_shader_subroutine, per ShaderStage.
  std::array<StageSubroutines, kShaderStageCount> subroutines;
  bool operator==(const ProgramInterface&) const = default;
};

}  // namespace brass::compiler
