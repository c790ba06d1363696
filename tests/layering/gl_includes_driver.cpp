// Layering probe (must NOT compile): src/gl may not see the Vulkan driver.
#include "driver/context.h"
