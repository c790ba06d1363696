#include "util/options.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace brass {

const char* to_string(DescriptorMode mode) {
  switch (mode) {
    case DescriptorMode::Auto: return "auto";
    case DescriptorMode::Lazy: return "lazy";
    case DescriptorMode::Cached: return "cached";
    case DescriptorMode::DescriptorBuffer: return "db";
  }
  return "?";
}

const char* to_string(LogLevel level) {
  switch (level) {
    case LogLevel::Error: return "error";
    case LogLevel::Warn: return "warn";
    case LogLevel::Info: return "info";
    case LogLevel::Debug: return "debug";
    case LogLevel::Trace: return "trace";
  }
  return "?";
}

namespace {

constexpr OptionVariable kVariables[] = {
    {"BRASS_DEBUG", "comma list: validation, sync, nogpl, nodynrender, spirv, noshaderobject, compactsets, noblendadvanced, noborderswizzlefromimage, norobustaccess, nocondrender, nodynvertexinput, nomergedraws"},
    {"BRASS_DEVICE", "Vulkan device: index or case-insensitive name substring"},
    {"BRASS_DESCRIPTORS", "auto | lazy | cached | db"},
    {"ZINK_DESCRIPTORS", "alias of BRASS_DESCRIPTORS, used when that is unset"},
    {"BRASS_SHADER_CACHE_DIR", "on-disk shader and pipeline cache directory"},
    {"BRASS_SHADER_CACHE_DISABLE", "true/1/yes disables the on-disk caches"},
    {"MESA_SHADER_CACHE_DISABLE", "honoured like BRASS_SHADER_CACHE_DISABLE"},
    {"BRASS_STATS", "counters at exit: 1 or stderr, or a file path"},
    {"BRASS_LOG", "error | warn | info | debug | trace"},
    {"BRASS_GLES_VERSION_OVERRIDE", "3.0 | 3.1: the ES version contexts get (default 3.1)"},
    {"BRASS_GL_VERSION_OVERRIDE", "3.2 .. 4.6: desktop GL core contexts of that version (development); none: no desktop GL"},
    {"BRASS_UNIFORMS", "auto | push | buffer: default uniforms by push constants where they fit, or by a buffer"},
    {"BRASS_THREAD", "0 | 1 | auto: pipe calls run on a driver thread per context (auto: by machine)"},
    {"XDG_CACHE_HOME", "default parent of the shader cache directory"},
    {"HOME", "fallback parent of the shader cache directory"},
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
  return std::string(s.substr(b, e - b));
}

// Returns nullopt for a value that is neither true nor false.
std::optional<bool> parse_bool(std::string_view raw) {
  const std::string v = lower(trim(raw));
  if (v == "1" || v == "true" || v == "yes" || v == "on") return true;
  if (v == "0" || v == "false" || v == "no" || v == "off" || v.empty()) return false;
  return std::nullopt;
}

}  // namespace

const OptionVariable* option_variables(size_t* count) {
  *count = sizeof(kVariables) / sizeof(kVariables[0]);
  return kVariables;
}

Options Options::parse(const Lookup& lookup, const Warn& warn) {
  Options o;

  if (auto v = lookup("BRASS_DEBUG")) {
    std::string_view rest = *v;
    while (!rest.empty()) {
      const size_t comma = rest.find(',');
      const std::string item = lower(trim(rest.substr(0, comma)));
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
      if (item.empty()) continue;
      if (item == "validation") o.debug |= kDebugValidation;
      else if (item == "sync") o.debug |= kDebugSync;
      else if (item == "nogpl") o.debug |= kDebugNoGpl;
      else if (item == "nodynrender") o.debug |= kDebugNoDynRendering;
      else if (item == "spirv") o.debug |= kDebugSpirv;
      else if (item == "noshaderobject") o.debug |= kDebugNoShaderObject;
      else if (item == "compactsets") o.debug |= kDebugCompactSets;
      else if (item == "noblendadvanced") o.debug |= kDebugNoBlendAdvanced;
      else if (item == "noborderswizzlefromimage") o.debug |= kDebugNoBorderSwizzleFromImage;
      else if (item == "norobustaccess") o.debug |= kDebugNoRobustAccess;
      else if (item == "nocondrender") o.debug |= kDebugNoConditionalRendering;
      else if (item == "nodynvertexinput") o.debug |= kDebugNoDynamicVertexInput;
      else if (item == "nomergedraws") o.debug |= kDebugNoMergeDraws;
      else warn("BRASS_DEBUG: unknown flag '" + item + "' ignored");
    }
  }

  if (auto v = lookup("BRASS_DEVICE")) o.device = trim(*v);

  const char* desc_var = "BRASS_DESCRIPTORS";
  auto desc = lookup(desc_var);
  if (!desc) {
    desc_var = "ZINK_DESCRIPTORS";
    desc = lookup(desc_var);
  }
  if (desc) {
    const std::string v = lower(trim(*desc));
    if (v == "auto" || v.empty()) o.descriptors = DescriptorMode::Auto;
    else if (v == "lazy") o.descriptors = DescriptorMode::Lazy;
    else if (v == "cached") o.descriptors = DescriptorMode::Cached;
    else if (v == "db") o.descriptors = DescriptorMode::DescriptorBuffer;
    else warn(std::string(desc_var) + ": unknown value '" + v + "', using auto");
  }

  for (const char* name : {"BRASS_SHADER_CACHE_DISABLE", "MESA_SHADER_CACHE_DISABLE"}) {
    if (auto v = lookup(name)) {
      auto b = parse_bool(*v);
      if (!b) warn(std::string(name) + ": unknown value '" + *v + "', cache stays enabled");
      else if (*b) o.shader_cache_disabled = true;
    }
  }

  if (auto v = lookup("BRASS_SHADER_CACHE_DIR"); v && !trim(*v).empty()) {
    o.shader_cache_dir = trim(*v);
  } else if (auto x = lookup("XDG_CACHE_HOME"); x && !x->empty() && (*x)[0] == '/') {
    o.shader_cache_dir = *x + "/brass";
  } else if (auto h = lookup("HOME"); h && !h->empty()) {
    o.shader_cache_dir = *h + "/.cache/brass";
  } else {
    // No place to keep a cache: behave as if disabled rather than write to cwd.
    o.shader_cache_disabled = true;
  }

  if (auto v = lookup("BRASS_STATS")) {
    const std::string s = trim(*v);
    auto b = parse_bool(s);
    if (b) o.stats = *b ? "stderr" : "";
    else o.stats = s;  // "stderr" or a file path
  }

  if (auto v = lookup("BRASS_LOG")) {
    const std::string l = lower(trim(*v));
    if (l == "error") o.log_level = LogLevel::Error;
    else if (l == "warn" || l == "warning" || l.empty()) o.log_level = LogLevel::Warn;
    else if (l == "info") o.log_level = LogLevel::Info;
    else if (l == "debug") o.log_level = LogLevel::Debug;
    else if (l == "trace") o.log_level = LogLevel::Trace;
    else warn("BRASS_LOG: unknown level '" + l + "', using warn");
  }

  if (auto v = lookup("BRASS_GLES_VERSION_OVERRIDE")) {
    const std::string version = trim(*v);
    if (version == "3.0") o.gles_version_override = 30;
    else if (version == "3.1") o.gles_version_override = 31;
    else if (version == "3.2") o.gles_version_override = 32;
    else if (!version.empty()) warn("BRASS_GLES_VERSION_OVERRIDE: unknown version '" + version + "', ignored");
  }
  if (auto v = lookup("BRASS_GL_VERSION_OVERRIDE")) {
    // The desktop core-profile versions: 3.2, 3.3, 4.0 .. 4.6.
    const std::string version = trim(*v);
    static constexpr const char* kVersions[] = {"3.2", "3.3", "4.0", "4.1", "4.2", "4.3", "4.4", "4.5", "4.6"};
    for (const char* known : kVersions)
      if (version == known) o.gl_version_override = (known[0] - '0') * 10 + (known[2] - '0');
    if (version == "none") o.no_desktop_gl = true;
    else if (!o.gl_version_override && !version.empty())
      warn("BRASS_GL_VERSION_OVERRIDE: unknown version '" + version + "', ignored");
  }
  if (auto v = lookup("BRASS_GL_COMPAT_OVERRIDE")) {
    const std::string value = trim(*v);
    if (value == "1") o.gl_compat_override = true;
    else if (value != "0" && !value.empty()) warn("BRASS_GL_COMPAT_OVERRIDE: expected 0 or 1, got '" + value + "', ignored");
  }
  if (auto v = lookup("BRASS_UNIFORMS")) {
    const std::string value = lower(trim(*v));
    if (value == "push") o.uniforms = UniformPath::PushConstants;
    else if (value == "buffer") o.uniforms = UniformPath::Buffer;
    else if (value != "auto" && !value.empty()) warn("BRASS_UNIFORMS: expected auto, push or buffer, got '" + value + "', using auto");
  }

  if (auto v = lookup("BRASS_THREAD")) {
    const std::string value = lower(trim(*v));
    if (value == "1") o.thread = ThreadMode::On;
    else if (value == "0") o.thread = ThreadMode::Off;
    else if (value != "auto" && !value.empty()) warn("BRASS_THREAD: expected 0, 1 or auto, got '" + value + "', using auto");
  }
  return o;
}

const Options& options() {
  // Never destroyed: exit handlers registered before the first call (the
  // BRASS_STATS report, an application's EGL teardown) run after a function
  // static's destructor would have, and would read freed strings.
  static const Options* const parsed = new Options(Options::parse(
      [](std::string_view name) -> std::optional<std::string> {
        const char* v = std::getenv(std::string(name).c_str());
        if (!v) return std::nullopt;
        return std::string(v);
      },
      [](const std::string& msg) { std::fprintf(stderr, "brass: %s\n", msg.c_str()); }));
  return *parsed;
}

}  // namespace brass
