// Transform feedback of interface block members (GLSL 1.50 section 4.3.7):
// the API names a member by its block name, never the instance name, with
// the array index of an arrayed block; members of a block without an
// instance name by their own name.
#include <array>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kPointVs = R"(#version 150
void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); })";

constexpr const char* kBlocksGs = R"(#version 150
layout(points) in;
layout(points, max_vertices = 1) out;
out NoInst { float a; vec2 b; };
out WithInst { float c; } inst;
out WithInstArray { float e; float g[3]; } instArray[2];
void main() {
  a = 1.0;
  b = vec2(2.0, 3.0);
  inst.c = 4.0;
  for (int i = 0; i < 2; ++i) {
    instArray[i].e = 10.0 * float(i + 1);
    for (int j = 0; j < 3; ++j) instArray[i].g[j] = 10.0 * float(i + 1) + float(j + 1);
  }
  gl_Position = gl_in[0].gl_Position;
  EmitVertex();
  EndPrimitive();
})";

class GlCoreXfbBlockMembers : public GlCoreTest {
 protected:
  // Links VS + GS capturing `names` interleaved; returns 0 when the link
  // fails (the program is deleted then).
  GLuint capture_program(std::initializer_list<const char*> names) {
    const GLuint p = glCreateProgram();
    const GLuint vs = shader(GL_VERTEX_SHADER, kPointVs);
    const GLuint gs = shader(GL_GEOMETRY_SHADER, kBlocksGs);
    glAttachShader(p, vs);
    glAttachShader(p, gs);
    glDeleteShader(vs);
    glDeleteShader(gs);
    std::vector<const char*> list(names);
    glTransformFeedbackVaryings(p, static_cast<GLsizei>(list.size()), list.data(), GL_INTERLEAVED_ATTRIBS);
    glLinkProgram(p);
    GLint linked = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    if (linked) return p;
    glDeleteProgram(p);
    return 0;
  }
};

TEST_F(GlCoreXfbBlockMembers, MembersAreCapturedByBlockName) {
  const GLuint prog =
      capture_program({"a", "b", "WithInst.c", "WithInstArray[1].e", "WithInstArray[0].g[2]", "WithInstArray[1].g"});
  ASSERT_NE(prog, 0u);
  glUseProgram(prog);
  GLuint vao = 0, xfb = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(1, &xfb);
  std::array<float, 12> captured{};
  captured.fill(-1.0f);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb);
  glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(captured), captured.data(), GL_STREAM_READ);
  glEnable(GL_RASTERIZER_DISCARD);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 1);
  glEndTransformFeedback();
  glDisable(GL_RASTERIZER_DISCARD);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(captured), captured.data());
  const std::array<float, 12> expected = {1, 2, 3, 4, 20, 13, 21, 22, 23, -1, -1, -1};
  EXPECT_EQ(captured, expected);

  // The varyings are reported under the names the application gave.
  char name[64] = {};
  GLsizei length = 0, size = 0;
  GLenum type = GL_NONE;
  glGetTransformFeedbackVarying(prog, 5, sizeof(name), &length, &size, &type, name);
  EXPECT_STREQ(name, "WithInstArray[1].g");
  EXPECT_EQ(size, 3);
  EXPECT_EQ(type, static_cast<GLenum>(GL_FLOAT));
  glGetTransformFeedbackVarying(prog, 1, sizeof(name), &length, &size, &type, name);
  EXPECT_STREQ(name, "b");
  EXPECT_EQ(type, static_cast<GLenum>(GL_FLOAT_VEC2));
  glDeleteBuffers(1, &xfb);
  glDeleteVertexArrays(1, &vao);
  glDeleteProgram(prog);
}

TEST_F(GlCoreXfbBlockMembers, InstanceNamesAndMissingIndicesDoNotLink) {
  for (const char* wrong : {"inst.c", "c", "NoInst.a", "instArray[0].e", "WithInstArray.e", "e",
                            "WithInstArray[2].e", "WithInstArray[0].g[3]"})
    EXPECT_EQ(capture_program({wrong}), 0u) << wrong;
}

}  // namespace
}  // namespace brass::e2e
