#include "compiler/dual_source.h"

#include <algorithm>
#include <cstring>
#include <map>

#include "compiler/spirv_module.h"

namespace brass::compiler {
namespace {

// id -> OpName of the module's Output variables.
std::map<uint32_t, std::string> output_variable_names(const SpirvModule& m) {
  std::map<uint32_t, std::string> names;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpName || inst.operand_count() < 2) continue;
    const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
    names[inst.operand(0)] = std::string(text, strnlen(text, (inst.words.size() - 2) * 4));
  }
  std::map<uint32_t, std::string> outputs;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpVariable || inst.operand_count() < 3 || inst.operand(2) != spv::StorageClassOutput)
      continue;
    auto n = names.find(inst.operand(1));
    if (n != names.end()) outputs[inst.operand(1)] = n->second;
  }
  return outputs;
}

// Sets (replacing or adding) one integer decoration of `id`.
void set_decoration(SpirvModule& m, uint32_t id, spv::Decoration decoration, uint32_t value) {
  for (SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() == spv::OpDecorate && inst.operand_count() >= 3 && inst.operand(0) == id &&
        inst.operand(1) == static_cast<uint32_t>(decoration)) {
      inst.words[3] = value;
      return;
    }
  }
  m.insert_annotation(SpirvModule::make(spv::OpDecorate, {id, static_cast<uint32_t>(decoration), value}));
}

}  // namespace

bool patch_secondary_frag_outputs(std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  bool found = false;
  for (const auto& [id, name] : output_variable_names(*module)) {
    if (name != "gl_SecondaryFragColorEXT" && name != "gl_SecondaryFragDataEXT") continue;
    set_decoration(*module, id, spv::DecorationLocation, 0);
    set_decoration(*module, id, spv::DecorationIndex, 1);
    found = true;
  }
  if (found) spirv = module->serialize();
  return found;
}

bool remap_output_location_index(std::vector<uint32_t>& spirv, const LocationIndexByName& lookup) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  for (const auto& [id, name] : output_variable_names(*module)) {
    const auto [location, index] = lookup(name);
    if (location < 0) continue;
    set_decoration(*module, id, spv::DecorationLocation, static_cast<uint32_t>(location));
    set_decoration(*module, id, spv::DecorationIndex, static_cast<uint32_t>(std::max(index, 0)));
  }
  spirv = module->serialize();
  return true;
}

}  // namespace brass::compiler
