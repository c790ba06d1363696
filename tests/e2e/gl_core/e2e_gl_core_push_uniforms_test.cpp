// Default uniforms by push constants in a desktop core context (issue 19):
// the std140 layout of the default block (doubles, a double matrix, a mat3
// with 16-byte column stride, a struct) is the push-constant block's, so
// every member reads what glUniform* wrote, in a program of exactly 128
// bytes (the smallest push budget a device may have). Also run with
// BRASS_UNIFORMS=buffer (e2e_gl_core_push_uniforms_buffer).

#include <cstdlib>
#include <string>

#include "e2e_gl_core_fixture.h"
#include "../brass_stats.h"

#ifndef BRASS_E2E_VENDOR_LIBRARY
#error "tests/e2e/CMakeLists.txt defines BRASS_E2E_VENDOR_LIBRARY (the path of libEGL_brass.so)"
#endif

namespace brass::e2e {
namespace {

// 1 + 2^-40: lost by anything that goes through 32 bits.
constexpr double kFine = 1.0 + 1.0 / 1099511627776.0;

// std140: fine 0, w 16, m 32 (two 16-byte columns), r 64 (three 16-byte
// columns), s.a 112, s.b 120: 128 bytes.
constexpr const char* kFs = R"(#version 330 core
#extension GL_ARB_gpu_shader_fp64 : require
struct S { float a; vec2 b; };
uniform double fine;
uniform dvec2 w;
uniform dmat2 m;
uniform mat3 r;
uniform S s;
out vec4 c;
void main() {
  bool ok_double = (fine - 1.0LF) * 1099511627776.0LF == 1.0LF && w == dvec2(2.0LF, fine);
  bool ok_dmat = m[0] == dvec2(3.0LF, 4.0LF) && m[1][1] == fine;
  bool ok_mat3 = r[0] == vec3(1.0, 2.0, 3.0) && r[1] == vec3(4.0, 5.0, 6.0) && r[2] == vec3(7.0, 8.0, 9.0);
  bool ok_struct = s.a == 0.25 && s.b == vec2(0.5, 0.75);
  c = vec4(ok_double ? 1.0 : 0.0, ok_dmat ? 1.0 : 0.0, ok_mat3 ? 1.0 : 0.0, ok_struct ? 1.0 : 0.0);
})";

class GlCorePushUniforms : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_ARB_gpu_shader_fp64"));
    stats_value_ = brass_stats_value_function();
    ASSERT_NE(stats_value_, nullptr) << "libEGL_brass.so is not loaded or does not export brass_stats_value";
  }
  uint64_t push_programs() {
    uint64_t v = 0;
    EXPECT_TRUE(stats_value_("program.push_constant_uniforms", &v));
    return v;
  }
  bool (*stats_value_)(const char*, uint64_t*) = nullptr;
};

TEST_F(GlCorePushUniforms, Std140MembersOfA128ByteBlockReadWhatWasWritten) {
  const uint64_t before = push_programs();
  GLuint p = program(kCoreFullscreenVs, kFs);
  const char* path = std::getenv("BRASS_UNIFORMS");
  EXPECT_EQ(push_programs(), before + (path && std::string(path) == "buffer" ? 0 : 1));
  glUseProgram(p);
  glViewport(0, 0, kWidth, kHeight);
  glUniform1d(glGetUniformLocation(p, "fine"), kFine);
  glUniform2d(glGetUniformLocation(p, "w"), 2.0, kFine);
  const double m[4] = {3.0, 4.0, 0.0, kFine};
  glUniformMatrix2dv(glGetUniformLocation(p, "m"), 1, GL_FALSE, m);
  const float r[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  glUniformMatrix3fv(glGetUniformLocation(p, "r"), 1, GL_FALSE, r);
  glUniform1f(glGetUniformLocation(p, "s.a"), 0.25f);
  glUniform2f(glGetUniformLocation(p, "s.b"), 0.5f, 0.75f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(255, 255, 255, 255));
  // One member changed between two draws of a frame: the others stay.
  glUniform1f(glGetUniformLocation(p, "s.a"), 0.5f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(255, 255, 255, 0));
  glUniform1f(glGetUniformLocation(p, "s.a"), 0.25f);
  glUniform1d(glGetUniformLocation(p, "fine"), 1.0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(0, 0, 255, 255));
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
