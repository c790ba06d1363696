// ARB_cull_distance in GLSL 1.30 shaders of the compatibility profile (the
// form piglit's arb_cull_distance shader tests take): gl_CullDistance
// redeclared and written next to gl_Vertex, culling one of a strip's two
// triangles, and read interpolated in the fragment shader. A GLSL 1.30
// vertex shader is otherwise given eight clip distances for the client clip
// planes, which would leave no room for cull distances.
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

using GlCompatCullDistanceTest = GlCompatTest;

TEST_F(GlCompatCullDistanceTest, Glsl130StripTriangleIsCulled) {
  // Vertices 0-3 of a strip covering the viewport: distance id - 3 culls
  // the first triangle (-3, -2, -1), not the second (-2, -1, 0).
  const GLuint p = program(R"(#version 130
#extension GL_ARB_cull_distance : enable
out float gl_CullDistance[1];
out float distance;
void main() {
  gl_Position = gl_Vertex;
  gl_CullDistance[0] = float(gl_VertexID - 3);
  distance = gl_CullDistance[0];
})",
                           R"(#version 130
#extension GL_ARB_cull_distance : enable
in float gl_CullDistance[1];
in float distance;
void main() {
  gl_FragColor = abs(gl_CullDistance[0] - distance) < 0.001 ? vec4(0.0, 0.0, 1.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})");
  glUseProgram(p);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  const GLfloat strip[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, strip);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glDisableClientState(GL_VERTEX_ARRAY);
  EXPECT_EQ(pixel(3, 3), rgba(0, 255, 0));                    // triangle 0: culled
  EXPECT_EQ(pixel(kWidth - 4, kHeight - 4), rgba(0, 0, 255));  // triangle 1: drawn, distance read back
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
