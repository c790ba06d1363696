#include "compiler/uniform_initializers.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <cstring>

namespace brass::compiler {
namespace {

// Appends one constant's words (UniformInitializer::words); false for a
// type an initializer cannot have.
bool append_words(const glslang::TConstUnion& v, bool is_64bit, std::vector<uint32_t>* words) {
  switch (v.getType()) {
    case glslang::EbtDouble: {
      const double d = v.getDConst();
      if (is_64bit) {
        uint64_t bits;
        std::memcpy(&bits, &d, 8);
        words->push_back(static_cast<uint32_t>(bits));
        words->push_back(static_cast<uint32_t>(bits >> 32));
      } else {
        const float f = static_cast<float>(d);
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        words->push_back(bits);
      }
      return true;
    }
    case glslang::EbtFloat: {
      const float f = static_cast<float>(v.getDConst());
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      words->push_back(bits);
      return true;
    }
    case glslang::EbtInt: words->push_back(static_cast<uint32_t>(v.getIConst())); return true;
    case glslang::EbtUint: words->push_back(v.getUConst()); return true;
    case glslang::EbtBool: words->push_back(v.getBConst() ? 1u : 0u); return true;
    case glslang::EbtInt64:
    case glslang::EbtUint64: {
      const auto bits = v.getType() == glslang::EbtInt64 ? static_cast<uint64_t>(v.getI64Const()) : v.getU64Const();
      words->push_back(static_cast<uint32_t>(bits));
      words->push_back(static_cast<uint32_t>(bits >> 32));
      return true;
    }
    default: return false;
  }
}

class InitializedUniforms : public glslang::TIntermTraverser {
 public:
  void visitSymbol(glslang::TIntermSymbol* s) override {
    if (s->getQualifier().storage != glslang::EvqUniform) return;
    const glslang::TConstUnionArray& values = s->getConstArray();
    if (values.empty()) return;
    const glslang::TType& type = s->getType();
    if (type.getBasicType() == glslang::EbtSampler) return;
    int pos = 0;
    add(s->getName().c_str(), type, values, &pos);
  }
  std::map<std::string, UniformInitializer> found;

 private:
  // A structure's constant lists its members' in order, an array's its
  // elements': one initializer per GL uniform ("s.a", "s.b[1].c", an
  // array of a basic type whole), named as GL names it.
  void add(const std::string& name, const glslang::TType& type, const glslang::TConstUnionArray& values, int* pos) {
    if (type.isArray() && (type.isStruct() || type.isArrayOfArrays())) {
      const glslang::TType element(type, 0);
      for (int i = 0; i < type.getOuterArraySize(); ++i) add(name + "[" + std::to_string(i) + "]", element, values, pos);
      return;
    }
    if (type.isStruct()) {
      const glslang::TTypeList& members = *type.getStruct();
      for (size_t m = 0; m < members.size(); ++m) {
        const glslang::TType member(type, static_cast<int>(m));
        add(name + "." + members[m].type->getFieldName().c_str(), member, values, pos);
      }
      return;
    }
    UniformInitializer init;
    const glslang::TBasicType basic = type.getBasicType();
    init.is_64bit = basic == glslang::EbtDouble || basic == glslang::EbtInt64 || basic == glslang::EbtUint64;
    init.columns = type.isMatrix() ? type.getMatrixCols() : 1;
    init.components_per_column = type.isMatrix() ? type.getMatrixRows() : std::max(type.getVectorSize(), 1);
    init.array_size = type.isArray() ? std::max(type.getOuterArraySize(), 1) : 1;
    const int count = init.columns * init.components_per_column * init.array_size;
    for (int i = 0; i < count; ++i, ++*pos) {
      if (*pos >= values.size() || !append_words(values[*pos], init.is_64bit, &init.words)) return;
    }
    found[name] = std::move(init);
  }
};

}  // namespace

std::map<std::string, UniformInitializer> collect_uniform_initializers(const glslang::TIntermediate& intermediate) {
  InitializedUniforms t;
  if (TIntermNode* root = intermediate.getTreeRoot()) root->traverse(&t);
  return std::move(t.found);
}

void apply_uniform_initializers(const std::map<std::string, UniformInitializer>& initializers, ProgramInterface* pi) {
  if (initializers.empty() || pi->default_block_size == 0) return;
  pi->default_block_initial_data.assign(pi->default_block_size, 0);
  for (const Uniform& u : pi->uniforms) {
    if (u.block_index != -1 || u.offset < 0) continue;
    std::string base = u.name;
    if (base.size() > 3 && base.compare(base.size() - 3, 3, "[0]") == 0) base.resize(base.size() - 3);
    auto it = initializers.find(base);
    if (it == initializers.end()) continue;
    const UniformInitializer& init = it->second;
    const size_t scalar_words = init.is_64bit ? 2 : 1;
    const size_t scalar_bytes = scalar_words * 4;
    const int column_stride = u.matrix_stride ? u.matrix_stride : 0;
    size_t w = 0;
    for (int e = 0; e < std::min(init.array_size, u.array_size); ++e) {
      for (int c = 0; c < init.columns; ++c) {
        for (int r = 0; r < init.components_per_column; ++r) {
          if (w + scalar_words > init.words.size()) return;
          const size_t at = static_cast<size_t>(u.offset) + static_cast<size_t>(e) * static_cast<size_t>(u.array_stride) +
                            static_cast<size_t>(c * column_stride) + static_cast<size_t>(r) * scalar_bytes;
          if (at + scalar_bytes > pi->default_block_initial_data.size()) return;
          std::memcpy(pi->default_block_initial_data.data() + at, init.words.data() + w, scalar_bytes);
          w += scalar_words;
        }
      }
    }
  }
}

}  // namespace brass::compiler
