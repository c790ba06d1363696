// Layering probe (must NOT compile): src/egl reaches the driver only through
// src/platform_vulkan.
#include "driver/screen.h"
