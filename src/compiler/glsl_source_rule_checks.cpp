// The rules of glsl_rule_checks.h checked on the shader's source text,
// token by token: what glslang parses without keeping (directive placement,
// repeated layout qualifiers, redeclarations, the forms a shader writes).
#include "compiler/glsl_rule_checks.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "compiler/glsl_lexer.h"
#include "compiler/glsl_normalize.h"
#include "compiler/glsl_upgrader.h"
#include "compiler/glslang_glue.h"

namespace brass::compiler {
namespace {

// Tokens outside preprocessor directives and white space, with the line
// the application wrote them on: `#line` directives (the normalized source
// starts with one after its #version) are honoured, `#line N` naming the
// next line as GLSL ES does.
struct LineToken {
  std::string_view text;
  TokenKind kind;
  int line;
};
std::vector<LineToken> code_tokens(std::string_view source) {
  std::vector<LineToken> out;
  int line = 1, next_line = 0;
  bool line_start = true, in_directive = false;
  std::vector<std::string_view> directive;
  for (const Token& t : lex(source)) {
    if (t.kind == TokenKind::Newline) {
      ++line;
      if (in_directive && directive.size() >= 2 && directive[0] == "line") next_line = std::atoi(std::string(directive[1]).c_str());
      if (next_line > 0) line = next_line;
      next_line = 0;
      line_start = true;
      in_directive = false;
      directive.clear();
      continue;
    }
    for (char c : t.text) line += c == '\n';  // block comments
    if (t.kind == TokenKind::Space) continue;
    if (line_start && t.text == "#") {
      in_directive = true;
      line_start = false;
      continue;
    }
    line_start = false;
    if (in_directive) directive.push_back(t.text);
    else out.push_back({t.text, t.kind, line});
  }
  return out;
}

// True when `source` has `invariant <name>` (a redeclaration) or invariant(all).
// `#pragma STDGL invariant(all)` makes outputs invariant: it counts for the
// vertex shader's gl_Position/gl_PointSize, not for fragment inputs.
bool declares_invariant(std::string_view source, std::string_view name, bool pragma_counts) {
  const std::vector<Token> tokens = lex(source);
  std::string_view previous;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Space || t.kind == TokenKind::Newline) continue;
    if (previous == "invariant" && t.text == name) return true;
    if (pragma_counts && t.text == "pragma") {
      std::string rest;
      for (size_t j = i + 1; j < tokens.size() && tokens[j].kind != TokenKind::Newline; ++j)
        if (tokens[j].kind != TokenKind::Space) rest += tokens[j].text;
      if (rest == "STDGLinvariant(all)") return true;
    }
    previous = t.text;
  }
  return false;
}

}  // namespace

bool check_es100_builtin_invariance(std::string_view vertex_source, std::string_view fragment_source,
                                    std::string* log) {
  bool ok = true;
  if (declares_invariant(fragment_source, "gl_FragCoord", false) && !declares_invariant(vertex_source, "gl_Position", true)) {
    *log += "ERROR: gl_FragCoord is declared invariant in the fragment shader but gl_Position is not invariant in "
            "the vertex shader\n";
    ok = false;
  }
  if (declares_invariant(fragment_source, "gl_PointCoord", false) && !declares_invariant(vertex_source, "gl_PointSize", true)) {
    *log += "ERROR: gl_PointCoord is declared invariant in the fragment shader but gl_PointSize is not invariant "
            "in the vertex shader\n";
    ok = false;
  }
  return ok;
}

bool check_invariant_front_facing(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                  std::string* log) {
  if (stage != ShaderStage::Fragment || !version.es) return true;
  const std::vector<Token> tokens = lex(source);
  int line = 1;
  bool in_invariant_list = false;  // after `invariant`, up to the `;`
  for (const Token& t : tokens) {
    if (t.kind == TokenKind::Newline) ++line;
    if (t.kind == TokenKind::Space || t.kind == TokenKind::Newline) continue;
    if (t.text == "invariant") {
      in_invariant_list = true;
    } else if (t.text == ";" || t.text == "{" || t.text == "(") {
      in_invariant_list = false;
    } else if (in_invariant_list && t.text == "gl_FrontFacing") {
      *log += "ERROR: 0:" + std::to_string(line) + ": 'gl_FrontFacing' : cannot be declared invariant\n";
      return false;
    }
  }
  return true;
}

bool check_secondary_output_forms(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                  std::string* log) {
  if (stage != ShaderStage::Fragment || !version.es || version.number != 100) return true;
  int color_line = 0, data_line = 0;
  bool secondary = false;
  for (const LineToken& t : code_tokens(source)) {
    const int line = t.line;
    if (t.kind != TokenKind::Identifier) continue;
    const bool color = t.text == "gl_FragColor" || t.text == "gl_SecondaryFragColorEXT";
    const bool data = t.text == "gl_FragData" || t.text == "gl_SecondaryFragDataEXT";
    if (!color && !data) continue;
    secondary |= t.text.starts_with("gl_Secondary");
    (color ? color_line : data_line) = line;
  }
  // Both primary forms together are glslang's own error.
  if (!secondary || !color_line || !data_line) return true;
  *log += "ERROR: 0:" + std::to_string(std::max(color_line, data_line)) +
          ": cannot write both the Color and the Data forms of the fragment outputs "
          "(gl_FragColor / gl_SecondaryFragColorEXT and gl_FragData / gl_SecondaryFragDataEXT)\n";
  return false;
}

bool check_es100_function_precisions(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                     std::string* log) {
  if (!version.es || version.number != 100) return true;
  const std::vector<LineToken> toks = code_tokens(source);
  auto category = [](std::string_view type) {
    if (type == "float" || type.starts_with("vec") || type.starts_with("mat")) return 1;  // float precision
    if (type == "int" || type.starts_with("ivec")) return 2;                              // int precision
    return 0;
  };
  auto is_precision = [](std::string_view p) { return p == "lowp" || p == "mediump" || p == "highp"; };
  // ESSL 1.00 §4.5.3 defaults: the fragment language has none for float.
  std::string_view default_float = stage == ShaderStage::Vertex ? "highp" : "";
  std::string_view default_int = stage == ShaderStage::Vertex ? "highp" : "mediump";
  struct Seen {
    std::string_view precision;
    int line = 0;
    int count = 0;
  };
  std::map<std::string, Seen> prototypes, definitions;
  int depth = 0;
  for (size_t i = 0; i < toks.size(); ++i) {
    const std::string_view t = toks[i].text;
    if (t == "{") ++depth;
    if (t == "}") --depth;
    if (depth != 0) continue;
    if (t == "precision" && i + 2 < toks.size()) {
      const int c = category(toks[i + 2].text);
      if (c == 1) default_float = toks[i + 1].text;
      if (c == 2) default_int = toks[i + 1].text;
      continue;
    }
    // `[precision] type name (` at global scope: a prototype or definition.
    if (i < 1 || i + 1 >= toks.size() || toks[i + 1].text != "(") continue;
    const int c = category(toks[i - 1].text);
    if (c == 0 || !is_ident_start(t[0]) || category(t) != 0) continue;
    size_t close = i + 2;
    int params = 0, nesting = 1;
    bool any = false;
    for (; close < toks.size(); ++close) {
      const std::string_view p = toks[close].text;
      if (p == "(") ++nesting;
      if (p == ")" && --nesting == 0) break;
      if (p == "," && nesting == 1) ++params;
      if (p != "void") any = true;
    }
    if (close + 1 >= toks.size()) break;
    const std::string_view after = toks[close + 1].text;
    if (after != ";" && after != "{") continue;
    const std::string_view explicit_precision = i >= 2 && is_precision(toks[i - 2].text) ? toks[i - 2].text : "";
    const std::string_view precision =
        !explicit_precision.empty() ? explicit_precision : c == 1 ? default_float : default_int;
    Seen& s = (after == ";" ? prototypes : definitions)[std::string(t) + "/" + std::to_string(any ? params + 1 : 0)];
    s.precision = precision;
    s.line = toks[i].line;
    ++s.count;
  }
  for (const auto& [key, def] : definitions) {
    const auto it = prototypes.find(key);
    if (it == prototypes.end() || it->second.count != 1 || def.count != 1) continue;
    if (it->second.precision == def.precision) continue;
    *log += "ERROR: 0:" + std::to_string(def.line) + ": '" + key.substr(0, key.find('/')) +
            "' : function defined with a return precision other than its prototype's\n";
    return false;
  }
  return true;
}

bool check_invariant_all_pragma(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                std::string* log) {
  if (stage != ShaderStage::Fragment || !version.es || version.number < 300) return true;
  const std::vector<Token> tokens = lex(source);
  int line = 1;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind == TokenKind::Newline) ++line;
    if (tokens[i].text != "pragma") continue;
    std::string rest;
    for (size_t j = i + 1; j < tokens.size() && tokens[j].kind != TokenKind::Newline; ++j)
      if (tokens[j].kind != TokenKind::Space) rest += tokens[j].text;
    if (rest == "STDGLinvariant(all)") {
      *log += "ERROR: 0:" + std::to_string(line) +
              ": '#pragma STDGL invariant(all)' : not allowed in a GLSL ES fragment shader\n";
      return false;
    }
  }
  return true;
}

bool check_block_xfb_offset_alignment(std::string_view source, const GlslVersion& version, std::string* log) {
  if (version.es || source.find("xfb_offset") == std::string_view::npos) return true;
  // Significant tokens with their lines.
  struct Tok {
    std::string_view text;
    int line;
  };
  std::vector<Tok> toks;
  int line = 1;
  for (const Token& t : lex(source)) {
    if (t.kind != TokenKind::Space && t.kind != TokenKind::Newline) toks.push_back({t.text, line});
    for (char c : t.text) line += c == '\n';
  }
  auto is_double_type = [](std::string_view w) {
    return w == "double" || w.substr(0, 4) == "dvec" || w.substr(0, 4) == "dmat";
  };
  // Struct types with a double member (directly or through another).
  std::vector<std::string_view> double_structs;
  auto holds_double = [&](size_t open, size_t close) {
    for (size_t k = open; k < close; ++k)
      if (is_double_type(toks[k].text) ||
          std::find(double_structs.begin(), double_structs.end(), toks[k].text) != double_structs.end())
        return true;
    return false;
  };
  auto closing_brace = [&](size_t open) {
    int depth = 0;
    for (size_t k = open; k < toks.size(); ++k) {
      if (toks[k].text == "{") ++depth;
      if (toks[k].text == "}" && --depth == 0) return k;
    }
    return toks.size();
  };
  for (size_t k = 0; k + 2 < toks.size(); ++k) {
    if (toks[k].text != "struct" || toks[k + 2].text != "{") continue;
    const size_t close = closing_brace(k + 2);
    if (holds_double(k + 3, close)) double_structs.push_back(toks[k + 1].text);
  }
  for (size_t k = 0; k + 1 < toks.size(); ++k) {
    if (toks[k].text != "layout" || toks[k + 1].text != "(") continue;
    size_t close = k + 1;
    while (close < toks.size() && toks[close].text != ")") ++close;
    long offset = -1;
    int offset_line = toks[k].line;
    for (size_t j = k + 2; j + 2 < close + 1; ++j) {
      if (toks[j].text == "xfb_offset" && toks[j + 1].text == "=") {
        offset = std::strtol(std::string(toks[j + 2].text).c_str(), nullptr, 0);
        offset_line = toks[j].line;
      }
    }
    if (offset < 0 || offset % 8 == 0) continue;  // right for any member type
    // The qualifiers up to a block's name and brace: `... out Name {`.
    size_t j = close + 1;
    bool output = false;
    while (j + 1 < toks.size() && toks[j + 1].text != "{" && toks[j].text != ";" && toks[j].text != "{") {
      output = output || toks[j].text == "out";
      ++j;
    }
    if (!output || j + 1 >= toks.size() || toks[j + 1].text != "{") continue;
    // Every member type's components are 4 or 8 bytes.
    const bool with_double = holds_double(j + 2, closing_brace(j + 1));
    if (!with_double && offset % 4 == 0) continue;
    *log += "ERROR: 0:" + std::to_string(offset_line) + ": 'xfb_offset' : block '" + std::string(toks[j].text) +
            (with_double ? "' contains a double: its xfb_offset must be a multiple of 8\n"
                         : "': its xfb_offset must be a multiple of 4, the size of its first member's components\n");
    return false;
  }
  return true;
}

bool check_layout_qualifier_repetition(std::string_view source, const GlslVersion& version, std::string* log) {
  if (version.es || version.number >= 440 || source.find("layout") == std::string_view::npos) return true;
  const bool several_layouts = version.number >= 420 || enables_extension(source, "GL_ARB_shading_language_420pack");
  const bool repeated_names = enables_extension(source, "GL_ARB_enhanced_layouts");
  if (several_layouts && repeated_names) return true;
  struct Tok {
    std::string_view text;
    int line;
  };
  std::vector<Tok> toks;
  int line = 1;
  bool line_start = true, directive = false;
  for (const Token& t : lex(source)) {
    if (t.kind == TokenKind::Newline) line_start = true, directive = false;
    if (t.kind != TokenKind::Space && t.kind != TokenKind::Newline) {
      if (line_start && t.text == "#") directive = true;
      line_start = false;
      if (!directive) toks.push_back({t.text, line});
    }
    for (char c : t.text) line += c == '\n';
  }
  static const std::set<std::string_view> kQualifiers = {
      "in", "out", "inout", "uniform", "buffer", "shared", "attribute", "varying", "flat", "smooth",
      "noperspective", "centroid", "sample", "patch", "invariant", "precise", "highp", "mediump", "lowp",
      "const", "coherent", "volatile", "restrict", "readonly", "writeonly"};
  auto closing = [&](size_t open) {
    int depth = 0;
    for (size_t k = open; k < toks.size(); ++k) {
      if (toks[k].text == "(") ++depth;
      if (toks[k].text == ")" && --depth == 0) return k;
    }
    return toks.size();
  };
  for (size_t k = 0; k + 1 < toks.size(); ++k) {
    if (toks[k].text != "layout" || toks[k + 1].text != "(") continue;
    const size_t close = closing(k + 1);
    if (close >= toks.size()) return true;
    if (!repeated_names) {
      // The first word of each comma-separated item is the qualifier name.
      std::set<std::string_view> names;
      int depth = 0;
      bool item_start = true;
      for (size_t j = k + 2; j < close; ++j) {
        const std::string_view t = toks[j].text;
        if (t == "(") ++depth;
        if (t == ")") --depth;
        if (depth == 0 && t == ",") {
          item_start = true;
          continue;
        }
        if (!item_start) continue;
        item_start = false;
        if (!names.insert(t).second) {
          *log += "ERROR: 0:" + std::to_string(toks[j].line) + ": '" + std::string(t) +
                  "' : layout qualifier name repeated (needs GLSL 4.40 or GL_ARB_enhanced_layouts)\n";
          return false;
        }
      }
    }
    if (!several_layouts) {
      size_t j = close + 1;
      while (j < toks.size() && kQualifiers.count(toks[j].text)) ++j;
      if (j + 1 < toks.size() && toks[j].text == "layout" && toks[j + 1].text == "(") {
        *log += "ERROR: 0:" + std::to_string(toks[j].line) +
                ": 'layout' : more than one layout qualifier in a declaration (needs GLSL 4.20 or "
                "GL_ARB_shading_language_420pack)\n";
        return false;
      }
    }
    k = close;
  }
  return true;
}

bool check_extension_directive_placement(std::string_view source, const GlslVersion& version, std::string* log) {
  if (!version.es) return true;
  int line = 1;
  bool line_start = true, seen_code = false;
  const std::vector<Token> tokens = lex(source);
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    for (char c : t.text) line += c == '\n';
    if (t.kind == TokenKind::Newline) {
      line_start = true;
      continue;
    }
    if (t.kind == TokenKind::Space) continue;
    if (line_start && t.text == "#") {
      // A directive: find its name, then skip to the end of the line.
      size_t j = i + 1;
      while (j < tokens.size() && tokens[j].kind == TokenKind::Space) ++j;
      if (seen_code && j < tokens.size() && tokens[j].text == "extension") {
        *log += "ERROR: 0:" + std::to_string(line) +
                ": '#extension' : must come before any non-preprocessor token in GLSL ES\n";
        return false;
      }
      const bool line_directive = j < tokens.size() && tokens[j].text == "line";
      int line_number = 0;
      while (i + 1 < tokens.size() && tokens[i + 1].kind != TokenKind::Newline) {
        ++i;
        for (char c : tokens[i].text) line += c == '\n';
        if (line_directive && !line_number && tokens[i].kind == TokenKind::Number)
          line_number = std::atoi(std::string(tokens[i].text).c_str());
      }
      // `#line N`: the next line is line N (GLSL ES).
      if (line_number > 0) line = line_number - 1;
      continue;
    }
    line_start = false;
    seen_code = true;
  }
  return true;
}

namespace {

// GLSL 1.40 section 1.2.1: without GL_ARB_compatibility the fixed-function
// built-ins are gone. glslang declares them for every desktop version below
// 1.50 (it cannot know whether the context has the extension), so a 1.40
// shader using them would compile in a core context.
bool is_compatibility_builtin(std::string_view name) {
  static constexpr std::string_view kNames[] = {
      "gl_Vertex", "gl_Normal", "gl_Color", "gl_SecondaryColor", "gl_FogCoord", "gl_MultiTexCoord0",
      "gl_MultiTexCoord1", "gl_MultiTexCoord2", "gl_MultiTexCoord3", "gl_MultiTexCoord4", "gl_MultiTexCoord5",
      "gl_MultiTexCoord6", "gl_MultiTexCoord7", "gl_FrontColor", "gl_BackColor", "gl_FrontSecondaryColor",
      "gl_BackSecondaryColor", "gl_TexCoord", "gl_FogFragCoord", "gl_ClipVertex", "gl_ModelViewMatrix",
      "gl_ProjectionMatrix", "gl_ModelViewProjectionMatrix", "gl_TextureMatrix", "gl_NormalMatrix",
      "gl_ModelViewMatrixInverse", "gl_ProjectionMatrixInverse", "gl_ModelViewProjectionMatrixInverse",
      "gl_TextureMatrixInverse", "gl_ModelViewMatrixTranspose", "gl_ProjectionMatrixTranspose",
      "gl_ModelViewProjectionMatrixTranspose", "gl_TextureMatrixTranspose", "gl_ModelViewMatrixInverseTranspose",
      "gl_ProjectionMatrixInverseTranspose", "gl_ModelViewProjectionMatrixInverseTranspose",
      "gl_TextureMatrixInverseTranspose", "gl_NormalScale", "gl_ClipPlane", "gl_Point", "gl_FrontMaterial",
      "gl_BackMaterial", "gl_LightSource", "gl_LightModel", "gl_FrontLightModelProduct", "gl_BackLightModelProduct",
      "gl_FrontLightProduct", "gl_BackLightProduct", "gl_TextureEnvColor", "gl_EyePlaneS", "gl_EyePlaneT",
      "gl_EyePlaneR", "gl_EyePlaneQ", "gl_ObjectPlaneS", "gl_ObjectPlaneT", "gl_ObjectPlaneR", "gl_ObjectPlaneQ",
      "gl_Fog", "gl_FogParameters", "gl_LightModelParameters", "gl_LightModelProducts", "gl_LightProducts",
      "gl_LightSourceParameters", "gl_MaterialParameters", "gl_PointParameters", "gl_MaxClipPlanes",
      "gl_MaxTextureCoords", "gl_MaxTextureUnits", "gl_MaxLights", "ftransform"};
  for (std::string_view n : kNames)
    if (n == name) return true;
  return false;
}

}  // namespace

bool check_no_compatibility_builtins(std::string_view source, const GlslVersion& version, std::string* log) {
  if (version.es || version.number != 140 || version.compatibility) return true;
  int line = 1;
  for (const Token& t : lex(source)) {
    for (char c : t.text) line += c == '\n';
    if (t.kind != TokenKind::Identifier || !is_compatibility_builtin(t.text)) continue;
    *log += "ERROR: 0:" + std::to_string(line) + ": '" + std::string(t.text) +
            "' : undeclared identifier (a compatibility-profile built-in; GLSL 1.40 has it only with "
            "GL_ARB_compatibility)\n";
    return false;
  }
  return true;
}

bool check_per_vertex_input_instance(std::string_view source, ShaderStage stage, const GlslVersion& version,
                                     std::string* log) {
  if (version.es || (stage != ShaderStage::Geometry && stage != ShaderStage::TessControl &&
                     stage != ShaderStage::TessEval))
    return true;
  std::vector<std::string_view> words;  // significant tokens, directives left out
  std::vector<int> lines;
  int line = 1;
  bool line_start = true, in_directive = false;
  for (const Token& t : lex(source)) {
    for (char c : t.text) line += c == '\n';
    if (t.kind == TokenKind::Newline) {
      line_start = true;
      in_directive = false;
      continue;
    }
    if (t.kind == TokenKind::Space) continue;
    if (line_start && t.text == "#") in_directive = true;
    line_start = false;
    if (in_directive) continue;
    words.push_back(t.text);
    lines.push_back(line);
  }
  // `in gl_PerVertex { ... } <instance>`: the instance must be gl_in.
  for (size_t i = 0; i + 2 < words.size(); ++i) {
    if (words[i] != "in" || words[i + 1] != "gl_PerVertex" || words[i + 2] != "{") continue;
    size_t close = i + 3;
    while (close < words.size() && words[close] != "}") ++close;
    if (close + 1 < words.size() && words[close + 1] == "gl_in") continue;
    *log += "ERROR: 0:" + std::to_string(lines[i + 1]) +
            ": 'gl_PerVertex' : an input redeclaration of gl_PerVertex must be named gl_in\n";
    return false;
  }
  return true;
}

}  // namespace brass::compiler
