#include "compiler/subgroup_vote.h"

#include <optional>

#include "compiler/spirv_module.h"

namespace brass::compiler {
namespace {

bool is_khr_vote(spv::Op op) {
  return op == spv::OpSubgroupAnyKHR || op == spv::OpSubgroupAllKHR || op == spv::OpSubgroupAllEqualKHR;
}

spv::Op non_uniform_vote(spv::Op op) {
  switch (op) {
    case spv::OpSubgroupAnyKHR: return spv::OpGroupNonUniformAny;
    case spv::OpSubgroupAllKHR: return spv::OpGroupNonUniformAll;
    default: return spv::OpGroupNonUniformAllEqual;
  }
}

// The OpConstantTrue of `bool_type`, added to the global section if the
// module has none.
uint32_t constant_true(SpirvModule& m, uint32_t bool_type) {
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpConstantTrue && inst.operand(0) == bool_type) return inst.operand(1);
  const uint32_t id = m.new_id();
  m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()),
                        SpirvModule::make(spv::OpConstantTrue, {bool_type, id}));
  return id;
}

bool is_vote_extension(const SpirvInstruction& inst) {
  if (inst.opcode() != spv::OpExtension) return false;
  const std::vector<uint32_t> name = spirv_string("SPV_KHR_subgroup_vote");
  return std::vector<uint32_t>(inst.words.begin() + 1, inst.words.end()) == name;
}

}  // namespace

bool lower_subgroup_vote(std::vector<uint32_t>& spirv, bool subgroup_votes) {
  std::optional<SpirvModule> parsed = SpirvModule::parse(spirv);
  if (!parsed) return false;
  SpirvModule& m = *parsed;
  bool any_vote = false;
  for (const SpirvInstruction& inst : m.instructions) {
    if (!is_khr_vote(inst.opcode())) continue;
    if (inst.operand_count() != 3) return false;
    any_vote = true;
  }
  if (!any_vote && !m.has_capability(spv::CapabilitySubgroupVoteKHR)) return true;

  // Constants first: they go before the functions.
  uint32_t scope = 0;
  if (subgroup_votes && any_vote) scope = m.get_constant(m.get_int_type(false), spv::ScopeSubgroup);
  std::vector<std::pair<uint32_t, uint32_t>> true_of_type;  // (bool type, OpConstantTrue)
  if (!subgroup_votes) {
    std::vector<uint32_t> types;
    for (const SpirvInstruction& inst : m.instructions)
      if (inst.opcode() == spv::OpSubgroupAllEqualKHR) types.push_back(inst.operand(0));
    for (uint32_t type : types) true_of_type.emplace_back(type, constant_true(m, type));
  }
  std::vector<SpirvInstruction> out;
  out.reserve(m.instructions.size());
  for (SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() == spv::OpCapability && inst.operand(0) == spv::CapabilitySubgroupVoteKHR) continue;
    if (is_vote_extension(inst)) continue;
    if (!is_khr_vote(inst.opcode())) {
      out.push_back(std::move(inst));
      continue;
    }
    const uint32_t type = inst.operand(0), result = inst.operand(1), value = inst.operand(2);
    if (subgroup_votes) {
      out.push_back(SpirvModule::make(non_uniform_vote(inst.opcode()), {type, result, scope, value}));
    } else if (inst.opcode() == spv::OpSubgroupAllEqualKHR) {
      // One invocation agrees with itself.
      uint32_t t = 0;
      for (const auto& [bool_type, constant] : true_of_type)
        if (bool_type == type) t = constant;
      out.push_back(SpirvModule::make(spv::OpCopyObject, {type, result, t}));
    } else {
      out.push_back(SpirvModule::make(spv::OpCopyObject, {type, result, value}));
    }
  }
  m.instructions = std::move(out);
  if (subgroup_votes && any_vote) {
    m.add_capability(spv::CapabilityGroupNonUniform);
    m.add_capability(spv::CapabilityGroupNonUniformVote);
  }
  spirv = m.serialize();
  return true;
}

}  // namespace brass::compiler
