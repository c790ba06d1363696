// EGL API semantics and errors, linked directly against brass_egl with a fake
// DeviceProvider (two named devices, both opened as the real lavapipe screen
// so contexts and pbuffers have a driver behind them); no glvnd involved.
#include <gtest/gtest.h>

#include <atomic>
#include <climits>
#include <thread>
#include <vector>

#include "egl/api.h"
#include "driver/screen.h"
#include "platform/device_provider.h"
#include "gl/gl_types.h"

namespace brass::platform {

class FakeProvider final : public DeviceProvider {
 public:
  std::vector<DeviceInfo> enumerate() override {
    DeviceInfo a, b;
    a.name = "Fake GPU A";
    a.driver_name = "fake";
    b.name = "Fake GPU B";
    b.driver_name = "fake";
    return {a, b};
  }
  int default_device() override { return 1; }
  std::unique_ptr<pipe::Screen> create_screen(int, std::string* why_not) override {
    return driver::VulkanScreen::create(why_not);
  }
};

std::unique_ptr<DeviceProvider> create_device_provider() { return std::make_unique<FakeProvider>(); }

}  // namespace brass::platform

namespace brass::egl {

namespace {

using namespace api;

class Egl : public ::testing::Test {
 protected:
  void SetUp() override {
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, nullptr, nullptr);
    ASSERT_NE(dpy, EGL_NO_DISPLAY);
    ASSERT_TRUE(eglInitialize(dpy, nullptr, nullptr));
  }
  void TearDown() override {
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglTerminate(dpy);
  }
  // Depth 24 comes with stencil 8 unless asked otherwise (D24-only configs sort first).
  EGLConfig config(EGLint depth = 0, EGLint samples = 0, EGLint stencil = -1) {
    if (stencil < 0) stencil = depth ? 8 : 0;
    const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                              EGL_DEPTH_SIZE, depth, EGL_STENCIL_SIZE, stencil, EGL_SAMPLES, samples, EGL_NONE};
    EGLConfig c = nullptr;
    EGLint n = 0;
    EXPECT_TRUE(eglChooseConfig(dpy, attribs, &c, 1, &n));
    EXPECT_EQ(n, 1);
    return c;
  }
  EGLContext context(EGLConfig c, EGLint major = 3, EGLContext share = EGL_NO_CONTEXT) {
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, major, EGL_NONE};
    return eglCreateContext(dpy, c, share, attribs);
  }
  EGLSurface pbuffer(EGLConfig c, EGLint w = 16, EGLint h = 8) {
    const EGLint attribs[] = {EGL_WIDTH, w, EGL_HEIGHT, h, EGL_NONE};
    return eglCreatePbufferSurface(dpy, c, attribs);
  }
  EGLDisplay dpy = EGL_NO_DISPLAY;
};

template <typename Fn>
Fn gl(const char* name) {
  return reinterpret_cast<Fn>(get_proc_address(name));
}

TEST_F(Egl, DisplaysAreStableAndBadOnesAreErrors) {
  EXPECT_EQ(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, nullptr, nullptr), dpy);
  EXPECT_EQ(eglGetDisplay(EGL_DEFAULT_DISPLAY), dpy);
  int fake = 0;
  EXPECT_EQ(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, &fake, nullptr), EGL_NO_DISPLAY);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  const EGLAttrib bad_attr[] = {0x1234, 1, EGL_NONE};
  EXPECT_EQ(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, nullptr, bad_attr), EGL_NO_DISPLAY);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  EXPECT_EQ(eglGetPlatformDisplay(0x1234, nullptr, nullptr), EGL_NO_DISPLAY);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  EXPECT_FALSE(eglInitialize(reinterpret_cast<EGLDisplay>(&fake), nullptr, nullptr));
  EXPECT_EQ(eglGetError(), EGL_BAD_DISPLAY);
  EXPECT_EQ(eglQueryString(reinterpret_cast<EGLDisplay>(&fake), EGL_VENDOR), nullptr);
  EXPECT_EQ(eglGetError(), EGL_BAD_DISPLAY);
  EXPECT_EQ(eglGetError(), EGL_SUCCESS);  // reading the error resets it
}

TEST_F(Egl, UninitializedDisplayIsNotInitialized) {
  ASSERT_TRUE(eglTerminate(dpy));
  EGLint n = 0;
  EXPECT_FALSE(eglGetConfigs(dpy, nullptr, 0, &n));
  EXPECT_EQ(eglGetError(), EGL_NOT_INITIALIZED);
  EXPECT_EQ(eglQueryString(dpy, EGL_VENDOR), nullptr);
  EXPECT_EQ(eglGetError(), EGL_NOT_INITIALIZED);
  // Releasing on a terminated display is allowed.
  EXPECT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  EGLint major = 0, minor = 0;
  EXPECT_TRUE(eglInitialize(dpy, &major, &minor));
  EXPECT_EQ(major, 1);
  EXPECT_EQ(minor, 5);
}

TEST_F(Egl, StringsAndExtensions) {
  EXPECT_STREQ(eglQueryString(dpy, EGL_VENDOR), "Brass");
  EXPECT_STREQ(eglQueryString(dpy, EGL_CLIENT_APIS), "OpenGL_ES");
  const std::string ext = eglQueryString(dpy, EGL_EXTENSIONS);
  for (const char* e : {"EGL_KHR_create_context", "EGL_KHR_surfaceless_context", "EGL_KHR_no_config_context",
                        "EGL_KHR_fence_sync", "EGL_KHR_wait_sync"})
    EXPECT_NE(ext.find(e), std::string::npos) << e;
  const std::string client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  EXPECT_NE(client.find("EGL_MESA_platform_surfaceless"), std::string::npos);
  EXPECT_NE(client.find("EGL_EXT_platform_device"), std::string::npos);
  EXPECT_EQ(eglQueryString(EGL_NO_DISPLAY, EGL_VENDOR), nullptr);
  EXPECT_EQ(eglGetError(), EGL_BAD_DISPLAY);
  EXPECT_EQ(eglQueryString(dpy, 0x1234), nullptr);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
}

TEST_F(Egl, ConfigsCoverFormatsDepthAndMsaa) {
  EGLint n = 0;
  ASSERT_TRUE(eglGetConfigs(dpy, nullptr, 0, &n));
  EXPECT_EQ(n, 18);
  EXPECT_FALSE(eglGetConfigs(dpy, nullptr, 0, nullptr));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  // RGB565 exists.
  const EGLint rgb565[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                           EGL_RED_SIZE, 5, EGL_GREEN_SIZE, 6, EGL_BLUE_SIZE, 5, EGL_NONE};
  EGLConfig configs[18];
  ASSERT_TRUE(eglChooseConfig(dpy, rgb565, configs, 18, &n));
  EXPECT_EQ(n, 18);  // at least 5/6/5: every config, larger color first
  EGLint r = 0;
  eglGetConfigAttrib(dpy, configs[0], EGL_RED_SIZE, &r);
  EXPECT_EQ(r, 8);
  // 4x MSAA with depth 24 / stencil 8.
  EGLConfig ms = config(24, 4);
  EGLint samples = 0, depth = 0, stencil = 0;
  eglGetConfigAttrib(dpy, ms, EGL_SAMPLES, &samples);
  eglGetConfigAttrib(dpy, ms, EGL_DEPTH_SIZE, &depth);
  eglGetConfigAttrib(dpy, ms, EGL_STENCIL_SIZE, &stencil);
  EXPECT_EQ(samples, 4);
  EXPECT_EQ(depth, 24);
  EXPECT_EQ(stencil, 8);
  // Default EGL_SURFACE_TYPE is EGL_WINDOW_BIT: none on surfaceless.
  ASSERT_TRUE(eglChooseConfig(dpy, nullptr, configs, 18, &n));
  EXPECT_EQ(n, 0);
  const EGLint bad[] = {0x1234, 0, EGL_NONE};
  EXPECT_FALSE(eglChooseConfig(dpy, bad, configs, 18, &n));
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  EXPECT_FALSE(eglGetConfigAttrib(dpy, reinterpret_cast<EGLConfig>(&n), EGL_RED_SIZE, &r));
  EXPECT_EQ(eglGetError(), EGL_BAD_CONFIG);
  EXPECT_FALSE(eglGetConfigAttrib(dpy, ms, 0x1234, &r));
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
}

TEST_F(Egl, PbufferAttributesAndErrors) {
  EGLConfig c = config();
  EGLSurface s = pbuffer(c, 32, 16);
  ASSERT_NE(s, EGL_NO_SURFACE);
  EGLint w = 0, h = 0;
  EXPECT_TRUE(eglQuerySurface(dpy, s, EGL_WIDTH, &w));
  EXPECT_TRUE(eglQuerySurface(dpy, s, EGL_HEIGHT, &h));
  EXPECT_EQ(w, 32);
  EXPECT_EQ(h, 16);
  const EGLint negative[] = {EGL_WIDTH, -1, EGL_NONE};
  EXPECT_EQ(eglCreatePbufferSurface(dpy, c, negative), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  const EGLint unknown[] = {0x1234, 1, EGL_NONE};
  EXPECT_EQ(eglCreatePbufferSurface(dpy, c, unknown), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  const EGLint tex_no_target[] = {EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA, EGL_NONE};
  EXPECT_EQ(eglCreatePbufferSurface(dpy, c, tex_no_target), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EXPECT_EQ(eglCreatePbufferSurface(dpy, nullptr, nullptr), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_CONFIG);
  EXPECT_EQ(eglCreateWindowSurface(dpy, c, 0, nullptr), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EXPECT_FALSE(eglQuerySurface(dpy, s, 0x1234, &w));
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  EXPECT_FALSE(eglSurfaceAttrib(dpy, s, EGL_SWAP_BEHAVIOR, EGL_BUFFER_PRESERVED));
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EXPECT_TRUE(eglDestroySurface(dpy, s));
  EXPECT_FALSE(eglDestroySurface(dpy, s));
  EXPECT_EQ(eglGetError(), EGL_BAD_SURFACE);
}

TEST_F(Egl, ContextCreationVersionsAndAttributeErrors) {
  EGLConfig c = config();
  EGLContext es2 = context(c, 2);
  EGLContext es3 = context(c, 3);
  ASSERT_NE(es2, EGL_NO_CONTEXT);
  ASSERT_NE(es3, EGL_NO_CONTEXT);
  EGLint v = 0;
  EXPECT_TRUE(eglQueryContext(dpy, es3, EGL_CONTEXT_CLIENT_VERSION, &v));
  EXPECT_EQ(v, 3);
  EXPECT_TRUE(eglQueryContext(dpy, es2, EGL_CONTEXT_CLIENT_TYPE, &v));
  EXPECT_EQ(v, EGL_OPENGL_ES_API);
  // Default version is ES 1, which Brass does not provide.
  EXPECT_EQ(eglCreateContext(dpy, c, EGL_NO_CONTEXT, nullptr), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_CONFIG);
  EXPECT_EQ(eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, nullptr), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  // ES 3.2 is the highest version Brass provides (where the device has all
  // of it: lavapipe does, e2e_es32_context_test checks either way); 3.3 is
  // refused.
  const EGLint es31[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
  EGLContext es31_context = eglCreateContext(dpy, c, EGL_NO_CONTEXT, es31);
  EXPECT_NE(es31_context, EGL_NO_CONTEXT);
  eglDestroyContext(dpy, es31_context);
  const EGLint es32[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2, EGL_NONE};
  EGLContext es32_context = eglCreateContext(dpy, c, EGL_NO_CONTEXT, es32);
  EXPECT_NE(es32_context, EGL_NO_CONTEXT);
  eglDestroyContext(dpy, es32_context);
  const EGLint es33[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_NONE};
  EXPECT_EQ(eglCreateContext(dpy, c, EGL_NO_CONTEXT, es33), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  // Versions whose number overflows an int (fuzz_egl_attribs: 3 * 10 +
  // INT_MAX wrapped to a "version" below 3.1 and got a context).
  for (auto [major, minor] : {std::pair{3, INT_MAX}, {INT_MAX, 0}, {2, INT_MAX}, {3, INT_MIN}, {INT_MIN, 1}}) {
    const EGLint huge[] = {EGL_CONTEXT_MAJOR_VERSION, major, EGL_CONTEXT_MINOR_VERSION, minor, EGL_NONE};
    EXPECT_EQ(eglCreateContext(dpy, c, EGL_NO_CONTEXT, huge), EGL_NO_CONTEXT) << major << "." << minor;
    // A major version no config renders is the config's mismatch.
    const EGLint e = eglGetError();
    EXPECT_TRUE(e == EGL_BAD_MATCH || (major != 2 && major != 3 && e == EGL_BAD_CONFIG))
        << major << "." << minor << ": 0x" << std::hex << e;
  }
  const EGLint fwd[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_FLAGS_KHR,
                        EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR, EGL_NONE};
  EXPECT_EQ(eglCreateContext(dpy, c, EGL_NO_CONTEXT, fwd), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  const EGLint profile[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
                            EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EXPECT_EQ(eglCreateContext(dpy, c, EGL_NO_CONTEXT, profile), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  const EGLint unknown[] = {0x1234, 0, EGL_NONE};
  EXPECT_EQ(eglCreateContext(dpy, c, EGL_NO_CONTEXT, unknown), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  EXPECT_EQ(context(reinterpret_cast<EGLConfig>(&v)), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_CONFIG);
  EXPECT_EQ(context(c, 3, reinterpret_cast<EGLContext>(&v)), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_CONTEXT);
  EXPECT_FALSE(eglBindAPI(EGL_OPENVG_API));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  // Desktop OpenGL is turned off in this binary (BRASS_GL_VERSION_OVERRIDE=none).
  EXPECT_FALSE(eglBindAPI(EGL_OPENGL_API));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  EXPECT_EQ(eglQueryAPI(), static_cast<EGLenum>(EGL_OPENGL_ES_API));
  EXPECT_TRUE(eglDestroyContext(dpy, es2));
  EXPECT_FALSE(eglDestroyContext(dpy, es2));
  EXPECT_EQ(eglGetError(), EGL_BAD_CONTEXT);
}

TEST_F(Egl, MakeCurrentPbufferAndSurfacelessWithGl) {
  EGLConfig c = config(24);
  EGLContext ctx = context(c);
  EGLSurface s = pbuffer(c, 20, 10);
  ASSERT_TRUE(eglMakeCurrent(dpy, s, s, ctx));
  EXPECT_EQ(eglGetCurrentContext(), ctx);
  EXPECT_EQ(eglGetCurrentSurface(EGL_DRAW), s);
  EXPECT_EQ(eglGetCurrentDisplay(), dpy);
  auto get_string = gl<const GLubyte* (*)(GLenum)>("glGetString");
  auto get_integerv = gl<void (*)(GLenum, GLint*)>("glGetIntegerv");
  EXPECT_STREQ(reinterpret_cast<const char*>(get_string(GL_RENDERER)), "Brass (Fake GPU B)");
  GLint vp[4] = {};
  get_integerv(GL_VIEWPORT, vp);
  EXPECT_EQ(vp[2], 20);
  EXPECT_EQ(vp[3], 10);
  get_integerv(GL_DEPTH_BITS, vp);
  EXPECT_EQ(vp[0], 24);
  EXPECT_TRUE(eglSwapBuffers(dpy, s));
  EXPECT_TRUE(eglSwapInterval(dpy, 0));
  // Surfaceless.
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
  EXPECT_EQ(eglGetCurrentSurface(EGL_DRAW), EGL_NO_SURFACE);
  EXPECT_FALSE(eglSwapBuffers(dpy, s));
  EXPECT_EQ(eglGetError(), EGL_BAD_SURFACE);
  EXPECT_FALSE(eglSwapInterval(dpy, 1));
  EXPECT_EQ(eglGetError(), EGL_BAD_SURFACE);
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  EXPECT_EQ(eglGetCurrentContext(), EGL_NO_CONTEXT);
  EXPECT_EQ(get_string(GL_RENDERER), nullptr);  // no context: no-op
  EXPECT_FALSE(eglSwapInterval(dpy, 1));
  EXPECT_EQ(eglGetError(), EGL_BAD_CONTEXT);
}

TEST_F(Egl, MakeCurrentErrors) {
  EGLConfig c = config();
  EGLConfig c_depth = config(24);
  EGLContext ctx = context(c);
  EGLSurface s = pbuffer(c);
  EGLSurface s_depth = pbuffer(c_depth);
  EXPECT_FALSE(eglMakeCurrent(dpy, s, s, EGL_NO_CONTEXT));
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EXPECT_FALSE(eglMakeCurrent(dpy, s, EGL_NO_SURFACE, ctx));
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EXPECT_FALSE(eglMakeCurrent(dpy, s, s, reinterpret_cast<EGLContext>(&c)));
  EXPECT_EQ(eglGetError(), EGL_BAD_CONTEXT);
  EXPECT_FALSE(eglMakeCurrent(dpy, reinterpret_cast<EGLSurface>(&c), s, ctx));
  EXPECT_EQ(eglGetError(), EGL_BAD_SURFACE);
  EXPECT_FALSE(eglMakeCurrent(dpy, s_depth, s_depth, ctx));  // config mismatch
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  // A no-config context binds to any surface.
  const EGLint es3[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  EGLContext no_config = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es3);
  ASSERT_NE(no_config, EGL_NO_CONTEXT);
  EXPECT_TRUE(eglMakeCurrent(dpy, s_depth, s_depth, no_config));
  // Destroying what is current defers the free until release.
  EXPECT_TRUE(eglDestroySurface(dpy, s_depth));
  EXPECT_TRUE(eglDestroyContext(dpy, no_config));
  EXPECT_EQ(eglGetCurrentContext(), no_config);
  EXPECT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  EXPECT_FALSE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, no_config));
  EXPECT_EQ(eglGetError(), EGL_BAD_CONTEXT);
}

TEST_F(Egl, ContextCurrentOnAnotherThreadIsBadAccess) {
  EGLConfig c = config();
  EGLContext ctx = context(c);
  EGLSurface s = pbuffer(c);
  ASSERT_TRUE(eglMakeCurrent(dpy, s, s, ctx));
  EGLint thread_error = 0, surface_error = 0;
  std::thread([&] {
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
    thread_error = eglGetError();
    EGLContext other = context(c);
    eglMakeCurrent(dpy, s, s, other);
    surface_error = eglGetError();
    eglDestroyContext(dpy, other);
    EXPECT_EQ(eglGetCurrentContext(), EGL_NO_CONTEXT);  // per-thread current state
  }).join();
  EXPECT_EQ(thread_error, EGL_BAD_ACCESS);
  EXPECT_EQ(surface_error, EGL_BAD_ACCESS);
  EXPECT_EQ(eglGetCurrentContext(), ctx);
}

TEST_F(Egl, SharedContextsOnManyThreads) {
  EGLConfig c = config();
  EGLContext root = context(c);
  ASSERT_NE(root, EGL_NO_CONTEXT);
  auto gen_buffers = gl<void (*)(GLsizei, GLuint*)>("glGenBuffers");
  std::vector<GLuint> names(8);
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&, i] {
      EGLContext ctx = context(c, 3, root);
      EGLSurface s = pbuffer(c);
      if (ctx == EGL_NO_CONTEXT || s == EGL_NO_SURFACE) return;
      for (int k = 0; k < 20; ++k) {
        if (!eglMakeCurrent(dpy, s, s, ctx)) return;
        if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) return;
      }
      gen_buffers(1, &names[static_cast<size_t>(i)]);
      eglReleaseThread();
      eglDestroySurface(dpy, s);
      eglDestroyContext(dpy, ctx);
      ++ok;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(ok.load(), 8);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::unique(names.begin(), names.end()), names.end()) << "shared names must be distinct";
}

TEST_F(Egl, FenceSyncs) {
  EGLConfig c = config();
  EGLContext ctx = context(c);
  EXPECT_EQ(eglCreateSync(dpy, EGL_SYNC_FENCE, nullptr), EGL_NO_SYNC);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);  // no current context
  ASSERT_TRUE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
  EXPECT_EQ(eglCreateSync(dpy, 0x1234, nullptr), EGL_NO_SYNC);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  EXPECT_EQ(eglCreateSyncKHR(dpy, 0x1234, nullptr), EGL_NO_SYNC);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  EGLSync sync = eglCreateSync(dpy, EGL_SYNC_FENCE, nullptr);
  ASSERT_NE(sync, EGL_NO_SYNC);
  EGLAttrib v = 0;
  EXPECT_TRUE(eglGetSyncAttrib(dpy, sync, EGL_SYNC_TYPE, &v));
  EXPECT_EQ(v, EGL_SYNC_FENCE);
  EXPECT_EQ(eglClientWaitSync(dpy, sync, EGL_SYNC_FLUSH_COMMANDS_BIT, EGL_FOREVER), EGL_CONDITION_SATISFIED);
  EXPECT_TRUE(eglGetSyncAttrib(dpy, sync, EGL_SYNC_STATUS, &v));
  EXPECT_EQ(v, EGL_SIGNALED);
  EXPECT_FALSE(eglWaitSync(dpy, sync, 1));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  EXPECT_EQ(eglWaitSyncKHR(dpy, sync, 0), EGL_TRUE);
  EGLint vi = 0;
  EXPECT_TRUE(eglGetSyncAttribKHR(dpy, sync, EGL_SYNC_CONDITION, &vi));
  EXPECT_EQ(vi, EGL_SYNC_PRIOR_COMMANDS_COMPLETE);
  EXPECT_TRUE(eglDestroySync(dpy, sync));
  EXPECT_FALSE(eglDestroySync(dpy, sync));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
}

TEST_F(Egl, DevicesAndDevicePlatform) {
  EGLint n = 0;
  ASSERT_TRUE(eglQueryDevicesEXT(0, nullptr, &n));
  ASSERT_EQ(n, 2);
  EGLDeviceEXT devs[2];
  ASSERT_TRUE(eglQueryDevicesEXT(2, devs, &n));
  EXPECT_STREQ(eglQueryDeviceStringEXT(devs[0], EGL_RENDERER_EXT), "Fake GPU A");
  EXPECT_EQ(eglQueryDeviceStringEXT(nullptr, EGL_EXTENSIONS), nullptr);
  EXPECT_EQ(eglGetError(), EGL_BAD_DEVICE_EXT);
  EGLDisplay d0 = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devs[0], nullptr);
  ASSERT_NE(d0, EGL_NO_DISPLAY);
  EXPECT_NE(d0, dpy);
  ASSERT_TRUE(eglInitialize(d0, nullptr, nullptr));
  EGLAttrib dev = 0;
  EXPECT_TRUE(eglQueryDisplayAttribEXT(d0, EGL_DEVICE_EXT, &dev));
  EXPECT_EQ(reinterpret_cast<EGLDeviceEXT>(dev), devs[0]);
  EXPECT_TRUE(eglQueryDisplayAttribEXT(dpy, EGL_DEVICE_EXT, &dev));
  EXPECT_EQ(reinterpret_cast<EGLDeviceEXT>(dev), devs[1]);  // the provider's default
  EXPECT_EQ(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, &n, nullptr), EGL_NO_DISPLAY);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  eglTerminate(d0);
}

TEST(EglProcAddress, ResolvesEglAndGlNames) {
  EXPECT_NE(get_proc_address("eglCreateSyncKHR"), nullptr);
  EXPECT_NE(get_proc_address("eglQueryDevicesEXT"), nullptr);
  EXPECT_NE(get_proc_address("glClear"), nullptr);
  EXPECT_EQ(get_proc_address("eglNope"), nullptr);
  EXPECT_EQ(reinterpret_cast<void*>(eglGetProcAddress("glReadPixels")), get_proc_address("glReadPixels"));
}

}  // namespace
}  // namespace brass::egl
