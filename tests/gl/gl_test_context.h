// Helpers for frontend tests that drive a GL context without EGL: one
// lavapipe screen per test binary, contexts on it, entry points looked up
// by name as glvnd would, and the calling thread's current context.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "driver/screen.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::test {

// One lavapipe screen for the whole test binary.
inline pipe::Screen* test_screen() {
  static std::unique_ptr<pipe::Screen> screen = [] {
    std::string why;
    auto s = driver::VulkanScreen::create(&why);
    EXPECT_TRUE(s) << why;
    return std::unique_ptr<pipe::Screen>(std::move(s));
  }();
  return screen.get();
}

inline ContextDesc test_desc() {
  ContextDesc d;
  d.screen = test_screen();
  return d;
}

template <typename Fn>
Fn proc(const char* name) {
  void* p = get_proc_address(name);
  EXPECT_NE(p, nullptr) << name;
  return reinterpret_cast<Fn>(p);
}

// Makes a context current for a scope.
struct Current {
  explicit Current(Context* c) { set_current_context(c); }
  ~Current() { set_current_context(nullptr); }
};

}  // namespace brass::gl::test
