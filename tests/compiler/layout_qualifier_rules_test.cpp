// Layout qualifier rules glslang 12 leaves out (glsl_rule_checks.h):
// transform feedback offsets of blocks, repeated qualifiers before 4.20 /
// 4.40.
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

CompileResult compile_gl(ShaderStage stage, const std::string& text) {
  CompileOptions o;
  o.api = Api::GL;
  return compile_shader({stage, text}, o);
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

// ARB_enhanced_layouts: an output block's xfb_offset is a multiple of its
// members' component size, 8 where the block holds a double
// (check_block_xfb_offset_alignment; glslang checks variables only).
TEST(EnhancedLayouts, BlockXfbOffsetAlignment) {
  const std::string head =
      "#version 150\n#extension GL_ARB_enhanced_layouts : require\n#extension GL_ARB_gpu_shader_fp64 : require\n";
  const std::string tail = "void main() {}\n";
  auto compiles = [&](const std::string& decl) {
    const CompileResult r = compile_gl(ShaderStage::Vertex, head + decl + tail);
    return r.ok;
  };
  EXPECT_TRUE(compiles("layout(xfb_offset = 8) out block { vec4 a; dvec3 b; };\n"));
  EXPECT_TRUE(compiles("layout(xfb_offset = 4) out block { vec4 a; vec3 b; };\n"));
  EXPECT_FALSE(compiles("layout(xfb_offset = 4) out block { vec4 a; dvec3 b; };\n"));
  EXPECT_FALSE(compiles("struct S { double d; };\nlayout(xfb_offset = 12) out block { float a; S s; } inst;\n"));
  EXPECT_FALSE(compiles("layout(xfb_offset = 2) out block { vec4 a; };\n"));
  const CompileResult r =
      compile_gl(ShaderStage::Vertex, head + "\nlayout(xfb_offset = 4) out block { vec4 a; dvec3 b; };\n" + tail);
  EXPECT_NE(r.info_log.find("0:5: 'xfb_offset'"), std::string::npos) << r.info_log;
}

// Before GLSL 4.20 one layout qualifier per declaration, before 4.40 each
// name once per qualifier, unless 420pack / enhanced_layouts lift it.
TEST(LayoutQualifiers, RepetitionNeedsTheExtensions) {
  auto compiles = [](const std::string& text) { return compile_gl(ShaderStage::Vertex, text).ok; };
  const std::string sso = "#version 140\n#extension GL_ARB_separate_shader_objects : enable\n";
  EXPECT_FALSE(compiles(sso + "layout(location=2) layout(location=1) out vec3 v;\nvoid main() {}\n"));
  EXPECT_FALSE(compiles(sso + "layout(location=2, location=1) out vec3 v;\nvoid main() {}\n"));
  EXPECT_TRUE(compiles(sso + "layout(location=1) out vec3 v;\nvoid main() {}\n"));
  EXPECT_TRUE(compiles(sso + "#extension GL_ARB_shading_language_420pack : enable\n"
                             "layout(location=2) layout(location=1) out vec3 v;\nvoid main() {}\n"));
  EXPECT_TRUE(compiles(sso + "#extension GL_ARB_enhanced_layouts : enable\n"
                             "layout(location=2, location=1) out vec3 v;\nvoid main() {}\n"));
  EXPECT_TRUE(compiles("#version 440\nlayout(location=2, location=1) layout(location=3) out vec3 v;\nvoid main() {}\n"));
  const CompileResult r =
      compile_gl(ShaderStage::Vertex, sso + "\n\nlayout(location=2) flat layout(location=1) out int v;\nvoid main() {}\n");
  EXPECT_NE(r.info_log.find("0:5: 'layout'"), std::string::npos) << r.info_log;
}

// Outputs sharing a location in distinct components need one numerical
// type, bit width and interpolation; the error is the link's for a shader
// enabling ARB_enhanced_layouts (link_time_errors.h).
TEST(LayoutQualifiers, LocationAliasesShareTypeAndInterpolation) {
  const std::string head =
      "#version 140\n#extension GL_ARB_enhanced_layouts : require\n#extension GL_ARB_separate_shader_objects : "
      "require\n";
  auto vs = [&](const std::string& decls) { return head + decls + "void main() { gl_Position = vec4(0.0); }\n"; };
  const std::string mismatched = vs("layout(location = 0) flat out ivec3 a;\nlayout(location = 0, component = 3) flat out float b;\n");
  const CompileResult c = compile_gl(ShaderStage::Vertex, mismatched);
  EXPECT_TRUE(c.ok) << c.info_log;  // reported at link
  EXPECT_NE(c.info_log.find("location aliases"), std::string::npos) << c.info_log;
  const std::string fs = head + "out vec4 color;\nvoid main() { color = vec4(1.0); }\n";
  EXPECT_FALSE(link(Api::GL, {{ShaderStage::Vertex, mismatched}, {ShaderStage::Fragment, fs}}).ok);
  // int and uint are both integers; flat against smooth is not the same.
  EXPECT_TRUE(compile_gl(ShaderStage::Vertex, vs("layout(location = 0) flat out ivec3 a;\n"
                                                 "layout(location = 0, component = 3) flat out uint b;\n"))
                  .info_log.find("location aliases") == std::string::npos);
  EXPECT_NE(compile_gl(ShaderStage::Vertex, vs("layout(location = 0) out vec2 a;\n"
                                               "layout(location = 0, component = 2) flat out vec2 b;\n"))
                .info_log.find("location aliases"),
            std::string::npos);
  const LinkResult ok = link(Api::GL, {{ShaderStage::Vertex, vs("layout(location = 0) out vec2 a;\n"
                                                                 "layout(location = 0, component = 2) out vec2 b;\n")},
                                       {ShaderStage::Fragment, fs}});
  EXPECT_TRUE(ok.ok) << ok.info_log;
}

}  // namespace
}  // namespace brass::compiler::test
