// Varying packing (docs/compiler.md, "Varying packing"): programs whose
// varyings fill GL_MAX_VARYING_COMPONENTS link and pass every component to
// the fragment shader: a float array, and a mix of smooth vec3s and floats,
// flat ivec2/uint/int, noperspective floats and flat doubles (through
// bitcasts, to the last bit). One component more fails to link with a log.
// Without packing, each float takes a Vulkan location of its own and these
// programs failed to link.
#include <algorithm>
#include <string>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreVaryingPacking : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    glGetIntegerv(GL_MAX_VARYING_COMPONENTS, &max_components);
    ASSERT_GE(max_components, 60);
    ASSERT_EQ(max_components % 4, 0);
    glViewport(0, 0, kWidth, kHeight);
  }

  // Draws the fullscreen triangle with `p` and expects every pixel green.
  void expect_all_green(GLuint p) {
    glUseProgram(p);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    std::vector<uint32_t> pixels(kWidth * kHeight);
    glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    int wrong = 0;
    for (uint32_t px : pixels) wrong += px != rgba(0, 255, 0);
    EXPECT_EQ(wrong, 0) << "first pixel " << std::hex << pixels[0];
    glUseProgram(0);
  }

  static bool links(const std::string& vs, const std::string& fs, std::string* log) {
    GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, vs}, std::pair{GL_FRAGMENT_SHADER, fs}}) {
      GLuint s = shader(type, src.c_str());
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    char text[2048] = {};
    glGetProgramInfoLog(p, sizeof(text), nullptr, text);
    *log = text;
    glDeleteProgram(p);
    return ok != 0;
  }

  GLint max_components = 0;
};

// The fullscreen triangle's x in clip space is linear across the viewport
// (w = 1): the fragment shader recomputes it from gl_FragCoord.
constexpr const char* kPosition = R"(
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
)";
constexpr const char* kFragX = "float x = gl_FragCoord.x / 16.0 - 1.0;\n";

std::string float_array_vs(int n) {
  return "#version 330 core\nout float v[" + std::to_string(n) + "];\nvoid main() {" + kPosition +
         "  for (int k = 0; k < " + std::to_string(n) + "; ++k) v[k] = float(k) * 0.5 + p.x;\n}\n";
}
std::string float_array_fs(int n) {
  return "#version 330 core\nin float v[" + std::to_string(n) + "];\nout vec4 c;\nvoid main() {\n  " + kFragX +
         "  bool ok = true;\n  for (int k = 0; k < " + std::to_string(n) +
         "; ++k) ok = ok && abs(v[k] - (float(k) * 0.5 + x)) < 0.01;\n"
         "  c = ok ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1);\n}\n";
}

TEST_F(GlCoreVaryingPacking, FloatArrayFillsMaxVaryingComponents) {
  GLuint p = program(float_array_vs(max_components).c_str(), float_array_fs(max_components).c_str());
  expect_all_green(p);
  glDeleteProgram(p);
}

// Clip distances count against the same Vulkan output limit as varyings
// (the validation layer, which fails every test, counts them): with all
// eight planes enabled and written, every varying component still fits.
TEST_F(GlCoreVaryingPacking, EveryVaryingComponentAndEveryClipDistance) {
  GLint clip_distances = 0;
  glGetIntegerv(GL_MAX_CLIP_DISTANCES, &clip_distances);
  ASSERT_EQ(clip_distances, 8);
  std::string vs = float_array_vs(max_components);
  vs.replace(vs.rfind('}'), 1, "  for (int k = 0; k < 8; ++k) gl_ClipDistance[k] = 1.0;\n}");
  vs.insert(vs.find('\n') + 1, "out float gl_ClipDistance[8];\n");
  for (GLenum k = 0; k < 8; ++k) glEnable(GL_CLIP_DISTANCE0 + k);
  GLuint p = program(vs.c_str(), float_array_fs(max_components).c_str());
  expect_all_green(p);
  for (GLenum k = 0; k < 8; ++k) glDisable(GL_CLIP_DISTANCE0 + k);
  glDeleteProgram(p);
}

TEST_F(GlCoreVaryingPacking, OneComponentTooManyFailsToLink) {
  std::string log;
  EXPECT_FALSE(links(float_array_vs(max_components + 1), float_array_fs(max_components + 1), &log));
  EXPECT_NE(log.find("too many vertex shader output components"), std::string::npos) << log;
}

TEST_F(GlCoreVaryingPacking, MixedTypesFillMaxVaryingComponents) {
  if (!has_extension("GL_ARB_gpu_shader_fp64")) GTEST_SKIP() << "GL_ARB_gpu_shader_fp64 is not listed";
  // smooth: vec3 a[8] (24) + float r[N - 64]; flat: ivec2 b[6] (12),
  // uint u[5] (5), int i[3] (3), double d[3] (6), dvec3 e (6): 32;
  // noperspective float q[8]. N components in all, in whole vec4s per
  // group.
  const std::string rest = std::to_string(max_components - 64);
  const std::string decls = R"(
#extension GL_ARB_gpu_shader_fp64 : require
$ vec3 a[8];
$ float r[)" + rest + R"(];
flat $ ivec2 b[6];
flat $ uint u[5];
flat $ int i[3];
flat $ double d[3];
flat $ dvec3 e;
noperspective $ float q[8];
)";
  auto with = [&decls](const char* storage) {
    std::string s = decls;
    for (size_t at; (at = s.find('$')) != std::string::npos;) s.replace(at, 1, storage);
    return s;
  };
  // 1 + k * 2^-40: exact in double only.
  const std::string fine = "(1.0LF + double(k) / 1099511627776.0LF)";
  const std::string vs = "#version 330 core\n" + with("out") + "void main() {" + kPosition +
                         "  for (int k = 0; k < 8; ++k) a[k] = vec3(k, -k, 0.25 * float(k)) + p.x;\n"
                         "  for (int k = 0; k < " + rest + "; ++k) r[k] = float(k) - p.x;\n"
                         "  for (int k = 0; k < 6; ++k) b[k] = ivec2(-k - 100000, k * 7);\n"
                         "  for (int k = 0; k < 5; ++k) u[k] = 0xfffffff0u + uint(k);\n"
                         "  for (int k = 0; k < 3; ++k) i[k] = -2147483647 + k;\n"
                         "  for (int k = 0; k < 3; ++k) d[k] = " + fine + ";\n"
                         "  { int k = 9; e = dvec3(" + fine + ", -" + fine + ", 1.0e300LF); }\n"
                         "  for (int k = 0; k < 8; ++k) q[k] = 2.0 * p.x + float(k);\n"
                         "}\n";
  const std::string fs = "#version 330 core\n" + with("in") + "out vec4 c;\nvoid main() {\n  " + kFragX +
                         "  bool ok = true;\n"
                         "  for (int k = 0; k < 8; ++k) ok = ok && all(lessThan(abs(a[k] - (vec3(k, -k, 0.25 * float(k)) + x)), vec3(0.01)));\n"
                         "  for (int k = 0; k < " + rest + "; ++k) ok = ok && abs(r[k] - (float(k) - x)) < 0.01;\n"
                         "  for (int k = 0; k < 6; ++k) ok = ok && b[k] == ivec2(-k - 100000, k * 7);\n"
                         "  for (int k = 0; k < 5; ++k) ok = ok && u[k] == 0xfffffff0u + uint(k);\n"
                         "  for (int k = 0; k < 3; ++k) ok = ok && i[k] == -2147483647 + k;\n"
                         "  for (int k = 0; k < 3; ++k) ok = ok && d[k] == " + fine + ";\n"
                         "  { int k = 9; ok = ok && e == dvec3(" + fine + ", -" + fine + ", 1.0e300LF); }\n"
                         "  for (int k = 0; k < 8; ++k) ok = ok && abs(q[k] - (2.0 * x + float(k))) < 0.01;\n"
                         "  c = ok ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1);\n}\n";
  GLuint p = program(vs.c_str(), fs.c_str());
  expect_all_green(p);
  glDeleteProgram(p);
}

// A geometry shader passing GL_MAX_FRAGMENT_INPUT_COMPONENTS floats and
// flat ints (through the packed arrays, copied before every EmitVertex).
TEST_F(GlCoreVaryingPacking, GeometryShaderFillsFragmentInputs) {
  GLint fragment_inputs = 0, geometry_outputs = 0;
  glGetIntegerv(GL_MAX_FRAGMENT_INPUT_COMPONENTS, &fragment_inputs);
  glGetIntegerv(GL_MAX_GEOMETRY_OUTPUT_COMPONENTS, &geometry_outputs);
  // gl_Position counts against the geometry output limit.
  const int n = std::min(max_components, std::min(fragment_inputs, geometry_outputs - 4)) / 4 * 4;
  ASSERT_GE(n, 64);
  const std::string floats = std::to_string(n - 8);
  const char* vs = R"(#version 150
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
  const std::string gs = R"(#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
out float v[)" + floats + R"(];
flat out ivec4 f[2];
void main() {
  for (int i = 0; i < 3; ++i) {
    float x = gl_in[i].gl_Position.x;
    for (int k = 0; k < )" + floats + R"(; ++k) v[k] = float(k) * 0.5 + x;
    f[0] = ivec4(i == 2 ? 7 : -7, 1 << 30, -5, 9);
    f[1] = ivec4(-2147483647, 2147483647, 0, 123456);
    gl_Position = gl_in[i].gl_Position;
    EmitVertex();
  }
})";
  const std::string fs = "#version 150\nin float v[" + floats + "];\nflat in ivec4 f[2];\nout vec4 c;\nvoid main() {\n  " +
                         kFragX + "  bool ok = true;\n  for (int k = 0; k < " + floats +
                         "; ++k) ok = ok && abs(v[k] - (float(k) * 0.5 + x)) < 0.01;\n"
                         "  ok = ok && f[0] == ivec4(7, 1 << 30, -5, 9) && f[1] == ivec4(-2147483647, 2147483647, 0, 123456);\n"
                         "  c = ok ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1);\n}\n";
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, std::string(vs)}, std::pair{GL_GEOMETRY_SHADER, gs},
                           std::pair{GL_FRAGMENT_SHADER, fs}}) {
    GLuint s = shader(type, src.c_str());
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  char log[2048] = {};
  glGetProgramInfoLog(p, sizeof(log), nullptr, log);
  ASSERT_TRUE(ok) << log;
  expect_all_green(p);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
