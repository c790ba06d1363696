// Uniforms and uniform blocks (ES 3.0 §2.12.6): locations, active uniform
// and block queries, glUniform* into the program's CPU copy of its default
// block, glGetUniform*, and block bindings.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "gl/context.h"
#include "gl/context_executables.h"
#include "gl/program_resources.h"
#include "gl/program_util.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

enum class Src : uint8_t { Float, Int, Uint, Double, Int64, Uint64 };

// The uniform at `location` of `lp`, and the array element it names; null
// when the location is not one of the program's.
const compiler::Uniform* uniform_at(const LinkedProgram& lp, GLint location, int32_t* index, uint32_t* element) {
  const auto& map = lp.interface.location_to_uniform;
  if (location < 0 || static_cast<size_t>(location) >= map.size()) return nullptr;
  const int32_t i = map[static_cast<size_t>(location)];
  if (i < 0 || static_cast<size_t>(i) >= lp.interface.uniforms.size()) return nullptr;
  const compiler::Uniform& u = lp.interface.uniforms[static_cast<size_t>(i)];
  *index = i;
  *element = static_cast<uint32_t>(location - u.location);
  return &u;
}

// Byte offset in the default block of component `k` (column-major order) of
// element `e`.
size_t component_offset(const compiler::Uniform& u, const TypeShape& t, uint32_t e, int k) {
  const int c = k / t.rows, r = k % t.rows;
  const size_t scalar = t.scalar_size();
  size_t off = static_cast<size_t>(u.offset) + static_cast<size_t>(e) * static_cast<size_t>(u.array_stride);
  if (t.matrix()) {
    if (u.row_major) off += static_cast<size_t>(r) * static_cast<size_t>(u.matrix_stride) + static_cast<size_t>(c) * scalar;
    else off += static_cast<size_t>(c) * static_cast<size_t>(u.matrix_stride) + static_cast<size_t>(r) * scalar;
  } else {
    off += static_cast<size_t>(r) * scalar;
  }
  return off;
}

bool src_matches(Src src, TypeShape::Base base) {
  switch (src) {
    case Src::Float: return base == TypeShape::Float || base == TypeShape::Bool;
    case Src::Int: return base == TypeShape::Int || base == TypeShape::Bool || base == TypeShape::Sampler;
    case Src::Uint: return base == TypeShape::Uint || base == TypeShape::Bool;
    // GL 4.6 §7.6.1: the d forms load double types only, and only they do.
    case Src::Double: return base == TypeShape::Double;
    // ARB_gpu_shader_int64: the i64 forms load signed 64-bit integer types,
    // the ui64 forms unsigned ones, and nothing else loads either.
    case Src::Int64: return base == TypeShape::Int64;
    case Src::Uint64: return base == TypeShape::Uint64;
  }
  return false;
}

// ARB_gpu_shader_int64's commands exist in every desktop context (the
// generated entry points); a context that does not advertise it has none of
// them: GL_INVALID_OPERATION, as for a desktop command in ES.
bool int64_uniforms(Context& ctx) {
  if (ctx.has_extension("GL_ARB_gpu_shader_int64")) return true;
  ctx.set_error(GL_INVALID_OPERATION);
  return false;
}

// glUniform*: `cols` > 0 for the matrix forms (rows = comps).
// glUniform*'s program: the current one, else the bound program pipeline's
// active program (ES 3.1 §7.6.1); null when there is none.
Program* uniform_target(Context& ctx) {
  if (Program* p = ctx.current_program.get()) return p;
  return ctx.program_pipeline ? ctx.program_pipeline->active.get() : nullptr;
}

// glUniform* / glProgramUniform* into program `p` (null: no program,
// INVALID_OPERATION).
void set_uniform_in(Context& ctx, Program* p, GLint location, GLsizei count, Src src, int comps, int cols,
                    bool transpose, const void* data) {
  // What this context draws with (context_executables.h).
  std::shared_ptr<LinkedProgram> keep;
  LinkedProgram* lp = p ? context_executable(ctx, *p, &keep) : nullptr;
  if (!lp) return ctx.set_error(GL_INVALID_OPERATION);
  if (count < 0) return ctx.set_error(GL_INVALID_VALUE);
  if (location == -1) return;
  int32_t index = 0;
  uint32_t element = 0;
  const compiler::Uniform* u = uniform_at(*lp, location, &index, &element);
  if (!u) return ctx.set_error(GL_INVALID_OPERATION);
  const TypeShape t = type_shape(u->type);
  const bool shape_ok = cols > 0 ? ((t.base == TypeShape::Float || t.base == TypeShape::Double) &&
                                  t.cols == cols && t.rows == comps)
                                 : (!t.matrix() && t.rows == comps);
  // Image uniforms: ES has no command that loads them (they read the unit
  // their layout(binding) names, ES 3.1 §7.6.1); desktop GL loads their
  // unit with glUniform1i{v} (GL 4.6 §7.6.1).
  const bool image_unit = t.base == TypeShape::Image && ctx.desktop() && src == Src::Int && comps == 1 && cols == 0;
  if (!shape_ok || !(src_matches(src, t.base) || image_unit)) return ctx.set_error(GL_INVALID_OPERATION);
  // Arrays (named "x[0]") may report fewer elements than declared (the
  // highest one used); values past the end are ignored, not an error.
  if (count > 1 && !(u->array_size > 1 || u->name.ends_with("[0]"))) return ctx.set_error(GL_INVALID_OPERATION);
  const uint32_t n = std::min<uint32_t>(static_cast<uint32_t>(count), static_cast<uint32_t>(u->array_size) - element);
  if (n == 0 || !data) return;

  if (t.base == TypeShape::Sampler) {
    const auto* v = static_cast<const GLint*>(data);
    for (uint32_t i = 0; i < n; ++i)
      if (v[i] < 0 || v[i] >= ctx.limits.max_combined_texture_image_units) return ctx.set_error(GL_INVALID_VALUE);
    const int32_t first = lp->sampler_first[static_cast<size_t>(index)];
    if (first < 0) return;
    for (uint32_t i = 0; i < n; ++i) {
      const size_t at = static_cast<size_t>(first) + element + i;
      if (at < lp->samplers.size()) lp->samplers[at].unit = v[i];
    }
    // The program too: draw validation checks sampler types per unit.
    ctx.dirty(kDirtyTextures | kDirtyProgram);
    return;
  }
  if (image_unit) {
    const auto* v = static_cast<const GLint*>(data);
    for (uint32_t i = 0; i < n; ++i)
      if (v[i] < 0 || v[i] >= ctx.limits.max_image_units) return ctx.set_error(GL_INVALID_VALUE);
    const int32_t first = lp->image_first[static_cast<size_t>(index)];
    if (first < 0) return;
    for (uint32_t i = 0; i < n; ++i) {
      const size_t at = static_cast<size_t>(first) + element + i;
      if (at < lp->images.size()) lp->images[at].unit = v[i];
    }
    ctx.dirty(kDirtyImages);
    return;
  }
  if (u->offset < 0) return;
  const int per = t.components();
  const size_t scalar = t.scalar_size();
  uint8_t* block = lp->default_block.data();
  const size_t block_size = lp->default_block.size();
  if (!t.matrix() && t.base != TypeShape::Bool) {
    // The common case (a scalar or vector, issue 19): each element's
    // components are consecutive in the block and in `data`, one copy each.
    const size_t bytes = static_cast<size_t>(per) * scalar;
    for (uint32_t i = 0; i < n; ++i) {
      const size_t off = component_offset(*u, t, element + i, 0);
      if (off > block_size || block_size - off < bytes) continue;
      std::memcpy(block + off, static_cast<const uint8_t*>(data) + i * bytes, bytes);
    }
    ctx.dirty(kDirtyUniforms);
    return;
  }
  for (uint32_t i = 0; i < n; ++i) {
    for (int k = 0; k < per; ++k) {
      // Source index: column-major input unless transposed.
      int s = k;
      if (cols > 0 && transpose) s = (k % t.rows) * t.cols + k / t.rows;
      const size_t src_index = static_cast<size_t>(i) * static_cast<size_t>(per) + static_cast<size_t>(s);
      const size_t off = component_offset(*u, t, element + i, k);
      if (off + scalar > block_size) continue;
      if (scalar == 8) {
        std::memcpy(block + off, static_cast<const uint8_t*>(data) + src_index * 8, 8);
        continue;
      }
      uint32_t bits = 0;
      if (t.base == TypeShape::Bool) {
        bool b = false;
        switch (src) {
          case Src::Float: b = static_cast<const GLfloat*>(data)[src_index] != 0.0f; break;
          case Src::Int: b = static_cast<const GLint*>(data)[src_index] != 0; break;
          case Src::Uint: b = static_cast<const GLuint*>(data)[src_index] != 0; break;
          case Src::Double:
          case Src::Int64:
          case Src::Uint64: break;  // refused by src_matches
        }
        bits = b ? 1u : 0u;
      } else {
        std::memcpy(&bits, static_cast<const uint8_t*>(data) + src_index * 4, 4);
      }
      std::memcpy(block + off, &bits, 4);
    }
  }
  ctx.dirty(kDirtyUniforms);
}

void set_uniform(Context& ctx, GLint location, GLsizei count, Src src, int comps, int cols, bool transpose,
                 const void* data) {
  set_uniform_in(ctx, uniform_target(ctx), location, count, src, comps, cols, transpose, data);
}

void set_program_uniform(Context& ctx, GLuint program, GLint location, GLsizei count, Src src, int comps, int cols,
                         bool transpose, const void* data) {
  if (!ctx.separate_shader_objects()) return ctx.set_error(GL_INVALID_OPERATION);
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  set_uniform_in(ctx, p.get(), location, count, src, comps, cols, transpose, data);
}

// `buf_size`: bytes at `params` (glGetnUniform*); GL_INVALID_OPERATION
// when the uniform's value needs more.
template <typename Out>
void get_uniform(Context& ctx, GLuint program, GLint location, Out* params, uint64_t buf_size = UINT64_MAX) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (!lp) return ctx.set_error(GL_INVALID_OPERATION);
  int32_t index = 0;
  uint32_t element = 0;
  const compiler::Uniform* u = uniform_at(*lp, location, &index, &element);
  if (!u) return ctx.set_error(GL_INVALID_OPERATION);
  const TypeShape t = type_shape(u->type);
  const bool opaque = t.base == TypeShape::Sampler || t.base == TypeShape::Image;
  if (uint64_t{sizeof(Out)} * static_cast<uint64_t>(opaque ? 1 : t.components()) > buf_size)
    return ctx.set_error(GL_INVALID_OPERATION);
  if (!params) return;
  if (t.base == TypeShape::Sampler) {
    const int32_t first = lp->sampler_first[static_cast<size_t>(index)];
    const size_t at = static_cast<size_t>(first) + element;
    params[0] = static_cast<Out>(first >= 0 && at < lp->samplers.size() ? lp->samplers[at].unit : 0);
    return;
  }
  if (t.base == TypeShape::Image) {
    const int32_t first = lp->image_first[static_cast<size_t>(index)];
    const size_t at = static_cast<size_t>(first) + element;
    params[0] = static_cast<Out>(first >= 0 && at < lp->images.size() ? lp->images[at].unit : 0);
    return;
  }
  for (int k = 0; k < t.components(); ++k) {
    uint64_t bits = 0;  // the low 4 bytes for 32-bit types
    const size_t scalar = t.scalar_size();
    const size_t off = u->offset < 0 ? ~size_t{0} : component_offset(*u, t, element, k);
    if (off != ~size_t{0} && off + scalar <= lp->default_block.size())
      std::memcpy(&bits, &lp->default_block[off], scalar);
    Out v{};
    // Floating-point values to another type: rounded to the nearest
    // integer (GL 4.6 §7.6.1's conversion rules for queries).
    auto from_real = [](double d) -> Out {
      if constexpr (std::is_floating_point_v<Out>) return static_cast<Out>(d);
      else if constexpr (std::is_signed_v<Out>) return static_cast<Out>(std::llround(d));
      else return static_cast<Out>(std::llround(std::fmax(d, 0.0)));
    };
    switch (t.base) {
      case TypeShape::Float: {
        float f;
        const auto low = static_cast<uint32_t>(bits);
        std::memcpy(&f, &low, 4);
        v = from_real(f);
        break;
      }
      case TypeShape::Double: {
        double d;
        std::memcpy(&d, &bits, 8);
        v = from_real(d);
        break;
      }
      case TypeShape::Int: v = static_cast<Out>(static_cast<int32_t>(static_cast<uint32_t>(bits))); break;
      case TypeShape::Uint: v = static_cast<Out>(static_cast<uint32_t>(bits)); break;
      case TypeShape::Int64: v = static_cast<Out>(static_cast<int64_t>(bits)); break;
      case TypeShape::Uint64: v = static_cast<Out>(bits); break;
      case TypeShape::Bool: v = static_cast<Out>(bits ? 1 : 0); break;
      default: break;
    }
    params[k] = v;
  }
}

}  // namespace

// --- glUniform* ---
// Each glUniform* and its ES 3.1 glProgramUniform* twin.
#define BRASS_UNIFORM_SCALARS(N, suffix, T, SRC, ...)                                               \
  void Uniform##N##suffix(Context& ctx, GLint location, __VA_ARGS__) {                              \
    const T v[] = {BRASS_UNIFORM_ARGS_##N};                                                         \
    set_uniform(ctx, location, 1, SRC, N, 0, false, v);                                             \
  }                                                                                                  \
  void Uniform##N##suffix##v(Context& ctx, GLint location, GLsizei count, const T* value) {         \
    set_uniform(ctx, location, count, SRC, N, 0, false, value);                                     \
  }                                                                                                  \
  void ProgramUniform##N##suffix(Context& ctx, GLuint program, GLint location, __VA_ARGS__) {        \
    const T v[] = {BRASS_UNIFORM_ARGS_##N};                                                         \
    set_program_uniform(ctx, program, location, 1, SRC, N, 0, false, v);                            \
  }                                                                                                  \
  void ProgramUniform##N##suffix##v(Context& ctx, GLuint program, GLint location, GLsizei count,     \
                                     const T* value) {                                                \
    set_program_uniform(ctx, program, location, count, SRC, N, 0, false, value);                    \
  }
#define BRASS_UNIFORM_ARGS_1 v0
#define BRASS_UNIFORM_ARGS_2 v0, v1
#define BRASS_UNIFORM_ARGS_3 v0, v1, v2
#define BRASS_UNIFORM_ARGS_4 v0, v1, v2, v3

BRASS_UNIFORM_SCALARS(1, f, GLfloat, Src::Float, GLfloat v0)
BRASS_UNIFORM_SCALARS(2, f, GLfloat, Src::Float, GLfloat v0, GLfloat v1)
BRASS_UNIFORM_SCALARS(3, f, GLfloat, Src::Float, GLfloat v0, GLfloat v1, GLfloat v2)
BRASS_UNIFORM_SCALARS(4, f, GLfloat, Src::Float, GLfloat v0, GLfloat v1, GLfloat v2, GLfloat v3)
BRASS_UNIFORM_SCALARS(1, i, GLint, Src::Int, GLint v0)
BRASS_UNIFORM_SCALARS(2, i, GLint, Src::Int, GLint v0, GLint v1)
BRASS_UNIFORM_SCALARS(3, i, GLint, Src::Int, GLint v0, GLint v1, GLint v2)
BRASS_UNIFORM_SCALARS(4, i, GLint, Src::Int, GLint v0, GLint v1, GLint v2, GLint v3)
BRASS_UNIFORM_SCALARS(1, ui, GLuint, Src::Uint, GLuint v0)
BRASS_UNIFORM_SCALARS(2, ui, GLuint, Src::Uint, GLuint v0, GLuint v1)
BRASS_UNIFORM_SCALARS(3, ui, GLuint, Src::Uint, GLuint v0, GLuint v1, GLuint v2)
BRASS_UNIFORM_SCALARS(4, ui, GLuint, Src::Uint, GLuint v0, GLuint v1, GLuint v2, GLuint v3)

// glUniformMatrix*{f,d}v and glProgramUniformMatrix*{f,d}v: `sfx` f or d,
// `T` the element type, `src` its Src.
#define BRASS_UNIFORM_MATRIX(name, cols, rows, sfx, T, src)                                                \
  void UniformMatrix##name##sfx##v(Context& ctx, GLint location, GLsizei count, GLboolean transpose,       \
                                   const T* value) {                                                       \
    set_uniform(ctx, location, count, src, rows, cols, transpose != GL_FALSE, value);                      \
  }                                                                                                        \
  void ProgramUniformMatrix##name##sfx##v(Context& ctx, GLuint program, GLint location, GLsizei count,     \
                                          GLboolean transpose, const T* value) {                           \
    set_program_uniform(ctx, program, location, count, src, rows, cols, transpose != GL_FALSE, value);     \
  }
#define BRASS_UNIFORM_MATRICES(sfx, T, src)            \
  BRASS_UNIFORM_MATRIX(2, 2, 2, sfx, T, src)           \
  BRASS_UNIFORM_MATRIX(3, 3, 3, sfx, T, src)           \
  BRASS_UNIFORM_MATRIX(4, 4, 4, sfx, T, src)           \
  BRASS_UNIFORM_MATRIX(2x3, 2, 3, sfx, T, src)         \
  BRASS_UNIFORM_MATRIX(3x2, 3, 2, sfx, T, src)         \
  BRASS_UNIFORM_MATRIX(2x4, 2, 4, sfx, T, src)         \
  BRASS_UNIFORM_MATRIX(4x2, 4, 2, sfx, T, src)         \
  BRASS_UNIFORM_MATRIX(3x4, 3, 4, sfx, T, src)         \
  BRASS_UNIFORM_MATRIX(4x3, 4, 3, sfx, T, src)
BRASS_UNIFORM_MATRICES(f, GLfloat, Src::Float)

// ARB_gpu_shader_fp64 (GL 4.0): double uniforms, in desktop contexts whose
// device has 64-bit floats (the entry points are desktop-only).
BRASS_UNIFORM_SCALARS(1, d, GLdouble, Src::Double, GLdouble v0)
BRASS_UNIFORM_SCALARS(2, d, GLdouble, Src::Double, GLdouble v0, GLdouble v1)
BRASS_UNIFORM_SCALARS(3, d, GLdouble, Src::Double, GLdouble v0, GLdouble v1, GLdouble v2)
BRASS_UNIFORM_SCALARS(4, d, GLdouble, Src::Double, GLdouble v0, GLdouble v1, GLdouble v2, GLdouble v3)
BRASS_UNIFORM_MATRICES(d, GLdouble, Src::Double)

// ARB_gpu_shader_int64: 64-bit integer uniforms, in desktop contexts that
// advertise the extension (its entry points exist in every desktop
// context; without the extension they are GL_INVALID_OPERATION).
#define BRASS_UNIFORM_INT64(N, suffix, T, SRC, ...)                                                    \
  void Uniform##N##suffix##ARB(Context& ctx, GLint location, __VA_ARGS__) {                           \
    if (!int64_uniforms(ctx)) return;                                                                 \
    const T v[] = {BRASS_UNIFORM_ARGS_##N};                                                           \
    set_uniform(ctx, location, 1, SRC, N, 0, false, v);                                               \
  }                                                                                                    \
  void Uniform##N##suffix##vARB(Context& ctx, GLint location, GLsizei count, const T* value) {        \
    if (!int64_uniforms(ctx)) return;                                                                 \
    set_uniform(ctx, location, count, SRC, N, 0, false, value);                                       \
  }                                                                                                    \
  void ProgramUniform##N##suffix##ARB(Context& ctx, GLuint program, GLint location, __VA_ARGS__) {    \
    if (!int64_uniforms(ctx)) return;                                                                 \
    const T v[] = {BRASS_UNIFORM_ARGS_##N};                                                           \
    set_program_uniform(ctx, program, location, 1, SRC, N, 0, false, v);                              \
  }                                                                                                    \
  void ProgramUniform##N##suffix##vARB(Context& ctx, GLuint program, GLint location, GLsizei count,   \
                                       const T* value) {                                               \
    if (!int64_uniforms(ctx)) return;                                                                 \
    set_program_uniform(ctx, program, location, count, SRC, N, 0, false, value);                      \
  }
BRASS_UNIFORM_INT64(1, i64, GLint64, Src::Int64, GLint64 v0)
BRASS_UNIFORM_INT64(2, i64, GLint64, Src::Int64, GLint64 v0, GLint64 v1)
BRASS_UNIFORM_INT64(3, i64, GLint64, Src::Int64, GLint64 v0, GLint64 v1, GLint64 v2)
BRASS_UNIFORM_INT64(4, i64, GLint64, Src::Int64, GLint64 v0, GLint64 v1, GLint64 v2, GLint64 v3)
BRASS_UNIFORM_INT64(1, ui64, GLuint64, Src::Uint64, GLuint64 v0)
BRASS_UNIFORM_INT64(2, ui64, GLuint64, Src::Uint64, GLuint64 v0, GLuint64 v1)
BRASS_UNIFORM_INT64(3, ui64, GLuint64, Src::Uint64, GLuint64 v0, GLuint64 v1, GLuint64 v2)
BRASS_UNIFORM_INT64(4, ui64, GLuint64, Src::Uint64, GLuint64 v0, GLuint64 v1, GLuint64 v2, GLuint64 v3)


void GetUniformfv(Context& ctx, GLuint program, GLint location, GLfloat* params) {
  get_uniform(ctx, program, location, params);
}
void GetUniformiv(Context& ctx, GLuint program, GLint location, GLint* params) {
  get_uniform(ctx, program, location, params);
}
void GetUniformuiv(Context& ctx, GLuint program, GLint location, GLuint* params) {
  get_uniform(ctx, program, location, params);
}
void GetUniformdv(Context& ctx, GLuint program, GLint location, GLdouble* params) {
  get_uniform(ctx, program, location, params);
}
// KHR_robustness / GL 4.5: the same with the caller's buffer size (a
// negative one holds nothing: GL_INVALID_OPERATION).
void GetnUniformfv(Context& ctx, GLuint program, GLint location, GLsizei buf_size, GLfloat* params) {
  get_uniform(ctx, program, location, params, static_cast<uint64_t>(std::max(buf_size, 0)));
}
void GetnUniformiv(Context& ctx, GLuint program, GLint location, GLsizei buf_size, GLint* params) {
  get_uniform(ctx, program, location, params, static_cast<uint64_t>(std::max(buf_size, 0)));
}
void GetnUniformuiv(Context& ctx, GLuint program, GLint location, GLsizei buf_size, GLuint* params) {
  get_uniform(ctx, program, location, params, static_cast<uint64_t>(std::max(buf_size, 0)));
}
// GL 4.5's bounded form of glGetUniformdv (desktop only).
void GetnUniformdv(Context& ctx, GLuint program, GLint location, GLsizei buf_size, GLdouble* params) {
  get_uniform(ctx, program, location, params, static_cast<uint64_t>(std::max(buf_size, 0)));
}
// ARB_gpu_shader_int64's queries: any uniform's value, converted.
void GetUniformi64vARB(Context& ctx, GLuint program, GLint location, GLint64* params) {
  if (int64_uniforms(ctx)) get_uniform(ctx, program, location, params);
}
void GetUniformui64vARB(Context& ctx, GLuint program, GLint location, GLuint64* params) {
  if (int64_uniforms(ctx)) get_uniform(ctx, program, location, params);
}
void GetnUniformi64vARB(Context& ctx, GLuint program, GLint location, GLsizei buf_size, GLint64* params) {
  if (int64_uniforms(ctx)) get_uniform(ctx, program, location, params, static_cast<uint64_t>(std::max(buf_size, 0)));
}
void GetnUniformui64vARB(Context& ctx, GLuint program, GLint location, GLsizei buf_size, GLuint64* params) {
  if (int64_uniforms(ctx)) get_uniform(ctx, program, location, params, static_cast<uint64_t>(std::max(buf_size, 0)));
}

// --- names and queries ---

GLint GetUniformLocation(Context& ctx, GLuint program, const GLchar* name) {
  // ES 3.1 §7.6: GetProgramResourceLocation on UNIFORM.
  return program_resource_location(ctx, program, ResourceInterface::Uniform, name);
}

void GetActiveUniform(Context& ctx, GLuint program, GLuint index, GLsizei bufSize, GLsizei* length, GLint* size,
                      GLenum* type, GLchar* name) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (!lp || index >= lp->interface.uniforms.size() || bufSize < 0) return ctx.set_error(GL_INVALID_VALUE);
  const compiler::Uniform& u = lp->interface.uniforms[index];
  copy_gl_string(resource_name(*lp, ResourceInterface::Uniform, index), bufSize, length, name);
  if (size) *size = std::max(u.array_size, 1);
  if (type) *type = u.type;
}

// Desktop only (GL 4.6 §7.3.1): GetProgramResourceName on UNIFORM.
void GetActiveUniformName(Context& ctx, GLuint program, GLuint uniformIndex, GLsizei bufSize, GLsizei* length,
                          GLchar* uniformName) {
  GetProgramResourceName(ctx, program, GL_UNIFORM, uniformIndex, bufSize, length, uniformName);
}

void GetActiveUniformsiv(Context& ctx, GLuint program, GLsizei uniformCount, const GLuint* uniformIndices,
                         GLenum pname, GLint* params) {
  if (uniformCount < 0) return ctx.set_error(GL_INVALID_VALUE);
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  const size_t active = resource_count(lp, ResourceInterface::Uniform);
  // ES 3.1 §7.6: GetProgramResourceiv on UNIFORM with the property of table
  // 7.6.
  GLenum prop = GL_NONE;
  switch (pname) {
    case GL_UNIFORM_TYPE: prop = GL_TYPE; break;
    case GL_UNIFORM_SIZE: prop = GL_ARRAY_SIZE; break;
    case GL_UNIFORM_NAME_LENGTH: prop = GL_NAME_LENGTH; break;
    case GL_UNIFORM_BLOCK_INDEX: prop = GL_BLOCK_INDEX; break;
    case GL_UNIFORM_OFFSET: prop = GL_OFFSET; break;
    case GL_UNIFORM_ARRAY_STRIDE: prop = GL_ARRAY_STRIDE; break;
    case GL_UNIFORM_MATRIX_STRIDE: prop = GL_MATRIX_STRIDE; break;
    case GL_UNIFORM_IS_ROW_MAJOR: prop = GL_IS_ROW_MAJOR; break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (uniformCount > 0 && !uniformIndices) return;
  for (GLsizei i = 0; i < uniformCount; ++i)
    if (uniformIndices[i] >= active) return ctx.set_error(GL_INVALID_VALUE);
  if (!params) return;
  for (GLsizei i = 0; i < uniformCount; ++i)
    resource_property(*lp, ResourceInterface::Uniform, uniformIndices[i], prop, &params[i], 1);
}

void GetUniformIndices(Context& ctx, GLuint program, GLsizei uniformCount, const GLchar* const* uniformNames,
                       GLuint* uniformIndices) {
  if (uniformCount < 0) return ctx.set_error(GL_INVALID_VALUE);
  Ref<Program> p = lookup_program(ctx, program);
  if (!p || !uniformNames || !uniformIndices) return;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  // ES 3.1 §7.6: GetProgramResourceIndex on UNIFORM for each name.
  for (GLsizei i = 0; i < uniformCount; ++i) {
    std::optional<ResourceMatch> m;
    if (lp && uniformNames[i]) m = find_resource(*lp, ResourceInterface::Uniform, uniformNames[i], NameRule::Entry);
    uniformIndices[i] = m ? static_cast<GLuint>(m->index) : GL_INVALID_INDEX;
  }
}

GLuint GetUniformBlockIndex(Context& ctx, GLuint program, const GLchar* uniformBlockName) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p || !uniformBlockName) return GL_INVALID_INDEX;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (!lp) return GL_INVALID_INDEX;
  // ES 3.1 §7.6.2: GetProgramResourceIndex on UNIFORM_BLOCK ("Block" names
  // element 0 of an array of blocks, "Block[0]").
  const std::optional<ResourceMatch> m =
      find_resource(*lp, ResourceInterface::UniformBlock, uniformBlockName, NameRule::Entry);
  return m ? static_cast<GLuint>(m->index) : GL_INVALID_INDEX;
}

void GetActiveUniformBlockiv(Context& ctx, GLuint program, GLuint uniformBlockIndex, GLenum pname, GLint* params) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (uniformBlockIndex >= resource_count(lp, ResourceInterface::UniformBlock)) return ctx.set_error(GL_INVALID_VALUE);
  // ES 3.1 §7.6.2: GetProgramResourceiv on UNIFORM_BLOCK with the property
  // of table 7.7, into a buffer large enough for every value.
  GLenum prop = GL_NONE;
  switch (pname) {
    case GL_UNIFORM_BLOCK_BINDING: prop = GL_BUFFER_BINDING; break;
    case GL_UNIFORM_BLOCK_DATA_SIZE: prop = GL_BUFFER_DATA_SIZE; break;
    case GL_UNIFORM_BLOCK_NAME_LENGTH: prop = GL_NAME_LENGTH; break;
    case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS: prop = GL_NUM_ACTIVE_VARIABLES; break;
    case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES: prop = GL_ACTIVE_VARIABLES; break;
    case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER: prop = GL_REFERENCED_BY_VERTEX_SHADER; break;
    case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER: prop = GL_REFERENCED_BY_FRAGMENT_SHADER; break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  resource_property(*lp, ResourceInterface::UniformBlock, uniformBlockIndex, prop, params, SIZE_MAX);
}

void GetActiveUniformBlockName(Context& ctx, GLuint program, GLuint uniformBlockIndex, GLsizei bufSize,
                               GLsizei* length, GLchar* uniformBlockName) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  const std::shared_ptr<const LinkedProgram> lp_ref = p->queryable();
  const LinkedProgram* lp = lp_ref.get();
  if (!lp || uniformBlockIndex >= lp->interface.uniform_blocks.size() || bufSize < 0)
    return ctx.set_error(GL_INVALID_VALUE);
  copy_gl_string(resource_name(*lp, ResourceInterface::UniformBlock, uniformBlockIndex), bufSize, length,
                 uniformBlockName);
}

void UniformBlockBinding(Context& ctx, GLuint program, GLuint uniformBlockIndex, GLuint uniformBlockBinding) {
  Ref<Program> p = lookup_program(ctx, program);
  if (!p) return;
  std::shared_ptr<LinkedProgram> keep;
  LinkedProgram* lp = p->link_status ? context_executable(ctx, *p, &keep) : nullptr;
  if (!lp || uniformBlockIndex >= lp->block_bindings.size()) return ctx.set_error(GL_INVALID_VALUE);
  if (uniformBlockBinding >= static_cast<GLuint>(ctx.limits.max_uniform_buffer_bindings))
    return ctx.set_error(GL_INVALID_VALUE);
  lp->block_bindings[uniformBlockIndex] = uniformBlockBinding;
  if (ctx.current_program.get() == p) ctx.dirty(kDirtyUniformBuffers);
}

}  // namespace brass::gl::api
