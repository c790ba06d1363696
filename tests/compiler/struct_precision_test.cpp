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

}  // namespace
}  // namespace brass::compiler::test
