// EXT/OES_primitive_bounding_box through glvnd: PRIMITIVE_BOUNDING_BOX
// (its default, glPrimitiveBoundingBoxEXT/OES, every query type) and
// gl_BoundingBoxEXT/OES written by a tessellation control shader. The box
// is a hint Brass ignores, as the spec allows: geometry outside it is still
// drawn, which the rendered pixels show.
#include <array>

#include "e2e_tessellation_fixture.h"

namespace brass::e2e {
namespace {

class E2ePrimitiveBoundingBox : public TessellationTest {
 protected:
  void SetUp() override {
    TessellationTest::SetUp();
    if (HasFatalFailure() || IsSkipped()) return;
    ASSERT_TRUE(has_extension("GL_EXT_primitive_bounding_box"));
    ASSERT_TRUE(has_extension("GL_OES_primitive_bounding_box"));
  }
};

TEST_F(E2ePrimitiveBoundingBox, StateAndQueries) {
  std::array<GLfloat, 8> box{};
  glGetFloatv(GL_PRIMITIVE_BOUNDING_BOX_EXT, box.data());
  EXPECT_EQ(box, (std::array<GLfloat, 8>{-1, -1, -1, 1, 1, 1, 1, 1}));
  auto ext = reinterpret_cast<PFNGLPRIMITIVEBOUNDINGBOXEXTPROC>(eglGetProcAddress("glPrimitiveBoundingBoxEXT"));
  auto oes = reinterpret_cast<PFNGLPRIMITIVEBOUNDINGBOXOESPROC>(eglGetProcAddress("glPrimitiveBoundingBoxOES"));
  ASSERT_NE(ext, nullptr);
  ASSERT_NE(oes, nullptr);
  // Any values, inverted boxes included, are kept as given.
  ext(0.5f, -2.0f, 3.0f, 1.0f, -0.5f, 2.0f, -3.0f, 4.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetFloatv(GL_PRIMITIVE_BOUNDING_BOX_EXT, box.data());
  EXPECT_EQ(box, (std::array<GLfloat, 8>{0.5f, -2.0f, 3.0f, 1.0f, -0.5f, 2.0f, -3.0f, 4.0f}));
  oes(-0.25f, -0.25f, 0.0f, 1.0f, 0.25f, 0.25f, 1.0f, 1.0f);
  std::array<GLint, 8> ints{};
  glGetIntegerv(GL_PRIMITIVE_BOUNDING_BOX_EXT, ints.data());
  EXPECT_EQ(ints, (std::array<GLint, 8>{0, 0, 0, 1, 0, 0, 1, 1}));
  std::array<GLboolean, 8> bools{};
  glGetBooleanv(GL_PRIMITIVE_BOUNDING_BOX_EXT, bools.data());
  EXPECT_EQ(bools, (std::array<GLboolean, 8>{GL_TRUE, GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE}));
  std::array<GLint64, 8> int64s{};
  glGetInteger64v(GL_PRIMITIVE_BOUNDING_BOX_EXT, int64s.data());
  EXPECT_EQ(int64s[3], 1);
}

// A control shader writing a box far smaller than its patch: the box is a
// hint, and the whole patch is still drawn.
TEST_F(E2ePrimitiveBoundingBox, ControlShaderBoxIsAcceptedAndIgnored) {
  for (const char* suffix : {"EXT", "OES"}) {
    const std::string tcs = std::string(R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
#extension GL_)") + suffix + R"(_primitive_bounding_box : require
layout(vertices = 1) out;
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  for (int i = 0; i < 4; ++i) gl_TessLevelOuter[i] = 1.0;
  gl_TessLevelInner[0] = 1.0;
  gl_TessLevelInner[1] = 1.0;
  gl_BoundingBox)" + suffix + R"([0] = vec4(-0.1, -0.1, 0.0, 1.0);
  gl_BoundingBox)" + suffix + R"([1] = vec4(0.1, 0.1, 0.0, 1.0);
})";
    const std::string tes = coord_tes("quads");
    GLuint p = program_of({{GL_VERTEX_SHADER, kTessVs},
                           {GL_TESS_CONTROL_SHADER_EXT, tcs.c_str()},
                           {GL_TESS_EVALUATION_SHADER_EXT, tes.c_str()},
                           {GL_FRAGMENT_SHADER, kGreenFs}});
    GLuint vao = 0;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glUseProgram(p);
    glPatchParameteri(GL_PATCH_VERTICES_EXT, 1);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_PATCHES_EXT, 0, 1);
    // The quad covers the viewport: corners far outside the box are drawn.
    EXPECT_EQ(pixel(1, 1), rgba(0, 255, 0)) << suffix;
    EXPECT_EQ(pixel(30, 30), rgba(0, 255, 0)) << suffix;
    EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0)) << suffix;
    glDeleteVertexArrays(1, &vao);
    glDeleteProgram(p);
  }
}

}  // namespace
}  // namespace brass::e2e
