// Opaque types as function parameters and return types
// (check_opaque_out_parameters, glsl_rule_checks.h): samplers, images and
// atomic counters, and structures holding them, may be `in` parameters but
// not `out` / `inout` ones, nor return types. glslang refuses the plain
// sampler forms and accepts the structure ones.
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

bool compiles(Api api, const std::string& text, std::string* log = nullptr) {
  CompileOptions o;
  o.api = api;
  const CompileResult r = compile_shader({ShaderStage::Fragment, text}, o);
  if (log) *log = r.info_log;
  return r.ok;
}

const char* kStruct110 = "struct S { float x; sampler2D tex; };\nuniform S u;\n";
const char* kMain110 = "void main() { gl_FragColor = vec4(1.0); }\n";

TEST(OpaqueTypeRules, StructuresHoldingSamplersAreNeitherOutParametersNorReturned) {
  const std::string head = std::string("#version 110\n") + kStruct110;
  EXPECT_TRUE(compiles(Api::GL, head + "vec4 f(S p) { return texture2D(p.tex, vec2(p.x)); }\n" + kMain110));
  std::string log;
  EXPECT_FALSE(compiles(Api::GL, head + "void f(out S p) {}\n" + kMain110, &log));
  EXPECT_NE(log.find("0:4: 'p' : samplers, images and atomic counters"), std::string::npos) << log;
  EXPECT_FALSE(compiles(Api::GL, head + "void f(inout S p) {}\n" + kMain110));
  EXPECT_FALSE(compiles(Api::GL, head + "S f() { return u; }\n" + kMain110, &log));
  EXPECT_NE(log.find("cannot return a sampler"), std::string::npos) << log;
  EXPECT_FALSE(compiles(Api::GL, head + "void f(out sampler2D s) {}\n" + kMain110));
}

TEST(OpaqueTypeRules, StructuresWithoutOpaqueMembersStayAllowed) {
  const std::string text =
      "#version 110\nstruct T { float x; vec2 y; };\nvoid f(out T p) { p.x = 1.0; p.y = vec2(0.0); }\n"
      "T g() { T t; f(t); return t; }\nvoid main() { gl_FragColor = vec4(g().x); }\n";
  EXPECT_TRUE(compiles(Api::GL, text));
}

TEST(OpaqueTypeRules, EsShadersFollowTheSameRule) {
  const std::string head =
      "#version 300 es\nprecision mediump float;\nstruct S { float x; sampler2D tex; };\nout vec4 c;\n";
  const std::string main = "void main() { c = vec4(1.0); }\n";
  EXPECT_TRUE(compiles(Api::GLES, head + "vec4 f(S p) { return texture(p.tex, vec2(p.x)); }\n" + main));
  EXPECT_FALSE(compiles(Api::GLES, head + "void f(inout S p) {}\n" + main));
}

}  // namespace
}  // namespace brass::compiler::test
