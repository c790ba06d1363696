#include "compiler/uniform_initializers.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <cstring>

namespace brass::compiler {
namespace {

class InitializedUniforms : public glslang::TIntermTraverser {
 public:
  void visitSymbol(glslang::TIntermSymbol* s) override {
    if (s->getQualifier().storage != glslang::EvqUniform) return;
    const glslang::TConstUnionArray& values = s->getConstArray();
    if (values.empty()) return;
    const glslang::TType& type = s->getType();
    if (type.isStruct() || type.getBasicType() == glslang::EbtSampler) return;  // not supported yet
    UniformInitializer init;
    const glslang::TBasicType basic = type.getBasicType();
    init.is_64bit = basic == glslang::EbtDouble || basic == glslang::EbtInt64 || basic == glslang::EbtUint64;
    init.columns = type.isMatrix() ? type.getMatrixCols() : 1;
    init.components_per_column = type.isMatrix() ? type.getMatrixRows() : std::max(type.getVectorSize(), 1);
    init.array_size = type.isArray() ? std::max(type.getOuterArraySize(), 1) : 1;
    for (int i = 0; i < values.size(); ++i) {
      const glslang::TConstUnion& v = values[i];
      switch (v.getType()) {
        case glslang::EbtDouble: {
          const double d = v.getDConst();
          if (init.is_64bit) {
            uint64_t bits;
            std::memcpy(&bits, &d, 8);
            init.words.push_back(static_cast<uint32_t>(bits));
            init.words.push_back(static_cast<uint32_t>(bits >> 32));
          } else {
            const float f = static_cast<float>(d);
            uint32_t bits;
            std::memcpy(&bits, &f, 4);
            init.words.push_back(bits);
          }
          break;
        }
        case glslang::EbtFloat: {
          const float f = static_cast<float>(v.getDConst());
          uint32_t bits;
          std::memcpy(&bits, &f, 4);
          init.words.push_back(bits);
          break;
        }
        case glslang::EbtInt: init.words.push_back(static_cast<uint32_t>(v.getIConst())); break;
        case glslang::EbtUint: init.words.push_back(v.getUConst()); break;
        case glslang::EbtBool: init.words.push_back(v.getBConst() ? 1u : 0u); break;
        case glslang::EbtInt64:
        case glslang::EbtUint64: {
          const auto bits = v.getType() == glslang::EbtInt64 ? static_cast<uint64_t>(v.getI64Const()) : v.getU64Const();
          init.words.push_back(static_cast<uint32_t>(bits));
          init.words.push_back(static_cast<uint32_t>(bits >> 32));
          break;
        }
        default: return;
      }
    }
    found[s->getName().c_str()] = std::move(init);
  }
  std::map<std::string, UniformInitializer> found;
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
