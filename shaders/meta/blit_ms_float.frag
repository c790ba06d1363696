// Multisample -> single-sample shader blit (scaled or format-converting
// resolve): the average of the source texel's samples (push.misc.x).
#version 450
layout(push_constant) uniform Push {
  vec4 src;
  vec4 value;
  ivec4 misc;
} push;
layout(set = 0, binding = 0) uniform sampler2DMS src;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
  ivec2 size = textureSize(src);
  ivec2 t = clamp(ivec2(floor(uv * vec2(size))), ivec2(0), size - 1);
  vec4 sum = vec4(0.0);
  for (int s = 0; s < push.misc.x; ++s) sum += texelFetch(src, t, s);
  color = sum / float(push.misc.x);
}
