// The implementation-dependent limits and per-stage state that glGet*
// answers (ES 3.0 tables 6.27-6.33, ES 3.1/3.2's compute, image, storage,
// geometry and tessellation limits, and their desktop forms). Each returns
// false for a pname it does not answer.
#pragma once

#include "gl/state_query_value.h"

namespace brass::gl {

class Context;

bool query_limits(Context& ctx, GLenum pname, QueryValue* out);
bool query_es31_limits(Context& ctx, GLenum pname, QueryValue* out);
bool query_geometry_limits(Context& ctx, GLenum pname, QueryValue* out);
bool query_tessellation_state(Context& ctx, GLenum pname, QueryValue* out);
bool query_es32_shading_state(Context& ctx, GLenum pname, QueryValue* out);

}  // namespace brass::gl
