#include "compiler/draw_parameters.h"

#include <optional>

#include "compiler/spirv_module.h"

namespace brass::compiler {
namespace {

bool reads_builtin(const std::vector<uint32_t>& spirv, spv::BuiltIn builtin) {
  const std::optional<SpirvModule> m = SpirvModule::parse(spirv);
  if (!m) return false;
  const std::optional<uint32_t> var = m->find_decorated(spv::DecorationBuiltIn, builtin);
  if (!var) return false;
  for (const SpirvInstruction& inst : m->instructions)
    if (inst.opcode() == spv::OpLoad && inst.operand_count() >= 3 && inst.operand(2) == *var) return true;
  return false;
}

}  // namespace

bool reads_base_vertex(const std::vector<uint32_t>& spirv) { return reads_builtin(spirv, spv::BuiltInBaseVertex); }
bool reads_draw_index(const std::vector<uint32_t>& spirv) { return reads_builtin(spirv, spv::BuiltInDrawIndex); }

bool zero_base_vertex(std::vector<uint32_t>& spirv) {
  std::optional<SpirvModule> parsed = SpirvModule::parse(spirv);
  if (!parsed) return false;
  SpirvModule& m = *parsed;
  const std::optional<uint32_t> var = m.find_decorated(spv::DecorationBuiltIn, spv::BuiltInBaseVertex);
  if (!var) return true;
  // The built-in is a 32-bit int (VUID-BaseVertex-BaseVertex-04186): its
  // loads' result type.
  std::optional<uint32_t> type;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpLoad && inst.operand_count() >= 3 && inst.operand(2) == *var) type = inst.operand(0);
  if (!type) return true;
  const uint32_t zero = m.get_constant(*type, 0);
  for (SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpLoad && inst.operand_count() >= 3 && inst.operand(2) == *var)
      inst = SpirvModule::make(spv::OpCopyObject, {inst.operand(0), inst.operand(1), zero});
  spirv = m.serialize();
  return true;
}

}  // namespace brass::compiler
