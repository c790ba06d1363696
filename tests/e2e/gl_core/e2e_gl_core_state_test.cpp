// Desktop core-profile rasterization state with its results read back:
// polygon mode, depth clamp, provoking vertex, primitive restart with any
// index, point size state; and the errors of each.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

// Draws vertices from a constant table indexed by gl_VertexID (positions
// xyz), white; `flat` colours each vertex differently for the provoking
// vertex tests.
class GlCoreState : public GlCoreTest {
 protected:
  GLuint table_program(const char* positions, int count) {
    std::string vs = std::string("#version 330 core\nconst vec3 pos[") + std::to_string(count) + "] = vec3[](" +
                     positions + R"();
const vec4 colors[3] = vec4[](vec4(1, 0, 0, 1), vec4(0, 1, 0, 1), vec4(0, 0, 1, 1));
flat out vec4 v_color;
void main() {
  v_color = colors[gl_VertexID % 3];
  // Indices past the table (the restart tests' 100) read its last entry:
  // an array indexed out of bounds is undefined in GLSL.
  gl_Position = vec4(pos[min(gl_VertexID, pos.length() - 1)], 1.0);
})";
    GLuint p = program(vs.c_str(), R"(#version 330 core
flat in vec4 v_color;
uniform bool use_color;
out vec4 color;
void main() { color = use_color ? v_color : vec4(1.0); })");
    glUseProgram(p);
    return p;
  }
  // Pixels of the default framebuffer that are not the clear colour (black).
  int lit_pixels() {
    std::vector<uint32_t> px(kWidth * kHeight);
    glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    int n = 0;
    for (uint32_t p : px) n += p != rgba(0, 0, 0);
    return n;
  }
  void clear() {
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
};

// A triangle well inside the viewport.
constexpr const char* kTriangle = "vec3(-0.75, -0.75, 0), vec3(0.75, -0.75, 0), vec3(-0.75, 0.75, 0)";

TEST_F(GlCoreState, PolygonModeLinesAndPoints) {
  GLuint p = table_program(kTriangle, 3);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const int filled = lit_pixels();
  EXPECT_GT(filled, 250);  // half of 24 x 24

  glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const int outline = lit_pixels();
  EXPECT_GT(outline, 30);
  EXPECT_LT(outline, filled / 2);
  EXPECT_EQ(pixel(10, 10), rgba(0, 0, 0)) << "the interior stays empty";

  glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_GT(lit_pixels(), 0);
  EXPECT_LE(lit_pixels(), 3);

  GLint modes[2] = {};
  glGetIntegerv(GL_POLYGON_MODE, modes);
  EXPECT_EQ(modes[0], GL_POINT);
  EXPECT_EQ(modes[1], GL_POINT);
  // Core: both faces at once, and only the three modes.
  glPolygonMode(GL_FRONT, GL_LINE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glPolygonMode(GL_FRONT_AND_BACK, GL_LINE_STRIP);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGetIntegerv(GL_POLYGON_MODE, modes);
  EXPECT_EQ(modes[0], GL_POINT);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glDeleteProgram(p);
}

TEST_F(GlCoreState, DepthClampKeepsPrimitivesBeyondTheFarPlane) {
  // z = 1.5 lies beyond the far clip plane.
  GLuint p = table_program("vec3(-1, -1, 1.5), vec3(3, -1, 1.5), vec3(-1, 3, 1.5)", 3);
  EXPECT_FALSE(glIsEnabled(GL_DEPTH_CLAMP));
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(lit_pixels(), 0);
  glEnable(GL_DEPTH_CLAMP);
  EXPECT_TRUE(glIsEnabled(GL_DEPTH_CLAMP));
  GLboolean b = GL_FALSE;
  glGetBooleanv(GL_DEPTH_CLAMP, &b);
  EXPECT_TRUE(b);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(lit_pixels(), kWidth * kHeight);
  glDisable(GL_DEPTH_CLAMP);
  glDeleteProgram(p);
}

TEST_F(GlCoreState, ProvokingVertexChoosesTheFlatValue) {
  GLuint p = table_program("vec3(-1, -1, 0), vec3(3, -1, 0), vec3(-1, 3, 0)", 3);
  glUniform1i(glGetUniformLocation(p, "use_color"), 1);
  GLint mode = 0;
  glGetIntegerv(GL_PROVOKING_VERTEX, &mode);
  EXPECT_EQ(mode, GL_LAST_VERTEX_CONVENTION);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(5, 5), rgba(0, 0, 255)) << "the last vertex's colour";
  glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
  glGetIntegerv(GL_PROVOKING_VERTEX, &mode);
  EXPECT_EQ(mode, GL_FIRST_VERTEX_CONVENTION);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(5, 5), rgba(255, 0, 0)) << "the first vertex's colour";
  glProvokingVertex(GL_TRIANGLES);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
  glDeleteProgram(p);
}

// Two strips of two triangles, the left and right thirds of the viewport,
// joined by one index: without restart the strip's joining triangles cover
// the middle.
class GlCoreRestart : public GlCoreState {
 protected:
  void SetUp() override {
    GlCoreState::SetUp();
    prog = table_program(
        "vec3(-1, -1, 0), vec3(-1, 1, 0), vec3(-0.4, -1, 0), vec3(-0.4, 1, 0), "
        "vec3(0.4, -1, 0), vec3(0.4, 1, 0), vec3(1, -1, 0), vec3(1, 1, 0)",
        8);
    glGenBuffers(1, &ebo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
  }
  void TearDown() override {
    glDeleteBuffers(1, &ebo);
    glDeleteProgram(prog);
    GlCoreState::TearDown();
  }
  template <typename T>
  bool middle_lit(std::vector<T> indices, GLenum type) {
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(T)), indices.data(),
                 GL_STATIC_DRAW);
    clear();
    glDrawElements(GL_TRIANGLE_STRIP, static_cast<GLsizei>(indices.size()), type, nullptr);
    EXPECT_EQ(pixel(2, 16), rgba(255, 255, 255));
    EXPECT_EQ(pixel(kWidth - 3, 16), rgba(255, 255, 255));
    return pixel(kWidth / 2, 16) != rgba(0, 0, 0);
  }
  GLuint prog = 0, ebo = 0;
};

TEST_F(GlCoreRestart, AnyIndexRestartsStrips) {
  EXPECT_FALSE(glIsEnabled(GL_PRIMITIVE_RESTART));
  GLint index = -1;
  glGetIntegerv(GL_PRIMITIVE_RESTART_INDEX, &index);
  EXPECT_EQ(index, 0);
  EXPECT_TRUE(middle_lit<GLushort>({0, 1, 2, 3, 100, 4, 5, 6, 7}, GL_UNSIGNED_SHORT))
      << "100 is an ordinary index while restart is off: the strip goes on";
  glEnable(GL_PRIMITIVE_RESTART);
  glPrimitiveRestartIndex(100);
  glGetIntegerv(GL_PRIMITIVE_RESTART_INDEX, &index);
  EXPECT_EQ(index, 100);
  EXPECT_FALSE(middle_lit<GLushort>({0, 1, 2, 3, 100, 4, 5, 6, 7}, GL_UNSIGNED_SHORT));
  EXPECT_FALSE(middle_lit<GLuint>({0, 1, 2, 3, 100, 4, 5, 6, 7}, GL_UNSIGNED_INT));
  EXPECT_FALSE(middle_lit<GLubyte>({0, 1, 2, 3, 100, 4, 5, 6, 7}, GL_UNSIGNED_BYTE));
  // The type's all-ones index is the GPU's own restart.
  glPrimitiveRestartIndex(0xffff);
  EXPECT_FALSE(middle_lit<GLushort>({0, 1, 2, 3, 0xffff, 4, 5, 6, 7}, GL_UNSIGNED_SHORT));
  // The fixed index takes precedence over PRIMITIVE_RESTART_INDEX.
  glPrimitiveRestartIndex(100);
  glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  EXPECT_FALSE(middle_lit<GLushort>({0, 1, 2, 3, 0xffff, 4, 5, 6, 7}, GL_UNSIGNED_SHORT));
  glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  glDisable(GL_PRIMITIVE_RESTART);
  EXPECT_TRUE(middle_lit<GLushort>({0, 1, 2, 3, 3, 4, 5, 6, 7}, GL_UNSIGNED_SHORT));
}

TEST_F(GlCoreState, PointSizeComesFromGlPointSizeUnlessProgramPointSizeIsEnabled) {
  GLfloat range[2] = {};
  glGetFloatv(GL_POINT_SIZE_RANGE, range);
  if (range[1] < 5.0f) GTEST_SKIP() << "the device draws no points of 5 pixels";
  // A point in the middle of a pixel, so that odd sizes cover whole pixels.
  GLuint p = program(R"(#version 330 core
void main() {
  gl_Position = vec4(1.0 / 32.0, 1.0 / 32.0, 0.0, 1.0);
  gl_PointSize = 3.0;
})",
                     R"(#version 330 core
out vec4 c;
void main() { c = vec4(1.0); })");
  glUseProgram(p);
  auto lit = [&] {
    clear();
    glDrawArrays(GL_POINTS, 0, 1);
    return lit_pixels();
  };
  EXPECT_EQ(lit(), 1) << "glPointSize's 1, not the shader's 3";
  glPointSize(5.0f);
  EXPECT_EQ(lit(), 25);
  glEnable(GL_PROGRAM_POINT_SIZE);
  EXPECT_EQ(lit(), 9) << "the shader's gl_PointSize";
  glDisable(GL_PROGRAM_POINT_SIZE);
  EXPECT_EQ(lit(), 25);
  glPointSize(1.0f);
  glDeleteProgram(p);
}

TEST_F(GlCoreState, CubeMapsAreSampledPerFaceUnlessSeamless) {
  // +X red, +Y green, the rest blue; 2x2 faces sampled linearly right next
  // to the edge +X shares with +Y.
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
  for (GLenum face = GL_TEXTURE_CUBE_MAP_POSITIVE_X; face <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z; ++face) {
    const uint32_t c = face == GL_TEXTURE_CUBE_MAP_POSITIVE_X   ? rgba(255, 0, 0)
                       : face == GL_TEXTURE_CUBE_MAP_POSITIVE_Y ? rgba(0, 255, 0)
                                                                : rgba(0, 0, 255);
    const uint32_t texels[4] = {c, c, c, c};
    glTexImage2D(face, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  }
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform samplerCube s;
out vec4 c;
void main() { c = texture(s, vec3(1.0, 0.999, 0.0)); })");
  glUseProgram(p);
  EXPECT_FALSE(glIsEnabled(GL_TEXTURE_CUBE_MAP_SEAMLESS));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 0)) << "the +X face alone, clamped at its edge";
  glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const uint32_t blended = pixel(4, 4);
  EXPECT_GT((blended >> 8) & 0xff, 32u) << std::hex << blended << ": filtered across into +Y";
  glDisable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 0));
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreState, PointSizeState) {
  GLfloat size = 0;
  glGetFloatv(GL_POINT_SIZE, &size);
  EXPECT_EQ(size, 1.0f);
  glPointSize(4.0f);
  glGetFloatv(GL_POINT_SIZE, &size);
  EXPECT_EQ(size, 4.0f);
  glPointSize(0.0f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glPointSize(-1.0f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetFloatv(GL_POINT_SIZE, &size);
  EXPECT_EQ(size, 4.0f);
  glPointSize(1.0f);
  EXPECT_FALSE(glIsEnabled(GL_PROGRAM_POINT_SIZE));
  glEnable(GL_PROGRAM_POINT_SIZE);
  EXPECT_TRUE(glIsEnabled(GL_PROGRAM_POINT_SIZE));
  glDisable(GL_PROGRAM_POINT_SIZE);
  GLfloat range[2] = {};
  glGetFloatv(GL_POINT_SIZE_RANGE, range);
  EXPECT_EQ(range[0], 1.0f);
  EXPECT_GE(range[1], 1.0f);
}

}  // namespace
}  // namespace brass::e2e
