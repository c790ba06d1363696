#version 450
// Sets 3 (SSBO) and 4 (storage image) of the binding contract.
layout(set = 3, binding = 0, std430) readonly buffer Tint { vec4 color; } tint;
layout(set = 4, binding = 0, rgba8) uniform writeonly image2D img;
layout(location = 0) out vec4 o;
void main() {
  o = tint.color;
  imageStore(img, ivec2(gl_FragCoord.xy), tint.color.bgra);
}
