// Layering control (must compile): what src/driver may include, Vulkan too.
#include <vulkan/vulkan_core.h>

#include "device/device.h"
#include "device/vk.h"
#include "driver/context.h"
#include "pipe/context.h"
#include "util/log.h"

int brass_layering_driver_allowed() { return 0; }
