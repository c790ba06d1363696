// Layering probe (must NOT compile): src/glx may not include Vulkan.
#include <vulkan/vulkan.h>
