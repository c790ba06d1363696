// Shaders, programs, uniforms and uniform blocks through glvnd: compile and
// link logs, attribute bindings, program queries, glUniform/glGetUniform
// round trips and the ES 3.0 error rules.
#include <algorithm>
#include <cstring>
#include <string>

#include "e2e_fixture.h"

namespace brass::e2e {
namespace {

constexpr const char* kVs = R"(#version 300 es
in vec4 pos;
in vec2 uv;
out vec2 v_uv;
void main() { v_uv = uv; gl_Position = pos; }
)";

constexpr const char* kFs = R"(#version 300 es
precision highp float;
in vec2 v_uv;
uniform vec4 color;
uniform float scale[3];
uniform mat3 m;
uniform ivec2 iv;
uniform uvec3 uv3;
uniform bool flag;
uniform sampler2D tex;
layout(std140) uniform Block { vec4 a; mat4 b; } blk;
out vec4 frag;
void main() {
  vec4 c = color * scale[0] * scale[2] + vec4(m[1], float(iv.y)) + vec4(uv3, 0.0) + blk.a + blk.b[2];
  if (flag) c += texture(tex, v_uv);
  frag = c;
}
)";

class Programs : public GlesTest {
 protected:
  GLuint shader(GLenum type, const char* src, bool* ok = nullptr) {
    GLuint s = glCreateShader(type);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    GLint status = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &status);
    if (ok) *ok = status == GL_TRUE;
    return s;
  }
  std::string program_log(GLuint p) {
    GLint len = 0;
    glGetProgramiv(p, GL_INFO_LOG_LENGTH, &len);
    std::string s(static_cast<size_t>(len), '\0');
    GLsizei got = 0;
    if (len > 0) glGetProgramInfoLog(p, len, &got, s.data());
    s.resize(static_cast<size_t>(got));
    return s;
  }
  GLint active_uniform_index(GLuint p, const char* name) {
    GLuint idx = GL_INVALID_INDEX;
    glGetUniformIndices(p, 1, &name, &idx);
    return static_cast<GLint>(idx);
  }
};

TEST_F(Programs, CompileErrorHasGlStyleLog) {
  bool ok = true;
  GLuint s = shader(GL_FRAGMENT_SHADER, "#version 300 es\nprecision highp float;\nout vec4 c;\nvoid main() { c = nope; }\n",
                    &ok);
  EXPECT_FALSE(ok);
  GLint len = 0;
  glGetShaderiv(s, GL_INFO_LOG_LENGTH, &len);
  ASSERT_GT(len, 1);
  std::string log(static_cast<size_t>(len), '\0');
  GLsizei got = 0;
  glGetShaderInfoLog(s, len, &got, log.data());
  EXPECT_EQ(got, len - 1);
  EXPECT_NE(log.find("ERROR: 0:4"), std::string::npos) << log;
  GLint type = 0;
  glGetShaderiv(s, GL_SHADER_TYPE, &type);
  EXPECT_EQ(type, GL_FRAGMENT_SHADER);
  glDeleteShader(s);
  EXPECT_FALSE(glIsShader(s));
}

TEST_F(Programs, ShaderSourceRoundTrip) {
  GLuint s = glCreateShader(GL_VERTEX_SHADER);
  const char* parts[] = {"abc", "defXXX"};
  const GLint lens[] = {-1, 3};
  glShaderSource(s, 2, parts, lens);
  GLint len = 0;
  glGetShaderiv(s, GL_SHADER_SOURCE_LENGTH, &len);
  EXPECT_EQ(len, 7);
  char buf[4] = {};
  GLsizei got = 0;
  glGetShaderSource(s, 4, &got, buf);
  EXPECT_EQ(got, 3);
  EXPECT_STREQ(buf, "abc");
  glDeleteShader(s);
}

TEST_F(Programs, ObjectErrors) {
  EXPECT_EQ(glCreateShader(GL_NONE), 0u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLuint p = glCreateProgram();
  GLuint s = glCreateShader(GL_VERTEX_SHADER);
  glCompileShader(p);  // a program name where a shader is expected
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glLinkProgram(s);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glLinkProgram(12345);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glAttachShader(p, s);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glAttachShader(p, s);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLuint s2 = glCreateShader(GL_VERTEX_SHADER);
  glAttachShader(p, s2);  // a second vertex shader
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDetachShader(p, s2);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Deleting an attached shader defers until it is detached.
  glDeleteShader(s);
  EXPECT_TRUE(glIsShader(s));
  GLint del = 0;
  glGetShaderiv(s, GL_DELETE_STATUS, &del);
  EXPECT_EQ(del, GL_TRUE);
  GLsizei count = 0;
  GLuint attached[2] = {};
  glGetAttachedShaders(p, 2, &count, attached);
  EXPECT_EQ(count, 1);
  EXPECT_EQ(attached[0], s);
  glDetachShader(p, s);
  EXPECT_FALSE(glIsShader(s));
  glUseProgram(p);  // never linked
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  GLint v = 0;
  glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES + 0x1000, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glShaderBinary(1, &s2, 0, nullptr, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glProgramBinary(p, 0, nullptr, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteShader(s2);
  glDeleteProgram(p);
  EXPECT_FALSE(glIsProgram(p));
  glDeleteProgram(0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(Programs, LinkErrors) {
  GLuint p = glCreateProgram();
  GLuint vs = shader(GL_VERTEX_SHADER, kVs);
  glAttachShader(p, vs);
  glLinkProgram(p);  // no fragment shader
  GLint ok = 1;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  EXPECT_FALSE(program_log(p).empty());
  // Mismatched varying type.
  GLuint fs = shader(GL_FRAGMENT_SHADER,
                     "#version 300 es\nprecision highp float;\nin vec3 v_uv;\nout vec4 c;\nvoid main() { c = vec4(v_uv, 1.0); }\n");
  glAttachShader(p, fs);
  glLinkProgram(p);
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  EXPECT_FALSE(program_log(p).empty());
  EXPECT_EQ(glGetUniformLocation(p, "x"), -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDeleteShader(vs);
  glDeleteShader(fs);
  glDeleteProgram(p);
}

TEST_F(Programs, AttributeBindingAndQueries) {
  GLuint p = glCreateProgram();
  GLuint vs = shader(GL_VERTEX_SHADER, kVs), fs = shader(GL_FRAGMENT_SHADER, kFs);
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  glBindAttribLocation(p, 5, "uv");
  glBindAttribLocation(p, 2, "pos");
  glBindAttribLocation(p, 1, "gl_Vertex");
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_EQ(ok, GL_TRUE) << program_log(p);
  EXPECT_EQ(glGetAttribLocation(p, "uv"), 5);
  EXPECT_EQ(glGetAttribLocation(p, "pos"), 2);
  EXPECT_EQ(glGetAttribLocation(p, "nothing"), -1);
  EXPECT_EQ(glGetFragDataLocation(p, "frag"), 0);
  GLint n = 0;
  glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &n);
  EXPECT_EQ(n, 2);
  glGetProgramiv(p, GL_ATTACHED_SHADERS, &n);
  EXPECT_EQ(n, 2);
  GLint maxlen = 0;
  glGetProgramiv(p, GL_ACTIVE_ATTRIBUTE_MAX_LENGTH, &maxlen);
  EXPECT_EQ(maxlen, 4);
  for (GLint i = 0; i < 2; ++i) {
    char name[16] = {};
    GLint size = 0;
    GLenum type = 0;
    glGetActiveAttrib(p, static_cast<GLuint>(i), sizeof(name), nullptr, &size, &type, name);
    EXPECT_EQ(size, 1);
    EXPECT_EQ(type, std::strcmp(name, "pos") == 0 ? GLenum(GL_FLOAT_VEC4) : GLenum(GL_FLOAT_VEC2)) << name;
  }
  glGetActiveAttrib(p, 2, 0, nullptr, nullptr, nullptr, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));

  glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
  EXPECT_GE(n, 9);  // color, scale, m, iv, uv3, flag, tex, Block.a, Block.b
  glGetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &n);
  EXPECT_EQ(n, 1);
  const GLuint block = glGetUniformBlockIndex(p, "Block");
  ASSERT_EQ(block, 0u);
  EXPECT_EQ(glGetUniformBlockIndex(p, "Nope"), GL_INVALID_INDEX);
  GLint size = 0;
  glGetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
  EXPECT_EQ(size, 80);
  glGetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, &n);
  EXPECT_EQ(n, 2);
  glGetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER, &n);
  EXPECT_EQ(n, GL_TRUE);
  char bname[16] = {};
  glGetActiveUniformBlockName(p, block, sizeof(bname), nullptr, bname);
  EXPECT_STREQ(bname, "Block");
  glUniformBlockBinding(p, block, 3);
  glGetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_BINDING, &n);
  EXPECT_EQ(n, 3);
  glUniformBlockBinding(p, 7, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));

  const GLint b_index = active_uniform_index(p, "Block.b");
  ASSERT_GE(b_index, 0);
  const GLuint idx[] = {static_cast<GLuint>(b_index)};
  GLint off = -2, stride = 0, blk = -2;
  glGetActiveUniformsiv(p, 1, idx, GL_UNIFORM_OFFSET, &off);
  glGetActiveUniformsiv(p, 1, idx, GL_UNIFORM_MATRIX_STRIDE, &stride);
  glGetActiveUniformsiv(p, 1, idx, GL_UNIFORM_BLOCK_INDEX, &blk);
  EXPECT_EQ(off, 16);
  EXPECT_EQ(stride, 16);
  EXPECT_EQ(blk, 0);
  const GLuint color_idx[] = {static_cast<GLuint>(active_uniform_index(p, "color"))};
  glGetActiveUniformsiv(p, 1, color_idx, GL_UNIFORM_OFFSET, &off);
  EXPECT_EQ(off, -1);
  const GLuint scale_idx = static_cast<GLuint>(active_uniform_index(p, "scale"));
  char uname[32] = {};
  GLint usize = 0;
  GLenum utype = 0;
  glGetActiveUniform(p, scale_idx, sizeof(uname), nullptr, &usize, &utype, uname);
  EXPECT_STREQ(uname, "scale[0]");
  EXPECT_EQ(usize, 3);
  EXPECT_EQ(utype, static_cast<GLenum>(GL_FLOAT));
  glDeleteShader(vs);
  glDeleteShader(fs);
  glDeleteProgram(p);
}

TEST_F(Programs, UniformRoundTripsAndErrors) {
  GLuint p = program(kVs, kFs);
  const GLint color = glGetUniformLocation(p, "color");
  const GLint scale = glGetUniformLocation(p, "scale");
  const GLint scale2 = glGetUniformLocation(p, "scale[2]");
  const GLint m = glGetUniformLocation(p, "m");
  const GLint iv = glGetUniformLocation(p, "iv");
  const GLint uv3 = glGetUniformLocation(p, "uv3");
  const GLint flag = glGetUniformLocation(p, "flag");
  const GLint tex = glGetUniformLocation(p, "tex");
  for (GLint l : {color, scale, m, iv, uv3, flag, tex}) ASSERT_GE(l, 0);
  EXPECT_EQ(scale2, scale + 2);
  EXPECT_EQ(glGetUniformLocation(p, "scale[3]"), -1);
  EXPECT_EQ(glGetUniformLocation(p, "blk.a"), -1);
  EXPECT_EQ(glGetUniformLocation(p, "gl_FragCoord"), -1);

  glUniform4f(color, 1, 2, 3, 4);  // no program current
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUseProgram(p);
  glUniform4f(color, 1, 2, 3, 4);
  const GLfloat s[] = {0.5f, 0.25f};
  glUniform1fv(scale2 - 1, 2, s);  // elements 1 and 2
  const GLfloat mat[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  glUniformMatrix3fv(m, 1, GL_TRUE, mat);
  glUniform2i(iv, -7, 9);
  glUniform3ui(uv3, 1, 2, 4000000000u);
  glUniform1f(flag, 2.0f);
  glUniform1i(tex, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  GLfloat f[9] = {};
  glGetUniformfv(p, color, f);
  EXPECT_EQ(f[0], 1);
  EXPECT_EQ(f[3], 4);
  glGetUniformfv(p, scale + 2, f);
  EXPECT_EQ(f[0], 0.25f);
  glGetUniformfv(p, scale, f);
  EXPECT_EQ(f[0], 0.0f);
  glGetUniformfv(p, m, f);
  EXPECT_EQ(f[1], 4.0f);  // transposed: column 0 is (1, 4, 7)
  EXPECT_EQ(f[3], 2.0f);
  GLint i[3] = {};
  glGetUniformiv(p, iv, i);
  EXPECT_EQ(i[0], -7);
  EXPECT_EQ(i[1], 9);
  GLuint u[3] = {};
  glGetUniformuiv(p, uv3, u);
  EXPECT_EQ(u[2], 4000000000u);
  glGetUniformiv(p, flag, i);
  EXPECT_EQ(i[0], 1);
  glGetUniformiv(p, tex, i);
  EXPECT_EQ(i[0], 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  // Type, size and count mismatches change nothing.
  glUniform1i(color, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUniform3f(color, 1, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUniform4fv(color, 2, f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUniform1ui(iv, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUniformMatrix3fv(color, 1, GL_FALSE, mat);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUniform1f(tex, 1.0f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUniform1i(tex, 100000);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glUniform1fv(scale, -1, s);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glUniform1f(9999, 1.0f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUniform1f(-1, 1.0f);  // silently ignored
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGetUniformiv(p, tex, i);
  EXPECT_EQ(i[0], 3);
  glGetUniformfv(p, -1, f);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));

  // Deleting the current program defers until it is no longer used.
  glDeleteProgram(p);
  EXPECT_TRUE(glIsProgram(p));
  GLint del = 0;
  glGetProgramiv(p, GL_DELETE_STATUS, &del);
  EXPECT_EQ(del, GL_TRUE);
  glUseProgram(0);
  EXPECT_FALSE(glIsProgram(p));
}

TEST_F(Programs, PrecisionFormatAndValidate) {
  GLint range[2] = {}, precision = 0;
  glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_HIGH_FLOAT, range, &precision);
  EXPECT_EQ(range[0], 127);
  EXPECT_EQ(precision, 23);
  glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, GL_FLOAT, range, &precision);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLuint p = program(kVs, kFs);
  glValidateProgram(p);
  GLint v = 0;
  glGetProgramiv(p, GL_VALIDATE_STATUS, &v);
  EXPECT_EQ(v, GL_TRUE);
  glDeleteProgram(p);
}

TEST_F(Programs, TransformFeedbackVaryingsRecordedForLink) {
  GLuint p = glCreateProgram();
  GLuint vs = shader(GL_VERTEX_SHADER, kVs), fs = shader(GL_FRAGMENT_SHADER, kFs);
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  const char* names[] = {"v_uv", "gl_Position"};
  glTransformFeedbackVaryings(p, 2, names, GL_SEPARATE_ATTRIBS);
  glTransformFeedbackVaryings(p, 2, names, GL_NONE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_EQ(ok, GL_TRUE) << program_log(p);
  GLint n = 0;
  glGetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &n);
  EXPECT_EQ(n, 2);
  glGetProgramiv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &n);
  EXPECT_EQ(n, GL_SEPARATE_ATTRIBS);
  char name[32] = {};
  GLsizei size = 0;
  GLenum type = 0;
  glGetTransformFeedbackVarying(p, 0, sizeof(name), nullptr, &size, &type, name);
  EXPECT_STREQ(name, "v_uv");
  EXPECT_EQ(type, static_cast<GLenum>(GL_FLOAT_VEC2));
  glDeleteShader(vs);
  glDeleteShader(fs);
  glDeleteProgram(p);
}

// --- draws (a full-screen triangle from gl_VertexID; no vertex arrays) ---


class ProgramDraws : public Programs {
 protected:
  void draw() {
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
};

TEST_F(ProgramDraws, UniformColor) {
  GLuint p = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
uniform vec4 color;
out vec4 o;
void main() { o = color; })");
  glUseProgram(p);
  glUniform4f(glGetUniformLocation(p, "color"), 1.0f, 0.0f, 1.0f, 1.0f);
  draw();
  EXPECT_EQ(pixel(3, 5), rgba(255, 0, 255));
  EXPECT_EQ(pixel(kWidth - 1, kHeight - 1), rgba(255, 0, 255));
  // A changed value reaches the next draw.
  glUniform4f(glGetUniformLocation(p, "color"), 0.0f, 1.0f, 0.0f, 1.0f);
  draw();
  EXPECT_EQ(pixel(10, 10), rgba(0, 255, 0));
  glDeleteProgram(p);
}

TEST_F(ProgramDraws, DefaultBlockLayoutInBothStages) {
  // Arrays (16-byte stride), a matrix, ints and bools in one std140 block
  // shared by both stages.
  GLuint p = program(R"(#version 300 es
uniform vec2 offset;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p + offset, 0.0, 1.0);
})",
                     R"(#version 300 es
precision highp float;
uniform float arr[3];
uniform mat3 m;
uniform ivec2 iv;
uniform bool on;
out vec4 o;
void main() {
  o = on ? vec4(arr[0], arr[1] * m[2].y, arr[2] + float(iv.y), 1.0) : vec4(0.0);
})");
  glUseProgram(p);
  glUniform2f(glGetUniformLocation(p, "offset"), 0.0f, 0.0f);
  const GLfloat arr[] = {1.0f, 0.5f, 0.0f};
  glUniform1fv(glGetUniformLocation(p, "arr"), 3, arr);
  const GLfloat m[] = {0, 0, 0, 0, 0, 0, 0, 1, 0};  // m[2].y = 1
  glUniformMatrix3fv(glGetUniformLocation(p, "m"), 1, GL_FALSE, m);
  glUniform2i(glGetUniformLocation(p, "iv"), 5, 0);
  glUniform1i(glGetUniformLocation(p, "on"), 1);
  draw();
  const uint32_t c = pixel(16, 16);
  EXPECT_EQ(c & 0xff, 255u);
  EXPECT_NEAR(static_cast<int>((c >> 8) & 0xff), 128, 1);
  EXPECT_EQ((c >> 16) & 0xff, 0u);
  // The vertex stage sees its uniforms too: shift the triangle off the
  // left half.
  glUniform2f(glGetUniformLocation(p, "offset"), 1.0f, 0.0f);
  draw();
  EXPECT_EQ(pixel(4, 16), rgba(0, 0, 0, 0));
  EXPECT_EQ(pixel(kWidth - 4, 16) & 0xff, 255u);
  glDeleteProgram(p);
}

TEST_F(ProgramDraws, UniformBlock) {
  GLuint p = program(R"(#version 300 es
layout(std140) uniform Shift { vec4 shift; };
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p + shift.xy, 0.0, 1.0);
})",
                     R"(#version 300 es
precision mediump float;
layout(std140) uniform Colors { vec4 unused; vec4 color; } colors;
out vec4 o;
void main() { o = colors.color; })");
  const GLuint shift_block = glGetUniformBlockIndex(p, "Shift");
  const GLuint color_block = glGetUniformBlockIndex(p, "Colors");
  ASSERT_NE(shift_block, GL_INVALID_INDEX);
  ASSERT_NE(color_block, GL_INVALID_INDEX);
  glUniformBlockBinding(p, shift_block, 1);
  glUniformBlockBinding(p, color_block, 3);
  const float shift[4] = {0, 0, 0, 0};
  const float colors[8] = {0, 0, 0, 0, 0, 0, 1, 1};
  GLuint bufs[2];
  glGenBuffers(2, bufs);
  glBindBuffer(GL_UNIFORM_BUFFER, bufs[0]);
  glBufferData(GL_UNIFORM_BUFFER, sizeof(shift), shift, GL_DYNAMIC_DRAW);
  glBindBuffer(GL_UNIFORM_BUFFER, bufs[1]);
  glBufferData(GL_UNIFORM_BUFFER, sizeof(colors), colors, GL_DYNAMIC_DRAW);
  glBindBufferBase(GL_UNIFORM_BUFFER, 1, bufs[0]);
  glBindBufferBase(GL_UNIFORM_BUFFER, 3, bufs[1]);
  glUseProgram(p);
  draw();
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 255));
  // New contents and a moved binding point reach the next draw.
  const float red[4] = {1, 0, 0, 1};
  glBufferSubData(GL_UNIFORM_BUFFER, 16, sizeof(red), red);
  draw();
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0));
  const float right[4] = {1, 0, 0, 0};
  glBindBuffer(GL_UNIFORM_BUFFER, bufs[0]);
  glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof(right), right);
  glBindBufferBase(GL_UNIFORM_BUFFER, 5, bufs[1]);
  glUniformBlockBinding(p, color_block, 5);
  draw();
  EXPECT_EQ(pixel(4, 16), rgba(0, 0, 0, 0));
  EXPECT_EQ(pixel(kWidth - 4, 16), rgba(255, 0, 0));
  // A binding point with no buffer must not crash (undefined values).
  glUniformBlockBinding(p, color_block, 7);
  draw();
  glFinish();
  glDeleteBuffers(2, bufs);
  glDeleteProgram(p);
}

// An array of blocks in the default (shared) layout: every element is a
// block of its own, with the member active in each, bound to its own
// binding point; the shader reads the last element.
TEST_F(ProgramDraws, ArrayOfSharedLayoutBlocks) {
  GLuint p = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
uniform Block { vec4 color; } blocks[3];
out vec4 o;
void main() { o = blocks[2].color + blocks[0].color; })");
  GLint active = 0;
  glGetProgramiv(p, GL_ACTIVE_UNIFORM_BLOCKS, &active);
  ASSERT_EQ(active, 3);
  for (GLuint b = 0; b < 3; ++b) {
    const std::string name = "Block[" + std::to_string(b) + "]";
    const GLuint index = glGetUniformBlockIndex(p, name.c_str());
    ASSERT_NE(index, GL_INVALID_INDEX) << name;
    GLint members = 0;
    glGetActiveUniformBlockiv(p, index, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, &members);
    EXPECT_EQ(members, 1) << name;
    GLint referenced = 0;
    glGetActiveUniformBlockiv(p, index, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER, &referenced);
    EXPECT_EQ(referenced, GL_TRUE) << name;
    glUniformBlockBinding(p, index, 2 * b + 1);
  }
  const float colors[3][4] = {{0, 0, 0.5f, 0}, {1, 1, 1, 1}, {1, 0, 0, 1}};
  GLuint bufs[3];
  glGenBuffers(3, bufs);
  for (GLuint b = 0; b < 3; ++b) {
    glBindBuffer(GL_UNIFORM_BUFFER, bufs[b]);
    glBufferData(GL_UNIFORM_BUFFER, sizeof(colors[b]), colors[b], GL_STATIC_DRAW);
    glBindBufferBase(GL_UNIFORM_BUFFER, 2 * b + 1, bufs[b]);
  }
  glUseProgram(p);
  draw();
  const uint32_t c = pixel(16, 16);
  EXPECT_EQ(c & 0xff, 255u);
  EXPECT_EQ((c >> 8) & 0xff, 0u);
  EXPECT_NEAR(static_cast<int>((c >> 16) & 0xff), 128, 1);
  glDeleteBuffers(3, bufs);
  glDeleteProgram(p);
}

// Members of nested structs in the default block: glUniform* writes where
// the shader reads (a struct inside a struct starts on a 16-byte boundary).
TEST_F(ProgramDraws, NestedStructUniforms) {
  GLuint p = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
struct T { int a; vec2 b; };
struct S { float a; T b; int c; };
uniform S s;
out vec4 o;
void main() { o = vec4(s.a, s.b.b, float(s.b.a + s.c)); })");
  glUseProgram(p);
  glUniform1f(glGetUniformLocation(p, "s.a"), 1.0f);
  glUniform2f(glGetUniformLocation(p, "s.b.b"), 0.0f, 1.0f);
  glUniform1i(glGetUniformLocation(p, "s.b.a"), 0);
  glUniform1i(glGetUniformLocation(p, "s.c"), 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  draw();
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 255, 255));
  GLint c = -1;
  glGetUniformiv(p, glGetUniformLocation(p, "s.c"), &c);
  EXPECT_EQ(c, 1);
  glDeleteProgram(p);
}

// Samplers inside an array of structs, each element's sampler on its own
// texture unit through glUniform1i on its GL name.
// An array whose later elements the shader never reads may report a
// smaller GL_UNIFORM_SIZE, but it is still an array: glUniform*v with a
// larger count sets what exists and ignores the rest.
TEST_F(ProgramDraws, ArrayUniformWithUnreadElementsTakesAnyCount) {
  GLuint p = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
uniform vec2 b[3];
out vec4 o;
void main() { o = vec4(b[0], 0.0, 1.0); })");
  glUseProgram(p);
  const GLfloat v[6] = {1, 0, 1, 1, 1, 1};
  glUniform2fv(glGetUniformLocation(p, "b"), 3, v);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  draw();
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0, 255));
  glDeleteProgram(p);
}

// gl_PointCoord's origin is the upper left of the point in window
// coordinates (ES 3.0 3.4): t grows downwards, towards window y = 0.
TEST_F(ProgramDraws, PointCoordOriginIsUpperLeft) {
  GLuint p = program(R"(#version 300 es
void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); gl_PointSize = 32.0; })",
                     R"(#version 300 es
precision mediump float;
out vec4 o;
void main() { o = vec4(gl_PointCoord, 0.0, 1.0); })");
  glUseProgram(p);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 1);
  const uint32_t top_left = pixel(0, kHeight - 1), bottom_right = pixel(kWidth - 1, 0);
  EXPECT_LT(top_left & 0xff, 16u);           // s near 0 on the left
  EXPECT_LT((top_left >> 8) & 0xff, 16u);    // t near 0 at the top
  EXPECT_GT(bottom_right & 0xff, 239u);
  EXPECT_GT((bottom_right >> 8) & 0xff, 239u);
  glDeleteProgram(p);
}

// gl_DepthRange reads the current glDepthRangef values.
TEST_F(ProgramDraws, DepthRangeBuiltIn) {
  GLuint p = program(kFullscreenVs, R"(#version 300 es
precision highp float;
out vec4 o;
void main() { o = vec4(gl_DepthRange.near, gl_DepthRange.far, gl_DepthRange.diff, 1.0); })");
  glUseProgram(p);
  glDepthRangef(0.25f, 0.75f);
  draw();
  const uint32_t c = pixel(16, 16);
  EXPECT_NEAR(static_cast<int>(c & 0xff), 64, 1);
  EXPECT_NEAR(static_cast<int>((c >> 8) & 0xff), 191, 1);
  EXPECT_NEAR(static_cast<int>((c >> 16) & 0xff), 128, 1);
  glDepthRangef(1.0f, 0.0f);
  draw();
  EXPECT_EQ(pixel(16, 16) & 0xffffff, 0x00ffu);  // near 1, far 0, diff -1 (clamped to 0)
  glDepthRangef(0.0f, 1.0f);
  glDeleteProgram(p);
}

// MAX_VARYING_VECTORS is the device's; a program using all of them links
// and passes the last one through.
TEST_F(ProgramDraws, AllVaryingVectorsLinkAndPassValues) {
  GLint vectors = 0, out_components = 0, in_components = 0;
  glGetIntegerv(GL_MAX_VARYING_VECTORS, &vectors);
  glGetIntegerv(GL_MAX_VERTEX_OUTPUT_COMPONENTS, &out_components);
  glGetIntegerv(GL_MAX_FRAGMENT_INPUT_COMPONENTS, &in_components);
  ASSERT_GE(vectors, 15);
  EXPECT_EQ(out_components, std::max(64, vectors * 4));
  EXPECT_EQ(in_components, std::max(60, vectors * 4));
  const std::string n = std::to_string(vectors);
  const std::string vs = "#version 300 es\nout vec4 v[" + n + "];\nvoid main() {\n"
                         "  for (int i = 0; i < " + n + "; ++i) v[i] = vec4(float(i) / 255.0);\n"
                         "  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);\n"
                         "  gl_Position = vec4(p, 0.0, 1.0);\n}\n";
  const std::string fs = "#version 300 es\nprecision highp float;\nin vec4 v[" + n + "];\nout vec4 o;\n"
                         "void main() { o = vec4(v[" + std::to_string(vectors - 1) + "].x, 0.0, 0.0, 1.0); }\n";
  GLuint p = program(vs.c_str(), fs.c_str());
  glUseProgram(p);
  draw();
  EXPECT_NEAR(static_cast<int>(pixel(16, 16) & 0xff), vectors - 1, 1);
  glDeleteProgram(p);
}

TEST_F(ProgramDraws, ProgramsKeepTheirUniformsAcrossSwitches) {
  const char* fs = R"(#version 300 es
precision mediump float;
uniform vec4 color;
out vec4 o;
void main() { o = color; })";
  GLuint a = program(kFullscreenVs, fs), b = program(kFullscreenVs, fs);
  glUseProgram(a);
  glUniform4f(glGetUniformLocation(a, "color"), 1, 0, 0, 1);
  glUseProgram(b);
  glUniform4f(glGetUniformLocation(b, "color"), 0, 0, 1, 1);
  draw();
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 255));
  glUseProgram(a);
  draw();
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 0));
  GLint current = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &current);
  if (glGetError() == GL_NO_ERROR) {
    EXPECT_EQ(current, static_cast<GLint>(a));
  }
  // Relinking the current program successfully installs the new executable
  // (uniforms reset to zero).
  glLinkProgram(a);
  draw();
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 0, 0));
  glUseProgram(0);
  glDeleteProgram(a);
  glDeleteProgram(b);
}

TEST_F(ProgramDraws, ProgramLeftCurrentAtContextTeardown) {
  // The context's teardown drops the last reference after its pipe context
  // is gone; the pipe program must still be released cleanly.
  GLuint p = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
out vec4 o;
void main() { o = vec4(1.0); })");
  glUseProgram(p);
  draw();
  EXPECT_EQ(pixel(16, 16), rgba(255, 255, 255));
}

TEST_F(ProgramDraws, SamplersOfDifferentTypesOnOneUnit) {
  GLuint p = program(kFullscreenVs, R"(#version 300 es
precision mediump float;
uniform sampler2D a;
uniform samplerCube b;
out vec4 o;
void main() { o = texture(a, vec2(0.5)) + texture(b, vec3(1.0)); })");
  glUseProgram(p);
  draw();  // both on unit 0
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glValidateProgram(p);
  GLint ok = 1;
  glGetProgramiv(p, GL_VALIDATE_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  glUniform1i(glGetUniformLocation(p, "b"), 1);
  draw();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glValidateProgram(p);
  glGetProgramiv(p, GL_VALIDATE_STATUS, &ok);
  EXPECT_EQ(ok, GL_TRUE);
  glDeleteProgram(p);
}

// An ES 3.0 context (what Brass advertises) has none of ES 3.1: GLSL ES
// 3.10 does not compile, compute shaders and the ES 3.1 buffer targets are
// unknown enums.
TEST_F(Programs, Es30ContextHasNoEs31) {
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(glGetString(GL_VERSION))).rfind("OpenGL ES 3.0 ", 0), 0u);
  GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
  const char* src = "#version 310 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 1;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  char log[512] = {};
  glGetShaderInfoLog(s, sizeof(log), nullptr, log);
  EXPECT_NE(std::string(log).find("version"), std::string::npos) << log;
  glDeleteShader(s);
  constexpr GLenum kComputeShader = 0x91B9, kShaderStorageBuffer = 0x90D2, kDispatchIndirectBuffer = 0x90EE;
  EXPECT_EQ(glCreateShader(kComputeShader), 0u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLuint b = 0;
  glGenBuffers(1, &b);
  glBindBuffer(kShaderStorageBuffer, b);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glBindBuffer(kDispatchIndirectBuffer, b);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glBindBufferBase(kShaderStorageBuffer, 0, b);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteBuffers(1, &b);
  // Geometry shaders are ES 3.1 extensions: not here, nor their modes,
  // queries and limits.
  constexpr GLenum kGeometryShader = 0x8DD9, kLinesAdjacency = 0x000A, kPrimitivesGenerated = 0x8C87,
                   kMaxGeometryOutputVertices = 0x8DE0;
  EXPECT_FALSE(has_extension("GL_EXT_geometry_shader"));
  EXPECT_FALSE(has_extension("GL_OES_geometry_shader"));
  EXPECT_FALSE(has_extension("GL_EXT_shader_io_blocks"));
  EXPECT_EQ(glCreateShader(kGeometryShader), 0u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDrawArrays(kLinesAdjacency, 0, 4);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLuint q = 0;
  glGenQueries(1, &q);
  glBeginQuery(kPrimitivesGenerated, q);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteQueries(1, &q);
  GLint v = 0;
  glGetIntegerv(kMaxGeometryOutputVertices, &v);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // EGL will not make an ES 3.1 context either.
  const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
  EXPECT_EQ(eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
}

}  // namespace
}  // namespace brass::e2e
