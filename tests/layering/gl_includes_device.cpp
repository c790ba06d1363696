// Layering probe (must NOT compile): src/gl may not see the device layer.
#include "device/device.h"
