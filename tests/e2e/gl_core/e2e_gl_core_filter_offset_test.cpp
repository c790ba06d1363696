// GL 4.6 features a 3.3 core context has as ARB extensions: anisotropic
// filtering (TEXTURE_MAX_ANISOTROPY on textures and sampler objects,
// ARB/EXT_texture_filter_anisotropic) and glPolygonOffsetClamp
// (ARB_polygon_offset_clamp), with their errors and a depth-test result
// read back.
#include <cstring>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreFilterOffset : public GlCoreTest {};

TEST_F(GlCoreFilterOffset, AnisotropyParameterOnTexturesAndSamplers) {
  // lavapipe filters anisotropically (samplerAnisotropy, 16x).
  ASSERT_TRUE(has_extension("GL_ARB_texture_filter_anisotropic"));
  EXPECT_TRUE(has_extension("GL_EXT_texture_filter_anisotropic"));
  GLfloat max_aniso = 0.0f;
  glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY, &max_aniso);
  EXPECT_GE(max_aniso, 2.0f);

  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  GLfloat v = 0.0f;
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, &v);
  EXPECT_EQ(v, 1.0f);  // the initial value
  // Values above the limit are kept (clamped when used); below 1 is an error.
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, max_aniso * 4.0f);
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, &v);
  EXPECT_EQ(v, max_aniso * 4.0f);
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, 0.5f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, 8.0f);

  GLuint sampler = 0;
  glGenSamplers(1, &sampler);
  glSamplerParameterf(sampler, GL_TEXTURE_MAX_ANISOTROPY, 4.0f);
  glGetSamplerParameterfv(sampler, GL_TEXTURE_MAX_ANISOTROPY, &v);
  EXPECT_EQ(v, 4.0f);
  glSamplerParameteri(sampler, GL_TEXTURE_MAX_ANISOTROPY, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));

  // A mipmapped texture sampled with anisotropy still returns its colour.
  std::vector<uint32_t> texels(16 * 16, rgba(0, 0, 255));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glBindSampler(0, sampler);
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler2D tex;
out vec4 c;
void main() { c = texture(tex, gl_FragCoord.xy * vec2(0.02, 0.9)); })");
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(7, 9), rgba(0, 0, 255));
  glBindSampler(0, 0);
  glDeleteProgram(p);
  glDeleteSamplers(1, &sampler);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreFilterOffset, PolygonOffsetClampLimitsTheOffset) {
  ASSERT_TRUE(has_extension("GL_ARB_polygon_offset_clamp"));
  // A GL 4.6 command that glvnd's libOpenGL may not export: through
  // eglGetProcAddress, as applications reach newer commands.
  auto polygon_offset_clamp =
      reinterpret_cast<PFNGLPOLYGONOFFSETCLAMPPROC>(eglGetProcAddress("glPolygonOffsetClamp"));
  ASSERT_NE(polygon_offset_clamp, nullptr);
  GLuint p = program(R"(#version 330 core
uniform float z;
void main() {
  vec2 pos = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(pos, z, 1.0);
})",
                     R"(#version 330 core
uniform vec4 color;
out vec4 c;
void main() { c = color; })");
  glUseProgram(p);
  const GLint z = glGetUniformLocation(p, "z"), color = glGetUniformLocation(p, "color");
  auto draw = [&](float depth_z, float r, float g) {
    glUniform1f(z, depth_z);
    glUniform4f(color, r, g, 0.0f, 1.0f);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  };
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  for (const auto& [clamp, expect_pass] : {std::pair{0.0f, true}, std::pair{-0.001f, false}}) {
    glClearDepthf(1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glDisable(GL_POLYGON_OFFSET_FILL);
    draw(0.0f, 1.0f, 0.0f);  // depth 0.5, red
    // Behind it by 0.01 in depth; an offset of -1e5 units pulls it in front
    // unless clamped to -0.001.
    glEnable(GL_POLYGON_OFFSET_FILL);
    polygon_offset_clamp(0.0f, -100000.0f, clamp);
    draw(0.02f, 0.0f, 1.0f);
    EXPECT_EQ(pixel(10, 10), expect_pass ? rgba(0, 255, 0) : rgba(255, 0, 0)) << "clamp " << clamp;
  }
  GLfloat v = 1.0f;
  glGetFloatv(GL_POLYGON_OFFSET_CLAMP, &v);
  EXPECT_EQ(v, -0.001f);
  glDisable(GL_POLYGON_OFFSET_FILL);
  glDisable(GL_DEPTH_TEST);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
