// The texture tests' fixture: drawing a full-screen quad with a sampling
// program, and a tolerance compare (e2e_textures_test.cpp,
// e2e_astc_textures_test.cpp).
#pragma once

#include <cstdlib>
#include <string>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {

class TextureTest : public GlesTest {
 protected:
  GLenum err() { return glGetError(); }

  // Whether shaders can be linked and drawn with (the program and draw areas).
  bool can_draw() {
    static const char* vs = "#version 300 es\nvoid main(){gl_Position=vec4(0);}";
    static const char* fs = "#version 300 es\nprecision mediump float;out vec4 c;void main(){c=vec4(1);}";
    GLuint p = glCreateProgram();
    if (!p) {
      glGetError();
      return false;
    }
    GLuint s[2] = {glCreateShader(GL_VERTEX_SHADER), glCreateShader(GL_FRAGMENT_SHADER)};
    const char* src[2] = {vs, fs};
    for (int i = 0; i < 2; ++i) {
      glShaderSource(s[i], 1, &src[i], nullptr);
      glCompileShader(s[i]);
      glAttachShader(p, s[i]);
      glDeleteShader(s[i]);
    }
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    glDeleteProgram(p);
    while (glGetError() != GL_NO_ERROR) {
    }
    return ok != 0;
  }

  // Draws a full-screen quad with `fs` (which reads `v_uv` in [0,1]).
  void draw_quad(GLuint prog) {
    glUseProgram(prog);
    static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
    GLuint vbo = 0;
    glGenBuffers(1, &vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableVertexAttribArray(0);
    glDeleteBuffers(1, &vbo);
  }

  GLuint sampling_program(const char* decl, const char* expr) {
    static const char* vs =
        "#version 300 es\nlayout(location=0) in vec2 p;out vec2 v_uv;"
        "void main(){v_uv=p*0.5+0.5;gl_Position=vec4(p,0,1);}";
    std::string fs = std::string("#version 300 es\nprecision highp float;precision highp int;") +
                     "precision highp sampler3D;precision highp sampler2DArray;precision highp usampler2D;"
                     "precision highp sampler2DShadow;\n" +
                     decl + "\nin vec2 v_uv;out vec4 color;void main(){color=" + expr + ";}";
    return program(vs, fs.c_str());
  }

  static bool near(uint32_t a, uint32_t b, int tol = 2) {
    for (int i = 0; i < 4; ++i) {
      const int ca = int(a >> (8 * i) & 255), cb = int(b >> (8 * i) & 255);
      if (std::abs(ca - cb) > tol) return false;
    }
    return true;
  }
};

#define SKIP_UNLESS_DRAWS() \
  if (!can_draw()) GTEST_SKIP() << "programs/draws not available in this build"

}  // namespace brass::e2e
