// Several shader objects of one stage in a desktop program (GL 4.6 §7.3):
// glAttachShader takes them, the link joins them (a prototype in one, the
// body in another; globals shared) and the program draws; the stage's link
// errors reach the info log. GL ES keeps one per stage (e2e_programs_test).
#include <string>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class MultiShaderTest : public GlCoreTest {
 protected:
  // A program of every shader given, compiled and attached in order, then linked.
  static GLuint attach_all(std::initializer_list<std::pair<GLenum, const char*>> shaders) {
    const GLuint p = glCreateProgram();
    for (auto [type, src] : shaders) {
      const GLuint s = shader(type, src);
      glAttachShader(p, s);
      EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
      glDeleteShader(s);
    }
    glLinkProgram(p);
    return p;
  }
};

bool link_status(GLuint p) {
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  return ok == GL_TRUE;
}

std::string info_log(GLuint p) {
  char log[4096] = {};
  glGetProgramInfoLog(p, sizeof(log), nullptr, log);
  return log;
}

// The fullscreen triangle's position comes from a function of another unit.
constexpr const char* kVsMain = R"(#version 330 core
vec4 corner(int id);
void main() { gl_Position = corner(gl_VertexID); })";
constexpr const char* kVsCorner = R"(#version 330 core
vec4 corner(int id) {
  vec2 p = vec2(id == 1 ? 3.0 : -1.0, id == 2 ? 3.0 : -1.0);
  return vec4(p, 0.0, 1.0);
})";

TEST_F(MultiShaderTest, TwoVertexAndThreeFragmentShadersDraw) {
  const GLuint p = attach_all({
      {GL_VERTEX_SHADER, kVsMain},
      {GL_VERTEX_SHADER, kVsCorner},
      // main reads a global another unit fills, through a function a third defines.
      {GL_FRAGMENT_SHADER, R"(#version 330 core
out vec4 color;
vec4 shared_colour;
void fill();
void main() { fill(); color = shared_colour; })"},
      {GL_FRAGMENT_SHADER, R"(#version 330 core
vec4 shared_colour;
vec4 halve(vec4 c);
uniform vec4 tint;
void fill() { shared_colour = halve(tint); })"},
      {GL_FRAGMENT_SHADER, R"(#version 330 core
vec4 halve(vec4 c) { return vec4(c.rgb * 0.5, 1.0); })"},
  });
  ASSERT_TRUE(link_status(p)) << info_log(p);
  GLint attached = 0, uniforms = 0;
  glGetProgramiv(p, GL_ATTACHED_SHADERS, &attached);
  EXPECT_EQ(attached, 5);
  glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &uniforms);
  EXPECT_EQ(uniforms, 1);
  glUseProgram(p);
  const GLint tint = glGetUniformLocation(p, "tint");
  ASSERT_GE(tint, 0);
  glUniform4f(tint, 1.0f, 0.0f, 1.0f, 1.0f);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const uint32_t px = pixel(kWidth / 2, kHeight / 2);
  EXPECT_NEAR(static_cast<int>(px & 0xff), 128, 1);
  EXPECT_EQ((px >> 8) & 0xff, 0u);
  EXPECT_NEAR(static_cast<int>((px >> 16) & 0xff), 128, 1);
  glUseProgram(0);
  glDeleteProgram(p);
}

TEST_F(MultiShaderTest, SameShaderTwiceIsStillAnError) {
  const GLuint p = glCreateProgram();
  const GLuint s = shader(GL_VERTEX_SHADER, kVsCorner);
  glAttachShader(p, s);
  glAttachShader(p, s);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteShader(s);
  glDeleteProgram(p);
}

TEST_F(MultiShaderTest, MultiShaderStageLinkErrors) {
  constexpr const char* kFs = "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
  // No main in the vertex stage.
  GLuint p = attach_all({{GL_VERTEX_SHADER, kVsCorner}, {GL_FRAGMENT_SHADER, kFs}});
  EXPECT_FALSE(link_status(p));
  EXPECT_FALSE(info_log(p).empty());
  glDeleteProgram(p);
  // Two mains.
  p = attach_all({{GL_VERTEX_SHADER, "#version 330 core\nvoid main() { gl_Position = vec4(0.0); }\n"},
                  {GL_VERTEX_SHADER, "#version 330 core\nvoid main() { gl_Position = vec4(1.0); }\n"},
                  {GL_FRAGMENT_SHADER, kFs}});
  EXPECT_FALSE(link_status(p));
  glDeleteProgram(p);
  // A prototype no unit defines.
  p = attach_all({{GL_VERTEX_SHADER, kVsMain}, {GL_FRAGMENT_SHADER, kFs}});
  EXPECT_FALSE(link_status(p));
  EXPECT_NE(info_log(p).find("corner"), std::string::npos) << info_log(p);
  glDeleteProgram(p);
  // One global, two types.
  p = attach_all({{GL_VERTEX_SHADER, "#version 330 core\nuniform vec4 u;\nvec4 f();\n"
                                     "void main() { gl_Position = u + f(); }\n"},
                  {GL_VERTEX_SHADER, "#version 330 core\nuniform vec2 u;\nvec4 f() { return u.xyxy; }\n"},
                  {GL_FRAGMENT_SHADER, kFs}});
  EXPECT_FALSE(link_status(p));
  glDeleteProgram(p);
  // Detaching the unit that defines the function breaks the next link.
  p = attach_all({{GL_VERTEX_SHADER, kVsMain}, {GL_VERTEX_SHADER, kVsCorner}, {GL_FRAGMENT_SHADER, kFs}});
  ASSERT_TRUE(link_status(p)) << info_log(p);
  GLuint shaders[3] = {};
  GLsizei count = 0;
  glGetAttachedShaders(p, 3, &count, shaders);
  ASSERT_EQ(count, 3);
  glDetachShader(p, shaders[1]);
  glLinkProgram(p);
  EXPECT_FALSE(link_status(p));
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
