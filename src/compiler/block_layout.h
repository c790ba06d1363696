// Byte layout of uniform-block members as the compiled SPIR-V reads them.
// glslang's reflection computes offsets on its own and gets members of
// nested structs wrong (it does not round a struct member up to the
// struct's std140 alignment), while what glGetActiveUniformsiv reports and
// what glUniform* writes must be exactly what the shader reads. The SPIR-V
// Offset, ArrayStride, MatrixStride and RowMajor decorations are that
// truth; this resolves a GL uniform name against them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace brass::compiler {

struct MemberLayout {
  int32_t offset = 0;
  int32_t array_stride = 0;   // of the array the name's last index selects, else 0
  int32_t matrix_stride = 0;  // 0 for non-matrices
  bool row_major = false;
};

class BlockLayouts {
 public:
  // Reads the struct types, member names and layout decorations of a
  // module. A malformed module gives no layouts.
  explicit BlockLayouts(const std::vector<uint32_t>& spirv);

  // `block_type`: the OpName of the block's struct type. `name`: the member
  // path as reflection spells it ("s.b[1].c", "a[0]", with or without the
  // block name first). Nullopt when the path does not resolve.
  std::optional<MemberLayout> resolve(std::string_view block_type, std::string_view name) const;

  // GL_UNIFORM_BLOCK_DATA_SIZE of the block: the end of its last member,
  // structs rounded up to 16 bytes as std140 does. Nullopt when the module
  // does not declare the block.
  std::optional<int32_t> block_size(std::string_view block_type) const;

 private:
  struct Member {
    std::string name;
    uint32_t type = 0;
    int32_t offset = -1;
    int32_t matrix_stride = 0;
    bool row_major = false;
  };
  struct Type {
    uint32_t opcode = 0;
    uint32_t element = 0;   // arrays, matrices
    uint32_t length = 0;    // arrays: element count
    int32_t array_stride = 0;
    std::vector<Member> members;  // structs
  };
  // Bytes a value of `type` occupies (`member` gives matrix stride and
  // orientation); 0 for what the layout does not describe.
  int32_t size_of(uint32_t type, const Member* member) const;

  struct Scalar {
    uint32_t components = 0;  // vectors: their size; scalars 1
  };
  std::map<uint32_t, Scalar> vectors_;  // OpTypeVector/Int/Float/Bool ids
  std::map<uint32_t, Type> types_;
  std::map<std::string, uint32_t, std::less<>> struct_by_name_;
};

}  // namespace brass::compiler
