// unpackHalf2x16 with its high half unpacked separately, for devices whose
// compiler evaluates the high half of a constant argument wrong: Mesa's NIR
// before 25.0 folds unpack_half_2x16 of a constant with the high half
// shifted the wrong way (lavapipe 22.3, CI's device, gives 0.0 for every
// high half; 25.0.7 is right). The split form, unpackHalf2x16(x).x and
// unpackHalf2x16(x >> 16).x, only asks for low halves, which fold right,
// and computes the same value for every x, constant or not
// (ShaderLimits::split_unpack_half_2x16 selects it).
#pragma once

#include <cstdint>
#include <vector>

namespace brass::compiler {

// Rewrites every GLSL.std.450 UnpackHalf2x16 of the module into two
// unpacks of low halves. Returns false, leaving the module intact, when it
// cannot be parsed or a result type is not a vector type.
bool split_unpack_half_2x16(std::vector<uint32_t>& spirv);

}  // namespace brass::compiler
