// The SPIR-V side of varying packing (varying_packing.h): finds the user
// varyings of a vertex/fragment pair, plans their packing, turns them into
// Private variables and adds the packed arrays with the element copies.
#include "compiler/varying_packing.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <set>

#include "compiler/private_variables.h"
#include "compiler/spirv_module.h"

namespace brass::compiler {
namespace {

bool has_decoration(const SpirvModule& m, uint32_t id, spv::Decoration d) {
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpDecorate && inst.operand_count() >= 2 && inst.operand(0) == id &&
        inst.operand(1) == static_cast<uint32_t>(d))
      return true;
  return false;
}

bool has_member_builtin(const SpirvModule& m, uint32_t struct_type) {
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpMemberDecorate && inst.operand_count() >= 3 && inst.operand(0) == struct_type &&
        inst.operand(2) == static_cast<uint32_t>(spv::DecorationBuiltIn))
      return true;
  return false;
}

std::string name_of(const SpirvModule& m, uint32_t id) {
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpName && inst.operand_count() >= 2 && inst.operand(0) == id) {
      const char* text = reinterpret_cast<const char*>(&inst.words[2]);
      return std::string(text, strnlen(text, (inst.words.size() - 2) * 4));
    }
  return {};
}

std::optional<uint32_t> array_length(const SpirvModule& m, const SpirvInstruction& array) {
  const SpirvInstruction* length = definition(m, array.operand(2));
  if (!length || length->opcode() != spv::OpConstant || length->operand_count() != 3) return std::nullopt;
  return length->operand(2);
}

// One scalar of a varying: where it sits (access chain indices) and its
// SPIR-V type.
struct Leaf {
  std::vector<uint32_t> path;
  uint32_t type = 0;
  VaryingScalar scalar = VaryingScalar::Float;
};

// The scalars of `type` in declaration order; false for anything a varying
// cannot hold (booleans, 8/16-bit types, runtime arrays...).
bool flatten(const SpirvModule& m, uint32_t type, std::vector<uint32_t>& path, std::vector<Leaf>* out) {
  const SpirvInstruction* d = definition(m, type);
  if (!d) return false;
  auto each = [&](uint32_t count, auto element_of) {
    for (uint32_t k = 0; k < count; ++k) {
      path.push_back(k);
      const bool ok = flatten(m, element_of(k), path, out);
      path.pop_back();
      if (!ok) return false;
    }
    return count > 0;
  };
  switch (d->opcode()) {
    case spv::OpTypeFloat:
      if (d->operand(1) != 32 && d->operand(1) != 64) return false;
      out->push_back({path, type, d->operand(1) == 64 ? VaryingScalar::Double : VaryingScalar::Float});
      return true;
    case spv::OpTypeInt: {
      if (d->operand(1) != 32 && d->operand(1) != 64) return false;
      const bool is_signed = d->operand(2) != 0;
      const VaryingScalar s = d->operand(1) == 64 ? (is_signed ? VaryingScalar::Int64 : VaryingScalar::Uint64)
                                                  : (is_signed ? VaryingScalar::Int : VaryingScalar::Uint);
      out->push_back({path, type, s});
      return true;
    }
    case spv::OpTypeVector:
    case spv::OpTypeMatrix: {
      const uint32_t element = d->operand(1);
      return each(d->operand(2), [element](uint32_t) { return element; });
    }
    case spv::OpTypeArray: {
      const std::optional<uint32_t> n = array_length(m, *d);
      const uint32_t element = d->operand(1);
      return n && each(*n, [element](uint32_t) { return element; });
    }
    case spv::OpTypeStruct: {
      if (has_decoration(m, type, spv::DecorationBlock)) return false;  // interface blocks stay as they are
      return each(static_cast<uint32_t>(d->operand_count() - 1), [d](uint32_t k) { return d->operand(1 + k); });
    }
    default: return false;
  }
}

// Vulkan locations a type takes (a 64-bit three- or four-component vector
// takes two).
uint32_t location_size(const SpirvModule& m, uint32_t type) {
  const SpirvInstruction* d = definition(m, type);
  if (!d) return 1;
  switch (d->opcode()) {
    case spv::OpTypeVector: {
      const SpirvInstruction* c = definition(m, d->operand(1));
      return c && c->operand(1) == 64 && d->operand(2) > 2 ? 2 : 1;
    }
    case spv::OpTypeMatrix: return d->operand(2) * location_size(m, d->operand(1));
    case spv::OpTypeArray: return array_length(m, *d).value_or(1) * location_size(m, d->operand(1));
    case spv::OpTypeStruct: {
      uint32_t n = 0;
      for (size_t k = 1; k < d->operand_count(); ++k) n += location_size(m, d->operand(k));
      return n;
    }
    default: return 1;
  }
}

// A located user variable of the interface.
struct InterfaceVar {
  uint32_t id = 0;
  uint32_t pointee = 0;
  uint32_t location = 0;
  uint32_t size = 1;
  bool keep = false;  // stays a variable of its own
  bool read = true;   // (inputs) the shader's code uses it; unread ones are not packed
  std::vector<Leaf> leaves;
  VaryingInterpolation interpolation;
};

// Variables read through interpolateAt* (their pointer is the operand).
std::set<uint32_t> interpolated_at_variables(const SpirvModule& m) {
  std::set<uint32_t> glsl_ext;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpExtInstImport) {
      const char* text = reinterpret_cast<const char*>(&inst.words[2]);
      if (std::string(text, strnlen(text, (inst.words.size() - 2) * 4)) == "GLSL.std.450") glsl_ext.insert(inst.operand(0));
    }
  std::map<uint32_t, uint32_t> base;  // access chain → the variable it indexes
  std::set<uint32_t> out;
  for (const SpirvInstruction& inst : m.instructions) {
    const spv::Op op = inst.opcode();
    if (op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain) {
      auto it = base.find(inst.operand(2));
      base[inst.operand(1)] = it == base.end() ? inst.operand(2) : it->second;
    } else if (op == spv::OpExtInst && inst.operand_count() >= 5 && glsl_ext.count(inst.operand(2))) {
      const uint32_t ext_op = inst.operand(3);
      if (ext_op < 76 || ext_op > 78) continue;  // InterpolateAtCentroid/Sample/Offset
      auto it = base.find(inst.operand(4));
      out.insert(it == base.end() ? inst.operand(4) : it->second);
    }
  }
  return out;
}

// The located user variables of `storage`; false (with *why) for an
// interface packing leaves alone.
bool collect_interface(const SpirvModule& m, spv::StorageClass storage, bool producer, std::vector<InterfaceVar>* out,
                       std::string* why) {
  const std::set<uint32_t> interpolated = producer ? std::set<uint32_t>{} : interpolated_at_variables(m);
  // Ids the functions use: a declared input never read takes no packed
  // space (GL counts only what is used), whatever its size.
  std::set<uint32_t> used;
  for (size_t i = m.first_function(); i < m.instructions.size(); ++i)
    for (size_t k = 0; k < m.instructions[i].operand_count(); ++k) used.insert(m.instructions[i].operand(k));
  for (size_t i = 0; i < m.first_function(); ++i) {
    const SpirvInstruction& inst = m.instructions[i];
    if (inst.opcode() != spv::OpVariable || inst.operand(2) != static_cast<uint32_t>(storage)) continue;
    const uint32_t id = inst.operand(1);
    if (has_decoration(m, id, spv::DecorationBuiltIn)) continue;
    const SpirvInstruction* pointer = definition(m, inst.operand(0));
    if (!pointer || pointer->opcode() != spv::OpTypePointer) return false;
    InterfaceVar v;
    v.id = id;
    v.pointee = pointer->operand(2);
    // Blocks (arrays of them too): the built-in gl_PerVertex is no varying;
    // a user block is left alone, and so is the whole interface.
    uint32_t base = v.pointee;
    for (const SpirvInstruction* d = definition(m, base); d && d->opcode() == spv::OpTypeArray;
         d = definition(m, base))
      base = d->operand(1);
    const SpirvInstruction* base_type = definition(m, base);
    if (base_type && base_type->opcode() == spv::OpTypeStruct) {
      if (has_member_builtin(m, base)) continue;
      if (has_decoration(m, base, spv::DecorationBlock)) {
        *why = "interface blocks into the fragment shader are not packed";
        return false;
      }
    }
    const std::optional<uint32_t> location = m.decoration_value(id, spv::DecorationLocation);
    if (!location) continue;
    v.location = *location;
    v.size = location_size(m, v.pointee);
    std::vector<uint32_t> path;
    const bool flat_types = flatten(m, v.pointee, path, &v.leaves);
    v.keep = !flat_types || has_decoration(m, id, spv::DecorationComponent) ||
             has_decoration(m, id, spv::DecorationXfbBuffer) || has_decoration(m, id, spv::DecorationOffset) ||
             has_decoration(m, id, spv::DecorationStream) ||
             interpolated.count(id) != 0 || name_of(m, id).rfind("brass_gl_", 0) == 0;
    if (!producer) v.read = used.count(id) != 0;
    v.interpolation.flat = has_decoration(m, id, spv::DecorationFlat);
    v.interpolation.noperspective = has_decoration(m, id, spv::DecorationNoPerspective);
    v.interpolation.centroid = has_decoration(m, id, spv::DecorationCentroid);
    v.interpolation.sample = has_decoration(m, id, spv::DecorationSample);
    out->push_back(std::move(v));
  }
  return true;
}

bool overlaps(const InterfaceVar& a, const InterfaceVar& b) {
  return a.location < b.location + b.size && b.location < a.location + a.size;
}


uint32_t find_type(SpirvModule& m, spv::Op op) {
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == op) return inst.operand(0);
  const uint32_t id = m.new_id();
  m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()),
                        SpirvModule::make(op, {id}));
  return id;
}

uint32_t void_function_type(SpirvModule& m, uint32_t void_type) {
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpTypeFunction && inst.operand_count() == 2 && inst.operand(1) == void_type)
      return inst.operand(0);
  const uint32_t id = m.new_id();
  m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()),
                        SpirvModule::make(spv::OpTypeFunction, {id, void_type}));
  return id;
}

// A packed varying: the Private variable and where its scalars go.
struct PackedVar {
  uint32_t id = 0;
  const std::vector<Leaf>* leaves = nullptr;
  const std::vector<PackedScalarSlot>* slots = nullptr;
};

// Rewrites one side: kept variables at their compacted locations, the
// packed and dropped ones Private, the packed arrays and their copies
// (producer: a function called before every return of main; consumer: at
// the start of main).
bool rewrite_side(SpirvModule& m, bool producer, const std::vector<InterfaceVar>& vars,
                  const std::map<uint32_t, uint32_t>& new_location, const std::vector<PackedVar>& packed,
                  const VaryingPackingPlan& plan) {
  uint32_t entry = 0;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpEntryPoint && inst.operand_count() >= 2) entry = inst.operand(1);
  if (!entry) return false;
  const spv::StorageClass storage = producer ? spv::StorageClassOutput : spv::StorageClassInput;

  std::set<uint32_t> to_private;
  for (const InterfaceVar& v : vars) {
    if (!v.keep) {
      to_private.insert(v.id);
      continue;
    }
    for (SpirvInstruction& inst : m.instructions)
      if (inst.opcode() == spv::OpDecorate && inst.operand_count() >= 3 && inst.operand(0) == v.id &&
          inst.operand(1) == static_cast<uint32_t>(spv::DecorationLocation))
        inst.words[3] = new_location.at(v.location);
  }
  if (!make_variables_private(m, to_private, InterfaceRemoval::kBeforeSpirv14)) return false;

  // The packed arrays.
  const uint32_t float_type = m.get_float_type();
  const uint32_t uint_type = m.get_int_type(false);
  const uint32_t int_type = m.get_int_type(true);
  const uint32_t vec4 = m.get_vector_type(float_type, 4), uvec4 = m.get_vector_type(uint_type, 4);
  const uint32_t uvec2 = m.get_vector_type(uint_type, 2);
  std::vector<uint32_t> group_vars;
  for (const VaryingPackingGroup& g : plan.groups) {
    if (g.locations == 0) {
      group_vars.push_back(0);
      continue;
    }
    const uint32_t array = m.new_id();
    const uint32_t length = m.get_constant(uint_type, g.locations);
    m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()),
                          SpirvModule::make(spv::OpTypeArray, {array, g.integer_words ? uvec4 : vec4, length}));
    const uint32_t pointer = m.get_pointer_type(storage, array);
    const uint32_t var = m.new_id();
    m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()),
                          SpirvModule::make(spv::OpVariable, {pointer, var, static_cast<uint32_t>(storage)}));
    m.insert_annotation(SpirvModule::make(spv::OpDecorate, {var, spv::DecorationLocation, g.first_location}));
    if (g.interpolation.flat) m.insert_annotation(SpirvModule::make(spv::OpDecorate, {var, spv::DecorationFlat}));
    if (g.interpolation.noperspective)
      m.insert_annotation(SpirvModule::make(spv::OpDecorate, {var, spv::DecorationNoPerspective}));
    if (g.interpolation.centroid)
      m.insert_annotation(SpirvModule::make(spv::OpDecorate, {var, spv::DecorationCentroid}));
    if (g.interpolation.sample) m.insert_annotation(SpirvModule::make(spv::OpDecorate, {var, spv::DecorationSample}));
    m.add_to_entry_point_interfaces(var);
    group_vars.push_back(var);
  }

  // The copies, one scalar at a time.
  std::vector<SpirvInstruction> code;
  auto word_pointer = [&](uint32_t group, uint32_t word) {
    const VaryingPackingGroup& g = plan.groups[group];
    const uint32_t id = m.new_id();
    code.push_back(SpirvModule::make(
        spv::OpAccessChain, {m.get_pointer_type(storage, g.integer_words ? uint_type : float_type), id,
                             group_vars[group], m.get_constant(int_type, word / 4), m.get_constant(int_type, word % 4)}));
    return id;
  };
  for (const PackedVar& p : packed) {
    for (size_t s = 0; s < p.leaves->size(); ++s) {
      const Leaf& leaf = (*p.leaves)[s];
      const PackedScalarSlot slot = (*p.slots)[s];
      const bool integer = plan.groups[slot.group].integer_words;
      const uint32_t words = varying_scalar_words(leaf.scalar);
      uint32_t element = p.id;
      if (!leaf.path.empty()) {
        element = m.new_id();
        std::vector<uint32_t> operands{m.get_pointer_type(spv::StorageClassPrivate, leaf.type), element, p.id};
        for (uint32_t index : leaf.path) operands.push_back(m.get_constant(int_type, index));
        code.push_back(SpirvModule::make(spv::OpAccessChain, operands));
      }
      if (producer) {
        const uint32_t value = m.new_id();
        code.push_back(SpirvModule::make(spv::OpLoad, {leaf.type, value, element}));
        std::vector<uint32_t> parts{value};
        if (words == 2) {
          const uint32_t pair = m.new_id();
          code.push_back(SpirvModule::make(spv::OpBitcast, {uvec2, pair, value}));
          parts = {m.new_id(), m.new_id()};
          code.push_back(SpirvModule::make(spv::OpCompositeExtract, {uint_type, parts[0], pair, 0}));
          code.push_back(SpirvModule::make(spv::OpCompositeExtract, {uint_type, parts[1], pair, 1}));
        } else if (integer && leaf.scalar != VaryingScalar::Uint) {
          parts = {m.new_id()};
          code.push_back(SpirvModule::make(spv::OpBitcast, {uint_type, parts[0], value}));
        }
        for (uint32_t k = 0; k < words; ++k)
          code.push_back(SpirvModule::make(spv::OpStore, {word_pointer(slot.group, slot.word + k), parts[k]}));
      } else {
        std::vector<uint32_t> parts;
        for (uint32_t k = 0; k < words; ++k) {
          const uint32_t pointer = word_pointer(slot.group, slot.word + k);
          parts.push_back(m.new_id());
          code.push_back(SpirvModule::make(spv::OpLoad, {integer ? uint_type : float_type, parts.back(), pointer}));
        }
        uint32_t value = parts[0];
        if (words == 2) {
          const uint32_t pair = m.new_id();
          code.push_back(SpirvModule::make(spv::OpCompositeConstruct, {uvec2, pair, parts[0], parts[1]}));
          value = m.new_id();
          code.push_back(SpirvModule::make(spv::OpBitcast, {leaf.type, value, pair}));
        } else if (integer && leaf.scalar != VaryingScalar::Uint) {
          value = m.new_id();
          code.push_back(SpirvModule::make(spv::OpBitcast, {leaf.type, value, parts[0]}));
        }
        code.push_back(SpirvModule::make(spv::OpStore, {element, value}));
      }
    }
  }

  if (!producer) {
    const std::optional<size_t> start = m.body_start(entry);
    if (!start) return false;
    m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(*start), code.begin(), code.end());
    return true;
  }
  // The producer's copies live in a function of their own, called where
  // main hands its outputs on.
  const uint32_t void_type = find_type(m, spv::OpTypeVoid);
  const uint32_t function_type = void_function_type(m, void_type);
  const std::vector<size_t> points = m.output_commit_points(entry);
  const uint32_t function = m.new_id();
  for (auto it = points.rbegin(); it != points.rend(); ++it)
    m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(*it),
                          SpirvModule::make(spv::OpFunctionCall, {void_type, m.new_id(), function}));
  m.instructions.push_back(SpirvModule::make(spv::OpFunction, {void_type, function, 0, function_type}));
  m.instructions.push_back(SpirvModule::make(spv::OpLabel, {m.new_id()}));
  m.instructions.insert(m.instructions.end(), code.begin(), code.end());
  m.instructions.push_back(SpirvModule::make(spv::OpReturn, {}));
  m.instructions.push_back(SpirvModule::make(spv::OpFunctionEnd, {}));
  return true;
}

}  // namespace

uint32_t output_location_span(const std::vector<uint32_t>& spirv) {
  const std::optional<SpirvModule> parsed = SpirvModule::parse(spirv);
  if (!parsed) return 0;
  const SpirvModule& m = *parsed;
  uint32_t span = 0;
  for (size_t i = 0; i < m.first_function(); ++i) {
    const SpirvInstruction& inst = m.instructions[i];
    if (inst.opcode() != spv::OpVariable || inst.operand(2) != static_cast<uint32_t>(spv::StorageClassOutput)) continue;
    const std::optional<uint32_t> location = m.decoration_value(inst.operand(1), spv::DecorationLocation);
    const SpirvInstruction* pointer = definition(m, inst.operand(0));
    if (!location || !pointer || pointer->opcode() != spv::OpTypePointer) continue;
    span = std::max(span, *location + location_size(m, pointer->operand(2)));
  }
  return span;
}

bool pack_varyings(std::vector<uint32_t>& producer_spirv, std::vector<uint32_t>& consumer_spirv, uint32_t max_locations,
                   std::string* log) {
  std::optional<SpirvModule> producer = SpirvModule::parse(producer_spirv);
  std::optional<SpirvModule> consumer = SpirvModule::parse(consumer_spirv);
  if (!producer || !consumer) {
    *log += "ERROR: internal error: malformed SPIR-V\n";
    return false;
  }
  std::vector<InterfaceVar> outs, ins;
  std::string why;
  if (!collect_interface(*producer, spv::StorageClassOutput, true, &outs, &why) ||
      !collect_interface(*consumer, spv::StorageClassInput, false, &ins, &why)) {
    *log += "ERROR: too many shader outputs into the fragment shader to pass without packing, and " +
            (why.empty() ? std::string("the interface cannot be packed") : why) + "\n";
    return false;
  }
  // A variable left alone keeps whatever overlaps it on the other side.
  for (bool changed = true; changed;) {
    changed = false;
    for (InterfaceVar& o : outs)
      for (InterfaceVar& i : ins)
        if (overlaps(o, i) && o.keep != i.keep) {
          o.keep = i.keep = true;
          changed = true;
        }
  }
  // Kept variables move to the lowest locations, in their order; the
  // packed arrays follow.
  std::set<uint32_t> occupied;
  for (const std::vector<InterfaceVar>* side : {&outs, &ins})
    for (const InterfaceVar& v : *side)
      if (v.keep)
        for (uint32_t k = 0; k < v.size; ++k) occupied.insert(v.location + k);
  std::map<uint32_t, uint32_t> new_location;
  for (uint32_t l : occupied) new_location.emplace(l, static_cast<uint32_t>(new_location.size()));

  // Packed: the outputs the fragment shader reads (same location: the
  // stages' locations were matched by name). The rest become Private.
  std::vector<PackableVarying> packable;
  std::vector<std::pair<const InterfaceVar*, const InterfaceVar*>> pairs;
  for (const InterfaceVar& o : outs) {
    if (o.keep) continue;
    for (const InterfaceVar& i : ins) {
      if (i.keep || i.location != o.location || !i.read) continue;
      if (i.leaves.size() != o.leaves.size()) continue;
      pairs.push_back({&o, &i});
      PackableVarying p;
      p.interpolation = i.interpolation;
      for (const Leaf& leaf : i.leaves) p.scalars.push_back(leaf.scalar);
      packable.push_back(std::move(p));
      break;
    }
  }
  const VaryingPackingPlan plan = plan_varying_packing(packable, static_cast<uint32_t>(occupied.size()));
  const uint32_t total = static_cast<uint32_t>(occupied.size()) + plan.locations;
  if (total > max_locations) {
    *log += "ERROR: too many shader outputs into the fragment shader: " + std::to_string(total) +
            " vectors after packing, limit " +
            std::to_string(max_locations) + "\n";
    return false;
  }
  std::vector<PackedVar> packed_out, packed_in;
  for (size_t k = 0; k < pairs.size(); ++k) {
    packed_out.push_back({pairs[k].first->id, &pairs[k].first->leaves, &plan.slots[k]});
    packed_in.push_back({pairs[k].second->id, &pairs[k].second->leaves, &plan.slots[k]});
  }
  if (!rewrite_side(*producer, true, outs, new_location, packed_out, plan) ||
      !rewrite_side(*consumer, false, ins, new_location, packed_in, plan)) {
    *log += "ERROR: internal error: cannot pack the varyings\n";
    return false;
  }
  producer_spirv = producer->serialize();
  consumer_spirv = consumer->serialize();
  return true;
}

bool pack_linked_varyings(std::vector<StageBinary>& stages, bool separable, const std::vector<uint32_t>& spans,
                          int max_locations, std::string* log, bool* packed) {
  *packed = false;
  if (max_locations <= 0) return true;
  const uint32_t limit = static_cast<uint32_t>(max_locations);
  for (size_t i = 0; i < stages.size() && i < spans.size(); ++i) {
    const ShaderStage stage = stages[i].stage;
    const bool producer =
        stage == ShaderStage::Vertex || stage == ShaderStage::TessEval || stage == ShaderStage::Geometry;
    if (!producer || spans[i] <= limit) continue;
    const bool fragment_next = i + 1 < stages.size() && stages[i + 1].stage == ShaderStage::Fragment;
    if (!separable && fragment_next) {
      if (!pack_varyings(stages[i].spirv, stages[i + 1].spirv, limit, log)) return false;
      *packed = true;
    } else if (stage == ShaderStage::Vertex) {
      // Packing changes locations, which separable programs match by, and
      // is done only into the fragment stage.
      *log += "ERROR: too many vertex shader outputs (" + std::to_string(spans[i]) + " vectors, limit " +
              std::to_string(max_locations) + ")\n";
      return false;
    }
  }
  return true;
}

}  // namespace brass::compiler
