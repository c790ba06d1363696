// Layering probe (must NOT compile): src/glx sits beside src/egl and reaches
// only the layers below them.
#include "egl/objects.h"
