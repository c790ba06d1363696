// GL objects and the tables that name them. An object is reference counted:
// the namespace holds one reference, each binding point another, so a
// deleted object that is still bound lives until its last binding goes
// (GL's "deleted but still in use" rule) without any special casing.
#pragma once

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
  T* create(Factory&& factory) {
    std::lock_guard lock(mutex_);
    GLuint name = 1;
    while (entries_.count(name)) ++name;
    Ref<T> obj = factory(name);
    if (!obj) return nullptr;
    T* raw = obj.get();
    entries_.emplace(name, std::move(obj));
    return raw;
  }
  // The object named `name`, or null (unknown name, or generated but unbound).
  T* lookup(GLuint name) const {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(name);
    return it == entries_.end() ? nullptr : it->second.get();
  }
  bool is_name(GLuint name) const {
    std::lock_guard lock(mutex_);
    return name != 0 && entries_.count(name) != 0;
  }
  // The object for `name`, created with `factory(name)` when the name has
  // none yet. `allow_unreserved`: GL ES lets glBind* create objects for names
  // never generated (buffers, textures); core profiles do not.
  template <typename Factory>
  T* get_or_create(GLuint name, bool allow_unreserved, Factory&& factory) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(name);
    if (it == entries_.end()) {
      if (!allow_unreserved) return nullptr;
      it = entries_.emplace(name, Ref<T>()).first;
    }
    if (!it->second) it->second = factory(name);
    return it->second.get();
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

}  // namespace brass::gl
