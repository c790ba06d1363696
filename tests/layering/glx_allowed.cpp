// Layering control (must compile): what src/glx may include.
#include "gl/context.h"
#include "pipe/screen.h"
#include "platform/device_provider.h"
#include "platform/x11.h"
#include "util/log.h"

int brass_layering_glx_allowed() { return 0; }
