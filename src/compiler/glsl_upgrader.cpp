#include "compiler/glsl_upgrader.h"

#include "compiler/compat_builtin_structs.h"
#include "compiler/es100_builtin_overloads.h"
#include "compiler/es_builtin_standins.h"
#include "compiler/glsl_lexer.h"
#include "compiler/glsl_normalize.h"
#include "compiler/opaque_array_flattening.h"
#include "compiler/stage_units.h"

#include <cctype>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace brass::compiler {
namespace {

// ---- Word lists ----------------------------------------------------------------

using WordSet = std::unordered_set<std::string_view>;
using WordMap = std::unordered_map<std::string_view, std::string_view>;

// Old texture lookup built-ins and their GLSL 1.30+/ES 3.00+ spelling.
const WordMap& texture_function_renames() {
  static const WordMap m = {
      {"texture1D", "texture"}, {"texture2D", "texture"}, {"texture3D", "texture"},
      {"textureCube", "texture"}, {"texture2DRect", "texture"}, {"texture2DRectARB", "texture"},
      {"texture1DArray", "texture"}, {"texture2DArray", "texture"}, {"texture3DOES", "texture"},
      {"texture1DProj", "textureProj"}, {"texture2DProj", "textureProj"},
      {"texture3DProj", "textureProj"}, {"texture2DRectProj", "textureProj"},
      {"texture3DProjOES", "textureProj"},
      {"texture1DLod", "textureLod"}, {"texture2DLod", "textureLod"}, {"texture3DLod", "textureLod"},
      {"textureCubeLod", "textureLod"}, {"texture2DLodEXT", "textureLod"},
      {"textureCubeLodEXT", "textureLod"}, {"texture1DArrayLod", "textureLod"},
      {"texture2DArrayLod", "textureLod"}, {"texture3DLodOES", "textureLod"},
      {"texture1DProjLod", "textureProjLod"}, {"texture2DProjLod", "textureProjLod"},
      {"texture3DProjLod", "textureProjLod"}, {"texture2DProjLodEXT", "textureProjLod"},
      {"texture3DProjLodOES", "textureProjLod"},
      {"texture2DGradEXT", "textureGrad"}, {"textureCubeGradEXT", "textureGrad"},
      {"texture2DGradARB", "textureGrad"}, {"textureCubeGradARB", "textureGrad"},
      {"texture2DProjGradEXT", "textureProjGrad"}, {"texture2DProjGradARB", "textureProjGrad"},
      // EXT_shadow_samplers already returns float, like texture().
      {"shadow2DEXT", "texture"}, {"shadow2DProjEXT", "textureProj"},
  };
  return m;
}

// Desktop shadow lookups return vec4 before GLSL 1.30; wrapped by helpers.
const WordSet& desktop_shadow_functions() {
  static const WordSet s = {"shadow1D",         "shadow2D",        "shadow1DProj",   "shadow2DProj",
                            "shadow2DRect",     "shadow1DLod",     "shadow2DLod",    "shadow2DRectProj",
                            "shadow1DProjLod",  "shadow2DProjLod"};
  return s;
}

// Extensions whose features are core in the target version: the directive
// is dropped (the line stays, empty).
const WordSet& extensions_core_in_target() {
  static const WordSet s = {
      "GL_OES_standard_derivatives", "GL_EXT_shader_texture_lod", "GL_EXT_draw_buffers",
      "GL_EXT_frag_depth",           "GL_OES_texture_3D",         "GL_EXT_draw_instanced",
      "GL_EXT_shadow_samplers",      "GL_EXT_separate_shader_objects", "GL_ARB_texture_rectangle",
      "GL_ARB_draw_instanced",       "GL_ARB_shader_texture_lod", "GL_EXT_texture_array",
      "GL_ARB_draw_buffers",         "GL_EXT_gpu_shader4",        "GL_ARB_explicit_attrib_location",
      "GL_ARB_uniform_buffer_object", "GL_ARB_fragment_coord_conventions",
  };
  return s;
}

// Words that are keywords or built-in functions in the target version but
// may be plain user identifiers in the source version.
const WordSet& words_new_since_es100() {
  static const WordSet s = {
      // ES 3.00 keywords
      "layout", "centroid", "flat", "smooth", "case", "switch", "default", "uint", "uvec2",
      "uvec3", "uvec4", "mat2x2", "mat2x3", "mat2x4", "mat3x2", "mat3x3", "mat3x4", "mat4x2",
      "mat4x3", "mat4x4", "sampler3D", "samplerCubeShadow", "sampler2DShadow", "sampler2DArray",
      "sampler2DArrayShadow", "isampler2D", "isampler3D", "isamplerCube", "isampler2DArray",
      "usampler2D", "usampler3D", "usamplerCube", "usampler2DArray", "sample", "patch",
      "noperspective", "resource", "subroutine", "precise",
      // ES 3.00 built-in functions
      "texture", "textureProj", "textureLod", "textureOffset", "texelFetch", "texelFetchOffset",
      "textureProjOffset", "textureLodOffset", "textureProjLod", "textureProjLodOffset",
      "textureGrad", "textureGradOffset", "textureProjGrad", "textureProjGradOffset",
      "textureSize", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "trunc", "round",
      "roundEven", "modf", "isnan", "isinf", "floatBitsToInt", "floatBitsToUint", "intBitsToFloat",
      "uintBitsToFloat", "packSnorm2x16", "unpackSnorm2x16", "packUnorm2x16", "unpackUnorm2x16",
      "packHalf2x16", "unpackHalf2x16", "outerProduct", "transpose", "determinant", "inverse",
      // ES 3.10 keywords and built-ins
      "buffer", "shared", "coherent", "volatile", "restrict", "readonly", "writeonly",
      "atomic_uint", "image2D", "iimage2D", "uimage2D", "image3D", "iimage3D", "uimage3D",
      "imageCube", "iimageCube", "uimageCube", "image2DArray", "iimage2DArray", "uimage2DArray",
      "sampler2DMS", "isampler2DMS", "usampler2DMS", "imageLoad", "imageStore", "imageSize",
      "imageAtomicAdd", "atomicAdd", "atomicMin", "atomicMax", "atomicAnd", "atomicOr", "atomicXor",
      "atomicExchange", "atomicCompSwap", "atomicCounter", "atomicCounterIncrement",
      "atomicCounterDecrement", "memoryBarrier", "barrier", "groupMemoryBarrier",
      "memoryBarrierAtomicCounter", "memoryBarrierBuffer", "memoryBarrierImage",
      "memoryBarrierShared", "bitfieldExtract", "bitfieldInsert", "bitfieldReverse", "bitCount",
      "findLSB", "findMSB", "uaddCarry", "usubBorrow", "umulExtended", "imulExtended", "frexp",
      "ldexp", "packUnorm4x8", "packSnorm4x8", "unpackUnorm4x8", "unpackSnorm4x8",
      "textureGather", "textureGatherOffset", "fma",
  };
  return s;
}

const WordSet& words_new_since_es300() {
  static const WordSet s = {
      "buffer", "shared", "coherent", "volatile", "restrict", "readonly", "writeonly",
      "atomic_uint", "image2D", "iimage2D", "uimage2D", "image3D", "iimage3D", "uimage3D",
      "imageCube", "iimageCube", "uimageCube", "image2DArray", "iimage2DArray", "uimage2DArray",
      "sampler2DMS", "isampler2DMS", "usampler2DMS", "imageLoad", "imageStore", "imageSize",
      "atomicAdd", "atomicMin", "atomicMax", "atomicAnd", "atomicOr", "atomicXor", "atomicExchange",
      "atomicCompSwap", "atomicCounter", "atomicCounterIncrement", "atomicCounterDecrement",
      "memoryBarrier", "barrier", "groupMemoryBarrier", "memoryBarrierAtomicCounter",
      "memoryBarrierBuffer", "memoryBarrierImage", "memoryBarrierShared", "bitfieldExtract",
      "bitfieldInsert", "bitfieldReverse", "bitCount", "findLSB", "findMSB", "uaddCarry",
      "usubBorrow", "umulExtended", "imulExtended", "frexp", "ldexp", "packUnorm4x8",
      "packSnorm4x8", "unpackUnorm4x8", "unpackSnorm4x8", "textureGather", "textureGatherOffset",
      "sample", "fma",
  };
  return s;
}

// Desktop: words that are keywords/built-ins in 1.40 but not in 1.10/1.20.
const WordSet& words_new_since_glsl110() {
  static const WordSet s = {
      "layout", "centroid", "flat", "smooth", "noperspective", "invariant", "case", "switch",
      "default", "uint", "uvec2", "uvec3", "uvec4", "mat2x2", "mat2x3", "mat2x4", "mat3x2",
      "mat3x3", "mat3x4", "mat4x2", "mat4x3", "mat4x4", "samplerCubeShadow", "sampler1DArray",
      "sampler2DArray", "sampler1DArrayShadow", "sampler2DArrayShadow", "isampler1D",
      "isampler2D", "isampler3D", "isamplerCube", "isampler1DArray", "isampler2DArray",
      "usampler1D", "usampler2D", "usampler3D", "usamplerCube", "usampler1DArray",
      "usampler2DArray", "isampler2DRect",
      "usampler2DRect", "samplerBuffer", "isamplerBuffer", "usamplerBuffer", "sample", "patch",
      "texture", "textureProj", "textureLod", "textureOffset", "texelFetch", "texelFetchOffset",
      "textureProjOffset", "textureLodOffset", "textureProjLod", "textureProjLodOffset",
      "textureGrad", "textureGradOffset", "textureProjGrad", "textureProjGradOffset",
      "textureSize", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "trunc", "round",
      "roundEven", "modf", "isnan", "isinf", "outerProduct", "transpose", "inverse",
  };
  return s;
}

// GLSL 1.20 made centroid, invariant and the non-square matrix types
// keywords and added outerProduct and transpose: in 1.20 sources those are
// the built-ins, never user identifiers to rename.
const WordSet& words_new_since_glsl120() {
  static const WordSet s = [] {
    WordSet words = words_new_since_glsl110();
    for (const char* w : {"centroid", "invariant", "mat2x2", "mat2x3", "mat2x4", "mat3x2", "mat3x3", "mat3x4",
                          "mat4x2", "mat4x3", "mat4x4", "outerProduct", "transpose"})
      words.erase(w);
    return words;
  }();
  return s;
}

const WordSet& words_new_since_glsl130() {
  // (sampler2DRect and sampler2DRectShadow are reserved words in GLSL
  // 1.10-1.30, never identifiers: ARB_texture_rectangle's types are kept.)
  static const WordSet s = {"layout", "isampler2DRect",
                            "usampler2DRect", "samplerBuffer", "isamplerBuffer", "usamplerBuffer",
                            "sample", "patch", "inverse"};
  return s;
}

// Types GL_KHR_vulkan_glsl adds as keywords, which every GL and GL ES
// shading language leaves free for identifiers (`uniform sampler2D
// sampler[8];`). The Vulkan parse would refuse them: renamed in every
// version, reported under the application's name (original_name()).
const WordSet& vulkan_only_keywords() {
  static const WordSet s = {
      "sampler", "samplerShadow", "subpassInput", "isubpassInput", "usubpassInput", "subpassInputMS",
      "isubpassInputMS", "usubpassInputMS", "texture1D", "itexture1D", "utexture1D", "texture1DArray",
      "itexture1DArray", "utexture1DArray", "texture2D", "itexture2D", "utexture2D", "texture2DArray",
      "itexture2DArray", "utexture2DArray", "texture2DRect", "itexture2DRect", "utexture2DRect",
      "texture2DMS", "itexture2DMS", "utexture2DMS", "texture2DMSArray", "itexture2DMSArray",
      "utexture2DMSArray", "texture3D", "itexture3D", "utexture3D", "textureCube", "itextureCube",
      "utextureCube", "textureCubeArray", "itextureCubeArray", "utextureCubeArray", "textureBuffer",
      "itextureBuffer", "utextureBuffer",
  };
  return s;
}

bool has_any_word(std::string_view source, const WordSet& words) {
  for (size_t i = 0; i < source.size();) {
    if (!is_ident_char(source[i]) || (i > 0 && is_ident_char(source[i - 1]))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < source.size() && is_ident_char(source[end])) ++end;
    if (words.count(source.substr(i, end - i))) return true;
    i = end;
  }
  return false;
}

// The types EXT_gpu_shader4 adds to GLSL 1.10 - 1.30 that GLSL 1.30 itself
// lacks (its sources are upgraded from 1.30: legacy_texture_extensions.h):
// in a source enabling it they are the types, not identifiers to rename.
const WordSet& gpu_shader4_types_beyond_glsl130() {
  static const WordSet s = {"isampler2DRect", "usampler2DRect", "samplerBuffer", "isamplerBuffer",
                            "usamplerBuffer"};
  return s;
}

// Whether the upgrader's input enabled GL_EXT_gpu_shader4: normalize_glsl
// leaves its directive (glslang does not know it) as the comment
// "// #extension GL_EXT_gpu_shader4".
bool enables_gpu_shader4(std::string_view source) {
  return enables_extension(source, "GL_EXT_gpu_shader4") ||
         source.find("// #extension GL_EXT_gpu_shader4\n") != std::string_view::npos;
}

const WordSet* words_to_rename(const GlslVersion& v) {
  if (v.es) {
    if (v.number < 300) return &words_new_since_es100();
    if (v.number < 310) return &words_new_since_es300();
    return nullptr;
  }
  if (v.number < 120) return &words_new_since_glsl110();
  if (v.number < 130) return &words_new_since_glsl120();
  if (v.number < 140) return &words_new_since_glsl130();
  return nullptr;
}

// Desktop compatibility built-ins (GLSL 1.10-1.30) that GLSL 1.40 lacks.
// They become ordinary declarations named brass_gl_*, which reflection
// reports as gl_* so the GL frontend feeds them from fixed-function state
// (uniforms) and the legacy vertex arrays (attributes).
enum class CompatKind : uint8_t { Attribute, Uniform, VertexOut, FragmentIn };
struct CompatBuiltin {
  const char* name;
  const char* declaration_type;  // e.g. "vec4", "mat4"
  const char* array;             // "" or "[8]"
  CompatKind kind;
};
constexpr CompatBuiltin kCompatBuiltins[] = {
    {"gl_Vertex", "vec4", "", CompatKind::Attribute},
    {"gl_Normal", "vec3", "", CompatKind::Attribute},
    {"gl_SecondaryColor", "vec4", "", CompatKind::Attribute},
    {"gl_FogCoord", "float", "", CompatKind::Attribute},
    {"gl_MultiTexCoord0", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord1", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord2", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord3", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord4", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord5", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord6", "vec4", "", CompatKind::Attribute},
    {"gl_MultiTexCoord7", "vec4", "", CompatKind::Attribute},
    {"gl_ModelViewMatrix", "mat4", "", CompatKind::Uniform},
    {"gl_ProjectionMatrix", "mat4", "", CompatKind::Uniform},
    {"gl_ModelViewProjectionMatrix", "mat4", "", CompatKind::Uniform},
    {"gl_TextureMatrix", "mat4", "[8]", CompatKind::Uniform},
    {"gl_NormalMatrix", "mat3", "", CompatKind::Uniform},
    {"gl_ModelViewMatrixInverse", "mat4", "", CompatKind::Uniform},
    {"gl_ProjectionMatrixInverse", "mat4", "", CompatKind::Uniform},
    {"gl_ModelViewProjectionMatrixInverse", "mat4", "", CompatKind::Uniform},
    {"gl_ModelViewMatrixTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_ProjectionMatrixTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_ModelViewProjectionMatrixTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_NormalScale", "float", "", CompatKind::Uniform},
    // The rest of GLSL 1.20 §7.5's built-in state (compat_builtin_structs.h
    // declares the structure types).
    {"gl_TextureMatrixInverse", "mat4", "[8]", CompatKind::Uniform},
    {"gl_TextureMatrixTranspose", "mat4", "[8]", CompatKind::Uniform},
    {"gl_ModelViewMatrixInverseTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_ProjectionMatrixInverseTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_ModelViewProjectionMatrixInverseTranspose", "mat4", "", CompatKind::Uniform},
    {"gl_TextureMatrixInverseTranspose", "mat4", "[8]", CompatKind::Uniform},
    {"gl_ClipPlane", "vec4", "[8]", CompatKind::Uniform},
    {"gl_Point", "brass_gl_PointParameters", "", CompatKind::Uniform},
    {"gl_FrontMaterial", "brass_gl_MaterialParameters", "", CompatKind::Uniform},
    {"gl_BackMaterial", "brass_gl_MaterialParameters", "", CompatKind::Uniform},
    {"gl_LightSource", "brass_gl_LightSourceParameters", "[8]", CompatKind::Uniform},
    {"gl_LightModel", "brass_gl_LightModelParameters", "", CompatKind::Uniform},
    {"gl_FrontLightModelProduct", "brass_gl_LightModelProducts", "", CompatKind::Uniform},
    {"gl_BackLightModelProduct", "brass_gl_LightModelProducts", "", CompatKind::Uniform},
    {"gl_FrontLightProduct", "brass_gl_LightProducts", "[8]", CompatKind::Uniform},
    {"gl_BackLightProduct", "brass_gl_LightProducts", "[8]", CompatKind::Uniform},
    {"gl_TextureEnvColor", "vec4", "[8]", CompatKind::Uniform},
    {"gl_EyePlaneS", "vec4", "[8]", CompatKind::Uniform},
    {"gl_EyePlaneT", "vec4", "[8]", CompatKind::Uniform},
    {"gl_EyePlaneR", "vec4", "[8]", CompatKind::Uniform},
    {"gl_EyePlaneQ", "vec4", "[8]", CompatKind::Uniform},
    {"gl_ObjectPlaneS", "vec4", "[8]", CompatKind::Uniform},
    {"gl_ObjectPlaneT", "vec4", "[8]", CompatKind::Uniform},
    {"gl_ObjectPlaneR", "vec4", "[8]", CompatKind::Uniform},
    {"gl_ObjectPlaneQ", "vec4", "[8]", CompatKind::Uniform},
    {"gl_Fog", "brass_gl_FogParameters", "", CompatKind::Uniform},
    {"gl_FrontColor", "vec4", "", CompatKind::VertexOut},
    {"gl_BackColor", "vec4", "", CompatKind::VertexOut},
    {"gl_FrontSecondaryColor", "vec4", "", CompatKind::VertexOut},
    {"gl_BackSecondaryColor", "vec4", "", CompatKind::VertexOut},
    {"gl_TexCoord", "vec4", "[8]", CompatKind::VertexOut},
    {"gl_FogFragCoord", "float", "", CompatKind::VertexOut},
};

const CompatBuiltin* find_compat_builtin(std::string_view name) {
  for (const CompatBuiltin& b : kCompatBuiltins)
    if (name == b.name) return &b;
  return nullptr;
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
