// Set-up for the robustness tests: contexts made with the reset
// notification strategy an application picks (EGL_EXT_create_context_robustness),
// and the test-only fault injection libEGL_brass.so exports
// (src/util/fault_injection.h): fail the N-th Vulkan allocation, lose the
// device at the next submission.
#pragma once

#include <dlfcn.h>

#include "../e2e_fixture.h"

namespace brass::e2e {

struct FaultHooks {
  uint64_t (*allocation_count)() = nullptr;
  void (*fail_allocation)(uint64_t n) = nullptr;
  bool (*allocation_failed)(bool* on_arming_thread) = nullptr;
  void (*lose_device_on_next_submit)() = nullptr;

  // From the copy of libEGL_brass.so glvnd loaded; false when it is not
  // loaded or lacks a hook.
  bool load() {
    void* lib = dlopen("libEGL_brass.so", RTLD_NOLOAD | RTLD_NOW);
    if (!lib) lib = dlopen(BRASS_E2E_VENDOR_LIBRARY, RTLD_NOLOAD | RTLD_NOW);
    if (!lib) return false;
    allocation_count = reinterpret_cast<uint64_t (*)()>(dlsym(lib, "brass_test_allocation_count"));
    fail_allocation = reinterpret_cast<void (*)(uint64_t)>(dlsym(lib, "brass_test_fail_allocation"));
    allocation_failed = reinterpret_cast<bool (*)(bool*)>(dlsym(lib, "brass_test_allocation_failed"));
    lose_device_on_next_submit = reinterpret_cast<void (*)()>(dlsym(lib, "brass_test_lose_device_on_next_submit"));
    host_allocation_count = reinterpret_cast<uint64_t (*)()>(dlsym(lib, "brass_test_host_allocation_count"));
    fail_host_allocation = reinterpret_cast<void (*)(uint64_t)>(dlsym(lib, "brass_test_fail_host_allocation"));
    host_allocation_failed = reinterpret_cast<bool (*)(bool*)>(dlsym(lib, "brass_test_host_allocation_failed"));
    spare_host_command = reinterpret_cast<void (*)(const char*)>(dlsym(lib, "brass_test_spare_host_command"));
    host_failure_command = reinterpret_cast<const char* (*)()>(dlsym(lib, "brass_test_host_failure_command"));
    live_host_allocations = reinterpret_cast<int64_t (*)()>(dlsym(lib, "brass_test_live_host_allocations"));
    dlclose(lib);  // glvnd holds it (and it is -z nodelete)
    return allocation_count && fail_allocation && allocation_failed && lose_device_on_next_submit &&
           host_allocation_count && fail_host_allocation && host_allocation_failed && spare_host_command &&
           host_failure_command && live_host_allocations;
  }
  // Host allocation points (the Vulkan driver's memory through Brass's
  // allocation callbacks); they count only in a process that asked for the
  // callbacks before its first eglInitialize (HostAllocatorTest).
  uint64_t (*host_allocation_count)() = nullptr;
  void (*fail_host_allocation)(uint64_t n) = nullptr;
  bool (*host_allocation_failed)(bool* on_arming_thread) = nullptr;
  void (*spare_host_command)(const char* command) = nullptr;
  const char* (*host_failure_command)() = nullptr;
  int64_t (*live_host_allocations)() = nullptr;
};

class RobustnessTest : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(hooks.load()) << "libEGL_brass.so does not export the brass_test_* hooks";
    get_reset_status = reinterpret_cast<PFNGLGETGRAPHICSRESETSTATUSKHRPROC>(
        eglGetProcAddress("glGetGraphicsResetStatusKHR"));
    read_n_pixels = reinterpret_cast<PFNGLREADNPIXELSKHRPROC>(eglGetProcAddress("glReadnPixelsKHR"));
    get_n_uniformfv = reinterpret_cast<PFNGLGETNUNIFORMFVKHRPROC>(eglGetProcAddress("glGetnUniformfvKHR"));
    get_n_uniformiv = reinterpret_cast<PFNGLGETNUNIFORMIVKHRPROC>(eglGetProcAddress("glGetnUniformivKHR"));
    get_n_uniformuiv = reinterpret_cast<PFNGLGETNUNIFORMUIVKHRPROC>(eglGetProcAddress("glGetnUniformuivKHR"));
    ASSERT_NE(get_reset_status, nullptr);
    ASSERT_NE(read_n_pixels, nullptr);
    ASSERT_NE(get_n_uniformfv, nullptr);
    ASSERT_NE(get_n_uniformiv, nullptr);
    ASSERT_NE(get_n_uniformuiv, nullptr);
  }

  // A context on the fixture's config with `strategy`
  // (EGL_LOSE_CONTEXT_ON_RESET_EXT or EGL_NO_RESET_NOTIFICATION_EXT).
  EGLContext robust_context(EGLint strategy, EGLContext share = EGL_NO_CONTEXT) {
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT,
                              strategy, EGL_NONE};
    return eglCreateContext(dpy, config, share, attribs);
  }

  // Draws one red full-viewport triangle and reads a pixel back.
  uint32_t draw_red() {
    static constexpr const char* kFs = R"(#version 300 es
precision mediump float;
out vec4 c;
void main() { c = vec4(1.0, 0.0, 0.0, 1.0); })";
    const GLuint p = program(kFullscreenVs, kFs);
    glUseProgram(p);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const uint32_t px = pixel(5, 5);
    glUseProgram(0);
    glDeleteProgram(p);
    return px;
  }

  FaultHooks hooks;
  PFNGLGETGRAPHICSRESETSTATUSKHRPROC get_reset_status = nullptr;
  PFNGLREADNPIXELSKHRPROC read_n_pixels = nullptr;
  PFNGLGETNUNIFORMFVKHRPROC get_n_uniformfv = nullptr;
  PFNGLGETNUNIFORMIVKHRPROC get_n_uniformiv = nullptr;
  PFNGLGETNUNIFORMUIVKHRPROC get_n_uniformuiv = nullptr;
};

}  // namespace brass::e2e
