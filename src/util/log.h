// Leveled logging to stderr. Messages below BRASS_LOG's level cost one compare.
#pragma once

#include <atomic>
#include <cstdarg>

#include "util/options.h"

namespace brass {

void log_message(LogLevel level, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
bool log_enabled(LogLevel level);

// Number of error/warn lines written so far (tests use it to assert silence).
uint64_t log_warning_count();

}  // namespace brass

#define BRASS_LOG_AT(level, ...)                                      \
  do {                                                                \
    if (::brass::log_enabled(level)) ::brass::log_message(level, __VA_ARGS__); \
  } while (0)

#define BRASS_ERROR(...) BRASS_LOG_AT(::brass::LogLevel::Error, __VA_ARGS__)
#define BRASS_WARN(...) BRASS_LOG_AT(::brass::LogLevel::Warn, __VA_ARGS__)
#define BRASS_INFO(...) BRASS_LOG_AT(::brass::LogLevel::Info, __VA_ARGS__)
#define BRASS_DEBUG_LOG(...) BRASS_LOG_AT(::brass::LogLevel::Debug, __VA_ARGS__)

// Logs once per call site for the life of the process.
#define BRASS_WARN_ONCE(...)                                         \
  do {                                                               \
    static std::atomic<bool> brass_warned_{false};                   \
    if (!brass_warned_.exchange(true)) BRASS_WARN(__VA_ARGS__);      \
  } while (0)

#ifdef BRASS_ASSERTIONS
#include <cstdio>
#include <cstdlib>
// Internal invariants only; never used to check application input.
#define BRASS_ASSERT(cond)                                                           \
  do {                                                                               \
    if (!(cond)) {                                                                   \
      std::fprintf(stderr, "brass: assertion failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
      std::abort();                                                                  \
    }                                                                                \
  } while (0)
#else
#define BRASS_ASSERT(cond) ((void)0)
#endif
