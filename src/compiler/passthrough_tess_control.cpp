// The pass-through tessellation control shader of desktop programs without
// one (passthrough_tess_control.h), built from the evaluation shader's
// module: its capabilities, types and constants are taken over whole, so
// every input type is the evaluation shader's own (blocks, structs, arrays,
// member decorations), and the variables and code are new.
#include "compiler/passthrough_tess_control.h"

#include <algorithm>
#include <map>

#include "compiler/glslang_glue.h"
#include "compiler/spirv_module.h"

namespace brass::compiler {
namespace {

constexpr const char* kPatchVerticesName = "brass_passthrough_patch_vertices";

using Instruction = SpirvInstruction;

bool is_type_or_constant(spv::Op op) {
  return (op >= spv::OpTypeVoid && op <= spv::OpTypeForwardPointer) ||
         (op >= spv::OpConstantTrue && op <= spv::OpSpecConstantOp);
}

// The result id of a type (operand 0) or constant (operand 1).
uint32_t result_of(const Instruction& inst) {
  return inst.opcode() >= spv::OpTypeVoid && inst.opcode() <= spv::OpTypeForwardPointer ? inst.operand(0)
                                                                                          : inst.operand(1);
}

bool is_annotation(spv::Op op) {
  return op == spv::OpDecorate || op == spv::OpMemberDecorate || op == spv::OpDecorateId ||
         op == spv::OpDecorateString || op == spv::OpMemberDecorateString;
}

// Words a literal string takes (up to and including the word with its nul).
size_t string_words(const Instruction& inst, size_t first_operand) {
  for (size_t i = first_operand; i < inst.operand_count(); ++i) {
    const uint32_t w = inst.operand(i);
    if ((w & 0xffu) == 0 || (w & 0xff00u) == 0 || (w & 0xff0000u) == 0 || (w & 0xff000000u) == 0)
      return i - first_operand + 1;
  }
  return inst.operand_count() - first_operand;
}

// The global section under construction: the evaluation shader's types and
// constants, then what the control shader adds (non-aggregate types are
// found rather than declared twice, as SPIR-V requires).
class Globals {
 public:
  explicit Globals(SpirvModule& ids) : ids_(ids) {}

  void take(const Instruction& inst) {
    index_[result_of(inst)] = list_.size();
    list_.push_back(inst);
  }
  bool defines(uint32_t id) const { return index_.count(id) != 0; }
  const Instruction* definition(uint32_t id) const {
    auto it = index_.find(id);
    return it == index_.end() ? nullptr : &list_[it->second];
  }
  // A type of `op` with these operands after its result id, found or added.
  uint32_t type(spv::Op op, const std::vector<uint32_t>& operands) {
    for (const Instruction& inst : list_) {
      if (inst.opcode() != op || inst.operand_count() != operands.size() + 1) continue;
      if (std::equal(operands.begin(), operands.end(), inst.words.begin() + 2)) return inst.operand(0);
    }
    return fresh_type(op, operands);
  }
  // Always a new type (arrays and structs may be declared more than once).
  uint32_t fresh_type(spv::Op op, const std::vector<uint32_t>& operands) {
    const uint32_t id = ids_.new_id();
    std::vector<uint32_t> all{id};
    all.insert(all.end(), operands.begin(), operands.end());
    take(SpirvModule::make(op, all));
    return id;
  }
  uint32_t constant(uint32_t type, uint32_t value) {
    for (const Instruction& inst : list_)
      if (inst.opcode() == spv::OpConstant && inst.operand_count() == 3 && inst.operand(0) == type &&
          inst.operand(2) == value)
        return inst.operand(1);
    return fresh_constant(type, value);
  }
  uint32_t fresh_constant(uint32_t type, uint32_t value) {
    const uint32_t id = ids_.new_id();
    take(SpirvModule::make(spv::OpConstant, {type, id, value}));
    return id;
  }
  uint32_t variable(uint32_t pointer_type, spv::StorageClass storage) {
    const uint32_t id = ids_.new_id();
    list_.push_back(SpirvModule::make(spv::OpVariable, {pointer_type, id, static_cast<uint32_t>(storage)}));
    return id;
  }
  const std::vector<Instruction>& list() const { return list_; }

 private:
  SpirvModule& ids_;
  std::vector<Instruction> list_;
  std::map<uint32_t, size_t> index_;
};

// One variable of the evaluation shader's input interface.
struct TesInput {
  uint32_t id = 0;
  uint32_t pointee = 0;
  std::optional<uint32_t> builtin;
  bool patch = false;
  std::vector<Instruction> location_decorations;  // Location, Component (retargeted)
};

}  // namespace

std::optional<std::vector<uint32_t>> make_passthrough_tess_control(const std::vector<uint32_t>& tes,
                                                                   const PassthroughTessControlParams& params) {
  std::optional<SpirvModule> parsed = SpirvModule::parse(tes);
  if (!parsed) return std::nullopt;
  SpirvModule& m = *parsed;
  std::vector<Instruction> preamble;  // capabilities, extensions, imports, memory model
  std::vector<Instruction> annotations;
  Globals globals(m);
  std::vector<uint32_t> interface_ids;
  bool entry_found = false;
  std::map<uint32_t, Instruction> global_variables;
  std::vector<Instruction> all_annotations;
  for (const Instruction& inst : m.instructions) {
    const spv::Op op = inst.opcode();
    if (op == spv::OpFunction) break;
    if (op == spv::OpCapability || op == spv::OpExtension || op == spv::OpExtInstImport ||
        op == spv::OpMemoryModel) {
      preamble.push_back(inst);
    } else if (op == spv::OpEntryPoint) {
      if (inst.operand(0) != spv::ExecutionModelTessellationEvaluation) return std::nullopt;
      entry_found = true;
      for (size_t i = 2 + string_words(inst, 2); i < inst.operand_count(); ++i) interface_ids.push_back(inst.operand(i));
    } else if (is_annotation(op)) {
      all_annotations.push_back(inst);
    } else if (is_type_or_constant(op)) {
      globals.take(inst);
    } else if (op == spv::OpVariable) {
      global_variables[inst.operand(1)] = inst;
    }
  }
  if (!entry_found) return std::nullopt;
  for (const Instruction& inst : all_annotations)
    if (globals.defines(inst.operand(0))) annotations.push_back(inst);

  // The evaluation shader's inputs.
  std::vector<TesInput> inputs;
  for (uint32_t id : interface_ids) {
    auto var = global_variables.find(id);
    if (var == global_variables.end() || var->second.operand(2) != spv::StorageClassInput) continue;
    const Instruction* pointer = globals.definition(var->second.operand(0));
    if (!pointer || pointer->opcode() != spv::OpTypePointer) return std::nullopt;
    TesInput in;
    in.id = id;
    in.pointee = pointer->operand(2);
    for (const Instruction& a : all_annotations) {
      if (a.opcode() != spv::OpDecorate || a.operand(0) != id) continue;
      const auto decoration = static_cast<spv::Decoration>(a.operand(1));
      if (decoration == spv::DecorationBuiltIn) in.builtin = a.operand(2);
      if (decoration == spv::DecorationPatch) in.patch = true;
      if (decoration == spv::DecorationLocation || decoration == spv::DecorationComponent)
        in.location_decorations.push_back(a);
    }
    inputs.push_back(std::move(in));
  }

  // Types and constants, found or added before the patch size's own
  // constant (which no lookup may return: it is patched per draw).
  const uint32_t t_void = globals.type(spv::OpTypeVoid, {});
  const uint32_t t_function = globals.type(spv::OpTypeFunction, {t_void});
  const uint32_t t_int = globals.type(spv::OpTypeInt, {32, 1});
  const uint32_t t_uint = globals.type(spv::OpTypeInt, {32, 0});
  const uint32_t t_float = globals.type(spv::OpTypeFloat, {32});
  const uint32_t t_vec4 = globals.type(spv::OpTypeVector, {t_float, 4});
  const uint32_t t_vec2 = globals.type(spv::OpTypeVector, {t_float, 2});
  const uint32_t c_max_vertices = globals.constant(t_uint, params.max_patch_vertices);
  const uint32_t c_four = globals.constant(t_uint, 4);
  const uint32_t c_two = globals.constant(t_uint, 2);
  const uint32_t c_member0 = globals.constant(t_int, 0);
  const uint32_t c_member1 = globals.constant(t_int, 1);
  std::vector<uint32_t> c_members;  // struct member indices, as int constants
  const uint32_t c_patch_vertices = globals.fresh_constant(t_uint, params.patch_vertices);

  std::vector<Instruction> names;
  {
    std::vector<uint32_t> operands{c_patch_vertices};
    const std::vector<uint32_t> literal = spirv_string(kPatchVerticesName);
    operands.insert(operands.end(), literal.begin(), literal.end());
    names.push_back(SpirvModule::make(spv::OpName, operands));
  }
  auto decorate = [&annotations](uint32_t id, spv::Decoration d, std::vector<uint32_t> values = {}) {
    std::vector<uint32_t> operands{id, static_cast<uint32_t>(d)};
    operands.insert(operands.end(), values.begin(), values.end());
    annotations.push_back(SpirvModule::make(spv::OpDecorate, operands));
  };
  auto retarget = [&annotations](const std::vector<Instruction>& decorations, uint32_t id) {
    for (Instruction a : decorations) {
      a.words[1] = id;
      annotations.push_back(std::move(a));
    }
  };

  std::vector<uint32_t> entry_interface;
  const uint32_t invocation = globals.variable(globals.type(spv::OpTypePointer, {spv::StorageClassInput, t_int}),
                                               spv::StorageClassInput);
  decorate(invocation, spv::DecorationBuiltIn, {spv::BuiltInInvocationId});
  entry_interface.push_back(invocation);

  // Per-vertex inputs: gl_in-sized arrays in, patch-sized arrays out, each
  // with the evaluation shader's element type and location.
  struct Copy {
    uint32_t in, out, element;
    std::vector<uint32_t> members;  // struct element: copied member by member
  };
  std::vector<Copy> copies;
  for (const TesInput& in : inputs) {
    if (in.builtin) continue;  // gl_TessCoord, gl_PatchVerticesIn, gl_PrimitiveID, levels: not the control stage's
    if (in.patch) {
      // Left undefined without a control shader (GL 4.6 §11.2.2).
      const uint32_t out = globals.variable(globals.type(spv::OpTypePointer, {spv::StorageClassOutput, in.pointee}),
                                            spv::StorageClassOutput);
      decorate(out, spv::DecorationPatch);
      retarget(in.location_decorations, out);
      entry_interface.push_back(out);
      continue;
    }
    const Instruction* array = globals.definition(in.pointee);
    if (!array || array->opcode() != spv::OpTypeArray) return std::nullopt;
    Copy copy{};
    copy.element = array->operand(1);
    const uint32_t in_array = globals.fresh_type(spv::OpTypeArray, {copy.element, c_max_vertices});
    const uint32_t out_array = globals.fresh_type(spv::OpTypeArray, {copy.element, c_patch_vertices});
    copy.in = globals.variable(globals.type(spv::OpTypePointer, {spv::StorageClassInput, in_array}),
                               spv::StorageClassInput);
    copy.out = globals.variable(globals.type(spv::OpTypePointer, {spv::StorageClassOutput, out_array}),
                                spv::StorageClassOutput);
    retarget(in.location_decorations, copy.in);
    retarget(in.location_decorations, copy.out);
    entry_interface.push_back(copy.in);
    entry_interface.push_back(copy.out);
    if (const Instruction* element = globals.definition(copy.element); element && element->opcode() == spv::OpTypeStruct)
      copy.members.assign(element->words.begin() + 2, element->words.end());
    copies.push_back(std::move(copy));
  }
  for (const Copy& c : copies)
    while (c_members.size() < c.members.size())
      c_members.push_back(globals.constant(t_int, static_cast<uint32_t>(c_members.size())));

  // The levels: written from the default uniform block.
  const uint32_t t_outer = globals.fresh_type(spv::OpTypeArray, {t_float, c_four});
  const uint32_t t_inner = globals.fresh_type(spv::OpTypeArray, {t_float, c_two});
  const uint32_t outer = globals.variable(globals.type(spv::OpTypePointer, {spv::StorageClassOutput, t_outer}),
                                          spv::StorageClassOutput);
  const uint32_t inner = globals.variable(globals.type(spv::OpTypePointer, {spv::StorageClassOutput, t_inner}),
                                          spv::StorageClassOutput);
  decorate(outer, spv::DecorationBuiltIn, {spv::BuiltInTessLevelOuter});
  decorate(outer, spv::DecorationPatch);
  decorate(inner, spv::DecorationBuiltIn, {spv::BuiltInTessLevelInner});
  decorate(inner, spv::DecorationPatch);
  entry_interface.push_back(outer);
  entry_interface.push_back(inner);
  const uint32_t t_levels = globals.fresh_type(spv::OpTypeStruct, {t_vec4, t_vec2});
  decorate(t_levels, spv::DecorationBlock);
  annotations.push_back(
      SpirvModule::make(spv::OpMemberDecorate, {t_levels, 0, spv::DecorationOffset, params.levels_offset}));
  annotations.push_back(
      SpirvModule::make(spv::OpMemberDecorate, {t_levels, 1, spv::DecorationOffset, params.levels_offset + 16}));
  const uint32_t levels = globals.variable(globals.type(spv::OpTypePointer, {spv::StorageClassUniform, t_levels}),
                                           spv::StorageClassUniform);
  decorate(levels, spv::DecorationDescriptorSet, {0});
  decorate(levels, spv::DecorationBinding, {params.uniform_binding});
  // SPIR-V 1.4 and later list every global the entry point uses.
  if (m.header[1] >= 0x00010400u) entry_interface.push_back(levels);
  const uint32_t p_uniform_vec4 = globals.type(spv::OpTypePointer, {spv::StorageClassUniform, t_vec4});
  const uint32_t p_uniform_vec2 = globals.type(spv::OpTypePointer, {spv::StorageClassUniform, t_vec2});
  struct ElementPointers {
    uint32_t in, out;
  };
  std::vector<std::vector<ElementPointers>> member_pointers(copies.size());
  std::vector<ElementPointers> element_pointers(copies.size());
  for (size_t i = 0; i < copies.size(); ++i) {
    element_pointers[i] = {globals.type(spv::OpTypePointer, {spv::StorageClassInput, copies[i].element}),
                           globals.type(spv::OpTypePointer, {spv::StorageClassOutput, copies[i].element})};
    for (uint32_t member : copies[i].members)
      member_pointers[i].push_back({globals.type(spv::OpTypePointer, {spv::StorageClassInput, member}),
                                    globals.type(spv::OpTypePointer, {spv::StorageClassOutput, member})});
  }

  // main: copy this invocation's vertex, then the levels.
  std::vector<Instruction> code;
  const uint32_t main = m.new_id();
  code.push_back(SpirvModule::make(spv::OpFunction, {t_void, main, spv::FunctionControlMaskNone, t_function}));
  code.push_back(SpirvModule::make(spv::OpLabel, {m.new_id()}));
  const uint32_t id = m.new_id();
  code.push_back(SpirvModule::make(spv::OpLoad, {t_int, id, invocation}));
  auto copy_value = [&code, &m](uint32_t type, uint32_t p_in, uint32_t p_out, uint32_t from, uint32_t to,
                                std::vector<uint32_t> indices) {
    const uint32_t src = m.new_id(), dst = m.new_id(), value = m.new_id();
    std::vector<uint32_t> in_chain{p_in, src, from}, out_chain{p_out, dst, to};
    in_chain.insert(in_chain.end(), indices.begin(), indices.end());
    out_chain.insert(out_chain.end(), indices.begin(), indices.end());
    code.push_back(SpirvModule::make(spv::OpAccessChain, in_chain));
    code.push_back(SpirvModule::make(spv::OpLoad, {type, value, src}));
    code.push_back(SpirvModule::make(spv::OpAccessChain, out_chain));
    code.push_back(SpirvModule::make(spv::OpStore, {dst, value}));
  };
  for (size_t i = 0; i < copies.size(); ++i) {
    const Copy& c = copies[i];
    if (c.members.empty()) {
      copy_value(c.element, element_pointers[i].in, element_pointers[i].out, c.in, c.out, {id});
      continue;
    }
    for (size_t k = 0; k < c.members.size(); ++k)
      copy_value(c.members[k], member_pointers[i][k].in, member_pointers[i][k].out, c.in, c.out, {id, c_members[k]});
  }
  auto store_levels = [&](uint32_t member, uint32_t pointer, uint32_t vector, uint32_t count, uint32_t array,
                          uint32_t out) {
    const uint32_t at = m.new_id(), value = m.new_id();
    code.push_back(SpirvModule::make(spv::OpAccessChain, {pointer, at, levels, member}));
    code.push_back(SpirvModule::make(spv::OpLoad, {vector, value, at}));
    std::vector<uint32_t> construct{array, m.new_id()};
    for (uint32_t k = 0; k < count; ++k) {
      const uint32_t component = m.new_id();
      code.push_back(SpirvModule::make(spv::OpCompositeExtract, {t_float, component, value, k}));
      construct.push_back(component);
    }
    code.push_back(SpirvModule::make(spv::OpCompositeConstruct, construct));
    code.push_back(SpirvModule::make(spv::OpStore, {out, construct[1]}));
  };
  store_levels(c_member0, p_uniform_vec4, t_vec4, 4, t_outer, outer);
  store_levels(c_member1, p_uniform_vec2, t_vec2, 2, t_inner, inner);
  code.push_back(SpirvModule::make(spv::OpReturn, {}));
  code.push_back(SpirvModule::make(spv::OpFunctionEnd, {}));

  SpirvModule out = m;  // header and id bound
  out.instructions = preamble;
  {
    std::vector<uint32_t> operands{spv::ExecutionModelTessellationControl, main};
    const std::vector<uint32_t> literal = spirv_string("main");
    operands.insert(operands.end(), literal.begin(), literal.end());
    operands.insert(operands.end(), entry_interface.begin(), entry_interface.end());
    out.instructions.push_back(SpirvModule::make(spv::OpEntryPoint, operands));
  }
  out.instructions.push_back(
      SpirvModule::make(spv::OpExecutionMode, {main, spv::ExecutionModeOutputVertices, params.patch_vertices}));
  const std::vector<Instruction>* sections[] = {&names, &annotations, &globals.list(), &code};
  for (const std::vector<Instruction>* section : sections)
    out.instructions.insert(out.instructions.end(), section->begin(), section->end());
  return out.serialize();
}

bool set_passthrough_patch_vertices(std::vector<uint32_t>& spirv, uint32_t vertices) {
  std::optional<SpirvModule> parsed = SpirvModule::parse(spirv);
  if (!parsed) return false;
  const std::vector<uint32_t> name = spirv_string(kPatchVerticesName);
  std::optional<uint32_t> constant;
  for (const Instruction& inst : parsed->instructions)
    if (inst.opcode() == spv::OpName && inst.operand_count() == 1 + name.size() &&
        std::equal(name.begin(), name.end(), inst.words.begin() + 2))
      constant = inst.operand(0);
  if (!constant) return false;
  bool set_constant = false, set_mode = false;
  for (Instruction& inst : parsed->instructions) {
    if (inst.opcode() == spv::OpConstant && inst.operand(1) == *constant) {
      inst.words[3] = vertices;
      set_constant = true;
    } else if (inst.opcode() == spv::OpExecutionMode && inst.operand(1) == spv::ExecutionModeOutputVertices) {
      inst.words[3] = vertices;
      set_mode = true;
    }
  }
  if (!set_constant || !set_mode) return false;
  spirv = parsed->serialize();
  return true;
}

bool add_passthrough_tess_control(LinkResult& result, uint32_t max_patch_vertices) {
  ProgramInterface& pi = result.interface;
  auto tes = std::find_if(result.stages.begin(), result.stages.end(),
                          [](const StageBinary& s) { return s.stage == ShaderStage::TessEval; });
  if (tes == result.stages.end()) return true;
  // The levels go after every uniform of the block, std140-aligned.
  const uint32_t offset = (pi.default_block_size + 15u) & ~15u;
  PassthroughTessControlParams params;
  params.max_patch_vertices = max_patch_vertices;
  params.uniform_binding = default_block_binding(ShaderStage::TessControl);
  params.levels_offset = offset;
  std::optional<std::vector<uint32_t>> spirv = make_passthrough_tess_control(tes->spirv, params);
  if (!spirv) {
    result.info_log += "ERROR: internal error: cannot pass patches to the tessellation evaluation shader\n";
    return false;
  }
  pi.default_block_size = offset + 32;
  if (!pi.default_block_initial_data.empty()) pi.default_block_initial_data.resize(pi.default_block_size, 0);
  pi.passthrough_tess_control = true;
  pi.patch_levels_offset = static_cast<int32_t>(offset);
  Binding b;
  b.set = kSetDefaultUniforms;
  b.binding = params.uniform_binding;
  b.stages = stage_bit(ShaderStage::TessControl);
  b.kind = DescriptorKind::UniformBuffer;
  b.slot = static_cast<uint32_t>(ShaderStage::TessControl);
  pi.bindings.push_back(b);
  StageBinary tcs;
  tcs.stage = ShaderStage::TessControl;
  tcs.spirv = std::move(*spirv);
  result.stages.insert(tes, std::move(tcs));
  return true;
}

}  // namespace brass::compiler
