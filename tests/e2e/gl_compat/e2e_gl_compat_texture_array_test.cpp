// EXT_texture_array in a compatibility context: the extension is listed,
// glFramebufferTextureLayerEXT attaches one layer, and GLSL 1.10 shaders that
// enable the extension sample array textures with texture2DArray and compare
// with shadow2DArray (compiler/legacy_texture_extensions.h).
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

using GlCompatTextureArrayTest = GlCompatTest;

constexpr const char* kVs = R"(#version 110
varying vec2 tc;
void main() { gl_Position = gl_Vertex; tc = gl_Vertex.xy * 0.5 + 0.5; })";

void draw_quad() {
  glBegin(GL_QUADS);
  glVertex2f(-1, -1);
  glVertex2f(1, -1);
  glVertex2f(1, 1);
  glVertex2f(-1, 1);
  glEnd();
}

TEST_F(GlCompatTextureArrayTest, LayerAttachedByTheExtCommandAndSampledByTexture2DArray) {
  ASSERT_TRUE(has_extension("GL_EXT_texture_array"));
  auto layer_ext = reinterpret_cast<PFNGLFRAMEBUFFERTEXTURELAYEREXTPROC>(
      eglGetProcAddress("glFramebufferTextureLayerEXT"));
  ASSERT_NE(layer_ext, nullptr);

  // Three 4x4 layers, each cleared to its own colour through the EXT
  // attachment command.
  GLuint tex = 0, fbo = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, tex);
  glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  const float colours[3][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}};
  for (int layer = 0; layer < 3; ++layer) {
    layer_ext(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, layer);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    GLint attached = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER_EXT, &attached);
    EXPECT_EQ(attached, layer);
    glClearColor(colours[layer][0], colours[layer][1], colours[layer][2], colours[layer][3]);
    glClear(GL_COLOR_BUFFER_BIT);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);

  const GLuint p = program(kVs, R"(#version 110
#extension GL_EXT_texture_array : enable
uniform sampler2DArray tex;
uniform float layer;
varying vec2 tc;
void main() { gl_FragColor = texture2DArray(tex, vec3(tc, layer)); })");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "tex"), 0);
  glViewport(0, 0, kWidth, kHeight);
  glUniform1f(glGetUniformLocation(p, "layer"), 1.0f);
  draw_quad();
  EXPECT_EQ(pixel(8, 8), rgba(0, 255, 0));
  glUniform1f(glGetUniformLocation(p, "layer"), 2.0f);
  draw_quad();
  EXPECT_EQ(pixel(20, 20), rgba(0, 0, 255));

  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
}

// shadow2DArray compares against the layer's depth and returns vec4.
TEST_F(GlCompatTextureArrayTest, Shadow2DArrayComparesTheLayersDepth) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, tex);
  // Layer 0 holds depth 0.25, layer 1 depth 0.75.
  std::vector<float> depth(2 * 4 * 4);
  for (size_t i = 0; i < depth.size(); ++i) depth[i] = i < 16 ? 0.25f : 0.75f;
  glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_DEPTH_COMPONENT32F, 4, 4, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
               depth.data());
  glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_DEPTH_TO_TEXTURE_EXT);
  glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_COMPARE_FUNC, GL_LESS);

  const GLuint p = program(kVs, R"(#version 110
#extension GL_EXT_texture_array : require
uniform sampler2DArrayShadow tex;
uniform float layer;
varying vec2 tc;
void main() { gl_FragColor = vec4(shadow2DArray(tex, vec4(tc, layer, 0.5)).rgb, 1.0); })");
  glUseProgram(p);
  glViewport(0, 0, kWidth, kHeight);
  // Reference 0.5 < 0.25 fails on layer 0, 0.5 < 0.75 passes on layer 1.
  glUniform1f(glGetUniformLocation(p, "layer"), 0.0f);
  draw_quad();
  EXPECT_EQ(pixel(10, 10), rgba(0, 0, 0));
  glUniform1f(glGetUniformLocation(p, "layer"), 1.0f);
  draw_quad();
  EXPECT_EQ(pixel(10, 10), rgba(255, 255, 255));

  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &tex);
}

}  // namespace
}  // namespace brass::e2e
