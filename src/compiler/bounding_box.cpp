#include "compiler/bounding_box.h"

#include <cstring>
#include <set>
#include <string>

#include "compiler/spirv_module.h"

namespace brass::compiler {

bool make_bounding_box_private(std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  std::set<uint32_t> named;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpName || inst.operand_count() < 2) continue;
    const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
    const std::string name(text, strnlen(text, (inst.words.size() - 2) * 4));
    if (name == "gl_BoundingBoxEXT" || name == "gl_BoundingBoxOES" || name == "gl_BoundingBox")
      named.insert(inst.operand(0));
  }
  std::set<uint32_t> vars;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpVariable && named.count(inst.operand(1)) && inst.operand(2) == spv::StorageClassOutput)
      vars.insert(inst.operand(1));
  if (vars.empty()) return false;
  auto pointee_of = [&m](uint32_t pointer_type) -> uint32_t {
    const size_t i = m.find_definition(pointer_type);
    return i < m.instructions.size() && m.instructions[i].opcode() == spv::OpTypePointer
               ? m.instructions[i].operand(2)
               : 0;
  };
  // The variables, moved after their new pointer types.
  for (uint32_t v : vars) {
    const size_t at = m.find_definition(v);
    SpirvInstruction var = m.instructions[at];
    const uint32_t pointee = pointee_of(var.operand(0));
    if (!pointee) return false;
    m.instructions.erase(m.instructions.begin() + static_cast<std::ptrdiff_t>(at));
    var.words[1] = m.get_pointer_type(spv::StorageClassPrivate, pointee);
    var.words[3] = spv::StorageClassPrivate;
    m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()), std::move(var));
  }
  // Pointers into them (access chains, chains of those) become Private too.
  std::set<uint32_t> pointers = vars;
  for (size_t i = 0; i < m.instructions.size(); ++i) {
    SpirvInstruction& inst = m.instructions[i];
    const spv::Op op = inst.opcode();
    if ((op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain) && pointers.count(inst.operand(2))) {
      const uint32_t pointee = pointee_of(inst.operand(0));
      if (!pointee) return false;
      const size_t before = m.instructions.size();
      const uint32_t type = m.get_pointer_type(spv::StorageClassPrivate, pointee);
      // A new type goes before the functions, which shifts this one.
      if (m.instructions.size() != before) ++i;
      m.instructions[i].words[1] = type;
      pointers.insert(m.instructions[i].operand(1));
    }
  }
  // No longer an interface variable, nor per patch.
  std::erase_if(m.instructions, [&](const SpirvInstruction& inst) {
    return inst.opcode() == spv::OpDecorate && vars.count(inst.operand(0)) != 0;
  });
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
      if (!vars.count(inst.words[k])) kept.push_back(inst.words[k]);
    inst.words = std::move(kept);
    inst.words[0] = (static_cast<uint32_t>(inst.words.size()) << 16) | spv::OpEntryPoint;
  }
  spirv = m.serialize();
  return true;
}

}  // namespace brass::compiler
