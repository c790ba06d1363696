#version 310 es
in vec4 pos;
uniform float u_float;
uniform vec2 u_vec2;
uniform vec3 u_vec3;
uniform vec4 u_vec4;
uniform int u_int;
uniform ivec2 u_ivec2;
uniform ivec3 u_ivec3;
uniform ivec4 u_ivec4;
uniform uint u_uint;
uniform uvec2 u_uvec2;
uniform uvec3 u_uvec3;
uniform uvec4 u_uvec4;
uniform bool u_bool;
uniform bvec2 u_bvec2;
uniform bvec3 u_bvec3;
uniform bvec4 u_bvec4;
uniform mat2 u_mat2;
uniform mat3 u_mat3;
uniform mat4 u_mat4;
uniform mat2x3 u_mat2x3;
uniform mat2x4 u_mat2x4;
uniform mat3x2 u_mat3x2;
uniform mat3x4 u_mat3x4;
uniform mat4x2 u_mat4x2;
uniform mat4x3 u_mat4x3;
out vec4 v;
void main() {
  vec4 a = vec4(u_float) + vec4(u_vec2, u_vec3.xy) + u_vec4;
  a += vec4(ivec4(u_int) + ivec4(u_ivec2, u_ivec3.xy) + u_ivec4);
  a += vec4(uvec4(u_uint) + uvec4(u_uvec2, u_uvec3.xy) + u_uvec4);
  a += vec4(u_bool ? 1.0 : 0.0) + vec4(bvec4(u_bvec2, u_bvec3.xy)) + vec4(u_bvec4);
  a += vec4(u_mat2[0], u_mat2[1]) + vec4(u_mat3[0], 1.0) + u_mat4[0];
  a += vec4(u_mat2x3[0], 0.0) + u_mat2x4[1] + vec4(u_mat3x2[2], 0.0, 0.0) + u_mat3x4[0];
  a += vec4(u_mat4x2[3], 0.0, 0.0) + vec4(u_mat4x3[3], 0.0);
  v = a;
  gl_Position = pos;
}
