#include "util/thread_pool.h"

#include <algorithm>
#include <atomic>

namespace brass {

namespace {
std::atomic<ThreadPool*> g_shared{nullptr};
}  // namespace

ThreadPool::ThreadPool(unsigned threads) {
  threads = std::max(1u, threads);
  workers_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_cv_.notify_all();
  for (auto& t : workers_) t.join();
}

void ThreadPool::submit(Job job, Priority priority) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    (priority == Priority::High ? high_ : low_).push_back(std::move(job));
  }
  work_cv_.notify_one();
}

void ThreadPool::wait_idle() {
  std::unique_lock<std::mutex> lock(mutex_);
  idle_cv_.wait(lock, [&] { return high_.empty() && low_.empty() && running_ == 0; });
}

uint64_t ThreadPool::jobs_completed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return completed_;
}

void ThreadPool::worker_loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_cv_.wait(lock, [&] { return stopping_ || !high_.empty() || !low_.empty(); });
    if (high_.empty() && low_.empty()) {
      if (stopping_) return;
      continue;
    }
    auto& queue = high_.empty() ? low_ : high_;
    Job job = std::move(queue.front());
    queue.pop_front();
    ++running_;
    lock.unlock();
    job();
    lock.lock();
    --running_;
    ++completed_;
    if (high_.empty() && low_.empty() && running_ == 0) idle_cv_.notify_all();
  }
}

ThreadPool& ThreadPool::shared() {
  // Never destroyed. A static pool's destructor would run among the exit
  // handlers, in reverse order of first use, so an application's own exit
  // handler registered earlier (piglit tears its EGL context down in one)
  // would then flush into a freed pool. The workers end with the process.
  // Leaves one core to the application's own threads.
  static ThreadPool* pool = [] {
    auto* p = new ThreadPool(std::max(1u, std::thread::hardware_concurrency() - 1));
    g_shared.store(p, std::memory_order_release);
    return p;
  }();
  return *pool;
}

void ThreadPool::wait_idle_if_created() {
  if (ThreadPool* p = g_shared.load(std::memory_order_acquire)) p->wait_idle();
}

}  // namespace brass
