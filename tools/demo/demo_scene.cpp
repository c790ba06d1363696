#include "demo_scene.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <vector>

namespace brass::demo {

namespace {

const char* kVertexShader = R"(#version 300 es
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec2 a_uv;
uniform mat4 u_view_projection;
uniform float u_time;
out vec3 v_normal;
out vec3 v_world;
out vec2 v_uv;
flat out int v_instance;

mat3 rotation(float a, float b) {
  float ca = cos(a), sa = sin(a), cb = cos(b), sb = sin(b);
  return mat3(ca, 0.0, -sa, 0.0, 1.0, 0.0, sa, 0.0, ca) * mat3(1.0, 0.0, 0.0, 0.0, cb, sb, 0.0, -sb, cb);
}

void main() {
  // Instance 0 is the ground plane; 1..9 are cubes in a 3x3 grid.
  vec3 world;
  vec3 normal;
  if (gl_InstanceID == 0) {
    world = a_position * vec3(6.0, 0.05, 6.0) + vec3(0.0, -1.2, 0.0);
    normal = a_normal;
  } else {
    int i = gl_InstanceID - 1;
    vec3 offset = vec3(float(i % 3) - 1.0, 0.0, float(i / 3) - 1.0) * 2.2;
    mat3 r = rotation(u_time * (0.6 + 0.1 * float(i)), u_time * 0.4 + float(i));
    world = r * (a_position * 0.7) + offset + vec3(0.0, 0.25 * sin(u_time * 2.0 + float(i)), 0.0);
    normal = r * a_normal;
  }
  v_normal = normal;
  v_world = world;
  v_uv = a_uv;
  v_instance = gl_InstanceID;
  gl_Position = u_view_projection * vec4(world, 1.0);
}
)";

const char* kFragmentShader = R"(#version 300 es
precision highp float;
in vec3 v_normal;
in vec3 v_world;
in vec2 v_uv;
flat in int v_instance;
uniform sampler2D u_texture;
layout(std140) uniform Lighting {
  vec4 light_direction;   // xyz: towards the light
  vec4 light_color;
  vec4 ambient;
  vec4 eye_position;
};
out vec4 frag_color;

void main() {
  vec3 n = normalize(v_normal);
  vec3 l = normalize(light_direction.xyz);
  vec3 v = normalize(eye_position.xyz - v_world);
  vec3 h = normalize(l + v);
  float diffuse = max(dot(n, l), 0.0);
  float specular = pow(max(dot(n, h), 0.0), 48.0) * step(0.0, diffuse);
  vec3 tint = v_instance == 0 ? vec3(0.55, 0.6, 0.65)
                              : 0.5 + 0.5 * cos(vec3(0.0, 2.1, 4.2) + float(v_instance));
  vec3 albedo = texture(u_texture, v_uv * (v_instance == 0 ? 6.0 : 1.0)).rgb * tint;
  vec3 color = albedo * (ambient.rgb + diffuse * light_color.rgb) + specular * light_color.rgb * 0.6;
  frag_color = vec4(pow(color, vec3(1.0 / 2.2)), 1.0);
}
)";

struct Vertex {
  float position[3];
  float normal[3];
  float uv[2];
};

struct Mat4 {
  float m[16];  // column-major, as GL expects
};

Mat4 multiply(const Mat4& a, const Mat4& b) {
  Mat4 r{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row) {
      float s = 0;
      for (int k = 0; k < 4; ++k) s += a.m[k * 4 + row] * b.m[c * 4 + k];
      r.m[c * 4 + row] = s;
    }
  return r;
}

Mat4 perspective(float fovy, float aspect, float near, float far) {
  const float f = 1.0f / std::tan(fovy / 2);
  Mat4 r{};
  r.m[0] = f / aspect;
  r.m[5] = f;
  r.m[10] = (far + near) / (near - far);
  r.m[11] = -1;
  r.m[14] = 2 * far * near / (near - far);
  return r;
}

Mat4 look_at(const float eye[3], const float center[3]) {
  float f[3] = {center[0] - eye[0], center[1] - eye[1], center[2] - eye[2]};
  const float fl = std::sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
  for (float& x : f) x /= fl;
  const float up[3] = {0, 1, 0};
  float s[3] = {f[1] * up[2] - f[2] * up[1], f[2] * up[0] - f[0] * up[2], f[0] * up[1] - f[1] * up[0]};
  const float sl = std::sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
  for (float& x : s) x /= sl;
  const float u[3] = {s[1] * f[2] - s[2] * f[1], s[2] * f[0] - s[0] * f[2], s[0] * f[1] - s[1] * f[0]};
  Mat4 r{};
  r.m[0] = s[0]; r.m[4] = s[1]; r.m[8] = s[2];
  r.m[1] = u[0]; r.m[5] = u[1]; r.m[9] = u[2];
  r.m[2] = -f[0]; r.m[6] = -f[1]; r.m[10] = -f[2];
  r.m[12] = -(s[0] * eye[0] + s[1] * eye[1] + s[2] * eye[2]);
  r.m[13] = -(u[0] * eye[0] + u[1] * eye[1] + u[2] * eye[2]);
  r.m[14] = f[0] * eye[0] + f[1] * eye[1] + f[2] * eye[2];
  r.m[15] = 1;
  return r;
}

GLuint compile(GLenum stage, const char* source, std::string* error) {
  GLuint s = glCreateShader(stage);
  glShaderSource(s, 1, &source, nullptr);
  glCompileShader(s);
  GLint ok = GL_FALSE;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(s, sizeof(log), nullptr, log);
    *error = std::string(stage == GL_VERTEX_SHADER ? "vertex" : "fragment") + " shader: " + log;
    glDeleteShader(s);
    return 0;
  }
  return s;
}

void cube_geometry(std::vector<Vertex>* vertices, std::vector<uint16_t>* indices) {
  // Six faces, four vertices each, so every face has its own normal and UVs.
  const float n[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  for (int face = 0; face < 6; ++face) {
    const float* normal = n[face];
    // Two axes spanning the face.
    float a[3] = {normal[1], normal[2], normal[0]};
    float b[3] = {normal[1] * a[2] - normal[2] * a[1], normal[2] * a[0] - normal[0] * a[2],
                  normal[0] * a[1] - normal[1] * a[0]};
    const uint16_t base = static_cast<uint16_t>(vertices->size());
    const float corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    for (const auto& c : corners) {
      Vertex v{};
      for (int k = 0; k < 3; ++k) {
        v.position[k] = normal[k] + c[0] * a[k] + c[1] * b[k];
        v.normal[k] = normal[k];
      }
      v.uv[0] = (c[0] + 1) / 2;
      v.uv[1] = (c[1] + 1) / 2;
      vertices->push_back(v);
    }
    for (uint16_t i : {0, 1, 2, 0, 2, 3}) indices->push_back(static_cast<uint16_t>(base + i));
  }
}

}  // namespace

bool Scene::init(std::string* error) {
  GLuint vs = compile(GL_VERTEX_SHADER, kVertexShader, error);
  if (!vs) return false;
  GLuint fs = compile(GL_FRAGMENT_SHADER, kFragmentShader, error);
  if (!fs) return false;
  program_ = glCreateProgram();
  glAttachShader(program_, vs);
  glAttachShader(program_, fs);
  glLinkProgram(program_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = GL_FALSE;
  glGetProgramiv(program_, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(program_, sizeof(log), nullptr, log);
    *error = std::string("link: ") + log;
    return false;
  }
  u_view_projection_ = glGetUniformLocation(program_, "u_view_projection");
  u_time_ = glGetUniformLocation(program_, "u_time");
  u_sampler_ = glGetUniformLocation(program_, "u_texture");
  const GLuint block = glGetUniformBlockIndex(program_, "Lighting");
  if (u_view_projection_ < 0 || u_time_ < 0 || u_sampler_ < 0 || block == GL_INVALID_INDEX) {
    *error = "program interface query failed";
    return false;
  }
  glUniformBlockBinding(program_, block, 0);

  std::vector<Vertex> vertices;
  std::vector<uint16_t> indices;
  cube_geometry(&vertices, &indices);
  index_count_ = static_cast<GLsizei>(indices.size());
  glGenVertexArrays(1, &vao_);
  glBindVertexArray(vao_);
  glGenBuffers(1, &vertex_buffer_);
  glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(Vertex)), vertices.data(),
               GL_STATIC_DRAW);
  glGenBuffers(1, &index_buffer_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(uint16_t)),
               indices.data(), GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, normal)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, sizeof(Vertex), reinterpret_cast<void*>(offsetof(Vertex, uv)));
  glBindVertexArray(0);

  const float lighting[16] = {0.4f, 0.9f, 0.5f, 0, 1.0f, 0.95f, 0.85f, 1, 0.18f, 0.2f, 0.25f, 1, 0, 0, 0, 1};
  glGenBuffers(1, &light_buffer_);
  glBindBuffer(GL_UNIFORM_BUFFER, light_buffer_);
  glBufferData(GL_UNIFORM_BUFFER, sizeof(lighting), lighting, GL_DYNAMIC_DRAW);

  // A checkerboard with a soft border per tile, mipmapped.
  const int size = 128;
  std::vector<uint8_t> texels(size * size * 4);
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x) {
      const bool check = ((x / 16) + (y / 16)) % 2 == 0;
      const int edge = std::min({x % 16, y % 16, 15 - x % 16, 15 - y % 16});
      const uint8_t base = check ? 235 : 90;
      const uint8_t v = static_cast<uint8_t>(edge == 0 ? base * 3 / 4 : base);
      uint8_t* t = &texels[(y * size + x) * 4];
      t[0] = v;
      t[1] = v;
      t[2] = static_cast<uint8_t>(std::min(255, v + 10));
      t[3] = 255;
    }
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);

  glEnable(GL_DEPTH_TEST);
  glEnable(GL_CULL_FACE);
  return glGetError() == GL_NO_ERROR || (*error = "GL error during set-up", false);
}

void Scene::draw(int frame, int width, int height) {
  const float time = static_cast<float>(frame) / 60.0f;
  const float eye[3] = {7.5f * std::sin(time * 0.3f), 5.0f, 7.5f * std::cos(time * 0.3f)};
  const float center[3] = {0, -0.3f, 0};
  const Mat4 vp = multiply(perspective(0.9f, static_cast<float>(width) / static_cast<float>(height), 0.1f, 50.0f),
                           look_at(eye, center));
  const float eye4[4] = {eye[0], eye[1], eye[2], 1};
  glBindBuffer(GL_UNIFORM_BUFFER, light_buffer_);
  glBufferSubData(GL_UNIFORM_BUFFER, 12 * sizeof(float), sizeof(eye4), eye4);

  glViewport(0, 0, width, height);
  glClearColor(0.08f, 0.1f, 0.14f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glUseProgram(program_);
  glUniformMatrix4fv(u_view_projection_, 1, GL_FALSE, vp.m);
  glUniform1f(u_time_, time);
  glUniform1i(u_sampler_, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glBindBufferBase(GL_UNIFORM_BUFFER, 0, light_buffer_);
  glBindVertexArray(vao_);
  glDrawElementsInstanced(GL_TRIANGLES, index_count_, GL_UNSIGNED_SHORT, nullptr, 10);
  glBindVertexArray(0);
}

void Scene::destroy() {
  glDeleteProgram(program_);
  glDeleteVertexArrays(1, &vao_);
  GLuint buffers[] = {vertex_buffer_, index_buffer_, light_buffer_};
  glDeleteBuffers(3, buffers);
  glDeleteTextures(1, &texture_);
  *this = Scene{};
}

}  // namespace brass::demo
