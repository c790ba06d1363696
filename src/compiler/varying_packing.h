// Varying packing (GLSL 4.60 §4.3.12's component counting, GLSL ES 1.00
// Appendix A): GL promises MAX_VARYING_COMPONENTS components between the
// vertex and the fragment stage, counted per component, while Vulkan gives
// every scalar, vector, matrix column and array element a location of its
// own. A float[120] is 120 Vulkan locations but 120 GL components (30
// vec4s). When the vertex stage's outputs span more locations than
// MAX_VARYING_VECTORS, the linked program's user varyings are packed into a
// few vec4/uvec4 arrays, one per interpolation group:
//
//  * the original variables become Private; the vertex stage copies them,
//    element by element, into the packed outputs before every return of
//    main, and the fragment stage copies the packed inputs into its Private
//    copies at the start of main;
//  * Vulkan lets a location's components share only one type and one
//    interpolation, so smooth, noperspective, centroid and sample floats
//    each get their own vec4 array and every flat varying (float, int,
//    uint, and 64-bit types as two words) shares one uvec4 array through
//    bitcasts;
//  * the layout is computed once from the pair of stages: both sides agree.
//
// The same holds between a geometry or tessellation evaluation shader and
// the fragment shader (the geometry shader copies before every EmitVertex).
//
// Left unpacked (at their own, compacted, locations): transform-feedback
// captures (they carry XfbBuffer/Offset), geometry outputs of a vertex
// stream (Stream), fragment inputs read through interpolateAt*, variables
// with an explicit component, and the compatibility built-ins the upgrader
// declares as brass_gl_* (draw-time variants re-decorate them by name).
// Interface blocks into the fragment stage, separable programs (their
// stages match by location, which packing would change) and the arrayed
// interfaces into tessellation and geometry stages are not packed: they
// keep the one-location-per-element rule and its limit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/compiler.h"

namespace brass::compiler {

// The scalar kinds a varying holds, in declaration order.
enum class VaryingScalar : uint8_t { Float, Int, Uint, Double, Int64, Uint64 };

constexpr uint32_t varying_scalar_words(VaryingScalar s) {
  return s == VaryingScalar::Double || s == VaryingScalar::Int64 || s == VaryingScalar::Uint64 ? 2 : 1;
}

struct VaryingInterpolation {
  bool flat = false;
  bool noperspective = false;
  bool centroid = false;
  bool sample = false;
  bool operator==(const VaryingInterpolation&) const = default;
};

struct PackableVarying {
  VaryingInterpolation interpolation;  // the consuming stage's
  std::vector<VaryingScalar> scalars;
};

// One packed array: `locations` vec4s (float words) or uvec4s (integer
// words, always flat) from `first_location` on.
struct VaryingPackingGroup {
  VaryingInterpolation interpolation;
  bool integer_words = false;
  uint32_t first_location = 0;
  uint32_t locations = 0;
};

// Where a scalar went: word `word` of group `group` (location
// first_location + word / 4, component word % 4); a 64-bit scalar takes
// `word` and the next one.
struct PackedScalarSlot {
  uint32_t group = 0;
  uint32_t word = 0;
};

struct VaryingPackingPlan {
  std::vector<VaryingPackingGroup> groups;
  std::vector<std::vector<PackedScalarSlot>> slots;  // per varying, per scalar
  uint32_t locations = 0;                            // all groups together
};

// Packs the scalars of `varyings` tightly, in order, into groups of equal
// interpolation (anything not a 32-bit float is flat), the groups one after
// another from `first_location`.
VaryingPackingPlan plan_varying_packing(const std::vector<PackableVarying>& varyings, uint32_t first_location);

// The number of locations the user-located outputs of a module span (the
// highest location used, plus one).
uint32_t output_location_span(const std::vector<uint32_t>& spirv);

// Packs the varyings between the last pre-rasterization stage
// (`producer`: vertex, tessellation evaluation or geometry) and the
// fragment stage (`consumer`) of one linked program, rewriting both modules. False,
// with an ERROR line in *log, when they cannot be packed into
// `max_locations` locations (or the interface holds what packing leaves
// alone); the modules are then unchanged.
[[nodiscard]] bool pack_varyings(std::vector<uint32_t>& producer, std::vector<uint32_t>& consumer,
                                 uint32_t max_locations, std::string* log);

// The link step: packs the interface between the last stage before the
// rasterizer (vertex, tessellation evaluation or geometry) and the fragment
// stage of a non-separable program when the former's outputs span
// (`spans`, per stage of `stages`, measured on the SPIR-V before
// transform-feedback copies are added) more than `max_locations` (GL's
// MAX_VARYING_VECTORS) locations. A vertex shader whose outputs span more
// and feed another stage, or belong to a separable program, fails the link
// as without packing. *packed tells whether modules changed (to validate
// them again). Ordinary programs are left untouched.
[[nodiscard]] bool pack_linked_varyings(std::vector<StageBinary>& stages, bool separable,
                                        const std::vector<uint32_t>& spans, int max_locations, std::string* log,
                                        bool* packed);

}  // namespace brass::compiler
