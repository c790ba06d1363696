// KHR_blend_equation_advanced in the fixed-function blend state: where the
// device blends advanced equations (pipe::Cap::AdvancedBlendCoherent) the
// buffer's state names the equation; where the fragment shader blends, the
// buffer does not blend at all. Pure functions, no device.
#include <gtest/gtest.h>

#include "gl/advanced_blend.h"
#include "gl/fixed_function.h"
#include "gl_functions.h"

namespace brass::gl {
namespace {

FixedFunctionState blending(GLenum equation) {
  FixedFunctionState s;
  s.blend.fill(true);
  for (BlendEquation& e : s.blend_eq) {
    e.rgb = e.alpha = equation;
    e.src_rgb = e.src_alpha = GL_SRC_ALPHA;
    e.dst_rgb = e.dst_alpha = GL_ONE_MINUS_SRC_ALPHA;
  }
  return s;
}

TEST(AdvancedBlendState, EveryEquationHasItsNumber) {
  const GLenum modes[] = {GL_MULTIPLY_KHR,   GL_SCREEN_KHR,         GL_OVERLAY_KHR,       GL_DARKEN_KHR,
                          GL_LIGHTEN_KHR,    GL_COLORDODGE_KHR,     GL_COLORBURN_KHR,     GL_HARDLIGHT_KHR,
                          GL_SOFTLIGHT_KHR,  GL_DIFFERENCE_KHR,     GL_EXCLUSION_KHR,     GL_HSL_HUE_KHR,
                          GL_HSL_SATURATION_KHR, GL_HSL_COLOR_KHR, GL_HSL_LUMINOSITY_KHR};
  unsigned n = 1;
  for (GLenum m : modes) EXPECT_EQ(static_cast<unsigned>(advanced_equation(m)), n++) << std::hex << m;
  EXPECT_EQ(advanced_equation(GL_FUNC_ADD), compiler::AdvancedBlendEquation::None);
  EXPECT_EQ(advanced_equation(GL_MAX), compiler::AdvancedBlendEquation::None);
}

TEST(AdvancedBlendState, DeviceBlendsTheEquation) {
  const pipe::BlendState b = make_blend_state(blending(GL_HSL_COLOR_KHR), 1, false, true);
  EXPECT_TRUE(b.rt[0].blend_enable);
  EXPECT_EQ(b.rt[0].advanced, static_cast<uint8_t>(compiler::AdvancedBlendEquation::HslColor));
  EXPECT_EQ(b.rt[0].color_mask, pipe::kMaskRGBA);
}

TEST(AdvancedBlendState, ShaderBlendsWithBlendingOff) {
  const pipe::BlendState b = make_blend_state(blending(GL_HSL_COLOR_KHR), 1, false, false);
  EXPECT_FALSE(b.rt[0].blend_enable);
  EXPECT_EQ(b.rt[0].advanced, 0);
}

TEST(AdvancedBlendState, BasicEquationsUnchangedEitherWay) {
  for (bool device : {false, true}) {
    const pipe::BlendState b = make_blend_state(blending(GL_FUNC_ADD), 1, false, device);
    EXPECT_TRUE(b.rt[0].blend_enable);
    EXPECT_EQ(b.rt[0].advanced, 0);
    EXPECT_EQ(b.rt[0].rgb_src, pipe::BlendFactor::SrcAlpha);
    EXPECT_EQ(b.rt[0].rgb_dst, pipe::BlendFactor::OneMinusSrcAlpha);
  }
}

TEST(AdvancedBlendState, BuffersWithDifferentEquationsAreIndependent) {
  FixedFunctionState s = blending(GL_MULTIPLY_KHR);
  s.blend_eq[1].rgb = s.blend_eq[1].alpha = GL_SCREEN_KHR;
  const pipe::BlendState b = make_blend_state(s, 2, false, true);
  EXPECT_TRUE(b.independent_blend);
  EXPECT_EQ(b.rt[1].advanced, static_cast<uint8_t>(compiler::AdvancedBlendEquation::Screen));
}

}  // namespace
}  // namespace brass::gl
