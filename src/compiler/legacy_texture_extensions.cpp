#include "compiler/legacy_texture_extensions.h"

#include <algorithm>
#include <string_view>

#include "compiler/desktop_glsl_rewrites.h"
#include "compiler/glsl_lexer.h"

namespace brass::compiler {
namespace {

constexpr std::string_view kTextureArray = "GL_EXT_texture_array";
constexpr std::string_view kGpuShader4 = "GL_EXT_gpu_shader4";

struct Enabled {
  bool texture_array = false;
  bool gpu_shader4 = false;
};

size_t skip_space(const std::vector<Token>& tokens, size_t i) {
  while (i < tokens.size() && tokens[i].kind == TokenKind::Space) ++i;
  return i;
}

size_t skip_blank(const std::vector<Token>& tokens, size_t i) {
  while (i < tokens.size() && (tokens[i].kind == TokenKind::Space || tokens[i].kind == TokenKind::Newline)) ++i;
  return i;
}

// The `#extension NAME : behavior` directives naming either extension; the
// last one of each wins, as the directives apply in order and these sources
// give them at the top.
Enabled enabled_extensions(const std::vector<Token>& tokens, const std::vector<std::string>& unexposed) {
  Enabled e;
  bool line_start = true;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind == TokenKind::Newline) {
      line_start = true;
      continue;
    }
    if (tokens[i].kind == TokenKind::Space) continue;
    const bool directive = line_start && tokens[i].text == "#";
    line_start = false;
    if (!directive) continue;
    size_t k = skip_space(tokens, i + 1);
    if (k >= tokens.size() || tokens[k].text != "extension") continue;
    k = skip_space(tokens, k + 1);
    if (k >= tokens.size()) break;
    const std::string_view name = tokens[k].text;
    k = skip_space(tokens, k + 1);
    if (k < tokens.size() && tokens[k].text == ":") k = skip_space(tokens, k + 1);
    const bool on = k < tokens.size() && tokens[k].text != "disable";
    const bool exposed = std::find(unexposed.begin(), unexposed.end(), name) == unexposed.end();
    if (name == kTextureArray) e.texture_array = on && exposed;
    if (name == kGpuShader4) e.gpu_shader4 = on && exposed;
  }
  return e;
}

// The parts of an old lookup's name: texture2DArrayLod is texture, 2DArray,
// Lod. `dims` are the sampler dimensionalities the family takes.
struct LookupName {
  std::string_view family;  // "texture", "shadow", "texelFetch", "textureSize"
  std::string_view dim;     // "1D", "2DArray", ...
  std::string_view suffix;  // "", "Proj", "ProjLodOffset", ...
};

bool split_lookup(std::string_view w, LookupName* out) {
  static constexpr std::string_view kFamilies[] = {"textureSize", "texelFetch", "texture", "shadow"};
  // Longest first: 2DArray before 2D, 2DRect before 2D.
  static constexpr std::string_view kDims[] = {"1DArray", "2DArray", "2DRect", "Buffer", "Cube", "1D", "2D", "3D"};
  for (std::string_view f : kFamilies) {
    if (w.substr(0, f.size()) != f) continue;
    const std::string_view rest = w.substr(f.size());
    for (std::string_view d : kDims) {
      if (rest.substr(0, d.size()) != d) continue;
      out->family = f;
      out->dim = d;
      out->suffix = rest.substr(d.size());
      return true;
    }
    return false;
  }
  return false;
}

// The suffixes a family's old names may carry, in the order the names
// combine them (texture2DProjLodOffset, texture2DProjGradOffset).
bool valid_suffix(std::string_view family, std::string_view suffix) {
  if (family == "textureSize") return suffix.empty();
  if (family == "texelFetch") return suffix.empty() || suffix == "Offset";
  static constexpr std::string_view kSuffixes[] = {"",          "Proj",          "Lod",        "ProjLod",
                                                   "Offset",    "ProjOffset",    "LodOffset",  "ProjLodOffset",
                                                   "Grad",      "ProjGrad",      "GradOffset", "ProjGradOffset"};
  return std::find(std::begin(kSuffixes), std::end(kSuffixes), suffix) != std::end(kSuffixes);
}

// What GLSL 1.30 (glslang's, with its compatibility built-ins) still has
// under the old name: texture2D, shadow2DProjLod, texture2DRect, ... Those
// are left for the later passes.
bool glsl130_has(const LookupName& n) {
  const bool plain_dim = n.dim == "1D" || n.dim == "2D" || n.dim == "3D" || n.dim == "Cube" || n.dim == "2DRect";
  if (n.family == "texture")
    return plain_dim && (n.suffix.empty() || n.suffix == "Proj" || n.suffix == "Lod" || n.suffix == "ProjLod");
  if (n.family == "shadow")
    return (n.dim == "1D" || n.dim == "2D" || n.dim == "2DRect") &&
           (n.suffix.empty() || n.suffix == "Proj" || n.suffix == "Lod" || n.suffix == "ProjLod");
  return false;
}

// The 1.30 function an old lookup becomes, or empty when the word is no
// lookup the enabled extensions add.
std::string_view replacement(std::string_view w, const Enabled& e, bool* returns_float) {
  LookupName n;
  if (!split_lookup(w, &n) || !valid_suffix(n.family, n.suffix)) return {};
  // EXT_gpu_shader4 lets texture1D ... textureCubeLod and texture2DRect
  // take integer samplers too, which GLSL 1.30 / 1.40 overload only under
  // the generic names (the same functions for float samplers; a source
  // naming a rectangle sampler is checked as 1.40, which has them:
  // legacy_extension_versions.h).
  const bool integer_overload = e.gpu_shader4 && n.family == "texture";
  if (glsl130_has(n) && !integer_overload) return {};
  const bool array = n.dim == "1DArray" || n.dim == "2DArray";
  // EXT_texture_array: texture1DArray, texture2DArray, their Lod forms,
  // shadow1DArray, shadow2DArray and shadow1DArrayLod. Everything else
  // (and these too) is EXT_gpu_shader4's.
  const bool texture_array_name =
      array && (n.family == "texture" || n.family == "shadow") && (n.suffix.empty() || n.suffix == "Lod");
  if (!(e.gpu_shader4 || (e.texture_array && texture_array_name))) return {};
  if (n.family == "texture" && n.dim == "Buffer") return {};
  if (n.family == "shadow" && (n.dim == "3D" || n.dim == "Buffer")) return {};
  *returns_float = n.family == "shadow";
  if (n.family == "textureSize") return "textureSize";
  if (n.family == "texelFetch") return n.suffix.empty() ? "texelFetch" : "texelFetchOffset";
  static constexpr std::string_view kTextureNames[] = {
      "texture",       "textureProj",    "textureLod",        "textureProjLod",
      "textureOffset", "textureProjOffset", "textureLodOffset", "textureProjLodOffset",
      "textureGrad",   "textureProjGrad", "textureGradOffset", "textureProjGradOffset"};
  for (std::string_view t : kTextureNames)
    if (t.substr(7) == n.suffix) return t;
  return {};
}

// Where a call's arguments are: the matching ")" of the "(" at `open` and
// the commas between its top-level arguments. False when unbalanced.
bool call_arguments(const std::vector<Token>& tokens, size_t open, size_t* close, std::vector<size_t>* commas) {
  int depth = 0;
  for (size_t k = open; k < tokens.size(); ++k) {
    const std::string_view p = tokens[k].text;
    if (p == "(" || p == "[" || p == "{") ++depth;
    if ((p == ")" || p == "]" || p == "}") && --depth == 0) {
      *close = k;
      return true;
    }
    if (p == "," && depth == 1) commas->push_back(k);
  }
  return false;
}

// The text of tokens [from, to) on one line (a copy of an argument that
// must not add lines).
std::string one_line(const std::vector<Token>& tokens, size_t from, size_t to) {
  std::string text;
  for (size_t k = from; k < to; ++k) text += tokens[k].kind == TokenKind::Newline ? std::string_view(" ") : tokens[k].text;
  return text;
}

}  // namespace

std::string lower_legacy_texture_extensions(std::string text, ShaderStage stage, const GlslVersion& declared,
                                            const std::vector<std::string>& unexposed) {
  if (declared.es) return text;
  if (text.find(kTextureArray) == std::string::npos && text.find(kGpuShader4) == std::string::npos) return text;
  const std::vector<Token> tokens = lex(text);
  const Enabled e = enabled_extensions(tokens, unexposed);
  if (!e.texture_array && !e.gpu_shader4) return text;

  // Closing parentheses that close a wrapped shadow lookup get one more.
  std::vector<uint8_t> extra_close(tokens.size(), 0);
  // Text written before a token, and tokens left out (their newlines kept).
  std::vector<std::string> insert_before(tokens.size());
  std::vector<uint8_t> dropped(tokens.size(), 0);
  std::string out;
  out.reserve(text.size() + 64);
  bool line_start = true, skip_line = false;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Newline) {
      line_start = true;
      skip_line = false;
      out += t.text;
      continue;
    }
    if (t.kind != TokenKind::Space && line_start) {
      line_start = false;
      if (t.text == "#") {
        // #version and #extension lines stay as they are (the version is
        // replaced below); other directives' words are rewritten (macros
        // may hold lookups).
        const size_t k = skip_space(tokens, i + 1);
        skip_line = k < tokens.size() && (tokens[k].text == "version" || tokens[k].text == "extension");
      }
    }
    out += insert_before[i];
    if (dropped[i]) {
      if (t.kind == TokenKind::Newline) out += t.text;
      continue;
    }
    if (t.kind == TokenKind::Punct && t.text == ")") {
      out += t.text;
      out.append(extra_close[i], ')');
      continue;
    }
    if (t.kind != TokenKind::Identifier || skip_line) {
      out += t.text;
      continue;
    }
    const std::string_view w = t.text;
    if (e.gpu_shader4 && w == "unsigned") {
      const size_t k = skip_blank(tokens, i + 1);
      if (k < tokens.size() && tokens[k].text == "int") {
        out += "uint";
        // The blanks between the words (a newline among them is kept, so
        // the line count stays).
        for (size_t b = i + 1; b < k; ++b)
          if (tokens[b].kind == TokenKind::Newline) out += tokens[b].text;
        i = k;
        continue;
      }
    }
    if (e.gpu_shader4 && stage == ShaderStage::Fragment && w == "varying") {
      // `varying out` declares a fragment output (bound by
      // glBindFragDataLocationEXT): GLSL 1.30's `out`.
      const size_t k = skip_blank(tokens, i + 1);
      if (k < tokens.size() && tokens[k].text == "out") continue;
    }
    if (e.gpu_shader4 && w == "centroid") {
      // The extension takes `centroid` on either side of `flat` /
      // `noperspective`; GLSL 1.30 wants the interpolation qualifier first.
      const size_t k = skip_blank(tokens, i + 1);
      if (k < tokens.size() &&
          (tokens[k].text == "flat" || tokens[k].text == "noperspective" || tokens[k].text == "smooth")) {
        out += tokens[k].text;
        out += " centroid";
        for (size_t b = i + 1; b < k; ++b)
          if (tokens[b].kind == TokenKind::Newline) out += tokens[b].text;
        i = k;
        continue;
      }
    }
    if (e.gpu_shader4 && w == "truncate") {
      // The extension's name for GLSL 1.30's trunc().
      out += "trunc";
      continue;
    }
    if (e.gpu_shader4 && stage == ShaderStage::Vertex && w == "attribute") {
      // Integer attributes: GLSL 1.30 takes them as `in` only.
      out += "in";
      continue;
    }
    if (e.gpu_shader4 && w == "shadow2DArrayOffset") {
      // GLSL has textureOffset for sampler2DArrayShadow only from 4.30;
      // textureGradOffset (1.30) with the derivatives an implicit lookup
      // takes is the same lookup: those of the coordinate's s and t in
      // fragment shaders (scaled by 2^bias for the biased form), none
      // elsewhere, where implicit lookups read the base level.
      const size_t open = skip_blank(tokens, i + 1);
      size_t close = 0;
      std::vector<size_t> commas;
      if (open < tokens.size() && tokens[open].text == "(" && call_arguments(tokens, open, &close, &commas) &&
          (commas.size() == 2 || commas.size() == 3)) {
        const std::string coord = one_line(tokens, commas[0] + 1, commas[1]);
        std::string dx = "vec2(0.0)", dy = "vec2(0.0)";
        if (stage == ShaderStage::Fragment) {
          dx = "dFdx((" + coord + ").xy)";
          dy = "dFdy((" + coord + ").xy)";
          if (commas.size() == 3) {
            const std::string scale = " * exp2(" + one_line(tokens, commas[2] + 1, close) + ")";
            dx += scale;
            dy += scale;
          }
        }
        insert_before[commas[1]] += ", " + dx + ", " + dy;
        if (commas.size() == 3)
          for (size_t k = commas[2]; k < close; ++k) dropped[k] = 1;
        ++extra_close[close];
        out += "vec4(textureGradOffset";
        continue;
      }
    }
    bool returns_float = false;
    const std::string_view r = replacement(w, e, &returns_float);
    if (r.empty()) {
      out += w;
      continue;
    }
    const size_t open = skip_blank(tokens, i + 1);
    if (returns_float && open < tokens.size() && tokens[open].text == "(") {
      // The extensions' shadow lookups return vec4 (the comparison result
      // in every component, like shadow2D); GLSL 1.30's return float.
      int depth = 0;
      size_t close = open;
      for (; close < tokens.size(); ++close) {
        if (tokens[close].text == "(") ++depth;
        if (tokens[close].text == ")" && --depth == 0) break;
      }
      if (close < tokens.size()) {
        ++extra_close[close];
        out += "vec4(";
      }
    }
    out += r;
  }
  // GLSL 1.30 and later have the types and the new lookups' overloads; the
  // old names the extensions give them are renamed there too.
  if (declared.number >= 130) return out;
  if (declared.explicit_directive) return with_version_number(std::move(out), declared, 130);
  // No directive: 1.10. GLSL below 3.30 numbers the line after `#line L`
  // L + 1.
  return "#version 130\n#line 0\n" + out;
}

}  // namespace brass::compiler
