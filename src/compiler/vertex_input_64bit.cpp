#include "compiler/vertex_input_64bit.h"

#include <glslang/SPIRV/GLSL.std.450.h>

#include <algorithm>
#include <cstring>
#include <set>

#include "compiler/private_variables.h"
#include "compiler/spirv_module.h"

namespace brass::compiler {

namespace {

// One double column of an input: where it sits in the variable (access
// chain indices), its type, its component count and its first location.
struct DoubleColumn {
  std::vector<uint32_t> path;
  uint32_t type = 0;
  uint32_t rows = 1;
  uint32_t location = 0;
};

bool is_double_type(const SpirvModule& m, uint32_t type) {
  const SpirvInstruction* d = definition(m, type);
  return d && d->opcode() == spv::OpTypeFloat && d->operand(1) == 64;
}

// The double columns of `type` (a double scalar or vector, a matrix of
// them, or arrays of those) from location *location on; false when `type`
// holds something else.
bool double_columns(const SpirvModule& m, uint32_t type, std::vector<uint32_t>& path, uint32_t* location,
                    std::vector<DoubleColumn>* out) {
  const SpirvInstruction* d = definition(m, type);
  if (!d) return false;
  switch (d->opcode()) {
    case spv::OpTypeFloat:
      if (d->operand(1) != 64) return false;
      out->push_back({path, type, 1, *location});
      *location += 1;
      return true;
    case spv::OpTypeVector: {
      if (!is_double_type(m, d->operand(1))) return false;
      const uint32_t rows = d->operand(2);
      out->push_back({path, type, rows, *location});
      *location += rows > 2 ? 2 : 1;
      return true;
    }
    case spv::OpTypeMatrix:
    case spv::OpTypeArray: {
      uint32_t count = d->operand(2);
      if (d->opcode() == spv::OpTypeArray) {
        const SpirvInstruction* length = definition(m, d->operand(2));
        if (!length || length->opcode() != spv::OpConstant || length->operand_count() < 3) return false;
        count = length->operand(2);
      }
      const uint32_t element = d->operand(1);
      for (uint32_t k = 0; k < count; ++k) {
        path.push_back(k);
        const bool ok = double_columns(m, element, path, location, out);
        path.pop_back();
        if (!ok) return false;
      }
      return count > 0;
    }
    default: return false;
  }
}



// Columns of a GL type and whether they are three- or four-component
// doubles.
struct ColumnShape {
  int columns = 1;
  bool wide = false;
};
ColumnShape column_shape(uint32_t gl_type) {
  switch (gl_type) {
    case 0x8FFD: case 0x8FFE: return {1, true};  // DOUBLE_VEC3, DOUBLE_VEC4
    case 0x8F46: return {2, false};              // DOUBLE_MAT2
    case 0x8F47: return {3, true};               // DOUBLE_MAT3
    case 0x8F48: return {4, true};               // DOUBLE_MAT4
    case 0x8F49: case 0x8F4A: return {2, true};  // DOUBLE_MAT2x3, DOUBLE_MAT2x4
    case 0x8F4B: return {3, false};              // DOUBLE_MAT3x2
    case 0x8F4C: return {3, true};               // DOUBLE_MAT3x4
    case 0x8F4D: return {4, false};              // DOUBLE_MAT4x2
    case 0x8F4E: return {4, true};               // DOUBLE_MAT4x3
    case 0x8B5A: case 0x8B65: case 0x8B66: return {2, false};  // MAT2, MAT2x3, MAT2x4
    case 0x8B5B: case 0x8B67: case 0x8B68: return {3, false};  // MAT3, MAT3x2, MAT3x4
    case 0x8B5C: case 0x8B69: case 0x8B6A: return {4, false};  // MAT4, MAT4x2, MAT4x3
    default: return {1, false};
  }
}

}  // namespace

std::array<int32_t, kMaxVertexInputLocations> vulkan_vertex_input_locations(
    const std::vector<InterfaceVariable>& attributes) {
  std::array<uint8_t, kMaxVertexInputLocations> wide{};
  for (const InterfaceVariable& a : attributes) {
    if (a.location < 0) continue;
    const ColumnShape shape = column_shape(a.type);
    if (!shape.wide) continue;
    const int n = shape.columns * std::max(a.array_size, 1);
    for (int k = 0; k < n; ++k)
      if (a.location + k < static_cast<int>(kMaxVertexInputLocations)) wide[static_cast<size_t>(a.location + k)] = 1;
  }
  std::array<int32_t, kMaxVertexInputLocations> table{};
  int32_t shift = 0;
  for (unsigned g = 0; g < kMaxVertexInputLocations; ++g) {
    table[g] = static_cast<int32_t>(g) + shift;
    shift += wide[g];
  }
  return table;
}

bool lower_64bit_vertex_inputs(std::vector<uint32_t>& spirv) {
  auto module = SpirvModule::parse(spirv);
  if (!module) return false;
  SpirvModule& m = *module;
  uint32_t entry = 0;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpEntryPoint && inst.operand_count() >= 2) entry = inst.operand(1);
  if (!entry) return false;
  auto pointee_of = [&m](uint32_t pointer_type) -> uint32_t {
    const SpirvInstruction* p = definition(m, pointer_type);
    return p && p->opcode() == spv::OpTypePointer ? p->operand(2) : 0;
  };

  // The located Input variables holding doubles.
  struct Lowered {
    uint32_t var = 0;
    uint32_t pointee = 0;
    // ARB_enhanced_layouts' component: a double at 2 shares its location
    // with a vec2 at 0; its two words go to 32-bit components 2 and 3.
    uint32_t component = 0;
    std::vector<DoubleColumn> columns;
  };
  std::vector<Lowered> inputs;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpVariable || inst.operand_count() < 3 || inst.operand(2) != spv::StorageClassInput)
      continue;
    const uint32_t var = inst.operand(1);
    const std::optional<uint32_t> location = m.decoration_value(var, spv::DecorationLocation);
    if (!location) continue;
    Lowered l;
    l.var = var;
    l.pointee = pointee_of(inst.operand(0));
    l.component = m.decoration_value(var, spv::DecorationComponent).value_or(0);
    std::vector<uint32_t> path;
    uint32_t next = *location;
    if (l.pointee && double_columns(m, l.pointee, path, &next, &l.columns)) inputs.push_back(std::move(l));
  }
  if (inputs.empty()) return true;

  const uint32_t ext = m.get_glsl_std_450();
  const uint32_t uint_type = m.get_int_type(false);
  const uint32_t int_type = m.get_int_type(true);
  const uint32_t uvec2 = m.get_vector_type(uint_type, 2), uvec4 = m.get_vector_type(uint_type, 4);
  std::set<uint32_t> vars;
  std::vector<SpirvInstruction> prologue;
  for (const Lowered& l : inputs) {
    vars.insert(l.var);
    // The variable becomes Private, moved after its new pointer type.
    if (!move_variable_to_private(m, l.var)) return false;

    for (const DoubleColumn& c : l.columns) {
      const SpirvInstruction* column_type = definition(m, c.type);
      const uint32_t double_type = c.rows == 1 ? c.type : column_type->operand(1);
      // The integer inputs: two words per double, at most four per location.
      std::vector<uint32_t> doubles;
      for (uint32_t half = 0; half < (c.rows > 2 ? 2u : 1u); ++half) {
        const uint32_t words = half == 0 ? (c.rows >= 2 ? 4 : 2) : (c.rows - 2) * 2;
        const uint32_t type = words == 4 ? uvec4 : uvec2;
        const uint32_t input = m.new_id();
        const uint32_t pointer = m.get_pointer_type(spv::StorageClassInput, type);
        m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()),
                              SpirvModule::make(spv::OpVariable, {pointer, input, spv::StorageClassInput}));
        m.insert_annotation(SpirvModule::make(spv::OpDecorate, {input, spv::DecorationLocation, c.location + half}));
        if (l.component != 0 && half == 0)
          m.insert_annotation(SpirvModule::make(spv::OpDecorate, {input, spv::DecorationComponent, l.component}));
        m.add_to_entry_point_interfaces(input);
        const uint32_t loaded = m.new_id();
        prologue.push_back(SpirvModule::make(spv::OpLoad, {type, loaded, input}));
        for (uint32_t pair = 0; pair < words / 2; ++pair) {
          uint32_t bits = loaded;
          if (words == 4) {
            bits = m.new_id();
            prologue.push_back(
                SpirvModule::make(spv::OpVectorShuffle, {uvec2, bits, loaded, loaded, 2 * pair, 2 * pair + 1}));
          }
          const uint32_t value = m.new_id();
          prologue.push_back(
              SpirvModule::make(spv::OpExtInst, {double_type, value, ext, GLSLstd450PackDouble2x32, bits}));
          doubles.push_back(value);
        }
      }
      doubles.resize(c.rows);
      uint32_t column = doubles[0];
      if (c.rows > 1) {
        column = m.new_id();
        std::vector<uint32_t> operands{c.type, column};
        operands.insert(operands.end(), doubles.begin(), doubles.end());
        prologue.push_back(SpirvModule::make(spv::OpCompositeConstruct, operands));
      }
      uint32_t target = l.var;
      if (!c.path.empty()) {
        target = m.new_id();
        std::vector<uint32_t> operands{m.get_pointer_type(spv::StorageClassPrivate, c.type), target, l.var};
        for (uint32_t index : c.path) operands.push_back(m.get_constant(int_type, index));
        prologue.push_back(SpirvModule::make(spv::OpAccessChain, operands));
      }
      prologue.push_back(SpirvModule::make(spv::OpStore, {target, column}));
    }
  }

  // Pointers into the variables are Private now; they are no longer
  // interface variables.
  if (!retarget_private_uses(m, vars, InterfaceRemoval::kAlways)) return false;

  const std::optional<size_t> start = m.body_start(entry);
  if (!start) return false;
  m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(*start), prologue.begin(), prologue.end());
  spirv = m.serialize();
  return true;
}

}  // namespace brass::compiler
