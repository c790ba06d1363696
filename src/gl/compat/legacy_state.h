// The compatibility profile's legacy state that no other compat module owns:
// the server attribute stack (glPushAttrib),
// selection and feedback render modes, one- and two-dimensional evaluators,
// line and polygon stipple, color-index state kept for queries, the legacy
// hints and the legacy rasterization enables. The Context holds one
// LegacyState (Context::legacy); every command that reads or writes it is in
// src/gl/compat/. Core contexts never touch it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "gl/compat/evaluators.h"
#include "gl/compat/compat_enums.h"
#include "gl/compat/select_feedback.h"
#include "gl/gl_types.h"

namespace brass::gl {

struct AttribSnapshot;  // attrib_stack.h

// MAX_ATTRIB_STACK_DEPTH (at least 16).
inline constexpr int kMaxAttribStackDepth = 16;

// Legacy rasterization and per-fragment state that is only compat state.
struct LegacyRasterState {
  // glLineStipple (§14.5.2.1) and LINE_STIPPLE.
  bool line_stipple = false;
  GLint line_stipple_repeat = 1;
  GLushort line_stipple_pattern = 0xFFFF;
  // glPolygonStipple (§14.6.2): 32 rows of 32 bits, row 0 the bottom one,
  // bit 31 of a row (the first byte's most significant bit as unpacked)
  // the leftmost pixel. Bit x of row y set: the fragment at window
  // (x mod 32, y mod 32) is drawn.
  bool polygon_stipple = false;
  std::array<uint32_t, 32> polygon_stipple_mask = all_ones();
  bool index_logic_op = false;  // INDEX_LOGIC_OP: no effect without color-index buffers
  // Color-index state: Brass has no color-index framebuffers (INDEX_MODE
  // false), so these are only values the queries report.
  GLuint index_writemask = ~0u;
  GLfloat clear_index = 0;
  // Legacy hints (§21.5), kept and reported.
  GLenum perspective_correction_hint = GL_DONT_CARE, point_smooth_hint = GL_DONT_CARE, fog_hint = GL_DONT_CARE;

  static constexpr std::array<uint32_t, 32> all_ones() {
    std::array<uint32_t, 32> m{};
    for (auto& r : m) r = ~0u;
    return m;
  }
};

struct LegacyState {
  LegacyState();
  ~LegacyState();
  LegacyState(const LegacyState&) = delete;
  LegacyState& operator=(const LegacyState&) = delete;

  LegacyRasterState raster;
  EvaluatorState eval;
  SelectFeedbackState select_feedback;
  // The server attribute stack; entries are made on push (never in a draw).
  std::vector<std::unique_ptr<AttribSnapshot>> attrib_stack;
};

}  // namespace brass::gl
