// EXT/OES_geometry_shader in ES 3.1 contexts: the stage compiles and links,
// draws (points expanded to quads, adjacency primitives, invocations,
// gl_PrimitiveID), its program queries, the draw-mode rule against its
// input layout, program pipelines with a geometry stage, transform feedback
// of its output, and the limits.
#include "e2e_es31_fixture.h"

#include <GLES3/gl32.h>

namespace brass::e2e {
namespace {

constexpr const char* kPointVs = R"(#version 310 es
layout(location = 0) in vec2 pos;
out vec4 v_color;
void main() {
  gl_Position = vec4(pos, 0.0, 1.0);
  v_color = vec4(pos * 0.5 + 0.5, 0.0, 1.0);
})";

// Each point becomes a quad of half-size `size`, coloured by its vertex.
constexpr const char* kQuadGs = R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
in vec4 v_color[];
out vec4 g_color;
uniform float size;
void main() {
  for (int i = 0; i < 4; ++i) {
    vec2 corner = vec2(i & 1, i >> 1) * 2.0 - 1.0;
    gl_Position = gl_in[0].gl_Position + vec4(corner * size, 0.0, 0.0);
    g_color = v_color[0];
    EmitVertex();
  }
  EndPrimitive();
})";

constexpr const char* kColorFs = R"(#version 310 es
precision mediump float;
in vec4 g_color;
out vec4 color;
void main() { color = g_color; })";

class E2eGeometryShader : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (!has_extension("GL_EXT_geometry_shader")) GTEST_SKIP() << "the device has no geometry shaders";
  }
  static GLuint program3(const char* vs, const char* gs, const char* fs) {
    GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), vs}, std::pair{GLenum(GL_GEOMETRY_SHADER), gs},
                             std::pair{GLenum(GL_FRAGMENT_SHADER), fs}}) {
      GLuint s = shader(type, src);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    link(p);
    return p;
  }
  // Points at `xy` (pairs) in a buffer bound to attribute 0 of a new VAO.
  static GLuint points_vao(const std::vector<float>& xy, GLuint* buffer) {
    GLuint vao = 0;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    *buffer = Es31Test::buffer(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(xy.size() * sizeof(float)), xy.data());
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    return vao;
  }
};

TEST_F(E2eGeometryShader, ExtensionsAndLimits) {
  EXPECT_TRUE(has_extension("GL_OES_geometry_shader"));
  struct Min {
    GLenum pname;
    GLint min;
  };
  for (const Min& m : {Min{GL_MAX_GEOMETRY_UNIFORM_COMPONENTS, 1024}, Min{GL_MAX_GEOMETRY_UNIFORM_BLOCKS, 12},
                       Min{GL_MAX_GEOMETRY_INPUT_COMPONENTS, 64}, Min{GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, 64},
                       Min{GL_MAX_GEOMETRY_OUTPUT_VERTICES, 256}, Min{GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS, 1024},
                       Min{GL_MAX_GEOMETRY_SHADER_INVOCATIONS, 32}, Min{GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS, 16},
                       Min{GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS, 0}, Min{GL_MAX_GEOMETRY_ATOMIC_COUNTERS, 0},
                       Min{GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS, 0}, Min{GL_MAX_GEOMETRY_IMAGE_UNIFORMS, 0},
                       Min{GL_MAX_FRAMEBUFFER_LAYERS, 256}, Min{GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, 64},
                       Min{GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS, 1024}}) {
    GLint v = -1;
    glGetIntegerv(m.pname, &v);
    EXPECT_GE(v, m.min) << std::hex << m.pname;
  }
  GLint provoking = 0;
  glGetIntegerv(GL_LAYER_PROVOKING_VERTEX, &provoking);
  EXPECT_TRUE(provoking == GL_FIRST_VERTEX_CONVENTION || provoking == GL_LAST_VERTEX_CONVENTION ||
              provoking == GL_UNDEFINED_VERTEX)
      << provoking;
  // The GLSL constants agree with the API's.
  GLint max_vertices = 0;
  glGetIntegerv(GL_MAX_GEOMETRY_OUTPUT_VERTICES, &max_vertices);
  const std::string gs = std::string(R"(#version 310 es
#extension GL_OES_geometry_shader : require
layout(points) in;
layout(points, max_vertices = 1) out;
void main() {
  int n[gl_MaxGeometryOutputVertices == )") + std::to_string(max_vertices) + R"( ? 1 : -1];
  gl_Position = vec4(n.length());
  EmitVertex();
})";
  GLuint s = shader(GL_GEOMETRY_SHADER, gs.c_str());
  glDeleteShader(s);
}

TEST_F(E2eGeometryShader, CompileNeedsTheExtension) {
  const char* without = R"(#version 310 es
layout(points) in;
layout(points, max_vertices = 1) out;
void main() { EmitVertex(); })";
  GLuint s = glCreateShader(GL_GEOMETRY_SHADER);
  glShaderSource(s, 1, &without, nullptr);
  glCompileShader(s);
  GLint ok = 1;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE) << "ESSL 3.10 geometry shaders need the extension directive";
  GLint type = 0;
  glGetShaderiv(s, GL_SHADER_TYPE, &type);
  EXPECT_EQ(type, GL_GEOMETRY_SHADER);
  glDeleteShader(s);
  // The macros are defined for exposed extensions.
  GLuint m = shader(GL_FRAGMENT_SHADER, R"(#version 310 es
#if !defined(GL_EXT_geometry_shader) || !defined(GL_OES_geometry_shader)
#error not defined
#endif
void main() {})");
  glDeleteShader(m);
}

TEST_F(E2eGeometryShader, PointsBecomeQuads) {
  GLuint prog = program3(kPointVs, kQuadGs, kColorFs);
  GLuint vb = 0;
  GLuint vao = points_vao({-0.5f, -0.5f, 0.5f, 0.5f}, &vb);
  glUseProgram(prog);
  glUniform1f(glGetUniformLocation(prog, "size"), 0.25f);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // Quad around (-0.5,-0.5): pixels 4..12; around (0.5,0.5): 20..28.
  EXPECT_EQ(pixel(8, 8), rgba(64, 64, 0));
  EXPECT_EQ(pixel(24, 24), rgba(191, 191, 0));
  EXPECT_EQ(pixel(8, 24), rgba(0, 0, 0));
  EXPECT_EQ(pixel(2, 2), rgba(0, 0, 0));
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 0));
  glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(1, &vb);
  glDeleteProgram(prog);
}

// Resources of the geometry stage are bound for it: a texture, a uniform
// block and (where the vertex pipeline may store) a storage block.
TEST_F(E2eGeometryShader, GeometryStageResources) {
  GLint stores = 0;
  glGetIntegerv(GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS, &stores);
  const std::string gs = std::string(R"(#version 310 es
#extension GL_EXT_geometry_shader : require
precision highp float;
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
uniform highp sampler2D tex;
layout(std140, binding = 1) uniform Scale { float size; };
)") + (stores > 0 ? "layout(std430, binding = 2) buffer Count { uint emitted; };\n" : "") + R"(
out vec4 g_color;
void main() {
  for (int i = 0; i < 4; ++i) {
    vec2 corner = vec2(i & 1, i >> 1) * 2.0 - 1.0;
    gl_Position = gl_in[0].gl_Position + vec4(corner * size, 0.0, 0.0);
    g_color = texture(tex, vec2(0.5));
)" + (stores > 0 ? "    atomicAdd(emitted, 1u);\n" : "") + R"(
    EmitVertex();
  }
})";
  GLuint prog = program3(kPointVs, gs.c_str(), kColorFs);
  GLuint t = 0;
  glGenTextures(1, &t);
  glActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_2D, t);
  const uint8_t texel[4] = {0, 0, 255, 255};
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, texel);
  glActiveTexture(GL_TEXTURE0);
  glUseProgram(prog);
  glUniform1i(glGetUniformLocation(prog, "tex"), 3);
  const float size[4] = {0.25f, 0, 0, 0};
  GLuint ubo = buffer(GL_UNIFORM_BUFFER, sizeof(size), size);
  glBindBufferBase(GL_UNIFORM_BUFFER, 1, ubo);
  GLuint ssbo = buffer(GL_SHADER_STORAGE_BUFFER, 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, ssbo);
  GLuint vb = 0;
  GLuint vao = points_vao({-0.5f, -0.5f, 0.5f, 0.5f}, &vb);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(8, 8), rgba(0, 0, 255));
  EXPECT_EQ(pixel(24, 24), rgba(0, 0, 255));
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 0));
  if (stores > 0) {
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    EXPECT_EQ(read_uints(ssbo, 1)[0], 8u);
  }
  glDeleteVertexArrays(1, &vao);
  for (GLuint b : {vb, ubo, ssbo}) glDeleteBuffers(1, &b);
  glDeleteTextures(1, &t);
  glDeleteProgram(prog);
}

TEST_F(E2eGeometryShader, LinkedQueries) {
  GLuint prog = program3(kPointVs, kQuadGs, kColorFs);
  GLint v = -1;
  glGetProgramiv(prog, GL_GEOMETRY_LINKED_VERTICES_OUT_EXT, &v);
  EXPECT_EQ(v, 4);
  glGetProgramiv(prog, GL_GEOMETRY_LINKED_INPUT_TYPE_EXT, &v);
  EXPECT_EQ(v, GL_POINTS);
  glGetProgramiv(prog, GL_GEOMETRY_LINKED_OUTPUT_TYPE_EXT, &v);
  EXPECT_EQ(v, GL_TRIANGLE_STRIP);
  glGetProgramiv(prog, GL_GEOMETRY_SHADER_INVOCATIONS, &v);
  EXPECT_EQ(v, 1);
  // The uniform only the geometry stage reads.
  const GLuint index = glGetProgramResourceIndex(prog, GL_UNIFORM, "size");
  ASSERT_NE(index, GL_INVALID_INDEX);
  const GLenum props[] = {GL_REFERENCED_BY_VERTEX_SHADER, GL_REFERENCED_BY_GEOMETRY_SHADER,
                          GL_REFERENCED_BY_FRAGMENT_SHADER};
  GLint refs[3] = {-1, -1, -1};
  glGetProgramResourceiv(prog, GL_UNIFORM, index, 3, props, 3, nullptr, refs);
  EXPECT_EQ(refs[0], 0);
  EXPECT_EQ(refs[1], 1);
  EXPECT_EQ(refs[2], 0);
  // A program without a geometry stage has no such state.
  GLuint plain = program(kFullscreenVs310, "#version 310 es\nvoid main() {}\n");
  glGetProgramiv(plain, GL_GEOMETRY_LINKED_VERTICES_OUT_EXT, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteProgram(plain);
  glDeleteProgram(prog);
}

TEST_F(E2eGeometryShader, InvocationsAndLayouts) {
  GLuint prog = program3(kPointVs, R"(#version 310 es
#extension GL_OES_geometry_shader : require
layout(triangles, invocations = 3) in;
layout(line_strip, max_vertices = 2) out;
out vec4 g_color;
void main() {
  // Outputs are undefined after EmitVertex (GLSL ES 3.20 §8.15): each
  // vertex writes its own colour.
  gl_Position = gl_in[gl_InvocationID].gl_Position;
  g_color = vec4(1.0);
  EmitVertex();
  gl_Position = gl_in[(gl_InvocationID + 1) % 3].gl_Position;
  g_color = vec4(1.0);
  EmitVertex();
})",
                         kColorFs);
  GLint v = 0;
  glGetProgramiv(prog, GL_GEOMETRY_SHADER_INVOCATIONS, &v);
  EXPECT_EQ(v, 3);
  glGetProgramiv(prog, GL_GEOMETRY_LINKED_INPUT_TYPE_EXT, &v);
  EXPECT_EQ(v, GL_TRIANGLES);
  glGetProgramiv(prog, GL_GEOMETRY_LINKED_OUTPUT_TYPE_EXT, &v);
  EXPECT_EQ(v, GL_LINE_STRIP);
  // The triangle's outline, not its inside.
  GLuint vb = 0;
  GLuint vao = points_vao({-0.8f, -0.8f, 0.8f, -0.8f, -0.8f, 0.8f}, &vb);
  glUseProgram(prog);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> px = read_pixels();
  int lit_bottom = 0;
  for (int x = 0; x < kWidth; ++x) lit_bottom += px[3 * kWidth + x] == rgba(255, 255, 255);
  EXPECT_GT(lit_bottom, 20) << "the bottom edge is drawn";
  int lit_left = 0;
  for (int y = 0; y < kHeight; ++y) lit_left += px[y * kWidth + 3] == rgba(255, 255, 255);
  EXPECT_GT(lit_left, 20) << "the left edge is drawn";
  EXPECT_EQ(px[10 * kWidth + 10], rgba(0, 0, 0)) << "the inside is not";
  glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(1, &vb);
  glDeleteProgram(prog);
}

TEST_F(E2eGeometryShader, TooManyInvocationsFailTheLink) {
  GLint max_invocations = 0;
  glGetIntegerv(GL_MAX_GEOMETRY_SHADER_INVOCATIONS, &max_invocations);
  const std::string gs = "#version 310 es\n#extension GL_EXT_geometry_shader : require\nlayout(points, invocations = " +
                         std::to_string(max_invocations + 1) +
                         ") in;\nlayout(points, max_vertices = 1) out;\n"
                         "void main() { gl_Position = vec4(0.0); EmitVertex(); }\n";
  GLuint prog = glCreateProgram();
  for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), kPointVs}, std::pair{GLenum(GL_GEOMETRY_SHADER), gs.c_str()},
                           std::pair{GLenum(GL_FRAGMENT_SHADER), "#version 310 es\nvoid main() {}\n"}}) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    glAttachShader(prog, s);
    glDeleteShader(s);
  }
  glLinkProgram(prog);
  GLint ok = 1;
  glGetProgramiv(prog, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  glDeleteProgram(prog);
}

TEST_F(E2eGeometryShader, DrawModeMustMatchTheInputLayout) {
  GLuint prog = program3(kPointVs, kQuadGs, kColorFs);
  GLuint vb = 0;
  GLuint vao = points_vao({0.0f, 0.0f, 0.5f, 0.5f, 0.5f, 0.0f}, &vb);
  glUseProgram(prog);
  for (GLenum mode : {GL_LINES, GL_TRIANGLES, GL_TRIANGLE_STRIP, GL_LINES_ADJACENCY, GL_TRIANGLES_ADJACENCY}) {
    glDrawArrays(mode, 0, 3);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << mode;
  }
  // Even an empty draw.
  glDrawArrays(GL_LINES, 0, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArrays(GL_POINTS, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // Unknown modes stay INVALID_ENUM; patches exist with tessellation
  // shaders, and go only to them.
  glDrawArrays(0x0007 /* GL_QUADS: not an ES mode */, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDrawArrays(GL_PATCHES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(has_extension("GL_EXT_tessellation_shader") ? GL_INVALID_OPERATION
                                                                                          : GL_INVALID_ENUM));
  glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(1, &vb);
  glDeleteProgram(prog);
}

TEST_F(E2eGeometryShader, AdjacencyPrimitives) {
  // lines_adjacency: vertices 1 and 2 make the line; 0 and 3 are its
  // neighbours, which colour it.
  GLuint lines = program3(kPointVs, R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(lines_adjacency) in;
layout(line_strip, max_vertices = 2) out;
out vec4 g_color;
void main() {
  for (int i = 1; i <= 2; ++i) {
    gl_Position = gl_in[i].gl_Position;
    g_color = vec4(gl_in[0].gl_Position.x > -2.0 ? 1.0 : 0.0, gl_in[3].gl_Position.y > 1.5 ? 1.0 : 0.0, 0.0, 1.0);
    EmitVertex();
  }
})",
                          kColorFs);
  GLuint vb = 0;
  GLuint vao = points_vao({-5.0f, 0.0f, -1.0f, 0.03f, 1.0f, 0.03f, 0.0f, 2.0f}, &vb);
  glUseProgram(lines);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_LINES, 0, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArrays(GL_LINES_ADJACENCY, 0, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(10, 16), rgba(0, 255, 0));
  EXPECT_EQ(pixel(10, 8), rgba(0, 0, 0));
  glDeleteProgram(lines);

  // triangles_adjacency: vertices 0, 2, 4 make the triangle.
  GLuint tris = program3(kPointVs, R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(triangles_adjacency) in;
layout(triangle_strip, max_vertices = 3) out;
out vec4 g_color;
void main() {
  for (int i = 0; i < 6; i += 2) {
    gl_Position = gl_in[i].gl_Position;
    g_color = vec4(0.0, 0.0, 1.0, 1.0);
    EmitVertex();
  }
})",
                         kColorFs);
  const float adj[] = {-1, -1, 9, 9, 1, -1, 9, 9, -1, 1, 9, 9};
  glBufferData(GL_ARRAY_BUFFER, sizeof(adj), adj, GL_STATIC_DRAW);
  glUseProgram(tris);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES_ADJACENCY, 0, 6);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(4, 4), rgba(0, 0, 255));
  EXPECT_EQ(pixel(28, 28), rgba(0, 0, 0));
  // Strips of adjacency triangles and indexed draws too.
  const GLushort idx[] = {0, 1, 2, 3, 4, 5};
  GLuint eb = buffer(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawElements(GL_TRIANGLE_STRIP_ADJACENCY, 6, GL_UNSIGNED_SHORT, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(4, 4), rgba(0, 0, 255));
  glDeleteBuffers(1, &eb);
  glDeleteProgram(tris);
  glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(1, &vb);
}

// Without a geometry shader the adjacency vertices are ignored: lines
// adjacency draws the lines between vertices 1 and 2 of each four.
TEST_F(E2eGeometryShader, AdjacencyWithoutAGeometryShader) {
  GLuint prog = program(kPointVs, R"(#version 310 es
precision mediump float;
in vec4 v_color;
out vec4 c;
void main() { c = vec4(1.0); })");
  GLuint vb = 0;
  GLuint vao = points_vao({-1.0f, 0.5f, -1.0f, 0.03f, 1.0f, 0.03f, 1.0f, 0.5f}, &vb);
  glUseProgram(prog);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_LINES_ADJACENCY, 0, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(16, 16), rgba(255, 255, 255));
  EXPECT_EQ(pixel(2, 24), rgba(0, 0, 0)) << "no line to the adjacent vertex";
  glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(1, &vb);
  glDeleteProgram(prog);
}

TEST_F(E2eGeometryShader, PrimitiveIdReachesTheFragmentShader) {
  GLuint prog = program3(kPointVs, R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
void main() {
  for (int i = 0; i < 4; ++i) {
    gl_Position = gl_in[0].gl_Position + vec4(vec2(i & 1, i >> 1) * 0.5 - 0.25, 0.0, 0.0);
    gl_PrimitiveID = gl_PrimitiveIDIn + 1;
    EmitVertex();
  }
})",
                         R"(#version 310 es
#extension GL_EXT_geometry_shader : require
precision mediump float;
out vec4 color;
void main() { color = vec4(float(gl_PrimitiveID) / 4.0, 0.0, 0.0, 1.0); })");
  GLuint vb = 0;
  GLuint vao = points_vao({-0.5f, -0.5f, 0.5f, 0.5f}, &vb);
  glUseProgram(prog);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 2);
  // 1/4 and 2/4 of 255: 63.75 rounds to 64; 127.5 is a tie GL lets round
  // either way (NVIDIA gives 127, lavapipe 128).
  EXPECT_EQ(pixel(8, 8), rgba(64, 0, 0));
  const uint32_t p = pixel(24, 24);
  EXPECT_TRUE(p == rgba(128, 0, 0) || p == rgba(127, 0, 0)) << std::hex << p;
  glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(1, &vb);
  glDeleteProgram(prog);
}

TEST_F(E2eGeometryShader, ProgramPipelineWithAGeometryStage) {
  const char* vs_src[] = {R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(location = 0) in vec2 pos;
layout(location = 0) out vec4 v_color;
out gl_PerVertex { vec4 gl_Position; };
void main() {
  gl_Position = vec4(pos, 0.0, 1.0);
  v_color = vec4(pos * 0.5 + 0.5, 0.0, 1.0);
})"};
  const char* gs_src[] = {R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
in gl_PerVertex { vec4 gl_Position; } gl_in[];
out gl_PerVertex { vec4 gl_Position; };
layout(location = 0) in vec4 v_color[];
layout(location = 0) out vec4 g_color;
uniform float size;
void main() {
  for (int i = 0; i < 4; ++i) {
    gl_Position = gl_in[0].gl_Position + vec4((vec2(i & 1, i >> 1) * 2.0 - 1.0) * size, 0.0, 0.0);
    g_color = v_color[0];
    EmitVertex();
  }
})"};
  const char* fs_src[] = {R"(#version 310 es
precision mediump float;
layout(location = 0) in vec4 g_color;
out vec4 color;
void main() { color = g_color; })"};
  GLuint vs = glCreateShaderProgramv(GL_VERTEX_SHADER, 1, vs_src);
  GLuint gs = glCreateShaderProgramv(GL_GEOMETRY_SHADER, 1, gs_src);
  GLuint fs = glCreateShaderProgramv(GL_FRAGMENT_SHADER, 1, fs_src);
  for (GLuint p : {vs, gs, fs}) {
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    char log[2048] = {};
    glGetProgramInfoLog(p, sizeof(log), nullptr, log);
    EXPECT_EQ(ok, GL_TRUE) << log;
  }
  // The geometry program's own uniform.
  glProgramUniform1f(gs, glGetUniformLocation(gs, "size"), 0.25f);
  GLuint pipeline = 0;
  glGenProgramPipelines(1, &pipeline);
  glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, vs);
  glUseProgramStages(pipeline, GL_GEOMETRY_SHADER_BIT, gs);
  glUseProgramStages(pipeline, GL_FRAGMENT_SHADER_BIT, fs);
  GLint v = 0;
  glGetProgramPipelineiv(pipeline, GL_GEOMETRY_SHADER, &v);
  EXPECT_EQ(static_cast<GLuint>(v), gs);
  glBindProgramPipeline(pipeline);
  GLuint vb = 0;
  GLuint vao = points_vao({-0.5f, -0.5f, 0.5f, 0.5f}, &vb);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "the geometry stage takes points";
  glDrawArrays(GL_POINTS, 0, 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(8, 8), rgba(64, 64, 0));
  EXPECT_EQ(pixel(24, 24), rgba(191, 191, 0));
  // Without the geometry stage the points are drawn as points.
  glUseProgramStages(pipeline, GL_GEOMETRY_SHADER_BIT, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const std::vector<uint32_t> px = read_pixels();
  int lit = 0;
  for (uint32_t p : px) lit += p != rgba(0, 0, 0);
  EXPECT_GE(lit, 2) << "two points";
  EXPECT_LE(lit, 8) << "not two quads";
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(1, &pipeline);
  glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(1, &vb);
  for (GLuint p : {vs, gs, fs}) glDeleteProgram(p);
}

// Points a geometry shader emits: one pixel without gl_PointSize (the
// variant writes 1.0 where the device takes the size from the stage), its
// size with GL_EXT_geometry_point_size.
TEST_F(E2eGeometryShader, EmittedPointSizes) {
  const char* fs = "#version 310 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
  auto lit_pixels = [&](GLuint prog) {
    GLuint vb = 0;
    GLuint vao = points_vao({-0.46875f, -0.46875f}, &vb);  // a pixel centre
    glUseProgram(prog);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_POINTS, 0, 1);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    int lit = 0;
    for (uint32_t p : read_pixels()) lit += p == rgba(255, 255, 255);
    glDeleteVertexArrays(1, &vao);
    glDeleteBuffers(1, &vb);
    return lit;
  };
  GLuint plain = program3(kPointVs, R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(points) in;
layout(points, max_vertices = 1) out;
void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); })",
                          fs);
  EXPECT_EQ(lit_pixels(plain), 1);
  glDeleteProgram(plain);
  if (!has_extension("GL_EXT_geometry_point_size")) return;
  GLuint sized = program3(kPointVs, R"(#version 310 es
#extension GL_EXT_geometry_shader : require
#extension GL_EXT_geometry_point_size : require
layout(points) in;
layout(points, max_vertices = 1) out;
void main() { gl_Position = gl_in[0].gl_Position; gl_PointSize = 4.0; EmitVertex(); })",
                          fs);
  EXPECT_EQ(lit_pixels(sized), 16);
  glDeleteProgram(sized);
}

// EXT_shader_io_blocks, which the geometry extensions require, in the
// vertex and fragment stages too.
TEST_F(E2eGeometryShader, IoBlocks) {
  EXPECT_TRUE(has_extension("GL_EXT_shader_io_blocks"));
  EXPECT_TRUE(has_extension("GL_OES_shader_io_blocks"));
  GLuint prog = program(R"(#version 310 es
#extension GL_EXT_shader_io_blocks : require
out Data { vec4 color; flat int id; } vout;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
  vout.color = vec4(0.0, 1.0, 0.0, 1.0);
  vout.id = 2;
})",
                        R"(#version 310 es
#extension GL_OES_shader_io_blocks : require
precision mediump float;
in Data { vec4 color; flat int id; } fin;
out vec4 c;
void main() { c = fin.color * float(fin.id) * 0.5; })");
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0));
  glDeleteProgram(prog);
}

TEST_F(E2eGeometryShader, TransformFeedbackCapturesTheGeometryOutput) {
  GLuint prog = glCreateProgram();
  for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), R"(#version 310 es
layout(location = 0) in vec2 pos;
out float v_x;
void main() { v_x = pos.x; gl_Position = vec4(pos, 0.0, 1.0); })"},
                           std::pair{GLenum(GL_GEOMETRY_SHADER), R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(points) in;
layout(points, max_vertices = 2) out;
in float v_x[];
out float captured;
void main() {
  for (int i = 0; i < 2; ++i) {
    captured = v_x[0] * 10.0 + float(i);
    gl_Position = gl_in[0].gl_Position;
    EmitVertex();
  }
})"},
                           std::pair{GLenum(GL_FRAGMENT_SHADER), "#version 310 es\nvoid main() {}\n"}}) {
    GLuint s = shader(type, src);
    glAttachShader(prog, s);
    glDeleteShader(s);
  }
  const char* varyings[] = {"captured"};
  glTransformFeedbackVaryings(prog, 1, varyings, GL_INTERLEAVED_ATTRIBS);
  link(prog);
  GLuint vb = 0;
  GLuint vao = points_vao({1.0f, 0.0f, 2.0f, 0.0f, 3.0f, 0.0f}, &vb);
  GLuint out = buffer(GL_TRANSFORM_FEEDBACK_BUFFER, 8 * sizeof(float));
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out);
  GLuint query = 0;
  glGenQueries(1, &query);
  glUseProgram(prog);
  glEnable(GL_RASTERIZER_DISCARD);
  glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, query);
  glBeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_POINTS, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "the geometry output is points";
  glEndTransformFeedback();
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glEndTransformFeedback();
  glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
  glDisable(GL_RASTERIZER_DISCARD);
  GLuint written = 0;
  glGetQueryObjectuiv(query, GL_QUERY_RESULT, &written);
  EXPECT_EQ(written, 6u);
  const std::vector<uint32_t> words = read_uints(out, 6);
  std::vector<float> values(6);
  std::memcpy(values.data(), words.data(), 6 * sizeof(float));
  EXPECT_EQ(values, (std::vector<float>{10, 11, 20, 21, 30, 31}));
  glDeleteQueries(1, &query);
  glDeleteBuffers(1, &out);
  // PRIMITIVES_GENERATED counts the geometry output, captured or not,
  // rasterized or not.
  GLuint generated = 0;
  glGenQueries(1, &generated);
  glEnable(GL_RASTERIZER_DISCARD);
  glBeginQuery(GL_PRIMITIVES_GENERATED, generated);
  GLint current = 0;
  glGetQueryiv(GL_PRIMITIVES_GENERATED, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(static_cast<GLuint>(current), generated);
  glDrawArrays(GL_POINTS, 0, 3);
  glDisable(GL_RASTERIZER_DISCARD);
  glDrawArrays(GL_POINTS, 0, 2);
  glEndQuery(GL_PRIMITIVES_GENERATED);
  GLuint count = 0;
  glGetQueryObjectuiv(generated, GL_QUERY_RESULT, &count);
  EXPECT_EQ(count, 10u);
  glDeleteQueries(1, &generated);
  glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(1, &vb);
  glDeleteProgram(prog);
}

}  // namespace
}  // namespace brass::e2e
