#version 450
// A uniform texel buffer read and a storage texel buffer written:
// dst[i] = src[i] * 2 + i. Binding contract: set 2 = samplers (texel
// buffers among them), set 4 = storage images (storage texel buffers).
layout(local_size_x = 4, local_size_y = 1, local_size_z = 1) in;
layout(set = 2, binding = 0) uniform usamplerBuffer src;
layout(set = 4, binding = 0, r32ui) uniform uimageBuffer dst;
void main() {
  int i = int(gl_GlobalInvocationID.x);
  imageStore(dst, i, texelFetch(src, i) * 2u + uint(i));
}
