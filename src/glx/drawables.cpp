#include "glx/drawables.h"

#include <algorithm>

#include "platform/x11.h"
#include "util/log.h"
#include "glx/x11_headers.h"

namespace brass::glx {

namespace {

bool same_buffers(const FbConfig& a, const FbConfig& b) {
  return a.red == b.red && a.green == b.green && a.blue == b.blue && a.alpha == b.alpha && a.depth == b.depth &&
         a.stencil == b.stencil && a.samples == b.samples && a.double_buffer == b.double_buffer;
}

void release(Drawable* d) {
  if (!d || --d->bind_count > 0 || !d->destroyed) return;
  auto& zombies = d->display->zombie_drawables;
  zombies.erase(std::remove_if(zombies.begin(), zombies.end(), [d](const auto& z) { return z.get() == d; }),
                zombies.end());
}

}  // namespace

XErr open_window(Drawable* drawable, Window window) {
  pipe::Screen* screen = device_screen();
  if (!screen) return kBadAlloc;
  platform::x11::prepare_presentation(drawable->display->display);
  pipe::NativeWindow nw;
  nw.kind = pipe::WindowSystem::Xlib;
  nw.display = drawable->display->display;
  nw.window = window;
  pipe::Status st = pipe::Status::Ok;
  drawable->window = screen->create_window_surface(nw, &st);
  if (!drawable->window) {
    BRASS_WARN("GLX: cannot present to window 0x%lx: %s", window, pipe::to_string(st));
    return st == pipe::Status::InvalidArgument ? kBadWindow : kBadAlloc;
  }
  drawable->x_window = window;
  drawable->width = static_cast<int>(drawable->window->width());
  drawable->height = static_cast<int>(drawable->window->height());
  if (!allocate_buffers(drawable)) return kBadAlloc;
  return kNoError;
}

XErr resolve_drawable(DisplayState* d, GLXDrawable id, const FbConfig* config, Drawable** out) {
  auto it = d->drawables.find(id);
  if (it != d->drawables.end()) {
    Drawable* found = it->second.get();
    if (found->config != config && !same_buffers(*found->config, *config)) {
      // A plain X window takes the config of the context bound to it, when
      // no other context holds it.
      if (found->kind != Drawable::Kind::XWindow || found->bind_count > 0) return kBadMatch;
      const FbConfig* old = found->config;
      found->config = config;
      if (!allocate_buffers(found)) {
        found->config = old;
        return kBadAlloc;
      }
    }
    *out = found;
    return kNoError;
  }
  platform::x11::WindowInfo info;
  if (!platform::x11::query_window(d->display, id, &info)) return kGLXBadDrawable;
  if (info.depth != 24 && info.depth != 32) return kBadMatch;
  auto drawable = std::make_unique<Drawable>();
  drawable->display = d;
  drawable->kind = Drawable::Kind::XWindow;
  drawable->id = id;
  drawable->config = config;
  if (XErr e = open_window(drawable.get(), static_cast<Window>(id)); !(e == kNoError)) return e;
  *out = drawable.get();
  d->drawables.emplace(id, std::move(drawable));
  return kNoError;
}

void destroy_drawable(DisplayState* d, GLXDrawable id) {
  auto it = d->drawables.find(id);
  if (it == d->drawables.end()) return;
  std::unique_ptr<Drawable> drawable = std::move(it->second);
  d->drawables.erase(it);
  drawable->destroyed = true;
  if (drawable->bind_count > 0) d->zombie_drawables.push_back(std::move(drawable));
}

void unbind_drawables(Context* c) {
  Drawable* draw = c->draw;
  Drawable* read = c->read;
  c->draw = c->read = nullptr;
  release(draw);
  if (read != draw) release(read);
}

void bind_gl(Context* c) {
  GlBuffers draw, read;
  if (c->draw) draw = c->draw->buffers();
  if (c->read) read = c->read->buffers();
  make_gl_current(c->gl.get(), c->draw ? &draw : nullptr, c->read ? &read : nullptr);
}

}  // namespace brass::glx
