// Counts background jobs that use an object, so its teardown can wait for
// them (a wait group). Not the thread pool's wait_idle: that waits for every
// job of the process and the pool may already be gone during exit handlers.
#pragma once

#include <condition_variable>
#include <mutex>

namespace brass {

class PendingJobs {
 public:
  void add() {
    std::lock_guard lock(mutex_);
    ++count_;
  }
  void done() {
    std::lock_guard lock(mutex_);
    if (--count_ == 0) cv_.notify_all();
  }
  void wait() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return count_ == 0; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  unsigned count_ = 0;
};

}  // namespace brass
