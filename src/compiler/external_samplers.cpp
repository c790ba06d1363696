#include "compiler/external_samplers.h"

#include <vector>

#include "compiler/glsl_lexer.h"

namespace brass::compiler {

namespace {

constexpr std::string_view kExternal = "samplerExternalOES";
constexpr std::string_view kSampler2D = "sampler2D";

bool significant(const Token& t) { return t.kind != TokenKind::Space && t.kind != TokenKind::Newline; }

// The names a declaration declares, from the token after its type to its
// ';': the identifier after the type and after each ',' outside brackets
// ("a[2], b" declares a and b).
void declared_names(const std::vector<Token>& tokens, size_t after_type, std::set<std::string>* out) {
  int depth = 0;
  bool expect_name = true;
  for (size_t i = after_type; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (!significant(t)) continue;
    if (t.kind == TokenKind::Punct) {
      const char c = t.text[0];
      if (c == ';' && depth == 0) return;
      if (c == '[' || c == '(') ++depth;
      if (c == ']' || c == ')') --depth;
      if (c == ',' && depth == 0) expect_name = true;
      continue;
    }
    if (expect_name && depth == 0 && t.kind == TokenKind::Identifier) {
      out->insert(std::string(t.text));
      expect_name = false;
    }
  }
}

}  // namespace

ExternalSamplerLowering lower_external_samplers(std::string_view text) {
  ExternalSamplerLowering out;
  const bool has_external = text.find(kExternal) != std::string_view::npos;
  if (!has_external && text.find(kSampler2D) == std::string_view::npos) {
    out.text = std::string(text);
    return out;
  }
  const std::vector<Token> tokens = lex(text);
  // Tokens of `precision q samplerExternalOES;` statements: dropped (their
  // newlines kept). The default precision of samplers changes nothing in
  // the SPIR-V Brass makes of them, and the statement would otherwise set
  // sampler2D's.
  std::vector<bool> drop(tokens.size(), false);
  std::vector<size_t> previous;  // significant tokens of the current statement
  bool line_start = true, in_directive = false;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Newline) {
      line_start = true;
      in_directive = false;
      continue;
    }
    if (t.kind == TokenKind::Space) continue;
    if (line_start && t.text == "#") in_directive = true;
    line_start = false;
    if (in_directive) continue;
    if (t.kind == TokenKind::Punct && (t.text == ";" || t.text == "{" || t.text == "}")) {
      previous.clear();
      continue;
    }
    if (t.kind == TokenKind::Identifier && (t.text == kExternal || t.text == kSampler2D)) {
      const bool external = t.text == kExternal;
      if (external && !previous.empty() && tokens[previous.front()].text == "precision") {
        for (size_t d = previous.front(); d < tokens.size(); ++d) {
          drop[d] = tokens[d].kind != TokenKind::Newline;
          if (tokens[d].text == ";") break;
        }
      } else {
        bool uniform = false;
        for (size_t p : previous) uniform = uniform || tokens[p].text == "uniform";
        if (uniform) declared_names(tokens, i + 1, external ? &out.external_uniforms : &out.sampler_2d_uniforms);
      }
    }
    previous.push_back(i);
  }
  if (!has_external) {
    out.text = std::string(text);
    return out;
  }
  out.text.reserve(text.size());
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (drop[i]) {
      out.text += ' ';
      continue;
    }
    out.text += t.kind == TokenKind::Identifier && t.text == kExternal ? kSampler2D : t.text;
  }
  return out;
}

}  // namespace brass::compiler
