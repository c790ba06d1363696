// The compatibility profile's legacy buffer-texture formats (ARB_texture_
// buffer_object's table, GL 4.6 compatibility table 8.16): ALPHA, LUMINANCE,
// LUMINANCE_ALPHA and INTENSITY buffer textures read by texelFetch as
// (0,0,0,R), (R,R,R,1), (R,R,R,G) and (R,R,R,R), in float, signed and
// unsigned integer forms, in vertex and fragment shaders, with the format
// changing between draws of one program.
#include <array>
#include <cstring>

#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kFullscreenVs = R"(#version 140
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";

// The fetched texel (integers divided by 255) as the fragment's colour.
std::string fetch_fs(const char* sampler, const char* scale) {
  return std::string("#version 140\nuniform ") + sampler +
         " texels;\nuniform int index;\nout vec4 color;\n"
         "void main() { color = vec4(texelFetch(texels, index)) " +
         scale + "; }\n";
}

// The same fetched in the vertex shader and passed on.
std::string fetch_vs(const char* sampler, const char* scale) {
  return std::string("#version 140\nuniform ") + sampler +
         " texels;\nuniform int index;\nout vec4 fetched;\n"
         "void main() {\n"
         "  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);\n"
         "  gl_Position = vec4(p, 0.0, 1.0);\n"
         "  fetched = vec4(texelFetch(texels, index)) " +
         scale + ";\n}\n";
}
constexpr const char* kPassFs = R"(#version 140
in vec4 fetched;
out vec4 color;
void main() { color = fetched; })";

struct LegacyCase {
  GLenum format;
  int components;  // in the buffer per texel
  uint32_t expected;  // rgba(...) of texel 1
};

class LegacyBufferTextureTest : public GlCompatTest {
 protected:
  void SetUp() override {
    GlCompatTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_ARB_texture_buffer_object"));
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_BUFFER, tex);
  }
  void TearDown() override {
    glDeleteTextures(1, &tex);
    glDeleteBuffers(1, &buf);
    GlCompatTest::TearDown();
  }
  // A buffer of `bytes` attached to the bound buffer texture as `format`.
  void attach(GLenum format, const void* bytes, size_t size) {
    if (!buf) glGenBuffers(1, &buf);
    glBindBuffer(GL_TEXTURE_BUFFER, buf);
    glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(size), bytes, GL_STATIC_DRAW);
    glTexBuffer(GL_TEXTURE_BUFFER, format, buf);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << std::hex << format;
  }
  // Draws with `prog` reading texel 1 and checks the centre pixel.
  void expect_texel(GLuint prog, uint32_t expected, GLenum format) {
    glUseProgram(prog);
    glUniform1i(glGetUniformLocation(prog, "index"), 1);
    glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const uint32_t p = pixel(kWidth / 2, kHeight / 2);
    for (int c = 0; c < 4; ++c)
      EXPECT_NEAR(static_cast<int>((p >> (8 * c)) & 0xff), static_cast<int>((expected >> (8 * c)) & 0xff), 1)
          << "format 0x" << std::hex << format << " component " << c << ": got 0x" << p << ", want 0x" << expected;
  }

  GLuint tex = 0, buf = 0;
};

// Normalized 8-bit formats: texel 1 holds 0x40 (and 0xc0 for LA).
constexpr std::array<uint8_t, 4> kUnorm8 = {0x10, 0x20, 0x40, 0xc0};
TEST_F(LegacyBufferTextureTest, NormalizedFormatsInFragmentAndVertexShaders) {
  const LegacyCase cases[] = {
      {GL_ALPHA8, 1, rgba(0, 0, 0, 0x20)},
      {GL_LUMINANCE8, 1, rgba(0x20, 0x20, 0x20, 0xff)},
      {GL_LUMINANCE8_ALPHA8, 2, rgba(0x40, 0x40, 0x40, 0xc0)},
      {GL_INTENSITY8, 1, rgba(0x20, 0x20, 0x20, 0x20)},
  };
  const std::string fs = fetch_fs("samplerBuffer", "");
  const std::string vs = fetch_vs("samplerBuffer", "");
  const GLuint in_fs = program(kFullscreenVs, fs.c_str());
  const GLuint in_vs = program(vs.c_str(), kPassFs);
  for (const LegacyCase& c : cases) {
    attach(c.format, kUnorm8.data(), kUnorm8.size());
    expect_texel(in_fs, c.expected, c.format);
    expect_texel(in_vs, c.expected, c.format);
  }
  glDeleteProgram(in_fs);
  glDeleteProgram(in_vs);
}

TEST_F(LegacyBufferTextureTest, FloatFormats) {
  // Texel 1: 0.25 (and 0.75 for LA).
  const std::array<float, 4> data = {0.5f, 0.25f, 0.25f, 0.75f};
  const LegacyCase cases[] = {
      {GL_ALPHA32F_ARB, 1, rgba(0, 0, 0, 64)},
      {GL_LUMINANCE32F_ARB, 1, rgba(64, 64, 64, 255)},
      {GL_LUMINANCE_ALPHA32F_ARB, 2, rgba(64, 64, 64, 191)},
      {GL_INTENSITY32F_ARB, 1, rgba(64, 64, 64, 64)},
  };
  const std::string fs = fetch_fs("samplerBuffer", "");
  const GLuint prog = program(kFullscreenVs, fs.c_str());
  for (const LegacyCase& c : cases) {
    attach(c.format, data.data(), sizeof(data));
    expect_texel(prog, c.expected, c.format);
  }
  // Half floats: 0.25 is 0x3400, 0.75 0x3a00.
  const std::array<uint16_t, 4> half = {0x3800, 0x3400, 0x3400, 0x3a00};
  attach(GL_LUMINANCE_ALPHA16F_ARB, half.data(), sizeof(half));
  expect_texel(prog, rgba(64, 64, 64, 191), GL_LUMINANCE_ALPHA16F_ARB);
  attach(GL_ALPHA16F_ARB, half.data(), sizeof(half));
  expect_texel(prog, rgba(0, 0, 0, 64), GL_ALPHA16F_ARB);
  glDeleteProgram(prog);
}

TEST_F(LegacyBufferTextureTest, IntegerFormatsOfBothSignsAndSizes) {
  // Integer texels, divided by 255 in the shader: LUMINANCE's alpha 1
  // reads back as 1 of 255.
  const std::string ifs = fetch_fs("isamplerBuffer", "/ 255.0");
  const std::string ufs = fetch_fs("usamplerBuffer", "/ 255.0");
  const std::string uvs = fetch_vs("usamplerBuffer", "/ 255.0");
  const GLuint iprog = program(kFullscreenVs, ifs.c_str());
  const GLuint uprog = program(kFullscreenVs, ufs.c_str());
  const GLuint uvprog = program(uvs.c_str(), kPassFs);
  const std::array<int8_t, 4> i8 = {1, 30, 60, 90};
  const std::array<int16_t, 4> i16 = {1, 30, 60, 90};
  const std::array<uint32_t, 4> u32 = {1, 30, 60, 90};
  const std::array<uint16_t, 4> u16 = {1, 30, 60, 90};
  struct IntCase {
    GLenum format;
    const void* data;
    size_t size;
    GLuint prog;
    uint32_t expected;
  };
  const IntCase cases[] = {
      {GL_ALPHA8I_EXT, i8.data(), sizeof(i8), iprog, rgba(0, 0, 0, 30)},
      {GL_LUMINANCE8I_EXT, i8.data(), sizeof(i8), iprog, rgba(30, 30, 30, 1)},
      {GL_LUMINANCE_ALPHA8I_EXT, i8.data(), sizeof(i8), iprog, rgba(60, 60, 60, 90)},
      {GL_INTENSITY8I_EXT, i8.data(), sizeof(i8), iprog, rgba(30, 30, 30, 30)},
      {GL_INTENSITY16I_EXT, i16.data(), sizeof(i16), iprog, rgba(30, 30, 30, 30)},
      {GL_ALPHA32UI_EXT, u32.data(), sizeof(u32), uprog, rgba(0, 0, 0, 30)},
      {GL_LUMINANCE32UI_EXT, u32.data(), sizeof(u32), uprog, rgba(30, 30, 30, 1)},
      {GL_LUMINANCE_ALPHA16UI_EXT, u16.data(), sizeof(u16), uprog, rgba(60, 60, 60, 90)},
      {GL_INTENSITY16UI_EXT, u16.data(), sizeof(u16), uprog, rgba(30, 30, 30, 30)},
      {GL_LUMINANCE_ALPHA32UI_EXT, u32.data(), sizeof(u32), uvprog, rgba(60, 60, 60, 90)},
      {GL_ALPHA16UI_EXT, u16.data(), sizeof(u16), uvprog, rgba(0, 0, 0, 30)},
  };
  for (const IntCase& c : cases) {
    attach(c.format, c.data, c.size);
    expect_texel(c.prog, c.expected, c.format);
  }
  glDeleteProgram(iprog);
  glDeleteProgram(uprog);
  glDeleteProgram(uvprog);
}

TEST_F(LegacyBufferTextureTest, FormatChangesBetweenDrawsOfOneProgram) {
  const std::string fs = fetch_fs("samplerBuffer", "");
  const GLuint prog = program(kFullscreenVs, fs.c_str());
  // glTexBuffer on the bound texture, then back to a core format (no
  // swizzle: the program's own pipeline again), then a second texture of
  // another legacy format bound in its place.
  attach(GL_ALPHA8, kUnorm8.data(), kUnorm8.size());
  expect_texel(prog, rgba(0, 0, 0, 0x20), GL_ALPHA8);
  attach(GL_INTENSITY8, kUnorm8.data(), kUnorm8.size());
  expect_texel(prog, rgba(0x20, 0x20, 0x20, 0x20), GL_INTENSITY8);
  attach(GL_RGBA8, kUnorm8.data(), kUnorm8.size());  // texel 1 is past the 4 bytes: 0
  glUseProgram(prog);
  glUniform1i(glGetUniformLocation(prog, "index"), 0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0x10, 0x20, 0x40, 0xc0));
  attach(GL_ALPHA8, kUnorm8.data(), kUnorm8.size());
  expect_texel(prog, rgba(0, 0, 0, 0x20), GL_ALPHA8);

  GLuint other = 0, other_buf = 0;
  glGenBuffers(1, &other_buf);
  glBindBuffer(GL_TEXTURE_BUFFER, other_buf);
  glBufferData(GL_TEXTURE_BUFFER, kUnorm8.size(), kUnorm8.data(), GL_STATIC_DRAW);
  glGenTextures(1, &other);
  glBindTexture(GL_TEXTURE_BUFFER, other);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_LUMINANCE8_ALPHA8, other_buf);
  expect_texel(prog, rgba(0x40, 0x40, 0x40, 0xc0), GL_LUMINANCE8_ALPHA8);
  glBindTexture(GL_TEXTURE_BUFFER, tex);  // ALPHA8 again
  expect_texel(prog, rgba(0, 0, 0, 0x20), GL_ALPHA8);
  glDeleteTextures(1, &other);
  glDeleteBuffers(1, &other_buf);
  glDeleteProgram(prog);
}

TEST_F(LegacyBufferTextureTest, ArrayElementsOfDifferentFormatsIndexedDynamically) {
  // Two units, two formats, one samplerBuffer array read at a uniform
  // index (GLSL 4.00's dynamically uniform indexing): each element keeps
  // its own mapping.
  const char* vs = R"(#version 400
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
  const char* fs = R"(#version 400
uniform samplerBuffer texels[2];
uniform int which;
out vec4 color;
void main() { color = texelFetch(texels[which], 1); })";
  const GLuint prog = program(vs, fs);
  glUseProgram(prog);
  const GLint units[2] = {0, 1};
  glUniform1iv(glGetUniformLocation(prog, "texels"), 2, units);
  attach(GL_ALPHA8, kUnorm8.data(), kUnorm8.size());  // unit 0
  GLuint other = 0;
  glActiveTexture(GL_TEXTURE1);
  glGenTextures(1, &other);
  glBindTexture(GL_TEXTURE_BUFFER, other);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_LUMINANCE8, buf);
  glActiveTexture(GL_TEXTURE0);
  const GLint which = glGetUniformLocation(prog, "which");
  glUniform1i(which, 0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0, 0, 0, 0x20));
  glUniform1i(which, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0x20, 0x20, 0x20, 0xff));
  glDeleteTextures(1, &other);
  glDeleteProgram(prog);
}

TEST_F(LegacyBufferTextureTest, ProgramPipelineStagesFetchWithTheMapping) {
  // Separable vertex and fragment programs, each reading its own unit.
  const char* vs = R"(#version 410
uniform samplerBuffer vtexels;
out vec4 fetched;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
  fetched = texelFetch(vtexels, 1);
})";
  const char* fs = R"(#version 410
uniform samplerBuffer ftexels;
in vec4 fetched;
out vec4 color;
void main() { color = vec4(fetched.rg, texelFetch(ftexels, 1).ba); })";
  const GLuint vprog = glCreateShaderProgramv(GL_VERTEX_SHADER, 1, &vs);
  const GLuint fprog = glCreateShaderProgramv(GL_FRAGMENT_SHADER, 1, &fs);
  GLint ok = 0;
  glGetProgramiv(vprog, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok);
  glGetProgramiv(fprog, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok);
  glProgramUniform1i(vprog, glGetUniformLocation(vprog, "vtexels"), 0);
  glProgramUniform1i(fprog, glGetUniformLocation(fprog, "ftexels"), 1);
  GLuint pipeline = 0;
  glGenProgramPipelines(1, &pipeline);
  glUseProgramStages(pipeline, GL_VERTEX_SHADER_BIT, vprog);
  glUseProgramStages(pipeline, GL_FRAGMENT_SHADER_BIT, fprog);
  glBindProgramPipeline(pipeline);
  attach(GL_LUMINANCE8, kUnorm8.data(), kUnorm8.size());  // unit 0: (0x20, 0x20, 0x20, 1)
  GLuint other = 0;
  glActiveTexture(GL_TEXTURE1);
  glGenTextures(1, &other);
  glBindTexture(GL_TEXTURE_BUFFER, other);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_LUMINANCE8_ALPHA8, buf);  // unit 1: (0x40, 0x40, 0x40, 0xc0)
  glActiveTexture(GL_TEXTURE0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(0x20, 0x20, 0x40, 0xc0));
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(1, &pipeline);
  glDeleteTextures(1, &other);
  glDeleteProgram(vprog);
  glDeleteProgram(fprog);
}

TEST_F(LegacyBufferTextureTest, ComputeShaderFetchesWithTheMapping) {
  const char* cs = R"(#version 430
layout(local_size_x = 1) in;
uniform samplerBuffer texels;
layout(std430, binding = 0) buffer Out { vec4 v[2]; };
void main() { v[0] = texelFetch(texels, 1); v[1] = texelFetch(texels, 0); })";
  const GLuint s = shader(GL_COMPUTE_SHADER, cs);
  const GLuint prog = glCreateProgram();
  glAttachShader(prog, s);
  glLinkProgram(prog);
  glDeleteShader(s);
  GLint linked = 0;
  glGetProgramiv(prog, GL_LINK_STATUS, &linked);
  ASSERT_TRUE(linked);
  const std::array<float, 8> zero{};
  const GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, sizeof(zero), zero.data());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  const std::array<float, 2> data = {0.5f, 0.25f};
  glBindTexture(GL_TEXTURE_BUFFER, tex);
  attach(GL_LUMINANCE32F_ARB, data.data(), sizeof(data));
  glUseProgram(prog);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  std::array<float, 8> got{};
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, out);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(got), got.data());
  EXPECT_EQ(got, (std::array<float, 8>{0.25f, 0.25f, 0.25f, 1.0f, 0.5f, 0.5f, 0.5f, 1.0f}));
  // Another class for the same program.
  attach(GL_ALPHA32F_ARB, data.data(), sizeof(data));
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, out);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(got), got.data());
  EXPECT_EQ(got, (std::array<float, 8>{0, 0, 0, 0.25f, 0, 0, 0, 0.5f}));
  glDeleteBuffers(1, &out);
  glDeleteProgram(prog);
}

TEST_F(LegacyBufferTextureTest, LevelQueriesReportTheLegacyFormat) {
  const std::array<int32_t, 4> data = {1, 2, 3, 4};
  attach(GL_LUMINANCE_ALPHA32I_EXT, data.data(), sizeof(data));
  GLint v = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
  EXPECT_EQ(v, GL_LUMINANCE_ALPHA32I_EXT);
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, 2);  // two 8-byte texels
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_ALPHA_SIZE, &v);
  EXPECT_EQ(v, 32);
  glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, GL_TEXTURE_ALPHA_TYPE, &v);
  EXPECT_EQ(v, GL_INT);
  glGetIntegerv(GL_TEXTURE_BUFFER_FORMAT_ARB, &v);
  EXPECT_EQ(v, GL_LUMINANCE_ALPHA32I_EXT);
}

// EXT_texture_buffer_object, the extension EXT_gpu_shader4's samplerBuffer
// was written against: glTexBufferEXT is GL 3.1's glTexBuffer under its EXT
// name (same enums), its glGet queries answer for the active unit's buffer
// texture, and a GLSL 1.20 shader with EXT_gpu_shader4 fetches from it.
TEST_F(LegacyBufferTextureTest, ExtTextureBufferObjectCommandQueriesAndFetch) {
  ASSERT_TRUE(has_extension("GL_EXT_texture_buffer_object"));
  using TexBufferEXT = void (*)(GLenum, GLenum, GLuint);
  const auto tex_buffer_ext = reinterpret_cast<TexBufferEXT>(eglGetProcAddress("glTexBufferEXT"));
  ASSERT_NE(tex_buffer_ext, nullptr);
  const std::array<uint8_t, 4> data = {10, 64, 200, 255};
  glGenBuffers(1, &buf);
  glBindBuffer(GL_TEXTURE_BUFFER, buf);
  glBufferData(GL_TEXTURE_BUFFER, sizeof(data), data.data(), GL_STATIC_DRAW);
  tex_buffer_ext(GL_TEXTURE_BUFFER_EXT, GL_LUMINANCE8_EXT, buf);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  tex_buffer_ext(GL_TEXTURE_2D, GL_LUMINANCE8_EXT, buf);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM)) << "target other than TEXTURE_BUFFER_EXT";
  tex_buffer_ext(GL_TEXTURE_BUFFER_EXT, GL_RGB8, buf);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM)) << "a format outside the buffer-texture table";

  GLint v = -1;
  glGetIntegerv(GL_TEXTURE_BINDING_BUFFER_EXT, &v);
  EXPECT_EQ(v, static_cast<GLint>(tex));
  glGetIntegerv(GL_TEXTURE_BUFFER_DATA_STORE_BINDING_EXT, &v);
  EXPECT_EQ(v, static_cast<GLint>(buf));
  glGetIntegerv(GL_TEXTURE_BUFFER_FORMAT_EXT, &v);
  EXPECT_EQ(v, GL_LUMINANCE8_EXT);
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE_EXT, &v);
  EXPECT_GE(v, 65536) << "EXT_texture_buffer_object's minimum";

  const char* vs = R"(#version 120
void main() { gl_Position = gl_Vertex; })";
  const char* fs = R"(#version 120
#extension GL_EXT_gpu_shader4 : require
uniform samplerBuffer texels;
void main() { gl_FragColor = texelFetchBuffer(texels, 2); })";
  const GLuint prog = program(vs, fs);
  ASSERT_NE(prog, 0u);
  glUseProgram(prog);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glRectf(-1, -1, 1, 1);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), rgba(200, 200, 200, 255)) << "LUMINANCE reads (L, L, L, 1)";
  glDeleteProgram(prog);
}

}  // namespace
}  // namespace brass::e2e
