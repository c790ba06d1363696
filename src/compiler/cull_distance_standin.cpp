#include "compiler/cull_distance_standin.h"

#include <cstdlib>

#include "compiler/es_builtin_standins.h"
#include "compiler/glsl_lexer.h"
#include "compiler/glsl_normalize.h"

namespace brass::compiler {
namespace {

constexpr std::string_view kExtension = "GL_ARB_cull_distance";

size_t next_significant(const std::vector<Token>& t, size_t i) {
  while (i < t.size() && (t[i].kind == TokenKind::Space || t[i].kind == TokenKind::Newline)) ++i;
  return i;
}

// The size of a declaration `float NAME [ N ]` whose name is token `i`
// (N a decimal literal), or -1 where token `i` is not such a declaration.
int declared_size(const std::vector<Token>& t, size_t i, std::string_view previous) {
  if (previous != "float") return -1;
  size_t k = next_significant(t, i + 1);
  if (k >= t.size() || t[k].text != "[") return -1;
  k = next_significant(t, k + 1);
  if (k >= t.size() || t[k].kind != TokenKind::Number) return -1;
  const std::string digits(t[k].text);
  char* end = nullptr;
  const long n = std::strtol(digits.c_str(), &end, 10);
  if (end != digits.c_str() + digits.size() || n < 0 || n > 1 << 20) return -1;
  return static_cast<int>(n);
}

}  // namespace

std::string with_desktop_cull_distance(std::string text, ShaderStage stage, const GlslVersion& declared,
                                       const std::vector<std::string>& unexposed, const ShaderLimits& limits) {
  if (declared.es || declared.number < 130 || declared.number >= 450 || stage == ShaderStage::Compute) return text;
  for (const std::string& u : unexposed)
    if (u == kExtension) return text;
  if (text.find("gl_CullDistance") == std::string::npos && text.find("gl_Max") == std::string::npos) return text;
  if (!enables_extension(text, kExtension)) return text;
  const std::vector<Token> tokens = lex(text);
  std::string body;
  body.reserve(text.size() + 64);
  bool line_start = true, in_directive = false, used = false, redeclared = false;
  size_t first_code = std::string::npos;
  std::string_view previous;
  for (const Token& t : tokens) {
    if (t.kind == TokenKind::Newline) {
      line_start = true;
      in_directive = false;
      body += t.text;
      continue;
    }
    if (t.kind != TokenKind::Space) {
      if (line_start && t.text == "#") in_directive = true;
      if (line_start && !in_directive && first_code == std::string::npos) first_code = body.size();
      line_start = false;
    }
    if (!in_directive && t.kind == TokenKind::Identifier) {
      if (t.text == "gl_CullDistance" && previous != ".") {
        used = true;
        redeclared = redeclared || previous == "float";
        body += kCullDistanceName;
        previous = t.text;
        continue;
      }
      if (t.text == "gl_MaxCullDistances" || t.text == "gl_MaxCombinedClipAndCullDistances") {
        body += std::to_string(t.text == "gl_MaxCullDistances" ? limits.max_cull_distances : limits.max_clip_distances);
        previous = "0";
        continue;
      }
    }
    body += t.text;
    if (t.kind != TokenKind::Space) previous = t.text;
  }
  if (used && !redeclared) {
    const std::string decl = std::string(stage == ShaderStage::Fragment ? "in" : "out") + " float " +
                             kCullDistanceName + "[]; ";
    body.insert(first_code == std::string::npos ? body.size() : first_code, decl);
  }
  return body;
}

bool check_cull_distance_sizes(std::string_view rewritten_text, const ShaderLimits& limits, std::string* log) {
  if (rewritten_text.find(kCullDistanceName) == std::string_view::npos) return true;
  const std::vector<Token> tokens = lex(rewritten_text);
  int cull = 0, clip = 0;
  std::string_view previous;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Space || t.kind == TokenKind::Newline) continue;
    if (t.kind == TokenKind::Identifier && (t.text == kCullDistanceName || t.text == "gl_ClipDistance")) {
      const int n = declared_size(tokens, i, previous);
      if (n >= 0) (t.text == "gl_ClipDistance" ? clip : cull) = n;
    }
    previous = t.text;
  }
  if (cull > limits.max_cull_distances) {
    *log += "ERROR: gl_CullDistance of " + std::to_string(cull) + " elements exceeds gl_MaxCullDistances (" +
            std::to_string(limits.max_cull_distances) + ")\n";
    return false;
  }
  if (cull + clip > limits.max_clip_distances) {
    *log += "ERROR: gl_ClipDistance and gl_CullDistance have " + std::to_string(cull + clip) +
            " elements together, more than gl_MaxCombinedClipAndCullDistances (" +
            std::to_string(limits.max_clip_distances) + ")\n";
    return false;
  }
  return true;
}

}  // namespace brass::compiler
