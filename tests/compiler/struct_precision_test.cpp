// Struct varyings whose members differ in precision between stages: legal
// in GLSL ES, refused by glslang's I/O mapper unless the members are unified
// before mapIO (unify_struct_varying_precision in compiler.cpp).
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

TEST(StructPrecision, StructVaryingWithDifferentDefaultPrecisionLinks) {
  const std::string vs =
      "#version 300 es\nin vec4 p;\nstruct Foo {\n  vec4 v;\n};\nout Foo foo;\ncentroid out Foo foo_c;\n"
      "void main() { gl_Position = p; foo.v = p; foo_c.v = p; }\n";
  const std::string fs =
      "#version 300 es\nprecision mediump float;\nstruct Foo {\n  vec4 v;\n};\nin Foo foo;\ncentroid in Foo foo_c;\n"
      "out vec4 color;\nvoid main() { color = foo.v + foo_c.v; }\n";
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}});
  EXPECT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "struct varying");
}

TEST(StructPrecision, UniformPrecisionMismatchStillFailsEs300) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "#version 300 es\nuniform highp float u;\nvoid main() { gl_Position = vec4(u); }\n"},
                                        {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nuniform mediump float u;\nout vec4 c;\nvoid main() { c = vec4(u); }\n"}});
  EXPECT_FALSE(r.ok);
}

// A struct uniform's members are part of its type: lowp in one stage and
// (default) mediump in the other is a link error, the same precisions link.
TEST(StructPrecision, UniformStructMemberPrecisionsMustMatch) {
  const std::string vs = "#version 300 es\nstruct S { lowp float a; };\nuniform S s;\nout mediump float r;\n"
                         "void main() { r = s.a; gl_Position = vec4(0.0); }\n";
  auto fs = [](const char* member) {
    return std::string("#version 300 es\nprecision mediump float;\nstruct S { ") + member +
           " a; };\nuniform S s;\nin float r;\nout vec4 c;\nvoid main() { c = vec4(s.a + r); }\n";
  };
  const LinkResult mismatch = link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs("float")}});
  EXPECT_FALSE(mismatch.ok);
  EXPECT_NE(mismatch.info_log.find("s.a"), std::string::npos) << mismatch.info_log;
  const LinkResult match = link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs("lowp float")}});
  EXPECT_TRUE(match.ok) << match.info_log;
}

// GLSL ES 3.00 §4.3.7: a block of one name has the same layout
// qualification in every stage: shared against packed, or a matrix member
// row_major in one stage only, does not link; the same layout does.
TEST(BlockLinkage, LayoutQualifiersMustMatchAcrossStages) {
  auto program = [](const char* vs_layout, const char* fs_layout) {
    const std::string vs = std::string("#version 300 es\nlayout(") + vs_layout +
                           ") uniform Block { highp vec4 v; highp mat2 m; };\n"
                           "void main() { gl_Position = v + vec4(m[0], m[1]); }\n";
    const std::string fs = std::string("#version 300 es\nprecision mediump float;\nlayout(") + fs_layout +
                           ") uniform Block { highp vec4 v; highp mat2 m; };\nout vec4 c;\nvoid main() { c = v; }\n";
    return link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}});
  };
  const LinkResult mismatch = program("shared", "packed");
  EXPECT_FALSE(mismatch.ok);
  EXPECT_NE(mismatch.info_log.find("Block"), std::string::npos) << mismatch.info_log;
  EXPECT_FALSE(program("std140, row_major", "std140").ok);
  const LinkResult same = program("std140, row_major", "row_major, std140");
  EXPECT_TRUE(same.ok) << same.info_log;
  EXPECT_TRUE(program("shared", "shared").ok);
  // No packing qualifier means shared (the ESSL 3.00 default).
  const LinkResult unqualified = program("shared", "column_major");
  EXPECT_TRUE(unqualified.ok) << unqualified.info_log;
  EXPECT_FALSE(program("std140", "column_major").ok);
  // A default set by `layout(...) uniform;` counts as the block's own.
  const LinkResult defaults = link(
      Api::GLES, {{ShaderStage::Vertex, "#version 300 es\nlayout(std140, row_major) uniform;\n"
                                        "uniform Block { highp mat2 m; };\nvoid main() { gl_Position = vec4(m[0], m[1]); }\n"},
                  {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\n"
                                          "layout(std140, row_major) uniform Block { highp mat2 m; };\n"
                                          "out vec4 c;\nvoid main() { c = vec4(m[0], m[1]); }\n"}});
  EXPECT_TRUE(defaults.ok) << defaults.info_log;
}

}  // namespace
}  // namespace brass::compiler::test
