#include "compiler/spirv_patch.h"

#include <spirv-tools/libspirv.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "compiler/spirv_module.h"

namespace brass::compiler {

bool remap_descriptors(std::vector<uint32_t>& spirv, const DescriptorRemap& remap) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  std::map<uint32_t, size_t> set_decoration, binding_decoration;  // id -> instruction index
  for (size_t i = 0; i < module->instructions.size(); ++i) {
    const SpirvInstruction& inst = module->instructions[i];
    if (inst.opcode() != spv::OpDecorate || inst.operand_count() < 3) continue;
    if (inst.operand(1) == spv::DecorationDescriptorSet) set_decoration[inst.operand(0)] = i;
    if (inst.operand(1) == spv::DecorationBinding) binding_decoration[inst.operand(0)] = i;
  }
  for (const auto& [id, bi] : binding_decoration) {
    auto si = set_decoration.find(id);
    if (si == set_decoration.end()) continue;
    SpirvInstruction& set_inst = module->instructions[si->second];
    SpirvInstruction& binding_inst = module->instructions[bi];
    const auto [set, binding] = remap(set_inst.operand(2), binding_inst.operand(2));
    set_inst.words[3] = set;
    binding_inst.words[3] = binding;
  }
  spirv = module->serialize();
  return true;
}

namespace {

std::map<uint32_t, uint32_t> variable_storage(const SpirvModule& m) {
  std::map<uint32_t, uint32_t> out;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpVariable) out[inst.operand(1)] = inst.operand(2);
  return out;
}

}  // namespace

bool remap_locations(std::vector<uint32_t>& spirv, spv::StorageClass storage,
                     const std::map<uint32_t, uint32_t>& old_to_new) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  const auto storage_of = variable_storage(*module);
  for (SpirvInstruction& inst : module->instructions) {
    if (inst.opcode() != spv::OpDecorate || inst.operand_count() < 3 ||
        inst.operand(1) != spv::DecorationLocation)
      continue;
    auto s = storage_of.find(inst.operand(0));
    if (s == storage_of.end() || s->second != static_cast<uint32_t>(storage)) continue;
    auto it = old_to_new.find(inst.operand(2));
    if (it != old_to_new.end()) inst.words[3] = it->second;
  }
  spirv = module->serialize();
  return true;
}

bool remap_locations_by_name(std::vector<uint32_t>& spirv, spv::StorageClass storage, const LocationByName& lookup) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  const auto storage_of = variable_storage(*module);
  std::map<uint32_t, std::string> names;
  for (const SpirvInstruction& inst : module->instructions) {
    if (inst.opcode() != spv::OpName || inst.operand_count() < 2) continue;
    const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
    const size_t max = (inst.words.size() - 2) * 4;
    names[inst.operand(0)] = std::string(text, strnlen(text, max));
  }
  for (SpirvInstruction& inst : module->instructions) {
    if (inst.opcode() != spv::OpDecorate || inst.operand_count() < 3 ||
        inst.operand(1) != spv::DecorationLocation)
      continue;
    auto s = storage_of.find(inst.operand(0));
    if (s == storage_of.end() || s->second != static_cast<uint32_t>(storage)) continue;
    auto n = names.find(inst.operand(0));
    if (n == names.end()) continue;
    const int32_t location = lookup(n->second);
    if (location >= 0) inst.words[3] = static_cast<uint32_t>(location);
  }
  spirv = module->serialize();
  return true;
}

bool strip_uniform_locations(std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  const auto storage_of = variable_storage(*module);
  auto& insts = module->instructions;
  const size_t before = insts.size();
  std::erase_if(insts, [&storage_of](const SpirvInstruction& inst) {
    if (inst.opcode() != spv::OpDecorate || inst.operand_count() < 3 || inst.operand(1) != spv::DecorationLocation)
      return false;
    auto s = storage_of.find(inst.operand(0));
    return s != storage_of.end() && s->second == static_cast<uint32_t>(spv::StorageClassUniformConstant);
  });
  if (insts.size() != before) spirv = module->serialize();
  return true;
}

bool strip_relaxed_precision(std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  auto& insts = module->instructions;
  const size_t before = insts.size();
  std::erase_if(insts, [](const SpirvInstruction& inst) {
    if (inst.opcode() == spv::OpDecorate)
      return inst.operand_count() >= 2 && inst.operand(1) == spv::DecorationRelaxedPrecision;
    if (inst.opcode() == spv::OpMemberDecorate)
      return inst.operand_count() >= 3 && inst.operand(2) == spv::DecorationRelaxedPrecision;
    return false;
  });
  if (insts.size() != before) spirv = module->serialize();
  return true;
}

bool drop_block_variable_locations(std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  std::set<uint32_t> member_located;  // struct types with a member Location
  std::map<uint32_t, uint32_t> pointee;  // pointer type -> pointee
  std::map<uint32_t, uint32_t> variable_type;  // variable -> pointer type
  for (const SpirvInstruction& inst : module->instructions) {
    if (inst.opcode() == spv::OpMemberDecorate && inst.operand_count() >= 3 &&
        inst.operand(2) == spv::DecorationLocation)
      member_located.insert(inst.operand(0));
    else if (inst.opcode() == spv::OpTypePointer && inst.operand_count() >= 3)
      pointee[inst.operand(0)] = inst.operand(2);
    else if (inst.opcode() == spv::OpVariable && inst.operand_count() >= 3)
      variable_type[inst.operand(1)] = inst.operand(0);
  }
  if (member_located.empty()) return true;
  auto block_of = [&](uint32_t variable) -> uint32_t {
    auto v = variable_type.find(variable);
    if (v == variable_type.end()) return 0;
    auto p = pointee.find(v->second);
    if (p == pointee.end()) return 0;
    // Arrayed per-vertex blocks (tessellation, geometry): the element type.
    uint32_t type = p->second;
    const size_t def = module->find_definition(type);
    if (def < module->instructions.size()) {
      const SpirvInstruction& t = module->instructions[def];
      if ((t.opcode() == spv::OpTypeArray || t.opcode() == spv::OpTypeRuntimeArray) && t.operand_count() >= 2)
        type = t.operand(1);
    }
    return type;
  };
  std::set<uint32_t> drop;  // variables whose block's members are located
  for (const auto& [variable, type] : variable_type)
    if (member_located.count(block_of(variable))) drop.insert(variable);
  if (drop.empty()) return true;
  auto& insts = module->instructions;
  const size_t before = insts.size();
  std::erase_if(insts, [&drop](const SpirvInstruction& inst) {
    return inst.opcode() == spv::OpDecorate && inst.operand_count() >= 3 &&
           inst.operand(1) == spv::DecorationLocation && drop.count(inst.operand(0)) != 0;
  });
  if (insts.size() != before) spirv = module->serialize();
  return true;
}

namespace {

// name -> Location of the variables of one storage class (OpName based).
std::map<std::string, uint32_t> named_locations(const SpirvModule& m, spv::StorageClass storage) {
  const auto storage_of = variable_storage(m);
  std::map<uint32_t, std::string> names;
  std::map<std::string, uint32_t> out;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpName || inst.operand_count() < 2) continue;
    const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
    names[inst.operand(0)] = std::string(text, strnlen(text, (inst.words.size() - 2) * 4));
  }
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpDecorate || inst.operand_count() < 3 || inst.operand(1) != spv::DecorationLocation)
      continue;
    auto s = storage_of.find(inst.operand(0));
    auto n = names.find(inst.operand(0));
    if (s == storage_of.end() || s->second != static_cast<uint32_t>(storage) || n == names.end()) continue;
    out[n->second] = inst.operand(2);
  }
  return out;
}

}  // namespace

bool match_stage_interface(const std::vector<uint32_t>& producer, std::vector<uint32_t>& consumer) {
  auto p = SpirvModule::parse(producer);
  if (!p) return false;
  const std::map<std::string, uint32_t> outputs = named_locations(*p, spv::StorageClassOutput);
  return remap_locations_by_name(consumer, spv::StorageClassInput, [&outputs](const std::string& name) {
    auto it = outputs.find(name);
    return it == outputs.end() ? int32_t{-1} : static_cast<int32_t>(it->second);
  });
}

namespace {

// Locations a (32-bit) type occupies in a stage interface.
uint32_t locations_of(const SpirvModule& m, uint32_t type) {
  const size_t at = m.find_definition(type);
  if (at >= m.instructions.size()) return 1;
  const SpirvInstruction& def = m.instructions[at];
  switch (def.opcode()) {
    case spv::OpTypeStruct: {
      uint32_t n = 0;
      for (size_t i = 1; i < def.operand_count(); ++i) n += locations_of(m, def.operand(i));
      return n;
    }
    case spv::OpTypeArray: {
      const size_t len_at = m.find_definition(def.operand(2));
      const uint32_t len = len_at < m.instructions.size() && m.instructions[len_at].opcode() == spv::OpConstant
                               ? m.instructions[len_at].operand(2)
                               : 1;
      return len * locations_of(m, def.operand(1));
    }
    case spv::OpTypeMatrix: return def.operand(2);
    default: return 1;
  }
}

// A copy of part of an output variable, captured instead of it.
struct XfbCopy {
  uint32_t copy = 0, source = 0, pointer_type = 0, type = 0;
  std::vector<uint32_t> indices;  // constant ids
};

// Declares the copy variable for `path` into `source` (an Output variable);
// 0 when the path does not fit the variable's type.
uint32_t declare_copy(SpirvModule& m, uint32_t source, const std::vector<uint32_t>& path, uint32_t location,
                      std::vector<XfbCopy>* copies) {
  const size_t var_at = m.find_definition(source);
  if (var_at >= m.instructions.size() || m.instructions[var_at].opcode() != spv::OpVariable) return 0;
  const size_t ptr_at = m.find_definition(m.instructions[var_at].operand(0));
  if (ptr_at >= m.instructions.size()) return 0;
  uint32_t type = m.instructions[ptr_at].operand(2);
  XfbCopy c;
  c.source = source;
  const uint32_t int_type = m.get_int_type(true);
  for (uint32_t index : path) {
    const size_t at = m.find_definition(type);
    if (at >= m.instructions.size()) return 0;
    const SpirvInstruction& def = m.instructions[at];
    if (def.opcode() == spv::OpTypeStruct && index + 1 < def.operand_count()) type = def.operand(1 + index);
    else if (def.opcode() == spv::OpTypeArray) type = def.operand(1);
    else return 0;
    c.indices.push_back(m.get_constant(int_type, index));
  }
  c.type = type;
  c.pointer_type = m.get_pointer_type(spv::StorageClassOutput, type);
  c.copy = m.new_id();
  m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()),
                        SpirvModule::make(spv::OpVariable, {c.pointer_type, c.copy, spv::StorageClassOutput}));
  m.add_to_entry_point_interfaces(c.copy);
  m.insert_annotation(SpirvModule::make(spv::OpDecorate, {c.copy, spv::DecorationLocation, location}));
  copies->push_back(std::move(c));
  return copies->back().copy;
}

// Fills every copy where the outputs are handed on: before each return of
// the entry point function, or each vertex a geometry shader emits.
void store_copies(SpirvModule& m, uint32_t entry, const std::vector<XfbCopy>& copies) {
  if (copies.empty()) return;
  const std::vector<size_t> returns = m.output_commit_points(entry);
  for (auto r = returns.rbegin(); r != returns.rend(); ++r) {
    std::vector<SpirvInstruction> code;
    for (const XfbCopy& c : copies) {
      const uint32_t pointer = m.new_id(), value = m.new_id();
      if (c.indices.empty()) {
        code.push_back(SpirvModule::make(spv::OpLoad, {c.type, value, c.source}));  // the whole variable
      } else {
        std::vector<uint32_t> chain = {c.pointer_type, pointer, c.source};
        chain.insert(chain.end(), c.indices.begin(), c.indices.end());
        code.push_back(SpirvModule::make(spv::OpAccessChain, chain));
        code.push_back(SpirvModule::make(spv::OpLoad, {c.type, value, pointer}));
      }
      code.push_back(SpirvModule::make(spv::OpStore, {c.copy, value}));
    }
    m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(*r), code.begin(), code.end());
  }
}

}  // namespace

namespace {

// The output variable of an interface block, found by the block's type name
// (its instance name may be absent or shared by an input block of the same
// name): the Output variable whose pointee, arrays stripped, is named so.
uint32_t output_block_variable(const SpirvModule& m, const std::string& block_name,
                               const std::map<uint32_t, uint32_t>& output_pointee) {
  std::map<uint32_t, std::string> names;
  std::map<uint32_t, uint32_t> array_element;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() == spv::OpName && inst.operand_count() >= 2) {
      const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
      names[inst.operand(0)] = std::string(text, strnlen(text, (inst.words.size() - 2) * 4));
    } else if ((inst.opcode() == spv::OpTypeArray || inst.opcode() == spv::OpTypeRuntimeArray) &&
               inst.operand_count() >= 2) {
      array_element[inst.operand(0)] = inst.operand(1);
    }
  }
  for (const auto& [variable, pointee] : output_pointee) {
    uint32_t type = pointee;
    for (auto e = array_element.find(type); e != array_element.end(); e = array_element.find(type)) type = e->second;
    auto n = names.find(type);
    if (n != names.end() && n->second == block_name) return variable;
  }
  return 0;
}

}  // namespace

bool add_transform_feedback(std::vector<uint32_t>& spirv, const std::vector<XfbCapture>& captures,
                            const std::vector<uint32_t>& strides) {
  if (captures.empty()) return true;
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  std::map<std::string, uint32_t> ids;  // OpName -> id
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpName || inst.operand_count() < 2) continue;
    const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
    ids[std::string(text, strnlen(text, (inst.words.size() - 2) * 4))] = inst.operand(0);
  }
  // Output variables by pointee type, for the gl_PerVertex block.
  std::map<uint32_t, uint32_t> pointer_pointee;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpTypePointer && inst.operand(1) == spv::StorageClassOutput)
      pointer_pointee[inst.operand(0)] = inst.operand(2);
  auto builtin_member = [&m](spv::BuiltIn builtin, uint32_t* type, uint32_t* member) {
    for (const SpirvInstruction& inst : m.instructions)
      if (inst.opcode() == spv::OpMemberDecorate && inst.operand_count() >= 4 &&
          inst.operand(2) == spv::DecorationBuiltIn && inst.operand(3) == static_cast<uint32_t>(builtin)) {
        *type = inst.operand(0);
        *member = inst.operand(1);
        return true;
      }
    return false;
  };
  // Copies take locations after every output the shader declares.
  std::map<uint32_t, uint32_t> output_pointee;  // Output variable -> pointee type
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpVariable && inst.operand_count() >= 3 && inst.operand(2) == spv::StorageClassOutput)
      output_pointee[inst.operand(1)] = pointer_pointee[inst.operand(0)];
  uint32_t next_location = 0;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpDecorate || inst.operand_count() < 3 || inst.operand(1) != spv::DecorationLocation)
      continue;
    auto o = output_pointee.find(inst.operand(0));
    if (o != output_pointee.end()) next_location = std::max(next_location, inst.operand(2) + locations_of(m, o->second));
  }
  std::vector<XfbCopy> copies;

  std::map<uint32_t, uint32_t> decorated_buffer;  // variable -> buffer
  for (const XfbCapture& c : captures) {
    uint32_t variable = 0;
    if (c.name == "gl_Position" || c.name == "gl_PointSize") {
      uint32_t block = 0, member = 0;
      if (!builtin_member(c.name == "gl_Position" ? spv::BuiltInPosition : spv::BuiltInPointSize, &block, &member))
        continue;
      for (const SpirvInstruction& inst : m.instructions)
        if (inst.opcode() == spv::OpVariable && inst.operand(2) == spv::StorageClassOutput &&
            pointer_pointee[inst.operand(0)] == block)
          variable = inst.operand(1);
      if (!variable) continue;
      m.insert_annotation(SpirvModule::make(spv::OpMemberDecorate, {block, member, spv::DecorationOffset, c.offset}));
    } else {
      if (c.name.compare(0, 6, "block:") == 0) {
        variable = output_block_variable(m, c.name.substr(6), output_pointee);
        if (!variable) continue;
      } else {
        auto it = ids.find(c.name);
        if (it == ids.end()) continue;
        variable = it->second;
      }
      // A variable captured a second time (into another buffer, or at
      // another offset: GL allows naming a varying twice) is captured
      // through a copy too, as Vulkan captures a variable once.
      if (!c.path.empty() || decorated_buffer.count(variable)) {
        if (!output_pointee.count(variable)) continue;
        const uint32_t location = next_location;
        uint32_t copy = declare_copy(m, variable, c.path, location, &copies);
        if (!copy) continue;
        next_location += locations_of(m, copies.back().type);
        variable = copy;
        // A geometry shader of several vertex streams decorates each output
        // with its stream; the copy goes where its source does (Vulkan
        // captures a buffer's outputs from one stream).
        if (m.has_capability(spv::CapabilityGeometryStreams))
          m.insert_annotation(SpirvModule::make(spv::OpDecorate, {copy, spv::DecorationStream, c.stream}));
      }
      m.insert_annotation(SpirvModule::make(spv::OpDecorate, {variable, spv::DecorationOffset, c.offset}));
    }
    if (!decorated_buffer.count(variable)) {
      decorated_buffer[variable] = c.buffer;
      m.insert_annotation(SpirvModule::make(spv::OpDecorate, {variable, spv::DecorationXfbBuffer, c.buffer}));
      const uint32_t stride = c.buffer < strides.size() ? strides[c.buffer] : 0;
      m.insert_annotation(SpirvModule::make(spv::OpDecorate, {variable, spv::DecorationXfbStride, stride}));
    }
  }
  m.add_capability(spv::CapabilityTransformFeedback);
  for (size_t i = 0; i < m.instructions.size(); ++i) {
    if (m.instructions[i].opcode() != spv::OpEntryPoint) continue;
    const uint32_t entry = m.instructions[i].operand(1);
    size_t at = i + 1;
    while (at < m.instructions.size() && m.instructions[at].opcode() == spv::OpEntryPoint) ++at;
    m.instructions.insert(m.instructions.begin() + at, SpirvModule::make(spv::OpExecutionMode, {entry, spv::ExecutionModeXfb}));
    store_copies(m, entry, copies);
    break;
  }
  spirv = m.serialize();
  return true;
}

bool add_flat_decorations(std::vector<uint32_t>& spirv, const std::vector<std::string>& names) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  const auto storage_of = variable_storage(m);
  std::vector<uint32_t> targets;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpName || inst.operand_count() < 2) continue;
    const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
    const std::string name(text, strnlen(text, (inst.words.size() - 2) * 4));
    auto s = storage_of.find(inst.operand(0));
    if (s == storage_of.end() || s->second != spv::StorageClassInput) continue;
    for (const std::string& n : names)
      if (n == name) targets.push_back(inst.operand(0));
  }
  for (uint32_t id : targets) {
    bool already = false;
    for (const SpirvInstruction& inst : m.instructions)
      already = already || (inst.opcode() == spv::OpDecorate && inst.operand(0) == id && inst.operand(1) == spv::DecorationFlat);
    if (!already) m.insert_annotation(SpirvModule::make(spv::OpDecorate, {id, spv::DecorationFlat}));
  }
  spirv = m.serialize();
  return true;
}

bool spirv_has_builtin(const std::vector<uint32_t>& spirv, spv::BuiltIn builtin) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  for (const SpirvInstruction& inst : module->instructions) {
    if (inst.opcode() == spv::OpDecorate && inst.operand_count() >= 3 &&
        inst.operand(1) == spv::DecorationBuiltIn && inst.operand(2) == static_cast<uint32_t>(builtin))
      return true;
    if (inst.opcode() == spv::OpMemberDecorate && inst.operand_count() >= 4 &&
        inst.operand(2) == spv::DecorationBuiltIn && inst.operand(3) == static_cast<uint32_t>(builtin))
      return true;
  }
  return false;
}

bool patch_instance_id(std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  const auto instance_index = m.find_decorated(spv::DecorationBuiltIn, spv::BuiltInInstanceIndex);
  if (!instance_index) return true;  // nothing to do
  const size_t var_at = m.find_definition(*instance_index);
  if (var_at == m.instructions.size()) return false;
  const uint32_t pointer_type = m.instructions[var_at].operand(0);

  const uint32_t base = m.new_id();
  m.add_capability(spv::CapabilityDrawParameters);
  m.add_extension("SPV_KHR_shader_draw_parameters");
  m.insert_annotation(SpirvModule::make(spv::OpDecorate, {base, spv::DecorationBuiltIn, spv::BuiltInBaseInstance}));
  // Re-find: insertions moved it.
  const size_t var_now = m.find_definition(*instance_index);
  m.instructions.insert(m.instructions.begin() + var_now + 1,
                        SpirvModule::make(spv::OpVariable, {pointer_type, base, spv::StorageClassInput}));
  m.add_to_entry_point_interfaces(base);

  std::vector<SpirvInstruction> out;
  out.reserve(m.instructions.size() + 8);
  for (SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() == spv::OpLoad && inst.operand(2) == *instance_index) {
      // %r = OpLoad %int %InstanceIndex  becomes
      // %t = OpLoad %int %InstanceIndex; %b = OpLoad %int %Base; %r = OpISub %int %t %b
      const uint32_t type = inst.operand(0), result = inst.operand(1);
      const uint32_t t = m.new_id(), b = m.new_id();
      out.push_back(SpirvModule::make(spv::OpLoad, {type, t, *instance_index}));
      out.push_back(SpirvModule::make(spv::OpLoad, {type, b, base}));
      out.push_back(SpirvModule::make(spv::OpISub, {type, result, t, b}));
      continue;
    }
    out.push_back(std::move(inst));
  }
  m.instructions = std::move(out);
  spirv = m.serialize();
  return true;
}

bool add_point_size_write(std::vector<uint32_t>& spirv, uint32_t override_bits) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;

  // The entry point function.
  uint32_t entry = 0;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpEntryPoint) entry = inst.operand(1);
  if (!entry) return false;

  const uint32_t float_type = m.get_float_type();
  const uint32_t one = m.get_constant(float_type, override_bits ? override_bits : 0x3f800000u);  // 1.0f by default
  const uint32_t out_float_ptr = m.get_pointer_type(spv::StorageClassOutput, float_type);

  // Prefer the PointSize member of an output gl_PerVertex block; otherwise
  // declare a loose PointSize output.
  uint32_t block_var = 0, member = 0;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() == spv::OpMemberDecorate && inst.operand_count() >= 4 &&
        inst.operand(2) == spv::DecorationBuiltIn && inst.operand(3) == spv::BuiltInPointSize) {
      const uint32_t struct_type = inst.operand(0);
      for (const SpirvInstruction& p : m.instructions) {
        if (p.opcode() != spv::OpTypePointer || p.operand(1) != spv::StorageClassOutput || p.operand(2) != struct_type)
          continue;
        for (const SpirvInstruction& v : m.instructions)
          if (v.opcode() == spv::OpVariable && v.operand(0) == p.operand(0) && v.operand(2) == spv::StorageClassOutput)
            block_var = v.operand(1);
      }
      member = inst.operand(1);
    }
  }
  uint32_t loose_var = 0;
  if (!block_var) {
    if (auto existing = m.find_decorated(spv::DecorationBuiltIn, spv::BuiltInPointSize)) {
      loose_var = *existing;
    } else {
      loose_var = m.new_id();
      m.insert_annotation(SpirvModule::make(spv::OpDecorate, {loose_var, spv::DecorationBuiltIn, spv::BuiltInPointSize}));
      m.instructions.insert(m.instructions.begin() + m.first_function(),
                            SpirvModule::make(spv::OpVariable, {out_float_ptr, loose_var, spv::StorageClassOutput}));
      m.add_to_entry_point_interfaces(loose_var);
    }
  }
  uint32_t member_index = 0;
  if (block_var) member_index = m.get_constant(m.get_int_type(true), member);

  // Once at the top of main; a geometry shader's outputs are undefined
  // after each EmitVertex, so there before every emit.
  std::vector<size_t> points;
  if (m.execution_model() == static_cast<uint32_t>(spv::ExecutionModelGeometry)) {
    points = m.output_commit_points(entry);
  } else {
    const std::optional<size_t> at = m.body_start(entry);
    if (!at) return false;
    points.push_back(*at);
    // An override is stored again before every return of main, after
    // anything the shader wrote (a geometry shader's stores before each
    // emit already come after the shader's own).
    if (override_bits) {
      for (size_t i = *at; i < m.instructions.size() && m.instructions[i].opcode() != spv::OpFunctionEnd; ++i)
        if (m.instructions[i].opcode() == spv::OpReturn) points.push_back(i);
    }
  }
  for (auto p = points.rbegin(); p != points.rend(); ++p) {
    std::vector<SpirvInstruction> code;
    if (block_var) {
      const uint32_t ptr = m.new_id();
      code.push_back(SpirvModule::make(spv::OpAccessChain, {out_float_ptr, ptr, block_var, member_index}));
      code.push_back(SpirvModule::make(spv::OpStore, {ptr, one}));
    } else {
      code.push_back(SpirvModule::make(spv::OpStore, {loose_var, one}));
    }
    m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(*p), code.begin(), code.end());
  }
  spirv = m.serialize();
  return true;
}

bool validate_spirv(const std::vector<uint32_t>& spirv, VulkanEnv env, std::string* error) {
  spvtools::SpirvTools tools(env == VulkanEnv::Vulkan1_3 ? SPV_ENV_VULKAN_1_3 : SPV_ENV_VULKAN_1_2);
  std::string messages;
  tools.SetMessageConsumer([&messages](spv_message_level_t, const char*, const spv_position_t& pos, const char* msg) {
    messages += "spirv-val: word " + std::to_string(pos.index) + ": " + msg + "\n";
  });
  const bool ok = tools.Validate(spirv);
  if (error) *error = messages;
  return ok;
}

}  // namespace brass::compiler
