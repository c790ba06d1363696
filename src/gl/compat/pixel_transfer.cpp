// Pixel transfer modes, pixel maps and pixel zoom (GL 4.6 compatibility
// profile §8.4.1-8.4.3 and §18.1.2; GL 2.1 §3.6.3-3.6.5): glPixelTransfer*,
// glPixelMap*, glGetPixelMap* (and the robust glGetnPixelMap*),
// glPixelZoom, the transfer arithmetic the pixel paths apply, and the
// queries of this state.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

#include "gl/compat/pixel_state.h"
#include "gl/compat/vertex_spec_state.h"
#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::compat {

namespace {

bool map_id(GLenum map, PixelMapId* out) {
  if (map < GL_PIXEL_MAP_I_TO_I || map > GL_PIXEL_MAP_A_TO_A) return false;
  *out = static_cast<PixelMapId>(map - GL_PIXEL_MAP_I_TO_I);
  return true;
}

// I_TO_I and S_TO_S hold indices; the others colour components.
bool is_index_map(PixelMapId id) { return id == PixelMapId::IToI || id == PixelMapId::SToS; }
// Maps indexed by a colour or stencil index must have a power-of-two size
// (§8.4.1.3: the index is masked with size - 1).
bool needs_power_of_two(PixelMapId id) { return id <= PixelMapId::IToA; }

const PixelMap& map_of(const PixelState& s, PixelMapId id) { return s.maps[static_cast<unsigned>(id)]; }

// A colour component looked up in a colour-to-colour map (§8.4.3.4): the
// value clamped to [0,1] picks entry round(c * (size - 1)).
GLfloat lookup_color(const PixelMap& m, GLfloat c) {
  const GLfloat clamped = std::clamp(std::isnan(c) ? 0.0f : c, 0.0f, 1.0f);
  const size_t n = m.values.size();
  const size_t i = static_cast<size_t>(std::lround(clamped * static_cast<GLfloat>(n - 1)));
  return m.values[std::min(i, n - 1)];
}

// An index looked up in an index-indexed map: masked by size - 1.
GLfloat lookup_index(const PixelMap& m, int64_t index) {
  const uint64_t mask = m.values.size() - 1;
  return m.values[static_cast<uint64_t>(index) & mask];
}

int64_t shift_and_offset(const PixelState& s, int64_t index) {
  const GLint shift = s.transfer.index_shift;
  // Shifts beyond the width of an index leave nothing (or overflow); clamp
  // them to the 32 bits an index has in any GL buffer.
  if (shift >= 0) index = static_cast<int64_t>(static_cast<uint64_t>(index) << std::min(shift, 32));
  else index >>= std::min(-shift, 63);
  return index + s.transfer.index_offset;
}

// The pixel map a PixelMap call reads from or GetPixelMap writes to, when
// a pixel buffer is bound: `bytes` at offset `pointer` must lie inside it,
// aligned to the element size, and the buffer unmapped (§8.4.1.3 with
// §6.3's rules; GL 4.6 compatibility §8.4.1.3 "INVALID_OPERATION").
bool pbo_range_ok(Context& ctx, Buffer* pbo, const void* pointer, uint64_t bytes, uint32_t element) {
  const uint64_t offset = reinterpret_cast<uintptr_t>(pointer);
  if (pbo->mapped_exclusively() || offset % element != 0 || offset > static_cast<uint64_t>(pbo->size) ||
      bytes > static_cast<uint64_t>(pbo->size) - offset) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  return true;
}

enum class ValueType { Float, Uint, Ushort };
uint32_t element_bytes(ValueType t) { return t == ValueType::Ushort ? 2u : 4u; }

// Integer map values: colour maps take them as unsigned normalized
// (§8.4.1.3: "converted to floating point ... as unsigned integers"),
// index maps as they are.
GLfloat to_map_value(PixelMapId id, ValueType t, const void* src, size_t i) {
  switch (t) {
    case ValueType::Float: {
      GLfloat v;
      std::memcpy(&v, static_cast<const uint8_t*>(src) + i * 4, 4);
      return is_index_map(id) ? v : std::clamp(std::isnan(v) ? 0.0f : v, 0.0f, 1.0f);
    }
    case ValueType::Uint: {
      GLuint v;
      std::memcpy(&v, static_cast<const uint8_t*>(src) + i * 4, 4);
      return is_index_map(id) ? static_cast<GLfloat>(v) : static_cast<GLfloat>(v / 4294967295.0);
    }
    case ValueType::Ushort: {
      GLushort v;
      std::memcpy(&v, static_cast<const uint8_t*>(src) + i * 2, 2);
      return is_index_map(id) ? static_cast<GLfloat>(v) : static_cast<GLfloat>(v / 65535.0);
    }
  }
  return 0;
}

void from_map_value(PixelMapId id, ValueType t, GLfloat v, void* dst, size_t i) {
  switch (t) {
    case ValueType::Float: std::memcpy(static_cast<uint8_t*>(dst) + i * 4, &v, 4); return;
    case ValueType::Uint: {
      const double d = is_index_map(id) ? std::nearbyint(static_cast<double>(v))
                                        : std::nearbyint(std::clamp(static_cast<double>(v), 0.0, 1.0) * 4294967295.0);
      const GLuint u = static_cast<GLuint>(std::clamp(d, 0.0, 4294967295.0));
      std::memcpy(static_cast<uint8_t*>(dst) + i * 4, &u, 4);
      return;
    }
    case ValueType::Ushort: {
      const double d = is_index_map(id) ? std::nearbyint(static_cast<double>(v))
                                        : std::nearbyint(std::clamp(static_cast<double>(v), 0.0, 1.0) * 65535.0);
      const GLushort u = static_cast<GLushort>(std::clamp(d, 0.0, 65535.0));
      std::memcpy(static_cast<uint8_t*>(dst) + i * 2, &u, 2);
      return;
    }
  }
}

// A pixel buffer's mapping for reading, unmapped when done.
struct ReadMapping {
  Context* ctx = nullptr;
  pipe::Transfer* transfer = nullptr;
  ~ReadMapping() {
    if (transfer) ctx->pipe().transfer_unmap(transfer);
  }
};

void pixel_map(Context& ctx, GLenum map, GLsizei mapsize, const void* values, ValueType type) {
  PixelMapId id;
  if (!map_id(map, &id)) return ctx.set_error(GL_INVALID_ENUM);
  if (mapsize < 1 || mapsize > kMaxPixelMapTable) return ctx.set_error(GL_INVALID_VALUE);
  if (needs_power_of_two(id) && !std::has_single_bit(static_cast<uint32_t>(mapsize)))
    return ctx.set_error(GL_INVALID_VALUE);
  const uint64_t bytes = uint64_t{element_bytes(type)} * static_cast<uint64_t>(mapsize);
  ReadMapping mapping;
  const void* src = values;
  if (Buffer* pbo = ctx.buffers.pixel_unpack.get()) {
    if (!pbo_range_ok(ctx, pbo, values, bytes, element_bytes(type))) return;
    if (!pbo->resource) return ctx.set_error(GL_INVALID_OPERATION);
    pipe::Box box;
    box.x = static_cast<int32_t>(reinterpret_cast<uintptr_t>(values));
    box.width = static_cast<int32_t>(bytes);
    mapping.ctx = &ctx;
    void* p = ctx.pipe().transfer_map(pbo->resource.get(), 0, pipe::kMapRead, box, &mapping.transfer);
    if (!p) return ctx.pipe_failed(ctx.pipe().status() == pipe::Status::Ok ? pipe::Status::OutOfMemory
                                                                             : ctx.pipe().status());
    src = p;
  } else if (!values) {
    return;  // nothing to read: GL leaves the map as it was
  }
  PixelMap& m = ctx.compat_pixels.maps[static_cast<unsigned>(id)];
  std::vector<GLfloat> v(static_cast<size_t>(mapsize));
  for (size_t i = 0; i < v.size(); ++i) v[i] = to_map_value(id, type, src, i);
  m.values = std::move(v);
}

void get_pixel_map(Context& ctx, GLenum map, GLsizei buf_size, bool robust, void* values, ValueType type) {
  PixelMapId id;
  if (!map_id(map, &id)) return ctx.set_error(GL_INVALID_ENUM);
  const PixelMap& m = map_of(ctx.compat_pixels, id);
  const uint64_t bytes = uint64_t{element_bytes(type)} * m.values.size();
  Buffer* pbo = ctx.buffers.pixel_pack.get();
  // glGetnPixelMap: the values must fit bufSize bytes (ARB_robustness),
  // checked before the buffer's own range.
  if (robust && (buf_size < 0 || bytes > static_cast<uint64_t>(buf_size))) return ctx.set_error(GL_INVALID_OPERATION);
  std::vector<uint8_t> out(bytes);
  for (size_t i = 0; i < m.values.size(); ++i) from_map_value(id, type, m.values[i], out.data(), i);
  if (pbo) {
    if (!pbo_range_ok(ctx, pbo, values, bytes, element_bytes(type))) return;
    if (!pbo->resource) return ctx.set_error(GL_INVALID_OPERATION);
    ctx.pipe().buffer_subdata(pbo->resource.get(), pipe::kMapWrite, reinterpret_cast<uintptr_t>(values), bytes,
                              out.data());
    return;
  }
  if (values) std::memcpy(values, out.data(), bytes);
}

void pixel_transfer(Context& ctx, GLenum pname, GLfloat v) {
  PixelTransferModes& t = ctx.compat_pixels.transfer;
  switch (pname) {
    case GL_MAP_COLOR: t.map_color = v != 0.0f; return;
    case GL_MAP_STENCIL: t.map_stencil = v != 0.0f; return;
    case GL_INDEX_SHIFT: t.index_shift = static_cast<GLint>(std::clamp<double>(std::nearbyint(v), INT32_MIN, INT32_MAX)); return;
    case GL_INDEX_OFFSET: t.index_offset = static_cast<GLint>(std::clamp<double>(std::nearbyint(v), INT32_MIN, INT32_MAX)); return;
    case GL_RED_SCALE: t.scale[0] = v; return;
    case GL_GREEN_SCALE: t.scale[1] = v; return;
    case GL_BLUE_SCALE: t.scale[2] = v; return;
    case GL_ALPHA_SCALE: t.scale[3] = v; return;
    case GL_RED_BIAS: t.bias[0] = v; return;
    case GL_GREEN_BIAS: t.bias[1] = v; return;
    case GL_BLUE_BIAS: t.bias[2] = v; return;
    case GL_ALPHA_BIAS: t.bias[3] = v; return;
    case GL_DEPTH_SCALE: t.depth_scale = v; return;
    case GL_DEPTH_BIAS: t.depth_bias = v; return;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
}

}  // namespace

bool PixelState::color_transfer_active() const {
  if (transfer.map_color) return true;
  for (int c = 0; c < 4; ++c)
    if (transfer.scale[c] != 1.0f || transfer.bias[c] != 0.0f) return true;
  return false;
}

void apply_color_transfer(const PixelState& s, GLfloat* rgba, uint64_t count) {
  const PixelTransferModes& t = s.transfer;
  static constexpr PixelMapId kMaps[4] = {PixelMapId::RToR, PixelMapId::GToG, PixelMapId::BToB, PixelMapId::AToA};
  for (uint64_t p = 0; p < count; ++p) {
    GLfloat* c = rgba + p * 4;
    for (int k = 0; k < 4; ++k) {
      c[k] = c[k] * t.scale[k] + t.bias[k];
      if (t.map_color) c[k] = lookup_color(map_of(s, kMaps[k]), c[k]);
    }
  }
}

void apply_depth_transfer(const PixelState& s, GLfloat* depth, uint64_t count) {
  const PixelTransferModes& t = s.transfer;
  if (t.depth_scale == 1.0f && t.depth_bias == 0.0f) return;
  for (uint64_t i = 0; i < count; ++i) depth[i] = depth[i] * t.depth_scale + t.depth_bias;
}

uint32_t transfer_stencil_index(const PixelState& s, int64_t index) {
  index = shift_and_offset(s, index);
  if (s.transfer.map_stencil)
    index = static_cast<int64_t>(std::nearbyint(lookup_index(map_of(s, PixelMapId::SToS), index)));
  return static_cast<uint32_t>(index);
}

void index_to_rgba(const PixelState& s, int64_t index, GLfloat out[4]) {
  index = shift_and_offset(s, index);
  static constexpr PixelMapId kMaps[4] = {PixelMapId::IToR, PixelMapId::IToG, PixelMapId::IToB, PixelMapId::IToA};
  for (int k = 0; k < 4; ++k) out[k] = lookup_index(map_of(s, kMaps[k]), index);
}

bool query_pixel_state(Context& ctx, GLenum pname, StateAnswer* out) {
  const PixelState& s = ctx.compat_pixels;
  const PixelTransferModes& t = s.transfer;
  auto f1 = [out](GLfloat v) {
    out->kind = StateAnswer::Float;
    out->count = 1;
    out->f[0] = v;
    return true;
  };
  auto i1 = [out](GLint64 v) {
    out->kind = StateAnswer::Int;
    out->count = 1;
    out->i[0] = v;
    return true;
  };
  auto b1 = [out](bool v) {
    out->kind = StateAnswer::Bool;
    out->count = 1;
    out->b[0] = v;
    return true;
  };
  auto f4 = [out](const GLfloat* v, bool normalized) {
    out->kind = StateAnswer::Float;
    out->count = 4;
    out->normalized = normalized;
    for (int k = 0; k < 4; ++k) out->f[k] = v[k];
    return true;
  };
  // The byte-order pixel store modes are desktop core state (table 8.1).
  switch (pname) {
    case GL_UNPACK_SWAP_BYTES: return b1(s.unpack_swap_bytes);
    case GL_UNPACK_LSB_FIRST: return b1(s.unpack_lsb_first);
    case GL_PACK_SWAP_BYTES: return b1(s.pack_swap_bytes);
    case GL_PACK_LSB_FIRST: return b1(s.pack_lsb_first);
    default: break;
  }
  // The rest exists in compatibility-profile contexts only.
  if (!ctx.compatibility()) return false;
  if (pname >= GL_PIXEL_MAP_I_TO_I_SIZE && pname <= GL_PIXEL_MAP_A_TO_A_SIZE)
    return i1(static_cast<GLint64>(s.maps[pname - GL_PIXEL_MAP_I_TO_I_SIZE].values.size()));
  switch (pname) {
    case GL_MAP_COLOR: return b1(t.map_color);
    case GL_MAP_STENCIL: return b1(t.map_stencil);
    case GL_INDEX_SHIFT: return i1(t.index_shift);
    case GL_INDEX_OFFSET: return i1(t.index_offset);
    case GL_RED_SCALE: return f1(t.scale[0]);
    case GL_GREEN_SCALE: return f1(t.scale[1]);
    case GL_BLUE_SCALE: return f1(t.scale[2]);
    case GL_ALPHA_SCALE: return f1(t.scale[3]);
    case GL_RED_BIAS: return f1(t.bias[0]);
    case GL_GREEN_BIAS: return f1(t.bias[1]);
    case GL_BLUE_BIAS: return f1(t.bias[2]);
    case GL_ALPHA_BIAS: return f1(t.bias[3]);
    case GL_DEPTH_SCALE: return f1(t.depth_scale);
    case GL_DEPTH_BIAS: return f1(t.depth_bias);
    case GL_ZOOM_X: return f1(s.zoom_x);
    case GL_ZOOM_Y: return f1(s.zoom_y);
    case GL_MAX_PIXEL_MAP_TABLE: return i1(kMaxPixelMapTable);
    case GL_CURRENT_RASTER_POSITION: return f4(s.raster.window, false);
    case GL_CURRENT_RASTER_POSITION_VALID: return b1(s.raster.valid);
    case GL_CURRENT_RASTER_DISTANCE: return f1(s.raster.distance);
    case GL_CURRENT_RASTER_COLOR: return f4(s.raster.color, true);
    case GL_CURRENT_RASTER_SECONDARY_COLOR: return f4(s.raster.secondary_color, true);
    case GL_CURRENT_RASTER_INDEX: return f1(s.raster.index);
    case GL_CURRENT_RASTER_TEXTURE_COORDS: {
      const unsigned unit = std::min<unsigned>(ctx.textures.active, RasterPosition::kTexCoordSets - 1);
      return f4(s.raster.texcoords[unit].data(), false);
    }
    case GL_CLAMP_VERTEX_COLOR: return i1(s.clamp_vertex_color);
    case GL_CLAMP_FRAGMENT_COLOR: return i1(s.clamp_fragment_color);
    case GL_ACCUM_CLEAR_VALUE: return f4(s.accum_clear, true);
    // No configuration of Brass has an accumulation buffer.
    case GL_ACCUM_RED_BITS: case GL_ACCUM_GREEN_BITS: case GL_ACCUM_BLUE_BITS: case GL_ACCUM_ALPHA_BITS:
      return i1(0);
    default: return false;
  }
}

}  // namespace brass::gl::compat

namespace brass::gl::api {

using compat::ValueType;

void PixelTransferf(Context& ctx, GLenum pname, GLfloat param) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::pixel_transfer(ctx, pname, param);
}
void PixelTransferi(Context& ctx, GLenum pname, GLint param) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::pixel_transfer(ctx, pname, static_cast<GLfloat>(param));
}

void PixelZoom(Context& ctx, GLfloat xfactor, GLfloat yfactor) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  ctx.compat_pixels.zoom_x = xfactor;
  ctx.compat_pixels.zoom_y = yfactor;
}

void PixelMapfv(Context& ctx, GLenum map, GLsizei mapsize, const GLfloat* values) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::pixel_map(ctx, map, mapsize, values, ValueType::Float);
}
void PixelMapuiv(Context& ctx, GLenum map, GLsizei mapsize, const GLuint* values) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::pixel_map(ctx, map, mapsize, values, ValueType::Uint);
}
void PixelMapusv(Context& ctx, GLenum map, GLsizei mapsize, const GLushort* values) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::pixel_map(ctx, map, mapsize, values, ValueType::Ushort);
}

void GetPixelMapfv(Context& ctx, GLenum map, GLfloat* values) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::get_pixel_map(ctx, map, 0, false, values, ValueType::Float);
}
void GetPixelMapuiv(Context& ctx, GLenum map, GLuint* values) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::get_pixel_map(ctx, map, 0, false, values, ValueType::Uint);
}
void GetPixelMapusv(Context& ctx, GLenum map, GLushort* values) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::get_pixel_map(ctx, map, 0, false, values, ValueType::Ushort);
}
void GetnPixelMapfv(Context& ctx, GLenum map, GLsizei bufSize, GLfloat* values) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::get_pixel_map(ctx, map, bufSize, true, values, ValueType::Float);
}
void GetnPixelMapuiv(Context& ctx, GLenum map, GLsizei bufSize, GLuint* values) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::get_pixel_map(ctx, map, bufSize, true, values, ValueType::Uint);
}
void GetnPixelMapusv(Context& ctx, GLenum map, GLsizei bufSize, GLushort* values) {
  if (compat::refuse_inside_begin_end(ctx)) return;
  compat::get_pixel_map(ctx, map, bufSize, true, values, ValueType::Ushort);
}

}  // namespace brass::gl::api
