// Driver-internal draws (masked clears, shader blits): one triangle that
// covers the viewport; uv runs from push.src.xy at the viewport's top-left
// corner to push.src.zw at its bottom-right one.
#version 450
layout(push_constant) uniform Push {
  vec4 src;
  vec4 value;
  ivec4 misc;
} push;
layout(location = 0) out vec2 uv;
void main() {
  vec2 p = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2);
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
  uv = mix(push.src.xy, push.src.zw, p);
}
