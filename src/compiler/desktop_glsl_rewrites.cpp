// Desktop GLSL source rewrites for ARB extensions glslang handles only in
// their core form (desktop_glsl_rewrites.h).
#include "compiler/desktop_glsl_rewrites.h"

#include <cctype>
#include <string_view>

#include "compiler/glsl_lexer.h"
#include "compiler/glsl_normalize.h"

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

namespace {

bool unexposed_has(const std::vector<std::string>& unexposed, std::string_view name) {
  for (const std::string& u : unexposed)
    if (u == name) return true;
  return false;
}

bool mentions_identifier(std::string_view text, std::string_view name) {
  for (const Token& t : lex(text))
    if (t.kind == TokenKind::Identifier && t.text == name) return true;
  return false;
}

}  // namespace

std::string with_desktop_compute_version(std::string text, ShaderStage stage, const GlslVersion& declared,
                                         const std::vector<std::string>& unexposed) {
  if (stage != ShaderStage::Compute || declared.es || !declared.explicit_directive || declared.number >= 430)
    return text;
  if (unexposed_has(unexposed, "GL_ARB_compute_shader")) return text;
  return with_version_number(std::move(text), declared, 430);
}

std::string with_desktop_tessellation_version(std::string text, ShaderStage stage, const GlslVersion& declared,
                                              const std::vector<std::string>& unexposed) {
  if ((stage != ShaderStage::TessControl && stage != ShaderStage::TessEval) || declared.es ||
      !declared.explicit_directive || declared.number >= 150)
    return text;
  if (unexposed_has(unexposed, "GL_ARB_tessellation_shader") ||
      !enables_extension(text, "GL_ARB_tessellation_shader"))
    return text;
  return with_version_number(std::move(text), declared, 150);
}

std::string with_gpu_shader5_version(std::string text, ShaderStage stage, const GlslVersion& declared,
                                     const std::vector<std::string>& unexposed) {
  if (stage == ShaderStage::Compute || declared.es || !declared.explicit_directive || declared.number < 150 ||
      declared.number >= 400)
    return text;
  if (unexposed_has(unexposed, "GL_ARB_gpu_shader5") || !enables_extension(text, "GL_ARB_gpu_shader5")) return text;
  return with_version_number(std::move(text), declared, 400);
}

std::string with_stage_extension_versions(std::string text, ShaderStage stage, const GlslVersion& declared,
                                          const std::vector<std::string>& unexposed) {
  return with_gpu_shader5_version(with_desktop_tessellation_version(std::move(text), stage, declared, unexposed), stage,
                                  declared, unexposed);
}

std::string with_desktop_atomics_version(std::string text, const GlslVersion& declared,
                                        const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number >= 430 || declared.number < 140) return text;
  const bool storage = !unexposed_has(unexposed, "GL_ARB_shader_storage_buffer_object") &&
                       enables_extension(text, "GL_ARB_shader_storage_buffer_object");
  const bool counters = !unexposed_has(unexposed, "GL_ARB_shader_atomic_counters") &&
                        enables_extension(text, "GL_ARB_shader_atomic_counters");
  if (!storage && !counters) return text;
  static constexpr std::string_view kMemoryFunctions[] = {"atomicAdd", "atomicMin",      "atomicMax",
                                                          "atomicAnd", "atomicOr",       "atomicXor",
                                                          "atomicExchange", "atomicCompSwap"};
  static constexpr std::string_view kCounterFunctions[] = {"atomicCounter", "atomicCounterIncrement",
                                                           "atomicCounterDecrement"};
  bool memory = false, counter = false;
  for (const Token& t : lex(text)) {
    if (t.kind != TokenKind::Identifier) continue;
    for (std::string_view f : kMemoryFunctions) memory = memory || (storage && t.text == f);
    for (std::string_view f : kCounterFunctions) counter = counter || (counters && t.text == f);
  }
  return memory || counter ? with_version_number(std::move(text), declared, 430) : text;
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

std::string desktop_binding_preamble(std::string_view text, const GlslVersion& version,
                                     const std::vector<std::string>& unexposed) {
  if (version.es || version.number >= 420 || unexposed_has(unexposed, "GL_ARB_shading_language_420pack")) return {};
  for (std::string_view ext : {"GL_ARB_shader_atomic_counters", "GL_ARB_shader_storage_buffer_object"})
    if (!unexposed_has(unexposed, ext) && enables_extension(text, ext))
      return "#extension GL_ARB_shading_language_420pack : enable\n";
  return {};
}

std::string desktop_per_vertex_preamble(std::string_view text, const GlslVersion& version,
                                        const std::vector<std::string>& unexposed) {
  if (version.es || version.number < 150 || version.number >= 410 ||
      unexposed_has(unexposed, "GL_ARB_separate_shader_objects") || !mentions_identifier(text, "gl_PerVertex"))
    return {};
  return "#extension GL_ARB_separate_shader_objects : enable\n";
}

std::string desktop_instance_id_check_preamble(std::string_view text, ShaderStage stage, const GlslVersion& version) {
  if (version.es || version.number >= 140 || stage != ShaderStage::Vertex) return {};
  if (!enables_extension(text, "GL_ARB_draw_instanced") || !mentions_identifier(text, "gl_InstanceID")) return {};
  return "#define gl_InstanceID brass_check_InstanceID\nint brass_check_InstanceID;\n";
}

}  // namespace brass::compiler
