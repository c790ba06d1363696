// Samplers inside uniform structs through glvnd (Vulkan has no opaque struct
// members; the compiler flattens them, src/compiler/opaque_struct_lowering.h):
// set with glUniform1i by their GL names, read back, sampled from the unit
// set, also when the struct is passed to a function.
#include <initializer_list>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

class StructSamplers : public GlesTest {
 protected:
  void draw() {
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  // One 1x1 texture of each color on units 3, 4, ...
  std::vector<GLuint> textures(std::initializer_list<uint32_t> texels) {
    std::vector<GLuint> tex(texels.size());
    glGenTextures(static_cast<GLsizei>(tex.size()), tex.data());
    int i = 0;
    for (uint32_t texel : texels) {
      glActiveTexture(GL_TEXTURE0 + 3 + i);
      glBindTexture(GL_TEXTURE_2D, tex[static_cast<size_t>(i)]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      ++i;
    }
    glActiveTexture(GL_TEXTURE0);
    return tex;
  }
};

TEST_F(StructSamplers, SamplersInsideStructs) {
  GLuint p = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
struct S { float scale; sampler2D tex; };
uniform S s[2];
uniform int pick;
out vec4 o;
void main() {
  o = pick == 0 ? texture(s[0].tex, vec2(0.5)) * s[0].scale : texture(s[1].tex, vec2(0.5)) * s[1].scale;
})");
  const uint32_t texels[2] = {rgba(255, 0, 0), rgba(0, 255, 0)};
  GLuint tex[2];
  glGenTextures(2, tex);
  for (int i = 0; i < 2; ++i) {
    glActiveTexture(GL_TEXTURE0 + 3 + i);
    glBindTexture(GL_TEXTURE_2D, tex[i]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, &texels[i]);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  }
  glActiveTexture(GL_TEXTURE0);
  glUseProgram(p);
  const GLint tex0 = glGetUniformLocation(p, "s[0].tex"), tex1 = glGetUniformLocation(p, "s[1].tex");
  ASSERT_GE(tex0, 0);
  ASSERT_GE(tex1, 0);
  EXPECT_NE(tex0, tex1);
  glUniform1i(tex0, 3);
  glUniform1i(tex1, 4);
  glUniform1f(glGetUniformLocation(p, "s[0].scale"), 1.0f);
  glUniform1f(glGetUniformLocation(p, "s[1].scale"), 1.0f);
  GLint unit = -1;
  glGetUniformiv(p, tex1, &unit);
  EXPECT_EQ(unit, 4);
  for (int pick = 0; pick < 2; ++pick) {
    glUniform1i(glGetUniformLocation(p, "pick"), pick);
    draw();
    EXPECT_EQ(pixel(16, 16), texels[pick]) << "s[" << pick << "].tex";
  }
  glDeleteTextures(2, tex);
  glDeleteProgram(p);
}

// ESSL 1.00 §6.1 lets structs with samplers be function arguments: a whole
// struct, an element of a struct array, and a whole struct array passed on
// to another function each sample the texture of the unit set for it.
TEST_F(StructSamplers, StructsWithSamplersAsFunctionArguments) {
  GLuint p = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
struct S { sampler2D tex; float scale; };
vec4 one(S s) { return texture(s.tex, vec2(0.5)) * s.scale; }
vec4 second_of(S s[2]) { return one(s[1]); }
uniform S single;
uniform S pair[2];
uniform int pick;
out vec4 o;
void main() { o = pick == 0 ? one(single) : pick == 1 ? one(pair[0]) : second_of(pair); })");
  const uint32_t red = rgba(255, 0, 0), green = rgba(0, 255, 0), blue = rgba(0, 0, 255);
  std::vector<GLuint> tex = textures({red, green, blue});
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "single.tex"), 3);
  glUniform1i(glGetUniformLocation(p, "pair[0].tex"), 4);
  glUniform1i(glGetUniformLocation(p, "pair[1].tex"), 5);
  for (const char* scale : {"single.scale", "pair[0].scale", "pair[1].scale"})
    glUniform1f(glGetUniformLocation(p, scale), 1.0f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const uint32_t expected[3] = {red, green, blue};
  for (int pick = 0; pick < 3; ++pick) {
    glUniform1i(glGetUniformLocation(p, "pick"), pick);
    draw();
    EXPECT_EQ(pixel(16, 16), expected[pick]) << "pick " << pick;
  }
  glDeleteTextures(static_cast<GLsizei>(tex.size()), tex.data());
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
