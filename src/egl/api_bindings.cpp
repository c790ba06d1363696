// EGL 1.5 §3.2 and §3.7.3: objects current to a thread outlive their
// destruction until released; this is where the release happens.
#include "egl/api_bindings.h"

#include <algorithm>
#include <vector>

#include "egl/client_api.h"

namespace brass::egl {

namespace {

template <typename T>
void free_zombie(std::vector<std::unique_ptr<T>>& zombies, T* p) {
  auto it = std::find_if(zombies.begin(), zombies.end(), [p](const auto& z) { return z.get() == p; });
  if (it == zombies.end()) return;
  dispose(*it);
  zombies.erase(it);
}

}  // namespace

void release_surface(Surface* s) {
  if (!s) return;
  if (--s->bind_count == 0 && s->destroyed) free_zombie(s->display->zombie_surfaces, s);
}

// Releases the thread's current context (implicit flush first).
void unbind_current(ThreadState& t) {
  Context* c = t.context;
  if (!c) return;
  ClientApi& api = gles_client_api();
  // At exit (see dispose) nothing is flushed: no batch would run anyway.
  if (!process_exiting()) api.flush();
  api.make_current(nullptr, nullptr, nullptr);
  release_surface(c->draw);
  release_surface(c->read);
  c->draw = c->read = nullptr;
  c->bound_thread = nullptr;
  t.context = nullptr;
  if (c->destroyed) free_zombie(c->display->zombie_contexts, c);
}

bool surface_bound_elsewhere(const Surface* s, const ThreadState& t) {
  if (!s || s->bind_count == 0) return false;
  // A surface is bound only through contexts; find whether one of another thread holds it.
  for (auto& [_, c] : s->display->contexts)
    if (c->bound_thread && c->bound_thread != &t && (c->draw == s || c->read == s)) return true;
  for (auto& c : s->display->zombie_contexts)
    if (c->bound_thread && c->bound_thread != &t && (c->draw == s || c->read == s)) return true;
  return false;
}

bool configs_compatible(const Config* a, const Config* b) {
  return a->red == b->red && a->green == b->green && a->blue == b->blue && a->alpha == b->alpha &&
         a->depth == b->depth && a->stencil == b->stencil && a->samples == b->samples;
}

}  // namespace brass::egl
