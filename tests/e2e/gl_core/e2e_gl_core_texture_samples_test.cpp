// ARB_shader_texture_image_samples (GL 4.5) end to end in a 3.3 core
// context that lists it: textureSamples() of sampler2DMS and
// sampler2DMSArray and imageSamples() of image2DMS(Array) in shaders of
// GLSL versions below 4.50 that enable the extension, checked against the
// textures' sample counts.
#include <string>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreTextureSamplesTest : public GlCoreTest {
 protected:
  void SetUp() override {
    GlCoreTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_ARB_shader_texture_image_samples"));
  }
  // The red channel (samples * 16) the fullscreen triangle drew with `fs`.
  int drawn_samples(const char* fs) {
    const GLuint p = program(kCoreFullscreenVs, fs);
    glUseProgram(p);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDeleteProgram(p);
    return static_cast<int>(pixel(kWidth / 2, kHeight / 2) & 0xff) / 16;
  }
};

TEST_F(GlCoreTextureSamplesTest, TextureSamplesOfMultisampleTextures) {
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &max_samples);
  ASSERT_GE(max_samples, 4);
  GLuint tex[2] = {};
  glGenTextures(2, tex);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex[0]);
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, tex[1]);
  glTexStorage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 2, GL_RGBA8, 4, 4, 3, GL_TRUE);
  // The count the storage has (a device may give more samples than asked
  // for: lavapipe has 1 and 4), which is what the functions return.
  GLint array_samples = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 0, GL_TEXTURE_SAMPLES, &array_samples);
  EXPECT_GE(array_samples, 2);
  glActiveTexture(GL_TEXTURE0);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(drawn_samples(R"(#version 150
#extension GL_ARB_shader_texture_image_samples : require
#ifndef GL_ARB_shader_texture_image_samples
#error the extension macro is missing
#endif
uniform sampler2DMS s;
out vec4 color;
void main() { color = vec4(float(textureSamples(s)) * 16.0 / 255.0, 0.0, 0.0, 1.0); })"),
            4);
  const char* array_fs = R"(#version 330 core
#extension GL_ARB_shader_texture_image_samples : enable
uniform sampler2DMSArray s;
out vec4 color;
void main() { color = vec4(float(textureSamples(s)) * 16.0 / 255.0, 0.0, 0.0, 1.0); })";
  const GLuint p = program(kCoreFullscreenVs, array_fs);
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "s"), 1);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(static_cast<int>(pixel(kWidth / 2, kHeight / 2) & 0xff) / 16, array_samples);
  glDeleteProgram(p);
  glDeleteTextures(2, tex);
}

TEST_F(GlCoreTextureSamplesTest, ImageSamplesOfMultisampleImages) {
  GLint max_image_samples = 0;
  glGetIntegerv(GL_MAX_IMAGE_SAMPLES, &max_image_samples);
  if (max_image_samples < 4) GTEST_SKIP() << "no multisample storage images";
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE);
  glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(drawn_samples(R"(#version 330 core
#extension GL_ARB_shader_image_load_store : require
#extension GL_ARB_shader_texture_image_samples : require
layout(rgba8) readonly uniform image2DMS img;
out vec4 color;
void main() { color = vec4(float(imageSamples(img)) * 16.0 / 255.0, 0.0, 0.0, 1.0); })"),
            4);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreTextureSamplesTest, ImageSamplesCompilesBelowGlsl450) {
  // Where the device has no multisample storage images the function is
  // still part of the language (the draw above is skipped there).
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 150
#extension GL_ARB_shader_image_load_store : require
#extension GL_ARB_shader_texture_image_samples : require
layout(rgba8) readonly uniform image2DMSArray img;
out vec4 color;
void main() { color = vec4(float(imageSamples(img))); })"));
}

TEST_F(GlCoreTextureSamplesTest, FunctionsNeedTheExtension) {
  // Below GLSL 4.50 without the #extension, the functions do not exist.
  glDeleteShader(shader(GL_FRAGMENT_SHADER, R"(#version 330 core
uniform sampler2DMS s;
out vec4 color;
void main() { color = vec4(float(textureSamples(s))); })",
                        false));
}

}  // namespace
}  // namespace brass::e2e
