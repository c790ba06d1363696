// A small worker pool for background compiles (shader libraries, optimized
// pipelines, cache writes). Two priorities: high work (precompiles the next
// draw may need) always runs before low work (optimizations).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace brass {

class ThreadPool {
 public:
  enum class Priority : uint8_t { High, Low };
  using Job = std::function<void()>;

  explicit ThreadPool(unsigned threads);
  ~ThreadPool();  // finishes queued work, then joins
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  void submit(Job job, Priority priority = Priority::High);
  // Blocks until every job submitted so far has finished.
  void wait_idle();
  unsigned thread_count() const { return static_cast<unsigned>(workers_.size()); }
  uint64_t jobs_completed() const;

  // Process-wide pool, sized to the machine (at least one worker), created on
  // first use and never destroyed (it is used during exit handlers).
  static ThreadPool& shared();
  // The exit drain's wait: jobs that use a driver must not run on into the
  // static destructors of the process's exit (a software Vulkan driver's
  // compiler goes with them). Jobs check process_exiting() and skip their
  // work, so what is still queued finishes at once. Creates no pool.
  static void wait_idle_if_created();

 private:
  void worker_loop();

  mutable std::mutex mutex_;
  std::condition_variable work_cv_;
  std::condition_variable idle_cv_;
  std::deque<Job> high_, low_;
  std::vector<std::thread> workers_;
  unsigned running_ = 0;
  uint64_t completed_ = 0;
  bool stopping_ = false;
};

}  // namespace brass
