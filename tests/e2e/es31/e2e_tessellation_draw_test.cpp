// Tessellation draws, checked on the CPU: the levels make exactly the
// primitives GL's tessellator defines (PRIMITIVES_GENERATED, transform
// feedback of the evaluation output), quads, triangles, isolines and
// point mode, the domain's orientation (GL's lower-left origin), patch
// variables written after a barrier, and a geometry stage after
// tessellation.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "e2e_tessellation_fixture.h"

namespace brass::e2e {
namespace {

using E2eTessellationDraw = TessellationTest;

// Equal spacing, every level n: quads make 2n^2 triangles (an (n-2)^2 grid
// of quads inside, and rings joining n to n-2 segments on each side);
// triangles with level 1 make one, with level 2 six (three edges of two
// segments around the centre point).
TEST_F(E2eTessellationDraw, LevelsMakeExactTriangleCounts) {
  GLuint quads = levels_program(coord_tes("quads"));
  for (int n : {1, 2, 3, 5}) {
    set_levels(quads, float(n), float(n));
    EXPECT_EQ(generated(1), GLuint(2 * n * n)) << "quads, level " << n;
  }
  set_levels(quads, 3.0f, 3.0f);
  EXPECT_EQ(generated(3), 3u * 18u) << "three patches";
  GLuint triangles = levels_program(coord_tes("triangles"));
  set_levels(triangles, 1.0f, 1.0f);
  EXPECT_EQ(generated(1), 1u);
  set_levels(triangles, 2.0f, 2.0f);
  EXPECT_EQ(generated(1), 6u);
  // Levels round up to the next integer with equal spacing.
  set_levels(triangles, 1.5f, 1.5f);
  EXPECT_EQ(generated(1), 6u);
  // A level of 0 discards the patch.
  set_levels(triangles, 0.0f, 1.0f);
  EXPECT_EQ(generated(1), 0u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteProgram(quads);
  glDeleteProgram(triangles);
}

// Isolines: outer[0] lines of outer[1] segments each; point mode: every
// distinct vertex once.
TEST_F(E2eTessellationDraw, IsolinesAndPointMode) {
  const char* isoline_tcs = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 1) out;
uniform float outer;
uniform float inner;
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  gl_TessLevelOuter[0] = outer;
  gl_TessLevelOuter[1] = inner;
})";
  const std::string tes = coord_tes("isolines");
  GLuint lines = program_of({{GL_VERTEX_SHADER, kTessVs},
                             {GL_TESS_CONTROL_SHADER, isoline_tcs},
                             {GL_TESS_EVALUATION_SHADER, tes.c_str()},
                             {GL_FRAGMENT_SHADER, kGreenFs}});
  set_levels(lines, 3.0f, 4.0f);
  EXPECT_EQ(generated(1), 12u) << "3 lines of 4 segments";
  set_levels(lines, 1.0f, 5.0f);
  EXPECT_EQ(generated(2), 10u);
  GLuint points = levels_program(coord_tes("quads, point_mode"));
  set_levels(points, 2.0f, 2.0f);
  EXPECT_EQ(generated(1), 9u) << "a 3x3 grid of points";
  set_levels(points, 3.0f, 3.0f);
  EXPECT_EQ(generated(1), 16u);
  // Points are rasterized.
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_PATCHES, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // Sixteen one-pixel points (those on the framebuffer's edges may fall
  // just outside), not filled triangles.
  const int lit = lit_pixels();
  EXPECT_GE(lit, 4);
  EXPECT_LE(lit, 16);
  glDeleteProgram(lines);
  glDeleteProgram(points);
}

// EXT_tessellation_point_size: a point_mode evaluation shader's
// gl_PointSize where the device takes it; one pixel when it writes none.
TEST_F(E2eTessellationDraw, EvaluatedPointSizes) {
  if (!has_extension("GL_EXT_tessellation_point_size")) GTEST_SKIP() << "no tessellation point size";
  EXPECT_TRUE(has_extension("GL_OES_tessellation_point_size"));
  // Four points (level 1 quads) off the pixel edges: window 8.8 and 23.2.
  auto tes_of = [](const char* size) {
    return std::string(R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
#extension GL_EXT_tessellation_point_size : require
layout(quads, point_mode) in;
void main() {
  gl_Position = vec4(gl_TessCoord.xy * 0.9 - 0.45, 0.0, 1.0);
)") + size + "}\n";
  };
  glClearColor(0, 0, 0, 1);
  for (auto [size, lit] : {std::pair{"  gl_PointSize = 4.0;\n", 64}, std::pair{"", 4}}) {
    const std::string tes = tes_of(size);
    GLuint prog = levels_program(tes);
    set_levels(prog, 1.0f, 1.0f);
    glPatchParameteri(GL_PATCH_VERTICES, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_PATCHES, 0, 1);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_EQ(lit_pixels(), lit) << (*size ? "4x4 points" : "one-pixel points");
    glDeleteProgram(prog);
  }
}

// GL's domain has its origin at the lower left, so with positions taken
// from gl_TessCoord a "ccw" patch is front-facing and a "cw" one is culled.
// (Vulkan's default upper-left origin would swap them.)
TEST_F(E2eTessellationDraw, DomainOriginIsLowerLeft) {
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  glClearColor(0, 0, 0, 1);
  struct Case {
    const char* layout;
    int lit;  // pixels of the 32x32 framebuffer
  };
  // Triangles cover the lower-left half below the diagonal (496 pixel
  // centres strictly inside, the 32 on it by the fill rule's choice).
  for (const Case& c : {Case{"quads, ccw", 32 * 32}, Case{"quads, cw", 0}, Case{"quads", 32 * 32},
                        Case{"triangles, ccw", -1}, Case{"triangles, cw", 0}}) {
    GLuint prog = levels_program(coord_tes(c.layout));
    set_levels(prog, 2.0f, 2.0f);
    glPatchParameteri(GL_PATCH_VERTICES, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_PATCHES, 0, 1);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    const int lit = lit_pixels();
    if (c.lit >= 0) {
      EXPECT_EQ(lit, c.lit) << c.layout;
    } else {
      EXPECT_GE(lit, 496) << c.layout;
      EXPECT_LE(lit, 528) << c.layout;
      EXPECT_EQ(pixel(2, 2), rgba(0, 255, 0)) << "the lower left";
      EXPECT_EQ(pixel(29, 29), rgba(0, 0, 0)) << "not the upper right";
    }
    glDeleteProgram(prog);
  }
  glDisable(GL_CULL_FACE);
}

// Four control points per patch from the vertex stage, each invocation
// writing its own; after barrier() invocation 0 reads all four and writes
// patch outputs, which every evaluated vertex reads. Two patches: the left
// and right halves of the framebuffer.
TEST_F(E2eTessellationDraw, PatchVariablesAfterBarrier) {
  const char* vs = R"(#version 310 es
out vec4 vcolor;
void main() {
  int k = gl_VertexID % 4, patch_index = gl_VertexID / 4;
  vec2 corner = vec2(k == 1 || k == 2 ? 1.0 : 0.0, k >= 2 ? 1.0 : 0.0);
  gl_Position = vec4((corner.x + float(patch_index)) - 1.0, corner.y * 2.0 - 1.0, 0.0, 1.0);
  vcolor = vec4(k == 0, k == 1, k == 2, k == 3) * float(patch_index + 1) * 0.5;
})";
  const char* tcs = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 4) out;
in vec4 vcolor[];
out vec4 tcolor[];
patch out vec4 sum;
patch out float inputs;
void main() {
  tcolor[gl_InvocationID] = vcolor[gl_InvocationID];
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  barrier();
  if (gl_InvocationID == 0) {
    sum = tcolor[0] + tcolor[1] + tcolor[2] + tcolor[3];
    inputs = float(gl_PatchVerticesIn);
    for (int i = 0; i < 4; ++i) gl_TessLevelOuter[i] = 1.0;
    gl_TessLevelInner[0] = 1.0;
    gl_TessLevelInner[1] = 1.0;
  }
})";
  const char* tes = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(quads) in;
patch in vec4 sum;
patch in float inputs;
out vec4 color;
void main() {
  vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);
  vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);
  gl_Position = mix(a, b, gl_TessCoord.y);
  color = inputs == 4.0 ? vec4(sum.rgb, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})";
  const char* fs = R"(#version 310 es
precision mediump float;
in vec4 color;
out vec4 c;
void main() { c = color; })";
  GLuint prog = program_of(
      {{GL_VERTEX_SHADER, vs}, {GL_TESS_CONTROL_SHADER, tcs}, {GL_TESS_EVALUATION_SHADER, tes}, {GL_FRAGMENT_SHADER, fs}});
  glUseProgram(prog);
  glPatchParameteri(GL_PATCH_VERTICES, 4);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_PATCHES, 0, 8);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const uint32_t left = pixel(8, 16), right = pixel(24, 16);
  for (int shift : {0, 8, 16}) {
    EXPECT_NEAR(int((left >> shift) & 0xff), 128, 1) << std::hex << left;
    EXPECT_EQ(int((right >> shift) & 0xff), 255) << std::hex << right;
  }
  glDeleteProgram(prog);
}

// Transform feedback captures what the evaluation stage outputs: every
// vertex of every generated triangle, with its domain coordinate.
TEST_F(E2eTessellationDraw, TransformFeedbackCapturesTheEvaluationOutput) {
  const std::string tes = coord_tes("quads");
  GLuint prog = glCreateProgram();
  for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), kTessVs},
                           std::pair{GLenum(GL_TESS_CONTROL_SHADER), kLevelsTcs},
                           std::pair{GLenum(GL_TESS_EVALUATION_SHADER), tes.c_str()},
                           std::pair{GLenum(GL_FRAGMENT_SHADER), kGreenFs}}) {
    GLuint s = shader(type, src);
    glAttachShader(prog, s);
    glDeleteShader(s);
  }
  const char* varyings[] = {"coord"};
  glTransformFeedbackVaryings(prog, 1, varyings, GL_INTERLEAVED_ATTRIBS);
  link(prog);
  set_levels(prog, 2.0f, 2.0f);
  constexpr int kTriangles = 8;
  GLuint out = buffer(GL_TRANSFORM_FEEDBACK_BUFFER, kTriangles * 3 * 3 * sizeof(float));
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out);
  GLuint written = 0;
  glGenQueries(1, &written);
  glPatchParameteri(GL_PATCH_VERTICES, 1);
  glEnable(GL_RASTERIZER_DISCARD);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_PATCHES, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "quads are captured as triangles";
  glEndTransformFeedback();
  glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, written);
  glBeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "tessellation takes patches only";
  glDrawArrays(GL_PATCHES, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glEndTransformFeedback();
  glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
  glDisable(GL_RASTERIZER_DISCARD);
  GLuint n = 0;
  glGetQueryObjectuiv(written, GL_QUERY_RESULT, &n);
  EXPECT_EQ(n, GLuint(kTriangles));
  const std::vector<uint32_t> words = read_uints(out, kTriangles * 9);
  std::vector<float> v(words.size());
  std::memcpy(v.data(), words.data(), words.size() * sizeof(float));
  int corners = 0, centres = 0;
  for (size_t i = 0; i < v.size(); i += 3) {
    // Every coordinate is on the level-2 grid: 0, 1/2 or 1; w is 0 for quads.
    for (int c = 0; c < 2; ++c)
      EXPECT_TRUE(v[i + c] == 0.0f || v[i + c] == 0.5f || v[i + c] == 1.0f) << v[i + c];
    EXPECT_EQ(v[i + 2], 0.0f);
    corners += (v[i] == 0.0f || v[i] == 1.0f) && (v[i + 1] == 0.0f || v[i + 1] == 1.0f);
    centres += v[i] == 0.5f && v[i + 1] == 0.5f;
  }
  EXPECT_EQ(centres, kTriangles) << "every triangle of the ring touches the centre";
  EXPECT_EQ(corners, 8) << "each corner in the two triangles beside it";
  glDeleteQueries(1, &written);
  glDeleteBuffers(1, &out);
  glDeleteProgram(prog);
}

// A geometry shader after tessellation takes what the evaluation stage
// makes (isolines are lines), and PRIMITIVES_GENERATED counts its output.
TEST_F(E2eTessellationDraw, GeometryAfterTessellation) {
  if (!has_extension("GL_EXT_geometry_shader")) GTEST_SKIP() << "no geometry shaders";
  const char* isoline_tcs = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 1) out;
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  gl_TessLevelOuter[0] = 2.0;
  gl_TessLevelOuter[1] = 3.0;
})";
  const std::string tes = coord_tes("isolines");
  auto gs_of = [](const char* input) {
    return std::string(R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout()") + input + R"() in;
layout(points, max_vertices = 2) out;
void main() {
  for (int i = 0; i < 2; ++i) { gl_Position = gl_in[0].gl_Position; EmitVertex(); EndPrimitive(); }
})";
  };
  const std::string lines_gs = gs_of("lines"), triangles_gs = gs_of("triangles");
  GLuint prog = program_of({{GL_VERTEX_SHADER, kTessVs},
                            {GL_TESS_CONTROL_SHADER, isoline_tcs},
                            {GL_TESS_EVALUATION_SHADER, tes.c_str()},
                            {GL_GEOMETRY_SHADER, lines_gs.c_str()},
                            {GL_FRAGMENT_SHADER, kGreenFs}});
  glUseProgram(prog);
  EXPECT_EQ(generated(1), 12u) << "two points for each of 2x3 segments";
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLuint wrong = program_of({{GL_VERTEX_SHADER, kTessVs},
                             {GL_TESS_CONTROL_SHADER, isoline_tcs},
                             {GL_TESS_EVALUATION_SHADER, tes.c_str()},
                             {GL_GEOMETRY_SHADER, triangles_gs.c_str()},
                             {GL_FRAGMENT_SHADER, kGreenFs}});
  glUseProgram(wrong);
  glDrawArrays(GL_PATCHES, 0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "isolines into a triangles geometry shader";
  glDeleteProgram(prog);
  glDeleteProgram(wrong);
}

// The patch size is draw state: changing it between draws (dynamic where
// the device has EDS2 patch control points, else another pipeline) makes
// a different number of patches of the same vertices.
TEST_F(E2eTessellationDraw, PatchSizeChangesBetweenDraws) {
  const char* tcs = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 1) out;
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[0].gl_Position;
  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0; gl_TessLevelOuter[2] = 1.0;
  gl_TessLevelInner[0] = 1.0;
})";
  const std::string tes = coord_tes("triangles");
  GLuint prog = program_of({{GL_VERTEX_SHADER, kTessVs},
                            {GL_TESS_CONTROL_SHADER, tcs},
                            {GL_TESS_EVALUATION_SHADER, tes.c_str()},
                            {GL_FRAGMENT_SHADER, kGreenFs}});
  glUseProgram(prog);
  GLuint q = 0;
  glGenQueries(1, &q);
  for (auto [size, expected] : {std::pair{1, 12u}, std::pair{3, 4u}, std::pair{4, 3u}, std::pair{5, 2u}}) {
    glPatchParameteri(GL_PATCH_VERTICES, size);
    glBeginQuery(GL_PRIMITIVES_GENERATED, q);
    glDrawArrays(GL_PATCHES, 0, 12);
    glEndQuery(GL_PRIMITIVES_GENERATED);
    GLuint n = 0;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
    EXPECT_EQ(n, expected) << "patches of " << size << " (an incomplete last patch is dropped)";
  }
  glDeleteQueries(1, &q);
  glDeleteProgram(prog);
}

}  // namespace
}  // namespace brass::e2e
