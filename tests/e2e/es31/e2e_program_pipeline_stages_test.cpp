// Program pipelines built from many separable programs (issue 16), beyond
// e2e_program_pipelines_test.cpp: vertex and fragment stages of two
// program sets combined both ways in one frame, glUniform routed by the
// active program when both stages have a uniform of the same name and
// location, tessellation control, evaluation and geometry stages each from
// a program of its own (added, swapped and removed between draws),
// samplers, uniform blocks, storage blocks and images that each program
// numbers from 0 (the combination must renumber them apart), one stage
// changed between the draws of a frame, and programs deleted while a
// pipeline still uses them. Every result is read back.
// tests/e2e/CMakeLists.txt runs these in every descriptor mode
// (e2e_program_pipelines_<mode>), with validation.
#include <GLES3/gl32.h>

#include <string>
#include <utility>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class ProgramPipelineStages : public Es31Test {
 protected:
  void TearDown() override {
    glBindProgramPipeline(0);
    for (GLuint p : pipelines_) glDeleteProgramPipelines(1, &p);
    for (GLuint p : programs_) glDeleteProgram(p);
    if (!textures_.empty()) glDeleteTextures(static_cast<GLsizei>(textures_.size()), textures_.data());
    if (!buffers_.empty()) glDeleteBuffers(static_cast<GLsizei>(buffers_.size()), buffers_.data());
    Es31Test::TearDown();
  }

  // glCreateShaderProgramv; fails the test with the info log on error.
  GLuint separable(GLenum type, const std::string& src) {
    const char* s = src.c_str();
    const GLuint p = glCreateShaderProgramv(type, 1, &s);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
      char log[2048] = {};
      glGetProgramInfoLog(p, sizeof(log), nullptr, log);
      ADD_FAILURE() << "separable program failed: " << log << "\n" << src;
    }
    programs_.push_back(p);
    return p;
  }
  // A new pipeline with `stages` (bits, program), bound.
  GLuint pipeline(std::initializer_list<std::pair<GLbitfield, GLuint>> stages) {
    GLuint pipe = 0;
    glGenProgramPipelines(1, &pipe);
    for (auto [bits, p] : stages) glUseProgramStages(pipe, bits, p);
    glBindProgramPipeline(pipe);
    pipelines_.push_back(pipe);
    return pipe;
  }
  static void clear() {
    glViewport(0, 0, kWidth, kHeight);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  // Quadrant q (0: lower left, 1: lower right, 2: upper left, 3: upper
  // right) as the viewport, and a pixel inside it.
  static void quadrant(int q) { glViewport((q & 1) * kWidth / 2, (q >> 1) * kHeight / 2, kWidth / 2, kHeight / 2); }
  uint32_t quadrant_pixel(int q) { return pixel((q & 1) * kWidth / 2 + kWidth / 4, (q >> 1) * kHeight / 2 + kHeight / 4); }
  // A 1x1 RGBA8 texture (immutable storage, so it can be an image too).
  GLuint texel(uint32_t rgba8) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &rgba8);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    textures_.push_back(t);
    return t;
  }
  GLuint vec4_buffer(GLenum target, float r, float g, float b, float a) {
    const float v[4] = {r, g, b, a};
    const GLuint buf = buffer(target, sizeof(v), v);
    buffers_.push_back(buf);
    return buf;
  }
  // The #version line (and extensions) of programs with tessellation and
  // geometry stages; empty where the context has neither.
  static std::string tess_geometry_header() {
    const std::string version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    if (version.rfind("OpenGL ES 3.2", 0) == 0) return "#version 320 es\n";
    if (has_extension("GL_EXT_tessellation_shader") && has_extension("GL_EXT_geometry_shader"))
      return "#version 310 es\n#extension GL_EXT_tessellation_shader : require\n"
             "#extension GL_EXT_geometry_shader : require\n";
    return "";
  }

  std::vector<GLuint> programs_, pipelines_, textures_, buffers_;
};

// A full-viewport triangle whose colour is the uniform u_colour.
constexpr const char* kVsColour = R"(#version 310 es
uniform vec4 u_colour;
layout(location = 0) out vec4 vs_col;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
  vs_col = u_colour;
})";

TEST_F(ProgramPipelineStages, VertexAndFragmentOfTwoSetsCombineBothWays) {
  // Set A and set B: a vertex and a fragment program each, with uniforms of
  // the same names (so the same locations) in both sets. The two fragment
  // programs differ in code (the swizzle), not only in uniforms.
  const GLuint vs_a = separable(GL_VERTEX_SHADER, kVsColour);
  const GLuint vs_b = separable(GL_VERTEX_SHADER, kVsColour);
  const GLuint fs_a = separable(GL_FRAGMENT_SHADER, R"(#version 310 es
precision highp float;
uniform float u_blue;
layout(location = 0) in vec4 vs_col;
out vec4 o;
void main() { o = vec4(vs_col.r, vs_col.g, u_blue, 1.0); })");
  const GLuint fs_b = separable(GL_FRAGMENT_SHADER, R"(#version 310 es
precision highp float;
uniform float u_blue;
layout(location = 0) in vec4 vs_col;
out vec4 o;
void main() { o = vec4(vs_col.g, vs_col.r, u_blue, 1.0); })");
  glProgramUniform4f(vs_a, glGetUniformLocation(vs_a, "u_colour"), 0.2f, 0.4f, 0.0f, 0.0f);
  glProgramUniform4f(vs_b, glGetUniformLocation(vs_b, "u_colour"), 0.6f, 0.8f, 0.0f, 0.0f);
  glProgramUniform1f(fs_a, glGetUniformLocation(fs_a, "u_blue"), 0.2f);
  glProgramUniform1f(fs_b, glGetUniformLocation(fs_b, "u_blue"), 0.6f);
  const std::pair<GLuint, GLuint> pairs[4] = {{vs_a, fs_a}, {vs_a, fs_b}, {vs_b, fs_a}, {vs_b, fs_b}};
  clear();
  // Four pipelines drawn in one frame, one quadrant each.
  for (int q = 0; q < 4; ++q) {
    pipeline({{GL_VERTEX_SHADER_BIT, pairs[q].first}, {GL_FRAGMENT_SHADER_BIT, pairs[q].second}});
    quadrant(q);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  EXPECT_EQ(quadrant_pixel(0), rgba(51, 102, 51)) << "A with A";
  EXPECT_EQ(quadrant_pixel(1), rgba(102, 51, 153)) << "vertex from A, fragment from B";
  EXPECT_EQ(quadrant_pixel(2), rgba(153, 204, 51)) << "vertex from B, fragment from A";
  EXPECT_EQ(quadrant_pixel(3), rgba(204, 153, 153)) << "B with B";
}

TEST_F(ProgramPipelineStages, ActiveProgramRoutesUniformsOfTheSameName) {
  const GLuint vs = separable(GL_VERTEX_SHADER, kVsColour);
  const GLuint fs = separable(GL_FRAGMENT_SHADER, R"(#version 310 es
precision highp float;
uniform vec4 u_colour;
layout(location = 0) in vec4 vs_col;
out vec4 o;
void main() { o = vec4(vs_col.rg, u_colour.ba); })");
  const GLint vs_loc = glGetUniformLocation(vs, "u_colour"), fs_loc = glGetUniformLocation(fs, "u_colour");
  ASSERT_GE(vs_loc, 0);
  ASSERT_GE(fs_loc, 0);
  const GLuint pipe = pipeline({{GL_VERTEX_SHADER_BIT, vs}, {GL_FRAGMENT_SHADER_BIT, fs}});
  // No current program: glUniform* reach the pipeline's active program.
  glActiveShaderProgram(pipe, vs);
  glUniform4f(vs_loc, 0.2f, 0.4f, 0.0f, 0.0f);
  glActiveShaderProgram(pipe, fs);
  glUniform4f(fs_loc, 0.0f, 0.0f, 0.6f, 0.8f);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(51, 102, 153, 204));
  // Only the vertex program's value changes.
  glActiveShaderProgram(pipe, vs);
  glUniform4f(vs_loc, 0.8f, 0.6f, 1.0f, 1.0f);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(204, 153, 153, 204));
  GLfloat v[4] = {};
  glGetUniformfv(fs, fs_loc, v);
  EXPECT_EQ(v[2], 0.6f) << "the fragment program's uniform untouched";
  // A current program takes glUniform* from the active one (ES 3.1 §7.6).
  const GLuint current = program(kFullscreenVs310, R"(#version 310 es
precision mediump float;
uniform vec4 u_colour;
out vec4 o;
void main() { o = u_colour; })");
  programs_.push_back(current);
  glUseProgram(current);
  glUniform4f(glGetUniformLocation(current, "u_colour"), 0.0f, 1.0f, 0.0f, 1.0f);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0));
  glUseProgram(0);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(204, 153, 153, 204)) << "the pipeline's programs kept their values";
  // glProgramUniform reaches either program whatever is active.
  glProgramUniform4f(fs, fs_loc, 0.0f, 0.0f, 0.2f, 1.0f);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(204, 153, 51, 255));
}

// Five separable programs, one per stage, for tessellation and geometry
// tests; each stage adds its own part of the colour.
class ProgramPipelineTessGeometry : public ProgramPipelineStages {
 protected:
  void SetUp() override {
    ProgramPipelineStages::SetUp();
    if (HasFatalFailure()) return;
    const std::string h = tess_geometry_header();
    if (h.empty()) GTEST_SKIP() << "no tessellation and geometry shaders";
    patch_parameteri = reinterpret_cast<PFNGLPATCHPARAMETERIPROC>(eglGetProcAddress(
        h.rfind("#version 320", 0) == 0 ? "glPatchParameteri" : "glPatchParameteriEXT"));
    ASSERT_NE(patch_parameteri, nullptr);
    // Each stage adds its own part of the colour: vertex red 0.2,
    // tessellation control green 0.2 (or 0.6), evaluation red 0.4, geometry
    // blue 0.4. Varyings at location 0 throughout, under other names.
    vs = separable(GL_VERTEX_SHADER, h + R"(
layout(location = 0) out vec4 vs_col;
out gl_PerVertex { vec4 gl_Position; };
void main() {
    vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
    gl_Position = vec4(p, 0.0, 1.0);
    vs_col = vec4(0.2, 0.0, 0.0, 1.0);
})");
    auto tcs_adding = [&](const char* green) {
      return separable(GL_TESS_CONTROL_SHADER, h + R"(
layout(vertices = 3) out;
in gl_PerVertex { vec4 gl_Position; } gl_in[gl_MaxPatchVertices];
out gl_PerVertex { vec4 gl_Position; } gl_out[];
layout(location = 0) in vec4 vs_col[];
layout(location = 0) out vec4 tc_col[];
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    tc_col[gl_InvocationID] = vs_col[gl_InvocationID] + vec4(0.0, )" + green + R"(, 0.0, 0.0);
    gl_TessLevelOuter[0] = 2.0;
    gl_TessLevelOuter[1] = 2.0;
    gl_TessLevelOuter[2] = 2.0;
    gl_TessLevelInner[0] = 2.0;
})");
    };
    tcs = tcs_adding("0.2");
    tcs_other = tcs_adding("0.6");
    tes = separable(GL_TESS_EVALUATION_SHADER, h + R"(
layout(triangles, equal_spacing, ccw) in;
in gl_PerVertex { vec4 gl_Position; } gl_in[gl_MaxPatchVertices];
out gl_PerVertex { vec4 gl_Position; };
layout(location = 0) in vec4 tc_col[];
layout(location = 0) out vec4 te_col;
void main() {
    gl_Position = gl_TessCoord.x * gl_in[0].gl_Position + gl_TessCoord.y * gl_in[1].gl_Position +
                  gl_TessCoord.z * gl_in[2].gl_Position;
    te_col = tc_col[0] + vec4(0.4, 0.0, 0.0, 0.0);
})");
    gs = separable(GL_GEOMETRY_SHADER, h + R"(
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in gl_PerVertex { vec4 gl_Position; } gl_in[];
out gl_PerVertex { vec4 gl_Position; };
layout(location = 0) in vec4 g_in[];
layout(location = 0) out vec4 g_col;
void main() {
    for (int i = 0; i < 3; ++i) {
      gl_Position = gl_in[i].gl_Position;
      g_col = g_in[i] + vec4(0.0, 0.0, 0.4, 0.0);
      EmitVertex();
    }
})");
    fs = separable(GL_FRAGMENT_SHADER, h + R"(
precision highp float;
layout(location = 0) in vec4 f_col;
layout(location = 0) out vec4 o;
void main() { o = f_col; })");
    patch_parameteri(GL_PATCH_VERTICES, 3);
  }
  uint32_t draw(GLenum mode) {
    clear();
    glDrawArrays(mode, 0, 3);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    return pixel(16, 16);
  }

  PFNGLPATCHPARAMETERIPROC patch_parameteri = nullptr;
  GLuint vs = 0, tcs = 0, tcs_other = 0, tes = 0, gs = 0, fs = 0;
};

TEST_F(ProgramPipelineTessGeometry, StagesEachFromTheirOwnProgram) {
  // Vertex red 0.2, tessellation control green 0.2 (or 0.6), evaluation
  // red 0.4, geometry blue 0.4.
  const GLuint pipe = pipeline({{GL_VERTEX_SHADER_BIT, vs}, {GL_GEOMETRY_SHADER_BIT, gs}, {GL_FRAGMENT_SHADER_BIT, fs}});
  EXPECT_EQ(draw(GL_TRIANGLES), rgba(51, 0, 102)) << "vertex, geometry and fragment";
  glUseProgramStages(pipe, GL_TESS_CONTROL_SHADER_BIT, tcs);
  glUseProgramStages(pipe, GL_TESS_EVALUATION_SHADER_BIT, tes);
  glValidateProgramPipeline(pipe);
  GLint valid = 0;
  glGetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &valid);
  EXPECT_EQ(valid, GL_TRUE);
  EXPECT_EQ(draw(GL_PATCHES), rgba(153, 51, 102)) << "five stages of five programs";
  glUseProgramStages(pipe, GL_GEOMETRY_SHADER_BIT, 0);
  EXPECT_EQ(draw(GL_PATCHES), rgba(153, 51, 0)) << "geometry stage removed";
  glUseProgramStages(pipe, GL_TESS_CONTROL_SHADER_BIT, tcs_other);
  EXPECT_EQ(draw(GL_PATCHES), rgba(153, 153, 0)) << "the other control stage, the same evaluation stage";
  glUseProgramStages(pipe, GL_GEOMETRY_SHADER_BIT, gs);
  EXPECT_EQ(draw(GL_PATCHES), rgba(153, 153, 102)) << "geometry stage back";
  glUseProgramStages(pipe, GL_TESS_CONTROL_SHADER_BIT | GL_TESS_EVALUATION_SHADER_BIT, 0);
  EXPECT_EQ(draw(GL_TRIANGLES), rgba(51, 0, 102)) << "vertex, geometry and fragment again";
  glUseProgramStages(pipe, GL_GEOMETRY_SHADER_BIT, 0);
  EXPECT_EQ(draw(GL_TRIANGLES), rgba(51, 0, 0)) << "vertex and fragment only";
  glUseProgramStages(pipe, GL_TESS_CONTROL_SHADER_BIT, tcs);
  glUseProgramStages(pipe, GL_TESS_EVALUATION_SHADER_BIT, tes);
  glUseProgramStages(pipe, GL_GEOMETRY_SHADER_BIT, gs);
  EXPECT_EQ(draw(GL_PATCHES), rgba(153, 51, 102)) << "the five stages again";
}

// A pipeline without tessellation made after tessellation ones were drawn:
// with graphics pipeline libraries, the cached fragment-output library first
// made for the patch draw must not bring the patch-size dynamic state into
// the triangle pipeline (the validation layer flags the draw otherwise).
TEST_F(ProgramPipelineTessGeometry, GeometryWithoutTessellationAfterTessellation) {
  const GLuint pipe = pipeline({{GL_VERTEX_SHADER_BIT, vs},
                                {GL_TESS_CONTROL_SHADER_BIT, tcs},
                                {GL_TESS_EVALUATION_SHADER_BIT, tes},
                                {GL_GEOMETRY_SHADER_BIT, gs},
                                {GL_FRAGMENT_SHADER_BIT, fs}});
  EXPECT_EQ(draw(GL_PATCHES), rgba(153, 51, 102));
  glUseProgramStages(pipe, GL_TESS_CONTROL_SHADER_BIT | GL_TESS_EVALUATION_SHADER_BIT, 0);
  EXPECT_EQ(draw(GL_TRIANGLES), rgba(51, 0, 102));
}

TEST_F(ProgramPipelineStages, SamplersAndBlocksNumberedAlikeInEachProgram) {
  // Both programs declare a sampler and a uniform block at binding 0: the
  // first of its kind in each program's own numbering. Rebinding one
  // program's to unit / binding point 1 must leave the other's alone.
  const GLuint vs = separable(GL_VERTEX_SHADER, R"(#version 310 es
layout(binding = 0) uniform highp sampler2D tex;
layout(std140, binding = 0) uniform Block { vec4 v; };
layout(location = 0) out vec4 vs_col;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
  vs_col = vec4(texelFetch(tex, ivec2(0), 0).r, v.g, 0.0, 0.0);
})");
  const GLuint fs = separable(GL_FRAGMENT_SHADER, R"(#version 310 es
precision highp float;
layout(binding = 0) uniform highp sampler2D tex;
layout(std140, binding = 0) uniform Block { vec4 v; };
layout(location = 0) in vec4 vs_col;
out vec4 o;
void main() { o = vec4(vs_col.rg, texelFetch(tex, ivec2(0), 0).b, v.a); })");
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texel(rgba(51, 0, 102, 0)));
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, texel(rgba(153, 0, 204, 0)));
  glActiveTexture(GL_TEXTURE0);
  glBindBufferBase(GL_UNIFORM_BUFFER, 0, vec4_buffer(GL_UNIFORM_BUFFER, 0.0f, 0.4f, 0.0f, 0.6f));
  glBindBufferBase(GL_UNIFORM_BUFFER, 1, vec4_buffer(GL_UNIFORM_BUFFER, 0.0f, 0.8f, 0.0f, 1.0f));
  pipeline({{GL_VERTEX_SHADER_BIT, vs}, {GL_FRAGMENT_SHADER_BIT, fs}});
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(51, 102, 102, 153)) << "both stages on unit 0 and binding point 0";
  glProgramUniform1i(fs, glGetUniformLocation(fs, "tex"), 1);
  glUniformBlockBinding(fs, glGetUniformBlockIndex(fs, "Block"), 1);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(51, 102, 204, 255)) << "the fragment stage's moved to 1, the vertex stage's not";
  glProgramUniform1i(vs, glGetUniformLocation(vs, "tex"), 1);
  glUniformBlockBinding(vs, glGetUniformBlockIndex(vs, "Block"), 1);
  glProgramUniform1i(fs, glGetUniformLocation(fs, "tex"), 0);
  glUniformBlockBinding(fs, glGetUniformBlockIndex(fs, "Block"), 0);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(153, 204, 102, 153)) << "swapped";
}

TEST_F(ProgramPipelineStages, StorageBlocksAndImagesNumberedAlikeInEachProgram) {
  GLint vertex_blocks = 0, vertex_images = 0;
  glGetIntegerv(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS, &vertex_blocks);
  glGetIntegerv(GL_MAX_VERTEX_IMAGE_UNIFORMS, &vertex_images);
  if (vertex_blocks < 1 || vertex_images < 1) GTEST_SKIP() << "no storage blocks or images in vertex shaders";
  // Each program's first storage block and first image (index 0 in its own
  // numbering) at different binding points; the fragment program also
  // counts its fragments in a second storage block.
  const GLuint vs = separable(GL_VERTEX_SHADER, R"(#version 310 es
layout(std430, binding = 0) readonly buffer VsData { vec4 vs_value; };
layout(binding = 0, rgba8) readonly uniform highp image2D vs_image;
layout(location = 0) out vec4 vs_col;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
  vs_col = vec4(vs_value.r, imageLoad(vs_image, ivec2(0)).g, 0.0, 0.0);
})");
  const GLuint fs = separable(GL_FRAGMENT_SHADER, R"(#version 310 es
precision highp float;
layout(std430, binding = 1) readonly buffer FsData { vec4 fs_value; };
layout(std430, binding = 2) buffer Count { uint fragments; };
layout(binding = 1, rgba8) readonly uniform highp image2D fs_image;
layout(location = 0) in vec4 vs_col;
out vec4 o;
void main() {
  atomicAdd(fragments, 1u);
  o = vec4(vs_col.rg, fs_value.b, imageLoad(fs_image, ivec2(0)).a);
})");
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, vec4_buffer(GL_SHADER_STORAGE_BUFFER, 0.2f, 0.0f, 0.0f, 0.0f));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, vec4_buffer(GL_SHADER_STORAGE_BUFFER, 0.0f, 0.0f, 0.6f, 0.0f));
  const GLuint count = vec4_buffer(GL_SHADER_STORAGE_BUFFER, 0.0f, 0.0f, 0.0f, 0.0f);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, count);
  glBindImageTexture(0, texel(rgba(0, 102, 0, 0)), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  glBindImageTexture(1, texel(rgba(0, 0, 0, 204)), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  pipeline({{GL_VERTEX_SHADER_BIT, vs}, {GL_FRAGMENT_SHADER_BIT, fs}});
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  EXPECT_EQ(pixel(16, 16), rgba(51, 102, 153, 204));
  EXPECT_EQ(read_uints(count, 1)[0], static_cast<uint32_t>(kWidth * kHeight)) << "one count per fragment";
}

TEST_F(ProgramPipelineStages, OneStageChangedBetweenTheDrawsOfAFrame) {
  auto vs_red = [&](const char* red) {
    return separable(GL_VERTEX_SHADER, std::string(R"(#version 310 es
layout(location = 0) out vec4 vs_col;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
  vs_col = vec4()") + red + R"(, 0.0, 0.0, 1.0);
})");
  };
  const GLuint vs1 = vs_red("0.2"), vs2 = vs_red("0.8");
  const GLuint fs_a = separable(GL_FRAGMENT_SHADER, R"(#version 310 es
precision highp float;
uniform float u_green;
layout(location = 0) in vec4 vs_col;
out vec4 o;
void main() { o = vec4(vs_col.r, u_green, 0.2, 1.0); })");
  const GLuint fs_b = separable(GL_FRAGMENT_SHADER, R"(#version 310 es
precision highp float;
layout(location = 0) in vec4 vs_col;
out vec4 o;
void main() { o = vec4(vs_col.r, 0.0, 0.8, 1.0); })");
  const GLint green = glGetUniformLocation(fs_a, "u_green");
  glProgramUniform1f(fs_a, green, 0.4f);
  const GLuint pipe = pipeline({{GL_VERTEX_SHADER_BIT, vs1}, {GL_FRAGMENT_SHADER_BIT, fs_a}});
  clear();
  // No read-back until the end: all four draws in one frame.
  quadrant(0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs_b);
  quadrant(1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs2);
  quadrant(2);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // The first combination again, with the fragment program's uniform changed.
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs1);
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs_a);
  glProgramUniform1f(fs_a, green, 0.6f);
  quadrant(3);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(quadrant_pixel(0), rgba(51, 102, 51));
  EXPECT_EQ(quadrant_pixel(1), rgba(51, 0, 204)) << "fragment stage changed";
  EXPECT_EQ(quadrant_pixel(2), rgba(204, 0, 204)) << "vertex stage changed";
  EXPECT_EQ(quadrant_pixel(3), rgba(51, 153, 51)) << "both back, new uniform value";
}

TEST_F(ProgramPipelineStages, DeletedProgramsLiveWhileAPipelineUsesThem) {
  const GLuint vs = glCreateShaderProgramv(GL_VERTEX_SHADER, 1, &kVsColour);
  const char* fs_src = R"(#version 310 es
precision highp float;
uniform float u_blue;
layout(location = 0) in vec4 vs_col;
out vec4 o;
void main() { o = vec4(vs_col.rg, u_blue, 1.0); })";
  const GLuint fs = glCreateShaderProgramv(GL_FRAGMENT_SHADER, 1, &fs_src);
  const GLuint fs_next = separable(GL_FRAGMENT_SHADER, R"(#version 310 es
precision highp float;
layout(location = 0) in vec4 vs_col;
out vec4 o;
void main() { o = vec4(vs_col.g, vs_col.r, 1.0, 1.0); })");
  glProgramUniform4f(vs, glGetUniformLocation(vs, "u_colour"), 0.2f, 0.4f, 0.0f, 0.0f);
  const GLint blue = glGetUniformLocation(fs, "u_blue");
  glProgramUniform1f(fs, blue, 0.6f);
  const GLuint pipe = pipeline({{GL_VERTEX_SHADER_BIT, vs}, {GL_FRAGMENT_SHADER_BIT, fs}});
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // Deleted while a draw that uses it may still be in flight, and while the
  // pipeline holds it: only flagged (ES 3.1 §7.3).
  glDeleteProgram(fs);
  EXPECT_EQ(pixel(16, 16), rgba(51, 102, 153));
  EXPECT_EQ(glIsProgram(fs), GL_TRUE);
  GLint flagged = 0;
  glGetProgramiv(fs, GL_DELETE_STATUS, &flagged);
  EXPECT_EQ(flagged, GL_TRUE);
  GLint stage = 0;
  glGetProgramPipelineiv(pipe, GL_FRAGMENT_SHADER, &stage);
  EXPECT_EQ(static_cast<GLuint>(stage), fs);
  glProgramUniform1f(fs, blue, 0.2f);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(51, 102, 51)) << "the flagged program still draws, with its new uniform";
  // Replaced in the pipeline: nothing holds it any more.
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs_next);
  EXPECT_EQ(glIsProgram(fs), GL_FALSE);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(102, 51, 255));
  // The vertex program goes with the pipeline that held it last.
  glDeleteProgram(vs);
  EXPECT_EQ(glIsProgram(vs), GL_TRUE);
  clear();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(102, 51, 255));
  glDeleteProgramPipelines(1, &pipe);  // (TearDown's second delete of the name is ignored)
  EXPECT_EQ(glIsProgram(vs), GL_FALSE);
  // Held only as a pipeline's active program.
  const GLuint active = glCreateShaderProgramv(GL_FRAGMENT_SHADER, 1, &fs_src);
  GLuint holder = 0;
  glGenProgramPipelines(1, &holder);
  pipelines_.push_back(holder);
  glActiveShaderProgram(holder, active);
  glDeleteProgram(active);
  EXPECT_EQ(glIsProgram(active), GL_TRUE);
  glActiveShaderProgram(holder, fs_next);
  EXPECT_EQ(glIsProgram(active), GL_FALSE);
}

}  // namespace
}  // namespace brass::e2e
