// Vulkan results as the seam's status.
#pragma once
#include "device/vk.h"
#include "pipe/status.h"

namespace brass::driver {

inline pipe::Status to_pipe_status(vk::Status s) {
  if (s.ok()) return pipe::Status::Ok;
  if (s.device_lost()) return pipe::Status::DeviceLost;
  if (s.out_of_memory()) return pipe::Status::OutOfMemory;
  if (s.result == VK_ERROR_FORMAT_NOT_SUPPORTED || s.result == VK_ERROR_FEATURE_NOT_PRESENT) return pipe::Status::Unsupported;
  return pipe::Status::OutOfMemory;  // GL has no better error for other failures
}

}  // namespace brass::driver
