#include "compiler/fragment_output_rewrite.h"

namespace brass::compiler {

bool rewrite_fragment_outputs(std::vector<uint32_t>& spirv,
                              const std::function<FragmentRewrite(SpirvModule& module, uint32_t entry)>& rewrite) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  if (m.execution_model() != static_cast<uint32_t>(spv::ExecutionModelFragment)) return true;
  uint32_t entry = 0;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpEntryPoint) entry = inst.operand(1);
  if (!entry) return false;
  switch (rewrite(m, entry)) {
    case FragmentRewrite::kRewritten:
      spirv = m.serialize();
      return true;
    case FragmentRewrite::kUnchanged:
      return true;
    case FragmentRewrite::kFailed:
      return false;
  }
  return false;
}

}  // namespace brass::compiler
