#include "gl/texture_change.h"

#include "gl/context.h"
#include "gl/draw_validation.h"
#include "gl/texture_feedback.h"
#include "util/stats.h"

namespace brass::gl {

namespace {
StatCounter g_texture_changes("draw.texture_changes");
}  // namespace

bool validate_texture_change(Context& ctx) {
  g_texture_changes.add();
  validate_textures(ctx);
  validate_images(ctx);
  ctx.clear_dirty(kDirtyTextures);
  if (!bind_feedback_loop_copies(ctx)) return false;
  // A loop, or an image unit left with a scratch image: the next draws
  // copy or clear again, so they run every check (validated_draw.h).
  if (ctx.validation.feedback.bound || ctx.image_state.dummies_bound) {
    ctx.validation.validated.valid = false;
    if (ctx.image_state.dummies_bound) ctx.dirty(kDirtyImages);
  }
  return true;
}

}  // namespace brass::gl
