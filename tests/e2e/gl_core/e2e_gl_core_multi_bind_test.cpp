// ARB_multi_bind (GL 4.4) in a 3.3 core context: glBindBuffersBase/Range,
// glBindTextures, glBindSamplers, glBindImageTextures and
// glBindVertexBuffers bind whole ranges, leave the generic buffer binding
// alone, skip (with INVALID_OPERATION) only the entries in error, and unbind
// with a null array; draws read what they bound.
#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCoreMultiBind : public GlCoreTest {
 protected:
  static GLuint buffer(GLenum target, GLsizeiptr size, const void* data) {
    GLuint b = 0;
    glGenBuffers(1, &b);
    glBindBuffer(target, b);
    glBufferData(target, size, data, GL_STATIC_DRAW);
    return b;
  }
  static GLuint texture(uint32_t color) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &color);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    return t;
  }
  static GLint indexed(GLenum pname, GLuint i) {
    GLint v = -1;
    glGetIntegeri_v(pname, i, &v);
    return v;
  }
};

TEST_F(GlCoreMultiBind, BuffersBaseAndRange) {
  GLint alignment = 0;
  glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &alignment);
  std::vector<float> data(alignment / 4 * 2 + 8, 0.0f);
  GLuint a = buffer(GL_UNIFORM_BUFFER, GLsizeiptr(data.size() * 4), data.data());
  GLuint b = buffer(GL_UNIFORM_BUFFER, GLsizeiptr(data.size() * 4), data.data());
  glBindBuffer(GL_UNIFORM_BUFFER, 0);
  const GLuint both[2] = {a, b};
  glBindBuffersBase(GL_UNIFORM_BUFFER, 1, 2, both);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 1), GLint(a));
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 2), GLint(b));
  GLint generic = -1;
  glGetIntegerv(GL_UNIFORM_BUFFER_BINDING, &generic);
  EXPECT_EQ(generic, 0) << "the generic binding point stays";

  // Ranges; a bad entry (unaligned offset) keeps its old binding, the
  // others are bound.
  const GLintptr offsets[2] = {alignment, 1};
  const GLsizeiptr sizes[2] = {16, 16};
  const GLuint swapped[2] = {b, a};
  glBindBuffersRange(GL_UNIFORM_BUFFER, 1, 2, swapped, offsets, sizes);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 1), GLint(b));
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_START, 1), alignment);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_SIZE, 1), 16);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 2), GLint(b)) << "the bad entry was bound";

  // A name that is no buffer: INVALID_OPERATION for it alone.
  const GLuint with_bad[2] = {a, 9999};
  glBindBuffersBase(GL_UNIFORM_BUFFER, 1, 2, with_bad);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 1), GLint(a));
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 2), GLint(b));

  // Whole-call errors change nothing.
  GLint max = 0;
  glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &max);
  glBindBuffersBase(GL_UNIFORM_BUFFER, GLuint(max - 1), 2, both);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glBindBuffersBase(GL_ARRAY_BUFFER, 0, 1, both);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // Null unbinds the range.
  glBindBuffersBase(GL_UNIFORM_BUFFER, 1, 2, nullptr);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 1), 0);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 2), 0);

  // Storage buffers bound by one call feed a compute dispatch.
  GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 16, data.data());
  const float seven[4] = {7, 7, 7, 7};
  GLuint in = buffer(GL_SHADER_STORAGE_BUFFER, 16, seven);
  const GLuint storage[2] = {in, out};
  glBindBuffersBase(GL_SHADER_STORAGE_BUFFER, 0, 2, storage);
  GLuint p = glCreateProgram();
  GLuint cs = shader(GL_COMPUTE_SHADER, R"(#version 330 core
#extension GL_ARB_compute_shader : require
#extension GL_ARB_shader_storage_buffer_object : require
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer In { float i[]; };
layout(std430, binding = 1) buffer Out { float o[]; };
void main() { o[gl_LocalInvocationIndex] = i[gl_LocalInvocationIndex] * 2.0; })");
  glAttachShader(p, cs);
  glLinkProgram(p);
  glUseProgram(p);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  float got[4] = {};
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, out);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 16, got);
  for (float v : got) EXPECT_EQ(v, 14.0f);
  glDeleteShader(cs);
  glDeleteProgram(p);
  const GLuint all[4] = {a, b, in, out};
  glDeleteBuffers(4, all);
}

TEST_F(GlCoreMultiBind, TexturesAndSamplers) {
  GLuint red = texture(rgba(255, 0, 0)), green = texture(rgba(0, 255, 0));
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler2D t0;
uniform sampler2D t1;
out vec4 c;
void main() { c = texture(t0, vec2(0.5)) + texture(t1, vec2(0.5)) * 0.5; })");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "t0"), 2);
  glUniform1i(glGetUniformLocation(p, "t1"), 3);
  const GLuint both[2] = {red, green};
  glBindTextures(2, 2, both);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_TRUE(colour_near(pixel(3, 3), rgba(255, 128, 0)));
  glActiveTexture(GL_TEXTURE3);
  GLint bound = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  EXPECT_EQ(bound, GLint(green));
  glActiveTexture(GL_TEXTURE0);

  // Samplers: the bindings, and a bad name skipped alone.
  GLuint samplers[2] = {};
  glGenSamplers(2, samplers);
  glBindSamplers(2, 2, samplers);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glActiveTexture(GL_TEXTURE3);
  glGetIntegerv(GL_SAMPLER_BINDING, &bound);
  EXPECT_EQ(bound, GLint(samplers[1]));
  const GLuint bad_sampler[2] = {samplers[0], 4242};
  glBindSamplers(5, 2, bad_sampler);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glActiveTexture(GL_TEXTURE5);
  glGetIntegerv(GL_SAMPLER_BINDING, &bound);
  EXPECT_EQ(bound, GLint(samplers[0]));
  glBindSamplers(0, 8, nullptr);
  glGetIntegerv(GL_SAMPLER_BINDING, &bound);
  EXPECT_EQ(bound, 0);

  // A generated name with no object yet is no texture to bind; the other
  // entry still binds. Null unbinds every target.
  GLuint fresh = 0;
  glGenTextures(1, &fresh);
  const GLuint mixed[2] = {fresh, red};
  glBindTextures(4, 2, mixed);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);  // unit 5
  EXPECT_EQ(bound, GLint(red));
  glBindTextures(0, 8, nullptr);
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  EXPECT_EQ(bound, 0);
  GLint units = 0;
  glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units);
  glBindTextures(GLuint(units), 1, both);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glActiveTexture(GL_TEXTURE0);
  glDeleteSamplers(2, samplers);
  const GLuint all[3] = {red, green, fresh};
  glDeleteTextures(3, all);
  glDeleteProgram(p);
}

TEST_F(GlCoreMultiBind, ImageTexturesAndVertexBuffers) {
  GLuint t = texture(rgba(1, 2, 3, 4));
  const GLuint one[1] = {t};
  glBindImageTextures(1, 1, one);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(indexed(GL_IMAGE_BINDING_NAME, 1), GLint(t));
  EXPECT_EQ(indexed(GL_IMAGE_BINDING_LEVEL, 1), 0);
  EXPECT_EQ(indexed(GL_IMAGE_BINDING_ACCESS, 1), GL_READ_WRITE);
  EXPECT_EQ(indexed(GL_IMAGE_BINDING_FORMAT, 1), GL_RGBA8);
  glBindImageTextures(1, 1, nullptr);
  EXPECT_EQ(indexed(GL_IMAGE_BINDING_NAME, 1), 0);

  // Two vertex buffers for two attributes, bound at once.
  const float pos[] = {-1, -1, 3, -1, -1, 3};
  const float col[] = {0, 0, 1, 0, 0, 1, 0, 0, 1};
  GLuint bufs[2] = {0, 0};
  glGenBuffers(2, bufs);
  glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
  glBufferData(GL_ARRAY_BUFFER, sizeof(pos), pos, GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
  glBufferData(GL_ARRAY_BUFFER, sizeof(col), col, GL_STATIC_DRAW);
  glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
  glVertexAttribFormat(1, 3, GL_FLOAT, GL_FALSE, 0);
  glVertexAttribBinding(0, 0);
  glVertexAttribBinding(1, 1);
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  const GLintptr offsets[2] = {0, 0};
  const GLsizei strides[2] = {8, 12};
  glBindVertexBuffers(0, 2, bufs, offsets, strides);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(indexed(GL_VERTEX_BINDING_STRIDE, 1), 12);
  GLuint p = program(R"(#version 330 core
layout(location = 0) in vec2 pos;
layout(location = 1) in vec3 col;
out vec3 v;
void main() { v = col; gl_Position = vec4(pos, 0.0, 1.0); })",
                     R"(#version 330 core
in vec3 v;
out vec4 c;
void main() { c = vec4(v, 1.0); })");
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(0, 0, 255));
  // A negative stride is INVALID_VALUE for that entry only.
  const GLsizei bad_strides[2] = {-4, 16};
  glBindVertexBuffers(0, 2, bufs, offsets, bad_strides);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(indexed(GL_VERTEX_BINDING_STRIDE, 0), 8);
  EXPECT_EQ(indexed(GL_VERTEX_BINDING_STRIDE, 1), 16);
  glBindVertexBuffers(0, 2, nullptr, nullptr, nullptr);
  EXPECT_EQ(indexed(GL_VERTEX_BINDING_BUFFER, 0), 0);
  EXPECT_EQ(indexed(GL_VERTEX_BINDING_STRIDE, 1), 16);
  glBindVertexBuffers(15, 2, bufs, offsets, strides);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteProgram(p);
  glDeleteBuffers(2, bufs);
  glDeleteTextures(1, &t);
}

}  // namespace
}  // namespace brass::e2e
