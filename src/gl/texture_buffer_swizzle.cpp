#include "gl/texture_buffer_swizzle.h"

#include <bit>

#include "gl/context.h"
#include "gl/linked_program.h"
#include "gl/program_validation.h"
#include "gl/texture.h"
#include "gl/texture_buffer.h"
#include "pipe/context.h"
#include "util/log.h"

namespace brass::gl {

namespace {

// Calls f(rank, first reading stage, slot, unit) for each samplerBuffer
// element the draw's stages read, ranks counted from 0 in the order of the
// stage sources and their samplers (the key's order).
template <class F>
void for_each_buffer_sampler(Context& ctx, F&& f) {
  const StageSources sources = stage_sources(ctx);
  unsigned rank = 0;
  for (unsigned i = 0; i < sources.count; ++i) {
    const LinkedProgram& p = *sources.list[i].program;
    for (const uint32_t index : p.buffer_samplers) {
      const SamplerSlot& s = p.samplers[index];
      const uint32_t reading = (s.stages ? s.stages : pipe::stage_bit(s.stage)) & sources.list[i].stages;
      if (!reading) continue;
      f(rank++, static_cast<pipe::ShaderStage>(std::countr_zero(reading)), s.slot, s.unit);
    }
  }
}

}  // namespace

uint64_t texel_buffer_swizzle_key(Context& ctx) {
  // The common case first: the current program has no samplerBuffer.
  if (const LinkedProgram* lp = ctx.current_executable.get(); ctx.current_program && (!lp || lp->buffer_samplers.empty()))
    return 0;
  if (!ctx.current_program && !ctx.program_pipeline) return 0;  // the fixed-function program has none
  uint64_t key = 0;
  for_each_buffer_sampler(ctx, [&](unsigned rank, pipe::ShaderStage, uint32_t, GLint unit) {
    if (unit < 0 || static_cast<unsigned>(unit) >= kMaxTextureUnits) return;
    const Texture* tex = unit_texture(ctx, static_cast<unsigned>(unit), TextureTargetIndex::TexBuffer);
    if (!tex || !tex->buffer || !tex->buffer_info) return;
    const auto swizzle = static_cast<uint64_t>(texel_buffer_swizzle(*tex->buffer_info));
    if (!swizzle) return;
    if (rank >= compiler::kMaxSwizzledTexelBuffers) {
      BRASS_WARN_ONCE("gl: a program reads more than %u samplerBuffer elements; a legacy-format buffer texture "
                      "past them is read without its component mapping",
                      compiler::kMaxSwizzledTexelBuffers);
      return;
    }
    key |= swizzle << (rank * compiler::kTexelBufferSwizzleBits);
  });
  return key;
}

std::vector<compiler::TexelBufferBindingSwizzle> texel_buffer_binding_swizzles(Context& ctx, const LinkedProgram& lp,
                                                                                uint64_t swizzles) {
  std::vector<compiler::TexelBufferBindingSwizzle> out;
  constexpr uint64_t kMask = (1u << compiler::kTexelBufferSwizzleBits) - 1;
  for_each_buffer_sampler(ctx, [&](unsigned rank, pipe::ShaderStage stage, uint32_t slot, GLint) {
    if (rank >= compiler::kMaxSwizzledTexelBuffers) return;
    const auto swizzle =
        static_cast<compiler::TexelBufferSwizzle>((swizzles >> (rank * compiler::kTexelBufferSwizzleBits)) & kMask);
    if (swizzle == compiler::TexelBufferSwizzle::Identity) return;
    // The binding the pipe slot is in, among those of the stage.
    for (const pipe::ShaderBinding& b : lp.info.bindings) {
      if (b.set != compiler::kSetSamplers || b.kind != pipe::DescriptorKind::UniformTexelBuffer ||
          !(b.stage_mask & pipe::stage_bit(stage)) || slot < b.slot || slot - b.slot >= b.array_count)
        continue;
      out.push_back({b.binding, slot - b.slot, swizzle});
      break;
    }
  });
  return out;
}

pipe::ShaderProgram* compute_program_for_dispatch(Context& ctx, LinkedProgram& lp) {
  if (!ctx.compatibility()) return lp.pipe_program;
  compiler::VariantKey key;
  key.texel_buffer_swizzles = texel_buffer_swizzle_key(ctx);
  if (key.empty()) return lp.pipe_program;
  for (const auto& v : lp.variants)
    if (v.first == key) return v.second;
  const std::vector<compiler::TexelBufferBindingSwizzle> swizzles =
      texel_buffer_binding_swizzles(ctx, lp, key.texel_buffer_swizzles);
  std::vector<compiler::StageBinary> stages = lp.stages;
  pipe::ShaderInfo info = lp.info;
  info.stage_programs = {};  // the variant is compiled whole
  for (compiler::StageBinary& s : stages) {
    if (!compiler::swizzle_texel_buffer_fetches(s.spirv, swizzles))
      BRASS_WARN("gl: stage %d's texel buffer fetches could not be swizzled", static_cast<int>(s.stage));
    info.spirv[static_cast<unsigned>(s.stage)] = s.spirv;
  }
  pipe::Status status = pipe::Status::Ok;
  pipe::ShaderProgram* program = ctx.pipe().create_shader_program(info, &status);
  if (!program) {
    ctx.pipe_failed(status);
    return nullptr;
  }
  // Pipe programs keep their SPIR-V modules; the copies may go.
  lp.variants.emplace_back(key, program);
  return program;
}

}  // namespace brass::gl
