// ESSL 1.00 shaders may overload built-in functions with new parameter types
// (`int sin(int)` beside the built-in `float sin(float)`); ESSL 3.00 may not.
// Brass compiles ES 1.00 shaders as ESSL 3.10, so this checks through glvnd
// that both the user's overload and the built-in are still called where
// ESSL 1.00 overload resolution says.
#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kVs = R"(attribute vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })";

class Es100BuiltinOverloads : public GlesTest {
 protected:
  // Draws a full-screen triangle with fragment shader `fs`; returns the
  // pixel at the center.
  uint32_t draw(const char* fs) {
    GLuint p = program(kVs, fs);
    EXPECT_NE(p, 0u);
    if (!p) return 0;
    glBindAttribLocation(p, 0, "pos");
    glLinkProgram(p);
    GLint linked = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    EXPECT_EQ(linked, GL_TRUE);
    glUseProgram(p);
    const float tri[] = {-1, -1, 3, -1, -1, 3};
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
    glEnableVertexAttribArray(0);
    glViewport(0, 0, kWidth, kHeight);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDisableVertexAttribArray(0);
    glUseProgram(0);
    glDeleteProgram(p);
    return pixel(16, 16);
  }
};

TEST_F(Es100BuiltinOverloads, UserOverloadAndBuiltInBothResolve) {
  // sin(int) is the user's (-a), sin(float) the built-in; step(float, vec2)
  // the built-in, step(vec2, int) the user's.
  const uint32_t px = draw(R"(precision mediump float;
int sin(int a) { return -a; }
vec2 step(vec2 e, int x) { return e * float(x); }
void main() {
  float user = float(sin(-1));                  // 1
  float builtin = sin(0.0);                     // 0
  vec2 edge = step(0.5, vec2(0.25, 0.75));      // (0, 1)
  vec2 mine = step(vec2(0.25), 2);              // (0.5, 0.5)
  gl_FragColor = vec4(user, builtin + edge.y, mine.x, edge.x + 1.0);
})");
  EXPECT_EQ(px & 0xff, 255u) << std::hex << px;                 // r: the user's sin
  EXPECT_EQ((px >> 8) & 0xff, 255u) << std::hex << px;          // g: built-in sin + step
  EXPECT_NEAR(static_cast<int>((px >> 16) & 0xff), 128, 1);     // b: the user's step
  EXPECT_EQ(px >> 24, 255u) << std::hex << px;
}

// A prototype counts as an overload as well, and the name may be used
// before the definition.
TEST_F(Es100BuiltinOverloads, PrototypeBeforeUse) {
  const uint32_t px = draw(R"(precision mediump float;
bool any(float x);
void main() { gl_FragColor = any(2.0) && any(bvec2(false, true)) ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0); }
bool any(float x) { return x > 1.0; })");
  EXPECT_EQ(px, rgba(0, 255, 0));
}

}  // namespace
}  // namespace brass::e2e
