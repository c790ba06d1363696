// Layering probe (must NOT compile): src/egl reaches the driver only through
// src/egl_vulkan.
#include "driver/screen.h"
