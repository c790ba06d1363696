// Desktop GL lets a program have a tessellation evaluation shader without a
// control shader (GL 4.6 §11.2, ARB_tessellation_shader): the patch's
// vertices go to the evaluation shader unchanged and the tessellation
// levels are PATCH_DEFAULT_OUTER_LEVEL / PATCH_DEFAULT_INNER_LEVEL.
// Vulkan's tessellation needs a control stage, so such programs get one
// made here in SPIR-V from the evaluation stage's final module: it copies
// every per-vertex input the evaluation shader declares (user varyings and
// the gl_in block, with their locations) from gl_in to gl_out at
// gl_InvocationID, declares its per-patch inputs as outputs it leaves
// undefined (as GL does), and writes the levels from the program's default
// uniform block, where the GL frontend stores the current default levels
// before each draw (no pipeline per level change).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "compiler/compiler.h"

namespace brass::compiler {

struct PassthroughTessControlParams {
  // Length of the control shader's input arrays (gl_MaxPatchVertices).
  uint32_t max_patch_vertices = 32;
  // The patch size the shader is first made for (OutputVertices);
  // set_passthrough_patch_vertices changes it.
  uint32_t patch_vertices = 3;
  // The default uniform block binding of the control stage (set 0) and the
  // byte offset in it of the outer levels (vec4); the inner levels (vec2)
  // follow 16 bytes later.
  uint32_t uniform_binding = 0;
  uint32_t levels_offset = 0;
};

// The control shader for the evaluation shader `tes`, or nullopt when the
// module is not one Brass made (no tessellation evaluation entry point, a
// per-vertex input that is not an array).
std::optional<std::vector<uint32_t>> make_passthrough_tess_control(const std::vector<uint32_t>& tes,
                                                                   const PassthroughTessControlParams& params);

// Makes a shader of make_passthrough_tess_control pass patches of
// `vertices` vertices (its output vertex count and gl_out's length); false
// for other modules.
bool set_passthrough_patch_vertices(std::vector<uint32_t>& spirv, uint32_t vertices);

// For a linked desktop program with an evaluation stage and no control
// stage (`result.stages` final): adds the control stage, made for GL's
// default patch of 3 vertices, its default uniform block (the levels, 32
// bytes at the end of the block: ProgramInterface::patch_levels_offset) and
// its binding. False with an error in result.info_log when the evaluation
// module cannot be passed to.
bool add_passthrough_tess_control(LinkResult& result, uint32_t max_patch_vertices);

}  // namespace brass::compiler
