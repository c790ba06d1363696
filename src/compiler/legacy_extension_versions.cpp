// Desktop GLSL 1.10-1.30 sources whose extensions glslang gives only to
// later versions (legacy_extension_versions.h).
#include "compiler/legacy_extension_versions.h"

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>

#include "compiler/desktop_glsl_rewrites.h"
#include "compiler/glsl_lexer.h"
#include "compiler/glsl_normalize.h"

namespace brass::compiler {
namespace {

bool unexposed_has(const std::vector<std::string>& unexposed, std::string_view name) {
  return std::find(unexposed.begin(), unexposed.end(), name) != unexposed.end();
}

// Extensions whose features glslang checks against a version 1.40 sources
// already have (or 1.30's), so the 1.40 raises of desktop_glsl_rewrites.h
// do not see them: the version glslang needs for each.
struct NeededVersion {
  std::string_view extension;
  int version;
  std::initializer_list<std::string_view> identifiers;  // empty: any use of the extension
};
const NeededVersion kBelow140[] = {
    // gl_SampleID, textureGather, samplerCubeArray: glslang declares them
    // from 1.30 with the extension.
    {"GL_ARB_sample_shading", 130, {}},
    {"GL_ARB_texture_gather", 130, {}},
    {"GL_ARB_texture_cube_map_array", 130, {}},
    // Uniform blocks, samplerBuffer, layout(location) on varyings: 1.40.
    {"GL_ARB_uniform_buffer_object", 140, {}},
    {"GL_ARB_texture_buffer_object", 140, {}},
    {"GL_ARB_separate_shader_objects", 140, {}},
    // EXT_gpu_shader4 is GLSL 1.30 (legacy_texture_extensions.h) plus what
    // glslang declares from 1.40: the buffer samplers, the integer
    // rectangle samplers (and every rectangle lookup its texelFetch2DRect /
    // textureSize2DRect become) and gl_InstanceID. gl_PrimitiveID in
    // fragment shaders is 1.50's (desktop_glsl_rewrites.h raises it).
    {"GL_EXT_gpu_shader4",
     140,
     {"samplerBuffer", "isamplerBuffer", "usamplerBuffer", "sampler2DRect", "sampler2DRectShadow", "isampler2DRect",
      "usampler2DRect", "gl_InstanceID"}},
};

bool mentions_any(std::string_view text, std::initializer_list<std::string_view> identifiers) {
  if (identifiers.size() == 0) return true;
  for (const Token& t : lex(text))
    if (t.kind == TokenKind::Identifier &&
        std::find(identifiers.begin(), identifiers.end(), t.text) != identifiers.end())
      return true;
  return false;
}

// The number on the #version line of `text`.
int version_number(std::string_view text) { return detect_glsl_version(text, Api::GL).number; }

// The highest version desktop_glsl_rewrites.h raises a 1.40 source with
// these extensions to (140 when none).
int raised_140_version(const std::string& text_140, ShaderStage stage, const std::vector<std::string>& unexposed) {
  const GlslVersion v140 = detect_glsl_version(text_140, Api::GL);
  int version = 140;
  version = std::max(version, version_number(with_desktop_extension_versions(text_140, stage, v140, unexposed)));
  version = std::max(version, version_number(with_stage_extension_versions(text_140, stage, v140, unexposed)));
  version = std::max(version, version_number(with_desktop_atomics_version(text_140, v140, unexposed)));
  version = std::max(version, version_number(with_desktop_feature_versions(text_140, v140, unexposed)));
  return version;
}

// normalize_glsl leaves an extension glslang does not know as the comment
// "// #extension NAME" (glsl_normalize.cpp); the raises below look for
// directives. `restore` turns those comments back into `enable`
// directives, `hide` turns exactly those directives into comments again.
constexpr std::string_view kHiddenDirective = "// #extension ";
constexpr std::string_view kRestoredSuffix = " : enable";

std::string with_restored_extension_directives(const std::string& text) {
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    std::string_view line(text.data() + pos, eol - pos);
    if (line.starts_with(kHiddenDirective) && line.find(' ', kHiddenDirective.size()) == std::string_view::npos) {
      out += "#extension ";
      out += line.substr(kHiddenDirective.size());
      out += kRestoredSuffix;
    } else {
      out += line;
    }
    if (eol < text.size()) out += '\n';
    pos = eol + 1;
  }
  return out;
}

std::string with_hidden_extension_directives(const std::string& text, const std::string& hidden_source) {
  constexpr std::string_view kDirective = "#extension ";
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    const std::string_view line(text.data() + pos, eol - pos);
    bool hidden = false;
    if (line.starts_with(kDirective) && line.ends_with(kRestoredSuffix)) {
      const std::string_view name =
          line.substr(kDirective.size(), line.size() - kDirective.size() - kRestoredSuffix.size());
      const std::string comment = std::string(kHiddenDirective) + std::string(name);
      if (hidden_source.find(comment + "\n") != std::string::npos) {
        out += comment;
        hidden = true;
      }
    }
    if (!hidden) out += line;
    if (eol < text.size()) out += '\n';
    pos = eol + 1;
  }
  return out;
}

bool is_legacy_desktop(const GlslVersion& declared) {
  return !declared.es && declared.explicit_directive && declared.number < 140;
}

}  // namespace

int legacy_extension_glsl_version(std::string_view text, ShaderStage stage, const GlslVersion& declared,
                                  const std::vector<std::string>& unexposed) {
  if (!is_legacy_desktop(declared) || text.find("#") == std::string_view::npos) return 0;
  int needed = 0;
  for (const NeededVersion& n : kBelow140)
    if (n.version > declared.number && !unexposed_has(unexposed, n.extension) &&
        enables_extension(text, n.extension) && mentions_any(text, n.identifiers))
      needed = std::max(needed, n.version);
  const int raised = raised_140_version(with_version_number(std::string(text), declared, 140), stage, unexposed);
  if (raised > 140) needed = std::max(needed, raised);
  return needed > declared.number ? needed : 0;
}

std::string with_legacy_extension_check_version(std::string text, ShaderStage stage, const GlslVersion& declared,
                                                const std::vector<std::string>& unexposed) {
  const int needed = legacy_extension_glsl_version(text, stage, declared, unexposed);
  if (needed == 0) return text;
  // 1.40 has no profiles and, for glslang, still every 1.30 built-in; from
  // 1.50 the compatibility profile keeps them.
  text = with_version_number(std::move(text), declared, needed);
  if (needed < 150) return text;
  const GlslVersion raised = detect_glsl_version(text, Api::GL);
  size_t line_start = 0;
  for (int line = 1; line < raised.directive_line && line_start != std::string::npos; ++line) {
    line_start = text.find('\n', line_start);
    if (line_start != std::string::npos) ++line_start;
  }
  if (line_start == std::string::npos) return text;
  const size_t digits = text.find(std::to_string(needed), line_start);
  if (digits == std::string::npos) return text;
  text.insert(digits + std::to_string(needed).size(), " compatibility");
  return text;
}

std::string with_legacy_extension_spirv_version(std::string upgraded, ShaderStage stage, const GlslVersion& declared,
                                                const std::vector<std::string>& unexposed) {
  if (!is_legacy_desktop(declared)) return upgraded;
  const GlslVersion v140 = detect_glsl_version(upgraded, Api::GL);
  if (v140.es || v140.number != 140) return upgraded;
  // Extensions glslang does not know reach here as comments: the raises
  // see them as the directives they were.
  std::string probe = with_restored_extension_directives(upgraded);
  const int version = raised_140_version(probe, stage, unexposed);
  if (version <= 140) return upgraded;
  // The 1.40 rewrites that change more than the number (generic lookups,
  // declared outputs) first; then the highest number any of them needs.
  std::string text = with_desktop_extension_versions(std::move(probe), stage, v140, unexposed);
  text = with_hidden_extension_directives(text, upgraded);
  return with_version_number(std::move(text), v140, version);
}

}  // namespace brass::compiler
