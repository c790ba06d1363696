// Masked clears of a layered framebuffer: meta.vert's triangle once per
// layer, the instance being the layer that meta_layer.geom routes it to
// (a vertex shader may not write gl_Layer without shaderOutputLayer, while
// layered framebuffers exist only with geometry shaders).
#version 450
layout(location = 0) flat out int layer;
void main() {
  vec2 p = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2);
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
  layer = gl_InstanceIndex;
}
