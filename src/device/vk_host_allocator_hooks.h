// Passes Brass's VkAllocationCallbacks (host_allocator.h) to every Vulkan
// call that creates or destroys an object, when a test asked for them
// (fault::use_host_allocator()) before the process's first Vulkan instance.
// Brass's call sites pass a null allocator; these hooks, installed over
// volk's global function table, put the callbacks in its place, so that
// creation and destruction always match (Vulkan's rule) and the code an
// application runs is the same with or without them.
#pragma once

namespace brass::vk {

// Before vkCreateInstance (after volkInitialize) and after each
// volkLoadInstance, which reloads the table. Decides, the first time,
// whether the callbacks are used in this process; does nothing when not.
void install_host_allocator_hooks();

}  // namespace brass::vk
