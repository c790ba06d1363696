#include "gl/validated_draw.h"

#include "gl/context.h"
#include "gl/program_validation.h"

namespace brass::gl {

bool draw_checks_hold(const Context& ctx, GLenum mode, bool indexed) {
  const ValidatedDraw& v = ctx.validation.validated;
  // New uniform values, new vertex buffers or new texture bindings leave
  // the checks' outcome (but for the arrays' mappings and the textures'
  // feedback loops, which the draw checks again).
  return v.valid && (ctx.dirty_bits() & ~(kDirtyVertexBuffers | kDirtyUniforms | kDirtyTextures)) == 0 &&
         v.mode == mode && v.indexed == indexed &&
         v.generation == object_generation_now();
}

void remember_draw_checks(Context& ctx, GLenum mode, bool indexed) {
  ValidatedDraw& v = ctx.validation.validated;
  const TransformFeedback& tf = *ctx.transform_feedback;
  const LinkedProgram* fs = stage_executable(ctx, pipe::ShaderStage::Fragment);
  v.valid = !ctx.compatibility() && !(tf.active && !tf.paused) && !ctx.conditional_render.query &&
            !ctx.validation.feedback.bound && !ctx.image_state.dummies_bound && !(fs && !fs->fetch_slots.empty()) &&
            !ctx.validation.shader_blend.active_mask;
  v.mode = mode;
  v.indexed = indexed;
  v.generation = object_generation_now();
}

}  // namespace brass::gl
