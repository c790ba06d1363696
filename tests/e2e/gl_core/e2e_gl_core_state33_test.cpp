// The GL 1.0-3.3 core-profile state commands ES has no form of, with their
// results read back: glLogicOp with COLOR_LOGIC_OP, glDrawBuffer,
// glPointParameter (gl_PointCoord's origin), glClampColor on a float
// readback, FRAMEBUFFER_SRGB, MULTISAMPLE and SAMPLE_ALPHA_TO_ONE, every
// glVertexAttrib* form's current value as a shader reads it, glGetDoublev,
// glPixelStoref, glClearDepth, glHint's desktop targets,
// glGetActiveUniformName and glGetVertexAttribdv; and the errors of each.
#include <cmath>
#include <functional>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

constexpr GLenum kNoError = GL_NO_ERROR;

// Fullscreen triangle, constant colour from a uniform.
constexpr const char* kUniformColorFs = R"(#version 330 core
uniform vec4 u_color;
out vec4 color;
void main() { color = u_color; })";

class GlCoreState33 : public GlCoreTest {
 protected:
  // A framebuffer object with one colour texture of `internal_format`.
  GLuint color_fbo(GLenum internal_format, GLenum format, GLenum type, GLuint* texture) {
    glGenTextures(1, texture);
    glBindTexture(GL_TEXTURE_2D, *texture);
    glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(internal_format), kWidth, kHeight, 0, format, type, nullptr);
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *texture, 0);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    return fbo;
  }
  GLuint uniform_color_program(float r, float g, float b, float a) {
    GLuint p = program(kCoreFullscreenVs, kUniformColorFs);
    glUseProgram(p);
    glUniform4f(glGetUniformLocation(p, "u_color"), r, g, b, a);
    return p;
  }
  static void expect_error(GLenum e, const char* what) {
    EXPECT_EQ(glGetError(), e) << what;
  }
};

TEST_F(GlCoreState33, LogicOpXorOnRgba8) {
  EXPECT_FALSE(glIsEnabled(GL_COLOR_LOGIC_OP));
  GLint mode = 0;
  glGetIntegerv(GL_LOGIC_OP_MODE, &mode);
  EXPECT_EQ(mode, GL_COPY);

  GLuint p = uniform_color_program(1.0f, 1.0f, 15.0f / 255.0f, 0.0f);
  glClearColor(15.0f / 255.0f, 240.0f / 255.0f, 51.0f / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_COLOR_LOGIC_OP);
  glLogicOp(GL_XOR);
  // Blending is replaced by the logic op.
  glEnable(GL_BLEND);
  glBlendFunc(GL_ZERO, GL_ZERO);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(5, 5), rgba(0x0f ^ 0xff, 0xf0 ^ 0xff, 0x33 ^ 0x0f, 0xff ^ 0x00));
  glDisable(GL_BLEND);

  glGetIntegerv(GL_LOGIC_OP_MODE, &mode);
  EXPECT_EQ(mode, GL_XOR);
  EXPECT_TRUE(glIsEnabled(GL_COLOR_LOGIC_OP));

  // Another op on the same state: INVERT ignores the source.
  glLogicOp(GL_INVERT);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(20, 20), rgba(0xf0, 0x0f, 0xcc, 0x00));

  // Disabled: the source is written as is.
  glDisable(GL_COLOR_LOGIC_OP);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(20, 20), rgba(0xff, 0xff, 0x0f, 0x00));

  glLogicOp(GL_FUNC_ADD);
  expect_error(GL_INVALID_ENUM, "LogicOp with a blend equation");
  glGetIntegerv(GL_LOGIC_OP_MODE, &mode);
  EXPECT_EQ(mode, GL_INVERT);
  glDeleteProgram(p);
}

TEST_F(GlCoreState33, DrawBufferSelectsOneAttachmentOrNone) {
  // Default framebuffer: BACK, and names that include the back-left buffer.
  GLint db = 0;
  glGetIntegerv(GL_DRAW_BUFFER, &db);
  EXPECT_EQ(db, GL_BACK);
  for (GLenum ok : {GL_BACK_LEFT, GL_LEFT, GL_FRONT_AND_BACK, GL_BACK}) {
    glDrawBuffer(ok);
    expect_error(kNoError, "default framebuffer name of the back buffer");
  }
  for (GLenum missing : {GL_FRONT, GL_FRONT_LEFT, GL_RIGHT, GL_BACK_RIGHT, GL_COLOR_ATTACHMENT0}) {
    glDrawBuffer(missing);
    expect_error(GL_INVALID_OPERATION, "a buffer the default framebuffer lacks");
  }
  glDrawBuffer(GL_RGBA);
  expect_error(GL_INVALID_ENUM, "not a buffer name");

  // NONE on the default framebuffer: draws write nothing.
  GLuint p = uniform_color_program(0, 1, 0, 1);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawBuffer(GL_NONE);
  glGetIntegerv(GL_DRAW_BUFFER, &db);
  EXPECT_EQ(db, GL_NONE);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(8, 8), rgba(0, 0, 255));
  glDrawBuffer(GL_BACK);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(8, 8), rgba(0, 255, 0));

  // A framebuffer object with two attachments: output 0 goes to the one
  // DrawBuffer names.
  GLuint tex[2] = {};
  glGenTextures(2, tex);
  GLuint fbo = 0;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  for (int i = 0; i < 2; ++i) {
    glBindTexture(GL_TEXTURE_2D, tex[i]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kWidth, kHeight, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D, tex[i], 0);
  }
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glGetIntegerv(GL_DRAW_BUFFER, &db);
  EXPECT_EQ(db, GL_COLOR_ATTACHMENT0);
  const GLenum both[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, both);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);

  glDrawBuffer(GL_COLOR_ATTACHMENT1);
  glGetIntegerv(GL_DRAW_BUFFER, &db);
  EXPECT_EQ(db, GL_COLOR_ATTACHMENT1);
  glGetIntegerv(GL_DRAW_BUFFER1, &db);
  EXPECT_EQ(db, GL_NONE);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  EXPECT_EQ(pixel(4, 4), rgba(0, 0, 0)) << "attachment 0 is no draw buffer now";
  glReadBuffer(GL_COLOR_ATTACHMENT1);
  EXPECT_EQ(pixel(4, 4), rgba(0, 255, 0));

  glDrawBuffer(GL_NONE);
  glUniform4f(glGetUniformLocation(p, "u_color"), 1, 0, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(4, 4), rgba(0, 255, 0)) << "DrawBuffer(NONE) writes nothing";

  glDrawBuffer(GL_BACK);
  expect_error(GL_INVALID_OPERATION, "a default-framebuffer name on a framebuffer object");
  GLint max_attachments = 0;
  glGetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &max_attachments);
  glDrawBuffer(GL_COLOR_ATTACHMENT0 + static_cast<GLenum>(max_attachments));
  expect_error(GL_INVALID_OPERATION, "an attachment past MAX_COLOR_ATTACHMENTS");
  glDrawBuffer(GL_DEPTH_ATTACHMENT);
  expect_error(GL_INVALID_ENUM, "not a colour buffer");

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(2, tex);
  glDeleteProgram(p);
}

// Desktop glDrawBuffers and glReadBuffer: attachments in any order, each
// once; the default framebuffer's buffer names.
TEST_F(GlCoreState33, DesktopDrawBuffersAndReadBufferNames) {
  const GLenum back_left = GL_BACK_LEFT;
  glDrawBuffers(1, &back_left);
  expect_error(kNoError, "BACK_LEFT on the default framebuffer");
  const GLenum front_left = GL_FRONT_LEFT;
  glDrawBuffers(1, &front_left);
  expect_error(GL_INVALID_OPERATION, "a buffer the default framebuffer lacks");
  const GLenum front = GL_FRONT;
  glDrawBuffers(1, &front);
  expect_error(GL_INVALID_ENUM, "FRONT names two buffers");
  const GLenum back_twice[2] = {GL_BACK, GL_NONE};
  glDrawBuffers(2, back_twice);
  expect_error(GL_INVALID_OPERATION, "BACK with n other than one");
  glReadBuffer(GL_BACK_LEFT);
  expect_error(kNoError, "ReadBuffer(BACK_LEFT)");
  glReadBuffer(GL_FRONT);
  expect_error(GL_INVALID_OPERATION, "ReadBuffer of a missing front buffer");
  glReadBuffer(GL_BACK);

  GLuint tex[2] = {};
  glGenTextures(2, tex);
  GLuint fbo = 0;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  for (int i = 0; i < 2; ++i) {
    glBindTexture(GL_TEXTURE_2D, tex[i]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kWidth, kHeight, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D, tex[i], 0);
  }
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
layout(location = 0) out vec4 c0;
layout(location = 1) out vec4 c1;
void main() { c0 = vec4(1.0, 0.0, 0.0, 1.0); c1 = vec4(0.0, 0.0, 1.0, 1.0); })");
  glUseProgram(p);
  const GLenum swapped[2] = {GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT0};
  glDrawBuffers(2, swapped);
  expect_error(kNoError, "attachments out of order");
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  EXPECT_EQ(pixel(3, 3), rgba(0, 0, 255)) << "output 1 in attachment 0";
  glReadBuffer(GL_COLOR_ATTACHMENT1);
  EXPECT_EQ(pixel(3, 3), rgba(255, 0, 0)) << "output 0 in attachment 1";

  const GLenum twice[2] = {GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, twice);
  expect_error(GL_INVALID_OPERATION, "an attachment twice");
  glDrawBuffers(1, &back_left);
  expect_error(GL_INVALID_OPERATION, "a default-framebuffer name on a framebuffer object");
  glReadBuffer(GL_BACK_LEFT);
  expect_error(GL_INVALID_OPERATION, "ReadBuffer of a default-framebuffer name on a framebuffer object");
  GLint db = 0;
  glGetIntegerv(GL_DRAW_BUFFER0, &db);
  EXPECT_EQ(db, GL_COLOR_ATTACHMENT1) << "failed calls leave the draw buffers";

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(2, tex);
  glDeleteProgram(p);
}

TEST_F(GlCoreState33, PointSpriteCoordOrigin) {
  GLint origin = 0;
  glGetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, &origin);
  EXPECT_EQ(origin, GL_UPPER_LEFT);
  GLfloat fade = 0;
  glGetFloatv(GL_POINT_FADE_THRESHOLD_SIZE, &fade);
  EXPECT_EQ(fade, 1.0f);

  GLuint p = program(R"(#version 330 core
void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); })",
                     R"(#version 330 core
out vec4 color;
void main() { color = vec4(gl_PointCoord.y, 0.0, 0.0, 1.0); })");
  glUseProgram(p);
  glPointSize(16.0f);
  auto red_at = [&](int y) { return pixel(kWidth / 2, y) & 0xff; };

  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 1);
  // The point covers window rows 8..23; UPPER_LEFT: t grows downwards.
  EXPECT_LT(red_at(22), 32u) << "near the top";
  EXPECT_GT(red_at(9), 220u) << "near the bottom";

  glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
  glGetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, &origin);
  EXPECT_EQ(origin, GL_LOWER_LEFT);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 1);
  EXPECT_GT(red_at(22), 220u) << "near the top";
  EXPECT_LT(red_at(9), 32u) << "near the bottom";

  // Back to the default through the float form.
  glPointParameterf(GL_POINT_SPRITE_COORD_ORIGIN, static_cast<GLfloat>(GL_UPPER_LEFT));
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 1);
  EXPECT_LT(red_at(22), 32u);

  glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_FRONT);
  expect_error(GL_INVALID_ENUM, "an origin that is neither corner");
  glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, -1.0f);
  expect_error(GL_INVALID_VALUE, "a negative fade threshold");
  const GLfloat two = 2.0f;
  glPointParameterfv(GL_POINT_FADE_THRESHOLD_SIZE, &two);
  glGetFloatv(GL_POINT_FADE_THRESHOLD_SIZE, &fade);
  EXPECT_EQ(fade, 2.0f);
  const GLint three = 3;
  glPointParameteriv(GL_POINT_FADE_THRESHOLD_SIZE, &three);
  glGetFloatv(GL_POINT_FADE_THRESHOLD_SIZE, &fade);
  EXPECT_EQ(fade, 3.0f);
  glPointParameteri(GL_POINT_SIZE, 2);
  expect_error(GL_INVALID_ENUM, "not a point parameter");
  glDeleteProgram(p);
}

TEST_F(GlCoreState33, ClampReadColorOnFloatReadback) {
  GLint clamp = 0;
  glGetIntegerv(GL_CLAMP_READ_COLOR, &clamp);
  EXPECT_EQ(clamp, GL_FIXED_ONLY);

  GLuint tex = 0;
  GLuint fbo = color_fbo(GL_RGBA32F, GL_RGBA, GL_FLOAT, &tex);
  const GLfloat value[4] = {2.0f, -1.0f, 0.5f, 3.0f};
  glClearBufferfv(GL_COLOR, 0, value);
  auto read = [&](GLfloat out[4]) { glReadPixels(3, 3, 1, 1, GL_RGBA, GL_FLOAT, out); };
  GLfloat got[4] = {};
  read(got);
  EXPECT_EQ(got[0], 2.0f) << "FIXED_ONLY leaves a float buffer unclamped";
  EXPECT_EQ(got[1], -1.0f);
  EXPECT_EQ(got[3], 3.0f);

  glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
  glGetIntegerv(GL_CLAMP_READ_COLOR, &clamp);
  EXPECT_EQ(clamp, GL_TRUE);
  read(got);
  EXPECT_EQ(got[0], 1.0f);
  EXPECT_EQ(got[1], 0.0f);
  EXPECT_EQ(got[2], 0.5f);
  EXPECT_EQ(got[3], 1.0f);

  glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
  read(got);
  EXPECT_EQ(got[0], 2.0f);
  EXPECT_EQ(got[1], -1.0f);

  glClampColor(0x891A /* CLAMP_VERTEX_COLOR */, GL_TRUE);
  expect_error(GL_INVALID_ENUM, "the compatibility profile's vertex clamp");
  glClampColor(GL_CLAMP_READ_COLOR, GL_RGBA);
  expect_error(GL_INVALID_ENUM, "neither TRUE, FALSE nor FIXED_ONLY");
  glGetIntegerv(GL_CLAMP_READ_COLOR, &clamp);
  EXPECT_EQ(clamp, GL_FALSE);

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
}

TEST_F(GlCoreState33, FramebufferSrgbToggle) {
  EXPECT_FALSE(glIsEnabled(GL_FRAMEBUFFER_SRGB)) << "desktop default: off";
  GLuint tex = 0;
  GLuint fbo = color_fbo(GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, &tex);
  GLint encoding = 0;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING,
                                        &encoding);
  EXPECT_EQ(encoding, GL_SRGB);
  GLuint p = uniform_color_program(0.5f, 0.5f, 0.5f, 1.0f);
  glClearColor(0, 0, 0, 1);

  // Off: written as is (0.5 -> 128).
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  uint32_t px = pixel(6, 6);
  EXPECT_NEAR(static_cast<int>(px & 0xff), 128, 1);

  // On: encoded (linear 0.5 is sRGB 0.735 -> 188).
  glEnable(GL_FRAMEBUFFER_SRGB);
  EXPECT_TRUE(glIsEnabled(GL_FRAMEBUFFER_SRGB));
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  px = pixel(6, 6);
  EXPECT_NEAR(static_cast<int>(px & 0xff), 188, 1);
  EXPECT_EQ(px >> 24, 255u) << "alpha is never encoded";

  // Blending follows: with encoding on, the destination is decoded, blended
  // linearly and encoded again (0.5 * 0.5 + 0.5 * 0.5 linear = 0.5: 188);
  // off, the stored values blend as they are (128 with 128: 128).
  glEnable(GL_BLEND);
  glBlendFunc(GL_CONSTANT_ALPHA, GL_ONE_MINUS_CONSTANT_ALPHA);
  glBlendColor(0, 0, 0, 0.5f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_NEAR(static_cast<int>(pixel(6, 6) & 0xff), 188, 1);
  glDisable(GL_FRAMEBUFFER_SRGB);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glUniform4f(glGetUniformLocation(p, "u_color"), 1.0f, 1.0f, 1.0f, 1.0f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_NEAR(static_cast<int>(pixel(6, 6) & 0xff), 128, 1) << "black and white half and half, unencoded";
  glDisable(GL_BLEND);

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
  glDeleteProgram(p);
}

// Multisample operations: alpha to coverage drops a fragment of alpha 0
// only while MULTISAMPLE is on; SAMPLE_ALPHA_TO_ONE makes alpha 1.
TEST_F(GlCoreState33, MultisampleAndAlphaToOne) {
  EXPECT_TRUE(glIsEnabled(GL_MULTISAMPLE)) << "default: on";
  EXPECT_FALSE(glIsEnabled(GL_SAMPLE_ALPHA_TO_ONE));
  GLuint rb = 0, fbo = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, kWidth, kHeight);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  GLuint p = uniform_color_program(0, 1, 0, 0);
  // Resolves into the default framebuffer and reads it there.
  auto draw_and_read = [&]() {
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, kWidth, kHeight, 0, 0, kWidth, kHeight, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return pixel(10, 10);
  };
  glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
  EXPECT_EQ(draw_and_read(), rgba(0, 0, 0)) << "alpha 0 covers no sample";
  glDisable(GL_MULTISAMPLE);
  EXPECT_FALSE(glIsEnabled(GL_MULTISAMPLE));
  EXPECT_EQ(draw_and_read(), rgba(0, 255, 0, 0)) << "MULTISAMPLE off: no alpha to coverage";
  glEnable(GL_MULTISAMPLE);
  glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);

  glEnable(GL_SAMPLE_ALPHA_TO_ONE);
  EXPECT_TRUE(glIsEnabled(GL_SAMPLE_ALPHA_TO_ONE));
  EXPECT_EQ(draw_and_read(), rgba(0, 255, 0, 255)) << "alpha replaced by 1";
  glDisable(GL_SAMPLE_ALPHA_TO_ONE);
  EXPECT_EQ(draw_and_read(), rgba(0, 255, 0, 0));

  glDeleteFramebuffers(1, &fbo);
  glDeleteRenderbuffers(1, &rb);
  glDeleteProgram(p);
}

// Each glVertexAttrib* form sets the current value a shader reads with the
// array disabled, read back from a float colour buffer.
TEST_F(GlCoreState33, EveryVertexAttribFormReadByAShader) {
  GLuint tex = 0;
  GLuint fbo = color_fbo(GL_RGBA32F, GL_RGBA, GL_FLOAT, &tex);
  auto attrib_program = [&](const char* type) {
    std::string vs = std::string("#version 330 core\nlayout(location = 3) in ") + type + R"( a;
flat out vec4 v;
void main() {
  v = vec4(a);
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
})";
    return program(vs.c_str(), R"(#version 330 core
flat in vec4 v;
out vec4 color;
void main() { color = v; })");
  };
  const GLuint float_program = attrib_program("vec4"), int_program = attrib_program("ivec4"),
               uint_program = attrib_program("uvec4");
  struct Case {
    const char* name;
    GLuint program;
    std::function<void()> set;
    GLfloat expect[4];
  };
  const GLdouble d4[4] = {0.25, -2.5, 3.0, 4.5};
  const GLshort s4[4] = {-3, 7, 300, -32768};
  const GLbyte b4[4] = {-128, -127, 0, 127};
  const GLint i4[4] = {-5, 6, 70000, -2147483647 - 1};
  const GLubyte ub4[4] = {0, 51, 255, 128};
  const GLuint ui4[4] = {1, 2, 70000, 0xffffffffu};
  const GLushort us4[4] = {0, 65535, 13107, 1};
  // 2_10_10_10: x = -511 (0x201), y = 511, z = 0, w = -1 (3).
  const GLuint packed_signed = 0x201u | (0x1ffu << 10) | (0u << 20) | (3u << 30);
  // x = 1023, y = 0, z = 341, w = 2.
  const GLuint packed_unsigned = 1023u | (0u << 10) | (341u << 20) | (2u << 30);
  const float ns = 1.0f / 32767.0f;
  const Case cases[] = {
      {"1d", float_program, [] { glVertexAttrib1d(3, 0.5); }, {0.5f, 0, 0, 1}},
      {"2d", float_program, [] { glVertexAttrib2d(3, 0.5, -1.0); }, {0.5f, -1, 0, 1}},
      {"3d", float_program, [] { glVertexAttrib3d(3, 1, 2, 3); }, {1, 2, 3, 1}},
      {"4d", float_program, [] { glVertexAttrib4d(3, 1, 2, 3, 4); }, {1, 2, 3, 4}},
      {"1dv", float_program, [&] { glVertexAttrib1dv(3, d4); }, {0.25f, 0, 0, 1}},
      {"2dv", float_program, [&] { glVertexAttrib2dv(3, d4); }, {0.25f, -2.5f, 0, 1}},
      {"3dv", float_program, [&] { glVertexAttrib3dv(3, d4); }, {0.25f, -2.5f, 3, 1}},
      {"4dv", float_program, [&] { glVertexAttrib4dv(3, d4); }, {0.25f, -2.5f, 3, 4.5f}},
      {"1s", float_program, [] { glVertexAttrib1s(3, -7); }, {-7, 0, 0, 1}},
      {"2s", float_program, [] { glVertexAttrib2s(3, 1, 2); }, {1, 2, 0, 1}},
      {"3s", float_program, [] { glVertexAttrib3s(3, 1, 2, 3); }, {1, 2, 3, 1}},
      {"4s", float_program, [] { glVertexAttrib4s(3, 1, 2, 3, 4); }, {1, 2, 3, 4}},
      {"1sv", float_program, [&] { glVertexAttrib1sv(3, s4); }, {-3, 0, 0, 1}},
      {"2sv", float_program, [&] { glVertexAttrib2sv(3, s4); }, {-3, 7, 0, 1}},
      {"3sv", float_program, [&] { glVertexAttrib3sv(3, s4); }, {-3, 7, 300, 1}},
      {"4sv", float_program, [&] { glVertexAttrib4sv(3, s4); }, {-3, 7, 300, -32768}},
      {"4bv", float_program, [&] { glVertexAttrib4bv(3, b4); }, {-128, -127, 0, 127}},
      {"4iv", float_program, [&] { glVertexAttrib4iv(3, i4); }, {-5, 6, 70000, -2147483648.0f}},
      {"4ubv", float_program, [&] { glVertexAttrib4ubv(3, ub4); }, {0, 51, 255, 128}},
      {"4uiv", float_program, [&] { glVertexAttrib4uiv(3, ui4); }, {1, 2, 70000, 4294967295.0f}},
      {"4usv", float_program, [&] { glVertexAttrib4usv(3, us4); }, {0, 65535, 13107, 1}},
      {"4Nbv", float_program, [&] { glVertexAttrib4Nbv(3, b4); }, {-1, -1, 0, 1}},
      {"4Niv", float_program, [&] { glVertexAttrib4Niv(3, i4); },
       {-5.0f / 2147483647.0f, 6.0f / 2147483647.0f, 70000.0f / 2147483647.0f, -1}},
      {"4Nsv", float_program, [&] { glVertexAttrib4Nsv(3, s4); }, {-3 * ns, 7 * ns, 300 * ns, -1}},
      {"4Nub", float_program, [] { glVertexAttrib4Nub(3, 0, 51, 255, 102); }, {0, 0.2f, 1, 0.4f}},
      {"4Nubv", float_program, [&] { glVertexAttrib4Nubv(3, ub4); }, {0, 0.2f, 1, 128.0f / 255.0f}},
      {"4Nuiv", float_program, [&] { glVertexAttrib4Nuiv(3, ui4); },
       {1.0f / 4294967295.0f, 2.0f / 4294967295.0f, 70000.0f / 4294967295.0f, 1}},
      {"4Nusv", float_program, [&] { glVertexAttrib4Nusv(3, us4); }, {0, 1, 0.2f, 1.0f / 65535.0f}},
      {"I1i", int_program, [] { glVertexAttribI1i(3, -9); }, {-9, 0, 0, 1}},
      {"I2i", int_program, [] { glVertexAttribI2i(3, -9, 8); }, {-9, 8, 0, 1}},
      {"I3i", int_program, [] { glVertexAttribI3i(3, -9, 8, 7); }, {-9, 8, 7, 1}},
      {"I1iv", int_program, [&] { glVertexAttribI1iv(3, i4); }, {-5, 0, 0, 1}},
      {"I2iv", int_program, [&] { glVertexAttribI2iv(3, i4); }, {-5, 6, 0, 1}},
      {"I3iv", int_program, [&] { glVertexAttribI3iv(3, i4); }, {-5, 6, 70000, 1}},
      {"I4bv", int_program, [&] { glVertexAttribI4bv(3, b4); }, {-128, -127, 0, 127}},
      {"I4sv", int_program, [&] { glVertexAttribI4sv(3, s4); }, {-3, 7, 300, -32768}},
      {"I1ui", uint_program, [] { glVertexAttribI1ui(3, 9); }, {9, 0, 0, 1}},
      {"I2ui", uint_program, [] { glVertexAttribI2ui(3, 9, 8); }, {9, 8, 0, 1}},
      {"I3ui", uint_program, [] { glVertexAttribI3ui(3, 9, 8, 70000); }, {9, 8, 70000, 1}},
      {"I1uiv", uint_program, [&] { glVertexAttribI1uiv(3, ui4); }, {1, 0, 0, 1}},
      {"I2uiv", uint_program, [&] { glVertexAttribI2uiv(3, ui4); }, {1, 2, 0, 1}},
      {"I3uiv", uint_program, [&] { glVertexAttribI3uiv(3, ui4); }, {1, 2, 70000, 1}},
      {"I4ubv", uint_program, [&] { glVertexAttribI4ubv(3, ub4); }, {0, 51, 255, 128}},
      {"I4usv", uint_program, [&] { glVertexAttribI4usv(3, us4); }, {0, 65535, 13107, 1}},
      {"P4ui signed", float_program, [&] { glVertexAttribP4ui(3, GL_INT_2_10_10_10_REV, GL_FALSE, packed_signed); },
       {-511, 511, 0, -1}},
      {"P4ui signed normalized", float_program,
       [&] { glVertexAttribP4ui(3, GL_INT_2_10_10_10_REV, GL_TRUE, packed_signed); }, {-1, 1, 0, -1}},
      {"P4ui unsigned", float_program,
       [&] { glVertexAttribP4ui(3, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, packed_unsigned); }, {1023, 0, 341, 2}},
      {"P4uiv unsigned normalized", float_program,
       [&] { glVertexAttribP4uiv(3, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, &packed_unsigned); },
       {1, 0, 341.0f / 1023.0f, 2.0f / 3.0f}},
      {"P3ui unsigned", float_program,
       [&] { glVertexAttribP3ui(3, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, packed_unsigned); }, {1023, 0, 341, 1}},
      {"P2uiv signed", float_program,
       [&] { glVertexAttribP2uiv(3, GL_INT_2_10_10_10_REV, GL_FALSE, &packed_signed); }, {-511, 511, 0, 1}},
      {"P1ui signed normalized", float_program,
       [&] { glVertexAttribP1ui(3, GL_INT_2_10_10_10_REV, GL_TRUE, packed_signed); }, {-1, 0, 0, 1}},
      {"P1uiv unsigned", float_program,
       [&] { glVertexAttribP1uiv(3, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, &packed_unsigned); }, {1023, 0, 0, 1}},
      {"P3uiv signed normalized", float_program,
       [&] { glVertexAttribP3uiv(3, GL_INT_2_10_10_10_REV, GL_TRUE, &packed_signed); }, {-1, 1, 0, 1}},
      {"P2ui unsigned normalized", float_program,
       [&] { glVertexAttribP2ui(3, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, packed_unsigned); }, {1, 0, 0, 1}},
  };
  for (const Case& c : cases) {
    glUseProgram(c.program);
    c.set();
    ASSERT_EQ(glGetError(), kNoError) << c.name;
    glClearColor(0.125f, 0.125f, 0.125f, 0.125f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    GLfloat got[4] = {};
    glReadPixels(5, 5, 1, 1, GL_RGBA, GL_FLOAT, got);
    for (int k = 0; k < 4; ++k)
      EXPECT_NEAR(got[k], c.expect[k], std::fabs(c.expect[k]) * 1e-6f + 1e-6f) << c.name << " component " << k;
  }

  // The current value as the queries report it.
  glVertexAttrib4d(3, 0.5, 1.5, -2.0, 8.0);
  GLdouble dv[4] = {};
  glGetVertexAttribdv(3, GL_CURRENT_VERTEX_ATTRIB, dv);
  EXPECT_EQ(dv[0], 0.5);
  EXPECT_EQ(dv[1], 1.5);
  EXPECT_EQ(dv[2], -2.0);
  EXPECT_EQ(dv[3], 8.0);
  GLdouble enabled = -1;
  glGetVertexAttribdv(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &enabled);
  EXPECT_EQ(enabled, 0.0);
  GLdouble size = 0;
  glGetVertexAttribdv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, &size);
  EXPECT_EQ(size, 4.0);
  glGetVertexAttribdv(3, GL_TEXTURE_2D, dv);
  expect_error(GL_INVALID_ENUM, "GetVertexAttribdv of no attribute state");

  // Errors.
  GLint max_attribs = 0;
  glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max_attribs);
  const GLuint past = static_cast<GLuint>(max_attribs);
  glVertexAttrib1d(past, 1.0);
  expect_error(GL_INVALID_VALUE, "VertexAttrib1d past MAX_VERTEX_ATTRIBS");
  glVertexAttrib4Nubv(past, ub4);
  expect_error(GL_INVALID_VALUE, "VertexAttrib4Nubv past MAX_VERTEX_ATTRIBS");
  glVertexAttribI2ui(past, 1, 2);
  expect_error(GL_INVALID_VALUE, "VertexAttribI2ui past MAX_VERTEX_ATTRIBS");
  glVertexAttribP4ui(past, GL_INT_2_10_10_10_REV, GL_FALSE, 0);
  expect_error(GL_INVALID_VALUE, "VertexAttribP4ui past MAX_VERTEX_ATTRIBS");
  glGetVertexAttribdv(past, GL_CURRENT_VERTEX_ATTRIB, dv);
  expect_error(GL_INVALID_VALUE, "GetVertexAttribdv past MAX_VERTEX_ATTRIBS");
  glVertexAttribP4ui(3, GL_FLOAT, GL_FALSE, 0);
  expect_error(GL_INVALID_ENUM, "VertexAttribP4ui of an unpacked type");
  glGetVertexAttribdv(3, GL_CURRENT_VERTEX_ATTRIB, dv);
  EXPECT_EQ(dv[0], 0.5) << "failed calls leave the value";
  // ARB_vertex_type_10f_11f_11f_rev (GL 4.4, listed in 3.3 contexts): three
  // unsigned floats, 1.0 (11 bits: exponent 15) in x.
  glVertexAttribP3ui(3, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 15u << 6);
  expect_error(GL_NO_ERROR, "VertexAttribP3ui of 10F_11F_11F");
  glGetVertexAttribdv(3, GL_CURRENT_VERTEX_ATTRIB, dv);
  EXPECT_EQ(dv[0], 1.0);
  EXPECT_EQ(dv[3], 1.0);

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
  for (GLuint p : {float_program, int_program, uint_program}) glDeleteProgram(p);
}

TEST_F(GlCoreState33, QueriesAndSmallStateCommands) {
  // Smooth enables are state.
  for (GLenum cap : {GL_LINE_SMOOTH, GL_POLYGON_SMOOTH}) {
    EXPECT_FALSE(glIsEnabled(cap));
    glEnable(cap);
    EXPECT_TRUE(glIsEnabled(cap));
    GLboolean b = GL_FALSE;
    glGetBooleanv(cap, &b);
    EXPECT_TRUE(b);
    glDisable(cap);
  }
  for (GLenum hint : {GL_LINE_SMOOTH_HINT, GL_POLYGON_SMOOTH_HINT, GL_TEXTURE_COMPRESSION_HINT}) {
    GLint v = 0;
    glGetIntegerv(hint, &v);
    EXPECT_EQ(v, GL_DONT_CARE);
    glHint(hint, GL_NICEST);
    glGetIntegerv(hint, &v);
    EXPECT_EQ(v, GL_NICEST);
  }
  GLfloat range[2] = {};
  glGetFloatv(GL_SMOOTH_LINE_WIDTH_RANGE, range);
  EXPECT_EQ(range[0], 1.0f);
  EXPECT_GE(range[1], 1.0f);

  // glClearDepth (double) and glGetDoublev.
  glClearDepth(0.25);
  GLdouble d = 0;
  glGetDoublev(GL_DEPTH_CLEAR_VALUE, &d);
  EXPECT_EQ(d, 0.25);
  glClearDepth(2.0);
  glGetDoublev(GL_DEPTH_CLEAR_VALUE, &d);
  EXPECT_EQ(d, 1.0) << "clamped to [0, 1]";
  GLdouble viewport[4] = {};
  glGetDoublev(GL_VIEWPORT, viewport);
  EXPECT_EQ(viewport[2], static_cast<GLdouble>(kWidth));
  EXPECT_EQ(viewport[3], static_cast<GLdouble>(kHeight));
  glClearColor(0.5f, 0.25f, 0.0f, 1.0f);
  GLdouble clear[4] = {};
  glGetDoublev(GL_COLOR_CLEAR_VALUE, clear);
  EXPECT_EQ(clear[0], 0.5);
  EXPECT_EQ(clear[1], 0.25);
  GLdouble enabled = -1;
  glGetDoublev(GL_DEPTH_TEST, &enabled);
  EXPECT_EQ(enabled, 0.0);
  GLdouble mask = 0;
  glGetDoublev(GL_STENCIL_WRITEMASK, &mask);
  EXPECT_EQ(mask, 4294967295.0) << "a mask is its unsigned value";
  glGetDoublev(GL_TEXTURE_2D, &d);
  expect_error(GL_INVALID_ENUM, "GetDoublev of no state");

  // glPixelStoref rounds to the integer parameter.
  glPixelStoref(GL_UNPACK_ALIGNMENT, 2.0f);
  GLint v = 0;
  glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
  EXPECT_EQ(v, 2);
  glPixelStoref(GL_PACK_ROW_LENGTH, 6.6f);
  glGetIntegerv(GL_PACK_ROW_LENGTH, &v);
  EXPECT_EQ(v, 7);
  glPixelStoref(GL_UNPACK_ALIGNMENT, 3.0f);
  expect_error(GL_INVALID_VALUE, "an alignment of 3");
  glPixelStoref(GL_PACK_ROW_LENGTH, -1.0f);
  expect_error(GL_INVALID_VALUE, "a negative row length");
  glPixelStoref(GL_TEXTURE_2D, 1.0f);
  expect_error(GL_INVALID_ENUM, "not a pixel store parameter");
  glPixelStoref(GL_PACK_ROW_LENGTH, 0.0f);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);

  // glGetActiveUniformName: GetProgramResourceName's answer.
  GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform vec4 u_a;
uniform float u_b[3];
out vec4 color;
void main() { color = u_a * u_b[2]; })");
  GLint count = 0;
  glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &count);
  ASSERT_EQ(count, 2);
  for (GLuint i = 0; i < 2; ++i) {
    char name[32] = {}, resource[32] = {};
    GLsizei length = -1, resource_length = -1;
    glGetActiveUniformName(p, i, sizeof(name), &length, name);
    glGetProgramResourceName(p, GL_UNIFORM, i, sizeof(resource), &resource_length, resource);
    EXPECT_STREQ(name, resource);
    EXPECT_EQ(length, resource_length);
  }
  char small[3] = {};
  GLsizei length = -1;
  glGetActiveUniformName(p, 0, sizeof(small), &length, small);
  EXPECT_EQ(length, 2) << "truncated to the buffer, without the terminator";
  glGetActiveUniformName(p, 2, sizeof(small), &length, small);
  expect_error(GL_INVALID_VALUE, "an index past the active uniforms");
  glGetActiveUniformName(p, 0, -1, &length, small);
  expect_error(GL_INVALID_VALUE, "a negative buffer size");
  glGetActiveUniformName(p + 100, 0, sizeof(small), &length, small);
  expect_error(GL_INVALID_VALUE, "no program of that name");
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
