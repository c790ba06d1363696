#include "compiler/glsl_struct_precision.h"

#include <vector>

#include "compiler/glsl_lexer.h"

namespace brass::compiler {
namespace {

// Member types that take a precision qualifier (bool does not; samplers keep
// whatever the application wrote; struct-typed members have none).
bool takes_precision(std::string_view w) {
  static constexpr std::string_view kTypes[] = {
      "float", "vec2",   "vec3",   "vec4",   "mat2",   "mat3",   "mat4",   "mat2x2", "mat2x3",
      "mat2x4", "mat3x2", "mat3x3", "mat3x4", "mat4x2", "mat4x3", "mat4x4", "int",    "ivec2",
      "ivec3", "ivec4",  "uint",   "uvec2",  "uvec3",  "uvec4",
  };
  for (std::string_view t : kTypes)
    if (t == w) return true;
  return false;
}

}  // namespace

std::string highp_struct_members(std::string_view source) {
  const std::vector<Token> tokens = lex(source);
  std::vector<std::string> out;
  out.reserve(tokens.size());
  for (const Token& t : tokens) out.emplace_back(t.text);
  bool changed = false;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind != TokenKind::Identifier || tokens[i].text != "struct") continue;
    size_t j = i + 1;
    while (j < tokens.size() && tokens[j].text != "{" && tokens[j].text != ";") ++j;
    if (j >= tokens.size() || tokens[j].text != "{") continue;
    int depth = 0;
    bool member_start = true;
    for (size_t k = j; k < tokens.size(); ++k) {
      const Token& t = tokens[k];
      if (t.kind == TokenKind::Space || t.kind == TokenKind::Newline) continue;
      if (t.text == "{") {
        ++depth;
        member_start = depth == 1;
        continue;
      }
      if (t.text == "}") {
        if (--depth == 0) break;
        continue;
      }
      if (depth == 1 && t.text == ";") {
        member_start = true;
        continue;
      }
      if (depth != 1 || !member_start) continue;
      member_start = false;
      if (t.text == "lowp" || t.text == "mediump") {
        out[k] = "highp";
        changed = true;
      } else if (t.kind == TokenKind::Identifier && takes_precision(t.text)) {
        out[k] = "highp " + out[k];
        changed = true;
      }
    }
  }
  if (!changed) return std::string(source);
  std::string s;
  s.reserve(source.size() + 64);
  for (const std::string& t : out) s += t;
  return s;
}

}  // namespace brass::compiler
