// Word-level SPIR-V rewrites Brass applies after glslang: descriptor
// set/binding and location renumbering, GL's gl_InstanceID meaning, and the
// draw-time variant patches. Each returns false (leaving the input intact)
// when the module is not something it can edit.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <glslang/SPIRV/spirv.hpp>

namespace brass::compiler {

// new (set, binding) for each (set, binding) decorated in the module.
using DescriptorRemap = std::function<std::pair<uint32_t, uint32_t>(uint32_t set, uint32_t binding)>;
bool remap_descriptors(std::vector<uint32_t>& spirv, const DescriptorRemap& remap);

// Rewrites Location decorations of variables in `storage` (Input/Output).
bool remap_locations(std::vector<uint32_t>& spirv, spv::StorageClass storage,
                     const std::map<uint32_t, uint32_t>& old_to_new);

// Rewrites the Location of each variable in `storage` by its OpName: the
// callback returns the new location or -1 to keep it. Unlike remapping by
// old location this is unambiguous even when the old ranges overlap.
using LocationByName = std::function<int32_t(const std::string& name)>;
bool remap_locations_by_name(std::vector<uint32_t>& spirv, spv::StorageClass storage, const LocationByName& lookup);

// Separable programs are linked one at a time, so glslang's locations for
// varyings only agree within one program. Before building a pipeline from
// two separable stages, this rewrites the consumer's input locations to the
// producer's output locations of the same name (GL's rule for separable
// interfaces without explicit locations). Inputs the producer lacks keep
// theirs. Returns false for malformed modules.
// Drops Location decorations from opaque default-block uniforms
// (UniformConstant variables: samplers, images, atomic counters). GLSL ES
// 3.10 lets `layout(location = N)` name any uniform's GL location, which
// the program interface answers from the validation parse; Vulkan forbids
// Location in that storage class (VUID-StandaloneSpirv-Location-06672).
bool strip_uniform_locations(std::vector<uint32_t>& spirv);

// Drops every RelaxedPrecision decoration: glslang marks mediump and lowp
// values with it, and devices that honour it (NVIDIA) compute them in half
// precision, while Brass reports 23 mantissa bits for every precision
// (glGetShaderPrecisionFormat), as desktop GPUs' own GL ES drivers do.
// Returns false for malformed modules.
bool strip_relaxed_precision(std::vector<uint32_t>& spirv);

// Drops the Location decoration of an interface-block variable whose
// members carry their own (a block with layout(location) on the block and
// on a member): glslang decorates both, and Vulkan allows only one of the
// two (VUID-StandaloneSpirv-Location-04918). The members' locations are
// the complete assignment. Returns false for malformed modules.
bool drop_block_variable_locations(std::vector<uint32_t>& spirv);

bool match_stage_interface(const std::vector<uint32_t>& producer, std::vector<uint32_t>& consumer);

// Transform feedback for VK_EXT_transform_feedback: XfbBuffer/XfbStride/
// Offset on the captured outputs (by OpName, or the gl_PerVertex member
// for gl_Position/gl_PointSize), the TransformFeedback capability and the
// Xfb execution mode. Vulkan captures whole output variables only, so a
// struct member or array element (non-empty `path`) is captured through a
// new output variable of its type, at a free location, that the entry
// point fills from the selected part before each return.
struct XfbCapture {
  // OpName of the output, "block:<block type name>" for an interface block,
  // or "gl_Position" / "gl_PointSize".
  std::string name;
  uint32_t buffer = 0;
  uint32_t offset = 0;
  std::vector<uint32_t> path;  // member / element indices into the variable
  uint32_t stream = 0;         // a geometry shader's vertex stream (a copy is decorated with it)
};
bool add_transform_feedback(std::vector<uint32_t>& spirv, const std::vector<XfbCapture>& captures,
                            const std::vector<uint32_t>& strides);

// gl_InstanceID in GL does not include the base instance, Vulkan's
// InstanceIndex does: every load of InstanceIndex becomes
// InstanceIndex - BaseInstance (SPV_KHR_shader_draw_parameters).
bool patch_instance_id(std::vector<uint32_t>& spirv);

// Makes the entry point write gl_PointSize = 1.0 first thing (a geometry
// shader: before each emit). With `override_bits` (a float's bits, non-zero)
// it writes that value instead, and again before each return of the entry
// point, so that whatever the shader wrote is replaced (desktop GL with
// PROGRAM_POINT_SIZE disabled takes the size from glPointSize).
bool add_point_size_write(std::vector<uint32_t>& spirv, uint32_t override_bits = 0);

// glShadeModel(GL_FLAT): decorates the fragment inputs whose OpName is in
// `names` Flat (the compatibility colours; user varyings are not affected).
bool add_flat_decorations(std::vector<uint32_t>& spirv, const std::vector<std::string>& names);

// True when the module uses BuiltIn `builtin` on any variable or member.
bool spirv_has_builtin(const std::vector<uint32_t>& spirv, spv::BuiltIn builtin);

enum class VulkanEnv : uint8_t { Vulkan1_2, Vulkan1_3 };
// SPIRV-Tools validation; `error` gets the validator's messages.
bool validate_spirv(const std::vector<uint32_t>& spirv, VulkanEnv env, std::string* error);

}  // namespace brass::compiler
