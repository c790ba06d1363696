// Handlers for errors, strings, enables and the fixed state that needs no
// pipe object yet (clear values, viewport, scissor, enables, pixel store).
#include <algorithm>
#include <cmath>

#include "gl/compat/legacy_queries.h"
#include "gl/compat/state_queries_compat.h"
#include "gl/compat/vertex_arrays_legacy.h"
#include "gl/context.h"
#include "gl/spirv_extensions.h"
#include "gl/state_queries.h"
#include "gl_functions.h"

namespace brass::gl {

// The flag behind a glEnable cap, and the state group it dirties.
bool* enable_flag(Context& ctx, GLenum cap, uint32_t* dirty) {
  FixedFunctionState& f = ctx.ff;
  uint32_t unused;
  uint32_t& d = dirty ? *dirty : unused;
  switch (cap) {
    case GL_SCISSOR_TEST: d = kDirtyScissor | kDirtyRasterizer; return &f.scissor_test;
    case GL_DEPTH_TEST: d = kDirtyDepthStencil; return &f.depth_test;
    case GL_BLEND: d = kDirtyBlend; return &f.blend[0];  // draw buffer 0's (queries)
    case GL_CULL_FACE: d = kDirtyRasterizer; return &f.cull_face;
    case GL_BLEND_ADVANCED_COHERENT_KHR:
      if (!ctx.has_extension("GL_KHR_blend_equation_advanced_coherent")) return nullptr;
      d = 0;
      return &f.blend_advanced_coherent;
    case GL_STENCIL_TEST: d = kDirtyDepthStencil; return &f.stencil_test;
    case GL_DITHER: d = 0; return &f.dither;
    case GL_POLYGON_OFFSET_FILL: d = kDirtyRasterizer; return &f.polygon_offset_fill;
    case GL_SAMPLE_ALPHA_TO_COVERAGE: d = kDirtyBlend; return &f.sample_alpha_to_coverage;
    case GL_SAMPLE_COVERAGE: d = kDirtySampleMask; return &f.sample_coverage;
    case GL_SAMPLE_MASK:
      if (!ctx.es31()) return nullptr;
      d = kDirtySampleMask;
      return &f.sample_mask;
    case GL_RASTERIZER_DISCARD: d = kDirtyRasterizer; return &f.rasterizer_discard;
    case GL_SAMPLE_SHADING_OES:
      if (!ctx.has_feature("GL_OES_sample_shading")) return nullptr;
      d = kDirtyRasterizer;
      return &f.sample_shading;
    case GL_PRIMITIVE_RESTART_FIXED_INDEX: d = 0; return &f.primitive_restart_fixed_index;
    case GL_CLIP_DISTANCE0_EXT: case GL_CLIP_DISTANCE1_EXT: case GL_CLIP_DISTANCE2_EXT: case GL_CLIP_DISTANCE3_EXT:
    case GL_CLIP_DISTANCE4_EXT: case GL_CLIP_DISTANCE5_EXT: case GL_CLIP_DISTANCE6_EXT: case GL_CLIP_DISTANCE7_EXT:
      if (!ctx.has_feature("GL_EXT_clip_cull_distance")) return nullptr;
      // The enables are compiled into the vertex shader (a program variant).
      d = kDirtyProgram;
      return &f.clip_distance[cap - GL_CLIP_DISTANCE0_EXT];
    // Desktop core profile only.
    case GL_DEPTH_CLAMP:
      if (!ctx.desktop()) return nullptr;
      d = kDirtyRasterizer;
      return &f.depth_clamp;
    case GL_PRIMITIVE_RESTART:
      if (!ctx.desktop()) return nullptr;
      d = 0;  // read by each indexed draw
      return &f.primitive_restart;
    case GL_PROGRAM_POINT_SIZE:
      if (!ctx.desktop()) return nullptr;
      d = 0;  // read by each point draw (bind_program_for_primitive)
      return &f.program_point_size;
    case GL_TEXTURE_CUBE_MAP_SEAMLESS:
      if (!ctx.desktop()) return nullptr;
      d = kDirtyTextures;  // sampler states are made per setting
      return &f.cube_map_seamless;
    // Desktop per-fragment and multisample enables (api_desktop_raster.cpp).
    case GL_COLOR_LOGIC_OP: case GL_LINE_SMOOTH: case GL_POLYGON_SMOOTH: case GL_MULTISAMPLE:
    case GL_SAMPLE_ALPHA_TO_ONE: case GL_FRAMEBUFFER_SRGB: case GL_POLYGON_OFFSET_LINE: case GL_POLYGON_OFFSET_POINT:
      if (!ctx.desktop()) return nullptr;
      return desktop_enable_flag(ctx, cap, &d);
    case GL_DEBUG_OUTPUT: d = 0; return &ctx.debug.output_enabled;
    case GL_DEBUG_OUTPUT_SYNCHRONOUS: d = 0; return &ctx.debug.output_synchronous;
    default:
      // Compatibility profile: lighting, fog, alpha test, texgen, ...
      // (gl/compat/), the legacy caps (stipples, evaluators;
      // compat/legacy_queries.h), then the fixed-function pipeline's
      // texture enables and COLOR_SUM (selected again by each draw's key).
      if (bool* flag = compat::enable_flag(ctx, cap, &d)) return flag;
      if (ctx.compatibility()) {
        if (bool* flag = legacy_enable_flag(ctx, cap, &d)) return flag;
        d = 0;
        return compat::ff_enable_flag(ctx, cap);
      }
      return nullptr;
  }
}

}  // namespace brass::gl

namespace brass::gl::api {

GLenum GetError(Context& ctx) { return ctx.take_error(); }

const GLubyte* GetString(Context& ctx, GLenum name) {
  const char* s = nullptr;
  switch (name) {
    case GL_VENDOR: s = "Brass"; break;
    case GL_RENDERER: s = ctx.renderer_string().c_str(); break;
    case GL_VERSION: s = ctx.version_string().c_str(); break;
    case GL_SHADING_LANGUAGE_VERSION: s = ctx.glsl_version_string().c_str(); break;
    case GL_EXTENSIONS:
      // The core profile lists extensions only through glGetStringi (GL 4.6
      // core §22.2); ES and the compatibility profile keep the one string.
      if (ctx.desktop() && !ctx.compatibility()) {
        ctx.set_error(GL_INVALID_ENUM);
        return nullptr;
      }
      s = ctx.extensions_string().c_str();
      break;
    default: ctx.set_error(GL_INVALID_ENUM); return nullptr;
  }
  return reinterpret_cast<const GLubyte*>(s);
}

const GLubyte* GetStringi(Context& ctx, GLenum name, GLuint index) {
  if (name == GL_SPIR_V_EXTENSIONS && ctx.has_extension("GL_ARB_spirv_extensions")) {
    const std::vector<const char*> list = spirv_extensions(ctx);
    if (index >= list.size()) {
      ctx.set_error(GL_INVALID_VALUE);
      return nullptr;
    }
    return reinterpret_cast<const GLubyte*>(list[index]);
  }
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

namespace {
// GL_BLEND is per draw buffer: glEnable/glDisable set every buffer's.
void set_blend(Context& ctx, unsigned first, unsigned last, bool on) {
  for (unsigned i = first; i <= last; ++i) ctx.ff.blend[i] = on;
  ctx.dirty(kDirtyBlend);
}

// glEnablei/glDisablei (EXT/OES_draw_buffers_indexed): only GL_BLEND is
// indexed in ES.
void set_indexed(Context& ctx, GLenum target, GLuint index, bool on) {
  // SCISSOR_TEST per viewport where the context has viewport arrays.
  if (target == GL_SCISSOR_TEST && max_viewports(ctx) > 1) {
    if (index >= max_viewports(ctx)) return ctx.set_error(GL_INVALID_VALUE);
    return set_scissor_test(ctx, index, 1, on);
  }
  if (target != GL_BLEND) return ctx.set_error(GL_INVALID_ENUM);
  if (index >= static_cast<GLuint>(ctx.limits.max_draw_buffers)) return ctx.set_error(GL_INVALID_VALUE);
  set_blend(ctx, index, index, on);
}
}  // namespace

void Enablei(Context& ctx, GLenum target, GLuint index) { set_indexed(ctx, target, index, true); }
void Disablei(Context& ctx, GLenum target, GLuint index) { set_indexed(ctx, target, index, false); }

// The compatibility profile's client arrays: legacy applications enable
// them with glEnable too (GL 1.0 programs written before
// glEnableClientState existed), which other drivers take as
// glEnableClientState; so does Brass.
namespace {
bool client_array_cap(Context& ctx, GLenum cap) {
  return ctx.compatibility() && compat::client_array_enabled(ctx, cap) >= 0;
}
}  // namespace

void Enable(Context& ctx, GLenum cap) {
  if (client_array_cap(ctx, cap)) return EnableClientState(ctx, cap);
  if (cap == GL_BLEND) return set_blend(ctx, 0, pipe::kMaxColorBuffers - 1, true);
  if (cap == GL_SCISSOR_TEST) return set_scissor_test(ctx, 0, pipe::kMaxViewports, true);  // every viewport's
  if (ctx.compatibility() && compat::texture_enable_out_of_range(ctx, cap)) return;
  uint32_t dirty = 0;
  bool* flag = enable_flag(ctx, cap, &dirty);
  if (!flag) return ctx.set_error(GL_INVALID_ENUM);
  if (*flag) return;
  *flag = true;
  // Some enables are read only by the draw's checks (validated_draw.h).
  ctx.dirty(dirty | kDirtyDrawChecks);
}

void Disable(Context& ctx, GLenum cap) {
  if (client_array_cap(ctx, cap)) return DisableClientState(ctx, cap);
  if (cap == GL_BLEND) return set_blend(ctx, 0, pipe::kMaxColorBuffers - 1, false);
  if (cap == GL_SCISSOR_TEST) return set_scissor_test(ctx, 0, pipe::kMaxViewports, false);
  if (ctx.compatibility() && compat::texture_enable_out_of_range(ctx, cap)) return;
  uint32_t dirty = 0;
  bool* flag = enable_flag(ctx, cap, &dirty);
  if (!flag) return ctx.set_error(GL_INVALID_ENUM);
  if (!*flag) return;
  *flag = false;
  ctx.dirty(dirty | kDirtyDrawChecks);
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
    default: {
      // Desktop GL's further modes (ES has none of them).
      if (!ctx.desktop()) return ctx.set_error(GL_INVALID_ENUM);
      switch (pname) {
        case GL_PACK_IMAGE_HEIGHT: target = &s.pack_image_height; break;
        case GL_PACK_SKIP_IMAGES: target = &s.pack_skip_images; break;
        case GL_UNPACK_COMPRESSED_BLOCK_WIDTH: target = &s.unpack_compressed_block[0]; break;
        case GL_UNPACK_COMPRESSED_BLOCK_HEIGHT: target = &s.unpack_compressed_block[1]; break;
        case GL_UNPACK_COMPRESSED_BLOCK_DEPTH: target = &s.unpack_compressed_block[2]; break;
        case GL_UNPACK_COMPRESSED_BLOCK_SIZE: target = &s.unpack_compressed_block[3]; break;
        case GL_PACK_COMPRESSED_BLOCK_WIDTH: target = &s.pack_compressed_block[0]; break;
        case GL_PACK_COMPRESSED_BLOCK_HEIGHT: target = &s.pack_compressed_block[1]; break;
        case GL_PACK_COMPRESSED_BLOCK_DEPTH: target = &s.pack_compressed_block[2]; break;
        case GL_PACK_COMPRESSED_BLOCK_SIZE: target = &s.pack_compressed_block[3]; break;
        // Boolean modes (compat/pixel_state.h).
        case GL_UNPACK_SWAP_BYTES: ctx.compat_pixels.unpack_swap_bytes = param != 0; return;
        case GL_UNPACK_LSB_FIRST: ctx.compat_pixels.unpack_lsb_first = param != 0; return;
        case GL_PACK_SWAP_BYTES: ctx.compat_pixels.pack_swap_bytes = param != 0; return;
        case GL_PACK_LSB_FIRST: ctx.compat_pixels.pack_lsb_first = param != 0; return;
        default: return ctx.set_error(GL_INVALID_ENUM);
      }
    }
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
  // Every viewport's (GL 4.6 §13.6.1, OES_viewport_array).
  const GLfloat v[4] = {static_cast<GLfloat>(x), static_cast<GLfloat>(y), static_cast<GLfloat>(width),
                        static_cast<GLfloat>(height)};
  for (GLuint i = 0; i < pipe::kMaxViewports; ++i) set_viewports(ctx, i, 1, v);
  // Index 0 keeps the integers as given (GetIntegerv(VIEWPORT)).
  ctx.state.viewport[0] = x;
  ctx.state.viewport[1] = y;
}

void Scissor(Context& ctx, GLint x, GLint y, GLsizei width, GLsizei height) {
  if (width < 0 || height < 0) return ctx.set_error(GL_INVALID_VALUE);
  // Every viewport's scissor box (GL 4.6 §14.9.2, OES_viewport_array).
  const GLint s[4] = {x, y, width, height};
  for (GLuint i = 0; i < pipe::kMaxViewports; ++i) set_scissors(ctx, i, 1, s);
}


}  // namespace brass::gl::api
