// glPushAttrib / glPopAttrib (GL 4.6 compatibility §21.6). A push copies the plain-value state structs whole
// (cheap, and a push is never on a draw's path); a pop writes back only
// the groups the push's mask named, and marks dirty what the setters of
// those values mark.
#include "gl/compat/attrib_stack.h"

#include <algorithm>
#include <iterator>

#include "gl/compat/compat_api.h"
#include "gl/context.h"
#include "gl/state_queries.h"
#include "gl/texture_specification.h"
#include "gl/viewport_array.h"

namespace brass::gl {

namespace {

// The texture targets a unit binds, in SavedTextureParams order.
constexpr GLenum kTextureTargets[kSavedTextureTargets] = {
    GL_TEXTURE_1D,       GL_TEXTURE_2D,       GL_TEXTURE_3D,       GL_TEXTURE_1D_ARRAY,
    GL_TEXTURE_2D_ARRAY, GL_TEXTURE_RECTANGLE, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_ARRAY,
    GL_TEXTURE_BUFFER,   GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY};

// Caps ENABLE_BIT saves that are not per texture unit. BLEND and
// SCISSOR_TEST are per draw buffer / viewport and saved with ff.
constexpr GLenum kEnableCaps[] = {
    GL_CULL_FACE, GL_DEPTH_TEST, GL_DITHER, GL_POLYGON_OFFSET_FILL, GL_SAMPLE_ALPHA_TO_COVERAGE,
    GL_SAMPLE_COVERAGE, GL_SAMPLE_MASK, GL_STENCIL_TEST, GL_SAMPLE_SHADING, GL_CLIP_DISTANCE0, GL_CLIP_DISTANCE1,
    GL_CLIP_DISTANCE2, GL_CLIP_DISTANCE3, GL_CLIP_DISTANCE4, GL_CLIP_DISTANCE5, GL_CLIP_DISTANCE6,
    GL_CLIP_DISTANCE7, GL_DEPTH_CLAMP, GL_PROGRAM_POINT_SIZE, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_COLOR_LOGIC_OP,
    GL_LINE_SMOOTH, GL_POLYGON_SMOOTH, GL_MULTISAMPLE, GL_SAMPLE_ALPHA_TO_ONE, GL_FRAMEBUFFER_SRGB,
    // Compatibility-profile caps (their owners answer enable_flag for them).
    GL_ALPHA_TEST, GL_AUTO_NORMAL, GL_COLOR_MATERIAL, GL_COLOR_SUM, GL_FOG, GL_LIGHTING, GL_LIGHT0, GL_LIGHT0 + 1,
    GL_LIGHT0 + 2, GL_LIGHT0 + 3, GL_LIGHT0 + 4, GL_LIGHT0 + 5, GL_LIGHT0 + 6, GL_LIGHT0 + 7, GL_LINE_STIPPLE,
    GL_MAP1_COLOR_4, GL_MAP1_INDEX, GL_MAP1_NORMAL, GL_MAP1_TEXTURE_COORD_1, GL_MAP1_TEXTURE_COORD_2,
    GL_MAP1_TEXTURE_COORD_3, GL_MAP1_TEXTURE_COORD_4, GL_MAP1_VERTEX_3, GL_MAP1_VERTEX_4, GL_MAP2_COLOR_4,
    GL_MAP2_INDEX, GL_MAP2_NORMAL, GL_MAP2_TEXTURE_COORD_1, GL_MAP2_TEXTURE_COORD_2, GL_MAP2_TEXTURE_COORD_3,
    GL_MAP2_TEXTURE_COORD_4, GL_MAP2_VERTEX_3, GL_MAP2_VERTEX_4, GL_NORMALIZE, GL_POINT_SMOOTH, GL_POINT_SPRITE,
    GL_POLYGON_OFFSET_POINT, GL_POLYGON_OFFSET_LINE, GL_POLYGON_STIPPLE, GL_RESCALE_NORMAL,
    GL_VERTEX_PROGRAM_TWO_SIDE, GL_INDEX_LOGIC_OP};

// Per texture unit caps (fixed-function texturing and texture coordinate
// generation).
constexpr GLenum kUnitEnableCaps[] = {GL_TEXTURE_1D,  GL_TEXTURE_2D,    GL_TEXTURE_3D,    GL_TEXTURE_CUBE_MAP,
                                      GL_TEXTURE_RECTANGLE, GL_TEXTURE_GEN_S, GL_TEXTURE_GEN_T, GL_TEXTURE_GEN_R,
                                      GL_TEXTURE_GEN_Q};
// Fixed-function texture units whose enables are saved (MAX_TEXTURE_UNITS
// and MAX_TEXTURE_COORDS are at most this).
constexpr unsigned kLegacyTextureUnits = 8;

void save_enables(Context& ctx, AttribSnapshot& s) {
  s.enables.clear();
  for (GLenum cap : kEnableCaps)
    if (bool* flag = enable_flag(ctx, cap)) s.enables.push_back({cap, 0xFFFF, *flag});
  const GLuint active = ctx.textures.active;
  for (unsigned unit = 0; unit < kLegacyTextureUnits; ++unit) {
    ctx.textures.active = unit;
    for (GLenum cap : kUnitEnableCaps)
      if (bool* flag = enable_flag(ctx, cap)) s.enables.push_back({cap, static_cast<uint16_t>(unit), *flag});
  }
  ctx.textures.active = active;
}

void restore_enables(Context& ctx, const AttribSnapshot& s) {
  const GLuint active = ctx.textures.active;
  for (const AttribSnapshot::SavedEnable& e : s.enables) {
    ctx.textures.active = e.unit == 0xFFFF ? active : e.unit;
    uint32_t dirty = 0;
    bool* flag = enable_flag(ctx, e.cap, &dirty);
    if (!flag || *flag == e.on) continue;
    *flag = e.on;
    ctx.dirty(dirty);
  }
  ctx.textures.active = active;
  // Per draw buffer blending and per viewport scissor testing.
  if (ctx.ff.blend != s.ff.blend) {
    ctx.ff.blend = s.ff.blend;
    ctx.dirty(kDirtyBlend);
  }
  for (GLuint i = 0; i < max_viewports(ctx); ++i) {
    const bool on = (s.ff.viewports.scissor_test >> i) & 1u;
    if (((ctx.ff.viewports.scissor_test >> i) & 1u) != static_cast<uint32_t>(on)) set_scissor_test(ctx, i, 1, on);
  }
}

// The draw / read buffers of a framebuffer (null: the default one).
void save_buffers(Context& ctx, AttribSnapshot& s) {
  s.draw_framebuffer_name = ctx.draw_framebuffer ? ctx.draw_framebuffer->name() : 0;
  s.read_framebuffer_name = ctx.read_framebuffer ? ctx.read_framebuffer->name() : 0;
  s.draw_buffers.fill(GL_NONE);
  if (ctx.draw_framebuffer) {
    for (size_t i = 0; i < s.draw_buffers.size() && i < ctx.draw_framebuffer->draw_buffers.size(); ++i)
      s.draw_buffers[i] = ctx.draw_framebuffer->draw_buffers[i];
  } else {
    s.draw_buffers[0] = ctx.default_draw_buffer;
  }
  s.read_buffer = ctx.read_framebuffer ? ctx.read_framebuffer->read_buffer : ctx.default_read_buffer;
}

// Draw buffers are framebuffer state: they go back only into the
// framebuffer they were saved from, while it is still bound (another one's
// attachments may not take those names).
void restore_draw_buffers(Context& ctx, const AttribSnapshot& s) {
  const GLuint bound = ctx.draw_framebuffer ? ctx.draw_framebuffer->name() : 0;
  if (bound != s.draw_framebuffer_name) return;
  if (ctx.draw_framebuffer) {
    auto& db = ctx.draw_framebuffer->draw_buffers;
    for (size_t i = 0; i < db.size(); ++i) db[i] = i < s.draw_buffers.size() ? s.draw_buffers[i] : GL_NONE;
  } else {
    ctx.default_draw_buffer = s.draw_buffers[0];
  }
  ctx.dirty(kDirtyFramebuffer);
}

void restore_read_buffer(Context& ctx, const AttribSnapshot& s) {
  const GLuint bound = ctx.read_framebuffer ? ctx.read_framebuffer->name() : 0;
  if (bound != s.read_framebuffer_name) return;
  if (ctx.read_framebuffer) ctx.read_framebuffer->read_buffer = s.read_buffer;
  else ctx.default_read_buffer = s.read_buffer;
}

void save_textures(Context& ctx, AttribSnapshot& s) {
  s.active_texture = ctx.textures.active;
  const unsigned units =
      std::min<unsigned>(static_cast<unsigned>(ctx.limits.max_combined_texture_image_units), kMaxTextureUnits);
  s.texture_units.resize(units);
  for (unsigned u = 0; u < units; ++u) {
    for (int t = 0; t < kSavedTextureTargets; ++t) {
      SavedTextureParams& p = s.texture_units[u][t];
      const Binding<Texture>& b = api::spec::binding_point(ctx.textures.units[u], kTextureTargets[t]);
      p.texture = b;
      const Texture* tex = b ? b.get() : nullptr;
      if (!tex) continue;
      p.sampler = tex->sampler;
      p.base_level = tex->base_level;
      p.max_level = tex->max_level;
      std::copy(std::begin(tex->swizzle), std::end(tex->swizzle), std::begin(p.swizzle));
      p.depth_stencil_mode = tex->depth_stencil_mode;
    }
  }
}

// A saved texture goes back only while its name still names it (it may
// have been deleted since); otherwise the unit gets the default texture,
// as deleting a bound texture does.
void restore_textures(Context& ctx, const AttribSnapshot& s) {
  for (size_t u = 0; u < s.texture_units.size(); ++u) {
    for (int t = 0; t < kSavedTextureTargets; ++t) {
      const SavedTextureParams& p = s.texture_units[u][t];
      Ref<Texture> tex = p.texture;
      if (tex && ctx.share_group().textures.lookup(tex->name()).get() != tex.get()) tex = nullptr;
      Binding<Texture>& b = api::spec::binding_point(ctx.textures.units[u], kTextureTargets[t]);
      if (b.get() != tex.get()) b = tex;
      if (!tex) continue;
      Texture& x = *tex;
      x.sampler = p.sampler;
      x.base_level = p.base_level;
      x.max_level = p.max_level;
      std::copy(std::begin(p.swizzle), std::end(p.swizzle), std::begin(x.swizzle));
      x.depth_stencil_mode = p.depth_stencil_mode;
      x.changed();
    }
  }
  ctx.textures.active = s.active_texture;
  ctx.dirty(kDirtyTextures | kDirtyImages);
}

void save_compat_groups(Context& ctx, AttribSnapshot& s) {
  s.current = ctx.vertex_spec.current;
  s.generic_current = ctx.generic_attribs;
  const compat::FixedState& c = ctx.compat_state;
  s.lighting = c.lighting;
  s.fog = c.fog;
  s.matrix_mode = c.matrices.mode();
  s.clip_planes = c.clip_planes;
  s.texgen = c.texgen;
  s.texenv = c.texenv;
  s.texture_lod_bias = c.texture_lod_bias;
  s.alpha_test = c.alpha_test;
  s.point = c.point;
  const compat::PixelState& px = ctx.compat_pixels;
  s.raster_position = px.raster;
  if (s.mask & GL_PIXEL_MODE_BIT) {  // the maps may be large: only when asked
    s.pixel_transfer = px.transfer;
    s.pixel_maps = px.maps;
  }
  s.zoom[0] = px.zoom_x;
  s.zoom[1] = px.zoom_y;
  std::copy(std::begin(px.accum_clear), std::end(px.accum_clear), std::begin(s.accum_clear));
  s.clamp_vertex_color = px.clamp_vertex_color;
  s.clamp_fragment_color = px.clamp_fragment_color;
}

// The compat modules' groups; any change goes through their change
// tracking (compat_api.h: the program is chosen again, uniforms rewritten).
void restore_compat_groups(Context& ctx, const AttribSnapshot& s) {
  const GLbitfield m = s.mask;
  compat::FixedState& c = ctx.compat_state;
  compat::PixelState& px = ctx.compat_pixels;
  if (m & GL_PIXEL_MODE_BIT) {
    px.transfer = s.pixel_transfer;
    px.maps = s.pixel_maps;
    px.zoom_x = s.zoom[0];
    px.zoom_y = s.zoom[1];
  }
  if (m & GL_ACCUM_BUFFER_BIT) std::copy(std::begin(s.accum_clear), std::end(s.accum_clear), std::begin(px.accum_clear));
  if (m & GL_LIGHTING_BIT) px.clamp_vertex_color = s.clamp_vertex_color;
  if (m & GL_COLOR_BUFFER_BIT) px.clamp_fragment_color = s.clamp_fragment_color;
  if (m & GL_CURRENT_BIT) {
    px.raster = s.raster_position;
    ctx.vertex_spec.current = s.current;
    ctx.generic_attribs = s.generic_current;
    ctx.vertex_input.generic_dirty = true;
  }
  const GLbitfield fixed = GL_LIGHTING_BIT | GL_FOG_BIT | GL_TRANSFORM_BIT | GL_TEXTURE_BIT | GL_COLOR_BUFFER_BIT |
                           GL_POINT_BIT;
  if (!(m & fixed)) return;
  if (m & GL_LIGHTING_BIT) {
    // NORMALIZE and RESCALE_NORMAL belong to the transform group.
    const bool normalize = c.lighting.normalize, rescale = c.lighting.rescale_normal;
    c.lighting = s.lighting;
    c.lighting.normalize = normalize;
    c.lighting.rescale_normal = rescale;
  }
  if (m & GL_FOG_BIT) c.fog = s.fog;
  if (m & GL_TRANSFORM_BIT) {
    c.matrices.set_mode(s.matrix_mode);
    c.clip_planes = s.clip_planes;
    c.lighting.normalize = s.lighting.normalize;
    c.lighting.rescale_normal = s.lighting.rescale_normal;
  }
  if (m & GL_TEXTURE_BIT) {
    c.texgen = s.texgen;
    // COORD_REPLACE is point state.
    for (size_t u = 0; u < c.texenv.size(); ++u) {
      const bool replace = c.texenv[u].coord_replace;
      c.texenv[u] = s.texenv[u];
      c.texenv[u].coord_replace = replace;
    }
    c.texture_lod_bias = s.texture_lod_bias;
  }
  if (m & GL_COLOR_BUFFER_BIT) c.alpha_test = s.alpha_test;
  if (m & GL_POINT_BIT) {
    c.point = s.point;
    for (size_t u = 0; u < c.texenv.size(); ++u) c.texenv[u].coord_replace = s.texenv[u].coord_replace;
  }
  compat::modes_changed(ctx);
  ctx.dirty(kDirtyTextures);  // LOD biases are part of the sampler states
}

void restore_groups(Context& ctx, const AttribSnapshot& s) {
  FixedFunctionState& f = ctx.ff;
  const FixedFunctionState& o = s.ff;
  LegacyRasterState& r = ctx.legacy.raster;
  const LegacyRasterState& ro = s.raster;
  const GLbitfield m = s.mask;
  if (m & GL_DEPTH_BUFFER_BIT) {
    f.depth_test = o.depth_test;
    f.depth_func = o.depth_func;
    f.depth_mask = o.depth_mask;
    ctx.state.clear_depth = s.clear_depth;
    ctx.dirty(kDirtyDepthStencil);
  }
  if (m & GL_STENCIL_BUFFER_BIT) {
    f.stencil_test = o.stencil_test;
    f.stencil_front = o.stencil_front;
    f.stencil_back = o.stencil_back;
    ctx.state.clear_stencil = s.clear_stencil;
    ctx.dirty(kDirtyDepthStencil | kDirtyStencilRef);
  }
  if (m & GL_VIEWPORT_BIT) {
    const GLuint n = max_viewports(ctx);
    set_viewports(ctx, 0, static_cast<GLsizei>(n), o.viewports.viewport[0].data());
    set_depth_ranges(ctx, 0, static_cast<GLsizei>(n), o.viewports.depth_range[0].data());
  }
  if (m & GL_SCISSOR_BIT) {
    const GLuint n = max_viewports(ctx);
    set_scissors(ctx, 0, static_cast<GLsizei>(n), o.viewports.scissor[0].data());
    for (GLuint i = 0; i < n; ++i) set_scissor_test(ctx, i, 1, (o.viewports.scissor_test >> i) & 1u);
  }
  if (m & GL_COLOR_BUFFER_BIT) {
    f.blend = o.blend;
    f.blend_eq = o.blend_eq;
    f.advanced_equation_chosen = f.advanced_equation_chosen || o.advanced_equation_chosen;
    std::copy(std::begin(o.blend_color), std::end(o.blend_color), std::begin(f.blend_color));
    f.blend_advanced_coherent = o.blend_advanced_coherent;
    f.color_mask = o.color_mask;
    f.dither = o.dither;
    f.color_logic_op = o.color_logic_op;
    f.logic_op = o.logic_op;
    if (f.framebuffer_srgb != o.framebuffer_srgb) {
      f.framebuffer_srgb = o.framebuffer_srgb;
      ctx.dirty(kDirtyFramebuffer);
    }
    std::copy(std::begin(s.clear_color), std::end(s.clear_color), std::begin(ctx.state.clear_color));
    ctx.state.clamp_read_color = s.clamp_read_color;
    r.index_writemask = ro.index_writemask;
    r.index_logic_op = ro.index_logic_op;
    r.clear_index = ro.clear_index;
    restore_draw_buffers(ctx, s);
    ctx.dirty(kDirtyBlend | kDirtyBlendColor);
  }
  if (m & GL_POLYGON_BIT) {
    f.cull_face = o.cull_face;
    f.cull_face_mode = o.cull_face_mode;
    f.front_face = o.front_face;
    f.polygon_mode = o.polygon_mode;
    f.polygon_smooth = o.polygon_smooth;
    f.polygon_offset_fill = o.polygon_offset_fill;
    f.polygon_offset_factor = o.polygon_offset_factor;
    f.polygon_offset_units = o.polygon_offset_units;
    f.polygon_offset_clamp = o.polygon_offset_clamp;
    f.polygon_mode_back = o.polygon_mode_back;
    f.polygon_offset_point = o.polygon_offset_point;
    f.polygon_offset_line = o.polygon_offset_line;
    if (r.polygon_stipple != ro.polygon_stipple) {
      r.polygon_stipple = ro.polygon_stipple;
      ctx.dirty(kDirtyProgram);  // the stipple test is part of the fragment shader
    }
    ctx.dirty(kDirtyRasterizer);
  }
  if (m & GL_POLYGON_STIPPLE_BIT) {
    r.polygon_stipple_mask = ro.polygon_stipple_mask;
    ctx.dirty(kDirtyUniforms);
  }
  if (m & GL_LINE_BIT) {
    f.line_width = o.line_width;
    f.line_smooth = o.line_smooth;
    r.line_stipple = ro.line_stipple;
    r.line_stipple_pattern = ro.line_stipple_pattern;
    r.line_stipple_repeat = ro.line_stipple_repeat;
    ctx.dirty(kDirtyRasterizer);
  }
  if (m & GL_POINT_BIT) {
    f.point_size = o.point_size;
    f.point_fade_threshold_size = o.point_fade_threshold_size;
    if (f.point_sprite_coord_origin != o.point_sprite_coord_origin) {
      f.point_sprite_coord_origin = o.point_sprite_coord_origin;
      ctx.dirty(kDirtyProgram);
    }
    ctx.dirty(kDirtyRasterizer);
  }
  if (m & GL_MULTISAMPLE_BIT) {
    f.multisample = o.multisample;
    f.sample_alpha_to_coverage = o.sample_alpha_to_coverage;
    f.sample_alpha_to_one = o.sample_alpha_to_one;
    f.sample_coverage = o.sample_coverage;
    f.sample_coverage_value = o.sample_coverage_value;
    f.sample_coverage_invert = o.sample_coverage_invert;
    f.sample_shading = o.sample_shading;
    f.min_sample_shading = o.min_sample_shading;
    f.sample_mask = o.sample_mask;
    f.sample_mask_value = o.sample_mask_value;
    ctx.dirty(kDirtyBlend | kDirtySampleMask | kDirtyRasterizer);
  }
  if (m & GL_TRANSFORM_BIT) {
    f.depth_clamp = o.depth_clamp;
    f.clip_origin = o.clip_origin;
    f.clip_depth_mode = o.clip_depth_mode;
    if (f.clip_distance != o.clip_distance) {
      f.clip_distance = o.clip_distance;
      ctx.dirty(kDirtyProgram);
    }
    ctx.dirty(kDirtyRasterizer | kDirtyViewport);
  }
  if (m & GL_HINT_BIT) {
    ctx.state.generate_mipmap_hint = s.generate_mipmap_hint;
    ctx.state.fragment_shader_derivative_hint = s.fragment_shader_derivative_hint;
    ctx.state.line_smooth_hint = s.line_smooth_hint;
    ctx.state.polygon_smooth_hint = s.polygon_smooth_hint;
    ctx.state.texture_compression_hint = s.texture_compression_hint;
    r.perspective_correction_hint = ro.perspective_correction_hint;
    r.point_smooth_hint = ro.point_smooth_hint;
    r.fog_hint = ro.fog_hint;
  }
  if (m & GL_EVAL_BIT) {
    EvaluatorState& e = ctx.legacy.eval;
    e.map1_enabled = s.map1_enabled;
    e.map2_enabled = s.map2_enabled;
    e.auto_normal = s.auto_normal;
    e.grid1_n = s.grid1_n;
    e.grid1_u1 = s.grid1[0];
    e.grid1_u2 = s.grid1[1];
    e.grid2_un = s.grid2_un;
    e.grid2_vn = s.grid2_vn;
    e.grid2_u1 = s.grid2[0];
    e.grid2_u2 = s.grid2[1];
    e.grid2_v1 = s.grid2[2];
    e.grid2_v2 = s.grid2[3];
  }
  if (m & GL_LIST_BIT) ctx.display_lists.list_base = s.list_base;
  restore_compat_groups(ctx, s);
  if (m & GL_PIXEL_MODE_BIT) restore_read_buffer(ctx, s);
  if (m & GL_TEXTURE_BIT) restore_textures(ctx, s);
  // Last: the enables some groups above also restored have the same saved
  // values; this adds the ones only ENABLE_BIT covers.
  if (m & GL_ENABLE_BIT) restore_enables(ctx, s);
}

}  // namespace

void push_attrib(Context& ctx, GLbitfield mask) {
  auto& stack = ctx.legacy.attrib_stack;
  if (stack.size() >= static_cast<size_t>(kMaxAttribStackDepth)) return ctx.set_error(GL_STACK_OVERFLOW);
  auto snap = std::make_unique<AttribSnapshot>();
  AttribSnapshot& s = *snap;
  s.mask = mask;
  s.ff = ctx.ff;
  s.raster = ctx.legacy.raster;
  std::copy(std::begin(ctx.state.clear_color), std::end(ctx.state.clear_color), std::begin(s.clear_color));
  s.clear_depth = ctx.state.clear_depth;
  s.clear_stencil = ctx.state.clear_stencil;
  s.generate_mipmap_hint = ctx.state.generate_mipmap_hint;
  s.fragment_shader_derivative_hint = ctx.state.fragment_shader_derivative_hint;
  s.line_smooth_hint = ctx.state.line_smooth_hint;
  s.polygon_smooth_hint = ctx.state.polygon_smooth_hint;
  s.texture_compression_hint = ctx.state.texture_compression_hint;
  s.clamp_read_color = ctx.state.clamp_read_color;
  const EvaluatorState& e = ctx.legacy.eval;
  s.map1_enabled = e.map1_enabled;
  s.map2_enabled = e.map2_enabled;
  s.auto_normal = e.auto_normal;
  s.grid1_n = e.grid1_n;
  s.grid1[0] = e.grid1_u1;
  s.grid1[1] = e.grid1_u2;
  s.grid2_un = e.grid2_un;
  s.grid2_vn = e.grid2_vn;
  s.grid2[0] = e.grid2_u1;
  s.grid2[1] = e.grid2_u2;
  s.grid2[2] = e.grid2_v1;
  s.grid2[3] = e.grid2_v2;
  s.list_base = ctx.display_lists.list_base;
  save_compat_groups(ctx, s);
  if (mask & GL_ENABLE_BIT) save_enables(ctx, s);
  if (mask & (GL_COLOR_BUFFER_BIT | GL_PIXEL_MODE_BIT)) save_buffers(ctx, s);
  if (mask & GL_TEXTURE_BIT) save_textures(ctx, s);
  stack.push_back(std::move(snap));
}

void pop_attrib(Context& ctx) {
  auto& stack = ctx.legacy.attrib_stack;
  if (stack.empty()) return ctx.set_error(GL_STACK_UNDERFLOW);
  std::unique_ptr<AttribSnapshot> s = std::move(stack.back());
  stack.pop_back();
  restore_groups(ctx, *s);
}

}  // namespace brass::gl
