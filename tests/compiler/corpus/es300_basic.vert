#version 300 es
layout(location = 3) in vec4 position;
in vec4 color;
flat out ivec2 v_index;
out vec4 v_color;
layout(std140) uniform Transform {
  mat4 mvp;
  vec4 tint;
} xform;
void main() {
  v_index = ivec2(gl_VertexID, gl_InstanceID);
  v_color = color * xform.tint;
  gl_Position = xform.mvp * position;
}
