// The validated draw (issue 19): what the last draw's state checks found,
// so that a draw with nothing changed since skips them. A GL draw checks
// primitive and transform-feedback modes against the program's stages, the
// vertex arrays' buffers for mappings, advanced blending, the framebuffer's
// attachments and completeness, and chooses the program variant; with no
// state change in between, the next draw of the same mode finds the same.
//
// The record holds while
// - no dirty bit is set (Context::dirty; state only these checks read sets
//   kDirtyDrawChecks) but kDirtyUniforms (the draw uploads the values),
//   kDirtyVertexBuffers (the draw checks the arrays' buffers for mappings
//   again) and kDirtyTextures (texture_change.h),
// - no texture, renderbuffer or sampler storage changed and no buffer was
//   mapped or unmapped, in any context (object_generation_now(), texture.h),
// - the draw has the same mode and is again indexed or not.
// Draws whose checks have an effect every time are never recorded:
// compatibility contexts (the fixed-function program is chosen per draw,
// render modes), active transform feedback (the capture's space), a render
// condition, framebuffer fetch and feedback-loop copies (copied per draw).
#pragma once

#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {

class Context;

struct ValidatedDraw {
  bool valid = false;
  bool indexed = false;
  GLenum mode = GL_NONE;
  uint64_t generation = 0;  // object_generation_now() when recorded
};

// Whether the last recorded draw's checks hold for a draw of `mode`.
bool draw_checks_hold(const Context& ctx, GLenum mode, bool indexed);
// Records that a draw of `mode` passed every state check, where its
// checks need not run again (see above); forgets the record otherwise.
void remember_draw_checks(Context& ctx, GLenum mode, bool indexed);

}  // namespace brass::gl
