#version 300 es
precision highp float;
flat in ivec2 v_index;
in vec4 v_color;
uniform highp sampler2DArray u_layers;
uniform highp usampler2D u_ids;
layout(location = 0) out vec4 o_color;
layout(location = 1) out uvec4 o_id;
void main() {
  o_color = v_color + texture(u_layers, vec3(0.5, 0.5, float(v_index.x)));
  o_id = texelFetch(u_ids, v_index, 0);
}
