// KHR_blend_equation_advanced on the GL side: which equations are advanced,
// the draw-time rules, and the equation a draw blends with in the shader
// (src/compiler/advanced_blend.h says how: the fragment shader reads a copy
// of draw buffer 0, src/gl/framebuffer_fetch.cpp, and blends itself, while
// fixed-function blending is off for that buffer).
#pragma once

#include "compiler/advanced_blend.h"
#include "gl/gl_types.h"

namespace brass::gl {

class Context;
struct LinkedProgram;

// The advanced equation `mode` names (GL_MULTIPLY_KHR ... GL_HSL_LUMINOSITY_KHR),
// else None.
compiler::AdvancedBlendEquation advanced_equation(GLenum mode);

// The advanced equation a draw blends draw buffer 0 with: blending enabled
// there with an advanced equation, else None.
compiler::AdvancedBlendEquation draw_advanced_equation(const Context& ctx);

// The equation the draw's fragment shader must blend with (its program
// variant): draw_advanced_equation, or None where the device's blender
// applies advanced equations itself (Limits::advanced_blend_coherent).
compiler::AdvancedBlendEquation shader_blend_equation(const Context& ctx);

// Whether this draw leaves out the fetch of draw buffer 0 that only the
// fragment shader's in-shader blend reads (ProgramInterface::
// advanced_blend_fetch_only): the draw blends without it, so no copy is
// made and the slot takes the driver's fallback image. Not on a
// multisampled framebuffer where the shader fetches another buffer too, or
// where an attachment needs blending in the shader (shader_blend.h): its
// fetch_multisampled variant would declare the slot multisampled, which the
// single-sampled fallback does not fit.
bool skips_blend_only_fetch(const Context& ctx, const LinkedProgram& fs);

// The extension's draw-time errors (GL ES 3.2 §15.1.5.2): with blending
// enabled with an advanced equation on any draw buffer that is not NONE,
// INVALID_OPERATION is generated when a draw buffer other than the first is
// not NONE, or when the fragment shader does not declare the equation with
// a blend_support qualifier. False when the draw is an error (not recorded:
// the caller records it, before any early return for empty draws).
bool advanced_blend_draw_ok(Context& ctx);

}  // namespace brass::gl
