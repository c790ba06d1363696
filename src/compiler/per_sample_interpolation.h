// GL's sample shading at a fraction of 1.0 evaluates every fragment input
// at the sample location of its invocation (ES 3.2 §13.4.1), where Vulkan
// leaves inputs without the Sample decoration at an implementation's
// choice of location. The fragment variant for it (VariantKey::
// sample_shading) decorates every interpolated input Sample; the GL
// frontend uses it whenever sample shading runs more than one invocation
// per pixel (below 1.0 GL allows any location, and a sample's makes the
// invocations see different values, which users of sample shading expect).
#pragma once

#include <cstdint>
#include <vector>

namespace brass::compiler {

// Decorates each Input variable of a fragment module (each member of an
// input block) that is neither a built-in nor Flat with Sample, drops its
// Centroid (the sample location wins), and declares SampleRateShading.
// Returns false, leaving the module intact, when it cannot be parsed.
bool interpolate_inputs_per_sample(std::vector<uint32_t>& spirv);

}  // namespace brass::compiler
