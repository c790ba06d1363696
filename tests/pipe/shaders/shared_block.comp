#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0, std140) uniform Default { uvec4 add; uint mul; } u;
layout(set = 3, binding = 0, std430) buffer Out { uint v[]; } o;
void main() { o.v[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x * u.mul + u.add[gl_GlobalInvocationID.x]; }
