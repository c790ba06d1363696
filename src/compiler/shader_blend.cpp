#include "compiler/shader_blend.h"

#include <glslang/SPIRV/GLSL.std.450.h>

#include <array>
#include <bit>
#include <optional>
#include <string>

#include "compiler/fragment_output_rewrite.h"
#include "compiler/program_interface.h"
#include "compiler/spirv_module.h"

namespace brass::compiler {

namespace {

// A colour output feeding one draw buffer: the variable, and the element of
// an array output (gl_FragData, `out vec4 c[2]`), else -1.
struct BlendedOutput {
  uint32_t variable = 0;
  int element = -1;
  uint32_t type = 0;    // float or vecN of float (the element's type for arrays)
  uint32_t components = 0;
};

// Components of a 32-bit float scalar or vector type, else 0.
uint32_t float_components(const SpirvModule& m, uint32_t type) {
  const SpirvInstruction* t = definition(m, type);
  if (!t) return 0;
  if (t->opcode() == spv::OpTypeFloat) return t->operand(1) == 32 ? 1 : 0;
  if (t->opcode() != spv::OpTypeVector) return 0;
  const SpirvInstruction* c = definition(m, t->operand(1));
  return c && c->opcode() == spv::OpTypeFloat && c->operand(1) == 32 ? t->operand(2) : 0;
}

// The output at `location` with blend source `index`, if it is a float one.
std::optional<BlendedOutput> find_output(const SpirvModule& m, uint32_t location, uint32_t index) {
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpDecorate || inst.operand_count() < 3 || inst.operand(1) != spv::DecorationLocation)
      continue;
    const uint32_t id = inst.operand(0);
    const SpirvInstruction* v = definition(m, id);
    if (!v || v->opcode() != spv::OpVariable || v->operand(2) != spv::StorageClassOutput) continue;
    if (m.decoration_value(id, spv::DecorationIndex).value_or(0) != index) continue;
    if (m.decoration_value(id, spv::DecorationComponent).value_or(0) != 0) continue;
    const SpirvInstruction* ptr = definition(m, v->operand(0));
    if (!ptr || ptr->opcode() != spv::OpTypePointer) continue;
    BlendedOutput out;
    out.variable = id;
    out.type = ptr->operand(2);
    const uint32_t base = inst.operand(2);
    const SpirvInstruction* pointee = definition(m, out.type);
    if (pointee && pointee->opcode() == spv::OpTypeArray) {
      const SpirvInstruction* length = definition(m, pointee->operand(2));
      if (!length || length->opcode() != spv::OpConstant) continue;
      if (location < base || location - base >= length->operand(2)) continue;
      out.element = static_cast<int>(location - base);
      out.type = pointee->operand(1);
    } else if (base != location) {
      continue;
    }
    out.components = float_components(m, out.type);
    if (out.components == 0) return std::nullopt;  // integer outputs are not blended
    return out;
  }
  return std::nullopt;
}

// Inserts a debug instruction (OpName) before the first annotation.
void insert_debug(SpirvModule& m, SpirvInstruction inst) {
  size_t pos = m.first_function();
  for (size_t i = 0; i < m.instructions.size(); ++i) {
    const spv::Op op = m.instructions[i].opcode();
    if (op == spv::OpDecorate || op == spv::OpMemberDecorate || op == spv::OpDecorationGroup ||
        (op >= spv::OpTypeVoid && op <= spv::OpTypeForwardPointer)) {
      pos = i;
      break;
    }
  }
  m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(pos), std::move(inst));
}

// The 2D, single-sampled, sampled float image type (found or added).
uint32_t image_2d_type(SpirvModule& m, uint32_t float_type) {
  const std::vector<uint32_t> operands = {float_type, spv::Dim2D, 0, 0, 0, 1, spv::ImageFormatUnknown};
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpTypeImage && inst.operand_count() == 8 &&
        std::equal(operands.begin(), operands.end(), inst.words.begin() + 2))
      return inst.operand(0);
  const uint32_t id = m.new_id();
  std::vector<uint32_t> words{id};
  words.insert(words.end(), operands.begin(), operands.end());
  m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()),
                        SpirvModule::make(spv::OpTypeImage, words));
  return id;
}

uint32_t sampled_image_type(SpirvModule& m, uint32_t image) {
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpTypeSampledImage && inst.operand(1) == image) return inst.operand(0);
  const uint32_t id = m.new_id();
  m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()),
                        SpirvModule::make(spv::OpTypeSampledImage, {id, image}));
  return id;
}

void add_global(SpirvModule& m, SpirvInstruction inst) {
  m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(m.first_function()), std::move(inst));
}

// Emits the straight-line blend code; every value an SSA id.
class BlendCode {
 public:
  BlendCode(SpirvModule& m, std::vector<SpirvInstruction>& out) : m_(m), out_(out) {
    f32 = m.get_float_type();
    i32 = m.get_int_type(true);
    u32 = m.get_int_type(false);
    boolean = m.get_bool_type();
    v4f = m.get_vector_type(f32, 4);
    v2f = m.get_vector_type(f32, 2);
    v3f = m.get_vector_type(f32, 3);
    v2i = m.get_vector_type(i32, 2);
    v4b = m.get_vector_type(boolean, 4);
    glsl = m.get_glsl_std_450();
  }

  uint32_t op(spv::Op code, uint32_t type, std::vector<uint32_t> operands) {
    const uint32_t id = m_.new_id();
    operands.insert(operands.begin(), {type, id});
    out_.push_back(SpirvModule::make(code, std::move(operands)));
    return id;
  }
  uint32_t ext(GLSLstd450 f, uint32_t type, std::vector<uint32_t> args) {
    args.insert(args.begin(), {glsl, static_cast<uint32_t>(f)});
    return op(spv::OpExtInst, type, std::move(args));
  }
  uint32_t f(float v) { return m_.get_constant(f32, std::bit_cast<uint32_t>(v)); }
  uint32_t i(int32_t v) { return m_.get_constant(i32, static_cast<uint32_t>(v)); }
  uint32_t u(uint32_t v) { return m_.get_constant(u32, v); }
  uint32_t splat(uint32_t type, uint32_t s) { return op(spv::OpCompositeConstruct, type, {s, s, s, s}); }
  uint32_t splat4(uint32_t s) { return splat(v4f, s); }
  // Bits [shift, shift + bits) of `word`.
  uint32_t field(uint32_t word, uint32_t shift, uint32_t bits) {
    const uint32_t shifted = op(spv::OpShiftRightLogical, u32, {word, u(shift)});
    return op(spv::OpBitwiseAnd, u32, {shifted, u((1u << bits) - 1)});
  }
  // `when` ? a : b for vec4 (SPIR-V 1.3 selects vectors per component).
  uint32_t select4(uint32_t when, uint32_t a, uint32_t b) {
    return op(spv::OpSelect, v4f, {splat(v4b, when), a, b});
  }
  uint32_t is(uint32_t value, uint32_t constant) { return op(spv::OpIEqual, boolean, {value, u(constant)}); }
  uint32_t component(uint32_t v, uint32_t c) { return op(spv::OpCompositeExtract, f32, {v, c}); }
  // An output value as a vec4: missing colour components 0, alpha 1.
  uint32_t widen(uint32_t value, uint32_t components) {
    switch (components) {
      case 1: return op(spv::OpCompositeConstruct, v4f, {value, f(0), f(0), f(1)});
      case 2: return op(spv::OpCompositeConstruct, v4f, {value, f(0), f(1)});
      case 3: return op(spv::OpCompositeConstruct, v4f, {value, f(1)});
      default: return value;
    }
  }
  uint32_t narrow(uint32_t value, uint32_t components) {
    switch (components) {
      case 1: return component(value, 0);
      case 2: return op(spv::OpVectorShuffle, v2f, {value, value, 0, 1});
      case 3: return op(spv::OpVectorShuffle, v3f, {value, value, 0, 1, 2});
      default: return value;
    }
  }

  uint32_t f32 = 0, i32 = 0, u32 = 0, boolean = 0, v4f = 0, v2f = 0, v3f = 0, v2i = 0, v4b = 0, glsl = 0;

 private:
  SpirvModule& m_;
  std::vector<SpirvInstruction>& out_;
};

struct Globals {
  uint32_t uniforms = 0;        // the ShaderBlendUniforms block variable
  uint32_t uniform_u32 = 0;     // pointer types into it
  uint32_t uniform_v4f = 0;
  uint32_t frag_coord = 0;
  uint32_t sampled_image = 0;   // sampler2D
  uint32_t image = 0;
  std::array<uint32_t, kShaderBlendMaxTargets> samplers{};
  std::array<std::optional<BlendedOutput>, kShaderBlendMaxTargets> outputs{};
  std::optional<BlendedOutput> second_source;  // location 0, index 1
};

// The code blending draw buffer `target` before one return of main.
void emit_blend(SpirvModule& m, const Globals& g, unsigned target, std::vector<SpirvInstruction>& code) {
  BlendCode c(m, code);
  const BlendedOutput& o = *g.outputs[target];
  uint32_t out_ptr = o.variable;
  if (o.element >= 0)
    out_ptr = c.op(spv::OpAccessChain, m.get_pointer_type(spv::StorageClassOutput, o.type), {o.variable, c.i(o.element)});
  const uint32_t state_ptr =
      c.op(spv::OpAccessChain, g.uniform_u32, {g.uniforms, c.i(1), c.i(static_cast<int32_t>(target / 4)), c.i(static_cast<int32_t>(target % 4))});
  const uint32_t state = c.op(spv::OpLoad, c.u32, {state_ptr});
  const uint32_t constant_ptr = c.op(spv::OpAccessChain, g.uniform_v4f, {g.uniforms, c.i(0)});
  const uint32_t constant_raw = c.op(spv::OpLoad, c.v4f, {constant_ptr});

  // The format's clamp (GL 4.6 §17.3.6.1: source, destination and the
  // factors, the constant colour's among them, are clamped to the range of a
  // fixed-point buffer).
  const uint32_t clamp_kind = c.field(state, 26, 2);
  const uint32_t lower = c.op(spv::OpSelect, c.f32, {c.is(clamp_kind, 2), c.f(-1.0f), c.f(0.0f)});
  const uint32_t lower4 = c.splat4(lower), upper4 = c.splat4(c.f(1.0f));
  const uint32_t unclamped = c.is(clamp_kind, 0);
  auto clamped = [&](uint32_t v) {
    const uint32_t inside = c.ext(GLSLstd450FClamp, c.v4f, {v, lower4, upper4});
    return c.select4(unclamped, v, inside);
  };

  const uint32_t src = clamped(c.widen(c.op(spv::OpLoad, o.type, {out_ptr}), o.components));
  uint32_t src1 = c.splat4(c.f(0.0f));
  if (target == 0 && g.second_source) {
    const BlendedOutput& s = *g.second_source;
    uint32_t ptr = s.variable;
    if (s.element >= 0)
      ptr = c.op(spv::OpAccessChain, m.get_pointer_type(spv::StorageClassOutput, s.type), {s.variable, c.i(s.element)});
    src1 = clamped(c.widen(c.op(spv::OpLoad, s.type, {ptr}), s.components));
  }
  // The destination texel under the fragment (the copy has the attachment's
  // size and orientation: Vulkan's FragCoord addresses it directly).
  const uint32_t coord = c.op(spv::OpLoad, c.v4f, {g.frag_coord});
  const uint32_t xy = c.op(spv::OpConvertFToS, c.v2i, {c.op(spv::OpVectorShuffle, c.v2f, {coord, coord, 0, 1})});
  const uint32_t sampler = c.op(spv::OpLoad, g.sampled_image, {g.samplers[target]});
  const uint32_t image = c.op(spv::OpImage, g.image, {sampler});
  const uint32_t dst =
      clamped(c.op(spv::OpImageFetch, c.v4f, {image, xy, spv::ImageOperandsLodMask, c.i(0)}));
  const uint32_t constant = clamped(constant_raw);

  // The terms, in ShaderBlendTerm order.
  const uint32_t src_a = c.component(src, 3), dst_a = c.component(dst, 3);
  const uint32_t saturate =
      c.ext(GLSLstd450FMin, c.f32, {src_a, c.op(spv::OpFSub, c.f32, {c.f(1.0f), dst_a})});
  const std::array<uint32_t, 10> terms = {
      c.splat4(c.f(0.0f)),
      src,
      c.splat4(src_a),
      dst,
      c.splat4(dst_a),
      constant,
      c.splat4(c.component(constant, 3)),
      c.op(spv::OpCompositeConstruct, c.v4f, {saturate, saturate, saturate, c.f(1.0f)}),
      src1,
      c.splat4(c.component(src1, 3)),
  };
  const uint32_t one4 = c.splat4(c.f(1.0f));
  auto factor = [&](uint32_t factor_bits) {
    const uint32_t term = c.op(spv::OpBitwiseAnd, c.u32, {factor_bits, c.u(kShaderBlendOneMinus - 1)});
    uint32_t value = terms[0];
    for (uint32_t k = 1; k < terms.size(); ++k) value = c.select4(c.is(term, k), terms[k], value);
    const uint32_t one_minus = c.op(spv::OpINotEqual, c.boolean,
                                    {c.op(spv::OpBitwiseAnd, c.u32, {factor_bits, c.u(kShaderBlendOneMinus)}), c.u(0)});
    // The factors are clamped like the values (GL 4.6 §17.3.6.1).
    return clamped(c.select4(one_minus, c.op(spv::OpFSub, c.v4f, {one4, value}), value));
  };
  // GL 4.6 §17.3.6.2, table 17.1: the equations.
  auto equation = [&](uint32_t mode, uint32_t source_factor, uint32_t destination_factor) {
    const uint32_t s = c.op(spv::OpFMul, c.v4f, {src, source_factor});
    const uint32_t d = c.op(spv::OpFMul, c.v4f, {dst, destination_factor});
    uint32_t r = c.op(spv::OpFAdd, c.v4f, {s, d});
    r = c.select4(c.is(mode, static_cast<uint32_t>(ShaderBlendOp::Subtract)), c.op(spv::OpFSub, c.v4f, {s, d}), r);
    r = c.select4(c.is(mode, static_cast<uint32_t>(ShaderBlendOp::ReverseSubtract)), c.op(spv::OpFSub, c.v4f, {d, s}), r);
    r = c.select4(c.is(mode, static_cast<uint32_t>(ShaderBlendOp::Min)), c.ext(GLSLstd450FMin, c.v4f, {src, dst}), r);
    r = c.select4(c.is(mode, static_cast<uint32_t>(ShaderBlendOp::Max)), c.ext(GLSLstd450FMax, c.v4f, {src, dst}), r);
    return r;
  };
  const uint32_t rgb = equation(c.field(state, 20, 3), factor(c.field(state, 0, 5)), factor(c.field(state, 5, 5)));
  const uint32_t alpha = equation(c.field(state, 23, 3), factor(c.field(state, 10, 5)), factor(c.field(state, 15, 5)));
  const uint32_t blended = c.op(spv::OpVectorShuffle, c.v4f, {rgb, alpha, 0, 1, 2, 7});
  code.push_back(SpirvModule::make(spv::OpStore, {out_ptr, c.narrow(blended, o.components)}));
}

// Blends the outputs of `mask` in fragment module `m` before every return of
// `entry`.
FragmentRewrite insert_shader_blend(SpirvModule& m, uint32_t entry, uint8_t mask, uint32_t first_sampler_binding,
                                    uint32_t uniform_binding) {
  Globals g;
  uint8_t blended = 0;
  for (unsigned t = 0; t < kShaderBlendMaxTargets; ++t) {
    if (!(mask >> t & 1u)) continue;
    g.outputs[t] = find_output(m, t, 0);
    if (g.outputs[t]) blended |= static_cast<uint8_t>(1u << t);
  }
  if (!blended) return FragmentRewrite::kUnchanged;
  if (blended & 1u) g.second_source = find_output(m, 0, 1);

  const uint32_t f32 = m.get_float_type(), u32 = m.get_int_type(false), i32 = m.get_int_type(true);
  const uint32_t v4f = m.get_vector_type(f32, 4), v4u = m.get_vector_type(u32, 4);
  // uniform BrassShaderBlend { vec4 constant; uvec4 targets[2]; }
  const uint32_t two = m.get_constant(i32, 2);
  const uint32_t array = m.new_id(), block = m.new_id();
  add_global(m, SpirvModule::make(spv::OpTypeArray, {array, v4u, two}));
  add_global(m, SpirvModule::make(spv::OpTypeStruct, {block, v4f, array}));
  m.insert_annotation(SpirvModule::make(spv::OpDecorate, {array, spv::DecorationArrayStride, 16}));
  m.insert_annotation(SpirvModule::make(spv::OpDecorate, {block, spv::DecorationBlock}));
  m.insert_annotation(SpirvModule::make(spv::OpMemberDecorate, {block, 0, spv::DecorationOffset, 0}));
  m.insert_annotation(SpirvModule::make(spv::OpMemberDecorate, {block, 1, spv::DecorationOffset, 16}));
  g.uniforms = m.new_id();
  add_global(m, SpirvModule::make(spv::OpVariable, {m.get_pointer_type(spv::StorageClassUniform, block), g.uniforms,
                                                   spv::StorageClassUniform}));
  m.insert_annotation(SpirvModule::make(spv::OpDecorate, {g.uniforms, spv::DecorationDescriptorSet, kSetUniformBuffers}));
  m.insert_annotation(SpirvModule::make(spv::OpDecorate, {g.uniforms, spv::DecorationBinding, uniform_binding}));
  g.uniform_u32 = m.get_pointer_type(spv::StorageClassUniform, u32);
  g.uniform_v4f = m.get_pointer_type(spv::StorageClassUniform, v4f);

  g.image = image_2d_type(m, f32);
  g.sampled_image = sampled_image_type(m, g.image);
  const uint32_t sampler_ptr = m.get_pointer_type(spv::StorageClassUniformConstant, g.sampled_image);
  for (unsigned t = 0; t < kShaderBlendMaxTargets; ++t) {
    if (!(blended >> t & 1u)) continue;
    g.samplers[t] = m.new_id();
    add_global(m, SpirvModule::make(spv::OpVariable, {sampler_ptr, g.samplers[t], spv::StorageClassUniformConstant}));
    m.insert_annotation(SpirvModule::make(spv::OpDecorate, {g.samplers[t], spv::DecorationDescriptorSet, kSetSamplers}));
    const uint32_t rank = static_cast<uint32_t>(std::popcount(static_cast<unsigned>(mask) & ((1u << t) - 1)));
    m.insert_annotation(SpirvModule::make(spv::OpDecorate, {g.samplers[t], spv::DecorationBinding, first_sampler_binding + rank}));
    std::vector<uint32_t> name{g.samplers[t]};
    const std::vector<uint32_t> text = spirv_string((std::string(kShaderBlendSamplerPrefix) + std::to_string(t)).c_str());
    name.insert(name.end(), text.begin(), text.end());
    insert_debug(m, SpirvModule::make(spv::OpName, name));
  }
  if (auto existing = m.find_decorated(spv::DecorationBuiltIn, spv::BuiltInFragCoord)) {
    g.frag_coord = *existing;
  } else {
    g.frag_coord = m.new_id();
    add_global(m, SpirvModule::make(spv::OpVariable, {m.get_pointer_type(spv::StorageClassInput, v4f), g.frag_coord,
                                                     spv::StorageClassInput}));
    m.insert_annotation(SpirvModule::make(spv::OpDecorate, {g.frag_coord, spv::DecorationBuiltIn, spv::BuiltInFragCoord}));
    m.add_to_entry_point_interfaces(g.frag_coord);
  }

  // Before every return of main. The code is made first (it adds constants
  // and types to the global section, which moves the function bodies), then
  // inserted last return first so that earlier positions hold.
  std::vector<std::vector<SpirvInstruction>> blocks(m.output_commit_points(entry).size());
  for (std::vector<SpirvInstruction>& code : blocks)
    for (unsigned t = 0; t < kShaderBlendMaxTargets; ++t)
      if (blended >> t & 1u) emit_blend(m, g, t, code);
  const std::vector<size_t> returns = m.output_commit_points(entry);
  if (returns.size() != blocks.size()) return FragmentRewrite::kFailed;
  for (size_t k = returns.size(); k-- > 0;)
    m.instructions.insert(m.instructions.begin() + static_cast<std::ptrdiff_t>(returns[k]), blocks[k].begin(),
                          blocks[k].end());
  return FragmentRewrite::kRewritten;
}

}  // namespace

bool add_shader_blend(std::vector<uint32_t>& spirv, uint8_t mask, uint32_t first_sampler_binding,
                      uint32_t uniform_binding) {
  return rewrite_fragment_outputs(spirv, [&](SpirvModule& m, uint32_t entry) {
    return insert_shader_blend(m, entry, mask, first_sampler_binding, uniform_binding);
  });
}

}  // namespace brass::compiler
