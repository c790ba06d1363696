#include "util/process_exit.h"

#include <atomic>
#include <mutex>
#include <utility>
#include <vector>

namespace brass {

namespace {
std::atomic<bool> g_exiting{false};

struct ExitTasks {
  std::mutex mutex;
  std::vector<std::pair<const void*, std::function<void()>>> tasks;
};
ExitTasks& exit_tasks() {
  static auto* t = new ExitTasks;  // never destroyed: used during exit
  return *t;
}
}  // namespace

bool process_exiting() { return g_exiting.load(std::memory_order_acquire); }
void mark_process_exiting() { g_exiting.store(true, std::memory_order_release); }

void park_until_exit(const void* object) {
  if (!object) return;
  static auto* parked = new std::vector<const void*>;  // never destroyed: used during exit
  static auto* mutex = new std::mutex;
  std::lock_guard lock(*mutex);
  parked->push_back(object);
}

void add_exit_task(const void* owner, std::function<void()> task) {
  ExitTasks& t = exit_tasks();
  std::lock_guard lock(t.mutex);
  t.tasks.emplace_back(owner, std::move(task));
}

void remove_exit_tasks(const void* owner) {
  ExitTasks& t = exit_tasks();
  std::lock_guard lock(t.mutex);
  std::erase_if(t.tasks, [owner](const auto& e) { return e.first == owner; });
}

void run_exit_tasks() {
  ExitTasks& t = exit_tasks();
  std::vector<std::pair<const void*, std::function<void()>>> tasks;
  {
    std::lock_guard lock(t.mutex);
    tasks.swap(t.tasks);
  }
  // Run unlocked: a task may destroy its owner, which removes its tasks.
  for (auto& [owner, task] : tasks) task();
}

}  // namespace brass
