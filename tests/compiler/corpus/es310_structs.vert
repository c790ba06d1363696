#version 310 es
struct Light {
  vec3 position;
  float intensity;
  vec4 color[2];
};
uniform Light u_lights[3];
uniform Material {
  vec4 diffuse;
  float shininess;
  Light key;
} u_material;
layout(std140) uniform Skin {
  mat4 bones[4];
};
in vec4 pos;
out vec4 v_color;
void main() {
  vec4 c = vec4(0.0);
  for (int i = 0; i < 3; ++i) c += u_lights[i].color[1] * u_lights[i].intensity + vec4(u_lights[i].position, 1.0);
  v_color = c * u_material.diffuse * u_material.shininess + u_material.key.color[0];
  gl_Position = bones[2] * pos;
}
