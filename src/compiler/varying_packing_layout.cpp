// The packing layout (varying_packing.h): which packed array and word each
// scalar of each varying goes to. Pure bookkeeping, shared by both stages.
#include <algorithm>

#include "compiler/varying_packing.h"

namespace brass::compiler {

VaryingPackingPlan plan_varying_packing(const std::vector<PackableVarying>& varyings, uint32_t first_location) {
  VaryingPackingPlan plan;
  std::vector<uint32_t> words;  // per group, words used so far
  plan.slots.resize(varyings.size());
  for (size_t v = 0; v < varyings.size(); ++v) {
    const PackableVarying& varying = varyings[v];
    // Vulkan interpolates only 32-bit floats; everything else must be flat
    // (GLSL requires the qualifier for them), and flat words of any type
    // share one integer group through bitcasts, where auxiliary storage
    // (centroid, sample) means nothing.
    const bool integer = varying.interpolation.flat ||
                         std::any_of(varying.scalars.begin(), varying.scalars.end(),
                                     [](VaryingScalar s) { return s != VaryingScalar::Float; });
    VaryingInterpolation key = varying.interpolation;
    if (integer) key = VaryingInterpolation{.flat = true};
    uint32_t group = 0;
    while (group < plan.groups.size() &&
           (plan.groups[group].integer_words != integer || !(plan.groups[group].interpolation == key)))
      ++group;
    if (group == plan.groups.size()) {
      plan.groups.push_back({key, integer, 0, 0});
      words.push_back(0);
    }
    for (VaryingScalar s : varying.scalars) {
      plan.slots[v].push_back({group, words[group]});
      words[group] += varying_scalar_words(s);
    }
  }
  uint32_t location = first_location;
  for (size_t g = 0; g < plan.groups.size(); ++g) {
    plan.groups[g].first_location = location;
    plan.groups[g].locations = (words[g] + 3) / 4;
    location += plan.groups[g].locations;
  }
  plan.locations = location - first_location;
  return plan;
}

}  // namespace brass::compiler
