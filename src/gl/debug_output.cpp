#include "gl/debug_output.h"

#include <algorithm>

#include "gl/context.h"

namespace brass::gl {

namespace {

constexpr uint8_t kAllSeverities = (1u << DebugFilter::kSeverities) - 1;
// Severity bit order of DebugFilter::severity_index: HIGH, MEDIUM, LOW, NOTIFICATION.
constexpr uint8_t kLowBit = 1u << 2;

const char* error_name(GLenum error) {
  switch (error) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
    case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
    case GL_CONTEXT_LOST_KHR: return "GL_CONTEXT_LOST";
    default: return "GL error";
  }
}

}  // namespace

DebugFilter::DebugFilter() {
  // Every message starts enabled except those of severity LOW.
  for (Namespace& n : ns_) n.default_mask = kAllSeverities & ~kLowBit;
}

int DebugFilter::source_index(GLenum source) {
  switch (source) {
    case GL_DEBUG_SOURCE_API: return 0;
    case GL_DEBUG_SOURCE_WINDOW_SYSTEM: return 1;
    case GL_DEBUG_SOURCE_SHADER_COMPILER: return 2;
    case GL_DEBUG_SOURCE_THIRD_PARTY: return 3;
    case GL_DEBUG_SOURCE_APPLICATION: return 4;
    case GL_DEBUG_SOURCE_OTHER: return 5;
    default: return -1;
  }
}

int DebugFilter::type_index(GLenum type) {
  switch (type) {
    case GL_DEBUG_TYPE_ERROR: return 0;
    case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: return 1;
    case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR: return 2;
    case GL_DEBUG_TYPE_PORTABILITY: return 3;
    case GL_DEBUG_TYPE_PERFORMANCE: return 4;
    case GL_DEBUG_TYPE_OTHER: return 5;
    case GL_DEBUG_TYPE_MARKER: return 6;
    case GL_DEBUG_TYPE_PUSH_GROUP: return 7;
    case GL_DEBUG_TYPE_POP_GROUP: return 8;
    default: return -1;
  }
}

int DebugFilter::severity_index(GLenum severity) {
  switch (severity) {
    case GL_DEBUG_SEVERITY_HIGH: return 0;
    case GL_DEBUG_SEVERITY_MEDIUM: return 1;
    case GL_DEBUG_SEVERITY_LOW: return 2;
    case GL_DEBUG_SEVERITY_NOTIFICATION: return 3;
    default: return -1;
  }
}

bool DebugFilter::enabled(int source, int type, GLuint id, int severity) const {
  const Namespace& n = ns_[source * kTypes + type];
  uint8_t mask = n.default_mask;
  for (const auto& [known, m] : n.ids) {
    if (known == id) {
      mask = m;
      break;
    }
  }
  return (mask >> severity) & 1u;
}

void DebugFilter::set(int source, int type, int severity, bool enabled) {
  const uint8_t bits = severity < 0 ? kAllSeverities : static_cast<uint8_t>(1u << severity);
  auto apply = [&](uint8_t& m) { m = enabled ? (m | bits) : (m & ~bits); };
  for (int s = 0; s < kSources; ++s) {
    if (source >= 0 && s != source) continue;
    for (int t = 0; t < kTypes; ++t) {
      if (type >= 0 && t != type) continue;
      Namespace& n = ns_[s * kTypes + t];
      apply(n.default_mask);
      for (auto& entry : n.ids) apply(entry.second);
      // Overrides that now equal the default say nothing more: drop them so
      // that repeated controls do not grow the list.
      std::erase_if(n.ids, [&](const auto& e) { return e.second == n.default_mask; });
    }
  }
}

void DebugFilter::set_ids(int source, int type, const GLuint* ids, GLsizei count, bool enabled) {
  Namespace& n = ns_[source * kTypes + type];
  const uint8_t mask = enabled ? kAllSeverities : 0;
  for (GLsizei i = 0; i < count; ++i) {
    auto it = std::find_if(n.ids.begin(), n.ids.end(), [&](const auto& e) { return e.first == ids[i]; });
    if (it != n.ids.end()) it->second = mask;
    else n.ids.emplace_back(ids[i], mask);
  }
}

void DebugOutput::message(GLenum source, GLenum type, GLuint id, GLenum severity, std::string_view text) {
  if (!output_enabled) return;
  const int s = DebugFilter::source_index(source), t = DebugFilter::type_index(type);
  const int v = DebugFilter::severity_index(severity);
  if (s < 0 || t < 0 || v < 0 || !filter().enabled(s, t, id, v)) return;
  text = text.substr(0, kMaxDebugMessageLength - 1);
  if (callback_) {
    // The callback gets a null-terminated string; the length excludes the terminator.
    const std::string copy(text);
    callback_(source, type, id, severity, static_cast<GLsizei>(copy.size()), copy.c_str(), user_param_);
    return;
  }
  if (log_.size() >= static_cast<size_t>(kMaxDebugLoggedMessages)) return;
  log_.push_back(DebugMessage{source, type, severity, id, std::string(text)});
}

void DebugOutput::api_error(GLenum error) {
  message(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, error, GL_DEBUG_SEVERITY_HIGH, error_name(error));
}

void DebugOutput::push_group(GLenum source, GLuint id, std::string_view text) {
  Group g{groups_.back().filter, DebugMessage{source, GL_DEBUG_TYPE_PUSH_GROUP, GL_DEBUG_SEVERITY_NOTIFICATION, id,
                                              std::string(text)}};
  groups_.push_back(std::move(g));
}

DebugMessage DebugOutput::pop_group() {
  DebugMessage m = std::move(groups_.back().pushed);
  groups_.pop_back();
  return m;
}

bool query_debug_state(Context& ctx, GLenum pname, GLint* out) {
  switch (pname) {
    case GL_MAX_DEBUG_MESSAGE_LENGTH: *out = kMaxDebugMessageLength; return true;
    case GL_MAX_DEBUG_LOGGED_MESSAGES: *out = kMaxDebugLoggedMessages; return true;
    case GL_MAX_DEBUG_GROUP_STACK_DEPTH: *out = kMaxDebugGroupStackDepth; return true;
    case GL_MAX_LABEL_LENGTH: *out = kMaxLabelLength; return true;
    case GL_DEBUG_LOGGED_MESSAGES: *out = static_cast<GLint>(ctx.debug.log().size()); return true;
    case GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH: *out = ctx.debug.next_message_length(); return true;
    case GL_DEBUG_GROUP_STACK_DEPTH: *out = ctx.debug.group_depth(); return true;
    // KHR_debug adds CONTEXT_FLAGS to ES with the debug bit, KHR_robustness
    // the robust access bit. Desktop core contexts also report forward
    // compatibility.
    case GL_CONTEXT_FLAGS:
      *out = (ctx.desc().debug ? GL_CONTEXT_FLAG_DEBUG_BIT : 0) |
             (ctx.desc().robust_access ? GL_CONTEXT_FLAG_ROBUST_ACCESS_BIT : 0) |
             (ctx.desktop() && ctx.desc().forward_compatible ? GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT : 0) |
             (ctx.desc().no_error ? GL_CONTEXT_FLAG_NO_ERROR_BIT_KHR : 0);
      return true;
    // KHR_context_flush_control: EGL and GLX flush a context whenever it
    // stops being current (the only behaviour they let a context ask for).
    case GL_CONTEXT_RELEASE_BEHAVIOR:
      if (!ctx.has_extension("GL_KHR_context_flush_control")) return false;
      *out = GL_CONTEXT_RELEASE_BEHAVIOR_FLUSH;
      return true;
    default: return false;
  }
}

}  // namespace brass::gl
