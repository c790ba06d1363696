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
  std::map<uint32_t, Type> types_;
  std::map<std::string, uint32_t, std::less<>> struct_by_name_;
};

}  // namespace brass::compiler
