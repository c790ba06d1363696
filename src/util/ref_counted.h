// Intrusive reference counting. Objects shared between the frontend and GPU
// batches (resource objects, programs, views) carry their own count so a
// reference is one pointer and one atomic add, with no control block.
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>

namespace brass {

class RefCounted {
 public:
  RefCounted() = default;
  RefCounted(const RefCounted&) = delete;
  RefCounted& operator=(const RefCounted&) = delete;

  void ref() const { count_.fetch_add(1, std::memory_order_relaxed); }
  // Returns true when this was the last reference (the caller then destroys).
  bool unref() const { return count_.fetch_sub(1, std::memory_order_acq_rel) == 1; }
  uint32_t ref_count() const { return count_.load(std::memory_order_relaxed); }

 protected:
  ~RefCounted() = default;

 private:
  mutable std::atomic<uint32_t> count_{1};
};

// Default release: delete. A type may provide `static void release(T*)`
// (e.g. to hand itself to a garbage list) by specializing RefTraits.
template <typename T>
struct RefTraits {
  static void destroy(T* p) { delete p; }
};

template <typename T>
class Ref {
 public:
  Ref() = default;
  Ref(std::nullptr_t) {}
  // Adopts an existing reference (the count is not incremented).
  static Ref adopt(T* p) {
    Ref r;
    r.p_ = p;
    return r;
  }
  // Takes a new reference.
  static Ref share(T* p) {
    if (p) p->ref();
    return adopt(p);
  }
  Ref(const Ref& o) : p_(o.p_) {
    if (p_) p_->ref();
  }
  Ref(Ref&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
  template <typename U>
  Ref(Ref<U>&& o) noexcept : p_(o.release()) {}
  ~Ref() { reset(); }

  Ref& operator=(const Ref& o) {
    if (o.p_) o.p_->ref();
    reset();
    p_ = o.p_;
    return *this;
  }
  Ref& operator=(Ref&& o) noexcept {
    if (this != &o) {
      reset();
      p_ = std::exchange(o.p_, nullptr);
    }
    return *this;
  }

  void reset() {
    if (p_ && p_->unref()) RefTraits<T>::destroy(p_);
    p_ = nullptr;
  }
  T* release() { return std::exchange(p_, nullptr); }
  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T& operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }
  bool operator==(const Ref& o) const { return p_ == o.p_; }
  // Against a plain pointer (either order, by C++20's reversed operators).
  bool operator==(const T* o) const { return p_ == o; }

 private:
  T* p_ = nullptr;
};

template <typename T, typename... Args>
Ref<T> make_ref(Args&&... args) {
  return Ref<T>::adopt(new T(std::forward<Args>(args)...));
}

}  // namespace brass
