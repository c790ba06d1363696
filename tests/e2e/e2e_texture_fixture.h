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

}  // namespace brass::e2e
