// AMD_shader_trinary_minmax (compiler/trinary_minmax.h): min3, max3 and
// mid3 in any desktop GLSL version, folded in constant expressions, with
// no AMD SPIR-V in the module and each argument evaluated once.
#include <gtest/gtest.h>

#include <string>

#include "compiler/spirv_module.h"
#include "compiler/trinary_minmax.h"
#include "test_helpers.h"

namespace brass::compiler {
namespace {

bool imports_amd_set(const std::vector<uint32_t>& spirv) {
  const auto m = SpirvModule::parse(spirv);
  if (!m) return true;
  for (const SpirvInstruction& inst : m->instructions)
    if (inst.opcode() == spv::OpExtInstImport || inst.opcode() == spv::OpExtension) {
      const auto* chars = reinterpret_cast<const char*>(inst.words.data() + (inst.opcode() == spv::OpExtension ? 1 : 2));
      if (std::string(chars).find("AMD") != std::string::npos) return true;
    }
  return false;
}

CompileResult compile(ShaderStage stage, const char* text, std::vector<std::string> unexposed = {}) {
  CompileOptions options;
  options.api = Api::GL;
  options.unexposed_extensions = std::move(unexposed);
  return compile_shader({stage, text}, options);
}

// Array sizes need constant expressions: each lookup must fold.
constexpr const char* kConstantVertex = R"(#version 120
#extension GL_AMD_shader_trinary_minmax : require
void main() {
  float a[min3(3, 1, 2) == 1 ? 1 : -1];
  float b[max3(3.0, 1.0, 2.0) == 3.0 ? 1 : -1];
  float c[mid3(vec2(1.0, 5.0), vec2(3.0, 4.0), vec2(2.0, 6.0)) == vec2(2.0, 5.0) ? 1 : -1];
  float d[mid3(7, 9, 8) == 8 ? 1 : -1];
  gl_Position = vec4(a.length() + b.length() + c.length() + d.length());
})";

TEST(TrinaryMinmax, FoldsInConstantExpressionsAtGlsl120) {
  const CompileResult r = compile(ShaderStage::Vertex, kConstantVertex);
  EXPECT_TRUE(r.ok) << r.info_log;
}

TEST(TrinaryMinmax, UnexposedRequireFailsAndTheNamesAreOrdinary) {
  const CompileResult r = compile(ShaderStage::Vertex, kConstantVertex, {"GL_AMD_shader_trinary_minmax"});
  EXPECT_FALSE(r.ok);
  // Not enabled: min3 is the shader's own function.
  const CompileResult own = compile(ShaderStage::Vertex, R"(#version 120
float min3(float a, float b, float c) { return a + b + c; }
#ifdef GL_AMD_shader_trinary_minmax
#error defined
#endif
void main() { gl_Position = vec4(min3(1.0, 2.0, 3.0)); })",
                                    {"GL_AMD_shader_trinary_minmax"});
  EXPECT_TRUE(own.ok) << own.info_log;
}

TEST(TrinaryMinmax, TheMacroIsDefinedWhereExposed) {
  const CompileResult r = compile(ShaderStage::Vertex, R"(#version 120
#ifndef GL_AMD_shader_trinary_minmax
#error not defined
#endif
void main() { gl_Position = vec4(1.0); })");
  EXPECT_TRUE(r.ok) << r.info_log;
}

TEST(TrinaryMinmax, Mid3WithSideEffectsCallsFunctionsThatEvaluateOnce) {
  const TrinaryMinmaxLowering pure = lower_trinary_minmax("void main() { x = mid3(a, b + 1, f(c)); }", 130);
  EXPECT_NE(pure.preamble.find("#define mid3(a, b, c)"), std::string::npos);
  EXPECT_EQ(pure.text.find("brass_mid3"), std::string::npos);
  for (const char* effect : {"mid3(i++, b, c)", "mid3(a, b -= 1, c)", "mid3(a, b, next())", "mid3(a, (b = 2), c)"}) {
    const std::string text = std::string("float next() { return 1.0; }\nvoid main() { x = ") + effect + "; }";
    const TrinaryMinmaxLowering lowered = lower_trinary_minmax(text, 130);
    EXPECT_NE(lowered.preamble.find("#define mid3 brass_mid3"), std::string::npos) << effect;
    EXPECT_NE(lowered.text.find("uvec4 brass_mid3("), std::string::npos) << effect;
  }
  // Comparisons are not assignments.
  const TrinaryMinmaxLowering compare = lower_trinary_minmax("void main() { x = mid3(a <= b ? 1 : 2, b, c); }", 120);
  EXPECT_EQ(compare.text.find("brass_mid3"), std::string::npos);
  EXPECT_EQ(lower_trinary_minmax("void main() { x = mid3(a, b, c); }", 120).text.find("uint"), std::string::npos);
}

TEST(TrinaryMinmax, LinkedFragmentShaderHasNoAmdSpirv) {
  const LinkResult r = test::link(Api::GL, {{ShaderStage::Vertex, R"(#version 130
in vec4 p;
void main() { gl_Position = p; })"},
                                            {ShaderStage::Fragment, R"(#version 130
#extension GL_AMD_shader_trinary_minmax : enable
uniform vec4 a, b, c;
uniform ivec2 i;
uniform uvec3 u;
out vec4 color;
int k = 0;
void main() {
  color = mid3(a, b, c) + vec4(max3(i.x, i.y, 3)) + vec4(min3(u, u + 1u, uvec3(2u)).xyzz);
  color.x += float(mid3(k++, k++, 4));
})"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  test::expect_valid_spirv(r, "trinary minmax");
  for (const StageBinary& s : r.stages) EXPECT_FALSE(imports_amd_set(s.spirv));
}

}  // namespace
}  // namespace brass::compiler
