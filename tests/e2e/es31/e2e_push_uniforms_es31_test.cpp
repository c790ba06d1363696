// Default uniforms by push constants with ES 3.1's separate shader objects
// and compute (issue 19): a program pipeline mixing two programs' stages
// (each with its own default block: those stay uniform buffers), a
// separable program holding both stages drawn with glUseProgram (one block:
// pushed where it fits), glProgramUniform and glActiveShaderProgram between
// draws, and dispatches between draws, each reading its own values. Runs
// in both paths (BRASS_UNIFORMS=buffer: e2e_push_uniforms_es31_buffer).
#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kVs = R"(#version 310 es
uniform vec2 shift;
uniform float size;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 1.0 : 0.0, gl_VertexID == 2 ? 1.0 : 0.0) * 2.0 * size - size;
  gl_Position = vec4(p + shift, 0.0, 1.0);
})";
constexpr const char* kFs = R"(#version 310 es
precision mediump float;
uniform vec4 colour;
out vec4 o;
void main() { o = colour; })";
// Both stages in one separable program: one default block.
constexpr const char* kCs = R"(#version 310 es
layout(local_size_x = 4) in;
uniform uvec4 add;
uniform uint mul;
layout(std430, binding = 0) buffer Out { uint v[4]; };
void main() { v[gl_LocalInvocationIndex] = gl_LocalInvocationIndex * mul + add[gl_LocalInvocationIndex]; })";

class E2ePushUniformsEs31 : public Es31Test {
 protected:
  static GLuint separable(GLenum type, const char* src) {
    const GLuint p = glCreateShaderProgramv(type, 1, &src);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    EXPECT_EQ(ok, GL_TRUE);
    return p;
  }
  static GLuint separable_both() {
    GLuint p = glCreateProgram();
    glProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_TRUE);
    for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, kVs}, std::pair{GL_FRAGMENT_SHADER, kFs}}) {
      GLuint s = shader(type, src);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    link(p);
    return p;
  }
  // A triangle in a corner: its right-angle vertex at (x, y) - size, so
  // the quadrant centre (x, y) - size/2 is inside.
  static void place(GLuint p, float x, float y) {
    glProgramUniform2f(p, glGetUniformLocation(p, "shift"), x, y);
    glProgramUniform1f(p, glGetUniformLocation(p, "size"), 0.5f);
  }
  std::array<uint32_t, 4> quadrants() {
    // Inside each triangle: a quarter of the way into its quadrant.
    return {pixel(6, 6), pixel(22, 6), pixel(6, 22), pixel(22, 22)};
  }
};

TEST_F(E2ePushUniformsEs31, PipelinesAndWholeProgramsMixInOneFrame) {
  const GLuint vs_a = separable(GL_VERTEX_SHADER, kVs), vs_b = separable(GL_VERTEX_SHADER, kVs);
  const GLuint fs_a = separable(GL_FRAGMENT_SHADER, kFs);
  const GLuint both = separable_both();
  GLuint pipes[2];
  glGenProgramPipelines(2, pipes);
  glUseProgramStages(pipes[0], GL_VERTEX_SHADER_BIT, vs_a);
  glUseProgramStages(pipes[0], GL_FRAGMENT_SHADER_BIT, fs_a);
  glUseProgramStages(pipes[1], GL_VERTEX_SHADER_BIT, vs_b);
  glUseProgramStages(pipes[1], GL_FRAGMENT_SHADER_BIT, fs_a);
  place(vs_a, -0.5f, -0.5f);
  place(vs_b, 0.5f, -0.5f);
  place(both, -0.5f, 0.5f);
  glProgramUniform4f(fs_a, glGetUniformLocation(fs_a, "colour"), 1, 0, 0, 1);
  glProgramUniform4f(both, glGetUniformLocation(both, "colour"), 0, 0, 1, 1);
  glViewport(0, 0, kWidth, kHeight);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);

  glBindProgramPipeline(pipes[0]);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindProgramPipeline(pipes[1]);
  // The shared fragment program's colour changes between the pipelines'
  // draws, through glActiveShaderProgram + glUniform.
  glActiveShaderProgram(pipes[1], fs_a);
  glUniform4f(glGetUniformLocation(fs_a, "colour"), 0, 1, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // glUseProgram takes precedence over the bound pipeline.
  glUseProgram(both);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // Changed while not current, drawn after a pipeline draw.
  glUseProgram(0);
  glProgramUniform4f(both, glGetUniformLocation(both, "colour"), 1, 1, 0, 1);
  place(both, 0.5f, 0.5f);
  glBindProgramPipeline(pipes[0]);
  glDrawArrays(GL_TRIANGLES, 0, 3);  // fs_a's colour is green now
  glUseProgram(both);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const auto q = quadrants();
  EXPECT_EQ(q[0], rgba(0, 255, 0));
  EXPECT_EQ(q[1], rgba(0, 255, 0));
  EXPECT_EQ(q[2], rgba(0, 0, 255));
  EXPECT_EQ(q[3], rgba(255, 255, 0));
  glUseProgram(0);
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(2, pipes);
  for (GLuint p : {vs_a, vs_b, fs_a, both}) glDeleteProgram(p);
}

TEST_F(E2ePushUniformsEs31, DispatchesAndDrawsKeepTheirOwnUniforms) {
  const GLuint cs = compute_program(kCs);
  const GLuint draw = program(kVs, kFs);
  const GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 16);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  glUseProgram(draw);
  glUniform2f(glGetUniformLocation(draw, "shift"), -0.5f, -0.5f);
  glUniform1f(glGetUniformLocation(draw, "size"), 0.5f);
  glUniform4f(glGetUniformLocation(draw, "colour"), 1, 0, 1, 1);
  glViewport(0, 0, kWidth, kHeight);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glUseProgram(cs);
  glUniform4ui(glGetUniformLocation(cs, "add"), 1, 2, 3, 4);
  glUniform1ui(glGetUniformLocation(cs, "mul"), 10);
  glDispatchCompute(1, 1, 1);
  glUseProgram(draw);
  glUniform2f(glGetUniformLocation(draw, "shift"), 0.5f, 0.5f);  // only the shift changes
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, out);
  const auto* v = static_cast<const uint32_t*>(glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 16, GL_MAP_READ_BIT));
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v[0], 1u);
  EXPECT_EQ(v[1], 12u);
  EXPECT_EQ(v[2], 23u);
  EXPECT_EQ(v[3], 34u);
  glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
  const auto q = quadrants();
  EXPECT_EQ(q[0], rgba(255, 0, 255));
  EXPECT_EQ(q[3], rgba(255, 0, 255));
  EXPECT_EQ(q[1], rgba(0, 0, 0));
  glUseProgram(0);
  glDeleteProgram(cs);
  glDeleteProgram(draw);
  glDeleteBuffers(1, &out);
}

}  // namespace
}  // namespace brass::e2e
