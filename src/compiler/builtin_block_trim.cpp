#include "compiler/builtin_block_trim.h"

#include <map>
#include <set>

#include "compiler/spirv_module.h"

namespace brass::compiler {
namespace {

bool is_access_chain(spv::Op op) {
  return op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain;
}

// The types and values the walk over access chains needs.
struct Types {
  std::map<uint32_t, uint32_t> pointee;                   // pointer type -> pointee
  std::map<uint32_t, uint32_t> element;                   // array type -> element
  std::map<uint32_t, std::vector<uint32_t>> members;      // struct type -> member types
  std::map<uint32_t, uint32_t> value_type;                // variable / access chain -> its (pointer) type
  std::map<uint32_t, std::pair<uint32_t, uint32_t>> constants;  // id -> (type, 32-bit value)
};

Types collect_types(const SpirvModule& m) {
  Types t;
  for (const SpirvInstruction& inst : m.instructions) {
    switch (inst.opcode()) {
      case spv::OpTypePointer:
        if (inst.operand_count() >= 3) t.pointee[inst.operand(0)] = inst.operand(2);
        break;
      case spv::OpTypeArray:
      case spv::OpTypeRuntimeArray:
        if (inst.operand_count() >= 2) t.element[inst.operand(0)] = inst.operand(1);
        break;
      case spv::OpTypeStruct:
        if (inst.operand_count() >= 1)
          t.members[inst.operand(0)] = std::vector<uint32_t>(inst.words.begin() + 2, inst.words.end());
        break;
      case spv::OpConstant:
        if (inst.operand_count() == 3) t.constants[inst.operand(1)] = {inst.operand(0), inst.operand(2)};
        break;
      case spv::OpVariable:
      case spv::OpAccessChain:
      case spv::OpInBoundsAccessChain:
        if (inst.operand_count() >= 2) t.value_type[inst.operand(1)] = inst.operand(0);
        break;
      default:
        break;
    }
  }
  return t;
}

// Whether `type` is `block` or an array (of arrays) of it.
bool holds_block(const Types& t, uint32_t type, uint32_t block) {
  for (int depth = 0; depth < 8; ++depth) {
    if (type == block) return true;
    auto e = t.element.find(type);
    if (e == t.element.end()) return false;
    type = e->second;
  }
  return false;
}

// Calls `member(inst_index, operand_index, block, member)` for every index
// of an access chain that selects a member of one of `blocks`; calls
// `whole(block)` for every other use of a pointer to such a block (a load,
// store, copy or call takes all of its members). False for a chain that
// selects a block member with a non-constant index (not valid SPIR-V).
template <typename Member, typename Whole>
bool walk_uses(const SpirvModule& m, const Types& t, const std::set<uint32_t>& blocks, Member&& member,
               Whole&& whole) {
  auto pointee_of_value = [&t](uint32_t id) -> uint32_t {
    auto v = t.value_type.find(id);
    if (v == t.value_type.end()) return 0;
    auto p = t.pointee.find(v->second);
    return p == t.pointee.end() ? 0 : p->second;
  };
  auto block_behind = [&](uint32_t id) -> uint32_t {
    const uint32_t type = pointee_of_value(id);
    for (uint32_t b : blocks)
      if (type && holds_block(t, type, b)) return b;
    return 0;
  };
  const size_t body = m.first_function();
  for (size_t i = body; i < m.instructions.size(); ++i) {
    const SpirvInstruction& inst = m.instructions[i];
    const spv::Op op = inst.opcode();
    if (is_access_chain(op)) {
      if (inst.operand_count() < 3) continue;
      uint32_t type = pointee_of_value(inst.operand(2));
      for (size_t k = 3; k < inst.operand_count() && type; ++k) {
        if (blocks.count(type)) {
          auto c = t.constants.find(inst.operand(k));
          if (c == t.constants.end()) return false;
          member(i, k, type, c->second.second);
          const std::vector<uint32_t>& types = t.members.at(type);
          type = c->second.second < types.size() ? types[c->second.second] : 0;
          continue;
        }
        auto e = t.element.find(type);
        type = e == t.element.end() ? 0 : e->second;
      }
      continue;
    }
    std::vector<size_t> pointer_operands;
    if (op == spv::OpLoad && inst.operand_count() >= 3) pointer_operands = {2};
    if ((op == spv::OpStore || op == spv::OpCopyMemory || op == spv::OpCopyMemorySized) && inst.operand_count() >= 2)
      pointer_operands = {0, 1};
    if (op == spv::OpFunctionCall)
      for (size_t k = 3; k < inst.operand_count(); ++k) pointer_operands.push_back(k);
    for (size_t k : pointer_operands)
      if (const uint32_t b = block_behind(inst.operand(k))) whole(b);
  }
  return true;
}

}  // namespace

BuiltinBlockTrim trim_builtin_blocks(std::vector<uint32_t>& spirv) {
  BuiltinBlockTrim result;
  std::optional<SpirvModule> parsed = SpirvModule::parse(spirv);
  if (!parsed) {
    result.ok = false;
    return result;
  }
  SpirvModule& m = *parsed;
  Types t = collect_types(m);

  // Blocks with BuiltIn members and members without.
  std::map<uint32_t, std::set<uint32_t>> builtin_members;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpMemberDecorate && inst.operand_count() >= 3 &&
        inst.operand(2) == static_cast<uint32_t>(spv::DecorationBuiltIn))
      builtin_members[inst.operand(0)].insert(inst.operand(1));
  std::set<uint32_t> blocks;
  for (const auto& [type, builtins] : builtin_members) {
    auto members = t.members.find(type);
    if (members != t.members.end() && builtins.size() < members->second.size()) blocks.insert(type);
  }
  if (blocks.empty()) return result;

  std::map<uint32_t, std::set<uint32_t>> used;
  std::set<uint32_t> used_whole;
  if (!walk_uses(
          m, t, blocks, [&used](size_t, size_t, uint32_t block, uint32_t member) { used[block].insert(member); },
          [&used_whole](uint32_t block) { used_whole.insert(block); })) {
    result.ok = false;
    return result;
  }

  // Per block: old member index -> new one (absent: removed).
  std::map<uint32_t, std::map<uint32_t, uint32_t>> renumber;
  std::map<std::pair<uint32_t, uint32_t>, std::string> member_names;  // (block, member) -> name
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpMemberName && inst.operand_count() >= 3 && blocks.count(inst.operand(0)))
      member_names[{inst.operand(0), inst.operand(1)}] = reinterpret_cast<const char*>(inst.words.data() + 3);
  for (uint32_t block : blocks) {
    const size_t count = t.members.at(block).size();
    std::map<uint32_t, uint32_t>& map = renumber[block];
    uint32_t next = 0;
    for (uint32_t i = 0; i < count; ++i) {
      const bool builtin = builtin_members[block].count(i) != 0;
      const bool accessed = used_whole.count(block) || used[block].count(i);
      if (!builtin && accessed) {
        auto name = member_names.find({block, i});
        result.used_members_without_builtin.push_back(name != member_names.end() ? name->second
                                                                                : "member " + std::to_string(i));
      }
      if (builtin || accessed) map[i] = next++;
    }
  }
  if (!result.used_members_without_builtin.empty()) return result;  // left for the link to report

  // New index constants first (inserting them moves the function bodies).
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> new_constant;  // (type, value) -> id
  std::vector<std::pair<uint32_t, uint32_t>> wanted;
  (void)walk_uses(
      m, t, blocks,
      [&](size_t i, size_t k, uint32_t block, uint32_t member) {
        const uint32_t type = t.constants.at(m.instructions[i].operand(k)).first;
        wanted.push_back({type, renumber[block].at(member)});
      },
      [](uint32_t) {});
  for (const auto& w : wanted)
    if (!new_constant.count(w)) new_constant[w] = m.get_constant(w.first, w.second);
  t = collect_types(m);
  (void)walk_uses(
      m, t, blocks,
      [&](size_t i, size_t k, uint32_t block, uint32_t member) {
        SpirvInstruction& inst = m.instructions[i];
        const uint32_t type = t.constants.at(inst.operand(k)).first;
        inst.words[1 + k] = new_constant.at({type, renumber[block].at(member)});
      },
      [](uint32_t) {});

  // The types, names and decorations.
  std::vector<SpirvInstruction> kept;
  kept.reserve(m.instructions.size());
  for (SpirvInstruction& inst : m.instructions) {
    const spv::Op op = inst.opcode();
    if ((op == spv::OpMemberName || op == spv::OpMemberDecorate) && inst.operand_count() >= 2 &&
        blocks.count(inst.operand(0))) {
      const std::map<uint32_t, uint32_t>& map = renumber[inst.operand(0)];
      auto to = map.find(inst.operand(1));
      if (to == map.end()) continue;
      inst.words[2] = to->second;
    } else if (op == spv::OpTypeStruct && inst.operand_count() >= 1 && blocks.count(inst.operand(0))) {
      const std::map<uint32_t, uint32_t>& map = renumber[inst.operand(0)];
      std::vector<uint32_t> members;
      for (const auto& [from, to] : map) members.push_back(inst.operand(1 + from));
      std::vector<uint32_t> operands{inst.operand(0)};
      operands.insert(operands.end(), members.begin(), members.end());
      inst = SpirvModule::make(spv::OpTypeStruct, operands);
    }
    kept.push_back(std::move(inst));
  }
  m.instructions = std::move(kept);
  spirv = m.serialize();
  return result;
}

}  // namespace brass::compiler
