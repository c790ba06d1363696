// Options read once from the environment. This is the only place in Brass
// that calls getenv(); every variable is documented in docs/env.md.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace brass {

enum class DescriptorMode : uint8_t { Auto, Lazy, Cached, DescriptorBuffer };
enum class LogLevel : uint8_t { Error, Warn, Info, Debug, Trace };
// BRASS_THREAD: whether GL contexts run their pipe calls on a driver thread
// (src/threaded).
enum class ThreadMode : uint8_t { Auto, Off, On };
// BRASS_UNIFORMS: how default-uniform data reaches the shaders.
enum class UniformPath : uint8_t { Auto, PushConstants, Buffer };

const char* to_string(DescriptorMode mode);
const char* to_string(LogLevel level);

// BRASS_DEBUG is a comma list; each flag is one bit.
enum DebugFlag : uint32_t {
  kDebugValidation = 1u << 0,  // Khronos validation layer + debug messenger
  kDebugSync = 1u << 1,        // wait for idle after every submit
  kDebugNoGpl = 1u << 2,       // never use graphics pipeline libraries
  kDebugNoDynRendering = 1u << 3,  // VkRenderPass objects instead of dynamic rendering
  kDebugSpirv = 1u << 4,       // validate every SPIR-V module Brass produces
  kDebugNoShaderObject = 1u << 5,
  kDebugCompactSets = 1u << 6,  // fold descriptor sets as for devices with 4 bindable sets
  kDebugNoBlendAdvanced = 1u << 7,  // ignore VK_EXT_blend_operation_advanced (advanced blends in shaders)
  // act as if the device lacked borderColorSwizzleFromImage (samplers carry
  // the view's component mapping, as on NVIDIA)
  kDebugNoBorderSwizzleFromImage = 1u << 8,
  kDebugNoRobustAccess = 1u << 9,   // robust buffer access contexts are refused, as on a device without it
  kDebugNoConditionalRendering = 1u << 10,  // ignore VK_EXT_conditional_rendering (GL decides on the CPU)
  // ignore VK_EXT_vertex_input_dynamic_state: vertex input baked into each
  // pipeline, as on a device without it
  kDebugNoDynamicVertexInput = 1u << 11,
  // one draw command per draw: consecutive unchanged draws are not merged
  // into vkCmdDrawMulti*EXT (driver/batch/pending_draws.h)
  kDebugNoMergeDraws = 1u << 12,
};

struct Options {
  uint32_t debug = 0;
  std::string device;                // BRASS_DEVICE: index or name substring
  DescriptorMode descriptors = DescriptorMode::Auto;
  std::string shader_cache_dir;      // resolved: BRASS_SHADER_CACHE_DIR or XDG cache
  bool shader_cache_disabled = false;
  std::string stats;                 // BRASS_STATS: "" off, "stderr"/"1" or a file path
  LogLevel log_level = LogLevel::Warn;
  // BRASS_GLES_VERSION_OVERRIDE, for development: the ES version contexts
  // get (major * 10 + minor: 30 or 31), 0 for the version Brass implements
  // completely. A version above that is incomplete and never advertised
  // without this variable.
  int gles_version_override = 0;
  // BRASS_GL_VERSION_OVERRIDE, for development: the desktop OpenGL core
  // profile version (major * 10 + minor, 32..46) that EGL_OPENGL_API
  // contexts get, 0 when desktop GL is not offered at all. Desktop GL is
  // incomplete (issue 17) and is never advertised without this variable.
  int gl_version_override = 0;
  // BRASS_GL_VERSION_OVERRIDE=none: no desktop contexts on any device.
  bool no_desktop_gl = false;
  // BRASS_GL_COMPAT_OVERRIDE=1, for development: compatibility-profile
  // contexts are made (of the core version provided) before every legacy
  // command has a handler (docs/compatibility.md).
  bool gl_compat_override = false;
  // BRASS_THREAD=0|1|auto: each GL context records its pipe calls into
  // batches a driver thread of its own executes (src/threaded). Auto
  // decides per machine (threaded/threaded_context.cpp says how).
  ThreadMode thread = ThreadMode::Auto;
  // BRASS_UNIFORMS=auto|push|buffer: a program's default uniform block by
  // push constants where it fits, or always by the streamed uniform buffer
  // (device/device_paths.cpp decides auto per device).
  UniformPath uniforms = UniformPath::Auto;

  bool has(DebugFlag f) const { return (debug & f) != 0; }

  // Parses options from a lookup function; `warn` receives one line per bad
  // value. Exposed so tests can parse without touching the real environment.
  using Lookup = std::function<std::optional<std::string>(std::string_view)>;
  using Warn = std::function<void(const std::string&)>;
  static Options parse(const Lookup& lookup, const Warn& warn);
};

// The process-wide options, parsed from the real environment on first use.
// Bad values are reported once on stderr.
const Options& options();

// Names of the variables Brass reads, for brass-info and docs checks.
struct OptionVariable {
  const char* name;
  const char* description;
};
const OptionVariable* option_variables(size_t* count);

}  // namespace brass
