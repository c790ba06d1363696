// The default uniform block's rewrite into a push-constant block
// (src/driver/push_constant_block.h): the module stays valid for Vulkan
// (spirv-val: std140 offsets and strides of doubles, matrices, arrays and
// structs satisfy the push-constant layout rules), the variable loses its
// set and binding, and a module without the block or with one the rewrite
// does not take is left unchanged.
#include "driver/push_constant_block.h"

#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include <string>
#include <vector>

#include "default_block_types_frag.h"
#include "no_default_block_frag.h"

namespace brass::driver::test {
namespace {

std::string validate(const std::vector<uint32_t>& code) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_3);
  std::string messages;
  tools.SetMessageConsumer([&messages](spv_message_level_t, const char*, const spv_position_t&, const char* m) {
    messages += m;
    messages += '\n';
  });
  return tools.Validate(code) ? std::string() : messages.empty() ? "invalid" : messages;
}

// Storage classes of the module's global variables, and whether any is
// decorated DescriptorSet 0.
struct Globals {
  int uniform = 0, push = 0;
  bool set0 = false;
};
Globals globals(const std::vector<uint32_t>& code) {
  Globals g;
  for (size_t w = 5; w < code.size();) {
    const uint32_t op = code[w] & 0xffffu, len = code[w] >> 16;
    if (op == 54 /* OpFunction */ || len == 0) break;
    if (op == 59 /* OpVariable */ && code[w + 3] == 2) ++g.uniform;
    if (op == 59 && code[w + 3] == 9) ++g.push;
    if (op == 71 /* OpDecorate */ && code[w + 2] == 34 && code[w + 3] == 0) g.set0 = true;
    w += len;
  }
  return g;
}

TEST(PushConstantBlock, DesktopTypesInStd140MakeAValidPushConstantBlock) {
  std::vector<uint32_t> code(std::begin(default_block_types_frag_spv), std::end(default_block_types_frag_spv));
  ASSERT_EQ(validate(code), "");
  const Globals before = globals(code);
  EXPECT_EQ(before.uniform, 2);
  EXPECT_TRUE(before.set0);
  ASSERT_EQ(move_default_block_to_push_constants(code), PushBlockRewrite::Moved);
  EXPECT_EQ(validate(code), "");
  const Globals after = globals(code);
  EXPECT_EQ(after.uniform, 1) << "the uniform block in set 1 stays";
  EXPECT_EQ(after.push, 1);
  EXPECT_FALSE(after.set0);
  // A second rewrite finds no default block.
  EXPECT_EQ(move_default_block_to_push_constants(code), PushBlockRewrite::NoBlock);
}

TEST(PushConstantBlock, AModuleWithoutADefaultBlockIsLeftAlone) {
  std::vector<uint32_t> code(std::begin(no_default_block_frag_spv), std::end(no_default_block_frag_spv));
  const std::vector<uint32_t> original = code;
  EXPECT_EQ(move_default_block_to_push_constants(code), PushBlockRewrite::NoBlock);
  EXPECT_EQ(code, original);
}

TEST(PushConstantBlock, MalformedModulesAreNotTouched) {
  std::vector<uint32_t> code(std::begin(default_block_types_frag_spv), std::end(default_block_types_frag_spv));
  code.resize(code.size() / 2);
  code.push_back(0xffff0000u | 54u);  // an instruction longer than what is left
  const std::vector<uint32_t> original = code;
  EXPECT_EQ(move_default_block_to_push_constants(code), PushBlockRewrite::Unsupported);
  EXPECT_EQ(code, original);
  std::vector<uint32_t> not_spirv = {1, 2, 3};
  EXPECT_EQ(move_default_block_to_push_constants(not_spirv), PushBlockRewrite::Unsupported);
}

}  // namespace
}  // namespace brass::driver::test
