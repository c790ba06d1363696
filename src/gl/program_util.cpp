#include "gl/program_util.h"

#include <algorithm>
#include <cstring>

namespace brass::gl {

compiler::ShaderStage to_compiler_stage(GLenum type) {
  switch (type) {
    case GL_FRAGMENT_SHADER: return compiler::ShaderStage::Fragment;
    case GL_COMPUTE_SHADER: return compiler::ShaderStage::Compute;
    case GL_GEOMETRY_SHADER: return compiler::ShaderStage::Geometry;
    case GL_TESS_CONTROL_SHADER: return compiler::ShaderStage::TessControl;
    case GL_TESS_EVALUATION_SHADER: return compiler::ShaderStage::TessEval;
    default: return compiler::ShaderStage::Vertex;
  }
}

TypeShape type_shape(GLenum type) {
  using B = TypeShape;
  auto s = [](B::Base b, int cols, int rows) { return TypeShape{b, uint8_t(cols), uint8_t(rows)}; };
  switch (type) {
    case GL_FLOAT: return s(B::Float, 1, 1);
    case GL_FLOAT_VEC2: return s(B::Float, 1, 2);
    case GL_FLOAT_VEC3: return s(B::Float, 1, 3);
    case GL_FLOAT_VEC4: return s(B::Float, 1, 4);
    case GL_INT: return s(B::Int, 1, 1);
    case GL_INT_VEC2: return s(B::Int, 1, 2);
    case GL_INT_VEC3: return s(B::Int, 1, 3);
    case GL_INT_VEC4: return s(B::Int, 1, 4);
    case GL_UNSIGNED_INT: return s(B::Uint, 1, 1);
    case GL_UNSIGNED_INT_VEC2: return s(B::Uint, 1, 2);
    case GL_UNSIGNED_INT_VEC3: return s(B::Uint, 1, 3);
    case GL_UNSIGNED_INT_VEC4: return s(B::Uint, 1, 4);
    case GL_BOOL: return s(B::Bool, 1, 1);
    case GL_BOOL_VEC2: return s(B::Bool, 1, 2);
    case GL_BOOL_VEC3: return s(B::Bool, 1, 3);
    case GL_BOOL_VEC4: return s(B::Bool, 1, 4);
    case GL_FLOAT_MAT2: return s(B::Float, 2, 2);
    case GL_FLOAT_MAT3: return s(B::Float, 3, 3);
    case GL_FLOAT_MAT4: return s(B::Float, 4, 4);
    case GL_FLOAT_MAT2x3: return s(B::Float, 2, 3);
    case GL_FLOAT_MAT2x4: return s(B::Float, 2, 4);
    case GL_FLOAT_MAT3x2: return s(B::Float, 3, 2);
    case GL_FLOAT_MAT3x4: return s(B::Float, 3, 4);
    case GL_FLOAT_MAT4x2: return s(B::Float, 4, 2);
    case GL_FLOAT_MAT4x3: return s(B::Float, 4, 3);
    // ARB_gpu_shader_fp64 (desktop GL 4.0).
    case GL_DOUBLE: return s(B::Double, 1, 1);
    case GL_DOUBLE_VEC2: return s(B::Double, 1, 2);
    case GL_DOUBLE_VEC3: return s(B::Double, 1, 3);
    case GL_DOUBLE_VEC4: return s(B::Double, 1, 4);
    case GL_DOUBLE_MAT2: return s(B::Double, 2, 2);
    case GL_DOUBLE_MAT3: return s(B::Double, 3, 3);
    case GL_DOUBLE_MAT4: return s(B::Double, 4, 4);
    case GL_DOUBLE_MAT2x3: return s(B::Double, 2, 3);
    case GL_DOUBLE_MAT2x4: return s(B::Double, 2, 4);
    case GL_DOUBLE_MAT3x2: return s(B::Double, 3, 2);
    case GL_DOUBLE_MAT3x4: return s(B::Double, 3, 4);
    case GL_DOUBLE_MAT4x2: return s(B::Double, 4, 2);
    case GL_DOUBLE_MAT4x3: return s(B::Double, 4, 3);
    // ARB_gpu_shader_int64 (no 64-bit integer matrices).
    case GL_INT64_ARB: return s(B::Int64, 1, 1);
    case GL_INT64_VEC2_ARB: return s(B::Int64, 1, 2);
    case GL_INT64_VEC3_ARB: return s(B::Int64, 1, 3);
    case GL_INT64_VEC4_ARB: return s(B::Int64, 1, 4);
    case GL_UNSIGNED_INT64_ARB: return s(B::Uint64, 1, 1);
    case GL_UNSIGNED_INT64_VEC2_ARB: return s(B::Uint64, 1, 2);
    case GL_UNSIGNED_INT64_VEC3_ARB: return s(B::Uint64, 1, 3);
    case GL_UNSIGNED_INT64_VEC4_ARB: return s(B::Uint64, 1, 4);
    case GL_SAMPLER_2D:
    case GL_SAMPLER_3D:
    case GL_SAMPLER_CUBE:
    case GL_SAMPLER_2D_SHADOW:
    case GL_SAMPLER_2D_ARRAY:
    case GL_SAMPLER_2D_ARRAY_SHADOW:
    case GL_SAMPLER_CUBE_SHADOW:
    case GL_INT_SAMPLER_2D:
    case GL_INT_SAMPLER_3D:
    case GL_INT_SAMPLER_CUBE:
    case GL_INT_SAMPLER_2D_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_2D:
    case GL_UNSIGNED_INT_SAMPLER_3D:
    case GL_UNSIGNED_INT_SAMPLER_CUBE:
    case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY:
    case GL_SAMPLER_EXTERNAL_OES:
    case GL_SAMPLER_2D_MULTISAMPLE:
    case GL_INT_SAMPLER_2D_MULTISAMPLE:
    case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE:
    case GL_SAMPLER_BUFFER:
    case GL_INT_SAMPLER_BUFFER:
    case GL_UNSIGNED_INT_SAMPLER_BUFFER:
    case GL_SAMPLER_CUBE_MAP_ARRAY:
    case GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW:
    case GL_INT_SAMPLER_CUBE_MAP_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY:
    case GL_SAMPLER_2D_MULTISAMPLE_ARRAY:
    case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
    // Desktop GL's 1D and rectangle samplers.
    case GL_SAMPLER_1D:
    case GL_SAMPLER_1D_SHADOW:
    case GL_SAMPLER_1D_ARRAY:
    case GL_SAMPLER_1D_ARRAY_SHADOW:
    case GL_INT_SAMPLER_1D:
    case GL_INT_SAMPLER_1D_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_1D:
    case GL_UNSIGNED_INT_SAMPLER_1D_ARRAY:
    case GL_SAMPLER_2D_RECT:
    case GL_SAMPLER_2D_RECT_SHADOW:
    case GL_INT_SAMPLER_2D_RECT:
    case GL_UNSIGNED_INT_SAMPLER_2D_RECT:
      return s(B::Sampler, 1, 1);
    case GL_IMAGE_2D:
    case GL_IMAGE_3D:
    case GL_IMAGE_CUBE:
    case GL_IMAGE_2D_ARRAY:
    case GL_INT_IMAGE_2D:
    case GL_INT_IMAGE_3D:
    case GL_INT_IMAGE_CUBE:
    case GL_INT_IMAGE_2D_ARRAY:
    case GL_UNSIGNED_INT_IMAGE_2D:
    case GL_UNSIGNED_INT_IMAGE_3D:
    case GL_UNSIGNED_INT_IMAGE_CUBE:
    case GL_UNSIGNED_INT_IMAGE_2D_ARRAY:
    case GL_IMAGE_BUFFER:
    case GL_INT_IMAGE_BUFFER:
    case GL_UNSIGNED_INT_IMAGE_BUFFER:
    case GL_IMAGE_CUBE_MAP_ARRAY:
    case GL_INT_IMAGE_CUBE_MAP_ARRAY:
    case GL_UNSIGNED_INT_IMAGE_CUBE_MAP_ARRAY:
    // Desktop GL's 1D, rectangle and multisample images.
    case GL_IMAGE_1D:
    case GL_IMAGE_1D_ARRAY:
    case GL_IMAGE_2D_RECT:
    case GL_IMAGE_2D_MULTISAMPLE:
    case GL_IMAGE_2D_MULTISAMPLE_ARRAY:
    case GL_INT_IMAGE_1D:
    case GL_INT_IMAGE_1D_ARRAY:
    case GL_INT_IMAGE_2D_RECT:
    case GL_INT_IMAGE_2D_MULTISAMPLE:
    case GL_INT_IMAGE_2D_MULTISAMPLE_ARRAY:
    case GL_UNSIGNED_INT_IMAGE_1D:
    case GL_UNSIGNED_INT_IMAGE_1D_ARRAY:
    case GL_UNSIGNED_INT_IMAGE_2D_RECT:
    case GL_UNSIGNED_INT_IMAGE_2D_MULTISAMPLE:
    case GL_UNSIGNED_INT_IMAGE_2D_MULTISAMPLE_ARRAY:
      return s(B::Image, 1, 1);
    default: return s(B::Unknown, 1, 1);
  }
}

namespace {

Ref<ShaderOrProgram> lookup_any(Context& ctx, GLuint name) {
  Ref<ShaderOrProgram> o = ctx.share_group().programs.lookup(name);
  if (!o) ctx.set_error(GL_INVALID_VALUE);
  return o;
}

}  // namespace

Ref<Program> lookup_program(Context& ctx, GLuint name) {
  Ref<ShaderOrProgram> o = lookup_any(ctx, name);
  if (!o) return nullptr;
  if (o->kind != ShaderOrProgram::Kind::Program) {
    ctx.set_error(GL_INVALID_OPERATION);
    return nullptr;
  }
  return Ref<Program>::adopt(static_cast<Program*>(o.release()));
}

Ref<Shader> lookup_shader(Context& ctx, GLuint name) {
  Ref<ShaderOrProgram> o = lookup_any(ctx, name);
  if (!o) return nullptr;
  if (o->kind != ShaderOrProgram::Kind::Shader) {
    ctx.set_error(GL_INVALID_OPERATION);
    return nullptr;
  }
  return Ref<Shader>::adopt(static_cast<Shader*>(o.release()));
}

bool parse_array_name(std::string_view name, std::string_view* base, uint32_t* element, bool* subscripted) {
  *element = 0;
  *subscripted = false;
  *base = name;
  if (name.empty() || name.back() != ']') return true;
  const size_t open = name.rfind('[');
  if (open == std::string_view::npos || open == 0) return false;
  const std::string_view digits = name.substr(open + 1, name.size() - open - 2);
  if (digits.empty() || digits.size() > 9) return false;
  if (digits.size() > 1 && digits[0] == '0') return false;
  uint32_t v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint32_t>(c - '0');
  }
  *base = name.substr(0, open);
  *element = v;
  *subscripted = true;
  return true;
}

void copy_gl_string(std::string_view s, GLsizei buf_size, GLsizei* length, GLchar* out) {
  GLsizei n = 0;
  if (out && buf_size > 0) {
    n = static_cast<GLsizei>(std::min<size_t>(s.size(), static_cast<size_t>(buf_size - 1)));
    std::memcpy(out, s.data(), static_cast<size_t>(n));
    out[n] = '\0';
  }
  if (length) *length = n;
}

void release_program_name(Context& ctx, Program& p) {
  ShareGroup& sg = ctx.share_group();
  // Two threads may both decide to free it (DeleteProgram): the one that
  // removes the name detaches the shaders.
  Ref<ShaderOrProgram> keep = sg.programs.remove_object(p.name(), &p);
  if (!keep) return;
  for (Ref<Shader>& s : p.attached) {
    if (--s->attached_count == 0 && s->delete_pending) sg.programs.remove_object(s->name(), s.get());
  }
  p.attached.clear();
}

}  // namespace brass::gl
