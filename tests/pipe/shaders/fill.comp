#version 450
// Fills a storage buffer: values[i] = base + i * step, for i < count, and
// writes the dispatch arguments of a second pass (indirect dispatch tests).
// Binding contract: set 0 binding 0 = the compute stage's default uniforms,
// set 3 = storage buffers, set 4 = storage images.
layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;
layout(set = 0, binding = 0, std140) uniform Defaults { uint base; uint step; uint count; uint groups; } u;
layout(set = 3, binding = 0, std430) buffer Values { uint values[]; };
layout(set = 3, binding = 1, std430) writeonly buffer Args { uvec3 next_groups; vec4 color; };
layout(set = 4, binding = 0, rgba8) uniform writeonly image2D img;
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i < u.count) values[i] = u.base + i * u.step;
  if (i == 0) {
    next_groups = uvec3(u.groups, 1, 1);
    color = vec4(0.0, 1.0, 0.0, 1.0);
  }
  if (i < 16) imageStore(img, ivec2(int(i), int(u.base % 16u)), vec4(1.0, 0.0, 1.0, 1.0));
}
