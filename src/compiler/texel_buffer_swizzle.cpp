#include "compiler/texel_buffer_swizzle.h"

#include <array>
#include <bit>
#include <optional>
#include <unordered_map>

#include "compiler/opaque_array_indexing.h"
#include "compiler/program_interface.h"
#include "compiler/spirv_module.h"

namespace brass::compiler {

namespace {

// The instructions a fetch's image is traced through, by result id. Each
// has its result type first and its result id second.
bool traced_opcode(spv::Op op) {
  switch (op) {
    case spv::OpVariable: case spv::OpConstant: case spv::OpLoad: case spv::OpImage: case spv::OpCopyObject:
    case spv::OpAccessChain: case spv::OpInBoundsAccessChain:
      return true;
    default: return false;
  }
}

class FetchTracer {
 public:
  FetchTracer(const SpirvModule& m, std::span<const TexelBufferBindingSwizzle> swizzles) : m_(m) {
    for (size_t i = 0; i < m.instructions.size(); ++i) {
      const SpirvInstruction& inst = m.instructions[i];
      if (traced_opcode(inst.opcode()) && inst.operand_count() >= 2) defs_[inst.operand(1)] = i;
      if (inst.opcode() == spv::OpTypeVector || inst.opcode() == spv::OpTypeFloat || inst.opcode() == spv::OpTypeInt)
        defs_[inst.operand(0)] = i;
    }
    // The set-2 variables of the listed bindings.
    for (const SpirvInstruction& inst : m.instructions) {
      if (inst.opcode() != spv::OpVariable || inst.operand_count() < 3 ||
          inst.operand(2) != static_cast<uint32_t>(spv::StorageClassUniformConstant))
        continue;
      const uint32_t var = inst.operand(1);
      if (m.decoration_value(var, spv::DecorationDescriptorSet) != kSetSamplers) continue;
      const std::optional<uint32_t> binding = m.decoration_value(var, spv::DecorationBinding);
      if (!binding) continue;
      for (const TexelBufferBindingSwizzle& s : swizzles)
        if (s.binding == *binding) variables_.emplace(var, *binding);
    }
    for (const TexelBufferBindingSwizzle& s : swizzles)
      if (s.swizzle != TexelBufferSwizzle::Identity) wanted_.emplace(key(s.binding, s.element), s.swizzle);
  }

  const SpirvInstruction* def(uint32_t id) const {
    const auto it = defs_.find(id);
    return it == defs_.end() ? nullptr : &m_.instructions[it->second];
  }

  // Whether an access chain into one of the variables has an index that is
  // not a constant (the lowering must run first).
  bool has_dynamic_access() const {
    for (const SpirvInstruction& inst : m_.instructions) {
      if ((inst.opcode() != spv::OpAccessChain && inst.opcode() != spv::OpInBoundsAccessChain) ||
          inst.operand_count() < 4 || !variables_.contains(inst.operand(2)))
        continue;
      const SpirvInstruction* index = def(inst.operand(3));
      if (!index || index->opcode() != spv::OpConstant) return true;
    }
    return false;
  }

  // The swizzle of the element an image operand reads, Identity when it is
  // none of the listed ones or cannot be traced to one.
  TexelBufferSwizzle swizzle_of(uint32_t image) const {
    uint32_t element = 0;
    for (uint32_t id = image, steps = 0; steps < 64; ++steps) {
      const SpirvInstruction* inst = def(id);
      if (!inst) return TexelBufferSwizzle::Identity;
      switch (inst->opcode()) {
        case spv::OpImage:
        case spv::OpCopyObject:
        case spv::OpLoad: id = inst->operand(2); break;
        case spv::OpAccessChain:
        case spv::OpInBoundsAccessChain: {
          // An array of samplers has one level; its index is the element.
          const SpirvInstruction* index = inst->operand_count() == 4 ? def(inst->operand(3)) : nullptr;
          if (!index || index->opcode() != spv::OpConstant) return TexelBufferSwizzle::Identity;
          element = index->operand(2);
          id = inst->operand(2);
          break;
        }
        case spv::OpVariable: {
          const auto var = variables_.find(id);
          if (var == variables_.end()) return TexelBufferSwizzle::Identity;
          const auto w = wanted_.find(key(var->second, element));
          return w == wanted_.end() ? TexelBufferSwizzle::Identity : w->second;
        }
        default: return TexelBufferSwizzle::Identity;
      }
    }
    return TexelBufferSwizzle::Identity;
  }

 private:
  static uint64_t key(uint32_t binding, uint32_t element) { return (uint64_t{binding} << 32) | element; }

  const SpirvModule& m_;
  std::unordered_map<uint32_t, size_t> defs_;
  std::unordered_map<uint32_t, uint32_t> variables_;  // variable -> binding
  std::unordered_map<uint64_t, TexelBufferSwizzle> wanted_;
};

// OpVectorShuffle's components, selecting from (fetched, constant (0,1,0,0)).
std::array<uint32_t, 4> shuffle_components(TexelBufferSwizzle s) {
  switch (s) {
    case TexelBufferSwizzle::Alpha: return {4, 4, 4, 0};
    case TexelBufferSwizzle::Luminance: return {0, 0, 0, 5};
    case TexelBufferSwizzle::LuminanceAlpha: return {0, 0, 0, 1};
    case TexelBufferSwizzle::Intensity: return {0, 0, 0, 0};
    case TexelBufferSwizzle::Identity: break;
  }
  return {0, 1, 2, 3};
}

}  // namespace

bool swizzle_texel_buffer_fetches(std::vector<uint32_t>& spirv, std::span<const TexelBufferBindingSwizzle> swizzles) {
  std::optional<SpirvModule> m = SpirvModule::parse(spirv);
  if (!m) return false;
  if (FetchTracer(*m, swizzles).has_dynamic_access()) {
    std::vector<uint32_t> lowered = spirv;
    if (!lower_dynamic_opaque_indexing(lowered)) return false;
    m = SpirvModule::parse(lowered);
    if (!m) return false;
  }
  // The fetches to patch (result id -> swizzle) and their result types.
  std::unordered_map<uint32_t, TexelBufferSwizzle> fetches;
  struct Constant {
    bool is_float = false;
    uint32_t id = 0;  // the vec4 type's (0, 1, 0, 0)
  };
  std::unordered_map<uint32_t, Constant> constants;  // by vec4 type
  {
    const FetchTracer tracer(*m, swizzles);
    for (const SpirvInstruction& inst : m->instructions) {
      if (inst.opcode() != spv::OpImageFetch || inst.operand_count() < 4) continue;
      const TexelBufferSwizzle s = tracer.swizzle_of(inst.operand(2));
      if (s == TexelBufferSwizzle::Identity) continue;
      // texelFetch of a samplerBuffer returns a 32-bit vec4, ivec4 or uvec4.
      const SpirvInstruction* vec = tracer.def(inst.operand(0));
      const SpirvInstruction* scalar = vec && vec->opcode() == spv::OpTypeVector && vec->operand(2) == 4
                                           ? tracer.def(vec->operand(1))
                                           : nullptr;
      if (!scalar || scalar->operand(1) != 32) continue;
      fetches.emplace(inst.operand(1), s);
      constants.emplace(inst.operand(0), Constant{scalar->opcode() == spv::OpTypeFloat, 0});
    }
  }
  if (fetches.empty()) return true;
  for (auto& [vec_type, c] : constants) {
    const uint32_t scalar = m->instructions[m->find_definition(vec_type)].operand(1);
    const uint32_t zero = m->get_constant(scalar, 0);
    const uint32_t one = m->get_constant(scalar, c.is_float ? std::bit_cast<uint32_t>(1.0f) : 1u);
    c.id = m->new_id();
    m->instructions.insert(m->instructions.begin() + static_cast<std::ptrdiff_t>(m->first_function()),
                           SpirvModule::make(spv::OpConstantComposite, {vec_type, c.id, zero, one, zero, zero}));
  }
  // Each fetch gets a new result id; a shuffle right after it gives the
  // swizzled vector the old id, so every use reads the swizzled value.
  for (size_t i = m->first_function(); i < m->instructions.size(); ++i) {
    SpirvInstruction& inst = m->instructions[i];
    if (inst.opcode() != spv::OpImageFetch || inst.operand_count() < 4) continue;
    const auto f = fetches.find(inst.operand(1));
    if (f == fetches.end()) continue;
    const uint32_t type = inst.operand(0), result = inst.operand(1), fetched = m->new_id();
    inst.words[2] = fetched;
    const std::array<uint32_t, 4> c = shuffle_components(f->second);
    m->instructions.insert(m->instructions.begin() + static_cast<std::ptrdiff_t>(i + 1),
                           SpirvModule::make(spv::OpVectorShuffle,
                                             {type, result, fetched, constants.at(type).id, c[0], c[1], c[2], c[3]}));
    ++i;
  }
  spirv = m->serialize();
  return true;
}

}  // namespace brass::compiler
