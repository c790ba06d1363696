// ARB_gpu_shader_fp64 in a 3.3 core context (lavapipe has shaderFloat64):
// double uniforms in the default block set with glUniform*d and
// glUniformMatrix*dv and read back with glGetUniformdv at full precision,
// doubles in a std140 uniform block, arithmetic in double precision, and the
// type rules of the d commands.
#include <cstring>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

// 1 + 2^-40: not a float, so every step that went through 32 bits loses it.
constexpr double kFine = 1.0 + 1.0 / 1099511627776.0;

class GlCoreFp64 : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    // lavapipe and the H100 have shaderFloat64: the extension must be there.
    ASSERT_TRUE(has_extension("GL_ARB_gpu_shader_fp64")) << "GL_ARB_gpu_shader_fp64 is not listed";
  }
};

constexpr const char* kFp64Fs = R"(#version 330 core
#extension GL_ARB_gpu_shader_fp64 : require
uniform double fine;
uniform dvec3 v;
uniform dmat2x3 m;
uniform double arr[2];
layout(std140) uniform Block {
  double b_scalar;
  dvec3 b_vec;
  dmat2 b_mat;
};
out vec4 c;
void main() {
  // Each test is exact only in double precision.
  bool ok_fine = (fine - 1.0LF) * 1099511627776.0LF == 1.0LF;
  bool ok_vec = v == dvec3(1.0LF, 2.0LF, fine);
  bool ok_mat = m[1] == dvec3(4.0LF, 5.0LF, 6.0LF) && m[0][2] == fine;
  bool ok_arr = arr[0] == 7.0LF && arr[1] == fine;
  bool ok_block = b_scalar == fine && b_vec.z == 3.0LF && b_mat[1][0] == fine;
  c = vec4(ok_fine ? 1.0 : 0.0, ok_vec && ok_mat ? 1.0 : 0.0, ok_arr ? 1.0 : 0.0, ok_block ? 1.0 : 0.0);
})";

TEST_F(GlCoreFp64, DoubleUniformsKeepFullPrecision) {
  GLuint p = program(kCoreFullscreenVs, kFp64Fs);
  glUseProgram(p);
  const GLint fine = glGetUniformLocation(p, "fine"), v = glGetUniformLocation(p, "v"),
              m = glGetUniformLocation(p, "m"), arr = glGetUniformLocation(p, "arr");
  ASSERT_GE(fine, 0);
  ASSERT_GE(v, 0);
  ASSERT_GE(m, 0);
  ASSERT_GE(arr, 0);
  glUniform1d(fine, kFine);
  glUniform3d(v, 1.0, 2.0, kFine);
  // Transposed: rows of the 2x3 matrix given one after the other.
  const double m_rows[6] = {0.0, 4.0, 0.0, 5.0, kFine, 6.0};
  glUniformMatrix2x3dv(m, 1, GL_TRUE, m_rows);
  const double arr_values[2] = {7.0, kFine};
  glUniform1dv(arr, 2, arr_values);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  // std140: double at 0, dvec3 at 32, dmat2 columns at 64 and 80.
  const GLuint block = glGetUniformBlockIndex(p, "Block");
  ASSERT_NE(block, GL_INVALID_INDEX);
  GLint size = 0;
  glGetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
  EXPECT_EQ(size, 96);
  double data[12] = {};
  data[0] = kFine;
  data[4] = 1.0, data[5] = 2.0, data[6] = 3.0;
  data[8] = 1.0, data[9] = 0.0, data[10] = kFine, data[11] = 1.0;
  GLuint ubo = 0;
  glGenBuffers(1, &ubo);
  glBindBuffer(GL_UNIFORM_BUFFER, ubo);
  glBufferData(GL_UNIFORM_BUFFER, sizeof(data), data, GL_STATIC_DRAW);
  glBindBufferBase(GL_UNIFORM_BUFFER, 0, ubo);
  glUniformBlockBinding(p, block, 0);

  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(255, 255, 255, 255));

  // Read back at full precision, and converted.
  double got[6] = {};
  glGetUniformdv(p, fine, got);
  EXPECT_EQ(got[0], kFine);
  glGetUniformdv(p, v, got);
  EXPECT_EQ(got[0], 1.0);
  EXPECT_EQ(got[2], kFine);
  glGetUniformdv(p, m, got);  // column-major: column 0 then column 1
  EXPECT_EQ(got[0], 0.0);
  EXPECT_EQ(got[2], kFine);
  EXPECT_EQ(got[3], 4.0);
  EXPECT_EQ(got[5], 6.0);
  glGetUniformdv(p, arr + 1, got);
  EXPECT_EQ(got[0], kFine);
  GLfloat f = 0.0f;
  glGetUniformfv(p, arr, &f);
  EXPECT_EQ(f, 7.0f);
  GLint type = 0;
  const GLuint fine_index = glGetProgramResourceIndex(p, GL_UNIFORM, "m");
  const GLenum prop = GL_TYPE;
  glGetProgramResourceiv(p, GL_UNIFORM, fine_index, 1, &prop, 1, nullptr, &type);
  EXPECT_EQ(type, GL_DOUBLE_MAT2x3);

  // GL 4.6 §7.6.1: the f commands do not load doubles, nor the d commands
  // floats; sizes must match.
  glUniform1f(fine, 1.0f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUniform2d(fine, 1.0, 2.0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUniformMatrix2dv(m, 1, GL_FALSE, arr_values);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetUniformdv(p, fine, got);
  EXPECT_EQ(got[0], kFine) << "a refused command changed the value";
  glDeleteBuffers(1, &ubo);
  glDeleteProgram(p);
}

TEST_F(GlCoreFp64, ProgramUniformDoubleAndFloatUniformsRefuseD) {
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
#extension GL_ARB_gpu_shader_fp64 : require
uniform dvec2 dv;
uniform vec2 fv;
out vec4 c;
void main() { c = vec4(float(dv.x), float(dv.y), fv); })");
  const GLint dv = glGetUniformLocation(p, "dv"), fv = glGetUniformLocation(p, "fv");
  glProgramUniform2d(p, dv, 0.25, 0.5);
  glProgramUniform2f(p, fv, 1.0f, 1.0f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glProgramUniform2d(p, fv, 1.0, 1.0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const uint32_t px = pixel(2, 2);
  EXPECT_NEAR(int(px & 0xff), 64, 1);
  EXPECT_NEAR(int((px >> 8) & 0xff), 128, 1);
  EXPECT_EQ(px >> 16, 0xffffu);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
