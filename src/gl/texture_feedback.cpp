// Feedback loops between a draw's sampled textures and its colour
// attachments (texture_feedback.h).
#include "gl/texture_feedback.h"

#include <algorithm>
#include <bit>
#include <span>

#include "gl/context.h"
#include "gl/draw_validation.h"
#include "gl/linked_program.h"
#include "gl/program_validation.h"
#include "gl_functions.h"

namespace brass::gl {

namespace {

bool same_view(const pipe::SamplerViewTemplate& a, const pipe::SamplerViewTemplate& b) {
  return a.format == b.format && a.depth_stencil_aspect == b.depth_stencil_aspect && a.target == b.target &&
         a.first_level == b.first_level && a.last_level == b.last_level && a.first_layer == b.first_layer &&
         a.last_layer == b.last_layer && a.swizzle == b.swizzle;
}

bool same_shape(const pipe::ResourceTemplate& a, const pipe::ResourceTemplate& b) {
  return a.target == b.target && a.format == b.format && a.width == b.width && a.height == b.height &&
         a.depth == b.depth && a.array_size == b.array_size && a.levels == b.levels && a.samples == b.samples &&
         a.bind == b.bind;
}

// Whether `view` reads texels a colour attachment of the draw writes: the
// same resource, the attachment's level among the view's levels, and
// overlapping layers.
bool renders_into(const FramebufferInfo& fb, const pipe::SamplerView& view) {
  const pipe::Resource* r = view.resource();
  const pipe::SamplerViewTemplate& vt = view.templ();
  for (uint32_t i = 0; i < fb.color_buffers && i < fb.draw_surfaces.size(); ++i) {
    const pipe::Surface* s = fb.draw_surfaces[i];
    if (!s || s->resource() != r) continue;
    const pipe::SurfaceTemplate& st = s->templ();
    if (st.level < vt.first_level || st.level > vt.last_level) continue;
    // A 3D view reads every slice of its levels.
    if (r->templ().target != pipe::Target::Texture3D &&
        (st.last_layer < vt.first_layer || st.first_layer > vt.last_layer))
      continue;
    return true;
  }
  return false;
}

// A copy of the levels `view` reads, in a resource of the source's shape,
// and a view of it like `view`; null when it cannot be made.
pipe::SamplerView* copy_for(Context& ctx, FeedbackCopy& c, pipe::SamplerView& view) {
  pipe::Resource* src = view.resource();
  const pipe::ResourceTemplate& t = src->templ();
  if (!c.resource || !same_shape(c.resource->templ(), t)) {
    c.view.reset();
    pipe::Status status = pipe::Status::Ok;
    c.resource = ctx.screen().resource_create(t, &status);
    if (!c.resource) {
      ctx.pipe_failed(status);
      return nullptr;
    }
  }
  if (!c.view || c.source_view != &view || !same_view(c.view->templ(), view.templ())) {
    c.view = ctx.pipe().create_sampler_view(c.resource.get(), view.templ());
    c.source_view = &view;
    if (!c.view) return nullptr;
  }
  const pipe::SamplerViewTemplate& vt = view.templ();
  for (uint32_t level = vt.first_level; level <= vt.last_level && level < t.levels; ++level) {
    pipe::Box box;
    box.width = static_cast<int32_t>(std::max(1u, t.width >> level));
    box.height = static_cast<int32_t>(t.target == pipe::Target::Texture1D || t.target == pipe::Target::Texture1DArray
                                          ? 1u
                                          : std::max(1u, t.height >> level));
    box.depth = static_cast<int32_t>(t.target == pipe::Target::Texture3D ? std::max(1u, t.depth >> level)
                                                                           : t.array_size);
    ctx.pipe().resource_copy_region(c.resource.get(), level, 0, 0, 0, src, level, box);
  }
  return c.view.get();
}

}  // namespace

bool bind_feedback_loop_copies(Context& ctx) {
  FeedbackCopyState& state = ctx.validation.feedback;
  state.bound = false;
  const FramebufferInfo& fb = ctx.validation.framebuffer;
  if (fb.color_buffers == 0) return true;
  const TextureContextState& ts = ctx.texture_state;
  const StageSources sources = stage_sources(ctx);
  for (unsigned i = 0; i < sources.count; ++i) {
    const StageSource& source = sources.list[i];
    for (const SamplerSlot& s : source.program->samplers) {
      const uint32_t reading = (s.stages ? s.stages : pipe::stage_bit(s.stage)) & source.stages;
      if (!reading || s.slot >= pipe::kMaxSamplers) continue;
      const unsigned stage = static_cast<unsigned>(std::countr_zero(reading));
      if (stage >= pipe::kShaderStageCount || stage == static_cast<unsigned>(pipe::ShaderStage::Compute)) continue;
      pipe::SamplerView* view = ts.slots[stage][s.slot].current().view.get();
      if (!view || view->resource()->is_buffer() || !renders_into(fb, *view)) continue;
      pipe::SamplerView* copy = copy_for(ctx, state.copies[stage][s.slot], *view);
      if (!copy) {
        ctx.set_error(GL_OUT_OF_MEMORY);
        return false;
      }
      ctx.pipe().set_sampler_views(static_cast<pipe::ShaderStage>(stage), s.slot,
                                   std::span<pipe::SamplerView* const>(&copy, 1));
      state.bound = true;
    }
  }
  return true;
}

void release_feedback_loop_copies(Context& ctx) {
  for (auto& stage : ctx.validation.feedback.copies)
    for (FeedbackCopy& c : stage) {
      c.view.reset();
      c.resource.reset();
      c.source_view = nullptr;
    }
}

namespace api {

// Each draw that samples what it renders into reads a copy made just before
// it (bind_feedback_loop_copies), which already holds every earlier write.
void TextureBarrier(Context&) {}

}  // namespace api

}  // namespace brass::gl
