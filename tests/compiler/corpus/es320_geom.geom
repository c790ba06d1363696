#version 320 es
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in vec4 v_pos[];
out vec4 g_color;
uniform vec4 u_scale;
void main() {
  for (int i = 0; i < 3; ++i) {
    g_color = v_pos[i] * u_scale;
    gl_Position = gl_in[i].gl_Position;
    EmitVertex();
  }
  EndPrimitive();
}
