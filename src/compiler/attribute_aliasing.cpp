#include "compiler/attribute_aliasing.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "compiler/spirv_module.h"

namespace brass::compiler {

namespace {

// What one input variable's type looks like, slot by slot.
struct InputShape {
  uint32_t scalar_type = 0;  // the OpTypeFloat / OpTypeInt every component is
  uint32_t slots = 0;        // locations it occupies
  uint32_t components = 1;   // components it takes in each
};

struct AliasedInput {
  uint32_t var = 0;
  uint32_t type = 0;  // pointee
  uint32_t location = 0;
  uint32_t slots = 0;
  uint32_t component_mask = 0xf;  // the components it takes in each slot
};

std::optional<uint32_t> constant_value(const SpirvModule& m, uint32_t id) {
  const SpirvInstruction* c = definition(m, id);
  if (!c || c->opcode() != spv::OpConstant || c->operand_count() < 3) return std::nullopt;
  return c->operand(2);
}

// Only 32-bit scalars, vectors, matrices and arrays of them; one vec4 slot
// per vector, matrix column or array element.
std::optional<InputShape> shape_of(const SpirvModule& m, uint32_t type) {
  const SpirvInstruction* t = definition(m, type);
  if (!t) return std::nullopt;
  switch (t->opcode()) {
    case spv::OpTypeFloat:
    case spv::OpTypeInt:
      if (t->operand(1) != 32) return std::nullopt;
      return InputShape{type, 1};
    case spv::OpTypeVector: {
      auto s = shape_of(m, t->operand(1));
      if (!s || s->slots != 1) return std::nullopt;
      s->components = t->operand(2);
      return s;
    }
    case spv::OpTypeMatrix: {
      auto s = shape_of(m, t->operand(1));
      if (!s) return std::nullopt;
      return InputShape{s->scalar_type, t->operand(2), s->components};
    }
    case spv::OpTypeArray: {
      auto s = shape_of(m, t->operand(1));
      auto n = constant_value(m, t->operand(2));
      if (!s || !n) return std::nullopt;
      return InputShape{s->scalar_type, s->slots * *n, s->components};
    }
    default:
      return std::nullopt;
  }
}

uint32_t get_vec4_type(SpirvModule& m, uint32_t scalar) {
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpTypeVector && inst.operand(1) == scalar && inst.operand(2) == 4) return inst.operand(0);
  const uint32_t id = m.new_id();
  m.instructions.insert(m.instructions.begin() + m.first_function(), SpirvModule::make(spv::OpTypeVector, {id, scalar, 4}));
  return id;
}

// Emits the code that builds a value of `type` from the carriers starting
// at `slot`, and returns its id.
uint32_t build_value(SpirvModule& m, std::vector<SpirvInstruction>& code, uint32_t type,
                     const std::map<uint32_t, uint32_t>& carrier_of_slot, uint32_t vec4_type, uint32_t& slot) {
  const SpirvInstruction t = *definition(m, type);
  switch (t.opcode()) {
    case spv::OpTypeFloat:
    case spv::OpTypeInt:
    case spv::OpTypeVector: {
      const uint32_t loaded = m.new_id();
      code.push_back(SpirvModule::make(spv::OpLoad, {vec4_type, loaded, carrier_of_slot.at(slot++)}));
      if (t.opcode() != spv::OpTypeVector) {
        const uint32_t x = m.new_id();
        code.push_back(SpirvModule::make(spv::OpCompositeExtract, {type, x, loaded, 0}));
        return x;
      }
      const uint32_t n = t.operand(2);
      if (n == 4) return loaded;
      std::vector<uint32_t> ops = {type, m.new_id(), loaded, loaded};
      for (uint32_t c = 0; c < n; ++c) ops.push_back(c);
      code.push_back(SpirvModule::make(spv::OpVectorShuffle, ops));
      return ops[1];
    }
    case spv::OpTypeMatrix:
    case spv::OpTypeArray: {
      const uint32_t count = t.opcode() == spv::OpTypeMatrix ? t.operand(2) : *constant_value(m, t.operand(2));
      std::vector<uint32_t> ops = {type, 0};
      for (uint32_t i = 0; i < count; ++i)
        ops.push_back(build_value(m, code, t.operand(1), carrier_of_slot, vec4_type, slot));
      ops[1] = m.new_id();
      code.push_back(SpirvModule::make(spv::OpCompositeConstruct, ops));
      return ops[1];
    }
    default:
      return 0;  // shape_of admitted nothing else
  }
}

// Interface ids of an OpEntryPoint start after its nul-terminated name.
size_t first_interface_word(const SpirvInstruction& ep) {
  size_t w = 3;  // opcode, execution model, function id, then the name
  while (w < ep.words.size()) {
    const uint32_t word = ep.words[w++];
    if ((word >> 24) == 0 || ((word >> 16) & 0xff) == 0 || ((word >> 8) & 0xff) == 0 || (word & 0xff) == 0) break;
  }
  return w;
}

}  // namespace

bool merge_aliased_inputs(std::vector<uint32_t>& spirv) {
  auto parsed = SpirvModule::parse(spirv);
  if (!parsed) return false;
  SpirvModule& m = *parsed;

  uint32_t entry = 0;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpEntryPoint && inst.operand(0) == spv::ExecutionModelVertex) entry = inst.operand(1);
  if (!entry) return true;

  // Located user inputs and the slots they cover.
  std::vector<AliasedInput> inputs;
  std::map<uint32_t, uint32_t> scalar_of_var;
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpVariable || inst.operand(2) != spv::StorageClassInput) continue;
    const uint32_t var = inst.operand(1);
    const auto location = m.decoration_value(var, spv::DecorationLocation);
    if (!location) continue;
    const SpirvInstruction* ptr = definition(m, inst.operand(0));
    if (!ptr || ptr->opcode() != spv::OpTypePointer) return false;
    const auto shape = shape_of(m, ptr->operand(2));
    if (!shape) continue;  // no other input can alias what Brass cannot merge
    // ARB_enhanced_layouts' component qualifier: inputs that share a
    // location in distinct components are Vulkan's as they are.
    const uint32_t component = m.decoration_value(var, spv::DecorationComponent).value_or(0);
    const uint32_t mask = component + shape->components > 4 ? 0xfu : ((1u << shape->components) - 1u) << component;
    inputs.push_back({var, ptr->operand(2), *location, shape->slots, mask});
    scalar_of_var[var] = shape->scalar_type;
  }
  std::map<uint32_t, std::vector<size_t>> users_of_slot;
  for (size_t i = 0; i < inputs.size(); ++i)
    for (uint32_t s = 0; s < inputs[i].slots; ++s) users_of_slot[inputs[i].location + s].push_back(i);

  // An input is aliased when any of its slots' components is shared; all
  // its slots then come from carriers.
  std::set<size_t> aliased;
  for (const auto& [slot, users] : users_of_slot)
    for (size_t a = 0; a < users.size(); ++a)
      for (size_t b = a + 1; b < users.size(); ++b)
        if (inputs[users[a]].component_mask & inputs[users[b]].component_mask) {
          aliased.insert(users[a]);
          aliased.insert(users[b]);
        }
  if (aliased.empty()) return true;

  std::map<uint32_t, uint32_t> scalar_of_slot;
  for (size_t i : aliased) {
    for (uint32_t s = 0; s < inputs[i].slots; ++s) {
      const uint32_t scalar = scalar_of_var[inputs[i].var];
      auto [it, inserted] = scalar_of_slot.emplace(inputs[i].location + s, scalar);
      if (!inserted && it->second != scalar) return false;
    }
  }
  // Types first (they must precede the variables that use them).
  std::map<uint32_t, uint32_t> vec4_of_scalar, in_ptr_of_scalar;
  for (const auto& [slot, scalar] : scalar_of_slot) {
    if (vec4_of_scalar.count(scalar)) continue;
    vec4_of_scalar[scalar] = get_vec4_type(m, scalar);
    in_ptr_of_scalar[scalar] = m.get_pointer_type(spv::StorageClassInput, vec4_of_scalar[scalar]);
  }
  std::map<uint32_t, uint32_t> private_ptr_of_type;  // pointee -> Private pointer
  auto private_ptr = [&](uint32_t pointee) {
    auto it = private_ptr_of_type.find(pointee);
    if (it != private_ptr_of_type.end()) return it->second;
    return private_ptr_of_type[pointee] = m.get_pointer_type(spv::StorageClassPrivate, pointee);
  };
  std::set<uint32_t> privatized;
  for (size_t i : aliased) {
    private_ptr(inputs[i].type);
    privatized.insert(inputs[i].var);
  }
  // Access chains into the privatized variables need Private pointer types.
  std::map<uint32_t, uint32_t> chain_pointee;  // result id -> pointee type
  for (const SpirvInstruction& inst : m.instructions) {
    const spv::Op op = inst.opcode();
    if ((op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain) && privatized.count(inst.operand(2))) {
      const SpirvInstruction* ptr = definition(m, inst.operand(0));
      if (!ptr || ptr->opcode() != spv::OpTypePointer) return false;
      chain_pointee[inst.operand(1)] = ptr->operand(2);
      privatized.insert(inst.operand(1));
    }
  }
  for (const auto& [result, pointee] : chain_pointee) private_ptr(pointee);

  // Carriers: one vec4 input per shared slot.
  std::map<uint32_t, uint32_t> carrier_of_slot;
  std::vector<SpirvInstruction> globals;
  for (const auto& [slot, scalar] : scalar_of_slot) {
    const uint32_t var = m.new_id();
    carrier_of_slot[slot] = var;
    globals.push_back(SpirvModule::make(spv::OpVariable, {in_ptr_of_scalar[scalar], var, spv::StorageClassInput}));
    m.insert_annotation(SpirvModule::make(spv::OpDecorate, {var, spv::DecorationLocation, slot}));
  }

  // The aliased variables become Private, moved after their new pointer
  // types; their Location (and Component) decorations go.
  std::map<uint32_t, uint32_t> aliased_vars;  // variable -> pointee
  for (size_t i : aliased) aliased_vars[inputs[i].var] = inputs[i].type;
  std::vector<SpirvInstruction> kept;
  kept.reserve(m.instructions.size());
  for (SpirvInstruction& inst : m.instructions) {
    const spv::Op op = inst.opcode();
    if (op == spv::OpVariable && aliased_vars.count(inst.operand(1))) {
      globals.push_back(SpirvModule::make(spv::OpVariable, {private_ptr(aliased_vars[inst.operand(1)]),
                                                            inst.operand(1), spv::StorageClassPrivate}));
      continue;
    }
    if (op == spv::OpDecorate && aliased_vars.count(inst.operand(0)) &&
        (inst.operand(1) == spv::DecorationLocation || inst.operand(1) == spv::DecorationComponent))
      continue;
    if ((op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain) && chain_pointee.count(inst.operand(1)))
      inst.words[1] = private_ptr(chain_pointee[inst.operand(1)]);
    kept.push_back(std::move(inst));
  }
  m.instructions = std::move(kept);
  m.instructions.insert(m.instructions.begin() + m.first_function(), globals.begin(), globals.end());

  // Entry point interface: carriers in; Private variables are listed only
  // from SPIR-V 1.4 on.
  const bool lists_private = m.header[1] >= 0x00010400u;
  for (SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpEntryPoint || inst.operand(1) != entry) continue;
    const size_t first = first_interface_word(inst);
    if (!lists_private) {
      auto tail = std::remove_if(inst.words.begin() + static_cast<std::ptrdiff_t>(first), inst.words.end(),
                                 [&](uint32_t id) { return aliased_vars.count(id) != 0; });
      inst.words.erase(tail, inst.words.end());
    }
    for (const auto& [slot, var] : carrier_of_slot) inst.words.push_back(var);
    inst.words[0] = (static_cast<uint32_t>(inst.words.size()) << 16) | spv::OpEntryPoint;
  }

  // The entry point fills every aliased variable from its carriers first.
  std::vector<SpirvInstruction> code;
  for (size_t a : aliased) {
    uint32_t slot = inputs[a].location;
    const uint32_t value =
        build_value(m, code, inputs[a].type, carrier_of_slot, vec4_of_scalar[scalar_of_var[inputs[a].var]], slot);
    code.push_back(SpirvModule::make(spv::OpStore, {inputs[a].var, value}));
  }
  const std::optional<size_t> at = m.body_start(entry);
  if (!at) return false;
  m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(*at), code.begin(), code.end());
  spirv = m.serialize();
  return true;
}

}  // namespace brass::compiler
