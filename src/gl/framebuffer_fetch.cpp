// EXT_shader_framebuffer_fetch (and _non_coherent): before every draw of a
// program that reads a colour attachment, the attachment is copied into a
// same-format texture that the program samples at gl_FragCoord
// (src/compiler/framebuffer_fetch.h says why a copy and not an input
// attachment). The copy runs on the GPU; the driver ends the render pass for
// it and the next draw resumes with the attachment's contents loaded.
#include "gl/advanced_blend.h"
#include "gl/context.h"
#include "gl/program_validation.h"
#include "gl/draw_validation.h"
#include "gl/linked_program.h"
#include "gl_functions.h"
#include "util/log.h"

namespace brass::gl {

pipe::SamplerObject* framebuffer_copy_sampler(Context& ctx) {
  FramebufferFetchState& f = ctx.validation.fetch;
  if (f.sampler) return f.sampler;
  pipe::SamplerState s;
  s.wrap_s = s.wrap_t = s.wrap_r = pipe::Wrap::ClampToEdge;
  s.min_filter = s.mag_filter = pipe::Filter::Nearest;
  s.mip_filter = pipe::MipFilter::None;
  f.sampler = ctx.pipe().create_sampler_state(s);
  return f.sampler;
}

pipe::SamplerView* copy_draw_buffer(Context& ctx, unsigned draw_buffer, pipe::Surface& surface) {
  pipe::Resource* src = surface.resource();
  const pipe::ResourceTemplate& st = src->templ();
  const pipe::Format format = surface.templ().format != pipe::Format::None ? surface.templ().format : st.format;
  const uint32_t w = surface.width(), h = surface.height();
  FramebufferFetchState::Copy& c = ctx.validation.fetch.copies[draw_buffer];
  if (!c.resource || c.resource->templ().format != format || c.resource->templ().width != w ||
      c.resource->templ().height != h || c.resource->templ().samples != st.samples) {
    c.view.reset();
    pipe::ResourceTemplate t;
    t.target = pipe::Target::Texture2D;
    t.format = format;
    t.width = w;
    t.height = h;
    t.samples = st.samples;
    t.bind = pipe::kBindSamplerView;
    pipe::Status status = pipe::Status::Ok;
    c.resource = ctx.screen().resource_create(t, &status);
    if (!c.resource) {
      ctx.pipe_failed(status);
      return nullptr;
    }
    pipe::SamplerViewTemplate vt;
    vt.target = pipe::Target::Texture2D;
    c.view = ctx.pipe().create_sampler_view(c.resource.get(), vt);
    if (!c.view) return nullptr;
  }
  pipe::Box box;
  box.z = static_cast<int32_t>(surface.templ().first_layer);
  box.width = static_cast<int32_t>(w);
  box.height = static_cast<int32_t>(h);
  ctx.pipe().resource_copy_region(c.resource.get(), 0, 0, 0, 0, src, surface.templ().level, box);
  return c.view.get();
}

bool bind_framebuffer_fetch_sources(Context& ctx) {
  const LinkedProgram* fs = stage_executable(ctx, pipe::ShaderStage::Fragment);
  if (!fs || fs->fetch_slots.empty()) return true;
  const FramebufferInfo& fb = ctx.validation.framebuffer;
  pipe::SamplerObject* sampler = framebuffer_copy_sampler(ctx);
  if (!sampler) {
    ctx.set_error(GL_OUT_OF_MEMORY);
    return false;
  }
  // A fetch of draw buffer 0 that only the in-shader advanced blend reads
  // needs no copy when the draw does not blend that way: the variant without
  // an equation never reads it. The slot gets no view (the driver's fallback
  // image), not whatever another program left there.
  const bool blend_fetch_unused = skips_blend_only_fetch(ctx, *fs);
  for (const LinkedProgram::FetchSlot& s : fs->fetch_slots) {
    if (blend_fetch_unused && s.draw_buffer == 0) {
      pipe::SamplerView* none = nullptr;
      ctx.pipe().set_sampler_views(pipe::ShaderStage::Fragment, s.slot, std::span<pipe::SamplerView* const>(&none, 1));
      continue;
    }
    pipe::Surface* surface = s.draw_buffer < fb.draw_surfaces.size() ? fb.draw_surfaces[s.draw_buffer] : nullptr;
    // A draw buffer with no attachment reads undefined values (the
    // extension says so); the slot keeps whatever view it had.
    if (!surface) continue;
    pipe::SamplerView* view = copy_draw_buffer(ctx, s.draw_buffer, *surface);
    if (!view) continue;
    ctx.pipe().set_sampler_views(pipe::ShaderStage::Fragment, s.slot, std::span<pipe::SamplerView* const>(&view, 1));
    ctx.pipe().bind_sampler_states(pipe::ShaderStage::Fragment, s.slot,
                                   std::span<pipe::SamplerObject* const>(&sampler, 1));
  }
  return true;
}

namespace api {

// Every draw already reads a fresh copy of the attachments, so the barrier
// the non-coherent extension asks for between draws has nothing to do.
void FramebufferFetchBarrierEXT(Context&) {}

}  // namespace api

void release_framebuffer_fetch(Context& ctx) {
  FramebufferFetchState& f = ctx.validation.fetch;
  for (FramebufferFetchState::Copy& c : f.copies) {
    c.view.reset();
    c.resource.reset();
  }
  if (f.sampler) ctx.pipe().delete_sampler_state(f.sampler);
  f.sampler = nullptr;
  ctx.validation.shader_blend.uniforms.reset();
}

}  // namespace brass::gl
