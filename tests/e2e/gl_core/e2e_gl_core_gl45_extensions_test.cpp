// GL 4.4 and 4.5 functionality a 3.3 core context lists as extensions:
// MIRROR_CLAMP_TO_EDGE wraps, UNSIGNED_INT_10F_11F_11F_REV vertex arrays,
// STENCIL_INDEX8 textures, glClipControl, the KHR_robustness queries under
// their core names, GLSL's fine and coarse derivatives below 4.00, and
// ARB_ES3_1_compatibility (#version 310 es, glMemoryBarrierByRegion, the
// GLSL 4.50 built-ins ESSL 3.10 has). Results are pixels, queried state and
// errors.
#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

class GlCore45Extensions : public GlCoreTest {
 protected:
  // Draws the fullscreen triangle with `p`.
  void draw_fullscreen(GLuint p) {
    glUseProgram(p);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
};

TEST_F(GlCore45Extensions, ExtensionsAreListed) {
  for (const char* name : {"GL_ARB_texture_mirror_clamp_to_edge", "GL_ARB_texture_stencil8",
                           "GL_ARB_vertex_type_10f_11f_11f_rev", "GL_ARB_clip_control", "GL_KHR_robustness",
                           "GL_ARB_derivative_control", "GL_ARB_ES3_1_compatibility", "GL_ARB_texture_barrier",
                           "GL_KHR_context_flush_control", "GL_KHR_no_error"})
    EXPECT_TRUE(has_extension(name)) << name;
  GLint release = 0;
  glGetIntegerv(GL_CONTEXT_RELEASE_BEHAVIOR, &release);
  EXPECT_EQ(release, GL_CONTEXT_RELEASE_BEHAVIOR_FLUSH);
}

TEST_F(GlCore45Extensions, TextureBarrierOrdersFeedbackLoopPasses) {
  // An R32UI texture rendered into while sampled (GL 4.6 §9.3.1): each pass
  // adds one to the texel it writes (read by that fragment only), then one
  // pass copies each texel's left neighbour, written by the passes before
  // glTextureBarrier.
  constexpr int kSize = 16, kPasses = 5;
  std::array<GLuint, kSize * kSize> initial{};
  for (size_t i = 0; i < initial.size(); ++i) initial[i] = static_cast<GLuint>(i * 7);
  GLuint tex = 0, fbo = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, kSize, kSize);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kSize, kSize, GL_RED_INTEGER, GL_UNSIGNED_INT, initial.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, kSize, kSize);
  const GLuint add = program(kCoreFullscreenVs, R"(#version 330 core
uniform usampler2D t;
out uint color;
void main() { color = texelFetch(t, ivec2(gl_FragCoord.xy), 0).r + 1u; })");
  const GLuint shift = program(kCoreFullscreenVs, R"(#version 330 core
uniform usampler2D t;
out uint color;
void main() { color = texelFetch(t, ivec2(max(int(gl_FragCoord.x) - 1, 0), int(gl_FragCoord.y)), 0).r; })");
  for (int i = 0; i < kPasses; ++i) {
    if (i) glTextureBarrier();
    draw_fullscreen(add);
  }
  glTextureBarrier();
  draw_fullscreen(shift);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::array<GLuint, kSize * kSize * 4> out{};
  glReadPixels(0, 0, kSize, kSize, GL_RGBA_INTEGER, GL_UNSIGNED_INT, out.data());
  int wrong = 0;
  for (int y = 0; y < kSize; ++y)
    for (int x = 0; x < kSize; ++x) {
      const GLuint expected = initial[y * kSize + std::max(x - 1, 0)] + kPasses;
      wrong += out[(y * kSize + x) * 4] != expected;
    }
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(out[(3 * kSize + 5) * 4], initial[3 * kSize + 4] + kPasses);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, kWidth, kHeight);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &tex);
  glDeleteProgram(add);
  glDeleteProgram(shift);
}

TEST_F(GlCore45Extensions, MirrorClampToEdgeMirrorsOnceThenClamps) {
  // Four texels red, green, blue, white along s; sampled at s in [-2, 2]
  // (GL 4.6 §8.14.2: mirror(s) = |s| clamped to the edge texels).
  const uint8_t texels[] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint wrap = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &wrap);
  EXPECT_EQ(wrap, GL_MIRROR_CLAMP_TO_EDGE);
  const GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform sampler2D t;
uniform float s;
out vec4 color;
void main() { color = texture(t, vec2(s, 0.5)); })");
  glUseProgram(p);
  const GLint s = glGetUniformLocation(p, "s");
  struct Case {
    float s;
    uint32_t expected;
  };
  for (const Case& c : {Case{0.1f, rgba(255, 0, 0)}, Case{-0.1f, rgba(255, 0, 0)}, Case{-0.6f, rgba(0, 0, 255)},
                        Case{-0.9f, rgba(255, 255, 255)}, Case{-1.6f, rgba(255, 255, 255)},
                        Case{1.4f, rgba(255, 255, 255)}, Case{-0.3f, rgba(0, 255, 0)}}) {
    glUniform1f(s, c.s);
    draw_fullscreen(p);
    EXPECT_EQ(pixel(5, 5), c.expected) << "s = " << c.s;
  }
  // Sampler objects take it too; rectangle textures never mirror (§8.10).
  GLuint sampler = 0;
  glGenSamplers(1, &sampler);
  glSamplerParameteri(sampler, GL_TEXTURE_WRAP_T, GL_MIRROR_CLAMP_TO_EDGE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLuint rect = 0;
  glGenTextures(1, &rect);
  glBindTexture(GL_TEXTURE_RECTANGLE, rect);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glDeleteSamplers(1, &sampler);
  glDeleteTextures(1, &rect);
  glDeleteTextures(1, &tex);
  glDeleteProgram(p);
}

TEST_F(GlCore45Extensions, PackedFloatVertexArray) {
  // (1.0, 0.5, 0.25): 11-bit floats 15<<6 and 14<<6, a 10-bit 13<<5.
  const uint32_t packed = (15u << 6) | ((14u << 6) << 11) | ((13u << 5) << 22);
  const std::array<uint32_t, 3> data = {packed, packed, packed};
  GLuint vbo = buffer(GL_ARRAY_BUFFER, sizeof(data), data.data());
  glVertexAttribPointer(0, 4, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));  // three components only
  glVertexAttribIPointer(0, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, 0, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glVertexAttribPointer(0, 3, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, 0, nullptr);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glEnableVertexAttribArray(0);
  const GLuint p = program(R"(#version 330 core
layout(location = 0) in vec3 c;
out vec3 v;
void main() {
  v = c;
  gl_Position = vec4(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0, 0.0, 1.0);
})",
                           R"(#version 330 core
in vec3 v;
out vec4 color;
void main() { color = vec4(v, 1.0); })");
  draw_fullscreen(p);
  EXPECT_TRUE(colour_near(pixel(7, 9), rgba(255, 128, 64)));
  // The current value form (glVertexAttribP3ui) unpacks the same way.
  glDisableVertexAttribArray(0);
  glVertexAttribP3ui(0, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, (14u << 6) | ((15u << 6) << 11));
  draw_fullscreen(p);
  EXPECT_TRUE(colour_near(pixel(7, 9), rgba(128, 255, 0)));
  glDeleteProgram(p);
  glDeleteBuffers(1, &vbo);
}

TEST_F(GlCore45Extensions, StencilIndex8TextureIsSampled) {
  std::array<uint8_t, 16> values{};
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<uint8_t>(i * 16 + 3);
  GLuint tex = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 4, 4, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, values.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  const GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform usampler2D t;
out vec4 color;
void main() { color = vec4(float(texelFetch(t, ivec2(gl_FragCoord.xy) / 8, 0).r) / 255.0, 0.0, 0.0, 1.0); })");
  draw_fullscreen(p);
  // Pixel (x, y) shows texel (x / 8, y / 8).
  EXPECT_EQ(pixel(1, 1), rgba(values[0], 0, 0));
  EXPECT_EQ(pixel(30, 1), rgba(values[3], 0, 0));
  EXPECT_EQ(pixel(9, 17), rgba(values[2 * 4 + 1], 0, 0));
  // And it is a stencil attachment.
  GLuint fbo = 0, color = 0;
  glGenFramebuffers(1, &fbo);
  glGenRenderbuffers(1, &color);
  glBindRenderbuffer(GL_RENDERBUFFER, color);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, tex, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glClearStencil(0x5a);
  glClear(GL_STENCIL_BUFFER_BIT);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  draw_fullscreen(p);
  EXPECT_EQ(pixel(30, 30), rgba(0x5a, 0, 0));
  glDeleteFramebuffers(1, &fbo);
  glDeleteRenderbuffers(1, &color);
  glDeleteTextures(1, &tex);
  glDeleteProgram(p);
}

TEST_F(GlCore45Extensions, ClipControlUpperLeftFlipsTheImage) {
  GLint origin = 0;
  glGetIntegerv(GL_CLIP_ORIGIN, &origin);
  EXPECT_EQ(origin, GL_LOWER_LEFT);
  // A triangle covering the lower half of clip space (y < 0).
  const GLuint p = program(R"(#version 330 core
void main() {
  gl_Position = gl_VertexID == 0 ? vec4(-1, -1, 0, 1) : gl_VertexID == 1 ? vec4(3, -1, 0, 1) : vec4(-1, 0, 0, 1);
})",
                           R"(#version 330 core
out vec4 color;
void main() { color = vec4(0.0, 1.0, 0.0, 1.0); })");
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  draw_fullscreen(p);
  EXPECT_EQ(pixel(2, 2), rgba(0, 255, 0));
  EXPECT_EQ(pixel(2, 29), rgba(0, 0, 0));
  glClipControl(GL_UPPER_LEFT, GL_ZERO_TO_ONE);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glGetIntegerv(GL_CLIP_ORIGIN, &origin);
  EXPECT_EQ(origin, GL_UPPER_LEFT);
  GLint depth_mode = 0;
  glGetIntegerv(GL_CLIP_DEPTH_MODE, &depth_mode);
  EXPECT_EQ(depth_mode, GL_ZERO_TO_ONE);
  glClear(GL_COLOR_BUFFER_BIT);
  draw_fullscreen(p);
  EXPECT_EQ(pixel(2, 2), rgba(0, 0, 0));
  EXPECT_EQ(pixel(2, 29), rgba(0, 255, 0));
  glClipControl(GL_UPPER_LEFT, GL_LOWER_LEFT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  glClipControl(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
  glDeleteProgram(p);
}

TEST_F(GlCore45Extensions, RobustnessQueriesUnderCoreNames) {
  EXPECT_EQ(glGetGraphicsResetStatus(), static_cast<GLenum>(GL_NO_ERROR));
  GLint strategy = -1;
  glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY, &strategy);
  EXPECT_EQ(strategy, GL_NO_RESET_NOTIFICATION);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  std::array<uint8_t, 16> px{};
  glReadnPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, 15, px.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));  // 16 bytes needed
  glReadnPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, 16, px.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(px[12], 255);
  EXPECT_EQ(px[13], 0);
  const GLuint p = program(kCoreFullscreenVs, R"(#version 330 core
uniform vec4 u;
out vec4 color;
void main() { color = u; })");
  glUseProgram(p);
  const GLint u = glGetUniformLocation(p, "u");
  glUniform4f(u, 1, 2, 3, 4);
  std::array<GLfloat, 4> v{};
  glGetnUniformfv(p, u, sizeof(GLfloat) * 3, v.data());
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glGetnUniformfv(p, u, sizeof(v), v.data());
  EXPECT_EQ(v[3], 4.0f);
  glDeleteProgram(p);
}

TEST_F(GlCore45Extensions, FineAndCoarseDerivativesInGlsl150) {
  // x steps by one per pixel: every derivative of gl_FragCoord.x along x is
  // 1 and along y 0, fine or coarse.
  const GLuint p = program(R"(#version 150
void main() {
  gl_Position = vec4(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0, 0.0, 1.0);
})",
                           R"(#version 150
#extension GL_ARB_derivative_control : require
out vec4 color;
void main() {
  float x = gl_FragCoord.x;
  bool ok = dFdxFine(x) == 1.0 && dFdxCoarse(x) == 1.0 && dFdyFine(x) == 0.0 && dFdyCoarse(x) == 0.0 &&
            fwidthFine(x) == 1.0 && fwidthCoarse(x) == 1.0;
  color = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})");
  draw_fullscreen(p);
  EXPECT_EQ(pixel(3, 4), rgba(0, 255, 0));
  EXPECT_EQ(pixel(20, 27), rgba(0, 255, 0));
  glDeleteProgram(p);
  // Without the extension the functions do not exist in 1.50.
  const GLuint s = shader(GL_FRAGMENT_SHADER, R"(#version 150
out vec4 color;
void main() { color = vec4(dFdxFine(gl_FragCoord.x)); })",
                          false);
  glDeleteShader(s);
}

TEST_F(GlCore45Extensions, Es31ShadersAndBarrierByRegion) {
  const GLuint p = program(R"(#version 310 es
void main() {
  gl_Position = vec4(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0, 0.0, 1.0);
})",
                           R"(#version 310 es
precision highp float;
out vec4 color;
void main() { color = vec4(0.0, 0.0, 1.0, 1.0); })");
  draw_fullscreen(p);
  EXPECT_EQ(pixel(16, 16), rgba(0, 0, 255));
  glDeleteProgram(p);
  glMemoryBarrierByRegion(GL_ALL_BARRIER_BITS);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glMemoryBarrierByRegion(GL_SHADER_STORAGE_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  // Vertex input is not fragment-local (GL 4.6 §7.13.2).
  glMemoryBarrierByRegion(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
}

TEST_F(GlCore45Extensions, Es31CompatibilityBuiltinsInDesktopGlsl) {
  // The macro, and gl_HelperInvocation / gl_MaxSamples in a 1.50 shader.
  const GLuint p = program(R"(#version 150
void main() {
  gl_Position = vec4(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0, 0.0, 1.0);
})",
                           R"(#version 150
#extension GL_ARB_ES3_1_compatibility : require
#if !defined(GL_ARB_ES3_1_compatibility) || GL_ARB_ES3_1_compatibility != 1
#error macro missing
#endif
out vec4 color;
void main() {
  color = !gl_HelperInvocation && gl_MaxSamples >= 1 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})");
  draw_fullscreen(p);
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0));
  glDeleteProgram(p);
}

TEST_F(GlCore45Extensions, EnhancedLayoutsInOlderGlsl) {
  // GLSL 1.40: locations from constant expressions (glslang checks them
  // against profiles 1.40 lacks).
  glDeleteShader(shader(GL_VERTEX_SHADER, R"(#version 140
#extension GL_ARB_explicit_attrib_location : require
#extension GL_ARB_enhanced_layouts : require
const int start = 3;
layout(location = start + 2) in vec4 b;
void main() { gl_Position = b; })"));
  // The transform feedback limits as GLSL constants below 4.30 (a 3.3
  // context binds as many buffers as it captures separate attributes).
  GLint buffers = 0, components = 0;
  glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, &buffers);
  glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, &components);
  const std::string fs = "#version 150\n#extension GL_ARB_enhanced_layouts : require\nout vec4 color;\n"
                         "void main() { color = gl_MaxTransformFeedbackBuffers == " + std::to_string(buffers) +
                         " && gl_MaxTransformFeedbackInterleavedComponents == " + std::to_string(components) +
                         " ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0); }\n";
  const GLuint p = program(kCoreFullscreenVs, fs.c_str());
  draw_fullscreen(p);
  EXPECT_EQ(pixel(16, 16), rgba(0, 255, 0));
  glDeleteProgram(p);
}

TEST_F(GlCore45Extensions, ComponentAliasingIsALinkError) {
  // GLSL 4.60 §4.4.1: component aliasing is a compile-time or link-time
  // error; with ARB_enhanced_layouts Brass reports it at link.
  const char* aliasing_vs = R"(#version 150
#extension GL_ARB_enhanced_layouts : require
#extension GL_ARB_separate_shader_objects : require
layout(location = 0, component = 1) out vec3 a;
layout(location = 0, component = 3) out float b;
void main() { a = vec3(1.0); b = 0.0; gl_Position = vec4(0.0); })";
  const GLuint vs = shader(GL_VERTEX_SHADER, aliasing_vs);
  const GLuint fs = shader(GL_FRAGMENT_SHADER, R"(#version 150
out vec4 color;
void main() { color = vec4(1.0); })");
  const GLuint p = glCreateProgram();
  glAttachShader(p, vs);
  glAttachShader(p, fs);
  glLinkProgram(p);
  GLint linked = 1;
  glGetProgramiv(p, GL_LINK_STATUS, &linked);
  EXPECT_EQ(linked, 0);
  glDeleteProgram(p);
  glDeleteShader(vs);
  glDeleteShader(fs);
  // Without the extension, whole-location aliasing stays a compile error.
  glDeleteShader(shader(GL_VERTEX_SHADER, R"(#version 150
#extension GL_ARB_separate_shader_objects : require
layout(location = 0) out vec4 a;
layout(location = 0) out vec4 b;
void main() { a = vec4(1.0); b = vec4(0.0); gl_Position = vec4(0.0); })",
                        false));
}

TEST_F(GlCore45Extensions, NoErrorContextThroughEgl) {
  // EGL_KHR_create_context_no_error: the flag, and usage errors not recorded.
  ASSERT_NE(std::string(eglQueryString(dpy, EGL_EXTENSIONS)).find("EGL_KHR_create_context_no_error"),
            std::string::npos);
  const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION,       kCoreMajor,
                            EGL_CONTEXT_MINOR_VERSION,       kCoreMinor,
                            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                            EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE,
                            EGL_NONE};
  EGLContext no_error = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
  ASSERT_NE(no_error, EGL_NO_CONTEXT) << std::hex << eglGetError();
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, no_error));
  GLint flags = 0;
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  EXPECT_EQ(flags & GL_CONTEXT_FLAG_NO_ERROR_BIT, GL_CONTEXT_FLAG_NO_ERROR_BIT);
  glEnable(0x1234);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  // Sharing with a context of the other kind, or asking for debug too, is
  // EGL_BAD_MATCH.
  EXPECT_EQ(eglCreateContext(dpy, config, ctx, attribs), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  const EGLint debug[] = {EGL_CONTEXT_MAJOR_VERSION,       kCoreMajor,
                          EGL_CONTEXT_MINOR_VERSION,       kCoreMinor,
                          EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                          EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE,
                          EGL_CONTEXT_OPENGL_DEBUG,        EGL_TRUE,
                          EGL_NONE};
  EXPECT_EQ(eglCreateContext(dpy, config, EGL_NO_CONTEXT, debug), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  eglDestroyContext(dpy, no_error);
}

}  // namespace
}  // namespace brass::e2e
