// Interface matching between the stages of a program pipeline that come
// from different separable programs (ES 3.1 §7.4.1, GL 4.6 §7.4.1): every
// input of the consuming stage needs an output of the producing stage
// with the same location (both declared with one) or the same name
// (neither), the same type, array size, per-patch-ness and, where the API
// requires it, interpolation; members of a block or struct in the same
// order. A program's own stages were matched when it was linked.
#pragma once

#include <string>

#include "compiler/program_interface.h"

namespace brass::gl {

// `outputs`: the producing program's last-stage outputs; `inputs`: the
// consuming program's first-stage inputs, where neither side has a
// per-vertex array dimension (the consumer is the fragment stage). False,
// with the reason in `why`, when they do not match.
[[nodiscard]] bool separable_interfaces_match(const std::vector<compiler::InterfaceVariable>& outputs,
                                              const std::vector<compiler::InterfaceVariable>& inputs,
                                              bool interpolation_must_match, std::string* why);

}  // namespace brass::gl
