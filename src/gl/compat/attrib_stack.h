// The server attribute stack (GL 4.6 compatibility §21.6,
// tables 23.x "attribute" column): glPushAttrib saves the state groups its
// mask names, glPopAttrib restores what that push saved. Restoring writes
// each value back where its setter keeps it and marks the same dirty
// groups the setter would, so that the next draw revalidates exactly as
// after the original command.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gl/compat/fixed_state.h"
#include "gl/compat/legacy_state.h"
#include "gl/compat/pixel_state.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/fixed_function.h"
#include "gl/texture.h"

namespace brass::gl {

class Context;
struct State;

// One bound texture's parameters as TEXTURE_BIT saves them.
struct SavedTextureParams {
  Ref<Texture> texture;  // the object bound when pushed (null: the default)
  SamplerParams sampler;
  GLint base_level = 0, max_level = 1000;
  GLenum swizzle[4] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};
  GLenum depth_stencil_mode = GL_DEPTH_COMPONENT;
};

// The texture targets TEXTURE_BIT saves per unit.
inline constexpr int kSavedTextureTargets = 11;

struct AttribSnapshot {
  GLbitfield mask = 0;
  // Whole copies; only the groups in `mask` are restored from them.
  FixedFunctionState ff;
  LegacyRasterState raster;
  // State's members (clear values, hints, clamp color); State is plain values.
  GLfloat clear_color[4] = {};
  GLfloat clear_depth = 1;
  GLint clear_stencil = 0;
  GLenum generate_mipmap_hint = GL_DONT_CARE, fragment_shader_derivative_hint = GL_DONT_CARE;
  GLenum line_smooth_hint = GL_DONT_CARE, polygon_smooth_hint = GL_DONT_CARE, texture_compression_hint = GL_DONT_CARE;
  GLenum clamp_read_color = GL_FIXED_ONLY;
  // EVAL_BIT: the enables, AUTO_NORMAL and the grids (not the maps).
  std::array<bool, kEvalMapKinds> map1_enabled{}, map2_enabled{};
  bool auto_normal = false;
  GLint grid1_n = 1, grid2_un = 1, grid2_vn = 1;
  GLfloat grid1[2] = {0, 1}, grid2[4] = {0, 1, 0, 1};
  GLuint list_base = 0;  // LIST_BIT: glListBase
  // ENABLE_BIT: every enable flag enable_flag knows, with the texture unit
  // it belongs to (per-unit caps: TEXTURE_2D, TEXTURE_GEN_S, ...).
  struct SavedEnable {
    GLenum cap;
    uint16_t unit;  // 0xFFFF: not per unit
    bool on;
  };
  std::vector<SavedEnable> enables;
  // COLOR_BUFFER_BIT: the draw buffers of the framebuffer bound when pushed;
  // PIXEL_MODE_BIT: its read buffer.
  GLuint draw_framebuffer_name = 0, read_framebuffer_name = 0;
  std::array<GLenum, pipe::kMaxColorBuffers> draw_buffers{};
  GLenum read_buffer = GL_BACK;
  // The other compat modules' plain-value state: current values
  // (CURRENT_BIT), lighting (LIGHTING_BIT), fog (FOG_BIT), the matrix mode
  // and clip planes (TRANSFORM_BIT), texgen, environments and LOD biases
  // (TEXTURE_BIT), the alpha test (COLOR_BUFFER_BIT), point state
  // (POINT_BIT).
  std::array<std::array<GLfloat, 4>, compat::kConventionalCount> current{};
  std::array<GenericAttrib, kMaxVertexAttribs> generic_current{};
  compat::LightingState lighting;
  compat::FogState fog;
  GLenum matrix_mode = GL_MODELVIEW;
  std::array<compat::Vec4, compat::kMaxClipPlanes> clip_planes{};
  std::array<compat::TexGenUnit, compat::kMaxTextureCoords> texgen{};
  std::array<compat::TexEnvUnit, compat::kMaxTextureCoords> texenv{};
  std::array<float, compat::kMaxLodBiasUnits> texture_lod_bias{};
  compat::AlphaTestState alpha_test;
  compat::PointState point;
  // compat-pixels' groups: the raster position (CURRENT_BIT), pixel
  // transfer, maps and zoom (PIXEL_MODE_BIT), the accumulation clear value
  // (ACCUM_BUFFER_BIT), the color clamps (LIGHTING_BIT / COLOR_BUFFER_BIT).
  compat::RasterPosition raster_position;
  compat::PixelTransferModes pixel_transfer;
  std::array<compat::PixelMap, compat::kPixelMapCount> pixel_maps;
  GLfloat zoom[2] = {1, 1};
  GLfloat accum_clear[4] = {};
  GLenum clamp_vertex_color = GL_TRUE, clamp_fragment_color = GL_FIXED_ONLY;
  // TEXTURE_BIT.
  GLuint active_texture = 0;
  std::vector<std::array<SavedTextureParams, kSavedTextureTargets>> texture_units;
};

// glPushAttrib / glPopAttrib (errors included). The client stack
// (glPushClientAttrib) is vertex specification's (compat/vertex_spec_state.h).
void push_attrib(Context& ctx, GLbitfield mask);
void pop_attrib(Context& ctx);

}  // namespace brass::gl
