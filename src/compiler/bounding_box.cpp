#include "compiler/bounding_box.h"

#include <cstring>
#include <set>
#include <string>

#include "compiler/private_variables.h"
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
  if (!make_variables_private(m, vars, InterfaceRemoval::kAlways)) return false;
  spirv = m.serialize();
  return true;
}

}  // namespace brass::compiler
