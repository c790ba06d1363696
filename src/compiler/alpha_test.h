// The compatibility profile's alpha test (OpenGL 4.6 compatibility profile
// §17.3.3) for any fragment shader: Vulkan has no such fixed stage, so the
// draw-time variant (VariantKey::alpha_func / alpha_ref_bits) compares the
// alpha of colour output 0 with the reference before every return of main
// and discards the fragment when the comparison fails.
#pragma once

#include <cstdint>
#include <vector>

namespace brass::compiler {

// The key's encoding of ALPHA_FUNC: 0 for no test (ALPHA_TEST disabled or
// ALWAYS), else 1 + (func - GL_NEVER).
inline constexpr uint8_t alpha_func_key(uint32_t gl_func) {
  return gl_func >= 0x0200 && gl_func < 0x0207 ? static_cast<uint8_t>(1 + (gl_func - 0x0200)) : 0;
}

// Adds the test to a fragment module. `func_key` as alpha_func_key (not 0),
// `ref_bits` the reference (a float, already clamped to [0, 1]). Modules
// whose output at location 0 is not a float vec4 (or an array of them,
// gl_FragData) are left alone: they have no alpha to test. False when the
// module could not be parsed.
bool add_alpha_test(std::vector<uint32_t>& spirv, uint8_t func_key, uint32_t ref_bits);

}  // namespace brass::compiler
