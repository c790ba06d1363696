// GLX configs, strings and context creation by every path, with the errors
// GLX_ARB_create_context (_profile, _no_error) name. Glx.* runs with desktop
// GL offered as by default (4.2 core on lavapipe), GlxNoDesktop.* with it turned off (BRASS_GL_VERSION_OVERRIDE=none).
#include "e2e_glx_fixture.h"

namespace brass::e2e::glx {
namespace {

class GlxNoDesktop : public Glx {};

TEST_F(Glx, FbconfigsComeFromTheServersVisuals) {
  int n = 0;
  GLXFBConfig* all = glXGetFBConfigs(dpy, screen, &n);
  ASSERT_NE(all, nullptr);
  ASSERT_GT(n, 0);
  for (int i = 0; i < n; ++i) {
    int visual = 0, drawable_type = 0, render_type = 0, id = 0;
    EXPECT_EQ(glXGetFBConfigAttrib(dpy, all[i], GLX_VISUAL_ID, &visual), Success);
    EXPECT_EQ(glXGetFBConfigAttrib(dpy, all[i], GLX_DRAWABLE_TYPE, &drawable_type), Success);
    EXPECT_EQ(glXGetFBConfigAttrib(dpy, all[i], GLX_RENDER_TYPE, &render_type), Success);
    EXPECT_EQ(glXGetFBConfigAttrib(dpy, all[i], GLX_FBCONFIG_ID, &id), Success);
    EXPECT_NE(visual, 0);
    EXPECT_EQ(drawable_type, GLX_WINDOW_BIT | GLX_PBUFFER_BIT);
    EXPECT_EQ(render_type, GLX_RGBA_BIT);
    XVisualInfo* vi = glXGetVisualFromFBConfig(dpy, all[i]);
    ASSERT_NE(vi, nullptr);
    EXPECT_EQ(vi->visualid, static_cast<VisualID>(visual));
    EXPECT_TRUE(vi->depth == 24 || vi->depth == 32);
    XFree(vi);
  }
  int value = 0;
  EXPECT_EQ(glXGetFBConfigAttrib(dpy, all[0], 0x7fff, &value), GLX_BAD_ATTRIBUTE);
  XFree(all);
}

TEST_F(Glx, ChooseFbconfigMatchesAndSorts) {
  const int attribs[] = {GLX_RED_SIZE, 8, GLX_ALPHA_SIZE, 8, GLX_STENCIL_SIZE, 8, GLX_SAMPLES, 4, None};
  int n = 0;
  GLXFBConfig* configs = glXChooseFBConfig(dpy, screen, attribs, &n);
  ASSERT_NE(configs, nullptr);
  ASSERT_GT(n, 0);
  int previous_depth = 1000;
  for (int i = 0; i < n; ++i) {
    int alpha = 0, stencil = 0, samples = 0, depth = 0;
    glXGetFBConfigAttrib(dpy, configs[i], GLX_ALPHA_SIZE, &alpha);
    glXGetFBConfigAttrib(dpy, configs[i], GLX_STENCIL_SIZE, &stencil);
    glXGetFBConfigAttrib(dpy, configs[i], GLX_SAMPLES, &samples);
    glXGetFBConfigAttrib(dpy, configs[i], GLX_DEPTH_SIZE, &depth);
    EXPECT_GE(alpha, 8);
    EXPECT_GE(stencil, 8);
    EXPECT_GE(samples, 4);
    EXPECT_LE(depth, previous_depth);  // larger depth first (GLX 1.4 table 3.4)
    previous_depth = depth;
  }
  XFree(configs);
  // What no config has: none.
  const int stereo[] = {GLX_STEREO, True, None};
  EXPECT_EQ(glXChooseFBConfig(dpy, screen, stereo, &n), nullptr);
  EXPECT_EQ(n, 0);
  const int pixmap[] = {GLX_DRAWABLE_TYPE, GLX_PIXMAP_BIT, None};
  EXPECT_EQ(glXChooseFBConfig(dpy, screen, pixmap, &n), nullptr);
}

TEST_F(Glx, ChooseVisualAndGetConfig) {
  int double_attribs[] = {GLX_RGBA, GLX_RED_SIZE, 1, GLX_DEPTH_SIZE, 1, GLX_DOUBLEBUFFER, None};
  XVisualInfo* vi = glXChooseVisual(dpy, screen, double_attribs);
  ASSERT_NE(vi, nullptr);
  int value = 0;
  EXPECT_EQ(glXGetConfig(dpy, vi, GLX_USE_GL, &value), Success);
  EXPECT_EQ(value, True);
  EXPECT_EQ(glXGetConfig(dpy, vi, GLX_RGBA, &value), Success);
  EXPECT_EQ(value, True);
  EXPECT_EQ(glXGetConfig(dpy, vi, GLX_DOUBLEBUFFER, &value), Success);
  EXPECT_EQ(value, True);
  EXPECT_EQ(glXGetConfig(dpy, vi, GLX_DEPTH_SIZE, &value), Success);
  EXPECT_GE(value, 1);
  EXPECT_EQ(glXGetConfig(dpy, vi, GLX_RED_SIZE, &value), Success);
  EXPECT_EQ(value, 8);
  XFree(vi);
  // Single-buffered and color-index visuals: Brass has none.
  int single[] = {GLX_RGBA, None};
  EXPECT_EQ(glXChooseVisual(dpy, screen, single), nullptr);
  int color_index[] = {GLX_DOUBLEBUFFER, None};
  EXPECT_EQ(glXChooseVisual(dpy, screen, color_index), nullptr);
}

TEST_F(Glx, StringsNameBrassAndItsExtensions) {
  const std::string exts = glXQueryExtensionsString(dpy, screen);
  for (const char* e : {"GLX_ARB_create_context", "GLX_ARB_create_context_profile", "GLX_ARB_create_context_no_error",
                        "GLX_ARB_create_context_robustness", "GLX_EXT_create_context_es2_profile",
                        "GLX_EXT_create_context_es_profile", "GLX_EXT_swap_control", "GLX_MESA_swap_control"})
    EXPECT_NE(exts.find(e), std::string::npos) << e;
  EXPECT_STREQ(glXQueryServerString(dpy, screen, GLX_VENDOR), "Brass");
  EXPECT_STREQ(glXQueryServerString(dpy, screen, GLX_VERSION), "1.4");
  const char* client_vendor = glXGetClientString(dpy, GLX_VENDOR);
  ASSERT_NE(client_vendor, nullptr);
  EXPECT_NE(std::string(client_vendor).find("Brass"), std::string::npos);
}

// glXCreateContext (a legacy request): the compatibility profile (offered
// on lavapipe; docs/compatibility.md), rendering to a plain X window with
// immediate mode through libGL.
TEST_F(Glx, LegacyContextIsTheCompatibilityProfile) {
  int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_DEPTH_SIZE, 24, None};
  XVisualInfo* vi = glXChooseVisual(dpy, screen, attribs);
  ASSERT_NE(vi, nullptr);
  const Window win = make_window(vi);
  GLXContext ctx = glXCreateContext(dpy, vi, nullptr, True);
  XFree(vi);
  ASSERT_NE(ctx, nullptr);
  EXPECT_TRUE(glXIsDirect(dpy, ctx));
  ASSERT_TRUE(glXMakeCurrent(dpy, win, ctx));
  EXPECT_EQ(glXGetCurrentContext(), ctx);
  EXPECT_NE(gl_string(GL_VERSION).find(" (Compatibility Profile) Brass"), std::string::npos)
      << gl_string(GL_VERSION);
  EXPECT_EQ(gl_string(GL_RENDERER).rfind("Brass (", 0), 0u) << gl_string(GL_RENDERER);
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  EXPECT_GE(major * 10 + minor, 32);
  EXPECT_TRUE(has_gl_extension("GL_ARB_compatibility"));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  // A blue quad over the left half, in immediate mode.
  glColor3f(0, 0, 1);
  glBegin(GL_QUADS);
  glVertex2f(-1, -1);
  glVertex2f(0, -1);
  glVertex2f(0, 1);
  glVertex2f(-1, 1);
  glEnd();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glXSwapBuffers(dpy, win);
  EXPECT_EQ(window_pixel(win, 4, 4, 0x0000ff), 0x0000ffu);
  glXMakeCurrent(dpy, None, nullptr);
  glXDestroyContext(dpy, ctx);
  EXPECT_EQ(g_x_error.count, 0) << describe_x_error();
}

TEST_F(Glx, NewContextIsACompatibilityContextToo) {
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  GLXContext ctx = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, nullptr, True);
  ASSERT_NE(ctx, nullptr);
  const int pb_attribs[] = {GLX_PBUFFER_WIDTH, 8, GLX_PBUFFER_HEIGHT, 8, None};
  GLXPbuffer pb = glXCreatePbuffer(dpy, config, pb_attribs);
  ASSERT_NE(pb, 0u);
  ASSERT_TRUE(glXMakeContextCurrent(dpy, pb, pb, ctx));
  EXPECT_NE(gl_string(GL_VERSION).find(" (Compatibility Profile)"), std::string::npos);
  int value = 0, id = 0;
  EXPECT_EQ(glXQueryContext(dpy, ctx, GLX_RENDER_TYPE, &value), Success);
  EXPECT_EQ(value, GLX_RGBA_TYPE);
  EXPECT_EQ(glXQueryContext(dpy, ctx, GLX_FBCONFIG_ID, &value), Success);
  glXGetFBConfigAttrib(dpy, config, GLX_FBCONFIG_ID, &id);
  EXPECT_EQ(value, id);
  EXPECT_EQ(glXQueryContext(dpy, ctx, GLX_SCREEN, &value), Success);
  EXPECT_EQ(value, screen);
  glXMakeContextCurrent(dpy, None, None, nullptr);
  glXDestroyPbuffer(dpy, pb);
  glXDestroyContext(dpy, ctx);
  // Color-index contexts: no config supports them.
  EXPECT_EQ(glXCreateNewContext(dpy, config, GLX_COLOR_INDEX_TYPE, nullptr, True), nullptr);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.error_code, BadMatch);
}

TEST_F(Glx, CreateContextAttribsCoreVersionsAndFlags) {
  auto create = create_context_attribs();
  ASSERT_NE(create, nullptr);
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  const int core33[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
                        GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB,
                        GLX_CONTEXT_FLAGS_ARB, GLX_CONTEXT_DEBUG_BIT_ARB | GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB, None};
  GLXContext ctx = create(dpy, config, nullptr, True, core33);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeContextCurrent(dpy, None, None, ctx));  // no default framebuffer
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  const std::string provided = std::to_string(major) + "." + std::to_string(minor) + " (Core Profile)";
  EXPECT_GE(major * 10 + minor, 33);
  EXPECT_EQ(gl_string(GL_VERSION).rfind(provided + " Brass", 0), 0u) << gl_string(GL_VERSION);
  GLint mask = 0, flags = 0;
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  EXPECT_EQ(mask, GL_CONTEXT_CORE_PROFILE_BIT);
  EXPECT_EQ(flags, GL_CONTEXT_FLAG_DEBUG_BIT | GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT);
  glXMakeContextCurrent(dpy, None, None, nullptr);
  glXDestroyContext(dpy, ctx);

  // A 3.2 request gets the provided core context.
  const int core32[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 2, None};
  ctx = create(dpy, config, nullptr, True, core32);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeContextCurrent(dpy, None, None, ctx));
  EXPECT_EQ(gl_string(GL_VERSION).rfind(provided, 0), 0u);
  glXMakeContextCurrent(dpy, None, None, nullptr);
  glXDestroyContext(dpy, ctx);

  // No version asked (1.0): the compatibility profile.
  ctx = create(dpy, config, nullptr, True, nullptr);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeContextCurrent(dpy, None, None, ctx));
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
  EXPECT_EQ(mask, GL_CONTEXT_COMPATIBILITY_PROFILE_BIT);
  glXMakeContextCurrent(dpy, None, None, nullptr);
  glXDestroyContext(dpy, ctx);

  // GLX_ARB_create_context_no_error: the context says so.
  const int no_error[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
                          GLX_CONTEXT_OPENGL_NO_ERROR_ARB, True, None};
  ctx = create(dpy, config, nullptr, True, no_error);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeContextCurrent(dpy, None, None, ctx));
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  EXPECT_EQ(flags, GL_CONTEXT_FLAG_NO_ERROR_BIT);
  // KHR_no_error: a usage error is not recorded (the command does nothing).
  EXPECT_TRUE(has_gl_extension("GL_KHR_no_error"));
  glEnable(0x1234);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glXMakeContextCurrent(dpy, None, None, nullptr);
  glXDestroyContext(dpy, ctx);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.count, 0) << describe_x_error();
}

TEST_F(Glx, CreateContextAttribsErrors) {
  auto create = create_context_attribs();
  ASSERT_NE(create, nullptr);
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  auto expect_failure = [&](const int* attribs, int glx_error, int core_error, const char* what) {
    g_x_error = {};
    EXPECT_EQ(create(dpy, config, nullptr, True, attribs), nullptr) << what;
    XSync(dpy, False);
    EXPECT_EQ(g_x_error.count, 1) << what;
    if (glx_error >= 0) {
      EXPECT_EQ(last_glx_error(), glx_error) << what;
    }
    if (core_error >= 0) {
      EXPECT_EQ(g_x_error.error_code, core_error) << what;
    }
  };
  // Core reaches 4.6 on lavapipe (ARB_gl_spirv); compatibility stops at 4.4.
  const int too_new[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 5,
                         GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB, None};
  expect_failure(too_new, GLXBadFBConfig, -1, "compatibility 4.5 above the provided version");
  const int compat[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 4, GLX_CONTEXT_MINOR_VERSION_ARB, 6,
                        GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB, None};
  expect_failure(compat, GLXBadFBConfig, -1, "compatibility profile above the provided version");
  const int no_profile[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
                            GLX_CONTEXT_PROFILE_MASK_ARB, 0, None};
  expect_failure(no_profile, GLXBadProfileARB, -1, "empty profile mask");
  const int bad_version[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 4, None};
  expect_failure(bad_version, -1, BadMatch, "3.4 is no GL version");
  const int fc_old[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 1, GLX_CONTEXT_FLAGS_ARB,
                        GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB, None};
  expect_failure(fc_old, -1, BadMatch, "forward-compatible 2.1");
  const int unknown[] = {0x7fff, 1, None};
  expect_failure(unknown, -1, BadValue, "unknown attribute");
  const int bad_strategy[] = {GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB, 0x1234, None};
  expect_failure(bad_strategy, -1, BadValue, "unknown reset notification strategy");
  const int no_error_debug[] = {GLX_CONTEXT_OPENGL_NO_ERROR_ARB, True, GLX_CONTEXT_FLAGS_ARB,
                                GLX_CONTEXT_DEBUG_BIT_ARB, None};
  expect_failure(no_error_debug, -1, BadMatch, "no-error debug context");
  const int es1[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 1, GLX_CONTEXT_MINOR_VERSION_ARB, 1,
                     GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES_PROFILE_BIT_EXT, None};
  expect_failure(es1, GLXBadProfileARB, -1, "ES 1.1");
  // A share context that is not one.
  g_x_error = {};
  int dummy = 0;
  EXPECT_EQ(create(dpy, config, reinterpret_cast<GLXContext>(&dummy), True, nullptr), nullptr);
  XSync(dpy, False);
  EXPECT_GE(g_x_error.count, 1);
}

TEST_F(Glx, EsContextThroughEs2ProfileRenders) {
  auto create = create_context_attribs();
  ASSERT_NE(create, nullptr);
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  const Window win = make_window(config);
  const int es2[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 0,
                     GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES2_PROFILE_BIT_EXT, None};
  GLXContext ctx = create(dpy, config, nullptr, True, es2);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeCurrent(dpy, win, ctx));
  EXPECT_EQ(gl_string(GL_VERSION).rfind("OpenGL ES 3.", 0), 0u) << gl_string(GL_VERSION);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  GLubyte px[4] = {};
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
  EXPECT_EQ(px[2], 255);
  glXSwapBuffers(dpy, win);
  EXPECT_EQ(window_pixel(win, 1, 1, 0x0000ff), 0x0000ffu);
  glXMakeCurrent(dpy, None, nullptr);
  glXDestroyContext(dpy, ctx);
}

TEST_F(Glx, RobustContextsThroughCreateContextRobustness) {
  // GLX_ARB_create_context_robustness: robust access (lavapipe gives it,
  // docs/egl.md) and the reset notification strategy, for ES and desktop
  // contexts; contexts sharing objects agree on both (BadMatch).
  auto create = create_context_attribs();
  ASSERT_NE(create, nullptr);
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  const int es_robust[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 0,
                           GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES_PROFILE_BIT_EXT, GLX_CONTEXT_FLAGS_ARB,
                           GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB, GLX_CONTEXT_RESET_NOTIFICATION_STRATEGY_ARB,
                           GLX_LOSE_CONTEXT_ON_RESET_ARB, None};
  GLXContext es = create(dpy, config, nullptr, True, es_robust);
  ASSERT_NE(es, nullptr);
  ASSERT_TRUE(glXMakeContextCurrent(dpy, None, None, es));
  GLint v = 0;
  glGetIntegerv(0x90F3 /* GL_CONTEXT_ROBUST_ACCESS */, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetIntegerv(0x8256 /* GL_RESET_NOTIFICATION_STRATEGY */, &v);
  EXPECT_EQ(v, 0x8252 /* GL_LOSE_CONTEXT_ON_RESET */);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glXMakeContextCurrent(dpy, None, None, nullptr);
  // Sharing with another robustness or strategy: BadMatch.
  const int es_plain[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 0,
                          GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES_PROFILE_BIT_EXT, None};
  g_x_error = {};
  EXPECT_EQ(create(dpy, config, es, True, es_plain), nullptr);
  XSync(dpy, False);
  EXPECT_EQ(g_x_error.error_code, BadMatch);
  GLXContext shared = create(dpy, config, es, True, es_robust);
  EXPECT_NE(shared, nullptr);
  if (shared) glXDestroyContext(dpy, shared);
  glXDestroyContext(dpy, es);
  // Desktop core profile: the flag shows in GL_CONTEXT_FLAGS.
  const int core_robust[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
                             GLX_CONTEXT_FLAGS_ARB, GLX_CONTEXT_ROBUST_ACCESS_BIT_ARB, None};
  GLXContext core = create(dpy, config, nullptr, True, core_robust);
  ASSERT_NE(core, nullptr);
  ASSERT_TRUE(glXMakeContextCurrent(dpy, None, None, core));
  glGetIntegerv(GL_CONTEXT_FLAGS, &v);
  EXPECT_EQ(v & GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT, GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glXMakeContextCurrent(dpy, None, None, nullptr);
  glXDestroyContext(dpy, core);
}

TEST_F(Glx, MakeCurrentErrors) {
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  GLXContext ctx = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, nullptr, True);
  ASSERT_NE(ctx, nullptr);
  // A drawable that is not one.
  EXPECT_FALSE(glXMakeCurrent(dpy, 0x1234567, ctx));
  XSync(dpy, False);
  EXPECT_EQ(last_glx_error(), GLXBadDrawable);
  // Current in another thread: BadAccess here.
  ASSERT_TRUE(glXMakeContextCurrent(dpy, None, None, ctx));
  std::thread other([&] {
    Display* dpy2 = XOpenDisplay(nullptr);
    ASSERT_NE(dpy2, nullptr);
    g_x_error = {};
    EXPECT_FALSE(glXMakeContextCurrent(dpy2, None, None, ctx));
    XSync(dpy2, False);
    EXPECT_EQ(g_x_error.error_code, BadAccess);
    XCloseDisplay(dpy2);
  });
  other.join();
  // Destroyed while current: it stays usable until released.
  glXDestroyContext(dpy, ctx);
  glClearColor(0, 0, 0, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  glXMakeContextCurrent(dpy, None, None, nullptr);
  g_x_error = {};
  glXDestroyContext(dpy, ctx);
  XSync(dpy, False);
  EXPECT_EQ(last_glx_error(), GLXBadContext);
}

TEST_F(Glx, GetProcAddressGivesEveryEntryPoint) {
  for (const char* name : {"glXCreateContextAttribsARB", "glXSwapIntervalEXT", "glXSwapIntervalMESA",
                           "glXGetSwapIntervalMESA", "glCreateShader", "glDrawArraysInstanced",
                           "glGetStringi", "glBindVertexArray", "glClear"})
    EXPECT_NE(glXGetProcAddress(reinterpret_cast<const GLubyte*>(name)), nullptr) << name;
}

// Without desktop GL (BRASS_GL_VERSION_OVERRIDE=none): ES contexts still come
// through GLX_EXT_create_context_es2_profile; desktop requests fail with
// GLXBadFBConfig (GLX_ARB_create_context: no config supports the version).
TEST_F(GlxNoDesktop, EsWorksDesktopFails) {
  auto create = create_context_attribs();
  ASSERT_NE(create, nullptr);
  GLXFBConfig config = window_config();
  ASSERT_NE(config, nullptr);
  const int es3[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 0,
                     GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_ES_PROFILE_BIT_EXT, None};
  GLXContext ctx = create(dpy, config, nullptr, True, es3);
  ASSERT_NE(ctx, nullptr);
  ASSERT_TRUE(glXMakeContextCurrent(dpy, None, None, ctx));
  EXPECT_EQ(gl_string(GL_VERSION).rfind("OpenGL ES 3.", 0), 0u);
  glXMakeContextCurrent(dpy, None, None, nullptr);
  glXDestroyContext(dpy, ctx);
  EXPECT_EQ(g_x_error.count, 0) << describe_x_error();

  const int core[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3, None};
  EXPECT_EQ(create(dpy, config, nullptr, True, core), nullptr);
  XSync(dpy, False);
  EXPECT_EQ(last_glx_error(), GLXBadFBConfig);
  g_x_error = {};
  EXPECT_EQ(glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, nullptr, True), nullptr);
  XSync(dpy, False);
  EXPECT_EQ(last_glx_error(), GLXBadFBConfig);
  g_x_error = {};
  int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, None};
  XVisualInfo* vi = glXChooseVisual(dpy, screen, attribs);
  ASSERT_NE(vi, nullptr);
  EXPECT_EQ(glXCreateContext(dpy, vi, nullptr, True), nullptr);
  XFree(vi);
  XSync(dpy, False);
  EXPECT_EQ(last_glx_error(), GLXBadFBConfig);
}

}  // namespace
}  // namespace brass::e2e::glx
