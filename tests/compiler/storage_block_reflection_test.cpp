// Storage blocks and buffer variables as glGetProgramResource* reports them
// (ES 3.1 §7.3.1): every member of a std140/std430/shared block is active,
// unread blocks included, and an array of blocks lists the same members for
// every element.
#include <map>
#include <set>

#include "compiler/gl_types.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

// Every member of a std430 storage block is a buffer variable, read or not,
// with the SPIR-V's offsets; the top-level array properties count only a
// member that is an array of an aggregate, by its first element.
TEST(StorageBlockReflection, MembersAndTopLevelArrays) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Compute, R"(#version 310 es
layout(local_size_x = 1) in;
struct S { ivec3 a; mat3 b[2]; };
layout(std430, binding = 0) buffer Block {
  uint u;
  S s[3];
  float f[2][4];
  vec4 tail[];
};
void main() { tail[1] = vec4(1.0); }
)"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  std::map<std::string, const BufferVariable*> vars;
  for (const BufferVariable& v : r.interface.buffer_variables) vars[v.name] = &v;
  std::set<std::string> names;
  for (const auto& [name, v] : vars) names.insert(name);
  EXPECT_EQ(names, (std::set<std::string>{"u", "s[0].a", "s[0].b[0]", "f[0][0]", "tail[0]"}));
  if (vars.size() != 5) return;
  // u: not an array.
  EXPECT_EQ(vars["u"]->offset, 0);
  EXPECT_EQ(vars["u"]->top_level_array_size, 1);
  EXPECT_EQ(vars["u"]->top_level_array_stride, 0);
  // s: an array of structs, 3 elements of 16 + 2 * 48 = 112 bytes.
  EXPECT_EQ(vars["s[0].a"]->offset, 16);
  EXPECT_EQ(vars["s[0].b[0]"]->offset, 32);
  EXPECT_EQ(vars["s[0].b[0]"]->array_size, 2);
  EXPECT_EQ(vars["s[0].b[0]"]->array_stride, 48);
  EXPECT_EQ(vars["s[0].b[0]"]->matrix_stride, 16);
  EXPECT_EQ(vars["s[0].a"]->top_level_array_size, 3);
  EXPECT_EQ(vars["s[0].a"]->top_level_array_stride, 112);
  // f: an array of arrays; its outer dimension is the top-level array.
  EXPECT_EQ(vars["f[0][0]"]->offset, 16 + 3 * 112);
  EXPECT_EQ(vars["f[0][0]"]->array_size, 4);
  EXPECT_EQ(vars["f[0][0]"]->array_stride, 4);
  EXPECT_EQ(vars["f[0][0]"]->top_level_array_size, 2);
  EXPECT_EQ(vars["f[0][0]"]->top_level_array_stride, 16);
  // tail: a runtime-sized array of a basic type, the variable's own array.
  EXPECT_EQ(vars["tail[0]"]->array_size, 0);
  EXPECT_EQ(vars["tail[0]"]->array_stride, 16);
  EXPECT_EQ(vars["tail[0]"]->top_level_array_size, 1);
  EXPECT_EQ(vars["tail[0]"]->top_level_array_stride, 0);
}

// A std140 or std430 storage block no shader reads is still active, with
// all its members laid out and its binding.
TEST(StorageBlockReflection, UnreadBlocksAreActive) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Compute, R"(#version 310 es
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Used { uint x; };
layout(std140, row_major, binding = 2) buffer Unused { highp mat3 f[]; } unused;
layout(std430, binding = 3) buffer AlsoUnused { float g; vec4 h[2]; };
void main() { x = 1u; }
)"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  std::map<std::string, const Block*> blocks;
  for (const Block& b : pi.storage_blocks) blocks[b.name] = &b;
  ASSERT_EQ(blocks.size(), 3u);
  ASSERT_TRUE(blocks.count("Unused") && blocks.count("AlsoUnused"));
  EXPECT_EQ(blocks["Unused"]->initial_binding, 2);
  EXPECT_EQ(blocks["AlsoUnused"]->initial_binding, 3);
  EXPECT_EQ(blocks["AlsoUnused"]->data_size, 48);
  std::map<std::string, const BufferVariable*> vars;
  for (const BufferVariable& v : pi.buffer_variables) vars[v.name] = &v;
  ASSERT_TRUE(vars.count("Unused.f[0]") && vars.count("g") && vars.count("h[0]"));
  const BufferVariable& f = *vars["Unused.f[0]"];
  EXPECT_EQ(f.type, gl::FLOAT_MAT3);
  EXPECT_EQ(f.array_size, 0);       // runtime-sized
  EXPECT_EQ(f.array_stride, 48);    // std140: three vec4 rows
  EXPECT_EQ(f.matrix_stride, 16);
  EXPECT_TRUE(f.row_major);
  EXPECT_EQ(vars["h[0]"]->offset, 16);
  EXPECT_EQ(vars["h[0]"]->array_stride, 16);
  // Each block lists exactly its own members.
  for (const auto& [name, b] : blocks) {
    const int index = static_cast<int>(b - pi.storage_blocks.data());
    EXPECT_FALSE(b->active_members.empty()) << name;
    for (uint32_t m : b->active_members) EXPECT_EQ(pi.buffer_variables[m].block_index, index) << name;
  }
}

// An array of storage blocks is one block per element, each listing the
// same buffer variables, which belong to element 0 whichever element the
// shader reads them through.
TEST(StorageBlockReflection, ArrayOfBlocksSharesMembers) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Compute, R"(#version 310 es
layout(local_size_x = 1) in;
struct S { highp uvec2 a; highp vec3 c; };
layout(std140, binding = 0) buffer Block { lowp vec2 u; S s[]; } block[3];
void main() { block[2].s[0].a = uvec2(1u); block[1].u = vec2(0.0); }
)"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  ASSERT_EQ(pi.storage_blocks.size(), 3u);
  int first = -1;
  for (size_t b = 0; b < pi.storage_blocks.size(); ++b)
    if (pi.storage_blocks[b].name == "Block[0]") first = static_cast<int>(b);
  ASSERT_GE(first, 0);
  std::set<std::string> names;
  for (uint32_t m : pi.storage_blocks[static_cast<size_t>(first)].active_members) names.insert(pi.buffer_variables[m].name);
  EXPECT_EQ(names, (std::set<std::string>{"Block.u", "Block.s[0].a", "Block.s[0].c"}));
  for (const Block& b : pi.storage_blocks)
    EXPECT_EQ(b.active_members, pi.storage_blocks[static_cast<size_t>(first)].active_members) << b.name;
  for (const BufferVariable& v : pi.buffer_variables) EXPECT_EQ(v.block_index, first) << v.name;
}

}  // namespace
}  // namespace brass::compiler::test
