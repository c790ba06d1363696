#include "compiler/spirv_gl_names.h"

#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

namespace brass::compiler {
namespace {

struct Decorations {
  int64_t location = -1, component = -1, binding = -1, offset = -1;
  bool builtin = false, block = false, buffer_block = false, patch = false, xfb = false;
};

std::string hex(uint64_t v) {
  char buf[20];
  std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(v));
  return buf;
}

class Namer {
 public:
  explicit Namer(SpirvModule& m) : m_(m) {}

  void run() {
    collect();
    name_variables();
    name_structs();
    drop_plain_uniform_bindings();
    drop_colliding_capture_locations();
    insert_names();
  }

 private:
  void collect() {
    const size_t functions = m_.first_function();
    std::vector<SpirvInstruction> kept;
    kept.reserve(m_.instructions.size());
    for (size_t i = 0; i < m_.instructions.size(); ++i) {
      SpirvInstruction& inst = m_.instructions[i];
      const spv::Op op = inst.opcode();
      if (op == spv::OpName || op == spv::OpMemberName) continue;  // replaced below
      if (op == spv::OpDecorate && inst.operand_count() >= 2) {
        Decorations& d = decorations_[inst.operand(0)];
        const uint32_t value = inst.operand_count() >= 3 ? inst.operand(2) : 0;
        switch (static_cast<spv::Decoration>(inst.operand(1))) {
          case spv::DecorationLocation: d.location = value; break;
          case spv::DecorationComponent: d.component = value; break;
          case spv::DecorationBinding: d.binding = value; break;
          case spv::DecorationOffset: d.offset = value; break;
          case spv::DecorationBuiltIn: d.builtin = true; break;
          case spv::DecorationBlock: d.block = true; break;
          case spv::DecorationBufferBlock: d.buffer_block = true; break;
          case spv::DecorationPatch: d.patch = true; break;
          case spv::DecorationXfbBuffer: d.xfb = true; break;
          default: break;
        }
      } else if (op == spv::OpMemberDecorate && inst.operand_count() >= 3) {
        if (inst.operand(2) == spv::DecorationBuiltIn) decorations_[inst.operand(0)].builtin = true;
        if (inst.operand(2) == spv::DecorationLocation && inst.operand_count() >= 4 &&
            !member_location_.count(inst.operand(0)))
          member_location_[inst.operand(0)] = inst.operand(3);
      } else if (op == spv::OpTypePointer && inst.operand_count() >= 3) {
        pointers_[inst.operand(0)] = {inst.operand(1), inst.operand(2)};
      } else if (op == spv::OpTypeStruct && inst.operand_count() >= 1) {
        structs_.push_back(inst.operand(0));
      } else if (op == spv::OpVariable && i < functions && inst.operand_count() >= 3) {
        variables_.push_back({inst.operand(1), inst.operand(0), inst.operand(2)});
      }
      if (i < functions) {
        // Types carry their result id first, constants after their type.
        const bool constant = op == spv::OpConstant || op == spv::OpSpecConstant || op == spv::OpConstantTrue ||
                              op == spv::OpConstantFalse || op == spv::OpSpecConstantTrue ||
                              op == spv::OpSpecConstantFalse || op == spv::OpConstantComposite;
        const bool type = op >= spv::OpTypeVoid && op <= spv::OpTypeForwardPointer;
        if (type && inst.operand_count() >= 1) definitions_[inst.operand(0)] = kept.size();
        if (constant && inst.operand_count() >= 2) definitions_[inst.operand(1)] = kept.size();
      }
      kept.push_back(std::move(inst));
    }
    m_.instructions = std::move(kept);
  }

  // A hash of a type's shape: equal for equal types of two modules.
  uint64_t shape(uint32_t id, int depth = 0) {
    if (const auto it = shapes_.find(id); it != shapes_.end()) return it->second;
    const auto def = definitions_.find(id);
    if (def == definitions_.end() || depth > 64) return id;
    const SpirvInstruction& inst = m_.instructions[def->second];
    const spv::Op op = inst.opcode();
    uint64_t h = 1469598103934665603ull;
    const auto mix = [&h](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
    mix(op);
    const bool is_type = op >= spv::OpTypeVoid && op <= spv::OpTypeForwardPointer;
    // Operands that are ids: every operand of a structure or a composite
    // constant, the element type (and an array's length), a pointer's
    // pointee, a constant's type.
    for (size_t k = 0; k < inst.operand_count(); ++k) {
      if (is_type && k == 0) continue;       // the result id
      if (!is_type && k == 1) continue;      // a constant's result id
      const uint32_t w = inst.operand(k);
      bool is_id = false;
      switch (op) {
        case spv::OpTypeStruct:
        case spv::OpConstantComposite: is_id = true; break;
        case spv::OpTypeVector:
        case spv::OpTypeMatrix:
        case spv::OpTypeImage:
        case spv::OpTypeSampledImage:
        case spv::OpTypeRuntimeArray: is_id = k == 1; break;
        case spv::OpTypeArray: is_id = k == 1 || k == 2; break;
        case spv::OpTypePointer: is_id = k == 2; break;
        default: is_id = !is_type && k == 0; break;
      }
      mix(is_id ? shape(w, depth + 1) : w);
    }
    if (op == spv::OpTypeStruct) {
      const Decorations& d = decorations_[id];
      mix(d.block ? 1 : 0);
      mix(d.buffer_block ? 2 : 0);
    }
    shapes_[id] = h;
    return h;
  }

  // The type a pointer points to, through arrays of it.
  uint32_t element_type(uint32_t type) {
    for (int guard = 0; guard < 64; ++guard) {
      const auto def = definitions_.find(type);
      if (def == definitions_.end()) return type;
      const SpirvInstruction& inst = m_.instructions[def->second];
      if ((inst.opcode() == spv::OpTypeArray || inst.opcode() == spv::OpTypeRuntimeArray) &&
          inst.operand_count() >= 2)
        type = inst.operand(1);
      else
        return type;
    }
    return type;
  }

  void name(uint32_t id, std::string n) {
    if (!used_.insert(n).second) n += "_" + std::to_string(id);
    used_.insert(n);
    names_[id] = std::move(n);
  }

  void name_variables() {
    for (const Variable& v : variables_) {
      const auto ptr = pointers_.find(v.pointer_type);
      if (ptr == pointers_.end()) continue;
      const uint32_t pointee = element_type(ptr->second.second);
      const Decorations& d = decorations_[v.id];
      const Decorations& td = decorations_[pointee];
      if (d.builtin || td.builtin) continue;  // gl_* names come from the BuiltIn decoration
      const std::string loc = d.location >= 0 ? std::to_string(d.location) : "n" + std::to_string(v.id);
      const std::string bind = d.binding >= 0 ? std::to_string(d.binding) : "0";
      switch (static_cast<spv::StorageClass>(v.storage_class)) {
        case spv::StorageClassUniformConstant:
          if (d.location >= 0) name(v.id, "brass_u" + loc);
          else name(v.id, "brass_b" + bind + "_" + hex(shape(ptr->second.second) & 0xffffff));
          break;
        case spv::StorageClassAtomicCounter:
          name(v.id, "brass_a" + bind + "_" + std::to_string(d.offset >= 0 ? d.offset : 0));
          break;
        case spv::StorageClassUniform:
        case spv::StorageClassStorageBuffer: {
          const bool storage = v.storage_class == spv::StorageClassStorageBuffer || td.buffer_block;
          // Blocks without a binding are told apart by id: such blocks of
          // two stages are two GL blocks (both at binding 0).
          const std::string key = (storage ? "ssbo" : "ubo") + (d.binding >= 0 ? bind : "n" + std::to_string(v.id));
          name(v.id, "brass_" + key);
          if (!names_.count(pointee)) name(pointee, "brass_" + key + "_t");
          break;
        }
        case spv::StorageClassInput:
        case spv::StorageClassOutput: {
          const bool in = v.storage_class == spv::StorageClassInput;
          std::string l = loc;
          if (d.location < 0 && member_location_.count(pointee)) l = "m" + std::to_string(member_location_[pointee]);
          const std::string comp = d.component > 0 ? "c" + std::to_string(d.component) : "";
          const std::string patch = d.patch ? "p" : "";
          name(v.id, std::string(in ? "brass_in" : "brass_out") + l + comp + patch);
          // An input block matches the previous stage's output block by
          // its type name.
          if (td.block && !names_.count(pointee)) name(pointee, "brass_io" + l + comp + patch + "_t");
          break;
        }
        default: break;  // private and workgroup variables belong to one stage
      }
    }
  }

  void name_structs() {
    for (const uint32_t s : structs_) {
      if (!names_.count(s)) name(s, "brass_s" + hex(shape(s)));
      const auto def = definitions_.find(s);
      if (def == definitions_.end()) continue;
      const size_t members = m_.instructions[def->second].operand_count() - 1;
      for (size_t i = 0; i < members; ++i) member_names_.push_back({s, static_cast<uint32_t>(i)});
    }
  }

  void insert_names() {
    std::vector<SpirvInstruction> debug;
    for (const auto& [id, n] : names_) {
      std::vector<uint32_t> ops{id};
      const std::vector<uint32_t> s = spirv_string(n.c_str());
      ops.insert(ops.end(), s.begin(), s.end());
      debug.push_back(SpirvModule::make(spv::OpName, std::move(ops)));
    }
    for (const auto& [s, member] : member_names_) {
      std::vector<uint32_t> ops{s, member};
      const std::vector<uint32_t> str = spirv_string(("m" + std::to_string(member)).c_str());
      ops.insert(ops.end(), str.begin(), str.end());
      debug.push_back(SpirvModule::make(spv::OpMemberName, std::move(ops)));
    }
    // Names go after the preamble and the source debug instructions
    // (SPIR-V 1.0 §2.4 logical layout).
    size_t at = 0;
    while (at < m_.instructions.size()) {
      const spv::Op op = m_.instructions[at].opcode();
      if (op != spv::OpCapability && op != spv::OpExtension && op != spv::OpExtInstImport &&
          op != spv::OpMemoryModel && op != spv::OpEntryPoint && op != spv::OpExecutionMode &&
          op != spv::OpExecutionModeId && op != spv::OpString && op != spv::OpSourceExtension &&
          op != spv::OpSource && op != spv::OpSourceContinued)
        break;
      ++at;
    }
    m_.instructions.insert(m_.instructions.begin() + static_cast<std::ptrdiff_t>(at), debug.begin(), debug.end());
  }

  // A Binding on a uniform that is neither a sampler nor an image (glslang
  // leaves one on default-block uniforms) means nothing in GL, and GLSL
  // rejects layout(binding) there: dropped.
  void drop_plain_uniform_bindings() {
    std::set<uint32_t> plain;
    for (const Variable& v : variables_) {
      if (v.storage_class != spv::StorageClassUniformConstant) continue;
      const auto ptr = pointers_.find(v.pointer_type);
      if (ptr == pointers_.end()) continue;
      const auto def = definitions_.find(element_type(ptr->second.second));
      if (def == definitions_.end()) continue;
      const spv::Op op = m_.instructions[def->second].opcode();
      if (op != spv::OpTypeImage && op != spv::OpTypeSampler && op != spv::OpTypeSampledImage) plain.insert(v.id);
    }
    std::erase_if(m_.instructions, [&plain](const SpirvInstruction& inst) {
      return inst.opcode() == spv::OpDecorate && inst.operand_count() >= 2 &&
             inst.operand(1) == spv::DecorationBinding && plain.count(inst.operand(0));
    });
  }

  // glslang gives outputs that only transform feedback captures
  // (xfb_offset without a location) automatic locations, which may be those
  // of other outputs: GLSL refuses the overlap, and a captured output needs
  // no location unless a later stage reads it. Such an output sharing its
  // location with another output loses the Location, and the GLSL linker
  // places it.
  void drop_colliding_capture_locations() {
    std::map<std::pair<int64_t, int64_t>, std::vector<uint32_t>> by_location;  // (location, component)
    for (const Variable& v : variables_) {
      const Decorations& d = decorations_[v.id];
      if (v.storage_class == spv::StorageClassOutput && d.location >= 0)
        by_location[{d.location, std::max<int64_t>(d.component, 0)}].push_back(v.id);
    }
    std::set<uint32_t> dropped;
    for (const auto& [location, ids] : by_location) {
      if (ids.size() < 2) continue;
      size_t captured = 0;
      for (const uint32_t id : ids) captured += decorations_[id].xfb ? 1 : 0;
      // Keep one: the output that is not captured, else the first.
      bool kept = captured == ids.size() ? false : true;
      for (const uint32_t id : ids) {
        if (!decorations_[id].xfb) continue;
        if (!kept) {
          kept = true;
          continue;
        }
        dropped.insert(id);
      }
    }
    if (dropped.empty()) return;
    std::erase_if(m_.instructions, [&dropped](const SpirvInstruction& inst) {
      return inst.opcode() == spv::OpDecorate && inst.operand_count() >= 2 &&
             (inst.operand(1) == spv::DecorationLocation || inst.operand(1) == spv::DecorationComponent) &&
             dropped.count(inst.operand(0));
    });
  }

  struct Variable {
    uint32_t id, pointer_type, storage_class;
  };
  SpirvModule& m_;
  std::unordered_map<uint32_t, Decorations> decorations_;
  std::unordered_map<uint32_t, uint32_t> member_location_;
  std::unordered_map<uint32_t, std::pair<uint32_t, uint32_t>> pointers_;  // storage class, pointee
  std::unordered_map<uint32_t, size_t> definitions_;                      // index in instructions
  std::unordered_map<uint32_t, uint64_t> shapes_;
  std::vector<uint32_t> structs_;
  std::vector<Variable> variables_;
  std::map<uint32_t, std::string> names_;  // ordered: the output does not depend on hashing
  std::vector<std::pair<uint32_t, uint32_t>> member_names_;
  std::set<std::string> used_;
};

}  // namespace

void assign_canonical_spirv_names(SpirvModule& module) { Namer(module).run(); }

}  // namespace brass::compiler
