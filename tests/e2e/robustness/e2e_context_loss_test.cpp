// Context loss (KHR_robustness, EGL_EXT_create_context_robustness): a
// device loss simulated at a submission (the test hook) loses the context
// whose work it was (GUILTY) and every other context of the device
// (UNKNOWN); lost contexts do nothing, report GL_CONTEXT_LOST_KHR when they
// asked for notification, never block, and are destroyed cleanly; a new
// context works.
#include "e2e_robustness_fixture.h"

namespace brass::e2e {
namespace {

constexpr uint32_t kRed = 0xff0000ff;

using ContextLoss = RobustnessTest;

TEST_F(ContextLoss, StrategyAndRobustAccessAreQueryable) {
  GLint v = -1;
  glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY_KHR, &v);
  EXPECT_EQ(v, GL_NO_RESET_NOTIFICATION_KHR);
  glGetIntegerv(GL_CONTEXT_ROBUST_ACCESS_KHR, &v);
  EXPECT_EQ(v, GL_FALSE);
  EXPECT_EQ(get_reset_status(), static_cast<GLenum>(GL_NO_ERROR));

  EGLContext lose = robust_context(EGL_LOSE_CONTEXT_ON_RESET_EXT);
  ASSERT_NE(lose, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, lose));
  glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY_KHR, &v);
  EXPECT_EQ(v, GL_LOSE_CONTEXT_ON_RESET_KHR);
  EXPECT_EQ(get_reset_status(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(draw_red(), kRed);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  EXPECT_TRUE(eglDestroyContext(dpy, lose));

  // The EGL 1.5 / KHR_create_context attribute works the same.
  const EGLint khr[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
                        EGL_LOSE_CONTEXT_ON_RESET, EGL_NONE};
  EGLContext lose15 = eglCreateContext(dpy, config, EGL_NO_CONTEXT, khr);
  ASSERT_NE(lose15, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, lose15));
  glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY_KHR, &v);
  EXPECT_EQ(v, GL_LOSE_CONTEXT_ON_RESET_KHR);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  EXPECT_TRUE(eglDestroyContext(dpy, lose15));
}

TEST_F(ContextLoss, ShareContextMustHaveTheSameStrategy) {
  // EXT_create_context_robustness: EGL_BAD_MATCH.
  EXPECT_EQ(robust_context(EGL_LOSE_CONTEXT_ON_RESET_EXT, ctx), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_MATCH);
  EXPECT_EQ(robust_context(EGL_NONE + 1), EGL_NO_CONTEXT);  // not a strategy
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
}

TEST_F(ContextLoss, LostContextIsGuiltyAndCommandsReportContextLost) {
  EGLContext lose = robust_context(EGL_LOSE_CONTEXT_ON_RESET_EXT);
  ASSERT_NE(lose, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, lose));
  EXPECT_EQ(draw_red(), kRed);

  // Objects made before the loss, to query after it.
  const GLsync fence_before = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  GLuint query = 0;
  glGenQueries(1, &query);
  glBeginQuery(GL_ANY_SAMPLES_PASSED, query);
  glEndQuery(GL_ANY_SAMPLES_PASSED);
  ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  hooks.lose_device_on_next_submit();
  glClear(GL_COLOR_BUFFER_BIT);
  glFinish();  // the submission that "loses the device"
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_CONTEXT_LOST_KHR));
  EXPECT_EQ(get_reset_status(), static_cast<GLenum>(GL_GUILTY_CONTEXT_RESET_KHR));
  // The reset was reported; the context stays lost.
  EXPECT_EQ(get_reset_status(), static_cast<GLenum>(GL_NO_ERROR));

  // Every command does nothing and reports the loss.
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_CONTEXT_LOST_KHR));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLint v = 1234;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &v);
  EXPECT_EQ(v, 1234) << "a lost context's query leaves the output alone";
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_CONTEXT_LOST_KHR));
  EXPECT_EQ(glCreateProgram(), 0u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_CONTEXT_LOST_KHR));
  GLuint tex = 0;
  glGenTextures(1, &tex);
  EXPECT_EQ(tex, 0u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_CONTEXT_LOST_KHR));
  uint32_t px = 0x12345678;
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &px);
  EXPECT_EQ(px, 0x12345678u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_CONTEXT_LOST_KHR));
  EXPECT_EQ(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0), nullptr);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_CONTEXT_LOST_KHR));

  // Nothing waits forever: fences count as signalled, results as available,
  // a client wait fails at once.
  GLint status = 0;
  GLsizei length = 0;
  glGetSynciv(fence_before, GL_SYNC_STATUS, 1, &length, &status);
  EXPECT_EQ(status, GL_SIGNALED);
  EXPECT_EQ(length, 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  GLuint available = 0;
  glGetQueryObjectuiv(query, GL_QUERY_RESULT_AVAILABLE, &available);
  EXPECT_EQ(available, static_cast<GLuint>(GL_TRUE));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(glClientWaitSync(fence_before, GL_SYNC_FLUSH_COMMANDS_BIT, UINT64_MAX), static_cast<GLenum>(GL_WAIT_FAILED));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_CONTEXT_LOST_KHR));
  glFinish();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_CONTEXT_LOST_KHR));
  // EGL sees it too.
  EXPECT_FALSE(eglSwapBuffers(dpy, surface));
  EXPECT_EQ(eglGetError(), EGL_CONTEXT_LOST);

  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  EXPECT_TRUE(eglDestroyContext(dpy, lose));

  // The fixture's context shared the device: it was lost too, for a cause
  // it does not know, and asked for no notification (the default
  // strategy): its reset status stays NO_ERROR and its commands do nothing.
  EXPECT_EQ(get_reset_status(), static_cast<GLenum>(GL_NO_ERROR));
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

  // A context made after the loss renders.
  EGLContext fresh = robust_context(EGL_LOSE_CONTEXT_ON_RESET_EXT);
  ASSERT_NE(fresh, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, fresh));
  EXPECT_EQ(get_reset_status(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(draw_red(), kRed);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  EXPECT_TRUE(eglDestroyContext(dpy, fresh));
}

TEST_F(ContextLoss, OtherContextsOfTheDeviceAreLostWithUnknownCause) {
  EGLContext guilty = robust_context(EGL_LOSE_CONTEXT_ON_RESET_EXT);
  EGLContext other = robust_context(EGL_LOSE_CONTEXT_ON_RESET_EXT);
  ASSERT_NE(guilty, EGL_NO_CONTEXT);
  ASSERT_NE(other, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, other));
  EXPECT_EQ(draw_red(), kRed);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, guilty));
  hooks.lose_device_on_next_submit();
  glClear(GL_COLOR_BUFFER_BIT);
  glFinish();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_CONTEXT_LOST_KHR));
  EXPECT_EQ(get_reset_status(), static_cast<GLenum>(GL_GUILTY_CONTEXT_RESET_KHR));

  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, other));
  EXPECT_EQ(get_reset_status(), static_cast<GLenum>(GL_UNKNOWN_CONTEXT_RESET_KHR));
  EXPECT_EQ(get_reset_status(), static_cast<GLenum>(GL_NO_ERROR));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_CONTEXT_LOST_KHR));

  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  EXPECT_TRUE(eglDestroyContext(dpy, guilty));
  EXPECT_TRUE(eglDestroyContext(dpy, other));
}

TEST_F(ContextLoss, NoResetNotificationReportsNothing) {
  EGLContext quiet = robust_context(EGL_NO_RESET_NOTIFICATION_EXT);
  ASSERT_NE(quiet, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, quiet));
  EXPECT_EQ(draw_red(), kRed);
  hooks.lose_device_on_next_submit();
  glClear(GL_COLOR_BUFFER_BIT);
  glFinish();
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(get_reset_status(), static_cast<GLenum>(GL_NO_ERROR));
  // Commands do nothing, quietly, and never crash or block.
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glFinish();
  uint32_t px = 0x12345678;
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &px);
  EXPECT_EQ(px, 0x12345678u);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  EXPECT_TRUE(eglDestroyContext(dpy, quiet));
}

TEST_F(ContextLoss, RobustAccessIsGrantedToEs30Contexts) {
  // Robust buffer access (lavapipe: device-wide, docs/egl.md) for ES 3.0
  // too; tests/e2e/es31/e2e_robust_access_test.cpp checks what it does.
  const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_TRUE, EGL_NONE};
  EGLContext robust = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
  ASSERT_NE(robust, EGL_NO_CONTEXT) << std::hex << eglGetError();
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, robust));
  GLint v = 0;
  glGetIntegerv(GL_CONTEXT_ROBUST_ACCESS_KHR, &v);
  EXPECT_EQ(v, GL_TRUE);
  EXPECT_TRUE(has_extension("GL_KHR_robust_buffer_access_behavior"));
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  EXPECT_TRUE(eglDestroyContext(dpy, robust));
  // The KHR_create_context flag is for OpenGL contexts only.
  const EGLint flags[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR,
                          EGL_NONE};
  EXPECT_EQ(eglCreateContext(dpy, config, EGL_NO_CONTEXT, flags), EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  // The display offers the extension that names these attributes.
  EXPECT_NE(std::string(eglQueryString(dpy, EGL_EXTENSIONS)).find("EGL_EXT_create_context_robustness"),
            std::string::npos);
}

TEST_F(ContextLoss, RobustnessExtensionsAreAdvertised) {
  EXPECT_TRUE(has_extension("GL_KHR_robustness"));
  EXPECT_TRUE(has_extension("GL_EXT_robustness"));
  // Only robust contexts promise robust buffer access behaviour.
  EXPECT_FALSE(has_extension("GL_KHR_robust_buffer_access_behavior"));
  GLint flags = -1;
  glGetIntegerv(0x821E /* GL_CONTEXT_FLAGS (KHR_debug) */, &flags);
  EXPECT_EQ(flags & 0x4 /* GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT_KHR */, 0);
}

}  // namespace
}  // namespace brass::e2e
