// The fixed-function pipeline of a compatibility-profile context: the
// texture-unit enables that select what each unit samples (glEnable
// TEXTURE_1D/2D/3D/CUBE_MAP/RECTANGLE per active unit, OpenGL 4.6
// compatibility profile §14.9), and the choice, at each draw without a
// program, of the generated program that emulates the pipeline for the
// current state (ff_key.h, ff_shaders.h, ff_program_cache.h).
#pragma once

#include <array>
#include <cstdint>

#include "gl/compat/ff_key.h"
#include "gl/compat/ff_program_cache.h"
#include "compiler/variant_key.h"
#include "gl/gl_types.h"

namespace brass::gl {
class Context;
struct LinkedProgram;
}

namespace brass::gl::compat {

// Indices of FixedFunctionPipeline::texture_enables, one per target.
enum TextureEnable : uint8_t { kEnable1D, kEnable2D, kEnable3D, kEnableCube, kEnableRect, kTextureEnableCount };

struct FixedFunctionPipeline {
  // Per fixed-function texture unit: which targets are enabled.
  std::array<std::array<bool, kTextureEnableCount>, kFfTextureUnits> texture_enables{};
  // COLOR_SUM (§14.10): the secondary colour is added after texturing.
  bool color_sum = false;
  // The draw being validated draws points (set by the draw commands before
  // validation): point sprites replace texture coordinates only then.
  bool drawing_points = false;
  FfProgramCache programs;
  // The program the current draw runs when no program is current (set by
  // select_fixed_function; null otherwise or outside compatibility contexts).
  FfProgram* active = nullptr;
};

// The flag of an enable this module keeps (enable_flag's hook in a
// compatibility context, after compat_state's; glEnable, glDisable,
// glIsEnabled, glGet and the attribute stack go through it): a texture
// target of the active unit, or COLOR_SUM. Null when `cap` is none of them,
// or a texture target while the active unit is at or past
// MAX_TEXTURE_UNITS.
bool* ff_enable_flag(Context& ctx, GLenum cap);
// glEnable / glDisable / glIsEnabled of a texture target while the active
// unit is at or past MAX_TEXTURE_UNITS: records INVALID_OPERATION and says
// true (the command does nothing more).
bool texture_enable_out_of_range(Context& ctx, GLenum cap);

// The fixed-function key of the current state (the draw's texture
// completeness included).
FfKey make_key(Context& ctx);

// Before each draw's validation in a compatibility context: when no
// program (and no program pipeline) is in use, makes the fixed-function
// program of the current state the draw's executable, dirtying the program
// when it changed, and writes the values only it reads (the alpha test
// reference). Clears the choice otherwise.
void select_fixed_function(Context& ctx);

// The executable a draw without a program runs (null: none chosen).
LinkedProgram* fixed_function_executable(Context& ctx);

// What the compatibility profile compiles into any program drawn with
// (`lp`, the draw's executable): glShadeModel(GL_FLAT) makes the colour
// inputs flat, and ALPHA_TEST tests colour output 0 (the fixed-function
// program tests in its own code).
void add_variant_state(Context& ctx, const LinkedProgram& lp, compiler::VariantKey* key);

}  // namespace brass::gl::compat
