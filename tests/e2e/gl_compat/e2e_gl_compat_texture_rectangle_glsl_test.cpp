// ARB_texture_rectangle in GLSL 1.10 / 1.20 / 1.30 without an #extension
// directive: the extension predates the directive, so its types and
// lookups (sampler2DRect, sampler2DRectShadow, texture2DRect, shadow2DRect
// ...) are there whenever the context lists it (the extension's issue 15);
// a source may still disable it.
#include "e2e_gl_compat_fixture.h"

#include <cstdio>

namespace brass::e2e {
namespace {

using GlCompatTextureRectangleGlslTest = GlCompatTest;

void draw_quad() {
  glBegin(GL_QUADS);
  glVertex2f(-1, -1);
  glVertex2f(1, -1);
  glVertex2f(1, 1);
  glVertex2f(-1, 1);
  glEnd();
}

TEST_F(GlCompatTextureRectangleGlslTest, SampledWithoutDirectiveInEveryOldVersion) {
  ASSERT_TRUE(has_extension("GL_ARB_texture_rectangle"));
  // An 8x4 rectangle: the left half red, the right half green.
  std::vector<uint32_t> texels(8 * 4);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 8; ++x) texels[size_t(y * 8 + x)] = x < 4 ? rgba(255, 0, 0) : rgba(0, 255, 0);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_RECTANGLE_ARB, tex);
  glTexImage2D(GL_TEXTURE_RECTANGLE_ARB, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  for (int version : {110, 120, 130}) {
    char vs[256], fs[512];
    std::snprintf(vs, sizeof(vs),
                  "#version %d\nvarying vec2 tc;\n"
                  "void main() { gl_Position = gl_Vertex; tc = (gl_Vertex.xy * 0.5 + 0.5) * vec2(8.0, 4.0); }\n",
                  version);
    // Unnormalized coordinates: texel (x, y) of the rectangle.
    std::snprintf(fs, sizeof(fs),
                  "#version %d\nuniform sampler2DRect tex;\nvarying vec2 tc;\n"
                  "void main() { gl_FragColor = texture2DRect(tex, tc) + texture2DRectProj(tex, vec3(tc, 1.0)) * 0.0; }\n",
                  version);
    const GLuint p = program(vs, fs);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "tex"), 0);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    draw_quad();
    EXPECT_EQ(pixel(kWidth / 4, kHeight / 2), rgba(255, 0, 0)) << version;
    EXPECT_EQ(pixel(3 * kWidth / 4, kHeight / 2), rgba(0, 255, 0)) << version;
    glUseProgram(0);
    glDeleteProgram(p);
  }
  glDeleteTextures(1, &tex);
}

TEST_F(GlCompatTextureRectangleGlslTest, ShadowRectangleWithoutDirective) {
  // A 4x4 depth rectangle of 0.5 compared LEQUAL with 0.25 and 0.75.
  std::vector<float> depth(16, 0.5f);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_RECTANGLE_ARB, tex);
  glTexImage2D(GL_TEXTURE_RECTANGLE_ARB, 0, GL_DEPTH_COMPONENT32F, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
               depth.data());
  glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  const GLuint p = program("#version 120\nvoid main() { gl_Position = gl_Vertex; }\n",
                           "#version 120\nuniform sampler2DRectShadow tex;\n"
                           "void main() {\n"
                           "  float lo = shadow2DRect(tex, vec3(1.5, 1.5, 0.25)).r;\n"
                           "  float hi = shadow2DRect(tex, vec3(1.5, 1.5, 0.75)).r;\n"
                           "  gl_FragColor = vec4(lo, hi, 0.0, 1.0);\n"
                           "}\n");
  glUseProgram(p);
  draw_quad();
  // 0.25 <= 0.5 passes, 0.75 <= 0.5 does not.
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(255, 0, 0));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
}

// `#extension GL_ARB_texture_rectangle : disable` takes the words away again.
TEST_F(GlCompatTextureRectangleGlslTest, DisabledByTheSource) {
  const GLuint s = shader(GL_FRAGMENT_SHADER,
                          "#version 120\n#extension GL_ARB_texture_rectangle : disable\n"
                          "uniform sampler2DRect tex;\n"
                          "void main() { gl_FragColor = texture2DRect(tex, vec2(0.0)); }\n",
                          false);
  glDeleteShader(s);
}

}  // namespace
}  // namespace brass::e2e
