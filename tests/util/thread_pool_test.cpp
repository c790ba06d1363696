#include "util/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>

namespace brass {
namespace {

TEST(ThreadPool, RunsEveryJob) {
  ThreadPool pool(3);
  std::atomic<int> n{0};
  for (int i = 0; i < 1000; ++i) pool.submit([&] { n.fetch_add(1); }, i % 2 ? ThreadPool::Priority::Low : ThreadPool::Priority::High);
  pool.wait_idle();
  EXPECT_EQ(n.load(), 1000);
  EXPECT_EQ(pool.jobs_completed(), 1000u);
}

TEST(ThreadPool, HighPriorityRunsBeforeQueuedLowPriority) {
  ThreadPool pool(1);
  std::mutex m;
  std::vector<char> order;
  std::atomic<bool> release{false};
  pool.submit([&] { while (!release.load()) std::this_thread::yield(); });  // occupy the worker
  pool.submit([&] { std::lock_guard l(m); order.push_back('L'); }, ThreadPool::Priority::Low);
  pool.submit([&] { std::lock_guard l(m); order.push_back('H'); }, ThreadPool::Priority::High);
  release = true;
  pool.wait_idle();
  EXPECT_EQ(order, (std::vector<char>{'H', 'L'}));
}

TEST(ThreadPool, DestructorFinishesQueuedWork) {
  std::atomic<int> n{0};
  {
    ThreadPool pool(2);
    for (int i = 0; i < 100; ++i) pool.submit([&] { n.fetch_add(1); });
  }
  EXPECT_EQ(n.load(), 100);
}

}  // namespace
}  // namespace brass
