// Constant expressions made of built-ins glslang does not fold
// (constant_builtin_folding.h): they size arrays and initialize global
// constants with the values GLSL gives them.
#include "compiler/constant_builtin_folding.h"

#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

CompileResult compile_gl(ShaderStage stage, const std::string& text) {
  CompileOptions o;
  o.api = Api::GL;
  return compile_shader({stage, text}, o);
}

// A vertex shader whose array `a` has length 1 when `condition` (a
// constant expression) holds; the array size is -1, an error, otherwise.
std::string array_sized_by(const std::string& version, const std::string& condition,
                           const std::string& extension = "") {
  return "#version " + version + "\n" + extension + "void main() {\n  float[(" + condition +
         ") ? 1 : -1] a;\n  gl_Position = vec4(a.length());\n}\n";
}

void expect_true(const std::string& version, const std::string& condition, const std::string& extension = "") {
  const CompileResult holds = compile_gl(ShaderStage::Vertex, array_sized_by(version, condition, extension));
  EXPECT_TRUE(holds.ok) << condition << "\n" << holds.info_log;
  // The negation must fail (size -1): the value is the right one, not merely
  // accepted.
  const CompileResult negated = compile_gl(ShaderStage::Vertex, array_sized_by(version, "!(" + condition + ")", extension));
  EXPECT_FALSE(negated.ok) << "!(" << condition << ") compiled";
}

TEST(ConstantBuiltinFolding, HyperbolicFunctions) {
  expect_true("130", "abs(sinh(0.5) - 0.5210953) < 1e-5");
  expect_true("130", "abs(cosh(0.5) - 1.1276259) < 1e-5");
  expect_true("130", "abs(tanh(0.5) - 0.4621172) < 1e-5");
  expect_true("130", "abs(asinh(-2.0) + 1.4436355) < 1e-5");
  expect_true("130", "abs(acosh(1.5) - 0.9624237) < 1e-5");
  expect_true("130", "distance(atanh(vec2(0.5, -0.25)), vec2(0.5493061, -0.2554128)) < 1e-5");
}

TEST(ConstantBuiltinFolding, MatrixFunctions) {
  expect_true("120", "transpose(mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0))[2] == vec2(3.0, 6.0)");
  expect_true("120", "matrixCompMult(mat2(1.0, 2.0, 3.0, 4.0), mat2(2.0))[1] == vec2(0.0, 8.0)");
  expect_true("150", "determinant(mat3(2.0, 0.0, 0.0, 1.0, 3.0, 0.0, 5.0, 7.0, 4.0)) == 24.0");
  expect_true("150", "determinant(mat4(0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0)) == -1.0");
  expect_true("150", "distance(inverse(mat2(1.6, 1.53, 0.76, -1.0))[1], vec2(0.27508324, -0.57912266)) < 1e-5");
  expect_true("150", "inverse(mat3(2.0))[2][2] == 0.5 && inverse(mat3(2.0))[0][1] == 0.0");
  expect_true("150", "abs(determinant(dmat2(1.6lf, 1.53lf, 0.76lf, -1.0lf)) + 2.7628lf) < 1e-12lf",
              "#extension GL_ARB_gpu_shader_fp64 : require\n");
}

TEST(ConstantBuiltinFolding, ConstantsAndNesting) {
  const std::string text =
      "#version 150\n"
      "const mat2 m = mat2(1.0, 2.0, 3.0, 4.0);\n"
      "const float d = determinant(transpose(m));\n"
      "const float s = sinh(0.0);\n"
      "void main() {\n"
      "  float[d == -2.0 && s == 0.0 ? 1 : -1] a;\n"
      "  gl_Position = vec4(a.length());\n"
      "}\n";
  const CompileResult r = compile_gl(ShaderStage::Vertex, text);
  EXPECT_TRUE(r.ok) << r.info_log;
}

TEST(ConstantBuiltinFolding, VectorEqualityComparedWithBool) {
  expect_true("130", "(uvec4(66u, 72u, 87u, 75u) == uvec4(66u, 72u, 87u, 75u)) == true");
  expect_true("130", "(bvec2(true, false) != bvec2(true, true)) == true");
  expect_true("130", "(ivec3(1) == ivec3(1, 1, 2)) == false");
}

TEST(ConstantBuiltinFolding, OnlyConstantCallsAreRespelled) {
  // A uniform argument keeps the built-in; so does a version where the name
  // is the application's own function.
  const std::string uniform_arg = "#version 150\nuniform mat2 u;\nvoid main() { float d = determinant(u); }\n";
  EXPECT_EQ(fold_constant_builtin_calls(uniform_arg, 150, false), uniform_arg);
  const std::string user_function =
      "#version 110\nfloat sinh(float x) { return x; }\nvoid main() { gl_Position = vec4(sinh(1.0)); }\n";
  EXPECT_EQ(fold_constant_builtin_calls(user_function, 110, false), user_function);
  // An overload the application declares (its first declaration here)
  // keeps the calls of that name as they are.
  const std::string overload =
      "#version 130\nvec2 sinh(vec2 x) { return x; }\nvoid main() { gl_Position = vec4(sinh(1.0)); }\n";
  EXPECT_EQ(fold_constant_builtin_calls(overload, 130, false), overload);
  // Preprocessor lines are left alone, and an assignment is no constant.
  const std::string directive = "#version 130\n#if 1 == 1\n#endif\nvoid main() { bool b; b = b == true; }\n";
  EXPECT_EQ(fold_constant_builtin_calls(directive, 130, false), directive);
}

TEST(ConstantBuiltinFolding, LineNumbersStay) {
  const std::string text =
      "#version 130\n"
      "const float s = sinh(\n"
      "  0.5);\n"
      "void main() { undeclared_name = 1; }\n";
  const std::string folded = fold_constant_builtin_calls(text, 130, false);
  EXPECT_EQ(std::count(folded.begin(), folded.end(), '\n'), std::count(text.begin(), text.end(), '\n'));
  const CompileResult r = compile_gl(ShaderStage::Vertex, text);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("0:4:"), std::string::npos) << r.info_log;
}

TEST(ConstantBuiltinFolding, RuntimeResultsUnchanged) {
  // Respelled calls and wrapped comparisons outside constant contexts still
  // link to valid SPIR-V.
  const std::string vs =
      "#version 150\n"
      "in vec4 p;\n"
      "out vec4 c;\n"
      "void main() {\n"
      "  mat3 m = inverse(mat3(2.0)) * transpose(mat3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0));\n"
      "  c = vec4(m[0], tanh(0.5)) * (ivec2(1) == ivec2(1, 2) ? 0.0 : 1.0);\n"
      "  gl_Position = p;\n"
      "}\n";
  const std::string fs = "#version 150\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n";
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "folded");
}

}  // namespace
}  // namespace brass::compiler::test
