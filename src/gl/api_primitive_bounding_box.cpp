// EXT/OES_primitive_bounding_box (ES 3.2 §11.1.3.12): glPrimitiveBoundingBox
// sets PRIMITIVE_BOUNDING_BOX (state_queries.cpp reads it back). The box
// is a hint about where primitives land (and gl_BoundingBox the
// tessellation control shader's per-patch form); an implementation may
// ignore both, and Brass does: nothing is culled by them.
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

void PrimitiveBoundingBox(Context& ctx, GLfloat minX, GLfloat minY, GLfloat minZ, GLfloat minW, GLfloat maxX,
                          GLfloat maxY, GLfloat maxZ, GLfloat maxW) {
  if (!ctx.has_feature("GL_EXT_primitive_bounding_box")) return ctx.set_error(GL_INVALID_OPERATION);
  // No error cases: any values are kept as given.
  ctx.ff.primitive_bounding_box = {minX, minY, minZ, minW, maxX, maxY, maxZ, maxW};
}

}  // namespace brass::gl::api
