// ARB_shader_draw_parameters (GL 4.6 core as gl_BaseVertex, gl_BaseInstance
// and gl_DrawID) on Vulkan's BaseVertex, BaseInstance and DrawIndex
// built-ins, which glslang declares them as. Two differ from GL:
//
// - Vulkan's BaseVertex of a non-indexed draw is its first vertex; GL's
//   gl_BaseVertex is the baseVertex argument, zero for commands without one
//   (GLSL 4.60 §7.1.1). Non-indexed draws of a program whose vertex stage
//   reads it use the draw-time variant VariantKey::base_vertex_zero, whose
//   loads of BaseVertex read 0.
// - DrawIndex counts the draws of one indirect (or multi-) draw command;
//   the GL frontend's loops over a multi-draw's draws give each draw its
//   index as the position of its command in an indirect multi-draw whose
//   earlier commands draw nothing (api_draw.cpp).
#pragma once

#include <cstdint>
#include <vector>

namespace brass::compiler {

// Whether the module reads the BaseVertex / DrawIndex built-in.
bool reads_base_vertex(const std::vector<uint32_t>& spirv);
bool reads_draw_index(const std::vector<uint32_t>& spirv);

// Every load of BaseVertex reads 0 instead. False for a malformed module.
bool zero_base_vertex(std::vector<uint32_t>& spirv);

}  // namespace brass::compiler
