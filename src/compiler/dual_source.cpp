#include "compiler/dual_source.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>

#include "compiler/glsl_lexer.h"
#include "compiler/glsl_upgrader.h"
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

namespace brass::compiler {
namespace {

struct OutputDecl {
  size_t first_token = 0;  // where a layout qualifier can be inserted
  std::string name;
  int32_t location = -1;   // explicit, or -1
  int32_t index = -1;      // explicit, or -1
  uint32_t size = 1;       // array length (locations occupied)
  bool bound = false;      // placed by glBindFragDataLocation(Indexed)
  bool explicit_index = false;
};

// Integer after `key =` inside the token range, or -1.
int32_t layout_value(const std::vector<Token>& t, size_t begin, size_t end, std::string_view key) {
  for (size_t i = begin; i < end; ++i) {
    if (t[i].kind != TokenKind::Identifier || t[i].text != key) continue;
    size_t j = i + 1;
    while (j < end && t[j].kind == TokenKind::Space) ++j;
    if (j >= end || t[j].text != "=") return -1;
    ++j;
    while (j < end && t[j].kind == TokenKind::Space) ++j;
    if (j >= end || t[j].kind != TokenKind::Number) return -1;
    return static_cast<int32_t>(std::strtol(std::string(t[j].text).c_str(), nullptr, 0));
  }
  return -1;
}

// A top-level `... out TYPE NAME[N];` statement, or nullopt for anything else
// (functions, blocks, several declarators: left to glslang).
std::optional<OutputDecl> parse_output(const std::vector<Token>& t, size_t begin, size_t end) {
  OutputDecl d;
  bool is_out = false, first = true;
  for (size_t i = begin; i < end; ++i) {
    if (t[i].kind == TokenKind::Space || t[i].kind == TokenKind::Newline) continue;
    if (first) d.first_token = i;
    first = false;
    if (t[i].text == "layout") {
      size_t j = i + 1;
      while (j < end && t[j].text != "(") ++j;
      size_t k = j;
      while (k < end && t[k].text != ")") ++k;
      if (k >= end) return std::nullopt;
      const int32_t l = layout_value(t, j, k, "location"), x = layout_value(t, j, k, "index");
      if (l >= 0) d.location = l;
      if (x >= 0) d.index = x;
      i = k;
      continue;
    }
    if (t[i].text == "out") is_out = true;
    if (t[i].text == "(" || t[i].text == "{" || t[i].text == "," || t[i].text == "=") return std::nullopt;
    if (t[i].text == "[") {
      size_t j = i + 1;
      while (j < end && t[j].kind == TokenKind::Space) ++j;
      if (j >= end || t[j].kind != TokenKind::Number) return std::nullopt;
      d.size = static_cast<uint32_t>(std::max(1L, std::strtol(std::string(t[j].text).c_str(), nullptr, 0)));
      break;
    }
    if (t[i].kind == TokenKind::Identifier) d.name = std::string(t[i].text);
  }
  if (!is_out || d.name.empty()) return std::nullopt;
  d.explicit_index = d.index >= 0;
  return d;
}

}  // namespace

std::string place_unlocated_outputs(std::string_view source, const std::vector<FragDataBinding>& bindings) {
  const std::vector<Token> t = lex(source);
  bool enabled = false;
  std::vector<OutputDecl> outputs;
  int depth = 0;
  bool at_line_start = true;
  size_t statement = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i].kind == TokenKind::Newline) {
      at_line_start = true;
      continue;
    }
    if (t[i].kind == TokenKind::Space) continue;
    if (at_line_start && t[i].text == "#") {  // directive: skip the line
      size_t e = i;
      while (e < t.size() && t[e].kind != TokenKind::Newline) {
        if (t[e].text == "GL_EXT_blend_func_extended") enabled = true;
        ++e;
      }
      i = e - 1;
      statement = e;
      continue;
    }
    at_line_start = false;
    if (t[i].text == "{") ++depth;
    if (t[i].text == "}") {
      --depth;
      if (depth == 0) statement = i + 1;
    }
    if (t[i].text == ";" && depth == 0) {
      if (auto d = parse_output(t, statement, i)) outputs.push_back(std::move(*d));
      statement = i + 1;
    }
  }
  bool any_unlocated = false;
  for (const OutputDecl& d : outputs) any_unlocated = any_unlocated || d.location < 0;
  // Bound outputs are placed whether or not the shader enables the
  // extension (the binding is API state); several unbound outputs only
  // with it (without it ES's rule stands and glslang reports it).
  if (!any_unlocated || (bindings.empty() && (!enabled || outputs.size() < 2))) return std::string(source);

  // (location, index) slots taken by explicit and bound outputs.
  std::map<std::pair<int32_t, int32_t>, bool> used;
  auto take = [&used](const OutputDecl& d) {
    for (uint32_t e = 0; e < d.size; ++e) used[{d.location + static_cast<int32_t>(e), std::max(d.index, 0)}] = true;
  };
  for (OutputDecl& d : outputs) {
    if (d.location >= 0) {
      take(d);
      continue;
    }
    for (const FragDataBinding& b : bindings) {
      // Bindings use the application's names; the upgrader may have renamed.
      const std::string name = original_name(d.name);
      if (d.bound || (b.name != name && b.name != name + "[0]")) continue;
      d.location = static_cast<int32_t>(b.location);
      if (!d.explicit_index) d.index = static_cast<int32_t>(b.index);
      d.bound = true;
      take(d);
    }
  }
  std::map<size_t, std::string> inserts;  // token -> layout text
  for (OutputDecl& d : outputs) {
    if (d.bound) {
      // The binding's index, unless the shader gave one (the shader's wins).
      inserts[d.first_token] = "layout(location = " + std::to_string(d.location) +
                               (d.explicit_index ? "" : ", index = " + std::to_string(d.index)) + ") ";
    } else if (d.location < 0) {
      const int32_t index = std::max(d.index, 0);
      for (int32_t l = 0;; ++l) {
        bool free = true;
        for (uint32_t e = 0; e < d.size && free; ++e) free = !used.count({l + static_cast<int32_t>(e), index});
        if (free) {
          d.location = l;
          break;
        }
      }
      take(d);
      inserts[d.first_token] = "layout(location = " + std::to_string(d.location) + ") ";
    }
  }
  std::string out;
  out.reserve(source.size() + inserts.size() * 32);
  for (size_t i = 0; i < t.size(); ++i) {
    auto it = inserts.find(i);
    if (it != inserts.end()) out += it->second;
    out += t[i].text;
  }
  return out;
}

}  // namespace brass::compiler
