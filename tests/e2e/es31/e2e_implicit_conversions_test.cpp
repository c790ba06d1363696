// EXT_shader_implicit_conversions through glvnd: in GLSL ES 3.10+ shaders
// that enable it, int converts to uint and int/uint to float implicitly
// (assignments, arithmetic, function arguments); without the directive the
// same source is an error. The converted values are drawn and read back.
#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kBody = R"(
precision highp float;
uniform int i;
uniform uint u;
out vec4 o;
float half_of(float x) { return x * 0.5; }
void main() {
  uint sum = u + i;       // int -> uint
  float f = i;            // int -> float
  float g = half_of(u);   // uint -> float argument
  o = vec4(float(sum) / 255.0, f / 255.0, g / 255.0, 1.0);
})";

class ImplicitConversions : public Es31Test {
 protected:
  static bool compiles(const std::string& src) {
    GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
    const char* p = src.c_str();
    glShaderSource(s, 1, &p, nullptr);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    glDeleteShader(s);
    return ok == GL_TRUE;
  }
};

TEST_F(ImplicitConversions, EnabledShadersConvertAndOthersFail) {
  ASSERT_TRUE(has_extension("GL_EXT_shader_implicit_conversions"));
  const std::string enabled = std::string("#version 310 es\n#extension GL_EXT_shader_implicit_conversions : require\n") + kBody;
  EXPECT_FALSE(compiles(std::string("#version 310 es\n") + kBody));
  ASSERT_TRUE(compiles(enabled));
  GLuint prog = program(kFullscreenVs310, enabled.c_str());
  glUseProgram(prog);
  glUniform1i(glGetUniformLocation(prog, "i"), 40);
  glUniform1ui(glGetUniformLocation(prog, "u"), 60u);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(100, 40, 30));
  glDeleteProgram(prog);
}

}  // namespace
}  // namespace brass::e2e
