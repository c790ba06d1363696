// The members of uniform and storage blocks as GL lists them, including the
// ones no shader reads (glslang's reflection lists only what the shaders
// read), and the type helpers GL's block-member queries need.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/program_reflection.h"

namespace brass::compiler {

// GL_MATRIX_STRIDE of a block member by its declared layout (std140 rounds
// every column up to a vec4, std430 keeps vec2 columns tight); 0 for
// non-matrices.
int matrix_stride_of(const glslang::TType& type);

// The declared type of the block member reflection names `path`
// ("Block.s[1].v[2][0]" or "s[1].v[2][0]"), indices ignored; null if the
// path does not lead to a member.
const glslang::TType* member_by_path(const glslang::TType& block, std::string_view path);

// The block member at the top of a buffer variable's path ("s" of
// "Block.s[0].f"), or null.
const glslang::TType* top_level_member(const glslang::TType* block, std::string_view raw_name);

// Whether GL counts the top-level member as a top-level array: only an
// array of an aggregate (struct, or array: an array of arrays) is one
// (ES 3.1 §7.3.1.1); an array of a basic type is the variable's own array.
bool is_top_level_array(const glslang::TType& member);

// GL_TOP_LEVEL_ARRAY_SIZE: the top-level array's element count, 0 when it
// has no declared size, 1 when there is none.
int32_t top_level_array_size(const glslang::TType* member);

// Every index tuple of the first `dims` dimensions of an array type, as
// "[i][j]..." suffixes, the outermost dimension varying slowest.
std::vector<std::string> index_suffixes(const glslang::TType& t, int dims);

// Adds the leaves of `members` that reflection did not list to uniform
// block `bi`, named as reflection names them ("s[1].t.x", arrays of basic
// types "a[0]"); offsets and strides come later from the SPIR-V
// (`layout_queries`).
void add_inactive_block_members(const glslang::TTypeList& members, const std::string& raw_prefix,
                                const std::string& block_type, int bi, ProgramInterface* pi,
                                std::vector<LayoutQuery>* layout_queries);

// The same for storage block `bi` and its buffer variables, named as GL
// enumerates them (a top-level array of an aggregate by its first element
// only). `top` is the top-level member being walked (null at the top).
void add_inactive_storage_members(const glslang::TTypeList& members, const std::string& raw_prefix,
                                  const std::string& block_type, int bi, const glslang::TType* top,
                                  const std::string& top_name, ProgramInterface* pi,
                                  std::vector<LayoutQuery>* layout_queries);

// A named block some stage declares, read or not.
struct DeclaredBlock {
  const glslang::TType* type = nullptr;
  StageMask stages = 0;
  bool instanced = false;  // declared with an instance name
};

// The named blocks of `storage` (EvqUniform or EvqBuffer) the program's
// stages declare, by block (type) name; Brass's default block and glslang's
// atomic-counter blocks excluded.
std::map<std::string, DeclaredBlock> collect_declared_blocks(const glslang::TProgram& program,
                                                             glslang::TStorageQualifier storage);

}  // namespace brass::compiler
