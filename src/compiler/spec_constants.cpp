#include "compiler/spec_constants.h"

#include <optional>

#include "compiler/spirv_module.h"

namespace brass::compiler {

namespace {

// Rewrites the constant of SpecId `spec_id` with `rewrite` (false: not the
// kind of constant expected) and removes its SpecId decoration.
template <typename Rewrite>
bool freeze(std::vector<uint32_t>& spirv, uint32_t spec_id, Rewrite rewrite) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  const std::optional<uint32_t> id = module->find_decorated(spv::DecorationSpecId, spec_id);
  if (!id) return false;
  const size_t at = module->find_definition(*id);
  if (at >= module->instructions.size()) return false;
  if (!rewrite(module->instructions[at])) return false;
  std::erase_if(module->instructions, [&](const SpirvInstruction& inst) {
    return inst.opcode() == spv::OpDecorate && inst.operand(0) == *id && inst.operand(1) == spv::DecorationSpecId;
  });
  spirv = module->serialize();
  return true;
}

}  // namespace

bool has_spec_constant(const std::vector<uint32_t>& spirv, uint32_t spec_id) {
  auto module = SpirvModule::parse(spirv);
  return module && module->find_decorated(spv::DecorationSpecId, spec_id).has_value();
}

bool freeze_spec_constant(std::vector<uint32_t>& spirv, uint32_t spec_id, uint32_t value_bits) {
  return freeze(spirv, spec_id, [value_bits](SpirvInstruction& c) {
    // OpSpecConstant result-type result value: one word of value.
    if (c.opcode() != spv::OpSpecConstant || c.words.size() != 4) return false;
    c.words[0] = (4u << 16) | spv::OpConstant;
    c.words[3] = value_bits;
    return true;
  });
}

bool freeze_bool_spec_constant(std::vector<uint32_t>& spirv, uint32_t spec_id, bool value) {
  return freeze(spirv, spec_id, [value](SpirvInstruction& c) {
    if ((c.opcode() != spv::OpSpecConstantTrue && c.opcode() != spv::OpSpecConstantFalse) || c.words.size() != 3)
      return false;
    c.words[0] = (3u << 16) | (value ? spv::OpConstantTrue : spv::OpConstantFalse);
    return true;
  });
}

}  // namespace brass::compiler
