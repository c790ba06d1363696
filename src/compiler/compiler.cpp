// glCompileShader / glLinkProgram on glslang. Each application shader is
// parsed twice: once with its own version and plain GL rules (this is what
// decides GL_COMPILE_STATUS and writes the info log), then, upgraded if it is
// older than ES 3.10 / GLSL 1.40, with Vulkan relaxed rules for SPIR-V.
#include "compiler/compiler.h"

#include <glslang/SPIRV/GlslangToSpv.h>
#include <glslang/MachineIndependent/iomapper.h>

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <set>

#include "compiler/advanced_blend.h"
#include "compiler/alpha_test.h"
#include "compiler/attribute_aliasing.h"
#include "compiler/binding_resolver.h"
#include "compiler/builtin_block_trim.h"
#include "compiler/block_layout.h"
#include "compiler/bounding_box.h"
#include "compiler/opaque_struct_lowering.h"
#include "compiler/per_sample_interpolation.h"
#include "compiler/build_id.h"
#include "compiler/dual_source.h"
#include "compiler/desktop_glsl_rewrites.h"
#include "compiler/legacy_texture_extensions.h"
#include "compiler/link_time_errors.h"
#include "compiler/int64_shaders.h"
#include "compiler/cull_distance_standin.h"
#include "compiler/es_builtin_standins.h"
#include "compiler/unpack_half_split.h"
#include "compiler/image_formats.h"
#include "compiler/opaque_array_flattening.h"
#include "compiler/opaque_array_indexing.h"
#include "compiler/passthrough_tess_control.h"
#include "compiler/rectangle_samplers.h"
#include "compiler/external_samplers.h"
#include "compiler/framebuffer_fetch.h"
#include "compiler/draw_parameters.h"
#include "compiler/gl46_function_versions.h"
#include "compiler/glsl_normalize.h"
#include "compiler/glsl_rule_checks.h"
#include "compiler/constant_builtin_folding.h"
#include "compiler/glsl_upgrader.h"
#include "compiler/legacy_extension_versions.h"
#include "compiler/io_blocks.h"
#include "compiler/glslang_glue.h"
#include "compiler/link_checks.h"
#include "compiler/program_reflection.h"
#include "compiler/shader_cache.h"
#include "compiler/spirv_patch.h"
#include "compiler/subgroup_vote.h"
#include "compiler/stage_units.h"
#include "compiler/subroutines.h"
#include "compiler/uniform_initializers.h"
#include "compiler/varying_packing.h"
#include "compiler/vertex_input_64bit.h"
#include "util/log.h"
#include "util/options.h"
#include "util/stats.h"

namespace brass::compiler {
namespace {

// spirv-val, as Vulkan 1.2 sees a module (the device minimum), on every
// stage a link makes: false (with the validator's words in the log) for a
// module that must not reach the driver.
bool spirv_is_valid_for_link(const std::vector<uint32_t>& spirv, ShaderStage stage, std::string* log) {
  std::string error;
  if (validate_spirv(spirv, VulkanEnv::Vulkan1_2, &error)) return true;
  BRASS_WARN("compiler: produced invalid SPIR-V for stage %d: %s", static_cast<int>(stage), error.c_str());
  *log += "ERROR: internal error: invalid SPIR-V generated\n" + error;
  return false;
}

// The source rewrites glslang needs before it parses an application's
// shader (after the subroutine lowering), in their order: constant calls
// glslang does not fold respelled (constant_builtin_folding.h), the ARB instance
// ID name, enhanced-layouts constants and the stage extensions' versions
// first, then the ES built-in stand-ins and desktop gl_CullDistance's, 16-bit normalized image formats
// (collected into `norm16_images` where not null), and the desktop
// extensions' core versions. Compiling and linking rewrite alike.
std::string rewrite_source_for_glslang(std::string text, ShaderStage stage, const GlslVersion& declared, Api api,
                                       const std::vector<std::string>& unexposed, const ShaderLimits& limits,
                                       Norm16ImageFormats* norm16_images) {
  text = lower_legacy_texture_extensions(std::move(text), stage, declared, unexposed);
  text = fold_constant_builtin_calls(std::move(text), declared.number, declared.es);
  text = with_core_instance_id(std::move(text), api);
  text = with_enhanced_layouts_constants(std::move(text), declared, unexposed, limits);
  text = with_stage_extension_versions(std::move(text), stage, declared, unexposed);
  text = rewrite_es_builtin_standins(std::move(text), stage, declared, unexposed);
  text = with_desktop_cull_distance(std::move(text), stage, declared, unexposed, limits);
  text = rewrite_norm16_image_formats(std::move(text), declared, unexposed, norm16_images);
  text = with_desktop_extension_versions(std::move(text), stage, declared, unexposed);
  text = with_desktop_compute_version(std::move(text), stage, declared, unexposed);
  text = with_int64_support(std::move(text), stage, declared, unexposed);
  text = with_desktop_atomics_version(std::move(text), declared, unexposed);
  // After the atomics (430): these may raise the number further, never lower it.
  text = with_desktop_group_vote_version(std::move(text), declared, unexposed);
  text = with_desktop_draw_parameters_version(std::move(text), declared, unexposed);
  text = with_atomic_counter_ops_names(std::move(text), declared, unexposed);
  return with_desktop_feature_versions(std::move(text), declared, unexposed);
}

// A GLSL version above what the context implements is an unsupported
// version there (ES 3.0 contexts compile only 100 and 300 es, a GL 3.3
// context nothing above 330), whatever the compiler itself could do; so is
// the compatibility profile in a core-profile context.
bool es_version_supported(const GlslVersion& v, const ShaderLimits& limits, std::string* log) {
  if (!v.explicit_directive) return true;
  const std::string where = "ERROR: 0:" + std::to_string(v.directive_line) + ": '#version' : ";
  if (v.es) {
    if (v.number <= limits.max_es_version) return true;
    *log += where + "version " + std::to_string(v.number) + " es is not supported by this context\n";
    return false;
  }
  if (v.number > limits.max_desktop_version) {
    *log += where + "version " + std::to_string(v.number) + " is not supported by this context\n";
    return false;
  }
  if (v.compatibility && limits.core_profile_only) {
    *log += where + "the compatibility profile is not supported by this core-profile context\n";
    return false;
  }
  return true;
}

StatCounter g_compiles("compiler.compile");
StatCounter g_links("compiler.link");
StatCounter g_link_failures("compiler.link_failed");

// IntermediateIO: program inputs are the first linked stage's and outputs
// the last's (a separable program may start at the fragment stage or end
// at the vertex stage), not always the vertex and fragment stages'.
constexpr int kReflectionOptions = EShReflectionStrictArraySuffix | EShReflectionBasicArraySuffix |
                                   EShReflectionSeparateBuffers | EShReflectionAllIOVariables |
                                   EShReflectionIntermediateIO;

const EShMessages kSpirvMessages = static_cast<EShMessages>(EShMsgSpvRules | EShMsgVulkanRules);

bool contains_word(std::string_view text, std::string_view word) {
  size_t pos = 0;
  while ((pos = text.find(word, pos)) != std::string_view::npos) {
    const bool start_ok = pos == 0 || !(std::isalnum(static_cast<unsigned char>(text[pos - 1])) || text[pos - 1] == '_');
    const size_t end = pos + word.size();
    const bool end_ok = end >= text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_');
    if (start_ok && end_ok) return true;
    pos = end;
  }
  return false;
}

// One attached shader (a compilation unit; desktop GL links several of one
// stage, see stage_units.h) prepared for SPIR-V: the glslang shader and
// what we learnt.
struct PreparedUnit {
  ShaderStage stage;
  GlslVersion version;
  std::string normalized_source;  // the application's, before the upgrade
  std::string spirv_source;
  std::string preamble;  // must outlive the TShader
  std::unique_ptr<glslang::TShader> shader;
  Norm16ImageFormats norm16_images;  // parsed with a stand-in format
  // samplerExternalOES uniforms made sampler2D, and the sampler2D ones
  // (external_samplers.h).
  std::set<std::string> external_uniforms, sampler_2d_uniforms;
};

std::unique_ptr<glslang::TShader> parse_for_spirv(ShaderStage stage, const std::string& text,
                                                  const std::string& preamble,
                                                  const TBuiltInResource& resources, std::string* log) {
  const EShLanguage lang = to_glslang(stage);
  auto shader = std::make_unique<glslang::TShader>(lang);
  const char* str = text.c_str();
  const int len = static_cast<int>(text.size());
  shader->setStringsWithLengths(&str, &len, 1);
  shader->setPreamble(preamble.c_str());
  shader->setEnvInput(glslang::EShSourceGlsl, lang, glslang::EShClientVulkan, 100);
  shader->setEnvClient(glslang::EShClientVulkan, glslang::EShTargetVulkan_1_1);
  shader->setEnvTarget(glslang::EShTargetSpv, glslang::EShTargetSpv_1_3);
  shader->setEnvInputVulkanRulesRelaxed();
  shader->setGlobalUniformBlockName(kDefaultBlockName);
  shader->setGlobalUniformSet(kSetDefaultUniforms);
  // glslang's linker insists the default block has the same binding in
  // every stage; the per-stage binding of the contract is applied to the
  // SPIR-V afterwards (remap_descriptors).
  shader->setGlobalUniformBinding(0);
  shader->setAutoMapBindings(true);
  shader->setAutoMapLocations(true);
  if (!shader->parse(&resources, 100, ENoProfile, false, false, kSpirvMessages)) {
    *log += tidy_info_log(shader->getInfoLog(), shader->getInfoDebugLog());
    return nullptr;
  }
  return shader;
}

// What the code generation after the link reads of a stage's sources: the
// text scans (gl_PointSize, gl_InstanceID, transform feedback names) see
// every unit of the stage.
struct StageFacts {
  ShaderStage stage;
  std::string spirv_source;  // the units' texts, one after the other
  Norm16ImageFormats norm16_images;
};

StageFacts stage_facts(const std::vector<PreparedUnit>& units, ShaderStage stage) {
  StageFacts f{stage, {}, {}};
  for (const PreparedUnit& u : units) {
    if (u.stage != stage) continue;
    f.spirv_source += u.spirv_source;
    f.spirv_source += '\n';
    f.norm16_images.insert(u.norm16_images.begin(), u.norm16_images.end());
  }
  return f;
}

// Vertex inputs: explicit layout(location) wins, then glBindAttribLocation,
// then the lowest free locations. The SPIR-V is patched by variable name.
// Offsets, strides and matrix layout of block members from the SPIR-V's
// decorations (BlockLayouts says why glslang's reflection is not used).
void apply_block_layouts(const std::vector<BlockLayouts>& layouts, const std::vector<LayoutQuery>& queries,
                         ProgramInterface* pi) {
  for (const LayoutQuery& q : queries) {
    for (const BlockLayouts& l : layouts) {
      const std::optional<MemberLayout> found = l.resolve(q.block_type, q.name);
      if (!found) continue;
      if (q.buffer_variable) {
        BufferVariable& v = pi->buffer_variables[q.uniform];
        v.offset = found->offset;
        v.array_stride = found->array_stride;
        v.matrix_stride = found->matrix_stride;
        v.row_major = found->row_major;
        if (!q.top_level_name.empty())
          if (const std::optional<MemberLayout> top = l.resolve(q.block_type, q.top_level_name))
            v.top_level_array_stride = top->array_stride;
        break;
      }
      Uniform& u = pi->uniforms[q.uniform];
      u.offset = found->offset;
      u.array_stride = found->array_stride;
      u.matrix_stride = found->matrix_stride;
      u.row_major = found->row_major;
      break;
    }
  }
}

// `aliasing_allowed`: GLSL ES 1.00 and desktop GLSL let glBindAttribLocation
// put two attributes at one location (attribute_aliasing.h); GLSL ES 3.00
// and later make that a link error.
bool assign_attribute_locations(ProgramInterface& pi, const std::vector<AttributeBinding>& bindings,
                                const ShaderLimits& limits, std::string* log,
                                const std::map<std::string, bool>& explicit_location, bool aliasing_allowed) {
  std::vector<bool> used(static_cast<size_t>(std::max(limits.max_vertex_attribs, 1)) + 64, false);
  // GL locations an attribute occupies: one per matrix column.
  auto slots = [](uint32_t type, int32_t array_size) {
    int n = 1;
    switch (type) {
      case 0x8B5A: case 0x8B65: case 0x8B66: n = 2; break;  // mat2, mat2x3, mat2x4
      case 0x8B5B: case 0x8B67: case 0x8B68: n = 3; break;  // mat3, mat3x2, mat3x4
      case 0x8B5C: case 0x8B69: case 0x8B6A: n = 4; break;  // mat4, mat4x2, mat4x3
      // A double vector is one GL location too, whatever its components
      // (GLSL 4.60 §4.4.1: every vertex input vector takes one); Vulkan's
      // two for dvec3/dvec4 are vulkan_vertex_input_locations' business.
      case 0x8F46: case 0x8F49: case 0x8F4A: n = 2; break;  // dmat2, dmat2x3, dmat2x4
      case 0x8F47: case 0x8F4B: case 0x8F4C: n = 3; break;  // dmat3, dmat3x2, dmat3x4
      case 0x8F48: case 0x8F4D: case 0x8F4E: n = 4; break;  // dmat4, dmat4x2, dmat4x3
      default: break;
    }
    return n * std::max(array_size, 1);
  };
  std::vector<int32_t> wanted(pi.attributes.size(), -1);
  for (size_t i = 0; i < pi.attributes.size(); ++i) {
    const InterfaceVariable& a = pi.attributes[i];
    // Arrays are reflected as "name[0]"; the source and the API use "name".
    const std::string base = a.name.size() > 3 && a.name.compare(a.name.size() - 3, 3, "[0]") == 0
                                 ? a.name.substr(0, a.name.size() - 3)
                                 : a.name;
    auto ex = explicit_location.find(base);
    if (ex != explicit_location.end() && ex->second) {
      wanted[i] = a.location;
    } else {
      for (const AttributeBinding& b : bindings)
        if (b.name == base || b.name == a.name) wanted[i] = static_cast<int32_t>(b.location);
    }
  }
  auto mark = [&](int32_t loc, int n) {
    for (int k = 0; k < n; ++k) {
      const size_t at = static_cast<size_t>(loc + k);
      if (at >= used.size() || loc + k >= limits.max_vertex_attribs) return false;
      used[at] = true;
    }
    return true;
  };
  auto taken = [&](int32_t loc, int n) {
    for (int k = 0; k < n; ++k) {
      const size_t at = static_cast<size_t>(loc + k);
      if (at < used.size() && used[at]) return true;
    }
    return false;
  };
  for (size_t i = 0; i < pi.attributes.size(); ++i) {
    if (wanted[i] < 0) continue;
    const int n = slots(pi.attributes[i].type, pi.attributes[i].array_size);
    if (!aliasing_allowed && taken(wanted[i], n)) {
      *log += "ERROR: attribute '" + pi.attributes[i].name + "' is bound to location " + std::to_string(wanted[i]) +
              ", which another attribute uses (aliasing is not allowed in this GLSL version)\n";
      return false;
    }
    if (!mark(wanted[i], n)) {
      *log += "ERROR: attribute '" + pi.attributes[i].name + "' does not fit at location " +
              std::to_string(wanted[i]) + "\n";
      return false;
    }
  }
  for (size_t i = 0; i < pi.attributes.size(); ++i) {
    if (wanted[i] >= 0) continue;
    const int n = slots(pi.attributes[i].type, pi.attributes[i].array_size);
    int32_t loc = 0;
    for (;; ++loc) {
      if (loc + n > limits.max_vertex_attribs) {
        *log += "ERROR: too many vertex attributes (limit " + std::to_string(limits.max_vertex_attribs) + ")\n";
        return false;
      }
      bool free = true;
      for (int k = 0; k < n; ++k) free = free && !used[static_cast<size_t>(loc + k)];
      if (free) break;
    }
    mark(loc, n);
    wanted[i] = loc;
  }
  for (size_t i = 0; i < pi.attributes.size(); ++i) pi.attributes[i].location = wanted[i];
  return true;
}

LinkResult link_uncached(const LinkInput& input) {
  LinkResult result;
  ensure_glslang_process();
  const TBuiltInResource resources = make_builtin_resources(input.limits);

  if (input.shaders.empty()) {
    result.info_log = "ERROR: no shaders attached to the program\n";
    return result;
  }
  std::array<bool, kShaderStageCount> seen{};
  ValidationFacts facts;
  bool advanced_blend = false;  // the fragment shader has the blend epilogue
  bool advanced_blend_fetch_only = false;  // ... and its fetch of draw buffer 0 is for that only
  std::vector<PreparedUnit> units;  // sorted by stage below
  std::array<StageSubroutines, kShaderStageCount> subroutines;  // from lower_subroutines
  for (const ShaderSource& original : input.shaders) {
    const GlslVersion declared = detect_glsl_version(original.text, input.api);
    LoweredSubroutines lowered =
        lower_subroutines(original.text, original.stage, declared, input.api, input.unexposed_extensions);
    if (!lowered.ok) {
      result.info_log += "ERROR: linking with an uncompiled shader\n" + lowered.info_log;
      return result;
    }
    StageSubroutines& stage_subroutines = subroutines[static_cast<size_t>(original.stage)];
    if (!lowered.interface.functions.empty() || !lowered.interface.uniforms.empty()) {
      // Each unit's lowering numbers its subroutines from 0: the units of
      // one stage cannot share the selection array.
      if (!stage_subroutines.functions.empty() || !stage_subroutines.uniforms.empty()) {
        result.info_log += "ERROR: subroutines declared in more than one shader of a stage are not supported\n";
        return result;
      }
      stage_subroutines = std::move(lowered.interface);
    }
    Norm16ImageFormats norm16_images;
    const ShaderSource src{original.stage,
                           rewrite_source_for_glslang(std::move(lowered.text), original.stage, declared, input.api,
                                                      input.unexposed_extensions, input.limits, &norm16_images)};
    const int s = static_cast<int>(src.stage);
    // GL ES links one shader per stage; desktop GL several (stage_units.h).
    if (seen[s] && input.api == Api::GLES) {
      result.info_log += "ERROR: more than one shader of the same stage attached\n";
      return result;
    }
    seen[s] = true;
    PreparedUnit p;
    p.stage = src.stage;
    p.norm16_images = std::move(norm16_images);
    std::string log;
    if (!es_version_supported(declared, input.limits, &log) ||
        !validate_glsl(src, input.api, resources, &p.version, &log, &facts, input.unexposed_extensions,
                       &input.limits)) {
      result.info_log += "ERROR: linking with an uncompiled shader\n" + log;
      return result;
    }
    NormalizedGlsl normalized = normalize_glsl(src.text, p.version, input.unexposed_extensions);
    p.preamble = std::move(normalized.preamble);
    if (p.version.es && contains_word(src.text, "atomic_uint")) {
      // glslang turns atomic counters into buffer atomics and, for
      // atomicCounterDecrement, subtracts an int from a uint, which ESSL
      // only accepts with implicit conversions. The application's source
      // was already validated, so relaxing the code-generation parse is safe.
      p.preamble += "#extension GL_EXT_shader_implicit_conversions : enable\n";
    }
    if (p.version.es && p.version.number == 100 && src.text.find("sampler") != std::string::npos) {
      // ESSL 1.00 indexes sampler arrays with loop indices (constant-index-
      // expressions, appendix A); the ESSL 3.10 it is upgraded to allows
      // that only with gpu_shader5. The validation parse already held the
      // shader to 1.00's rules (`precise` is renamed by the upgrader).
      p.preamble += "#extension GL_EXT_gpu_shader5 : enable\n";
    }
    FramebufferFetchInfo fetch;
    const std::string hoisted =
        make_fetch_source_parseable(normalized.text, src.stage == ShaderStage::Fragment, p.version,
                                    input.limits.max_draw_buffers, &fetch);
    p.preamble += fetch_preamble(fetch, input.limits.max_draw_buffers);
    p.normalized_source = hoisted;
    const GlslVersion hoisted_version = detect_glsl_version(hoisted, input.api);
    p.spirv_source = version_needs_upgrade(p.version)
                         ? upgrade_glsl(hoisted, src.stage, hoisted_version, input.limits).text
                         : rewrite_current_glsl(hoisted, src.stage, hoisted_version);
    if (input.api == Api::GL)
      p.spirv_source = with_legacy_extension_spirv_version(std::move(p.spirv_source), p.stage, hoisted_version,
                                                           input.unexposed_extensions);
    p.spirv_source = flatten_opaque_arrays_of_arrays(lower_opaque_struct_members(p.spirv_source));
    if (p.version.es) {
      ExternalSamplerLowering external = lower_external_samplers(p.spirv_source);
      p.spirv_source = std::move(external.text);
      p.external_uniforms = std::move(external.external_uniforms);
      p.sampler_2d_uniforms = std::move(external.sampler_2d_uniforms);
    }
    p.spirv_source = flip_point_coord(rewrite_depth_range(p.spirv_source), p.stage);
    p.spirv_source = rewrite_num_samples(p.spirv_source, p.stage);
    p.spirv_source = add_subpass_loads(p.spirv_source, fetch);
    if (p.stage == ShaderStage::Fragment && p.version.es)
      p.spirv_source = place_unlocated_outputs(p.spirv_source, input.frag_data_bindings);
    if (p.stage == ShaderStage::Fragment && facts.blend_support && facts.blend_output.components > 0 &&
        !advanced_blend && (input.api == Api::GLES || defines_main(p.spirv_source))) {
      // KHR_blend_equation_advanced: blended in the shader (advanced_blend.h).
      // The upgrader renames identifiers that are keywords of the target
      // version; the output is referred to as the text now spells it.
      const BlendOutput& out = facts.blend_output;
      const std::string in_text = contains_word(p.spirv_source, out.name) ? out.name : "brass_r_" + out.name;
      bool fetches_buffer0 = fetch.uses_last_frag_data;
      for (const FetchedOutput& o : fetch.outputs) fetches_buffer0 = fetches_buffer0 || o.location == 0;
      p.preamble += advanced_blend_preamble();
      p.spirv_source += advanced_blend_epilogue(out, in_text, !fetches_buffer0);
      advanced_blend = true;
      advanced_blend_fetch_only = !fetches_buffer0;
    }
    units.push_back(std::move(p));
  }
  // By stage; a stage's units stay in attachment order.
  std::stable_sort(units.begin(), units.end(),
                   [](const PreparedUnit& a, const PreparedUnit& b) { return a.stage < b.stage; });
  std::vector<ShaderStage> stage_list;  // the program's stages, in order
  for (const PreparedUnit& u : units)
    if (stage_list.empty() || stage_list.back() != u.stage) stage_list.push_back(u.stage);
  for (ShaderStage stage : stage_list) {
    std::vector<std::string*> sources;
    for (PreparedUnit& u : units)
      if (u.stage == stage) sources.push_back(&u.spirv_source);
    share_generated_helpers(sources);
    if (stage == ShaderStage::Geometry) share_geometry_input_layout(sources);
    if (stage == ShaderStage::Fragment && sources.size() > 1 && input.api == Api::GL) {
      for (std::string* text : sources)
        *text = with_declared_fragment_outputs(std::move(*text), detect_glsl_version(*text, Api::GL).number);
    }
  }
  if (!facts.mismatched_block_layouts.empty()) {
    for (const std::string& block : facts.mismatched_block_layouts)
      result.info_log += "ERROR: " + block + " is declared with different layout qualifiers in different stages\n";
    return result;
  }
  if (seen[static_cast<int>(ShaderStage::Compute)] && stage_list.size() > 1) {
    result.info_log = "ERROR: a compute shader cannot be linked with other stages\n";
    return result;
  }
  // GLSL ES: every shader of a program must use the same version.
  if (input.api == Api::GLES) {
    for (const PreparedUnit& p : units) {
      if (p.version.number != units.front().version.number) {
        result.info_log = "ERROR: GLSL ES shaders of different versions (" +
                          std::to_string(units.front().version.number) + " and " +
                          std::to_string(p.version.number) + ") cannot be linked together\n";
        return result;
      }
    }
    // GL ES: a program that is not separable needs both a vertex and a
    // fragment shader (or is a compute program).
    if (!input.separable && !seen[static_cast<int>(ShaderStage::Compute)] &&
        (!seen[static_cast<int>(ShaderStage::Vertex)] || !seen[static_cast<int>(ShaderStage::Fragment)])) {
      result.info_log = "ERROR: a GL ES program needs both a vertex and a fragment shader\n";
      return result;
    }
  }

  if (units.front().version.es && units.front().version.number == 100) {
    const PreparedUnit* vs = nullptr;
    const PreparedUnit* fs = nullptr;
    for (const PreparedUnit& p : units) {
      if (p.stage == ShaderStage::Vertex) vs = &p;
      if (p.stage == ShaderStage::Fragment) fs = &p;
    }
    if (vs && fs && !check_es100_builtin_invariance(vs->normalized_source, fs->normalized_source, &result.info_log))
      return result;
  }

  glslang::TProgram program;
  for (PreparedUnit& p : units) {
    std::string log;
    p.shader = parse_for_spirv(p.stage, p.spirv_source, p.preamble, resources, &log);
    if (!p.shader) {
      result.info_log += "ERROR: internal error translating the " + std::to_string(static_cast<int>(p.stage)) +
                         " shader for Vulkan:\n" + log;
      BRASS_WARN("compiler: upgraded shader failed to compile:\n%s\n--- source ---\n%s", log.c_str(),
                 p.spirv_source.c_str());
      return result;
    }
    program.addShader(p.shader.get());
  }
  for (ShaderStage stage : stage_list) {
    // The rules between the units of one stage glslang leaves out.
    std::vector<const glslang::TIntermediate*> stage_units;
    std::vector<const std::string*> stage_sources;
    for (const PreparedUnit& u : units) {
      if (u.stage != stage) continue;
      stage_units.push_back(u.shader->getIntermediate());
      stage_sources.push_back(&u.normalized_source);
    }
    if (!check_global_initializers(stage_units, stage, &result.info_log)) return result;
    if (stage == ShaderStage::Fragment && !check_frag_coord_redeclarations(stage_sources, &result.info_log))
      return result;
  }
  {
    std::vector<const glslang::TIntermediate*> intermediates;
    std::vector<std::string> sources;
    for (const PreparedUnit& p : units) {
      intermediates.push_back(p.shader->getIntermediate());
      sources.push_back(p.spirv_source);
    }
    if (!check_uniform_precisions(intermediates, sources, units.front().version, &result.info_log)) return result;
  }
  if (!program.link(kSpirvMessages) && !only_patch_array_false_alarms(program.getInfoLog())) {
    result.info_log += tidy_info_log(program.getInfoLog(), program.getInfoDebugLog());
    return result;
  }
  const bool interpolation_must_match = units.front().version.es || units.front().version.number < 430;
  if (!check_stage_interfaces(program, stage_list, input.limits, interpolation_must_match, &result.info_log))
    return result;


  // Before mapIO assigns every input a location: which ones the
  // application placed itself (those beat glBindAttribLocation).
  std::set<std::string> explicit_inputs;
  if (seen[0]) explicit_inputs = explicitly_located_inputs(*program.getIntermediate(EShLangVertex));
  std::set<std::string> explicit_outputs;
  if (seen[static_cast<int>(ShaderStage::Fragment)])
    explicit_outputs = explicitly_located_outputs(*program.getIntermediate(EShLangFragment));
  // A separable program's first stage's inputs (other than the vertex
  // stage's) and last stage's outputs (other than the fragment stage's)
  // have a GL location only where the shader gives one (ES 3.1 §7.3.1.1).
  const bool varying_inputs = !seen[0] && units.front().stage != ShaderStage::Compute;
  const bool varying_outputs = !seen[static_cast<int>(ShaderStage::Fragment)] &&
                               units.back().stage != ShaderStage::Compute;
  std::set<std::string> explicit_varying_inputs, explicit_varying_outputs;
  if (varying_inputs)
    explicit_varying_inputs = explicitly_located_inputs(*program.getIntermediate(to_glslang(units.front().stage)));
  if (varying_outputs)
    explicit_varying_outputs = explicitly_located_outputs(*program.getIntermediate(to_glslang(units.back().stage)));
  // Interface-block members, read before the I/O mapping gives every block
  // a location (io_blocks.h).
  std::vector<InterfaceVariable> input_block_members, output_block_members;
  if (varying_inputs)
    input_block_members = io_block_members(*program.getIntermediate(to_glslang(units.front().stage)), true);
  if (varying_outputs)
    output_block_members = io_block_members(*program.getIntermediate(to_glslang(units.back().stage)), false);

  if (units.front().version.es) unify_struct_varying_precision(program, stage_list);
  glslang::TIntermediate* first = program.getIntermediate(to_glslang(units.front().stage));
  BindingResolver resolver(*first);
  glslang::TGlslIoMapper io_mapper;
  if (!program.mapIO(&resolver, &io_mapper)) {
    result.info_log += tidy_info_log(program.getInfoLog(), program.getInfoDebugLog());
    if (result.info_log.empty()) result.info_log = "ERROR: could not assign interface locations\n";
    return result;
  }
  if (!program.buildReflection(kReflectionOptions)) {
    result.info_log += "ERROR: reflection failed\n";
    return result;
  }

  // SPIR-V per stage (Brass's rewrites come later): its layout decorations
  // are what the uniform interface reports.
  std::vector<std::vector<uint32_t>> stage_spirv(stage_list.size());
  for (size_t i = 0; i < stage_list.size(); ++i) {
    glslang::SpvOptions options;
    options.generateDebugInfo = false;
    options.disableOptimizer = true;
    options.validate = false;
    spv::SpvBuildLogger logger;
    glslang::GlslangToSpv(*program.getIntermediate(to_glslang(stage_list[i])), stage_spirv[i], &logger, &options);
    if (stage_spirv[i].empty()) {
      result.info_log += "ERROR: SPIR-V generation failed: " + logger.getAllMessages() + "\n";
      return result;
    }
  }

  // One uniform name declared samplerExternalOES in one stage and
  // sampler2D in another is a type mismatch glslang no longer sees.
  std::set<std::string> external_uniforms;
  for (const PreparedUnit& p : units) external_uniforms.insert(p.external_uniforms.begin(), p.external_uniforms.end());
  for (const PreparedUnit& p : units)
    for (const std::string& name : p.sampler_2d_uniforms)
      if (external_uniforms.count(name)) {
        result.info_log += "ERROR: uniform '" + original_name(name) + "' declared with different types in different stages\n";
        return result;
      }
  ProgramInterface& pi = result.interface;
  BindingRemapTable remap;
  std::vector<LayoutQuery> layout_queries;
  std::vector<BlockLayouts> block_layouts;
  block_layouts.reserve(stage_spirv.size());
  for (const std::vector<uint32_t>& m : stage_spirv) block_layouts.emplace_back(m);
  if (!build_program_interface(program, resolver, facts.explicit_uniform_locations, &pi, &remap, &layout_queries,
                               &block_layouts, &external_uniforms)) {
    result.info_log += "ERROR: samplers and images inside structs are not supported\n";
    return result;
  }
  restrict_to_referencing_stages(program, kReflectionOptions, &pi);
  for (size_t s = 0; s < kShaderStageCount; ++s) {
    // The selection array's place in the default block is reflection's.
    StageSubroutines& to = pi.subroutines[s];
    to.functions = std::move(subroutines[s].functions);
    to.uniforms = std::move(subroutines[s].uniforms);
    to.location_count = subroutines[s].location_count;
  }
  auto unlocate_implicit = [](std::vector<InterfaceVariable>& vars, const std::set<std::string>& explicit_names) {
    for (InterfaceVariable& v : vars) {
      const std::string base = v.name.substr(0, v.name.find_first_of(".["));
      bool located = false;
      for (const std::string& e : explicit_names) located = located || original_name(e) == base;
      if (!located) v.location = -1;
    }
  };
  if (varying_inputs) unlocate_implicit(pi.attributes, explicit_varying_inputs);
  if (varying_outputs) unlocate_implicit(pi.fragment_outputs, explicit_varying_outputs);
  pi.attributes.insert(pi.attributes.end(), input_block_members.begin(), input_block_members.end());
  pi.fragment_outputs.insert(pi.fragment_outputs.end(), output_block_members.begin(), output_block_members.end());
  apply_block_layouts(block_layouts, layout_queries, &pi);
  apply_uniform_initializers(facts.uniform_initializers, &pi);
  pi.blend_support = facts.blend_support;
  pi.advanced_blend = advanced_blend;
  pi.advanced_blend_fetch_only = advanced_blend_fetch_only;
  if (!check_resource_limits(pi, input.limits, &result.info_log)) return result;

  ShaderStage last_vertex_stage = ShaderStage::Vertex;
  for (const PreparedUnit& p : units)
    if (p.stage != ShaderStage::Fragment && p.stage != ShaderStage::Compute) last_vertex_stage = p.stage;
  std::vector<std::vector<uint32_t>> xfb_paths;
  std::vector<std::string> xfb_bases;
  std::vector<uint32_t> xfb_streams;
  // Outputs the shader itself places with xfb_offset take the place of
  // glTransformFeedbackVaryings' list (ARB_enhanced_layouts).
  const bool xfb_qualifiers = reflect_transform_feedback_qualifiers(program, last_vertex_stage, &pi);
  if (!xfb_qualifiers &&
      !resolve_transform_feedback(program, last_vertex_stage, input.transform_feedback_varyings, &pi,
                                  &result.info_log, &xfb_paths, &xfb_bases, &xfb_streams))
    return result;

  // Transform feedback layout: interleaved = one buffer (gl_NextBuffer starts
  // the next), separate = one buffer per varying.
  std::vector<XfbCapture> xfb_captures;
  if (!pi.transform_feedback.empty() && !xfb_qualifiers) {
    uint32_t buffer = 0, offset = 0;
    for (size_t i = 0; i < pi.transform_feedback.size(); ++i) {
      InterfaceVariable& v = pi.transform_feedback[i];
      if (v.name == "gl_NextBuffer") {
        pi.transform_feedback_strides.resize(buffer + 1, 0);
        pi.transform_feedback_strides[buffer] = offset;
        ++buffer;
        offset = 0;
        continue;
      }
      if (v.name.compare(0, 17, "gl_SkipComponents") == 0) {
        offset += 4u * static_cast<uint32_t>(std::atoi(v.name.c_str() + 17));
        continue;
      }
      if (!input.transform_feedback_interleaved && offset > 0) {
        pi.transform_feedback_strides.resize(buffer + 1, 0);
        pi.transform_feedback_strides[buffer] = offset;
        ++buffer;
        offset = 0;
      }
      v.xfb_buffer = static_cast<int32_t>(buffer);
      v.xfb_offset = static_cast<int32_t>(offset);
      // One buffer holds one vertex stream's vertices (ARB_transform_feedback3).
      pi.transform_feedback_streams.resize(buffer + 1, kNoVertexStream);
      uint32_t& buffer_stream = pi.transform_feedback_streams[buffer];
      if (buffer_stream != kNoVertexStream && buffer_stream != xfb_streams[i]) {
        result.info_log += "ERROR: transform feedback buffer " + std::to_string(buffer) +
                           " captures varyings of different vertex streams\n";
        return result;
      }
      buffer_stream = xfb_streams[i];
      // Members and elements are captured through copies (see XfbCapture).
      xfb_captures.push_back({xfb_bases[i], buffer, offset, xfb_paths[i], xfb_streams[i]});
      offset += gl_type_size_bytes(v.type) * static_cast<uint32_t>(std::max(v.array_size, 1));
    }
    pi.transform_feedback_strides.resize(buffer + 1, 0);
    pi.transform_feedback_strides[buffer] = offset;
    pi.transform_feedback_streams.resize(buffer + 1, kNoVertexStream);
    if (pi.transform_feedback_strides.size() > static_cast<size_t>(input.limits.max_transform_feedback_buffers)) {
      result.info_log += "ERROR: transform feedback varyings use more than GL_MAX_TRANSFORM_FEEDBACK_BUFFERS buffers\n";
      return result;
    }
  }

  // Attribute locations (glBindAttribLocation) and fragment outputs.
  if (seen[0]) {
    std::map<std::string, bool> explicit_location;
    for (const std::string& name : explicit_inputs) explicit_location[original_name(name)] = true;
    const GlslVersion& vertex_version = units.front().version;  // sorted: the vertex stage is first
    const bool aliasing_allowed = !vertex_version.es || vertex_version.number < 300;
    if (!assign_attribute_locations(pi, input.attribute_bindings, input.limits, &result.info_log,
                                    explicit_location, aliasing_allowed))
      return result;
  }
  bool outputs_rebound = false;
  // Without a fragment stage the program's outputs are another stage's.
  std::vector<InterfaceVariable> no_colour_outputs;
  std::vector<InterfaceVariable>& colour_outputs =
      seen[static_cast<int>(ShaderStage::Fragment)] ? pi.fragment_outputs : no_colour_outputs;
  for (InterfaceVariable& o : colour_outputs) {
    for (const FragDataBinding& b : input.frag_data_bindings) {
      if (b.name != o.name && b.name + "[0]" != o.name) continue;
      // A location from the shader wins over the binding (EXT_blend_
      // func_extended; desktop GLSL §4.4.2). In ES, bound outputs were given
      // their binding as a layout already (place_unlocated_outputs), so this
      // only skips explicit ones.
      if (units.front().version.es && o.location >= 0) continue;
      if (explicit_outputs.count(original_name(o.name)) || explicit_outputs.count(o.name)) continue;
      outputs_rebound = true;
      o.location = static_cast<int32_t>(b.location);
      o.index = static_cast<int32_t>(b.index);
    }
  }

  // The locations each stage's own outputs span (transform-feedback copies
  // come later): more than MAX_VARYING_VECTORS needs packing.
  std::vector<uint32_t> output_spans;
  for (const std::vector<uint32_t>& spirv : stage_spirv) output_spans.push_back(output_location_span(spirv));
  // SPIR-V per stage, then Brass's rewrites.
  for (size_t stage_index = 0; stage_index < stage_list.size(); ++stage_index) {
    const StageFacts p = stage_facts(units, stage_list[stage_index]);
    StageBinary bin;
    bin.stage = p.stage;
    bin.spirv = std::move(stage_spirv[stage_index]);
    patch_builtin_standins(bin.spirv);
    const BuiltinBlockTrim trim = trim_builtin_blocks(bin.spirv);
    if (!trim.ok) {
      result.info_log += "ERROR: internal error: malformed SPIR-V\n";
      return result;
    }
    if (!trim.used_members_without_builtin.empty()) {
      // GLSL 1.50+ compatibility shaders reach these through gl_PerVertex,
      // where Vulkan has no built-in for them (builtin_block_trim.h); the
      // GLSL 1.10-1.30 spellings are lowered by the upgrader instead.
      result.info_log += "ERROR: not supported: the compatibility-profile outputs";
      for (const std::string& name : trim.used_members_without_builtin) result.info_log += " " + name;
      result.info_log += " in a gl_PerVertex block (GLSL 1.50 and later); use GLSL 1.30 or user-defined varyings\n";
      return result;
    }
    if (!lower_rectangle_samplers(bin.spirv)) {
      result.info_log += "ERROR: internal error: malformed SPIR-V\n";
      return result;
    }
    if (p.stage == ShaderStage::TessControl) make_bounding_box_private(bin.spirv);
    if (!lower_subgroup_vote(bin.spirv, (input.limits.subgroup_vote_stages >> static_cast<int>(p.stage)) & 1)) {
      result.info_log += "ERROR: internal error: malformed SPIR-V\n";
      return result;
    }
    if (!patch_norm16_image_formats(bin.spirv, p.norm16_images)) {
      result.info_log += "ERROR: internal error: cannot declare a 16-bit normalized image format\n";
      return result;
    }
    const uint32_t default_binding = default_block_binding(p.stage);
    remap_descriptors(bin.spirv, [&remap, default_binding](uint32_t set, uint32_t binding) {
      if (set == kSetDefaultUniforms) return std::make_pair(set, default_binding);
      auto it = remap.find({set, binding});
      return std::make_pair(set, it == remap.end() ? binding : it->second);
    });
    strip_uniform_locations(bin.spirv);
    if (!strip_relaxed_precision(bin.spirv) || !drop_block_variable_locations(bin.spirv) ||
        (input.limits.split_unpack_half_2x16 && !split_unpack_half_2x16(bin.spirv))) {
      result.info_log += "ERROR: internal error: malformed SPIR-V\n";
      return result;
    }
    if (p.stage == ShaderStage::Vertex) {
      if (!pi.attributes.empty()) {
        // Each input at the Vulkan location of its GL location (two per
        // dvec3/dvec4 column in Vulkan, one in GL).
        const std::array<int32_t, kMaxVertexInputLocations> vk_location = vulkan_vertex_input_locations(pi.attributes);
        remap_locations_by_name(bin.spirv, spv::StorageClassInput, [&pi, &vk_location](const std::string& name) {
          const std::string gl_name = original_name(name);
          for (const InterfaceVariable& a : pi.attributes)
            if (a.name == gl_name || a.name == gl_name + "[0]")
              return a.location >= 0 && a.location < static_cast<int32_t>(kMaxVertexInputLocations)
                         ? vk_location[static_cast<size_t>(a.location)]
                         : a.location;
          return int32_t{-1};
        });
        // glBindAttribLocation may alias attributes (GLSL ES 1.00, desktop
        // GL); Vulkan needs one input per location.
        if (!merge_aliased_inputs(bin.spirv)) {
          result.info_log += "ERROR: aliased vertex attributes of different component types\n";
          return result;
        }
        if (input.limits.lower_64bit_vertex_inputs && !lower_64bit_vertex_inputs(bin.spirv)) {
          result.info_log += "ERROR: internal error: cannot read double vertex inputs on this device\n";
          return result;
        }
      }
      if (contains_word(p.spirv_source, "gl_InstanceID")) patch_instance_id(bin.spirv);
    }
    if (p.stage == ShaderStage::Fragment) patch_secondary_frag_outputs(bin.spirv);
    if (p.stage == ShaderStage::Fragment && outputs_rebound) {
      // glBindFragDataLocation(IndexedEXT): location and blend source index.
      remap_output_location_index(bin.spirv, [&pi](const std::string& name) {
        const std::string gl_name = original_name(name);
        for (const InterfaceVariable& o : pi.fragment_outputs)
          if (o.name == gl_name || o.name == gl_name + "[0]") return std::make_pair(o.location, o.index);
        return std::make_pair(int32_t{-1}, int32_t{-1});
      });
    }
    bin.writes_point_size = contains_word(p.spirv_source, "gl_PointSize");
    if (p.stage == last_vertex_stage && !xfb_captures.empty()) {
      // OpNames are the (possibly renamed) source names.
      std::vector<XfbCapture> named = xfb_captures;
      for (XfbCapture& c : named) {
        const bool block = c.name.compare(0, 6, "block:") == 0;
        const std::string source_name = block ? c.name.substr(6) : c.name;
        if (source_name.compare(0, 3, "gl_") != 0 && !contains_word(p.spirv_source, source_name))
          c.name = (block ? "block:brass_r_" : "brass_r_") + source_name;
      }
      add_transform_feedback(bin.spirv, named, pi.transform_feedback_strides);
    }
    if (input.limits.lower_dynamic_opaque_indexing && !lower_dynamic_opaque_indexing(bin.spirv)) {
      result.info_log += "ERROR: internal error: cannot index sampler or image arrays on this device\n";
      return result;
    }
    // In every build, not only with assertions: a module Vulkan would
    // reject (or a driver would mis-compile) fails the link instead.
    if (!spirv_is_valid_for_link(bin.spirv, p.stage, &result.info_log)) return result;
    result.stages.push_back(std::move(bin));
  }
  // More vertex outputs than MAX_VARYING_VECTORS locations: packed
  // (varying_packing.h), then validated again.
  bool packed = false;
  if (!pack_linked_varyings(result.stages, input.separable, output_spans, input.limits.max_varying_vectors,
                            &result.info_log, &packed))
    return result;
  if (packed)
    for (const StageBinary& stage : result.stages)
      if (!spirv_is_valid_for_link(stage.spirv, stage.stage, &result.info_log)) return result;
  // Desktop GL passes patches through without a control shader (GL 4.6
  // §11.2); Vulkan needs one.
  if (input.api == Api::GL && !input.separable && seen[static_cast<int>(ShaderStage::TessEval)] &&
      !seen[static_cast<int>(ShaderStage::TessControl)] &&
      !add_passthrough_tess_control(result, static_cast<uint32_t>(input.limits.max_patch_vertices)))
    return result;
  for (const StageBinary& stage : result.stages)
    if (stage.stage == ShaderStage::TessControl && !seen[static_cast<int>(ShaderStage::TessControl)] &&
        !spirv_is_valid_for_link(stage.spirv, stage.stage, &result.info_log))
      return result;
  result.ok = true;
  return result;
}

}  // namespace

const std::vector<std::string>& context_dependent_extensions() {
  // Exposed by the GL frontend only with its GL side implemented and the
  // device able (src/gl/extensions.cpp); the compiler supports them all.
  static const std::vector<std::string> kList = {
      "GL_EXT_clip_cull_distance",      "GL_EXT_blend_func_extended",
      "GL_EXT_shader_framebuffer_fetch", "GL_EXT_shader_framebuffer_fetch_non_coherent",
      "GL_EXT_separate_shader_objects", "GL_OES_EGL_image_external",
      "GL_OES_EGL_image_external_essl3", "GL_OES_sample_variables",
      "GL_NV_image_formats",            "GL_EXT_texture_norm16",
      "GL_OES_viewport_array",          "GL_KHR_blend_equation_advanced",
      // ES 3.2 features as ES 3.1 extensions (glslang knows them for
      // #version 310 es).
      "GL_EXT_geometry_shader",         "GL_OES_geometry_shader",
      "GL_EXT_geometry_point_size",     "GL_OES_geometry_point_size",
      "GL_EXT_tessellation_shader",     "GL_OES_tessellation_shader",
      "GL_EXT_tessellation_point_size", "GL_OES_tessellation_point_size",
      "GL_EXT_gpu_shader5",             "GL_OES_gpu_shader5",
      "GL_EXT_shader_io_blocks",        "GL_OES_shader_io_blocks",
      "GL_EXT_texture_buffer",          "GL_OES_texture_buffer",
      "GL_EXT_texture_cube_map_array",  "GL_OES_texture_cube_map_array",
      "GL_EXT_primitive_bounding_box",  "GL_OES_primitive_bounding_box",
      "GL_OES_shader_image_atomic",     "GL_OES_shader_multisample_interpolation",
      "GL_OES_texture_storage_multisample_2d_array", "GL_EXT_shader_implicit_conversions",
      // Desktop, lowered by Brass (subroutines.h).
      "GL_ARB_shader_subroutine",
  };
  return kList;
}

const std::vector<std::string>& desktop_glsl_extensions() {
  static const std::vector<std::string> kList = {
      "GL_ARB_bindless_texture",          "GL_ARB_compute_shader",
      "GL_ARB_ES3_1_compatibility",
      "GL_ARB_cull_distance",             "GL_ARB_derivative_control",
      "GL_ARB_draw_instanced",            "GL_ARB_enhanced_layouts",
      "GL_ARB_explicit_attrib_location",  "GL_ARB_explicit_uniform_location",
      "GL_ARB_fragment_coord_conventions", "GL_ARB_fragment_shader_interlock",
      "GL_ARB_gpu_shader5",               "GL_ARB_gpu_shader_fp64",
      "GL_ARB_gpu_shader_int64",          "GL_ARB_post_depth_coverage",
      "GL_ARB_sample_shading",            "GL_ARB_separate_shader_objects",
      "GL_ARB_shader_atomic_counter_ops", "GL_ARB_shader_atomic_counters",
      "GL_ARB_shader_ballot",             "GL_ARB_shader_bit_encoding",
      "GL_ARB_shader_clock",              "GL_ARB_shader_draw_parameters",
      "GL_ARB_shader_group_vote",         "GL_ARB_shader_image_load_store",
      "GL_ARB_shader_image_size",         "GL_ARB_shader_stencil_export",
      "GL_ARB_shader_storage_buffer_object", "GL_ARB_shader_texture_image_samples",
      "GL_ARB_shader_texture_lod",        "GL_ARB_shader_viewport_layer_array",
      "GL_ARB_shading_language_420pack",  "GL_ARB_shading_language_packing",
      "GL_ARB_sparse_texture2",           "GL_ARB_sparse_texture_clamp",
      "GL_ARB_tessellation_shader",       "GL_ARB_texture_cube_map_array",
      "GL_ARB_texture_gather",            "GL_ARB_texture_multisample",
      "GL_ARB_texture_query_lod",         "GL_ARB_texture_rectangle",
      "GL_ARB_uniform_buffer_object",     "GL_ARB_vertex_attrib_64bit",
      "GL_ARB_viewport_array",
      // Brass's own (glsl_normalize.cpp, desktop_glsl_rewrites.h).
      "GL_ARB_shader_precision",          "GL_ARB_conservative_depth",
      "GL_AMD_conservative_depth",
      "GL_ARB_texture_query_levels",      "GL_ARB_fragment_layer_viewport",
      "GL_ARB_arrays_of_arrays",          "GL_AMD_shader_trinary_minmax",
      "GL_ARB_draw_buffers",
      // Old GLSL rewritten to 1.30 (legacy_texture_extensions.h).
      "GL_EXT_texture_array",             "GL_EXT_gpu_shader4",
  };
  return kList;
}

bool declares_es_version(const std::string& source) {
  const GlslVersion v = detect_glsl_version(source, Api::GL);
  return v.explicit_directive && v.es;
}

CompileResult compile_shader(const ShaderSource& source, const CompileOptions& options) {
  g_compiles.add();
  CompileResult result;
  const TBuiltInResource resources = make_builtin_resources(options.limits);
  GlslVersion version;
  const GlslVersion declared = detect_glsl_version(source.text, options.api);
  if (!es_version_supported(declared, options.limits, &result.info_log)) {
    result.version = declared.number;
    result.es = declared.es;
    return result;
  }
  // Subroutines first: glslang cannot parse them (subroutines.h).
  const LoweredSubroutines lowered =
      lower_subroutines(source.text, source.stage, declared, options.api, options.unexposed_extensions);
  if (!lowered.ok) {
    result.info_log = lowered.info_log;
    result.version = declared.number;
    result.es = declared.es;
    return result;
  }
  const ShaderSource rewritten{source.stage,
                               rewrite_source_for_glslang(lowered.text, source.stage, declared, options.api,
                                                          options.unexposed_extensions, options.limits, nullptr)};
  result.ok = validate_glsl(rewritten, options.api, resources, &version, &result.info_log, nullptr,
                            options.unexposed_extensions, &options.limits);
  if (!result.ok && options.api == Api::GL && only_link_time_errors(result.info_log) &&
      defers_aliasing_errors(source.text, options.unexposed_extensions)) {
    // Location aliasing: the link reports it (link_time_errors.h).
    result.ok = true;
    result.info_log = as_link_time_warnings(result.info_log);
  }
  result.version = version.number;
  result.es = version.es;
  return result;
}

LinkResult link_program(const LinkInput& input) {
  g_links.add();
  ShaderCache& cache = ShaderCache::process_cache();
  const CacheKey key = make_cache_key(input);
  if (cache.enabled()) {
    if (auto hit = cache.load(key)) {
      hit->from_cache = true;
      return std::move(*hit);
    }
  }
  LinkResult result = link_uncached(input);
  if (!result.ok) {
    g_link_failures.add();
  } else if (cache.enabled()) {
    cache.store(key, result);
  }
  return result;
}

void warm_up(Api api) {
  ensure_glslang_process();
  // One tiny compile per (version, client) pair Brass uses builds and keeps
  // glslang's shared built-in symbol tables.
  static const char* const kEsSources[] = {
      "#version 100\nvoid main() { gl_Position = vec4(0.0); }\n",
      "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n",
      "#version 310 es\nvoid main() { gl_Position = vec4(0.0); }\n",
  };
  static const char* const kDesktopSources[] = {
      "#version 110\nvoid main() { gl_Position = vec4(0.0); }\n",
      "#version 130\nvoid main() { gl_Position = vec4(0.0); }\n",
      "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n",
      "#version 450 core\nvoid main() { gl_Position = vec4(0.0); }\n",
  };
  const TBuiltInResource resources = make_builtin_resources(ShaderLimits::defaults());
  if (api == Api::GLES) {
    for (const char* text : kEsSources) {
      GlslVersion v;
      std::string log;
      validate_glsl({ShaderStage::Vertex, text}, Api::GLES, resources, &v, &log);
    }
  } else {
    for (const char* text : kDesktopSources) {
      GlslVersion v;
      std::string log;
      validate_glsl({ShaderStage::Vertex, text}, Api::GL, resources, &v, &log);
    }
  }
  const char* version = api == Api::GLES ? "#version 310 es\n" : "#version 140\n";
  for (ShaderStage stage : {ShaderStage::Vertex, ShaderStage::Fragment}) {
    std::string log;
    const std::string body = std::string(version) +
                             (stage == ShaderStage::Vertex ? "void main() { gl_Position = vec4(0.0); }\n" : "void main() {}\n");
    parse_for_spirv(stage, body, std::string(), resources, &log);
  }
}

std::vector<uint32_t> apply_variant(const StageBinary& stage, const VariantKey& key,
                                    ShaderStage last_pre_rasterization) {
  std::vector<uint32_t> spirv = stage.spirv;
  const bool last = stage.stage == last_pre_rasterization;
  if (key.point_size_bits && last) add_point_size_write(spirv, key.point_size_bits);
  else if (key.force_point_size && last && !stage.writes_point_size) add_point_size_write(spirv);
  if (key.clip_distances_disabled && last)
    zero_disabled_clip_distances(spirv, static_cast<uint8_t>(~key.clip_distances_disabled));
  if (key.fetch_multisampled && stage.stage == ShaderStage::Fragment) make_fetch_multisampled(spirv);
  if (key.advanced_blend && stage.stage == ShaderStage::Fragment)
    set_advanced_blend_equation(spirv, static_cast<AdvancedBlendEquation>(key.advanced_blend));
  if (key.sample_shading && stage.stage == ShaderStage::Fragment) interpolate_inputs_per_sample(spirv);
  if (key.num_samples && stage.stage == ShaderStage::Fragment) set_num_samples(spirv, key.num_samples);
  if (key.point_coord_lower_left && stage.stage == ShaderStage::Fragment) set_point_coord_lower_left(spirv);
  if (key.patch_vertices && stage.stage == ShaderStage::TessControl)
    set_passthrough_patch_vertices(spirv, key.patch_vertices);
  if (key.flat_shading && stage.stage == ShaderStage::Fragment)
    add_flat_decorations(spirv, {"brass_gl_FrontColor", "brass_gl_FrontSecondaryColor", "brass_gl_BackColor",
                                 "brass_gl_BackSecondaryColor"});
  if (key.alpha_func && stage.stage == ShaderStage::Fragment) add_alpha_test(spirv, key.alpha_func, key.alpha_ref_bits);
  // Linked modules are validated in every build (link_program); a variant
  // is patched from one, at draw time, where validating every new variant
  // would cost its first draw: BRASS_DEBUG=spirv does it (docs/env.md).
  if (options().has(kDebugSpirv) && spirv != stage.spirv) {
    std::string error;
    if (!validate_spirv(spirv, VulkanEnv::Vulkan1_2, &error))
      BRASS_WARN("compiler: a draw-time variant of stage %d is invalid SPIR-V: %s", static_cast<int>(stage.stage),
                 error.c_str());
  }
  if (key.base_vertex_zero && stage.stage == ShaderStage::Vertex) zero_base_vertex(spirv);
  return spirv;
}

const char* compiler_version_string() {
  // The build-id changes with every rebuild of Brass: a cache entry is only
  // ever reused by the exact binary that wrote it.
  static const std::string version = "brass-compiler-1 glslang-12 spv1.3 " + compiler_build_id();
  return version.c_str();
}

}  // namespace brass::compiler
