#include "glx/errors.h"

#include "util/log.h"

#include <X11/Xlibint.h>
#include <X11/Xproto.h>
#undef Status
#undef min
#undef max

namespace brass::glx {

void report_error(void* display, XErr error, uint8_t minor_opcode, uint64_t resource) {
  auto* dpy = static_cast<::Display*>(display);
  if (!dpy || error == kNoError) return;
  int major_opcode = 0, first_event = 0, first_error = 0;
  const bool have_glx = XQueryExtension(dpy, "GLX", &major_opcode, &first_event, &first_error);
  if (error.glx && !have_glx) {
    BRASS_WARN_ONCE("GLX errors cannot be reported on a server without the GLX extension (first: error %u, request %u)",
                    error.code, minor_opcode);
    return;
  }
  xError e = {};
  e.type = X_Error;
  e.errorCode = static_cast<BYTE>(error.glx ? first_error + error.code : error.code);
  e.resourceID = static_cast<CARD32>(resource);
  e.minorCode = minor_opcode;
  e.majorCode = static_cast<CARD8>(major_opcode);
  LockDisplay(dpy);
  e.sequenceNumber = static_cast<CARD16>(dpy->request);
  _XError(dpy, &e);
  UnlockDisplay(dpy);
}

}  // namespace brass::glx
