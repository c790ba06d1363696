// EXT_shader_framebuffer_fetch: accepted where GL ES accepts it, lowered to
// samplers of a pre-draw copy of the attachment (set 2, kind FramebufferFetch,
// slot = draw buffer).
#include "compiler/framebuffer_fetch.h"
#include "compiler/spirv_module.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

const char* kVs300 = "#version 300 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
const char* kVs100 = "attribute vec4 p;\nvoid main() { gl_Position = p; }\n";

std::vector<Binding> fetch_bindings(const ProgramInterface& pi) {
  std::vector<Binding> out;
  for (const Binding& b : pi.bindings)
    if (b.kind == DescriptorKind::FramebufferFetch) out.push_back(b);
  return out;
}

TEST(FramebufferFetch, Es300InoutOutputs) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs300},
                                        {ShaderStage::Fragment,
                                         "#version 300 es\n#extension GL_EXT_shader_framebuffer_fetch : require\n"
                                         "inout mediump vec4 fcolor[2];\n"
                                         "void main() {\n  fcolor[0] += vec4(0.5);\n  fcolor[1] = fcolor[1] * 2.0;\n}\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const std::vector<Binding> att = fetch_bindings(r.interface);
  ASSERT_EQ(att.size(), 2u);
  for (size_t i = 0; i < att.size(); ++i) {
    EXPECT_EQ(att[i].set, kSetSamplers);
    EXPECT_EQ(att[i].binding, i);
    EXPECT_EQ(att[i].slot, i);  // draw buffer
    EXPECT_EQ(att[i].stages, stage_bit(ShaderStage::Fragment));
  }
  for (const Uniform& u : r.interface.uniforms) EXPECT_EQ(u.name.find("brass"), std::string::npos) << u.name;
  ASSERT_EQ(r.interface.fragment_outputs.size(), 1u);
  EXPECT_EQ(r.interface.fragment_outputs[0].name, "fcolor[0]");
  expect_valid_spirv(r, "fetch es300");
}

TEST(FramebufferFetch, NonCoherentLayoutAndIntegerOutput) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs300},
                                        {ShaderStage::Fragment,
                                         "#version 300 es\n#extension GL_EXT_shader_framebuffer_fetch_non_coherent : require\n"
                                         "layout(noncoherent, location = 1) inout highp uvec4 ids;\n"
                                         "void main() { ids += uvec4(1u); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const std::vector<Binding> att = fetch_bindings(r.interface);
  ASSERT_EQ(att.size(), 1u);
  EXPECT_EQ(att[0].slot, 1u);
  expect_valid_spirv(r, "fetch noncoherent");
}

TEST(FramebufferFetch, Es100LastFragData) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs100},
                                        {ShaderStage::Fragment,
                                         "#extension GL_EXT_shader_framebuffer_fetch : enable\n"
                                         "void main() {\n  gl_FragData[0] = gl_LastFragData[0] + vec4(0.5);\n"
                                         "  gl_FragData[2] = gl_LastFragData[2];\n}\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_EQ(fetch_bindings(r.interface).size(), 3u);  // loads up to the highest index used
  expect_valid_spirv(r, "fetch es100");
}

TEST(FramebufferFetch, MultisampledVariantReadsItsOwnSample) {
  LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs300},
                                  {ShaderStage::Fragment,
                                   "#version 300 es\n#extension GL_EXT_shader_framebuffer_fetch : require\n"
                                   "layout(location = 0) inout mediump vec4 a;\n"
                                   "layout(location = 1) inout highp ivec4 b;\n"
                                   "void main() {\n  a += vec4(0.5);\n  b += ivec4(1);\n}\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  bool patched = false;
  for (StageBinary& s : r.stages) {
    if (s.stage != ShaderStage::Fragment) {
      EXPECT_FALSE(make_fetch_multisampled(s.spirv));  // nothing to patch
      continue;
    }
    ASSERT_TRUE(make_fetch_multisampled(s.spirv));
    auto m = SpirvModule::parse(s.spirv);
    ASSERT_TRUE(m);
    EXPECT_TRUE(m->find_decorated(spv::DecorationBuiltIn, spv::BuiltInSampleId).has_value());
    EXPECT_TRUE(m->has_capability(spv::CapabilitySampleRateShading));
    patched = true;
  }
  EXPECT_TRUE(patched);
  expect_valid_spirv(r, "fetch multisampled");
}

TEST(FramebufferFetch, RejectedWhereGlEsRejectsIt) {
  CompileOptions o;
  // gl_LastFragData does not exist in ESSL 3.00; inout outputs not in 1.00;
  // nor without the extension.
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment,
                               "#version 300 es\n#extension GL_EXT_shader_framebuffer_fetch : require\n"
                               "out mediump vec4 c;\nvoid main() { c = gl_LastFragData[0]; }\n"}, o).ok);
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment,
                               "#version 100\n#extension GL_EXT_shader_framebuffer_fetch : require\n"
                               "inout mediump vec4 c;\nvoid main() { c = vec4(1.0); }\n"}, o).ok);
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment,
                               "#version 300 es\ninout mediump vec4 c;\nvoid main() { c += vec4(1.0); }\n"}, o).ok);
  EXPECT_FALSE(compile_shader({ShaderStage::Vertex,
                               "#version 300 es\n#extension GL_EXT_shader_framebuffer_fetch : require\n"
                               "inout vec4 c;\nvoid main() { gl_Position = c; }\n"}, o).ok);
}

}  // namespace
}  // namespace brass::compiler::test
