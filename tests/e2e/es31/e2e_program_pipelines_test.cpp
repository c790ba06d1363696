// ES 3.1 separate shader objects through glvnd: program pipelines mixing
// the stages of separable programs (each numbered its own descriptor
// bindings and varying locations), glProgramUniform*, the active program,
// precedence of glUseProgram, relinking, dispatch from a pipeline, and the
// errors and validation of §7.4 and §11.1.3.11. Every result is read back.
#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

// The vertex programs: a full-viewport triangle moved by a uniform (plain
// uniform, then a uniform block), passing two varyings in opposite orders.
constexpr const char* kVsUniform = R"(#version 310 es
uniform vec2 shift;
out vec4 tint;
out float unused_first;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p + shift, 0.0, 1.0);
  unused_first = 0.0;
  tint = vec4(1.0, 0.0, 0.0, 1.0);
})";
constexpr const char* kVsBlock = R"(#version 310 es
layout(std140, binding = 1) uniform Move { vec2 shift; } move;
out float unused_first;
out vec4 tint;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p + move.shift, 0.0, 1.0);
  tint = vec4(0.0, 0.0, 1.0, 1.0);
  unused_first = 1.0;
})";
// The fragment programs: the varying, a uniform colour, a uniform block.
constexpr const char* kFsTint = R"(#version 310 es
precision mediump float;
in vec4 tint;
out vec4 o;
void main() { o = tint; })";
constexpr const char* kFsBlock = R"(#version 310 es
precision mediump float;
layout(std140, binding = 2) uniform Colour { vec4 colour; };
uniform float scale;
out vec4 o;
void main() { o = colour * scale; })";

class E2eProgramPipelines : public Es31Test {
 protected:
  static GLuint separable(GLenum type, const char* src) {
    const GLuint p = glCreateShaderProgramv(type, 1, &src);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
      char log[2048] = {};
      glGetProgramInfoLog(p, sizeof(log), nullptr, log);
      ADD_FAILURE() << "separable program failed: " << log;
    }
    return p;
  }
  void clear() {
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
  }
};

TEST_F(E2eProgramPipelines, StagesOfDifferentProgramsDrawTogether) {
  const GLuint vs = separable(GL_VERTEX_SHADER, kVsUniform);
  const GLuint fs = separable(GL_FRAGMENT_SHADER, kFsTint);
  GLint sep = 0;
  glGetProgramiv(vs, GL_PROGRAM_SEPARABLE, &sep);
  EXPECT_EQ(sep, GL_TRUE);
  GLuint pipe = 0;
  glGenProgramPipelines(1, &pipe);
  EXPECT_EQ(glIsProgramPipeline(pipe), GL_FALSE) << "not created until first used";
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs);
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs);
  EXPECT_EQ(glIsProgramPipeline(pipe), GL_TRUE);
  glBindProgramPipeline(pipe);
  glProgramUniform2f(vs, glGetUniformLocation(vs, "shift"), 0.0f, 0.0f);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0)) << "tint matched by name although declared second";
  // Moved right by one viewport half: the left half is uncovered.
  glProgramUniform2f(vs, glGetUniformLocation(vs, "shift"), 1.0f, 0.0f);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 16), rgba(0, 0, 0));
  EXPECT_EQ(pixel(28, 16), rgba(255, 0, 0));
  GLint v = 0;
  glGetProgramPipelineiv(pipe, GL_VERTEX_SHADER, &v);
  EXPECT_EQ(static_cast<GLuint>(v), vs);
  glGetProgramPipelineiv(pipe, GL_FRAGMENT_SHADER, &v);
  EXPECT_EQ(static_cast<GLuint>(v), fs);
  glGetProgramPipelineiv(pipe, GL_COMPUTE_SHADER, &v);
  EXPECT_EQ(v, 0);
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(1, &pipe);
  glDeleteProgram(vs);
  glDeleteProgram(fs);
}

TEST_F(E2eProgramPipelines, BlocksOfBothProgramsAreBoundApart) {
  // Each program has one uniform block, both numbered first in their own
  // program: the combination must not mix them up.
  const GLuint vs = separable(GL_VERTEX_SHADER, kVsBlock);
  const GLuint fs = separable(GL_FRAGMENT_SHADER, kFsBlock);
  const float shift[4] = {-2.0f, 0.0f, 0.0f, 0.0f};  // covers x < 0 only
  const float colour[4] = {0.0f, 1.0f, 0.0f, 1.0f};
  GLuint move = buffer(GL_UNIFORM_BUFFER, sizeof(shift), shift);
  GLuint col = buffer(GL_UNIFORM_BUFFER, sizeof(colour), colour);
  glBindBufferBase(GL_UNIFORM_BUFFER, 1, move);
  glBindBufferBase(GL_UNIFORM_BUFFER, 2, col);
  GLuint pipe = 0;
  glGenProgramPipelines(1, &pipe);
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs);
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs);
  glBindProgramPipeline(pipe);
  // No current program: glUniform goes to the pipeline's active program.
  glActiveShaderProgram(pipe, fs);
  glUniform1f(glGetUniformLocation(fs, "scale"), 1.0f);
  GLint active = 0;
  glGetProgramPipelineiv(pipe, GL_ACTIVE_PROGRAM, &active);
  EXPECT_EQ(static_cast<GLuint>(active), fs);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 16), rgba(0, 255, 0)) << "moved left by the vertex program's block";
  EXPECT_EQ(pixel(28, 16), rgba(0, 0, 0));
  GLfloat scale = 0;
  glGetUniformfv(fs, glGetUniformLocation(fs, "scale"), &scale);
  EXPECT_EQ(scale, 1.0f);
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(1, &pipe);
  glDeleteBuffers(1, &move);
  glDeleteBuffers(1, &col);
  glDeleteProgram(vs);
  glDeleteProgram(fs);
}

TEST_F(E2eProgramPipelines, SwappingAStageAndUseProgramPrecedence) {
  const GLuint vs_a = separable(GL_VERTEX_SHADER, kVsUniform);
  const GLuint vs_b = separable(GL_VERTEX_SHADER, kVsBlock);
  const GLuint fs = separable(GL_FRAGMENT_SHADER, kFsTint);
  const float zero[4] = {};
  GLuint move = buffer(GL_UNIFORM_BUFFER, sizeof(zero), zero);
  glBindBufferBase(GL_UNIFORM_BUFFER, 1, move);
  GLuint pipe = 0;
  glGenProgramPipelines(1, &pipe);
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs_a);
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs);
  glBindProgramPipeline(pipe);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0));
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs_b);  // blue tint now
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 255));
  // A current program wins over the bound pipeline.
  GLuint green = program(kFullscreenVs, "#version 300 es\nprecision mediump float; out vec4 o;\n"
                                        "void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }");
  glUseProgram(green);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0));
  glUseProgram(0);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 255)) << "the pipeline again";
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(1, &pipe);
  glDeleteBuffers(1, &move);
  for (GLuint p : {vs_a, vs_b, fs, green}) glDeleteProgram(p);
}

TEST_F(E2eProgramPipelines, OneProgramSupplyingBothStages) {
  GLuint p = glCreateProgram();
  glProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_TRUE);
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, kVsUniform}, std::pair{GL_FRAGMENT_SHADER, kFsTint}}) {
    GLuint s = shader(type, src);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_EQ(ok, GL_TRUE);
  GLuint pipe = 0;
  glGenProgramPipelines(1, &pipe);
  glUseProgramStages(pipe, GL_ALL_SHADER_BITS, p);
  glBindProgramPipeline(pipe);
  glValidateProgramPipeline(pipe);
  GLint valid = 0;
  glGetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &valid);
  EXPECT_EQ(valid, GL_TRUE);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0));
  // Only its vertex stage from it: invalid (§11.1.3.11), draws are errors.
  const GLuint other_fs = separable(GL_FRAGMENT_SHADER, kFsTint);
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, other_fs);
  glValidateProgramPipeline(pipe);
  glGetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &valid);
  EXPECT_EQ(valid, GL_FALSE);
  GLint log_length = 0;
  glGetProgramPipelineiv(pipe, GL_INFO_LOG_LENGTH, &log_length);
  EXPECT_GT(log_length, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(1, &pipe);
  glDeleteProgram(p);
  glDeleteProgram(other_fs);
}

TEST_F(E2eProgramPipelines, DispatchFromAPipeline) {
  const GLuint cs = separable(GL_COMPUTE_SHADER, R"(#version 310 es
layout(local_size_x = 4) in;
uniform uint base;
layout(std430, binding = 0) buffer Out { uint v[]; };
void main() { v[gl_GlobalInvocationID.x] = base + gl_GlobalInvocationID.x; })");
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 16);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  GLuint pipe = 0;
  glGenProgramPipelines(1, &pipe);
  glUseProgramStages(pipe, GL_COMPUTE_SHADER_BIT, cs);
  glBindProgramPipeline(pipe);
  glProgramUniform1ui(cs, glGetUniformLocation(cs, "base"), 40u);
  glDispatchCompute(1, 1, 1);
  const std::vector<uint32_t> v = read_uints(out, 4);
  EXPECT_EQ(v, (std::vector<uint32_t>{40, 41, 42, 43}));
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(1, &pipe);
  glDeleteBuffers(1, &out);
  glDeleteProgram(cs);
}

// Stages of different programs must match (ES 3.1 §7.4.1): an input with
// no output of that name, a different interpolation qualifier, or a
// location on one side only fail validation and the draw.
TEST_F(E2eProgramPipelines, MismatchedInterfacesFailValidation) {
  const GLuint vs = separable(GL_VERTEX_SHADER, kVsUniform);
  struct Case {
    const char* fs;
    bool valid;
  };
  const Case cases[] = {
      {kFsTint, true},
      {"#version 310 es\nprecision mediump float;\nflat in vec4 tint;\nout vec4 o;\nvoid main() { o = tint; }", false},
      {"#version 310 es\nprecision mediump float;\nin vec4 shade;\nout vec4 o;\nvoid main() { o = shade; }", false},
      {"#version 310 es\nprecision mediump float;\nlayout(location = 0) in vec4 tint;\nout vec4 o;\n"
       "void main() { o = tint; }",
       false},
  };
  for (const Case& c : cases) {
    const GLuint fs = separable(GL_FRAGMENT_SHADER, c.fs);
    GLuint pipe = 0;
    glGenProgramPipelines(1, &pipe);
    glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs);
    glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs);
    glValidateProgramPipeline(pipe);
    GLint valid = -1;
    glGetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &valid);
    EXPECT_EQ(valid, c.valid ? GL_TRUE : GL_FALSE) << c.fs;
    glBindProgramPipeline(pipe);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    EXPECT_EQ(glGetError(), c.valid ? static_cast<GLenum>(GL_NO_ERROR) : static_cast<GLenum>(GL_INVALID_OPERATION))
        << c.fs;
    glBindProgramPipeline(0);
    glDeleteProgramPipelines(1, &pipe);
    glDeleteProgram(fs);
  }
  glDeleteProgram(vs);
}

TEST_F(E2eProgramPipelines, Errors) {
  const GLuint vs = separable(GL_VERTEX_SHADER, kVsUniform);
  GLuint plain = program(kFullscreenVs, "#version 300 es\nprecision mediump float; out vec4 o;\n"
                                        "void main() { o = vec4(1.0); }");
  GLuint pipe = 0;
  glGenProgramPipelines(1, &pipe);
  // Names glGenProgramPipelines did not return.
  glBindProgramPipeline(pipe + 100);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUseProgramStages(pipe + 100, GL_VERTEX_SHADER_BIT, vs);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLint v = 0;
  glGetProgramPipelineiv(pipe + 100, GL_ACTIVE_PROGRAM, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Bad stage bits, a program that is not separable, not a program.
  glUseProgramStages(pipe, 0x40, vs);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, plain);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, 0xbad);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glGetProgramPipelineiv(pipe, 0xbad, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // A pipeline without a fragment stage cannot be drawn with.
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs);
  glBindProgramPipeline(pipe);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // glUniform with no current program and no active program.
  glUniform1f(0, 1.0f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // glProgramUniform of the wrong type.
  glProgramUniform1i(vs, glGetUniformLocation(vs, "shift"), 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Deleting the bound pipeline unbinds it.
  glDeleteProgramPipelines(1, &pipe);
  glGetIntegerv(GL_PROGRAM_PIPELINE_BINDING, &v);
  EXPECT_EQ(v, 0);
  glDeleteProgram(vs);
  glDeleteProgram(plain);
}

}  // namespace
}  // namespace brass::e2e
