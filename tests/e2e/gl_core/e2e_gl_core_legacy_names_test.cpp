// AMD_shader_trinary_minmax in core contexts (compiler/trinary_minmax.h):
// a GLSL 4.50 compute shader, the version glslang itself would translate
// the functions at (to an AMD SPIR-V instruction set lavapipe lacks), with
// unsigned, signed and float overloads and a mid3 whose arguments have side
// effects (each evaluated once).
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

using GlCoreTrinaryMinmax = GlCoreTest;

TEST_F(GlCoreTrinaryMinmax, ComputeShaderMinMaxMid) {
  ASSERT_TRUE(has_extension("GL_AMD_shader_trinary_minmax"));
  GLuint p = compute_program(R"(#version 450
#extension GL_AMD_shader_trinary_minmax : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { uint u[4]; int i[4]; float f[4]; };
uniform uint a, b, c;
void main() {
  u[0] = min3(a, b, c);
  u[1] = max3(a, b, c);
  u[2] = mid3(a, b, c);
  i[0] = mid3(-int(a), -int(b), -int(c));
  int k = 0;
  // k++ and k++ are 0 and 1 (in either order), evaluated once each.
  i[1] = mid3(k++, k++, 5);
  i[2] = k;
  ivec2 v = mid3(ivec2(1, 9), ivec2(5, 2), ivec2(3, 4));
  i[3] = v.x * 10 + v.y;
  f[0] = min3(float(a), 0.5, float(c));
  f[1] = max3(vec2(1.5), vec2(float(b)), vec2(0.25)).y;
  f[2] = mid3(2.5, float(c), -1.0);
  f[3] = mid3(0.0, 1.0, 0.5);
})");
  GLuint buf = buffer(GL_SHADER_STORAGE_BUFFER, 48, nullptr);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
  glUseProgram(p);
  glUniform1ui(glGetUniformLocation(p, "a"), 7);
  glUniform1ui(glGetUniformLocation(p, "b"), 3);
  glUniform1ui(glGetUniformLocation(p, "c"), 5);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  uint32_t u[4] = {};
  int32_t i[4] = {};
  float f[4] = {};
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 16, u);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 16, 16, i);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 32, 16, f);
  EXPECT_EQ(u[0], 3u);
  EXPECT_EQ(u[1], 7u);
  EXPECT_EQ(u[2], 5u);
  EXPECT_EQ(i[0], -5);
  EXPECT_EQ(i[1], 1);
  EXPECT_EQ(i[2], 2);
  EXPECT_EQ(i[3], 34);
  EXPECT_FLOAT_EQ(f[0], 0.5f);
  EXPECT_FLOAT_EQ(f[1], 3.0f);
  EXPECT_FLOAT_EQ(f[2], 2.5f);
  EXPECT_FLOAT_EQ(f[3], 0.5f);
  glDeleteBuffers(1, &buf);
  glDeleteProgram(p);
}

TEST_F(GlCoreTrinaryMinmax, NotEnabledTheNamesAreTheShadersOwn) {
  // Without the #extension the functions are ordinary names.
  GLuint s = shader(GL_COMPUTE_SHADER, R"(#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { float r; };
float min3(float x, float y, float z) { return x + y + z; }
void main() { r = min3(1.0, 2.0, 3.0); })");
  glDeleteShader(s);
}

}  // namespace
}  // namespace brass::e2e

namespace brass::e2e {
namespace {

using GlCoreLegacyNames = GlCoreTest;

// Names core contexts list besides the compatibility ones: GL 3.2's
// provoking vertex under its EXT name (glProvokingVertexEXT is
// glProvokingVertex), GL 2.0's NPOT textures under their ARB name, and
// ARB_shader_texture_lod's lookups.
TEST_F(GlCoreLegacyNames, ProvokingVertexExtAndNonPowerOfTwo) {
  EXPECT_TRUE(has_extension("GL_EXT_provoking_vertex"));
  EXPECT_TRUE(has_extension("GL_ARB_texture_non_power_of_two"));
  EXPECT_TRUE(has_extension("GL_ARB_shader_texture_lod"));
  // Its gradient lookups in a GLSL 1.50 core geometry shader.
  GLuint gs = shader(GL_GEOMETRY_SHADER, R"(#version 150
#extension GL_ARB_shader_texture_lod : require
layout(points) in;
layout(points, max_vertices = 1) out;
uniform sampler2D s;
void main() {
  gl_Position = texture2DGradARB(s, vec2(0.5), vec2(0.1), vec2(0.1));
  EmitVertex();
})");
  glDeleteShader(gs);
  EXPECT_FALSE(has_extension("GL_EXT_framebuffer_object"));  // compatibility contexts only
  auto provoking = reinterpret_cast<PFNGLPROVOKINGVERTEXPROC>(eglGetProcAddress("glProvokingVertexEXT"));
  ASSERT_NE(provoking, nullptr);
  provoking(GL_FIRST_VERTEX_CONVENTION);
  GLint mode = 0;
  glGetIntegerv(GL_PROVOKING_VERTEX, &mode);
  EXPECT_EQ(mode, GLint(GL_FIRST_VERTEX_CONVENTION));
  // GL 4.6 §9.2: a framebuffer name glGenFramebuffers did not return.
  glBindFramebuffer(GL_FRAMEBUFFER, 4242);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindRenderbuffer(GL_RENDERBUFFER, 4243);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

}  // namespace
}  // namespace brass::e2e
