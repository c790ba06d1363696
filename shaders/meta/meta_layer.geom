// Routes meta_layer.vert's triangle to the layer of its instance.
#version 450
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
layout(location = 0) flat in int layer[];
void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = gl_in[i].gl_Position;
    gl_Layer = layer[0];
    EmitVertex();
  }
}
