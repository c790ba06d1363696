// ARB_tessellation_shader and ARB_gpu_shader5 in the default 3.3 core
// context: GLSL 1.50 shaders that enable them, and programs with a
// tessellation evaluation shader but no control shader (GL 4.6 §11.2: the
// patch passes through, the levels are PATCH_DEFAULT_*_LEVEL).
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreTessellationTest : public GlCoreTest {
 protected:
  // Links the given stages; `ok` false expects a failed link.
  static GLuint link(std::initializer_list<std::pair<GLenum, const char*>> stages, bool ok = true) {
    GLuint p = glCreateProgram();
    for (auto [type, src] : stages) {
      GLuint s = shader(type, src);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    glLinkProgram(p);
    GLint status = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &status);
    char log[2048] = {};
    glGetProgramInfoLog(p, sizeof(log), nullptr, log);
    EXPECT_EQ(status != 0, ok) << log;
    return p;
  }
  // Two triangles covering the viewport, as patches of three vertices.
  GLuint quad_patches() {
    static const float kVerts[] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};
    GLuint b = buffer(GL_ARRAY_BUFFER, sizeof(kVerts), kVerts);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    return b;
  }
};

constexpr const char* kVs = R"(#version 150
in vec2 pos;
out vec4 v_colour;
void main() {
  gl_Position = vec4(pos, 0.0, 1.0);
  v_colour = vec4(0.25, 0.5, 0.75, 1.0);
})";

constexpr const char* kFs = R"(#version 150
in vec4 colour;
out vec4 frag;
void main() { frag = colour; })";

// Reads the default levels and the vertices' varying.
constexpr const char* kTrianglesTes = R"(#version 150
#extension GL_ARB_tessellation_shader : require
layout(triangles) in;
in vec4 v_colour[];
out vec4 colour;
void main() {
  gl_Position = gl_in[0].gl_Position * gl_TessCoord.x + gl_in[1].gl_Position * gl_TessCoord.y +
                gl_in[2].gl_Position * gl_TessCoord.z;
  bool levels = gl_TessLevelOuter[0] == 2.0 && gl_TessLevelOuter[1] == 4.0 && gl_TessLevelOuter[2] == 7.0 &&
                gl_TessLevelInner[0] == 5.0;
  colour = levels && gl_PatchVerticesIn == 3 ? v_colour[1] : vec4(1.0, 0.0, 0.0, 1.0);
})";

TEST_F(GlCoreTessellationTest, ExtensionsListed) {
  EXPECT_TRUE(has_extension("GL_ARB_tessellation_shader"));
  EXPECT_TRUE(has_extension("GL_ARB_gpu_shader5"));
  GLint max_patch = 0;
  glGetIntegerv(GL_MAX_PATCH_VERTICES, &max_patch);
  EXPECT_GE(max_patch, 32);
}

TEST_F(GlCoreTessellationTest, EvaluationShaderWithoutControlShaderUsesDefaultLevels) {
  GLuint p = link({{GL_VERTEX_SHADER, kVs}, {GL_TESS_EVALUATION_SHADER, kTrianglesTes}, {GL_FRAGMENT_SHADER, kFs}});
  glBindAttribLocation(p, 0, "pos");
  glLinkProgram(p);
  glUseProgram(p);
  GLuint vb = quad_patches();
  // The program has no control stage of its own.
  GLint v = -1;
  glGetProgramiv(p, GL_TESS_CONTROL_OUTPUT_VERTICES, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetProgramiv(p, GL_TESS_GEN_MODE, &v);
  EXPECT_EQ(v, GL_TRIANGLES);

  const float outer[4] = {2, 4, 7, 6}, inner[2] = {5, 3};
  glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
  glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, inner);
  float got[4] = {};
  glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, got);
  EXPECT_EQ(got[2], 7.0f);
  glPatchParameteri(GL_PATCH_VERTICES, 3);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_PATCHES, 0, 6);
  EXPECT_TRUE(colour_near(pixel(4, 4), rgba(64, 128, 191)));
  EXPECT_TRUE(colour_near(pixel(kWidth - 4, kHeight - 4), rgba(64, 128, 191)));

  // Other default levels reach the next draw with the same program.
  const float other[4] = {3, 4, 7, 6};
  glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, other);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_PATCHES, 0, 6);
  EXPECT_EQ(pixel(kWidth / 2 + 3, kHeight / 2 - 5), rgba(255, 0, 0));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteBuffers(1, &vb);
}

TEST_F(GlCoreTessellationTest, PassThroughFollowsPatchVertices) {
  // Quads from patches of four vertices: gl_in has them all, in order.
  static const char* kQuadsTes = R"(#version 150
#extension GL_ARB_tessellation_shader : require
layout(quads) in;
in vec4 v_colour[];
out vec4 colour;
void main() {
  vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);
  vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);
  gl_Position = mix(a, b, gl_TessCoord.y);
  colour = gl_PatchVerticesIn == 4 ? v_colour[3] : vec4(1.0, 0.0, 0.0, 1.0);
})";
  GLuint p = glCreateProgram();
  glBindAttribLocation(p, 0, "pos");
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, kVs}, std::pair{GL_TESS_EVALUATION_SHADER, kQuadsTes},
                           std::pair{GL_FRAGMENT_SHADER, kFs}}) {
    GLuint s = shader(type, src);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok);
  glUseProgram(p);
  static const float kVerts[] = {-1, -1, 1, -1, 1, 1, -1, 1};
  GLuint vb = buffer(GL_ARRAY_BUFFER, sizeof(kVerts), kVerts);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  glPatchParameteri(GL_PATCH_VERTICES, 4);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_PATCHES, 0, 4);
  EXPECT_TRUE(colour_near(pixel(2, 2), rgba(64, 128, 191)));
  EXPECT_TRUE(colour_near(pixel(kWidth - 2, kHeight - 2), rgba(64, 128, 191)));
  EXPECT_TRUE(colour_near(pixel(kWidth - 2, 2), rgba(64, 128, 191)));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteBuffers(1, &vb);
}

TEST_F(GlCoreTessellationTest, ControlShaderWithoutEvaluationShaderFailsToLink) {
  static const char* kTcs = R"(#version 150
#extension GL_ARB_tessellation_shader : require
layout(vertices = 3) out;
void main() { gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position; })";
  GLuint p = link({{GL_VERTEX_SHADER, kVs}, {GL_TESS_CONTROL_SHADER, kTcs}, {GL_FRAGMENT_SHADER, kFs}}, false);
  glDeleteProgram(p);
}

TEST_F(GlCoreTessellationTest, TessellationStagesNeedTheExtensionInGlsl150) {
  static const char* kTes = R"(#version 150
layout(triangles) in;
void main() { gl_Position = gl_in[0].gl_Position; })";
  glDeleteShader(shader(GL_TESS_EVALUATION_SHADER, kTes, false));
}

// GLSL 1.50 with ARB_gpu_shader5: its functions, `precise`, implicit
// conversions, gather with a component and offsets.
TEST_F(GlCoreTessellationTest, GpuShader5InGlsl150) {
  static const char* kFs5 = R"(#version 150
#extension GL_ARB_gpu_shader5 : require
uniform sampler2D tex[2];
uniform int which;
out vec4 frag;
void main() {
  precise float f = fma(2.0, 3.0, 1.0);         // 7
  uint carry;
  uint sum = uaddCarry(0xffffffffu, 2u, carry);  // 1, carry 1
  int e;
  float m = frexp(8.0, e);                       // 0.5, 4
  int bits = bitfieldExtract(0x0f0, 4, 4);       // -1 (the field's top bit extends)
  float conv = 2;                                 // implicit int -> float
  // The green channel of texel (1, 0) (a dynamically uniform array index).
  vec4 g = textureGatherOffset(tex[which], vec2(0.25, 0.25), ivec2(0, 0), 1);
  bool ok = f == 7.0 && sum == 1u && carry == 1u && m == 0.5 && e == 4 && bits == -1 && conv == 2.0 &&
            bitCount(7u) == 3 && findMSB(8) == 3 && ldexp(0.5, 2) == 2.0;
  frag = ok ? vec4(0.0, g.z, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})";
  GLuint p = program(kCoreFullscreenVs, kFs5);
  glUseProgram(p);
  // A 2x2 texture in unit 1; texel (1, 0)'s green is 20.
  const uint8_t texels[16] = {0, 10, 0, 255, 0, 20, 0, 255, 0, 30, 0, 255, 0, 204, 0, 255};
  GLuint t = 0;
  glGenTextures(1, &t);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glActiveTexture(GL_TEXTURE0);
  const GLint units[2] = {0, 1};
  glUniform1iv(glGetUniformLocation(p, "tex"), 2, units);
  glUniform1i(glGetUniformLocation(p, "which"), 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // Gathering around (0.25, 0.25) of a 2x2 texture takes all four texels; z is (1, 0)'s.
  EXPECT_EQ(pixel(5, 5), rgba(0, 20, 0));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &t);
}

TEST_F(GlCoreTessellationTest, GpuShader5FunctionsNeedTheExtension) {
  static const char* kFs = R"(#version 150
out vec4 frag;
void main() { frag = vec4(fma(1.0, 2.0, 3.0)); })";
  glDeleteShader(shader(GL_FRAGMENT_SHADER, kFs, false));
  // Without the extension `precise` is an ordinary name.
  static const char* kFsName = R"(#version 150
out vec4 frag;
void main() { float precise = 1.0; frag = vec4(precise); })";
  glDeleteShader(shader(GL_FRAGMENT_SHADER, kFsName));
}

TEST_F(GlCoreTessellationTest, GeometryShaderInvocationsInGlsl150) {
  static const char* kGs = R"(#version 150
#extension GL_ARB_gpu_shader5 : require
layout(triangles, invocations = 2) in;
layout(triangle_strip, max_vertices = 4) out;
out vec4 colour;
void main() {
  // Invocation 0 covers the left half of the viewport, invocation 1 the right.
  float x0 = gl_InvocationID == 0 ? -1.0 : 0.0;
  for (int i = 0; i < 4; ++i) {
    colour = gl_InvocationID == 0 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(0.0, 0.0, 1.0, 1.0);
    gl_Position = vec4(x0 + float(i & 1), (i & 2) != 0 ? 1.0 : -1.0, 0.0, 1.0);
    EmitVertex();
  }
})";
  static const char* kVsFull = R"(#version 150
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
  GLuint p = link({{GL_VERTEX_SHADER, kVsFull}, {GL_GEOMETRY_SHADER, kGs}, {GL_FRAGMENT_SHADER, kFs}});
  GLint invocations = 0;
  glGetProgramiv(p, GL_GEOMETRY_SHADER_INVOCATIONS, &invocations);
  EXPECT_EQ(invocations, 2);
  glUseProgram(p);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(2, 2), rgba(0, 255, 0));
  EXPECT_EQ(pixel(kWidth / 2 + 2, 2), rgba(0, 0, 255));
  glUseProgram(0);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e

namespace brass::e2e {
namespace {

// GLSL 1.50 shaders may redeclare gl_PerVertex (as piglit's tessellation
// tests do); the evaluation shader reads the redeclared gl_in.
TEST_F(GlCoreTessellationTest, PerVertexRedeclarationInGlsl150) {
  static const char* kVsBlock = R"(#version 150
in vec2 pos;
out gl_PerVertex { vec4 gl_Position; };
out vec4 v_colour;
void main() { gl_Position = vec4(pos, 0.0, 1.0); v_colour = vec4(0.0, 1.0, 0.0, 1.0); })";
  static const char* kTesBlock = R"(#version 150
#extension GL_ARB_tessellation_shader : require
layout(triangles) in;
in gl_PerVertex { vec4 gl_Position; } gl_in[];
in vec4 v_colour[];
out vec4 colour;
void main() {
  gl_Position = gl_in[0].gl_Position * gl_TessCoord.x + gl_in[1].gl_Position * gl_TessCoord.y +
                gl_in[2].gl_Position * gl_TessCoord.z;
  colour = v_colour[0];
})";
  GLuint p = glCreateProgram();
  glBindAttribLocation(p, 0, "pos");
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, kVsBlock}, std::pair{GL_TESS_EVALUATION_SHADER, kTesBlock},
                           std::pair{GL_FRAGMENT_SHADER, kFs}}) {
    GLuint s = shader(type, src);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok);
  glUseProgram(p);
  GLuint vb = quad_patches();
  glPatchParameteri(GL_PATCH_VERTICES, 3);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_PATCHES, 0, 6);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2 + 3), rgba(0, 255, 0));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteBuffers(1, &vb);
}

// ARB_gpu_shader5's interpolateAtOffset limits.
TEST_F(GlCoreTessellationTest, InterpolationOffsetLimits) {
  GLfloat lo = 0, hi = 0;
  GLint bits = -1;
  glGetFloatv(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET, &lo);
  glGetFloatv(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET, &hi);
  glGetIntegerv(GL_FRAGMENT_INTERPOLATION_OFFSET_BITS, &bits);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_LE(lo, -0.5f);
  EXPECT_GE(hi, 0.5f);
  EXPECT_GE(bits, 4);
}

}  // namespace
}  // namespace brass::e2e

namespace brass::e2e {
namespace {

// More geometry invocations than MAX_GEOMETRY_SHADER_INVOCATIONS fail to
// compile (GLSL 4.00 §4.3.8.1).
TEST_F(GlCoreTessellationTest, TooManyGeometryInvocationsFailToCompile) {
  GLint max = 0;
  glGetIntegerv(GL_MAX_GEOMETRY_SHADER_INVOCATIONS, &max);
  ASSERT_GE(max, 32);
  const std::string gs = "#version 150\n#extension GL_ARB_gpu_shader5 : require\nlayout(triangles, invocations = " +
                         std::to_string(max + 1) +
                         ") in;\nlayout(points, max_vertices = 1) out;\nvoid main() { EmitVertex(); }\n";
  glDeleteShader(shader(GL_GEOMETRY_SHADER, gs.c_str(), false));
  const std::string ok = "#version 150\n#extension GL_ARB_gpu_shader5 : require\nlayout(triangles, invocations = " +
                         std::to_string(max) +
                         ") in;\nlayout(points, max_vertices = 1) out;\nvoid main() { EmitVertex(); }\n";
  glDeleteShader(shader(GL_GEOMETRY_SHADER, ok.c_str()));
}

}  // namespace
}  // namespace brass::e2e
