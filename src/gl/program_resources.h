// The active resource lists of a linked program, one per ES 3.1 program
// interface (§7.3.1), as views of its compiler::ProgramInterface: entry
// names, the rules by which a name string denotes an entry, locations and
// the properties of table 7.2.
//
// The ES 3.1 queries (api_program_interface.cpp) answer from here, and so
// do the older per-kind queries, which the specification defines as special
// cases of them: glGetUniformLocation is GetProgramResourceLocation on
// UNIFORM, glGetUniformIndices and glGetUniformBlockIndex are
// GetProgramResourceIndex, glGetActiveUniformsiv and glGetActiveUniformBlockiv
// are GetProgramResourceiv, glGetAttribLocation and glGetFragDataLocation are
// GetProgramResourceLocation on PROGRAM_INPUT / PROGRAM_OUTPUT. One
// implementation keeps their answers identical.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "gl/gl_types.h"
#include "gl/linked_program.h"

namespace brass::gl {

class Context;

enum class ResourceInterface : uint8_t {
  Uniform,
  UniformBlock,
  AtomicCounterBuffer,
  ProgramInput,
  ProgramOutput,
  TransformFeedbackVarying,
  BufferVariable,
  ShaderStorageBlock,
  // ARB_shader_subroutine (GL 4.6 §7.3.1): a stage's subroutine functions
  // (listed by subroutine index) and subroutine uniforms, one interface of
  // each per stage, in compiler::ShaderStage order.
  VertexSubroutine,
  TessControlSubroutine,
  TessEvaluationSubroutine,
  GeometrySubroutine,
  FragmentSubroutine,
  ComputeSubroutine,
  VertexSubroutineUniform,
  TessControlSubroutineUniform,
  TessEvaluationSubroutineUniform,
  GeometrySubroutineUniform,
  FragmentSubroutineUniform,
  ComputeSubroutineUniform,
};

bool is_subroutine_interface(ResourceInterface iface);          // *_SUBROUTINE
bool is_subroutine_uniform_interface(ResourceInterface iface);  // *_SUBROUTINE_UNIFORM
// The stage of a subroutine or subroutine-uniform interface.
compiler::ShaderStage subroutine_interface_stage(ResourceInterface iface);
ResourceInterface subroutine_interface(compiler::ShaderStage stage);
ResourceInterface subroutine_uniform_interface(compiler::ShaderStage stage);

// The interface a GL enum names (GL_UNIFORM, ...); nullopt for any other
// value (the callers' GL_INVALID_ENUM).
std::optional<ResourceInterface> resource_interface(GLenum e);

// Whether the context has the interface: the subroutine ones with
// ARB_shader_subroutine, those of stages the context has.
bool resource_interface_available(const Context& ctx, ResourceInterface iface);

// Number of entries of an interface's list; 0 for no program (a program
// never linked, or last linked unsuccessfully, has empty lists).
size_t resource_count(const LinkedProgram* lp, ResourceInterface iface);

// The name string of entry `index` (< resource_count). Atomic counter
// buffers have none: empty.
std::string_view resource_name(const LinkedProgram& lp, ResourceInterface iface, size_t index);

// How a name string may denote an entry (§7.3.1).
enum class NameRule : uint8_t {
  // glGetProgramResourceIndex: the entry's name, or that name without a
  // final "[0]" ("a" for the array "a[0]", "B" for block "B[0]").
  Entry,
  // glGetProgramResourceLocation: also "base[N]" for element N of an entry
  // named "base[0]", when N (decimal, no sign, no leading zeros) is below
  // the number of active elements.
  Element,
};

// The array element `name` selects of an entry named `entry` with
// `active_elements` active elements, or nullopt when it does not denote that
// entry under `rule`.
std::optional<uint32_t> match_resource_name(std::string_view name, std::string_view entry, uint32_t active_elements,
                                            NameRule rule);

struct ResourceMatch {
  size_t index = 0;      // entry in the interface's list
  uint32_t element = 0;  // array element the name selected
};
// The entry of `lp`'s `iface` list that `name` denotes. Atomic counter
// buffers have no names: never found.
std::optional<ResourceMatch> find_resource(const LinkedProgram& lp, ResourceInterface iface, std::string_view name,
                                           NameRule rule);

// Location of element `element` of an entry: UNIFORM, PROGRAM_INPUT and
// PROGRAM_OUTPUT variables; -1 for members of blocks, atomic counters,
// built-in variables ("gl_" names) and every other interface.
GLint resource_location(const LinkedProgram& lp, ResourceInterface iface, size_t index, uint32_t element);

// The location `name` has in `iface` of program object `program`, as
// GetUniformLocation, GetAttribLocation and GetFragDataLocation return it
// (GetProgramResourceLocation on UNIFORM, PROGRAM_INPUT, PROGRAM_OUTPUT:
// ES 3.1 §7.6, §11.1.1, §14.2.3): -1 for a name that is not found, and
// after recording the error for a name that is no program
// (lookup_program) or a program without a successful link
// (INVALID_OPERATION).
GLint program_resource_location(Context& ctx, GLuint program, ResourceInterface iface, const GLchar* name);

// GL_NO_ERROR when `prop` is a property of `iface` (table 7.2);
// GL_INVALID_ENUM when it is no property at all (LOCATION_INDEX_EXT is one
// only while EXT_blend_func_extended is exposed); GL_INVALID_OPERATION when
// it is one `iface` does not have.
GLenum check_resource_property(const Context& ctx, ResourceInterface iface, GLenum prop);

// The value(s) of a property check_resource_property accepted for entry
// `index`: writes at most `capacity` of them to `out` (ACTIVE_VARIABLES has
// NUM_ACTIVE_VARIABLES values, every other property one) and returns how
// many it wrote.
size_t resource_property(const LinkedProgram& lp, ResourceInterface iface, size_t index, GLenum prop, GLint* out,
                         size_t capacity);

// GL_MAX_NAME_LENGTH of an interface: the longest name plus its terminator,
// 0 for an empty list.
GLint max_resource_name_length(const LinkedProgram* lp, ResourceInterface iface);

}  // namespace brass::gl
