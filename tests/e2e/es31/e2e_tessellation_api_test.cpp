// EXT/OES_tessellation_shader's API in ES 3.1 contexts: exposure and
// limits (and the gl_MaxTess* constants agreeing), the extension directive,
// glPatchParameteri and PATCH_VERTICES, the draw-mode and link rules, the
// program queries (TESS_* layouts, REFERENCED_BY_TESS_*, IS_PER_PATCH) and
// program pipelines with tessellation stages.
#include "e2e_tessellation_fixture.h"

namespace brass::e2e {
namespace {

using E2eTessellationApi = TessellationTest;

constexpr const char* kTrianglesTes = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(triangles, fractional_even_spacing, cw) in;
void main() { gl_Position = gl_in[0].gl_Position + vec4(gl_TessCoord, 0.0); })";

// EXT_tessellation_shader raises the uniform-buffer binding points to 72:
// every one of them binds, and reads back, and the next one is an error.
TEST_F(E2eTessellationApi, EveryUniformBufferBindingPointBinds) {
  GLint bindings = 0;
  glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &bindings);
  ASSERT_GE(bindings, 72);
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_UNIFORM_BUFFER, buffer);
  glBufferData(GL_UNIFORM_BUFFER, 1024, nullptr, GL_STATIC_DRAW);
  glBindBufferRange(GL_UNIFORM_BUFFER, static_cast<GLuint>(bindings - 1), buffer, 0, 64);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint bound = 0;
  glGetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, static_cast<GLuint>(bindings - 1), &bound);
  EXPECT_EQ(bound, static_cast<GLint>(buffer));
  glBindBufferBase(GL_UNIFORM_BUFFER, static_cast<GLuint>(bindings), buffer);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glDeleteBuffers(1, &buffer);
}

TEST_F(E2eTessellationApi, ExtensionsAndLimits) {
  EXPECT_TRUE(has_extension("GL_OES_tessellation_shader"));
  EXPECT_TRUE(has_extension("GL_EXT_shader_io_blocks")) << "which the extension requires";
  struct Min {
    GLenum pname;
    GLint min;
  };
  for (const Min& m : {Min{GL_MAX_PATCH_VERTICES, 32}, Min{GL_MAX_TESS_GEN_LEVEL, 64},
                       Min{GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS, 1024},
                       Min{GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS, 1024},
                       Min{GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS, 16},
                       Min{GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS, 16},
                       Min{GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS, 64}, Min{GL_MAX_TESS_PATCH_COMPONENTS, 120},
                       Min{GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS, 2048},
                       Min{GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS, 64},
                       Min{GL_MAX_TESS_CONTROL_INPUT_COMPONENTS, 64}, Min{GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS, 64},
                       Min{GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS, 12}, Min{GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS, 12},
                       Min{GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS, 0}, Min{GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS, 0},
                       Min{GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS, 0}, Min{GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS, 0},
                       Min{GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS, 1024},
                       Min{GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS, 1024},
                       Min{GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, 80}, Min{GL_MAX_UNIFORM_BUFFER_BINDINGS, 72},
                       Min{GL_MAX_COMBINED_UNIFORM_BLOCKS, 60}, Min{GL_PATCH_VERTICES, 3}}) {
    GLint v = -1;
    glGetIntegerv(m.pname, &v);
    EXPECT_GE(v, m.min) << std::hex << m.pname;
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << std::hex << m.pname;
  }
  GLint patch = 0;
  glGetIntegerv(GL_PATCH_VERTICES, &patch);
  EXPECT_EQ(patch, 3) << "the initial patch size";
  GLboolean restart = GL_TRUE;
  glGetBooleanv(GL_PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED, &restart);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // The GLSL constants agree with the API's.
  GLint level = 0, vertices = 0;
  glGetIntegerv(GL_MAX_TESS_GEN_LEVEL, &level);
  glGetIntegerv(GL_MAX_PATCH_VERTICES, &vertices);
  const std::string tcs = std::string(R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 1) out;
void main() {
  int a[gl_MaxTessGenLevel == )") + std::to_string(level) + R"( ? 1 : -1];
  int b[gl_MaxPatchVertices == )" + std::to_string(vertices) + R"( ? 1 : -1];
  gl_TessLevelOuter[0] = float(a.length() + b.length());
})";
  glDeleteShader(shader(GL_TESS_CONTROL_SHADER, tcs.c_str()));
}

TEST_F(E2eTessellationApi, CompileNeedsTheExtension) {
  const char* without = R"(#version 310 es
layout(triangles) in;
void main() { gl_Position = vec4(gl_TessCoord, 1.0); })";
  GLuint s = glCreateShader(GL_TESS_EVALUATION_SHADER);
  glShaderSource(s, 1, &without, nullptr);
  glCompileShader(s);
  GLint ok = 1;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE) << "ESSL 3.10 tessellation shaders need the extension directive";
  GLint type = 0;
  glGetShaderiv(s, GL_SHADER_TYPE, &type);
  EXPECT_EQ(type, GL_TESS_EVALUATION_SHADER);
  glDeleteShader(s);
  GLuint m = shader(GL_FRAGMENT_SHADER, R"(#version 310 es
#if !defined(GL_EXT_tessellation_shader) || !defined(GL_OES_tessellation_shader)
#error not defined
#endif
void main() {})");
  glDeleteShader(m);
}

TEST_F(E2eTessellationApi, PatchParameterErrors) {
  GLint max = 0;
  glGetIntegerv(GL_MAX_PATCH_VERTICES, &max);
  glPatchParameteri(GL_PATCH_VERTICES, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glPatchParameteri(GL_PATCH_VERTICES, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glPatchParameteri(GL_PATCH_VERTICES, max + 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glPatchParameteri(GL_PATCHES, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint v = 0;
  glGetIntegerv(GL_PATCH_VERTICES, &v);
  EXPECT_EQ(v, 3) << "errors leave the state";
  glPatchParameteri(GL_PATCH_VERTICES, max);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGetIntegerv(GL_PATCH_VERTICES, &v);
  EXPECT_EQ(v, max);
}

TEST_F(E2eTessellationApi, DrawModeRules) {
  // Patches without tessellation.
  GLuint plain = program(kFullscreenVs310, "#version 310 es\nvoid main() {}\n");
  glUseProgram(plain);
  glDrawArrays(GL_PATCHES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Tessellation without patches, even an empty draw.
  GLuint tess = levels_program(kTrianglesTes);
  glUseProgram(tess);
  for (GLenum mode : {GL_POINTS, GL_LINES, GL_TRIANGLES, GL_TRIANGLE_STRIP}) {
    glDrawArrays(mode, 0, 3);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << mode;
  }
  glDrawArrays(GL_TRIANGLES, 0, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const GLushort indices[] = {0, 1, 2};
  glDrawElements(GL_POINTS, 3, GL_UNSIGNED_SHORT, indices);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArrays(GL_PATCHES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDrawElements(GL_PATCHES, 3, GL_UNSIGNED_SHORT, indices);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(plain);
  glDeleteProgram(tess);
}

TEST_F(E2eTessellationApi, ProgramsNeedBothStages) {
  for (bool with_control : {true, false}) {
    GLuint p = glCreateProgram();
    const char* tcs = kLevelsTcs;
    for (auto [type, src] :
         {std::pair{GLenum(GL_VERTEX_SHADER), kTessVs},
          with_control ? std::pair{GLenum(GL_TESS_CONTROL_SHADER), tcs}
                       : std::pair{GLenum(GL_TESS_EVALUATION_SHADER), kTrianglesTes},
          std::pair{GLenum(GL_FRAGMENT_SHADER), kGreenFs}}) {
      GLuint s = shader(type, src);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    glLinkProgram(p);
    GLint ok = 1;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    EXPECT_EQ(ok, GL_FALSE) << (with_control ? "control without evaluation" : "evaluation without control");
    glDeleteProgram(p);
  }
}

TEST_F(E2eTessellationApi, LinkedQueries) {
  GLuint prog = levels_program(kTrianglesTes);
  GLint v = -1;
  glGetProgramiv(prog, GL_TESS_CONTROL_OUTPUT_VERTICES, &v);
  EXPECT_EQ(v, 1);
  glGetProgramiv(prog, GL_TESS_GEN_MODE, &v);
  EXPECT_EQ(v, GL_TRIANGLES);
  glGetProgramiv(prog, GL_TESS_GEN_SPACING, &v);
  EXPECT_EQ(v, GL_FRACTIONAL_EVEN);
  glGetProgramiv(prog, GL_TESS_GEN_VERTEX_ORDER, &v);
  EXPECT_EQ(v, GL_CW);
  glGetProgramiv(prog, GL_TESS_GEN_POINT_MODE, &v);
  EXPECT_EQ(v, GL_FALSE);
  GLuint quads = levels_program(coord_tes("quads, point_mode"));
  glGetProgramiv(quads, GL_TESS_GEN_MODE, &v);
  EXPECT_EQ(v, GL_QUADS);
  glGetProgramiv(quads, GL_TESS_GEN_SPACING, &v);
  EXPECT_EQ(v, GL_EQUAL);
  glGetProgramiv(quads, GL_TESS_GEN_VERTEX_ORDER, &v);
  EXPECT_EQ(v, GL_CCW);
  glGetProgramiv(quads, GL_TESS_GEN_POINT_MODE, &v);
  EXPECT_EQ(v, GL_TRUE);
  // Uniforms only the control stage reads.
  const GLuint index = glGetProgramResourceIndex(prog, GL_UNIFORM, "outer");
  ASSERT_NE(index, GL_INVALID_INDEX);
  const GLenum props[] = {GL_REFERENCED_BY_VERTEX_SHADER, GL_REFERENCED_BY_TESS_CONTROL_SHADER,
                          GL_REFERENCED_BY_TESS_EVALUATION_SHADER, GL_REFERENCED_BY_FRAGMENT_SHADER};
  GLint refs[4] = {-1, -1, -1, -1};
  glGetProgramResourceiv(prog, GL_UNIFORM, index, 4, props, 4, nullptr, refs);
  EXPECT_EQ(refs[0], 0);
  EXPECT_EQ(refs[1], 1);
  EXPECT_EQ(refs[2], 0);
  EXPECT_EQ(refs[3], 0);
  // A program without the stages has no such state.
  GLuint plain = program(kFullscreenVs310, "#version 310 es\nvoid main() {}\n");
  for (GLenum pname : {GL_TESS_CONTROL_OUTPUT_VERTICES, GL_TESS_GEN_MODE, GL_TESS_GEN_POINT_MODE}) {
    glGetProgramiv(plain, pname, &v);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << std::hex << pname;
  }
  // IS_PER_PATCH is a property of inputs and outputs only.
  const GLenum per_patch = GL_IS_PER_PATCH;
  glGetProgramResourceiv(prog, GL_UNIFORM, index, 1, &per_patch, 1, nullptr, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteProgram(plain);
  glDeleteProgram(quads);
  glDeleteProgram(prog);
}

// Separable programs whose stages are tessellation ones: their outputs and
// inputs say whether they are per patch; in a pipeline the control and
// evaluation stages come from one program and draw patches.
TEST_F(E2eTessellationApi, ProgramPipelineWithTessellationStages) {
  const char* vs_src[] = {R"(#version 310 es
#extension GL_EXT_shader_io_blocks : require
out gl_PerVertex { vec4 gl_Position; };
void main() { gl_Position = vec4(float(gl_VertexID), 0.0, 0.0, 1.0); })"};
  const char* tcs = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 1) out;
in gl_PerVertex { vec4 gl_Position; } gl_in[gl_MaxPatchVertices];
out gl_PerVertex { vec4 gl_Position; } gl_out[];
layout(location = 0) patch out float level;
uniform float outer;
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  level = outer;
  for (int i = 0; i < 4; ++i) gl_TessLevelOuter[i] = outer;
  gl_TessLevelInner[0] = outer;
  gl_TessLevelInner[1] = outer;
})";
  const char* tes = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(quads) in;
in gl_PerVertex { vec4 gl_Position; } gl_in[gl_MaxPatchVertices];
out gl_PerVertex { vec4 gl_Position; };
layout(location = 0) patch in float level;
void main() { gl_Position = vec4(gl_TessCoord.xy * 2.0 - 1.0, 0.0, level); })";
  const char* fs_src[] = {kGreenFs};
  GLuint vs = glCreateShaderProgramv(GL_VERTEX_SHADER, 1, vs_src);
  GLuint tess = program_of({{GL_TESS_CONTROL_SHADER, tcs}, {GL_TESS_EVALUATION_SHADER, tes}}, /*separable=*/true);
  GLuint control_only = glCreateShaderProgramv(GL_TESS_CONTROL_SHADER, 1, &tcs);
  GLuint fs = glCreateShaderProgramv(GL_FRAGMENT_SHADER, 1, fs_src);
  for (GLuint p : {vs, control_only, fs}) {
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    char log[2048] = {};
    glGetProgramInfoLog(p, sizeof(log), nullptr, log);
    EXPECT_EQ(ok, GL_TRUE) << log;
  }
  // The control-only program's output "level" is per patch.
  const GLuint out_index = glGetProgramResourceIndex(control_only, GL_PROGRAM_OUTPUT, "level");
  ASSERT_NE(out_index, GL_INVALID_INDEX);
  const GLenum props[] = {GL_IS_PER_PATCH, GL_REFERENCED_BY_TESS_CONTROL_SHADER};
  GLint v[2] = {-1, -1};
  glGetProgramResourceiv(control_only, GL_PROGRAM_OUTPUT, out_index, 2, props, 2, nullptr, v);
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(v[1], 1);
  glProgramUniform1f(tess, glGetUniformLocation(tess, "outer"), 2.0f);
  glProgramUniform1f(control_only, glGetUniformLocation(control_only, "outer"), 2.0f);

  GLuint pipeline = 0;
  glGenProgramPipelines(1, &pipeline);
  glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, vs);
  glUseProgramStages(pipeline, GL_TESS_CONTROL_SHADER_BIT | GL_TESS_EVALUATION_SHADER_BIT, tess);
  glUseProgramStages(pipeline, GL_FRAGMENT_SHADER_BIT, fs);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint name = 0;
  glGetProgramPipelineiv(pipeline, GL_TESS_CONTROL_SHADER, &name);
  EXPECT_EQ(static_cast<GLuint>(name), tess);
  glGetProgramPipelineiv(pipeline, GL_TESS_EVALUATION_SHADER, &name);
  EXPECT_EQ(static_cast<GLuint>(name), tess);
  glBindProgramPipeline(pipeline);
  EXPECT_EQ(generated(1), 8u) << "level 2 quads";
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_PATCHES, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0)) << "w = level = 2: the quad covers the middle half";
  EXPECT_EQ(pixel(1, 1), rgba(0, 0, 0));
  // A control stage without an evaluation stage cannot draw.
  glUseProgramStages(pipeline, GL_TESS_CONTROL_SHADER_BIT | GL_TESS_EVALUATION_SHADER_BIT, 0);
  glUseProgramStages(pipeline, GL_TESS_CONTROL_SHADER_BIT, control_only);
  glDrawArrays(GL_PATCHES, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glValidateProgramPipeline(pipeline);
  GLint valid = 1;
  glGetProgramPipelineiv(pipeline, GL_VALIDATE_STATUS, &valid);
  EXPECT_EQ(valid, GL_FALSE);
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(1, &pipeline);
  for (GLuint p : {vs, tess, control_only, fs}) glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
