// Draw-time program state: the pipe program, the default uniform block of
// each stage and the uniform buffers bound to the program's blocks.
#include "gl/program_validation.h"

#include <algorithm>
#include <bit>

#include "compiler/compiler.h"
#include "gl/context.h"
#include "gl/program_link.h"

namespace brass::gl {

namespace {

LinkedProgram* current_executable(Context& ctx) {
  Program* p = ctx.current_program.get();
  return p ? p->linked.get() : nullptr;
}

}  // namespace

bool samplers_conflict(const LinkedProgram& lp) {
  const auto& s = lp.samplers;
  for (size_t i = 0; i < s.size(); ++i)
    for (size_t j = i + 1; j < s.size(); ++j)
      if (s[i].unit == s[j].unit && s[i].sampler_type != s[j].sampler_type) return true;
  return false;
}

namespace {

// The program with the vertex shader writing 0 to the disabled clip
// distances; made on first use of each enable combination (rare: planes are
// normally enabled together with the shader that writes them).
pipe::ShaderProgram* clip_distance_variant(Context& ctx, LinkedProgram& lp, uint8_t disabled) {
  for (const auto& v : lp.clip_variants)
    if (v.first == disabled) return v.second;
  compiler::VariantKey key;
  key.clip_distances_disabled = disabled;
  std::vector<compiler::StageBinary> stages = lp.stages;
  pipe::ShaderInfo info = lp.info;
  for (compiler::StageBinary& s : stages) {
    if (s.stage == compiler::ShaderStage::Vertex) s.spirv = compiler::apply_variant(s, key);
    info.spirv[static_cast<unsigned>(s.stage)] = s.spirv;
  }
  pipe::Status status = pipe::Status::Ok;
  pipe::ShaderProgram* p = ctx.pipe().create_shader_program(info, &status);
  if (!p) {
    ctx.pipe_failed(status);
    return nullptr;
  }
  // Pipe programs keep their SPIR-V modules; the copies may go.
  lp.clip_variants.emplace_back(disabled, p);
  return p;
}

}  // namespace

bool validate_program(Context& ctx) {
  LinkedProgram* lp = current_executable(ctx);
  // ES leaves draws without a program undefined: nothing is drawn.
  if (!lp || !lp->pipe_program) return false;
  // Samplers of different types on one texture unit (ES 3.0 §2.11.11). Run
  // again whenever a sampler uniform changes (it dirties the program).
  if (samplers_conflict(*lp)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  pipe::ShaderProgram* program = lp->pipe_program;
  if (lp->writes_clip_distance) {
    uint8_t disabled = 0;
    for (unsigned i = 0; i < ctx.ff.clip_distance.size(); ++i)
      if (!ctx.ff.clip_distance[i]) disabled |= static_cast<uint8_t>(1u << i);
    if (disabled) {
      program = clip_distance_variant(ctx, *lp, disabled);
      if (!program) return false;
    }
  }
  ctx.pipe().bind_shader_program(program);
  ctx.validation.program_writes_point_size = lp->writes_point_size;
  return true;
}

void validate_uniforms(Context& ctx) {
  LinkedProgram* lp = current_executable(ctx);
  if (!lp || lp->default_block.empty()) return;
  pipe::ConstantBuffer cb;
  cb.size = static_cast<uint32_t>(lp->default_block.size());
  cb.user_data = lp->default_block.data();
  for (uint32_t m = lp->default_block_stages; m; m &= m - 1)
    ctx.pipe().set_constant_buffer(static_cast<pipe::ShaderStage>(std::countr_zero(m)), 0, &cb);
}

void validate_uniform_buffers(Context& ctx) {
  LinkedProgram* lp = current_executable(ctx);
  if (!lp) return;
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
        // rather than let the shader read past the buffer.
        if (size >= blocks[i].data_size) {
          cb.buffer = buf->resource.get();
          cb.offset = static_cast<uint64_t>(b.offset);
          cb.size = static_cast<uint32_t>(size);
        }
      }
    }
    for (uint32_t m = blocks[i].stages & ((1u << pipe::kGraphicsStageCount) - 1); m; m &= m - 1) {
      ctx.pipe().set_constant_buffer(static_cast<pipe::ShaderStage>(std::countr_zero(m)),
                                     static_cast<uint32_t>(i + 1), cb.buffer ? &cb : nullptr);
    }
  }
}

bool bind_program_for_primitive(Context& ctx, bool points) {
  LinkedProgram* lp = current_executable(ctx);
  if (!lp) return false;
  if (!points || lp->writes_point_size) {
    ctx.pipe().bind_shader_program(lp->pipe_program);
    return true;
  }
  if (!lp->point_program) {
    compiler::VariantKey key;
    key.force_point_size = 1;
    std::vector<compiler::StageBinary> stages = lp->stages;
    pipe::ShaderInfo info = lp->info;
    for (compiler::StageBinary& s : stages) {
      if (s.stage == compiler::ShaderStage::Vertex) s.spirv = compiler::apply_variant(s, key);
      info.spirv[static_cast<unsigned>(s.stage)] = s.spirv;
    }
    info.writes_point_size = true;
    pipe::Status status = pipe::Status::Ok;
    lp->point_program = ctx.pipe().create_shader_program(info, &status);
    if (!lp->point_program) {
      ctx.pipe_failed(status);
      return false;
    }
    // Pipe programs keep their SPIR-V modules; the spans may go.
  }
  ctx.pipe().bind_shader_program(lp->point_program);
  return true;
}

}  // namespace brass::gl
