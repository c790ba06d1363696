// glGet*: every value of the ES 3.0 state tables 6.1-6.35 that the generic
// getters answer, with the type conversions of ES 3.0 §6.1.2, and
// glIsEnabled. The indexed getters (glGetIntegeri_v, glGetInteger64i_v) live
// with the buffer area (api_buffers.cpp); the implementation-dependent limits
// with state_query_limits.cpp.
#include <algorithm>
#include <climits>
#include <cmath>
#include <initializer_list>

#include "compiler/subroutines.h"
#include "gl/compat/legacy_queries.h"
#include "gl/compat/state_queries_compat.h"
#include "gl/compat/vertex_arrays_legacy.h"
#include "gl/context.h"
#include "gl/pixel/format_table.h"
#include "gl/pixel/read_pixels_rules.h"
#include "gl/read_pixels.h"
#include "gl/state_queries.h"
#include "gl/state_query_limits.h"
#include "gl/state_query_value.h"
#include "gl/texture_storage.h"
#include "gl_functions.h"
#include "util/log.h"

namespace brass::gl {

namespace {

template <typename T>
GLint64 name_of(const Ref<T>& obj) {
  return obj ? static_cast<GLint64>(obj->name()) : 0;
}

// The color buffer RED_BITS... describe: draw buffer 0 of the draw framebuffer
// (or its first color attachment when draw buffer 0 is NONE).
const pixel::InternalFormatInfo* draw_color_format(Context& ctx) {
  ColorBuffer cb;
  if (draw_color_buffer(ctx, 0, &cb)) return cb.info;
  if (!ctx.draw_framebuffer) return nullptr;
  for (const Attachment& a : ctx.draw_framebuffer->color) {
    const AttachmentImage img = attachment_image(a);
    if (img.info) return img.info;
  }
  return nullptr;
}

// Framebuffer-dependent values (ES 3.0 table 6.34): RED_BITS..., SAMPLES.
bool query_framebuffer_bits(Context& ctx, GLenum pname, QueryValue* out) {
  switch (pname) {
    case GL_RED_BITS:
    case GL_GREEN_BITS:
    case GL_BLUE_BITS:
    case GL_ALPHA_BITS:
    case GL_DEPTH_BITS:
    case GL_STENCIL_BITS:
    case GL_SAMPLES:
    case GL_SAMPLE_BUFFERS: break;
    default: return false;
  }
  if (!ctx.draw_framebuffer) {
    const Drawable* d = ctx.draw();
    Drawable none;
    none.red_bits = none.green_bits = none.blue_bits = none.alpha_bits = 0;
    if (!d) d = &none;
    const bool color = d->color != nullptr;
    switch (pname) {
      case GL_RED_BITS: *out = ints({color ? d->red_bits : 0}); break;
      case GL_GREEN_BITS: *out = ints({color ? d->green_bits : 0}); break;
      case GL_BLUE_BITS: *out = ints({color ? d->blue_bits : 0}); break;
      case GL_ALPHA_BITS: *out = ints({color ? d->alpha_bits : 0}); break;
      case GL_DEPTH_BITS: *out = ints({d->depth_bits}); break;
      case GL_STENCIL_BITS: *out = ints({d->stencil_bits}); break;
      case GL_SAMPLES: *out = ints({d->samples > 1 ? d->samples : 0}); break;
      case GL_SAMPLE_BUFFERS: *out = ints({d->samples > 1 ? 1 : 0}); break;
      default: break;
    }
    return true;
  }
  Framebuffer& fb = *ctx.draw_framebuffer;
  const pixel::InternalFormatInfo* color = draw_color_format(ctx);
  const AttachmentImage depth = attachment_image(fb.depth), stencil = attachment_image(fb.stencil);
  const GLsizei samples = draw_framebuffer_samples(ctx);
  switch (pname) {
    case GL_RED_BITS: *out = ints({color ? color->bits.red : 0}); break;
    case GL_GREEN_BITS: *out = ints({color ? color->bits.green : 0}); break;
    case GL_BLUE_BITS: *out = ints({color ? color->bits.blue : 0}); break;
    case GL_ALPHA_BITS: *out = ints({color ? color->bits.alpha : 0}); break;
    case GL_DEPTH_BITS: *out = ints({depth.info ? depth.info->bits.depth : 0}); break;
    case GL_STENCIL_BITS: *out = ints({stencil.info ? stencil.info->bits.stencil : 0}); break;
    case GL_SAMPLES: *out = ints({samples}); break;
    case GL_SAMPLE_BUFFERS: *out = ints({samples > 0 ? 1 : 0}); break;
    default: break;
  }
  return true;
}

// Object bindings (ES 3.0 tables 6.2-6.26).
bool query_bindings(Context& ctx, GLenum pname, QueryValue* out) {
  const BufferBindings& b = ctx.buffers;
  const TextureUnit& unit = ctx.textures.units[ctx.textures.active];
  switch (pname) {
    case GL_ARRAY_BUFFER_BINDING: *out = ints({name_of(b.array)}); return true;
    case GL_ELEMENT_ARRAY_BUFFER_BINDING: *out = ints({name_of(ctx.vertex_array->element_buffer)}); return true;
    case GL_VERTEX_ARRAY_BINDING: *out = ints({name_of(ctx.vertex_array)}); return true;
    case GL_COPY_READ_BUFFER_BINDING: *out = ints({name_of(b.copy_read)}); return true;
    case GL_COPY_WRITE_BUFFER_BINDING: *out = ints({name_of(b.copy_write)}); return true;
    case GL_PIXEL_PACK_BUFFER_BINDING: *out = ints({name_of(b.pixel_pack)}); return true;
    case GL_PIXEL_UNPACK_BUFFER_BINDING: *out = ints({name_of(b.pixel_unpack)}); return true;
    case GL_UNIFORM_BUFFER_BINDING: *out = ints({name_of(b.uniform)}); return true;
    case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING: *out = ints({name_of(b.transform_feedback)}); return true;
    case GL_TRANSFORM_FEEDBACK_BINDING: *out = ints({name_of(ctx.transform_feedback)}); return true;
    case GL_TRANSFORM_FEEDBACK_ACTIVE: *out = booleans({ctx.transform_feedback->active}); return true;
    case GL_TRANSFORM_FEEDBACK_PAUSED: *out = booleans({ctx.transform_feedback->paused}); return true;
    case GL_TEXTURE_BINDING_2D: *out = ints({name_of(unit.texture_2d)}); return true;
    case GL_TEXTURE_BINDING_3D: *out = ints({name_of(unit.texture_3d)}); return true;
    case GL_TEXTURE_BINDING_2D_ARRAY: *out = ints({name_of(unit.texture_2d_array)}); return true;
    case GL_TEXTURE_BINDING_CUBE_MAP: *out = ints({name_of(unit.texture_cube)}); return true;
    case GL_SAMPLER_BINDING: *out = ints({name_of(unit.sampler)}); return true;
    case GL_ACTIVE_TEXTURE: *out = enum_value(GL_TEXTURE0 + ctx.textures.active); return true;
    case GL_CURRENT_PROGRAM: *out = ints({name_of(ctx.current_program)}); return true;
    case GL_PROGRAM_PIPELINE_BINDING:
      if (!ctx.separate_shader_objects()) return false;
      *out = ints({name_of(ctx.program_pipeline)});
      return true;
    case GL_RENDERBUFFER_BINDING: *out = ints({name_of(ctx.renderbuffer)}); return true;
    case GL_DRAW_FRAMEBUFFER_BINDING: *out = ints({name_of(ctx.draw_framebuffer)}); return true;
    case GL_READ_FRAMEBUFFER_BINDING: *out = ints({name_of(ctx.read_framebuffer)}); return true;
    case GL_READ_BUFFER:
      *out = enum_value(ctx.read_framebuffer ? ctx.read_framebuffer->read_buffer : ctx.default_read_buffer);
      return true;
    default: break;
  }
  if (pname >= GL_DRAW_BUFFER0 && pname < GL_DRAW_BUFFER0 + static_cast<GLenum>(ctx.limits.max_draw_buffers)) {
    const unsigned i = pname - GL_DRAW_BUFFER0;
    if (ctx.draw_framebuffer) *out = enum_value(ctx.draw_framebuffer->draw_buffers[i]);
    else *out = enum_value(i == 0 ? ctx.default_draw_buffer : GL_NONE);
    return true;
  }
  return false;
}

// Fixed-function, pixel and hint state (ES 3.0 tables 6.3, 6.5, 6.6, 6.11, 6.12, 6.16, 6.25).
bool query_fixed_function(Context& ctx, GLenum pname, QueryValue* out) {
  const FixedFunctionState& f = ctx.ff;
  const State& s = ctx.state;
  switch (pname) {
    case GL_VIEWPORT:
      // Index 0's as floats where glViewportIndexedf gave it fractions
      // (GetIntegerv rounds them); glViewport's integers otherwise.
      if (max_viewports(ctx) > 1) *out = floats(f.viewports.viewport[0].data(), 4, false);
      else *out = ints({s.viewport[0], s.viewport[1], s.viewport[2], s.viewport[3]});
      return true;
    case GL_MAX_VIEWPORTS:
      if (max_viewports(ctx) <= 1) return false;
      *out = ints({max_viewports(ctx)});
      return true;
    case GL_VIEWPORT_SUBPIXEL_BITS:
      if (max_viewports(ctx) <= 1) return false;
      *out = ints({0});
      return true;
    case GL_VIEWPORT_BOUNDS_RANGE: {
      if (max_viewports(ctx) <= 1) return false;
      GLfloat b[2];
      viewport_bounds(ctx, b);
      *out = floats(b, 2, false);
      return true;
    }
    case GL_VIEWPORT_INDEX_PROVOKING_VERTEX:
      // Which vertex's gl_ViewportIndex counts is the device's business.
      if (max_viewports(ctx) <= 1) return false;
      *out = enum_value(GL_UNDEFINED_VERTEX);
      return true;
    case GL_SCISSOR_BOX: *out = ints({s.scissor[0], s.scissor[1], s.scissor[2], s.scissor[3]}); return true;
    case GL_COLOR_CLEAR_VALUE: *out = floats(s.clear_color, 4, true); return true;
    case GL_DEPTH_CLEAR_VALUE: *out = floats({s.clear_depth}, true); return true;
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
    case GL_BLEND_SRC_RGB: *out = enum_value(f.blend_eq[0].src_rgb); return true;
    case GL_BLEND_DST_RGB: *out = enum_value(f.blend_eq[0].dst_rgb); return true;
    case GL_BLEND_SRC_ALPHA: *out = enum_value(f.blend_eq[0].src_alpha); return true;
    case GL_BLEND_DST_ALPHA: *out = enum_value(f.blend_eq[0].dst_alpha); return true;
    case GL_BLEND_EQUATION_RGB: *out = enum_value(f.blend_eq[0].rgb); return true;
    case GL_BLEND_EQUATION_ALPHA: *out = enum_value(f.blend_eq[0].alpha); return true;
    case GL_BLEND_COLOR: *out = floats(f.blend_color, 4, true); return true;
    case GL_COLOR_WRITEMASK:
      *out = booleans({f.color_mask[0][0] != 0, f.color_mask[0][1] != 0, f.color_mask[0][2] != 0,
                       f.color_mask[0][3] != 0});
      return true;
    case GL_DEPTH_FUNC: *out = enum_value(f.depth_func); return true;
    case GL_DEPTH_WRITEMASK: *out = booleans({f.depth_mask}); return true;
    case GL_DEPTH_RANGE: *out = floats(f.depth_range, 2, true); return true;
    case GL_STENCIL_FUNC: *out = enum_value(f.stencil_front.func); return true;
    case GL_STENCIL_REF: *out = ints({f.stencil_front.ref}); return true;
    case GL_STENCIL_VALUE_MASK: *out = uint_value(f.stencil_front.value_mask); return true;
    case GL_STENCIL_WRITEMASK: *out = uint_value(f.stencil_front.write_mask); return true;
    case GL_STENCIL_FAIL: *out = enum_value(f.stencil_front.fail); return true;
    case GL_STENCIL_PASS_DEPTH_FAIL: *out = enum_value(f.stencil_front.zfail); return true;
    case GL_STENCIL_PASS_DEPTH_PASS: *out = enum_value(f.stencil_front.zpass); return true;
    case GL_STENCIL_BACK_FUNC: *out = enum_value(f.stencil_back.func); return true;
    case GL_STENCIL_BACK_REF: *out = ints({f.stencil_back.ref}); return true;
    case GL_STENCIL_BACK_VALUE_MASK: *out = uint_value(f.stencil_back.value_mask); return true;
    case GL_STENCIL_BACK_WRITEMASK: *out = uint_value(f.stencil_back.write_mask); return true;
    case GL_STENCIL_BACK_FAIL: *out = enum_value(f.stencil_back.fail); return true;
    case GL_STENCIL_BACK_PASS_DEPTH_FAIL: *out = enum_value(f.stencil_back.zfail); return true;
    case GL_STENCIL_BACK_PASS_DEPTH_PASS: *out = enum_value(f.stencil_back.zpass); return true;
    case GL_CULL_FACE_MODE: *out = enum_value(f.cull_face_mode); return true;
    case GL_FRONT_FACE: *out = enum_value(f.front_face); return true;
    case GL_POLYGON_OFFSET_FACTOR: *out = floats({f.polygon_offset_factor}); return true;
    case GL_POLYGON_OFFSET_UNITS: *out = floats({f.polygon_offset_units}); return true;
    case GL_POLYGON_OFFSET_CLAMP_EXT:
      if (!ctx.has_feature("GL_EXT_polygon_offset_clamp")) return false;
      *out = floats({f.polygon_offset_clamp});
      return true;
    case GL_CLIP_ORIGIN_EXT:
      if (!ctx.has_feature("GL_EXT_clip_control")) return false;
      *out = enum_value(f.clip_origin);
      return true;
    case GL_CLIP_DEPTH_MODE_EXT:
      if (!ctx.has_feature("GL_EXT_clip_control")) return false;
      *out = enum_value(f.clip_depth_mode);
      return true;
    case GL_LINE_WIDTH: *out = floats({f.line_width}); return true;
    case GL_SAMPLE_COVERAGE_VALUE: *out = floats({f.sample_coverage_value}); return true;
    case GL_SAMPLE_COVERAGE_INVERT: *out = booleans({f.sample_coverage_invert}); return true;
    case GL_GENERATE_MIPMAP_HINT: *out = enum_value(s.generate_mipmap_hint); return true;
    case GL_FRAGMENT_SHADER_DERIVATIVE_HINT: *out = enum_value(s.fragment_shader_derivative_hint); return true;
    default: return false;
  }
}

// The legacy state of compatibility contexts (compat/legacy_queries.h).
bool query_legacy(Context& ctx, GLenum pname, QueryValue* out) {
  LegacyQueryValue l;
  if (!legacy_query(ctx, pname, &l)) return false;
  QueryValue q;
  q.kind = l.kind == LegacyQueryValue::Float ? QueryValue::Float
           : l.kind == LegacyQueryValue::Bool ? QueryValue::Bool
                                              : QueryValue::Int;
  q.count = l.count;
  q.mask = l.mask;
  q.normalized = l.normalized;
  for (int k = 0; k < l.count; ++k) {
    q.i[k] = l.i[k];
    q.f[k] = l.f[k];
    q.b[k] = l.b[k];
  }
  *out = q;
  return true;
}

// EXT_texture_integer's only state (no core enum has its value).
constexpr GLenum kRgbaIntegerModeExt = 0x8D9E;

// Desktop core-profile state (api_desktop_state.cpp); false in ES.
bool query_desktop_state(Context& ctx, GLenum pname, QueryValue* out) {
  if (!ctx.desktop()) return false;
  const FixedFunctionState& f = ctx.ff;
  switch (pname) {
    // The core profile has one mode for both faces; the query still
    // answers front and back (GL 4.6 table 23.10).
    case GL_POLYGON_MODE: *out = ints({f.polygon_mode, f.polygon_mode}); return true;
    case GL_PROVOKING_VERTEX: *out = enum_value(f.provoking_vertex); return true;
    case GL_PRIMITIVE_RESTART_INDEX: *out = uint_value(f.primitive_restart_index); return true;
    case GL_POINT_SIZE: *out = floats({f.point_size}); return true;
    case GL_POINT_SIZE_RANGE: *out = floats({1.0f, static_cast<GLfloat>(ctx.limits.max_point_size)}); return true;
    case GL_POINT_SIZE_GRANULARITY: *out = floats({1.0f}); return true;
    // EXT_texture_integer (listed in every desktop context): whether the
    // draw framebuffer takes integer colours, i.e. one of its draw buffers
    // has an integer format.
    case kRgbaIntegerModeExt: {
      bool integer = false;
      ColorBuffer cb;
      for (int i = 0; i < ctx.limits.max_draw_buffers && !integer; ++i)
        integer = draw_color_buffer(ctx, static_cast<unsigned>(i), &cb) && cb.info && cb.info->is_integer();
      *out = booleans({integer});
      return true;
    }
    // ARB_timer_query: the GPU clock now (api_queries.cpp).
    case GL_TIMESTAMP: *out = ints({current_gpu_time(ctx)}); return true;
    // ARB_texture_gather: textureGather reads any of a texel's four
    // components (after the texture's swizzle), as Vulkan's OpImageGather does.
    case GL_MAX_PROGRAM_TEXTURE_GATHER_COMPONENTS_ARB: *out = ints({4}); return true;
    // ARB_shader_subroutine: the compiler's limits (compiler/subroutines.h).
    case GL_MAX_SUBROUTINES:
    case GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS:
      if (ctx.version() < 40 && !ctx.has_extension("GL_ARB_shader_subroutine")) return false;
      *out = ints({static_cast<GLint>(pname == GL_MAX_SUBROUTINES ? compiler::kMaxSubroutines
                                                                   : compiler::kMaxSubroutineUniformLocations)});
      return true;
    // ARB_map_buffer_alignment (GL 4.2): every map's pointer less its
    // offset is a multiple of this (the driver aligns buffers and staging).
    case GL_PACK_IMAGE_HEIGHT: *out = ints({ctx.state.pack_image_height}); return true;
    case GL_PACK_SKIP_IMAGES: *out = ints({ctx.state.pack_skip_images}); return true;
    case GL_UNPACK_COMPRESSED_BLOCK_WIDTH:
    case GL_UNPACK_COMPRESSED_BLOCK_HEIGHT:
    case GL_UNPACK_COMPRESSED_BLOCK_DEPTH:
    case GL_UNPACK_COMPRESSED_BLOCK_SIZE:
      *out = ints({ctx.state.unpack_compressed_block[pname - GL_UNPACK_COMPRESSED_BLOCK_WIDTH]});
      return true;
    case GL_PACK_COMPRESSED_BLOCK_WIDTH:
    case GL_PACK_COMPRESSED_BLOCK_HEIGHT:
    case GL_PACK_COMPRESSED_BLOCK_DEPTH:
    case GL_PACK_COMPRESSED_BLOCK_SIZE:
      *out = ints({ctx.state.pack_compressed_block[pname - GL_PACK_COMPRESSED_BLOCK_WIDTH]});
      return true;
    case GL_MIN_MAP_BUFFER_ALIGNMENT: *out = ints({static_cast<GLint64>(pipe::kMinMapBufferAlignment)}); return true;
    // ARB_transform_feedback3: the binding points gl_NextBuffer may reach
    // and the vertex streams a geometry shader may emit to.
    case GL_MAX_TRANSFORM_FEEDBACK_BUFFERS:
      *out = ints({std::min<GLint>(ctx.limits.max_transform_feedback_separate_attribs, kMaxTransformFeedbackBuffers)});
      return true;
    case GL_MAX_VERTEX_STREAMS: *out = ints({ctx.limits.max_vertex_streams}); return true;
    case GL_MAX_TEXTURE_MAX_ANISOTROPY:
      if (!anisotropic_filtering(ctx)) return false;
      *out = floats({static_cast<GLfloat>(ctx.screen().get_cap(pipe::Cap::MaxSamplerAnisotropy))});
      return true;
    // api_desktop_raster.cpp's state.
    case GL_LOGIC_OP_MODE: *out = enum_value(f.logic_op); return true;
    case GL_POINT_FADE_THRESHOLD_SIZE: *out = floats({f.point_fade_threshold_size}); return true;
    case GL_POINT_SPRITE_COORD_ORIGIN: *out = enum_value(f.point_sprite_coord_origin); return true;
    case GL_CLAMP_READ_COLOR: *out = enum_value(ctx.state.clamp_read_color); return true;
    case GL_DRAW_BUFFER:  // draw buffer 0
      *out = enum_value(ctx.draw_framebuffer ? ctx.draw_framebuffer->draw_buffers[0] : ctx.default_draw_buffer);
      return true;
    // Lines are not antialiased: the smooth range is the aliased one.
    case GL_SMOOTH_LINE_WIDTH_RANGE: *out = floats({1.0f, static_cast<GLfloat>(ctx.limits.max_line_width)}); return true;
    case GL_SMOOTH_LINE_WIDTH_GRANULARITY: *out = floats({1.0f}); return true;
    case GL_LINE_SMOOTH_HINT: *out = enum_value(ctx.state.line_smooth_hint); return true;
    case GL_POLYGON_SMOOTH_HINT: *out = enum_value(ctx.state.polygon_smooth_hint); return true;
    case GL_TEXTURE_COMPRESSION_HINT: *out = enum_value(ctx.state.texture_compression_hint); return true;
    // QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION is not a core-profile state
    // (no quads): INVALID_ENUM.
    default: return false;
  }
}

// Compatibility-profile fixed-function state (gl/compat/state_queries_compat.h).
bool query_compat_state(Context& ctx, GLenum pname, QueryValue* out, GLenum* error) {
  compat::StateQueryValue v;
  if (!compat::query_state(ctx, pname, &v, error)) return false;
  QueryValue q;
  q.kind = v.kind == compat::StateQueryValue::Float ? QueryValue::Float : QueryValue::Int;
  q.normalized = v.normalized;
  q.count = v.count;
  for (int k = 0; k < v.count; ++k) {
    q.i[k] = v.i[k];
    q.f[k] = v.f[k];
  }
  *out = q;
  return true;
}

// The compatibility profile's current values and conventional arrays
// (compat/vertex_arrays_legacy.h).
bool query_compat_vertex_spec(Context& ctx, GLenum pname, QueryValue* out) {
  compat::VertexStateValue v;
  if (!ctx.compatibility() || !compat::vertex_spec_query(ctx, pname, &v)) return false;
  if (v.is_float) {
    *out = floats(v.f, v.count, v.normalized);
  } else {
    *out = QueryValue{};
    for (int k = 0; k < v.count; ++k) out->i[out->count++] = v.i[k];
  }
  return true;
}

// GL_NO_ERROR with *out filled, or the error to record (INVALID_ENUM for an
// unknown pname).
GLenum query(Context& ctx, GLenum pname, QueryValue* out) {
  if (bool* flag = enable_flag(ctx, pname)) {
    *out = booleans({*flag});
    return GL_NO_ERROR;
  }
  if (ctx.compatibility() && query_legacy(ctx, pname, out)) return GL_NO_ERROR;
  if (pname == GL_IMPLEMENTATION_COLOR_READ_FORMAT || pname == GL_IMPLEMENTATION_COLOR_READ_TYPE) {
    if (ctx.read_framebuffer ? check_framebuffer_status(ctx, *ctx.read_framebuffer) != GL_FRAMEBUFFER_COMPLETE
                             : !ctx.read())
      return GL_INVALID_FRAMEBUFFER_OPERATION;
    ColorBuffer cb;
    if (!read_color_buffer(ctx, &cb)) return GL_INVALID_OPERATION;
    const pixel::PixelLayout l = pixel::implementation_color_read_layout(*cb.info, ctx.format_features);
    *out = enum_value(pname == GL_IMPLEMENTATION_COLOR_READ_FORMAT ? l.format : l.type);
    return GL_NO_ERROR;
  }
  // Buffer and vertex array bindings come from the buffer area (buffer.h).
  GLint buffer_value = 0;
  if (query_buffer_state(ctx, pname, &buffer_value)) {
    *out = ints({buffer_value});
    return GL_NO_ERROR;
  }
  // Texture bindings and the active unit come from the texture area (texture.h).
  GLint texture_value = 0;
  if (query_texture_state(ctx, pname, &texture_value)) {
    *out = ints({texture_value});
    return GL_NO_ERROR;
  }
  GLint debug_value = 0;
  if (query_debug_state(ctx, pname, &debug_value) || query_robustness_state(ctx, pname, &debug_value) ||
      compat::query_display_list_state(ctx, pname, &debug_value)) {
    *out = ints({debug_value});
    return GL_NO_ERROR;
  }
  if (GLenum compat_error = GL_NO_ERROR; query_compat_state(ctx, pname, out, &compat_error)) return compat_error;
  if (query_fixed_function(ctx, pname, out) || query_bindings(ctx, pname, out) || query_limits(ctx, pname, out) ||
      query_es31_limits(ctx, pname, out) || query_geometry_limits(ctx, pname, out) ||
      query_tessellation_state(ctx, pname, out) || query_es32_shading_state(ctx, pname, out) ||
      query_framebuffer_bits(ctx, pname, out) || query_desktop_state(ctx, pname, out) ||
      query_compat_vertex_spec(ctx, pname, out))
    return GL_NO_ERROR;
  if (compat::StateAnswer a; ctx.desktop() && compat::query_pixel_state(ctx, pname, &a)) {
    out->kind = a.kind == compat::StateAnswer::Int ? QueryValue::Int
                : a.kind == compat::StateAnswer::Bool ? QueryValue::Bool : QueryValue::Float;
    out->count = a.count;
    out->normalized = a.normalized;
    std::copy(a.f, a.f + a.count, out->f);
    std::copy(a.i, a.i + a.count, out->i);
    std::copy(a.b, a.b + a.count, out->b);
    return GL_NO_ERROR;
  }
  return GL_INVALID_ENUM;
}

// §6.1.2: a normalized float maps [-1,1] onto the full signed 32-bit range,
// other floats round to the nearest integer; values beyond the range clamp.
GLint64 float_to_int(GLfloat v, bool normalized) {
  if (normalized) {
    const double c = std::clamp(static_cast<double>(v), -1.0, 1.0);
    return std::llround(c * 2147483647.0);
  }
  const double r = std::nearbyint(static_cast<double>(v));
  if (!(r == r)) return 0;
  return static_cast<GLint64>(std::clamp(r, -9.2233720368547748e18, 9.2233720368547748e18));
}

GLint clamp_int(GLint64 v) { return static_cast<GLint>(std::clamp<GLint64>(v, INT_MIN, INT_MAX)); }

template <typename T>
void write_values(const QueryValue& q, T* data) {
  for (int k = 0; k < q.count; ++k) {
    if constexpr (std::is_same_v<T, GLboolean>) {
      switch (q.kind) {
        case QueryValue::Int: data[k] = q.i[k] != 0 ? GL_TRUE : GL_FALSE; break;
        case QueryValue::Bool: data[k] = q.b[k] ? GL_TRUE : GL_FALSE; break;
        case QueryValue::Float: data[k] = q.f[k] != 0.0f ? GL_TRUE : GL_FALSE; break;
      }
    } else if constexpr (std::is_same_v<T, GLfloat> || std::is_same_v<T, GLdouble>) {
      switch (q.kind) {
        case QueryValue::Int: data[k] = static_cast<T>(q.i[k]); break;
        case QueryValue::Bool: data[k] = q.b[k] ? T{1} : T{0}; break;
        case QueryValue::Float: data[k] = q.f[k]; break;
      }
    } else {
      GLint64 v = 0;
      switch (q.kind) {
        case QueryValue::Int: v = q.i[k]; break;
        case QueryValue::Bool: v = q.b[k] ? 1 : 0; break;
        case QueryValue::Float: v = float_to_int(q.f[k], q.normalized); break;
      }
      if constexpr (std::is_same_v<T, GLint>) data[k] = q.mask ? static_cast<GLint>(static_cast<GLuint>(v)) : clamp_int(v);
      else data[k] = v;
    }
  }
}

template <typename T>
void get(Context& ctx, GLenum pname, T* data) {
  QueryValue q;
  if (const GLenum e = query(ctx, pname, &q)) return ctx.set_error(e);
  if (data) write_values(q, data);
}

}  // namespace

int draw_buffer_state(Context& ctx, GLenum pname, GLuint index, GLint64 out[4]) {
  switch (pname) {
    case GL_BLEND_EQUATION_RGB: case GL_BLEND_EQUATION_ALPHA: case GL_BLEND_SRC_RGB: case GL_BLEND_SRC_ALPHA:
    case GL_BLEND_DST_RGB: case GL_BLEND_DST_ALPHA: case GL_COLOR_WRITEMASK:
      break;
    default: return -1;
  }
  if (!ctx.has_feature("GL_EXT_draw_buffers_indexed")) {
    ctx.set_error(GL_INVALID_ENUM);
    return 0;
  }
  if (index >= static_cast<GLuint>(ctx.limits.max_draw_buffers)) {
    ctx.set_error(GL_INVALID_VALUE);
    return 0;
  }
  const BlendEquation& e = ctx.ff.blend_eq[index];
  switch (pname) {
    case GL_BLEND_EQUATION_RGB: out[0] = e.rgb; return 1;
    case GL_BLEND_EQUATION_ALPHA: out[0] = e.alpha; return 1;
    case GL_BLEND_SRC_RGB: out[0] = e.src_rgb; return 1;
    case GL_BLEND_SRC_ALPHA: out[0] = e.src_alpha; return 1;
    case GL_BLEND_DST_RGB: out[0] = e.dst_rgb; return 1;
    case GL_BLEND_DST_ALPHA: out[0] = e.dst_alpha; return 1;
    default:
      for (int i = 0; i < 4; ++i) out[i] = ctx.ff.color_mask[index][i] ? 1 : 0;
      return 4;
  }
}

int sample_mask_state(Context& ctx, GLenum pname, GLuint index, GLint64 out[4]) {
  if (pname != GL_SAMPLE_MASK_VALUE || !ctx.es31()) return -1;
  if (index >= static_cast<GLuint>(ctx.limits.max_sample_mask_words) || index >= kMaxSampleMaskWords) {
    ctx.set_error(GL_INVALID_VALUE);
    return 0;
  }
  out[0] = ctx.ff.sample_mask_value[index];
  return 1;
}

GLsizei draw_framebuffer_samples(Context& ctx) {
  if (ctx.draw_framebuffer) {
    // Without attachments, what the defaults rasterize with (ES 3.1 §9.2.1).
    const uint32_t defaults = no_attachment_samples(ctx, *ctx.draw_framebuffer);
    if (defaults) return defaults > 1 ? static_cast<GLsizei>(defaults) : 0;
    return framebuffer_samples(*ctx.draw_framebuffer);
  }
  const Drawable* d = ctx.draw();
  return d && d->samples > 1 ? d->samples : 0;
}

namespace api {

void GetIntegerv(Context& ctx, GLenum pname, GLint* data) { get(ctx, pname, data); }
void GetInteger64v(Context& ctx, GLenum pname, GLint64* data) { get(ctx, pname, data); }
void GetFloatv(Context& ctx, GLenum pname, GLfloat* data) { get(ctx, pname, data); }
void GetBooleanv(Context& ctx, GLenum pname, GLboolean* data) { get(ctx, pname, data); }
// Desktop only: every pname the other getters answer (GL 4.6 §22.1).
void GetDoublev(Context& ctx, GLenum pname, GLdouble* data) { get(ctx, pname, data); }

GLboolean IsEnabledi(Context& ctx, GLenum target, GLuint index) {
  if (target == GL_SCISSOR_TEST && max_viewports(ctx) > 1) {
    GLint64 ints[4] = {};
    GLfloat floats[4] = {};
    bool is_float = false;
    return viewport_indexed_state(ctx, target, index, ints, floats, &is_float) == 1 && ints[0] ? GL_TRUE : GL_FALSE;
  }
  if (target != GL_BLEND) {
    ctx.set_error(GL_INVALID_ENUM);
    return GL_FALSE;
  }
  if (index >= static_cast<GLuint>(ctx.limits.max_draw_buffers)) {
    ctx.set_error(GL_INVALID_VALUE);
    return GL_FALSE;
  }
  return ctx.ff.blend[index] ? GL_TRUE : GL_FALSE;
}

GLboolean IsEnabled(Context& ctx, GLenum cap) {
  if (ctx.compatibility())
    if (const int on = compat::client_array_enabled(ctx, cap); on >= 0) return on ? GL_TRUE : GL_FALSE;
  if (ctx.compatibility() && compat::texture_enable_out_of_range(ctx, cap)) return GL_FALSE;
  bool* flag = enable_flag(ctx, cap);
  if (!flag) {
    ctx.set_error(GL_INVALID_ENUM);
    return GL_FALSE;
  }
  return *flag ? GL_TRUE : GL_FALSE;
}

}  // namespace api
}  // namespace brass::gl
