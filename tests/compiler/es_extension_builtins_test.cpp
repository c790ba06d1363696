// Extension built-ins glslang 12 lacks for GLSL ES and Brass supplies:
// EXT_draw_instanced's gl_InstanceIDEXT (ES 1.00) and EXT_clip_cull_distance's
// gl_ClipDistance/gl_CullDistance (ES 3.00), only when the shader enables them.
#include "compiler/clip_distance.h"
#include "compiler/spirv_module.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

const char* kFs100 = "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n";
const char* kFs300 = "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";

TEST(EsExtensionBuiltins, InstanceIdExtNeedsTheDirective) {
  const char* with = "#extension GL_EXT_draw_instanced : require\nattribute vec4 p;\nuniform vec4 c[4];\n"
                     "varying vec4 v;\nvoid main() { gl_Position = p; v = c[gl_InstanceIDEXT]; }\n";
  const char* fs = "precision mediump float;\nvarying vec4 v;\nvoid main() { gl_FragColor = v; }\n";
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, with}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "gl_InstanceIDEXT");
  const char* without = "attribute vec4 p;\nvoid main() { gl_Position = p * float(gl_InstanceIDEXT); }\n";
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, without}, {ShaderStage::Fragment, kFs100}}).ok);
}

TEST(EsExtensionBuiltins, ClipDistanceBecomesTheVulkanBuiltIn) {
  const char* vs = "#version 300 es\n#extension GL_EXT_clip_cull_distance : enable\nin vec4 p;\n"
                   "void main() {\n  gl_Position = p;\n  gl_ClipDistance[2] = p.x;\n  gl_CullDistance[0] = p.y;\n}\n";
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, kFs300}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "clip distance");
  ASSERT_FALSE(r.stages.empty());
  EXPECT_TRUE(writes_clip_distance(r.stages[0].spirv));
  auto m = SpirvModule::parse(r.stages[0].spirv);
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->find_decorated(spv::DecorationBuiltIn, spv::BuiltInCullDistance).has_value());
  EXPECT_TRUE(m->has_capability(spv::CapabilityClipDistance));
  // The variant writing 0 to disabled planes stays valid SPIR-V.
  LinkResult v = r;
  ASSERT_TRUE(zero_disabled_clip_distances(v.stages[0].spirv, 0x04));
  EXPECT_NE(v.stages[0].spirv, r.stages[0].spirv);
  expect_valid_spirv(v, "clip distance variant");
}

TEST(EsExtensionBuiltins, ClipDistanceIsUndeclaredWithoutTheExtension) {
  const char* vs = "#version 300 es\nin vec4 p;\nvoid main() { gl_Position = p; gl_ClipDistance[0] = 1.0; }\n";
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, kFs300}});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("gl_ClipDistance"), std::string::npos) << r.info_log;
}

TEST(EsExtensionBuiltins, RewriteKeepsLineNumbers) {
  const std::string src = "#version 300 es\n#extension GL_EXT_clip_cull_distance : require\nin vec4 p;\n"
                          "void main() { gl_Position = p; gl_ClipDistance[0] = 1.0; }\n";
  GlslVersion v;
  v.es = true;
  v.number = 300;
  const std::string out = rewrite_es_clip_distance(src, ShaderStage::Vertex, v);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(src.begin(), src.end(), '\n'));
  EXPECT_NE(out.find(kClipDistanceName), std::string::npos);
  EXPECT_EQ(out.find("gl_ClipDistance"), std::string::npos);
}

}  // namespace
}  // namespace brass::compiler::test
