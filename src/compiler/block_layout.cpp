#include "compiler/block_layout.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <set>

#include <glslang/SPIRV/spirv.hpp>

namespace brass::compiler {

namespace {

std::string literal_string(const uint32_t* words, size_t count) {
  const char* begin = reinterpret_cast<const char*>(words);
  return std::string(begin, strnlen(begin, count * sizeof(uint32_t)));
}

// One component of a member path: "b[1][2]" -> name "b", indices {1, 2}.
struct PathComponent {
  std::string_view name;
  std::vector<uint32_t> indices;
};

std::optional<std::vector<PathComponent>> split_path(std::string_view path) {
  std::vector<PathComponent> out;
  while (!path.empty()) {
    const size_t dot = path.find('.');
    std::string_view part = path.substr(0, dot);
    path = dot == std::string_view::npos ? std::string_view{} : path.substr(dot + 1);
    PathComponent c;
    const size_t bracket = part.find('[');
    c.name = part.substr(0, bracket);
    for (size_t at = bracket; at != std::string_view::npos && at < part.size();) {
      const size_t close = part.find(']', at);
      if (close == std::string_view::npos) return std::nullopt;
      uint32_t index = 0;
      const auto [end, ec] = std::from_chars(part.data() + at + 1, part.data() + close, index);
      if (ec != std::errc{} || end != part.data() + close) return std::nullopt;
      c.indices.push_back(index);
      at = close + 1 < part.size() && part[close + 1] == '[' ? close + 1 : std::string_view::npos;
    }
    if (c.name.empty()) return std::nullopt;
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace

BlockLayouts::BlockLayouts(const std::vector<uint32_t>& spirv) {
  if (spirv.size() < 5 || spirv[0] != spv::MagicNumber) return;
  std::map<uint32_t, std::string> names;
  std::set<uint32_t> blocks;
  std::map<uint32_t, uint32_t> constants;
  std::map<std::pair<uint32_t, uint32_t>, std::string> member_names;
  struct MemberDecorations {
    int32_t offset = -1, matrix_stride = 0;
    bool row_major = false;
  };
  std::map<std::pair<uint32_t, uint32_t>, MemberDecorations> member_decorations;
  std::map<uint32_t, int32_t> array_strides;
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t count = spirv[i] >> 16, op = spirv[i] & 0xffffu;
    if (count == 0 || i + count > spirv.size()) return;
    const uint32_t* w = &spirv[i + 1];
    const size_t n = count - 1;
    switch (op) {
      case spv::OpName:
        if (n >= 2) names[w[0]] = literal_string(w + 1, n - 1);
        break;
      case spv::OpMemberName:
        if (n >= 3) member_names[{w[0], w[1]}] = literal_string(w + 2, n - 2);
        break;
      case spv::OpDecorate:
        if (n >= 2 && w[1] == spv::DecorationBlock) blocks.insert(w[0]);
        if (n >= 3 && w[1] == spv::DecorationArrayStride) array_strides[w[0]] = static_cast<int32_t>(w[2]);
        break;
      case spv::OpMemberDecorate:
        if (n >= 3) {
          MemberDecorations& d = member_decorations[{w[0], w[1]}];
          if (w[2] == spv::DecorationOffset && n >= 4) d.offset = static_cast<int32_t>(w[3]);
          if (w[2] == spv::DecorationMatrixStride && n >= 4) d.matrix_stride = static_cast<int32_t>(w[3]);
          if (w[2] == spv::DecorationRowMajor) d.row_major = true;
        }
        break;
      case spv::OpConstant:
        if (n >= 3) constants[w[1]] = w[2];
        break;
      case spv::OpTypeArray:
        if (n >= 3) {
          Type& t = types_[w[0]];
          t.opcode = op;
          t.element = w[1];
          t.length = constants.count(w[2]) ? constants[w[2]] : 0;
        }
        break;
      case spv::OpTypeFloat:
      case spv::OpTypeInt:
      case spv::OpTypeBool:
        if (n >= 1) vectors_[w[0]] = {1};
        break;
      case spv::OpTypeVector:
        if (n >= 3) vectors_[w[0]] = {w[2]};
        break;
      case spv::OpTypeRuntimeArray:
      case spv::OpTypeMatrix:
        if (n >= 2) {
          Type& t = types_[w[0]];
          t.opcode = op;
          t.element = w[1];
          if (op == spv::OpTypeMatrix && n >= 3) t.length = w[2];  // columns
        }
        break;
      case spv::OpTypeStruct: {
        Type& t = types_[w[0]];
        t.opcode = op;
        for (size_t m = 1; m < n; ++m) t.members.push_back({std::string(), w[m], -1, 0, false});
        break;
      }
      case spv::OpFunction:
        i = spirv.size();  // no types or decorations past the first function
        continue;
      default:
        break;
    }
    i += count;
  }
  for (auto& [id, t] : types_) {
    if (auto s = array_strides.find(id); s != array_strides.end()) t.array_stride = s->second;
    for (uint32_t m = 0; m < t.members.size(); ++m) {
      Member& member = t.members[m];
      if (auto mn = member_names.find({id, m}); mn != member_names.end()) member.name = mn->second;
      if (auto md = member_decorations.find({id, m}); md != member_decorations.end()) {
        member.offset = md->second.offset;
        member.matrix_stride = md->second.matrix_stride;
        member.row_major = md->second.row_major;
      }
    }
  }
  for (uint32_t id : blocks)
    if (auto it = names.find(id); it != names.end() && types_.count(id)) struct_by_name_.emplace(it->second, id);
}

std::optional<MemberLayout> BlockLayouts::resolve(std::string_view block_type, std::string_view name) const {
  const auto block = struct_by_name_.find(block_type);
  if (block == struct_by_name_.end()) return std::nullopt;
  const auto path = split_path(name);
  if (!path || path->empty()) return std::nullopt;
  uint32_t type = block->second;
  MemberLayout out;
  const Member* last_member = nullptr;
  int32_t last_stride = 0;
  for (size_t c = 0; c < path->size(); ++c) {
    const PathComponent& pc = (*path)[c];
    const auto t = types_.find(type);
    if (t == types_.end() || t->second.opcode != spv::OpTypeStruct) return std::nullopt;
    const Member* member = nullptr;
    for (const Member& m : t->second.members)
      if (m.name == pc.name) member = &m;
    if (!member) {
      // Reflection names members of instanced blocks "Block.member".
      if (c == 0 && pc.name == block_type && pc.indices.empty()) continue;
      return std::nullopt;
    }
    if (member->offset < 0) return std::nullopt;
    out.offset += member->offset;
    last_member = member;
    type = member->type;
    last_stride = 0;
    for (uint32_t index : pc.indices) {
      const auto a = types_.find(type);
      const bool runtime = a != types_.end() && a->second.opcode == spv::OpTypeRuntimeArray;
      if (a == types_.end() || (a->second.opcode != spv::OpTypeArray && !runtime) ||
          (!runtime && index >= a->second.length))
        return std::nullopt;
      out.offset += static_cast<int32_t>(index) * a->second.array_stride;
      last_stride = a->second.array_stride;
      type = a->second.element;
    }
  }
  if (!last_member) return std::nullopt;
  out.array_stride = last_stride;
  // A name without the last index still names an array (reflection keeps
  // arrays of arrays' inner dimension that way): report its stride.
  if (const auto a = types_.find(type);
      a != types_.end() && (a->second.opcode == spv::OpTypeArray || a->second.opcode == spv::OpTypeRuntimeArray)) {
    out.array_stride = a->second.array_stride;
    type = a->second.element;
  }
  if (const auto m = types_.find(type); m != types_.end() && m->second.opcode == spv::OpTypeMatrix) {
    out.matrix_stride = last_member->matrix_stride;
    out.row_major = last_member->row_major;
  }
  return out;
}

int32_t BlockLayouts::size_of(uint32_t type, const Member* member) const {
  if (const auto v = vectors_.find(type); v != vectors_.end()) return static_cast<int32_t>(4 * v->second.components);
  const auto t = types_.find(type);
  if (t == types_.end()) return 0;
  switch (t->second.opcode) {
    case spv::OpTypeArray: return t->second.array_stride * static_cast<int32_t>(t->second.length);
    case spv::OpTypeMatrix: {
      // Row-major: one stride per row (the column's size), else per column.
      const auto column = vectors_.find(t->second.element);
      const uint32_t rows = column == vectors_.end() ? 0 : column->second.components;
      const int32_t stride = member ? member->matrix_stride : 0;
      return stride * static_cast<int32_t>(member && member->row_major ? rows : t->second.length);
    }
    case spv::OpTypeStruct: {
      int32_t end = 0;
      for (const Member& m : t->second.members) end = std::max(end, m.offset + size_of(m.type, &m));
      return (end + 15) / 16 * 16;
    }
    default: return 0;
  }
}

std::optional<int32_t> BlockLayouts::block_size(std::string_view block_type) const {
  const auto block = struct_by_name_.find(block_type);
  if (block == struct_by_name_.end()) return std::nullopt;
  const Type& t = types_.at(block->second);
  const Member* last = nullptr;
  for (const Member& m : t.members)
    if (!last || m.offset > last->offset) last = &m;
  if (!last || last->offset < 0) return std::nullopt;
  return last->offset + size_of(last->type, last);
}

}  // namespace brass::compiler
