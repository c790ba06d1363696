// The legacy buffer-texture formats' component mapping at draw time
// (compatibility profile; compiler/texel_buffer_swizzle.h): which of the
// draw's samplerBuffer elements read a buffer texture of an ALPHA,
// LUMINANCE, LUMINANCE_ALPHA or INTENSITY format, as a program variant key,
// and the descriptor bindings a variant of that key patches.
#pragma once

#include <cstdint>
#include <vector>

#include "compiler/texel_buffer_swizzle.h"

namespace brass::pipe {
class ShaderProgram;
}

namespace brass::gl {

class Context;
struct LinkedProgram;

// VariantKey::texel_buffer_swizzles for the current draw: the swizzle of
// each samplerBuffer element of the stage sources (program order), 0 when
// none reads a legacy format. Costs nothing for programs without
// samplerBuffer uniforms.
uint64_t texel_buffer_swizzle_key(Context& ctx);

// The set-2 bindings (and array elements) of `lp`, the executable drawn,
// that a variant of key `swizzles` rearranges.
std::vector<compiler::TexelBufferBindingSwizzle> texel_buffer_binding_swizzles(Context& ctx, const LinkedProgram& lp,
                                                                                uint64_t swizzles);

// The program a compute dispatch of `lp` binds: its own, or in a
// compatibility context whose buffer textures need a mapping, the variant
// of it that applies them (made on first use, kept in lp.variants). Null,
// with the failure recorded, when the variant could not be made.
pipe::ShaderProgram* compute_program_for_dispatch(Context& ctx, LinkedProgram& lp);

}  // namespace brass::gl
