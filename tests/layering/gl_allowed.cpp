// Layering control (must compile): what src/gl may include.
#include "compiler/compiler.h"
#include "gl/context.h"
#include "pipe/context.h"
#include "util/log.h"

int brass_layering_gl_allowed() { return 0; }
