#include "compiler/glsl_rule_checks.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <map>

#include "compiler/glsl_lexer.h"
#include "compiler/glsl_upgrader.h"
#include "compiler/glslang_glue.h"

namespace brass::compiler {
namespace {

// Collects global symbols of one storage class from the whole tree.
class GlobalCollector : public glslang::TIntermTraverser {
 public:
  explicit GlobalCollector(glslang::TStorageQualifier storage) : storage_(storage) {}
  void visitSymbol(glslang::TIntermSymbol* s) override {
    if (s->getQualifier().storage != storage_) return;
    if (seen_.emplace(s->getId(), true).second) symbols.push_back(s);
  }
  std::vector<const glslang::TIntermSymbol*> symbols;

 private:
  glslang::TStorageQualifier storage_;
  std::map<long long, bool> seen_;
};

std::vector<const glslang::TIntermSymbol*> globals(const glslang::TIntermediate& intermediate,
                                                   glslang::TStorageQualifier storage) {
  GlobalCollector c(storage);
  if (TIntermNode* root = intermediate.getTreeRoot()) root->traverse(&c);
  return c.symbols;
}

bool contains_integer(const glslang::TType& type) {
  if (type.isStruct()) {
    for (const glslang::TTypeLoc& m : *type.getStruct())
      if (contains_integer(*m.type)) return true;
    return false;
  }
  switch (type.getBasicType()) {
    case glslang::EbtInt: case glslang::EbtUint: case glslang::EbtDouble: case glslang::EbtInt64:
    case glslang::EbtUint64: case glslang::EbtInt16: case glslang::EbtUint16: case glslang::EbtInt8:
    case glslang::EbtUint8:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool check_flat_integer_block_inputs(const glslang::TIntermediate& intermediate, std::string* log) {
  if (intermediate.getStage() != EShLangFragment) return true;
  bool ok = true;
  for (const glslang::TIntermSymbol* s : globals(intermediate, glslang::EvqVaryingIn)) {
    const glslang::TType& type = s->getType();
    if (type.getBasicType() != glslang::EbtBlock || type.getQualifier().flat) continue;
    for (const glslang::TTypeLoc& m : *type.getStruct()) {
      if (m.type->getQualifier().flat || !contains_integer(*m.type)) continue;
      *log += "ERROR: 0:" + std::to_string(m.loc.line) + ": '" + std::string(m.type->getFieldName().c_str()) +
              "' : if a fragment input is (or contains) an integer, then it must be qualified with 'flat'\n";
      ok = false;
    }
  }
  return ok;
}

std::map<std::string, int> explicit_uniform_locations(const glslang::TIntermediate& intermediate) {
  std::map<std::string, int> out;
  for (const glslang::TIntermSymbol* s : globals(intermediate, glslang::EvqUniform)) {
    const glslang::TQualifier& q = s->getQualifier();
    if (s->getType().getBasicType() == glslang::EbtBlock || !q.hasLocation()) continue;
    out[s->getName().c_str()] = static_cast<int>(q.layoutLocation);
  }
  return out;
}

namespace {

// True when `source` has `invariant <name>` (a redeclaration) or invariant(all).
// `#pragma STDGL invariant(all)` makes outputs invariant: it counts for the
// vertex shader's gl_Position/gl_PointSize, not for fragment inputs.
bool declares_invariant(std::string_view source, std::string_view name, bool pragma_counts) {
  const std::vector<Token> tokens = lex(source);
  std::string_view previous;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Space || t.kind == TokenKind::Newline) continue;
    if (previous == "invariant" && t.text == name) return true;
    if (pragma_counts && t.text == "pragma") {
      std::string rest;
      for (size_t j = i + 1; j < tokens.size() && tokens[j].kind != TokenKind::Newline; ++j)
        if (tokens[j].kind != TokenKind::Space) rest += tokens[j].text;
      if (rest == "STDGLinvariant(all)") return true;
    }
    previous = t.text;
  }
  return false;
}

}  // namespace

bool check_es100_builtin_invariance(std::string_view vertex_source, std::string_view fragment_source,
                                    std::string* log) {
  bool ok = true;
  if (declares_invariant(fragment_source, "gl_FragCoord", false) && !declares_invariant(vertex_source, "gl_Position", true)) {
    *log += "ERROR: gl_FragCoord is declared invariant in the fragment shader but gl_Position is not invariant in "
            "the vertex shader\n";
    ok = false;
  }
  if (declares_invariant(fragment_source, "gl_PointCoord", false) && !declares_invariant(vertex_source, "gl_PointSize", true)) {
    *log += "ERROR: gl_PointCoord is declared invariant in the fragment shader but gl_PointSize is not invariant "
            "in the vertex shader\n";
    ok = false;
  }
  return ok;
}

bool check_invariant_front_facing(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                  std::string* log) {
  if (stage != ShaderStage::Fragment || !version.es) return true;
  const std::vector<Token> tokens = lex(source);
  int line = 1;
  bool in_invariant_list = false;  // after `invariant`, up to the `;`
  for (const Token& t : tokens) {
    if (t.kind == TokenKind::Newline) ++line;
    if (t.kind == TokenKind::Space || t.kind == TokenKind::Newline) continue;
    if (t.text == "invariant") {
      in_invariant_list = true;
    } else if (t.text == ";" || t.text == "{" || t.text == "(") {
      in_invariant_list = false;
    } else if (in_invariant_list && t.text == "gl_FrontFacing") {
      *log += "ERROR: 0:" + std::to_string(line) + ": 'gl_FrontFacing' : cannot be declared invariant\n";
      return false;
    }
  }
  return true;
}

bool check_secondary_output_forms(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                  std::string* log) {
  if (stage != ShaderStage::Fragment || !version.es || version.number != 100) return true;
  const std::vector<Token> tokens = lex(source);
  int line = 1, color_line = 0, data_line = 0;
  bool secondary = false;
  for (const Token& t : tokens) {
    if (t.kind == TokenKind::Newline) ++line;
    if (t.kind != TokenKind::Identifier) continue;
    const bool color = t.text == "gl_FragColor" || t.text == "gl_SecondaryFragColorEXT";
    const bool data = t.text == "gl_FragData" || t.text == "gl_SecondaryFragDataEXT";
    if (!color && !data) continue;
    secondary |= t.text.starts_with("gl_Secondary");
    (color ? color_line : data_line) = line;
  }
  // Both primary forms together are glslang's own error.
  if (!secondary || !color_line || !data_line) return true;
  *log += "ERROR: 0:" + std::to_string(std::max(color_line, data_line)) +
          ": cannot write both the Color and the Data forms of the fragment outputs "
          "(gl_FragColor / gl_SecondaryFragColorEXT and gl_FragData / gl_SecondaryFragDataEXT)\n";
  return false;
}

bool check_invariant_all_pragma(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                std::string* log) {
  if (stage != ShaderStage::Fragment || !version.es || version.number < 300) return true;
  const std::vector<Token> tokens = lex(source);
  int line = 1;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind == TokenKind::Newline) ++line;
    if (tokens[i].text != "pragma") continue;
    std::string rest;
    for (size_t j = i + 1; j < tokens.size() && tokens[j].kind != TokenKind::Newline; ++j)
      if (tokens[j].kind != TokenKind::Space) rest += tokens[j].text;
    if (rest == "STDGLinvariant(all)") {
      *log += "ERROR: 0:" + std::to_string(line) +
              ": '#pragma STDGL invariant(all)' : not allowed in a GLSL ES fragment shader\n";
      return false;
    }
  }
  return true;
}

bool check_uniform_precisions(const std::vector<const glslang::TIntermediate*>& stages,
                              const std::vector<std::string>& sources, const GlslVersion& version,
                              std::string* log) {
  if (!version.es) return true;
  struct Seen {
    glslang::TPrecisionQualifier precision;
    size_t stage_index;
  };
  std::map<std::string, Seen> first;
  bool ok = true;
  for (size_t si = 0; si < stages.size(); ++si) {
    const glslang::TIntermediate* intermediate = stages[si];
    if (!intermediate) continue;
    std::vector<std::pair<std::string, glslang::TPrecisionQualifier>> uniforms;
    for (const glslang::TIntermSymbol* s : globals(*intermediate, glslang::EvqUniform)) {
      const glslang::TType& type = s->getType();
      if (type.getBasicType() == glslang::EbtBlock) {
        if (type.getTypeName() != kDefaultBlockName) continue;
        for (const glslang::TTypeLoc& m : *type.getStruct())
          uniforms.emplace_back(m.type->getFieldName().c_str(), static_cast<glslang::TPrecisionQualifier>(m.type->getQualifier().precision));
      } else {
        uniforms.emplace_back(s->getName().c_str(), static_cast<glslang::TPrecisionQualifier>(type.getQualifier().precision));
      }
    }
    for (const auto& [name, precision] : uniforms) {
      if (precision == glslang::EpqNone) continue;
      auto it = first.find(name);
      if (it == first.end()) {
        first.emplace(name, Seen{precision, si});
        continue;
      }
      if (it->second.precision == precision) continue;
      if (version.number < 300) {
        // ESSL 1.00: only an error when both stages use the uniform (more
        // than its declaration names it).
        auto uses = [&name](const std::string& src) {
          size_t n = 0;
          for (const Token& t : lex(src))
            if (t.kind == TokenKind::Identifier && t.text == name) ++n;
          return n;
        };
        if (uses(sources[si]) < 2 || uses(sources[it->second.stage_index]) < 2) continue;
      }
      *log += "ERROR: uniform '" + original_name(name) + "' is declared with different precisions in different stages\n";
      ok = false;
    }
  }
  return ok;
}

}  // namespace brass::compiler
