// libFuzzer harness: EGL attribute lists built from bytes, through glvnd's
// libEGL into Brass's vendor library, as an application passes them:
// eglGetPlatformDisplay, eglChooseConfig, eglCreateContext,
// eglCreatePbufferSurface, eglCreateImage, eglCreateSync, eglQuery* and
// eglSurfaceAttrib (docs/testing.md, "Fuzzing").
//
// Each input is a sequence of calls (one byte picks the call). Attribute
// lists are built from keys the calls know (and some they do not) with
// values that are sensible, out of range or raw, and always end with
// EGL_NONE (an unterminated list is the application's fault). Every object
// an input creates is destroyed at its end, so inputs replay alone.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "fuzz_input.h"
#include "no_leak_checks_with_lavapipe.h"

namespace {

using brass::fuzz::Input;

constexpr EGLint kAttribKeys[] = {
    EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE, EGL_ALPHA_SIZE, EGL_DEPTH_SIZE, EGL_STENCIL_SIZE,
    EGL_SAMPLES, EGL_SAMPLE_BUFFERS, EGL_SURFACE_TYPE, EGL_RENDERABLE_TYPE, EGL_CONFIG_ID, EGL_CONFORMANT,
    EGL_CONFIG_CAVEAT, EGL_BUFFER_SIZE, EGL_COLOR_BUFFER_TYPE, EGL_LEVEL, EGL_MAX_SWAP_INTERVAL,
    EGL_NATIVE_RENDERABLE, EGL_TRANSPARENT_TYPE, EGL_MATCH_NATIVE_PIXMAP, EGL_BIND_TO_TEXTURE_RGBA,
    EGL_CONTEXT_MAJOR_VERSION, EGL_CONTEXT_MINOR_VERSION, EGL_CONTEXT_OPENGL_PROFILE_MASK,
    EGL_CONTEXT_OPENGL_DEBUG, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_CONTEXT_OPENGL_ROBUST_ACCESS,
    EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY, EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_CLIENT_VERSION,
    EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_CONTEXT_PRIORITY_LEVEL_IMG, EGL_WIDTH, EGL_HEIGHT,
    EGL_LARGEST_PBUFFER, EGL_TEXTURE_FORMAT, EGL_TEXTURE_TARGET, EGL_MIPMAP_TEXTURE, EGL_GL_COLORSPACE,
    EGL_VG_ALPHA_FORMAT, EGL_RENDER_BUFFER, EGL_GL_TEXTURE_LEVEL, EGL_GL_TEXTURE_ZOFFSET,
    EGL_IMAGE_PRESERVED, EGL_SYNC_CONDITION, EGL_SYNC_STATUS, EGL_SYNC_NATIVE_FENCE_FD_ANDROID,
    EGL_LINUX_DRM_FOURCC_EXT, EGL_DMA_BUF_PLANE0_FD_EXT, EGL_DMA_BUF_PLANE0_OFFSET_EXT,
    EGL_DMA_BUF_PLANE0_PITCH_EXT, EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT,
    EGL_DMA_BUF_PLANE1_FD_EXT, EGL_YUV_COLOR_SPACE_HINT_EXT, EGL_DEVICE_EXT, EGL_PLATFORM_X11_SCREEN_EXT,
    EGL_SWAP_BEHAVIOR, EGL_MULTISAMPLE_RESOLVE, EGL_NONE + 1, 0};
constexpr EGLint kAttribValues[] = {0, 1, 2, 3, 4, 8, 24, 32, -1, -2, EGL_DONT_CARE, EGL_TRUE,
                                    EGL_OPENGL_ES2_BIT, EGL_OPENGL_ES3_BIT, EGL_OPENGL_BIT, EGL_PBUFFER_BIT,
                                    EGL_WINDOW_BIT, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                    EGL_NO_RESET_NOTIFICATION, EGL_LOSE_CONTEXT_ON_RESET, EGL_TEXTURE_RGBA,
                                    EGL_TEXTURE_2D, EGL_NO_TEXTURE, EGL_GL_COLORSPACE_SRGB, EGL_BACK_BUFFER,
                                    EGL_SYNC_PRIOR_COMMANDS_COMPLETE, EGL_SIGNALED, 0x34325258 /* XR24 */,
                                    INT32_MAX, INT32_MIN, 1 << 16, 16384, 16385};

// An attribute list of at most 12 pairs, EGL_NONE-terminated.
template <typename T>
std::vector<T> attrib_list(Input& in) {
  std::vector<T> list;
  const int pairs = in.u8() % 13;
  for (int i = 0; i < pairs; ++i) {
    list.push_back(T(in.pick(kAttribKeys)));
    list.push_back(T(in.pick(kAttribValues)));
  }
  list.push_back(EGL_NONE);
  return list;
}

struct Objects {
  EGLDisplay display = EGL_NO_DISPLAY;
  std::vector<EGLConfig> configs;
  std::vector<EGLContext> contexts;
  std::vector<EGLSurface> surfaces;
  std::vector<EGLImage> images;
  std::vector<EGLSync> syncs;
  std::vector<GLuint> textures;
  std::vector<EGLDisplay> other_displays;  // initialized by the input: terminated at its end
};

EGLConfig pick_config(Input& in, const Objects& o) {
  const uint8_t b = in.u8();
  if (b < 0xe0 && !o.configs.empty()) return o.configs[b % o.configs.size()];
  if (b < 0xf0) return nullptr;
  return reinterpret_cast<EGLConfig>(static_cast<uintptr_t>(in.u32()));
}
template <typename T>
T pick_handle(Input& in, const std::vector<T>& handles, T none) {
  const uint8_t b = in.u8();
  if (b < 0xe0 && !handles.empty()) return handles[b % handles.size()];
  if (b < 0xf0) return none;
  // A handle that was never returned: Brass must look it up, never trust it.
  return reinterpret_cast<T>(static_cast<uintptr_t>(in.u32()) | 0x10000);
}

void step(Input& in, Objects& o) {
  switch (in.u8() % 16) {
    case 0: {
      const EGLenum platform = in.pick_of<EGLenum>({EGL_PLATFORM_SURFACELESS_MESA, EGL_PLATFORM_DEVICE_EXT,
                                                         EGL_PLATFORM_GBM_KHR, EGL_PLATFORM_WAYLAND_KHR});
      std::vector<EGLAttrib> attribs = attrib_list<EGLAttrib>(in);
      // Native displays other than the default are pointers the application
      // owns: the harness has none to give.
      EGLDisplay d = eglGetPlatformDisplay(platform, EGL_DEFAULT_DISPLAY, in.u8() & 1 ? attribs.data() : nullptr);
      if (d != EGL_NO_DISPLAY && d != o.display && eglInitialize(d, nullptr, nullptr)) o.other_displays.push_back(d);
      break;
    }
    case 1: {
      std::vector<EGLint> attribs = attrib_list<EGLint>(in);
      EGLConfig configs[64];
      EGLint n = 0;
      const EGLint size = in.pick_of<EGLint>({0, 1, 64, -1});
      const bool null_configs = in.u8() & 1;
      if (eglChooseConfig(o.display, attribs.data(), null_configs ? nullptr : configs,
                          null_configs ? 0 : std::min(size, EGLint(64)), &n) &&
          !null_configs) {
        for (EGLint i = 0; i < std::min(n, std::min(size, EGLint(64))); ++i) o.configs.push_back(configs[i]);
      }
      break;
    }
    case 2: {
      EGLint value = 0;
      const EGLConfig config = pick_config(in, o);
      eglGetConfigAttrib(o.display, config, in.pick(kAttribKeys), &value);
      break;
    }
    case 3: {
      if (in.u8() & 1) eglBindAPI(in.u8() & 1 ? EGL_OPENGL_API : EGL_OPENGL_ES_API);
      const EGLConfig config = pick_config(in, o);
      const EGLContext share = pick_handle(in, o.contexts, EGL_NO_CONTEXT);
      std::vector<EGLint> attribs = attrib_list<EGLint>(in);
      EGLContext c = eglCreateContext(o.display, config, share, attribs.data());
      if (c != EGL_NO_CONTEXT) o.contexts.push_back(c);
      break;
    }
    case 4: {
      const EGLConfig config = pick_config(in, o);
      std::vector<EGLint> attribs = attrib_list<EGLint>(in);
      EGLSurface s = eglCreatePbufferSurface(o.display, config, attribs.data());
      if (s != EGL_NO_SURFACE) o.surfaces.push_back(s);
      break;
    }
    case 5: {
      const EGLSurface s = pick_handle(in, o.surfaces, EGL_NO_SURFACE);
      const EGLContext c = pick_handle(in, o.contexts, EGL_NO_CONTEXT);
      if (eglMakeCurrent(o.display, s, s, c) && c != EGL_NO_CONTEXT && (in.u8() & 1) &&
          eglQueryAPI() == EGL_OPENGL_ES_API) {
        // A texture to make an image of.
        GLuint t = 0;
        glGenTextures(1, &t);
        glBindTexture(GL_TEXTURE_2D, t);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
        o.textures.push_back(t);
      }
      break;
    }
    case 6: {
      const EGLContext c = pick_handle(in, o.contexts, EGL_NO_CONTEXT);
      const EGLenum target = in.pick_of<EGLenum>({EGL_GL_TEXTURE_2D, EGL_GL_RENDERBUFFER,
                                                       EGL_LINUX_DMA_BUF_EXT, EGL_GL_TEXTURE_CUBE_MAP_POSITIVE_X,
                                                       EGL_GL_TEXTURE_3D, EGL_NATIVE_PIXMAP_KHR});
      const uint8_t b = in.u8();
      const EGLClientBuffer buffer =
          b < 0xc0 && !o.textures.empty()
              ? reinterpret_cast<EGLClientBuffer>(static_cast<uintptr_t>(o.textures[b % o.textures.size()]))
              : reinterpret_cast<EGLClientBuffer>(static_cast<uintptr_t>(b < 0xe0 ? 0 : in.u32()));
      std::vector<EGLAttrib> attribs = attrib_list<EGLAttrib>(in);
      // A dma-buf or pixmap "buffer" is a file descriptor or a native
      // handle the harness does not have: only GL objects are fuzzed.
      if (target == EGL_NATIVE_PIXMAP_KHR) break;
      if (target == EGL_LINUX_DMA_BUF_EXT) {
        for (size_t i = 0; i + 1 < attribs.size(); i += 2)
          if (attribs[i] == EGL_DMA_BUF_PLANE0_FD_EXT || attribs[i] == EGL_DMA_BUF_PLANE1_FD_EXT) attribs[i + 1] = -1;
      }
      EGLImage image = eglCreateImage(o.display, target == EGL_LINUX_DMA_BUF_EXT ? EGL_NO_CONTEXT : c, target,
                                      target == EGL_LINUX_DMA_BUF_EXT ? nullptr : buffer, attribs.data());
      if (image != EGL_NO_IMAGE) o.images.push_back(image);
      break;
    }
    case 7: {
      const EGLenum type = in.pick_of<EGLenum>({EGL_SYNC_FENCE, EGL_SYNC_REUSABLE_KHR, EGL_SYNC_CL_EVENT,
                                                     EGL_SYNC_NATIVE_FENCE_ANDROID});
      std::vector<EGLAttrib> attribs = attrib_list<EGLAttrib>(in);
      // A native fence's fd attribute is the application's file descriptor.
      for (size_t i = 0; i + 1 < attribs.size(); i += 2)
        if (attribs[i] == EGL_SYNC_NATIVE_FENCE_FD_ANDROID) attribs[i + 1] = -1;
      EGLSync s = eglCreateSync(o.display, type, in.u8() & 1 ? attribs.data() : nullptr);
      if (s != EGL_NO_SYNC) o.syncs.push_back(s);
      break;
    }
    case 8: {
      const EGLSync s = pick_handle(in, o.syncs, EGL_NO_SYNC);
      const uint8_t b = in.u8();
      if (b % 3 == 0) eglClientWaitSync(o.display, s, b & 0x10 ? EGL_SYNC_FLUSH_COMMANDS_BIT : 0, 0);
      if (b % 3 == 1) {
        EGLAttrib value = 0;
        eglGetSyncAttrib(o.display, s, in.pick(kAttribKeys), &value);
      }
      if (b % 3 == 2) eglWaitSync(o.display, s, b >> 4);
      break;
    }
    case 9: {
      EGLint value = 0;
      const EGLContext c = pick_handle(in, o.contexts, EGL_NO_CONTEXT);
      eglQueryContext(o.display, c, in.pick(kAttribKeys), &value);
      break;
    }
    case 10: {
      const EGLSurface s = pick_handle(in, o.surfaces, EGL_NO_SURFACE);
      EGLint value = 0;
      const EGLint key = in.pick(kAttribKeys);
      if (in.u8() & 1) eglQuerySurface(o.display, s, key, &value);
      else eglSurfaceAttrib(o.display, s, key, in.pick(kAttribValues));
      break;
    }
    case 11: {
      const EGLSurface s = pick_handle(in, o.surfaces, EGL_NO_SURFACE);
      const EGLint buffer = in.pick_of<EGLint>({EGL_BACK_BUFFER, 0});
      if (in.u8() & 1) eglBindTexImage(o.display, s, buffer);
      else eglReleaseTexImage(o.display, s, buffer);
      break;
    }
    case 12: {
      const EGLImage image = pick_handle(in, o.images, EGL_NO_IMAGE);
      if (eglDestroyImage(o.display, image)) o.images.erase(std::find(o.images.begin(), o.images.end(), image));
      break;
    }
    case 13: {
      const EGLContext c = pick_handle(in, o.contexts, EGL_NO_CONTEXT);
      if (eglDestroyContext(o.display, c)) o.contexts.erase(std::find(o.contexts.begin(), o.contexts.end(), c));
      break;
    }
    case 14: {
      const EGLSync s = pick_handle(in, o.syncs, EGL_NO_SYNC);
      if (eglDestroySync(o.display, s)) o.syncs.erase(std::find(o.syncs.begin(), o.syncs.end(), s));
      break;
    }
    case 15: {
      const EGLint name = in.pick_of<EGLint>({EGL_VENDOR, EGL_VERSION, EGL_EXTENSIONS, EGL_CLIENT_APIS, 0});
      (void)eglQueryString(in.u8() & 1 ? EGL_NO_DISPLAY : o.display, name);
      (void)eglGetError();
      break;
    }
  }
}

EGLDisplay g_display = EGL_NO_DISPLAY;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
#ifdef BRASS_FUZZ_VENDOR_JSON
  setenv("__EGL_VENDOR_LIBRARY_FILENAMES", BRASS_FUZZ_VENDOR_JSON, 0);
#endif
  setenv("BRASS_DEVICE", "llvmpipe", 0);
  setenv("XDG_RUNTIME_DIR", "/tmp", 0);
  setenv("BRASS_LOG", "error", 0);
  setenv("BRASS_SHADER_CACHE_DISABLE", "1", 0);
  // No X server: an X11 display the fuzzer names must fail, not connect.
  unsetenv("DISPLAY");
  g_display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (g_display == EGL_NO_DISPLAY || !eglInitialize(g_display, nullptr, nullptr)) {
    std::fprintf(stderr, "fuzz_egl_attribs: eglInitialize failed (0x%x)\n", eglGetError());
    std::abort();
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Input in(data, size);
  Objects o;
  o.display = g_display;
  eglBindAPI(EGL_OPENGL_ES_API);
  for (int calls = 0; calls < 64 && !in.empty(); ++calls) step(in, o);

  // Back to the state every input starts from.
  eglMakeCurrent(g_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  for (EGLImage image : o.images) eglDestroyImage(g_display, image);
  for (EGLSync sync : o.syncs) eglDestroySync(g_display, sync);
  for (EGLSurface surface : o.surfaces) eglDestroySurface(g_display, surface);
  for (EGLContext context : o.contexts) eglDestroyContext(g_display, context);
  for (EGLDisplay display : o.other_displays) eglTerminate(display);
  eglBindAPI(EGL_OPENGL_ES_API);
  return 0;
}
