// The command stream between an application thread and its driver thread:
// a ring of preallocated batches. The application thread writes commands
// into the batch it is recording; a full (or flushed) batch is handed to the
// driver thread, which runs its commands in order against the real pipe
// context. Nothing is allocated per command: a batch is reused once the
// driver thread has run it.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <type_traits>
#include <utility>
#include "pipe/context.h"

namespace brass::threaded {

// A recorded call: this header, then the command's own fields, then any
// payload it copied (arrays, uniform data). `run` executes the call on the
// driver thread and destroys the command (releasing the references it held).
struct Command {
  using Run = void (*)(Command* self, pipe::Context& target);
  Run run = nullptr;
  uint32_t size = 0;  // bytes from this command to the next, aligned
};

class BatchQueue;

// A recorded lambda: what record_call stores.
template <typename F>
struct CallCommand : Command {
  F f;
  void execute(pipe::Context& target);
};

class BatchQueue {
 public:
  static constexpr size_t kBatches = 8;
  static constexpr size_t kBatchBytes = 32 * 1024;
  static constexpr size_t kAlign = alignof(std::max_align_t);
  static constexpr size_t aligned(size_t bytes) { return (bytes + kAlign - 1) & ~(kAlign - 1); }

  // Starts the driver thread; on failure (no thread or no memory) ok() is false.
  explicit BatchQueue(pipe::Context& target);
  // Runs everything recorded, then stops the driver thread.
  ~BatchQueue();
  BatchQueue(const BatchQueue&) = delete;
  BatchQueue& operator=(const BatchQueue&) = delete;

  bool ok() const { return ok_; }

  // Room for a command of `bytes` in the recording batch, handing the batch
  // to the driver thread first when it is too full. Null when no batch can
  // hold that much (the caller then synchronizes and calls directly).
  void* allocate(size_t bytes) {
    bytes = aligned(bytes);
    if (bytes > kBatchBytes) return nullptr;
    if (used_ + bytes > kBatchBytes) submit();
    void* p = recording_ + used_;
    used_ += bytes;
    return p;
  }

  // Constructs a command of type T (derived from Command, with
  // `void execute(pipe::Context&)`) with `extra` payload bytes after it.
  // Returns null when it does not fit any batch.
  template <typename T, typename... Args>
  T* record(size_t extra, Args&&... args) {
    const size_t bytes = aligned(aligned(sizeof(T)) + extra);
    void* p = allocate(bytes);
    if (!p) return nullptr;
    T* c = new (p) T{std::forward<Args>(args)...};
    c->run = &run_command<T>;
    c->size = static_cast<uint32_t>(bytes);
    return c;
  }
  // The payload bytes after a command made by record().
  template <typename T>
  static std::byte* payload(T* command) {
    return reinterpret_cast<std::byte*>(command) + aligned(sizeof(T));
  }

  // Records the call `f` (a callable taking the real pipe::Context&, and
  // the payload's first byte when it accepts a second argument) with
  // `extra` payload bytes after it. Returns the payload (the end of the
  // command when extra is 0), or null when it does not fit any batch.
  template <typename F>
  std::byte* record_call(size_t extra, F&& f) {
    auto* c = record<CallCommand<std::decay_t<F>>>(extra, Command{}, std::forward<F>(f));
    return c ? payload(c) : nullptr;
  }

  // Hands the recording batch to the driver thread (nothing when empty).
  void submit();
  // submit(), then waits until the driver thread ran every batch: the real
  // context is then the application thread's to call until the next
  // record().
  void sync();

  // Whether a call run on the driver thread left the real context with a
  // failure pending (read by the application thread after each call).
  bool async_failure() const { return async_failure_.load(std::memory_order_relaxed); }
  void clear_async_failure() { async_failure_.store(false, std::memory_order_relaxed); }

  // Counters for tests and docs: batches handed over, waits for the driver.
  uint64_t batches_submitted() const { return submitted_count_; }
  uint64_t syncs() const { return syncs_; }

 private:
  struct alignas(64) Batch {
    std::byte data[kBatchBytes];
    size_t used = 0;
  };
  template <typename T>
  static void run_command(Command* self, pipe::Context& target) {
    T* c = static_cast<T*>(self);
    c->execute(target);
    c->~T();
  }
  void driver_main();
  void run_batch(Batch& b);

  pipe::Context& target_;
  std::unique_ptr<Batch[]> batches_;
  bool ok_ = false;

  // Application thread only.
  std::byte* recording_ = nullptr;  // data of the batch being recorded
  size_t used_ = 0;
  uint64_t submitted_count_ = 0;
  uint64_t syncs_ = 0;

  // Shared, under mutex_.
  std::mutex mutex_;
  std::condition_variable work_;  // the driver thread waits for batches
  std::condition_variable done_;  // the application thread waits for free batches / idle
  uint64_t submitted_ = 0;        // batches handed over (batch i lives in slot i % kBatches)
  uint64_t executed_ = 0;         // batches the driver thread finished
  bool stop_ = false;

  std::atomic<bool> async_failure_{false};
  std::thread thread_;
};

template <typename F>
void CallCommand<F>::execute(pipe::Context& target) {
  if constexpr (std::is_invocable_v<F&, pipe::Context&, std::byte*>) f(target, BatchQueue::payload(this));
  else f(target);
}

}  // namespace brass::threaded
