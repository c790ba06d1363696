// Desktop per-fragment state in the pipe state objects: COLOR_LOGIC_OP
// replaces blending with the op in pipe order, SAMPLE_ALPHA_TO_ONE reaches
// the blend state, and MULTISAMPLE off leaves out the multisample fragment
// operations. Pure functions, no device.
#include <gtest/gtest.h>

#include <iterator>

#include "gl/fixed_function.h"

namespace brass::gl {
namespace {

TEST(DesktopRasterState, LogicOpReplacesBlending) {
  FixedFunctionState s;
  s.blend.fill(true);
  pipe::BlendState b = make_blend_state(s, 2);
  EXPECT_FALSE(b.logic_op_enable);
  EXPECT_TRUE(b.rt[0].blend_enable);

  s.color_logic_op = true;
  const GLenum ops[] = {GL_CLEAR, GL_AND,   GL_AND_REVERSE, GL_COPY,          GL_AND_INVERTED, GL_NOOP,
                        GL_XOR,   GL_OR,    GL_NOR,         GL_EQUIV,         GL_INVERT,       GL_OR_REVERSE,
                        GL_COPY_INVERTED,   GL_OR_INVERTED, GL_NAND,          GL_SET};
  const pipe::LogicOp expect[] = {
      pipe::LogicOp::Clear,  pipe::LogicOp::And,        pipe::LogicOp::AndReverse,   pipe::LogicOp::Copy,
      pipe::LogicOp::AndInverted, pipe::LogicOp::Noop,  pipe::LogicOp::Xor,          pipe::LogicOp::Or,
      pipe::LogicOp::Nor,    pipe::LogicOp::Equiv,      pipe::LogicOp::Invert,       pipe::LogicOp::OrReverse,
      pipe::LogicOp::CopyInverted, pipe::LogicOp::OrInverted, pipe::LogicOp::Nand,   pipe::LogicOp::Set};
  for (size_t i = 0; i < std::size(ops); ++i) {
    s.logic_op = ops[i];
    b = make_blend_state(s, 2);
    EXPECT_TRUE(b.logic_op_enable);
    EXPECT_EQ(b.logic_op, expect[i]) << std::hex << ops[i];
    EXPECT_FALSE(b.rt[0].blend_enable);
    EXPECT_FALSE(b.rt[1].blend_enable);
  }
}

TEST(DesktopRasterState, MultisampleOffSkipsTheMultisampleOperations) {
  FixedFunctionState s;
  s.sample_alpha_to_coverage = true;
  s.sample_alpha_to_one = true;
  s.sample_shading = true;
  s.min_sample_shading = 1.0f;
  pipe::BlendState b = make_blend_state(s, 1);
  EXPECT_TRUE(b.alpha_to_coverage);
  EXPECT_TRUE(b.alpha_to_one);
  pipe::RasterizerState r = make_rasterizer_state(s, false);
  EXPECT_TRUE(r.sample_shading);
  EXPECT_TRUE(r.multisample);

  s.multisample = false;
  b = make_blend_state(s, 1);
  EXPECT_FALSE(b.alpha_to_coverage);
  EXPECT_FALSE(b.alpha_to_one);
  r = make_rasterizer_state(s, false);
  EXPECT_FALSE(r.sample_shading);
  EXPECT_FALSE(r.multisample);
}

}  // namespace
}  // namespace brass::gl
