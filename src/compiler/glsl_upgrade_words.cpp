#include "compiler/glsl_upgrade_words.h"

#include "compiler/glsl_lexer.h"

namespace brass::compiler {

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

namespace {

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

}  // namespace

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

}  // namespace brass::compiler
