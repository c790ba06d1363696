// Layering probe (must NOT compile): src/gl may not include Vulkan, even
// through the system include path.
#include <vulkan/vulkan.h>
