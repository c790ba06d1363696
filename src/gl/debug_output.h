// KHR_debug's per-context state (ES 3.2 §18, the KHR_debug extension for ES):
// the message log, the application callback, the debug group stack and, per
// group, which messages are enabled. The context owns one; Context::set_error
// reports every GL error through it, so the "is debug output on" test is an
// inline flag read and nothing is built or allocated while it is off.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gl/gl_types.h"

namespace brass::gl {

// Implementation limits (the spec minimums where those are generous enough:
// 1 KiB messages, 64 logged messages, 64 groups, 256-character labels).
constexpr GLint kMaxDebugMessageLength = 1024;  // includes the null terminator
constexpr GLint kMaxDebugLoggedMessages = 64;
constexpr GLint kMaxDebugGroupStackDepth = 64;
constexpr GLint kMaxLabelLength = 256;  // includes the null terminator

struct DebugMessage {
  GLenum source = GL_NONE, type = GL_NONE, severity = GL_NONE;
  GLuint id = 0;
  std::string text;
};

// Which messages are enabled: per (source, type) a default per severity, and
// per message id an override per severity. The bits are per severity because
// a later DebugMessageControl with count 0 and one severity reaches messages
// whose id was set before (the most recent command wins for each message).
class DebugFilter {
 public:
  static constexpr int kSources = 6, kTypes = 9, kSeverities = 4;
  DebugFilter();
  // Indices of valid enums, or -1.
  static int source_index(GLenum source);
  static int type_index(GLenum type);
  static int severity_index(GLenum severity);

  bool enabled(int source, int type, GLuint id, int severity) const;
  // count 0 form: every message matching (source, type, severity); -1 for DONT_CARE.
  void set(int source, int type, int severity, bool enabled);
  // ids form: source and type given, every severity.
  void set_ids(int source, int type, const GLuint* ids, GLsizei count, bool enabled);

 private:
  struct Namespace {
    uint8_t default_mask = 0;                      // bit per severity
    std::vector<std::pair<GLuint, uint8_t>> ids;  // id -> mask, few entries
  };
  std::array<Namespace, kSources * kTypes> ns_;
};

class DebugOutput {
 public:
  // `debug_context`: DEBUG_OUTPUT starts enabled (only on debug contexts).
  explicit DebugOutput(bool debug_context = false) : output_enabled(debug_context) {}

  // GL_DEBUG_OUTPUT and GL_DEBUG_OUTPUT_SYNCHRONOUS (glEnable caps). Messages
  // are always delivered on the calling thread before the GL call returns, so
  // the synchronous flag is state only.
  bool output_enabled = false;
  bool output_synchronous = false;

  // Generates one message: dropped unless debug output is on and the current
  // group's filter enables it; then passed to the callback, or logged when
  // there is none (the log keeps the oldest messages when full). Text longer
  // than MAX_DEBUG_MESSAGE_LENGTH - 1 is cut.
  void message(GLenum source, GLenum type, GLuint id, GLenum severity, std::string_view text);
  // The DEBUG_TYPE_ERROR message of a GL error (Context::set_error).
  void api_error(GLenum error);

  void set_callback(GLDEBUGPROC callback, const void* user_param) {
    callback_ = callback;
    user_param_ = user_param;
  }
  GLDEBUGPROC callback() const { return callback_; }
  const void* user_param() const { return user_param_; }

  DebugFilter& filter() { return groups_.back().filter; }

  // Debug groups. Depth counts the default group (1 initially).
  GLint group_depth() const { return static_cast<GLint>(groups_.size()); }
  // Pushes a group whose filter starts as a copy of the current one. The
  // caller validates and then emits the PUSH_GROUP message.
  void push_group(GLenum source, GLuint id, std::string_view text);
  // Pops the top group (depth > 1) and returns what it was pushed with.
  DebugMessage pop_group();

  // The log (GetDebugMessageLog takes messages from the front).
  std::deque<DebugMessage>& log() { return log_; }
  GLint next_message_length() const {
    return log_.empty() ? 0 : static_cast<GLint>(log_.front().text.size() + 1);
  }

 private:
  struct Group {
    DebugFilter filter;
    DebugMessage pushed;  // source, id and text of the PushDebugGroup
  };
  GLDEBUGPROC callback_ = nullptr;
  const void* user_param_ = nullptr;
  std::vector<Group> groups_{1};
  std::deque<DebugMessage> log_;
};

class Context;
// glGet values of KHR_debug (limits, log and group state, CONTEXT_FLAGS).
// False: not one of them.
bool query_debug_state(Context& ctx, GLenum pname, GLint* out);
// GL_RESET_NOTIFICATION_STRATEGY and GL_CONTEXT_ROBUST_ACCESS (robustness.cpp).
bool query_robustness_state(Context& ctx, GLenum pname, GLint* out);

}  // namespace brass::gl
