// Through the real glvnd: eglGetPlatformDisplay(surfaceless / device), configs,
// pbuffers, ES 2/3 contexts, MakeCurrent, GL strings via libGLESv2, errors,
// extension functions dispatched by glvnd, and threads.
#include <gtest/gtest.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#ifndef EGL_RENDERER_EXT
#define EGL_RENDERER_EXT 0x335F
#endif

namespace {

std::string str(const GLubyte* s) { return s ? reinterpret_cast<const char*>(s) : "(null)"; }

class E2e : public ::testing::Test {
 protected:
  void SetUp() override {
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    ASSERT_NE(dpy, EGL_NO_DISPLAY) << "is __EGL_VENDOR_LIBRARY_FILENAMES set to Brass's JSON?";
    ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
    const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                              EGL_RED_SIZE, 8, EGL_NONE};
    EGLint n = 0;
    ASSERT_TRUE(eglChooseConfig(dpy, attribs, &config, 1, &n));
    ASSERT_EQ(n, 1);
    ASSERT_TRUE(eglBindAPI(EGL_OPENGL_ES_API));
  }
  void TearDown() override {
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglTerminate(dpy);
  }
  EGLContext context(EGLint major, EGLContext share = EGL_NO_CONTEXT) {
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, major, EGL_NONE};
    return eglCreateContext(dpy, config, share, attribs);
  }
  EGLDisplay dpy = EGL_NO_DISPLAY;
  EGLConfig config = nullptr;
};

TEST_F(E2e, ClientExtensionsAndDisplayStrings) {
  const std::string client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  EXPECT_NE(client.find("EGL_MESA_platform_surfaceless"), std::string::npos) << client;
  EXPECT_NE(client.find("EGL_EXT_platform_device"), std::string::npos) << client;
  EXPECT_STREQ(eglQueryString(dpy, EGL_VENDOR), "Brass");
  EXPECT_NE(std::string(eglQueryString(dpy, EGL_CLIENT_APIS)).find("OpenGL_ES"), std::string::npos);
  EXPECT_NE(std::string(eglQueryString(dpy, EGL_EXTENSIONS)).find("EGL_KHR_create_context"), std::string::npos);
  EXPECT_EQ(eglGetDisplay(EGL_DEFAULT_DISPLAY), dpy);
}

// Where Brass offers no desktop OpenGL (this binary turns it off with
// BRASS_GL_VERSION_OVERRIDE=none, as on a device that lacks part of it):
// glvnd finds no vendor for EGL_OPENGL_API, no config renders it, and a
// desktop-only command reached through GetProcAddress is an error in an ES
// context.
TEST_F(E2e, NoDesktopOpenGLWhenNotOffered) {
  EXPECT_STREQ(eglQueryString(dpy, EGL_CLIENT_APIS), "OpenGL_ES");
  // eglBindAPI is glvnd's: it succeeds when any listed vendor supports the
  // API. Where the vendor list names others beside Brass (the device
  // machine lists NVIDIA's after Brass's), only Brass's own answers below
  // are Brass's to test.
  const char* vendors = std::getenv("__EGL_VENDOR_LIBRARY_FILENAMES");
  if (vendors == nullptr || std::string(vendors).find(':') == std::string::npos) {
    EXPECT_FALSE(eglBindAPI(EGL_OPENGL_API));
    EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
    EXPECT_EQ(eglQueryAPI(), static_cast<EGLenum>(EGL_OPENGL_ES_API));
  }
  EGLint renderable = 0;
  ASSERT_TRUE(eglGetConfigAttrib(dpy, config, EGL_RENDERABLE_TYPE, &renderable));
  EXPECT_FALSE(renderable & EGL_OPENGL_BIT);
  const EGLint pb[] = {EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE};
  EGLSurface s = eglCreatePbufferSurface(dpy, config, pb);
  EGLContext ctx = context(3);
  ASSERT_TRUE(eglMakeCurrent(dpy, s, s, ctx));
  using PolygonMode = void(GL_APIENTRY*)(GLenum, GLenum);
  auto polygon_mode = reinterpret_cast<PolygonMode>(eglGetProcAddress("glPolygonMode"));
  ASSERT_NE(polygon_mode, nullptr);
  polygon_mode(GL_FRONT_AND_BACK, 0x1B01 /* GL_LINE */);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  // Desktop-only enables are unknown caps in ES.
  for (GLenum cap : {0x864Fu /* DEPTH_CLAMP */, 0x8F9Du /* PRIMITIVE_RESTART */, 0x8642u /* PROGRAM_POINT_SIZE */}) {
    glEnable(cap);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM)) << cap;
  }
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(dpy, ctx);
  eglDestroySurface(dpy, s);
}

TEST_F(E2e, PbufferContextsEs2AndEs3WithGlThroughLibGLESv2) {
  const EGLint pb[] = {EGL_WIDTH, 64, EGL_HEIGHT, 48, EGL_NONE};
  EGLSurface s = eglCreatePbufferSurface(dpy, config, pb);
  ASSERT_NE(s, EGL_NO_SURFACE);
  for (EGLint major : {2, 3}) {
    EGLContext ctx = context(major);
    ASSERT_NE(ctx, EGL_NO_CONTEXT) << major;
    ASSERT_TRUE(eglMakeCurrent(dpy, s, s, ctx));
    EXPECT_EQ(eglGetCurrentContext(), ctx);
    EXPECT_EQ(str(glGetString(GL_VENDOR)), "Brass");
    EXPECT_EQ(str(glGetString(GL_RENDERER)).rfind("Brass (", 0), 0u) << str(glGetString(GL_RENDERER));
    EXPECT_EQ(str(glGetString(GL_VERSION)).rfind("OpenGL ES 3.0 Brass", 0), 0u);
    GLint vp[4] = {};
    glGetIntegerv(GL_VIEWPORT, vp);
    EXPECT_EQ(vp[2], 64);
    EXPECT_EQ(vp[3], 48);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    glDrawArrays(GL_TRIANGLES, 0, 3);  // no program: draws nothing, no error, no crash
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    EXPECT_TRUE(eglSwapBuffers(dpy, s));
    ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
    EXPECT_TRUE(eglDestroyContext(dpy, ctx));
  }
  EXPECT_TRUE(eglDestroySurface(dpy, s));
  // No current context: GL calls are no-ops.
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

TEST_F(E2e, SurfacelessContext) {
  EGLContext ctx = context(3);
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
  EXPECT_EQ(str(glGetString(GL_SHADING_LANGUAGE_VERSION)), "OpenGL ES GLSL ES 3.00");
  EXPECT_EQ(eglGetCurrentSurface(EGL_DRAW), EGL_NO_SURFACE);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(dpy, ctx);
}

TEST_F(E2e, ErrorsReachTheApplication) {
  EXPECT_EQ(eglCreateContext(dpy, config, EGL_NO_CONTEXT, nullptr), EGL_NO_CONTEXT);  // ES 1 default
  EXPECT_EQ(eglGetError(), EGL_BAD_CONFIG);
  const EGLint bad[] = {0x1234, 0, EGL_NONE};
  EXPECT_EQ(eglCreatePbufferSurface(dpy, config, bad), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  int not_a_context = 0;
  EXPECT_FALSE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, reinterpret_cast<EGLContext>(&not_a_context)));
  EXPECT_EQ(eglGetError(), EGL_BAD_CONTEXT);
  int not_a_display = 0;
  EXPECT_FALSE(eglInitialize(reinterpret_cast<EGLDisplay>(&not_a_display), nullptr, nullptr));
  EXPECT_EQ(eglGetError(), EGL_BAD_DISPLAY);
  EXPECT_FALSE(eglSwapBuffers(dpy, EGL_NO_SURFACE));
  EXPECT_EQ(eglGetError(), EGL_BAD_SURFACE);
}

TEST_F(E2e, FenceSyncThroughGlvndDispatch) {
  auto create = reinterpret_cast<PFNEGLCREATESYNCKHRPROC>(eglGetProcAddress("eglCreateSyncKHR"));
  auto wait = reinterpret_cast<PFNEGLCLIENTWAITSYNCKHRPROC>(eglGetProcAddress("eglClientWaitSyncKHR"));
  auto destroy = reinterpret_cast<PFNEGLDESTROYSYNCKHRPROC>(eglGetProcAddress("eglDestroySyncKHR"));
  ASSERT_TRUE(create && wait && destroy);
  EGLContext ctx = context(3);
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
  EGLSyncKHR sync = create(dpy, EGL_SYNC_FENCE_KHR, nullptr);
  ASSERT_NE(sync, EGL_NO_SYNC_KHR);
  EXPECT_EQ(wait(dpy, sync, EGL_SYNC_FLUSH_COMMANDS_BIT_KHR, EGL_FOREVER_KHR), EGL_CONDITION_SATISFIED_KHR);
  EXPECT_TRUE(destroy(dpy, sync));
  EGLSync core = eglCreateSync(dpy, EGL_SYNC_FENCE, nullptr);
  ASSERT_NE(core, EGL_NO_SYNC);
  EXPECT_TRUE(eglDestroySync(dpy, core));
}

TEST_F(E2e, DeviceEnumerationAndDevicePlatform) {
  auto query_devices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  auto query_string = reinterpret_cast<PFNEGLQUERYDEVICESTRINGEXTPROC>(eglGetProcAddress("eglQueryDeviceStringEXT"));
  ASSERT_TRUE(query_devices && query_string);
  EGLDeviceEXT devs[8];
  EGLint n = 0;
  ASSERT_TRUE(query_devices(8, devs, &n));
  ASSERT_GE(n, 1);
  const char* renderer = query_string(devs[0], EGL_RENDERER_EXT);
  ASSERT_NE(renderer, nullptr);
  EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devs[0], nullptr);
  ASSERT_NE(d, EGL_NO_DISPLAY);
  ASSERT_TRUE(eglInitialize(d, nullptr, nullptr));
  EGLConfig c = nullptr;
  const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE};
  ASSERT_TRUE(eglChooseConfig(d, attribs, &c, 1, &n));
  ASSERT_EQ(n, 1);
  const EGLint es3[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  EGLContext ctx = eglCreateContext(d, c, EGL_NO_CONTEXT, es3);
  ASSERT_TRUE(eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
  EXPECT_EQ(str(glGetString(GL_RENDERER)), std::string("Brass (") + renderer + ")");
  eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(d, ctx);
  eglTerminate(d);
}

TEST_F(E2e, ContextsOnManyThreadsWithSharing) {
  EGLContext root = context(3);
  ASSERT_NE(root, EGL_NO_CONTEXT);
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&] {
      EGLContext ctx = context(3, root);
      if (ctx == EGL_NO_CONTEXT) return;
      for (int k = 0; k < 10; ++k) {
        if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) return;
        if (str(glGetString(GL_VENDOR)) != "Brass") return;
        glEnable(0x1);
        if (glGetError() != GL_INVALID_ENUM) return;
        if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT)) return;
      }
      eglDestroyContext(dpy, ctx);
      eglReleaseThread();
      ++ok;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok.load(), 4);
}

}  // namespace
