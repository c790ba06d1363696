// Turning interface variables (stage inputs and outputs) into Private
// variables that the module's own code reads and writes, for rewrites that
// feed or drain them by other means: packed varyings, 64-bit vertex inputs
// fetched as 32-bit ones, the bounding box Vulkan has no output for.
#pragma once

#include <cstdint>
#include <set>

#include "compiler/spirv_module.h"

namespace brass::compiler {

// Which entry point interface lists lose the variables. From SPIR-V 1.4 an
// entry point lists every global variable it uses, Private ones included;
// before, only its Input and Output variables.
enum class InterfaceRemoval {
  kAlways,
  kBeforeSpirv14,
};

// Moves the global OpVariable `id` to the Private storage class, after its
// new pointer type. False when `id` is not a variable of a pointer type.
bool move_variable_to_private(SpirvModule& m, uint32_t id);

// Completes `vars`' move (each moved by move_variable_to_private): access
// chains into them (and chains of those) get Private pointer types, their
// decorations go, and the entry points of `removal` stop listing them.
// False when an access chain's type is not a pointer.
bool retarget_private_uses(SpirvModule& m, const std::set<uint32_t>& vars, InterfaceRemoval removal);

// Both, for every variable of `vars`.
bool make_variables_private(SpirvModule& m, const std::set<uint32_t>& vars, InterfaceRemoval removal);

}  // namespace brass::compiler
