// ARB_gpu_shader_int64 requires OpenGL 4.0: a 3.3 core context (this
// binary runs with BRASS_GL_VERSION_OVERRIDE=3.3) does not list it, its GLSL directive
// fails, and its commands, which exist in every desktop context, record
// GL_INVALID_OPERATION. gl46_int64_test.cpp tests the extension in 4.6.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlCoreInt64Absent = GlCoreTest;

TEST_F(GlCoreInt64Absent, NotListedBelowGl40AndCommandsRefused) {
  ASSERT_FALSE(has_extension("GL_ARB_gpu_shader_int64"));
  GLuint s = shader(GL_FRAGMENT_SHADER, R"(#version 330 core
#extension GL_ARB_gpu_shader_int64 : require
out vec4 c;
void main() { c = vec4(1.0); })",
                    false);
  glDeleteShader(s);
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform int i;
out vec4 c;
void main() { c = vec4(float(i)); })");
  glUseProgram(p);
  const GLint i = glGetUniformLocation(p, "i");
  auto uniform1i64 = reinterpret_cast<PFNGLUNIFORM1I64ARBPROC>(eglGetProcAddress("glUniform1i64ARB"));
  auto get_i64 = reinterpret_cast<PFNGLGETUNIFORMI64VARBPROC>(eglGetProcAddress("glGetUniformi64vARB"));
  ASSERT_NE(uniform1i64, nullptr);
  ASSERT_NE(get_i64, nullptr);
  uniform1i64(-1, 5);  // would be ignored where the extension exists
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLint64 v = 99;
  get_i64(p, i, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(v, 99);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
