// Brass's VkAllocationCallbacks: the host memory the Vulkan driver, loader
// and layers allocate for Brass's objects, taken from the C heap with the
// alignment Vulkan asks for. Each allocation (and reallocation) is a host
// allocation point of the test-only fault injection
// (util/fault_injection.h), so that a test can make the N-th one fail and
// see the driver's VK_ERROR_OUT_OF_HOST_MEMORY reach the application as
// GL_OUT_OF_MEMORY. Passed to Vulkan only when a test asked for it
// (vk_host_allocator_hooks.h); an application's process uses Vulkan's
// default allocator.
#pragma once

#include "device/vk.h"

namespace brass::vk {

// The callbacks (one set for the process: an object created with them must
// be destroyed with them). Internal allocation notifications are not
// wanted (null).
const VkAllocationCallbacks* host_allocation_callbacks();

}  // namespace brass::vk
