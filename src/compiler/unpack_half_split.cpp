#include "compiler/unpack_half_split.h"

#include <cstring>
#include <string>

#include <glslang/SPIRV/GLSL.std.450.h>

#include "compiler/spirv_module.h"

namespace brass::compiler {
namespace {

// The id of the module's OpExtInstImport "GLSL.std.450", or 0.
uint32_t glsl_std_450_set(const SpirvModule& m) {
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpExtInstImport || inst.operand_count() < 2) continue;
    const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
    if (std::string(text, strnlen(text, (inst.words.size() - 2) * 4)) == "GLSL.std.450") return inst.operand(0);
  }
  return 0;
}

bool is_unpack_half(const SpirvInstruction& inst, uint32_t set) {
  // OpExtInst result-type result set instruction operand
  return inst.opcode() == spv::OpExtInst && inst.words.size() == 6 && inst.operand(2) == set &&
         inst.operand(3) == static_cast<uint32_t>(GLSLstd450UnpackHalf2x16);
}

}  // namespace

bool split_unpack_half_2x16(std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  const uint32_t set = glsl_std_450_set(m);
  if (set == 0) return true;
  bool any = false;
  for (const SpirvInstruction& inst : m.instructions) any = any || is_unpack_half(inst, set);
  if (!any) return true;

  // Types and the shift count first: they go before the functions and
  // would shift the indices of the loop below.
  const uint32_t uint_type = m.get_int_type(false);
  const uint32_t sixteen = m.get_constant(uint_type, 16);
  const auto unpack = static_cast<uint32_t>(GLSLstd450UnpackHalf2x16);
  std::vector<SpirvInstruction> out;
  out.reserve(m.instructions.size());
  for (const SpirvInstruction& inst : m.instructions) {
    if (!is_unpack_half(inst, set)) {
      out.push_back(inst);
      continue;
    }
    const uint32_t vec2_type = inst.operand(0);
    const uint32_t result = inst.operand(1);
    const uint32_t packed = inst.operand(4);
    const size_t vec_def = m.find_definition(vec2_type);
    if (vec_def >= m.instructions.size() || m.instructions[vec_def].opcode() != spv::OpTypeVector) return false;
    const uint32_t float_type = m.instructions[vec_def].operand(1);
    const uint32_t high = m.new_id(), low_pair = m.new_id(), high_pair = m.new_id();
    const uint32_t low_value = m.new_id(), high_value = m.new_id();
    out.push_back(SpirvModule::make(spv::OpShiftRightLogical, {uint_type, high, packed, sixteen}));
    out.push_back(SpirvModule::make(spv::OpExtInst, {vec2_type, low_pair, set, unpack, packed}));
    out.push_back(SpirvModule::make(spv::OpExtInst, {vec2_type, high_pair, set, unpack, high}));
    out.push_back(SpirvModule::make(spv::OpCompositeExtract, {float_type, low_value, low_pair, 0}));
    out.push_back(SpirvModule::make(spv::OpCompositeExtract, {float_type, high_value, high_pair, 0}));
    out.push_back(SpirvModule::make(spv::OpCompositeConstruct, {vec2_type, result, low_value, high_value}));
  }
  m.instructions = std::move(out);
  spirv = m.serialize();
  return true;
}

}  // namespace brass::compiler
