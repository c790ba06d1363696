// Specialization constants Brass fixes itself at variant build time (the
// advanced blend equation, gl_NumSamples, gl_PointCoord's origin): the
// constant becomes a plain one and loses its SpecId, so nothing specialises
// it again.
#pragma once

#include <cstdint>
#include <vector>

namespace brass::compiler {

// Whether the module declares a specialization constant of SpecId `spec_id`.
bool has_spec_constant(const std::vector<uint32_t>& spirv, uint32_t spec_id);

// The 32-bit scalar specialization constant (OpSpecConstant) of SpecId
// `spec_id` becomes OpConstant `value_bits`. False when the words are not a
// module or it has no such constant.
bool freeze_spec_constant(std::vector<uint32_t>& spirv, uint32_t spec_id, uint32_t value_bits);

// The same for a boolean one (OpSpecConstantTrue / OpSpecConstantFalse),
// which becomes OpConstantTrue or OpConstantFalse.
bool freeze_bool_spec_constant(std::vector<uint32_t>& spirv, uint32_t spec_id, bool value);

}  // namespace brass::compiler
