// Desktop GLSL 1.10-1.30 sources enabling extensions that glslang gives
// only to later versions (legacy_extension_versions.h): they compile at
// their own version and link to valid SPIR-V.
#include "compiler/legacy_extension_versions.h"

#include "compiler/glsl_upgrader.h"
#include "compiler/glsl_version.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

CompileResult compile_gl(ShaderStage stage, const std::string& text, std::vector<std::string> unexposed = {}) {
  CompileOptions o;
  o.api = Api::GL;
  o.unexposed_extensions = std::move(unexposed);
  return compile_shader({stage, text}, o);
}

int needed(const std::string& text, ShaderStage stage = ShaderStage::Fragment,
           const std::vector<std::string>& unexposed = {}) {
  return legacy_extension_glsl_version(text, stage, detect_glsl_version(text, Api::GL), unexposed);
}

const std::string kPassVertex130 =
    "#version 130\n"
    "in vec4 piglit_vertex;\n"
    "void main() { gl_Position = piglit_vertex; }\n";

TEST(LegacyExtensionVersions, VersionGlslangNeedsForEachExtension) {
  const std::string bits =
      "#version 130\n#extension GL_ARB_shader_bit_encoding : enable\n"
      "void main() { gl_FragColor = vec4(intBitsToFloat(7)); }\n";
  EXPECT_EQ(needed(bits), 150);
  EXPECT_EQ(needed("#version 120\n#extension GL_ARB_shading_language_packing : require\n"
                   "void main() { gl_FragColor = vec4(float(packUnorm4x8(vec4(0.5)))); }\n"),
            150);
  EXPECT_EQ(needed("#version 130\n#extension GL_ARB_texture_query_lod : enable\n"
                   "uniform sampler2D s;\nvoid main() { gl_FragColor = textureQueryLOD(s, vec2(0.5)).xyxy; }\n"),
            150);
  EXPECT_EQ(needed("#version 130\n#extension GL_ARB_uniform_buffer_object : require\nvoid main() {}\n"), 140);
  EXPECT_EQ(needed("#version 110\n#extension GL_ARB_sample_shading : enable\nvoid main() {}\n"), 130);
  // Already enough, or nothing enabled, or not exposed: no change.
  EXPECT_EQ(needed("#version 130\n#extension GL_ARB_sample_shading : enable\nvoid main() {}\n"), 0);
  EXPECT_EQ(needed("#version 130\nvoid main() {}\n"), 0);
  EXPECT_EQ(needed("#version 140\n#extension GL_ARB_uniform_buffer_object : enable\nvoid main() {}\n"), 0);
  EXPECT_EQ(needed(bits, ShaderStage::Fragment, {"GL_ARB_shader_bit_encoding"}), 0);
  // Enabled but unused (the functions are what glslang lacks): no change.
  EXPECT_EQ(needed("#version 130\n#extension GL_ARB_shader_bit_encoding : enable\nvoid main() {}\n"), 0);
  // An extension disabled again enables nothing.
  EXPECT_EQ(needed("#version 110\n#extension GL_ARB_sample_shading : disable\nvoid main() {}\n"), 0);
}

TEST(LegacyExtensionVersions, CheckParseTextKeepsLinesAndUsesTheCompatibilityProfile) {
  const std::string body = "\n#extension GL_ARB_shader_bit_encoding : enable\nvoid main() { floatBitsToInt(1.0); }\n";
  const std::string text = "#version 130" + body;
  const std::string raised =
      with_legacy_extension_check_version(text, ShaderStage::Fragment, detect_glsl_version(text, Api::GL), {});
  EXPECT_EQ(raised, "#version 150 compatibility" + body);
  const std::string ubo = "#version 120\n#extension GL_ARB_uniform_buffer_object : enable\nvoid main() {}\n";
  EXPECT_EQ(with_legacy_extension_check_version(ubo, ShaderStage::Vertex, detect_glsl_version(ubo, Api::GL), {}),
            "#version 140\n#extension GL_ARB_uniform_buffer_object : enable\nvoid main() {}\n");
}

TEST(LegacyExtensionVersions, BitEncodingIn130CompilesAndLinks) {
  const std::string fs =
      "#version 130\n"
      "#extension GL_ARB_shader_bit_encoding : enable\n"
      "uniform vec4 given;\n"
      "out vec4 frag_color;\n"
      "void main() {\n"
      "  frag_color = vec4(floatBitsToUint(given.x) == 0x3f800000u ? 1.0 : 0.0,\n"
      "                    intBitsToFloat(floatBitsToInt(given.y)), uintBitsToFloat(0u), 1.0);\n"
      "}\n";
  const CompileResult c = compile_gl(ShaderStage::Fragment, fs);
  EXPECT_TRUE(c.ok) << c.info_log;
  EXPECT_EQ(c.version, 130);
  // Without the extension exposed, the functions stay undeclared.
  EXPECT_FALSE(compile_gl(ShaderStage::Fragment, fs, {"GL_ARB_shader_bit_encoding"}).ok);
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, kPassVertex130}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "bit encoding");
  EXPECT_NE(find_uniform(r.interface, "given"), nullptr);
}

TEST(LegacyExtensionVersions, LegacyBuiltinsStillWorkWhenRaised) {
  // GLSL 1.10 with varying, gl_FragColor, texture2D and the fixed-function
  // state, raised to 1.50 for packSnorm4x8.
  const std::string vs =
      "#version 110\n"
      "#extension GL_ARB_shading_language_packing : require\n"
      "varying vec4 color;\n"
      "void main() {\n"
      "  color = unpackSnorm4x8(packSnorm4x8(gl_Color));\n"
      "  gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
      "}\n";
  const std::string fs =
      "#version 110\n"
      "uniform sampler2D tex;\n"
      "varying vec4 color;\n"
      "void main() { gl_FragColor = color * texture2D(tex, vec2(0.5)); }\n";
  EXPECT_TRUE(compile_gl(ShaderStage::Vertex, vs).ok) << compile_gl(ShaderStage::Vertex, vs).info_log;
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "packing");
  EXPECT_NE(find_uniform(r.interface, "gl_ModelViewProjectionMatrix"), nullptr);
}

TEST(LegacyExtensionVersions, UniformBlocksIn130) {
  const std::string vs =
      "#version 130\n"
      "#extension GL_ARB_uniform_buffer_object : require\n"
      "struct S { float r; };\n"
      "layout(std140) uniform ubo1 { S s; float g; };\n"
      "in vec4 piglit_vertex;\n"
      "flat out int pass;\n"
      "void main() { pass = int(s.r + g); gl_Position = piglit_vertex; }\n";
  const std::string fs =
      "#version 130\n"
      "flat in int pass;\n"
      "void main() { gl_FragColor = vec4(float(pass)); }\n";
  const CompileResult c = compile_gl(ShaderStage::Vertex, vs);
  EXPECT_TRUE(c.ok) << c.info_log;
  EXPECT_FALSE(compile_gl(ShaderStage::Vertex, vs, {"GL_ARB_uniform_buffer_object"}).ok);
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "ubo");
  ASSERT_EQ(r.interface.uniform_blocks.size(), 1u);
  EXPECT_EQ(r.interface.uniform_blocks[0].name, "ubo1");
  // std140: the struct's base alignment is a vec4's, so g follows at 16.
  const Uniform* g = find_uniform(r.interface, "g");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->offset, 16);
}

TEST(LegacyExtensionVersions, TextureQueryLodSpelledTheArbWay) {
  const std::string fs =
      "#version 130\n"
      "#extension GL_ARB_texture_query_lod : enable\n"
      "#extension GL_ARB_texture_cube_map_array : enable\n"
      "uniform isamplerCubeArray s;\n"
      "uniform sampler2D t;\n"
      "varying vec3 coord;\n"
      "void main() { gl_FragColor.xy = textureQueryLOD(s, coord) + textureQueryLOD(t, coord.xy); }\n";
  const CompileResult c = compile_gl(ShaderStage::Fragment, fs);
  EXPECT_TRUE(c.ok) << c.info_log;
  const std::string vs =
      "#version 130\n"
      "varying vec3 coord;\n"
      "void main() { coord = gl_Vertex.xyz; gl_Position = gl_Vertex; }\n";
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "query lod");
  // The ARB spelling is fragment-only, as the extension says.
  const std::string in_vs =
      "#version 130\n"
      "#extension GL_ARB_texture_query_lod : enable\n"
      "uniform sampler2D t;\n"
      "void main() { gl_Position = textureQueryLOD(t, vec2(0.5)).xyxy; }\n";
  EXPECT_FALSE(compile_gl(ShaderStage::Vertex, in_vs).ok);
}

TEST(LegacyExtensionVersions, Glsl140SourcesRaisedTo150) {
  // GLSL 1.40 (gl_FragColor and texture2D still there) with bit encoding.
  const std::string fs =
      "#version 140\n"
      "#extension GL_ARB_shader_bit_encoding : enable\n"
      "uniform sampler2D tex;\n"
      "void main() { gl_FragColor = texture2D(tex, vec2(0.5)) + vec4(floatBitsToInt(1.0)); }\n";
  const CompileResult c = compile_gl(ShaderStage::Fragment, fs);
  EXPECT_TRUE(c.ok) << c.info_log;
  const std::string vs =
      "#version 140\n"
      "in vec4 piglit_vertex;\n"
      "void main() { gl_Position = piglit_vertex; }\n";
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "1.40 bit encoding");
  ASSERT_EQ(r.interface.fragment_outputs.size(), 1u);
  EXPECT_EQ(r.interface.fragment_outputs[0].name, "gl_FragColor");
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

// GLSL 1.20 keywords and built-ins (non-square matrices, transpose,
// outerProduct, invariant, centroid) are the application's in a 1.20
// source: the upgrader to 1.40 leaves them alone, while a 1.10 source's
// identifiers of those names are renamed; and inverse, 1.40's, is a user
// name before 1.40.
TEST(LegacyExtensionVersions, Glsl120KeywordsAreNotRenamed) {
  const std::string v120 =
      "#version 120\n"
      "uniform mat2x3 m;\n"
      "void main() { gl_Position = vec4(transpose(m)[0], outerProduct(vec2(1.0), vec2(1.0))[0]); }\n";
  const UpgradedSource u = upgrade_glsl(v120, ShaderStage::Vertex, detect_glsl_version(v120, Api::GL),
                                        ShaderLimits::defaults());
  EXPECT_EQ(u.text.find("brass_r_"), std::string::npos) << u.text;
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, v120},
                                      {ShaderStage::Fragment, "#version 120\nvoid main() { gl_FragColor = vec4(1.0); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const Uniform* mu = find_uniform(r.interface, "m");
  ASSERT_NE(mu, nullptr);
  EXPECT_EQ(mu->type, 0x8B65u);  // GL_FLOAT_MAT2x3

  const std::string v110 =
      "#version 110\n"
      "float transpose(float x) { return x; }\n"
      "float inverse(float x) { return -x; }\n"
      "void main() { gl_Position = vec4(transpose(1.0) + inverse(2.0)); }\n";
  const UpgradedSource u110 = upgrade_glsl(v110, ShaderStage::Vertex, detect_glsl_version(v110, Api::GL),
                                           ShaderLimits::defaults());
  EXPECT_NE(u110.text.find("brass_r_transpose"), std::string::npos) << u110.text;
  EXPECT_NE(u110.text.find("brass_r_inverse"), std::string::npos) << u110.text;
}

// GLSL 1.40's inverse(), which glslang declares from 1.50.
TEST(LegacyExtensionVersions, Glsl140Inverse) {
  const std::string fs =
      "#version 140\n"
      "uniform mat2 arg0;\n"
      "void main() { mat2 r = inverse(arg0); gl_FragColor = vec4(r[0], r[1]); }\n";
  const CompileResult c = compile_gl(ShaderStage::Fragment, fs);
  EXPECT_TRUE(c.ok) << c.info_log;
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, "#version 140\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
                                      {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "1.40 inverse");
}

}  // namespace
}  // namespace brass::compiler::test
