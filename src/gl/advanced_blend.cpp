#include "gl/advanced_blend.h"

#include "gl/context.h"
#include "gl/linked_program.h"
#include "gl/program_validation.h"
#include "gl_functions.h"

namespace brass::gl {

using compiler::AdvancedBlendEquation;

AdvancedBlendEquation advanced_equation(GLenum mode) {
  switch (mode) {
    case GL_MULTIPLY_KHR: return AdvancedBlendEquation::Multiply;
    case GL_SCREEN_KHR: return AdvancedBlendEquation::Screen;
    case GL_OVERLAY_KHR: return AdvancedBlendEquation::Overlay;
    case GL_DARKEN_KHR: return AdvancedBlendEquation::Darken;
    case GL_LIGHTEN_KHR: return AdvancedBlendEquation::Lighten;
    case GL_COLORDODGE_KHR: return AdvancedBlendEquation::ColorDodge;
    case GL_COLORBURN_KHR: return AdvancedBlendEquation::ColorBurn;
    case GL_HARDLIGHT_KHR: return AdvancedBlendEquation::HardLight;
    case GL_SOFTLIGHT_KHR: return AdvancedBlendEquation::SoftLight;
    case GL_DIFFERENCE_KHR: return AdvancedBlendEquation::Difference;
    case GL_EXCLUSION_KHR: return AdvancedBlendEquation::Exclusion;
    case GL_HSL_HUE_KHR: return AdvancedBlendEquation::HslHue;
    case GL_HSL_SATURATION_KHR: return AdvancedBlendEquation::HslSaturation;
    case GL_HSL_COLOR_KHR: return AdvancedBlendEquation::HslColor;
    case GL_HSL_LUMINOSITY_KHR: return AdvancedBlendEquation::HslLuminosity;
    default: return AdvancedBlendEquation::None;
  }
}

namespace {

// Whether draw buffer `i` writes anywhere. The default framebuffer has one
// draw buffer, BACK unless glDrawBuffers(GL_NONE).
bool draw_buffer_enabled(const Context& ctx, unsigned i) {
  if (!ctx.draw_framebuffer) return i == 0 && ctx.default_draw_buffer != GL_NONE;
  return i < ctx.draw_framebuffer->draw_buffers.size() && ctx.draw_framebuffer->draw_buffers[i] != GL_NONE;
}

}  // namespace

AdvancedBlendEquation draw_advanced_equation(const Context& ctx) {
  if (!ctx.ff.blend[0]) return AdvancedBlendEquation::None;
  return advanced_equation(ctx.ff.blend_eq[0].rgb);
}

AdvancedBlendEquation shader_blend_equation(const Context& ctx) {
  return ctx.limits.advanced_blend_coherent ? AdvancedBlendEquation::None : draw_advanced_equation(ctx);
}

bool skips_blend_only_fetch(const Context& ctx, const LinkedProgram& fs) {
  // A multisampled framebuffer with an attachment the device cannot blend
  // may need the fetch_multisampled variant for the shader's own blend
  // (shader_blend.h): the slot then takes a real, multisampled copy.
  const FramebufferInfo& fb = ctx.validation.framebuffer;
  return fs.interface.advanced_blend_fetch_only && shader_blend_equation(ctx) == AdvancedBlendEquation::None &&
         (fb.samples <= 1 || (fs.fetch_slots.size() == 1 && !fb.unblendable));
}

bool advanced_blend_draw_ok(Context& ctx) {
  if (!ctx.ff.advanced_equation_chosen) return true;
  const unsigned n = static_cast<unsigned>(ctx.limits.max_draw_buffers);
  bool advanced = false;
  for (unsigned i = 0; i < n && !advanced; ++i)
    advanced = draw_buffer_enabled(ctx, i) && ctx.ff.blend[i] &&
               advanced_equation(ctx.ff.blend_eq[i].rgb) != AdvancedBlendEquation::None;
  if (!advanced) return true;
  // Only colour output zero into a single buffer can blend this way.
  for (unsigned i = 1; i < n; ++i)
    if (draw_buffer_enabled(ctx, i)) return false;
  const LinkedProgram* fs = stage_executable(ctx, pipe::ShaderStage::Fragment);
  // Without a fragment shader there is nothing to draw and no qualifier to
  // check; the draw fails (or draws nothing) for that reason instead.
  if (!fs) return true;
  return (fs->interface.blend_support & compiler::blend_support_bit(draw_advanced_equation(ctx))) != 0;
}

namespace api {

// Every draw with an advanced equation reads a copy of the attachment made
// just before it, so the writes of earlier draws are always visible and the
// barrier the non-coherent extension requires between overlapping draws has
// nothing left to order. Where the device blends, it blends coherently
// (advancedBlendCoherentOperations), which needs no barrier either.
void BlendBarrier(Context&) {}

}  // namespace api

}  // namespace brass::gl
