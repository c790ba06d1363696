#include "compiler/link_checks.h"

#include <glslang/MachineIndependent/LiveTraverser.h>
#include <glslang/MachineIndependent/localintermediate.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string_view>

#include "compiler/es_builtin_standins.h"
#include "compiler/glsl_upgrader.h"
#include "compiler/glslang_glue.h"
#include "compiler/program_reflection.h"

namespace brass::compiler {
namespace {

const char* stage_name(ShaderStage s) {
  switch (s) {
    case ShaderStage::Vertex: return "vertex";
    case ShaderStage::TessControl: return "tessellation control";
    case ShaderStage::TessEval: return "tessellation evaluation";
    case ShaderStage::Geometry: return "geometry";
    case ShaderStage::Fragment: return "fragment";
    case ShaderStage::Compute: return "compute";
  }
  return "unknown";
}

struct IoSymbol {
  const glslang::TIntermSymbol* symbol;
  bool live;
};

// Collects the user-declared inputs and outputs of a stage, marking those
// reachable from main() as live.
class IoCollector : public glslang::TLiveTraverser {
 public:
  IoCollector(const glslang::TIntermediate& i, bool all, std::map<std::string, IoSymbol>* in,
              std::map<std::string, IoSymbol>* out)
      : glslang::TLiveTraverser(i, all, true, false, false), in_(in), out_(out) {}

  void visitSymbol(glslang::TIntermSymbol* base) override {
    const glslang::TStorageQualifier q = base->getQualifier().storage;
    std::map<std::string, IoSymbol>* target = q == glslang::EvqVaryingIn ? in_ : q == glslang::EvqVaryingOut ? out_ : nullptr;
    if (!target) return;
    std::string name = base->getType().getBasicType() == glslang::EbtBlock
                           ? "block:" + std::string(base->getType().getTypeName().c_str())
                           : std::string(base->getName().c_str());
    // Built-ins, including the compatibility ones the upgrader declares as
    // brass_gl_* (GL leaves unwritten ones undefined rather than failing).
    if (name.compare(0, 3, "gl_") == 0 || name.compare(0, 4, "anon") == 0) return;
    // ES extension built-ins under their stand-in names
    // (es_builtin_standins.h): built-ins again in the SPIR-V, no varying slots.
    if (is_builtin_standin(name)) return;
    auto it = target->find(name);
    if (it == target->end()) target->emplace(name, IoSymbol{base, !traverseAll});
    else it->second.live = it->second.live || !traverseAll;
  }

 private:
  std::map<std::string, IoSymbol>* in_;
  std::map<std::string, IoSymbol>* out_;
};

void collect_io(const glslang::TIntermediate& intermediate, std::map<std::string, IoSymbol>* in,
                std::map<std::string, IoSymbol>* out) {
  TIntermNode* root = intermediate.getTreeRoot();
  if (!root) return;
  IoCollector all(intermediate, true, in, out);
  root->traverse(&all);
  IoCollector live(intermediate, false, in, out);
  live.pushFunction(intermediate.getEntryPointMangledName().c_str());
  while (!live.destinations.empty()) {
    TIntermNode* node = live.destinations.back();
    live.destinations.pop_back();
    node->traverse(&live);
  }
}

// Type identity for interface matching (ignores precision, like GL ES).
std::string interface_type_key(const glslang::TType& type, bool strip_outer_array) {
  glslang::TString mangled;
  if (strip_outer_array && type.isArray()) {
    glslang::TType element(type, 0);
    element.appendMangledName(mangled);
  } else {
    type.appendMangledName(mangled);
  }
  return std::string(mangled.c_str());
}

bool same_interpolation(const glslang::TType& a, const glslang::TType& b) {
  const glslang::TQualifier& qa = a.getQualifier();
  const glslang::TQualifier& qb = b.getQualifier();
  return qa.flat == qb.flat && qa.nopersp == qb.nopersp;
}

// GL's count of a varying's components: one per scalar, two per 64-bit
// scalar.
int component_count(const glslang::TType& type) {
  int per = 0;
  if (type.getBasicType() == glslang::EbtStruct || type.getBasicType() == glslang::EbtBlock) {
    for (const glslang::TTypeLoc& m : *type.getStruct()) per += component_count(*m.type);
  } else {
    per = type.isMatrix() ? type.getMatrixCols() * type.getMatrixRows() : std::max(type.getVectorSize(), 1);
    const glslang::TBasicType basic = type.getBasicType();
    if (basic == glslang::EbtDouble || basic == glslang::EbtInt64 || basic == glslang::EbtUint64) per *= 2;
  }
  return type.isArray() ? per * std::max(type.getCumulativeArraySize(), 1) : per;
}

}  // namespace

bool only_patch_array_false_alarms(const char* info_log) {
  static constexpr std::string_view kAlarm =
      "ERROR: Linking tessellation control and tessellation evaluation stages: Array sizes must be compatible:";
  std::string_view log = info_log ? info_log : "";
  bool any = false;
  while (!log.empty()) {
    const size_t end = log.find('\n');
    const std::string_view line = log.substr(0, end);
    log = end == std::string_view::npos ? std::string_view() : log.substr(end + 1);
    if (!line.starts_with("ERROR:")) continue;
    if (line != kAlarm) return false;
    any = true;
  }
  return any;
}

bool check_stage_interfaces(const glslang::TProgram& program, const std::vector<ShaderStage>& stages,
                            const ShaderLimits& limits, bool require_interpolation_match, std::string* log) {
  bool ok = true;
  std::map<std::string, IoSymbol> prev_out;
  bool have_prev = false;
  ShaderStage prev_stage = ShaderStage::Vertex;
  for (ShaderStage stage : stages) {
    const glslang::TIntermediate* intermediate = program.getIntermediate(to_glslang(stage));
    if (!intermediate) continue;
    std::map<std::string, IoSymbol> in, out;
    collect_io(*intermediate, &in, &out);
    // Per-stage inputs of tessellation/geometry stages are arrays of the
    // previous stage's outputs.
    const bool arrayed_in = stage == ShaderStage::TessControl || stage == ShaderStage::TessEval ||
                            stage == ShaderStage::Geometry;
    const bool arrayed_prev_out = prev_stage == ShaderStage::TessControl;
    if (have_prev) {
      for (const auto& [name, sym] : in) {
        if (!sym.live) continue;
        const glslang::TType& type = sym.symbol->getType();
        // Patch variables are one per patch on both sides: same type, no
        // per-vertex dimension to strip.
        if (type.getQualifier().patch) {
          auto patch_out = prev_out.find(name);
          if (patch_out == prev_out.end() || !patch_out->second.symbol->getType().getQualifier().patch) {
            if (type.getQualifier().hasLocation()) continue;
            *log += "ERROR: " + std::string(stage_name(stage)) + " shader patch input '" + original_name(name) +
                    "' has no matching patch output in the " + stage_name(prev_stage) + " shader\n";
            ok = false;
          } else if (interface_type_key(type, false) != interface_type_key(patch_out->second.symbol->getType(), false)) {
            *log += "ERROR: " + std::string(stage_name(stage)) + " shader patch input '" + original_name(name) +
                    "' does not match the type of the " + stage_name(prev_stage) + " shader output\n";
            ok = false;
          }
          continue;
        }
        // The built-in gl_PerVertex blocks: each stage's holds the members
        // its version and extensions declare (gl_PointSize only with the
        // point-size extensions in tessellation and geometry stages), and
        // GL matches built-ins by member, not by block type.
        if (name.rfind("block:gl_", 0) == 0) continue;
        // Compatibility colours (upgrader's brass_gl_*): the fragment input
        // reads the front or back colour, so both must agree on
        // interpolation; GL leaves unwritten ones undefined, no error.
        if (name.compare(0, 9, "brass_gl_") == 0) {
          if (!require_interpolation_match) continue;
          std::vector<std::string> sources = {name};
          if (name == "brass_gl_FrontColor") sources.push_back("brass_gl_BackColor");
          if (name == "brass_gl_FrontSecondaryColor") sources.push_back("brass_gl_BackSecondaryColor");
          for (const std::string& source : sources) {
            auto o = prev_out.find(source);
            if (o == prev_out.end() || same_interpolation(type, o->second.symbol->getType())) continue;
            *log += "ERROR: interpolation qualifiers of " + original_name(name) + " and " + original_name(source) +
                    " do not match\n";
            ok = false;
          }
          continue;
        }
        auto it = prev_out.find(name);
        if (it == prev_out.end()) {
          // Explicit locations may match unnamed; only names are required
          // to match when neither side has a location.
          if (type.getQualifier().hasLocation()) continue;
          *log += "ERROR: " + std::string(stage_name(stage)) + " shader input '" + original_name(name) +
                  "' has no matching output in the " + stage_name(prev_stage) + " shader\n";
          ok = false;
          continue;
        }
        const std::string a = interface_type_key(type, arrayed_in);
        const std::string b = interface_type_key(it->second.symbol->getType(), arrayed_prev_out);
        if (a != b) {
          *log += "ERROR: " + std::string(stage_name(stage)) + " shader input '" + original_name(name) +
                  "' does not match the type of the " + stage_name(prev_stage) + " shader output\n";
          ok = false;
        } else if (require_interpolation_match && !same_interpolation(type, it->second.symbol->getType())) {
          *log += "ERROR: interpolation qualifiers of " + std::string(stage_name(stage)) + " shader input '" +
                  original_name(name) + "' and the " + stage_name(prev_stage) + " shader output do not match\n";
          ok = false;
        }
      }
    }
    if (stage == ShaderStage::Vertex) {
      // GL counts components (MAX_VARYING_COMPONENTS; doubles count two);
      // the Vulkan locations they take are the packing step's business
      // (varying_packing.h). Built-in outputs (gl_PerVertex) count nothing.
      int components = 0;
      for (const auto& [name, sym] : out)
        if (sym.live && name.rfind("gl_", 0) != 0 && name.rfind("block:gl_", 0) != 0)
          components += component_count(sym.symbol->getType());
      if (components > limits.max_varying_vectors * 4) {
        *log += "ERROR: too many vertex shader output components (" + std::to_string(components) + ", limit " +
                std::to_string(limits.max_varying_vectors * 4) + ")\n";
        ok = false;
      }
    }
    prev_out = std::move(out);
    prev_stage = stage;
    have_prev = stage != ShaderStage::Compute;
  }
  return ok;
}

std::set<std::string> explicitly_located_inputs(const glslang::TIntermediate& intermediate) {
  std::map<std::string, IoSymbol> in, out;
  collect_io(intermediate, &in, &out);
  std::set<std::string> names;
  for (const auto& [name, sym] : in)
    if (sym.symbol->getQualifier().hasLocation()) names.insert(name);
  return names;
}

std::set<std::string> explicitly_located_outputs(const glslang::TIntermediate& intermediate) {
  std::map<std::string, IoSymbol> in, out;
  collect_io(intermediate, &in, &out);
  std::set<std::string> names;
  for (const auto& [name, sym] : out)
    if (sym.symbol->getQualifier().hasLocation()) names.insert(name);
  return names;
}

bool check_resource_limits(const ProgramInterface& pi, const ShaderLimits& limits, std::string* log) {
  bool ok = true;
  // Default-block size per stage, in vec4s (std140 makes offsets /16 a
  // fair vector count).
  const uint32_t vectors = (pi.default_block_size + 15) / 16;
  for (const Binding& b : pi.bindings) {
    if (b.set != kSetDefaultUniforms) continue;
    const bool fragment = b.stages & stage_bit(ShaderStage::Fragment);
    const int limit = fragment ? limits.max_fragment_uniform_vectors : limits.max_vertex_uniform_vectors;
    if (static_cast<int>(vectors) > limit) {
      *log += "ERROR: too many uniform components (" + std::to_string(vectors) + " vectors, limit " +
              std::to_string(limit) + ")\n";
      ok = false;
      break;
    }
  }
  int samplers[kShaderStageCount] = {};
  int combined = 0;
  for (const Uniform& u : pi.uniforms) {
    if (!u.is_sampler) continue;
    combined += u.array_size;
    for (int s = 0; s < kShaderStageCount; ++s)
      if (u.stages & (1u << s)) samplers[s] += u.array_size;
  }
  for (int s = 0; s < kShaderStageCount; ++s) {
    const int limit = s == static_cast<int>(ShaderStage::Vertex) ? limits.max_vertex_texture_image_units
                                                                 : limits.max_texture_image_units;
    if (samplers[s] > limit) {
      *log += "ERROR: too many " + std::string(stage_name(static_cast<ShaderStage>(s))) +
              " shader texture samplers (" + std::to_string(samplers[s]) + ", limit " + std::to_string(limit) + ")\n";
      ok = false;
    }
  }
  if (combined > limits.max_combined_texture_image_units) {
    *log += "ERROR: too many combined texture samplers\n";
    ok = false;
  }
  // Atomic counters and their buffers, per stage and summed over the
  // stages (GL 4.6 section 7.7: exceeding MAX_*_ATOMIC_COUNTERS or
  // MAX_*_ATOMIC_COUNTER_BUFFERS, combined ones included, fails the link).
  int counters[kShaderStageCount] = {}, counter_buffers[kShaderStageCount] = {};
  for (const Uniform& u : pi.uniforms) {
    if (u.atomic_buffer_index < 0) continue;
    for (int s = 0; s < kShaderStageCount; ++s)
      if (u.stages & (1u << s)) counters[s] += std::max(u.array_size, 1);
  }
  for (const AtomicCounterBuffer& b : pi.atomic_counter_buffers)
    for (int s = 0; s < kShaderStageCount; ++s)
      if (b.stages & (1u << s)) ++counter_buffers[s];
  int combined_counters = 0, combined_counter_buffers = 0;
  for (int s = 0; s < kShaderStageCount; ++s) {
    const std::string stage = stage_name(static_cast<ShaderStage>(s));
    if (counters[s] > limits.max_atomic_counters) {
      *log += "ERROR: too many " + stage + " shader atomic counters (" + std::to_string(counters[s]) + ", limit " +
              std::to_string(limits.max_atomic_counters) + ")\n";
      ok = false;
    }
    if (counter_buffers[s] > limits.max_atomic_counter_bindings) {
      *log += "ERROR: too many " + stage + " shader atomic counter buffers (" + std::to_string(counter_buffers[s]) +
              ", limit " + std::to_string(limits.max_atomic_counter_bindings) + ")\n";
      ok = false;
    }
    combined_counters += counters[s];
    combined_counter_buffers += counter_buffers[s];
  }
  if (combined_counters > limits.max_atomic_counters) {
    *log += "ERROR: too many atomic counters in all stages together (" + std::to_string(combined_counters) +
            ", limit " + std::to_string(limits.max_atomic_counters) + ")\n";
    ok = false;
  }
  if (combined_counter_buffers > limits.max_atomic_counter_bindings) {
    *log += "ERROR: too many atomic counter buffers in all stages together (" +
            std::to_string(combined_counter_buffers) + ", limit " + std::to_string(limits.max_atomic_counter_bindings) +
            ")\n";
    ok = false;
  }
  if (static_cast<int>(pi.uniform_blocks.size()) > limits.max_combined_uniform_blocks) {
    *log += "ERROR: too many uniform blocks\n";
    ok = false;
  }
  for (const Block& b : pi.uniform_blocks) {
    if (b.data_size > limits.max_uniform_block_size) {
      *log += "ERROR: uniform block '" + b.name + "' is larger than GL_MAX_UNIFORM_BLOCK_SIZE\n";
      ok = false;
    }
  }
  return ok;
}

namespace {
void raise_members(const glslang::TType& type) {
  if (!type.isStruct()) return;
  for (const glslang::TTypeLoc& m : *type.getWritableStruct()) {
    glslang::TQualifier& q = m.type->getQualifier();
    if (q.precision != glslang::EpqNone) q.precision = glslang::EpqHigh;
    raise_members(*m.type);
  }
}
}  // namespace

void unify_struct_varying_precision(const glslang::TProgram& program, const std::vector<ShaderStage>& stages) {
  for (ShaderStage stage : stages) {
    const glslang::TIntermediate* intermediate = program.getIntermediate(to_glslang(stage));
    if (!intermediate) continue;
    std::map<std::string, IoSymbol> in, out;
    collect_io(*intermediate, &in, &out);
    // Not the built-in blocks (gl_PerVertex, gl_in): their member lists are
    // glslang's built-in types, shared by every link on every thread (the
    // writes raced between contexts linking at once), and their members
    // have fixed precisions that match between stages already.
    for (const auto* list : {&in, &out})
      for (const auto& [name, sym] : *list)
        if (name.compare(0, 9, "block:gl_") != 0) raise_members(sym.symbol->getType());
  }
}

bool resolve_transform_feedback(const glslang::TProgram& program, ShaderStage last_vertex_stage,
                                const std::vector<std::string>& names, ProgramInterface* pi, std::string* log,
                                std::vector<std::vector<uint32_t>>* paths, std::vector<std::string>* bases,
                                std::vector<uint32_t>* streams) {
  if (names.empty()) return true;
  const glslang::TIntermediate* intermediate = program.getIntermediate(to_glslang(last_vertex_stage));
  std::map<std::string, IoSymbol> in, out;
  if (intermediate) collect_io(*intermediate, &in, &out);
  bool ok = true;
  auto add = [&](InterfaceVariable v, std::vector<uint32_t> path, std::string base, uint32_t stream = 0) {
    pi->transform_feedback.push_back(std::move(v));
    paths->push_back(std::move(path));
    bases->push_back(std::move(base));
    streams->push_back(stream);
  };
  auto fail = [&](const std::string& requested, const char* why) {
    *log += "ERROR: transform feedback varying '" + requested + "' " + why + "\n";
    ok = false;
  };
  for (const std::string& requested : names) {
    // ARB_transform_feedback3's markers: no type (GL_NONE); gl_NextBuffer
    // has size 0, gl_SkipComponentsN size N.
    if (requested == "gl_NextBuffer") {
      add({requested, 0, 0, -1, 0}, {}, requested);
      continue;
    }
    if (requested.compare(0, 17, "gl_SkipComponents") == 0) {
      const std::string n = requested.substr(17);
      if (n.size() != 1 || n[0] < '1' || n[0] > '4') {
        fail(requested, "is not a built-in name");
        continue;
      }
      add({requested, 0, n[0] - '0', -1, 0}, {}, requested);
      continue;
    }
    if (requested == "gl_Position") {
      add({requested, 0x8B52, 1, -1, 0}, {}, requested);
      continue;
    }
    if (requested == "gl_PointSize") {
      add({requested, 0x1406, 1, -1, 0}, {}, requested);
      continue;
    }
    // The variable, then a chain of ".member" and "[index]" selectors.
    const size_t base_end = requested.find_first_of(".[");
    const std::string base = requested.substr(0, base_end);
    const IoSymbol* found = nullptr;
    std::string base_spelling;
    std::vector<uint32_t> path;
    for (const auto& [name, sym] : out) {
      const bool block_key = name.compare(0, 6, "block:") == 0;
      if (original_name(block_key ? name.substr(6) : name) == base) {
        found = &sym;
        base_spelling = name;
      }
    }
    // Block members (GLSL 1.50 section 4.3.7): the API names them by the
    // block name, never the instance name, and members of a block without
    // an instance name by the member name alone. add_transform_feedback
    // finds "block:Name" outputs by their block type.
    const bool is_block = found && found->symbol->getType().getBasicType() == glslang::EbtBlock;
    const bool anonymous = is_block && std::string_view(found->symbol->getName().c_str()).substr(0, 5) == "anon@";
    if (is_block && anonymous) found = nullptr;  // an anonymous block is not named by its block name
    if (!found) {
      for (const auto& [name, sym] : out) {
        const glslang::TType& t = sym.symbol->getType();
        if (t.getBasicType() != glslang::EbtBlock || std::string_view(sym.symbol->getName().c_str()).substr(0, 5) != "anon@")
          continue;
        const glslang::TTypeList& members = *t.getStruct();
        for (size_t m = 0; m < members.size(); ++m)
          if (original_name(members[m].type->getFieldName().c_str()) == base) {
            found = &sym;
            base_spelling = name;
            path.push_back(static_cast<uint32_t>(m));
          }
      }
    }
    if (!found) {
      fail(requested, ("is not an output of the " + std::string(stage_name(last_vertex_stage)) + " shader").c_str());
      continue;
    }
    glslang::TType type;
    type.shallowCopy(found->symbol->getType());
    if (!path.empty()) {
      glslang::TType member_type(type, static_cast<int>(path.back()));
      type.shallowCopy(member_type);
    }
    const glslang::TQualifier& qualifier = found->symbol->getType().getQualifier();
    const uint32_t stream = qualifier.hasStream() ? qualifier.layoutStream : 0;
    bool resolved = true, reported = false;
    for (size_t at = base_end; resolved && at != std::string::npos && at < requested.size();) {
      if (requested[at] == '[') {
        const size_t close = requested.find(']', at);
        if (!type.isArray() || close == std::string::npos) {
          resolved = false;
          break;
        }
        const int element = std::atoi(requested.c_str() + at + 1);
        if (element < 0 || element >= type.getOuterArraySize()) {
          fail(requested, "indexes past the end of the array");
          resolved = false;
          reported = true;
          break;
        }
        glslang::TType element_type(type, 0);
        type.shallowCopy(element_type);
        path.push_back(static_cast<uint32_t>(element));
        at = close + 1;
      } else if (requested[at] == '.') {
        const size_t next = requested.find_first_of(".[", at + 1);
        const std::string member = requested.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
        if (!type.isStruct() || type.isArray()) {
          resolved = false;
          break;
        }
        const glslang::TTypeList& members = *type.getStruct();
        size_t index = members.size();
        for (size_t m = 0; m < members.size(); ++m)
          if (original_name(members[m].type->getFieldName().c_str()) == member) index = m;
        if (index == members.size()) {
          resolved = false;
          break;
        }
        glslang::TType member_type(type, static_cast<int>(index));
        type.shallowCopy(member_type);
        path.push_back(static_cast<uint32_t>(index));
        at = next;
      } else {
        resolved = false;
      }
    }
    if (!resolved) {
      if (!reported) fail(requested, ("is not an output of the " + std::string(stage_name(last_vertex_stage)) + " shader").c_str());
      continue;
    }
    if (type.isStruct()) {
      fail(requested, "is a structure: capture its members");
      continue;
    }
    InterfaceVariable v;
    v.name = requested;
    if (type.isArray()) {
      glslang::TType element_type(type, 0);
      v.type = gl_type_of(element_type);
      v.array_size = type.getOuterArraySize();
    } else {
      v.type = gl_type_of(type);
      v.array_size = 1;
    }
    add(std::move(v), std::move(path), base_spelling, stream);
  }
  return ok;
}

namespace {
bool is_64bit(glslang::TBasicType t) {
  return t == glslang::EbtDouble || t == glslang::EbtInt64 || t == glslang::EbtUint64;
}

// Whether a captured type holds 64-bit components (its members then align
// to 8 bytes, GLSL 4.60 §4.4.2.1).
bool xfb_has_64bit(const glslang::TType& type) {
  if (!type.isStruct()) return is_64bit(type.getBasicType());
  for (const glslang::TTypeLoc& m : *type.getStruct())
    if (xfb_has_64bit(*m.type)) return true;
  return false;
}

// Bytes a basic type or an array of one takes in a buffer: its components
// tightly packed.
uint32_t xfb_leaf_size(const glslang::TType& type) {
  const uint32_t components = type.isMatrix() ? static_cast<uint32_t>(type.getMatrixCols() * type.getMatrixRows())
                                              : static_cast<uint32_t>(std::max(type.getVectorSize(), 1));
  const uint32_t elements = type.isArray() ? static_cast<uint32_t>(std::max(type.getCumulativeArraySize(), 1)) : 1;
  return components * (is_64bit(type.getBasicType()) ? 8u : 4u) * elements;
}
}  // namespace

bool reflect_transform_feedback_qualifiers(const glslang::TProgram& program, ShaderStage last_vertex_stage,
                                           ProgramInterface* pi) {
  const glslang::TIntermediate* intermediate = program.getIntermediate(to_glslang(last_vertex_stage));
  if (!intermediate || !intermediate->getXfbMode()) return false;
  std::map<std::string, IoSymbol> in, out;
  collect_io(*intermediate, &in, &out);
  struct Captured {
    InterfaceVariable v;
    uint32_t stream = 0;
  };
  std::vector<Captured> captured;
  // One captured variable per leaf (GL 4.6 §11.1.2.1): structures and
  // arrays of structures or of arrays are split into their members and
  // elements, down to basic types and arrays of them, each at its own
  // offset: members follow one another in the order declared, each at its
  // base type's alignment (8 bytes with doubles, else 4; GLSL 4.60 §4.4.2.1).
  std::function<void(const std::string&, const glslang::TType&, int32_t, uint32_t*, uint32_t)> add_leaves =
      [&](const std::string& name, const glslang::TType& type, int32_t buffer, uint32_t* offset, uint32_t stream) {
        const uint32_t align = xfb_has_64bit(type) ? 8 : 4;
        *offset = (*offset + align - 1) / align * align;
        if (type.isArray() && (type.isStruct() || type.isArrayOfArrays())) {
          const glslang::TType element(type, 0);
          for (int i = 0; i < type.getOuterArraySize(); ++i)
            add_leaves(name + "[" + std::to_string(i) + "]", element, buffer, offset, stream);
          return;
        }
        if (type.isStruct()) {
          const glslang::TTypeList& members = *type.getStruct();
          for (size_t m = 0; m < members.size(); ++m) {
            const glslang::TType member(type, static_cast<int>(m));
            add_leaves(name + "." + original_name(members[m].type->getFieldName().c_str()), member, buffer, offset,
                       stream);
          }
          return;
        }
        Captured c;
        c.v.name = name;
        if (type.isArray()) {
          const glslang::TType element(type, 0);
          c.v.type = gl_type_of(element);
          c.v.array_size = type.getOuterArraySize();
        } else {
          c.v.type = gl_type_of(type);
        }
        c.v.xfb_buffer = buffer;
        c.v.xfb_offset = static_cast<int32_t>(*offset);
        c.stream = stream;
        captured.push_back(std::move(c));
        *offset += xfb_leaf_size(type);
      };
  auto add = [&](const std::string& name, const glslang::TType& type, const glslang::TQualifier& q, int32_t buffer,
                 uint32_t stream) {
    if (!q.hasXfbOffset()) return;
    uint32_t offset = q.layoutXfbOffset;
    add_leaves(name, type, buffer, &offset, stream);
  };
  auto buffer_of = [](const glslang::TQualifier& q) { return static_cast<int32_t>(q.hasXfbBuffer() ? q.layoutXfbBuffer : 0); };
  for (const auto& [name, sym] : out) {
    const glslang::TType& type = sym.symbol->getType();
    const glslang::TQualifier& q = type.getQualifier();
    const uint32_t stream = q.hasStream() ? q.layoutStream : 0;
    if (type.getBasicType() != glslang::EbtBlock) {
      add(original_name(name), type, q, buffer_of(q), stream);
      continue;
    }
    // Block members by "Block.member" (GL 4.6 §7.3.1.1); the offsets are
    // the members' (glslang gives each its place in the buffer). Element i
    // of an array of blocks goes to the block's buffer + i (GLSL 4.60
    // §4.4.2.1), "Block[i].member".
    const std::string block = original_name(type.getTypeName().c_str());
    const int elements = type.isArray() ? type.getOuterArraySize() : 0;
    for (int e = 0; e < std::max(elements, 1); ++e) {
      const std::string prefix = elements ? block + "[" + std::to_string(e) + "]." : block + ".";
      for (const glslang::TTypeLoc& m : *type.getStruct()) {
        const glslang::TQualifier& mq = m.type->getQualifier();
        add(prefix + original_name(m.type->getFieldName().c_str()), *m.type, mq, buffer_of(mq) + e, stream);
      }
    }
  }
  std::sort(captured.begin(), captured.end(), [](const Captured& a, const Captured& b) {
    return a.v.xfb_buffer != b.v.xfb_buffer ? a.v.xfb_buffer < b.v.xfb_buffer : a.v.xfb_offset < b.v.xfb_offset;
  });
  pi->transform_feedback.clear();
  pi->transform_feedback_strides.clear();
  pi->transform_feedback_streams.clear();
  for (const Captured& c : captured) {
    const size_t buffer = static_cast<size_t>(c.v.xfb_buffer);
    if (pi->transform_feedback_strides.size() <= buffer) {
      pi->transform_feedback_strides.resize(buffer + 1, 0);
      pi->transform_feedback_streams.resize(buffer + 1, kNoVertexStream);
    }
    pi->transform_feedback_streams[buffer] = c.stream;
    pi->transform_feedback.push_back(c.v);
  }
  for (size_t b = 0; b < pi->transform_feedback_strides.size(); ++b) {
    const unsigned stride = intermediate->getXfbStride(static_cast<int>(b));
    pi->transform_feedback_strides[b] = stride == glslang::TQualifier::layoutXfbStrideEnd ? 0 : stride;
  }
  return true;
}

}  // namespace brass::compiler
