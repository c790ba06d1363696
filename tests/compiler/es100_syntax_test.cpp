// GLSL ES 1.00 constructs glslang refuses, rewritten by glsl_es100_syntax:
// the sequence operator in constant expressions and `float[2] x`.
#include <algorithm>

#include "compiler/glsl_es100_syntax.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

TEST(Es100Syntax, SequenceKeepsLastOperandAndLayout) {
  const std::string src = "const float f = 3.0 + (1.0, 2.0);\nuniform float u[(1, 2)];\n";
  const std::string out = rewrite_es100_syntax(src);
  EXPECT_EQ(out, "const float f = 3.0 + (     2.0);\nuniform float u[(   2)];\n");
  EXPECT_EQ(out.size(), src.size());
}

TEST(Es100Syntax, SequenceWithSideEffectsOrCallsUntouched) {
  // Function bodies outside const declarations and array sizes: glslang
  // compiles sequences there and checks every operand.
  EXPECT_EQ(rewrite_es100_syntax("void f() { x = (a, 2.0); const float c = (1.0, 2.0); float v[(1, 2)]; }\n"),
            "void f() { x = (a, 2.0); const float c = (     2.0); float v[(   2)]; }\n");
  for (const std::string src : {"x = (i++, 2.0);\n", "x = (y = 1.0, 2.0);\n", "x = (f(1.0), 2.0);\n",
                                "for (i = 0, j = 0; i < 2; ++i) {}\n", "x = f(1.0, 2.0);\n",
                                "x = vec2(1.0, 2.0);\n", "#define M(a, b) (a, b)\n"})
    EXPECT_EQ(rewrite_es100_syntax(src), src);
  // Constructors and built-ins on the dropped side are pure: folded.
  EXPECT_EQ(rewrite_es100_syntax("x = (vec2(1.0), 2.0);\n"), "x = (           2.0);\n");
}

TEST(Es100Syntax, CStyleArrayTypes) {
  EXPECT_EQ(rewrite_es100_syntax("  float[2] x;\n"), "  float x[2];\n");
  EXPECT_EQ(rewrite_es100_syntax("void f(out vec4[3] v) {}\n"), "void f(out vec4 v[3]) {}\n");
  // Constructors, return types and declarator lists stay as written.
  for (const std::string src : {"x = float[2](1.0, 2.0);\n", "float[2] f() {}\n", "float[2] a, b;\n"})
    EXPECT_EQ(rewrite_es100_syntax(src), src);
}

CompileResult compile_es(ShaderStage stage, const std::string& text) {
  CompileOptions o;
  o.api = Api::GLES;
  return compile_shader({stage, text}, o);
}

TEST(Es100Syntax, SequenceInConstantExpressionsCompiles) {
  const std::string vs =
      "#version 100\n"
      "uniform float uf[(1, 2)];\n"
      "const float cf = 2.0;\n"
      "const float f = 3.0 + (1.0, 2.0);\n"
      "const float g = cos((1.0, 0.0));\n"
      "float gf = (cf, 3.0);\n"
      "void main() { gl_Position = vec4(uf[1], f, g, gf); }\n";
  const CompileResult r = compile_es(ShaderStage::Vertex, vs);
  EXPECT_TRUE(r.ok) << r.info_log;
  const LinkResult l = link(Api::GLES, {{ShaderStage::Vertex, vs},
                                        {ShaderStage::Fragment, "void main() { gl_FragColor = vec4(1.0); }\n"}});
  EXPECT_TRUE(l.ok) << l.info_log;
  expect_valid_spirv(l, "sequence");
  // An error after the rewrite still reports the application's line.
  const CompileResult bad = compile_es(ShaderStage::Vertex, "#version 100\nconst float f = (1.0, 2.0);\n\nvoid main() { undeclared = 1.0; }\n");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.info_log.find("0:4"), std::string::npos) << bad.info_log;
}

TEST(Es100Syntax, RuntimeSequenceOperandsStillChecked) {
  const CompileResult r = compile_es(ShaderStage::Vertex,
                                     "#version 100\nvoid main() { float x = (undeclared, 1.0); gl_Position = vec4(x); }\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("undeclared"), std::string::npos) << r.info_log;
}

TEST(Es100Syntax, SequenceStillRejectedInEs300ConstantExpressions) {
  const CompileResult r = compile_es(ShaderStage::Vertex,
                                     "#version 300 es\nconst float f = (1.0, 2.0);\nvoid main() { gl_Position = vec4(f); }\n");
  EXPECT_FALSE(r.ok);
}

TEST(Es100Syntax, CStyleArrayOutParameterCompiles) {
  const std::string fs =
      "#version 100\nprecision mediump float;\n"
      "void f(inout float x[2]) { x[1] = x[0]; }\n"
      "void main() {\n  float[2] x;\n  x[0] = 0.5;\n  f(x);\n  gl_FragColor = vec4(x[1]);\n}\n";
  const LinkResult l = link(Api::GLES, {{ShaderStage::Vertex, "attribute vec4 p;\nvoid main() { gl_Position = p; }\n"},
                                        {ShaderStage::Fragment, fs}});
  EXPECT_TRUE(l.ok) << l.info_log;
  expect_valid_spirv(l, "cstyle");
  EXPECT_EQ(lines(rewrite_es100_syntax(fs)), lines(fs));
}

// ESSL 1.00 §3.4 reserves macro names with `__`; defining one is no error
// (glslang refuses it before 3.00). Predefined ones still cannot be defined.
TEST(Es100Syntax, DoubleUnderscoreMacrosCompile) {
  const CompileResult r = compile_es(ShaderStage::Vertex,
                                     "#version 100\n#define __VALUE__ 1\n#define A__B (__VALUE__ + 1)\n"
                                     "#ifdef __VALUE__\nvoid main() { gl_Position = vec4(float(A__B)); }\n#endif\n");
  EXPECT_TRUE(r.ok) << r.info_log;
  EXPECT_FALSE(compile_es(ShaderStage::Vertex, "#version 100\n#define __VERSION__ 2\nvoid main() {}\n").ok);
  // ESSL 3.00 accepts them itself.
  EXPECT_TRUE(compile_es(ShaderStage::Vertex, "#version 300 es\n#define __VALUE__ 1\nvoid main() {}\n").ok);
}

}  // namespace
}  // namespace brass::compiler::test
