// The legacy buffer-texture formats' component mapping as a SPIR-V patch
// (compiler/texel_buffer_swizzle.h): fetches from the listed bindings and
// elements are shuffled, others are not, and dynamically indexed arrays are
// lowered so each fetch knows its element.
#include "compiler/texel_buffer_swizzle.h"

#include <array>
#include <vector>

#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

constexpr const char* kVertex = "#version 140\nvoid main() { gl_Position = vec4(0.0); }\n";

// The component literals of every OpVectorShuffle of the module.
std::vector<std::array<uint32_t, 4>> shuffles(const std::vector<uint32_t>& spirv) {
  std::vector<std::array<uint32_t, 4>> out;
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t count = spirv[i] >> 16, op = spirv[i] & 0xffff;
    if (op == spv::OpVectorShuffle && count == 9) out.push_back({spirv[i + 5], spirv[i + 6], spirv[i + 7], spirv[i + 8]});
    i += count ? count : 1;
  }
  return out;
}

bool declares_capability(const std::vector<uint32_t>& spirv, spv::Capability cap) {
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t count = spirv[i] >> 16, op = spirv[i] & 0xffff;
    if (op == spv::OpCapability && spirv[i + 1] == static_cast<uint32_t>(cap)) return true;
    i += count ? count : 1;
  }
  return false;
}

uint32_t binding_of(const LinkResult& r, const char* uniform) {
  const Uniform* u = find_uniform(r.interface, uniform);
  EXPECT_NE(u, nullptr) << uniform;
  if (!u) return 0;
  const auto slot = static_cast<uint32_t>(u - r.interface.uniforms.data());
  const Binding* b = find_binding(r.interface, kSetSamplers, slot);
  EXPECT_NE(b, nullptr) << uniform;
  return b ? b->binding : 0;
}

TEST(TexelBufferSwizzle, ListedFetchesAreShuffledOthersAreNot) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, kVertex},
                                      {ShaderStage::Fragment, R"(#version 140
uniform samplerBuffer a;
uniform isamplerBuffer b[2];
uniform samplerBuffer plain;
out vec4 color;
void main() { color = texelFetch(a, 1) + vec4(texelFetch(b[1], 0)) + vec4(texelFetch(b[0], 0)) + texelFetch(plain, 2); })"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const StageBinary& fs = r.stages[1];
  ASSERT_EQ(fs.stage, ShaderStage::Fragment);
  const std::vector<uint32_t> before = fs.spirv;
  std::vector<uint32_t> spirv = fs.spirv;
  // Identity for every element: nothing changes.
  const TexelBufferBindingSwizzle none[] = {{binding_of(r, "a"), 0, TexelBufferSwizzle::Identity}};
  ASSERT_TRUE(swizzle_texel_buffer_fetches(spirv, none));
  EXPECT_EQ(spirv, before);
  const TexelBufferBindingSwizzle list[] = {
      {binding_of(r, "a"), 0, TexelBufferSwizzle::Alpha},
      {binding_of(r, "b[0]"), 1, TexelBufferSwizzle::LuminanceAlpha},
  };
  ASSERT_TRUE(swizzle_texel_buffer_fetches(spirv, list));
  const std::vector<std::array<uint32_t, 4>> s = shuffles(spirv);
  ASSERT_EQ(s.size(), 2u);  // b[0] and `plain` keep their components
  EXPECT_EQ(s[0], (std::array<uint32_t, 4>{4, 4, 4, 0}));
  EXPECT_EQ(s[1], (std::array<uint32_t, 4>{0, 0, 0, 1}));
  std::string error;
  EXPECT_TRUE(validate_spirv(spirv, VulkanEnv::Vulkan1_2, &error)) << error;
}

TEST(TexelBufferSwizzle, DynamicallyIndexedArrayIsLoweredFirst) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, "#version 400\nvoid main() { gl_Position = vec4(0.0); }\n"},
                                      {ShaderStage::Fragment, R"(#version 400
uniform usamplerBuffer t[3];
uniform int which;
out vec4 color;
void main() { color = vec4(texelFetch(t[which], 0)); })"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  std::vector<uint32_t> spirv = r.stages[1].spirv;
  const uint32_t binding = binding_of(r, "t[0]");
  const TexelBufferBindingSwizzle list[] = {{binding, 0, TexelBufferSwizzle::Luminance},
                                            {binding, 2, TexelBufferSwizzle::Intensity}};
  ASSERT_TRUE(swizzle_texel_buffer_fetches(spirv, list));
  // One fetch per element after the lowering; element 1 is as fetched.
  const std::vector<std::array<uint32_t, 4>> s = shuffles(spirv);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0], (std::array<uint32_t, 4>{0, 0, 0, 5}));
  EXPECT_EQ(s[1], (std::array<uint32_t, 4>{0, 0, 0, 0}));
  EXPECT_FALSE(declares_capability(spirv, spv::CapabilityUniformTexelBufferArrayDynamicIndexing));
  std::string error;
  EXPECT_TRUE(validate_spirv(spirv, VulkanEnv::Vulkan1_2, &error)) << error;
}

}  // namespace
}  // namespace brass::compiler::test
