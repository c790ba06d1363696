#include "compiler/per_sample_interpolation.h"

#include <algorithm>
#include <set>
#include <utility>

#include "compiler/spirv_module.h"

namespace brass::compiler {

namespace {

bool is_decoration(const SpirvInstruction& inst, spv::Decoration d) {
  return inst.opcode() == spv::OpDecorate && inst.operand_count() >= 2 && inst.operand(1) == static_cast<uint32_t>(d);
}
bool is_member_decoration(const SpirvInstruction& inst, spv::Decoration d) {
  return inst.opcode() == spv::OpMemberDecorate && inst.operand_count() >= 3 &&
         inst.operand(2) == static_cast<uint32_t>(d);
}

}  // namespace

bool interpolate_inputs_per_sample(std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  // Variables and struct members that keep their interpolation: built-ins
  // and Flat ones (integer inputs are always Flat in Vulkan).
  std::set<uint32_t> kept;
  std::set<std::pair<uint32_t, uint32_t>> kept_members;
  for (const SpirvInstruction& inst : m.instructions) {
    if (is_decoration(inst, spv::DecorationBuiltIn) || is_decoration(inst, spv::DecorationFlat))
      kept.insert(inst.operand(0));
    if (is_member_decoration(inst, spv::DecorationBuiltIn) || is_member_decoration(inst, spv::DecorationFlat))
      kept_members.insert({inst.operand(0), inst.operand(1)});
  }
  auto def = [&m](uint32_t id) -> const SpirvInstruction* {
    const size_t i = m.find_definition(id);
    return i < m.instructions.size() ? &m.instructions[i] : nullptr;
  };
  // Per-vertex inputs are arrays only in other stages: a fragment input is
  // a scalar, vector, matrix, array of those, or a block (a struct).
  std::set<uint32_t> variables;
  std::set<std::pair<uint32_t, uint32_t>> members;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpVariable || inst.operand(2) != spv::StorageClassInput) continue;
    const uint32_t id = inst.operand(1);
    if (kept.count(id)) continue;
    const SpirvInstruction* ptr = def(inst.operand(0));
    const SpirvInstruction* pointee = ptr && ptr->opcode() == spv::OpTypePointer ? def(ptr->operand(2)) : nullptr;
    if (pointee && pointee->opcode() == spv::OpTypeArray) pointee = def(pointee->operand(1));
    if (pointee && pointee->opcode() == spv::OpTypeStruct) {
      const uint32_t type = pointee->operand(0);
      if (kept.count(type)) continue;
      for (uint32_t i = 0; i + 1 < pointee->operand_count(); ++i)
        if (!kept_members.count({type, i})) members.insert({type, i});
    } else {
      variables.insert(id);
    }
  }
  if (variables.empty() && members.empty()) return true;
  // Centroid gives way to Sample; a Sample already there stays single.
  std::erase_if(m.instructions, [&](const SpirvInstruction& inst) {
    if (is_decoration(inst, spv::DecorationCentroid) || is_decoration(inst, spv::DecorationSample))
      return variables.count(inst.operand(0)) != 0;
    if (is_member_decoration(inst, spv::DecorationCentroid) || is_member_decoration(inst, spv::DecorationSample))
      return members.count({inst.operand(0), inst.operand(1)}) != 0;
    return false;
  });
  for (uint32_t id : variables) m.insert_annotation(SpirvModule::make(spv::OpDecorate, {id, spv::DecorationSample}));
  for (auto [type, index] : members)
    m.insert_annotation(SpirvModule::make(spv::OpMemberDecorate, {type, index, spv::DecorationSample}));
  m.add_capability(spv::CapabilitySampleRateShading);
  spirv = m.serialize();
  return true;
}

}  // namespace brass::compiler
