#version 310 es
layout(local_size_x = 8, local_size_y = 4) in;
layout(std430, binding = 2) buffer Data {
  uint count;
  vec4 values[];
} data;
layout(rgba8, binding = 1) uniform readonly highp image2D u_src;
layout(r32ui, binding = 0) uniform highp uimage2D u_dst;
uniform uint u_scale;
shared uint s_total;
void main() {
  if (gl_LocalInvocationIndex == 0u) s_total = 0u;
  barrier();
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  vec4 c = imageLoad(u_src, p);
  atomicAdd(s_total, 1u);
  imageStore(u_dst, p, uvec4(c * float(u_scale)));
  data.values[gl_GlobalInvocationID.x] = c;
  barrier();
  if (gl_LocalInvocationIndex == 0u) atomicAdd(data.count, s_total);
}
