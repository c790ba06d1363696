#include "compiler/glsl_upgrader.h"

#include "compiler/compat_builtin_structs.h"
#include "compiler/compat_builtin_variables.h"
#include "compiler/es100_builtin_overloads.h"
#include "compiler/es_builtin_standins.h"
#include "compiler/glsl_lexer.h"
#include "compiler/glsl_normalize.h"
#include "compiler/glsl_upgrade_words.h"
#include "compiler/opaque_array_flattening.h"
#include "compiler/stage_units.h"

#include <cctype>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

namespace brass::compiler {
namespace {

// Whether the upgrader's input enabled GL_EXT_gpu_shader4: normalize_glsl
// leaves its directive (glslang does not know it) as the comment
// "// #extension GL_EXT_gpu_shader4".
bool enables_gpu_shader4(std::string_view source) {
  return enables_extension(source, "GL_EXT_gpu_shader4") ||
         source.find("// #extension GL_EXT_gpu_shader4\n") != std::string_view::npos;
}

// ---- Rewriting -----------------------------------------------------------------

struct LineInfo {
  bool is_directive = false;
  std::string_view directive;  // "version", "extension", "define", ...
};

class Rewriter {
 public:
  Rewriter(std::string_view source, ShaderStage stage, const GlslVersion& version,
           const ShaderLimits* limits, bool upgrade)
      : source_(source), stage_(stage), version_(version), limits_(limits), upgrade_(upgrade),
        tokens_(lex(source)) {
    target_es_ = version.es;
    target_version_ = upgrade ? (version.es ? 310 : 140) : version.number;
    if (upgrade && version.es && version.number == 100) overloaded_builtins_ = user_overloaded_builtins(tokens_);
    gpu_shader4_ = upgrade && !version.es && enables_gpu_shader4(source);
    // GLSL 1.10-1.30 vertex shaders clip against the client clip planes
    // through gl_ClipVertex, which GLSL 1.40 lacks: the shader's main is
    // renamed and a new one computes gl_ClipDistance from it afterwards.
    // A shader writing neither it nor gl_ClipDistance clips by gl_Position
    // (GLSL 1.30 §7.1; 1.10 and 1.20 leave it undefined), in compatibility
    // contexts, where the client clip planes exist.
    if (upgrade && !version.es && stage == ShaderStage::Vertex) {
      bool names_clip_distance = false, names_cull_distance = false;
      for (const Token& tok : tokens_) {
        if (tok.kind != TokenKind::Identifier) continue;
        if (tok.text == "gl_ClipVertex") writes_clip_vertex_ = true;
        if (tok.text == "gl_ClipDistance") names_clip_distance = true;
        if (tok.text == kCullDistanceName) names_cull_distance = true;
      }
      // One writing gl_CullDistance (ARB_cull_distance's stand-in,
      // cull_distance_standin.h) is not given the eight clip distances:
      // clip and cull distances share MAX_COMBINED_CLIP_AND_CULL_DISTANCES.
      clips_by_position_ = !writes_clip_vertex_ && !names_clip_distance && !names_cull_distance && limits &&
                           limits->compatibility_profile;
      // Of a stage's several shaders only the one defining main gets the
      // new main (the others' functions are called from it).
      defines_main_ = defines_main(source_);
    }
  }

  UpgradedSource run() {
    std::string body;
    body.reserve(source_.size() + 256);
    bool version_emitted = false;
    size_t i = 0;
    while (i < tokens_.size()) {
      // At a line start: find whether the line is a preprocessor directive.
      size_t j = i;
      while (j < tokens_.size() && tokens_[j].kind == TokenKind::Space) ++j;
      if (j < tokens_.size() && tokens_[j].kind == TokenKind::Punct && tokens_[j].text == "#") {
        size_t k = j + 1;
        while (k < tokens_.size() && tokens_[k].kind == TokenKind::Space) ++k;
        std::string_view name = k < tokens_.size() && tokens_[k].kind == TokenKind::Identifier
                                    ? tokens_[k].text
                                    : std::string_view{};
        size_t end = k;
        while (end < tokens_.size() && tokens_[end].kind != TokenKind::Newline) ++end;
        if (name == "version" && !version_emitted) {
          // The directive's own newline follows the placeholder, which
          // becomes "\n<prelude>#line N".
          body += version_line();
          body += prelude_placeholder_;
          version_emitted = true;
          i = end;
        } else if (name == "extension") {
          rewrite_extension(i, end, body);
          i = end;
        } else if (name == "pragma" && fragment_invariant_all_pragma(k, end)) {
          // `#pragma STDGL invariant(all)` in an ES 1.00 fragment shader would
          // make its inputs invariant, which ES 3.x forbids; invariance is the
          // vertex shader's (the validation parse checks that they match).
          i = end;
        } else {
          // Other directives: copy, renaming identifiers after the name
          // (macro bodies and #if expressions use user words too).
          for (size_t t = i; t < end; ++t) {
            if (t == k || tokens_[t].kind != TokenKind::Identifier) {
              body += tokens_[t].text;
            } else {
              const bool after_defined = is_defined_operand(i, t);
              body += after_defined ? std::string(tokens_[t].text) : rewrite_identifier(t);
            }
          }
          i = end;
        }
      } else {
        while (i < tokens_.size() && tokens_[i].kind != TokenKind::Newline) {
          if (const size_t skip = droppable_invariant_statement(i)) {
            // ES 1.00 lets fragment shaders redeclare gl_FragColor/gl_FragData
            // (and built-in inputs) invariant; ES 3.x forbids it, and for
            // fragment outputs invariance means nothing anyway.
            body.append(skip, ' ');
            i += skip;
            continue;
          }
          body += tokens_[i].kind == TokenKind::Identifier ? rewrite_identifier(i)
                                                           : std::string(tokens_[i].text);
          ++i;
        }
      }
      if (i < tokens_.size()) {  // the newline
        body += tokens_[i].text;
        ++i;
      }
    }

    const std::string prelude = build_prelude();
    std::string text;
    if (!version_emitted) {
      text = version_line() + "\n" + prelude + line_directive(1) + body;
    } else {
      const size_t pos = body.find(prelude_placeholder_);
      std::string line = line_directive(version_.directive_line + 1);
      line.pop_back();  // the source's newline ends it
      text = body.substr(0, pos) + "\n" + prelude + line + body.substr(pos + prelude_placeholder_.size());
    }
    if ((writes_clip_vertex_ || clips_by_position_) && defines_main_) {
      // Distances of disabled planes are zeroed by the program variant
      // (VariantKey::clip_distances_disabled), as for any gl_ClipDistance.
      text += std::string("\nout float gl_ClipDistance[8];\n"
                          "void main() {\n  brass_r_main();\n"
                          "  for (int i = 0; i < 8; ++i) gl_ClipDistance[i] = dot(") +
              (writes_clip_vertex_ ? "brass_gl_ClipVertex" : "gl_Position") + ", brass_gl_ClipPlane[i]);\n}\n";
    }
    return {std::move(text), target_version_, target_es_};
  }

 private:
  std::string version_line() const {
    return "#version " + std::to_string(target_version_) + (target_es_ ? " es" : "");
  }

  // #line L sets the next line to L in ES and GLSL >= 3.30, to L+1 before.
  std::string line_directive(int next_line) const {
    const bool sets_next = target_es_ || target_version_ >= 330;
    return "#line " + std::to_string(sets_next ? next_line : next_line - 1) + "\n";
  }

  bool next_word_is(size_t t, std::string_view word) const {
    size_t k = t + 1;
    while (k < tokens_.size() && (tokens_[k].kind == TokenKind::Space || tokens_[k].kind == TokenKind::Newline)) ++k;
    return k < tokens_.size() && tokens_[k].text == word;
  }

  // Number of tokens of "invariant gl_FragColor ;" starting at t (0: none).
  size_t droppable_invariant_statement(size_t t) const {
    if (!upgrade_ || stage_ != ShaderStage::Fragment || tokens_[t].text != "invariant") return 0;
    size_t k = t + 1;
    while (k < tokens_.size() && tokens_[k].kind == TokenKind::Space) ++k;
    // Fragment inputs too: ESSL 1.00 allows `invariant gl_FragCoord;` (the
    // linker checks it against the vertex shader), ESSL 3.x does not.
    const std::string_view name = k < tokens_.size() ? tokens_[k].text : std::string_view{};
    if (name != "gl_FragColor" && name != "gl_FragData" && name != "gl_FragCoord" && name != "gl_PointCoord" &&
        name != "gl_FrontFacing")
      return 0;
    ++k;
    while (k < tokens_.size() && tokens_[k].kind == TokenKind::Space) ++k;
    if (k >= tokens_.size() || tokens_[k].text != ";") return 0;
    return k + 1 - t;
  }

  // True when token t is inside the parentheses of `layout( ... )`.
  bool inside_layout_qualifier(size_t t) const {
    int depth = 0;
    for (size_t p = t; p > 0;) {
      --p;
      const std::string_view x = tokens_[p].text;
      if (x == ";" || x == "{" || x == "}") return false;
      if (x == ")") ++depth;
      if (x != "(") continue;
      if (depth > 0) {
        --depth;
        continue;
      }
      size_t q = p;
      while (q > 0 && (tokens_[q - 1].kind == TokenKind::Space || tokens_[q - 1].kind == TokenKind::Newline)) --q;
      return q > 0 && tokens_[q - 1].text == "layout";
    }
    return false;
  }

  // True when `layout` at t qualifies a declaration: `layout ( ... )` and
  // then a word (a storage qualifier, a type or `in`/`out`). A function
  // named layout is called or declared with something else after its
  // parentheses (`;`, `{`, an operator).
  bool is_layout_qualifier(size_t t) const {
    size_t k = next_token(t);
    if (k >= tokens_.size() || tokens_[k].text != "(") return false;
    int depth = 0;
    for (; k < tokens_.size(); ++k) {
      if (tokens_[k].text == "(") ++depth;
      if (tokens_[k].text == ")" && --depth == 0) break;
    }
    const size_t after = next_token(k);
    return after < tokens_.size() && tokens_[after].kind == TokenKind::Identifier;
  }

  // Next non-white-space token after t (tokens_.size(): none).
  size_t next_token(size_t t) const {
    size_t k = t + 1;
    while (k < tokens_.size() && (tokens_[k].kind == TokenKind::Space || tokens_[k].kind == TokenKind::Newline)) ++k;
    return k;
  }
  size_t previous_token(size_t t) const {
    while (t > 0) {
      --t;
      if (tokens_[t].kind != TokenKind::Space && tokens_[t].kind != TokenKind::Newline) return t;
    }
    return tokens_.size();
  }

  // `uniform` at t starts a uniform block declaration: `uniform Name {`.
  bool starts_uniform_block(size_t t) const {
    if (tokens_[t].text != "uniform") return false;
    const size_t name = next_token(t);
    if (name >= tokens_.size() || tokens_[name].kind != TokenKind::Identifier) return false;
    const size_t brace = next_token(name);
    return brace < tokens_.size() && tokens_[brace].text == "{";
  }

  static bool is_block_packing(std::string_view w) {
    return w == "std140" || w == "std430" || w == "shared" || w == "packed" || w == "scalar";
  }

  // Uniform blocks get an explicit packing (std140: what Brass lays shared
  // and packed blocks out as, and the only one ES allows for them) when the
  // application gave none. glslang fixes explicit Offsets only for blocks
  // that name their packing, and its linker then refuses a block declared
  // `layout(shared)` in one stage and unqualified in another although both
  // are the same shared block. Returns the text to put before token t: the
  // first word of a packing-less layout list that qualifies a uniform
  // block gets "std140, ", an unqualified block's `uniform` gets
  // "layout(std140) ".
  std::string_view explicit_block_packing(size_t t) const {
    if (starts_uniform_block(t)) {
      const size_t before = previous_token(t);
      if (before < tokens_.size() && tokens_[before].text == ")" && inside_layout_qualifier(before)) return {};
      return "layout(std140) ";
    }
    const size_t open = previous_token(t);
    if (open >= tokens_.size() || tokens_[open].text != "(") return {};
    const size_t layout = previous_token(open);
    if (layout >= tokens_.size() || tokens_[layout].text != "layout") return {};
    size_t k = t;
    for (; k < tokens_.size() && tokens_[k].text != ")"; ++k)
      if (is_block_packing(tokens_[k].text)) return {};
    if (k >= tokens_.size()) return {};
    const size_t storage = next_token(k);
    return storage < tokens_.size() && starts_uniform_block(storage) ? "std140, " : std::string_view{};
  }

  bool fragment_invariant_all_pragma(size_t pragma, size_t end) const {
    if (!upgrade_ || stage_ != ShaderStage::Fragment) return false;
    std::string words;
    for (size_t t = pragma + 1; t < end; ++t)
      if (tokens_[t].kind != TokenKind::Space) words += tokens_[t].text;
    return words == "STDGLinvariant(all)";
  }

  bool is_defined_operand(size_t line_start, size_t t) const {
    // `defined X` or `defined(X)`, and #ifdef/#ifndef/#undef operands, name
    // macros, which we never rename... except that renamed words can be
    // macros too; keep them as written so GL_* feature macros still work.
    for (size_t p = t; p > line_start;) {
      --p;
      if (tokens_[p].kind == TokenKind::Space || tokens_[p].text == "(") continue;
      return tokens_[p].text == "defined" || tokens_[p].text == "ifdef" ||
             tokens_[p].text == "ifndef";
    }
    return false;
  }

  void rewrite_extension(size_t begin, size_t end, std::string& body) {
    std::string_view ext;
    for (size_t t = begin; t < end; ++t) {
      if (tokens_[t].kind == TokenKind::Identifier && tokens_[t].text != "extension") {
        ext = tokens_[t].text;
        break;
      }
    }
    // GLSL 1.40 (the desktop target) has neither explicit attribute
    // locations (3.30) nor fragment coordinate conventions (1.50): their
    // layout qualifiers are kept (rewrite_identifier), and need the directive.
    const bool desktop_needs_it =
        !target_es_ && (ext == "GL_ARB_explicit_attrib_location" || ext == "GL_ARB_fragment_coord_conventions");
    if (upgrade_ && extensions_core_in_target().count(ext) && !desktop_needs_it) {
      return;  // the line becomes empty; the newline is kept by the caller
    }
    if (upgrade_ && ext == "GL_OES_EGL_image_external" && target_es_) {
      body += "#extension GL_OES_EGL_image_external_essl3 : enable";
      return;
    }
    for (size_t t = begin; t < end; ++t) body += tokens_[t].text;
  }

  std::string rewrite_identifier(size_t t) {
    const std::string_view w = tokens_[t].text;
    if (w.substr(0, kRenamePrefix.size()) == kRenamePrefix) {
      // An application identifier that collides with our rename prefix:
      // prefix it again so that original_name() restores it exactly.
      return std::string(kRenamePrefix) + std::string(w);
    }
    // The shared and packed block layouts are the implementation's choice,
    // and SPIR-V for Vulkan has neither: Brass lays them out as std140, which
    // reflection then reports. (Also keeps `shared`, a 3.10 keyword, from
    // being renamed as an identifier inside the qualifier.)
    if ((w == "shared" || w == "packed") && inside_layout_qualifier(t)) return "std140";
    if (const std::string_view packing = explicit_block_packing(t); !packing.empty())
      return std::string(packing) + rewrite_identifier_word(t);
    return rewrite_identifier_word(t);
  }

  std::string rewrite_identifier_word(size_t t) {
    const std::string_view w = tokens_[t].text;
    // (Old texture functions of the same names are renamed below first.)
    if (vulkan_only_keywords().count(w) && !(upgrade_ && texture_function_renames().count(w)))
      return std::string(kRenamePrefix) + std::string(w);
    if (!target_es_ && desktop_shadow_functions().count(w)) {
      used_shadow_helpers_.insert(std::string(w));
      return "brass_r_" + std::string(w);
    }
    if (!upgrade_) return std::string(w);
    if (overloaded_builtins_.count(std::string(w))) return std::string(kRenamePrefix) + std::string(w);

    if (w == "main" && (writes_clip_vertex_ || clips_by_position_)) return std::string(kRenamePrefix) + "main";
    if (w == "gl_ClipVertex" && writes_clip_vertex_) return "brass_gl_ClipVertex";
    if (w == "attribute") return "in";
    if (w == "invariant" && stage_ == ShaderStage::Fragment && next_word_is(t, "varying")) {
      // ES 1.00 `invariant varying` in a fragment shader: an input, which ES
      // 3.x cannot qualify invariant (the vertex side carries it).
      return "";
    }
    if (w == "varying") return stage_ == ShaderStage::Vertex ? "out" : "in";
    if (w == "__VERSION__") return std::to_string(version_.number);
    if (w == "gl_FragColor" && stage_ == ShaderStage::Fragment) {
      uses_frag_color_ = true;
      return "brass_gl_FragColor";
    }
    if (w == "gl_FragData" && stage_ == ShaderStage::Fragment) {
      uses_frag_data_ = true;
      return "brass_gl_FragData";
    }
    if (w == "gl_FragDepthEXT") return "gl_FragDepth";
    if (!target_es_) {
      if (std::string compat = rewrite_compat_builtin(w, t); !compat.empty()) return compat;
    }
    if (w == "gl_InstanceIDEXT" || w == "gl_InstanceIDARB") return "gl_InstanceID";
    if (w == "gl_MaxVaryingVectors" && limits_) return std::to_string(limits_->max_varying_vectors);
    if (w == "gl_MaxVaryingFloats" && limits_) return std::to_string(limits_->max_varying_vectors * 4);
    if (auto it = texture_function_renames().find(w); it != texture_function_renames().end()) {
      return std::string(it->second);
    }
    // `layout` before GLSL 1.40 is a keyword only where an extension made it
    // one (explicit_attrib_location, uniform_buffer_object, ...), and is
    // then a qualifier: kept, as the identifier of that name is renamed.
    if (w == "layout" && is_layout_qualifier(t)) return std::string(w);
    if (gpu_shader4_ && gpu_shader4_types_beyond_glsl130().count(w)) return std::string(w);
    if (const WordSet* rename = words_to_rename(version_); rename && rename->count(w)) {
      return std::string(kRenamePrefix) + std::string(w);
    }
    return std::string(w);
  }

  // Desktop compatibility built-ins -> declared brass_gl_* variables.
  std::string rewrite_compat_builtin(std::string_view w, size_t t) {
    if (w == "ftransform") {
      compat_used_.insert("gl_ModelViewProjectionMatrix");
      compat_used_.insert("gl_Vertex");
      uses_ftransform_ = true;
      return "brass_gl_ftransform";
    }
    if (const int value = compat_builtin_constant(w); value >= 0) return std::to_string(value);
    // The built-in state's structure types, usable as type names.
    if (compat_builtin_struct_declaration(w)) {
      compat_structs_.insert("brass_" + std::string(w));
      return "brass_" + std::string(w);
    }
    std::string_view name = w;
    if (stage_ == ShaderStage::Fragment) {
      // Fragment inputs are the vertex shader's front-facing outputs.
      if (w == "gl_Color") name = "gl_FrontColor";
      else if (w == "gl_SecondaryColor") name = "gl_FrontSecondaryColor";
    }
    // GLSL 1.30 lets shaders redeclare them (`flat in vec4 gl_Color;`): the
    // redeclaration is then the declaration.
    size_t p = t;
    while (p > 0 && (tokens_[p - 1].kind == TokenKind::Space || tokens_[p - 1].kind == TokenKind::Newline)) --p;
    const std::string_view before = p > 0 ? tokens_[p - 1].text : std::string_view{};
    const bool redeclared = before == "vec4" || before == "vec3" || before == "float" || before == "mat4" ||
                            before == "mat3";
    if (w == "gl_Color" && stage_ == ShaderStage::Vertex) {
      (redeclared ? compat_redeclared_ : compat_used_).insert("gl_Color");
      return "brass_gl_Color";
    }
    const CompatBuiltin* b = find_compat_builtin(name);
    if (!b) return {};
    if (stage_ == ShaderStage::Fragment && b->kind == CompatKind::Attribute) return {};
    (redeclared ? compat_redeclared_ : compat_used_).insert(std::string(name));
    return "brass_" + std::string(name);
  }

  std::string build_prelude() const {
    std::string p;
    if (writes_clip_vertex_) p += "vec4 brass_gl_ClipVertex;\n";
    if ((writes_clip_vertex_ || clips_by_position_) && !compat_used_.count("gl_ClipPlane"))
      p += "uniform vec4 brass_gl_ClipPlane[8];\n";
    // Structure types first: of the built-in uniforms used, and those the
    // shader names itself.
    std::set<std::string> structs = compat_structs_;
    for (const std::string& used : compat_used_)
      if (const CompatBuiltin* b = find_compat_builtin(used); b && compat_builtin_struct_declaration(b->declaration_type))
        structs.insert(std::string(b->declaration_type));
    for (const std::string& s : structs) p += compat_builtin_struct_declaration(s);
    for (const std::string& used : compat_used_) {
      if (compat_redeclared_.count(used)) continue;
      if (used == "gl_Color") {
        p += "in vec4 brass_gl_Color;\n";
        continue;
      }
      const CompatBuiltin* b = find_compat_builtin(used);
      if (!b) continue;
      const char* storage = b->kind == CompatKind::Attribute ? "in "
                            : b->kind == CompatKind::Uniform  ? "uniform "
                            : stage_ == ShaderStage::Fragment ? "in "
                                                              : "out ";
      p += std::string(storage) + b->declaration_type + " brass_" + b->name + b->array + ";\n";
    }
    for (const std::string& name : overloaded_builtins_)
      p += builtin_overload_wrappers(name, std::string(kRenamePrefix) + name);
    if (uses_ftransform_)
      p += "vec4 brass_gl_ftransform() { return brass_gl_ModelViewProjectionMatrix * brass_gl_Vertex; }\n";
    // GLSL 1.40 has no layout(location) on outputs; a single output gets
    // location 0 from the I/O mapper anyway.
    const char* out_decl = target_es_ ? "layout(location = 0) out mediump " : "out ";
    if (uses_frag_color_) {
      p += out_decl;
      p += "vec4 brass_gl_FragColor;\n";
    }
    if (uses_frag_data_) {
      p += out_decl;
      p += "vec4 brass_gl_FragData[" + std::to_string(limits_ ? limits_->max_draw_buffers : 8) + "];\n";
    }
    // Pre-1.30 shadow lookups return vec4(r, r, r, 1)-like results; GL 1.30+
    // texture() on a shadow sampler returns the float comparison result.
    for (const std::string& f : used_shadow_helpers_) {
      if (f == "shadow1D") p += "vec4 brass_r_shadow1D(sampler1DShadow s, vec3 c) { return vec4(texture(s, c)); }\n"
                                "vec4 brass_r_shadow1D(sampler1DShadow s, vec3 c, float b) { return vec4(texture(s, c, b)); }\n";
      if (f == "shadow2D") p += "vec4 brass_r_shadow2D(sampler2DShadow s, vec3 c) { return vec4(texture(s, c)); }\n"
                                "vec4 brass_r_shadow2D(sampler2DShadow s, vec3 c, float b) { return vec4(texture(s, c, b)); }\n";
      if (f == "shadow1DProj") p += "vec4 brass_r_shadow1DProj(sampler1DShadow s, vec4 c) { return vec4(textureProj(s, c)); }\n";
      if (f == "shadow2DProj") p += "vec4 brass_r_shadow2DProj(sampler2DShadow s, vec4 c) { return vec4(textureProj(s, c)); }\n";
      // The projective lookups' bias forms are fragment-shader functions
      // (GLSL 1.20 §8.7), as textureProj's bias is in GLSL 1.40.
      if (stage_ == ShaderStage::Fragment && f == "shadow1DProj")
        p += "vec4 brass_r_shadow1DProj(sampler1DShadow s, vec4 c, float b) { return vec4(textureProj(s, c, b)); }\n";
      if (stage_ == ShaderStage::Fragment && f == "shadow2DProj")
        p += "vec4 brass_r_shadow2DProj(sampler2DShadow s, vec4 c, float b) { return vec4(textureProj(s, c, b)); }\n";
      if (f == "shadow2DRect") p += "vec4 brass_r_shadow2DRect(sampler2DRectShadow s, vec3 c) { return vec4(texture(s, c)); }\n";
      if (f == "shadow2DRectProj")
        p += "vec4 brass_r_shadow2DRectProj(sampler2DRectShadow s, vec4 c) { return vec4(textureProj(s, c)); }\n";
      if (f == "shadow1DProjLod")
        p += "vec4 brass_r_shadow1DProjLod(sampler1DShadow s, vec4 c, float l) { return vec4(textureProjLod(s, c, l)); }\n";
      if (f == "shadow2DProjLod")
        p += "vec4 brass_r_shadow2DProjLod(sampler2DShadow s, vec4 c, float l) { return vec4(textureProjLod(s, c, l)); }\n";
      if (f == "shadow1DLod") p += "vec4 brass_r_shadow1DLod(sampler1DShadow s, vec3 c, float l) { return vec4(textureLod(s, c, l)); }\n";
      if (f == "shadow2DLod") p += "vec4 brass_r_shadow2DLod(sampler2DShadow s, vec3 c, float l) { return vec4(textureLod(s, c, l)); }\n";
    }
    return p;
  }

  std::string_view source_;
  ShaderStage stage_;
  GlslVersion version_;
  const ShaderLimits* limits_;
  bool upgrade_;
  std::vector<Token> tokens_;
  bool target_es_ = false;
  int target_version_ = 0;
  bool gpu_shader4_ = false;  // a desktop source enabling GL_EXT_gpu_shader4
  bool uses_frag_color_ = false;
  bool uses_frag_data_ = false;
  bool uses_ftransform_ = false;
  bool writes_clip_vertex_ = false;  // a desktop vertex shader naming gl_ClipVertex
  bool clips_by_position_ = false;   // one naming neither it nor gl_ClipDistance (compatibility)
  bool defines_main_ = false;        // this unit of its stage defines main
  std::set<std::string> compat_used_;  // ordered: deterministic prelude
  std::set<std::string> compat_redeclared_;
  std::set<std::string> compat_structs_;  // gl_*Parameters types named in the source
  std::unordered_set<std::string> used_shadow_helpers_;
  // ESSL 1.00 built-in functions the shader overloads (see
  // es100_builtin_overloads.h): renamed, with wrappers in the prelude.
  std::set<std::string> overloaded_builtins_;
  const std::string prelude_placeholder_ = "\x01BRASS_PRELUDE\x01";
};

}  // namespace

UpgradedSource upgrade_glsl(std::string_view source, ShaderStage stage, const GlslVersion& version,
                            const ShaderLimits& limits) {
  return Rewriter(source, stage, version, &limits, true).run();
}

std::string rewrite_current_glsl(std::string_view source, ShaderStage stage, const GlslVersion& version) {
  // Current versions compile as written; only our own prefix is escaped,
  // and Vulkan GLSL's extra keywords renamed.
  // Desktop GLSL 1.40-3.30 still has the shadow lookups (shadow2DRect, ...)
  // that glslang gives only to older versions: they go through the same
  // helpers as upgraded sources'.
  if (source.find(kRenamePrefix) == std::string_view::npos && !has_any_word(source, vulkan_only_keywords()) &&
      (version.es || !has_any_word(source, desktop_shadow_functions())))
    return std::string(source);
  GlslVersion v = version;
  UpgradedSource out = Rewriter(source, stage, v, nullptr, false).run();
  return out.text;
}

std::string original_name(std::string_view reflected_name) {
  // Blocks declared as arrays of arrays first (opaque_array_flattening.h).
  const std::string unflattened = reflected_name.find(kBlockArrayPrefix) != std::string_view::npos
                                      ? block_array_name(reflected_name)
                                      : std::string(reflected_name);
  const std::string_view reflected = unflattened;
  std::string out;
  out.reserve(reflected.size());
  size_t i = 0;
  while (i < reflected.size()) {
    // Strip the prefix at the start of each identifier (once).
    const bool ident_start = (i == 0 || !is_ident_char(reflected[i - 1]));
    if (ident_start && reflected.substr(i, kRenamePrefix.size()) == kRenamePrefix) {
      i += kRenamePrefix.size();
      // keep a doubled prefix's second copy: it was part of the user's name
      const size_t start = i;
      while (i < reflected.size() && is_ident_char(reflected[i])) ++i;
      out += reflected.substr(start, i - start);
      continue;
    }
    if (ident_start && reflected.substr(i, 9) == "brass_gl_") {
      out += "gl_";  // built-ins the upgrader replaced (gl_FragColor, gl_FragData)
      i += 9;
      continue;
    }
    out += reflected[i++];
  }
  return out;
}

}  // namespace brass::compiler
