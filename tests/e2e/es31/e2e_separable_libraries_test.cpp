// Separable programs drawn from per-stage pipeline libraries
// (docs/architecture.md, "Separable programs"): each separable program's
// stage is compiled into its own library when it links, so a program
// pipeline draws any new vertex/fragment pair at once, fast-linked from
// those libraries, with no compile and no wait on the draw path. Through
// glvnd as an application runs it: N vertex and N fragment programs with
// uniforms, a uniform block and a texture in either stage, every pair drawn
// and read back, and the vendor library's BRASS_STATS counters read
// through its brass_stats_value export. ctest runs it in every descriptor
// mode (tests/e2e/CMakeLists.txt).

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "e2e_es31_fixture.h"
#include "../wait_for_driver.h"
#include "../brass_stats.h"

#ifndef BRASS_E2E_VENDOR_LIBRARY
#error "tests/e2e/CMakeLists.txt defines BRASS_E2E_VENDOR_LIBRARY (the path of libEGL_brass.so)"
#endif

namespace brass::e2e {
namespace {

constexpr int kPrograms = 3;

// Vertex program i: a full-viewport triangle, moved by a uniform (program
// 0), a uniform block (program 1) or nothing (program 2), passing a colour
// whose red channel says which program it is.
std::string vertex_source(int i) {
  std::string s = "#version 310 es\n";
  if (i == 0) s += "uniform vec2 shift;\n";
  if (i == 1) s += "layout(std140, binding = 3) uniform Move { vec2 shift; } move;\n";
  s += "out vec4 colour;\nvoid main() {\n"
       "  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);\n";
  s += i == 0 ? "  p += shift;\n" : i == 1 ? "  p += move.shift;\n" : "";
  s += "  gl_Position = vec4(p, 0.0, 1.0);\n  colour = vec4(" + std::to_string(0.25 * (i + 1)) +
       ", 0.0, 0.0, 1.0);\n}\n";
  return s;
}

// Fragment program j: the colour plus a green channel from a uniform
// (program 0), a texture (program 1) or a uniform block (program 2).
std::string fragment_source(int j) {
  std::string s = "#version 310 es\nprecision mediump float;\nin vec4 colour;\nout vec4 o;\n";
  if (j == 0) s += "uniform float green;\n";
  if (j == 1) s += "uniform sampler2D tex;\n";
  if (j == 2) s += "layout(std140, binding = 5) uniform Green { vec4 g; };\n";
  s += "void main() {\n  o = colour;\n";
  s += j == 0 ? "  o.g = green;\n" : j == 1 ? "  o.g = texture(tex, vec2(0.5)).g;\n" : "  o.g = g.y;\n";
  s += "  o.b = " + std::to_string(0.25 * (j + 1)) + ";\n}\n";
  return s;
}

class E2eSeparableLibraries : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    stats_value_ = brass_stats_value_function();
    ASSERT_NE(stats_value_, nullptr) << "libEGL_brass.so is not loaded or does not export brass_stats_value";
  }

  uint64_t stat(const char* name) const {
    wait_for_driver_thread();
    uint64_t v = 0;
    EXPECT_TRUE(stats_value_(name, &v)) << name;
    return v;
  }

  static GLuint separable(GLenum type, const std::string& src) {
    const char* text = src.c_str();
    const GLuint p = glCreateShaderProgramv(type, 1, &text);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);  // the link is complete: its libraries too
    if (!ok) {
      char log[2048] = {};
      glGetProgramInfoLog(p, sizeof(log), nullptr, log);
      ADD_FAILURE() << "separable program failed: " << log << "\n" << src;
    }
    return p;
  }

  StatsValueFn stats_value_ = nullptr;
};

// 0.25 * k in 8-bit unorm.
uint8_t quarter(int k) { return static_cast<uint8_t>(std::lround(k * 255.0 / 4)); }

TEST_F(E2eSeparableLibraries, EveryPairDrawsWithoutCompilingOnTheDrawPath) {
  std::array<GLuint, kPrograms> vs{}, fs{};
  for (int i = 0; i < kPrograms; ++i) vs[i] = separable(GL_VERTEX_SHADER, vertex_source(i));
  for (int j = 0; j < kPrograms; ++j) fs[j] = separable(GL_FRAGMENT_SHADER, fragment_source(j));
  ASSERT_FALSE(HasFailure());
  // What the draws read: shift (0, 0) both ways, green 0.5 three ways.
  glProgramUniform2f(vs[0], glGetUniformLocation(vs[0], "shift"), 0.0f, 0.0f);
  const float move[4] = {0, 0, 0, 0};
  const GLuint move_buffer = buffer(GL_UNIFORM_BUFFER, sizeof(move), move);
  glBindBufferBase(GL_UNIFORM_BUFFER, 3, move_buffer);
  glProgramUniform1f(fs[0], glGetUniformLocation(fs[0], "green"), 0.5f);
  const uint32_t texel = rgba(0, 128, 0);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glProgramUniform1i(fs[1], glGetUniformLocation(fs[1], "tex"), 2);
  const float green[4] = {0, 0.5f, 0, 0};
  const GLuint green_buffer = buffer(GL_UNIFORM_BUFFER, sizeof(green), green);
  glBindBufferBase(GL_UNIFORM_BUFFER, 5, green_buffer);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  GLuint pipeline = 0;
  glGenProgramPipelines(1, &pipeline);
  glBindProgramPipeline(pipeline);
  // Each stage program compiled its library at link (the GPL devices Brass
  // runs on; BRASS_DEBUG=nogpl has none and compiles whole combinations).
  const uint64_t stage_libraries = stat("pipeline.separable.stage_libraries");
  const bool libraries = stage_libraries >= 2 * kPrograms;
  const uint64_t full_compiles = stat("pipeline.draw_path.full_compiles");
  const uint64_t waits = stat("pipeline.draw_path.precompile_waits");
  const uint64_t library_compiles = stat("pipeline.draw_path.library_compiles");
  const uint64_t separable_links = stat("pipeline.draw_path.separable_fast_links");
  // Twice: the second round switches back to pairs drawn before, which
  // find their combinations again (separable_combinations.h).
  uint64_t forms_after_first_round = 0;
  for (int round = 0; round < 2; ++round) {
    if (round == 1) forms_after_first_round = stat("pipeline.separable.library_forms");
    for (int i = 0; i < kPrograms; ++i) {
      for (int j = 0; j < kPrograms; ++j) {
        glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, vs[i]);
        glUseProgramStages(pipeline, GL_FRAGMENT_SHADER_BIT, fs[j]);
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        glDrawArrays(GL_TRIANGLES, 0, 3);
        ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << "pair " << i << "," << j;
        const uint32_t want = rgba(quarter(i + 1), 128, quarter(j + 1), 255);
        const uint32_t got = pixel(kWidth / 2, kHeight / 2);
        for (int c = 0; c < 4; ++c) {
          const int g = int(got >> (8 * c) & 0xff), w = int(want >> (8 * c) & 0xff);
          EXPECT_NEAR(g, w, 2) << "round " << round << ", vertex program " << i << ", fragment program " << j
                               << ", channel " << c << std::hex << ": got 0x" << got << ", want 0x" << want;
        }
      }
    }
  }
  if (!libraries) GTEST_SKIP() << "no pipeline libraries on this device or configuration";
  EXPECT_EQ(stat("pipeline.separable.library_forms"), forms_after_first_round)
      << "switching back to a pair made its combination again";
  EXPECT_EQ(stat("pipeline.draw_path.full_compiles"), full_compiles) << "a pair was compiled whole on the draw path";
  EXPECT_EQ(stat("pipeline.draw_path.precompile_waits"), waits) << "a draw waited for a compile";
  EXPECT_EQ(stat("pipeline.draw_path.library_compiles"), library_compiles) << "a draw compiled a shader library";
  // A pair is drawn from its stages' libraries, or from its own where those
  // were compiled before the driver reached the draw (the combination is
  // made when the frontend validates the draw, and its libraries compile
  // on workers meanwhile): never compiled or waited for on the draw path.
  EXPECT_GT(stat("pipeline.draw_path.separable_fast_links"), separable_links)
      << "new pairs are fast-linked from their stages' libraries";
  glDeleteProgramPipelines(1, &pipeline);
  for (GLuint p : vs) glDeleteProgram(p);
  for (GLuint p : fs) glDeleteProgram(p);
  glDeleteBuffers(1, &move_buffer);
  glDeleteBuffers(1, &green_buffer);
  glDeleteTextures(1, &tex);
}

// The per-stage descriptor sets are rewritten when their stage's bindings
// change, and the combination's own pipelines take over once compiled: the
// same pair keeps drawing what its state says across many draws.
TEST_F(E2eSeparableLibraries, StageBindingsChangeBetweenDrawsOfOnePair) {
  const GLuint vs = separable(GL_VERTEX_SHADER, vertex_source(0));
  const GLuint fs = separable(GL_FRAGMENT_SHADER, fragment_source(0));
  ASSERT_FALSE(HasFailure());
  GLuint pipeline = 0;
  glGenProgramPipelines(1, &pipeline);
  glBindProgramPipeline(pipeline);
  glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, vs);
  glUseProgramStages(pipeline, GL_FRAGMENT_SHADER_BIT, fs);
  const GLint shift = glGetUniformLocation(vs, "shift"), green = glGetUniformLocation(fs, "green");
  for (int frame = 0; frame < 12; ++frame) {
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    // Odd frames move the triangle off the left half; every frame has its green.
    glProgramUniform2f(vs, shift, frame % 2 ? 1.0f : 0.0f, 0.0f);
    glProgramUniform1f(fs, green, static_cast<float>(frame) / 16.0f);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const auto g = static_cast<uint8_t>(std::lround(frame * 255.0 / 16));
    const uint32_t left = pixel(kWidth / 4, kHeight / 2), right = pixel(3 * kWidth / 4, kHeight / 2);
    const uint32_t drawn = rgba(quarter(1), g, quarter(1), 255);
    EXPECT_NEAR(int(right >> 8 & 0xff), int(g), 2) << "frame " << frame;
    EXPECT_NEAR(int(right & 0xff), int(drawn & 0xff), 2) << "frame " << frame;
    if (frame % 2)
      EXPECT_EQ(left, 0u) << "frame " << frame << ": the vertex stage's uniform moved the triangle";
    else
      EXPECT_NEAR(int(left >> 8 & 0xff), int(g), 2) << "frame " << frame;
  }
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgramPipelines(1, &pipeline);
  glDeleteProgram(vs);
  glDeleteProgram(fs);
}

}  // namespace
}  // namespace brass::e2e
