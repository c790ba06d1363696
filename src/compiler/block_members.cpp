// The members of uniform and storage blocks as GL lists them, including
// the ones no shader reads: every member of a std140, std430 or shared
// block is active (ES 3.0 §2.12.6, ES 3.1 §7.3.1), and so is such a block
// when no shader reads it at all, while glslang's reflection lists only
// what the shaders read. Split from program_reflection.cpp, which builds
// the rest of the program interface.
#include "compiler/block_members.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <algorithm>
#include <string_view>

#include "compiler/glsl_upgrader.h"
#include "compiler/glslang_glue.h"

namespace brass::compiler {

int matrix_stride_of(const glslang::TType& type) {
  if (!type.isMatrix()) return 0;
  const bool row_major = type.getQualifier().layoutMatrix == glslang::ElmRowMajor;
  const int vec = row_major ? type.getMatrixCols() : type.getMatrixRows();
  const int scalar = type.getBasicType() == glslang::EbtDouble ? 8 : 4;  // no 64-bit integer matrices
  // std140 rounds every column up to a vec4; std430 keeps vec2 columns tight.
  const bool std430 = type.getQualifier().layoutPacking == glslang::ElpStd430;
  return (vec == 2 && std430 ? 2 : 4) * scalar;
}

// The declared type of the block member reflection names `path`
// ("Block.s[1].v[2][0]" or "s[1].v[2][0]"), indices ignored; null if the
// path does not lead to a member.
const glslang::TType* member_by_path(const glslang::TType& block, std::string_view path) {
  const glslang::TType* container = &block;
  const glslang::TType* found = nullptr;
  bool first = true;
  while (!path.empty()) {
    const size_t dot = path.find('.');
    std::string_view component = path.substr(0, dot);
    path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
    component = component.substr(0, component.find('['));
    if (first && component == block.getTypeName().c_str() && !path.empty()) {
      first = false;
      continue;
    }
    first = false;
    if (!container || !container->isStruct()) return nullptr;
    found = nullptr;
    for (const glslang::TTypeLoc& m : *container->getStruct())
      if (component == m.type->getFieldName().c_str()) found = m.type;
    if (!found) return nullptr;
    container = found;
  }
  return found;
}

// The block member at the top of a buffer variable's path ("s" of
// "Block.s[0].f"), or null.
const glslang::TType* top_level_member(const glslang::TType* block, std::string_view raw_name) {
  if (!block || !block->isStruct()) return nullptr;
  const std::string prefix = std::string(block->getTypeName().c_str()) + ".";
  if (raw_name.starts_with(prefix)) raw_name.remove_prefix(prefix.size());
  const std::string_view top = raw_name.substr(0, raw_name.find_first_of(".["));
  for (const glslang::TTypeLoc& member : *block->getStruct())
    if (top == member.type->getFieldName().c_str()) return member.type;
  return nullptr;
}

// Whether GL counts the top-level member as a top-level array: only an
// array of an aggregate (struct, or array: an array of arrays) is one
// (ES 3.1 §7.3.1.1, TOP_LEVEL_ARRAY_SIZE / _STRIDE); an array of a basic
// type is the variable's own array.
bool is_top_level_array(const glslang::TType& member) {
  return member.isArray() && (member.isStruct() || member.getArraySizes()->getNumDims() > 1);
}

// GL_TOP_LEVEL_ARRAY_SIZE (glslang leaves it -1): the top-level array's
// element count, 0 when it has no declared size, 1 when there is none.
int32_t top_level_array_size(const glslang::TType* member) {
  if (!member || !is_top_level_array(*member)) return 1;
  return member->isUnsizedArray() ? 0 : std::max(member->getOuterArraySize(), 0);
}

// Every index tuple of the first `dims` dimensions of an array type, as
// "[i][j]..." suffixes, the outermost dimension varying slowest.
std::vector<std::string> index_suffixes(const glslang::TType& t, int dims) {
  std::vector<std::string> out{""};
  const glslang::TArraySizes* sizes = t.getArraySizes();
  for (int d = 0; d < dims && sizes; ++d) {
    std::vector<std::string> next;
    const int n = std::max(sizes->getDimSize(d), 1);
    for (const std::string& prefix : out)
      for (int e = 0; e < n; ++e) next.push_back(prefix + "[" + std::to_string(e) + "]");
    out = std::move(next);
  }
  return out;
}

// Adds the leaves of `members` that reflection did not list to block `bi`,
// named as reflection names them ("s[1].t.x", arrays of basic types "a[0]").
void add_inactive_block_members(const glslang::TTypeList& members, const std::string& raw_prefix,
                                const std::string& block_type, int bi, ProgramInterface* pi,
                                std::vector<LayoutQuery>* layout_queries) {
  for (const glslang::TTypeLoc& member : members) {
    const glslang::TType& t = *member.type;
    const std::string raw = raw_prefix + t.getFieldName().c_str();
    const int dims = t.isArray() ? t.getArraySizes()->getNumDims() : 0;
    if (t.isStruct()) {
      // Arrays of structs (of arrays of arrays): every element by name.
      for (const std::string& suffix : index_suffixes(t, dims))
        add_inactive_block_members(*t.getStruct(), raw + suffix + ".", block_type, bi, pi, layout_queries);
      continue;
    }
    // An array of arrays is one GL uniform per element of its outer
    // dimensions, each an array of the innermost one ("v[1][0]", size of
    // the last dimension; ES 3.10 §7.3.1.1).
    for (const std::string& suffix : index_suffixes(t, dims > 0 ? dims - 1 : 0)) {
      const std::string raw_name = raw + suffix + (t.isArray() ? "[0]" : "");
      const std::string name = original_name(raw_name);
      Block& block = pi->uniform_blocks[static_cast<size_t>(bi)];
      bool listed = false;
      for (uint32_t m : block.active_members) listed = listed || pi->uniforms[m].name == name;
      if (listed) continue;
      Uniform u;
      u.name = name;
      u.type = gl_type_of(t);
      u.array_size = t.isArray() ? std::max(t.getArraySizes()->getDimSize(dims - 1), 1) : 1;
      u.block_index = bi;
      u.offset = 0;  // from the SPIR-V (layout_queries)
      u.matrix_stride = matrix_stride_of(t);
      u.row_major = t.isMatrix() && t.getQualifier().layoutMatrix == glslang::ElmRowMajor;
      u.stages = block.stages;
      if (layout_queries) layout_queries->push_back({pi->uniforms.size(), block_type, raw_name});
      block.active_members.push_back(static_cast<uint32_t>(pi->uniforms.size()));
      pi->uniforms.push_back(std::move(u));
    }
  }
}

// The members of a storage block reflection did not list (no shader reads
// them): every member of a std140/std430/shared block is active (ES 3.1
// §7.3.1). Named as GL enumerates buffer variables: a top-level member that
// is an array of an aggregate by its first element only, arrays inside it
// by every element, an array of a basic type as "v[0]". Offsets and strides
// come from the SPIR-V (layout_queries). `top` is the top-level member being
// walked (null at the top).
void add_inactive_storage_members(const glslang::TTypeList& members, const std::string& raw_prefix,
                                  const std::string& block_type, int bi, const glslang::TType* top,
                                  const std::string& top_name, ProgramInterface* pi,
                                  std::vector<LayoutQuery>* layout_queries) {
  for (const glslang::TTypeLoc& member : members) {
    const glslang::TType& t = *member.type;
    const std::string raw = raw_prefix + t.getFieldName().c_str();
    const int dims = t.isArray() ? t.getArraySizes()->getNumDims() : 0;
    const bool at_top = top == nullptr;
    const glslang::TType& top_member = at_top ? t : *top;
    // The top-level array (of an aggregate) shows only its element 0.
    const bool top_array = at_top && is_top_level_array(t);
    const std::string this_top_name = at_top ? raw : top_name;
    if (t.isStruct()) {
      std::vector<std::string> struct_suffixes = index_suffixes(t, dims);
      if (top_array) {
        // The top-level array shows its element 0 (of the outer dimension).
        std::erase_if(struct_suffixes, [](const std::string& sfx) { return sfx.rfind("[0]", 0) != 0; });
      }
      for (const std::string& suffix : struct_suffixes)
        add_inactive_storage_members(*t.getStruct(), raw + suffix + ".", block_type, bi, &top_member, this_top_name,
                                     pi, layout_queries);
      continue;
    }
    std::vector<std::string> suffixes = index_suffixes(t, dims > 0 ? dims - 1 : 0);
    if (top_array) {
      // An array of arrays at the top: the outer dimension shows element 0.
      std::erase_if(suffixes, [](const std::string& sfx) { return sfx.rfind("[0]", 0) != 0; });
    }
    for (const std::string& suffix : suffixes) {
      const std::string raw_name = raw + suffix + (t.isArray() ? "[0]" : "");
      const std::string name = original_name(raw_name);
      Block& block = pi->storage_blocks[static_cast<size_t>(bi)];
      bool listed = false;
      for (uint32_t m : block.active_members) listed = listed || pi->buffer_variables[m].name == name;
      if (listed) continue;
      BufferVariable v;
      v.name = name;
      v.type = gl_type_of(t);
      const int inner = t.isArray() ? t.getArraySizes()->getDimSize(dims - 1) : 1;
      v.array_size = t.isArray() && dims == 1 && t.isUnsizedArray() ? 0 : std::max(inner, 1);
      v.block_index = bi;
      v.matrix_stride = matrix_stride_of(t);
      v.row_major = t.isMatrix() && t.getQualifier().layoutMatrix == glslang::ElmRowMajor;
      v.top_level_array_size = top_level_array_size(&top_member);
      v.top_level_array_stride = 0;
      v.stages = block.stages;
      LayoutQuery q{pi->buffer_variables.size(), block_type, raw_name, true, ""};
      // The top-level member's own name: its array stride is the top level's.
      if (is_top_level_array(top_member)) q.top_level_name = this_top_name;
      if (layout_queries) layout_queries->push_back(std::move(q));
      block.active_members.push_back(static_cast<uint32_t>(pi->buffer_variables.size()));
      pi->buffer_variables.push_back(std::move(v));
    }
  }
}


namespace {

class DeclaredBlockCollector : public glslang::TIntermTraverser {
 public:
  DeclaredBlockCollector(glslang::TStorageQualifier storage, StageMask stage, std::map<std::string, DeclaredBlock>* out)
      : storage_(storage), stage_(stage), out_(out) {}
  void visitSymbol(glslang::TIntermSymbol* symbol) override {
    const glslang::TType& t = symbol->getType();
    if (t.getBasicType() != glslang::EbtBlock || t.getQualifier().storage != storage_) return;
    const std::string name = t.getTypeName().c_str();
    // Brass's default block, and glslang's blocks for atomic counters.
    if (name == kDefaultBlockName || name.rfind("gl_", 0) == 0) return;
    DeclaredBlock& d = (*out_)[name];
    if (!d.type) d.type = &t;
    d.stages |= stage_;
    d.instanced = d.instanced || std::string_view(symbol->getName().c_str()).substr(0, 5) != "anon@";
  }

 private:
  glslang::TStorageQualifier storage_;
  StageMask stage_;
  std::map<std::string, DeclaredBlock>* out_;
};

}  // namespace

std::map<std::string, DeclaredBlock> collect_declared_blocks(const glslang::TProgram& program,
                                                             glslang::TStorageQualifier storage) {
  std::map<std::string, DeclaredBlock> declared;
  for (int s = 0; s < kShaderStageCount; ++s) {
    const glslang::TIntermediate* im = program.getIntermediate(to_glslang(static_cast<ShaderStage>(s)));
    if (!im || !im->getTreeRoot()) continue;
    DeclaredBlockCollector collector(storage, 1u << s, &declared);
    im->getTreeRoot()->traverse(&collector);
  }
  return declared;
}

}  // namespace brass::compiler
