// The narrow interface the window-system frontends (EGL, GLX) use to learn
// which devices exist (EGL_EXT_device_enumeration, EGL_EXT_platform_device)
// and to open one as a pipe::Screen. The frontends include no Vulkan header;
// the implementation lives in src/platform_vulkan (a pipe::Screen factory
// once the driver seam exposes one) and is bound at link time through
// create_device_provider(). Tests link a double.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "pipe/screen.h"

namespace brass::platform {

struct DeviceInfo {
  std::string name;         // "llvmpipe (LLVM 15.0.6, 256 bits)"
  std::string driver_name;  // "llvmpipe"
  uint8_t uuid[16] = {};
  bool software = false;
};

class DeviceProvider {
 public:
  virtual ~DeviceProvider() = default;
  // Every usable device, in a stable order. Called once per process.
  virtual std::vector<DeviceInfo> enumerate() = 0;
  // Index into enumerate() of the device used when the application names none
  // (BRASS_DEVICE, else the best type); -1 when none is usable.
  virtual int default_device() = 0;
  // The pipe screen of device `index` (into enumerate()); null with a reason
  // when the device cannot be opened. Called once per device, on the first
  // eglInitialize of a display on it.
  virtual std::unique_ptr<pipe::Screen> create_screen(int index, std::string* why_not) = 0;
};

// Defined by the backend linked into libEGL_brass.so (or by a test).
std::unique_ptr<DeviceProvider> create_device_provider();

}  // namespace brass::platform
