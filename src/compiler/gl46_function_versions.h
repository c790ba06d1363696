// GL 4.6 extensions whose built-ins glslang declares only in newer GLSL
// than the extensions allow:
//
// ARB_shader_group_vote (GL 3.2 with ARB_compute_shader: piglit's tests are
// GLSL 1.50) gives anyInvocationARB, allInvocationsARB and
// allInvocationsEqualARB, which glslang declares from GLSL 4.30. A desktop
// source of 1.40-4.20 that enables the extension (exposed) and calls one is
// compiled as #version 430 (its number replaced, nothing else), as
// with_desktop_atomics_version does for the atomic functions.
//
// ARB_shader_draw_parameters (GLSL 1.40) gives gl_BaseVertexARB,
// gl_BaseInstanceARB and gl_DrawIDARB, which glslang declares from 4.50: a
// desktop source of 1.40-4.40 that enables the extension (exposed) and
// names one is compiled as #version 450 (its number replaced).
//
// ARB_shader_atomic_counter_ops (GLSL 1.40 with ARB_shader_atomic_counters)
// gives atomicCounterAddARB ... atomicCounterCompSwapARB. glslang declares
// those names only for OpenGL SPIR-V (not the Vulkan rules Brass compiles
// with) and the unsuffixed GLSL 4.60 names (the same functions) from 4.60,
// which its SPIR-V path turns into buffer atomics like the other counter
// functions. A desktop source that enables the extension (exposed) and
// calls one has the ARB names replaced by the 4.60 ones and is compiled as
// #version 460 (line numbers stay; __VERSION__ reads 460). glslang does
// not define the extension's macro: glsl_normalize.cpp does, as for the
// extensions glslang does not know.
#pragma once

#include <string>
#include <vector>

#include "compiler/glsl_version.h"

namespace brass::compiler {

std::string with_desktop_group_vote_version(std::string text, const GlslVersion& declared,
                                            const std::vector<std::string>& unexposed);

std::string with_desktop_draw_parameters_version(std::string text, const GlslVersion& declared,
                                                 const std::vector<std::string>& unexposed);

std::string with_atomic_counter_ops_names(std::string text, const GlslVersion& declared,
                                          const std::vector<std::string>& unexposed);

}  // namespace brass::compiler
