#include "compiler/geometry_input_sizing.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <map>

namespace brass::compiler {
namespace {

// Visits every direct (constant) index whose base is a geometry shader input
// symbol, i.e. the outermost array dimension, the per-vertex one.
class OuterIndexChecker : public glslang::TIntermTraverser {
 public:
  OuterIndexChecker(int vertices, std::string* log) : vertices_(vertices), log_(log) {}

  bool visitBinary(glslang::TVisit, glslang::TIntermBinary* node) override {
    if (node->getOp() != glslang::EOpIndexDirect) return true;
    const glslang::TIntermSymbol* base = node->getLeft()->getAsSymbolNode();
    const glslang::TIntermConstantUnion* index = node->getRight()->getAsConstantUnion();
    if (vertices_ == 0 || base == nullptr || index == nullptr) return true;
    if (base->getQualifier().storage != glslang::EvqVaryingIn || !base->getType().isArray()) return true;
    const long long i = index->getConstArray()[0].getIConst();
    if (i >= 0 && i < vertices_) return true;
    *log_ += "ERROR: 0:" + std::to_string(node->getLoc().line) + ": '" + std::string(base->getName().c_str()) +
             "' : index " + std::to_string(i) + " is inconsistent with the input primitive's " +
             std::to_string(vertices_) + " vertices\n";
    ok = false;
    return true;
  }

  // Every sized input array, by name, with its outer (per-vertex) size.
  void visitSymbol(glslang::TIntermSymbol* symbol) override {
    const glslang::TType& type = symbol->getType();
    if (symbol->getQualifier().storage != glslang::EvqVaryingIn || !type.isArray()) return;
    const int size = type.getOuterArraySize();
    if (size != glslang::UnsizedArraySize) sized_inputs.emplace(symbol->getName().c_str(), size);
  }

  bool ok = true;
  std::map<std::string, int> sized_inputs;

 private:
  int vertices_;
  std::string* log_;
};

// Vertices per input primitive (GLSL 4.60 §4.4.1.2's table).
int vertices_of(glslang::TLayoutGeometry primitive) {
  switch (primitive) {
    case glslang::ElgPoints: return 1;
    case glslang::ElgLines: return 2;
    case glslang::ElgLinesAdjacency: return 4;
    case glslang::ElgTriangles: return 3;
    case glslang::ElgTrianglesAdjacency: return 6;
    default: return 0;
  }
}

}  // namespace

bool check_geometry_input_indices(const glslang::TIntermediate& intermediate, std::string* log) {
  if (intermediate.getStage() != EShLangGeometry) return true;
  TIntermNode* root = intermediate.getTreeRoot();
  if (root == nullptr) return true;
  // Without an input primitive (the linker's error, when no shader of the
  // program declares one) the indices have nothing to be compared with, but
  // the declared sizes must still agree among themselves.
  const int vertices = vertices_of(intermediate.getInputPrimitive());
  OuterIndexChecker checker(vertices, log);
  root->traverse(&checker);
  if (vertices == 0 && !checker.sized_inputs.empty()) {
    const auto& [first_name, first_size] = *checker.sized_inputs.begin();
    for (const auto& [name, size] : checker.sized_inputs) {
      if (size == first_size) continue;
      *log += "ERROR: '" + name + "' : geometry shader input size " + std::to_string(size) +
                       " is inconsistent with '" + first_name + "' (" + std::to_string(first_size) + ")\n";
      return false;
    }
  }
  return checker.ok;
}

}  // namespace brass::compiler
