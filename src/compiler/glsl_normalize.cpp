#include "compiler/glsl_normalize.h"

#include <functional>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "compiler/desktop_glsl_rewrites.h"
#include "compiler/glsl_es100_syntax.h"
#include "compiler/glsl_lexer.h"
#include "compiler/trinary_minmax.h"

namespace brass::compiler {
namespace {

// Extensions whose GLSL side needs nothing from glslang beyond the macro
// (their built-ins exist in the versions Brass compiles for, or they only
// relax rules glslang does not enforce).
constexpr std::string_view kBrassOnlyExtensions[] = {
    "GL_EXT_clip_cull_distance",      "GL_EXT_draw_buffers",        "GL_EXT_draw_instanced",
    "GL_EXT_separate_shader_objects", "GL_NV_image_formats",        "GL_EXT_texture_norm16",
    "GL_OES_viewport_array",          "GL_OES_depth24",
    // GL_EXT_blend_func_extended is parsed by glslang itself (dual_source.h).
    "GL_OES_element_index_uint",      "GL_OES_texture_float",       "GL_OES_texture_half_float",
    // Rewritten to Vulkan input attachments (framebuffer_fetch.h).
    "GL_EXT_shader_framebuffer_fetch", "GL_EXT_shader_framebuffer_fetch_non_coherent",
    // Lowered before glslang sees the source (subroutines.h).
    "GL_ARB_shader_subroutine",
};

// Desktop GLSL extensions glslang does not know, handled the same way in
// desktop shaders only (an ES shader's #extension of one is refused and its
// macro is not defined): ARB_shader_precision states precision rules and
// adds nothing to the language; the others give GLSL below their core
// version a feature of it, for which desktop_glsl_rewrites.h compiles the
// shader at that version (with_desktop_extension_versions).
constexpr std::string_view kBrassOnlyDesktopExtensions[] = {
    "GL_ARB_shader_precision",       "GL_ARB_conservative_depth", "GL_AMD_conservative_depth",
    "GL_ARB_texture_query_levels",   "GL_ARB_fragment_layer_viewport", "GL_ARB_arrays_of_arrays",
    // Desktop: its built-ins are GLSL 4.50's (desktop_glsl_rewrites.h).
    "GL_ARB_ES3_1_compatibility",
    // Their old lookups and types are rewritten before glslang sees the
    // source (legacy_texture_extensions.h).
    "GL_EXT_texture_array", "GL_EXT_gpu_shader4",
    // gl_CullDistance below GLSL 4.50 (cull_distance_standin.h).
    "GL_ARB_cull_distance",
    // glslang knows its functions but defines no macro; the calls are
    // GLSL 4.60's (gl46_function_versions.h).
    "GL_ARB_shader_atomic_counter_ops",
    // min3/max3/mid3 in terms of min and max (trinary_minmax.h).
    "GL_AMD_shader_trinary_minmax",
    // gl_FragData is in every desktop GLSL version; the extension adds
    // nothing else to shaders (glslang does not know its name).
    "GL_ARB_draw_buffers",
};

using MacroMap = std::map<std::string, std::string, std::less<>>;

// `text` with the names of `macros` replaced by their replacement lists,
// again for nested ones (a few levels; self-reference stops there), except
// where a name is the operand of `defined`.
std::string expand_defined_macros(const std::string& text, const MacroMap& macros) {
  std::string expanded = text;
  for (int depth = 0; depth < 8; ++depth) {
    std::string next;
    bool changed = false;
    std::string_view previous, before_previous;
    for (const Token& e : lex(expanded)) {
      const bool operand = previous == "defined" || (previous == "(" && before_previous == "defined");
      auto inner = e.kind == TokenKind::Identifier && !operand ? macros.find(e.text) : macros.end();
      if (inner != macros.end()) {
        next += " " + inner->second + " ";
        changed = true;
      } else {
        next += e.text;
      }
      if (e.kind != TokenKind::Space) {
        before_previous = previous;
        previous = e.text;
      }
    }
    expanded = std::move(next);
    if (!changed) break;
  }
  return expanded;
}

bool is_builtin_macro(std::string_view w) { return w == "__VERSION__" || w == "__LINE__" || w == "__FILE__"; }

}  // namespace

bool enables_extension(std::string_view source, std::string_view name) {
  const std::vector<Token> tokens = lex(source);
  bool line_start = true;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind == TokenKind::Newline) line_start = true;
    if (tokens[i].kind == TokenKind::Space || tokens[i].kind == TokenKind::Newline) continue;
    const bool directive = line_start && tokens[i].text == "#";
    line_start = false;
    if (!directive) continue;
    std::vector<std::string_view> words;
    for (size_t k = i + 1; k < tokens.size() && tokens[k].kind != TokenKind::Newline; ++k)
      if (tokens[k].kind == TokenKind::Identifier) words.push_back(tokens[k].text);
    if (words.size() == 3 && words[0] == "extension" && words[1] == name && words[2] != "disable") return true;
  }
  return false;
}

std::string hide_interface_locations(std::string_view text, ShaderStage stage) {
  const std::string_view storage = stage == ShaderStage::Vertex ? "out" : "in";
  const std::vector<Token> tokens = lex(text);
  std::string out(text);
  // Tokens view into `text`: a token's position there is its offset.
  auto offset_of = [&text](const Token& t) { return static_cast<size_t>(t.text.data() - text.data()); };
  auto skip_space = [&tokens](size_t k) {
    while (k < tokens.size() && (tokens[k].kind == TokenKind::Space || tokens[k].kind == TokenKind::Newline)) ++k;
    return k;
  };
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].text != "layout") continue;
    // layout ( ... ) [interpolation/precision qualifiers] in|out
    size_t k = skip_space(i + 1);
    if (k >= tokens.size() || tokens[k].text != "(") continue;
    while (k < tokens.size() && tokens[k].text != ")") ++k;
    if (k >= tokens.size()) break;
    const size_t layout_end = offset_of(tokens[k]) + 1;  // past ")"
    k = skip_space(k + 1);
    while (k < tokens.size() && (tokens[k].text == "flat" || tokens[k].text == "smooth" ||
                                 tokens[k].text == "centroid" || tokens[k].text == "highp" ||
                                 tokens[k].text == "mediump" || tokens[k].text == "lowp"))
      k = skip_space(k + 1);
    if (k >= tokens.size() || tokens[k].text != storage) continue;
    for (size_t c = offset_of(tokens[i]); c < layout_end; ++c)
      if (out[c] != '\n') out[c] = ' ';
  }
  return out;
}

bool is_brass_only_extension(std::string_view name) {
  for (std::string_view e : kBrassOnlyExtensions)
    if (e == name) return true;
  for (std::string_view e : kBrassOnlyDesktopExtensions)
    if (e == name) return true;
  return false;
}

NormalizedGlsl normalize_glsl(std::string_view source, const GlslVersion& version,
                              const std::vector<std::string>& unexposed) {
  auto is_unexposed = [&unexposed, &version](std::string_view name) {
    for (const std::string& u : unexposed)
      if (u == name) return true;
    // GLSL ES has none of the desktop-only ones.
    if (version.es)
      for (std::string_view e : kBrassOnlyDesktopExtensions)
        if (e == name) return true;
    return false;
  };
  const std::vector<Token> tokens = lex(source);
  // Object-like macros whose replacement uses `defined`, by name: glslang
  // refuses `defined` that a macro expansion produces in #if, which C-like
  // preprocessors (and Mesa) evaluate there. Such a macro's name in #if or
  // #elif is replaced by its replacement list, so glslang meets `defined`
  // in the directive itself and evaluates it at that point, as C does.
  MacroMap defined_macros;
  std::string body;
  body.reserve(source.size() + 64);
  std::string version_line;
  bool trinary_minmax = false;  // AMD_shader_trinary_minmax enabled
  int line = 1;
  bool at_line_start = true;
  size_t i = 0;
  while (i < tokens.size()) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Newline) {
      body += t.text;
      ++line;
      at_line_start = true;
      ++i;
      continue;
    }
    if (at_line_start && t.kind == TokenKind::Punct && t.text == "#") {
      // Directive: gather to end of line.
      size_t end = i;
      while (end < tokens.size() && tokens[end].kind != TokenKind::Newline) ++end;
      size_t k = i + 1;
      while (k < end && tokens[k].kind == TokenKind::Space) ++k;
      const std::string_view name = k < end ? tokens[k].text : std::string_view{};
      if (name == "version" && version.explicit_directive && line == version.directive_line &&
          version_line.empty()) {
        for (size_t x = i; x < end; ++x) version_line += tokens[x].text;
        i = end;
        continue;
      }
      if (name == "extension") {
        size_t e = k + 1;
        while (e < end && tokens[e].kind == TokenKind::Space) ++e;
        if (e < end && is_unexposed(tokens[e].text)) {
          // Not exposed by this context: `require` fails as GLSL says,
          // enable/warn are ignored (a warning in GLSL), on the same line.
          size_t b = e + 1;
          while (b < end && (tokens[b].kind == TokenKind::Space || tokens[b].text == ":")) ++b;
          const bool required = b < end && tokens[b].text == "require";
          body += required ? "#error extension " + std::string(tokens[e].text) + " is not supported"
                           : "// extension " + std::string(tokens[e].text) + " ignored: not supported";
          i = end;
          continue;
        }
        if (e < end && is_brass_only_extension(tokens[e].text)) {
          if (tokens[e].text == "GL_AMD_shader_trinary_minmax") {
            size_t b = e + 1;
            while (b < end && (tokens[b].kind == TokenKind::Space || tokens[b].text == ":")) ++b;
            trinary_minmax = b < end && tokens[b].text != "disable";
          }
          // Keep the extension's name in a comment (later passes look for
          // it); the macro comes from the preamble.
          body += "// #extension ";
          body += tokens[e].text;
          i = end;
          continue;
        }
      }
      // The macro of an extension this context does not expose is not
      // defined (GLSL ES 3.10 §3.4), but glslang predefines the ones it
      // knows and refuses to #undef them: tests of it read as false here.
      if (name == "ifdef" || name == "ifndef") {
        size_t m = k + 1;
        while (m < end && tokens[m].kind == TokenKind::Space) ++m;
        if (m < end && is_unexposed(tokens[m].text)) {
          body += name == "ifdef" ? "#if 0" : "#if 1";
          i = end;
          continue;
        }
      }
      if (name == "define" || name == "undef") {
        size_t m = k + 1;
        while (m < end && tokens[m].kind == TokenKind::Space) ++m;
        if (m < end && tokens[m].kind == TokenKind::Identifier) {
          const std::string macro(tokens[m].text);
          defined_macros.erase(macro);
          const bool object_like = m + 1 >= end || tokens[m + 1].text != "(";
          bool uses_defined = false;
          std::string replacement;
          for (size_t x = m + 1; x < end; ++x) {
            // `defined` itself, or a macro that expands to it.
            uses_defined = uses_defined || tokens[x].text == "defined" ||
                           (tokens[x].kind == TokenKind::Identifier && defined_macros.count(tokens[x].text));
            replacement += tokens[x].text;
          }
          if (name == "define" && object_like && uses_defined) defined_macros[macro] = replacement;
        }
      }
      if (name == "if" || name == "elif") {
        std::string_view previous, before_previous;  // significant tokens
        for (size_t x = i; x < end; ++x) {
          if (tokens[x].kind != TokenKind::Space) {
            // A macro using `defined`, not itself the operand of `defined`:
            // its replacement, expanded again for nested ones.
            const bool operand = previous == "defined" || (previous == "(" && before_previous == "defined");
            if (x > k && tokens[x].kind == TokenKind::Identifier && !operand) {
              if (auto m = defined_macros.find(tokens[x].text); m != defined_macros.end()) {
                body += " " + expand_defined_macros(m->second, defined_macros) + " ";
                before_previous = previous;
                previous = tokens[x].text;
                continue;
              }
            }
            before_previous = previous;
            previous = tokens[x].text;
          }
          if (x > k && tokens[x].kind == TokenKind::Identifier && is_unexposed(tokens[x].text)) {
            body += " 0 ";  // the undefined macro's value in #if
            continue;
          }
          if (tokens[x].text == "defined") {
            size_t y = x + 1;
            while (y < end && tokens[y].kind == TokenKind::Space) ++y;
            const bool paren = y < end && tokens[y].text == "(";
            size_t z = paren ? y + 1 : y;
            while (z < end && tokens[z].kind == TokenKind::Space) ++z;
            const bool builtin = z < end && is_builtin_macro(tokens[z].text);
            const bool hidden = z < end && is_unexposed(tokens[z].text);
            if (builtin || hidden) {
              const char* value = builtin ? " 1 " : " 0 ";
              if (paren) {
                ++z;
                while (z < end && tokens[z].kind == TokenKind::Space) ++z;
                if (z < end && tokens[z].text == ")") {
                  body += value;
                  x = z;
                  continue;
                }
              } else {
                body += value;
                x = z;
                continue;
              }
            }
          }
          body += tokens[x].text;
        }
        i = end;
        continue;
      }
      for (size_t x = i; x < end; ++x) body += tokens[x].text;
      i = end;
      continue;
    }
    if (t.kind != TokenKind::Space) at_line_start = false;
    // Block comments may contain newlines: keep the count right.
    for (char c : t.text) line += c == '\n';
    body += t.text;
    ++i;
  }
  NormalizedGlsl result;
  for (const auto& list : {std::span<const std::string_view>(kBrassOnlyExtensions),
                           std::span<const std::string_view>(kBrassOnlyDesktopExtensions)}) {
    for (std::string_view e : list) {
      if (is_unexposed(e)) continue;
      result.preamble += "#define ";
      result.preamble += e;
      result.preamble += " 1\n";
    }
  }
  if (trinary_minmax && !version.es) {
    TrinaryMinmaxLowering lowered = lower_trinary_minmax(body, version.number);
    body = std::move(lowered.text);
    result.preamble += lowered.preamble;
  }
  result.preamble += desktop_binding_preamble(source, version, unexposed);
  result.preamble += desktop_per_vertex_preamble(source, version, unexposed);
  result.preamble += desktop_texture_rectangle_preamble(source, version, unexposed);
  // glslang predefines the macros of the extensions it knows (among the
  // unexposed ones: OES_EGL_image_external, OES_sample_variables, the ES
  // 3.1 extensions of ES 3.2 features) and refuses to #undef any GL_ name,
  // so those stay defined for code outside #if; the directive is refused
  // and #if/#ifdef tests read them as undefined (above).
  if (version_line.empty()) {
    result.text = std::move(body);
  } else {
    result.text = version_line + "\n" + line_directive_for(version, 1) + body;
  }
  if (version.es && version.number == 100) result.text = rewrite_es100_syntax(result.text);
  return result;
}

}  // namespace brass::compiler
