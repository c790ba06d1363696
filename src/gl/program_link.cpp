#include "gl/program_link.h"

#include <algorithm>
#include <bit>
#include <optional>

#include "compiler/draw_parameters.h"
#include "compiler/es_builtin_standins.h"
#include "compiler/vertex_input_64bit.h"
#include "gl/compat/conventional_attribs.h"
#include "gl/compat/ff_shaders.h"
#include "gl/context.h"
#include "gl/program_util.h"
#include "gl/spirv_program.h"
#include "gl/vertex_validation.h"
#include "util/log.h"

namespace brass::gl {

compiler::ShaderLimits shader_limits(const Context& ctx) {
  const Limits& l = ctx.limits;
  compiler::ShaderLimits s = compiler::ShaderLimits::defaults();
  s.max_vertex_attribs = l.max_vertex_attribs;
  s.max_vertex_uniform_vectors = l.max_vertex_uniform_vectors;
  s.max_fragment_uniform_vectors = l.max_fragment_uniform_vectors;
  s.max_varying_vectors = l.max_varying_vectors;
  s.max_vertex_output_components = std::max(64, l.max_varying_vectors * 4);
  s.max_fragment_input_components = std::max(60, l.max_varying_vectors * 4);
  s.max_vertex_texture_image_units = l.max_vertex_texture_image_units;
  s.max_texture_image_units = l.max_texture_image_units;
  s.max_combined_texture_image_units = l.max_combined_texture_image_units;
  s.max_draw_buffers = l.max_draw_buffers;
  s.max_uniform_buffer_bindings = l.max_uniform_buffer_bindings;
  s.max_combined_uniform_blocks = l.max_combined_uniform_blocks;
  // Block i of a stage is pipe constant buffer slot i + 1.
  s.max_per_stage_uniform_blocks =
      std::min<int>(s.max_per_stage_uniform_blocks, static_cast<int>(pipe::kMaxConstantBuffers) - 1);
  s.max_uniform_block_size = l.max_uniform_block_size;
  s.max_samples = l.max_samples;
  s.max_transform_feedback_buffers = l.max_transform_feedback_separate_attribs;
  s.max_shader_storage_buffer_bindings = static_cast<int>(kMaxShaderStorageBufferBindings);
  s.max_per_stage_storage_blocks = l.max_shader_storage_blocks;
  s.max_atomic_counter_bindings = static_cast<int>(kMaxAtomicCounterBufferBindings);
  // Image bindings below GL_MAX_IMAGE_UNITS (GLSL ES 3.10 §4.4.5); glslang
  // also derives the combined output resources from these.
  s.max_image_units = l.max_image_units;
  s.max_per_stage_images = l.max_compute_image_uniforms;
  s.max_compute_work_group_count[0] = l.max_compute_work_group_count[0];
  s.max_compute_work_group_count[1] = l.max_compute_work_group_count[1];
  s.max_compute_work_group_count[2] = l.max_compute_work_group_count[2];
  s.max_compute_work_group_size[0] = l.max_compute_work_group_size[0];
  s.max_compute_work_group_size[1] = l.max_compute_work_group_size[1];
  s.max_compute_work_group_size[2] = l.max_compute_work_group_size[2];
  s.max_compute_shared_memory = l.max_compute_shared_memory_size;
  s.max_es_version = ctx.glsl_es_version();
  // Sampler and image arrays with non-constant indices become switches
  // where the device cannot index them (lavapipe 22.3).
  const pipe::Screen* screen = ctx.desc().screen;
  s.lower_dynamic_opaque_indexing = screen && !screen->get_cap(pipe::Cap::ImageArrayDynamicIndexing) ? 1 : 0;
  // Double vertex inputs read as 32-bit words where the device cannot fetch
  // 64-bit vertex formats (lavapipe): vertex_validation.cpp feeds them so.
  s.lower_64bit_vertex_inputs = screen && !fetches_64bit_vertex_formats(*screen) ? 1 : 0;
  s.split_unpack_half_2x16 = screen && screen->get_cap(pipe::Cap::SplitUnpackHalf2x16) ? 1 : 0;
  // pipe::Cap::SubgroupVoteStages has ShaderStage's bit order.
  s.subgroup_vote_stages = screen ? static_cast<int>(screen->get_cap(pipe::Cap::SubgroupVoteStages)) : 0;
  if (ctx.desktop()) {  // ES contexts refuse desktop versions in validate_glsl
    s.max_desktop_version = ctx.glsl_version();
    // A compatibility-profile context compiles `#version NNN compatibility`
    // and gives GLSL 1.40 the fixed-function built-ins (GL_ARB_compatibility).
    s.core_profile_only = ctx.compatibility() ? 0 : 1;
    s.compatibility_profile = ctx.compatibility() ? 1 : 0;
  }
  if (ctx.geometry_shaders()) {
    s.max_geometry_input_components = l.max_geometry_input_components;
    s.max_geometry_output_components = l.max_geometry_output_components;
    s.max_geometry_output_vertices = l.max_geometry_output_vertices;
    s.max_geometry_shader_invocations = l.max_geometry_shader_invocations;
    s.max_geometry_total_output_components = l.max_geometry_total_output_components;
  }
  if (ctx.tessellation_shaders()) {
    s.max_patch_vertices = l.max_patch_vertices;
    s.max_tess_gen_level = l.max_tess_gen_level;
    s.max_tess_control_input_components = l.max_tess_control_input_components;
    s.max_tess_control_output_components = l.max_tess_control_output_components;
    s.max_tess_patch_components = l.max_tess_patch_components;
    s.max_tess_control_total_output_components = l.max_tess_control_total_output_components;
    s.max_tess_evaluation_input_components = l.max_tess_evaluation_input_components;
    s.max_tess_evaluation_output_components = l.max_tess_evaluation_output_components;
  }
  return s;
}

namespace {

pipe::DescriptorKind to_pipe_kind(compiler::DescriptorKind k) {
  switch (k) {
    case compiler::DescriptorKind::UniformBuffer: return pipe::DescriptorKind::UniformBuffer;
    case compiler::DescriptorKind::CombinedImageSampler: return pipe::DescriptorKind::CombinedImageSampler;
    case compiler::DescriptorKind::UniformTexelBuffer: return pipe::DescriptorKind::UniformTexelBuffer;
    case compiler::DescriptorKind::StorageBuffer:
    case compiler::DescriptorKind::AtomicCounterBuffer: return pipe::DescriptorKind::StorageBuffer;
    case compiler::DescriptorKind::StorageImage: return pipe::DescriptorKind::StorageImage;
    case compiler::DescriptorKind::StorageTexelBuffer: return pipe::DescriptorKind::StorageTexelBuffer;
    case compiler::DescriptorKind::FramebufferFetch: return pipe::DescriptorKind::CombinedImageSampler;
  }
  return pipe::DescriptorKind::CombinedImageSampler;
}

// The image uniforms a stage may declare (GL_MAX_*_IMAGE_UNIFORMS).
GLint stage_image_limit(const Limits& l, pipe::ShaderStage stage) {
  switch (stage) {
    case pipe::ShaderStage::Vertex:
    case pipe::ShaderStage::TessControl:
    case pipe::ShaderStage::TessEval:
    case pipe::ShaderStage::Geometry: return l.max_vertex_image_uniforms;
    case pipe::ShaderStage::Fragment: return l.max_fragment_image_uniforms;
    case pipe::ShaderStage::Compute: return l.max_compute_image_uniforms;
    default: return 0;
  }
}

// The first of `count` pipe slots for a sampler or image binding, dense per
// stage and the same in every stage that reads it (`stages`): the driver
// reads a binding from its first stage's slots, and a program pipeline may
// take only some of a separable program's stages. Advances `next` (the
// first free slot per stage); nothing when `limit` would be passed.
std::optional<uint32_t> shared_slot(std::array<uint32_t, pipe::kShaderStageCount>& next, uint32_t stages,
                                    uint32_t count, uint32_t limit) {
  const uint32_t reading = stages & ((1u << pipe::kShaderStageCount) - 1);
  uint32_t first = 0;
  for (uint32_t m = reading; m; m &= m - 1) first = std::max(first, next[std::countr_zero(m)]);
  if (first + count > limit) return std::nullopt;
  for (uint32_t m = reading; m; m &= m - 1) next[std::countr_zero(m)] = first + count;
  return first;
}

// Fills the pipe binding table, sampler and image slots and vertex inputs
// from the compiler's interface. False with *log when something cannot be
// bound.
bool build_bindings(LinkedProgram& lp, const Limits& limits, std::string* log) {
  const compiler::ProgramInterface& pi = lp.interface;
  pipe::ShaderInfo& info = lp.info;
  std::array<uint32_t, pipe::kShaderStageCount> next_sampler{};
  std::array<uint32_t, pipe::kShaderStageCount> next_image{};
  std::array<uint32_t, pipe::kShaderStageCount> stage_images{};  // image uniforms each stage uses
  uint32_t combined_images = 0;
  lp.sampler_first.assign(pi.uniforms.size(), -1);
  lp.image_first.assign(pi.uniforms.size(), -1);
  for (const compiler::Binding& b : pi.bindings) {
    if (b.stages == 0) continue;
    pipe::ShaderBinding sb;
    sb.set = static_cast<uint8_t>(b.set);
    sb.binding = static_cast<uint8_t>(b.binding);
    sb.stage_mask = static_cast<uint8_t>(b.stages);
    sb.kind = to_pipe_kind(b.kind);
    sb.array_count = static_cast<uint16_t>(b.array_count);
    const auto first_stage = static_cast<pipe::ShaderStage>(std::countr_zero(b.stages));
    switch (b.set) {
      case compiler::kSetDefaultUniforms:
        sb.slot = 0;
        lp.default_block_stages |= b.stages;
        break;
      case compiler::kSetUniformBuffers:
        sb.slot = static_cast<uint16_t>(b.slot + 1);
        if (b.slot + b.array_count >= pipe::kMaxConstantBuffers) {
          *log = "error: too many uniform blocks\n";
          return false;
        }
        break;
      case compiler::kSetSamplers: {
        uint32_t& next = next_sampler[static_cast<unsigned>(first_stage)];
        if (b.kind == compiler::DescriptorKind::FramebufferFetch) {
          if (first_stage != pipe::ShaderStage::Fragment || next >= pipe::kMaxSamplers) {
            *log = "error: too many samplers\n";
            return false;
          }
          sb.slot = static_cast<uint16_t>(next);
          lp.fetch_slots.push_back({next, b.slot});
          ++next;
          break;
        }
        const std::optional<uint32_t> first = shared_slot(next_sampler, b.stages, b.array_count, pipe::kMaxSamplers);
        if (!first) {
          *log = "error: too many samplers\n";
          return false;
        }
        const uint32_t first_free = *first;
        sb.slot = static_cast<uint16_t>(first_free);
        if (b.slot < pi.uniforms.size()) {
          const compiler::Uniform& u = pi.uniforms[b.slot];
          lp.sampler_first[b.slot] = static_cast<int32_t>(lp.samplers.size());
          for (uint32_t a = 0; a < b.array_count; ++a) {
            SamplerSlot s;
            s.stage = first_stage;
            s.stages = b.stages;
            s.slot = first_free + a;
            s.sampler_type = u.type;
            // layout(binding = N) on an array, N = 0 included: element a
            // reads unit N + a (GL 4.6 §7.6.2); without one, unit 0.
            s.unit = u.explicit_binding ? u.initial_binding + static_cast<GLint>(a) : 0;
            if (b.kind == compiler::DescriptorKind::UniformTexelBuffer)
              lp.buffer_samplers.push_back(static_cast<uint32_t>(lp.samplers.size()));
            lp.samplers.push_back(s);
          }
        }
        break;
      }
      case compiler::kSetStorageBuffers:
        // A stage's storage blocks take the first storage-buffer slots (by
        // block index), its atomic counter buffers the ones after them.
        sb.slot = static_cast<uint16_t>(b.kind == compiler::DescriptorKind::AtomicCounterBuffer
                                            ? pi.storage_blocks.size() + b.slot
                                            : b.slot);
        if (sb.slot + b.array_count >
            static_cast<uint32_t>(limits.max_shader_storage_blocks + limits.max_atomic_counter_buffers)) {
          *log = "error: too many shader storage blocks and atomic counter buffers\n";
          return false;
        }
        break;
      case compiler::kSetStorageImages: {
        // ES 3.1 §11.1.3.5: each stage's image uniforms within its limit,
        // the program's within the combined one.
        for (uint32_t m = b.stages & ((1u << pipe::kShaderStageCount) - 1); m; m &= m - 1) {
          const auto st = static_cast<unsigned>(std::countr_zero(m));
          stage_images[st] += b.array_count;
          combined_images += b.array_count;
          if (stage_images[st] > static_cast<uint32_t>(stage_image_limit(limits, static_cast<pipe::ShaderStage>(st))) ||
              combined_images > static_cast<uint32_t>(limits.max_combined_image_uniforms)) {
            *log = "error: too many image uniforms\n";
            return false;
          }
        }
        // (The image uniform's index, the compiler's slot, is no pipe slot.)
        const std::optional<uint32_t> first = shared_slot(next_image, b.stages, b.array_count, pipe::kMaxShaderImages);
        if (!first) {
          *log = "error: too many image uniforms\n";
          return false;
        }
        const uint32_t next = *first;
        sb.slot = static_cast<uint16_t>(next);
        if (b.slot < pi.uniforms.size()) {
          const compiler::Uniform& u = pi.uniforms[b.slot];
          // GLSL ES 3.10 §4.4.5: every element's unit below
          // GL_MAX_IMAGE_UNITS (glslang does not check image bindings).
          if (u.initial_binding < 0 ||
              static_cast<int64_t>(u.initial_binding) + b.array_count > limits.max_image_units) {
            *log = "error: image binding of '" + u.name + "' is not below GL_MAX_IMAGE_UNITS\n";
            return false;
          }
          lp.image_first[b.slot] = static_cast<int32_t>(lp.images.size());
          for (uint32_t a = 0; a < b.array_count; ++a) {
            ImageSlot img;
            img.stages = b.stages & ((1u << pipe::kShaderStageCount) - 1);
            img.slot = next + a;
            img.image_type = u.type;
            // layout(binding = N) on an array: element a reads unit N + a;
            // without one, every element starts at unit 0 (GL 4.6 §7.6).
            img.unit = u.explicit_binding ? u.initial_binding + static_cast<GLint>(a) : 0;
            lp.images.push_back(img);
          }
        }
        break;
      }
      default: sb.slot = static_cast<uint16_t>(b.slot); break;
    }
    info.bindings.push_back(sb);
  }
  // Opaque uniforms lowered out of structs: the uniforms after the binding's
  // owner start further into its descriptor array.
  for (size_t i = 0; i < pi.uniforms.size(); ++i) {
    const int32_t element = pi.uniforms[i].sampler_element;
    if (element <= 0) continue;
    size_t owner = i;
    while (owner > 0 && pi.uniforms[owner].sampler_element != 0) --owner;
    if (lp.sampler_first[owner] >= 0) lp.sampler_first[i] = lp.sampler_first[owner] + element;
    if (lp.image_first[owner] >= 0) lp.image_first[i] = lp.image_first[owner] + element;
  }
  // A separable program's first stage may be another than the vertex stage,
  // and its last another than the fragment stage: then those lists hold
  // that stage's inputs and outputs, which are no attributes or colours.
  const auto has_stage = [&lp](compiler::ShaderStage st) {
    return std::any_of(lp.stages.begin(), lp.stages.end(), [st](const compiler::StageBinary& b) { return b.stage == st; });
  };
  const std::vector<compiler::InterfaceVariable> none;
  const std::vector<compiler::InterfaceVariable>& attributes =
      has_stage(compiler::ShaderStage::Vertex) ? pi.attributes : none;
  const std::vector<compiler::InterfaceVariable>& colour_outputs =
      has_stage(compiler::ShaderStage::Fragment) ? pi.fragment_outputs : none;
  // Per Vulkan location of the vertex shader's inputs: the GL attribute
  // (location) feeding it, its type and components. GL gives each column
  // one location, Vulkan two to a dvec3/dvec4 column
  // (compiler::vulkan_vertex_input_locations).
  const std::array<int32_t, compiler::kMaxVertexInputLocations> vk_location =
      compiler::vulkan_vertex_input_locations(attributes);
  for (const compiler::InterfaceVariable& a : attributes) {
    if (a.location < 0) continue;
    const TypeShape t = type_shape(a.type);
    const bool wide = t.base == TypeShape::Double && t.rows > 2;
    const AttribBaseType base = t.base == TypeShape::Int      ? AttribBaseType::Int
                                : t.base == TypeShape::Uint   ? AttribBaseType::Uint
                                : t.base == TypeShape::Double ? (wide ? AttribBaseType::DoubleWide : AttribBaseType::Double)
                                                              : AttribBaseType::Float;
    const int n = t.cols * std::max(a.array_size, 1);
    // A compatibility-profile built-in input (gl_Vertex, gl_Color, ...)
    // reads its conventional attribute, not the generic one at its location.
    const int conventional = compat::conventional_attrib_named(a.name);
    for (int k = 0; k < n; ++k) {
      const int gl_location = a.location + k;
      if (gl_location >= static_cast<int>(compiler::kMaxVertexInputLocations)) break;
      const int vk = vk_location[static_cast<size_t>(gl_location)];
      for (int half = 0; half < (wide ? 2 : 1); ++half) {
        const int loc = vk + half;
        if (loc >= 32) break;
        lp.attribute_locations |= 1u << loc;
        lp.attribute_types[static_cast<size_t>(loc)] = half ? AttribBaseType::DoubleUpper : base;
        lp.attribute_components[static_cast<size_t>(loc)] = t.rows;
        lp.attribute_index[static_cast<size_t>(loc)] = static_cast<uint8_t>(
            conventional >= 0 ? compat::kConventionalIndexBase + static_cast<unsigned>(conventional) : gl_location);
      }
    }
  }
  info.vertex_input_locations = lp.attribute_locations;
  for (const compiler::InterfaceVariable& o : colour_outputs) {
    if (o.location < 0) continue;
    for (int k = 0; k < std::max(o.array_size, 1) && o.location + k < 32; ++k)
      info.fragment_output_locations |= 1u << (o.location + k);
  }
  return true;
}

}  // namespace

void delete_pipe_programs(pipe::Screen* screen, std::initializer_list<pipe::ShaderProgram*> programs) {
  bool any = false;
  for (pipe::ShaderProgram* p : programs) any |= p != nullptr;
  if (!any || !screen) return;
  Context* ctx = current_context();
  if (ctx && &ctx->screen() == screen) {
    for (pipe::ShaderProgram* p : programs)
      if (p) ctx->pipe().delete_shader_program(p);
    return;
  }
  // No context of the device is current (a context's teardown drops the
  // last reference after its pipe context is gone): a short-lived pipe
  // context of the device drops them (pipe programs are device objects).
  pipe::Status status = pipe::Status::Ok;
  std::unique_ptr<pipe::Context> temp = screen->context_create(&status);
  if (!temp) {
    BRASS_WARN_ONCE("could not release a pipe shader program (no pipe context)");
    return;
  }
  for (pipe::ShaderProgram* p : programs)
    if (p) temp->delete_shader_program(p);
  temp->flush(nullptr, 0);
}

bool last_stage_sizes_points(const LinkedProgram& lp, pipe::Screen& screen) {
  switch (lp.last_pre_rasterization) {
    case pipe::ShaderStage::Geometry:
      return lp.interface.geometry_output_type == GL_POINTS && screen.get_cap(pipe::Cap::GeometryPointSize);
    case pipe::ShaderStage::TessEval:
      return lp.interface.tess_gen_point_mode && screen.get_cap(pipe::Cap::TessellationPointSize);
    default: return false;
  }
}

std::shared_ptr<LinkedProgram> link(Context& ctx, const Program& p, std::string* log) {
  compiler::LinkInput in;
  // Desktop programs are desktop GLSL, or all GLSL ES (ARB_ES3_compatibility:
  // ES and desktop shaders do not link together).
  in.api = compiler::Api::GLES;
  if (ctx.desktop()) {
    size_t es = 0;
    for (const Ref<Shader>& s : p.attached) es += s->compiled_es ? 1 : 0;
    if (es != 0 && es != p.attached.size()) {
      *log = "error: GLSL ES and desktop GLSL shaders cannot be linked together\n";
      return nullptr;
    }
    if (es == 0) in.api = compiler::Api::GL;
  }
  // ARB_gl_spirv §7.3: SPIR-V shaders link only with SPIR-V shaders. Their
  // GLSL translation (compiler/spirv_to_glsl.h) is desktop GLSL.
  size_t spirv = 0;
  for (const Ref<Shader>& s : p.attached) spirv += s->spirv_binary ? 1 : 0;
  if (spirv != 0 && spirv != p.attached.size()) {
    *log = "error: SPIR-V and GLSL shaders cannot be linked together\n";
    return nullptr;
  }
  const bool from_spirv = spirv != 0;
  in.limits = shader_limits(ctx);
  in.unexposed_extensions = ctx.unexposed_glsl_extensions();
  bool has_vs = false, has_fs = false, has_cs = false, has_gs = false, has_tcs = false, has_tes = false;
  for (const Ref<Shader>& s : p.attached) {
    if (!s->compiled) {
      *log = "error: attached shader " + std::to_string(s->name()) + " is not compiled\n";
      return nullptr;
    }
    const compiler::ShaderStage stage = to_compiler_stage(s->type);
    (stage == compiler::ShaderStage::Fragment      ? has_fs
     : stage == compiler::ShaderStage::Compute     ? has_cs
     : stage == compiler::ShaderStage::Geometry    ? has_gs
     : stage == compiler::ShaderStage::TessControl ? has_tcs
     : stage == compiler::ShaderStage::TessEval    ? has_tes
                                                   : has_vs) = true;
    in.shaders.push_back({stage, s->compiled_source});
  }
  // ES 3.1 §7.3: a compute shader links alone.
  if (has_cs && (has_vs || has_fs || has_gs || has_tcs || has_tes)) {
    *log = "error: a compute shader cannot be linked with other stages\n";
    return nullptr;
  }
  // ES 3.2 §7.3 (EXT_tessellation_shader): a program that is not separable
  // has both tessellation stages or neither. Desktop GL takes an evaluation
  // shader alone (GL 4.6 §11.2: patches pass through, the levels are the
  // default ones); the compiler makes the control stage Vulkan needs.
  if (!p.separable && has_tcs != has_tes && !(ctx.desktop() && has_tes)) {
    *log = has_tcs ? "error: a tessellation control shader needs a tessellation evaluation shader\n"
                   : "error: a tessellation evaluation shader needs a tessellation control shader\n";
    return nullptr;
  }
  // A separable program may hold any stages (ES 3.1 §7.3): program
  // pipelines take them one by one. Desktop GL links a program without a
  // fragment shader (its colour outputs are undefined; transform feedback
  // and rasterizer discard programs are made so).
  const bool desktop_fragment_only = ctx.desktop() && has_fs && !has_vs && !has_gs && !has_tcs && !has_tes;
  if (!has_cs && !p.separable && ((!has_vs && !desktop_fragment_only) || (!has_fs && !ctx.desktop()))) {
    *log = !has_vs ? "error: program lacks a vertex shader\n" : "error: program lacks a fragment shader\n";
    return nullptr;
  }
  if (p.attached.empty()) {
    *log = "error: no shaders attached\n";
    return nullptr;
  }
  if (ctx.desktop() && has_vs && !has_fs && !p.separable) {
    // Desktop GL draws with such a program (its colour outputs are
    // undefined): the device gets a fragment stage that writes nothing.
    // Applications cannot see it: it has no interface to query.
    // A compatibility context's missing stage is fixed-function
    // (compat/ff_shaders.h).
    in.shaders.push_back({compiler::ShaderStage::Fragment, ctx.compatibility() ? compat::missing_fragment_stage()
                                                                              : "#version 140\nvoid main() {}\n"});
    has_fs = true;
  }
  if (desktop_fragment_only && !p.separable) {
    // Likewise a program of only a fragment shader links (vertex processing
    // is then undefined): a vertex stage that places every vertex at the
    // origin, so draws rasterize nothing.
    in.shaders.push_back({compiler::ShaderStage::Vertex, ctx.compatibility()
                                                             ? compat::missing_vertex_stage()
                                                             : "#version 140\nvoid main() { gl_Position = vec4(0.0); }\n"});
    has_vs = true;
  }
  in.separable = p.separable;
  // A SPIR-V program's locations and captured outputs are all in its
  // decorations: name-based bindings have no effect (ARB_gl_spirv §11.1.1).
  if (!from_spirv) {
    for (const auto& [name, location] : p.attrib_bindings) in.attribute_bindings.push_back({name, location});
    for (const auto& [name, binding] : p.frag_data_bindings)
      in.frag_data_bindings.push_back({name, binding.first, binding.second});
    in.transform_feedback_varyings = p.xfb_varyings;
  }
  in.transform_feedback_interleaved = p.xfb_mode == GL_INTERLEAVED_ATTRIBS;

  compiler::LinkResult r = compiler::link_program(in);
  if (!r.ok) {
    *log = r.info_log.empty() ? std::string("error: link failed\n") : std::move(r.info_log);
    return nullptr;
  }
  // EXT_blend_func_extended: second-source outputs (index 1) exist only for
  // the first MAX_DUAL_SOURCE_DRAW_BUFFERS colour numbers; beyond that the
  // link fails (as ARB_blend_func_extended says for desktop GL).
  const int64_t dual_source_buffers = ctx.screen().get_cap(pipe::Cap::MaxDualSourceDrawBuffers);
  for (const compiler::InterfaceVariable& o : r.interface.fragment_outputs) {
    if (o.index != 1 || o.location < 0) continue;  // (index is 0 for other stages' outputs)
    if (o.location + std::max(o.array_size, 1) > dual_source_buffers) {
      *log = "error: fragment output '" + o.name + "' (index 1) is at location " + std::to_string(o.location) +
             ", past MAX_DUAL_SOURCE_DRAW_BUFFERS\n";
      return nullptr;
    }
  }
  // EXT_geometry_shader §7.12: more invocations than the limit fail the
  // link (glslang has no such resource to check it with).
  if (has_gs && r.interface.geometry_invocations > static_cast<uint32_t>(ctx.limits.max_geometry_shader_invocations)) {
    *log = "error: geometry shader invocations exceed MAX_GEOMETRY_SHADER_INVOCATIONS\n";
    return nullptr;
  }
  auto lp = std::make_shared<LinkedProgram>();
  lp->screen = &ctx.screen();
  lp->owner = &ctx.pipe();
  lp->stages = std::move(r.stages);
  lp->interface = std::move(r.interface);
  lp->names_hidden = from_spirv;
  if (from_spirv) pad_spirv_block_sizes(lp->interface);
  lp->xfb_mode = p.xfb_mode;
  lp->compute = has_cs;
  lp->separable = p.separable;
  // Stages are in pipeline order: the last vertex, tessellation evaluation
  // or geometry stage is what the rasterizer reads.
  for (const compiler::StageBinary& s : lp->stages)
    if (s.stage == compiler::ShaderStage::Vertex || s.stage == compiler::ShaderStage::TessEval ||
        s.stage == compiler::ShaderStage::Geometry)
      lp->last_pre_rasterization = static_cast<pipe::ShaderStage>(s.stage);
  // Where the device takes a geometry or tessellation shader's point size,
  // Vulkan needs one written whenever the last such stage makes points
  // (VUID-VkGraphicsPipelineCreateInfo-Geometry-07725, -TessellationEvaluation-07723);
  // GL's is 1.0 then unless the shader writes gl_PointSize. The store is
  // part of the stage from the link on, not a draw-time variant.
  for (compiler::StageBinary& s : lp->stages) {
    if (static_cast<pipe::ShaderStage>(s.stage) != lp->last_pre_rasterization || s.writes_point_size ||
        !last_stage_sizes_points(*lp, ctx.screen()))
      continue;
    compiler::VariantKey point_size;
    point_size.force_point_size = 1;
    s.spirv = compiler::apply_variant(s, point_size, s.stage);
    s.writes_point_size = true;
  }
  for (const compiler::StageBinary& s : lp->stages) {
    lp->info.spirv[static_cast<unsigned>(s.stage)] = s.spirv;
    if (static_cast<pipe::ShaderStage>(s.stage) == lp->last_pre_rasterization) {
      lp->writes_point_size = s.writes_point_size;
      lp->writes_clip_distance = compiler::writes_clip_distance(s.spirv);
    }
    if (s.stage == compiler::ShaderStage::Fragment) lp->reads_num_samples = compiler::reads_num_samples(s.spirv);
    if (s.stage == compiler::ShaderStage::Fragment) lp->reads_point_coord = compiler::reads_point_coord(s.spirv);
    if (s.stage == compiler::ShaderStage::Vertex) {
      lp->reads_base_vertex = compiler::reads_base_vertex(s.spirv);
      lp->reads_draw_id = compiler::reads_draw_index(s.spirv);
    }
  }
  lp->info.writes_point_size = lp->writes_point_size;
  if (!build_bindings(*lp, ctx.limits, log)) return nullptr;
  // Every stage of the program is given this one block (validate_uniforms_of):
  // the driver may push it (pipe::ShaderInfo::default_block_size).
  lp->info.default_block_size = lp->interface.default_block_size;
  lp->default_block.assign(lp->interface.default_block_size, 0);
  // GLSL uniform initializers (desktop GLSL 1.20+): the uniforms' values
  // until the application loads others (the compiler lays them out).
  if (lp->interface.default_block_initial_data.size() == lp->default_block.size())
    lp->default_block = lp->interface.default_block_initial_data;
  static constexpr const char* kDepthRange[3] = {"gl_DepthRange.near", "gl_DepthRange.far", "gl_DepthRange.diff"};
  for (const compiler::Uniform& u : lp->interface.uniforms)
    for (size_t i = 0; i < 3; ++i)
      if (u.block_index < 0 && u.offset >= 0 && u.name == kDepthRange[i]) lp->depth_range_offsets[i] = u.offset;
  lp->block_bindings.resize(lp->interface.uniform_blocks.size());
  for (size_t i = 0; i < lp->block_bindings.size(); ++i)
    lp->block_bindings[i] = static_cast<GLuint>(lp->interface.uniform_blocks[i].initial_binding);
  lp->storage_block_bindings.resize(lp->interface.storage_blocks.size());
  for (size_t i = 0; i < lp->storage_block_bindings.size(); ++i)
    lp->storage_block_bindings[i] =
        static_cast<GLuint>(std::max(lp->interface.storage_blocks[i].initial_binding, 0));

  // A separable program's stages, each compiled alone for the program
  // pipelines that will combine them (the driver declines what it cannot:
  // the combination of such stages is compiled at its first draw).
  if (lp->separable && !has_cs) {
    for (const compiler::StageBinary& s : lp->stages) {
      const unsigned stage = static_cast<unsigned>(s.stage);
      if (stage >= pipe::kGraphicsStageCount) continue;
      pipe::ShaderInfo info;
      info.separable_stage = true;
      info.spirv[stage] = lp->info.spirv[stage];
      for (const pipe::ShaderBinding& b : lp->info.bindings) {
        if (!(b.stage_mask & (1u << stage))) continue;
        pipe::ShaderBinding sb = b;
        sb.stage_mask = static_cast<uint8_t>(1u << stage);
        info.bindings.push_back(sb);
      }
      info.vertex_input_locations = lp->info.vertex_input_locations;
      info.fragment_output_locations = lp->info.fragment_output_locations;
      info.writes_point_size = lp->info.writes_point_size;
      pipe::Status status = pipe::Status::Ok;
      lp->stage_programs[stage] = ctx.pipe().create_shader_program(info, &status);
      if (status == pipe::Status::OutOfMemory) {
        *log = "error: out of memory compiling the program's stages\n";
        ctx.pipe_failed(status);
        return nullptr;
      }
    }
  }
  // A separable program without both graphics stages is only ever drawn
  // as part of a program pipeline's combination.
  if (!has_cs && (!has_vs || !has_fs)) {
    *log = std::move(r.info_log);
    return lp;
  }
  pipe::Status status = pipe::Status::Ok;
  lp->pipe_program = ctx.pipe().create_shader_program(lp->info, &status);
  if (!lp->pipe_program) {
    *log = "error: the device rejected the linked program\n";
    if (status == pipe::Status::OutOfMemory) ctx.pipe_failed(status);
    return nullptr;
  }
  *log = std::move(r.info_log);
  return lp;
}

LinkedProgram::~LinkedProgram() {
  for (const auto& v : variants) delete_pipe_programs(screen, {v.second});
  delete_pipe_programs(screen, {pipe_program});
  for (pipe::ShaderProgram* p : stage_programs) delete_pipe_programs(screen, {p});
}

}  // namespace brass::gl
