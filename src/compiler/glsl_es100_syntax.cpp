#include "compiler/glsl_es100_syntax.h"

#include <vector>

#include "compiler/glsl_lexer.h"

namespace brass::compiler {
namespace {

bool is_basic_type(std::string_view w) {
  static constexpr std::string_view kTypes[] = {
      "float", "int",  "bool",  "vec2",  "vec3",  "vec4",  "ivec2", "ivec3",
      "ivec4", "bvec2", "bvec3", "bvec4", "mat2", "mat3", "mat4",
  };
  for (std::string_view t : kTypes)
    if (t == w) return true;
  return false;
}

class Es100Rewriter {
 public:
  explicit Es100Rewriter(std::string_view source) : tokens_(lex(source)) {
    out_.reserve(tokens_.size());
    for (const Token& t : tokens_) out_.emplace_back(t.text);
    rename_double_underscore_macros();
  }

  // Macro names with two consecutive underscores are only reserved in ESSL
  // 1.00 (§3.4; "defining such a name is not an error" in 3.00), but
  // glslang refuses them before 3.00. The shader's own such macros get
  // other names everywhere they appear; predefined ones keep theirs, so
  // redefining __VERSION__ still fails.
  void rename_double_underscore_macros() {
    std::vector<std::string_view> names;
    bool line_start = true;
    for (size_t i = 0; i < tokens_.size(); ++i) {
      const Token& t = tokens_[i];
      if (t.kind == TokenKind::Newline) line_start = true;
      if (t.kind == TokenKind::Space || t.kind == TokenKind::Newline) continue;
      const bool directive = line_start && t.text == "#";
      line_start = false;
      if (!directive) continue;
      size_t k = i + 1;
      while (k < tokens_.size() && tokens_[k].kind == TokenKind::Space) ++k;
      if (k >= tokens_.size() || tokens_[k].text != "define") continue;
      ++k;
      while (k < tokens_.size() && tokens_[k].kind == TokenKind::Space) ++k;
      if (k >= tokens_.size() || tokens_[k].kind != TokenKind::Identifier) continue;
      const std::string_view name = tokens_[k].text;
      if (name.find("__") == std::string_view::npos || name == "__VERSION__" || name == "__LINE__" ||
          name == "__FILE__")
        continue;
      bool known = false;
      for (std::string_view n : names) known = known || n == name;
      if (!known) names.push_back(name);
    }
    for (size_t i = 0; i < tokens_.size(); ++i) {
      if (tokens_[i].kind != TokenKind::Identifier) continue;
      for (size_t n = 0; n < names.size(); ++n)
        if (tokens_[i].text == names[n]) out_[i] = "brass_dunder_macro_" + std::to_string(n);
    }
  }

  std::string run() {
    bool at_line_start = true;
    bool in_directive = false;
    int braces = 0, brackets = 0;
    bool statement_start = true, const_statement = false;
    for (size_t i = 0; i < tokens_.size(); ++i) {
      const Token& t = tokens_[i];
      if (t.kind == TokenKind::Newline) {
        at_line_start = true;
        in_directive = false;
        continue;
      }
      if (t.kind == TokenKind::Space) continue;
      if (at_line_start && t.text == "#") in_directive = true;
      at_line_start = false;
      if (in_directive) continue;
      // Only where a constant expression is required (global initializers,
      // array sizes, const declarations): elsewhere glslang compiles
      // sequences itself and keeps checking every operand.
      if (t.text == "(" && (braces == 0 || brackets > 0 || const_statement)) rewrite_sequence(i);
      if (t.text == "{" || t.text == "}" || t.text == ";") {
        braces += t.text == "{" ? 1 : t.text == "}" ? -1 : 0;
        statement_start = true;
        const_statement = false;
        continue;
      }
      if (t.text == "[") ++brackets;
      if (t.text == "]" && brackets > 0) --brackets;
      if (statement_start) const_statement = t.text == "const";
      statement_start = false;
      if (t.kind == TokenKind::Identifier && is_basic_type(t.text)) rewrite_cstyle_array(i);
    }
    std::string s;
    for (const std::string& t : out_) s += t;
    return s;
  }

 private:
  size_t next(size_t i) const {
    ++i;
    while (i < tokens_.size() && tokens_[i].kind == TokenKind::Space) ++i;
    return i;
  }
  size_t prev(size_t i) const {  // tokens_.size() when none
    while (i > 0) {
      --i;
      if (tokens_[i].kind != TokenKind::Space && tokens_[i].kind != TokenKind::Newline) return i;
    }
    return tokens_.size();
  }
  std::string_view text(size_t i) const { return i < tokens_.size() ? tokens_[i].text : std::string_view{}; }

  // Replaces a token by spaces of the same length (newlines kept).
  void blank(size_t i) {
    std::string& s = out_[i];
    for (char& c : s)
      if (c != '\n') c = ' ';
  }

  // `(` at open: a grouping parenthesis (not a call, constructor or
  // statement keyword, all of which follow an identifier or `]`) whose
  // top-level commas make it a sequence.
  void rewrite_sequence(size_t open) {
    const size_t p = prev(open);
    if (p < tokens_.size() && (tokens_[p].kind == TokenKind::Identifier || tokens_[p].text == "]")) return;
    int depth = 0;
    size_t last_comma = tokens_.size();
    size_t close = tokens_.size();
    for (size_t i = open + 1; i < tokens_.size(); ++i) {
      const std::string_view s = tokens_[i].text;
      if (tokens_[i].kind != TokenKind::Punct) continue;
      if (s == "(" || s == "[") ++depth;
      else if (s == ")" || s == "]") {
        if (depth == 0) {
          close = i;
          break;
        }
        --depth;
      } else if (s == ";" || s == "{" || s == "}") {
        return;
      } else if (s == "," && depth == 0) {
        last_comma = i;
      }
    }
    if (close == tokens_.size() || last_comma == tokens_.size()) return;
    // Dropping the left operands is exact only if they have no side
    // effects: no assignment, increment or function call.
    for (size_t i = open + 1; i < last_comma; ++i) {
      const Token& t = tokens_[i];
      if (t.kind == TokenKind::Newline) return;  // keep it simple: one line
      if (t.text == "=") return;
      if ((t.text == "+" || t.text == "-") && i + 1 < last_comma && tokens_[i + 1].text == t.text) return;
      if (t.text == "(") {
        const size_t q = prev(i);
        if (q < tokens_.size() && tokens_[q].kind == TokenKind::Identifier && !is_basic_type(tokens_[q].text))
          return;
      }
    }
    for (size_t i = open + 1; i <= last_comma; ++i) blank(i);
  }

  // `TYPE [ N ] NAME` followed by `;` or `)` (a declaration or parameter,
  // not a constructor or a function's return type) -> `TYPE NAME[ N ]`.
  void rewrite_cstyle_array(size_t type) {
    const size_t lb = next(type);
    if (text(lb) != "[") return;
    size_t rb = lb + 1;
    while (rb < tokens_.size() && tokens_[rb].text != "]") {
      if (tokens_[rb].kind == TokenKind::Newline || tokens_[rb].text == "[" || tokens_[rb].text == ";") return;
      ++rb;
    }
    if (rb == tokens_.size()) return;
    const size_t name = next(rb);
    if (name >= tokens_.size() || tokens_[name].kind != TokenKind::Identifier) return;
    const std::string_view after = text(next(name));
    if (after != ";" && after != ")") return;
    for (size_t i = lb; i < name; ++i)
      if (tokens_[i].kind == TokenKind::Newline) return;
    std::string dims;
    for (size_t i = lb; i <= rb; ++i) {
      dims += out_[i];
      out_[i].clear();
    }
    out_[type] += ' ';
    for (size_t i = rb + 1; i < name; ++i) out_[i].clear();
    out_[name] += dims;
  }

  std::vector<Token> tokens_;
  std::vector<std::string> out_;
};

}  // namespace

std::string rewrite_es100_syntax(std::string_view source) { return Es100Rewriter(source).run(); }

}  // namespace brass::compiler
