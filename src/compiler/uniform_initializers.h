// GLSL (desktop 1.20+) uniform initializers. glslang's Vulkan parse drops
// them, so they are read from the validation parse and written into the
// initial contents of the default uniform block, which the GL frontend
// copies into its uniform storage at link time.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "compiler/program_interface.h"

namespace brass::compiler {

struct UniformInitializer {
  // One 32-bit word per scalar (64-bit scalars, doubles and int64_t /
  // uint64_t, take two, low word first), in GLSL component order: array
  // elements, then columns, then rows.
  std::vector<uint32_t> words;
  bool is_64bit = false;
  int components_per_column = 1;  // vector size / matrix rows
  int columns = 1;
  int array_size = 1;
};

// Loose uniforms with an initializer, by name, from a validation parse.
std::map<std::string, UniformInitializer> collect_uniform_initializers(const glslang::TIntermediate& intermediate);

// Writes the initializers into `pi->default_block_initial_data` (sized to
// the default block) at each uniform's std140 offset.
void apply_uniform_initializers(const std::map<std::string, UniformInitializer>& initializers, ProgramInterface* pi);

}  // namespace brass::compiler
