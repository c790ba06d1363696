// Finding, making and binding GLX drawables (shared by the context and
// drawable entry points). Callers hold the GLX lock.
#pragma once

#include "glx/errors.h"
#include "glx/objects.h"

namespace brass::glx {

// The drawable `id` names for a context of `config`: a GLX window or pbuffer
// of this display, or a plain X window (made into a drawable on first use).
XErr resolve_drawable(DisplayState* d, GLXDrawable id, const FbConfig* config, Drawable** out);
// Presentation to `window` (an X window of the display) for `drawable`.
XErr open_window(Drawable* drawable, Window window);
// Drops a drawable the application destroyed: now, or when the last context
// using it lets go.
void destroy_drawable(DisplayState* d, GLXDrawable id);
// A context stops using its drawables (release, or switch).
void unbind_drawables(Context* c);
// Binds the context's drawables' current buffers to its GL context.
void bind_gl(Context* c);

}  // namespace brass::glx
