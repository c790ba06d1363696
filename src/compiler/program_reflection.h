// Builds the GL program interface and the dense descriptor binding table
// from glslang's reflection of a linked (and I/O-mapped) program.
#pragma once

#include <glslang/Public/ShaderLang.h>

#include <map>
#include <set>
#include <string>
#include <utility>

#include "compiler/binding_resolver.h"
#include "compiler/block_layout.h"
#include "compiler/compiler.h"

namespace brass::compiler {

// (set, provisional binding) -> final binding, for remap_descriptors().
using BindingRemapTable = std::map<std::pair<uint32_t, uint32_t>, uint32_t>;

// GL type enum (gl_types.h) for a glslang type, 0 when it has none.
uint32_t gl_type_of(const glslang::TType& type);

// Tightly packed size in bytes of a GL type (transform feedback layout).
uint32_t gl_type_size_bytes(uint32_t gl_type);

// `external_samplers` (optional): uniforms, as the Vulkan parse names them,
// that the application declared samplerExternalOES (external_samplers.h);
// they are reported as GL_SAMPLER_EXTERNAL_OES.
// `explicit_locations`: layout(location = N) of default-block uniforms by
// GL name (without "[0]"), from the validation parse (the Vulkan parse
// drops them).
// `layout_queries` (optional) gets, for every uniform in a block (the
// default block included), what BlockLayouts needs to look it up in the
// SPIR-V: glslang's own names, before Brass's renames are undone.
struct LayoutQuery {
  size_t uniform = 0;      // index into ProgramInterface::uniforms (buffer_variables)
  std::string block_type;  // the block's type name
  std::string name;        // the member path as reflection spells it
  bool buffer_variable = false;
  // Buffer variables whose top-level member is an array of an aggregate:
  // its path ("s[0]"), whose array stride is GL_TOP_LEVEL_ARRAY_STRIDE.
  std::string top_level_name;
};
// False when a resource cannot be given a descriptor binding (samplers
// or images inside structs).
[[nodiscard]] bool build_program_interface(const glslang::TProgram& program, const BindingResolver& resolver,
                             const std::map<std::string, int>& explicit_locations, ProgramInterface* out,
                             BindingRemapTable* remap, std::vector<LayoutQuery>* layout_queries = nullptr,
                             const std::vector<BlockLayouts>* layouts = nullptr,
                             const std::set<std::string>* external_samplers = nullptr);

// GL_REFERENCED_BY_*: glslang's reflection marks every variable it has seen
// with each stage it reflects afterwards (a uniform only the vertex shader
// reads claims the fragment stage too). This reflects each stage of the
// linked `program` on its own and keeps, for every uniform and buffer
// variable, only the stages that reference it. The binding table keeps its
// wider masks (an unused stage's descriptor is harmless), but for image
// arrays, whose stages the frontend counts against the per-stage and
// combined image-uniform limits.
void restrict_to_referencing_stages(const glslang::TProgram& program, int reflection_options, ProgramInterface* pi);

}  // namespace brass::compiler
