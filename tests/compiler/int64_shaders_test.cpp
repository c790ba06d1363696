// ARB_gpu_shader_int64 in desktop GLSL (int64_shaders.h): which shaders are
// rewritten, the version they are compiled as, the built-ins glslang 12
// lacks below 4.50, and line numbers in the info log.
#include <gtest/gtest.h>

#include <string>

#include "compiler/compiler.h"
#include "compiler/glsl_version.h"
#include "compiler/int64_shaders.h"

namespace brass::compiler {
namespace {

std::string rewrite(const std::string& text, ShaderStage stage = ShaderStage::Fragment,
                    std::vector<std::string> unexposed = {}) {
  return with_int64_support(text, stage, detect_glsl_version(text, Api::GL), unexposed);
}

CompileResult compile(const std::string& text, ShaderStage stage = ShaderStage::Fragment) {
  CompileOptions o;
  o.api = Api::GL;
  return compile_shader({stage, text}, o);
}

TEST(Int64Shaders, OnlyDesktopShadersThatEnableTheExtensionBelow450AreRewritten) {
  const std::string plain = "#version 400\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
  EXPECT_EQ(rewrite(plain), plain);
  const std::string v450 = "#version 450\n#extension GL_ARB_gpu_shader_int64 : require\nvoid main() {}\n";
  EXPECT_EQ(rewrite(v450), v450);
  const std::string disabled = "#version 400\n#extension GL_ARB_gpu_shader_int64 : disable\nvoid main() {}\n";
  EXPECT_EQ(rewrite(disabled), disabled);
  const std::string commented = "#version 400\n// #extension GL_ARB_gpu_shader_int64 : require\nvoid main() {}\n";
  EXPECT_EQ(rewrite(commented), commented);
  const std::string es = "#version 310 es\n#extension GL_ARB_gpu_shader_int64 : require\nvoid main() {}\n";
  EXPECT_EQ(rewrite(es), es);
  const std::string enabled = "#version 400\n#extension GL_ARB_gpu_shader_int64 : enable\nvoid main() {}\n";
  EXPECT_EQ(rewrite(enabled, ShaderStage::Fragment, {"GL_ARB_gpu_shader_int64"}), enabled) << "not exposed";
  const std::string rewritten = rewrite(enabled);
  EXPECT_NE(rewritten.find(int64_builtin_definitions()), std::string::npos);
  EXPECT_EQ(rewritten.find("#version 400\n#extension GL_ARB_gpu_shader_int64 : enable\n"), 0u);
}

TEST(Int64Shaders, OlderShadersAreCompiledAs400AndComputeAs430) {
  const std::string v150 = "#version 150\n#extension GL_ARB_gpu_shader_int64 : require\nvoid main() {}\n";
  EXPECT_EQ(rewrite(v150).rfind("#version 400\n", 0), 0u);
  const std::string v330 = "#version 330 core\n#extension GL_ARB_gpu_shader_int64 : require\nvoid main() {}\n";
  EXPECT_EQ(rewrite(v330).rfind("#version 400 core\n", 0), 0u);
  EXPECT_EQ(rewrite(v330, ShaderStage::Compute).rfind("#version 430 core\n", 0), 0u);
}

TEST(Int64Shaders, BuiltInsCompileAt400AndLineNumbersStay) {
  const CompileResult ok = compile(R"(#version 400
#extension GL_ARB_gpu_shader_int64 : require
flat in int64_t a;
flat in u64vec3 b;
out vec4 c;
void main() {
  int64_t x = abs(a) + sign(a) + min(a, 2l) + max(a, 3l) + clamp(a, -1l, 1l) + mix(a, 5l, true);
  u64vec3 y = min(b, 7ul) + max(b, b) + clamp(b, u64vec3(1ul), u64vec3(9ul)) + mix(b, b, bvec3(false));
  ivec2 p = unpackInt2x32(packInt2x32(ivec2(1, 2)));
  uvec2 q = unpackUint2x32(packUint2x32(uvec2(3u, 4u)));
  double d = int64BitsToDouble(doubleBitsToInt64(1.0)) + uint64BitsToDouble(doubleBitsToUint64(2.0));
  dvec2 dv = uint64BitsToDouble(doubleBitsToUint64(dvec2(1.0)));
  c = vec4(float(x), float(y.x), float(p.x + int(q.y)), float(d + dv.y));
})");
  EXPECT_TRUE(ok.ok) << ok.info_log;
  const CompileResult bad = compile(R"(#version 150
#extension GL_ARB_gpu_shader_int64 : require
out vec4 c;
void main() {
  int64_t x = undeclared_name;
  c = vec4(1.0);
})");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.info_log.find("0:5:"), std::string::npos) << bad.info_log;
}

}  // namespace
}  // namespace brass::compiler
