// The GLX functions libGLX_brass.so gives glvnd's libGLX (GLX 1.4 and the
// extensions of docs/glx.md). They carry the names of the functions they
// implement, in this namespace: glvnd reaches them through
// getProcAddress, never by symbol.
#pragma once

// objects.h includes the Brass headers before Xlib (x11_headers.h).
#include "glx/objects.h"

namespace brass::glx::api {

// Configs and visuals (api_configs.cpp).
GLXFBConfig* glXGetFBConfigs(Display* dpy, int screen, int* nelements);
GLXFBConfig* glXChooseFBConfig(Display* dpy, int screen, const int* attribs, int* nelements);
int glXGetFBConfigAttrib(Display* dpy, GLXFBConfig config, int attribute, int* value);
XVisualInfo* glXGetVisualFromFBConfig(Display* dpy, GLXFBConfig config);
XVisualInfo* glXChooseVisual(Display* dpy, int screen, int* attribs);
int glXGetConfig(Display* dpy, XVisualInfo* vis, int attrib, int* value);
const char* glXQueryExtensionsString(Display* dpy, int screen);
const char* glXQueryServerString(Display* dpy, int screen, int name);
const char* glXGetClientString(Display* dpy, int name);
Bool glXQueryExtension(Display* dpy, int* error_base, int* event_base);
Bool glXQueryVersion(Display* dpy, int* major, int* minor);

// Contexts (api_contexts.cpp).
GLXContext glXCreateContext(Display* dpy, XVisualInfo* vis, GLXContext share, Bool direct);
GLXContext glXCreateNewContext(Display* dpy, GLXFBConfig config, int render_type, GLXContext share, Bool direct);
GLXContext glXCreateContextAttribsARB(Display* dpy, GLXFBConfig config, GLXContext share, Bool direct,
                                      const int* attribs);
void glXDestroyContext(Display* dpy, GLXContext ctx);
Bool glXMakeCurrent(Display* dpy, GLXDrawable drawable, GLXContext ctx);
Bool glXMakeContextCurrent(Display* dpy, GLXDrawable draw, GLXDrawable read, GLXContext ctx);
int glXQueryContext(Display* dpy, GLXContext ctx, int attribute, int* value);
Bool glXIsDirect(Display* dpy, GLXContext ctx);
void glXCopyContext(Display* dpy, GLXContext src, GLXContext dst, unsigned long mask);
void glXWaitGL();
void glXWaitX();
void glXUseXFont(Font font, int first, int count, int list_base);

// Drawables and presentation (api_drawables.cpp).
GLXWindow glXCreateWindow(Display* dpy, GLXFBConfig config, Window win, const int* attribs);
void glXDestroyWindow(Display* dpy, GLXWindow win);
GLXPbuffer glXCreatePbuffer(Display* dpy, GLXFBConfig config, const int* attribs);
void glXDestroyPbuffer(Display* dpy, GLXPbuffer pbuf);
GLXPixmap glXCreatePixmap(Display* dpy, GLXFBConfig config, Pixmap pixmap, const int* attribs);
GLXPixmap glXCreateGLXPixmap(Display* dpy, XVisualInfo* vis, Pixmap pixmap);
void glXDestroyPixmap(Display* dpy, GLXPixmap pixmap);
void glXDestroyGLXPixmap(Display* dpy, GLXPixmap pixmap);
void glXQueryDrawable(Display* dpy, GLXDrawable draw, int attribute, unsigned int* value);
void glXSelectEvent(Display* dpy, GLXDrawable draw, unsigned long mask);
void glXGetSelectedEvent(Display* dpy, GLXDrawable draw, unsigned long* mask);
void glXSwapBuffers(Display* dpy, GLXDrawable drawable);
void glXSwapIntervalEXT(Display* dpy, GLXDrawable drawable, int interval);
int glXSwapIntervalMESA(unsigned int interval);
int glXGetSwapIntervalMESA();

}  // namespace brass::glx::api
