#include "compiler/gl46_function_versions.h"

#include <algorithm>
#include <string_view>

#include "compiler/desktop_glsl_rewrites.h"
#include "compiler/glsl_lexer.h"
#include "compiler/glsl_normalize.h"

namespace brass::compiler {
namespace {

bool exposed_and_enabled(const std::string& text, const std::vector<std::string>& unexposed, std::string_view name) {
  return std::find(unexposed.begin(), unexposed.end(), name) == unexposed.end() && enables_extension(text, name);
}

}  // namespace

std::string with_desktop_group_vote_version(std::string text, const GlslVersion& declared,
                                            const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number >= 430 || declared.number < 140) return text;
  if (!exposed_and_enabled(text, unexposed, "GL_ARB_shader_group_vote")) return text;
  static constexpr std::string_view kFunctions[] = {"anyInvocationARB", "allInvocationsARB", "allInvocationsEqualARB"};
  bool calls = false;
  for (const Token& t : lex(text))
    for (std::string_view f : kFunctions) calls = calls || (t.kind == TokenKind::Identifier && t.text == f);
  // An earlier rewrite may have raised the number past 4.30 already.
  if (!calls || detect_glsl_version(text, Api::GL).number >= 430) return text;
  return with_version_number(std::move(text), declared, 430);
}

std::string with_desktop_draw_parameters_version(std::string text, const GlslVersion& declared,
                                                 const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number >= 450 || declared.number < 140) return text;
  if (!exposed_and_enabled(text, unexposed, "GL_ARB_shader_draw_parameters")) return text;
  static constexpr std::string_view kNames[] = {"gl_BaseVertexARB", "gl_BaseInstanceARB", "gl_DrawIDARB"};
  bool names = false;
  for (const Token& t : lex(text))
    for (std::string_view n : kNames) names = names || (t.kind == TokenKind::Identifier && t.text == n);
  if (!names || detect_glsl_version(text, Api::GL).number >= 450) return text;
  return with_version_number(std::move(text), declared, 450);
}

std::string with_atomic_counter_ops_names(std::string text, const GlslVersion& declared,
                                          const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number < 140) return text;
  if (!exposed_and_enabled(text, unexposed, "GL_ARB_shader_atomic_counter_ops")) return text;
  static constexpr std::string_view kFunctions[] = {
      "atomicCounterAddARB", "atomicCounterSubtractARB", "atomicCounterMinARB",
      "atomicCounterMaxARB", "atomicCounterAndARB",      "atomicCounterOrARB",
      "atomicCounterXorARB", "atomicCounterExchangeARB", "atomicCounterCompSwapARB"};
  bool calls = false;
  std::string out;
  out.reserve(text.size());
  for (const Token& t : lex(text)) {
    bool renamed = false;
    if (t.kind == TokenKind::Identifier)
      for (std::string_view f : kFunctions)
        if (t.text == f) {
          out += t.text.substr(0, t.text.size() - 3);  // the GLSL 4.60 name: no "ARB"
          renamed = calls = true;
        }
    if (!renamed) out += t.text;
  }
  if (!calls) return text;
  return declared.number < 460 ? with_version_number(std::move(out), declared, 460) : out;
}

}  // namespace brass::compiler
