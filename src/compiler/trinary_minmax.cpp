#include "compiler/trinary_minmax.h"

#include <set>
#include <vector>

#include "compiler/glsl_lexer.h"

namespace brass::compiler {

namespace {

bool is_space(const Token& t) { return t.kind == TokenKind::Space || t.kind == TokenKind::Newline; }

// Names the shader defines or declares as functions: at brace depth 0, an
// identifier after a type name (another identifier) and before "(".
std::set<std::string_view> declared_functions(const std::vector<Token>& tokens) {
  std::set<std::string_view> names;
  int depth = 0;
  bool previous_was_identifier = false;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (is_space(t)) continue;
    if (t.text == "{") ++depth;
    if (t.text == "}") --depth;
    if (depth == 0 && t.kind == TokenKind::Identifier && previous_was_identifier) {
      size_t n = i + 1;
      while (n < tokens.size() && is_space(tokens[n])) ++n;
      if (n < tokens.size() && tokens[n].text == "(") names.insert(t.text);
    }
    previous_was_identifier = t.kind == TokenKind::Identifier;
  }
  return names;
}

// Whether the tokens [begin, end) may have a side effect: ++, --, an
// assignment operator, or a call of a function the shader defines.
bool may_have_side_effects(const std::vector<Token>& tokens, size_t begin, size_t end,
                           const std::set<std::string_view>& functions) {
  for (size_t i = begin; i < end; ++i) {
    const Token& t = tokens[i];
    const std::string_view prev = i > begin ? tokens[i - 1].text : std::string_view{};
    const std::string_view next = i + 1 < end ? tokens[i + 1].text : std::string_view{};
    if ((t.text == "+" && next == "+") || (t.text == "-" && next == "-")) return true;
    if (t.text == "=") {
      if (next == "=") {
        ++i;  // ==
        continue;
      }
      const bool comparison = prev == "!" || ((prev == "<" || prev == ">") &&
                                              !(i >= begin + 2 && tokens[i - 2].text == prev));
      if (!comparison) return true;  // =, +=, <<=, ...
    }
    if (t.kind == TokenKind::Identifier && functions.count(t.text)) {
      size_t n = i + 1;
      while (n < end && is_space(tokens[n])) ++n;
      if (n < end && tokens[n].text == "(") return true;
    }
  }
  return false;
}

// The index one past the ")" closing the "(" at `open`, or tokens.size().
size_t matching_paren(const std::vector<Token>& tokens, size_t open) {
  int depth = 0;
  for (size_t i = open; i < tokens.size(); ++i) {
    if (tokens[i].text == "(") ++depth;
    if (tokens[i].text == ")" && --depth == 0) return i + 1;
  }
  return tokens.size();
}

// mid3 overloads evaluating each argument once: the extension's genType,
// genIType and (GLSL 1.30+) genUType.
std::string mid3_functions(int version) {
  std::vector<const char*> types = {"float", "vec2", "vec3", "vec4", "int", "ivec2", "ivec3", "ivec4"};
  if (version >= 130)
    for (const char* u : {"uint", "uvec2", "uvec3", "uvec4"}) types.push_back(u);
  std::string out;
  for (const char* type : types) {
    out += type;
    out += " brass_mid3(";
    out += type;
    out += " a, ";
    out += type;
    out += " b, ";
    out += type;
    out += " c) { return max(min(a, b), min(max(a, b), c)); } ";
  }
  return out;
}

}  // namespace

TrinaryMinmaxLowering lower_trinary_minmax(std::string_view text, int version) {
  TrinaryMinmaxLowering out;
  out.preamble =
      "#define min3(a, b, c) min(min(a, b), c)\n"
      "#define max3(a, b, c) max(max(a, b), c)\n";
  const std::vector<Token> tokens = lex(text);
  const std::set<std::string_view> functions = declared_functions(tokens);
  bool calls_with_effects = false;
  for (size_t i = 0; i < tokens.size() && !calls_with_effects; ++i) {
    if (tokens[i].kind != TokenKind::Identifier || tokens[i].text != "mid3") continue;
    size_t open = i + 1;
    while (open < tokens.size() && is_space(tokens[open])) ++open;
    if (open >= tokens.size() || tokens[open].text != "(") continue;
    calls_with_effects = may_have_side_effects(tokens, open, matching_paren(tokens, open), functions);
  }
  if (!calls_with_effects) {
    out.preamble += "#define mid3(a, b, c) max(min(a, b), min(max(a, b), c))\n";
    out.text = std::string(text);
    return out;
  }
  // Each mid3 becomes brass_mid3; the overloads go where the code starts.
  out.preamble += "#define mid3 brass_mid3\n";
  bool line_start = true, in_directive = false;
  size_t first_code = std::string::npos;
  std::string body;
  body.reserve(text.size() + 1024);
  for (const Token& t : tokens) {
    if (t.kind == TokenKind::Newline) {
      line_start = true;
      in_directive = false;
    } else if (t.kind != TokenKind::Space) {
      if (line_start && t.text == "#") in_directive = true;
      if (line_start && !in_directive && first_code == std::string::npos) first_code = body.size();
      line_start = false;
    }
    body += t.text;
  }
  body.insert(first_code == std::string::npos ? body.size() : first_code, mid3_functions(version));
  out.text = std::move(body);
  return out;
}

}  // namespace brass::compiler
