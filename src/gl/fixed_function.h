// GL's fixed-function per-fragment and rasterization state, and its
// translation into pipe state objects.
//
// Coordinate convention: Brass stores every image with GL's bottom row first
// (row 0 of a Vulkan image is GL's y = 0). GL window coordinates are then
// Vulkan framebuffer coordinates unchanged: viewports, scissors, ReadPixels
// and texture uploads need no flip, gl_FragCoord has GL's lower-left origin
// and derivatives keep their sign. What does invert is the winding seen by
// Vulkan's facing rule (its area formula is GL's negated), so front_ccw is
// passed inverted, and presentation flips once when it copies to a swapchain.
#pragma once

#include <array>

#include "gl/gl_types.h"
#include "gl/viewport_array.h"
#include "pipe/state.h"

namespace brass::gl {

struct BlendEquation {
  GLenum rgb = GL_FUNC_ADD, alpha = GL_FUNC_ADD;
  GLenum src_rgb = GL_ONE, dst_rgb = GL_ZERO, src_alpha = GL_ONE, dst_alpha = GL_ZERO;
};

struct StencilFaceState {
  GLenum func = GL_ALWAYS;
  GLint ref = 0;
  GLuint value_mask = ~0u, write_mask = ~0u;
  GLenum fail = GL_KEEP, zfail = GL_KEEP, zpass = GL_KEEP;
};

// SAMPLE_MASK_VALUE words Brass keeps: one covers MAX_SAMPLES (at most 16).
inline constexpr unsigned kMaxSampleMaskWords = 1;

struct FixedFunctionState {
  // EXT_clip_cull_distance: GL_CLIP_DISTANCEi enables.
  std::array<bool, 8> clip_distance{};
  // Blend enable, equation and color mask per draw buffer
  // (EXT/OES_draw_buffers_indexed, ES 3.2): the non-indexed calls set every
  // buffer's, the non-indexed queries read buffer 0's.
  std::array<bool, pipe::kMaxColorBuffers> blend{};
  std::array<BlendEquation, pipe::kMaxColorBuffers> blend_eq{};
  // Set once a KHR_blend_equation_advanced equation was ever chosen: until
  // then a draw skips the advanced-blend checks (issue 19).
  bool advanced_equation_chosen = false;
  GLfloat blend_color[4] = {0, 0, 0, 0};
  // KHR_blend_equation_advanced_coherent: BLEND_ADVANCED_COHERENT_KHR.
  // Blending is coherent either way where the extension is listed (the
  // device's blender guarantees it), so the flag is only state.
  bool blend_advanced_coherent = true;
  std::array<std::array<GLboolean, 4>, pipe::kMaxColorBuffers> color_mask = all_color_masks(GL_TRUE);
  static constexpr std::array<std::array<GLboolean, 4>, pipe::kMaxColorBuffers> all_color_masks(GLboolean v) {
    std::array<std::array<GLboolean, 4>, pipe::kMaxColorBuffers> m{};
    for (auto& b : m) b = {v, v, v, v};
    return m;
  }
  bool dither = true;
  bool sample_alpha_to_coverage = false, sample_coverage = false;
  GLfloat sample_coverage_value = 1.0f;
  bool sample_coverage_invert = false;
  // ES 3.1 §13.8.3: SAMPLE_MASK and SAMPLE_MASK_VALUE (glSampleMaski).
  bool sample_mask = false;
  std::array<GLbitfield, kMaxSampleMaskWords> sample_mask_value{~0u};
  // OES_sample_shading (ES 3.2 §13.4.1): SAMPLE_SHADING and
  // MIN_SAMPLE_SHADING_VALUE (glMinSampleShading, kept in [0, 1]).
  bool sample_shading = false;
  GLfloat min_sample_shading = 0.0f;
  // EXT/OES_primitive_bounding_box (ES 3.2 §11.1.3.12):
  // PRIMITIVE_BOUNDING_BOX, min then max corner. Kept and reported; the
  // bounds are a hint that Brass, as the spec allows, does not use.
  std::array<GLfloat, 8> primitive_bounding_box{-1, -1, -1, 1, 1, 1, 1, 1};
  // Depth.
  bool depth_test = false;
  GLenum depth_func = GL_LESS;
  bool depth_mask = true;
  GLfloat depth_range[2] = {0, 1};
  // EXT_clip_control: clip-space y direction and depth range.
  GLenum clip_origin = GL_LOWER_LEFT_EXT;
  GLenum clip_depth_mode = GL_NEGATIVE_ONE_TO_ONE_EXT;
  // Stencil.
  bool stencil_test = false;
  StencilFaceState stencil_front, stencil_back;
  // Rasterization.
  bool cull_face = false;
  GLenum cull_face_mode = GL_BACK;
  GLenum front_face = GL_CCW;
  bool polygon_offset_fill = false;
  // Compatibility profile: offset for polygons drawn in LINE / POINT mode
  // (POLYGON_OFFSET_LINE / _POINT; core has only the FILL enable).
  bool polygon_offset_line = false, polygon_offset_point = false;
  GLfloat polygon_offset_factor = 0, polygon_offset_units = 0;
  GLfloat polygon_offset_clamp = 0;  // EXT_polygon_offset_clamp (0: no clamp)
  GLfloat line_width = 1;
  bool rasterizer_discard = false;
  bool scissor_test = false;
  bool primitive_restart_fixed_index = false;
  // Desktop core-profile state (api_desktop_state.cpp): polygon mode (core
  // has one for both faces), depth clamping, the provoking vertex, primitive
  // restart with an application-chosen index, and point size from the
  // program or from glPointSize.
  GLenum polygon_mode = GL_FILL;
  // The compatibility profile's back-face mode (glPolygonMode(GL_BACK));
  // polygon_mode is then the front faces'. Core sets both together. One
  // draw has one Vulkan polygon mode: the back mode is used when front
  // faces are culled, the front mode otherwise.
  GLenum polygon_mode_back = GL_FILL;
  bool depth_clamp = false;
  GLenum provoking_vertex = GL_LAST_VERTEX_CONVENTION;
  bool primitive_restart = false;
  GLuint primitive_restart_index = 0;
  bool program_point_size = false;
  GLfloat point_size = 1;
  bool cube_map_seamless = false;  // GL_TEXTURE_CUBE_MAP_SEAMLESS
  // Desktop core-profile per-fragment and multisample state
  // (api_desktop_raster.cpp): the logic op (GL 4.6 §17.3.9), the smooth
  // hints that are only state in Brass (LINE_SMOOTH, POLYGON_SMOOTH),
  // MULTISAMPLE (§14.3.1: off, the multisample fragment operations are
  // skipped), SAMPLE_ALPHA_TO_ONE (§17.3.1), FRAMEBUFFER_SRGB (§17.3.7:
  // off, desktop writes to sRGB attachments are not encoded; ES always
  // encodes) and the point parameters (§14.4).
  bool color_logic_op = false;
  GLenum logic_op = GL_COPY;
  bool line_smooth = false, polygon_smooth = false;
  bool multisample = true;
  bool sample_alpha_to_one = false;
  bool framebuffer_srgb = false;
  GLfloat point_fade_threshold_size = 1;
  GLenum point_sprite_coord_origin = GL_UPPER_LEFT;
  // Every viewport index's viewport, depth range, scissor box and scissor
  // enable; depth_range and scissor_test above mirror index 0's.
  ViewportArrays viewports;
};

// Builders; pure functions so they are testable without a device.
// `alpha_is_one`: the framebuffer stores an RGB format in RGBA memory; alpha
// writes are masked so its alpha stays 1.
// `advanced_by_device`: KHR_blend_equation_advanced equations are the
// blender's (pipe::Cap::AdvancedBlendCoherent); else blending is off for
// them and the fragment shader blends.
pipe::BlendState make_blend_state(const FixedFunctionState& s, unsigned color_buffers, bool alpha_is_one = false,
                                  bool advanced_by_device = false);
pipe::DepthStencilAlphaState make_depth_stencil_state(const FixedFunctionState& s, bool has_depth, bool has_stencil);
pipe::RasterizerState make_rasterizer_state(const FixedFunctionState& s, bool point_size_per_vertex);
pipe::StencilRef make_stencil_ref(const FixedFunctionState& s, int stencil_bits);

pipe::CompareFunc to_pipe_compare(GLenum func);
pipe::BlendFactor to_pipe_blend_factor(GLenum factor);
pipe::BlendOp to_pipe_blend_op(GLenum op);
pipe::StencilOp to_pipe_stencil_op(GLenum op);

bool is_compare_func(GLenum func);
bool is_blend_equation(GLenum mode);
bool is_blend_factor(GLenum factor);
bool is_stencil_op(GLenum op);

}  // namespace brass::gl
