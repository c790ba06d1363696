#include "compiler/glslang_glue.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include "compiler/cull_distance_standin.h"
#include "compiler/desktop_glsl_rewrites.h"
#include "compiler/framebuffer_fetch.h"
#include "compiler/geometry_input_sizing.h"
#include "compiler/glsl_lexer.h"
#include "compiler/glsl_normalize.h"
#include "compiler/glsl_rule_checks.h"
#include "compiler/legacy_extension_versions.h"

#include <glslang/Include/PoolAlloc.h>

#include <algorithm>
#include <mutex>
#include <sstream>

namespace brass::compiler {

void ensure_glslang_process() {
  static std::once_flag once;
  std::call_once(once, [] { glslang::InitializeProcess(); });
}

EShLanguage to_glslang(ShaderStage stage) {
  switch (stage) {
    case ShaderStage::Vertex: return EShLangVertex;
    case ShaderStage::TessControl: return EShLangTessControl;
    case ShaderStage::TessEval: return EShLangTessEvaluation;
    case ShaderStage::Geometry: return EShLangGeometry;
    case ShaderStage::Fragment: return EShLangFragment;
    case ShaderStage::Compute: return EShLangCompute;
  }
  return EShLangVertex;
}

ShaderStage from_glslang(EShLanguage stage) {
  switch (stage) {
    case EShLangTessControl: return ShaderStage::TessControl;
    case EShLangTessEvaluation: return ShaderStage::TessEval;
    case EShLangGeometry: return ShaderStage::Geometry;
    case EShLangFragment: return ShaderStage::Fragment;
    case EShLangCompute: return ShaderStage::Compute;
    default: return ShaderStage::Vertex;
  }
}

uint32_t default_block_binding(ShaderStage stage) {
  return stage == ShaderStage::Compute ? 0u : static_cast<uint32_t>(stage);
}

TBuiltInResource make_builtin_resources(const ShaderLimits& l) {
  TBuiltInResource r{};
  // Legacy fixed-function limits (desktop compatibility built-ins).
  r.maxLights = 8;
  r.maxClipPlanes = l.max_clip_distances;
  r.maxTextureUnits = 8;
  r.maxTextureCoords = 8;
  r.maxVertexAttribs = l.max_vertex_attribs;
  r.maxVertexUniformComponents = l.max_vertex_uniform_vectors * 4;
  r.maxVaryingFloats = l.max_varying_vectors * 4;
  r.maxVertexTextureImageUnits = l.max_vertex_texture_image_units;
  r.maxCombinedTextureImageUnits = l.max_combined_texture_image_units;
  r.maxTextureImageUnits = l.max_texture_image_units;
  r.maxFragmentUniformComponents = l.max_fragment_uniform_vectors * 4;
  r.maxDrawBuffers = l.max_draw_buffers;
  r.maxVertexUniformVectors = l.max_vertex_uniform_vectors;
  r.maxVaryingVectors = l.max_varying_vectors;
  r.maxFragmentUniformVectors = l.max_fragment_uniform_vectors;
  r.maxVertexOutputVectors = l.max_vertex_output_components / 4;
  r.maxFragmentInputVectors = l.max_fragment_input_components / 4;
  r.minProgramTexelOffset = l.min_program_texel_offset;
  r.maxProgramTexelOffset = l.max_program_texel_offset;
  r.maxClipDistances = l.max_clip_distances;
  r.maxComputeWorkGroupCountX = l.max_compute_work_group_count[0];
  r.maxComputeWorkGroupCountY = l.max_compute_work_group_count[1];
  r.maxComputeWorkGroupCountZ = l.max_compute_work_group_count[2];
  r.maxComputeWorkGroupSizeX = l.max_compute_work_group_size[0];
  r.maxComputeWorkGroupSizeY = l.max_compute_work_group_size[1];
  r.maxComputeWorkGroupSizeZ = l.max_compute_work_group_size[2];
  r.maxComputeUniformComponents = 1024;
  r.maxComputeTextureImageUnits = l.max_texture_image_units;
  r.maxComputeImageUniforms = l.max_per_stage_images;
  r.maxComputeAtomicCounters = l.max_atomic_counters;
  r.maxComputeAtomicCounterBuffers = l.max_atomic_counter_bindings;
  r.maxVaryingComponents = l.max_varying_vectors * 4;
  r.maxVertexOutputComponents = l.max_vertex_output_components;
  r.maxGeometryInputComponents = l.max_geometry_input_components;
  r.maxGeometryOutputComponents = l.max_geometry_output_components;
  r.maxFragmentInputComponents = l.max_fragment_input_components;
  r.maxImageUnits = l.max_image_units;
  r.maxCombinedImageUnitsAndFragmentOutputs = l.max_image_units + l.max_draw_buffers;
  r.maxCombinedShaderOutputResources = l.max_image_units + l.max_draw_buffers +
                                       l.max_shader_storage_buffer_bindings;
  r.maxImageSamples = l.max_samples;
  r.maxVertexImageUniforms = l.max_per_stage_images;
  r.maxTessControlImageUniforms = l.max_per_stage_images;
  r.maxTessEvaluationImageUniforms = l.max_per_stage_images;
  r.maxGeometryImageUniforms = l.max_per_stage_images;
  r.maxFragmentImageUniforms = l.max_per_stage_images;
  r.maxCombinedImageUniforms = l.max_image_units;
  r.maxGeometryTextureImageUnits = l.max_texture_image_units;
  r.maxGeometryOutputVertices = l.max_geometry_output_vertices;
  r.maxGeometryTotalOutputComponents = l.max_geometry_total_output_components;
  r.maxGeometryUniformComponents = 1024;
  r.maxGeometryVaryingComponents = l.max_geometry_output_components;
  r.maxTessControlInputComponents = l.max_tess_control_input_components;
  r.maxTessControlOutputComponents = l.max_tess_control_output_components;
  r.maxTessControlTextureImageUnits = l.max_texture_image_units;
  r.maxTessControlUniformComponents = 1024;
  r.maxTessControlTotalOutputComponents = l.max_tess_control_total_output_components;
  r.maxTessEvaluationInputComponents = l.max_tess_evaluation_input_components;
  r.maxTessEvaluationOutputComponents = l.max_tess_evaluation_output_components;
  r.maxTessEvaluationTextureImageUnits = l.max_texture_image_units;
  r.maxTessEvaluationUniformComponents = 1024;
  r.maxTessPatchComponents = l.max_tess_patch_components;
  r.maxPatchVertices = l.max_patch_vertices;
  r.maxTessGenLevel = l.max_tess_gen_level;
  r.maxViewports = l.max_viewports;
  r.maxVertexAtomicCounters = l.max_atomic_counters;
  r.maxTessControlAtomicCounters = l.max_atomic_counters;
  r.maxTessEvaluationAtomicCounters = l.max_atomic_counters;
  r.maxGeometryAtomicCounters = l.max_atomic_counters;
  r.maxFragmentAtomicCounters = l.max_atomic_counters;
  r.maxCombinedAtomicCounters = l.max_atomic_counters;
  r.maxAtomicCounterBindings = l.max_atomic_counter_bindings;
  r.maxVertexAtomicCounterBuffers = l.max_atomic_counter_bindings;
  r.maxTessControlAtomicCounterBuffers = l.max_atomic_counter_bindings;
  r.maxTessEvaluationAtomicCounterBuffers = l.max_atomic_counter_bindings;
  r.maxGeometryAtomicCounterBuffers = l.max_atomic_counter_bindings;
  r.maxFragmentAtomicCounterBuffers = l.max_atomic_counter_bindings;
  r.maxCombinedAtomicCounterBuffers = l.max_atomic_counter_bindings;
  r.maxAtomicCounterBufferSize = 16384;
  r.maxTransformFeedbackBuffers = l.max_transform_feedback_buffers;
  r.maxTransformFeedbackInterleavedComponents = l.max_transform_feedback_interleaved_components;
  r.maxCullDistances = l.max_cull_distances;
  r.maxCombinedClipAndCullDistances = l.max_clip_distances;
  r.maxSamples = l.max_samples;
  r.maxMeshOutputVerticesNV = 256;
  r.maxMeshOutputPrimitivesNV = 512;
  r.maxMeshWorkGroupSizeX_NV = 32;
  r.maxMeshWorkGroupSizeY_NV = 1;
  r.maxMeshWorkGroupSizeZ_NV = 1;
  r.maxTaskWorkGroupSizeX_NV = 32;
  r.maxTaskWorkGroupSizeY_NV = 1;
  r.maxTaskWorkGroupSizeZ_NV = 1;
  r.maxMeshViewCountNV = 4;
  r.maxMeshOutputVerticesEXT = 256;
  r.maxMeshOutputPrimitivesEXT = 256;
  r.maxMeshWorkGroupSizeX_EXT = 128;
  r.maxMeshWorkGroupSizeY_EXT = 128;
  r.maxMeshWorkGroupSizeZ_EXT = 128;
  r.maxTaskWorkGroupSizeX_EXT = 128;
  r.maxTaskWorkGroupSizeY_EXT = 128;
  r.maxTaskWorkGroupSizeZ_EXT = 128;
  r.maxMeshViewCountEXT = 4;
  r.maxDualSourceDrawBuffersEXT = 1;
  r.limits.nonInductiveForLoops = true;
  r.limits.whileLoops = true;
  r.limits.doWhileLoops = true;
  r.limits.generalUniformIndexing = true;
  r.limits.generalAttributeMatrixVectorIndexing = true;
  r.limits.generalVaryingIndexing = true;
  r.limits.generalSamplerIndexing = true;
  r.limits.generalVariableIndexing = true;
  r.limits.generalConstantMatrixVectorIndexing = true;
  return r;
}

namespace {

bool version_allowed(const GlslVersion& v, Api api) {
  if (api == Api::GLES) return v.es && (v.number == 100 || v.number == 300 || v.number == 310 || v.number == 320);
  if (v.es) return false;
  static const int desktop[] = {110, 120, 130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460};
  for (int d : desktop)
    if (v.number == d) return true;
  return false;
}

}  // namespace

std::string tidy_info_log(const char* info_log, const char* debug_log) {
  std::string out;
  std::istringstream in(std::string(info_log ? info_log : "") + (debug_log ? debug_log : ""));
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    // glslang's summary lines add nothing a GL application can use.
    if (line.find("compilation errors.  No code generated.") != std::string::npos) continue;
    if (line.find("compilation terminated") != std::string::npos) continue;
    out += line;
    out += '\n';
  }
  return out;
}

bool validate_glsl(const ShaderSource& source, Api api, const TBuiltInResource& resources,
                   GlslVersion* version, std::string* log, ValidationFacts* facts,
                   const std::vector<std::string>& unexposed_extensions,
                   const ShaderLimits* limits) {
  ensure_glslang_process();
  *version = detect_glsl_version(source.text, api);
  if (version->explicit_directive && !version_allowed(*version, api)) {
    *log = "ERROR: 0:" + std::to_string(version->directive_line) + ": '#version' : version " +
           std::to_string(version->number) + (version->es ? " es" : "") +
           " is not supported by this " + (api == Api::GLES ? "OpenGL ES" : "OpenGL") + " context\n";
    return false;
  }
  const EShLanguage lang = to_glslang(source.stage);
  glslang::TShader shader(lang);
  // Desktop GLSL 1.10-1.30 enabling extensions glslang takes only at later
  // versions is parsed at one of those (legacy_extension_versions.h); the
  // rules below keep the application's version.
  const std::string parsed_text =
      api == Api::GL ? with_legacy_extension_check_version(source.text, source.stage, *version, unexposed_extensions)
                     : source.text;
  NormalizedGlsl normalized = normalize_glsl(
      parsed_text, parsed_text == source.text ? *version : detect_glsl_version(parsed_text, api), unexposed_extensions);
  FramebufferFetchInfo fetch;
  normalized.text = make_fetch_source_parseable(normalized.text, source.stage == ShaderStage::Fragment, *version,
                                                resources.maxDrawBuffers, &fetch);
  normalized.preamble += fetch_preamble(fetch, resources.maxDrawBuffers);
  // EXT_separate_shader_objects lets ESSL 3.00 vertex outputs and fragment
  // inputs take layout(location), which glslang allows only from 3.10: this
  // check-only parse sees them without (the SPIR-V parse, 3.10, keeps them).
  if (version->es && version->number == 300 && (source.stage == ShaderStage::Vertex || source.stage == ShaderStage::Fragment) &&
      std::find(unexposed_extensions.begin(), unexposed_extensions.end(), "GL_EXT_separate_shader_objects") ==
          unexposed_extensions.end() &&
      enables_extension(source.text, "GL_EXT_separate_shader_objects"))
    normalized.text = hide_interface_locations(normalized.text, source.stage);
  // EXT_draw_instanced's gl_InstanceIDEXT in GLSL ES 1.00: glslang has no
  // such built-in, so this check-only parse sees an int of that name (the
  // SPIR-V path renames it to gl_InstanceID, glsl_upgrader.cpp).
  auto has_identifier = [tokens = lex(source.text)](std::string_view name) {
    for (const Token& t : tokens)
      if (t.kind == TokenKind::Identifier && t.text == name) return true;
    return false;
  };
  if (version->es && version->number == 100 && source.stage == ShaderStage::Vertex &&
      has_identifier("GL_EXT_draw_instanced") && has_identifier("gl_InstanceIDEXT"))
    normalized.preamble += "#define gl_InstanceIDEXT brass_check_InstanceIDEXT\nhighp int brass_check_InstanceIDEXT;\n";
  if (api == Api::GL) normalized.preamble += desktop_instance_id_check_preamble(source.text, source.stage, *version);
  // ARB_shader_stencil_export in desktop GLSL below 1.40: glslang declares
  // gl_FragStencilRefARB from 1.40 only, so this check-only parse sees an
  // int of that name (the SPIR-V parse, of the source upgraded to 1.40 with
  // its #extension kept, has the built-in).
  if (api == Api::GL && !version->es && version->number < 140 && source.stage == ShaderStage::Fragment &&
      std::find(unexposed_extensions.begin(), unexposed_extensions.end(), "GL_ARB_shader_stencil_export") ==
          unexposed_extensions.end() &&
      enables_extension(source.text, "GL_ARB_shader_stencil_export") && has_identifier("gl_FragStencilRefARB"))
    normalized.preamble += "#define gl_FragStencilRefARB brass_check_FragStencilRefARB\nint brass_check_FragStencilRefARB;\n";
  const char* text = normalized.text.c_str();
  const int length = static_cast<int>(normalized.text.size());
  shader.setStringsWithLengths(&text, &length, 1);
  shader.setPreamble(normalized.preamble.c_str());
  shader.setEnvInput(glslang::EShSourceGlsl, lang, glslang::EShClientNone, 0);
  shader.setEnvClient(glslang::EShClientNone, glslang::EShTargetClientVersion(0));
  shader.setEnvTarget(glslang::EShTargetNone, glslang::EShTargetLanguageVersion(0));
  const int default_version = api == Api::GLES ? 100 : 110;
  const EProfile default_profile = api == Api::GLES ? EEsProfile : ENoProfile;
  bool ok = shader.parse(&resources, default_version, default_profile, false, false, EShMsgDefault);
  *log = tidy_info_log(shader.getInfoLog(), shader.getInfoDebugLog());
  if (ok) ok = check_invariant_front_facing(normalized.text, source.stage, *version, log);
  if (ok) ok = check_secondary_output_forms(normalized.text, source.stage, *version, log);
  if (ok) ok = check_es100_function_precisions(normalized.text, source.stage, *version, log);
  if (ok) ok = check_extension_directive_placement(normalized.text, *version, log);
  if (ok && api == Api::GL) ok = check_block_xfb_offset_alignment(source.text, *version, log);
  if (ok && api == Api::GL) ok = check_layout_qualifier_repetition(source.text, *version, log);
  if (ok && api == Api::GL) ok = check_per_vertex_input_instance(normalized.text, source.stage, *version, log);
  if (ok && limits && api == Api::GL && !version->es) ok = check_cull_distance_sizes(normalized.text, *limits, log);
  if (ok && api == Api::GL && !version->es && version->number == 140 &&
      !(limits && limits->compatibility_profile)) {
    // Cheap scan first; only a hit pays for glslang's preprocessor, which
    // drops names in inactive #if branches.
    std::string ignored;
    if (!check_no_compatibility_builtins(normalized.text, *version, &ignored)) {
      // glslang points the thread's pool allocator at the shader being
      // parsed and leaves it there: give the validation parse's pool back
      // before `pre` (and its pool) go, as later checks traverse its tree.
      glslang::TPoolAllocator& validation_pool = glslang::GetThreadPoolAllocator();
      glslang::TShader pre(lang);
      pre.setStringsWithLengths(&text, &length, 1);
      pre.setPreamble(normalized.preamble.c_str());
      std::string preprocessed;
      glslang::TShader::ForbidIncluder no_includes;
      if (pre.preprocess(&resources, default_version, default_profile, false, false, EShMsgDefault, &preprocessed,
                         no_includes))
        ok = check_no_compatibility_builtins(preprocessed, *version, log);
      glslang::SetThreadPoolAllocator(&validation_pool);
    }
  }
  // Desktop GLSL 1.30+ has the flat rule too (4.3.4 of 1.50: integer
  // fragment inputs; 4.00+ adds doubles), block members included.
  if (ok && !version->es && version->number >= 130) ok = check_flat_integer_block_inputs(*shader.getIntermediate(), log);
  if (ok && version->es && version->number >= 300) {
    ok = check_flat_integer_block_inputs(*shader.getIntermediate(), log) && ok;
    ok = check_invariant_all_pragma(normalized.text, source.stage, *version, log) && ok;
  }
  // Binding ranges of blocks and images (ESSL 3.10 §4.4.5, GLSL 4.20
  // §4.4.5; desktop layout(binding) comes from GLSL 4.20 or 420pack): an
  // array of N elements, arrays of arrays included, needs N bindings.
  if (ok && limits && (!version->es || version->number >= 310))
    ok = check_binding_ranges(*shader.getIntermediate(), *limits, log);
  if (ok) ok = check_opaque_out_parameters(*shader.getIntermediate(), log);
  if (ok && !version->es) ok = check_location_alias_types(*shader.getIntermediate(), log);
  if (ok) ok = check_geometry_input_indices(*shader.getIntermediate(), log);
  // glslang has no resource for the geometry invocation limit.
  if (ok && limits && source.stage == ShaderStage::Geometry &&
      shader.getIntermediate()->getInvocations() > limits->max_geometry_shader_invocations) {
    *log += "ERROR: layout(invocations = " + std::to_string(shader.getIntermediate()->getInvocations()) +
            ") exceeds MAX_GEOMETRY_SHADER_INVOCATIONS (" + std::to_string(limits->max_geometry_shader_invocations) +
            ")\n";
    ok = false;
  }
  if (ok && facts) {
    for (const auto& [name, location] : explicit_uniform_locations(*shader.getIntermediate()))
      facts->explicit_uniform_locations[name] = location;
    for (auto& [name, layout] : block_layouts(*shader.getIntermediate())) {
      auto [it, first] = facts->block_layouts.emplace(name, layout);
      if (!first && it->second != layout)
        facts->mismatched_block_layouts.push_back(name + " (" + it->second + " and " + layout + ")");
    }
    for (auto& [name, init] : collect_uniform_initializers(*shader.getIntermediate()))
      facts->uniform_initializers[name] = std::move(init);
    if (source.stage == ShaderStage::Fragment && mentions_blend_support(source.text)) {
      facts->blend_support = declared_blend_support(*shader.getIntermediate());
      facts->blend_output = find_blend_output(*shader.getIntermediate());
    }
  }
  return ok;
}

}  // namespace brass::compiler
