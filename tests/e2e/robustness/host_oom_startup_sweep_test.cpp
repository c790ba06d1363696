// Start-up out of memory, swept: every allocation point of a process's
// start-up (eglInitialize's enumeration instance, the screen's Vulkan
// instance and device, the first context, its first program and draws)
// fails in turn, each in a process of its own, because EGL enumerates the
// devices and opens each screen once per process and keeps them.
//
// The test runs itself: the parent (the ctest) starts this binary again
// with BRASS_TEST_STARTUP_POINT=<kind>:<n> (read by this test, not by
// Brass) and only this test selected. Such a child arms the n-th host
// allocation (the Vulkan driver's memory through Brass's callbacks) or
// the n-th Vulkan allocation (n = 0: none, the count run), runs the
// start-up and checks: every call that fails reports EGL_BAD_ALLOC or
// EGL_NOT_INITIALIZED (eglInitialize, EGL 1.5 §3.2), GL_OUT_OF_MEMORY for
// GL; nothing before the failing allocation reported anything; then, with
// memory back, the whole start-up again works in the same process (a
// failed start-up is not remembered) and draws the right pixels. The
// parent wants every child to exit 0 (no crash, no abort, no failed
// check; under the asan preset, no LeakSanitizer report at exit).
#include <dlfcn.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "oom_workload.h"

extern char** environ;

namespace brass::e2e {
namespace {

constexpr const char* kTestName = "HostOutOfMemoryAtStartup.EveryStartupAllocationPointFailsCleanly";
constexpr const char* kPointVariable = "BRASS_TEST_STARTUP_POINT";

// The test hooks of libEGL_brass.so (src/egl/glvnd_vendor.cpp).
struct StartupHooks {
  bool (*use_host_allocator)() = nullptr;
  uint64_t (*host_count)() = nullptr;
  void (*fail_host)(uint64_t) = nullptr;
  bool (*host_failed)(bool*) = nullptr;
  void (*spare_host_command)(const char*) = nullptr;
  const char* (*host_failure_command)() = nullptr;
  uint64_t (*vk_count)() = nullptr;
  void (*fail_vk)(uint64_t) = nullptr;
  bool (*vk_failed)(bool*) = nullptr;

  bool load(void* lib) {
    auto get = [lib](auto& fn, const char* name) {
      fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, name));
      return fn != nullptr;
    };
    return get(use_host_allocator, "brass_test_use_host_allocator") &&
           get(host_count, "brass_test_host_allocation_count") &&
           get(fail_host, "brass_test_fail_host_allocation") &&
           get(host_failed, "brass_test_host_allocation_failed") &&
           get(spare_host_command, "brass_test_spare_host_command") &&
           get(host_failure_command, "brass_test_host_failure_command") &&
           get(vk_count, "brass_test_allocation_count") && get(fail_vk, "brass_test_fail_allocation") &&
           get(vk_failed, "brass_test_allocation_failed");
  }
};

bool allowed_egl_error(EGLint e, bool initialize) {
  return e == EGL_BAD_ALLOC || (initialize && e == EGL_NOT_INITIALIZED);
}

// What one start-up saw.
struct Startup {
  EGLDisplay dpy = EGL_NO_DISPLAY;
  EGLConfig config = nullptr;
  EGLSurface surface = EGL_NO_SURFACE;
  EGLContext home = EGL_NO_CONTEXT;
  std::string failed_call;  // the first call that reported an error ("" none)
  EGLint error = EGL_SUCCESS;
  bool complete = false;
  WorkloadRun first_work;  // the first context's first program, draws, readbacks
};

// Display, initialize, config, pbuffer, context, current, a clear read
// back, then the first GL work (OomWorkload: a program, textures, draws).
// Stops at the first failing EGL call.
Startup start_up(const AllocationPoints& points) {
  Startup s;
  auto fail = [&s](const char* call, EGLint e) {
    s.failed_call = call;
    s.error = e;
    return s;
  };
  s.dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (s.dpy == EGL_NO_DISPLAY) return fail("eglGetPlatformDisplay", eglGetError());
  EGLint major = 0, minor = 0;
  if (!eglInitialize(s.dpy, &major, &minor)) return fail("eglInitialize", eglGetError());
  const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
                                   EGL_RED_SIZE,     8,               EGL_GREEN_SIZE,      8,
                                   EGL_BLUE_SIZE,    8,               EGL_ALPHA_SIZE,      8,
                                   EGL_NONE};
  EGLint n = 0;
  if (!eglChooseConfig(s.dpy, config_attribs, &s.config, 1, &n)) return fail("eglChooseConfig", eglGetError());
  if (n != 1) return fail("eglChooseConfig (no config)", EGL_SUCCESS);
  // As large as the fixture's: the workload reads its pixels up to (20, 20).
  const EGLint pbuffer[] = {EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE};
  s.surface = eglCreatePbufferSurface(s.dpy, s.config, pbuffer);
  if (s.surface == EGL_NO_SURFACE) return fail("eglCreatePbufferSurface", eglGetError());
  if (!eglBindAPI(EGL_OPENGL_ES_API)) return fail("eglBindAPI", eglGetError());
  const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  s.home = eglCreateContext(s.dpy, s.config, EGL_NO_CONTEXT, context_attribs);
  if (s.home == EGL_NO_CONTEXT) return fail("eglCreateContext", eglGetError());
  if (!eglMakeCurrent(s.dpy, s.surface, s.surface, s.home)) return fail("eglMakeCurrent", eglGetError());
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  uint32_t pixel = 0;
  glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &pixel);
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) return fail("glClear/glReadPixels", static_cast<EGLint>(e));
  if (pixel != 0xffff0000) return fail("glReadPixels (wrong pixel)", EGL_SUCCESS);
  OomWorkload work(s.dpy, s.config, s.surface, s.home, points);
  s.first_work = work.run();
  s.complete = true;
  return s;
}

void tear_down(Startup& s) {
  if (s.dpy == EGL_NO_DISPLAY) return;
  eglMakeCurrent(s.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (s.home != EGL_NO_CONTEXT) eglDestroyContext(s.dpy, s.home);
  if (s.surface != EGL_NO_SURFACE) eglDestroySurface(s.dpy, s.surface);
  eglTerminate(s.dpy);
  s = Startup{};
}

// The child: one point of one kind fails (0: none; prints the counts).
void run_child(const std::string& kind, uint64_t point) {
  void* lib = dlopen(BRASS_E2E_VENDOR_LIBRARY, RTLD_NOW);
  ASSERT_NE(lib, nullptr) << dlerror();
  StartupHooks hooks;
  ASSERT_TRUE(hooks.load(lib)) << "libEGL_brass.so lacks the brass_test_* hooks";
  // Host points exist only with Brass's callbacks, asked for before the
  // first Vulkan instance; the Vulkan kind runs as an application does.
  if (kind == "host") {
    ASSERT_TRUE(hooks.use_host_allocator()) << "a Vulkan instance was made before this test";
    // As in the workload sweep (host_out_of_memory_test.cpp): where
    // lavapipe dereferences a failed host allocation, outside any hooked
    // command (command recording, loader queries), and the validation
    // layer's pending submissions.
    hooks.spare_host_command("vkCreatePipelineLayout");
    hooks.spare_host_command("");
    const char* debug = std::getenv("BRASS_DEBUG");
    if (debug && std::strstr(debug, "validation")) hooks.spare_host_command("vkQueueSubmit2");
  }
  const bool host = kind == "host";
  AllocationPoints points{host ? "host" : "vulkan",
                          host ? hooks.host_count : hooks.vk_count,
                          host ? hooks.fail_host : hooks.fail_vk,
                          host ? hooks.host_failed : hooks.vk_failed,
                          host ? hooks.host_failure_command : nullptr,
                          nullptr};
  points.fail(point);
  Startup s = start_up(points);
  bool on_app = false;
  const bool injected = point != 0 && points.failed(&on_app);
  points.fail(0);
  if (point == 0) {
    ASSERT_TRUE(s.complete) << "start-up failed without a failure injected: " << s.failed_call << " 0x" << std::hex
                            << s.error;
    EXPECT_TRUE(s.first_work.finished && !s.first_work.any_error && s.first_work.pixels_ok)
        << s.first_work.joined();
    std::printf("[ startup ] points host=%llu vulkan=%llu\n", static_cast<unsigned long long>(hooks.host_count()),
                static_cast<unsigned long long>(hooks.vk_count()));
  } else {
    const char* command = host && hooks.host_failure_command() ? hooks.host_failure_command() : "";
    // The failed call's error is one the specs name.
    if (!s.failed_call.empty()) {
      EXPECT_TRUE(injected) << s.failed_call << " failed with 0x" << std::hex << s.error
                            << " though no allocation failed";
      EXPECT_TRUE(allowed_egl_error(s.error, s.failed_call == "eglInitialize") ||
                  (s.failed_call == "glClear/glReadPixels" && s.error == GL_OUT_OF_MEMORY))
          << s.failed_call << ": 0x" << std::hex << s.error << " (allocation in " << command << ")";
    } else {
      const WorkloadRun& r = s.first_work;
      if (r.any_error) {
        EXPECT_TRUE(injected) << r.joined();
        EXPECT_TRUE(r.first_error == GL_OUT_OF_MEMORY || r.first_error == static_cast<GLenum>(EGL_BAD_ALLOC))
            << "first error 0x" << std::hex << r.first_error << " (allocation in " << command << ")\n"
            << r.joined();
        // Never before the failing allocation (a host allocation failed
        // while recording is reported later, at vkEndCommandBuffer).
        if (r.failed_step >= 0) {
          EXPECT_GE(r.first_error_step, r.failed_step) << r.joined();
        }
      } else if (r.finished) {
        EXPECT_TRUE(r.pixels_ok) << "no error reported, wrong pixels (allocation in " << command << ")";
      }
    }
    std::printf("[ startup ] %s %llu: injected=%d app_thread=%d failed_call=%s error=0x%x command=%s\n", kind.c_str(),
                static_cast<unsigned long long>(point), injected, on_app,
                s.failed_call.empty() ? (s.first_work.any_error ? "first-work" : "none") : s.failed_call.c_str(),
                static_cast<unsigned>(s.failed_call.empty() ? s.first_work.first_error : s.error), command);
    // Memory is back: the same process starts up completely.
    tear_down(s);
    Startup again = start_up(points);
    EXPECT_TRUE(again.complete) << "after a failure at " << kind << " point " << point
                                << ", start-up fails for good: " << again.failed_call << " 0x" << std::hex
                                << again.error;
    EXPECT_TRUE(!again.complete || (again.first_work.finished && !again.first_work.any_error &&
                                    again.first_work.pixels_ok))
        << again.first_work.joined();
    tear_down(again);
  }
  tear_down(s);
  eglReleaseThread();
  dlclose(lib);
}

// The parent's side: this binary again, this test only, one point.
struct ChildResult {
  int status = -1;
  std::string output;
};

ChildResult run_self(const std::string& point) {
  ChildResult result;
  int out[2];
  if (pipe(out) != 0) return result;
  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e)
    if (std::strncmp(*e, kPointVariable, std::strlen(kPointVariable)) != 0) env_strings.emplace_back(*e);
  env_strings.push_back(std::string(kPointVariable) + "=" + point);
  std::vector<char*> envp;
  for (std::string& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::string filter = std::string("--gtest_filter=") + kTestName;
  char self[] = "/proc/self/exe";
  char* argv[] = {self, filter.data(), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, self, &actions, nullptr, argv, envp.data());
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  if (spawned != 0) {
    close(out[0]);
    return result;
  }
  char buffer[4096];
  ssize_t got = 0;
  while ((got = read(out[0], buffer, sizeof(buffer))) > 0) result.output.append(buffer, static_cast<size_t>(got));
  close(out[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  result.status = status;
  return result;
}

uint64_t parse_count(const std::string& output, const char* key) {
  const size_t at = output.find(std::string(key) + "=");
  return at == std::string::npos ? 0 : std::strtoull(output.c_str() + at + std::strlen(key) + 1, nullptr, 10);
}

TEST(HostOutOfMemoryAtStartup, EveryStartupAllocationPointFailsCleanly) {
  if (const char* point = std::getenv(kPointVariable)) {
    const std::string spec = point;
    const size_t colon = spec.find(':');
    ASSERT_NE(colon, std::string::npos) << kPointVariable << "=" << spec;
    run_child(spec.substr(0, colon), std::strtoull(spec.c_str() + colon + 1, nullptr, 10));
    return;
  }
  // Counted in a process of their own (without a failure), once per kind:
  // the host kind needs the callbacks, which change the driver's path.
  const ChildResult host_count = run_self("host:0");
  ASSERT_TRUE(WIFEXITED(host_count.status) && WEXITSTATUS(host_count.status) == 0) << host_count.output;
  const ChildResult vk_count = run_self("vulkan:0");
  ASSERT_TRUE(WIFEXITED(vk_count.status) && WEXITSTATUS(vk_count.status) == 0) << vk_count.output;
  const uint64_t counts[2] = {parse_count(host_count.output, "host"), parse_count(vk_count.output, "vulkan")};
  ASSERT_GT(counts[0], 0u) << host_count.output;
  ASSERT_GT(counts[1], 0u) << vk_count.output;
  // BRASS_TEST_STARTUP_OOM_STRIDE=<n> (read here) sweeps every n-th point
  // (the long ctest e2e_startup_oom_sweep_long: every one); by default
  // about kSampledPoints of each kind, evenly spread, since each point is
  // a process start (about a second on lavapipe with validation).
  constexpr uint64_t kSampledPoints = 30;
  uint64_t stride_override = 0;
  if (const char* s = std::getenv("BRASS_TEST_STARTUP_OOM_STRIDE")) stride_override = std::strtoull(s, nullptr, 10);
  const char* kinds[2] = {"host", "vulkan"};
  for (int k = 0; k < 2; ++k) {
    const uint64_t stride = stride_override ? stride_override : std::max<uint64_t>(1, (counts[k] + kSampledPoints - 1) / kSampledPoints);
    uint64_t swept = 0, injected = 0, failed_calls = 0;
    for (uint64_t n = 1; n <= counts[k]; n += stride) {
      const ChildResult child = run_self(std::string(kinds[k]) + ":" + std::to_string(n));
      ++swept;
      if (child.output.find("injected=1") != std::string::npos) ++injected;
      if (child.output.find("failed_call=none") == std::string::npos &&
          child.output.find("injected=1") != std::string::npos)
        ++failed_calls;
      EXPECT_TRUE(WIFEXITED(child.status) && WEXITSTATUS(child.status) == 0)
          << kinds[k] << " point " << n << ": "
          << (WIFSIGNALED(child.status) ? "killed by signal " + std::to_string(WTERMSIG(child.status))
                                        : "exit status " + std::to_string(WEXITSTATUS(child.status)))
          << "\n"
          << child.output;
      if (std::getenv("BRASS_TEST_SWEEP_TRACE")) {
        const size_t at = child.output.find("[ startup ]");
        if (at != std::string::npos) std::printf("%s", child.output.substr(at, child.output.find('\n', at) - at + 1).c_str());
      }
    }
    std::printf("[ startup sweep ] %s: %llu points at start-up, %llu swept (every %llu), %llu failed an allocation, "
                "%llu of them reported at a call\n",
                kinds[k], static_cast<unsigned long long>(counts[k]), static_cast<unsigned long long>(swept),
                static_cast<unsigned long long>(stride), static_cast<unsigned long long>(injected),
                static_cast<unsigned long long>(failed_calls));
  }
}

}  // namespace
}  // namespace brass::e2e
