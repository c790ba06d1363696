// Desktop GLSL source rewrites for ARB extensions glslang handles only in
// their core form (desktop_glsl_rewrites.h).
#include "compiler/desktop_glsl_rewrites.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
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

// GLSL 1.40 and 1.50 fragment shaders may still write gl_FragColor and
// gl_FragData, which the core 4.20/4.30 a shader is raised to does not
// declare: they become declared outputs (brass_gl_*, the upgrader's names,
// which reflection maps back), on lines inserted after the directives at
// the top and followed by a #line that restores the numbering. One output
// at location 0 (or an array from 0): a colour written to gl_FragColor goes
// to draw buffer 0.
std::string with_declared_fragment_outputs(std::string text, int version) {
  const bool color = mentions_identifier(text, "gl_FragColor"), data = mentions_identifier(text, "gl_FragData");
  if (!color && !data) return text;
  std::string out;
  out.reserve(text.size() + 128);
  for (const Token& t : lex(text)) {
    if (t.kind == TokenKind::Identifier && (t.text == "gl_FragColor" || t.text == "gl_FragData")) {
      out += "brass_";
    }
    out += t.text;
  }
  // After the last of the leading preprocessor lines (#version, #extension,
  // ...): GLSL takes #extension only before declarations.
  size_t insert_at = std::string::npos;
  int line = 0, insert_line = 0;
  bool in_comment = false;  // a block comment continued from an earlier line
  for (size_t at = 0; at < out.size();) {
    size_t end = out.find('\n', at);
    if (end == std::string::npos) end = out.size();
    ++line;
    // The line's first character outside comments, if any.
    char first = 0;
    for (size_t i = at; i < end && !first; ++i) {
      if (in_comment) {
        if (out.compare(i, 2, "*/") == 0) in_comment = false, ++i;
      } else if (out.compare(i, 2, "/*") == 0) {
        in_comment = true, ++i;
      } else if (out.compare(i, 2, "//") == 0) {
        break;
      } else if (out[i] != ' ' && out[i] != '\t' && out[i] != '\r') {
        first = out[i];
      }
    }
    if (first == '#') {
      insert_at = end;
      insert_line = line;
    } else if (first) {
      break;
    }
    at = end + 1;
  }
  if (insert_at == std::string::npos) return text;
  std::string decls = "\n";
  if (color) decls += "out vec4 brass_gl_FragColor;\n";
  if (data) decls += "out vec4 brass_gl_FragData[8];\n";
  GlslVersion v;
  v.number = version;
  std::string directive = line_directive_for(v, insert_line + 1);
  if (!directive.empty() && directive.back() == '\n') directive.pop_back();
  out.insert(insert_at, decls + directive);
  return out;
}

namespace {

// The same for the texture functions with the dimension in their name
// (texture2D, texture2DProj, textureCubeLod, ...), which GLSL 1.40/1.50
// still declares and 4.20/4.30 do not: they become the overloaded names of
// the same lookups (texture, textureProj, textureLod, textureProjLod). Not
// the shadow ones, whose results differ (vec4 against float).
std::string with_generic_texture_functions(std::string text) {
  static constexpr std::string_view kDims[] = {"1D", "2D", "3D", "Cube"};
  auto generic = [](std::string_view name) -> std::string_view {
    if (name.substr(0, 7) != "texture") return {};
    std::string_view rest = name.substr(7);
    for (std::string_view dim : kDims) {
      if (rest.substr(0, dim.size()) != dim) continue;
      const std::string_view suffix = rest.substr(dim.size());
      if (suffix.empty()) return "texture";
      if (suffix == "Lod") return "textureLod";
      if (suffix == "Proj") return "textureProj";
      if (suffix == "ProjLod") return "textureProjLod";
    }
    return {};
  };
  bool any = false;
  const std::vector<Token> tokens = lex(text);
  for (const Token& t : tokens) any = any || (t.kind == TokenKind::Identifier && !generic(t.text).empty());
  if (!any) return text;
  std::string out;
  out.reserve(text.size());
  for (const Token& t : tokens) {
    const std::string_view g = t.kind == TokenKind::Identifier ? generic(t.text) : std::string_view{};
    out += g.empty() ? t.text : g;
  }
  return out;
}

}  // namespace

std::string with_desktop_extension_versions(std::string text, ShaderStage stage, const GlslVersion& declared,
                                            const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number < 140 || declared.number >= 450) return text;
  struct CoreForm {
    std::string_view extension;
    int version;
    bool fragment_only;
    std::initializer_list<std::string_view> identifiers;  // empty: any use of the extension
  };
  static const CoreForm kForms[] = {
      {"GL_ARB_conservative_depth", 420, true, {"depth_any", "depth_greater", "depth_less", "depth_unchanged"}},
      // The AMD extension the ARB one was made from: the same qualifiers.
      {"GL_AMD_conservative_depth", 420, true, {"depth_any", "depth_greater", "depth_less", "depth_unchanged"}},
      {"GL_ARB_texture_query_levels", 430, false, {"textureQueryLevels"}},
      // glslang knows these extensions but declares what they add only
      // from GLSL 1.50 (the packing functions, floatBitsTo*/*BitsToFloat,
      // textureQueryLOD, doubles, multisample samplers) or 3.30 (uniform
      // locations).
      {"GL_ARB_shader_bit_encoding",
       150,
       false,
       {"floatBitsToInt", "floatBitsToUint", "intBitsToFloat", "uintBitsToFloat"}},
      {"GL_ARB_texture_query_lod", 150, true, {"textureQueryLOD", "textureQueryLod"}},
      {"GL_ARB_gpu_shader_fp64", 150, false, {}},
      {"GL_ARB_vertex_attrib_64bit", 150, false, {}},
      {"GL_ARB_texture_multisample", 150, false, {}},
      {"GL_ARB_explicit_uniform_location", 330, false, {"location"}},
      // Not an extension: GLSL 1.40's own inverse(), which glslang
      // declares from 1.50.
      {"", 150, false, {"inverse"}},
      {"GL_ARB_shading_language_packing",
       150,
       false,
       {"packSnorm2x16", "unpackSnorm2x16", "packUnorm2x16", "unpackUnorm2x16", "packSnorm4x8", "unpackSnorm4x8",
        "packUnorm4x8", "unpackUnorm4x8", "packHalf2x16", "unpackHalf2x16"}},
      {"GL_ARB_fragment_layer_viewport", 430, true, {"gl_Layer", "gl_ViewportIndex"}},
      // EXT_gpu_shader4's fragment gl_PrimitiveID (its GLSL 1.10 - 1.30
      // sources reach here as 1.40: legacy_extension_versions.h).
      {"GL_EXT_gpu_shader4", 150, true, {"gl_PrimitiveID"}},
      // Storage blocks in GLSL 1.40, which glslang takes only in a profile
      // (1.50 and later).
      {"GL_ARB_shader_storage_buffer_object", 150, false, {"buffer"}},
      // Arrays of arrays have no identifier to look for (sources below
      // 1.40 are raised around the upgrader: legacy_extension_versions.h).
      {"GL_ARB_arrays_of_arrays", 430, false, {}},
      // textureSamples / imageSamples (SPIR-V OpImageQuerySamples), which
      // glslang declares from 4.50 only.
      {"GL_ARB_shader_texture_image_samples", 450, false, {"textureSamples", "imageSamples"}},
  };
  int target = declared.number;
  for (const CoreForm& f : kForms) {
    if (f.version <= target || (f.fragment_only && stage != ShaderStage::Fragment)) continue;
    if (!f.extension.empty() && (unexposed_has(unexposed, f.extension) || !enables_extension(text, f.extension)))
      continue;
    bool used = f.identifiers.size() == 0;
    for (std::string_view id : f.identifiers) used = used || mentions_identifier(text, id);
    if (used) target = f.version;
  }
  if (target == declared.number) return text;
  // GLSL 1.40 (no profile) still has texture2D and gl_FragColor for
  // glslang; 1.50's core profile and 4.20 do not.
  if (target >= 420 || (declared.number < 150 && !declared.compatibility)) {
    text = with_generic_texture_functions(std::move(text));
    if (stage == ShaderStage::Fragment) text = with_declared_fragment_outputs(std::move(text), target);
  }
  return with_version_number(std::move(text), declared, target);
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

std::string with_desktop_derivative_control_version(std::string text, const GlslVersion& declared,
                                                    const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number >= 400 || declared.number < 140) return text;
  if (unexposed_has(unexposed, "GL_ARB_derivative_control") ||
      !enables_extension(text, "GL_ARB_derivative_control"))
    return text;
  static constexpr std::string_view kFunctions[] = {"dFdxFine",   "dFdyFine",   "fwidthFine",
                                                    "dFdxCoarse", "dFdyCoarse", "fwidthCoarse"};
  bool calls = false;
  for (const Token& t : lex(text))
    for (std::string_view f : kFunctions) calls = calls || (t.kind == TokenKind::Identifier && t.text == f);
  return calls ? with_version_number(std::move(text), declared, 400) : text;
}

std::string with_desktop_es31_compatibility_version(std::string text, const GlslVersion& declared,
                                                    const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number >= 450 || declared.number < 140) return text;
  if (unexposed_has(unexposed, "GL_ARB_ES3_1_compatibility") ||
      !enables_extension(text, "GL_ARB_ES3_1_compatibility"))
    return text;
  bool names_new_builtin = declared.number >= 420;
  if (!names_new_builtin) {
    static constexpr std::string_view kNames[] = {
        "gl_HelperInvocation",         "gl_MaxSamples",
        "gl_MaxVertexImageUniforms",   "gl_MaxFragmentImageUniforms",
        "gl_MaxComputeImageUniforms",  "gl_MaxCombinedImageUniforms",
        "gl_MaxCombinedShaderOutputResources", "imageAtomicExchange"};
    for (const Token& t : lex(text))
      for (std::string_view n : kNames) names_new_builtin = names_new_builtin || (t.kind == TokenKind::Identifier && t.text == n);
  }
  return names_new_builtin ? with_version_number(std::move(text), declared, 450) : text;
}

std::string with_desktop_enhanced_layouts_version(std::string text, const GlslVersion& declared,
                                                  const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number != 140) return text;
  if (unexposed_has(unexposed, "GL_ARB_enhanced_layouts") || !enables_extension(text, "GL_ARB_enhanced_layouts"))
    return text;
  return with_version_number(std::move(text), declared, 150);
}

std::string with_desktop_image_indexing_version(std::string text, const GlslVersion& declared,
                                               const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number < 140 || declared.number >= 400) return text;
  if (unexposed_has(unexposed, "GL_ARB_shader_image_load_store") ||
      !enables_extension(text, "GL_ARB_shader_image_load_store"))
    return text;
  return with_version_number(std::move(text), declared, 400);
}

std::string with_desktop_image_size_version(std::string text, const GlslVersion& declared,
                                           const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number < 140 || declared.number >= 420) return text;
  if (unexposed_has(unexposed, "GL_ARB_shader_image_size") || !enables_extension(text, "GL_ARB_shader_image_size"))
    return text;
  bool calls = false;
  for (const Token& t : lex(text)) calls = calls || (t.kind == TokenKind::Identifier && t.text == "imageSize");
  return calls ? with_version_number(std::move(text), declared, 420) : text;
}

std::string with_desktop_feature_versions(std::string text, const GlslVersion& declared,
                                          const std::vector<std::string>& unexposed) {
  if (declared.es || !declared.explicit_directive || declared.number >= 450) return text;
  // Each returns the text with its own number, or unchanged.
  int wanted = 0;
  for (auto rewrite : {with_desktop_enhanced_layouts_version, with_desktop_derivative_control_version,
                       with_desktop_es31_compatibility_version, with_desktop_image_indexing_version,
                       with_desktop_image_size_version}) {
    const std::string rewritten = rewrite(text, declared, unexposed);
    if (rewritten != text) wanted = std::max(wanted, detect_glsl_version(rewritten, Api::GL).number);
  }
  if (wanted <= detect_glsl_version(text, Api::GL).number) return text;
  return with_version_number(std::move(text), declared, wanted);
}

std::string with_enhanced_layouts_constants(std::string text, const GlslVersion& declared,
                                            const std::vector<std::string>& unexposed, const ShaderLimits& limits) {
  if (declared.es || declared.number >= 430 || text.find("gl_MaxTransformFeedback") == std::string::npos) return text;
  if (unexposed_has(unexposed, "GL_ARB_enhanced_layouts") || !enables_extension(text, "GL_ARB_enhanced_layouts"))
    return text;
  std::string out;
  out.reserve(text.size());
  for (const Token& t : lex(text)) {
    if (t.kind == TokenKind::Identifier && t.text == "gl_MaxTransformFeedbackBuffers")
      out += std::to_string(limits.max_transform_feedback_buffers);
    else if (t.kind == TokenKind::Identifier && t.text == "gl_MaxTransformFeedbackInterleavedComponents")
      out += std::to_string(limits.max_transform_feedback_interleaved_components);
    else
      out += t.text;
  }
  return out;
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

std::string desktop_texture_rectangle_preamble(std::string_view text, const GlslVersion& version,
                                               const std::vector<std::string>& unexposed) {
  if (version.es || version.number >= 140 || unexposed_has(unexposed, "GL_ARB_texture_rectangle")) return {};
  for (const Token& t : lex(text))
    if (t.kind == TokenKind::Identifier && (t.text == "sampler2DRect" || t.text == "sampler2DRectShadow"))
      return "#extension GL_ARB_texture_rectangle : enable\n";
  return {};
}

std::string desktop_instance_id_check_preamble(std::string_view text, ShaderStage stage, const GlslVersion& version) {
  if (version.es || version.number >= 140 || stage != ShaderStage::Vertex) return {};
  if (!enables_extension(text, "GL_ARB_draw_instanced") || !mentions_identifier(text, "gl_InstanceID")) return {};
  return "#define gl_InstanceID brass_check_InstanceID\nint brass_check_InstanceID;\n";
}

}  // namespace brass::compiler
