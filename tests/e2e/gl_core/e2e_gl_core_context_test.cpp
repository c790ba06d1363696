// Desktop OpenGL core-profile contexts through EGL (EGL_KHR_create_context,
// EGL 1.5 §3.7.1) and what a core context reports about itself.
#include <cstring>
#include <initializer_list>

#include "e2e_gl_core_fixture.h"

namespace brass::e2e {
namespace {

// Only the display: each test makes its own contexts.
class GlCoreContext : public GlCoreTest {
 protected:
  void SetUp() override { open_display(); }

  EGLContext create(std::initializer_list<EGLint> attribs, EGLContext share = EGL_NO_CONTEXT) {
    std::vector<EGLint> list(attribs);
    list.push_back(EGL_NONE);
    EGLContext c = eglCreateContext(dpy, config, share, list.data());
    if (c != EGL_NO_CONTEXT) made.push_back(c);
    return c;
  }
  void TearDown() override {
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    for (EGLContext c : made) eglDestroyContext(dpy, c);
    GlCoreTest::TearDown();
  }
  // The version a context reports once current (surfaceless).
  std::pair<GLint, GLint> version_of(EGLContext c) {
    EXPECT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c));
    GLint major = 0, minor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    return {major, minor};
  }
  std::vector<EGLContext> made;
};

TEST_F(GlCoreContext, ClientApisListOpenGL) {
  const char* apis = eglQueryString(dpy, EGL_CLIENT_APIS);
  ASSERT_NE(apis, nullptr);
  EXPECT_STREQ(apis, "OpenGL OpenGL_ES");
  EXPECT_EQ(eglQueryAPI(), static_cast<EGLenum>(EGL_OPENGL_API));
}

TEST_F(GlCoreContext, EveryConfigRendersOpenGLWithoutClaimingConformance) {
  EGLint n = 0;
  ASSERT_TRUE(eglGetConfigs(dpy, nullptr, 0, &n));
  std::vector<EGLConfig> configs(static_cast<size_t>(n));
  ASSERT_TRUE(eglGetConfigs(dpy, configs.data(), n, &n));
  for (EGLConfig c : configs) {
    EGLint renderable = 0, conformant = 0;
    ASSERT_TRUE(eglGetConfigAttrib(dpy, c, EGL_RENDERABLE_TYPE, &renderable));
    ASSERT_TRUE(eglGetConfigAttrib(dpy, c, EGL_CONFORMANT, &conformant));
    EXPECT_TRUE(renderable & EGL_OPENGL_BIT);
    EXPECT_TRUE(renderable & EGL_OPENGL_ES3_BIT);
    EXPECT_FALSE(conformant & EGL_OPENGL_BIT);
  }
}

TEST_F(GlCoreContext, LowerCoreRequestsGetTheProvidedVersion) {
  EGLContext highest = create({EGL_CONTEXT_MAJOR_VERSION, kCoreMajor, EGL_CONTEXT_MINOR_VERSION, kCoreMinor});
  ASSERT_NE(highest, EGL_NO_CONTEXT);
  const std::pair<GLint, GLint> provided = version_of(highest);
  EXPECT_GE(provided, std::make_pair(kCoreMajor, kCoreMinor));
  // 3.1 (below 3.2, not forward-compatible) gets a compatibility context,
  // whose version can be below the core one's where compatibility commands
  // of a later version lack handlers (docs/compatibility.md).
  EGLContext compat = create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1});
  ASSERT_NE(compat, EGL_NO_CONTEXT);
  EXPECT_GE(version_of(compat), std::make_pair(3, 1));
  EXPECT_LE(version_of(compat), provided);
  for (auto [major, minor] : {std::pair{3, 2}, std::pair{3, 3}}) {
    EGLContext c = create({EGL_CONTEXT_MAJOR_VERSION, major, EGL_CONTEXT_MINOR_VERSION, minor});
    ASSERT_NE(c, EGL_NO_CONTEXT) << major << "." << minor;
    EXPECT_EQ(version_of(c), provided) << major << "." << minor;
    EGLint type = 0;
    ASSERT_TRUE(eglQueryContext(dpy, c, EGL_CONTEXT_CLIENT_TYPE, &type));
    EXPECT_EQ(type, EGL_OPENGL_API);
  }
  // The KHR spelling of the same request, forward-compatible.
  EGLContext c = create({EGL_CONTEXT_MAJOR_VERSION_KHR, 3, EGL_CONTEXT_MINOR_VERSION_KHR, 2,
                         EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR,
                         EGL_CONTEXT_OPENGL_PROFILE_MASK_KHR, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR});
  ASSERT_NE(c, EGL_NO_CONTEXT);
  EXPECT_EQ(version_of(c), provided);
}

TEST_F(GlCoreContext, RequestsBrassCannotAnswerAreBadMatch) {
  EGLContext highest = create({EGL_CONTEXT_MAJOR_VERSION, kCoreMajor, EGL_CONTEXT_MINOR_VERSION, kCoreMinor});
  ASSERT_NE(highest, EGL_NO_CONTEXT);
  const auto [provided_major, provided_minor] = version_of(highest);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  // The next version there is (3.3 -> 4.0); 4.6 has none.
  const EGLint above_major = provided_major == 3 && provided_minor == 3 ? 4 : provided_major;
  const EGLint above_minor = provided_major == 3 && provided_minor == 3 ? 0 : provided_minor + 1;
  struct Case {
    const char* what;
    std::initializer_list<EGLint> attribs;
  };
  const Case cases[] = {
      {"above the provided version",
       {EGL_CONTEXT_MAJOR_VERSION, above_major, EGL_CONTEXT_MINOR_VERSION, above_minor}},
      {"no such version", {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 4}},
      {"compatibility profile above the provided version",
       {EGL_CONTEXT_MAJOR_VERSION, above_major, EGL_CONTEXT_MINOR_VERSION, above_minor,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT}},
      {"empty profile mask",
       {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK, 0}},
      {"both profiles",
       {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
        EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT | EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT}},
      {"unknown profile bit",
       {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK, 4}},
      {"forward-compatible 2.1",
       {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE,
        EGL_TRUE}},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(create(c.attribs), EGL_NO_CONTEXT) << c.what;
    EXPECT_EQ(eglGetError(), EGL_BAD_MATCH) << c.what;
  }
  // The profile mask of a version below 3.2 is ignored.
  EXPECT_NE(create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_CONTEXT_OPENGL_PROFILE_MASK,
                    EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT}),
            EGL_NO_CONTEXT);
  // Bad attribute values are EGL_BAD_ATTRIBUTE.
  EXPECT_EQ(create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                    EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, 2}),
            EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  EXPECT_EQ(create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_FLAGS_KHR, 0x80}), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
}

TEST_F(GlCoreContext, RobustAccessIsGrantedAndReported) {
  // Robust buffer access on lavapipe (device-wide there, docs/egl.md): the
  // EGL 1.5 attribute and KHR_create_context's flag both ask for it.
  const EGLContext by_attribute = create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                          EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE});
  const EGLContext by_flag = create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                     EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR});
  for (EGLContext c : {by_attribute, by_flag}) {
    ASSERT_NE(c, EGL_NO_CONTEXT) << std::hex << eglGetError();
    ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c));
    GLint flags = 0;
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    EXPECT_EQ(flags, GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  }
  // A context sharing with a robust one is robust too (EGL_BAD_MATCH otherwise).
  EXPECT_EQ(create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3}, by_flag), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EXPECT_NE(create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_ROBUST_ACCESS,
                    EGL_TRUE},
                   by_flag),
            EGL_NO_CONTEXT);
}

TEST_F(GlCoreContext, FlagsAndProfileAreReported) {
  EGLContext c = create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                         EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE, EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE});
  ASSERT_NE(c, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c));
  GLint flags = 0, profile = 0;
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
  EXPECT_EQ(flags, GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT | GL_CONTEXT_FLAG_DEBUG_BIT);
  EXPECT_EQ(profile, GL_CONTEXT_CORE_PROFILE_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  EGLContext plain = create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3});
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, plain));
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  EXPECT_EQ(flags, 0);
}

TEST_F(GlCoreContext, SharingNeedsTheSameApi) {
  EGLContext gl = create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3});
  ASSERT_NE(gl, EGL_NO_CONTEXT);
  EXPECT_NE(create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3}, gl), EGL_NO_CONTEXT);
  ASSERT_TRUE(eglBindAPI(EGL_OPENGL_ES_API));
  EXPECT_EQ(create({EGL_CONTEXT_MAJOR_VERSION, 3}, gl), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  // ES contexts still refuse the desktop-only attributes.
  EXPECT_EQ(create({EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
                    EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT}),
            EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  EGLContext es = create({EGL_CONTEXT_MAJOR_VERSION, 3});
  ASSERT_NE(es, EGL_NO_CONTEXT);
  const auto v = version_of(es);
  EXPECT_TRUE(v == std::make_pair(3, 1) || v == std::make_pair(3, 2)) << "an ES 3 request gets Brass's ES 3.1 or 3.2";
}

TEST_F(GlCoreTest, StringsFollowTheDesktopFormat) {
  const std::string version = str(GL_VERSION);
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  EXPECT_EQ(version.rfind(provided_version_prefix(major, minor) + " Brass ", 0), 0u) << version;
  // GLSL's version is GL's from 3.3 on: "3.30", "4.10", ...
  EXPECT_EQ(str(GL_SHADING_LANGUAGE_VERSION), std::to_string(major) + "." + std::to_string(minor) + "0");
  EXPECT_EQ(str(GL_VENDOR), "Brass");
  EXPECT_EQ(str(GL_RENDERER).rfind("Brass", 0), 0u);
  // The core profile lists extensions only through glGetStringi.
  EXPECT_EQ(glGetString(GL_EXTENSIONS), nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLint n = -1;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n);
  ASSERT_GE(n, 0);
  bool fbo = false;
  for (GLint i = 0; i < n; ++i) {
    const char* e = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)));
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(std::strncmp(e, "GL_", 3), 0) << e;
    EXPECT_EQ(std::strstr(e, "GL_OES_"), nullptr) << "an ES extension in a desktop context: " << e;
    fbo |= std::strcmp(e, "GL_ARB_framebuffer_object") == 0;
  }
  // Core GL 3.0 functionality under its ARB name, as applications look for it.
  EXPECT_TRUE(fbo);
  EXPECT_EQ(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(n)), nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_GE(major * 10 + minor, kCoreMajor * 10 + kCoreMinor);
}

TEST_F(GlCoreTest, EveryCoreCommandHasAnEntryPoint) {
  // glvnd fills libOpenGL's dispatch from the vendor's GetProcAddress; a
  // command of 4.6 that libOpenGL does not export is still reachable.
  for (const char* name : {"glPolygonMode", "glPrimitiveRestartIndex", "glGetTexImage", "glDrawElementsBaseVertex",
                           "glBindFragDataLocationIndexed", "glSpecializeShader", "glClipControl"})
    EXPECT_NE(eglGetProcAddress(name), nullptr) << name;
}

}  // namespace
}  // namespace brass::e2e
