// External textures (GL_OES_EGL_image_external, _essl3): the
// TEXTURE_EXTERNAL_OES target over an EGLImage, samplerExternalOES in GLSL ES
// 1.00 and 3.00 with each built-in the extensions give it, the target's
// defaults, restrictions and errors, and incompleteness.
#include <cstring>
#include <string>

#include "e2e_egl_image_fixture.h"

namespace brass::e2e {
namespace {

using E2eEglImageExternal = EglImageTest;

// ESSL 1.00: a full-viewport quad whose texture coordinates run 0..1.
constexpr const char* kVs100 = R"(attribute vec2 pos;
varying vec2 uv;
void main() { uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); })";

constexpr const char* kFs100 = R"(#extension GL_OES_EGL_image_external : require
precision mediump float;
uniform samplerExternalOES s;
varying vec2 uv;
void main() {
  // The left half samples with texture2D, the right with texture2DProj
  // (both forms of q), which must agree.
  if (uv.x < 0.5) gl_FragColor = texture2D(s, uv);
  else if (uv.y < 0.5) gl_FragColor = texture2DProj(s, vec3(uv * 2.0, 2.0));
  else gl_FragColor = texture2DProj(s, vec4(uv * 4.0, 7.0, 4.0));
})";

// A 2 x 2 texture with four colours, to see that the image is not flipped.
constexpr uint32_t kTexels[4] = {0xff0000ffu /* red */, 0xff00ff00u /* green */, 0xffff0000u /* blue */,
                                 0xffffffffu /* white */};

GLuint quad_texture() {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, kTexels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  return t;
}

// An external texture (TEXTURE_EXTERNAL_OES, bound on the active unit)
// over `image`, sampled NEAREST.
GLuint external_texture(PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_texture, EGLImageKHR image) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_EXTERNAL_OES, t);
  target_texture(GL_TEXTURE_EXTERNAL_OES, image);
  glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  return t;
}

void draw_quad(GLuint prog) {
  static const float kQuad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  glUseProgram(prog);
  const GLint pos = glGetAttribLocation(prog, "pos");
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glVertexAttribPointer(static_cast<GLuint>(pos), 2, GL_FLOAT, GL_FALSE, 0, kQuad);
  glEnableVertexAttribArray(static_cast<GLuint>(pos));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, 32, 32);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glDisableVertexAttribArray(static_cast<GLuint>(pos));
  glUseProgram(0);
}

TEST_F(E2eEglImageExternal, ExtensionsAreListed) {
  EXPECT_TRUE(has_extension("GL_OES_EGL_image_external"));
  EXPECT_TRUE(has_extension("GL_OES_EGL_image_external_essl3"));
}

TEST_F(E2eEglImageExternal, Essl100SamplesTheImage) {
  const GLuint src = quad_texture();
  EGLImageKHR image = image_of_texture(src);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  const GLuint ext = external_texture(target_texture, image);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const GLuint prog = program(kVs100, kFs100);
  draw_quad(prog);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // Quadrants: texel (0,0) red bottom left, (1,0) green bottom right,
  // (0,1) blue top left, (1,1) white top right.
  EXPECT_EQ(pixel(4, 4), rgba(255, 0, 0));
  EXPECT_EQ(pixel(27, 4), rgba(0, 255, 0));  // texture2DProj(vec3)
  EXPECT_EQ(pixel(4, 27), rgba(0, 0, 255));
  EXPECT_EQ(pixel(27, 27), rgba(255, 255, 255));  // texture2DProj(vec4)
  // The uniform's type is the external sampler's.
  GLint size = 0;
  GLenum type = 0;
  char name[32] = {};
  glGetActiveUniform(prog, 0, sizeof(name), nullptr, &size, &type, name);
  EXPECT_STREQ(name, "s");
  EXPECT_EQ(type, static_cast<GLenum>(GL_SAMPLER_EXTERNAL_OES));
  glDeleteProgram(prog);
  glDeleteTextures(1, &ext);
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &src);
}

TEST_F(E2eEglImageExternal, Essl3BuiltIns) {
  static constexpr const char* kFs = R"(#version 300 es
#extension GL_OES_EGL_image_external_essl3 : require
precision mediump float;
uniform samplerExternalOES s;
uniform int which;
out vec4 color;
void main() {
  if (which == 0) color = texture(s, vec2(0.75, 0.25));                        // green
  else if (which == 1) color = texture(s, vec2(0.25, 0.75), 0.0);              // blue (bias form)
  else if (which == 2) color = textureProj(s, vec3(1.5, 1.5, 2.0));            // white
  else if (which == 3) color = textureProj(s, vec4(0.5, 0.5, 9.0, 2.0), 0.0);  // red
  else if (which == 4) color = texelFetch(s, ivec2(1, 1), 0);                   // white
  else color = vec4(vec2(textureSize(s, 0)) / 255.0, 0.0, 1.0);                 // (2, 2)
})";
  const GLuint src = quad_texture();
  EGLImageKHR image = image_of_texture(src);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR);
  const GLuint ext = external_texture(target_texture, image);
  const GLuint prog = program(kFullscreenVs, kFs);
  glUseProgram(prog);
  const uint32_t expected[] = {rgba(0, 255, 0), rgba(0, 0, 255), rgba(255, 255, 255),
                               rgba(255, 0, 0), rgba(255, 255, 255), rgba(2, 2, 0)};
  for (int which = 0; which < 6; ++which) {
    glUniform1i(glGetUniformLocation(prog, "which"), which);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    EXPECT_EQ(pixel(16, 16), expected[which]) << "case " << which;
  }
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(prog);
  glDeleteTextures(1, &ext);
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &src);
}

// A sampler2D and a samplerExternalOES on two units read the texture bound
// to their own target of their unit.
TEST_F(E2eEglImageExternal, TwoDAndExternalOnOneUnitEach) {
  static constexpr const char* kFs = R"(#version 300 es
#extension GL_OES_EGL_image_external_essl3 : require
precision mediump float;
uniform samplerExternalOES e;
uniform sampler2D t;
out vec4 color;
void main() { color = texture(e, vec2(0.25)) + texture(t, vec2(0.5)); })";
  const GLuint src = quad_texture();
  EGLImageKHR image = image_of_texture(src);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR);
  glActiveTexture(GL_TEXTURE1);
  const GLuint ext = external_texture(target_texture, image);  // red at (0.25, 0.25)
  glActiveTexture(GL_TEXTURE0);
  const GLuint blue = solid_texture(rgba(0, 0, 255));
  // Unit 1's TEXTURE_2D binding and unit 0's external one stay empty:
  // sampling the wrong target would read (0,0,0,1).
  const GLuint prog = program(kFullscreenVs, kFs);
  glUseProgram(prog);
  glUniform1i(glGetUniformLocation(prog, "e"), 1);
  glUniform1i(glGetUniformLocation(prog, "t"), 0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(255, 0, 255));
  // The same unit for both types: a draw-time INVALID_OPERATION (ES 3.0 §2.11.9.1).
  glUniform1i(glGetUniformLocation(prog, "e"), 0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glUseProgram(0);
  glDeleteProgram(prog);
  glDeleteTextures(1, &ext);
  glDeleteTextures(1, &blue);
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &src);
}

TEST_F(E2eEglImageExternal, SiblingsShareTexels) {
  static constexpr const char* kFs = R"(#version 300 es
#extension GL_OES_EGL_image_external_essl3 : require
precision mediump float;
uniform samplerExternalOES s;
out vec4 color;
void main() { color = texture(s, vec2(0.5)); })";
  const GLuint rb = renderbuffer(GL_RGBA8);
  EGLImageKHR image = create_image_khr(dpy, ctx, EGL_GL_RENDERBUFFER_KHR, buffer(rb), nullptr);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR) << std::hex << eglGetError();
  attach_renderbuffer(rb);
  clear_attached(1, 1, 0);
  const GLuint ext = external_texture(target_texture, image);
  const GLuint prog = program(kFullscreenVs, kFs);
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(255, 255, 0));
  // A clear of the renderbuffer is seen through the external texture
  // (rebound, as the extension asks after a change).
  attach_renderbuffer(rb);
  clear_attached(0, 1, 1);
  glBindTexture(GL_TEXTURE_EXTERNAL_OES, ext);
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 255));
  glUseProgram(0);
  glDeleteProgram(prog);
  glDeleteTextures(1, &ext);
  destroy_image_khr(dpy, image);
  glDeleteRenderbuffers(1, &rb);
}

TEST_F(E2eEglImageExternal, IncompleteSamplesOpaqueBlack) {
  static constexpr const char* kFs = R"(#version 300 es
#extension GL_OES_EGL_image_external_essl3 : require
precision mediump float;
uniform samplerExternalOES s;
out vec4 color;
void main() { color = texture(s, vec2(0.5)) + vec4(0.0, 0.0, 0.5, 0.0); })";
  const GLuint prog = program(kFullscreenVs, kFs);
  glUseProgram(prog);
  // No image: (0,0,0,1) (OES_EGL_image_external §3.7.14), the default
  // external texture as a named one.
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_TRUE(colour_near(pixel(16, 16), rgba(0, 0, 128)));
  GLuint empty = 0;
  glGenTextures(1, &empty);
  glBindTexture(GL_TEXTURE_EXTERNAL_OES, empty);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_TRUE(colour_near(pixel(16, 16), rgba(0, 0, 128)));
  // With an image, but a sampler object whose state the target refuses:
  // incomplete (OES_EGL_image_external_essl3, BindSampler).
  const GLuint src = solid_texture(rgba(255, 0, 0));
  EGLImageKHR image = image_of_texture(src);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR);
  const GLuint ext = external_texture(target_texture, image);
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_TRUE(colour_near(pixel(16, 16), rgba(255, 0, 128)));
  GLuint sampler = 0;
  glGenSamplers(1, &sampler);
  glBindSampler(0, sampler);  // initial wrap REPEAT, min NEAREST_MIPMAP_LINEAR
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_TRUE(colour_near(pixel(16, 16), rgba(0, 0, 128)));
  glSamplerParameteri(sampler, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glSamplerParameteri(sampler, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glSamplerParameteri(sampler, GL_TEXTURE_WRAP_R, GL_REPEAT);  // not an external texture's concern
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_TRUE(colour_near(pixel(16, 16), rgba(255, 0, 128)));
  glBindSampler(0, 0);
  glDeleteSamplers(1, &sampler);
  glUseProgram(0);
  glDeleteProgram(prog);
  glDeleteTextures(1, &ext);
  glDeleteTextures(1, &empty);
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &src);
}

TEST_F(E2eEglImageExternal, TargetStateAndErrors) {
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_EXTERNAL_OES, tex);
  GLint v = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_EXTERNAL_OES, &v);
  EXPECT_EQ(v, static_cast<GLint>(tex));
  // Initial state: LINEAR filters, CLAMP_TO_EDGE wraps.
  glGetTexParameteriv(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MIN_FILTER, &v);
  EXPECT_EQ(v, GL_LINEAR);
  glGetTexParameteriv(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MAG_FILTER, &v);
  EXPECT_EQ(v, GL_LINEAR);
  glGetTexParameteriv(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_S, &v);
  EXPECT_EQ(v, GL_CLAMP_TO_EDGE);
  glGetTexParameteriv(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_T, &v);
  EXPECT_EQ(v, GL_CLAMP_TO_EDGE);
  glGetTexParameteriv(GL_TEXTURE_EXTERNAL_OES, GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES, &v);
  EXPECT_EQ(v, 1);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // Only NEAREST/LINEAR minification, CLAMP_TO_EDGE in s and t, base level 0.
  glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_S, GL_REPEAT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_BASE_LEVEL, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetTexParameteriv(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_S, &v);
  EXPECT_EQ(v, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_BASE_LEVEL, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGetTexParameteriv(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MIN_FILTER, &v);
  EXPECT_EQ(v, GL_NEAREST);
  // No image specification, copy or mipmap generation on the target.
  const uint32_t texel = 0;
  glTexImage2D(GL_TEXTURE_EXTERNAL_OES, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glTexSubImage2D(GL_TEXTURE_EXTERNAL_OES, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &texel);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glCopyTexImage2D(GL_TEXTURE_EXTERNAL_OES, 0, GL_RGBA, 0, 0, 1, 1, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glCopyTexSubImage2D(GL_TEXTURE_EXTERNAL_OES, 0, 0, 0, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glCompressedTexImage2D(GL_TEXTURE_EXTERNAL_OES, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, &texel);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glTexStorage2D(GL_TEXTURE_EXTERNAL_OES, 1, GL_RGBA8, 1, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glGenerateMipmap(GL_TEXTURE_EXTERNAL_OES);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  // An external texture is one for good: another target cannot bind it,
  // nor it a 2D texture.
  glBindTexture(GL_TEXTURE_2D, tex);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const GLuint two_d = solid_texture(rgba(1, 2, 3));
  glBindTexture(GL_TEXTURE_EXTERNAL_OES, two_d);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // REQUIRED_TEXTURE_IMAGE_UNITS_OES is 1 for every other target.
  glGetTexParameteriv(GL_TEXTURE_2D, GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES, &v);
  EXPECT_EQ(v, 1);
  // Deleting the bound texture reverts the binding to 0.
  glDeleteTextures(1, &tex);
  glGetIntegerv(GL_TEXTURE_BINDING_EXTERNAL_OES, &v);
  EXPECT_EQ(v, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glDeleteTextures(1, &two_d);
}

// EXT_EGL_image_storage takes TEXTURE_EXTERNAL_OES where external textures
// exist: immutable storage over the image.
TEST_F(E2eEglImageExternal, ImmutableStorageTarget) {
  static constexpr const char* kFs = R"(#version 300 es
#extension GL_OES_EGL_image_external_essl3 : require
precision mediump float;
uniform samplerExternalOES s;
out vec4 color;
void main() { color = texture(s, vec2(0.5)); })";
  const GLuint src = solid_texture(rgba(0, 128, 255));
  EGLImageKHR image = image_of_texture(src);
  ASSERT_NE(image, EGL_NO_IMAGE_KHR);
  GLuint ext = 0;
  glGenTextures(1, &ext);
  glBindTexture(GL_TEXTURE_EXTERNAL_OES, ext);
  target_tex_storage(GL_TEXTURE_EXTERNAL_OES, image, nullptr);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint v = 0;
  glGetTexParameteriv(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
  EXPECT_EQ(v, GL_TRUE);
  // Immutable: neither storage command may replace it.
  target_texture(GL_TEXTURE_EXTERNAL_OES, image);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  target_tex_storage(GL_TEXTURE_EXTERNAL_OES, image, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  const GLuint prog = program(kFullscreenVs, kFs);
  glUseProgram(prog);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(16, 16), rgba(0, 128, 255));
  glUseProgram(0);
  glDeleteProgram(prog);
  glDeleteTextures(1, &ext);
  destroy_image_khr(dpy, image);
  glDeleteTextures(1, &src);
}

TEST_F(E2eEglImageExternal, ShaderRules) {
  // Without the directive samplerExternalOES is no type (ESSL 1.00 and 3.00).
  static constexpr const char* kNoDirective = R"(precision mediump float;
uniform samplerExternalOES s;
void main() { gl_FragColor = texture2D(s, vec2(0.5)); })";
  static constexpr const char* kEssl3WithEssl1Name = R"(#version 300 es
#extension GL_OES_EGL_image_external : require
precision mediump float;
uniform samplerExternalOES s;
out vec4 c;
void main() { c = texture(s, vec2(0.5)); })";
  // textureLod is no function of the type (OES_EGL_image_external_essl3
  // issue 4: external textures have no mipmaps).
  static constexpr const char* kLod = R"(#version 300 es
#extension GL_OES_EGL_image_external_essl3 : require
precision mediump float;
uniform samplerExternalOES s;
out vec4 c;
void main() { c = textureLod(s, vec2(0.5), 0.0); })";
  for (const char* src : {kNoDirective, kEssl3WithEssl1Name, kLod}) {
    const GLuint s = glCreateShader(GL_FRAGMENT_SHADER);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    GLint ok = 1;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    EXPECT_EQ(ok, GL_FALSE) << src;
    glDeleteShader(s);
  }
  // One name, external in one stage and 2D in the other: no link.
  static constexpr const char* kVs = R"(#version 300 es
#extension GL_OES_EGL_image_external_essl3 : require
uniform samplerExternalOES s;
out vec4 v;
void main() { v = texture(s, vec2(0.5)); gl_Position = vec4(0.0, 0.0, 0.0, 1.0); })";
  static constexpr const char* kFs = R"(#version 300 es
precision mediump float;
uniform sampler2D s;
in vec4 v;
out vec4 c;
void main() { c = v + texture(s, vec2(0.5)); })";
  const GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GL_VERTEX_SHADER, kVs}, std::pair{GL_FRAGMENT_SHADER, kFs}}) {
    const GLuint s = shader(type, src);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  glLinkProgram(p);
  GLint linked = 1;
  glGetProgramiv(p, GL_LINK_STATUS, &linked);
  EXPECT_EQ(linked, GL_FALSE);
  glDeleteProgram(p);
}

}  // namespace
}  // namespace brass::e2e
