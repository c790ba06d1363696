// KHR_blend_equation_advanced in the compiler: blend_support qualifiers are
// reported, the fragment shader gets the in-shader blend (reading the
// framebuffer-fetch copy of draw buffer 0) and each equation's variant is
// valid SPIR-V with the equation compiled in.
#include <fstream>

#include "compiler/advanced_blend.h"
#include "compiler/spirv_module.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

const char* kVs300 = "#version 300 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n";

LinkResult link_blend(const std::string& qualifiers, const std::string& outputs, const char* value = "vec4(0.5)") {
  return link(Api::GLES, {{ShaderStage::Vertex, kVs300},
                          {ShaderStage::Fragment, "#version 300 es\n#extension GL_KHR_blend_equation_advanced : require\n"
                                                  "layout(" + qualifiers + ") out;\n" + outputs +
                                                  "void main() { color = " + value + "; }\n"}});
}

TEST(AdvancedBlend, QualifiersAreReported) {
  LinkResult r = link_blend("blend_support_multiply, blend_support_hsl_luminosity", "out mediump vec4 color;\n");
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_EQ(r.interface.blend_support, blend_support_bit(AdvancedBlendEquation::Multiply) |
                                           blend_support_bit(AdvancedBlendEquation::HslLuminosity));
  EXPECT_TRUE(r.interface.advanced_blend);
  r = link_blend("blend_support_all_equations", "out mediump vec4 color;\n");
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_EQ(r.interface.blend_support, kBlendSupportAll);
  EXPECT_TRUE(r.interface.advanced_blend_fetch_only);
  // The destination: the fetch sampler of draw buffer 0, not a GL uniform.
  int fetch = 0;
  for (const Binding& b : r.interface.bindings)
    if (b.kind == DescriptorKind::FramebufferFetch && b.slot == 0) ++fetch;
  EXPECT_EQ(fetch, 1);
  for (const Uniform& u : r.interface.uniforms) EXPECT_EQ(u.name.find("brass"), std::string::npos) << u.name;
  expect_valid_spirv(r, "advanced blend");
}

// A shader that fetches draw buffer 0 itself shares the fetch with the blend:
// its copy is needed by every draw.
TEST(AdvancedBlend, OwnFetchOfBufferZeroIsNotBlendOnly) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs300},
                                        {ShaderStage::Fragment,
                                         "#version 300 es\n#extension GL_KHR_blend_equation_advanced : require\n"
                                         "#extension GL_EXT_shader_framebuffer_fetch : require\n"
                                         "layout(blend_support_multiply) out;\ninout mediump vec4 color;\n"
                                         "void main() { color = color * 0.5; }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_TRUE(r.interface.advanced_blend);
  EXPECT_FALSE(r.interface.advanced_blend_fetch_only);
  int fetch = 0;
  for (const Binding& b : r.interface.bindings)
    if (b.kind == DescriptorKind::FramebufferFetch && b.slot == 0) ++fetch;
  EXPECT_EQ(fetch, 1);
  expect_valid_spirv(r, "advanced blend with own fetch");
}

TEST(AdvancedBlend, NoQualifierNoBlend) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs300},
                                        {ShaderStage::Fragment, "#version 300 es\nout mediump vec4 color;\n"
                                                                "void main() { color = vec4(0.5); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_EQ(r.interface.blend_support, 0u);
  EXPECT_FALSE(r.interface.advanced_blend);
  EXPECT_FALSE(r.interface.advanced_blend_fetch_only);
}

TEST(AdvancedBlend, IntegerOutputIsNotBlended) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs300},
                                        {ShaderStage::Fragment,
                                         "#version 300 es\n#extension GL_KHR_blend_equation_advanced : require\n"
                                         "layout(blend_support_screen) out;\nout highp uvec4 color;\n"
                                         "void main() { color = uvec4(1u); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_EQ(r.interface.blend_support, blend_support_bit(AdvancedBlendEquation::Screen));
  EXPECT_FALSE(r.interface.advanced_blend);
}

TEST(AdvancedBlend, EveryEquationVariantIsValid) {
  const LinkResult r = link_blend("blend_support_all_equations", "layout(location = 0) out highp vec3 color;\n", "vec3(0.5)");
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_TRUE(r.interface.advanced_blend);
  const StageBinary& fs = r.stages.back();
  ASSERT_EQ(fs.stage, ShaderStage::Fragment);
  for (unsigned e = 1; e <= kAdvancedBlendEquationCount; ++e) {
    VariantKey key;
    key.advanced_blend = static_cast<uint8_t>(e);
    const std::vector<uint32_t> spirv = apply_variant(fs, key);
    std::string err;
    EXPECT_TRUE(validate_spirv(spirv, VulkanEnv::Vulkan1_3, &err)) << e << ": " << err;
    // The equation is a plain constant now; no specialization constant is left.
    auto m = SpirvModule::parse(spirv);
    ASSERT_TRUE(m);
    EXPECT_FALSE(m->find_decorated(spv::DecorationSpecId, kAdvancedBlendSpecId));
    bool found = false;
    for (const SpirvInstruction& i : m->instructions)
      found = found || (i.opcode() == spv::OpConstant && i.words.size() == 4 && i.words[3] == e);
    EXPECT_TRUE(found) << e;
    if (const char* dump = std::getenv("BRASS_TEST_DUMP_SPIRV"); dump && e == 1) {
      std::ofstream(dump, std::ios::binary).write(reinterpret_cast<const char*>(spirv.data()),
                                                   static_cast<std::streamsize>(spirv.size() * 4));
    }
  }
  // A module without the blend has nothing to set.
  std::vector<uint32_t> vs = r.stages.front().spirv;
  EXPECT_FALSE(set_advanced_blend_equation(vs, AdvancedBlendEquation::Multiply));
}

TEST(AdvancedBlend, RequiresTheDirectiveAndTheExtension) {
  CompileOptions hidden;
  hidden.unexposed_extensions = {"GL_KHR_blend_equation_advanced"};
  const std::string src = "#version 300 es\n#extension GL_KHR_blend_equation_advanced : require\n"
                          "layout(blend_support_multiply) out;\nout mediump vec4 c;\nvoid main() { c = vec4(1.0); }\n";
  EXPECT_TRUE(compile_shader({ShaderStage::Fragment, src}).ok);
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment, src}, hidden).ok);
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment, "#version 300 es\nlayout(blend_support_multiply) out;\n"
                                                      "out mediump vec4 c;\nvoid main() { c = vec4(1.0); }\n"})
                   .ok);
}

}  // namespace
}  // namespace brass::compiler::test
