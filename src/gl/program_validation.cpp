// Draw-time program state: the pipe program, the default uniform block of
// each stage and the uniform buffers bound to the program's blocks.
#include "gl/program_validation.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "compiler/compiler.h"
#include "gl/advanced_blend.h"
#include "gl/compat/fixed_function_pipeline.h"
#include "gl/context.h"
#include "gl/program_link.h"
#include "gl/separable_link.h"
#include "gl/subroutines.h"
#include "gl/texture_buffer_swizzle.h"
#include "util/log.h"

namespace brass::gl {

namespace {

constexpr uint32_t kAllStages = (1u << pipe::kShaderStageCount) - 1;

// The executable a draw binds: the current program's, or the bound
// pipeline's combination of its stages (made by validate_program).
LinkedProgram* draw_executable(Context& ctx) {
  if (ctx.current_program) return ctx.current_executable.get();
  ProgramPipeline* pp = ctx.program_pipeline.get();
  return pp ? pp->combination.combined.get() : compat::fixed_function_executable(ctx);
}

// The bound pipeline's combination for its current stages, made on first
// use and whenever a stage's executable changed. Null with an error
// recorded when the pipeline cannot be drawn with.
LinkedProgram* pipeline_combination(Context& ctx, ProgramPipeline& pp) {
  std::array<std::shared_ptr<LinkedProgram>, pipe::kShaderStageCount> sources;
  for (unsigned s = 0; s < pipe::kGraphicsStageCount; ++s)
    if (pp.stages[s]) sources[s] = pp.executables[s];
  ProgramPipeline::Combination& c = pp.combination;
  if (c.combined && c.sources == sources) return c.combined.get();
  std::string why;
  if (!program_pipeline_valid(pp, ctx.limits, &why)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return nullptr;
  }
  // Made before for these very stages (a pipeline switching back): the
  // vertex stage's executable kept it.
  LinkedProgram* vs = sources[static_cast<unsigned>(pipe::ShaderStage::Vertex)].get();
  std::shared_ptr<LinkedProgram> combined = vs ? vs->combinations.find(sources, &ctx.pipe()) : nullptr;
  if (!combined) {
    std::array<const LinkedProgram*, pipe::kShaderStageCount> raw{};
    for (unsigned s = 0; s < pipe::kGraphicsStageCount; ++s) raw[s] = sources[s].get();
    std::string log;
    combined = combine_separable_stages(ctx, raw, &log);
    if (!combined) {
      pp.info_log = log;
      ctx.set_error(GL_INVALID_OPERATION);
      return nullptr;
    }
    if (vs) vs->combinations.remember(sources, &ctx.pipe(), combined);
  }
  c.sources = std::move(sources);
  c.combined = std::move(combined);
  return c.combined.get();
}

}  // namespace

StageSources stage_sources(Context& ctx) {
  StageSources out;
  if (ctx.current_program) {
    if (LinkedProgram* lp = ctx.current_executable.get()) out.list[out.count++] = {lp, kAllStages};
    return out;
  }
  ProgramPipeline* pp = ctx.program_pipeline.get();
  if (!pp) {
    // Compatibility profile: the fixed-function program supplies every stage.
    if (LinkedProgram* ff = compat::fixed_function_executable(ctx)) out.list[out.count++] = {ff, kAllStages};
    return out;
  }
  for (unsigned s = 0; s < pipe::kShaderStageCount; ++s) {
    LinkedProgram* lp = pp->stages[s] ? pp->executables[s].get() : nullptr;
    if (!lp) continue;
    unsigned i = 0;
    while (i < out.count && out.list[i].program != lp) ++i;
    if (i == out.count) out.list[out.count++] = {lp, 0};
    out.list[i].stages |= 1u << s;
  }
  return out;
}

LinkedProgram* stage_executable(Context& ctx, pipe::ShaderStage stage) {
  if (ctx.current_program) return ctx.current_executable.get();
  ProgramPipeline* pp = ctx.program_pipeline.get();
  if (!pp) return compat::fixed_function_executable(ctx);
  const unsigned s = static_cast<unsigned>(stage);
  return pp->stages[s] ? pp->executables[s].get() : nullptr;
}

bool samplers_conflict(const LinkedProgram& lp) {
  const auto& s = lp.samplers;
  for (size_t i = 0; i < s.size(); ++i)
    for (size_t j = i + 1; j < s.size(); ++j)
      if (s[i].unit == s[j].unit && s[i].sampler_type != s[j].sampler_type) return true;
  return false;
}


bool validate_program(Context& ctx) {
  LinkedProgram* lp = nullptr;
  if (ctx.current_program) {
    lp = ctx.current_executable.get();
    // ES leaves draws without a program undefined: nothing is drawn.
    if (!lp) return false;
    // A compute program, or a separable one lacking a graphics stage, has
    // no vertex and fragment stage to draw with (ES 3.1 §11.1.3.11).
    if (lp->compute || !lp->pipe_program) {
      ctx.set_error(GL_INVALID_OPERATION);
      return false;
    }
  } else if (ProgramPipeline* pp = ctx.program_pipeline.get()) {
    lp = pipeline_combination(ctx, *pp);
    if (!lp) return false;
  } else if (LinkedProgram* ff = compat::fixed_function_executable(ctx)) {
    lp = ff;  // compatibility profile (compat/fixed_function_pipeline.h)
  } else {
    return false;
  }
  // Samplers of different types on one texture unit (ES 3.0 §2.11.11). Run
  // again whenever a sampler uniform changes (it dirties the program).
  const StageSources sources = stage_sources(ctx);
  for (unsigned i = 0; i < sources.count; ++i) {
    if (samplers_conflict(*sources.list[i].program)) {
      ctx.set_error(GL_INVALID_OPERATION);
      return false;
    }
  }
  ctx.pipe().bind_shader_program(lp->pipe_program);
  ctx.validation.program_writes_point_size = lp->writes_point_size;
  return true;
}

void validate_uniforms(Context& ctx) {
  const StageSources sources = stage_sources(ctx);
  for (unsigned i = 0; i < sources.count; ++i) validate_uniforms_of(ctx, *sources.list[i].program, sources.list[i].stages);
}

void validate_uniforms_of(Context& ctx, LinkedProgram& program, uint32_t stages) {
  LinkedProgram* lp = &program;
  if (lp->default_block.empty()) return;
  // gl_DepthRange: the current depth range (ES 3.0 GLSL 7.4), written where
  // the shader reads it.
  const float depth_range[3] = {ctx.ff.depth_range[0], ctx.ff.depth_range[1],
                                ctx.ff.depth_range[1] - ctx.ff.depth_range[0]};
  for (size_t i = 0; i < 3; ++i) {
    const int32_t at = lp->depth_range_offsets[i];
    if (at >= 0 && static_cast<size_t>(at) + sizeof(float) <= lp->default_block.size())
      std::memcpy(lp->default_block.data() + at, &depth_range[i], sizeof(float));
  }
  // The compatibility built-in uniform state (gl/compat/builtin_uniforms.h).
  compat::write_builtin_uniforms(ctx, lp->interface.uniforms, lp->compat_builtins, lp->default_block.data(),
                                 lp->default_block.size());
  // The subroutines each stage's subroutine uniforms select (subroutines.h).
  write_subroutine_selections(ctx, *lp, lp->default_block_stages & stages);
  // The default tessellation levels, where Brass made the control stage
  // (compiler::ProgramInterface::patch_levels_offset).
  if (const int32_t at = lp->interface.patch_levels_offset;
      at >= 0 && static_cast<size_t>(at) + 32 <= lp->default_block.size()) {
    std::memcpy(lp->default_block.data() + at, ctx.state.patch_default_outer, 4 * sizeof(float));
    std::memcpy(lp->default_block.data() + at + 16, ctx.state.patch_default_inner, 2 * sizeof(float));
  }
  pipe::ConstantBuffer cb;
  cb.size = static_cast<uint32_t>(lp->default_block.size());
  cb.user_data = lp->default_block.data();
  for (uint32_t m = lp->default_block_stages & stages; m; m &= m - 1)
    ctx.pipe().set_constant_buffer(static_cast<pipe::ShaderStage>(std::countr_zero(m)), 0, &cb);
}

void validate_uniform_buffers(Context& ctx) {
  const StageSources sources = stage_sources(ctx);
  for (unsigned i = 0; i < sources.count; ++i)
    validate_uniform_buffers_of(ctx, *sources.list[i].program, sources.list[i].stages);
}

void validate_uniform_buffers_of(Context& ctx, LinkedProgram& program, uint32_t stages) {
  LinkedProgram* lp = &program;
  const auto& blocks = lp->interface.uniform_blocks;
  for (size_t i = 0; i < blocks.size() && i + 1 < pipe::kMaxConstantBuffers; ++i) {
    pipe::ConstantBuffer cb;
    const GLuint point = lp->block_bindings[i];
    if (point < ctx.buffers.uniform_indexed.size()) {
      const IndexedBufferBinding& b = ctx.buffers.uniform_indexed[point];
      const Buffer* buf = b.buffer.get();
      if (buf && buf->resource && b.offset >= 0 && b.offset < buf->size) {
        const GLsizeiptr avail = buf->size - b.offset;
        const GLsizeiptr size = b.size > 0 ? std::min(b.size, avail) : avail;
        // Too small for the block: ES leaves it undefined; bind nothing
        // rather than let the shader read past the buffer. A robust
        // context's pipelines bounds-check: the range is bound, and reads
        // past it are zero (KHR_robust_buffer_access_behavior).
        if (size >= blocks[i].data_size || (ctx.desc().robust_access && size > 0)) {
          cb.buffer = buf->resource.get();
          cb.offset = static_cast<uint64_t>(b.offset);
          cb.size = static_cast<uint32_t>(size);
        }
      }
    }
    for (uint32_t m = blocks[i].stages & stages; m; m &= m - 1) {
      ctx.pipe().set_constant_buffer(static_cast<pipe::ShaderStage>(std::countr_zero(m)),
                                     static_cast<uint32_t>(i + 1), cb.buffer ? &cb : nullptr);
    }
  }
}

namespace {

// What a shader storage or atomic counter buffer binding gives a block of
// `min_size` bytes: nothing (the driver's fallback) when no buffer is bound
// or the range is smaller than the block, whose access ES leaves undefined
// (robust contexts, whose accesses are bounds-checked, pass 1).
pipe::ShaderBuffer storage_range(const IndexedBufferBinding& b, GLint64 min_size, bool writable) {
  pipe::ShaderBuffer sb;
  const Buffer* buf = b.buffer.get();
  if (!buf || !buf->resource || b.offset < 0 || b.offset >= buf->size) return sb;
  const GLsizeiptr avail = buf->size - b.offset;
  const GLsizeiptr size = b.size > 0 ? std::min(b.size, avail) : avail;
  if (size < min_size) return sb;
  sb.buffer = buf->resource.get();
  sb.offset = static_cast<uint64_t>(b.offset);
  sb.size = static_cast<uint32_t>(std::min<GLsizeiptr>(size, UINT32_MAX));
  // Tracked as written unless the block is readonly: then draws reading it
  // need no barrier between them.
  sb.writable = writable;
  return sb;
}

}  // namespace

void validate_storage_buffers(Context& ctx) {
  const StageSources sources = stage_sources(ctx);
  for (unsigned i = 0; i < sources.count; ++i)
    validate_storage_buffers_of(ctx, *sources.list[i].program, sources.list[i].stages);
}

void validate_storage_buffers_of(Context& ctx, LinkedProgram& program, uint32_t stages_used) {
  const compiler::ProgramInterface& pi = program.interface;
  // Nothing to bind: skip clearing the tables below (issue 19).
  if (pi.storage_blocks.empty() && pi.atomic_counter_buffers.empty()) return;
  std::array<std::array<pipe::ShaderBuffer, pipe::kMaxShaderBuffers>, pipe::kShaderStageCount> buffers{};
  std::array<uint32_t, pipe::kShaderStageCount> count{};
  // Slots as build_bindings assigned them: blocks by index, then counter buffers.
  auto place = [&](size_t slot, uint32_t stages, const pipe::ShaderBuffer& sb) {
    if (slot >= pipe::kMaxShaderBuffers) return;
    for (uint32_t m = stages & stages_used; m; m &= m - 1) {
      const unsigned st = static_cast<unsigned>(std::countr_zero(m));
      buffers[st][slot] = sb;
      count[st] = std::max(count[st], static_cast<uint32_t>(slot + 1));
    }
  };
  // Robust contexts bind any non-empty range (see validate_uniform_buffers_of).
  const bool robust = ctx.desc().robust_access;
  for (size_t i = 0; i < pi.storage_blocks.size(); ++i) {
    const compiler::Block& block = pi.storage_blocks[i];
    const size_t point = i < program.storage_block_bindings.size() ? program.storage_block_bindings[i] : SIZE_MAX;
    if (point < ctx.buffers.storage_indexed.size())
      place(i, block.stages,
            storage_range(ctx.buffers.storage_indexed[point], robust ? 1 : block.data_size, !block.read_only));
  }
  for (size_t j = 0; j < pi.atomic_counter_buffers.size(); ++j) {
    const compiler::AtomicCounterBuffer& acb = pi.atomic_counter_buffers[j];
    const auto point = static_cast<size_t>(std::max(acb.binding, 0));
    if (point < ctx.buffers.atomic_indexed.size())
      place(pi.storage_blocks.size() + j, acb.stages,
            storage_range(ctx.buffers.atomic_indexed[point], robust ? 1 : acb.data_size, true));
  }
  for (unsigned st = 0; st < pipe::kShaderStageCount; ++st) {
    if (count[st])
      ctx.pipe().set_shader_buffers(static_cast<pipe::ShaderStage>(st), 0,
                                    std::span<const pipe::ShaderBuffer>(buffers[st].data(), count[st]));
  }
}

bool bind_program_for_primitive(Context& ctx, bool points, bool indexed) {
  LinkedProgram* lp = draw_executable(ctx);
  if (!lp) return false;
  compiler::VariantKey key;
  // Vulkan leaves gl_PointSize undefined when not written. With a geometry
  // or tessellation evaluation stage last, the rasterizer's points are its
  // output, and it may write the size only where the device takes it (else
  // every point is one pixel).
  if (lp->last_pre_rasterization != pipe::ShaderStage::Vertex) points = last_stage_sizes_points(*lp, ctx.screen());
  if (points && !lp->writes_point_size) key.force_point_size = 1;
  // Desktop GL takes the size from glPointSize unless PROGRAM_POINT_SIZE is
  // enabled (GL 4.6 §14.4), whatever the shader writes; clamped to the
  // sizes the device rasterizes.
  // (The fixed-function program's vertex stage derives the size itself
  // from the point parameters.)
  if (points && ctx.desktop() && !ctx.ff.program_point_size && lp != compat::fixed_function_executable(ctx)) {
    const float size = std::clamp(ctx.ff.point_size, 1.0f, static_cast<float>(ctx.limits.max_point_size));
    key.point_size_bits = std::bit_cast<uint32_t>(size);
    key.force_point_size = 1;
  }
  // GL ignores the distances of disabled planes, Vulkan clips by every one.
  if (lp->writes_clip_distance) {
    for (unsigned i = 0; i < ctx.ff.clip_distance.size(); ++i)
      if (!ctx.ff.clip_distance[i]) key.clip_distances_disabled |= static_cast<uint8_t>(1u << i);
  }
  // Sample shading with more than one invocation per pixel: every input
  // is evaluated at a sample of the invocation's (ES 3.2 §13.4.1 requires
  // it at a fraction of 1.0 and allows it below), so that invocations see
  // different values.
  if (ctx.ff.sample_shading && ctx.validation.framebuffer.samples > 1 &&
      ctx.ff.min_sample_shading * static_cast<float>(ctx.validation.framebuffer.samples) > 1.0f)
    key.sample_shading = 1;
  // gl_NumSamples is 1 unless the framebuffer is multisampled.
  if (ctx.validation.framebuffer.samples > 1) {
    const LinkedProgram* fs = stage_executable(ctx, pipe::ShaderStage::Fragment);
    if (fs && fs->reads_num_samples)
      key.num_samples = static_cast<uint8_t>(std::min<uint32_t>(ctx.validation.framebuffer.samples, 255));
  }
  // Desktop POINT_SPRITE_COORD_ORIGIN LOWER_LEFT: gl_PointCoord unflipped.
  if (points && ctx.desktop() && ctx.ff.point_sprite_coord_origin == GL_LOWER_LEFT) {
    const LinkedProgram* fs = stage_executable(ctx, pipe::ShaderStage::Fragment);
    if (fs && fs->reads_point_coord) key.point_coord_lower_left = 1;
  }
  // Fetching from a multisampled framebuffer reads per sample; not when the
  // only fetch is the in-shader blend's and this draw leaves it out (its
  // slot holds the single-sampled fallback image, advanced_blend.h).
  if (!lp->fetch_slots.empty() && ctx.validation.framebuffer.samples > 1) {
    const LinkedProgram* fs = stage_executable(ctx, pipe::ShaderStage::Fragment);
    if (!fs || !skips_blend_only_fetch(ctx, *fs)) key.fetch_multisampled = 1;
  }
  // KHR_blend_equation_advanced: the fragment shader blends with the
  // equation compiled in (advanced_blend.h) unless the device blends;
  // advanced_blend_draw_ok made sure the shader declares it.
  if (const compiler::AdvancedBlendEquation eq = shader_blend_equation(ctx);
      eq != compiler::AdvancedBlendEquation::None) {
    const LinkedProgram* fs = stage_executable(ctx, pipe::ShaderStage::Fragment);
    if (fs && fs->interface.advanced_blend) key.advanced_blend = static_cast<uint8_t>(eq);
  }
  // Blending the device cannot do for an attachment's format: the fragment
  // shader blends against a copy (shader_blend.h), read per sample from a
  // multisampled framebuffer.
  if (ctx.validation.framebuffer.unblendable) {
    key.shader_blend_mask = shader_blend_mask(ctx, *lp);
    if (key.shader_blend_mask && ctx.validation.framebuffer.samples > 1) key.fetch_multisampled = 1;
  }
  // A control stage Brass made passes patches of PATCH_VERTICES vertices;
  // the program was linked for GL's default of 3.
  if (const LinkedProgram* tes = stage_executable(ctx, pipe::ShaderStage::TessEval);
      tes && tes->interface.passthrough_tess_control && ctx.state.patch_vertices != 3)
    key.patch_vertices = static_cast<uint8_t>(ctx.state.patch_vertices);
  // gl_BaseVertex of a command without a baseVertex argument is 0 (GLSL
  // 4.60 §7.1.1); Vulkan's is the first vertex (compiler/draw_parameters.h).
  if (!indexed) {
    const LinkedProgram* vs = stage_executable(ctx, pipe::ShaderStage::Vertex);
    if (vs && vs->reads_base_vertex) key.base_vertex_zero = 1;
  }
  // Compatibility profile: flat shading and the alpha test for every
  // program (compat/fixed_function_pipeline.h).
  if (ctx.compatibility()) {
    compat::add_variant_state(ctx, *lp, &key);
    // The legacy buffer-texture formats' component mapping.
    key.texel_buffer_swizzles = texel_buffer_swizzle_key(ctx);
  }
  if (key.empty()) {
    ctx.pipe().bind_shader_program(lp->pipe_program);
    ctx.validation.shader_blend.active_mask = 0;
    return true;
  }
  pipe::ShaderProgram* program = nullptr;
  for (const auto& v : lp->variants)
    if (v.first == key) program = v.second;
  if (!program) {
    std::vector<compiler::StageBinary> stages = lp->stages;
    pipe::ShaderInfo info = lp->info;
    const std::vector<compiler::TexelBufferBindingSwizzle> buffer_swizzles =
        key.texel_buffer_swizzles ? texel_buffer_binding_swizzles(ctx, *lp, key.texel_buffer_swizzles)
                                  : std::vector<compiler::TexelBufferBindingSwizzle>{};
    // The variant's SPIR-V differs from the separable stages' own: it is
    // compiled as a whole, never drawn from their libraries.
    info.stage_programs = {};
    for (compiler::StageBinary& s : stages) {
      if (key.shader_blend_mask && s.stage == compiler::ShaderStage::Fragment &&
          !add_shader_blend_to_variant(*lp, key.shader_blend_mask, s.spirv, info))
        BRASS_WARN("gl: the fragment stage could not blend in the shader");
      // Each patch picks its stage.
      s.spirv = compiler::apply_variant(s, key, static_cast<compiler::ShaderStage>(lp->last_pre_rasterization));
      if (key.texel_buffer_swizzles && !compiler::swizzle_texel_buffer_fetches(s.spirv, buffer_swizzles))
        BRASS_WARN("gl: stage %d's texel buffer fetches could not be swizzled", static_cast<int>(s.stage));
      info.spirv[static_cast<unsigned>(s.stage)] = s.spirv;
    }
    if (key.force_point_size || key.point_size_bits) info.writes_point_size = true;
    pipe::Status status = pipe::Status::Ok;
    program = ctx.pipe().create_shader_program(info, &status);
    if (!program) {
      ctx.pipe_failed(status);
      return false;
    }
    // Pipe programs keep their SPIR-V modules; the copies may go.
    lp->variants.emplace_back(key, program);
  }
  ctx.pipe().bind_shader_program(program);
  return bind_shader_blend_sources(ctx, *lp, key.shader_blend_mask);
}

}  // namespace brass::gl
