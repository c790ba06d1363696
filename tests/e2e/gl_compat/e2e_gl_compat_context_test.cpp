// Compatibility-profile contexts: how they are asked for through EGL, what
// they report, and the core-profile rules they relax (vertex array object 0,
// legacy GLSL).
#include "e2e_gl_compat_fixture.h"

namespace brass::e2e {
namespace {

using GlCompatContextTest = GlCompatTest;

TEST_F(GlCompatContextTest, ReportsTheCompatibilityProfile) {
  GLint major = 0, minor = 0, mask = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
  // A 2.1 request gets the compatibility profile of the provided version,
  // which is backward compatible with it.
  ASSERT_GE(major * 10 + minor, 31);
  EXPECT_EQ(mask, GL_CONTEXT_COMPATIBILITY_PROFILE_BIT);
  const std::string expected = std::to_string(major) + "." + std::to_string(minor) + " (Compatibility Profile) Brass";
  EXPECT_EQ(str(GL_VERSION).rfind(expected, 0), 0u) << str(GL_VERSION);
  EXPECT_TRUE(has_extension("GL_ARB_compatibility"));
}

// Only the core profile drops glGetString(GL_EXTENSIONS) (GL 4.6 core §22.2;
// the compatibility profile keeps it): legacy applications, glxinfo and
// loaders such as glad read the extension list from that one string.
TEST_F(GlCompatContextTest, ListsItsExtensionsInOneStringAsInEveryIndexedOne) {
  const GLubyte* all = glGetString(GL_EXTENSIONS);
  ASSERT_NE(all, nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  std::string joined;
  GLint n = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n);
  ASSERT_GT(n, 0);
  for (GLint i = 0; i < n; ++i) {
    if (i) joined += ' ';
    joined += reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)));
  }
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(all)), joined);
  EXPECT_NE(joined.find("GL_ARB_compatibility"), std::string::npos);
}

TEST_F(GlCompatContextTest, DrawsFromVertexArrayObjectZeroAndClientMemory) {
  // No vertex array object is bound: the compatibility profile keeps the
  // default one, and its arrays may point at client memory.
  GLint bound = -1;
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &bound);
  EXPECT_EQ(bound, 0);
  const GLuint p = program(R"(#version 140
in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); })",
                           R"(#version 140
out vec4 color;
void main() { color = vec4(0.0, 1.0, 0.0, 1.0); })");
  glBindAttribLocation(p, 0, "pos");
  glLinkProgram(p);
  glUseProgram(p);
  static const float kTriangle[] = {-1, -1, 3, -1, -1, 3};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, kTriangle);
  glEnableVertexAttribArray(0);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(pixel(5, 5), rgba(0, 255, 0));
  glDisableVertexAttribArray(0);
  glDeleteProgram(p);
}

TEST_F(GlCompatContextTest, Glsl140HasTheCompatibilityBuiltins) {
  // GLSL 1.40 declares gl_ModelViewProjectionMatrix and gl_Vertex only with
  // GL_ARB_compatibility, which this context lists.
  const GLuint s = shader(GL_VERTEX_SHADER, R"(#version 140
void main() { gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; })");
  glDeleteShader(s);
  // Sources with no #version are GLSL 1.10.
  const GLuint legacy = shader(GL_VERTEX_SHADER, "void main() { gl_Position = ftransform(); }");
  glDeleteShader(legacy);
}

// Asking for the compatibility profile by its bit (EGL_KHR_create_context),
// at the provided version; the core bit still gets a core context.
class GlCompatProfileBitTest : public GlCompatTest {
 protected:
  std::vector<EGLint> context_attribs() const override {
    return {EGL_CONTEXT_MAJOR_VERSION,       3, EGL_CONTEXT_MINOR_VERSION, 2,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
            EGL_NONE};
  }
};

TEST_F(GlCompatProfileBitTest, GetsACompatibilityContext) {
  GLint mask = 0;
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
  EXPECT_EQ(mask, GL_CONTEXT_COMPATIBILITY_PROFILE_BIT);
  // A core context beside it has neither the profile nor its commands.
  const EGLint core_attribs[] = {EGL_CONTEXT_MAJOR_VERSION,       3, EGL_CONTEXT_MINOR_VERSION, 2,
                                 EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                 EGL_NONE};
  EGLContext core = eglCreateContext(dpy, config, EGL_NO_CONTEXT, core_attribs);
  ASSERT_NE(core, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, core));
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
  EXPECT_EQ(mask, GL_CONTEXT_CORE_PROFILE_BIT);
  EXPECT_FALSE(has_extension("GL_ARB_compatibility"));
  glMatrixMode(GL_MODELVIEW);  // removed from the core profile
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glDrawArrays(GL_TRIANGLES, 0, 3);  // no vertex array object bound
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  eglDestroyContext(dpy, core);
}

// A version above the one provided, with the compatibility bit, fails as a
// core request above it does.
TEST(GlCompatRequests, VersionsAboveTheProvidedOneFail) {
  EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
  ASSERT_TRUE(eglBindAPI(EGL_OPENGL_API));
  const EGLint cfg_attribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint n = 0;
  ASSERT_TRUE(eglChooseConfig(dpy, cfg_attribs, &config, 1, &n));
  const EGLint too_high[] = {EGL_CONTEXT_MAJOR_VERSION,       5, EGL_CONTEXT_MINOR_VERSION, 0,
                             EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
                             EGL_NONE};
  EXPECT_EQ(eglCreateContext(dpy, config, EGL_NO_CONTEXT, too_high), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  const EGLint huge[] = {EGL_CONTEXT_MAJOR_VERSION, 0x7fffffff, EGL_CONTEXT_MINOR_VERSION, 0x7fffffff, EGL_NONE};
  EXPECT_EQ(eglCreateContext(dpy, config, EGL_NO_CONTEXT, huge), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  eglTerminate(dpy);
  eglBindAPI(EGL_OPENGL_ES_API);
}

}  // namespace
}  // namespace brass::e2e
