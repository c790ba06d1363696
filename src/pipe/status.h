// Outcome of a pipe call that can fail. The GL frontend maps OutOfMemory to
// GL_OUT_OF_MEMORY and DeviceLost to a lost context; the driver never throws
// or aborts on application input.
#pragma once
#include <cstdint>

namespace brass::pipe {

enum class [[nodiscard]] Status : uint8_t {
  Ok,
  OutOfMemory,
  DeviceLost,
  Unsupported,      // valid request the device cannot do (format, feature)
  InvalidArgument,  // the frontend passed something malformed
};

inline bool ok(Status s) { return s == Status::Ok; }
const char* to_string(Status s);

}  // namespace brass::pipe
