// GL objects and the tables that name them. An object is reference counted:
// the namespace holds one reference, each binding point another, so a
// deleted object that is still bound lives until its last binding goes
// (GL's "deleted but still in use" rule) without any special casing.
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <unordered_map>

#include "gl/gl_types.h"
#include "util/ref_counted.h"

namespace brass::gl {

class Object : public RefCounted {
 public:
  explicit Object(GLuint name) : name_(name) {}
  virtual ~Object() = default;
  GLuint name() const { return name_; }
  std::string label;  // KHR_debug object label

 private:
  GLuint name_;
};

// Names of one object type, and the objects behind them. A name can be
// generated (reserved) without an object yet: GL creates the object on first
// bind. Thread-safe, since share groups are used from several threads.
template <typename T>
class ObjectTable {
 public:
  // Reserves `n` unused non-zero names, lowest first.
  void generate(GLsizei n, GLuint* out) {
    std::lock_guard lock(mutex_);
    GLuint candidate = 1;
    for (GLsizei i = 0; i < n; ++i) {
      while (entries_.count(candidate)) ++candidate;
      entries_.emplace(candidate, Ref<T>());
      out[i] = candidate++;
    }
  }
  // Reserves one name and creates its object at once (glCreateShader, ...).
  template <typename Factory>
  Ref<T> create(Factory&& factory) {
    std::lock_guard lock(mutex_);
    GLuint name = 1;
    while (entries_.count(name)) ++name;
    Ref<T> obj = factory(name);
    if (!obj) return nullptr;
    entries_.emplace(name, obj);
    return obj;
  }
  // Reserves `n` unused names and creates each one's object at once
  // (glCreateBuffers, glCreateTextures, ...: direct state access objects
  // exist from their creation, GL 4.6 §2.6.1). Returns false after an
  // allocation failure, with the names made so far kept.
  template <typename Factory>
  bool create_many(GLsizei n, GLuint* out, Factory&& factory) {
    std::lock_guard lock(mutex_);
    GLuint candidate = 1;
    for (GLsizei i = 0; i < n; ++i) {
      while (entries_.count(candidate)) ++candidate;
      Ref<T> obj = factory(candidate);
      if (!obj) return false;
      entries_.emplace(candidate, std::move(obj));
      out[i] = candidate++;
    }
    return true;
  }
  // The object named `name`, or null (unknown name, or generated but unbound).
  // The caller holds a reference: another context of the share group may
  // delete the name at any moment, and the object must outlive this call.
  Ref<T> lookup(GLuint name) const {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(name);
    return it == entries_.end() ? Ref<T>() : it->second;
  }
  bool is_name(GLuint name) const {
    std::lock_guard lock(mutex_);
    return name != 0 && entries_.count(name) != 0;
  }
  // The object for `name`, created with `factory(name)` when the name has
  // none yet. `allow_unreserved`: GL ES lets glBind* create objects for names
  // never generated (buffers, textures); core profiles do not.
  // Returned with a reference, as lookup().
  template <typename Factory>
  Ref<T> get_or_create(GLuint name, bool allow_unreserved, Factory&& factory) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(name);
    if (it == entries_.end()) {
      if (!allow_unreserved) return nullptr;
      it = entries_.emplace(name, Ref<T>()).first;
    }
    if (!it->second) it->second = factory(name);
    return it->second;
  }
  // Frees the name; returns the object (if any) so the caller can unbind it
  // everywhere before the last reference goes.
  Ref<T> remove(GLuint name) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(name);
    if (it == entries_.end()) return {};
    Ref<T> obj = std::move(it->second);
    entries_.erase(it);
    return obj;
  }
  // Frees the name only while it still names `obj`: two contexts may both
  // decide to free a name (the last detach and a delete racing), and the
  // name may already name a new object by then.
  Ref<T> remove_object(GLuint name, const T* obj) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(name);
    if (it == entries_.end() || it->second.get() != obj) return {};
    Ref<T> out = std::move(it->second);
    entries_.erase(it);
    return out;
  }
  size_t size() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
  }
  // Frees every name (context teardown); objects go with their last reference.
  void clear() {
    std::unordered_map<GLuint, Ref<T>> entries;
    {
      std::lock_guard lock(mutex_);
      entries.swap(entries_);
    }
  }

 private:
  mutable std::mutex mutex_;
  std::unordered_map<GLuint, Ref<T>> entries_;
};

// Binding points hold their own reference.
template <typename T>
using Binding = Ref<T>;

template <typename T>
inline void bind(Binding<T>& point, T* obj) {
  point = Ref<T>::share(obj);
}
template <typename T>
inline void bind(Binding<T>& point, Ref<T> obj) {
  point = std::move(obj);
}

}  // namespace brass::gl
