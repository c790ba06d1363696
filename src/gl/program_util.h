// Helpers shared by the program area's files: object look-ups with GL's
// error rules, uniform type shapes, GL name parsing and string returns.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "gl/context.h"

namespace brass::gl {

// The shape of a GL uniform/attribute type.
struct TypeShape {
  enum Base : uint8_t { Float, Int, Uint, Bool, Sampler, Image, Double, Int64, Uint64, Unknown };
  Base base = Unknown;
  uint8_t cols = 1;  // matrix columns (1 for scalars and vectors)
  uint8_t rows = 1;  // components per column
  bool matrix() const { return cols > 1; }
  int components() const { return cols * rows; }
  // Bytes of one component in a uniform block (doubles and 64-bit integers: 8).
  size_t scalar_size() const { return base == Double || base == Int64 || base == Uint64 ? 8 : 4; }
};
TypeShape type_shape(GLenum type);

// The compiler stage of a shader object type (GL_VERTEX_SHADER, ...).
compiler::ShaderStage to_compiler_stage(GLenum type);

// A program or shader by name, with the errors of ES 3.0 §2.11: unknown
// names are INVALID_VALUE, a name of the other kind INVALID_OPERATION.
// Null after recording the error.
Ref<Program> lookup_program(Context& ctx, GLuint name);
Ref<Shader> lookup_shader(Context& ctx, GLuint name);

// "name", "name[3]": the base name and the element (0 when none). False for
// malformed subscripts ("a[", "a[-1]", "a[+1]", "a[ 1]") and for leading
// zeros ("a[01]"), which GL names never have (ES 3.1 §7.3.1).
bool parse_array_name(std::string_view name, std::string_view* base, uint32_t* element, bool* subscripted);

// GL string return: copies at most bufSize - 1 chars plus a terminator.
void copy_gl_string(std::string_view s, GLsizei buf_size, GLsizei* length, GLchar* out);

// Removes a program's name once nothing uses it (deleted, not current
// anywhere): its shaders are detached, deleted ones freed.
void release_program_name(Context& ctx, Program& p);

}  // namespace brass::gl
