#include "compiler/spirv_to_glsl.h"

#include <algorithm>
#include <cstring>
#include <regex>
#include <unordered_map>

#include <spirv-tools/libspirv.hpp>

#include "compiler/spirv_cross_glsl.h"
#include "compiler/spirv_gl_names.h"
#include "compiler/spirv_module.h"

namespace brass::compiler {

const std::vector<std::string>& translatable_spirv_extensions() {
  // Each is translated to GLSL that Brass compiles: StorageBuffer is the
  // storage class of `buffer` blocks, and the draw parameters are
  // ARB_shader_draw_parameters' gl_BaseVertexARB, gl_BaseInstanceARB and
  // gl_DrawIDARB.
  static const std::vector<std::string> list{"SPV_KHR_shader_draw_parameters", "SPV_KHR_storage_buffer_storage_class"};
  return list;
}

std::optional<std::vector<uint32_t>> load_spirv_binary(const void* data, size_t bytes) {
  if (!data || bytes % 4 != 0 || bytes < 20) return std::nullopt;
  std::vector<uint32_t> words(bytes / 4);
  std::memcpy(words.data(), data, bytes);
  // A module may come in either byte order (SPIR-V §3.1): the magic
  // number tells.
  if (words[0] == __builtin_bswap32(spv::MagicNumber))
    for (uint32_t& w : words) w = __builtin_bswap32(w);
  if (!SpirvModule::parse(words)) return std::nullopt;
  return words;
}

namespace {

std::string entry_point_name(const SpirvInstruction& inst) {
  // OpEntryPoint model id "name" interface...
  if (inst.operand_count() < 3) return {};
  const char* begin = reinterpret_cast<const char*>(inst.words.data() + 3);
  const size_t max = (inst.words.size() - 3) * 4;
  return std::string(begin, strnlen(begin, max));
}

bool has_entry_point(const SpirvModule& m, ShaderStage stage, const std::string& name) {
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpEntryPoint && inst.operand(0) == static_cast<uint32_t>(stage) &&
        entry_point_name(inst) == name)
      return true;
  return false;
}

// The instruction index of each specialization constant by SpecId.
std::unordered_map<uint32_t, size_t> specialization_constants(const SpirvModule& m) {
  std::unordered_map<uint32_t, uint32_t> id_of;  // result id -> SpecId
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() == spv::OpDecorate && inst.operand_count() >= 3 && inst.operand(1) == spv::DecorationSpecId)
      id_of[inst.operand(0)] = inst.operand(2);
  std::unordered_map<uint32_t, size_t> out;
  for (size_t i = 0; i < m.instructions.size(); ++i) {
    const SpirvInstruction& inst = m.instructions[i];
    const spv::Op op = inst.opcode();
    if ((op == spv::OpSpecConstant || op == spv::OpSpecConstantTrue || op == spv::OpSpecConstantFalse) &&
        inst.operand_count() >= 2)
      if (const auto it = id_of.find(inst.operand(1)); it != id_of.end()) out[it->second] = i;
  }
  return out;
}

// SPIRV-Cross declares a variable of the AtomicCounter storage class as a
// plain `uint` with its binding and offset; GLSL's is `uniform
// atomic_uint`. The canonical names (brass_a<binding>_<offset>) single them
// out.
std::string declare_atomic_counters(const std::string& glsl) {
  static const std::regex declaration(R"(^(layout\(binding = \d+, offset = \d+\)) uint (brass_a\w+(\[\d+\])*;))",
                                      std::regex::ECMAScript | std::regex::multiline);
  // The other atomic instructions on a counter come out as the buffer
  // atomics (a load as atomicAdd(c, 0)); GL 4.6 has them for counters
  // under the atomicCounter prefix.
  static const std::regex operation(R"(\batomic(Add|Min|Max|And|Or|Xor|Exchange|CompSwap)\((brass_a))");
  static const std::regex load(R"(\batomicAdd\((brass_a[\w\[\]]*), 0\))");
  std::string out = std::regex_replace(glsl, declaration, "$1 uniform atomic_uint $2");
  out = std::regex_replace(out, load, "atomicCounter($1)");
  // OpAtomicIDecrement returns the value before the decrement, GLSL's
  // atomicCounterDecrement the value after it.
  static const std::regex decrement(R"(\batomicCounterDecrement\((brass_a[\w\[\]]*)\))");
  out = std::regex_replace(out, decrement, "(atomicCounterDecrement($1) + 1u)");
  if (!std::regex_search(out, operation)) return out;
  out = std::regex_replace(out, operation, "atomicCounter$1($2");
  // (GLSL 4.50 has them through ARB_shader_atomic_counter_ops.)
  const size_t version_end = out.find('\n');
  if (version_end != std::string::npos)
    out.insert(version_end + 1, "#extension GL_ARB_shader_atomic_counter_ops : require\n");
  return out;
}

// GLSL places a block's matrix columns std140 (vec4-aligned) or std430
// (vec2 columns 8 bytes apart): a MatrixStride of any other value has no
// GLSL equivalent, and SPIRV-Cross would silently use the std140 one. Such
// modules fail to specialize rather than read the wrong bytes. Returns the
// info log, empty when every stride is expressible.
std::string unexpressible_matrix_strides(const SpirvModule& m) {
  std::unordered_map<uint32_t, const SpirvInstruction*> defs;
  for (const SpirvInstruction& inst : m.instructions)
    if (inst.opcode() >= spv::OpTypeVoid && inst.opcode() <= spv::OpTypeForwardPointer && inst.operand_count() >= 1)
      defs[inst.operand(0)] = &inst;
  const auto def = [&defs](uint32_t id) -> const SpirvInstruction* {
    const auto it = defs.find(id);
    return it == defs.end() ? nullptr : it->second;
  };
  for (const SpirvInstruction& inst : m.instructions) {
    if (inst.opcode() != spv::OpMemberDecorate || inst.operand_count() < 4 ||
        inst.operand(2) != spv::DecorationMatrixStride)
      continue;
    const SpirvInstruction* s = def(inst.operand(0));
    if (!s || s->opcode() != spv::OpTypeStruct || inst.operand(1) + 1 >= s->operand_count()) continue;
    const SpirvInstruction* t = def(s->operand(inst.operand(1) + 1));
    for (int guard = 0; t && (t->opcode() == spv::OpTypeArray || t->opcode() == spv::OpTypeRuntimeArray) && guard < 16;
         ++guard)
      t = def(t->operand(1));
    if (!t || t->opcode() != spv::OpTypeMatrix) continue;
    const SpirvInstruction* column = def(t->operand(1));
    const SpirvInstruction* scalar = column ? def(column->operand(1)) : nullptr;
    if (!column || !scalar || column->operand_count() < 3 || scalar->operand_count() < 2) continue;
    // The stride is between columns, or between rows where the member is
    // RowMajor: either vector size may be the one laid out.
    const uint32_t bytes = scalar->operand(1) / 8;
    const auto natural = [bytes](uint32_t components) {
      const uint32_t std430 = bytes * (components == 3 ? 4 : components);
      return std::pair<uint32_t, uint32_t>{std430, std::max<uint32_t>(std430, 16)};
    };
    const uint32_t stride = inst.operand(3);
    const auto [c430, c140] = natural(column->operand(2));
    const auto [r430, r140] = natural(t->operand(2));
    if (stride != c430 && stride != c140 && stride != r430 && stride != r140)
      return "error: MatrixStride " + std::to_string(stride) + " of structure member " +
             std::to_string(inst.operand(1)) + " has no GLSL block layout\n";
  }
  return {};
}

std::string validation_log(const std::vector<uint32_t>& words, bool* valid) {
  std::string log;
  spvtools::SpirvTools tools(SPV_ENV_OPENGL_4_5);
  tools.SetMessageConsumer([&log](spv_message_level_t, const char*, const spv_position_t& pos, const char* message) {
    log += "error: SPIR-V word " + std::to_string(pos.index) + ": " + message + "\n";
  });
  *valid = tools.Validate(words);
  return log;
}

}  // namespace

SpecializeResult specialize_spirv(const std::vector<uint32_t>& module, ShaderStage stage, const std::string& entry_point,
                                  const std::vector<SpecializationConstant>& constants,
                                  const std::vector<const char*>& extensions) {
  SpecializeResult r;
  std::optional<SpirvModule> m = SpirvModule::parse(module);
  if (!m) {
    r.info_log = "error: not a SPIR-V module\n";
    return r;
  }
  // The API errors first: they leave the shader as it was.
  if (!has_entry_point(*m, stage, entry_point)) {
    r.status = SpecializeStatus::UnknownEntryPoint;
    return r;
  }
  const std::unordered_map<uint32_t, size_t> spec = specialization_constants(*m);
  for (const SpecializationConstant& c : constants)
    if (!spec.count(c.id)) {
      r.status = SpecializeStatus::UnknownConstant;
      return r;
    }
  // Nothing reads the module before SPIRV-Tools accepted it.
  bool valid = false;
  r.info_log = validation_log(module, &valid);
  if (!valid) {
    if (r.info_log.empty()) r.info_log = "error: invalid SPIR-V module\n";
    return r;
  }
  r.info_log.clear();
  for (const SpirvInstruction& inst : m->instructions) {
    if (inst.opcode() != spv::OpExtension || inst.operand_count() < 1) continue;
    const char* begin = reinterpret_cast<const char*>(inst.words.data() + 1);
    const std::string name(begin, strnlen(begin, (inst.words.size() - 1) * 4));
    if (std::none_of(extensions.begin(), extensions.end(), [&name](const char* e) { return name == e; })) {
      r.info_log = "error: SPIR-V extension " + name + " is not supported\n";
      return r;
    }
  }
  r.info_log = unexpressible_matrix_strides(*m);
  if (!r.info_log.empty()) return r;
  // Specialization: the new values become the constants' defaults, which
  // is all the GLSL translation keeps of them.
  for (const SpecializationConstant& c : constants) {
    SpirvInstruction& inst = m->instructions[spec.at(c.id)];
    if (inst.opcode() == spv::OpSpecConstant) {
      if (inst.operand_count() >= 3) inst.words[3] = c.value;
      // A 64-bit constant takes the value zero-extended (the GL command
      // passes one 32-bit word per constant).
      for (size_t w = 4; w < inst.words.size(); ++w) inst.words[w] = 0;
    } else {
      inst.words[0] = (inst.words[0] & 0xffff0000u) |
                      static_cast<uint32_t>(c.value ? spv::OpSpecConstantTrue : spv::OpSpecConstantFalse);
    }
  }
  assign_canonical_spirv_names(*m);
  CrossCompiled glsl = cross_compile_to_glsl(m->serialize(), entry_point, static_cast<uint32_t>(stage));
  if (!glsl.ok) {
    r.info_log = "error: " + glsl.text + "\n";
    return r;
  }
  r.status = SpecializeStatus::Ok;
  r.glsl = declare_atomic_counters(glsl.text);
  return r;
}

}  // namespace brass::compiler
