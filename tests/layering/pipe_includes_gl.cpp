// Layering probe (must NOT compile): a lower layer may not include an upper one.
#include "gl/context.h"
