// The frame of every rewrite of what a fragment shader writes to its colour
// outputs (the compatibility alpha test, shader blending): the module is
// parsed, other stages are left alone, the entry point's function is found,
// and the rewritten module replaces the words.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "compiler/spirv_module.h"

namespace brass::compiler {

// What a rewrite did to the module it was handed.
enum class FragmentRewrite {
  kRewritten,  // changed: the module is serialized back
  kUnchanged,  // nothing to do (no output it applies to): the words stay
  kFailed,     // the module is not one it can rewrite
};

// Runs `rewrite` on `spirv` when it is a fragment module, with the id of its
// entry point's function; modules of other stages are left alone (true).
// False when the words are not a module, it has no entry point, or the
// rewrite failed (then `spirv` is unchanged).
bool rewrite_fragment_outputs(std::vector<uint32_t>& spirv,
                              const std::function<FragmentRewrite(SpirvModule& module, uint32_t entry)>& rewrite);

}  // namespace brass::compiler
