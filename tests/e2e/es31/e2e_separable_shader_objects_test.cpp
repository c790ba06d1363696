// Program pipelines with separable tessellation and geometry stages drawn
// from the stages' shader objects (VK_EXT_shader_object; docs/architecture.md,
// "Separable programs"): each stage is compiled alone when its program
// links, so a new combination draws at once, with nothing compiled or
// waited for on the draw path. Every stage reads its own default uniform
// (one per-stage descriptor set each), and the pixels say that each stage
// ran with its own value. On a device without shader objects (lavapipe
// 22.3, or with the 1.3.239 validation layer, which predates the
// extension) the same draws come from complete pipelines: the pixels are
// checked, the counters are not (the test says why it skips).
#include <GLES3/gl32.h>

#include <string>
#include <vector>

#include "e2e_es31_fixture.h"
#include "../brass_stats.h"

#ifndef BRASS_E2E_VENDOR_LIBRARY
#error "tests/e2e/CMakeLists.txt defines BRASS_E2E_VENDOR_LIBRARY (the path of libEGL_brass.so)"
#endif

namespace brass::e2e {
namespace {

class E2eSeparableShaderObjects : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    stats_value_ = brass_stats_value_function();
    ASSERT_NE(stats_value_, nullptr) << "libEGL_brass.so is not loaded or does not export brass_stats_value";
    const std::string version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    if (version.rfind("OpenGL ES 3.2", 0) == 0) {
      header_ = "#version 320 es\n";
    } else if (has_extension("GL_EXT_tessellation_shader") && has_extension("GL_EXT_geometry_shader")) {
      header_ = "#version 310 es\n#extension GL_EXT_tessellation_shader : require\n"
                "#extension GL_EXT_geometry_shader : require\n";
    } else {
      GTEST_SKIP() << "no tessellation and geometry shaders";
    }
    patch_parameteri_ = reinterpret_cast<PFNGLPATCHPARAMETERIPROC>(eglGetProcAddress(
        header_.rfind("#version 320", 0) == 0 ? "glPatchParameteri" : "glPatchParameteriEXT"));
    ASSERT_NE(patch_parameteri_, nullptr);
  }
  void TearDown() override {
    for (GLuint p : programs_) glDeleteProgram(p);
    if (pipeline_) glDeleteProgramPipelines(1, &pipeline_);
    Es31Test::TearDown();
  }

  uint64_t stat(const char* name) const {
    uint64_t v = 0;
    EXPECT_TRUE(stats_value_(name, &v)) << name;
    return v;
  }

  GLuint separable(GLenum type, const std::string& body) {
    const std::string src = header_ + body;
    const char* text = src.c_str();
    const GLuint p = glCreateShaderProgramv(type, 1, &text);
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
  // Sets `name` (a float) of program `p`.
  static void uniform(GLuint p, const char* name, float v) {
    const GLint loc = glGetUniformLocation(p, name);
    ASSERT_GE(loc, 0) << name;
    glProgramUniform1f(p, loc, v);
  }

  StatsValueFn stats_value_ = nullptr;
  PFNGLPATCHPARAMETERIPROC patch_parameteri_ = nullptr;
  std::string header_;
  std::vector<GLuint> programs_;
  GLuint pipeline_ = 0;
};

// Vertex program: a full-viewport triangle, red from its uniform.
constexpr const char* kVs = R"(
uniform float vs_red;
layout(location = 0) out vec4 vs_col;
out gl_PerVertex { vec4 gl_Position; };
void main() {
    vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
    gl_Position = vec4(p, 0.0, 1.0);
    vs_col = vec4(vs_red, 0.0, 0.0, 1.0);
})";

// Tessellation control: passes the patch through, adds green from its uniform.
constexpr const char* kTcs = R"(
layout(vertices = 3) out;
uniform float tc_green;
in gl_PerVertex { vec4 gl_Position; } gl_in[gl_MaxPatchVertices];
out gl_PerVertex { vec4 gl_Position; } gl_out[];
layout(location = 0) in vec4 vs_col[];
layout(location = 0) out vec4 tc_col[];
void main() {
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    tc_col[gl_InvocationID] = vs_col[gl_InvocationID] + vec4(0.0, tc_green, 0.0, 0.0);
    gl_TessLevelOuter[0] = 2.0;
    gl_TessLevelOuter[1] = 2.0;
    gl_TessLevelOuter[2] = 2.0;
    gl_TessLevelInner[0] = 2.0;
})";

// Tessellation evaluation: interpolates, adds red from its uniform.
constexpr const char* kTes = R"(
layout(triangles, equal_spacing, ccw) in;
uniform float te_red;
in gl_PerVertex { vec4 gl_Position; } gl_in[gl_MaxPatchVertices];
out gl_PerVertex { vec4 gl_Position; };
layout(location = 0) in vec4 tc_col[];
layout(location = 0) out vec4 te_col;
void main() {
    gl_Position = gl_TessCoord.x * gl_in[0].gl_Position + gl_TessCoord.y * gl_in[1].gl_Position +
                  gl_TessCoord.z * gl_in[2].gl_Position;
    te_col = tc_col[0] + vec4(te_red, 0.0, 0.0, 0.0);
})";

// Geometry: passes triangles through, adds blue from its uniform.
constexpr const char* kGs = R"(
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
uniform float gs_blue;
in gl_PerVertex { vec4 gl_Position; } gl_in[];
out gl_PerVertex { vec4 gl_Position; };
layout(location = 0) in vec4 g_in[];
layout(location = 0) out vec4 g_col;
void main() {
    for (int i = 0; i < 3; ++i) {
      gl_Position = gl_in[i].gl_Position;
      g_col = g_in[i] + vec4(0.0, 0.0, gs_blue, 0.0);
      EmitVertex();
    }
})";

// Fragment: the colour, alpha from its uniform.
constexpr const char* kFs = R"(
precision highp float;
uniform float fs_alpha;
layout(location = 0) in vec4 f_col;
layout(location = 0) out vec4 o;
void main() { o = vec4(f_col.rgb, fs_alpha); })";

TEST_F(E2eSeparableShaderObjects, NewTessellationAndGeometryPipelinesDrawWithoutDrawPathCompiles) {
  const uint64_t shader_objects = stat("pipeline.separable.shader_objects");
  const uint64_t stage_libraries = stat("pipeline.separable.stage_libraries");
  const GLuint vs = separable(GL_VERTEX_SHADER, kVs);
  const GLuint tcs = separable(GL_TESS_CONTROL_SHADER, kTcs);
  const GLuint tes = separable(GL_TESS_EVALUATION_SHADER, kTes);
  const GLuint gs = separable(GL_GEOMETRY_SHADER, kGs);
  const GLuint fs = separable(GL_FRAGMENT_SHADER, kFs);
  ASSERT_FALSE(HasFailure());
  // Each stage compiled its shader object at link, or none did (no device support).
  const bool have_shader_objects = stat("pipeline.separable.shader_objects") == shader_objects + 5;
  const bool have_libraries = stat("pipeline.separable.stage_libraries") > stage_libraries;
  uniform(vs, "vs_red", 0.2f);
  uniform(tcs, "tc_green", 0.4f);
  uniform(tes, "te_red", 0.4f);
  uniform(gs, "gs_blue", 0.6f);
  uniform(fs, "fs_alpha", 0.8f);
  patch_parameteri_(GL_PATCH_VERTICES, 3);
  glGenProgramPipelines(1, &pipeline_);
  glBindProgramPipeline(pipeline_);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  const uint64_t full_compiles = stat("pipeline.draw_path.full_compiles");
  const uint64_t waits = stat("pipeline.draw_path.precompile_waits");
  const uint64_t library_compiles = stat("pipeline.draw_path.library_compiles");
  const uint64_t binds = stat("pipeline.draw_path.separable_shader_object_binds");
  const uint64_t links = stat("pipeline.draw_path.fast_links");
  struct Case {
    const char* what;
    GLuint tcs, tes, gs;
    uint32_t want;
  };
  // 0.2 = 51, 0.4 = 102, 0.6 = 153, 0.8 = 204 in 8-bit unorm.
  const Case cases[] = {
      {"vertex, tessellation, fragment", tcs, tes, 0, rgba(153, 102, 0, 204)},
      {"vertex, geometry, fragment", 0, 0, gs, rgba(51, 0, 153, 204)},
      {"all five stages", tcs, tes, gs, rgba(153, 102, 153, 204)},
  };
  for (const Case& c : cases) {
    glUseProgramStages(pipeline_, GL_ALL_SHADER_BITS, 0);
    glUseProgramStages(pipeline_, GL_VERTEX_SHADER_BIT, vs);
    glUseProgramStages(pipeline_, GL_FRAGMENT_SHADER_BIT, fs);
    if (c.tcs) glUseProgramStages(pipeline_, GL_TESS_CONTROL_SHADER_BIT, c.tcs);
    if (c.tes) glUseProgramStages(pipeline_, GL_TESS_EVALUATION_SHADER_BIT, c.tes);
    if (c.gs) glUseProgramStages(pipeline_, GL_GEOMETRY_SHADER_BIT, c.gs);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(c.tcs ? GL_PATCHES : GL_TRIANGLES, 0, 3);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << c.what;
    const uint32_t got = pixel(kWidth / 2, kHeight / 2);
    for (int ch = 0; ch < 4; ++ch)
      EXPECT_NEAR(int(got >> (8 * ch) & 0xff), int(c.want >> (8 * ch) & 0xff), 2)
          << c.what << ", channel " << ch << std::hex << ": got 0x" << got << ", want 0x" << c.want;
  }
  // A stage's uniform changed between draws of one combination: its set is rewritten.
  uniform(gs, "gs_blue", 0.2f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_PATCHES, 0, 3);
  EXPECT_NEAR(int(pixel(kWidth / 2, kHeight / 2) >> 16 & 0xff), 51, 2) << "the geometry stage's new uniform";
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  if (!have_shader_objects)
    GTEST_SKIP() << "no VK_EXT_shader_object on this device (or the validation layer predates it): "
                    "the combinations were drawn from complete pipelines";
  EXPECT_EQ(stat("pipeline.draw_path.full_compiles"), full_compiles) << "a combination was compiled on the draw path";
  EXPECT_EQ(stat("pipeline.draw_path.precompile_waits"), waits) << "a draw waited for a compile";
  EXPECT_EQ(stat("pipeline.draw_path.library_compiles"), library_compiles) << "a draw compiled a library";
  // Each new combination is drawn from its stages' shader objects until
  // its own pipeline libraries (compiled on workers, with GPL) are ready;
  // where they already are, from a fast link of them. Without GPL
  // (BRASS_DEBUG=nogpl: ctest e2e_program_pipelines_shader_objects_nogpl)
  // shader objects draw every one.
  const uint64_t so_draws = stat("pipeline.draw_path.separable_shader_object_binds") - binds;
  const uint64_t fast_links = stat("pipeline.draw_path.fast_links") - links;
  EXPECT_GE(so_draws, 1u) << "no combination was drawn from its stages' shader objects";
  EXPECT_GE(so_draws + fast_links, 3u) << "a draw got its pipeline some other way";
  if (!have_libraries) {
    EXPECT_GE(so_draws, 3u) << "without libraries shader objects draw every combination";
  }
}

}  // namespace
}  // namespace brass::e2e
