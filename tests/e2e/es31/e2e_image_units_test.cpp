// ES 3.1 image units through glvnd (§8.23): the limits and the initial unit
// state, binding state queries and deletion, glBindImageTexture's errors,
// image uniforms reading their binding's unit, units that cannot be
// accessed reading as unbound, images of program pipeline stages, and the
// image uniform limits as link errors.
#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "e2e_images_fixture.h"

namespace brass::e2e {
namespace {

TEST_F(E2eImages, LimitsAndInitialUnitState) {
  const GLint units = integer(GL_MAX_IMAGE_UNITS);
  EXPECT_GE(units, 4);
  EXPECT_GE(integer(GL_MAX_COMPUTE_IMAGE_UNIFORMS), 4);
  EXPECT_GE(integer(GL_MAX_COMBINED_IMAGE_UNIFORMS), 4);
  EXPECT_GE(integer(GL_MAX_VERTEX_IMAGE_UNIFORMS), 0);
  EXPECT_GE(integer(GL_MAX_FRAGMENT_IMAGE_UNIFORMS), 0);
  EXPECT_LE(integer(GL_MAX_COMPUTE_IMAGE_UNIFORMS), units);
  // Outputs, storage blocks and images all count.
  EXPECT_EQ(integer(GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES),
            integer(GL_MAX_DRAW_BUFFERS) + integer(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS) +
                integer(GL_MAX_COMBINED_IMAGE_UNIFORMS));
  for (GLint u = 0; u < units; ++u) expect_unit(static_cast<GLuint>(u), 0, 0, false, 0, GL_READ_ONLY, GL_R32UI);
  GLint v = 0;
  glGetIntegeri_v(GL_IMAGE_BINDING_NAME, static_cast<GLuint>(units), &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  GLboolean b = GL_FALSE;
  glGetBooleani_v(GL_IMAGE_BINDING_LAYERED, static_cast<GLuint>(units), &b);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Image units compare formats by texel size.
  GLuint tex = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 4, 4);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE, &v);
  EXPECT_EQ(v, GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE);
  glDeleteTextures(1, &tex);
}

TEST_F(E2eImages, BindingStateQueriesAndDeletion) {
  GLuint tex2d = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 32, 32, 1, 3);
  GLuint array = storage_texture(GL_TEXTURE_2D_ARRAY, GL_R32F, 8, 8, 4);
  const GLuint last = static_cast<GLuint>(integer(GL_MAX_IMAGE_UNITS) - 1);
  glBindImageTexture(0, tex2d, 2, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8UI);
  glBindImageTexture(last, array, 0, GL_TRUE, 2, GL_READ_WRITE, GL_R32F);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  expect_unit(0, tex2d, 2, false, 0, GL_READ_ONLY, GL_RGBA8UI);
  expect_unit(last, array, 0, true, 2, GL_READ_WRITE, GL_R32F);
  // A texture without layers keeps neither a layered binding nor a layer.
  glBindImageTexture(1, tex2d, 0, GL_TRUE, 3, GL_WRITE_ONLY, GL_RGBA8);
  expect_unit(1, tex2d, 0, false, 0, GL_WRITE_ONLY, GL_RGBA8);
  // Binding texture zero breaks the binding (and keeps the rest).
  glBindImageTexture(1, 0, 1, GL_FALSE, 0, GL_READ_WRITE, GL_R32I);
  expect_unit(1, 0, 1, false, 0, GL_READ_WRITE, GL_R32I);
  // Deleting a texture resets the units it was bound to.
  glDeleteTextures(1, &array);
  expect_unit(last, 0, 0, false, 0, GL_READ_ONLY, GL_R32UI);
  expect_unit(0, tex2d, 2, false, 0, GL_READ_ONLY, GL_RGBA8UI);
  glDeleteTextures(1, &tex2d);
  expect_unit(0, 0, 0, false, 0, GL_READ_ONLY, GL_R32UI);
}

TEST_F(E2eImages, BindImageTextureErrors) {
  GLuint tex = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 4, 4);
  glBindImageTexture(2, tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  auto expect_error = [&](GLenum error, const char* what) {
    EXPECT_EQ(glGetError(), error) << what;
    expect_unit(2, tex, 0, false, 0, GL_READ_WRITE, GL_RGBA8);  // unchanged
  };
  const GLint units = integer(GL_MAX_IMAGE_UNITS);
  glBindImageTexture(static_cast<GLuint>(units), tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE)) << "unit >= MAX_IMAGE_UNITS";
  glBindImageTexture(0xffffffffu, tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE)) << "unit 2^32-1";
  glBindImageTexture(2, 12345, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  expect_error(GL_INVALID_VALUE, "not a texture name");
  GLuint reserved = 0;
  glGenTextures(1, &reserved);
  glBindImageTexture(2, reserved, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  expect_error(GL_INVALID_VALUE, "a name with no texture object yet");
  glBindImageTexture(2, tex, -1, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  expect_error(GL_INVALID_VALUE, "level < 0");
  glBindImageTexture(2, tex, 0, GL_FALSE, -1, GL_READ_WRITE, GL_RGBA8);
  expect_error(GL_INVALID_VALUE, "layer < 0");
  glBindImageTexture(2, tex, 0, GL_FALSE, 0, GL_RGBA8, GL_RGBA8);
  expect_error(GL_INVALID_ENUM, "access");
  // (R8, RG32F and RGB10_A2 are NV_image_formats' formats, taken where it
  // is exposed.)
  for (GLenum bad : std::initializer_list<GLenum>{GL_RGBA, GL_RGB8, GL_SRGB8_ALPHA8, GL_RGB565, GL_RGB16F,
                                                  GL_DEPTH_COMPONENT16, GL_NONE}) {
    glBindImageTexture(2, tex, 0, GL_FALSE, 0, GL_READ_WRITE, bad);
    expect_error(GL_INVALID_ENUM, "format not in table 8.27");
  }
  // ES 3.1 binds only immutable textures.
  GLuint mutable_tex = 0;
  glGenTextures(1, &mutable_tex);
  glBindTexture(GL_TEXTURE_2D, mutable_tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindImageTexture(2, mutable_tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  expect_error(GL_INVALID_OPERATION, "a mutable texture");
  // Every format of table 8.27 is accepted (compatible or not: that is
  // decided when a shader uses the unit).
  for (GLenum f : {GL_RGBA32F, GL_RGBA16F, GL_R32F, GL_RGBA32UI, GL_RGBA16UI, GL_RGBA8UI, GL_R32UI, GL_RGBA32I,
                   GL_RGBA16I, GL_RGBA8I, GL_R32I, GL_RGBA8, GL_RGBA8_SNORM}) {
    glBindImageTexture(3, tex, 0, GL_FALSE, 0, GL_READ_ONLY, f);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR)) << f;
  }
  GLuint names[] = {tex, mutable_tex, reserved};
  glDeleteTextures(3, names);
}

TEST_F(E2eImages, ImageUniformsReadTheirBindingsUnit) {
  if (integer(GL_MAX_IMAGE_UNITS) < 6 || integer(GL_MAX_COMPUTE_IMAGE_UNIFORMS) < 4)
    GTEST_SKIP() << "needs 6 image units";
  // Uniforms before, between and after the images: every image still gets
  // its own unit's texture (pipe image slots are per stage, not uniform
  // indices). An array takes consecutive units from its binding.
  GLuint prog = compute_program(R"(#version 310 es
layout(local_size_x = 1) in;
uniform uint a;
layout(r32ui, binding = 3) writeonly uniform highp uimage2D first;
uniform uint b;
layout(r32ui, binding = 1) writeonly uniform highp uimage2D second;
layout(r32ui, binding = 4) writeonly uniform highp uimage2D pair[2];
uniform uint c;
void main() {
  imageStore(first, ivec2(0), uvec4(a));
  imageStore(second, ivec2(0), uvec4(b));
  imageStore(pair[0], ivec2(0), uvec4(c));
  imageStore(pair[1], ivec2(0), uvec4(c + 1u));
})");
  std::array<GLuint, 6> tex{};
  for (GLuint u = 0; u < tex.size(); ++u) {
    tex[u] = storage_texture(GL_TEXTURE_2D, GL_R32UI, 1, 1);
    upload_r32ui(GL_TEXTURE_2D, 1, 1, 1, {0xffffffffu});
    glBindImageTexture(u, tex[u], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  }
  glUseProgram(prog);
  glUniform1ui(glGetUniformLocation(prog, "a"), 30);
  glUniform1ui(glGetUniformLocation(prog, "b"), 10);
  glUniform1ui(glGetUniformLocation(prog, "c"), 40);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  const uint32_t expected[6] = {0xffffffffu, 10, 0xffffffffu, 30, 40, 41};
  for (size_t u = 0; u < tex.size(); ++u) EXPECT_EQ(read_r32(tex[u], GL_TEXTURE_2D, 1, 1)[0], expected[u]) << u;

  // glGetUniformiv reads the unit; ES has no command that changes it.
  GLint unit = -1;
  const GLint first = glGetUniformLocation(prog, "first");
  ASSERT_GE(first, 0);
  glGetUniformiv(prog, first, &unit);
  EXPECT_EQ(unit, 3);
  glGetUniformiv(prog, glGetUniformLocation(prog, "pair[1]"), &unit);
  EXPECT_EQ(unit, 5);
  glUniform1i(first, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "glUniform1i of an image uniform";
  const GLint units[2] = {0, 1};
  glUniform1iv(glGetUniformLocation(prog, "pair"), 2, units);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "glUniform1iv of an image array";
  glGetUniformiv(prog, first, &unit);
  EXPECT_EQ(unit, 3);
  GLint size = 0;
  GLenum type = 0;
  char name[32] = {};
  GLint n = 0;
  glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &n);
  bool found = false;
  for (GLuint i = 0; i < static_cast<GLuint>(n); ++i) {
    glGetActiveUniform(prog, i, sizeof(name), nullptr, &size, &type, name);
    if (std::string(name) == "pair[0]") {
      found = true;
      EXPECT_EQ(size, 2);
      EXPECT_EQ(type, static_cast<GLenum>(GL_UNSIGNED_INT_IMAGE_2D));
    }
  }
  EXPECT_TRUE(found);
  glDeleteProgram(prog);
  glDeleteTextures(static_cast<GLsizei>(tex.size()), tex.data());
}

TEST_F(E2eImages, UnitsThatCannotBeAccessedReadAsUnbound) {
  // Loads through units that read as unbound return zero; stores through
  // them leave every texture alone.
  GLuint prog = compute_program(R"(#version 310 es
layout(local_size_x = 1) in;
layout(r32ui, binding = 0) uniform highp uimage2D img;
layout(std430, binding = 0) buffer Out { uint loaded; };
void main() {
  loaded = imageLoad(img, ivec2(0)).x;
  imageStore(img, ivec2(0), uvec4(99u));
})");
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 4);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out);
  glUseProgram(prog);
  auto run = [&](const char* what) {
    SCOPED_TRACE(what);
    const uint32_t marker = 0xabcdef;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, out);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &marker);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    return read_uints(out, 1)[0];
  };
  // Nothing bound.
  EXPECT_EQ(run("no texture"), 0u);
  // A texture whose format is another size than the unit's (RGBA8 is 32
  // bits, RGBA16UI 64), or of another numeric type than the shader's.
  GLuint colour_tex = storage_texture(GL_TEXTURE_2D, GL_RGBA8, 1, 1);
  const uint32_t white = 0xffffffffu;
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &white);
  glBindImageTexture(0, colour_tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA16UI);
  EXPECT_EQ(run("size mismatch"), 0u);
  glBindImageTexture(0, colour_tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
  EXPECT_EQ(run("float format for a uimage2D"), 0u);
  // The level outside the texture's base..max levels, or past its levels.
  GLuint r32 = storage_texture(GL_TEXTURE_2D, GL_R32UI, 2, 2, 1, 2);
  upload_r32ui(GL_TEXTURE_2D, 2, 2, 1, {11, 11, 11, 11});
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
  glBindImageTexture(0, r32, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  EXPECT_EQ(run("level below the base level"), 0u);
  glBindImageTexture(0, r32, 5, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  EXPECT_EQ(run("level past the texture's levels"), 0u);
  // A texture of another kind than the shader's image (a layered 2D array
  // for an image2D), or a layer the array does not have.
  GLuint array = storage_texture(GL_TEXTURE_2D_ARRAY, GL_R32UI, 1, 1, 2);
  glBindImageTexture(0, array, 0, GL_TRUE, 0, GL_READ_WRITE, GL_R32UI);
  EXPECT_EQ(run("layered array for image2D"), 0u);
  glBindImageTexture(0, array, 0, GL_FALSE, 2, GL_READ_WRITE, GL_R32UI);
  EXPECT_EQ(run("layer 2 of 2"), 0u);
  // Base level 0 again: the same unit binding becomes valid.
  glBindTexture(GL_TEXTURE_2D, r32);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
  glBindImageTexture(0, r32, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  EXPECT_EQ(run("valid"), 11u);
  EXPECT_EQ(read_r32(r32, GL_TEXTURE_2D, 2, 2), (std::vector<uint32_t>{99, 11, 11, 11}));
  EXPECT_EQ(read_rgba8(colour_tex, 1, 1)[0], white) << "stores through the invalid units changed nothing";
  glDeleteProgram(prog);
  glDeleteBuffers(1, &out);
  GLuint names[] = {colour_tex, r32, array};
  glDeleteTextures(3, names);
}

TEST_F(E2eImages, ImagesOfProgramPipelineStages) {
  if (integer(GL_MAX_FRAGMENT_IMAGE_UNIFORMS) < 1) GTEST_SKIP() << "no fragment image uniforms on this device";
  auto separable = [](GLenum type, const char* src) {
    const GLuint p = glCreateShaderProgramv(type, 1, &src);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    EXPECT_EQ(ok, GL_TRUE);
    return p;
  };
  // The fragment stage of one separable program stores; the vertex stage
  // comes from another. A compute program in a pipeline stores too.
  const GLuint vs = separable(GL_VERTEX_SHADER, kFullscreenVs310);
  const GLuint fs = separable(GL_FRAGMENT_SHADER, R"(#version 310 es
precision mediump float;
uniform highp uint base;
layout(r32ui, binding = 1) writeonly uniform highp uimage2D img;
out vec4 o;
void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  imageStore(img, p, uvec4(base + uint(p.x + 100 * p.y)));
  o = vec4(1.0);
})");
  const GLuint cs = separable(GL_COMPUTE_SHADER, R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4) in;
layout(r32ui, binding = 2) writeonly uniform highp uimage2D img;
void main() { imageStore(img, ivec2(gl_LocalInvocationID.xy), uvec4(77u)); })");
  GLuint drawn = storage_texture(GL_TEXTURE_2D, GL_R32UI, kWidth, kHeight);
  GLuint dispatched = storage_texture(GL_TEXTURE_2D, GL_R32UI, 4, 4);
  glBindImageTexture(1, drawn, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  glBindImageTexture(2, dispatched, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
  GLuint pipes[2] = {};
  glGenProgramPipelines(2, pipes);
  glUseProgramStages(pipes[0], GL_VERTEX_SHADER_BIT, vs);
  glUseProgramStages(pipes[0], GL_FRAGMENT_SHADER_BIT, fs);
  glUseProgramStages(pipes[1], GL_COMPUTE_SHADER_BIT, cs);
  glProgramUniform1ui(fs, glGetUniformLocation(fs, "base"), 9000);
  glProgramUniform1i(fs, glGetUniformLocation(fs, "img"), 2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION)) << "glProgramUniform1i of an image uniform";
  glUseProgram(0);
  glBindProgramPipeline(pipes[0]);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindProgramPipeline(pipes[1]);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
  const std::vector<uint32_t> v = read_r32(drawn, GL_TEXTURE_2D, kWidth, kHeight);
  for (uint32_t y = 0; y < kHeight; y += 7)
    for (uint32_t x = 0; x < kWidth; x += 5) EXPECT_EQ(v[y * kWidth + x], 9000 + x + 100 * y) << x << "," << y;
  EXPECT_EQ(read_r32(dispatched, GL_TEXTURE_2D, 4, 4), std::vector<uint32_t>(16, 77u));
  glBindProgramPipeline(0);
  glDeleteProgramPipelines(2, pipes);
  for (GLuint p : {vs, fs, cs}) glDeleteProgram(p);
  GLuint names[] = {drawn, dispatched};
  glDeleteTextures(2, names);
}

TEST_F(E2eImages, ImageUniformLimitsAreLinkErrors) {
  // A binding at or past GL_MAX_IMAGE_UNITS, and more image uniforms than a
  // compute shader may have, do not make a program.
  const GLint units = integer(GL_MAX_IMAGE_UNITS);
  const std::string past = "#version 310 es\nlayout(local_size_x = 1) in;\nlayout(r32ui, binding = " +
                           std::to_string(units) +
                           ") writeonly uniform highp uimage2D img;\n"
                           "void main() { imageStore(img, ivec2(0), uvec4(1u)); }\n";
  const GLint per_stage = integer(GL_MAX_COMPUTE_IMAGE_UNIFORMS);
  const std::string many = "#version 310 es\nlayout(local_size_x = 1) in;\nlayout(r32ui, binding = 0) writeonly "
                           "uniform highp uimage2D img[" +
                           std::to_string(per_stage + 1) +
                           "];\nvoid main() { imageStore(img[0], ivec2(0), uvec4(1u)); imageStore(img[" +
                           std::to_string(per_stage) + "], ivec2(0), uvec4(1u)); }\n";
  for (const std::string* src : {&past, &many}) {
    GLuint s = glCreateShader(GL_COMPUTE_SHADER);
    const char* text = src->c_str();
    glShaderSource(s, 1, &text, nullptr);
    glCompileShader(s);
    GLuint p = glCreateProgram();
    glAttachShader(p, s);
    glLinkProgram(p);
    GLint linked = 1;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    EXPECT_EQ(linked, GL_FALSE) << *src;
    glDeleteShader(s);
    glDeleteProgram(p);
  }
}

}  // namespace
}  // namespace brass::e2e
