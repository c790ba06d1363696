// A SPIR-V module as an editable list of instructions. Word-level edits
// (decoration rewrites, variant patches) go through it; SPIRV-Tools'
// optimizer has no pass for renumbering descriptor bindings or locations.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <glslang/SPIRV/spirv.hpp>

namespace brass::compiler {

struct SpirvInstruction {
  spv::Op opcode() const { return static_cast<spv::Op>(words[0] & 0xffff); }
  uint32_t operand(size_t i) const { return words[1 + i]; }
  size_t operand_count() const { return words.size() - 1; }
  std::vector<uint32_t> words;  // including the opcode word
};

class SpirvModule {
 public:
  // Returns nullopt for anything that is not a well-formed module.
  static std::optional<SpirvModule> parse(const std::vector<uint32_t>& words);
  std::vector<uint32_t> serialize() const;

  uint32_t new_id() { return bound_++; }

  std::vector<uint32_t> header;  // 5 words
  std::vector<SpirvInstruction> instructions;

  static SpirvInstruction make(spv::Op op, std::vector<uint32_t> operands);

  // Lookups over the current instruction list.
  std::optional<uint32_t> find_decorated(spv::Decoration decoration, uint32_t value) const;
  std::optional<uint32_t> decoration_value(uint32_t id, spv::Decoration decoration) const;
  // Index of the instruction defining `id`, or instructions.size().
  size_t find_definition(uint32_t id) const;
  // Index of the first OpFunction (end of the global section).
  size_t first_function() const;
  // Index of the first instruction of `function`'s body after its OpLabel
  // and local OpVariables (where code that runs first goes), or nullopt.
  std::optional<size_t> body_start(uint32_t function) const;
  // Where the stage's outputs are handed on, so that code storing outputs
  // for them goes right before: every OpEmitVertex / OpEmitStreamVertex of
  // a geometry shader (any function: outputs are undefined after each
  // emit), else every OpReturn of the entry point `entry`. Ascending.
  std::vector<size_t> output_commit_points(uint32_t entry) const;
  // The entry point's execution model (spv::ExecutionModel), or nullopt.
  std::optional<uint32_t> execution_model() const;
  // Finds or adds (at the end of the global section) a type/constant.
  uint32_t get_bool_type();
  uint32_t get_float_type();
  uint32_t get_int_type(bool is_signed);
  uint32_t get_pointer_type(spv::StorageClass sc, uint32_t pointee);
  uint32_t get_vector_type(uint32_t component, uint32_t count);
  // The OpExtInstImport "GLSL.std.450" set (added before OpMemoryModel).
  uint32_t get_glsl_std_450();
  uint32_t get_constant(uint32_t type, uint32_t value_bits);
  bool has_capability(spv::Capability cap) const;
  void add_capability(spv::Capability cap);
  void add_extension(const char* name);
  void add_to_entry_point_interfaces(uint32_t id);
  void insert_annotation(SpirvInstruction inst);

 private:
  uint32_t bound_ = 0;
};

// The instruction defining `id`, or null.
const SpirvInstruction* definition(const SpirvModule& m, uint32_t id);

// Encodes a string literal operand (nul-terminated, padded to words).
std::vector<uint32_t> spirv_string(const char* s);

}  // namespace brass::compiler
