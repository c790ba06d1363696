#include "compiler/builtin_io.h"

#include <glslang/MachineIndependent/LiveTraverser.h>
#include <glslang/MachineIndependent/localintermediate.h>

#include <set>
#include <vector>

#include "compiler/gl_types.h"

namespace brass::compiler {

// The first and last stages of a program (compute counts only as first).
EShLanguage first_stage(const glslang::TProgram& program) {
  for (EShLanguage s : {EShLangVertex, EShLangTessControl, EShLangTessEvaluation, EShLangGeometry, EShLangFragment,
                        EShLangCompute})
    if (program.getIntermediate(s)) return s;
  return EShLangCount;
}
EShLanguage last_stage(const glslang::TProgram& program) {
  for (EShLanguage s : {EShLangFragment, EShLangGeometry, EShLangTessEvaluation, EShLangTessControl, EShLangVertex})
    if (program.getIntermediate(s)) return s;
  return EShLangCount;
}

namespace {

// The built-in inputs and outputs a stage's live code uses. Under Vulkan
// rules glslang reads gl_VertexID and gl_InstanceID through VertexIndex and
// InstanceIndex, and its reflection lists those two as inputs of every
// vertex shader, used or not: the live tree says which are.
struct BuiltinIo {
  std::set<glslang::TBuiltInVariable> inputs, outputs;
  // gl_PerVertex members, by the block's storage: gl_in[] (inputs) or
  // gl_out[] / the unnamed output block.
  std::set<glslang::TBuiltInVariable> block_inputs, block_outputs;
  bool reads(glslang::TBuiltInVariable b) const { return inputs.count(b) != 0; }
  bool writes(glslang::TBuiltInVariable b) const { return outputs.count(b) != 0; }
};

class BuiltinIoCollector : public glslang::TLiveTraverser {
 public:
  BuiltinIoCollector(const glslang::TIntermediate& i, BuiltinIo* out)
      : glslang::TLiveTraverser(i, false, true, false, false), out_(out) {}
  void visitSymbol(glslang::TIntermSymbol* base) override {
    const glslang::TQualifier& q = base->getQualifier();
    if (q.builtIn == glslang::EbvNone) return;
    if (q.storage == glslang::EvqVaryingOut || q.storage == glslang::EvqFragDepth) out_->outputs.insert(q.builtIn);
    else out_->inputs.insert(q.builtIn);
  }
  // gl_Position, gl_PointSize, ... are members of a gl_PerVertex block.
  bool visitBinary(glslang::TVisit, glslang::TIntermBinary* node) override {
    if (node->getOp() != glslang::EOpIndexDirectStruct) return true;
    const glslang::TType& block = node->getLeft()->getType();
    const glslang::TIntermConstantUnion* index = node->getRight()->getAsConstantUnion();
    if (!block.isStruct() || !index) return true;
    const int member = index->getConstArray()[0].getIConst();
    if (member < 0 || static_cast<size_t>(member) >= block.getStruct()->size()) return true;
    const glslang::TBuiltInVariable b = (*block.getStruct())[static_cast<size_t>(member)].type->getQualifier().builtIn;
    if (b == glslang::EbvNone) return true;
    // The block variable's storage (gl_in[i] is an indexed temporary).
    const glslang::TIntermTyped* base = node->getLeft();
    while (const glslang::TIntermBinary* step = base->getAsBinaryNode()) base = step->getLeft();
    if (base->getQualifier().storage == glslang::EvqVaryingIn) out_->block_inputs.insert(b);
    else out_->block_outputs.insert(b);
    return true;
  }

 private:
  BuiltinIo* out_;
};

BuiltinIo collect_builtin_io(const glslang::TIntermediate& intermediate) {
  BuiltinIo io;
  BuiltinIoCollector live(intermediate, &io);
  live.pushFunction(intermediate.getEntryPointMangledName().c_str());
  while (!live.destinations.empty()) {
    TIntermNode* node = live.destinations.back();
    live.destinations.pop_back();
    node->traverse(&live);
  }
  return io;
}

}  // namespace

// The built-in inputs of the program's first stage and outputs of its
// last one that the live code uses, as GL names them: members of the
// gl_in[] / gl_out[] blocks as "gl_PerVertex.gl_Position", of the unnamed
// output block as "gl_Position", arrays as "gl_TessLevelOuter[0]".
void add_builtin_io(const glslang::TProgram& program, ProgramInterface* pi) {
  using namespace glslang;
  const EShLanguage first = first_stage(program), last = last_stage(program);
  auto add = [](std::vector<InterfaceVariable>* out, const char* name, uint32_t type, int32_t array_size = 1,
                bool per_patch = false) {
    InterfaceVariable v;
    v.name = name;
    v.type = type;
    v.array_size = array_size;
    v.per_patch = per_patch;
    out->push_back(std::move(v));
  };
  if (first != EShLangCount) {
    const BuiltinIo io = collect_builtin_io(*program.getIntermediate(first));
    std::vector<InterfaceVariable>* in = &pi->builtin_inputs;
    auto per_vertex_inputs = [&] {
      if (io.block_inputs.count(EbvPosition)) add(in, "gl_PerVertex.gl_Position", gl::FLOAT_VEC4);
      if (io.block_inputs.count(EbvPointSize)) add(in, "gl_PerVertex.gl_PointSize", gl::FLOAT);
    };
    switch (first) {
      case EShLangVertex:
        if (io.reads(EbvVertexId) || io.reads(EbvVertexIndex)) add(in, "gl_VertexID", gl::INT);
        if (io.reads(EbvInstanceId) || io.reads(EbvInstanceIndex)) add(in, "gl_InstanceID", gl::INT);
        break;
      case EShLangTessControl:
      case EShLangTessEvaluation:
        if (io.reads(EbvInvocationId)) add(in, "gl_InvocationID", gl::INT);
        if (io.reads(EbvPatchVertices)) add(in, "gl_PatchVerticesIn", gl::INT);
        if (io.reads(EbvPrimitiveId)) add(in, "gl_PrimitiveID", gl::INT);
        if (io.reads(EbvTessCoord)) add(in, "gl_TessCoord", gl::FLOAT_VEC3);
        if (io.reads(EbvTessLevelOuter)) add(in, "gl_TessLevelOuter[0]", gl::FLOAT, 4, true);
        if (io.reads(EbvTessLevelInner)) add(in, "gl_TessLevelInner[0]", gl::FLOAT, 2, true);
        per_vertex_inputs();
        break;
      case EShLangGeometry:
        if (io.reads(EbvInvocationId)) add(in, "gl_InvocationID", gl::INT);
        if (io.reads(EbvPrimitiveId)) add(in, "gl_PrimitiveIDIn", gl::INT);
        per_vertex_inputs();
        break;
      case EShLangFragment:
        if (io.reads(EbvFragCoord)) add(in, "gl_FragCoord", gl::FLOAT_VEC4);
        if (io.reads(EbvFace)) add(in, "gl_FrontFacing", gl::BOOL);
        if (io.reads(EbvPointCoord)) add(in, "gl_PointCoord", gl::FLOAT_VEC2);
        if (io.reads(EbvSampleId)) add(in, "gl_SampleID", gl::INT);
        if (io.reads(EbvSamplePosition)) add(in, "gl_SamplePosition", gl::FLOAT_VEC2);
        if (io.reads(EbvSampleMask)) add(in, "gl_SampleMaskIn[0]", gl::INT);
        if (io.reads(EbvHelperInvocation)) add(in, "gl_HelperInvocation", gl::BOOL);
        if (io.reads(EbvPrimitiveId)) add(in, "gl_PrimitiveID", gl::INT);
        if (io.reads(EbvLayer)) add(in, "gl_Layer", gl::INT);
        break;
      case EShLangCompute:
        if (io.reads(EbvNumWorkGroups)) add(in, "gl_NumWorkGroups", gl::UNSIGNED_INT_VEC3);
        if (io.reads(EbvWorkGroupId)) add(in, "gl_WorkGroupID", gl::UNSIGNED_INT_VEC3);
        if (io.reads(EbvLocalInvocationId)) add(in, "gl_LocalInvocationID", gl::UNSIGNED_INT_VEC3);
        if (io.reads(EbvGlobalInvocationId)) add(in, "gl_GlobalInvocationID", gl::UNSIGNED_INT_VEC3);
        if (io.reads(EbvLocalInvocationIndex)) add(in, "gl_LocalInvocationIndex", gl::UNSIGNED_INT);
        break;
      default: break;
    }
  }
  if (last != EShLangCount) {
    const BuiltinIo io = collect_builtin_io(*program.getIntermediate(last));
    std::vector<InterfaceVariable>* out = &pi->builtin_outputs;
    switch (last) {
      case EShLangFragment:
        if (io.writes(EbvFragDepth)) add(out, "gl_FragDepth", gl::FLOAT);
        if (io.writes(EbvSampleMask)) add(out, "gl_SampleMask[0]", gl::INT);
        break;
      case EShLangTessControl:
        if (io.block_outputs.count(EbvPosition)) add(out, "gl_PerVertex.gl_Position", gl::FLOAT_VEC4);
        if (io.block_outputs.count(EbvPointSize)) add(out, "gl_PerVertex.gl_PointSize", gl::FLOAT);
        if (io.writes(EbvTessLevelOuter)) add(out, "gl_TessLevelOuter[0]", gl::FLOAT, 4, true);
        if (io.writes(EbvTessLevelInner)) add(out, "gl_TessLevelInner[0]", gl::FLOAT, 2, true);
        break;
      default:  // vertex, tessellation evaluation, geometry
        if (io.block_outputs.count(EbvPosition)) add(out, "gl_Position", gl::FLOAT_VEC4);
        if (io.block_outputs.count(EbvPointSize)) add(out, "gl_PointSize", gl::FLOAT);
        if (io.writes(EbvLayer)) add(out, "gl_Layer", gl::INT);
        if (io.writes(EbvPrimitiveId)) add(out, "gl_PrimitiveID", gl::INT);
        break;
    }
  }
}

}  // namespace brass::compiler
