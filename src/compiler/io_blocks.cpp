#include "compiler/io_blocks.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <algorithm>
#include <set>
#include <string>

#include "compiler/block_members.h"
#include "compiler/glsl_upgrader.h"
#include "compiler/program_reflection.h"

namespace brass::compiler {
namespace {

// The block-typed input or output symbols of a stage, each block once.
class IoBlockCollector : public glslang::TIntermTraverser {
 public:
  IoBlockCollector(glslang::TStorageQualifier storage, std::vector<const glslang::TIntermSymbol*>* out)
      : storage_(storage), out_(out) {}
  void visitSymbol(glslang::TIntermSymbol* symbol) override {
    const glslang::TType& t = symbol->getType();
    if (t.getBasicType() != glslang::EbtBlock || t.getQualifier().storage != storage_) return;
    const std::string block = t.getTypeName().c_str();
    // gl_PerVertex and the other built-in blocks are reported as built-ins.
    if (block.rfind("gl_", 0) == 0 || !seen_.insert(block).second) return;
    out_->push_back(symbol);
  }

 private:
  glslang::TStorageQualifier storage_;
  std::vector<const glslang::TIntermSymbol*>* out_;
  std::set<std::string> seen_;
};

struct MemberWalk {
  EShLanguage stage;
  bool per_patch;
  InterfaceVariable::Interpolation block_interpolation;
  std::vector<InterfaceVariable>* out;
};

// One member (or struct member, or array element of a struct) at
// `location` (-1: none).
void add_member(const MemberWalk& w, const glslang::TType& t, const std::string& name, int32_t location) {
  if (t.isStruct()) {
    const int dims = t.isArray() ? t.getArraySizes()->getNumDims() : 0;
    int32_t at = location;
    for (const std::string& suffix : index_suffixes(t, dims)) {
      for (const glslang::TTypeLoc& m : *t.getStruct()) {
        add_member(w, *m.type, name + suffix + "." + original_name(m.type->getFieldName().c_str()), at);
        if (at >= 0) at += glslang::TIntermediate::computeTypeLocationSize(*m.type, w.stage);
      }
    }
    return;
  }
  InterfaceVariable v;
  v.name = t.isArray() ? name + "[0]" : name;
  v.type = gl_type_of(t);
  v.array_size = t.isArray() ? std::max(t.getOuterArraySize(), 1) : 1;
  v.location = location;
  v.per_patch = w.per_patch;
  v.interpolation = interpolation_of(t.getQualifier());
  if (v.interpolation == InterfaceVariable::Interpolation::Smooth) v.interpolation = w.block_interpolation;
  w.out->push_back(std::move(v));
}

}  // namespace

InterfaceVariable::Interpolation interpolation_of(const glslang::TQualifier& q) {
  if (q.flat) return InterfaceVariable::Interpolation::Flat;
  if (q.nopersp) return InterfaceVariable::Interpolation::NoPerspective;
  return InterfaceVariable::Interpolation::Smooth;
}

std::vector<InterfaceVariable> io_block_members(const glslang::TIntermediate& intermediate, bool inputs) {
  std::vector<const glslang::TIntermSymbol*> blocks;
  IoBlockCollector collector(inputs ? glslang::EvqVaryingIn : glslang::EvqVaryingOut, &blocks);
  if (TIntermNode* root = intermediate.getTreeRoot()) root->traverse(&collector);
  std::vector<InterfaceVariable> out;
  for (const glslang::TIntermSymbol* symbol : blocks) {
    const glslang::TType& block = symbol->getType();
    const glslang::TQualifier& q = block.getQualifier();
    const bool instanced = std::string_view(symbol->getName().c_str()).rfind("anon@", 0) != 0;
    const std::string prefix = instanced ? original_name(block.getTypeName().c_str()) + "." : std::string();
    const MemberWalk walk{intermediate.getStage(), q.patch, interpolation_of(q), &out};
    int32_t location = q.hasLocation() ? static_cast<int32_t>(q.layoutLocation) : -1;
    for (const glslang::TTypeLoc& m : *block.getStruct()) {
      const glslang::TQualifier& mq = m.type->getQualifier();
      if (mq.hasLocation()) location = static_cast<int32_t>(mq.layoutLocation);
      add_member(walk, *m.type, prefix + original_name(m.type->getFieldName().c_str()), location);
      if (location >= 0) location += glslang::TIntermediate::computeTypeLocationSize(*m.type, walk.stage);
    }
  }
  return out;
}

}  // namespace brass::compiler
