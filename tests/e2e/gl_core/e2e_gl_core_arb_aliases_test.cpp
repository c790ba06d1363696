// GL 4.0 functionality a 3.3 context lists as ARB extensions: per-buffer
// blend state (ARB_draw_buffers_blend) and sample shading (ARB_sample_shading),
// reached through their ARB-suffixed entry points as applications written
// for 3.x call them.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

TEST_F(GlCoreTest, DrawBuffersBlendAndSampleShadingThroughTheirArbNames) {
  ASSERT_TRUE(has_extension("GL_ARB_draw_buffers_blend"));
  ASSERT_TRUE(has_extension("GL_ARB_sample_shading"));
  using BlendFunci = void(APIENTRY*)(GLuint, GLenum, GLenum);
  using MinSampleShading = void(APIENTRY*)(GLfloat);
  auto blend_func_i = reinterpret_cast<BlendFunci>(eglGetProcAddress("glBlendFunciARB"));
  auto min_sample_shading = reinterpret_cast<MinSampleShading>(eglGetProcAddress("glMinSampleShadingARB"));
  ASSERT_NE(blend_func_i, nullptr);
  ASSERT_NE(min_sample_shading, nullptr);
  blend_func_i(1, GL_ONE, GL_ZERO);
  GLint src = 0, dst = 0, src0 = 0;
  glGetIntegeri_v(GL_BLEND_SRC_RGB, 1, &src);
  glGetIntegeri_v(GL_BLEND_DST_RGB, 1, &dst);
  glGetIntegeri_v(GL_BLEND_SRC_RGB, 0, &src0);
  EXPECT_EQ(src, GL_ONE);
  EXPECT_EQ(dst, GL_ZERO);
  EXPECT_EQ(src0, GL_ONE);  // buffer 0 keeps the initial ONE / ZERO
  blend_func_i(0, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glGetIntegeri_v(GL_BLEND_SRC_RGB, 0, &src0);
  EXPECT_EQ(src0, GL_SRC_ALPHA);
  min_sample_shading(0.5f);
  GLfloat value = 0;
  glGetFloatv(GL_MIN_SAMPLE_SHADING_VALUE, &value);
  EXPECT_EQ(value, 0.5f);
  glEnable(GL_SAMPLE_SHADING);
  EXPECT_TRUE(glIsEnabled(GL_SAMPLE_SHADING));
  glDisable(GL_SAMPLE_SHADING);
  // The extension's GLSL side: gl_SampleID in a 1.50 fragment shader.
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 150
#extension GL_ARB_sample_shading : require
out vec4 c;
void main() { c = vec4(float(gl_SampleID)); })"));
}

}  // namespace
}  // namespace brass::e2e
