// Layering probe (must NOT compile): the seam has no Vulkan types.
#include <vulkan/vulkan_core.h>
