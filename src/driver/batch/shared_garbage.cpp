#include "driver/batch/shared_garbage.h"

#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_shared_deferred("garbage.shared_deferred");
}  // namespace

void SharedGarbage::add(Waits waits, std::function<void()> destroy) {
  std::erase_if(waits, [](auto& w) { return w.first->reached(w.second); });
  if (waits.empty()) return destroy();
  g_shared_deferred.add();
  std::lock_guard lock(mutex_);
  entries_.push_back({std::move(waits), std::move(destroy)});
  count_.store(entries_.size(), std::memory_order_relaxed);
}

void SharedGarbage::collect() {
  if (pending() == 0) return;
  std::vector<Entry> done;
  {
    std::lock_guard lock(mutex_);
    for (size_t i = 0; i < entries_.size();) {
      Entry& e = entries_[i];
      std::erase_if(e.waits, [](auto& w) { return w.first->reached(w.second); });
      if (e.waits.empty()) {
        done.push_back(std::move(e));
        entries_[i] = std::move(entries_.back());
        entries_.pop_back();
      } else {
        ++i;
      }
    }
    count_.store(entries_.size(), std::memory_order_relaxed);
  }
  // Outside the lock: a destroy may retire more objects.
  for (Entry& e : done) e.destroy();
}

void SharedGarbage::destroy_all() {
  std::vector<Entry> all;
  {
    std::lock_guard lock(mutex_);
    all.swap(entries_);
    count_.store(0, std::memory_order_relaxed);
  }
  for (Entry& e : all) e.destroy();
}

}  // namespace brass::driver
