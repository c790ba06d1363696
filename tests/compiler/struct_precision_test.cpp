// Struct varyings whose members differ in precision between stages: legal
// in GLSL ES, refused by glslang's cross-stage check unless the code-
// generation source makes struct members highp (glsl_struct_precision).
#include "compiler/glsl_struct_precision.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

TEST(StructPrecision, MembersBecomeHighp) {
  EXPECT_EQ(highp_struct_members("struct Foo {\n  vec4 v;\n  mediump float f; lowp int i[2];\n  bool b; Bar s;\n};\n"),
            "struct Foo {\n  highp vec4 v;\n  highp float f; highp int i[2];\n  bool b; Bar s;\n};\n");
  // Outside struct bodies nothing changes (blocks, declarations, struct uses).
  const std::string other = "uniform B { mediump float x; };\nmediump float y;\nstruct Foo f;\n";
  EXPECT_EQ(highp_struct_members(other), other);
}

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

}  // namespace
}  // namespace brass::compiler::test
