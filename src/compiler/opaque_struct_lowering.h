// Samplers (and other opaque types) as members of uniform structs. GLSL ES
// allows `struct S { float a; sampler2D tex; }; uniform S s[2];`; SPIR-V for
// Vulkan has no opaque members in structs. Before the Vulkan parse, each
// opaque leaf of such a uniform becomes a uniform array of its own, indexed
// by the flattened array indices of its path:
//
//   s[i].tex  ->  brass_os_1_s_2_3_tex_0[(i)]
//
// The name encodes the path (component length, name, array length, each
// followed by '_'), so reflection can report the GL names ("s[0].tex",
// "s[1].tex") without a side table: decode_lowered_opaque_name().
//
// Unsupported uses (a whole struct with opaque members passed to a function
// or assigned, array sizes that are not integer literals) leave the source
// unchanged; the Vulkan parse then fails with its own error.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace brass::compiler {

inline constexpr std::string_view kLoweredOpaquePrefix = "brass_os_";

std::string lower_opaque_struct_members(std::string_view text);

struct LoweredPathComponent {
  std::string name;
  uint32_t array_length = 0;  // 0: not an array
};

// The path of a lowered uniform's name, or nullopt for other names.
std::optional<std::vector<LoweredPathComponent>> decode_lowered_opaque_name(std::string_view name);

// The explicit location of `name`, an element uniform of the sampler whose
// lowered path is `path` ("s.si[1][0].tex", "s.tex[1][0]"), from the
// locations explicit_uniform_locations() gives the structure's leaf members,
// plus the locations of the member's elements before it; -1 if none.
int32_t lowered_sampler_location(const std::vector<LoweredPathComponent>& path, const std::string& name,
                                 const std::map<std::string, int>& explicit_locations);

}  // namespace brass::compiler
