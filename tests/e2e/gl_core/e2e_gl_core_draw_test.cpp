// Drawing in a desktop core-profile context: #version 330 core programs,
// older desktop GLSL, the core profile's vertex array rules, and the GLSL
// versions a 3.3 context refuses.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kRedFs = R"(#version 330 core
layout(location = 0) out vec4 color;
void main() { color = vec4(1.0, 0.0, 0.0, 1.0); })";

TEST_F(GlCoreTest, Draws330CoreTriangle) {
  GLuint p = program(kCoreFullscreenVs, kRedFs);
  glUseProgram(p);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(0, 0), rgba(255, 0, 0));
  EXPECT_EQ(pixel(kWidth - 1, kHeight - 1), rgba(255, 0, 0));
  glDeleteProgram(p);
}

TEST_F(GlCoreTest, DrawsFromVertexBuffers) {
  // A triangle over the left half only, with a per-vertex colour.
  const float verts[] = {-1, -1, 0, 1, 0, 0, -1, 0, 1, 0, 0, 1, 0, -1, 1, 0, 0, 0, 1, 0};
  GLuint vbo = 0;
  glGenBuffers(1, &vbo);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, sizeof(verts), verts, GL_STATIC_DRAW);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 5 * sizeof(float), nullptr);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 5 * sizeof(float), reinterpret_cast<void*>(2 * sizeof(float)));
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  GLuint p = program(R"(#version 330 core
layout(location = 0) in vec2 pos;
layout(location = 1) in vec3 rgb;
out vec3 v_rgb;
void main() { v_rgb = rgb; gl_Position = vec4(pos, 0.0, 1.0); })",
                     R"(#version 330 core
in vec3 v_rgb;
out vec4 color;
void main() { color = vec4(v_rgb.r > 0.0 || v_rgb.g > 0.0 || v_rgb.b > 0.0 ? 1.0 : 0.0, 1.0, 0.0, 1.0); })");
  glUseProgram(p);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(2, 2), rgba(255, 255, 0));
  EXPECT_EQ(pixel(kWidth - 2, kHeight - 2), rgba(0, 0, 0));
  glDeleteProgram(p);
  glDeleteBuffers(1, &vbo);
}

TEST_F(GlCoreTest, OlderDesktopGlslStillCompiles) {
  // GLSL 1.40 and 1.50 (core-profile versions of GL 3.1 and 3.2) with the
  // fragment output bound by glBindFragDataLocation.
  for (const char* version : {"#version 140\n", "#version 150 core\n", "#version 150\n"}) {
    const std::string vs = std::string(version) + R"(
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
    const std::string fs = std::string(version) + "out vec4 result;\nvoid main() { result = vec4(0.0, 1.0, 0.0, 1.0); }\n";
    GLuint prog = glCreateProgram();
    GLuint v = shader(GL_VERTEX_SHADER, vs.c_str());
    GLuint f = shader(GL_FRAGMENT_SHADER, fs.c_str());
    glAttachShader(prog, v);
    glAttachShader(prog, f);
    glBindFragDataLocation(prog, 0, "result");
    glLinkProgram(prog);
    GLint ok = 0;
    glGetProgramiv(prog, GL_LINK_STATUS, &ok);
    ASSERT_TRUE(ok) << version;
    EXPECT_EQ(glGetFragDataLocation(prog, "result"), 0) << version;
    glUseProgram(prog);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0)) << version;
    glDeleteShader(v);
    glDeleteShader(f);
    glDeleteProgram(prog);
  }
}

TEST_F(GlCoreTest, VersionsAboveTheContextsAndCompatibilityAreRefused) {
  // No compatibility profile; GL 3.3 lists ARB_ES2/ES3_compatibility
  // (4.1, 4.3), so GLSL ES 1.00 and 3.00 compile, and GLSL ES 3.10 with
  // ARB_ES3_1_compatibility (4.5).
  const bool es31 = has_extension("GL_ARB_ES3_1_compatibility");
  // The GLSL version after the context's (3.3 -> 4.00, 4.1 -> 4.20) fails.
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  const int next_glsl = major == 3 ? 400 : major * 100 + minor * 10 + 10;
  if (next_glsl <= 460)
    glDeleteShader(shader(GL_FRAGMENT_SHADER,
                          ("#version " + std::to_string(next_glsl) + "\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n")
                              .c_str(),
                          false));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, "#version 330\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, "#version 310 es\nprecision mediump float;\nout vec4 c;\n"
                                            "void main() { c = vec4(1.0); }\n",
                        es31));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, "#version 320 es\nprecision mediump float;\nout vec4 c;\n"
                                            "void main() { c = vec4(1.0); }\n",
                        false));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, "#version 300 es\nprecision mediump float;\nout vec4 c;\n"
                                            "void main() { c = vec4(1.0); }\n"));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, "#version 100\nvoid main() { gl_FragColor = vec4(1.0); }\n"));
  glDeleteShader(shader(GL_FRAGMENT_SHADER,
                        "#version 150 compatibility\nvoid main() { gl_FragColor = vec4(1.0); }\n", false));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, "#version 330\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"));
}

TEST_F(GlCoreTest, Glsl150GeometryShaderExpandsPoints) {
  // GL 3.2 core: a geometry shader turns one point into a quad over the
  // right half; adjacency modes are core too.
  GLuint p = glCreateProgram();
  const char* sources[3] = {R"(#version 150
void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); })",
                            R"(#version 150
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;
out vec4 g_color;
void main() {
  for (int i = 0; i < 4; ++i) {
    g_color = vec4(0.0, 1.0, 0.0, 1.0);
    gl_Position = gl_in[0].gl_Position + vec4(float(i & 1), float(i >> 1) * 2.0 - 1.0, 0.0, 0.0);
    EmitVertex();
  }
  EndPrimitive();
})",
                            R"(#version 150
in vec4 g_color;
out vec4 c;
void main() { c = g_color; })"};
  const GLenum types[3] = {GL_VERTEX_SHADER, GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER};
  for (int i = 0; i < 3; ++i) {
    GLuint sh = shader(types[i], sources[i]);
    glAttachShader(p, sh);
    glDeleteShader(sh);
  }
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok);
  glUseProgram(p);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 1);
  EXPECT_EQ(pixel(kWidth - 4, kHeight / 2), rgba(0, 255, 0));
  EXPECT_EQ(pixel(4, kHeight / 2), rgba(0, 0, 0));
  glDeleteProgram(p);
}

TEST_F(GlCoreTest, GlslExtensionMacrosFollowTheExtensionList) {
  // Advertised: usable and defined; not advertised (ARB_shader_clock, which
  // glslang knows but Brass does not list): neither.
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 150
#extension GL_ARB_explicit_attrib_location : require
#ifndef GL_ARB_explicit_attrib_location
#error not defined
#endif
layout(location = 0) out vec4 c;
void main() { c = vec4(1.0); })"));
  ASSERT_FALSE(has_extension("GL_ARB_shader_clock"));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 150
#ifdef GL_ARB_shader_clock
#error defined without the extension
#endif
out vec4 c;
void main() { c = vec4(1.0); })"));
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 150
#extension GL_ARB_shader_clock : require
out vec4 c;
void main() { c = vec4(1.0); })",
                        false));
}

TEST_F(GlCoreTest, CoreProfileNeedsAVertexArrayObject) {
  GLuint p = program(kCoreFullscreenVs, kRedFs);
  glUseProgram(p);
  glBindVertexArray(0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const GLuint indices[] = {0, 1, 2};
  glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_INT, indices);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Vertex array state has nowhere to go.
  GLuint vbo = 0;
  glGenBuffers(1, &vbo);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glEnableVertexAttribArray(0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDisableVertexAttribArray(0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glVertexAttribDivisor(0, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Bound again, the same calls work; client arrays never do.
  glBindVertexArray(vao);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  static const float client[4] = {};
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, client);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteBuffers(1, &vbo);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
