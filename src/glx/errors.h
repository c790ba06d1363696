// X errors GLX reports: the core protocol's (BadValue, BadMatch, ...) and
// GLX's own (GLXBadContext, ..., offset by the GLX extension's first error
// code). Reported through Xlib's error handler as a server error would be.
#pragma once

#include <cstdint>

namespace brass::glx {

struct XErr {
  uint8_t code = 0;
  bool glx = false;  // a GLX error code (GLXBad*), else a core one
  bool operator==(const XErr&) const = default;
};

// Core protocol errors (X.h) and GLX errors (glxproto.h), by number.
inline constexpr XErr kNoError{0, false};
inline constexpr XErr kBadValue{2, false};
inline constexpr XErr kBadWindow{3, false};
inline constexpr XErr kBadMatch{8, false};
inline constexpr XErr kBadAccess{10, false};
inline constexpr XErr kBadAlloc{11, false};
inline constexpr XErr kBadImplementation{17, false};
inline constexpr XErr kGLXBadContext{0, true};
inline constexpr XErr kGLXBadDrawable{2, true};
inline constexpr XErr kGLXBadPixmap{3, true};
inline constexpr XErr kGLXBadFBConfig{9, true};
inline constexpr XErr kGLXBadPbuffer{10, true};
inline constexpr XErr kGLXBadWindow{12, true};
inline constexpr XErr kGLXBadProfileARB{13, true};

// GLX request numbers (the GLX protocol's minor opcodes, glxproto.h's
// X_GLX*), which an error names as the request it answers.
namespace request {
inline constexpr uint8_t kCreateContext = 3;
inline constexpr uint8_t kDestroyContext = 4;
inline constexpr uint8_t kMakeCurrent = 5;
inline constexpr uint8_t kIsDirect = 6;
inline constexpr uint8_t kCopyContext = 10;
inline constexpr uint8_t kSwapBuffers = 11;
inline constexpr uint8_t kCreateGLXPixmap = 13;
inline constexpr uint8_t kGetVisualConfigs = 14;
inline constexpr uint8_t kDestroyGLXPixmap = 15;
inline constexpr uint8_t kVendorPrivate = 16;
inline constexpr uint8_t kGetFBConfigs = 21;
inline constexpr uint8_t kCreatePixmap = 22;
inline constexpr uint8_t kDestroyPixmap = 23;
inline constexpr uint8_t kCreateNewContext = 24;
inline constexpr uint8_t kQueryContext = 25;
inline constexpr uint8_t kMakeContextCurrent = 26;
inline constexpr uint8_t kCreatePbuffer = 27;
inline constexpr uint8_t kDestroyPbuffer = 28;
inline constexpr uint8_t kGetDrawableAttributes = 29;
inline constexpr uint8_t kChangeDrawableAttributes = 30;
inline constexpr uint8_t kCreateWindow = 31;
inline constexpr uint8_t kDestroyWindow = 32;
inline constexpr uint8_t kCreateContextAttribsARB = 34;
}  // namespace request

// Reports `error` for the GLX request `minor_opcode` (request::k*)
// on `display` (a Display*) about `resource`. A GLX error on a server
// without the GLX extension has no number to be reported with: it is logged.
void report_error(void* display, XErr error, uint8_t minor_opcode, uint64_t resource);

}  // namespace brass::glx
