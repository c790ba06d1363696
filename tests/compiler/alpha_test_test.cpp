// The alpha-test variant (alpha_test.h): every comparison on the usual
// output shapes validates, and the test sits before each return of main.
#include <gtest/gtest.h>

#include <bit>

#include "compiler/alpha_test.h"
#include "compiler/compiler.h"
#include "compiler/spirv_patch.h"
#include "test_helpers.h"

namespace brass::compiler {
namespace {

using test::link;

int count_ops(const std::vector<uint32_t>& spirv, spv::Op op) {
  int n = 0;
  for (size_t i = 5; i < spirv.size(); i += spirv[i] >> 16)
    if ((spirv[i] & 0xffff) == static_cast<uint32_t>(op)) ++n;
  return n;
}

const StageBinary& fragment(const LinkResult& r) {
  for (const StageBinary& s : r.stages)
    if (s.stage == ShaderStage::Fragment) return s;
  return r.stages.back();
}

constexpr const char* kVertex = "#version 110\nvoid main() { gl_FrontColor = gl_Color; gl_Position = ftransform(); }\n";

TEST(AlphaTest, EveryFunctionValidatesOnGlFragColor) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, kVertex},
                                      {ShaderStage::Fragment, "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  for (uint32_t func = 0x0200; func < 0x0207; ++func) {
    VariantKey key;
    key.alpha_func = alpha_func_key(func);
    key.alpha_ref_bits = std::bit_cast<uint32_t>(0.5f);
    const std::vector<uint32_t> patched = apply_variant(fragment(r), key);
    std::string err;
    EXPECT_TRUE(validate_spirv(patched, VulkanEnv::Vulkan1_3, &err)) << func << ": " << err;
    EXPECT_EQ(count_ops(patched, spv::OpKill), 1) << func;
    // NEVER kills without a comparison.
    EXPECT_EQ(count_ops(patched, spv::OpSelectionMerge) > count_ops(fragment(r).spirv, spv::OpSelectionMerge),
              func != 0x0200);
  }
  EXPECT_EQ(alpha_func_key(0x0207), 0);  // ALWAYS: no test
}

TEST(AlphaTest, EarlyReturnsAndUserOutputs) {
  const LinkResult r =
      link(Api::GL, {{ShaderStage::Vertex, "#version 330\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
                     {ShaderStage::Fragment,
                      "#version 330\nuniform float u;\nlayout(location = 0) out vec4 color;\n"
                      "void main() {\n  color = vec4(u);\n  if (u > 0.5) return;\n  color.a = 0.0;\n}\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  VariantKey key;
  key.alpha_func = alpha_func_key(0x0204);  // GREATER
  key.alpha_ref_bits = std::bit_cast<uint32_t>(0.25f);
  const std::vector<uint32_t> patched = apply_variant(fragment(r), key);
  std::string err;
  EXPECT_TRUE(validate_spirv(patched, VulkanEnv::Vulkan1_3, &err)) << err;
  EXPECT_EQ(count_ops(patched, spv::OpKill), count_ops(fragment(r).spirv, spv::OpReturn));
  EXPECT_GE(count_ops(patched, spv::OpKill), 1);
}

TEST(AlphaTest, FragDataArrayTestsElementZero) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, kVertex},
                                      {ShaderStage::Fragment,
                                       "#version 110\nvoid main() { gl_FragData[0] = gl_Color; gl_FragData[1] = vec4(1.0); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  VariantKey key;
  key.alpha_func = alpha_func_key(0x0201);  // LESS
  const std::vector<uint32_t> patched = apply_variant(fragment(r), key);
  std::string err;
  EXPECT_TRUE(validate_spirv(patched, VulkanEnv::Vulkan1_3, &err)) << err;
  EXPECT_EQ(count_ops(patched, spv::OpKill), 1);
}

TEST(AlphaTest, IntegerOutputIsLeftAlone) {
  const LinkResult r =
      link(Api::GL, {{ShaderStage::Vertex, "#version 330\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
                     {ShaderStage::Fragment, "#version 330\nlayout(location = 0) out ivec4 c;\nvoid main() { c = ivec4(1); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  VariantKey key;
  key.alpha_func = alpha_func_key(0x0201);
  const std::vector<uint32_t> patched = apply_variant(fragment(r), key);
  EXPECT_EQ(count_ops(patched, spv::OpKill), 0);
}

}  // namespace
}  // namespace brass::compiler
