// Desktop GLSL source rewrites for ARB extensions glslang handles only in
// their core form (desktop_glsl_rewrites.h).
#include "compiler/desktop_glsl_rewrites.h"

#include <cctype>
#include <string_view>

namespace brass::compiler {

std::string with_version_number(std::string text, const GlslVersion& declared, int number) {
  if (!declared.explicit_directive) return text;
  // The directive's line: its number is the first digits after "version".
  size_t line_start = 0;
  for (int line = 1; line < declared.directive_line && line_start != std::string::npos; ++line) {
    line_start = text.find('\n', line_start);
    if (line_start != std::string::npos) ++line_start;
  }
  if (line_start == std::string::npos) return text;
  const size_t keyword = text.find("version", line_start);
  const size_t line_end = text.find('\n', line_start);
  if (keyword == std::string::npos || (line_end != std::string::npos && keyword > line_end)) return text;
  const size_t digits = text.find_first_of("0123456789", keyword);
  if (digits == std::string::npos || (line_end != std::string::npos && digits > line_end)) return text;
  const size_t digits_end = text.find_first_not_of("0123456789", digits);
  text.replace(digits, (digits_end == std::string::npos ? text.size() : digits_end) - digits, std::to_string(number));
  return text;
}

std::string with_desktop_compute_version(std::string text, ShaderStage stage, const GlslVersion& declared,
                                         const std::vector<std::string>& unexposed) {
  if (stage != ShaderStage::Compute || declared.es || !declared.explicit_directive || declared.number >= 430)
    return text;
  for (const std::string& u : unexposed)
    if (u == "GL_ARB_compute_shader") return text;
  return with_version_number(std::move(text), declared, 430);
}

std::string with_core_instance_id(std::string text, Api api) {
  static constexpr std::string_view kArb = "gl_InstanceIDARB";
  if (api != Api::GL) return text;
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(kArb); at != std::string::npos; at = text.find(kArb, at)) {
    const size_t end = at + kArb.size();
    if ((at > 0 && word_char(text[at - 1])) || (end < text.size() && word_char(text[end]))) {
      at = end;
      continue;
    }
    text.erase(at + kArb.size() - 3, 3);  // drop "ARB"
    at += kArb.size() - 3;
  }
  return text;
}

}  // namespace brass::compiler
