// The rules of glsl_rule_checks.h checked on glslang's intermediate tree
// (the validation parse): qualifiers, locations, bindings and precisions of
// the declared variables.
#include "compiler/glsl_rule_checks.h"

#include <glslang/MachineIndependent/localintermediate.h>

#include <map>
#include <set>

#include "compiler/glsl_lexer.h"
#include "compiler/glsl_upgrader.h"
#include "compiler/glslang_glue.h"

namespace brass::compiler {
namespace {

// Collects global symbols of one storage class from the whole tree.
class GlobalCollector : public glslang::TIntermTraverser {
 public:
  explicit GlobalCollector(glslang::TStorageQualifier storage) : storage_(storage) {}
  void visitSymbol(glslang::TIntermSymbol* s) override {
    if (s->getQualifier().storage != storage_) return;
    if (seen_.emplace(s->getId(), true).second) symbols.push_back(s);
  }
  std::vector<const glslang::TIntermSymbol*> symbols;

 private:
  glslang::TStorageQualifier storage_;
  std::map<long long, bool> seen_;
};

std::vector<const glslang::TIntermSymbol*> globals(const glslang::TIntermediate& intermediate,
                                                   glslang::TStorageQualifier storage) {
  GlobalCollector c(storage);
  if (TIntermNode* root = intermediate.getTreeRoot()) root->traverse(&c);
  return c.symbols;
}

bool contains_integer(const glslang::TType& type) {
  if (type.isStruct()) {
    for (const glslang::TTypeLoc& m : *type.getStruct())
      if (contains_integer(*m.type)) return true;
    return false;
  }
  switch (type.getBasicType()) {
    case glslang::EbtInt: case glslang::EbtUint: case glslang::EbtDouble: case glslang::EbtInt64:
    case glslang::EbtUint64: case glslang::EbtInt16: case glslang::EbtUint16: case glslang::EbtInt8:
    case glslang::EbtUint8:
      return true;
    default:
      return false;
  }
}

}  // namespace

namespace {

// The return type and parameters of every function definition.
class OpaqueOutParameterCheck : public glslang::TIntermTraverser {
 public:
  explicit OpaqueOutParameterCheck(std::string* log) : log_(log) {}
  bool visitAggregate(glslang::TVisit visit, glslang::TIntermAggregate* node) override {
    // Nor a return type (1.10 §4.1.7: samplers "can only be declared as
    // function parameters or uniforms").
    if (node->getOp() == glslang::EOpFunction && visit == glslang::EvPreVisit && node->getType().containsOpaque()) {
      *log_ += "ERROR: 0:" + std::to_string(node->getLoc().line) + ": '" + std::string(node->getName().c_str()) +
               "' : a function cannot return a sampler, image or atomic counter (or a structure of them)\n";
      ok = false;
    }
    if (node->getOp() != glslang::EOpParameters) return true;
    for (TIntermNode* child : node->getSequence()) {
      const glslang::TIntermSymbol* p = child ? child->getAsSymbolNode() : nullptr;
      if (!p) continue;
      const glslang::TStorageQualifier storage = p->getQualifier().storage;
      if ((storage != glslang::EvqOut && storage != glslang::EvqInOut) || !p->getType().containsOpaque()) continue;
      *log_ += "ERROR: 0:" + std::to_string(p->getLoc().line) + ": '" + std::string(p->getName().c_str()) +
               "' : samplers, images and atomic counters (or structures of them) cannot be out or inout "
               "parameters\n";
      ok = false;
    }
    return false;
  }
  bool ok = true;

 private:
  std::string* log_;
};

}  // namespace

bool check_opaque_out_parameters(const glslang::TIntermediate& intermediate, std::string* log) {
  OpaqueOutParameterCheck check(log);
  if (TIntermNode* root = intermediate.getTreeRoot()) root->traverse(&check);
  return check.ok;
}

bool check_flat_integer_block_inputs(const glslang::TIntermediate& intermediate, std::string* log) {
  if (intermediate.getStage() != EShLangFragment) return true;
  bool ok = true;
  for (const glslang::TIntermSymbol* s : globals(intermediate, glslang::EvqVaryingIn)) {
    const glslang::TType& type = s->getType();
    if (type.getBasicType() != glslang::EbtBlock || type.getQualifier().flat) continue;
    for (const glslang::TTypeLoc& m : *type.getStruct()) {
      if (m.type->getQualifier().flat || !contains_integer(*m.type)) continue;
      *log += "ERROR: 0:" + std::to_string(m.loc.line) + ": '" + std::string(m.type->getFieldName().c_str()) +
              "' : if a fragment input is (or contains) an integer, then it must be qualified with 'flat'\n";
      ok = false;
    }
  }
  return ok;
}

bool check_location_alias_types(const glslang::TIntermediate& intermediate, std::string* log) {
  const EShLanguage stage = intermediate.getStage();
  struct Located {
    const glslang::TIntermSymbol* symbol;
    int first, count;
  };
  // floating-point 32, floating-point 64, integer 32, integer 64 (int and
  // uint are both integers), else -1.
  auto numeric_class = [](glslang::TBasicType t) {
    switch (t) {
      case glslang::EbtFloat: return 0;
      case glslang::EbtDouble: return 1;
      case glslang::EbtInt: case glslang::EbtUint: return 2;
      case glslang::EbtInt64: case glslang::EbtUint64: return 3;
      default: return -1;
    }
  };
  for (auto storage : {glslang::EvqVaryingIn, glslang::EvqVaryingOut}) {
    if ((storage == glslang::EvqVaryingIn && stage == EShLangVertex) ||
        (storage == glslang::EvqVaryingOut && stage == EShLangFragment))
      continue;
    std::vector<Located> vars;
    std::set<long long> seen;
    for (const glslang::TIntermSymbol* s : globals(intermediate, storage)) {
      const glslang::TType& type = s->getType();
      if (!type.getQualifier().hasLocation() || type.getBasicType() == glslang::EbtBlock ||
          type.getBasicType() == glslang::EbtStruct || !seen.insert(s->getId()).second)
        continue;
      const int count = std::max(1, glslang::TIntermediate::computeTypeLocationSize(type, stage));
      vars.push_back({s, static_cast<int>(type.getQualifier().layoutLocation), count});
    }
    for (size_t a = 0; a < vars.size(); ++a) {
      for (size_t b = a + 1; b < vars.size(); ++b) {
        const Located& x = vars[a];
        const Located& y = vars[b];
        if (x.first >= y.first + y.count || y.first >= x.first + x.count) continue;
        const glslang::TType& tx = x.symbol->getType();
        const glslang::TType& ty = y.symbol->getType();
        const glslang::TQualifier& qx = tx.getQualifier();
        const glslang::TQualifier& qy = ty.getQualifier();
        const bool same = numeric_class(tx.getBasicType()) == numeric_class(ty.getBasicType()) &&
                          qx.flat == qy.flat && qx.nopersp == qy.nopersp && qx.centroid == qy.centroid &&
                          qx.sample == qy.sample && qx.patch == qy.patch;
        if (same) continue;
        *log += "ERROR: 0:" + std::to_string(y.symbol->getLoc().line) + ": '" + std::string(y.symbol->getName().c_str()) +
                "' : location aliases must have the same numerical type, bit width and interpolation ('" +
                std::string(x.symbol->getName().c_str()) + "')\n";
        return false;
      }
    }
  }
  return true;
}

bool check_binding_ranges(const glslang::TIntermediate& intermediate, const ShaderLimits& limits, std::string* log) {
  bool ok = true;
  for (auto storage : {glslang::EvqUniform, glslang::EvqBuffer}) {
    for (const glslang::TIntermSymbol* s : globals(intermediate, storage)) {
      const glslang::TType& type = s->getType();
      const glslang::TQualifier& q = type.getQualifier();
      if (!q.hasBinding()) continue;
      int limit = -1;
      const char* kind = "";
      if (type.getBasicType() == glslang::EbtSampler && type.getSampler().isImage()) {
        limit = limits.max_image_units;
        kind = "image unit";
      } else if (type.getBasicType() == glslang::EbtBlock) {
        const bool buffer = storage == glslang::EvqBuffer;
        limit = buffer ? limits.max_shader_storage_buffer_bindings : limits.max_uniform_buffer_bindings;
        kind = buffer ? "shader storage buffer binding" : "uniform buffer binding";
      }
      if (limit < 0) continue;
      const long long count = type.isSizedArray() ? type.getCumulativeArraySize() : 1;
      if (static_cast<long long>(q.layoutBinding) + count <= limit) continue;
      *log += "ERROR: 0:" + std::to_string(s->getLoc().line) + ": '" + std::string(s->getName().c_str()) +
              "' : binding " + std::to_string(q.layoutBinding) + (count > 1 ? " + " + std::to_string(count) : "") +
              " exceeds the " + std::to_string(limit) + " " + kind + "s\n";
      ok = false;
    }
  }
  return ok;
}

namespace {

// The members of a structure uniform at an explicit location take
// consecutive locations from it, in declaration order, one per array
// element (GL 4.6 §7.6.1, ARB_explicit_uniform_location): each member (of
// each element of an array of structures) is listed by its GL name.
void add_member_locations(const glslang::TType& type, const std::string& name, int* location,
                          std::map<std::string, int>* out, int depth = 0) {
  if (depth > 16) return;
  if (type.isStruct() && type.isArray() && type.isSizedArray()) {
    const glslang::TType element(type, 0);
    for (int i = 0; i < type.getOuterArraySize(); ++i)
      add_member_locations(element, name + "[" + std::to_string(i) + "]", location, out, depth + 1);
    return;
  }
  if (type.isStruct() && !type.isArray()) {
    for (const glslang::TTypeLoc& m : *type.getStruct())
      add_member_locations(*m.type, name + "." + m.type->getFieldName().c_str(), location, out, depth + 1);
    return;
  }
  out->emplace(name, *location);
  *location += type.isSizedArray() ? type.getCumulativeArraySize() : 1;
}

}  // namespace

std::map<std::string, int> explicit_uniform_locations(const glslang::TIntermediate& intermediate) {
  std::map<std::string, int> out;
  for (const glslang::TIntermSymbol* s : globals(intermediate, glslang::EvqUniform)) {
    const glslang::TQualifier& q = s->getQualifier();
    if (s->getType().getBasicType() == glslang::EbtBlock || !q.hasLocation()) continue;
    out[s->getName().c_str()] = static_cast<int>(q.layoutLocation);
    if (s->getType().isStruct()) {
      int location = static_cast<int>(q.layoutLocation);
      add_member_locations(s->getType(), s->getName().c_str(), &location, &out);
    }
  }
  return out;
}

std::map<std::string, std::string> block_layouts(const glslang::TIntermediate& intermediate) {
  std::map<std::string, std::string> out;
  for (auto storage : {glslang::EvqUniform, glslang::EvqBuffer}) {
    for (const glslang::TIntermSymbol* s : globals(intermediate, storage)) {
      const glslang::TType& type = s->getType();
      if (type.getBasicType() != glslang::EbtBlock || type.getTypeName() == kDefaultBlockName) continue;
      // Unqualified means the defaults: shared, column_major.
      const glslang::TLayoutPacking packing = type.getQualifier().layoutPacking;
      std::string layout = glslang::TQualifier::getLayoutPackingString(
          packing == glslang::ElpNone ? glslang::ElpShared : packing);
      // Matrix members: their row/column-major layout (block-wide or their
      // own) is part of the match; other members' is meaningless.
      for (const glslang::TTypeLoc& m : *type.getStruct()) {
        if (!m.type->isMatrix() && !m.type->isStruct()) continue;
        const glslang::TLayoutMatrix majorness = m.type->getQualifier().layoutMatrix;
        layout += std::string(" ") + m.type->getFieldName().c_str() + ":" +
                  glslang::TQualifier::getLayoutMatrixString(majorness == glslang::ElmNone ? glslang::ElmColumnMajor
                                                                                            : majorness);
      }
      out[std::string(storage == glslang::EvqUniform ? "uniform " : "buffer ") + type.getTypeName().c_str()] =
          std::move(layout);
    }
  }
  return out;
}
bool check_uniform_precisions(const std::vector<const glslang::TIntermediate*>& stages,
                              const std::vector<std::string>& sources, const GlslVersion& version,
                              std::string* log) {
  if (!version.es) return true;
  struct Seen {
    glslang::TPrecisionQualifier precision;
    size_t stage_index;
  };
  std::map<std::string, Seen> first;
  bool ok = true;
  for (size_t si = 0; si < stages.size(); ++si) {
    const glslang::TIntermediate* intermediate = stages[si];
    if (!intermediate) continue;
    std::vector<std::pair<std::string, glslang::TPrecisionQualifier>> uniforms;
    // Struct uniforms: each member by its path ("s.inner.a"), since the
    // precisions of the members are part of the struct type that must match.
    auto add = [&uniforms](auto& self, const std::string& name, const glslang::TType& type) -> void {
      if (type.isStruct()) {
        for (const glslang::TTypeLoc& m : *type.getStruct()) self(self, name + "." + m.type->getFieldName().c_str(), *m.type);
        return;
      }
      uniforms.emplace_back(name, static_cast<glslang::TPrecisionQualifier>(type.getQualifier().precision));
    };
    for (const glslang::TIntermSymbol* s : globals(*intermediate, glslang::EvqUniform)) {
      const glslang::TType& type = s->getType();
      if (type.getBasicType() == glslang::EbtBlock) {
        if (type.getTypeName() != kDefaultBlockName) continue;
        for (const glslang::TTypeLoc& m : *type.getStruct()) add(add, m.type->getFieldName().c_str(), *m.type);
      } else {
        add(add, s->getName().c_str(), type);
      }
    }
    for (const auto& [name, precision] : uniforms) {
      if (precision == glslang::EpqNone) continue;
      auto it = first.find(name);
      if (it == first.end()) {
        first.emplace(name, Seen{precision, si});
        continue;
      }
      if (it->second.precision == precision) continue;
      if (version.number < 300) {
        // ESSL 1.00: only an error when both stages use the uniform (more
        // than its declaration names it).
        const std::string root = name.substr(0, name.find('.'));
        auto uses = [&root](const std::string& src) {
          size_t n = 0;
          for (const Token& t : lex(src))
            if (t.kind == TokenKind::Identifier && t.text == root) ++n;
          return n;
        };
        if (uses(sources[si]) < 2 || uses(sources[it->second.stage_index]) < 2) continue;
      }
      *log += "ERROR: uniform '" + original_name(name) + "' is declared with different precisions in different stages\n";
      ok = false;
    }
  }
  return ok;
}

}  // namespace brass::compiler
