// Pixel rectangles drawn as textured window-aligned quads (see the header).
#include "gl/compat/pixel_rect_draw.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "compiler/compiler.h"
#include "gl/compat/pixel_state.h"
#include "gl/context.h"
#include "gl/program_link.h"
#include "gl/program_util.h"
#include "gl/texture_storage.h"
#include "gl/viewport_array.h"
#include "gl_functions.h"
#include "util/log.h"

namespace brass::gl::compat {

// The objects the pixel rectangle commands draw with, made at the first
// use: none of them has a name, so the application's namespaces never see
// them.
struct PixelRectObjects {
  // One program per RectKind; null when its link failed (logged once).
  std::array<Ref<Program>, 3> programs;
  std::array<bool, 3> tried{};
  Ref<Texture> texture;  // TEXTURE_2D, one level, nearest, clamped
  Ref<VertexArray> vao;  // client arrays into the vertices below
  // Per vertex of the strip: window-derived clip position and texture
  // coordinate; the colour is one value for all (stride 0).
  std::array<std::array<GLfloat, 4>, 4> position{};
  std::array<std::array<GLfloat, 2>, 4> texcoord{};
  std::array<GLfloat, 4> color{};
};

namespace {

constexpr GLuint kPositionLocation = 0, kTexcoordLocation = 1, kColorLocation = 2;

// GLSL 1.30: gl_FragColor writes every draw buffer, as a pixel
// rectangle's colour does (§17.4.1 with §18.1.5).
constexpr const char* kVertexSource = R"(#version 130
in vec4 brass_rect_position;
in vec2 brass_rect_texcoord;
in vec4 brass_rect_color;
out vec2 brass_rect_tc;
out vec4 brass_rect_col;
void main() {
  gl_Position = brass_rect_position;
  brass_rect_tc = brass_rect_texcoord;
  brass_rect_col = brass_rect_color;
}
)";

const char* fragment_source(RectKind kind) {
  switch (kind) {
    case RectKind::Color:
      return R"(#version 130
uniform sampler2D brass_rect_image;
in vec2 brass_rect_tc;
in vec4 brass_rect_col;
void main() { gl_FragColor = texture(brass_rect_image, brass_rect_tc); }
)";
    case RectKind::Depth:
      return R"(#version 130
uniform sampler2D brass_rect_image;
in vec2 brass_rect_tc;
in vec4 brass_rect_col;
void main() {
  gl_FragDepth = texture(brass_rect_image, brass_rect_tc).r;
  gl_FragColor = brass_rect_col;
}
)";
    case RectKind::Bitmap:
      return R"(#version 130
uniform sampler2D brass_rect_image;
in vec2 brass_rect_tc;
in vec4 brass_rect_col;
void main() {
  if (texture(brass_rect_image, brass_rect_tc).r < 0.5) discard;
  gl_FragColor = brass_rect_col;
}
)";
  }
  return "";
}

// Compiles one stage as glCompileShader would for this context.
Ref<Shader> compile_internal(Context& ctx, GLenum type, const char* source) {
  Ref<Shader> s = make_ref<Shader>(0u, type);
  s->source = source;
  compiler::CompileOptions options;
  options.api = compiler::Api::GL;
  options.unexposed_extensions = ctx.unexposed_glsl_extensions();
  options.limits = shader_limits(ctx);
  compiler::CompileResult r = compiler::compile_shader({to_compiler_stage(type), s->source}, options);
  s->compiled = r.ok;
  s->info_log = std::move(r.info_log);
  if (r.ok) s->compiled_source = s->source;
  return s;
}

Program* program_for(Context& ctx, PixelRectObjects& o, RectKind kind) {
  const size_t k = static_cast<size_t>(kind);
  if (o.tried[k]) return o.programs[k].get();
  o.tried[k] = true;
  Ref<Shader> vs = compile_internal(ctx, GL_VERTEX_SHADER, kVertexSource);
  Ref<Shader> fs = compile_internal(ctx, GL_FRAGMENT_SHADER, fragment_source(kind));
  if (!vs->compiled || !fs->compiled) {
    BRASS_ERROR("pixel rectangle shader failed to compile: %s%s", vs->info_log.c_str(), fs->info_log.c_str());
    return nullptr;
  }
  Ref<Program> p = make_ref<Program>(0u);
  p->attrib_bindings["brass_rect_position"] = kPositionLocation;
  p->attrib_bindings["brass_rect_texcoord"] = kTexcoordLocation;
  p->attrib_bindings["brass_rect_color"] = kColorLocation;
  for (const Ref<Shader>& s : {vs, fs}) {
    p->attached.push_back(s);
    ++s->attached_count;
  }
  std::string log;
  std::shared_ptr<LinkedProgram> lp = link(ctx, *p, &log);
  if (!lp) {
    BRASS_ERROR("pixel rectangle program failed to link: %s", log.c_str());
    return nullptr;
  }
  p->set_link_result(std::move(lp), std::string());
  o.programs[k] = p;
  return p.get();
}

PixelRectObjects& objects(Context& ctx) {
  std::shared_ptr<PixelRectObjects>& o = ctx.compat_pixels.objects;
  if (!o) {
    o = std::make_shared<PixelRectObjects>();
    o->texture = make_ref<Texture>(0u);
    set_texture_target(*o->texture, GL_TEXTURE_2D);
    SamplerParams& sp = o->texture->sampler;
    sp.min_filter = sp.mag_filter = GL_NEAREST;
    sp.wrap_s = sp.wrap_t = sp.wrap_r = GL_CLAMP_TO_EDGE;
    o->texture->max_level = 0;
    o->vao = make_ref<VertexArray>(0u);
    VertexArray& v = *o->vao;
    // Client arrays: a binding with no buffer reads the address in its
    // offset (vertex_array.h); stride 0 repeats one colour for every vertex.
    auto client_array = [&v](GLuint index, GLint size, const void* data, GLsizei stride) {
      v.attribs[index].enabled = true;
      v.attribs[index].size = size;
      v.attribs[index].type = GL_FLOAT;
      v.attribs[index].binding = index;
      v.attribs[index].stride = stride;
      v.attribs[index].pointer = data;
      v.bindings[index].offset = reinterpret_cast<GLintptr>(data);
      v.bindings[index].stride = stride;
      v.enabled_mask |= 1u << index;
    };
    client_array(kPositionLocation, 4, o->position.data(), sizeof(o->position[0]));
    client_array(kTexcoordLocation, 2, o->texcoord.data(), sizeof(o->texcoord[0]));
    client_array(kColorLocation, 4, o->color.data(), 0);
  }
  return *o;
}

const pixel::InternalFormatInfo* texel_format(RectKind kind) {
  switch (kind) {
    case RectKind::Color: return pixel::find_internal_format(GL_RGBA32F);
    case RectKind::Depth: return pixel::find_internal_format(GL_R32F);
    case RectKind::Bitmap: return pixel::find_internal_format(GL_R8);
  }
  return nullptr;
}
uint32_t texel_bytes(RectKind kind) { return kind == RectKind::Color ? 16u : kind == RectKind::Depth ? 4u : 1u; }

// The application state the draw replaces, restored by the destructor.
class StateSwap {
 public:
  StateSwap(Context& ctx, Program* program, Texture* texture, VertexArray* vao, const GLfloat viewport[4])
      : ctx_(ctx) {
    program_ = ctx.current_program;
    executable_ = std::move(ctx.current_executable);
    ctx.current_program = Ref<Program>::share(program);
    ctx.current_executable = program->executable();
    vao_ = ctx.vertex_array;
    ctx.vertex_array = Ref<VertexArray>::share(vao);
    TextureUnit& u = ctx.textures.units[0];
    texture_ = u.texture_2d;
    sampler_ = u.sampler;
    u.texture_2d = Ref<Texture>::share(texture);
    u.sampler = nullptr;
    FixedFunctionState& f = ctx.ff;
    cull_ = f.cull_face;
    offset_ = f.polygon_offset_fill;
    polygon_mode_ = f.polygon_mode;
    f.cull_face = false;
    f.polygon_offset_fill = false;
    f.polygon_mode = GL_FILL;
    const ViewportArrays& va = f.viewports;
    viewport_ = va.viewport[0];
    depth_range_ = va.depth_range[0];
    set_viewports(ctx, 0, 1, viewport);
    const GLfloat unit_range[2] = {0.0f, 1.0f};
    set_depth_ranges(ctx, 0, 1, unit_range);
    ctx.dirty(kChanged);
  }
  ~StateSwap() {
    ctx_.current_program = std::move(program_);
    ctx_.current_executable = std::move(executable_);
    ctx_.vertex_array = std::move(vao_);
    TextureUnit& u = ctx_.textures.units[0];
    u.texture_2d = std::move(texture_);
    u.sampler = std::move(sampler_);
    FixedFunctionState& f = ctx_.ff;
    f.cull_face = cull_;
    f.polygon_offset_fill = offset_;
    f.polygon_mode = polygon_mode_;
    set_viewports(ctx_, 0, 1, viewport_.data());
    set_depth_ranges(ctx_, 0, 1, depth_range_.data());
    ctx_.dirty(kChanged);
  }
  StateSwap(const StateSwap&) = delete;
  StateSwap& operator=(const StateSwap&) = delete;

 private:
  // Everything a program change reaches, the vertex input, textures and
  // the rasterizer state.
  static constexpr uint32_t kChanged = kDirtyProgram | kDirtyUniforms | kDirtyVertexInput | kDirtyTextures |
                                       kDirtyUniformBuffers | kDirtyStorageBuffers | kDirtyImages |
                                       kDirtyRasterizer | kDirtyViewport | kDirtyTransformFeedback;
  Context& ctx_;
  Binding<Program> program_;
  std::shared_ptr<LinkedProgram> executable_;
  Binding<VertexArray> vao_;
  Binding<Texture> texture_;
  Binding<Sampler> sampler_;
  bool cull_ = false, offset_ = false;
  GLenum polygon_mode_ = GL_FILL;
  std::array<GLfloat, 4> viewport_{};
  std::array<GLfloat, 2> depth_range_{};
};

}  // namespace

void draw_pixel_rect(Context& ctx, const PixelRect& rect) {
  if (rect.width == 0 || rect.height == 0) return;
  // The viewport spans the largest framebuffer there can be, so window
  // coordinates map to clip coordinates without the clip volume cutting
  // the rectangle (pixel rectangles are not clipped by the viewport, only
  // owned and scissored).
  const GLfloat fb_w = static_cast<GLfloat>(ctx.limits.max_viewport_dims[0]);
  const GLfloat fb_h = static_cast<GLfloat>(ctx.limits.max_viewport_dims[1]);
  PixelRectObjects& o = objects(ctx);
  Program* program = program_for(ctx, o, rect.kind);
  if (!program) return ctx.set_error(GL_OUT_OF_MEMORY);
  const pixel::InternalFormatInfo* info = texel_format(rect.kind);
  Texture& tex = *o.texture;
  const GLfloat viewport[4] = {0, 0, fb_w, fb_h};
  const bool upper_left = ctx.ff.clip_origin == GL_UPPER_LEFT_EXT;
  const bool zero_to_one = ctx.ff.clip_depth_mode == GL_ZERO_TO_ONE_EXT;
  const GLfloat z = std::clamp(rect.z, 0.0f, 1.0f);
  const GLfloat clip_z = zero_to_one ? z : 2.0f * z - 1.0f;
  o.color = {rect.color[0], rect.color[1], rect.color[2], rect.color[3]};

  const uint32_t tile = static_cast<uint32_t>(std::max(1, ctx.limits.max_texture_size));
  const uint32_t bytes = texel_bytes(rect.kind);
  StateSwap swap(ctx, program, &tex, o.vao.get(), viewport);
  for (uint32_t ty = 0; ty < rect.height; ty += tile) {
    for (uint32_t tx = 0; tx < rect.width; tx += tile) {
      const uint32_t tw = std::min(tile, rect.width - tx), th = std::min(tile, rect.height - ty);
      const TextureImage* img = tex.image(0, 0);
      if (!img || img->info != info || uint32_t(img->width) != tw || uint32_t(img->height) != th) {
        if (!define_image(ctx, tex, 0, 0, info->internal_format, info, tw, th, 1)) return;
        img = tex.image(0, 0);
      }
      pipe::Box box;
      box.width = static_cast<int32_t>(tw);
      box.height = static_cast<int32_t>(th);
      box.depth = 1;
      const uint8_t* src = static_cast<const uint8_t*>(rect.texels) + (uint64_t{ty} * rect.width + tx) * bytes;
      ctx.pipe().texture_subdata(img->resource.get(), img->resource_level, pipe::kMapWrite, box, src,
                                 rect.width * bytes, rect.width * bytes * th);
      tex.changed();
      // The tile's corners in window coordinates, then in clip coordinates
      // of the covering viewport.
      const GLfloat x0 = rect.x + rect.zoom_x * static_cast<GLfloat>(tx);
      const GLfloat x1 = rect.x + rect.zoom_x * static_cast<GLfloat>(tx + tw);
      const GLfloat y0 = rect.y + rect.zoom_y * static_cast<GLfloat>(ty);
      const GLfloat y1 = rect.y + rect.zoom_y * static_cast<GLfloat>(ty + th);
      auto cx = [fb_w](GLfloat x) { return 2.0f * x / fb_w - 1.0f; };
      auto cy = [fb_h, upper_left](GLfloat y) {
        const GLfloat c = 2.0f * y / fb_h - 1.0f;
        return upper_left ? -c : c;
      };
      // Strip order: (x0,y0) (x1,y0) (x0,y1) (x1,y1).
      const GLfloat xs[2] = {x0, x1}, ys[2] = {y0, y1};
      for (int v = 0; v < 4; ++v) {
        const int i = v & 1, j = v >> 1;
        o.position[v] = {cx(xs[i]), cy(ys[j]), clip_z, 1.0f};
        o.texcoord[v] = {static_cast<GLfloat>(i), static_cast<GLfloat>(j)};
      }
      ctx.dirty(kDirtyVertexInput | kDirtyTextures);
      api::DrawArrays(ctx, GL_TRIANGLE_STRIP, 0, 4);
    }
  }
}

void draw_stencil_rect(Context& ctx, const PixelRect& rect, const uint32_t* indices, int stencil_bits) {
  if (rect.width == 0 || rect.height == 0 || stencil_bits <= 0) return;
  const uint64_t count = uint64_t{rect.width} * rect.height;
  std::vector<uint8_t> plane;
  try {
    plane.resize(count);
  } catch (const std::bad_alloc&) {
    return ctx.set_error(GL_OUT_OF_MEMORY);
  }
  // Only the stencil write reaches the framebuffer: colour writes, depth
  // and stencil tests, blending and the logic op are off for the passes.
  const FixedFunctionState saved = ctx.ff;
  FixedFunctionState& f = ctx.ff;
  f.color_mask = FixedFunctionState::all_color_masks(GL_FALSE);
  f.depth_test = false;
  f.blend.fill(false);
  f.color_logic_op = false;
  f.sample_alpha_to_coverage = false;
  f.stencil_test = true;
  ctx.dirty(kDirtyBlend | kDirtyDepthStencil | kDirtyStencilRef);
  PixelRect pass = rect;
  pass.kind = RectKind::Bitmap;
  pass.texels = plane.data();
  for (int b = 0; b < stencil_bits && b < 32; ++b) {
    const GLuint bit = 1u << b;
    const GLuint front_mask = saved.stencil_front.write_mask & bit, back_mask = saved.stencil_back.write_mask & bit;
    if (!front_mask && !back_mask) continue;
    for (const bool ones : {true, false}) {
      bool any = false;
      for (uint64_t i = 0; i < count; ++i) {
        const bool set = (indices[i] & bit) != 0;
        plane[i] = set == ones ? 255 : 0;
        any = any || set == ones;
      }
      if (!any) continue;
      for (StencilFaceState* face : {&f.stencil_front, &f.stencil_back}) {
        face->func = GL_ALWAYS;
        face->fail = face->zfail = face->zpass = GL_REPLACE;
        face->ref = ones ? static_cast<GLint>(bit) : 0;
        face->value_mask = ~0u;
      }
      f.stencil_front.write_mask = front_mask;
      f.stencil_back.write_mask = back_mask;
      ctx.dirty(kDirtyDepthStencil | kDirtyStencilRef);
      draw_pixel_rect(ctx, pass);
    }
  }
  ctx.ff = saved;
  ctx.dirty(kDirtyBlend | kDirtyDepthStencil | kDirtyStencilRef);
}

}  // namespace brass::gl::compat
