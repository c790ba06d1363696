// Shader programs at the seam: SPIR-V per stage plus the binding table the
// compiler produced. Plain data, no Vulkan types.
//
// Binding contract (shared with src/compiler): descriptor sets by type,
//   set 0 = default uniform block, one std140 UBO per stage, binding = stage
//           index (0 VS, 1 TCS, 2 TES, 3 GS, 4 FS; compute uses 0);
//   set 1 = UBOs; set 2 = combined image samplers and uniform texel buffers;
//   set 3 = SSBOs; set 4 = storage images and storage texel buffers;
//   set 5 = bindless (reserved).
// Within sets 1-4 bindings are dense across the program (stage order, then
// slot). `slot` is where the frontend binds the resource at the pipe level:
// constant buffer slot 0 of a stage is its default uniform block, slot i>=1
// is UBO binding point i-1; samplers/views by sampler slot per stage; shader
// buffers and images by their slot.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace brass::pipe {

struct ShaderProgram;

enum class ShaderStage : uint8_t { Vertex, TessControl, TessEval, Geometry, Fragment, Compute };
inline constexpr unsigned kGraphicsStageCount = 5;
inline constexpr unsigned kShaderStageCount = 6;
inline constexpr uint32_t stage_bit(ShaderStage s) { return 1u << static_cast<unsigned>(s); }

// Descriptor sets of the binding contract.
enum class DescriptorSet : uint8_t {
  DefaultUniforms = 0,
  UniformBuffers = 1,
  Samplers = 2,
  StorageBuffers = 3,
  StorageImages = 4,
  Bindless = 5,
};
inline constexpr unsigned kDescriptorSetCount = 6;

enum class DescriptorKind : uint8_t {
  UniformBuffer,         // set 0 (default block) or set 1
  CombinedImageSampler,  // set 2
  UniformTexelBuffer,    // set 2 (samplerBuffer)
  StorageBuffer,         // set 3
  StorageImage,          // set 4
  StorageTexelBuffer,    // set 4 (imageBuffer)
};

struct ShaderBinding {
  uint8_t set = 0;
  uint8_t binding = 0;
  uint8_t stage_mask = 0;  // stage_bit() of every stage that uses it
  DescriptorKind kind = DescriptorKind::UniformBuffer;
  uint16_t array_count = 1;
  uint16_t slot = 0;       // pipe-level slot (see the contract above)
};

// A linked program: one SPIR-V module per present stage.
struct ShaderInfo {
  std::array<std::span<const uint32_t>, kShaderStageCount> spirv{};  // empty = stage absent
  std::vector<ShaderBinding> bindings;
  uint32_t vertex_input_locations = 0;    // bit per VS input location
  uint32_t fragment_output_locations = 0; // bit per FS output location
  bool writes_point_size = false;         // VS (last pre-raster stage) writes gl_PointSize
  // Bytes of the program's one default uniform block when every stage with
  // a set-0 binding is given the same block at constant buffer slot 0 (a
  // program linked whole); 0 when unknown or when the stages' blocks differ
  // (a combination of separable programs). The driver may then deliver the
  // block by push constants instead (driver/push_constant_block.h).
  uint32_t default_block_size = 0;
  // Separable programs (program pipelines; docs/architecture.md):
  //  - separable_stage: one stage of a separable program (exactly one SPIR-V
  //    module, bindings of that stage only), compiled alone so that any
  //    combination can link it; creation fails with Status::Unsupported
  //    where the driver cannot (the frontend then combines as before);
  //  - stage_programs: this program is a combination of separable stages
  //    (its SPIR-V rebound and matched across them, for the full link), and
  //    per graphics stage the separable_stage program of the same stage
  //    (null where there is none), which the driver may draw with until the
  //    combination's own pipelines are compiled. The driver keeps them.
  bool separable_stage = false;
  std::array<ShaderProgram*, kGraphicsStageCount> stage_programs{};
};

}  // namespace brass::pipe
