// EXT/OES_texture_border_clamp through glvnd: CLAMP_TO_BORDER samples
// TEXTURE_BORDER_COLOR outside the texture, as floats (glTexParameterfv) on
// normalized textures and as integers (glTexParameterI*) on integer ones,
// through textures' and sampler objects' parameters, with the texture's
// swizzle applied to border texels like any other; the queries return what
// was set and the scalar forms refuse the four-valued parameter.
#include "e2e_fixture.h"

#include <cstring>

namespace brass::e2e {
namespace {

// Samples `tex` at `coord` (NEAREST) and writes the result; integer
// samplers' values are divided by 255 so that 0..255 read back exactly.
std::string sampling_fs(const char* sampler_type, const char* scale) {
  return std::string("#version 300 es\nprecision highp float;\nprecision highp int;\nuniform highp ") +
         sampler_type + " tex;\nuniform vec2 coord;\nout vec4 o;\nvoid main() { o = vec4(texture(tex, coord))" +
         scale + "; }\n";
}

class TextureBorderClamp : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    if (!has_extension("GL_EXT_texture_border_clamp")) GTEST_SKIP() << "no custom border colors on this device";
    ASSERT_TRUE(has_extension("GL_OES_texture_border_clamp"));
    tex_parameter_iiv = reinterpret_cast<PFNGLTEXPARAMETERIIVEXTPROC>(eglGetProcAddress("glTexParameterIivEXT"));
    tex_parameter_iuiv = reinterpret_cast<PFNGLTEXPARAMETERIUIVEXTPROC>(eglGetProcAddress("glTexParameterIuivOES"));
    get_tex_parameter_iiv =
        reinterpret_cast<PFNGLGETTEXPARAMETERIIVEXTPROC>(eglGetProcAddress("glGetTexParameterIivEXT"));
    get_tex_parameter_iuiv =
        reinterpret_cast<PFNGLGETTEXPARAMETERIUIVEXTPROC>(eglGetProcAddress("glGetTexParameterIuivEXT"));
    sampler_parameter_iiv =
        reinterpret_cast<PFNGLSAMPLERPARAMETERIIVEXTPROC>(eglGetProcAddress("glSamplerParameterIivEXT"));
    get_sampler_parameter_iiv =
        reinterpret_cast<PFNGLGETSAMPLERPARAMETERIIVEXTPROC>(eglGetProcAddress("glGetSamplerParameterIivOES"));
    ASSERT_TRUE(tex_parameter_iiv && tex_parameter_iuiv && get_tex_parameter_iiv && get_tex_parameter_iuiv &&
                sampler_parameter_iiv && get_sampler_parameter_iiv);
  }

  // A 2x2 texture of one texel value, NEAREST, clamped to its border.
  GLuint make_texture(GLenum internal_format, GLenum format, GLenum type, const void* texel, size_t texel_bytes) {
    std::vector<uint8_t> data(texel_bytes * 4);
    for (size_t i = 0; i < 4; ++i) std::memcpy(data.data() + i * texel_bytes, texel, texel_bytes);
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(internal_format), 2, 2, 0, format, type, data.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER_EXT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER_EXT);
    return t;
  }

  // Draws `fs` sampling unit 0 at `coord` and returns the pixel.
  uint32_t sample(const std::string& fs, float s, float t) {
    GLuint p = program(kFullscreenVs, fs.c_str());
    glUseProgram(p);
    glUniform2f(glGetUniformLocation(p, "coord"), s, t);
    glViewport(0, 0, kWidth, kHeight);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const uint32_t px = pixel(3, 3);
    glUseProgram(0);
    glDeleteProgram(p);
    return px;
  }

  PFNGLTEXPARAMETERIIVEXTPROC tex_parameter_iiv = nullptr;
  PFNGLTEXPARAMETERIUIVEXTPROC tex_parameter_iuiv = nullptr;
  PFNGLGETTEXPARAMETERIIVEXTPROC get_tex_parameter_iiv = nullptr;
  PFNGLGETTEXPARAMETERIUIVEXTPROC get_tex_parameter_iuiv = nullptr;
  PFNGLSAMPLERPARAMETERIIVEXTPROC sampler_parameter_iiv = nullptr;
  PFNGLGETSAMPLERPARAMETERIIVEXTPROC get_sampler_parameter_iiv = nullptr;
};

TEST_F(TextureBorderClamp, FloatBorderColorOutsideTheTexture) {
  const uint8_t red[4] = {255, 0, 0, 255};
  GLuint t = make_texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, red, 4);
  const GLfloat border[4] = {51 / 255.0f, 102 / 255.0f, 153 / 255.0f, 204 / 255.0f};
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, border);
  const std::string fs = sampling_fs("sampler2D", "");
  EXPECT_EQ(sample(fs, 0.5f, 0.5f), rgba(255, 0, 0, 255)) << "inside: the texel";
  EXPECT_EQ(sample(fs, -0.5f, 0.5f), rgba(51, 102, 153, 204)) << "left of it: the border";
  EXPECT_EQ(sample(fs, 0.5f, 1.5f), rgba(51, 102, 153, 204)) << "above it: the border";
  // The swizzle applies to border texels as to the others.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_RED);
  EXPECT_EQ(sample(fs, -0.5f, 0.5f), rgba(153, 102, 51, 204));
  EXPECT_EQ(sample(fs, 0.5f, 0.5f), rgba(0, 0, 255, 255));
  // One of Vulkan's own colors, and a change of color after a draw.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_RED);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_BLUE);
  const GLfloat white[4] = {1, 1, 1, 1};
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, white);
  EXPECT_EQ(sample(fs, 2.0f, 2.0f), rgba(255, 255, 255, 255));
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TextureBorderClamp, IntegerBorderColorsOnIntegerTextures) {
  const uint32_t texel_u[4] = {1, 2, 3, 4};
  GLuint tu = make_texture(GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, texel_u, 16);
  const GLuint border_u[4] = {200, 7, 3, 42};
  tex_parameter_iuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, border_u);
  const std::string fs_u = sampling_fs("usampler2D", " / 255.0");
  EXPECT_EQ(sample(fs_u, 0.5f, 0.5f), rgba(1, 2, 3, 4));
  EXPECT_EQ(sample(fs_u, 0.5f, -3.0f), rgba(200, 7, 3, 42));
  GLuint got_u[4] = {};
  get_tex_parameter_iuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, got_u);
  EXPECT_EQ(got_u[0], 200u);
  EXPECT_EQ(got_u[3], 42u);
  glDeleteTextures(1, &tu);

  const int8_t texel_i[4] = {10, 20, 30, 40};
  GLuint ti = make_texture(GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, texel_i, 4);
  const GLint border_i[4] = {-51, 77, 1, 0};
  tex_parameter_iiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, border_i);
  // Negative values would be 0 in the RGBA8 framebuffer: red and alpha +100.
  const std::string fs_i =
      "#version 300 es\nprecision highp float;\nuniform highp isampler2D tex;\nuniform vec2 coord;\nout vec4 o;\n"
      "void main() { ivec4 v = texture(tex, coord); o = vec4(v.x + 100, v.y, v.z, v.w + 100) / 255.0; }\n";
  EXPECT_EQ(sample(fs_i, 0.5f, 0.5f), rgba(110, 20, 30, 140));
  EXPECT_EQ(sample(fs_i, 1.25f, 0.5f), rgba(49, 77, 1, 100));
  GLint got_i[4] = {};
  get_tex_parameter_iiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, got_i);
  EXPECT_EQ(got_i[0], -51);
  EXPECT_EQ(got_i[1], 77);
  glDeleteTextures(1, &ti);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TextureBorderClamp, SamplerObjectBorderColorReplacesTheTextures) {
  const uint8_t green[4] = {0, 255, 0, 255};
  GLuint t = make_texture(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, green, 4);
  const GLfloat texture_border[4] = {1, 0, 0, 1};
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, texture_border);
  GLuint s = 0;
  glGenSamplers(1, &s);
  glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER_OES);
  glSamplerParameteri(s, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER_OES);
  const GLfloat sampler_border[4] = {0, 0, 1, 51 / 255.0f};
  glSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR_OES, sampler_border);
  const std::string fs = sampling_fs("sampler2D", "");
  EXPECT_EQ(sample(fs, -1.0f, -1.0f), rgba(255, 0, 0, 255)) << "the texture's own border";
  glBindSampler(0, s);
  EXPECT_EQ(sample(fs, -1.0f, -1.0f), rgba(0, 0, 255, 51)) << "the sampler's";
  EXPECT_EQ(sample(fs, 0.25f, 0.25f), rgba(0, 255, 0, 255));
  GLfloat got[4] = {};
  glGetSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR_OES, got);
  EXPECT_EQ(got[2], 1.0f);
  EXPECT_EQ(got[3], 51 / 255.0f);
  GLint wrap = 0;
  glGetSamplerParameteriv(s, GL_TEXTURE_WRAP_T, &wrap);
  EXPECT_EQ(wrap, GL_CLAMP_TO_BORDER_OES);
  // Integer words through the sampler, read back as they were given.
  const GLint words[4] = {-7, 8, 9, 10};
  sampler_parameter_iiv(s, GL_TEXTURE_BORDER_COLOR_OES, words);
  GLint got_words[4] = {};
  get_sampler_parameter_iiv(s, GL_TEXTURE_BORDER_COLOR_OES, got_words);
  EXPECT_EQ(got_words[0], -7);
  EXPECT_EQ(got_words[3], 10);
  glBindSampler(0, 0);
  glDeleteSamplers(1, &s);
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TextureBorderClamp, QueriesAndErrors) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  GLfloat initial[4] = {9, 9, 9, 9};
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, initial);
  EXPECT_EQ(initial[0], 0.0f);
  EXPECT_EQ(initial[3], 0.0f);
  // iv: signed normalized both ways.
  const GLint normalized[4] = {2147483647, 0, -2147483647, 0};
  glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, normalized);
  GLfloat as_float[4] = {};
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, as_float);
  EXPECT_EQ(as_float[0], 1.0f);
  EXPECT_EQ(as_float[2], -1.0f);
  GLint as_int[4] = {};
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, as_int);
  EXPECT_EQ(as_int[0], 2147483647);
  EXPECT_EQ(as_int[1], 0);
  // The four-valued parameter has no scalar form.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR_EXT, 0.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // The integer forms take the other parameters too.
  const GLint linear = GL_LINEAR;
  tex_parameter_iiv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &linear);
  GLuint mag = 0;
  get_tex_parameter_iuiv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &mag);
  EXPECT_EQ(mag, GLuint(GL_LINEAR));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_BORDER_EXT);
  GLint wrap = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_R, &wrap);
  EXPECT_EQ(wrap, GL_CLAMP_TO_BORDER_EXT);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Multisample textures have no sampler state; unknown targets are enums.
  const GLfloat border[4] = {};
  glTexParameterfv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BORDER_COLOR_EXT, border);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexParameterfv(GL_RENDERBUFFER, GL_TEXTURE_BORDER_COLOR_EXT, border);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // A sampler name that is none.
  glSamplerParameterfv(12345, GL_TEXTURE_BORDER_COLOR_EXT, border);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDeleteTextures(1, &t);
}

}  // namespace
}  // namespace brass::e2e
