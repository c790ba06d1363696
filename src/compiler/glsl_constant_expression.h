// Integer constant expressions in GLSL source, evaluated by source-level
// rewriters that need a value before glslang runs (subroutines.h: array
// sizes and layout qualifier values).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace brass::compiler {

// The value of the expression the significant tokens `tokens` spell:
// decimal, octal and hexadecimal literals (with or without `u`), names of
// `constants`, unary + and -, binary * / % + - << >> and parentheses.
// Nothing for anything else, for division by zero, and for values outside
// the 32-bit integers GLSL has.
std::optional<int64_t> evaluate_integer_expression(std::span<const std::string_view> tokens,
                                                   const std::map<std::string, int64_t, std::less<>>& constants);

}  // namespace brass::compiler
