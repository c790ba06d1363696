// ARB_texture_query_lod (shading language only) through `#extension ...
// : require` in #version 330, ARB_base_instance's draws, and
// ARB_draw_instanced's gl_InstanceIDARB in older GLSL, with their results
// read back.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlCoreGlslExt = GlCoreTest;

TEST_F(GlCoreGlslExt, TextureQueryLod) {
  // A 16x16 mipmapped texture stretched so that one pixel covers two
  // texels: level of detail 1.
  std::vector<uint32_t> texels(16 * 16, rgba(9, 9, 9));
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
#extension GL_ARB_texture_query_lod : require
uniform sampler2D tex;
out vec4 c;
void main() {
  vec2 lod = textureQueryLOD(tex, gl_FragCoord.xy * (4.0 / 32.0));
  c = vec4(lod.x * 0.25, lod.y * 0.25, 0.0, 1.0);
})");
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const uint32_t px = pixel(7, 7);
  EXPECT_NEAR(int(px & 0xff), 64, 3);
  EXPECT_NEAR(int((px >> 8) & 0xff), 64, 3);
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreGlslExt, BaseInstanceSelectsInstancedAttributes) {
  // Colour per instance (divisor 1); base instance 2 starts at the third.
  const float colors[] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
  GLuint vbo = 0;
  glGenBuffers(1, &vbo);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, sizeof(colors), colors, GL_STATIC_DRAW);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, nullptr);
  glVertexAttribDivisor(0, 1);
  glEnableVertexAttribArray(0);
  GLuint p = program(R"(#version 330 core
layout(location = 0) in vec3 color;
out vec3 v;
void main() {
  v = color;
  gl_Position = vec4(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0, 0.0, 1.0);
})",
                     R"(#version 330 core
in vec3 v;
out vec4 c;
void main() { c = vec4(v, 1.0); })");
  glUseProgram(p);
  glDrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 3, 1, 2);
  EXPECT_EQ(pixel(4, 4), rgba(0, 0, 255));
  const GLuint indices[3] = {0, 1, 2};
  GLuint ibo = 0;
  glGenBuffers(1, &ibo);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices, GL_STATIC_DRAW);
  glDrawElementsInstancedBaseInstance(GL_TRIANGLES, 3, GL_UNSIGNED_INT, nullptr, 1, 1);
  EXPECT_EQ(pixel(4, 4), rgba(0, 255, 0));
  glDeleteProgram(p);
  glDeleteBuffers(1, &ibo);
  glDeleteBuffers(1, &vbo);
}

TEST_F(GlCoreGlslExt, DrawInstancedArbNameOfTheInstanceIndex) {
  // ARB_draw_instanced's gl_InstanceIDARB in GLSL 1.40 and 1.50: instance 1
  // of two draws the left half green over instance 0's red. (GLSL 1.30
  // still refuses it: glslang checks 1.30 sources, which have no
  // gl_InstanceID, before the upgrader takes them to 1.40.)
  for (const char* version : {"#version 140\n", "#version 150\n"}) {
    const std::string vs = std::string(version) + R"(#extension GL_ARB_draw_instanced : require
out vec4 v;
void main() {
  float x = gl_VertexID == 1 ? 3.0 : -1.0;
  if (gl_InstanceIDARB == 1) x = gl_VertexID == 1 ? 0.0 : -1.0;
  v = gl_InstanceIDARB == 1 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
  gl_Position = vec4(x, gl_VertexID == 2 ? 3.0 : -1.0, 0.0, 1.0);
})";
    const std::string fs = std::string(version) + "in vec4 v;\nout vec4 c;\nvoid main() { c = v; }\n";
    GLuint p = program(vs.c_str(), fs.c_str());
    glUseProgram(p);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 2);
    EXPECT_EQ(pixel(1, 1), rgba(0, 255, 0)) << version;
    EXPECT_EQ(pixel(kWidth - 2, 1), rgba(255, 0, 0)) << version;
    glDeleteProgram(p);
  }
}

}  // namespace
}  // namespace brass::e2e
