#include "threaded/batch_queue.h"

#include <system_error>
#include "util/stats.h"

namespace brass::threaded {
namespace {
// BRASS_STATS: batches handed to driver threads; waits of an application
// thread for its driver thread to run everything (a call that returns
// something), and for a free batch (the driver thread is behind by the
// whole ring).
StatCounter g_batches("threaded.batches");
StatCounter g_syncs("threaded.syncs");
StatCounter g_ring_full_waits("threaded.ring_full_waits");
}  // namespace

BatchQueue::BatchQueue(pipe::Context& target) : target_(target) {
  batches_.reset(new (std::nothrow) Batch[kBatches]);
  if (!batches_) return;
  recording_ = batches_[0].data;
  try {
    thread_ = std::thread([this] { driver_main(); });
  } catch (const std::system_error&) {
    return;  // no thread: the caller runs unthreaded
  }
  ok_ = true;
}

BatchQueue::~BatchQueue() {
  if (!thread_.joinable()) return;
  sync();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  work_.notify_one();
  thread_.join();
}

void BatchQueue::submit() {
  if (used_ == 0) return;
  batches_[submitted_count_ % kBatches].used = used_;
  ++submitted_count_;
  g_batches.add();
  {
    std::unique_lock<std::mutex> lock(mutex_);
    submitted_ = submitted_count_;
    lock.unlock();
    work_.notify_one();
    lock.lock();
    // The next slot is free once the driver thread ran the batch it held
    // kBatches submissions ago.
    if (submitted_ - executed_ >= kBatches) {
      g_ring_full_waits.add();
      done_.wait(lock, [this] { return submitted_ - executed_ < kBatches; });
    }
  }
  recording_ = batches_[submitted_count_ % kBatches].data;
  used_ = 0;
}

void BatchQueue::sync() {
  submit();
  ++syncs_;
  g_syncs.add();
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [this] { return executed_ == submitted_; });
}

void BatchQueue::run_batch(Batch& b) {
  std::byte* p = b.data;
  std::byte* const end = b.data + b.used;
  while (p < end) {
    Command* c = reinterpret_cast<Command*>(p);
    const uint32_t size = c->size;  // read before run destroys the command
    c->run(c, target_);
    if (target_.failure_pending()) async_failure_.store(true, std::memory_order_relaxed);
    p += size;
  }
  b.used = 0;
}

void BatchQueue::driver_main() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_.wait(lock, [this] { return stop_ || executed_ < submitted_; });
    if (executed_ == submitted_) return;  // stop_, and everything ran
    Batch& b = batches_[executed_ % kBatches];
    lock.unlock();
    run_batch(b);
    lock.lock();
    ++executed_;
    done_.notify_one();
  }
}

}  // namespace brass::threaded
