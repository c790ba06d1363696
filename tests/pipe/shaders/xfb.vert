#version 450
// vbo.vert plus a captured output: (pos, vertex index, 1) into buffer 0.
layout(location = 0) in vec2 pos;
layout(location = 1) in vec4 color;
layout(location = 0) out vec4 v_color;
layout(location = 1, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 v_captured;
void main() {
  v_color = color;
  v_captured = vec4(pos, float(gl_VertexIndex), 1.0);
  gl_Position = vec4(pos, 0.0, 1.0);
}
