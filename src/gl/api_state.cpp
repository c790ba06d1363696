// Handlers for errors, strings, state queries and the fixed state that needs
// no pipe object yet (clear values, viewport, scissor, enables, pixel store).
#include <algorithm>
#include <cmath>

#include "gl/context.h"
#include "gl_functions.h"

namespace brass::gl::api {

namespace {

// One glGet answer: up to four values of one kind, converted per ES 3.0 §6.1.2.
struct QueryValue {
  enum Kind { Int, Float, Bool } kind = Int;
  int count = 1;
  GLint i[4] = {};
  GLfloat f[4] = {};
  bool b[4] = {};
};

QueryValue ints(std::initializer_list<GLint> v) {
  QueryValue q;
  q.kind = QueryValue::Int;
  q.count = 0;
  for (GLint x : v) q.i[q.count++] = x;
  return q;
}
QueryValue floats(const GLfloat* v, int n) {
  QueryValue q;
  q.kind = QueryValue::Float;
  q.count = n;
  for (int k = 0; k < n; ++k) q.f[k] = v[k];
  return q;
}
QueryValue boolean(bool v) {
  QueryValue q;
  q.kind = QueryValue::Bool;
  q.b[0] = v;
  return q;
}

// The flag behind a glEnable cap, and the state group it dirties.
bool* enable_flag(Context& ctx, GLenum cap, uint32_t* dirty = nullptr) {
  FixedFunctionState& f = ctx.ff;
  uint32_t unused;
  uint32_t& d = dirty ? *dirty : unused;
  switch (cap) {
    case GL_SCISSOR_TEST: d = kDirtyScissor | kDirtyRasterizer; return &f.scissor_test;
    case GL_DEPTH_TEST: d = kDirtyDepthStencil; return &f.depth_test;
    case GL_BLEND: d = kDirtyBlend; return &f.blend;
    case GL_CULL_FACE: d = kDirtyRasterizer; return &f.cull_face;
    case GL_STENCIL_TEST: d = kDirtyDepthStencil; return &f.stencil_test;
    case GL_DITHER: d = 0; return &f.dither;
    case GL_POLYGON_OFFSET_FILL: d = kDirtyRasterizer; return &f.polygon_offset_fill;
    case GL_SAMPLE_ALPHA_TO_COVERAGE: d = kDirtyBlend; return &f.sample_alpha_to_coverage;
    case GL_SAMPLE_COVERAGE: d = kDirtySampleMask; return &f.sample_coverage;
    case GL_RASTERIZER_DISCARD: d = kDirtyRasterizer; return &f.rasterizer_discard;
    case GL_PRIMITIVE_RESTART_FIXED_INDEX: d = 0; return &f.primitive_restart_fixed_index;
    default: return nullptr;
  }
}

QueryValue floats(std::initializer_list<GLfloat> v) {
  QueryValue q;
  q.kind = QueryValue::Float;
  q.count = 0;
  for (GLfloat x : v) q.f[q.count++] = x;
  return q;
}

QueryValue booleans(std::initializer_list<bool> v) {
  QueryValue q;
  q.kind = QueryValue::Bool;
  q.count = 0;
  for (bool x : v) q.b[q.count++] = x;
  return q;
}

GLint as_int(GLuint v) { return static_cast<GLint>(v); }

// Fixed-function state (ES 3.0 tables 6.10-6.13, 6.17, 6.19, 6.20).
bool query_fixed_function(Context& ctx, GLenum pname, QueryValue* out) {
  const FixedFunctionState& f = ctx.ff;
  switch (pname) {
    case GL_BLEND_SRC_RGB: *out = ints({static_cast<GLint>(f.blend_eq.src_rgb)}); return true;
    case GL_BLEND_DST_RGB: *out = ints({static_cast<GLint>(f.blend_eq.dst_rgb)}); return true;
    case GL_BLEND_SRC_ALPHA: *out = ints({static_cast<GLint>(f.blend_eq.src_alpha)}); return true;
    case GL_BLEND_DST_ALPHA: *out = ints({static_cast<GLint>(f.blend_eq.dst_alpha)}); return true;
    case GL_BLEND_EQUATION_RGB: *out = ints({static_cast<GLint>(f.blend_eq.rgb)}); return true;
    case GL_BLEND_EQUATION_ALPHA: *out = ints({static_cast<GLint>(f.blend_eq.alpha)}); return true;
    case GL_BLEND_COLOR: *out = floats(f.blend_color, 4); return true;
    case GL_COLOR_WRITEMASK:
      *out = booleans({f.color_mask[0] != 0, f.color_mask[1] != 0, f.color_mask[2] != 0, f.color_mask[3] != 0});
      return true;
    case GL_DEPTH_FUNC: *out = ints({static_cast<GLint>(f.depth_func)}); return true;
    case GL_DEPTH_WRITEMASK: *out = boolean(f.depth_mask); return true;
    case GL_DEPTH_RANGE: *out = floats(f.depth_range, 2); return true;
    case GL_STENCIL_FUNC: *out = ints({static_cast<GLint>(f.stencil_front.func)}); return true;
    case GL_STENCIL_REF: *out = ints({f.stencil_front.ref}); return true;
    case GL_STENCIL_VALUE_MASK: *out = ints({as_int(f.stencil_front.value_mask)}); return true;
    case GL_STENCIL_WRITEMASK: *out = ints({as_int(f.stencil_front.write_mask)}); return true;
    case GL_STENCIL_FAIL: *out = ints({static_cast<GLint>(f.stencil_front.fail)}); return true;
    case GL_STENCIL_PASS_DEPTH_FAIL: *out = ints({static_cast<GLint>(f.stencil_front.zfail)}); return true;
    case GL_STENCIL_PASS_DEPTH_PASS: *out = ints({static_cast<GLint>(f.stencil_front.zpass)}); return true;
    case GL_STENCIL_BACK_FUNC: *out = ints({static_cast<GLint>(f.stencil_back.func)}); return true;
    case GL_STENCIL_BACK_REF: *out = ints({f.stencil_back.ref}); return true;
    case GL_STENCIL_BACK_VALUE_MASK: *out = ints({as_int(f.stencil_back.value_mask)}); return true;
    case GL_STENCIL_BACK_WRITEMASK: *out = ints({as_int(f.stencil_back.write_mask)}); return true;
    case GL_STENCIL_BACK_FAIL: *out = ints({static_cast<GLint>(f.stencil_back.fail)}); return true;
    case GL_STENCIL_BACK_PASS_DEPTH_FAIL: *out = ints({static_cast<GLint>(f.stencil_back.zfail)}); return true;
    case GL_STENCIL_BACK_PASS_DEPTH_PASS: *out = ints({static_cast<GLint>(f.stencil_back.zpass)}); return true;
    case GL_CULL_FACE_MODE: *out = ints({static_cast<GLint>(f.cull_face_mode)}); return true;
    case GL_FRONT_FACE: *out = ints({static_cast<GLint>(f.front_face)}); return true;
    case GL_POLYGON_OFFSET_FACTOR: *out = floats({f.polygon_offset_factor}); return true;
    case GL_POLYGON_OFFSET_UNITS: *out = floats({f.polygon_offset_units}); return true;
    case GL_LINE_WIDTH: *out = floats({f.line_width}); return true;
    case GL_ALIASED_LINE_WIDTH_RANGE: *out = floats({1.0f, 1.0f}); return true;
    case GL_ALIASED_POINT_SIZE_RANGE: *out = floats({1.0f, 1024.0f}); return true;
    case GL_SAMPLE_COVERAGE_VALUE: *out = floats({f.sample_coverage_value}); return true;
    case GL_SAMPLE_COVERAGE_INVERT: *out = boolean(f.sample_coverage_invert); return true;
    case GL_GENERATE_MIPMAP_HINT: *out = ints({static_cast<GLint>(ctx.state.generate_mipmap_hint)}); return true;
    case GL_FRAGMENT_SHADER_DERIVATIVE_HINT:
      *out = ints({static_cast<GLint>(ctx.state.fragment_shader_derivative_hint)});
      return true;
    default: return false;
  }
}

// False: unknown pname (the caller records GL_INVALID_ENUM).
bool query(Context& ctx, GLenum pname, QueryValue* out) {
  const State& s = ctx.state;
  const Limits& l = ctx.limits;
  const Drawable* d = ctx.draw();
  const Drawable none{0, 0, 0, 0, 0, 0, 0, 0, 0};
  if (!d) d = &none;
  if (bool* flag = enable_flag(ctx, pname)) {
    *out = boolean(*flag);
    return true;
  }
  switch (pname) {
    case GL_VIEWPORT: *out = ints({s.viewport[0], s.viewport[1], s.viewport[2], s.viewport[3]}); return true;
    case GL_SCISSOR_BOX: *out = ints({s.scissor[0], s.scissor[1], s.scissor[2], s.scissor[3]}); return true;
    case GL_COLOR_CLEAR_VALUE: *out = floats(s.clear_color, 4); return true;
    case GL_DEPTH_CLEAR_VALUE: *out = floats(&s.clear_depth, 1); return true;
    case GL_STENCIL_CLEAR_VALUE: *out = ints({s.clear_stencil}); return true;
    case GL_PACK_ALIGNMENT: *out = ints({s.pack_alignment}); return true;
    case GL_UNPACK_ALIGNMENT: *out = ints({s.unpack_alignment}); return true;
    case GL_PACK_ROW_LENGTH: *out = ints({s.pack_row_length}); return true;
    case GL_PACK_SKIP_ROWS: *out = ints({s.pack_skip_rows}); return true;
    case GL_PACK_SKIP_PIXELS: *out = ints({s.pack_skip_pixels}); return true;
    case GL_UNPACK_ROW_LENGTH: *out = ints({s.unpack_row_length}); return true;
    case GL_UNPACK_IMAGE_HEIGHT: *out = ints({s.unpack_image_height}); return true;
    case GL_UNPACK_SKIP_ROWS: *out = ints({s.unpack_skip_rows}); return true;
    case GL_UNPACK_SKIP_PIXELS: *out = ints({s.unpack_skip_pixels}); return true;
    case GL_UNPACK_SKIP_IMAGES: *out = ints({s.unpack_skip_images}); return true;
    case GL_RED_BITS: *out = ints({d->red_bits}); return true;
    case GL_GREEN_BITS: *out = ints({d->green_bits}); return true;
    case GL_BLUE_BITS: *out = ints({d->blue_bits}); return true;
    case GL_ALPHA_BITS: *out = ints({d->alpha_bits}); return true;
    case GL_DEPTH_BITS: *out = ints({d->depth_bits}); return true;
    case GL_STENCIL_BITS: *out = ints({d->stencil_bits}); return true;
    case GL_SAMPLES: *out = ints({d->samples}); return true;
    case GL_SAMPLE_BUFFERS: *out = ints({d->samples > 1 ? 1 : 0}); return true;
    case GL_MAJOR_VERSION: *out = ints({ctx.major()}); return true;
    case GL_MINOR_VERSION: *out = ints({ctx.minor()}); return true;
    case GL_NUM_EXTENSIONS: *out = ints({static_cast<GLint>(ctx.extensions().size())}); return true;
    case GL_MAX_TEXTURE_SIZE: *out = ints({l.max_texture_size}); return true;
    case GL_MAX_CUBE_MAP_TEXTURE_SIZE: *out = ints({l.max_cube_map_texture_size}); return true;
    case GL_MAX_3D_TEXTURE_SIZE: *out = ints({l.max_3d_texture_size}); return true;
    case GL_MAX_ARRAY_TEXTURE_LAYERS: *out = ints({l.max_array_texture_layers}); return true;
    case GL_MAX_RENDERBUFFER_SIZE: *out = ints({l.max_renderbuffer_size}); return true;
    case GL_MAX_VIEWPORT_DIMS: *out = ints({l.max_viewport_dims[0], l.max_viewport_dims[1]}); return true;
    case GL_MAX_VERTEX_ATTRIBS: *out = ints({l.max_vertex_attribs}); return true;
    case GL_MAX_TEXTURE_IMAGE_UNITS: *out = ints({l.max_texture_image_units}); return true;
    case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS: *out = ints({l.max_vertex_texture_image_units}); return true;
    case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: *out = ints({l.max_combined_texture_image_units}); return true;
    case GL_MAX_VERTEX_UNIFORM_VECTORS: *out = ints({l.max_vertex_uniform_vectors}); return true;
    case GL_MAX_FRAGMENT_UNIFORM_VECTORS: *out = ints({l.max_fragment_uniform_vectors}); return true;
    case GL_MAX_VARYING_VECTORS: *out = ints({l.max_varying_vectors}); return true;
    case GL_MAX_DRAW_BUFFERS: *out = ints({l.max_draw_buffers}); return true;
    case GL_MAX_COLOR_ATTACHMENTS: *out = ints({l.max_color_attachments}); return true;
    case GL_MAX_SAMPLES: *out = ints({l.max_samples}); return true;
    case GL_SUBPIXEL_BITS: *out = ints({l.subpixel_bits}); return true;
    case GL_NUM_SHADER_BINARY_FORMATS: *out = ints({0}); return true;
    case GL_NUM_PROGRAM_BINARY_FORMATS: *out = ints({0}); return true;
    case GL_NUM_COMPRESSED_TEXTURE_FORMATS: *out = ints({0}); return true;
    case GL_SHADER_COMPILER: *out = boolean(true); return true;
    case GL_IMPLEMENTATION_COLOR_READ_FORMAT: *out = ints({GL_RGBA}); return true;
    case GL_IMPLEMENTATION_COLOR_READ_TYPE: *out = ints({GL_UNSIGNED_BYTE}); return true;
    default: {
      GLint v = 0;
      if (query_buffer_state(ctx, pname, &v)) {  // api_buffers.cpp
        *out = ints({v});
        return true;
      }
      return query_fixed_function(ctx, pname, out);
    }
  }
}

}  // namespace

GLenum GetError(Context& ctx) { return ctx.take_error(); }

const GLubyte* GetString(Context& ctx, GLenum name) {
  const char* s = nullptr;
  switch (name) {
    case GL_VENDOR: s = "Brass"; break;
    case GL_RENDERER: s = ctx.renderer_string().c_str(); break;
    case GL_VERSION: s = ctx.version_string().c_str(); break;
    case GL_SHADING_LANGUAGE_VERSION: s = "OpenGL ES GLSL ES 3.00"; break;
    case GL_EXTENSIONS: s = ctx.extensions_string().c_str(); break;
    default: ctx.set_error(GL_INVALID_ENUM); return nullptr;
  }
  return reinterpret_cast<const GLubyte*>(s);
}

const GLubyte* GetStringi(Context& ctx, GLenum name, GLuint index) {
  if (name != GL_EXTENSIONS) {
    ctx.set_error(GL_INVALID_ENUM);
    return nullptr;
  }
  if (index >= ctx.extensions().size()) {
    ctx.set_error(GL_INVALID_VALUE);
    return nullptr;
  }
  return reinterpret_cast<const GLubyte*>(ctx.extensions()[index].c_str());
}

void GetIntegerv(Context& ctx, GLenum pname, GLint* data) {
  QueryValue q;
  if (!query(ctx, pname, &q)) return ctx.set_error(GL_INVALID_ENUM);
  if (!data) return;
  for (int k = 0; k < q.count; ++k) {
    switch (q.kind) {
      case QueryValue::Int: data[k] = q.i[k]; break;
      case QueryValue::Bool: data[k] = q.b[k] ? 1 : 0; break;
      case QueryValue::Float:
        // Color and depth values map [0,1] onto the full int range (§6.1.2).
        if (pname == GL_COLOR_CLEAR_VALUE || pname == GL_DEPTH_CLEAR_VALUE) {
          const double v = std::fmax(-1.0, std::fmin(1.0, static_cast<double>(q.f[k])));
          data[k] = static_cast<GLint>(std::lround(v * 2147483647.0));
        } else {
          data[k] = static_cast<GLint>(std::lround(q.f[k]));
        }
        break;
    }
  }
}

void GetFloatv(Context& ctx, GLenum pname, GLfloat* data) {
  QueryValue q;
  if (!query(ctx, pname, &q)) return ctx.set_error(GL_INVALID_ENUM);
  if (!data) return;
  for (int k = 0; k < q.count; ++k) {
    switch (q.kind) {
      case QueryValue::Int: data[k] = static_cast<GLfloat>(q.i[k]); break;
      case QueryValue::Bool: data[k] = q.b[k] ? 1.0f : 0.0f; break;
      case QueryValue::Float: data[k] = q.f[k]; break;
    }
  }
}

void GetBooleanv(Context& ctx, GLenum pname, GLboolean* data) {
  QueryValue q;
  if (!query(ctx, pname, &q)) return ctx.set_error(GL_INVALID_ENUM);
  if (!data) return;
  for (int k = 0; k < q.count; ++k) {
    switch (q.kind) {
      case QueryValue::Int: data[k] = q.i[k] != 0 ? GL_TRUE : GL_FALSE; break;
      case QueryValue::Bool: data[k] = q.b[k] ? GL_TRUE : GL_FALSE; break;
      case QueryValue::Float: data[k] = q.f[k] != 0.0f ? GL_TRUE : GL_FALSE; break;
    }
  }
}

void Enable(Context& ctx, GLenum cap) {
  uint32_t dirty = 0;
  bool* flag = enable_flag(ctx, cap, &dirty);
  if (!flag) return ctx.set_error(GL_INVALID_ENUM);
  if (*flag) return;
  *flag = true;
  ctx.dirty(dirty);
}

void Disable(Context& ctx, GLenum cap) {
  uint32_t dirty = 0;
  bool* flag = enable_flag(ctx, cap, &dirty);
  if (!flag) return ctx.set_error(GL_INVALID_ENUM);
  if (!*flag) return;
  *flag = false;
  ctx.dirty(dirty);
}

GLboolean IsEnabled(Context& ctx, GLenum cap) {
  bool* flag = enable_flag(ctx, cap);
  if (!flag) {
    ctx.set_error(GL_INVALID_ENUM);
    return GL_FALSE;
  }
  return *flag ? GL_TRUE : GL_FALSE;
}

void PixelStorei(Context& ctx, GLenum pname, GLint param) {
  State& s = ctx.state;
  GLint* target = nullptr;
  switch (pname) {
    case GL_PACK_ALIGNMENT:
    case GL_UNPACK_ALIGNMENT:
      if (param != 1 && param != 2 && param != 4 && param != 8) return ctx.set_error(GL_INVALID_VALUE);
      (pname == GL_PACK_ALIGNMENT ? s.pack_alignment : s.unpack_alignment) = param;
      return;
    case GL_PACK_ROW_LENGTH: target = &s.pack_row_length; break;
    case GL_PACK_SKIP_ROWS: target = &s.pack_skip_rows; break;
    case GL_PACK_SKIP_PIXELS: target = &s.pack_skip_pixels; break;
    case GL_UNPACK_ROW_LENGTH: target = &s.unpack_row_length; break;
    case GL_UNPACK_IMAGE_HEIGHT: target = &s.unpack_image_height; break;
    case GL_UNPACK_SKIP_ROWS: target = &s.unpack_skip_rows; break;
    case GL_UNPACK_SKIP_PIXELS: target = &s.unpack_skip_pixels; break;
    case GL_UNPACK_SKIP_IMAGES: target = &s.unpack_skip_images; break;
    default: return ctx.set_error(GL_INVALID_ENUM);
  }
  if (param < 0) return ctx.set_error(GL_INVALID_VALUE);
  *target = param;
}

void ClearColor(Context& ctx, GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha) {
  // ES 3.0 no longer clamps at specification time (fixed-point buffers clamp on clear).
  GLfloat* c = ctx.state.clear_color;
  c[0] = red;
  c[1] = green;
  c[2] = blue;
  c[3] = alpha;
}

void ClearDepthf(Context& ctx, GLfloat d) { ctx.state.clear_depth = std::fmin(1.0f, std::fmax(0.0f, d)); }

void ClearStencil(Context& ctx, GLint s) { ctx.state.clear_stencil = s; }

void Viewport(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height) {
  if (width < 0 || height < 0) return ctx.set_error(GL_INVALID_VALUE);
  GLint* v = ctx.state.viewport;
  v[0] = x;
  v[1] = y;
  v[2] = std::min<GLint>(width, ctx.limits.max_viewport_dims[0]);
  v[3] = std::min<GLint>(height, ctx.limits.max_viewport_dims[1]);
  ctx.dirty(kDirtyViewport);
}

void Scissor(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height) {
  if (width < 0 || height < 0) return ctx.set_error(GL_INVALID_VALUE);
  GLint* s = ctx.state.scissor;
  s[0] = x;
  s[1] = y;
  s[2] = width;
  s[3] = height;
  ctx.dirty(kDirtyScissor);
}


}  // namespace brass::gl::api
