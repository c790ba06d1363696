// The in-shader blend variant (shader_blend.h): on the output shapes GL
// blends (vec4, narrower vectors, gl_FragData-like arrays, dual-source
// outputs, early returns) the patched module validates, declares one
// destination sampler per blended draw buffer at the requested bindings and
// one uniform block, and leaves integer outputs and other stages alone.
#include <gtest/gtest.h>

#include <set>

#include "compiler/compiler.h"
#include "compiler/framebuffer_fetch.h"
#include "compiler/shader_blend.h"
#include "compiler/spirv_module.h"
#include "compiler/spirv_patch.h"
#include "test_helpers.h"

namespace brass::compiler {
namespace {

using test::link;

const StageBinary& stage(const LinkResult& r, ShaderStage s) {
  for (const StageBinary& b : r.stages)
    if (b.stage == s) return b;
  return r.stages.back();
}

constexpr const char* kVertex = "#version 330\nin vec4 p;\nvoid main() { gl_Position = p; }\n";

// (set, binding) of every descriptor variable the module declares.
std::set<std::pair<uint32_t, uint32_t>> descriptors(const std::vector<uint32_t>& spirv) {
  std::set<std::pair<uint32_t, uint32_t>> out;
  auto m = SpirvModule::parse(spirv);
  if (!m) return out;
  for (const SpirvInstruction& inst : m->instructions) {
    if (inst.opcode() != spv::OpDecorate || inst.operand(1) != spv::DecorationDescriptorSet) continue;
    out.insert({inst.operand(2), m->decoration_value(inst.operand(0), spv::DecorationBinding).value_or(~0u)});
  }
  return out;
}

TEST(ShaderBlend, OutputShapesValidate) {
  const char* fragments[] = {
      "#version 330\nuniform vec4 u;\nlayout(location = 0) out vec4 a;\nlayout(location = 1) out vec2 b;\n"
      "layout(location = 2) out float c;\nlayout(location = 3) out vec3 d;\n"
      "void main() { a = u; b = u.xy; c = u.z; d = u.xyz; }\n",
      "#version 330\nuniform vec4 u;\nlayout(location = 0) out vec4 c[4];\n"
      "void main() { for (int i = 0; i < 4; ++i) c[i] = u * float(i); }\n",
      "#version 110\nvoid main() { gl_FragData[0] = gl_Color; gl_FragData[3] = gl_Color.bgra; }\n",
      "#version 330\nuniform vec4 u;\nlayout(location = 0, index = 0) out vec4 c;\n"
      "layout(location = 0, index = 1) out vec4 s;\n"
      "void main() { c = u; s = u.wzyx; if (u.x > 0.5) return; c.a = 0.0; }\n",
  };
  for (const char* fs : fragments) {
    const bool legacy = std::string(fs).find("#version 110") == 0;
    const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, legacy ? "#version 110\nvoid main() { gl_FrontColor = gl_Color; gl_Position = ftransform(); }\n" : kVertex},
                                        {ShaderStage::Fragment, fs}});
    ASSERT_TRUE(r.ok) << r.info_log;
    std::vector<uint32_t> spirv = stage(r, ShaderStage::Fragment).spirv;
    const auto before = descriptors(spirv);
    ASSERT_TRUE(add_shader_blend(spirv, 0x0f, 40, 20)) << fs;
    std::string err;
    EXPECT_TRUE(validate_spirv(spirv, VulkanEnv::Vulkan1_3, &err)) << fs << err;
    const auto after = descriptors(spirv);
    // The uniform block, and a sampler per draw buffer that has an output.
    EXPECT_TRUE(after.count({kSetUniformBuffers, 20})) << fs;
    EXPECT_TRUE(after.count({kSetSamplers, 40})) << fs;
    EXPECT_GT(after.size(), before.size() + 1) << fs;
    // The multisampled variant takes the new samplers too.
    std::vector<uint32_t> ms = spirv;
    EXPECT_TRUE(make_fetch_multisampled(ms)) << fs;
    EXPECT_TRUE(validate_spirv(ms, VulkanEnv::Vulkan1_3, &err)) << fs << err;
  }
}

TEST(ShaderBlend, IntegerOutputsAndOtherStagesUntouched) {
  const LinkResult r =
      link(Api::GL, {{ShaderStage::Vertex, kVertex},
                     {ShaderStage::Fragment, "#version 330\nlayout(location = 0) out ivec4 c;\nvoid main() { c = ivec4(1); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  std::vector<uint32_t> fs = stage(r, ShaderStage::Fragment).spirv;
  ASSERT_TRUE(add_shader_blend(fs, 1, 0, 0));
  EXPECT_EQ(fs, stage(r, ShaderStage::Fragment).spirv);
  std::vector<uint32_t> vs = stage(r, ShaderStage::Vertex).spirv;
  ASSERT_TRUE(add_shader_blend(vs, 1, 0, 0));
  EXPECT_EQ(vs, stage(r, ShaderStage::Vertex).spirv);
}

TEST(ShaderBlend, PackedTargets) {
  ShaderBlendTarget t;
  t.src_rgb = shader_blend_factor(ShaderBlendTerm::Src1Alpha, true);
  t.dst_rgb = shader_blend_factor(ShaderBlendTerm::ConstantAlpha, false);
  t.src_alpha = shader_blend_factor(ShaderBlendTerm::AlphaSaturate, false);
  t.dst_alpha = shader_blend_factor(ShaderBlendTerm::Zero, true);
  t.rgb_op = ShaderBlendOp::Max;
  t.alpha_op = ShaderBlendOp::ReverseSubtract;
  t.clamp = ShaderBlendClamp::Signed;
  const uint32_t p = pack_shader_blend_target(t);
  EXPECT_EQ(p & 31, 25u);
  EXPECT_EQ(p >> 5 & 31, 6u);
  EXPECT_EQ(p >> 10 & 31, 7u);
  EXPECT_EQ(p >> 15 & 31, 16u);
  EXPECT_EQ(p >> 20 & 7, 4u);
  EXPECT_EQ(p >> 23 & 7, 2u);
  EXPECT_EQ(p >> 26 & 3, 2u);
}

}  // namespace
}  // namespace brass::compiler
