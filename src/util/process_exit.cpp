#include "util/process_exit.h"

#include <atomic>

namespace brass {

namespace {
std::atomic<bool> g_exiting{false};
}  // namespace

bool process_exiting() { return g_exiting.load(std::memory_order_acquire); }
void mark_process_exiting() { g_exiting.store(true, std::memory_order_release); }

}  // namespace brass
