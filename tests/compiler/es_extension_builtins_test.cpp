// Extension built-ins glslang 12 lacks for GLSL ES and Brass supplies:
// EXT_draw_instanced's gl_InstanceIDEXT (ES 1.00), EXT_clip_cull_distance's
// gl_ClipDistance/gl_CullDistance (ES 3.00) and OES_viewport_array's
// gl_ViewportIndex (ES 3.10), only when the shader enables them.
#include "compiler/es_builtin_standins.h"
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

TEST(EsExtensionBuiltins, ViewportIndexUnderOesViewportArray) {
  const char* vs = "#version 310 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
  const char* gs = "#version 310 es\n#extension GL_OES_geometry_shader : require\n#extension GL_OES_viewport_array : require\n"
                   "layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\nuniform int vp;\n"
                   "void main() {\n  for (int i = 0; i < 3; i++) {\n    gl_Position = gl_in[i].gl_Position;\n"
                   "    gl_ViewportIndex = vp;\n    EmitVertex();\n  }\n}\n";
  const char* fs = "#version 310 es\n#extension GL_OES_viewport_array : require\nprecision highp float;\nout vec4 o;\n"
                   "void main() { o = vec4(float(gl_ViewportIndex)); }\n";
  const LinkResult r =
      link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Geometry, gs}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "gl_ViewportIndex");
  for (const StageBinary& b : r.stages) {
    if (b.stage == ShaderStage::Vertex) continue;
    auto m = SpirvModule::parse(b.spirv);
    ASSERT_TRUE(m);
    EXPECT_TRUE(m->find_decorated(spv::DecorationBuiltIn, spv::BuiltInViewportIndex).has_value());
  }
  // Without the extension the fragment shader's read is an undeclared name.
  const char* plain_fs = "#version 310 es\nprecision highp float;\nout vec4 o;\n"
                         "void main() { o = vec4(float(gl_ViewportIndex)); }\n";
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, plain_fs}}).ok);
}

TEST(EsExtensionBuiltins, UnexposedExtensionsAreRefusedAndUndefined) {
  CompileOptions hidden;
  hidden.unexposed_extensions = {"GL_EXT_clip_cull_distance", "GL_EXT_separate_shader_objects"};
  const char* require = "#version 300 es\n#extension GL_EXT_clip_cull_distance : require\n"
                        "void main() { gl_Position = vec4(0.0); }\n";
  EXPECT_TRUE(compile_shader({ShaderStage::Vertex, require}).ok);  // exposed by default
  const CompileResult r = compile_shader({ShaderStage::Vertex, require}, hidden);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("0:2"), std::string::npos) << r.info_log;  // the directive's own line
  // enable: ignored, so the built-in stays undeclared.
  EXPECT_FALSE(compile_shader({ShaderStage::Vertex, "#version 300 es\n#extension GL_EXT_clip_cull_distance : enable\n"
                                                    "void main() { gl_ClipDistance[0] = 1.0; }\n"},
                              hidden).ok);
  // The macro of an unexposed extension Brass defines itself is not defined.
  const char* probe = "#version 100\n#ifdef GL_EXT_separate_shader_objects\n#error defined\n#endif\n"
                      "void main() { gl_Position = vec4(0.0); }\n";
  EXPECT_TRUE(compile_shader({ShaderStage::Vertex, probe}, hidden).ok);
  EXPECT_FALSE(compile_shader({ShaderStage::Vertex, probe}).ok);
}

// glslang predefines the macros of extensions it knows for GLSL ES 3.10
// (GL_EXT_geometry_shader, ...); an unexposed one must still read as
// undefined in every form of preprocessor test.
TEST(EsExtensionBuiltins, UnexposedMacrosGlslangPredefinesReadAsUndefined) {
  CompileOptions hidden;
  hidden.unexposed_extensions = {"GL_EXT_geometry_shader", "GL_OES_texture_buffer"};
  const char* probes[] = {
      "#if defined GL_EXT_geometry_shader\n#error defined\n#endif\n",
      "#if defined(GL_OES_texture_buffer) || 0\n#error defined\n#endif\n",
      "#ifdef GL_EXT_geometry_shader\n#error defined\n#endif\n",
      "#ifndef GL_EXT_geometry_shader\n#else\n#error defined\n#endif\n",
      "#if GL_OES_texture_buffer\n#error nonzero\n#elif GL_EXT_geometry_shader == 1\n#error one\n#endif\n",
  };
  for (const char* probe : probes) {
    const std::string src = std::string("#version 310 es\n") + probe + "void main() {}\n";
    EXPECT_TRUE(compile_shader({ShaderStage::Compute, src}, hidden).ok) << probe;
    EXPECT_FALSE(compile_shader({ShaderStage::Compute, src}).ok) << "exposed, they are defined: " << probe;
  }
  const char* require = "#version 310 es\n#extension GL_EXT_geometry_shader : require\nvoid main() {}\n";
  EXPECT_FALSE(compile_shader({ShaderStage::Compute, require}, hidden).ok);
  EXPECT_TRUE(compile_shader({ShaderStage::Compute, require}).ok);
}

TEST(EsExtensionBuiltins, RewriteKeepsLineNumbers) {
  const std::string src = "#version 300 es\n#extension GL_EXT_clip_cull_distance : require\nin vec4 p;\n"
                          "void main() { gl_Position = p; gl_ClipDistance[0] = 1.0; }\n";
  GlslVersion v;
  v.es = true;
  v.number = 300;
  const std::string out = rewrite_es_builtin_standins(src, ShaderStage::Vertex, v);
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(src.begin(), src.end(), '\n'));
  EXPECT_NE(out.find(kClipDistanceName), std::string::npos);
  EXPECT_EQ(out.find("gl_ClipDistance"), std::string::npos);
}

}  // namespace
}  // namespace brass::compiler::test
