#include "util/log.h"

#include <cstdio>
#include <mutex>

namespace brass {

namespace {
std::atomic<uint64_t> g_warnings{0};
std::mutex g_log_mutex;
}  // namespace

bool log_enabled(LogLevel level) {
  return static_cast<int>(level) <= static_cast<int>(options().log_level);
}

uint64_t log_warning_count() { return g_warnings.load(std::memory_order_relaxed); }

void log_message(LogLevel level, const char* fmt, ...) {
  if (level <= LogLevel::Warn) g_warnings.fetch_add(1, std::memory_order_relaxed);
  char buf[2048];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  std::lock_guard<std::mutex> lock(g_log_mutex);
  std::fprintf(stderr, "brass %s: %s\n", to_string(level), buf);
}

}  // namespace brass
