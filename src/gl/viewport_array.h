// Viewport arrays (GL 4.1 / ARB_viewport_array, OES_viewport_array): per
// viewport index a viewport rectangle, a depth range, a scissor box and a
// scissor-test enable. Index 0 is also what the pre-array state names
// (State::viewport/scissor, FixedFunctionState::depth_range/scissor_test
// mirror it), so code that knows only one viewport — clears, blits,
// glGetIntegerv(GL_VIEWPORT) — reads index 0 as the spec says. Every
// writer goes through the setters here, which keep the mirrors true.
#pragma once

#include <array>
#include <cstdint>

#include "gl/gl_types.h"
#include "pipe/state.h"

namespace brass::gl {

class Context;

struct ViewportArrays {
  // x, y, width, height as given (floats: glViewportIndexedf keeps
  // fractions); width and height already clamped to MAX_VIEWPORT_DIMS and
  // x, y to VIEWPORT_BOUNDS_RANGE.
  std::array<std::array<GLfloat, 4>, pipe::kMaxViewports> viewport{};
  std::array<std::array<GLint, 4>, pipe::kMaxViewports> scissor{};
  std::array<std::array<GLfloat, 2>, pipe::kMaxViewports> depth_range{};
  uint32_t scissor_test = 0;  // bit i: the scissor test of viewport i
  ViewportArrays() {
    for (auto& d : depth_range) d = {0.0f, 1.0f};
  }
};

// MAX_VIEWPORTS of this context: the device's (up to 16) where the context
// has viewport arrays, else 1.
GLuint max_viewports(const Context& ctx);
// VIEWPORT_BOUNDS_RANGE: [-2 * max dimension, 2 * max dimension - 1], the
// least range the spec allows for this MAX_VIEWPORT_DIMS.
void viewport_bounds(const Context& ctx, GLfloat out[2]);

// Setters for indices [first, first + count) (the caller checked the range
// and the sizes). Each marks what it changed dirty and updates the mirrors.
void set_viewports(Context& ctx, GLuint first, GLsizei count, const GLfloat* xywh);
void set_scissors(Context& ctx, GLuint first, GLsizei count, const GLint* xywh);
void set_depth_ranges(Context& ctx, GLuint first, GLsizei count, const GLfloat* near_far);
void set_scissor_test(Context& ctx, GLuint first, GLsizei count, bool on);
// The window-system drawable was bound for the first time: every viewport
// and scissor box takes its size.
void reset_viewports_to_drawable(Context& ctx, GLint width, GLint height);

// glGet*i_v of VIEWPORT, SCISSOR_BOX, DEPTH_RANGE and (glIsEnabledi)
// SCISSOR_TEST: the number of values written (VIEWPORT 4 floats, SCISSOR_BOX
// 4 ints, DEPTH_RANGE 2 floats, SCISSOR_TEST 1), 0 after INVALID_VALUE
// (index past MAX_VIEWPORTS), -1 when `pname` is not such state or the
// context has no viewport arrays. *is_float says which of the two arrays
// holds the values.
int viewport_indexed_state(Context& ctx, GLenum pname, GLuint index, GLint64 ints[4], GLfloat floats[4],
                           bool* is_float);
// The driver's viewports and scissors of every index (kDirtyViewport,
// kDirtyScissor handlers).
void emit_viewports(Context& ctx);
void emit_scissors(Context& ctx);

}  // namespace brass::gl
