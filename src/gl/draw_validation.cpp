#include "gl/draw_validation.h"

#include "gl/context.h"

namespace brass::gl {

namespace {
// An attached texture or renderbuffer whose storage was re-created needs new
// surfaces: revalidate the framebuffer.
void check_attachments(Context& ctx) {
  if (ctx.draw_framebuffer && framebuffer_attachments_changed(*ctx.draw_framebuffer)) ctx.dirty(kDirtyFramebuffer);
}

bool is_src1_factor(GLenum f) {
  return f == GL_SRC1_COLOR_EXT || f == GL_SRC1_ALPHA_EXT || f == GL_ONE_MINUS_SRC1_COLOR_EXT ||
         f == GL_ONE_MINUS_SRC1_ALPHA_EXT;
}

// EXT_blend_func_extended: the second colour exists only for the first
// MAX_DUAL_SOURCE_DRAW_BUFFERS_EXT (1) draw buffers, so blending with a SRC1
// factor while a later draw buffer is enabled is INVALID_OPERATION (Vulkan
// would otherwise be handed a pipeline outside maxFragmentDualSrcAttachments).
bool dual_source_draw_buffers_ok(const Context& ctx) {
  if (!ctx.ff.blend[0] || !ctx.draw_framebuffer) return true;
  const BlendEquation& e = ctx.ff.blend_eq[0];
  if (!is_src1_factor(e.src_rgb) && !is_src1_factor(e.dst_rgb) && !is_src1_factor(e.src_alpha) &&
      !is_src1_factor(e.dst_alpha))
    return true;
  for (size_t i = 1; i < ctx.draw_framebuffer->draw_buffers.size(); ++i)
    if (ctx.draw_framebuffer->draw_buffers[i] != GL_NONE) return false;
  return true;
}
}  // namespace

bool validate_for_clear(Context& ctx) {
  check_attachments(ctx);
  if (ctx.dirty_bits() & kDirtyFramebuffer) {
    if (!validate_framebuffer(ctx)) return false;
    ctx.clear_dirty(kDirtyFramebuffer);
  }
  if (ctx.dirty_bits() & (kDirtyScissor | kDirtyRasterizer)) {
    validate_fixed_function(ctx, ctx.dirty_bits() & (kDirtyScissor | kDirtyRasterizer | kDirtyViewport));
    ctx.clear_dirty(kDirtyScissor | kDirtyRasterizer | kDirtyViewport);
  }
  return ctx.validation.framebuffer.complete;
}

bool validate_for_draw(Context& ctx) {
  // Whatever this draw binds, the draw that records it says (validated_draw.h).
  ctx.validation.validated.valid = false;
  // Without a program, a compatibility context draws with the generated
  // fixed-function program of the current state.
  if (ctx.compatibility()) compat::select_fixed_function(ctx);
  check_attachments(ctx);
  uint32_t dirty = ctx.dirty_bits();
  if (dirty & kDirtyFramebuffer) {
    if (!validate_framebuffer(ctx)) return false;
    // Attachment count and depth/stencil presence feed the state objects,
    // the sample count the coverage and sample masks.
    dirty |= kDirtyBlend | kDirtyDepthStencil | kDirtyStencilRef | kDirtySampleMask;
  }
  if (!ctx.validation.framebuffer.complete) {
    // Every draw, not only the first after the binding changed.
    ctx.set_error(GL_INVALID_FRAMEBUFFER_OPERATION);
    return false;
  }
  if (!dual_source_draw_buffers_ok(ctx)) {
    ctx.set_error(GL_INVALID_OPERATION);
    return false;
  }
  if (dirty & kDirtyProgram) {
    if (!validate_program(ctx)) return false;
    dirty |= kDirtyUniforms | kDirtyTextures | kDirtyUniformBuffers | kDirtyVertexInput | kDirtyRasterizer |
             kDirtyStorageBuffers | kDirtyImages;
  }
  validate_fixed_function(ctx, dirty);
  if (dirty & kDirtyUniforms) validate_uniforms(ctx);
  if (dirty & kDirtyUniformBuffers) validate_uniform_buffers(ctx);
  if (dirty & kDirtyStorageBuffers) validate_storage_buffers(ctx);
  // Slots that sampled a copy last time get their texture's own view back.
  if (ctx.validation.feedback.bound) dirty |= kDirtyTextures;
  if (dirty & kDirtyTextures) validate_textures(ctx);
  // A texture's levels and storage decide whether its image unit is valid.
  if (dirty & (kDirtyImages | kDirtyTextures)) validate_images(ctx);
  // Framebuffer fetch reads what the previous draws wrote: a new copy each time.
  if (!bind_framebuffer_fetch_sources(ctx)) return false;
  // Textures the framebuffer renders into are sampled from a copy.
  if (!bind_feedback_loop_copies(ctx)) return false;
  // Vertex input is validated by the draw itself: it needs the draw's range
  // (client arrays); its dirty bit is cleared there.
  ctx.clear_dirty(kDirtyAll & ~(kDirtyVertexInput | kDirtyVertexBuffers));
  ctx.dirty(dirty & kDirtyVertexInput);
  // Scratch images behind invalid image units are zeroed at each bind.
  if (ctx.image_state.dummies_bound) ctx.dirty(kDirtyImages);
  return true;
}

}  // namespace brass::gl
