#include "device/exit_drain.h"

#include <cstdlib>
#include <vector>

#include "util/process_exit.h"
#include "util/thread_pool.h"

namespace brass::vk {

namespace {

struct DrainEntry {
  VkQueue queue;
  std::mutex* queue_mutex;
};

std::mutex& registry_mutex() {
  static std::mutex* m = new std::mutex;  // never destroyed: used during exit
  return *m;
}

std::vector<DrainEntry>& registry() {
  static auto* r = new std::vector<DrainEntry>;
  return *r;
}

void drain_at_exit() {
  // Registered many times (refresh_exit_drain); only the first call, the
  // latest registration, runs before the driver's own exit handlers.
  if (process_exiting()) return;
  {
    std::lock_guard<std::mutex> lock(registry_mutex());
    for (const DrainEntry& e : registry()) {
      // Another thread may be inside a submit; never block exit on it forever.
      std::unique_lock<std::mutex> q(*e.queue_mutex, std::try_to_lock);
      if (q.owns_lock()) vkQueueWaitIdle(e.queue);
    }
  }
  mark_process_exiting();
  // Background pipeline compiles (precompiles, optimized links) and cache
  // saves: those running finish now, queued ones see the exit and skip, so
  // none is still compiling when the driver's own exit handlers run.
  ThreadPool::wait_idle_if_created();
  // Last words while the driver is whole (the pipeline caches' final saves).
  run_exit_tasks();
}

}  // namespace

void register_exit_drain(VkQueue queue, std::mutex* queue_mutex) {
  static const bool registered = std::atexit(drain_at_exit) == 0;
  (void)registered;
  std::lock_guard<std::mutex> lock(registry_mutex());
  registry().push_back({queue, queue_mutex});
}

void refresh_exit_drain() { std::atexit(drain_at_exit); }

void unregister_exit_drain(VkQueue queue) {
  std::lock_guard<std::mutex> lock(registry_mutex());
  std::vector<DrainEntry>& r = registry();
  for (size_t i = 0; i < r.size(); ++i)
    if (r[i].queue == queue) {
      r.erase(r.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
}

}  // namespace brass::vk
