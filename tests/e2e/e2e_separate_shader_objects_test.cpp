// EXT_separate_shader_objects in an ES 3.0 context through glvnd: program
// pipelines built from separable programs (glCreateShaderProgramvEXT, or
// glProgramParameteriEXT + glLinkProgram), stages swapped independently,
// glProgramUniform*EXT, ESSL 3.00 interfaces matched by location and ESSL
// 1.00 ones by name, and the errors that keep ES 3.1's compute out.
#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

template <typename F>
F proc(const char* name) {
  return reinterpret_cast<F>(eglGetProcAddress(name));
}

// Full-screen triangle; the colour travels at location 2.
constexpr const char* kVs300 = R"(#version 300 es
#extension GL_EXT_separate_shader_objects : require
layout(location = 2) out vec4 tint;
void main() {
  const vec2 p[3] = vec2[3](vec2(-1.0, -1.0), vec2(3.0, -1.0), vec2(-1.0, 3.0));
  tint = vec4(0.0, 1.0, 0.0, 1.0);
  gl_Position = vec4(p[gl_VertexID], 0.0, 1.0);
})";
// Reads the varying at location 2 under another name.
constexpr const char* kFsVarying300 = R"(#version 300 es
#extension GL_EXT_separate_shader_objects : require
precision mediump float;
layout(location = 2) in vec4 colour;
out vec4 o;
void main() { o = colour; })";
constexpr const char* kFsUniform300 = R"(#version 300 es
precision mediump float;
uniform vec4 color;
out vec4 o;
void main() { o = color; })";

class SeparateShaderObjects : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_EXT_separate_shader_objects"));
    create_program = proc<PFNGLCREATESHADERPROGRAMVEXTPROC>("glCreateShaderProgramvEXT");
    gen_pipelines = proc<PFNGLGENPROGRAMPIPELINESEXTPROC>("glGenProgramPipelinesEXT");
    delete_pipelines = proc<PFNGLDELETEPROGRAMPIPELINESEXTPROC>("glDeleteProgramPipelinesEXT");
    bind_pipeline = proc<PFNGLBINDPROGRAMPIPELINEEXTPROC>("glBindProgramPipelineEXT");
    use_stages = proc<PFNGLUSEPROGRAMSTAGESEXTPROC>("glUseProgramStagesEXT");
    program_uniform4f = proc<PFNGLPROGRAMUNIFORM4FEXTPROC>("glProgramUniform4fEXT");
    program_parameteri = proc<PFNGLPROGRAMPARAMETERIEXTPROC>("glProgramParameteriEXT");
    pipeline_iv = proc<PFNGLGETPROGRAMPIPELINEIVEXTPROC>("glGetProgramPipelineivEXT");
    validate = proc<PFNGLVALIDATEPROGRAMPIPELINEEXTPROC>("glValidateProgramPipelineEXT");
    for (void* f : {reinterpret_cast<void*>(create_program), reinterpret_cast<void*>(gen_pipelines),
                    reinterpret_cast<void*>(delete_pipelines), reinterpret_cast<void*>(bind_pipeline),
                    reinterpret_cast<void*>(use_stages), reinterpret_cast<void*>(program_uniform4f),
                    reinterpret_cast<void*>(program_parameteri), reinterpret_cast<void*>(pipeline_iv),
                    reinterpret_cast<void*>(validate)})
      ASSERT_NE(f, nullptr);
    gen_pipelines(1, &pipeline);
    bind_pipeline(pipeline);
    glViewport(0, 0, kWidth, kHeight);
  }
  void TearDown() override {
    bind_pipeline(0);
    delete_pipelines(1, &pipeline);
    for (GLuint p : programs) glDeleteProgram(p);
    GlesTest::TearDown();
  }
  GLuint separable(GLenum type, const char* src) {
    const GLuint p = create_program(type, 1, &src);
    GLint linked = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    EXPECT_EQ(linked, GL_TRUE) << src;
    programs.push_back(p);
    return p;
  }
  uint32_t draw() {
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    return pixel(16, 16);
  }

  PFNGLCREATESHADERPROGRAMVEXTPROC create_program = nullptr;
  PFNGLGENPROGRAMPIPELINESEXTPROC gen_pipelines = nullptr;
  PFNGLDELETEPROGRAMPIPELINESEXTPROC delete_pipelines = nullptr;
  PFNGLBINDPROGRAMPIPELINEEXTPROC bind_pipeline = nullptr;
  PFNGLUSEPROGRAMSTAGESEXTPROC use_stages = nullptr;
  PFNGLPROGRAMUNIFORM4FEXTPROC program_uniform4f = nullptr;
  PFNGLPROGRAMPARAMETERIEXTPROC program_parameteri = nullptr;
  PFNGLGETPROGRAMPIPELINEIVEXTPROC pipeline_iv = nullptr;
  PFNGLVALIDATEPROGRAMPIPELINEEXTPROC validate = nullptr;
  GLuint pipeline = 0;
  std::vector<GLuint> programs;
};

TEST_F(SeparateShaderObjects, StagesMatchByLocationAndSwapIndependently) {
  const GLuint vs = separable(GL_VERTEX_SHADER, kVs300);
  const GLuint fs_varying = separable(GL_FRAGMENT_SHADER, kFsVarying300);
  const GLuint fs_uniform = separable(GL_FRAGMENT_SHADER, kFsUniform300);
  use_stages(pipeline, GL_VERTEX_SHADER_BIT_EXT, vs);
  use_stages(pipeline, GL_FRAGMENT_SHADER_BIT_EXT, fs_varying);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  validate(pipeline);
  GLint v = 0;
  pipeline_iv(pipeline, GL_VALIDATE_STATUS, &v);
  EXPECT_EQ(v, GL_TRUE);
  pipeline_iv(pipeline, GL_FRAGMENT_SHADER, &v);
  EXPECT_EQ(static_cast<GLuint>(v), fs_varying);
  glGetIntegerv(GL_PROGRAM_PIPELINE_BINDING_EXT, &v);
  EXPECT_EQ(static_cast<GLuint>(v), pipeline);
  EXPECT_EQ(draw(), rgba(0, 255, 0)) << "the vertex stage's location-2 output";
  // Only the fragment stage changes; its uniform set without binding it.
  program_uniform4f(fs_uniform, glGetUniformLocation(fs_uniform, "color"), 1.0f, 0.0f, 1.0f, 1.0f);
  use_stages(pipeline, GL_FRAGMENT_SHADER_BIT_EXT, fs_uniform);
  EXPECT_EQ(draw(), rgba(255, 0, 255));
}

// ESSL 1.00 separable programs linked the long way; varyings by name.
TEST_F(SeparateShaderObjects, Essl100ProgramsLinkedSeparable) {
  auto link_separable = [&](GLenum type, const char* src) {
    const GLuint p = glCreateProgram();
    const GLuint s = shader(type, src);
    glAttachShader(p, s);
    program_parameteri(p, GL_PROGRAM_SEPARABLE_EXT, GL_TRUE);
    glBindAttribLocation(p, 0, "pos");
    glLinkProgram(p);
    glDeleteShader(s);
    GLint separable = 0, linked = 0;
    glGetProgramiv(p, GL_PROGRAM_SEPARABLE_EXT, &separable);
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    EXPECT_EQ(separable, GL_TRUE);
    EXPECT_EQ(linked, GL_TRUE);
    programs.push_back(p);
    return p;
  };
  const GLuint vs = link_separable(GL_VERTEX_SHADER, R"(attribute vec2 pos;
varying vec4 v_color;
void main() { v_color = vec4(0.0, 0.0, 1.0, 1.0); gl_Position = vec4(pos, 0.0, 1.0); })");
  const GLuint fs = link_separable(GL_FRAGMENT_SHADER, R"(precision mediump float;
varying vec4 v_color;
void main() { gl_FragColor = v_color; })");
  use_stages(pipeline, GL_VERTEX_SHADER_BIT_EXT, vs);
  use_stages(pipeline, GL_FRAGMENT_SHADER_BIT_EXT, fs);
  const float tri[] = {-1, -1, 3, -1, -1, 3};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
  glEnableVertexAttribArray(0);
  EXPECT_EQ(draw(), rgba(0, 0, 255));
  glDisableVertexAttribArray(0);
}

// ES 3.1's compute has no place in an ES 3.0 context's pipelines.
TEST_F(SeparateShaderObjects, ComputeIsNotPartOfTheExtension) {
  const GLuint vs = separable(GL_VERTEX_SHADER, kVs300);
  use_stages(pipeline, 0x00000020 /* GL_COMPUTE_SHADER_BIT */, vs);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  const char* src = "#version 300 es\nvoid main() {}\n";
  EXPECT_EQ(create_program(0x91B9 /* GL_COMPUTE_SHADER */, 1, &src), 0u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint v = 0;
  pipeline_iv(pipeline, 0x91B9 /* GL_COMPUTE_SHADER */, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  use_stages(pipeline, GL_ALL_SHADER_BITS_EXT, vs);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
