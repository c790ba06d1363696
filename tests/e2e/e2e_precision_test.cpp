// GLSL ES precision qualifiers are minimums: mediump needs only a relative
// precision of 2^-10, and an implementation may compute it in half floats.
// Brass computes every precision at 32 bits and says so
// (glGetShaderPrecisionFormat: 23 bits for mediump). These tests hold the
// shader arithmetic to that answer with a mediump computation that
// multiplies any rounding of its start value by 243 (the shape of glmark2's
// loop/function scenes, whose frames exposed the difference between Brass
// and llvmpipe, which computes mediump in half precision on CPUs with F16C):
// every pixel must be what float32 arithmetic on the CPU gives.
#include <cmath>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kVs = R"(attribute vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })";

// d starts from highp gl_FragCoord; everything after is mediump.
constexpr const char* kMediumpFs = R"(precision mediump float;
uniform float scale;
void main() {
  highp vec2 c = gl_FragCoord.xy;
  float d = fract(c.x * c.y * scale);
  d = fract(3.0 * d);
  d = fract(3.0 * d);
  d = fract(3.0 * d);
  d = fract(3.0 * d);
  d = fract(3.0 * d);
  gl_FragColor = vec4(d, d, d, 1.0);
})";

constexpr float kScale = 0.0137f;

// The shader's arithmetic in float32 (x - floor(x) is exact in float, as
// GLSL's fract is defined).
float expected(float x, float y) {
  const float t = x * y * kScale;
  float d = t - std::floor(t);
  for (int i = 0; i < 5; ++i) {
    const float m = 3.0f * d;
    d = m - std::floor(m);
  }
  return d;
}

class Precision : public GlesTest {};

TEST_F(Precision, MediumpFloatIsReportedAs32Bit) {
  GLint range[2] = {0, 0}, precision = 0;
  glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_MEDIUM_FLOAT, range, &precision);
  EXPECT_EQ(precision, 23);
  EXPECT_EQ(range[0], 127);
  EXPECT_EQ(range[1], 127);
}

TEST_F(Precision, MediumpArithmeticMatchesFloat32) {
  GLuint p = program(kVs, kMediumpFs);
  ASSERT_NE(p, 0u);
  glBindAttribLocation(p, 0, "pos");
  glLinkProgram(p);
  GLint linked = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &linked);
  ASSERT_EQ(linked, GL_TRUE);
  glUseProgram(p);
  glUniform1f(glGetUniformLocation(p, "scale"), kScale);
  const float tri[] = {-1, -1, 3, -1, -1, 3};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
  glEnableVertexAttribArray(0);
  glViewport(0, 0, kWidth, kHeight);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisableVertexAttribArray(0);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  // read_pixels() is bottom row first, like gl_FragCoord (pixel centres).
  const std::vector<uint32_t> px = read_pixels();
  int off = 0;
  std::string first;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      const int want = static_cast<int>(std::lround(expected(x + 0.5f, y + 0.5f) * 255.0f));
      const int got = static_cast<int>(px[y * kWidth + x] & 0xff);
      // One level for the conversion to unorm8; half-float mediump is
      // several levels off on most pixels.
      if (std::abs(got - want) > 1) {
        if (off++ == 0)
          first = "(" + std::to_string(x) + ", " + std::to_string(y) + "): got " + std::to_string(got) +
                  ", float32 gives " + std::to_string(want);
      }
    }
  }
  EXPECT_EQ(off, 0) << off << " of " << kWidth * kHeight << " pixels off; first " << first;
  glUseProgram(0);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
