// OES_sample_shading (ES 3.2 §13.4.1): glMinSampleShading. SAMPLE_SHADING
// is an enable (api_state.cpp), MIN_SAMPLE_SHADING_VALUE a query
// (state_queries.cpp); both reach the pipe rasterizer state
// (fixed_function.cpp), which the driver turns into Vulkan's
// sampleShadingEnable and minSampleShading.
#include <algorithm>

#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

void MinSampleShading(Context& ctx, GLfloat value) {
  // The command of an extension the context does not expose.
  if (!ctx.has_feature("GL_OES_sample_shading")) return ctx.set_error(GL_INVALID_OPERATION);
  // "value is clamped to [0, 1]" (no error for values outside; NaN reads
  // as 0, the least shading).
  const GLfloat v = value >= 0.0f ? std::min(value, 1.0f) : 0.0f;
  if (v == ctx.ff.min_sample_shading) return;
  ctx.ff.min_sample_shading = v;
  ctx.dirty(kDirtyRasterizer);
}

}  // namespace brass::gl::api
