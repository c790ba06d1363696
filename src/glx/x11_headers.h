// Xlib and GLX headers for GLX's files, included after every Brass header a
// file needs: Xlib defines Status as a macro, which would turn
// pipe::Status into nonsense; it is undefined here (GLX code says int).
#pragma once

#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#undef Status
