// Varying packing in OpenGL ES (GLSL ES 1.00 Appendix A; GLSL ES 3.00
// §4.3.4's MAX_VARYING_VECTORS): varyings that the packing rules fit into
// GL_MAX_VARYING_VECTORS rows link and reach the fragment shader intact —
// a GLSL ES 1.00 mat3 array with a float array in the fourth column, and a
// GLSL ES 3.00 mix of smooth vec2s, centroid floats and flat ivec4/uint —
// and one vector more fails to link. Without packing each array element
// took a Vulkan location of its own and these failed to link.
#include <string>
#include <vector>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

class GlesVaryingPacking : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    glGetIntegerv(GL_MAX_VARYING_VECTORS, &max_vectors);
    GLint components = 0;
    glGetIntegerv(GL_MAX_VARYING_COMPONENTS, &components);
    ASSERT_GE(max_vectors, 15);
    ASSERT_EQ(components, max_vectors * 4);
    glViewport(0, 0, kWidth, kHeight);
  }

  // Draws a fullscreen triangle (attribute 0) with `p`; every pixel green.
  void expect_all_green(GLuint p) {
    static const float kTriangle[] = {-1, -1, 3, -1, -1, 3};
    glUseProgram(p);
    const GLint pos = glGetAttribLocation(p, "pos");
    ASSERT_GE(pos, 0);
    glVertexAttribPointer(GLuint(pos), 2, GL_FLOAT, GL_FALSE, 0, kTriangle);
    glEnableVertexAttribArray(GLuint(pos));
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDisableVertexAttribArray(GLuint(pos));
    std::vector<uint32_t> pixels(kWidth * kHeight);
    glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    int wrong = 0;
    for (uint32_t px : pixels) wrong += px != rgba(0, 255, 0);
    EXPECT_EQ(wrong, 0) << "first pixel " << std::hex << pixels[0];
    glUseProgram(0);
  }

  static bool links(const std::string& vs, const std::string& fs, std::string* log) {
    GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_FRAGMENT_SHADER, fs}}) {
      GLuint s = shader(type, src.c_str());
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    char text[2048] = {};
    glGetProgramInfoLog(p, sizeof(text), nullptr, text);
    *log = text;
    glDeleteProgram(p);
    return ok != 0;
  }

  GLint max_vectors = 0;
};

// GLSL ES 1.00: mat3 m[N/3] fills three columns of N rows (N a multiple
// of 3); a float array of N fills the fourth.
std::string es100_vs(int mats, int floats) {
  return "attribute vec2 pos;\nvarying mat3 m[" + std::to_string(mats) + "];\nvarying float f[" +
         std::to_string(floats) +
         "];\nvoid main() {\n"
         "  for (int k = 0; k < " + std::to_string(mats) +
         "; ++k) m[k] = mat3(float(k)) + mat3(pos.x, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0);\n"
         "  for (int k = 0; k < " + std::to_string(floats) + "; ++k) f[k] = pos.x - float(k);\n"
         "  gl_Position = vec4(pos, 0.0, 1.0);\n}\n";
}
std::string es100_fs(int mats, int floats) {
  return "precision highp float;\nvarying mat3 m[" + std::to_string(mats) + "];\nvarying float f[" +
         std::to_string(floats) +
         "];\nvoid main() {\n"
         "  float x = gl_FragCoord.x / 16.0 - 1.0;\n"
         "  bool ok = true;\n"
         "  for (int k = 0; k < " + std::to_string(mats) + "; ++k) {\n"
         "    mat3 e = mat3(float(k)) + mat3(x, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0);\n"
         "    for (int c = 0; c < 3; ++c)\n"
         "      ok = ok && all(lessThan(abs(m[k][c] - e[c]), vec3(0.01)));\n"
         "  }\n"
         "  for (int k = 0; k < " + std::to_string(floats) + "; ++k) ok = ok && abs(f[k] - (x - float(k))) < 0.01;\n"
         "  gl_FragColor = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n}\n";
}

TEST_F(GlesVaryingPacking, Es100MatricesAndFloatsFillMaxVaryingVectors) {
  const int mats = max_vectors / 3;
  GLuint p = program(es100_vs(mats, max_vectors).c_str(), es100_fs(mats, max_vectors).c_str());
  expect_all_green(p);
  glDeleteProgram(p);
}

TEST_F(GlesVaryingPacking, Es100OneVectorTooManyFailsToLink) {
  std::string log;
  // One float more than GL_MAX_VARYING_COMPONENTS.
  const int mats = max_vectors / 3, floats = 4 * max_vectors - 9 * mats + 1;
  EXPECT_FALSE(links(es100_vs(mats, floats), es100_fs(mats, floats), &log));
  EXPECT_NE(log.find("too many vertex shader output"), std::string::npos) << log;
}

TEST_F(GlesVaryingPacking, Es300MixedQualifiersFillMaxVaryingVectors) {
  // smooth vec2 s[2N - 24] (4N - 48 components), centroid float c[16],
  // flat ivec4 i[4] (16), flat uint u[16]: 4N components, whole vec4s in
  // every group.
  const std::string smooth = std::to_string(2 * max_vectors - 24);
  const std::string decls = "$ vec2 s[" + smooth +
                            "];\ncentroid $ float c[16];\nflat $ ivec4 i[4];\nflat $ uint u[16];\n";
  auto with = [&decls](const char* storage) {
    std::string s = decls;
    for (size_t at; (at = s.find('$')) != std::string::npos;) s.replace(at, 1, storage);
    return s;
  };
  const std::string vs = "#version 300 es\nlayout(location = 0) in vec2 pos;\n" + with("out") +
                         "void main() {\n"
                         "  for (int k = 0; k < " + smooth + "; ++k) s[k] = vec2(float(k) + pos.x, -pos.x);\n"
                         "  for (int k = 0; k < 16; ++k) c[k] = 0.5 * float(k);\n"
                         "  for (int k = 0; k < 4; ++k) i[k] = ivec4(k, -k, 1 << 30, -2147483647 - 1);\n"
                         "  for (int k = 0; k < 16; ++k) u[k] = 0xffffff00u + uint(k);\n"
                         "  gl_Position = vec4(pos, 0.0, 1.0);\n}\n";
  const std::string fs = "#version 300 es\nprecision highp float;\n" + with("in") +
                         "out vec4 color;\nvoid main() {\n"
                         "  float x = gl_FragCoord.x / 16.0 - 1.0;\n"
                         "  bool ok = true;\n"
                         "  for (int k = 0; k < " + smooth +
                         "; ++k) ok = ok && all(lessThan(abs(s[k] - vec2(float(k) + x, -x)), vec2(0.01)));\n"
                         "  for (int k = 0; k < 16; ++k) ok = ok && abs(c[k] - 0.5 * float(k)) < 0.001;\n"
                         "  for (int k = 0; k < 4; ++k) ok = ok && i[k] == ivec4(k, -k, 1 << 30, -2147483647 - 1);\n"
                         "  for (int k = 0; k < 16; ++k) ok = ok && u[k] == 0xffffff00u + uint(k);\n"
                         "  color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n}\n";
  GLuint p = program(vs.c_str(), fs.c_str());
  expect_all_green(p);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
