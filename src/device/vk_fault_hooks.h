// Routes Brass's Vulkan allocation calls through the test-only fault
// injection of src/util/fault_injection.h, so that a test can make any one of
// them fail. Installed over volk's global function table after each
// volkLoadInstance; a hook that is not armed forwards to the loader.
#pragma once

namespace brass::vk {

void install_fault_hooks();

}  // namespace brass::vk
