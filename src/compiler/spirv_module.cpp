#include "compiler/spirv_module.h"

#include <cstring>

namespace brass::compiler {

std::optional<SpirvModule> SpirvModule::parse(const std::vector<uint32_t>& words) {
  if (words.size() < 5 || words[0] != spv::MagicNumber) return std::nullopt;
  SpirvModule m;
  m.header.assign(words.begin(), words.begin() + 5);
  m.bound_ = words[3];
  size_t i = 5;
  while (i < words.size()) {
    const uint32_t count = words[i] >> 16;
    if (count == 0 || i + count > words.size()) return std::nullopt;
    m.instructions.push_back({std::vector<uint32_t>(words.begin() + i, words.begin() + i + count)});
    i += count;
  }
  return m;
}

std::vector<uint32_t> SpirvModule::serialize() const {
  std::vector<uint32_t> out = header;
  out[3] = bound_;
  for (const SpirvInstruction& inst : instructions) {
    out.insert(out.end(), inst.words.begin(), inst.words.end());
  }
  return out;
}

SpirvInstruction SpirvModule::make(spv::Op op, std::vector<uint32_t> operands) {
  SpirvInstruction inst;
  inst.words.reserve(operands.size() + 1);
  inst.words.push_back((static_cast<uint32_t>(operands.size() + 1) << 16) | static_cast<uint32_t>(op));
  inst.words.insert(inst.words.end(), operands.begin(), operands.end());
  return inst;
}

std::vector<uint32_t> spirv_string(const char* s) {
  const size_t n = std::strlen(s) + 1;
  std::vector<uint32_t> words((n + 3) / 4, 0);
  std::memcpy(words.data(), s, n);
  return words;
}

std::optional<uint32_t> SpirvModule::find_decorated(spv::Decoration decoration, uint32_t value) const {
  for (const SpirvInstruction& inst : instructions) {
    if (inst.opcode() == spv::OpDecorate && inst.operand_count() >= 3 &&
        inst.operand(1) == static_cast<uint32_t>(decoration) && inst.operand(2) == value)
      return inst.operand(0);
  }
  return std::nullopt;
}

std::optional<uint32_t> SpirvModule::decoration_value(uint32_t id, spv::Decoration decoration) const {
  for (const SpirvInstruction& inst : instructions) {
    if (inst.opcode() == spv::OpDecorate && inst.operand_count() >= 3 && inst.operand(0) == id &&
        inst.operand(1) == static_cast<uint32_t>(decoration))
      return inst.operand(2);
  }
  return std::nullopt;
}

size_t SpirvModule::find_definition(uint32_t id) const {
  for (size_t i = 0; i < instructions.size(); ++i) {
    const SpirvInstruction& inst = instructions[i];
    switch (inst.opcode()) {
      case spv::OpTypeVoid: case spv::OpTypeBool: case spv::OpTypeInt: case spv::OpTypeFloat:
      case spv::OpTypeVector: case spv::OpTypeMatrix: case spv::OpTypeImage: case spv::OpTypeSampler:
      case spv::OpTypeSampledImage: case spv::OpTypeArray: case spv::OpTypeRuntimeArray:
      case spv::OpTypeStruct: case spv::OpTypePointer: case spv::OpTypeFunction:
        if (inst.operand(0) == id) return i;
        break;
      case spv::OpVariable: case spv::OpConstant: case spv::OpConstantComposite: case spv::OpSpecConstant:
      case spv::OpConstantTrue: case spv::OpConstantFalse: case spv::OpSpecConstantTrue:
      case spv::OpSpecConstantFalse:
        if (inst.operand_count() >= 2 && inst.operand(1) == id) return i;
        break;
      default:
        break;
    }
  }
  return instructions.size();
}

std::optional<size_t> SpirvModule::body_start(uint32_t function) const {
  for (size_t i = 0; i < instructions.size(); ++i) {
    if (instructions[i].opcode() != spv::OpFunction || instructions[i].operand(1) != function) continue;
    size_t j = i + 1;
    while (j < instructions.size() && instructions[j].opcode() != spv::OpLabel) ++j;
    if (j == instructions.size()) return std::nullopt;
    ++j;
    while (j < instructions.size() && instructions[j].opcode() == spv::OpVariable) ++j;
    return j;
  }
  return std::nullopt;
}

std::optional<uint32_t> SpirvModule::execution_model() const {
  for (const SpirvInstruction& inst : instructions)
    if (inst.opcode() == spv::OpEntryPoint && inst.operand_count() >= 1) return inst.operand(0);
  return std::nullopt;
}

std::vector<size_t> SpirvModule::output_commit_points(uint32_t entry) const {
  const bool geometry = execution_model() == static_cast<uint32_t>(spv::ExecutionModelGeometry);
  std::vector<size_t> points;
  bool in_entry = false;
  for (size_t i = 0; i < instructions.size(); ++i) {
    const spv::Op op = instructions[i].opcode();
    if (op == spv::OpFunction) in_entry = instructions[i].operand(1) == entry;
    else if (op == spv::OpFunctionEnd) in_entry = false;
    else if (geometry ? (op == spv::OpEmitVertex || op == spv::OpEmitStreamVertex) : (in_entry && op == spv::OpReturn))
      points.push_back(i);
  }
  return points;
}

const SpirvInstruction* definition(const SpirvModule& m, uint32_t id) {
  const size_t at = m.find_definition(id);
  return at < m.instructions.size() ? &m.instructions[at] : nullptr;
}

size_t SpirvModule::first_function() const {
  for (size_t i = 0; i < instructions.size(); ++i)
    if (instructions[i].opcode() == spv::OpFunction) return i;
  return instructions.size();
}

uint32_t SpirvModule::get_bool_type() {
  for (const SpirvInstruction& inst : instructions)
    if (inst.opcode() == spv::OpTypeBool) return inst.operand(0);
  const uint32_t id = new_id();
  instructions.insert(instructions.begin() + first_function(), make(spv::OpTypeBool, {id}));
  return id;
}

uint32_t SpirvModule::get_float_type() {
  for (const SpirvInstruction& inst : instructions)
    if (inst.opcode() == spv::OpTypeFloat && inst.operand(1) == 32) return inst.operand(0);
  const uint32_t id = new_id();
  instructions.insert(instructions.begin() + first_function(), make(spv::OpTypeFloat, {id, 32}));
  return id;
}

uint32_t SpirvModule::get_int_type(bool is_signed) {
  for (const SpirvInstruction& inst : instructions)
    if (inst.opcode() == spv::OpTypeInt && inst.operand(1) == 32 && inst.operand(2) == (is_signed ? 1u : 0u))
      return inst.operand(0);
  const uint32_t id = new_id();
  instructions.insert(instructions.begin() + first_function(),
                      make(spv::OpTypeInt, {id, 32, is_signed ? 1u : 0u}));
  return id;
}

uint32_t SpirvModule::get_pointer_type(spv::StorageClass sc, uint32_t pointee) {
  for (const SpirvInstruction& inst : instructions)
    if (inst.opcode() == spv::OpTypePointer && inst.operand(1) == static_cast<uint32_t>(sc) &&
        inst.operand(2) == pointee)
      return inst.operand(0);
  const uint32_t id = new_id();
  instructions.insert(instructions.begin() + first_function(),
                      make(spv::OpTypePointer, {id, static_cast<uint32_t>(sc), pointee}));
  return id;
}

uint32_t SpirvModule::get_vector_type(uint32_t component, uint32_t count) {
  for (const SpirvInstruction& inst : instructions)
    if (inst.opcode() == spv::OpTypeVector && inst.operand(1) == component && inst.operand(2) == count)
      return inst.operand(0);
  const uint32_t id = new_id();
  instructions.insert(instructions.begin() + static_cast<std::ptrdiff_t>(first_function()),
                      make(spv::OpTypeVector, {id, component, count}));
  return id;
}

uint32_t SpirvModule::get_glsl_std_450() {
  static const std::vector<uint32_t> kName = spirv_string("GLSL.std.450");
  size_t memory_model = instructions.size();
  for (size_t i = 0; i < instructions.size(); ++i) {
    const SpirvInstruction& inst = instructions[i];
    if (inst.opcode() == spv::OpExtInstImport && std::vector<uint32_t>(inst.words.begin() + 2, inst.words.end()) == kName)
      return inst.operand(0);
    if (inst.opcode() == spv::OpMemoryModel && memory_model == instructions.size()) memory_model = i;
  }
  const uint32_t id = new_id();
  std::vector<uint32_t> operands{id};
  operands.insert(operands.end(), kName.begin(), kName.end());
  instructions.insert(instructions.begin() + static_cast<std::ptrdiff_t>(memory_model),
                      make(spv::OpExtInstImport, operands));
  return id;
}

uint32_t SpirvModule::get_constant(uint32_t type, uint32_t value_bits) {
  for (const SpirvInstruction& inst : instructions)
    if (inst.opcode() == spv::OpConstant && inst.operand(0) == type && inst.operand_count() == 3 &&
        inst.operand(2) == value_bits)
      return inst.operand(1);
  const uint32_t id = new_id();
  instructions.insert(instructions.begin() + first_function(), make(spv::OpConstant, {type, id, value_bits}));
  return id;
}

bool SpirvModule::has_capability(spv::Capability cap) const {
  for (const SpirvInstruction& inst : instructions)
    if (inst.opcode() == spv::OpCapability && inst.operand(0) == static_cast<uint32_t>(cap)) return true;
  return false;
}

void SpirvModule::add_capability(spv::Capability cap) {
  if (has_capability(cap)) return;
  instructions.insert(instructions.begin(), make(spv::OpCapability, {static_cast<uint32_t>(cap)}));
}

void SpirvModule::add_extension(const char* name) {
  const std::vector<uint32_t> literal = spirv_string(name);
  size_t pos = 0;
  for (size_t i = 0; i < instructions.size(); ++i) {
    const SpirvInstruction& inst = instructions[i];
    if (inst.opcode() == spv::OpExtension &&
        std::vector<uint32_t>(inst.words.begin() + 1, inst.words.end()) == literal)
      return;
    if (inst.opcode() == spv::OpCapability || inst.opcode() == spv::OpExtension) pos = i + 1;
  }
  instructions.insert(instructions.begin() + pos, make(spv::OpExtension, literal));
}

void SpirvModule::add_to_entry_point_interfaces(uint32_t id) {
  for (SpirvInstruction& inst : instructions) {
    if (inst.opcode() != spv::OpEntryPoint) continue;
    inst.words.push_back(id);
    inst.words[0] = (static_cast<uint32_t>(inst.words.size()) << 16) | spv::OpEntryPoint;
  }
}

void SpirvModule::insert_annotation(SpirvInstruction inst) {
  // After the last existing annotation, else before the first type.
  size_t pos = instructions.size();
  for (size_t i = 0; i < instructions.size(); ++i) {
    const spv::Op op = instructions[i].opcode();
    if (op == spv::OpDecorate || op == spv::OpMemberDecorate || op == spv::OpDecorationGroup ||
        op == spv::OpGroupDecorate || op == spv::OpDecorateString || op == spv::OpMemberDecorateString) {
      pos = i + 1;
    }
  }
  if (pos == instructions.size()) {
    for (size_t i = 0; i < instructions.size(); ++i) {
      const spv::Op op = instructions[i].opcode();
      if (op >= spv::OpTypeVoid && op <= spv::OpTypeForwardPointer) {
        pos = i;
        break;
      }
    }
  }
  instructions.insert(instructions.begin() + pos, std::move(inst));
}

}  // namespace brass::compiler
