// Program state at draw time, beyond the draw-validation table's handlers
// (validate_program, validate_uniforms, validate_uniform_buffers).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "pipe/shader_info.h"

namespace brass::gl {

class Context;
class ProgramPipeline;
struct Limits;
struct LinkedProgram;

// The executables a draw or dispatch takes its stages from: the current
// program for every stage (glUseProgram), or else, per stage, the program
// the bound program pipeline has for it (ES 3.1 §7.4).
struct StageSource {
  LinkedProgram* program = nullptr;
  uint32_t stages = 0;  // pipe::stage_bit of each stage it supplies
};
struct StageSources {
  std::array<StageSource, pipe::kShaderStageCount> list{};
  unsigned count = 0;
};
StageSources stage_sources(Context& ctx);
// ES 3.1 §11.1.3.11 for a program pipeline drawn with (both graphics
// stages, linked separable programs each supplying all its stages or none,
// no sampler conflicts); *why says what failed (api_program_pipelines.cpp).
bool program_pipeline_valid(const ProgramPipeline& pp, const Limits& limits, std::string* why);

// The executable supplying `stage`, or null.
LinkedProgram* stage_executable(Context& ctx, pipe::ShaderStage stage);

// Two sampler uniforms of different types use one texture unit: draws are
// INVALID_OPERATION and glValidateProgram fails (ES 3.0 §2.11.11).
bool samplers_conflict(const LinkedProgram& lp);

// Binds the pipe program for a draw: when drawing points with a program
// whose vertex shader does not write gl_PointSize, a variant writing 1.0
// (created on first use). Call after validate_for_draw succeeded; no work
// when nothing changes. False when the variant could not be created (the
// error is recorded; skip the draw). `indexed`: the GL command draws
// elements (a non-indexed one has gl_BaseVertex 0).
bool bind_program_for_primitive(Context& ctx, bool points, bool indexed);

}  // namespace brass::gl
