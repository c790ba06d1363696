#include "gl/program_resources.h"

#include <algorithm>
#include <initializer_list>
#include <vector>

#include "gl/context.h"
#include "gl/program_util.h"

namespace brass::gl {

namespace {

using compiler::ShaderStage;
using compiler::StageMask;
using compiler::stage_bit;

bool is_builtin(std::string_view name) { return name.starts_with("gl_"); }

// GL names an array of basic types "a[0]"; a declared array of one element
// is still an array (GL_ARRAY_STRIDE is its stride, not 0).
bool is_array_entry(std::string_view name, int32_t array_size) { return array_size != 1 || name.ends_with("[0]"); }

uint32_t active_elements(int32_t array_size) { return static_cast<uint32_t>(std::max(array_size, 1)); }

// Uniforms whose values live in a buffer object: members of uniform blocks
// and atomic counters. The others (default block, samplers, images) have no
// offset or strides to report (-1).
bool backed_by_buffer(const compiler::Uniform& u) { return u.block_index >= 0 || u.atomic_buffer_index >= 0; }

// PROGRAM_INPUT and PROGRAM_OUTPUT list the vertex inputs and fragment
// outputs, then the built-in ones the shaders use (gl_VertexID, gl_FragDepth).
const compiler::InterfaceVariable& variable(const LinkedProgram& lp, ResourceInterface iface, size_t index) {
  const compiler::ProgramInterface& pi = lp.interface;
  switch (iface) {
    case ResourceInterface::ProgramInput:
      return index < pi.attributes.size() ? pi.attributes[index] : pi.builtin_inputs[index - pi.attributes.size()];
    case ResourceInterface::ProgramOutput:
      return index < pi.fragment_outputs.size() ? pi.fragment_outputs[index]
                                                : pi.builtin_outputs[index - pi.fragment_outputs.size()];
    default: return pi.transform_feedback[index];
  }
}

const compiler::Block& block(const LinkedProgram& lp, ResourceInterface iface, size_t index) {
  return iface == ResourceInterface::UniformBlock ? lp.interface.uniform_blocks[index]
                                                  : lp.interface.storage_blocks[index];
}

// Shader stages that reference an entry. A program's inputs are those of
// its first stage and its outputs those of its last: Brass links vertex and
// fragment shaders together, so the vertex and fragment stage.
StageMask referencing_stages(const LinkedProgram& lp, ResourceInterface iface, size_t index) {
  const compiler::ProgramInterface& pi = lp.interface;
  switch (iface) {
    case ResourceInterface::Uniform: return pi.uniforms[index].stages;
    case ResourceInterface::UniformBlock:
    case ResourceInterface::ShaderStorageBlock: return block(lp, iface, index).stages;
    case ResourceInterface::AtomicCounterBuffer: return pi.atomic_counter_buffers[index].stages;
    case ResourceInterface::BufferVariable: return pi.buffer_variables[index].stages;
    // The first stage's inputs and the last stage's outputs (a separable
    // program may begin or end at any stage).
    case ResourceInterface::ProgramInput:
      return stage_bit(lp.stages.empty() ? ShaderStage::Vertex : lp.stages.front().stage);
    case ResourceInterface::ProgramOutput:
      return stage_bit(lp.stages.empty() ? ShaderStage::Fragment : lp.stages.back().stage);
    case ResourceInterface::TransformFeedbackVarying: return 0;
    default: return 0;  // subroutine interfaces have no REFERENCED_BY_* property
  }
}

const compiler::StageSubroutines& stage_subroutines(const LinkedProgram& lp, ResourceInterface iface) {
  return lp.interface.subroutines[static_cast<size_t>(subroutine_interface_stage(iface))];
}

GLint as_int(size_t v) { return static_cast<GLint>(std::min<size_t>(v, static_cast<size_t>(INT32_MAX))); }

// Single-valued properties (everything but ACTIVE_VARIABLES).
GLint uniform_property(const compiler::Uniform& u, GLenum prop) {
  const bool backed = backed_by_buffer(u);
  const bool matrix = type_shape(u.type).matrix();
  switch (prop) {
    case GL_TYPE: return static_cast<GLint>(u.type);
    case GL_ARRAY_SIZE: return static_cast<GLint>(active_elements(u.array_size));
    case GL_OFFSET: return backed ? u.offset : -1;
    case GL_BLOCK_INDEX: return u.block_index;
    case GL_ARRAY_STRIDE: return backed ? (is_array_entry(u.name, u.array_size) ? u.array_stride : 0) : -1;
    case GL_MATRIX_STRIDE: return backed ? (matrix ? u.matrix_stride : 0) : -1;
    case GL_IS_ROW_MAJOR: return backed && matrix && u.row_major ? 1 : 0;
    case GL_ATOMIC_COUNTER_BUFFER_INDEX: return u.atomic_buffer_index;
    default: return 0;
  }
}

GLint buffer_variable_property(const compiler::BufferVariable& v, GLenum prop) {
  const bool matrix = type_shape(v.type).matrix();
  switch (prop) {
    case GL_TYPE: return static_cast<GLint>(v.type);
    // 0 stays 0: an array declared without a size.
    case GL_ARRAY_SIZE: return v.array_size;
    case GL_OFFSET: return v.offset;
    case GL_BLOCK_INDEX: return v.block_index;
    case GL_ARRAY_STRIDE: return is_array_entry(v.name, v.array_size) ? v.array_stride : 0;
    case GL_MATRIX_STRIDE: return matrix ? v.matrix_stride : 0;
    case GL_IS_ROW_MAJOR: return matrix && v.row_major ? 1 : 0;
    case GL_TOP_LEVEL_ARRAY_SIZE: return v.top_level_array_size;
    case GL_TOP_LEVEL_ARRAY_STRIDE: return v.top_level_array_stride;
    default: return 0;
  }
}

// The indices of the variables an interface block or atomic counter buffer
// holds (GL_ACTIVE_VARIABLES).
const std::vector<uint32_t>& active_variables(const LinkedProgram& lp, ResourceInterface iface, size_t index) {
  if (iface == ResourceInterface::AtomicCounterBuffer) return lp.interface.atomic_counter_buffers[index].active_counters;
  return block(lp, iface, index).active_members;
}

GLint buffer_binding(const LinkedProgram& lp, ResourceInterface iface, size_t index) {
  switch (iface) {
    // glUniformBlockBinding changes it after the link.
    case ResourceInterface::UniformBlock:
      return index < lp.block_bindings.size() ? static_cast<GLint>(lp.block_bindings[index]) : 0;
    case ResourceInterface::AtomicCounterBuffer: return lp.interface.atomic_counter_buffers[index].binding;
    // glShaderStorageBlockBinding (desktop GL) likewise.
    default:
      return index < lp.storage_block_bindings.size() ? static_cast<GLint>(lp.storage_block_bindings[index]) : 0;
  }
}

GLint buffer_data_size(const LinkedProgram& lp, ResourceInterface iface, size_t index) {
  if (iface == ResourceInterface::AtomicCounterBuffer) return lp.interface.atomic_counter_buffers[index].data_size;
  return block(lp, iface, index).data_size;
}

}  // namespace

bool is_subroutine_interface(ResourceInterface iface) {
  return iface >= ResourceInterface::VertexSubroutine && iface <= ResourceInterface::ComputeSubroutine;
}

bool is_subroutine_uniform_interface(ResourceInterface iface) {
  return iface >= ResourceInterface::VertexSubroutineUniform && iface <= ResourceInterface::ComputeSubroutineUniform;
}

compiler::ShaderStage subroutine_interface_stage(ResourceInterface iface) {
  const auto base = is_subroutine_uniform_interface(iface) ? ResourceInterface::VertexSubroutineUniform
                                                           : ResourceInterface::VertexSubroutine;
  return static_cast<compiler::ShaderStage>(static_cast<int>(iface) - static_cast<int>(base));
}

ResourceInterface subroutine_interface(compiler::ShaderStage stage) {
  return static_cast<ResourceInterface>(static_cast<int>(ResourceInterface::VertexSubroutine) +
                                        static_cast<int>(stage));
}

ResourceInterface subroutine_uniform_interface(compiler::ShaderStage stage) {
  return static_cast<ResourceInterface>(static_cast<int>(ResourceInterface::VertexSubroutineUniform) +
                                        static_cast<int>(stage));
}

bool resource_interface_available(const Context& ctx, ResourceInterface iface) {
  if (!is_subroutine_interface(iface) && !is_subroutine_uniform_interface(iface)) return true;
  if (!ctx.desktop() || (ctx.version() < 40 && !ctx.has_extension("GL_ARB_shader_subroutine"))) return false;
  switch (subroutine_interface_stage(iface)) {
    case ShaderStage::Geometry: return ctx.geometry_shaders();
    case ShaderStage::TessControl:
    case ShaderStage::TessEval: return ctx.tessellation_shaders();
    default: return true;
  }
}

std::optional<ResourceInterface> resource_interface(GLenum e) {
  switch (e) {
    case GL_VERTEX_SUBROUTINE: return subroutine_interface(ShaderStage::Vertex);
    case GL_TESS_CONTROL_SUBROUTINE: return subroutine_interface(ShaderStage::TessControl);
    case GL_TESS_EVALUATION_SUBROUTINE: return subroutine_interface(ShaderStage::TessEval);
    case GL_GEOMETRY_SUBROUTINE: return subroutine_interface(ShaderStage::Geometry);
    case GL_FRAGMENT_SUBROUTINE: return subroutine_interface(ShaderStage::Fragment);
    case GL_COMPUTE_SUBROUTINE: return subroutine_interface(ShaderStage::Compute);
    case GL_VERTEX_SUBROUTINE_UNIFORM: return subroutine_uniform_interface(ShaderStage::Vertex);
    case GL_TESS_CONTROL_SUBROUTINE_UNIFORM: return subroutine_uniform_interface(ShaderStage::TessControl);
    case GL_TESS_EVALUATION_SUBROUTINE_UNIFORM: return subroutine_uniform_interface(ShaderStage::TessEval);
    case GL_GEOMETRY_SUBROUTINE_UNIFORM: return subroutine_uniform_interface(ShaderStage::Geometry);
    case GL_FRAGMENT_SUBROUTINE_UNIFORM: return subroutine_uniform_interface(ShaderStage::Fragment);
    case GL_COMPUTE_SUBROUTINE_UNIFORM: return subroutine_uniform_interface(ShaderStage::Compute);
    case GL_UNIFORM: return ResourceInterface::Uniform;
    case GL_UNIFORM_BLOCK: return ResourceInterface::UniformBlock;
    case GL_ATOMIC_COUNTER_BUFFER: return ResourceInterface::AtomicCounterBuffer;
    case GL_PROGRAM_INPUT: return ResourceInterface::ProgramInput;
    case GL_PROGRAM_OUTPUT: return ResourceInterface::ProgramOutput;
    case GL_TRANSFORM_FEEDBACK_VARYING: return ResourceInterface::TransformFeedbackVarying;
    case GL_BUFFER_VARIABLE: return ResourceInterface::BufferVariable;
    case GL_SHADER_STORAGE_BLOCK: return ResourceInterface::ShaderStorageBlock;
    default: return std::nullopt;
  }
}

size_t resource_count(const LinkedProgram* lp, ResourceInterface iface) {
  if (!lp) return 0;
  const compiler::ProgramInterface& pi = lp->interface;
  switch (iface) {
    case ResourceInterface::Uniform: return pi.uniforms.size();
    case ResourceInterface::UniformBlock: return pi.uniform_blocks.size();
    case ResourceInterface::AtomicCounterBuffer: return pi.atomic_counter_buffers.size();
    case ResourceInterface::ProgramInput: return pi.attributes.size() + pi.builtin_inputs.size();
    case ResourceInterface::ProgramOutput: return pi.fragment_outputs.size() + pi.builtin_outputs.size();
    case ResourceInterface::TransformFeedbackVarying: return pi.transform_feedback.size();
    case ResourceInterface::BufferVariable: return pi.buffer_variables.size();
    case ResourceInterface::ShaderStorageBlock: return pi.storage_blocks.size();
    default:
      return is_subroutine_interface(iface) ? stage_subroutines(*lp, iface).functions.size()
                                            : stage_subroutines(*lp, iface).uniforms.size();
  }
}

std::string_view resource_name(const LinkedProgram& lp, ResourceInterface iface, size_t index) {
  if (lp.names_hidden) return {};  // ARB_gl_spirv: no name reflection
  const compiler::ProgramInterface& pi = lp.interface;
  switch (iface) {
    case ResourceInterface::Uniform: return pi.uniforms[index].name;
    case ResourceInterface::UniformBlock:
    case ResourceInterface::ShaderStorageBlock: return block(lp, iface, index).name;
    case ResourceInterface::AtomicCounterBuffer: return {};
    case ResourceInterface::BufferVariable: return pi.buffer_variables[index].name;
    case ResourceInterface::ProgramInput:
    case ResourceInterface::ProgramOutput:
    case ResourceInterface::TransformFeedbackVarying: return variable(lp, iface, index).name;
    default:
      return is_subroutine_interface(iface) ? std::string_view(stage_subroutines(lp, iface).functions[index])
                                            : std::string_view(stage_subroutines(lp, iface).uniforms[index].name);
  }
}

std::optional<uint32_t> match_resource_name(std::string_view name, std::string_view entry, uint32_t active_elements,
                                            NameRule rule) {
  if (name.empty()) return std::nullopt;
  if (name == entry) return 0u;
  // `entry` is `base` followed by "[0]".
  const auto is_first_element_of = [entry](std::string_view base) {
    return entry.size() == base.size() + 3 && entry.starts_with(base) && entry.ends_with("[0]");
  };
  if (is_first_element_of(name)) return 0u;
  if (rule != NameRule::Element) return std::nullopt;
  std::string_view base;
  uint32_t element = 0;
  bool subscripted = false;
  if (!parse_array_name(name, &base, &element, &subscripted) || !subscripted) return std::nullopt;
  if (!is_first_element_of(base) || element >= active_elements) return std::nullopt;
  return element;
}

std::optional<ResourceMatch> find_resource(const LinkedProgram& lp, ResourceInterface iface, std::string_view name,
                                           NameRule rule) {
  // Atomic counter buffers have no names; a SPIR-V program shows none.
  if (iface == ResourceInterface::AtomicCounterBuffer || lp.names_hidden) return std::nullopt;
  const compiler::ProgramInterface& pi = lp.interface;
  const size_t n = resource_count(&lp, iface);
  for (size_t i = 0; i < n; ++i) {
    uint32_t elements = 1;
    switch (iface) {
      case ResourceInterface::Uniform: elements = active_elements(pi.uniforms[i].array_size); break;
      case ResourceInterface::ProgramInput:
      case ResourceInterface::ProgramOutput:
      case ResourceInterface::TransformFeedbackVarying:
        elements = active_elements(variable(lp, iface, i).array_size);
        break;
      case ResourceInterface::VertexSubroutineUniform:
      case ResourceInterface::TessControlSubroutineUniform:
      case ResourceInterface::TessEvaluationSubroutineUniform:
      case ResourceInterface::GeometrySubroutineUniform:
      case ResourceInterface::FragmentSubroutineUniform:
      case ResourceInterface::ComputeSubroutineUniform:
        elements = active_elements(stage_subroutines(lp, iface).uniforms[i].array_size);
        break;
      // Only the first element of an array in a storage block is listed;
      // buffer variables and blocks have no locations, so the element rule
      // never applies to them.
      default: break;
    }
    if (const std::optional<uint32_t> e = match_resource_name(name, resource_name(lp, iface, i), elements, rule))
      return ResourceMatch{i, *e};
  }
  return std::nullopt;
}

GLint resource_location(const LinkedProgram& lp, ResourceInterface iface, size_t index, uint32_t element) {
  const compiler::ProgramInterface& pi = lp.interface;
  switch (iface) {
    case ResourceInterface::Uniform: {
      const compiler::Uniform& u = pi.uniforms[index];
      // Brass gives every default-block uniform a location, gl_DepthRange
      // included (it uploads it); GL gives built-ins none.
      if (backed_by_buffer(u) || u.location < 0 || is_builtin(u.name)) return -1;
      if (element >= active_elements(u.array_size)) return -1;
      return u.location + static_cast<GLint>(element);
    }
    case ResourceInterface::ProgramInput:
    case ResourceInterface::ProgramOutput: {
      const compiler::InterfaceVariable& v = variable(lp, iface, index);
      if (v.location < 0 || is_builtin(v.name) || element >= active_elements(v.array_size)) return -1;
      // A vertex input matrix takes one location per column.
      const GLint per_element = iface == ResourceInterface::ProgramInput ? type_shape(v.type).cols : 1;
      return v.location + static_cast<GLint>(element) * per_element;
    }
    default: {
      if (!is_subroutine_uniform_interface(iface)) return -1;
      const compiler::SubroutineUniform& u = stage_subroutines(lp, iface).uniforms[index];
      return element < active_elements(u.array_size) ? u.location + static_cast<GLint>(element) : -1;
    }
  }
}

GLint program_resource_location(Context& ctx, GLuint program, ResourceInterface iface, const GLchar* name) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return -1;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (!lp) {
    ctx.set_error(GL_INVALID_OPERATION);
    return -1;
  }
  if (!name) return -1;
  const std::optional<ResourceMatch> m = find_resource(*lp, iface, name, NameRule::Element);
  return m ? resource_location(*lp, iface, m->index, m->element) : -1;
}

GLenum check_resource_property(const Context& ctx, ResourceInterface iface, GLenum prop) {
  using I = ResourceInterface;
  const auto one_of = [iface](std::initializer_list<I> allowed) {
    return std::find(allowed.begin(), allowed.end(), iface) != allowed.end() ? GLenum(GL_NO_ERROR)
                                                                              : GLenum(GL_INVALID_OPERATION);
  };
  if (is_subroutine_interface(iface) || is_subroutine_uniform_interface(iface)) {
    // GL 4.6 table 7.2: subroutines have a name; subroutine uniforms a
    // name, array size, location and compatible subroutines. Other
    // properties are INVALID_OPERATION if they are properties at all.
    switch (prop) {
      case GL_NAME_LENGTH: return GL_NO_ERROR;
      case GL_ARRAY_SIZE:
      case GL_LOCATION:
      case GL_NUM_COMPATIBLE_SUBROUTINES:
      case GL_COMPATIBLE_SUBROUTINES:
        return is_subroutine_uniform_interface(iface) ? GLenum(GL_NO_ERROR) : GLenum(GL_INVALID_OPERATION);
      default:
        return check_resource_property(ctx, I::Uniform, prop) == GL_INVALID_ENUM ? GLenum(GL_INVALID_ENUM)
                                                                                : GLenum(GL_INVALID_OPERATION);
    }
  }
  switch (prop) {
    case GL_NUM_COMPATIBLE_SUBROUTINES:
    case GL_COMPATIBLE_SUBROUTINES:
      // Properties of subroutine uniforms only, in contexts that have them.
      return resource_interface_available(ctx, I::VertexSubroutineUniform) ? GLenum(GL_INVALID_OPERATION)
                                                                            : GLenum(GL_INVALID_ENUM);
    case GL_NAME_LENGTH: return iface != I::AtomicCounterBuffer ? GLenum(GL_NO_ERROR) : GLenum(GL_INVALID_OPERATION);
    case GL_TYPE:
    case GL_ARRAY_SIZE:
      return one_of({I::Uniform, I::ProgramInput, I::ProgramOutput, I::TransformFeedbackVarying, I::BufferVariable});
    case GL_OFFSET:
    case GL_BLOCK_INDEX:
    case GL_ARRAY_STRIDE:
    case GL_MATRIX_STRIDE:
    case GL_IS_ROW_MAJOR: return one_of({I::Uniform, I::BufferVariable});
    case GL_ATOMIC_COUNTER_BUFFER_INDEX: return one_of({I::Uniform});
    case GL_BUFFER_BINDING:
    case GL_BUFFER_DATA_SIZE:
    case GL_NUM_ACTIVE_VARIABLES:
    case GL_ACTIVE_VARIABLES: return one_of({I::UniformBlock, I::AtomicCounterBuffer, I::ShaderStorageBlock});
    case GL_REFERENCED_BY_VERTEX_SHADER:
    case GL_REFERENCED_BY_FRAGMENT_SHADER:
    case GL_REFERENCED_BY_COMPUTE_SHADER:
      return iface != I::TransformFeedbackVarying ? GLenum(GL_NO_ERROR) : GLenum(GL_INVALID_OPERATION);
    case GL_TOP_LEVEL_ARRAY_SIZE:
    case GL_TOP_LEVEL_ARRAY_STRIDE: return one_of({I::BufferVariable});
    case GL_LOCATION: return one_of({I::Uniform, I::ProgramInput, I::ProgramOutput});
    // EXT_blend_func_extended adds it to ES 3.1's table for PROGRAM_OUTPUT.
    case GL_LOCATION_INDEX_EXT:
      if (!ctx.has_feature("GL_EXT_blend_func_extended")) return GL_INVALID_ENUM;
      return one_of({I::ProgramOutput});
    case GL_REFERENCED_BY_GEOMETRY_SHADER_EXT:
      if (!ctx.geometry_shaders()) return GL_INVALID_ENUM;
      return iface != I::TransformFeedbackVarying ? GLenum(GL_NO_ERROR) : GLenum(GL_INVALID_OPERATION);
    case GL_REFERENCED_BY_TESS_CONTROL_SHADER_EXT:
    case GL_REFERENCED_BY_TESS_EVALUATION_SHADER_EXT:
      if (!ctx.tessellation_shaders()) return GL_INVALID_ENUM;
      return iface != I::TransformFeedbackVarying ? GLenum(GL_NO_ERROR) : GLenum(GL_INVALID_OPERATION);
    case GL_IS_PER_PATCH_EXT:
      if (!ctx.tessellation_shaders()) return GL_INVALID_ENUM;
      return one_of({I::ProgramInput, I::ProgramOutput});
    default: return GL_INVALID_ENUM;
  }
}

size_t resource_property(const LinkedProgram& lp, ResourceInterface iface, size_t index, GLenum prop, GLint* out,
                         size_t capacity) {
  if (is_subroutine_uniform_interface(iface)) {
    const compiler::SubroutineUniform& u = stage_subroutines(lp, iface).uniforms[index];
    if (prop == GL_COMPATIBLE_SUBROUTINES) {
      const size_t n = out ? std::min(capacity, u.compatible.size()) : 0;
      for (size_t i = 0; i < n; ++i) out[i] = static_cast<GLint>(u.compatible[i]);
      return n;
    }
    if (!out || capacity == 0) return 0;
    switch (prop) {
      case GL_NAME_LENGTH: out[0] = as_int(u.name.size() + 1); break;
      case GL_ARRAY_SIZE: out[0] = static_cast<GLint>(active_elements(u.array_size)); break;
      case GL_LOCATION: out[0] = u.location; break;
      case GL_NUM_COMPATIBLE_SUBROUTINES: out[0] = as_int(u.compatible.size()); break;
      default: out[0] = 0; break;
    }
    return 1;
  }
  if (prop == GL_ACTIVE_VARIABLES) {
    const std::vector<uint32_t>& vars = active_variables(lp, iface, index);
    const size_t n = out ? std::min(capacity, vars.size()) : 0;
    for (size_t i = 0; i < n; ++i) out[i] = static_cast<GLint>(vars[i]);
    return n;
  }
  if (!out || capacity == 0) return 0;
  const compiler::ProgramInterface& pi = lp.interface;
  GLint v = 0;
  switch (prop) {
    case GL_NAME_LENGTH: v = as_int(resource_name(lp, iface, index).size() + 1); break;
    case GL_BUFFER_BINDING: v = buffer_binding(lp, iface, index); break;
    case GL_BUFFER_DATA_SIZE: v = buffer_data_size(lp, iface, index); break;
    case GL_NUM_ACTIVE_VARIABLES: v = as_int(active_variables(lp, iface, index).size()); break;
    case GL_REFERENCED_BY_VERTEX_SHADER:
      v = (referencing_stages(lp, iface, index) & stage_bit(ShaderStage::Vertex)) != 0;
      break;
    case GL_REFERENCED_BY_FRAGMENT_SHADER:
      v = (referencing_stages(lp, iface, index) & stage_bit(ShaderStage::Fragment)) != 0;
      break;
    case GL_REFERENCED_BY_COMPUTE_SHADER:
      v = (referencing_stages(lp, iface, index) & stage_bit(ShaderStage::Compute)) != 0;
      break;
    case GL_REFERENCED_BY_GEOMETRY_SHADER_EXT:
      v = (referencing_stages(lp, iface, index) & stage_bit(ShaderStage::Geometry)) != 0;
      break;
    case GL_REFERENCED_BY_TESS_CONTROL_SHADER_EXT:
      v = (referencing_stages(lp, iface, index) & stage_bit(ShaderStage::TessControl)) != 0;
      break;
    case GL_REFERENCED_BY_TESS_EVALUATION_SHADER_EXT:
      v = (referencing_stages(lp, iface, index) & stage_bit(ShaderStage::TessEval)) != 0;
      break;
    case GL_IS_PER_PATCH_EXT: v = variable(lp, iface, index).per_patch ? 1 : 0; break;
    case GL_LOCATION: v = resource_location(lp, iface, index, 0); break;
    case GL_LOCATION_INDEX_EXT:
      // Outputs without a location (built-ins) have no colour index either.
      v = resource_location(lp, iface, index, 0) < 0 ? -1 : variable(lp, iface, index).index;
      break;
    default:
      switch (iface) {
        case ResourceInterface::Uniform: v = uniform_property(pi.uniforms[index], prop); break;
        case ResourceInterface::BufferVariable: v = buffer_variable_property(pi.buffer_variables[index], prop); break;
        case ResourceInterface::ProgramInput:
        case ResourceInterface::ProgramOutput:
        case ResourceInterface::TransformFeedbackVarying: {
          const compiler::InterfaceVariable& var = variable(lp, iface, index);
          v = prop == GL_TYPE ? static_cast<GLint>(var.type) : static_cast<GLint>(active_elements(var.array_size));
          break;
        }
        default: break;
      }
      break;
  }
  out[0] = v;
  return 1;
}

GLint max_resource_name_length(const LinkedProgram* lp, ResourceInterface iface) {
  size_t longest = 0;
  const size_t n = resource_count(lp, iface);
  for (size_t i = 0; i < n; ++i) longest = std::max(longest, resource_name(*lp, iface, i).size() + 1);
  return as_int(longest);
}

}  // namespace brass::gl
