// The compatibility profile's pixel path state (GL 4.6 compatibility
// profile §8.4.1-8.4.3, §14.7, §18.1-18.4; GL 2.1 §3.6-3.7, §4.3): the
// pixel transfer modes, the pixel maps, the pixel zoom, the current raster
// position, the accumulation buffer's clear value, and the objects the
// pixel rectangle commands (glDrawPixels, glBitmap, glCopyPixels) draw
// with. One member of the Context (Context::compat_pixels); the state is
// meaningful in compatibility-profile contexts only, whose commands are
// the only ones that reach it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "gl/gl_types.h"
#include "gl/compat/pixel_enums.h"

namespace brass::gl {
class Context;
class Texture;
class Program;
class VertexArray;
}  // namespace brass::gl

namespace brass::gl::compat {

// The ten pixel maps (GL 4.6 compatibility table 8.3), in enum order from
// PIXEL_MAP_I_TO_I.
enum class PixelMapId : uint8_t { IToI, SToS, IToR, IToG, IToB, IToA, RToR, GToG, BToB, AToA, Count };
inline constexpr unsigned kPixelMapCount = static_cast<unsigned>(PixelMapId::Count);
// MAX_PIXEL_MAP_TABLE (the spec's minimum is 32).
inline constexpr GLint kMaxPixelMapTable = 256;

// One map: its entries as floats. Colour maps hold [0,1] values; the
// index maps (I_TO_I, S_TO_S) hold indices, kept as floats as the spec's
// PixelMapfv gives them and rounded when used. Never empty (initial size 1,
// entry 0).
struct PixelMap {
  std::vector<GLfloat> values = std::vector<GLfloat>(1, 0.0f);
};

// glPixelTransfer state (table 8.2).
struct PixelTransferModes {
  bool map_color = false, map_stencil = false;
  GLint index_shift = 0, index_offset = 0;
  GLfloat scale[4] = {1, 1, 1, 1}, bias[4] = {0, 0, 0, 0};  // RED, GREEN, BLUE, ALPHA
  GLfloat depth_scale = 1, depth_bias = 0;
};

// The current raster position (§14.7; table 23.10's initial values).
struct RasterPosition {
  GLfloat window[4] = {0, 0, 0, 1};  // x_w, y_w, z_w, and clip w
  bool valid = true;
  GLfloat distance = 0;
  GLfloat color[4] = {1, 1, 1, 1};
  GLfloat secondary_color[4] = {0, 0, 0, 1};
  GLfloat index = 1;
  // One set per texture coordinate set (unit).
  static constexpr unsigned kTexCoordSets = 8;
  std::array<std::array<GLfloat, 4>, kTexCoordSets> texcoords = [] {
    std::array<std::array<GLfloat, 4>, kTexCoordSets> t{};
    for (auto& c : t) c = {0, 0, 0, 1};
    return t;
  }();
};

// What the pixel rectangle commands draw with, made on first use and kept
// (a DrawPixels after the first creates no program, texture or vertex
// array: only the image is uploaded).
struct PixelRectObjects;

struct PixelState {
  PixelTransferModes transfer;
  std::array<PixelMap, kPixelMapCount> maps;
  GLfloat zoom_x = 1, zoom_y = 1;
  RasterPosition raster;
  GLfloat accum_clear[4] = {0, 0, 0, 0};
  // UNPACK_LSB_FIRST / PACK_LSB_FIRST and the SWAP_BYTES modes (desktop
  // glPixelStore, GL 4.6 table 8.1): LSB_FIRST orders the bits of BITMAP
  // data (glBitmap, glPolygonStipple); Brass keeps SWAP_BYTES as state only.
  bool unpack_lsb_first = false, unpack_swap_bytes = false;
  bool pack_lsb_first = false, pack_swap_bytes = false;
  // Set while glCopyPixels reads its source through glReadPixels' path,
  // whose own pixel transfer must then not apply (CopyPixels applies it
  // once, §18.3).
  bool reading_for_copy = false;
  // glClampColor's compatibility targets (§18.2.8 and §12.2.6, table
  // 23.x): kept and reported; the colour clamps themselves are applied by
  // the fixed-function shaders' owners.
  GLenum clamp_vertex_color = GL_TRUE, clamp_fragment_color = GL_FIXED_ONLY;
  std::shared_ptr<PixelRectObjects> objects;

  // Whether the colour path of a pixel transfer changes values (scale,
  // bias or maps), so uploads must go through it.
  bool color_transfer_active() const;
};

// Applies the RGBA part of the pixel transfer (§8.4.3.3 scale and bias,
// §8.4.3.4 MAP_COLOR lookups) to `count` RGBA float groups in place.
void apply_color_transfer(const PixelState& s, GLfloat* rgba, uint64_t count);
// The depth part (DEPTH_SCALE / DEPTH_BIAS).
void apply_depth_transfer(const PixelState& s, GLfloat* depth, uint64_t count);
// The index part (§8.4.3.2 shift and offset, then MAP_STENCIL's S_TO_S or,
// for colour indices, the I_TO_I map when MAP_COLOR is set).
uint32_t transfer_stencil_index(const PixelState& s, int64_t index);
// A colour index to RGBA through the I_TO_R/G/B/A maps (§8.4.3.2: after
// shift and offset, each map is indexed with the index masked by its size
// minus one).
void index_to_rgba(const PixelState& s, int64_t index, GLfloat out[4]);

// Values for glGet of this state: written to `out` (at most 16) with the
// kind of value each is. -1: `pname` is none of this state's.
struct StateAnswer {
  enum Kind : uint8_t { Int, Float, Bool } kind = Float;
  bool normalized = false;  // colours: integer queries map [-1,1] to the full range
  int count = 0;
  GLfloat f[16] = {};
  GLint64 i[16] = {};
  bool b[16] = {};
};
bool query_pixel_state(Context& ctx, GLenum pname, StateAnswer* out);

}  // namespace brass::gl::compat
