#include "compiler/private_variables.h"

#include <vector>

namespace brass::compiler {

namespace {

// The pointee of pointer type `pointer_type`, else 0.
uint32_t pointee_of(const SpirvModule& m, uint32_t pointer_type) {
  const SpirvInstruction* p = definition(m, pointer_type);
  return p && p->opcode() == spv::OpTypePointer ? p->operand(2) : 0;
}

// Removes `ids` from every OpEntryPoint's interface list.
void drop_from_interfaces(SpirvModule& m, const std::set<uint32_t>& ids) {
  for (SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpEntryPoint) continue;
    // OpEntryPoint model id "name..." interfaces...: the name's words end
    // with the word holding its terminating zero.
    size_t first = 3;
    while (first < inst.words.size()) {
      const uint32_t w = inst.words[first++];
      if ((w >> 24) == 0) break;
    }
    std::vector<uint32_t> kept(inst.words.begin(), inst.words.begin() + static_cast<std::ptrdiff_t>(first));
    for (size_t k = first; k < inst.words.size(); ++k)
      if (!ids.count(inst.words[k])) kept.push_back(inst.words[k]);
    inst.words = std::move(kept);
    inst.words[0] = (static_cast<uint32_t>(inst.words.size()) << 16) | spv::OpEntryPoint;
  }
}

}  // namespace

bool move_variable_to_private(SpirvModule& m, uint32_t id) {
  const size_t at = m.find_definition(id);
  if (at >= m.instructions.size() || m.instructions[at].opcode() != spv::OpVariable) return false;
  SpirvInstruction var = m.instructions[at];
  const uint32_t pointee = pointee_of(m, var.operand(0));
  if (!pointee) return false;
  m.instructions.erase(m.instructions.begin() + static_cast<std::ptrdiff_t>(at));
  var.words[1] = m.get_pointer_type(spv::StorageClassPrivate, pointee);
  var.words[3] = spv::StorageClassPrivate;
  m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()), std::move(var));
  return true;
}

bool retarget_private_uses(SpirvModule& m, const std::set<uint32_t>& vars, InterfaceRemoval removal) {
  std::set<uint32_t> pointers = vars;
  for (size_t i = 0; i < m.instructions.size(); ++i) {
    const spv::Op op = m.instructions[i].opcode();
    if ((op != spv::OpAccessChain && op != spv::OpInBoundsAccessChain) || !pointers.count(m.instructions[i].operand(2)))
      continue;
    const uint32_t pointee = pointee_of(m, m.instructions[i].operand(0));
    if (!pointee) return false;
    const size_t before = m.instructions.size();
    const uint32_t type = m.get_pointer_type(spv::StorageClassPrivate, pointee);
    if (m.instructions.size() != before) ++i;  // a new type went before the functions
    m.instructions[i].words[1] = type;
    pointers.insert(m.instructions[i].operand(1));
  }
  // No longer interface variables: no location, component, per-patch, ...
  std::erase_if(m.instructions, [&](const SpirvInstruction& inst) {
    return inst.opcode() == spv::OpDecorate && vars.count(inst.operand(0)) != 0;
  });
  const bool before_1_4 = m.header.size() > 1 && m.header[1] < 0x00010400;
  if (removal == InterfaceRemoval::kAlways || before_1_4) drop_from_interfaces(m, vars);
  return true;
}

bool make_variables_private(SpirvModule& m, const std::set<uint32_t>& vars, InterfaceRemoval removal) {
  for (uint32_t id : vars)
    if (!move_variable_to_private(m, id)) return false;
  return retarget_private_uses(m, vars, removal);
}

}  // namespace brass::compiler
