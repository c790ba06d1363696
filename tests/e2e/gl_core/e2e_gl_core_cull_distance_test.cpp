// ARB_cull_distance (GL 4.5) end to end in a 3.3 core context that lists
// it: the limits, primitives culled where every vertex has a negative
// distance for one plane (and kept otherwise, whatever the other planes
// say), gl_CullDistance written by a geometry shader, and read back
// interpolated in a fragment shader.
#include <string>
#include <utility>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreCullDistanceTest : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_ARB_cull_distance"));
  }
};

// Two triangles: the left one (vertices 0-2) covers x < 0, the right one
// (3-5) x > 0.
constexpr const char* kTwoTrianglesVs = R"(#version 330 core
#extension GL_ARB_cull_distance : require
out float gl_CullDistance[2];
const vec2 kCorners[6] = vec2[6](vec2(-1.0, -1.0), vec2(0.0, -1.0), vec2(-1.0, 3.0),
                                 vec2(0.0, -1.0), vec2(1.0, -1.0), vec2(1.0, 3.0));
uniform int culled_triangle;
void main() {
  gl_Position = vec4(kCorners[gl_VertexID], 0.0, 1.0);
  // Plane 0 culls the chosen triangle; plane 1 is negative at one vertex
  // of each triangle only, which culls nothing.
  gl_CullDistance[0] = gl_VertexID / 3 == culled_triangle ? -1.0 : 1.0;
  gl_CullDistance[1] = gl_VertexID % 3 == 0 ? -1.0 : 1.0;
})";

constexpr const char* kGreenFs = R"(#version 330 core
out vec4 color;
void main() { color = vec4(0.0, 1.0, 0.0, 1.0); })";

TEST_F(GlCoreCullDistanceTest, LimitsAreAnswered) {
  GLint cull = 0, combined = 0, clip = 0;
  glGetIntegerv(GL_MAX_CULL_DISTANCES, &cull);
  glGetIntegerv(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES, &combined);
  glGetIntegerv(GL_MAX_CLIP_DISTANCES, &clip);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_GE(cull, 8);
  EXPECT_GE(combined, 8);
  EXPECT_GE(clip, 8);
  // The shading language sees the same limits.
  glDeleteShader(shader(GL_VERTEX_SHADER, R"(#version 330 core
#extension GL_ARB_cull_distance : require
#if !defined(GL_ARB_cull_distance)
#error the extension macro is missing
#endif
void main() {
  gl_Position = vec4(float(gl_MaxCullDistances) * float(gl_MaxCombinedClipAndCullDistances));
})"));
}

TEST_F(GlCoreCullDistanceTest, PrimitivesWithEveryVertexOutsideArePlaneCulled) {
  const GLuint p = program(kTwoTrianglesVs, kGreenFs);
  glUseProgram(p);
  const GLint culled = glGetUniformLocation(p, "culled_triangle");
  for (int which : {0, 1}) {
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glUniform1i(culled, which);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    const uint32_t left = pixel(kWidth / 4, kHeight / 2), right = pixel(3 * kWidth / 4, kHeight / 2);
    EXPECT_EQ(left, which == 0 ? rgba(0, 0, 0) : rgba(0, 255, 0)) << which;
    EXPECT_EQ(right, which == 1 ? rgba(0, 0, 0) : rgba(0, 255, 0)) << which;
  }
  glDeleteProgram(p);
}

TEST_F(GlCoreCullDistanceTest, GeometryShaderCullsAndFragmentShaderReadsDistances) {
  // A geometry shader passes the fullscreen triangle on with distance
  // plane 0 = x + 2 (never negative) and plane 1 from the uniform; the
  // fragment shader checks the interpolated plane 0 against its position.
  const char* vs = R"(#version 330 core
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
  const char* gs = R"(#version 330 core
#extension GL_ARB_cull_distance : require
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
out float gl_CullDistance[2];
uniform float plane1;
void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = gl_in[i].gl_Position;
    gl_CullDistance[0] = gl_Position.x + 2.0;
    gl_CullDistance[1] = plane1;
    EmitVertex();
  }
})";
  const char* fs = R"(#version 330 core
#extension GL_ARB_cull_distance : require
in float gl_CullDistance[2];
out vec4 color;
void main() {
  float x = gl_FragCoord.x / 32.0 * 2.0 - 1.0;
  bool ok = abs(gl_CullDistance[0] - (x + 2.0)) < 0.01 && gl_CullDistance[1] == 1.0;
  color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})";
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_GEOMETRY_SHADER, gs},
                           std::pair{GL_FRAGMENT_SHADER, fs}}) {
    const GLuint s = shader(type, src);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  glLinkProgram(p);
  GLint linked = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &linked);
  ASSERT_TRUE(linked);
  glUseProgram(p);
  const GLint plane1 = glGetUniformLocation(p, "plane1");
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glUniform1f(plane1, 1.0f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  for (int x : {1, kWidth / 2, kWidth - 2}) EXPECT_EQ(pixel(x, kHeight / 2), rgba(0, 255, 0)) << x;
  glClear(GL_COLOR_BUFFER_BIT);
  glUniform1f(plane1, -1.0f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0, 0, 0));
  glDeleteProgram(p);
}

TEST_F(GlCoreCullDistanceTest, TooManyDistancesFailToCompile) {
  // More cull distances than the limit, and more clip and cull distances
  // together than the combined limit.
  GLint cull = 0, combined = 0;
  glGetIntegerv(GL_MAX_CULL_DISTANCES, &cull);
  glGetIntegerv(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES, &combined);
  const std::string over_cull = "#version 330 core\n#extension GL_ARB_cull_distance : require\nout float gl_CullDistance[" +
                                std::to_string(cull + 1) + "];\nvoid main() { gl_Position = vec4(0.0); }\n";
  glDeleteShader(shader(GL_VERTEX_SHADER, over_cull.c_str(), false));
  const std::string over_combined =
      "#version 330 core\n#extension GL_ARB_cull_distance : require\nout float gl_ClipDistance[" +
      std::to_string(combined / 2 + 1) + "];\nout float gl_CullDistance[" + std::to_string(combined / 2) +
      "];\nvoid main() { gl_Position = vec4(0.0); gl_ClipDistance[0] = 1.0; gl_CullDistance[0] = 1.0; }\n";
  glDeleteShader(shader(GL_VERTEX_SHADER, over_combined.c_str(), false));
}

}  // namespace
}  // namespace brass::e2e
