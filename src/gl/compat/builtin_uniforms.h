// Feeding the GLSL compatibility built-in uniform state (GLSL 1.20 §7.5:
// gl_ModelViewMatrix and its variants, gl_NormalMatrix, gl_LightSource[],
// gl_FrontMaterial, gl_Fog, gl_ClipPlane[], ...). The compiler declares
// them as ordinary default-block uniforms that reflection names gl_*
// (compiler/glsl_upgrader.cpp, compat_builtin_structs.h); each program finds
// once which of them it reads and where (a BuiltinUniformTable), and the
// uniform validation of a draw writes their current values into its
// default block before uploading it (write_builtin_uniforms).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace brass::compiler {
struct Uniform;
}

namespace brass::gl {
class Context;
}

namespace brass::gl::compat {

// Which value a built-in uniform (member) holds. `field` and `variant`
// qualify the group (see builtin_uniforms.cpp's name table).
enum class BuiltinGroup : uint8_t {
  Matrix,          // field: 0 modelview, 1 projection, 2 MVP, 3 texture; variant: 0 plain,
                   // 1 inverse, 2 transpose, 3 inverse transpose
  NormalMatrix,
  NormalScale,
  ClipPlane,
  Point,           // field: size, sizeMin, sizeMax, fadeThresholdSize, distance a, b, c
  Material,        // variant: face; field: emission, ambient, diffuse, specular, shininess
  Light,           // field: ambient, diffuse, specular, position, halfVector, spotDirection,
                   // spotExponent, spotCutoff, spotCosCutoff, constant, linear, quadratic
  LightModelAmbient,
  LightModelProduct,  // variant: face
  LightProduct,       // variant: face; field: ambient, diffuse, specular
  TextureEnvColor,
  EyePlane,        // field: S, T, R, Q
  ObjectPlane,     // field: S, T, R, Q
  Fog,             // field: color, density, start, end, scale
};

struct BuiltinUniformSlot {
  BuiltinGroup group = BuiltinGroup::Matrix;
  uint8_t field = 0, variant = 0;
  uint8_t element = 0;  // the array element of the first value
  uint8_t count = 1;    // consecutive elements (a basic-type array)
  int32_t offset = 0, array_stride = 0, matrix_stride = 0;
};

// A program's built-in uniforms: found at its first draw.
struct BuiltinUniformTable {
  bool scanned = false;
  std::vector<BuiltinUniformSlot> slots;
};

// Parses a reflected uniform name ("gl_LightSource[2].position",
// "gl_TextureMatrix[0]") into the value it holds; false for names that are
// not compatibility state Brass feeds (user uniforms, gl_DepthRange).
bool parse_builtin_uniform(std::string_view name, BuiltinUniformSlot* slot);

// Writes the current values of the built-in uniforms the program reads into
// `default_block` (sized as the program's default uniform block).
void write_builtin_uniforms(Context& ctx, const std::vector<compiler::Uniform>& uniforms, BuiltinUniformTable& table,
                            uint8_t* default_block, size_t default_block_size);

}  // namespace brass::gl::compat
