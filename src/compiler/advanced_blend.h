// KHR_blend_equation_advanced in the fragment shader.
//
// Vulkan's VK_EXT_blend_operation_advanced is missing on many devices
// (lavapipe among them), so Brass blends in the shader instead: a fragment
// shader that declares `layout(blend_support_*) out;` is compiled with
//  * its main() renamed (a `#define main brass_app_main` in the preamble),
//  * a destination sampler, the framebuffer-fetch one of draw buffer 0
//    (kFetchSamplerPrefix + "0"; the GL frontend binds a copy of the
//    attachment made before each draw, src/gl/framebuffer_fetch.cpp),
//  * a new main() that calls the application's, then, when the
//    specialization constant kAdvancedBlendSpecId is not 0, replaces the
//    colour output of location 0 with the advanced blend of it (the source)
//    and the destination texel under gl_FragCoord.
// The constant is 0 in the linked program, so its draws blend as usual; the
// program variant of a draw with an advanced equation gets the equation's
// number patched into the SPIR-V (set_advanced_blend_equation), and the
// driver folds the other branches away. Fixed-function blending is off for
// such draws (the GL frontend's blend state).
//
// Reading a copy made before the draw is coherent between draws; primitives
// of one draw that overlap see the destination from before the draw, which
// is what the non-coherent extension allows without glBlendBarrierKHR.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace glslang {
class TIntermediate;
}

namespace brass::compiler {

// The equations in the extension's table order (also glslang's
// TBlendEquationShift order plus one): the value of the specialization
// constant and of VariantKey::advanced_blend. 0 is "not advanced".
enum class AdvancedBlendEquation : uint8_t {
  None = 0,
  Multiply,
  Screen,
  Overlay,
  Darken,
  Lighten,
  ColorDodge,
  ColorBurn,
  HardLight,
  SoftLight,
  Difference,
  Exclusion,
  HslHue,
  HslSaturation,
  HslColor,
  HslLuminosity,
};
inline constexpr unsigned kAdvancedBlendEquationCount = 15;
// ProgramInterface::blend_support bit of an equation.
inline constexpr uint32_t blend_support_bit(AdvancedBlendEquation e) {
  return e == AdvancedBlendEquation::None ? 0u : 1u << (static_cast<unsigned>(e) - 1);
}
inline constexpr uint32_t kBlendSupportAll = (1u << kAdvancedBlendEquationCount) - 1;

// GL shaders have no specialization constants of their own, so any id is
// free; glslang takes ids below 0x7ff.
inline constexpr uint32_t kAdvancedBlendSpecId = 0x7f0;

// The colour output that advanced blending replaces: the one at location 0
// (or the only output, which GL places there).
struct BlendOutput {
  std::string name;      // as declared
  int components = 0;    // 1..4 for a float output; 0: none to blend (integer or absent)
  bool array = false;    // element 0 of an array
};

// Whether a (fragment) source mentions a blend_support layout qualifier; the
// wrapper is only added to those. Identifier tokens only (comments and
// strings do not count).
bool mentions_blend_support(std::string_view source);

// From the intermediate of a parsed fragment shader: the equations its
// blend_support qualifiers declare (blend_support_bit mask) and the output
// to blend.
uint32_t declared_blend_support(const glslang::TIntermediate& intermediate);
BlendOutput find_blend_output(const glslang::TIntermediate& intermediate);

// Preamble line renaming the application's main().
std::string advanced_blend_preamble();

// Code appended to the shader text (after everything else): the blend
// functions and the new main(). `declare_sampler` is false when the shader
// already fetches draw buffer 0 (EXT_shader_framebuffer_fetch declared the
// sampler). `output` is the name as it appears in the text the code is
// appended to.
std::string advanced_blend_epilogue(const BlendOutput& output, const std::string& output_in_text, bool declare_sampler);

// Sets the specialization constant to `equation`. False when the module has
// none (a program without the wrapper) or is malformed.
bool set_advanced_blend_equation(std::vector<uint32_t>& spirv, AdvancedBlendEquation equation);

}  // namespace brass::compiler
