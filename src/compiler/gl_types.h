// GL enum values for the program interface (glGetActiveUniform types and the
// like). Defined here so that the compiler needs no GL headers; values are
// the registry's. glslang's reflection already reports these numbers, the
// named constants exist for Brass code and tests.
#pragma once

#include <cstdint>

namespace brass::compiler::gl {

// Primitive types (geometry and tessellation shader layouts).
inline constexpr uint32_t POINTS = 0x0000;
inline constexpr uint32_t LINES = 0x0001;
inline constexpr uint32_t LINE_STRIP = 0x0003;
inline constexpr uint32_t TRIANGLES = 0x0004;
inline constexpr uint32_t TRIANGLE_STRIP = 0x0005;
inline constexpr uint32_t LINES_ADJACENCY = 0x000A;
inline constexpr uint32_t TRIANGLES_ADJACENCY = 0x000C;
inline constexpr uint32_t QUADS = 0x0007;
inline constexpr uint32_t ISOLINES = 0x8E7A;
// Tessellation spacing and vertex order.
inline constexpr uint32_t EQUAL = 0x0202;
inline constexpr uint32_t FRACTIONAL_ODD = 0x8E7B;
inline constexpr uint32_t FRACTIONAL_EVEN = 0x8E7C;
inline constexpr uint32_t CW = 0x0900;
inline constexpr uint32_t CCW = 0x0901;

inline constexpr uint32_t FLOAT = 0x1406;
inline constexpr uint32_t FLOAT_VEC2 = 0x8B50;
inline constexpr uint32_t FLOAT_VEC3 = 0x8B51;
inline constexpr uint32_t FLOAT_VEC4 = 0x8B52;
inline constexpr uint32_t INT = 0x1404;
inline constexpr uint32_t INT_VEC2 = 0x8B53;
inline constexpr uint32_t INT_VEC3 = 0x8B54;
inline constexpr uint32_t INT_VEC4 = 0x8B55;
inline constexpr uint32_t UNSIGNED_INT = 0x1405;
inline constexpr uint32_t UNSIGNED_INT_VEC2 = 0x8DC6;
inline constexpr uint32_t UNSIGNED_INT_VEC3 = 0x8DC7;
inline constexpr uint32_t UNSIGNED_INT_VEC4 = 0x8DC8;
inline constexpr uint32_t BOOL = 0x8B56;
inline constexpr uint32_t BOOL_VEC2 = 0x8B57;
inline constexpr uint32_t BOOL_VEC3 = 0x8B58;
inline constexpr uint32_t BOOL_VEC4 = 0x8B59;
inline constexpr uint32_t DOUBLE = 0x140A;
inline constexpr uint32_t DOUBLE_VEC2 = 0x8FFC;
inline constexpr uint32_t DOUBLE_VEC3 = 0x8FFD;
inline constexpr uint32_t DOUBLE_VEC4 = 0x8FFE;
// ARB_gpu_shader_int64.
inline constexpr uint32_t INT64 = 0x140E;
inline constexpr uint32_t INT64_VEC2 = 0x8FE9;
inline constexpr uint32_t INT64_VEC3 = 0x8FEA;
inline constexpr uint32_t INT64_VEC4 = 0x8FEB;
inline constexpr uint32_t UNSIGNED_INT64 = 0x140F;
inline constexpr uint32_t UNSIGNED_INT64_VEC2 = 0x8FF5;
inline constexpr uint32_t UNSIGNED_INT64_VEC3 = 0x8FF6;
inline constexpr uint32_t UNSIGNED_INT64_VEC4 = 0x8FF7;
inline constexpr uint32_t FLOAT_MAT2 = 0x8B5A;
inline constexpr uint32_t FLOAT_MAT3 = 0x8B5B;
inline constexpr uint32_t FLOAT_MAT4 = 0x8B5C;
inline constexpr uint32_t FLOAT_MAT2x3 = 0x8B65;
inline constexpr uint32_t FLOAT_MAT2x4 = 0x8B66;
inline constexpr uint32_t FLOAT_MAT3x2 = 0x8B67;
inline constexpr uint32_t FLOAT_MAT3x4 = 0x8B68;
inline constexpr uint32_t FLOAT_MAT4x2 = 0x8B69;
inline constexpr uint32_t FLOAT_MAT4x3 = 0x8B6A;
inline constexpr uint32_t DOUBLE_MAT2 = 0x8F46;
inline constexpr uint32_t DOUBLE_MAT3 = 0x8F47;
inline constexpr uint32_t DOUBLE_MAT4 = 0x8F48;

inline constexpr uint32_t SAMPLER_1D = 0x8B5D;
inline constexpr uint32_t SAMPLER_2D = 0x8B5E;
inline constexpr uint32_t SAMPLER_3D = 0x8B5F;
inline constexpr uint32_t SAMPLER_CUBE = 0x8B60;
inline constexpr uint32_t SAMPLER_1D_SHADOW = 0x8B61;
inline constexpr uint32_t SAMPLER_2D_SHADOW = 0x8B62;
inline constexpr uint32_t SAMPLER_2D_RECT = 0x8B63;
inline constexpr uint32_t SAMPLER_2D_ARRAY = 0x8DC1;
inline constexpr uint32_t SAMPLER_BUFFER = 0x8DC2;
inline constexpr uint32_t SAMPLER_2D_ARRAY_SHADOW = 0x8DC4;
inline constexpr uint32_t SAMPLER_CUBE_SHADOW = 0x8DC5;
inline constexpr uint32_t SAMPLER_2D_MULTISAMPLE = 0x9108;
inline constexpr uint32_t SAMPLER_EXTERNAL_OES = 0x8D66;
inline constexpr uint32_t INT_SAMPLER_2D = 0x8DCA;
inline constexpr uint32_t INT_SAMPLER_3D = 0x8DCB;
inline constexpr uint32_t INT_SAMPLER_CUBE = 0x8DCC;
inline constexpr uint32_t INT_SAMPLER_2D_ARRAY = 0x8DCF;
inline constexpr uint32_t UNSIGNED_INT_SAMPLER_2D = 0x8DD2;
inline constexpr uint32_t UNSIGNED_INT_SAMPLER_3D = 0x8DD3;
inline constexpr uint32_t UNSIGNED_INT_SAMPLER_CUBE = 0x8DD4;
inline constexpr uint32_t UNSIGNED_INT_SAMPLER_2D_ARRAY = 0x8DD7;
inline constexpr uint32_t IMAGE_2D = 0x904D;
inline constexpr uint32_t IMAGE_3D = 0x904E;
inline constexpr uint32_t IMAGE_CUBE = 0x9050;
inline constexpr uint32_t IMAGE_2D_ARRAY = 0x9053;
inline constexpr uint32_t INT_IMAGE_2D = 0x9058;
inline constexpr uint32_t UNSIGNED_INT_IMAGE_2D = 0x9063;
inline constexpr uint32_t UNSIGNED_INT_ATOMIC_COUNTER = 0x92DB;

}  // namespace brass::compiler::gl
