#include "gl/spirv_program.h"

#include <algorithm>

#include "gl/program_util.h"

namespace brass::gl {
namespace {

// Base alignment of a block member's (innermost) type, std430 rules.
int32_t member_alignment(uint32_t type, bool row_major) {
  const TypeShape s = type_shape(type);
  int components = s.matrix() ? (row_major ? s.cols : s.rows) : s.rows;
  if (components == 3) components = 4;
  return static_cast<int32_t>(s.scalar_size()) * components;
}

int32_t round_up(int32_t v, int32_t a) { return a > 0 ? (v + a - 1) / a * a : v; }

}  // namespace

void pad_spirv_block_sizes(compiler::ProgramInterface& pi) {
  for (compiler::Block& b : pi.uniform_blocks) {
    int32_t align = 16;
    for (const uint32_t m : b.active_members)
      if (m < pi.uniforms.size())
        align = std::max(align, member_alignment(pi.uniforms[m].type, pi.uniforms[m].row_major));
    b.data_size = round_up(b.data_size, align);
  }
  for (compiler::Block& b : pi.storage_blocks) {
    int32_t align = 4;
    for (const uint32_t m : b.active_members)
      if (m < pi.buffer_variables.size())
        align = std::max(align, member_alignment(pi.buffer_variables[m].type, pi.buffer_variables[m].row_major));
    b.data_size = round_up(b.data_size, align);
  }
}

}  // namespace brass::gl
