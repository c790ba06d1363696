#include "compiler/alpha_test.h"

#include <optional>

#include "compiler/fragment_output_rewrite.h"
#include "compiler/spirv_module.h"

namespace brass::compiler {

namespace {

// The comparison of `func_key` (NEVER and ALWAYS excluded).
std::optional<spv::Op> comparison(uint8_t func_key) {
  switch (func_key) {
    case 2: return spv::OpFOrdLessThan;          // LESS
    case 3: return spv::OpFOrdEqual;             // EQUAL
    case 4: return spv::OpFOrdLessThanEqual;     // LEQUAL
    case 5: return spv::OpFOrdGreaterThan;       // GREATER
    case 6: return spv::OpFOrdNotEqual;          // NOTEQUAL
    case 7: return spv::OpFOrdGreaterThanEqual;  // GEQUAL
    default: return std::nullopt;
  }
}

// A float vec4 type: its component type, else 0.
uint32_t vec4_component(const SpirvModule& m, uint32_t type) {
  const SpirvInstruction* t = definition(m, type);
  if (!t || t->opcode() != spv::OpTypeVector || t->operand(2) != 4) return 0;
  const SpirvInstruction* c = definition(m, t->operand(1));
  return c && c->opcode() == spv::OpTypeFloat && c->operand(1) == 32 ? t->operand(1) : 0;
}

// Adds the test to fragment module `m` before every return of `entry`.
FragmentRewrite insert_alpha_test(SpirvModule& m, uint32_t entry, uint8_t func_key, uint32_t ref_bits) {
  // Colour output 0 (index 0 of dual-source blending).
  uint32_t var = 0, vec4 = 0, element_ptr_type = 0;
  bool array = false;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpDecorate || inst.operand_count() < 3 || inst.operand(1) != spv::DecorationLocation ||
        inst.operand(2) != 0)
      continue;
    const uint32_t id = inst.operand(0);
    if (m.decoration_value(id, spv::DecorationIndex).value_or(0) != 0) continue;
    const SpirvInstruction* v = definition(m, id);
    if (!v || v->opcode() != spv::OpVariable || v->operand(2) != spv::StorageClassOutput) continue;
    const SpirvInstruction* ptr = definition(m, v->operand(0));
    if (!ptr || ptr->opcode() != spv::OpTypePointer) continue;
    uint32_t pointee = ptr->operand(2);
    const SpirvInstruction* pt = definition(m, pointee);
    if (pt && pt->opcode() == spv::OpTypeArray) {
      pointee = pt->operand(1);
      array = true;
    }
    if (!vec4_component(m, pointee)) continue;
    var = id;
    vec4 = pointee;
  }
  if (!var) return FragmentRewrite::kUnchanged;
  const uint32_t float_type = vec4_component(m, vec4);
  const uint32_t boolean = m.get_bool_type();
  const uint32_t ref = m.get_constant(float_type, ref_bits);
  uint32_t zero = 0;
  if (array) {
    element_ptr_type = m.get_pointer_type(spv::StorageClassOutput, vec4);
    zero = m.get_constant(m.get_int_type(true), 0);
  }
  const std::optional<spv::Op> op = comparison(func_key);

  // Every OpReturn of main becomes: the test, then kill or return.
  std::optional<size_t> start = m.body_start(entry);
  if (!start) return FragmentRewrite::kFailed;
  for (size_t i = *start; i < m.instructions.size() && m.instructions[i].opcode() != spv::OpFunctionEnd; ++i) {
    if (m.instructions[i].opcode() != spv::OpReturn) continue;
    std::vector<SpirvInstruction> code;
    if (!op) {
      // NEVER: every fragment is discarded.
      m.instructions[i] = SpirvModule::make(spv::OpKill, {});
      continue;
    }
    uint32_t source = var;
    if (array) {
      source = m.new_id();
      code.push_back(SpirvModule::make(spv::OpAccessChain, {element_ptr_type, source, var, zero}));
    }
    const uint32_t color = m.new_id(), alpha = m.new_id(), pass = m.new_id();
    const uint32_t kill_label = m.new_id(), merge_label = m.new_id();
    code.push_back(SpirvModule::make(spv::OpLoad, {vec4, color, source}));
    code.push_back(SpirvModule::make(spv::OpCompositeExtract, {float_type, alpha, color, 3}));
    code.push_back(SpirvModule::make(*op, {boolean, pass, alpha, ref}));
    code.push_back(SpirvModule::make(spv::OpSelectionMerge, {merge_label, spv::SelectionControlMaskNone}));
    code.push_back(SpirvModule::make(spv::OpBranchConditional, {pass, merge_label, kill_label}));
    code.push_back(SpirvModule::make(spv::OpLabel, {kill_label}));
    code.push_back(SpirvModule::make(spv::OpKill, {}));
    code.push_back(SpirvModule::make(spv::OpLabel, {merge_label}));
    m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(i), code.begin(), code.end());
    i += code.size();  // at the OpReturn again
  }
  return FragmentRewrite::kRewritten;
}

}  // namespace

bool add_alpha_test(std::vector<uint32_t>& spirv, uint8_t func_key, uint32_t ref_bits) {
  return rewrite_fragment_outputs(spirv, [&](SpirvModule& m, uint32_t entry) {
    return insert_alpha_test(m, entry, func_key, ref_bits);
  });
}

}  // namespace brass::compiler
