#include "gl/separable_link.h"

#include <bit>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "compiler/spirv_patch.h"
#include "gl/context.h"

namespace brass::gl {

std::shared_ptr<LinkedProgram> combine_separable_stages(
    Context& ctx, const std::array<const LinkedProgram*, pipe::kShaderStageCount>& sources, std::string* log) {
  auto lp = std::make_shared<LinkedProgram>();
  lp->screen = &ctx.screen();
  lp->owner = &ctx.pipe();
  lp->separable = true;
  uint32_t next_binding[pipe::kDescriptorSetCount] = {};
  bool interfaces_moved = false;
  // (source, set, its binding) -> the combination's binding.
  std::map<std::tuple<const LinkedProgram*, uint32_t, uint32_t>, uint32_t> numbered;
  for (unsigned s = 0; s < pipe::kShaderStageCount; ++s) {
    const LinkedProgram* src = sources[s];
    if (!src) continue;
    const compiler::StageBinary* binary = nullptr;
    for (const compiler::StageBinary& b : src->stages)
      if (static_cast<unsigned>(b.stage) == s) binary = &b;
    if (!binary) {
      *log = "error: a program of the pipeline lacks the stage it is used for\n";
      return nullptr;
    }
    // The stages this source supplies to the combination: a binding it
    // shares between several of them keeps one number, and its slots are
    // the first of them's (draw validation binds them there).
    uint32_t from_source = 0;
    for (unsigned t = 0; t < pipe::kShaderStageCount; ++t)
      if (sources[t] == src) from_source |= 1u << t;
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> renumbered;  // this stage's (set, binding) -> new
    for (const pipe::ShaderBinding& b : src->info.bindings) {
      if (!(b.stage_mask & (1u << s))) continue;
      if (b.set == 0) {  // the default uniform block: its binding is the stage index already
        pipe::ShaderBinding sb = b;
        sb.stage_mask = static_cast<uint8_t>(1u << s);
        lp->info.bindings.push_back(sb);
        continue;
      }
      if (b.set >= pipe::kDescriptorSetCount) {
        *log = "error: a binding outside the descriptor sets\n";
        return nullptr;
      }
      const auto key = std::make_tuple(src, uint32_t{b.set}, uint32_t{b.binding});
      auto it = numbered.find(key);
      if (it == numbered.end()) {
        // First stage of this source reading it: one binding for all the
        // stages the source supplies that read it.
        if (next_binding[b.set] > 255) {
          *log = "error: too many descriptor bindings in the pipeline\n";
          return nullptr;
        }
        pipe::ShaderBinding sb = b;
        sb.stage_mask = static_cast<uint8_t>(b.stage_mask & from_source);
        sb.binding = static_cast<uint8_t>(next_binding[b.set]++);
        lp->info.bindings.push_back(sb);
        it = numbered.emplace(key, sb.binding).first;
      }
      renumbered[{b.set, b.binding}] = it->second;
    }
    compiler::StageBinary copy = *binary;
    const bool ok = compiler::remap_descriptors(copy.spirv, [&](uint32_t set, uint32_t binding) {
      const auto it = renumbered.find({set, binding});
      return std::pair<uint32_t, uint32_t>{set, it == renumbered.end() ? binding : it->second};
    });
    if (!ok) {
      *log = "error: a stage's SPIR-V could not be rebound\n";
      return nullptr;
    }
    const std::vector<uint32_t> before_match = copy.spirv;
    if (!lp->stages.empty() && !compiler::match_stage_interface(lp->stages.back().spirv, copy.spirv)) {
      *log = "error: stage interfaces could not be matched\n";
      return nullptr;
    }
    // The stages' own libraries were compiled with the locations each
    // program assigned: they serve only where matching by name moved none.
    if (copy.spirv != before_match) interfaces_moved = true;
    lp->stages.push_back(std::move(copy));
  }
  const LinkedProgram* vs = sources[static_cast<unsigned>(pipe::ShaderStage::Vertex)];
  const LinkedProgram* fs = sources[static_cast<unsigned>(pipe::ShaderStage::Fragment)];
  if (!vs || !fs) {
    *log = "error: a program pipeline needs a vertex and a fragment stage\n";
    return nullptr;
  }
  for (const compiler::StageBinary& b : lp->stages) lp->info.spirv[static_cast<unsigned>(b.stage)] = b.spirv;
  lp->attribute_locations = vs->attribute_locations;
  lp->attribute_types = vs->attribute_types;
  lp->attribute_components = vs->attribute_components;
  lp->attribute_index = vs->attribute_index;
  // The rasterizer reads the geometry stage when there is one, else the
  // tessellation evaluation stage when there is one.
  const LinkedProgram* gs = sources[static_cast<unsigned>(pipe::ShaderStage::Geometry)];
  const LinkedProgram* tcs = sources[static_cast<unsigned>(pipe::ShaderStage::TessControl)];
  const LinkedProgram* tes = sources[static_cast<unsigned>(pipe::ShaderStage::TessEval)];
  const LinkedProgram* last = gs ? gs : tes ? tes : vs;
  lp->last_pre_rasterization = gs    ? pipe::ShaderStage::Geometry
                               : tes ? pipe::ShaderStage::TessEval
                                     : pipe::ShaderStage::Vertex;
  lp->writes_point_size = last->writes_point_size;
  lp->writes_clip_distance = last->writes_clip_distance;
  lp->info.vertex_input_locations = vs->info.vertex_input_locations;
  lp->info.writes_point_size = last->info.writes_point_size;
  if (gs) {
    // Draw validation checks the mode against the geometry input.
    const compiler::ProgramInterface& g = gs->interface;
    lp->interface.geometry_input_type = g.geometry_input_type;
    lp->interface.geometry_output_type = g.geometry_output_type;
    lp->interface.geometry_vertices_out = g.geometry_vertices_out;
    lp->interface.geometry_invocations = g.geometry_invocations;
  }
  // And against the tessellation stages' layouts.
  if (tcs) lp->interface.tess_control_output_vertices = tcs->interface.tess_control_output_vertices;
  if (tes) {
    const compiler::ProgramInterface& t = tes->interface;
    lp->interface.tess_gen_mode = t.tess_gen_mode;
    lp->interface.tess_gen_spacing = t.tess_gen_spacing;
    lp->interface.tess_gen_vertex_order = t.tess_gen_vertex_order;
    lp->interface.tess_gen_point_mode = t.tess_gen_point_mode;
  }
  lp->info.fragment_output_locations = fs->info.fragment_output_locations;
  // The driver may draw the combination from the stages compiled alone
  // (their pipeline libraries) until its own pipelines are compiled.
  if (!interfaces_moved)
    for (unsigned s = 0; s < pipe::kGraphicsStageCount; ++s)
      if (sources[s]) lp->info.stage_programs[s] = sources[s]->stage_programs[s];
  pipe::Status status = pipe::Status::Ok;
  lp->pipe_program = ctx.pipe().create_shader_program(lp->info, &status);
  if (!lp->pipe_program) {
    *log = "error: the device rejected the program pipeline's stages\n";
    if (status == pipe::Status::OutOfMemory) ctx.pipe_failed(status);
    return nullptr;
  }
  return lp;
}

}  // namespace brass::gl
