#version 430 core
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer In { float in_data[]; };
layout(std430, binding = 1) buffer Out { float out_data[]; };
layout(std140, binding = 0) uniform Params { float scale; uint count; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i < count) out_data[i] = in_data[i] * scale;
}
