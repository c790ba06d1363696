#include "compiler/stage_units.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <cctype>
#include <map>
#include <optional>
#include <regex>
#include <set>

namespace brass::compiler {
namespace {

bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

size_t skip_space(std::string_view text, size_t pos) {
  while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
  return pos;
}

// `line` is a whole one-line function definition of a Brass-generated
// helper: "<type> brass_<name>(<params>) { <body> }". Returns the length of
// its head (up to the opening brace) or 0.
size_t generated_helper_head(std::string_view line) {
  const size_t name = line.find(" brass_");
  const size_t open_paren = line.find('(');
  const size_t brace = line.find('{');
  if (name == std::string_view::npos || open_paren == std::string_view::npos || brace == std::string_view::npos)
    return 0;
  if (!(name < open_paren && open_paren < brace)) return 0;
  // The name runs up to the parenthesis (no `=` of an initialised global
  // or other statement in between).
  for (size_t i = name + 1; i < open_paren; ++i)
    if (!is_identifier_char(line[i]) && !std::isspace(static_cast<unsigned char>(line[i]))) return 0;
  size_t end = line.size();
  while (end > 0 && std::isspace(static_cast<unsigned char>(line[end - 1]))) --end;
  if (end == 0 || line[end - 1] != '}') return 0;
  if (std::isspace(static_cast<unsigned char>(line[0]))) return 0;  // inside some other body
  return brace;
}

const char* stage_name(ShaderStage stage) {
  switch (stage) {
    case ShaderStage::Vertex: return "vertex";
    case ShaderStage::TessControl: return "tessellation control";
    case ShaderStage::TessEval: return "tessellation evaluation";
    case ShaderStage::Geometry: return "geometry";
    case ShaderStage::Fragment: return "fragment";
    case ShaderStage::Compute: return "compute";
  }
  return "";
}

// The initializers of a unit's plain globals: glslang puts them, as
// assignments, in sequences at the top level of the tree, beside the
// function definitions.
void collect_global_initializers(const TIntermNode* node,
                                 std::map<std::string, const glslang::TIntermTyped*>* out) {
  const glslang::TIntermAggregate* aggregate = node ? node->getAsAggregate() : nullptr;
  if (!aggregate || aggregate->getOp() != glslang::EOpSequence) return;
  for (const TIntermNode* child : aggregate->getSequence()) {
    if (!child) continue;
    if (const glslang::TIntermBinary* b = child->getAsBinaryNode()) {
      if (b->getOp() != glslang::EOpAssign) continue;
      const glslang::TIntermSymbol* target = b->getLeft()->getAsSymbolNode();
      if (!target || target->getQualifier().storage != glslang::EvqGlobal) continue;
      (*out)[std::string(target->getName().c_str())] = b->getRight();
    } else {
      collect_global_initializers(child, out);
    }
  }
}

// The layout qualifiers of a gl_FragCoord redeclaration ("" for none), or
// nullopt where the source does not redeclare it.
std::optional<std::string> frag_coord_redeclaration(const std::string& source, bool* used_elsewhere) {
  static const std::regex kRedeclaration(R"((?:layout\s*\(([^)]*)\)\s*)?\bin\s+vec4\s+gl_FragCoord\s*;)");
  std::smatch m;
  std::optional<std::string> found;
  std::string rest = source;
  if (std::regex_search(source, m, kRedeclaration)) {
    std::set<std::string> qualifiers;
    const std::string list = m[1].str();
    static const std::regex kWord(R"([A-Za-z_][A-Za-z0-9_]*)");
    for (auto it = std::sregex_iterator(list.begin(), list.end(), kWord); it != std::sregex_iterator(); ++it)
      qualifiers.insert(it->str());
    std::string joined;
    for (const std::string& q : qualifiers) joined += (joined.empty() ? "" : ", ") + q;
    found = joined;
    rest = m.prefix().str() + m.suffix().str();
  }
  static const std::regex kUse(R"(\bgl_FragCoord\b)");
  *used_elsewhere = std::regex_search(rest, kUse);
  return found;
}

}  // namespace

namespace {

// Gives every source without a match of `declaration` the first match
// found in any of them, at the start of its first line of code.
void share_declaration(const std::vector<std::string*>& sources, const std::regex& declaration) {
  if (sources.size() < 2) return;
  std::string found;
  for (const std::string* source : sources) {
    std::smatch m;
    if (std::regex_search(*source, m, declaration)) {
      found = m.str();
      break;
    }
  }
  if (found.empty()) return;
  for (std::string* source : sources) {
    if (std::regex_search(*source, declaration)) continue;
    // The first line that is neither blank nor a directive.
    size_t at = 0;
    while (at < source->size()) {
      const size_t first = source->find_first_not_of(" \t\r", at);
      const size_t end = source->find('\n', at);
      const bool blank = first == std::string::npos || first == end || (*source)[first] == '\n';
      if (!blank && (*source)[first] != '#') {
        at = first;
        break;
      }
      if (end == std::string::npos) {
        at = source->size();
        break;
      }
      at = end + 1;
    }
    source->insert(at, found + " ");
  }
}

}  // namespace

void share_geometry_input_layout(const std::vector<std::string*>& sources) {
  static const std::regex kInputLayout(
      R"(layout\s*\(\s*(points|lines|lines_adjacency|triangles|triangles_adjacency)\b[^)]*\)\s*in\s*;)");
  share_declaration(sources, kInputLayout);
}

bool check_global_initializers(const std::vector<const glslang::TIntermediate*>& units, ShaderStage stage,
                               std::string* log) {
  if (units.size() < 2) return true;
  std::map<std::string, std::vector<const glslang::TIntermTyped*>> initializers;
  for (const glslang::TIntermediate* unit : units) {
    std::map<std::string, const glslang::TIntermTyped*> own;
    collect_global_initializers(unit->getTreeRoot(), &own);
    for (const auto& [name, value] : own) initializers[name].push_back(value);
  }
  bool ok = true;
  for (const auto& [name, values] : initializers) {
    if (values.size() < 2) continue;
    const glslang::TIntermConstantUnion* first = values.front()->getAsConstantUnion();
    bool same = first != nullptr;
    for (size_t i = 1; same && i < values.size(); ++i) {
      const glslang::TIntermConstantUnion* other = values[i]->getAsConstantUnion();
      same = other && other->getConstArray() == first->getConstArray();
    }
    if (same) continue;
    *log += "ERROR: global variable '" + name + "' is initialized in several " + stage_name(stage) +
            " shaders, not all with one constant value\n";
    ok = false;
  }
  return ok;
}

bool check_frag_coord_redeclarations(const std::vector<const std::string*>& sources, std::string* log) {
  if (sources.size() < 2) return true;
  std::optional<std::string> qualifiers;  // of the first redeclaration
  bool mismatch = false, missing = false;
  for (const std::string* source : sources) {
    bool used = false;
    const std::optional<std::string> own = frag_coord_redeclaration(*source, &used);
    if (!own) continue;
    if (qualifiers && *qualifiers != *own) mismatch = true;
    if (!qualifiers) qualifiers = own;
  }
  if (!qualifiers) return true;
  for (const std::string* source : sources) {
    bool used = false;
    if (!frag_coord_redeclaration(*source, &used) && used) missing = true;
  }
  if (mismatch) *log += "ERROR: gl_FragCoord is redeclared with different layout qualifiers in different fragment shaders\n";
  if (missing) *log += "ERROR: gl_FragCoord is redeclared in one fragment shader but used without a redeclaration in another\n";
  return !mismatch && !missing;
}

bool defines_main(std::string_view text) {
  size_t pos = 0;
  while ((pos = text.find("main", pos)) != std::string_view::npos) {
    const size_t end = pos + 4;
    const bool whole = (pos == 0 || !is_identifier_char(text[pos - 1])) &&
                       (end >= text.size() || !is_identifier_char(text[end]));
    pos = end;
    if (!whole) continue;
    size_t at = skip_space(text, end);
    if (at >= text.size() || text[at] != '(') continue;
    const size_t close = text.find(')', at);
    if (close == std::string_view::npos) return false;
    at = skip_space(text, close + 1);
    if (at < text.size() && text[at] == '{') return true;
  }
  return false;
}

void share_generated_helpers(const std::vector<std::string*>& sources) {
  if (sources.size() < 2) return;
  std::set<std::string> defined;
  for (std::string* source : sources) {
    std::string out;
    out.reserve(source->size());
    size_t start = 0;
    while (start < source->size()) {
      size_t end = source->find('\n', start);
      if (end == std::string::npos) end = source->size();
      const std::string_view line(source->data() + start, end - start);
      const size_t head = generated_helper_head(line);
      if (head != 0 && !defined.insert(std::string(line)).second) {
        std::string_view signature = line.substr(0, head);
        while (!signature.empty() && std::isspace(static_cast<unsigned char>(signature.back())))
          signature.remove_suffix(1);
        out.append(signature);
        out += ';';
      } else {
        out.append(line);
      }
      if (end < source->size()) out += '\n';
      start = end + 1;
    }
    *source = std::move(out);
  }
}

}  // namespace brass::compiler
