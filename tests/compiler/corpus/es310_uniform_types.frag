#version 310 es
precision highp float;
precision highp int;
precision highp sampler3D;
precision highp samplerCubeShadow;
precision highp sampler2DShadow;
precision highp sampler2DArray;
precision highp sampler2DArrayShadow;
precision highp sampler2DMS;
precision highp isampler2D;
precision highp usampler3D;
precision highp isamplerCube;
precision highp usampler2DArray;
in vec4 v;
uniform sampler2D s_2d;
uniform sampler3D s_3d;
uniform samplerCube s_cube;
uniform sampler2DShadow s_2dshadow;
uniform samplerCubeShadow s_cubeshadow;
uniform sampler2DArray s_2darray;
uniform sampler2DArrayShadow s_2darrayshadow;
uniform sampler2DMS s_2dms;
uniform isampler2D s_i2d;
uniform usampler3D s_u3d;
uniform isamplerCube s_icube;
uniform usampler2DArray s_u2darray;
out vec4 color;
void main() {
  vec4 c = texture(s_2d, v.xy) + texture(s_3d, v.xyz) + texture(s_cube, v.xyz);
  c += vec4(texture(s_2dshadow, v.xyz) + texture(s_cubeshadow, v) + texture(s_2darrayshadow, v));
  c += texture(s_2darray, v.xyz) + texelFetch(s_2dms, ivec2(0), 0);
  c += vec4(texture(s_i2d, v.xy)) + vec4(texture(s_u3d, v.xyz)) + vec4(texture(s_icube, v.xyz));
  c += vec4(texture(s_u2darray, v.xyz));
  color = c * v;
}
