// glCompileShader semantics: the application's own version decides, info
// logs are GL style with the application's line numbers.
#include <thread>

#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

CompileResult compile(Api api, ShaderStage stage, const std::string& text) {
  CompileOptions o;
  o.api = api;
  return compile_shader({stage, text}, o);
}

TEST(Compile, Es100Accepted) {
  const CompileResult r = compile(Api::GLES, ShaderStage::Fragment,
                                  "#version 100\nprecision mediump float;\nvarying vec2 uv;\n"
                                  "uniform sampler2D t;\nvoid main() { gl_FragColor = texture2D(t, uv); }\n");
  EXPECT_TRUE(r.ok) << r.info_log;
  EXPECT_EQ(r.version, 100);
  EXPECT_TRUE(r.es);
}

// ESSL 1.00 §6.1: a prototype and its definition agree on the return
// precision, an unqualified one taking the default in force.
TEST(Compile, Es100PrototypeAndDefinitionReturnPrecisionsAgree) {
  auto fs = [](const char* body) {
    return compile(Api::GLES, ShaderStage::Fragment,
                   std::string("#version 100\nprecision mediump float;\n") + body +
                       "void main() { gl_FragColor = vec4(f(1.0)); }\n");
  };
  EXPECT_TRUE(fs("float f(float x);\nmediump float f(float x) { return x; }\n").ok);
  EXPECT_TRUE(fs("highp float f(float x);\nhighp float f(float x) { return x; }\n").ok);
  const CompileResult bad = fs("float f(float x);\nhighp float f(float x) { return x; }\n");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.info_log.find("0:4"), std::string::npos) << bad.info_log;  // the definition's line
  // Overloads of other parameter counts are other functions.
  EXPECT_TRUE(fs("float f(float x);\nhighp float f(float x, float y) { return x + y; }\n"
                 "mediump float f(float x) { return x; }\n").ok);
  // A later default changes what an unqualified definition means.
  EXPECT_FALSE(fs("float f(float x);\nprecision highp float;\nfloat f(float x) { return x; }\n").ok);
  // The vertex language's float default is highp.
  EXPECT_TRUE(compile(Api::GLES, ShaderStage::Vertex,
                      "#version 100\nfloat f();\nhighp float f() { return 1.0; }\n"
                      "void main() { gl_Position = vec4(f()); }\n")
                  .ok);
}

// GLSL ES: #extension directives come before the first non-preprocessor
// token (white space, comments and other directives do not count), in every
// ES version; the error names the directive's own line.
TEST(Compile, EsExtensionDirectiveAfterCodeIsAnError) {
  for (const char* version : {"#version 100\n", "#version 300 es\n"}) {
    const std::string out = std::string(version).ends_with("es\n") ? "out vec4 o;\n" : "";
    const std::string write = out.empty() ? "gl_FragColor" : "o";
    const CompileResult early = compile(Api::GLES, ShaderStage::Fragment,
                                        std::string(version) + "// comment\n#define X 1\n#extension all : warn\n"
                                        "precision mediump float;\n" + out + "void main() { " + write + " = vec4(1.0); }\n");
    EXPECT_TRUE(early.ok) << version << early.info_log;
    const CompileResult late = compile(Api::GLES, ShaderStage::Fragment,
                                       std::string(version) + "precision mediump float;\n" + out +
                                           "void main() {\n#extension all : disable\n" + write + " = vec4(1.0);\n}\n");
    EXPECT_FALSE(late.ok) << version;
    const std::string line = out.empty() ? "0:4:" : "0:5:";
    EXPECT_NE(late.info_log.find(line), std::string::npos) << late.info_log;
  }
}

// A macro whose replacement uses `defined`, named in #if: evaluated there
// as C and Mesa do (glslang alone refuses `defined` from an expansion),
// with the #undef before it seen.
TEST(Compile, DefinedFromAMacroIsEvaluatedInIf) {
  auto fs = [](const char* directives) {
    return compile(Api::GLES, ShaderStage::Fragment,
                   std::string("#version 300 es\nprecision mediump float;\nout vec4 o;\n") + directives +
                       "#if !AAA\nvoid main() { o = vec4(1.0); }\n#else\nvoid main() { o = vec4(0.0); }\n#endif\n");
  };
  EXPECT_TRUE(fs("#define AAA defined(BBB)\n").ok);
  EXPECT_TRUE(fs("#define BBB 1\n#define AAA defined(BBB)\n#undef BBB\n").ok);
  EXPECT_TRUE(fs("#define CCC defined BBB\n#define AAA CCC\n").ok);
  // `defined AAA` tests the macro, it does not expand it.
  const CompileResult operand = compile(Api::GLES, ShaderStage::Fragment,
                                        "#version 300 es\nprecision mediump float;\nout vec4 o;\n"
                                        "#define AAA defined(BBB)\n#if defined(AAA) && defined AAA\n"
                                        "void main() { o = vec4(1.0); }\n#endif\n");
  EXPECT_TRUE(operand.ok) << operand.info_log;
}

// GLSL 1.40 without GL_ARB_compatibility has none of the fixed-function
// built-ins (glslang declares them below 1.50 all the same); 1.30 keeps
// them, and a name in an inactive #if branch is no use.
TEST(Compile, Glsl140HasNoCompatibilityBuiltins) {
  auto fs = [](const std::string& version, const char* body) {
    return compile(Api::GL, ShaderStage::Fragment, "#version " + version + "\nout vec4 c;\n" + body);
  };
  const CompileResult secondary = fs("140", "void main() { c = gl_SecondaryColor; }\n");
  EXPECT_FALSE(secondary.ok);
  EXPECT_NE(secondary.info_log.find("gl_SecondaryColor"), std::string::npos) << secondary.info_log;
  EXPECT_FALSE(fs("140", "uniform gl_FogParameters f;\nvoid main() { c = vec4(0.0); }\n").ok);
  EXPECT_FALSE(fs("140", "void main() { c = vec4(float(gl_MaxTextureUnits)); }\n").ok);
  EXPECT_TRUE(fs("140", "#if 0\nvec4 x = gl_Color;\n#endif\nvoid main() { c = vec4(1.0); }\n").ok);
  EXPECT_TRUE(fs("130", "void main() { c = gl_SecondaryColor; }\n").ok);
  const CompileResult ftransform =
      compile(Api::GL, ShaderStage::Vertex, "#version 140\nvoid main() { gl_Position = ftransform(); }\n");
  EXPECT_FALSE(ftransform.ok);
}

// Desktop GLSL 1.30+: integer (and double) fragment inputs are flat, also
// as members of an input block (glslang checks only plain inputs).
TEST(Compile, DesktopIntegerBlockInputsMustBeFlat) {
  auto fs = [](const char* member) {
    return compile(Api::GL, ShaderStage::Fragment,
                   std::string("#version 150\nstruct S { uvec3 u; };\nin IB { ") + member +
                       " };\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
  };
  EXPECT_FALSE(fs("noperspective S s;").ok);
  EXPECT_FALSE(fs("uvec3 u;").ok);
  EXPECT_TRUE(fs("flat S s;").ok);
  EXPECT_TRUE(fs("vec3 v;").ok);
}

// A geometry shader's redeclared gl_PerVertex input block is named gl_in.
TEST(Compile, PerVertexInputRedeclarationNeedsGlIn) {
  auto gs = [](const char* block) {
    return compile(Api::GL, ShaderStage::Geometry,
                   std::string("#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n") +
                       block + "\nvoid main() {}\n");
  };
  EXPECT_FALSE(gs("in gl_PerVertex { vec4 gl_Position; };").ok);
  EXPECT_TRUE(gs("in gl_PerVertex { vec4 gl_Position; } gl_in[];").ok) << gs("in gl_PerVertex { vec4 gl_Position; } gl_in[];").info_log;
}

TEST(Compile, NoVersionMeansEs100) {
  const CompileResult r = compile(Api::GLES, ShaderStage::Vertex, "attribute vec4 p;\nvoid main() { gl_Position = p; }\n");
  EXPECT_TRUE(r.ok) << r.info_log;
  EXPECT_EQ(r.version, 100);
}

TEST(Compile, Es100RejectsEs300Features) {
  // `in` globals, uint and texture() do not exist in ESSL 1.00.
  EXPECT_FALSE(compile(Api::GLES, ShaderStage::Vertex, "#version 100\nin vec4 p;\nvoid main() { gl_Position = p; }\n").ok);
  EXPECT_FALSE(compile(Api::GLES, ShaderStage::Vertex, "#version 100\nvoid main() { uint x = 1u; gl_Position = vec4(float(x)); }\n").ok);
  EXPECT_FALSE(compile(Api::GLES, ShaderStage::Fragment,
                       "#version 100\nprecision mediump float;\nuniform sampler2D t;\n"
                       "void main() { gl_FragColor = texture(t, vec2(0.0)); }\n").ok);
}

TEST(Compile, Es300RejectsTexture2D) {
  const CompileResult r = compile(Api::GLES, ShaderStage::Fragment,
                                  "#version 300 es\nprecision mediump float;\nuniform sampler2D t;\nout vec4 c;\n"
                                  "void main() { c = texture2D(t, vec2(0.0)); }\n");
  EXPECT_FALSE(r.ok);
}

TEST(Compile, Es100InvariantFrontFacingIsAnError) {
  const CompileResult r = compile(Api::GLES, ShaderStage::Fragment,
                                  "\ninvariant gl_FrontFacing;\nvoid main() { gl_FragColor = vec4(0); }\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("0:2"), std::string::npos) << r.info_log;
  // Other built-ins may be invariant, and gl_FrontFacing may be used.
  const CompileResult ok = compile(Api::GLES, ShaderStage::Fragment,
                                   "precision mediump float;\ninvariant gl_FragCoord;\n"
                                   "void main() { gl_FragColor = gl_FrontFacing ? gl_FragCoord : vec4(0); }\n");
  EXPECT_TRUE(ok.ok) << ok.info_log;
}

TEST(Compile, Es100FragmentNeedsDefaultPrecision) {
  EXPECT_FALSE(compile(Api::GLES, ShaderStage::Fragment, "#version 100\nvoid main() { float f = 1.0; }\n").ok);
}

TEST(Compile, ErrorLogIsGlStyleWithApplicationLineNumbers) {
  // Comments and blank lines before #version are legal GLSL; glslang needs
  // them moved, and the reported line must still be the application's.
  const std::string src =
      "// header comment\n"       // 1
      "\n"                        // 2
      "#version 100\n"            // 3
      "attribute vec4 p;\n"       // 4
      "void main() {\n"           // 5
      "  gl_Position = p * q;\n"  // 6: q is undeclared
      "}\n";
  const CompileResult r = compile(Api::GLES, ShaderStage::Vertex, src);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("ERROR: 0:6: 'q' : undeclared identifier"), std::string::npos) << r.info_log;
  EXPECT_EQ(r.info_log.find("No code generated"), std::string::npos) << r.info_log;
}

TEST(Compile, LinkErrorLineNumbersAfterUpgradeMatchSource) {
  // The upgraded (ES 3.10) compile must keep the application's numbering:
  // a program whose shaders compile links fine, so check the upgrader's
  // #line bookkeeping through a shader that glslang warns about.
  const std::string src = "#version 100\nprecision mediump float;\nvoid main() {\n  gl_FragColor = vec4(1.0);\n}\n";
  EXPECT_TRUE(compile(Api::GLES, ShaderStage::Fragment, src).ok);
}

TEST(Compile, VersionMustMatchApi) {
  const CompileResult r = compile(Api::GLES, ShaderStage::Vertex, "#version 330\nvoid main() {}\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("ERROR: 0:1:"), std::string::npos) << r.info_log;
  EXPECT_FALSE(compile(Api::GL, ShaderStage::Vertex, "#version 300 es\nvoid main() {}\n").ok);
}

TEST(Compile, DesktopOldVersionsAccepted) {
  for (const char* v : {"110", "120", "130"}) {
    const std::string src = std::string("#version ") + v + "\nattribute vec4 p;\nvoid main() { gl_Position = ftransform() + p; }\n";
    const CompileResult r = compile(Api::GL, ShaderStage::Vertex, src);
    EXPECT_TRUE(r.ok) << v << ": " << r.info_log;
  }
}

TEST(Compile, DefinedVersionMacroIsTrue) {
  const CompileResult r = compile(Api::GLES, ShaderStage::Fragment,
                                  "#version 100\n#if !defined __VERSION__\n#error no __VERSION__\n#endif\n"
                                  "#if __VERSION__ != 100\n#error wrong\n#endif\nvoid main() {}\n");
  EXPECT_TRUE(r.ok) << r.info_log;
}

TEST(Compile, BrassExtensionsAreDefinedAndEnableable) {
  const CompileResult r = compile(Api::GLES, ShaderStage::Fragment,
                                  "#version 100\n#extension GL_EXT_draw_buffers : require\n"
                                  "#if GL_EXT_draw_buffers != 1\n#error\n#endif\nprecision mediump float;\n"
                                  "void main() { gl_FragData[1] = vec4(1.0); }\n");
  EXPECT_TRUE(r.ok) << r.info_log;
  EXPECT_FALSE(compile(Api::GLES, ShaderStage::Fragment,
                       "#version 100\n#extension GL_FOO_not_an_extension : require\nvoid main() {}\n").ok);
}

TEST(Compile, NeverPrintsToStdout) {
  testing::internal::CaptureStdout();
  compile(Api::GLES, ShaderStage::Vertex, "#version 100\nvoid main() { syntax error here }\n");
  link(Api::GLES, {{ShaderStage::Vertex, "#version 100\nvoid main() { broken( }\n"}});
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
}

TEST(Link, MissingStageOutputFails) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "#version 300 es\nout vec4 a;\nvoid main() { a = vec4(1.0); gl_Position = a; }\n"},
                                        {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nin vec4 a;\nin vec4 b;\nout vec4 c;\nvoid main() { c = a + b; }\n"}});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("ERROR: fragment shader input 'b' has no matching output in the vertex shader"), std::string::npos)
      << r.info_log;
}

TEST(Link, StageInterfaceTypeMismatchFails) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "#version 300 es\nout vec4 a;\nvoid main() { a = vec4(1.0); gl_Position = a; }\n"},
                                        {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nin vec3 a;\nout vec4 c;\nvoid main() { c = vec4(a, 1.0); }\n"}});
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("ERROR: "), std::string::npos) << r.info_log;
}

TEST(Link, UnwrittenButDeclaredVaryingLinks) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "varying highp vec4 color;\nvoid main() { gl_Position = vec4(0.0); }\n"},
                                        {ShaderStage::Fragment, "varying highp vec4 color;\nvoid main() { gl_FragColor = color; }\n"}});
  EXPECT_TRUE(r.ok) << r.info_log;
}

TEST(Link, TooManySamplersFails) {
  ShaderLimits limits;
  limits.max_texture_image_units = 2;
  LinkInput in;
  in.api = Api::GLES;
  in.limits = limits;
  in.shaders = {{ShaderStage::Vertex, "attribute vec4 p;\nvoid main() { gl_Position = p; }\n"},
                {ShaderStage::Fragment,
                 "precision mediump float;\nuniform sampler2D a, b, c;\n"
                 "void main() { gl_FragColor = texture2D(a, vec2(0.0)) + texture2D(b, vec2(0.0)) + texture2D(c, vec2(0.0)); }\n"}};
  const LinkResult r = link_program(in);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("too many fragment shader texture samplers"), std::string::npos) << r.info_log;
}

TEST(Link, MixedEsVersionsFail) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "#version 100\nvoid main() { gl_Position = vec4(0.0); }\n"},
                                        {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"}});
  EXPECT_FALSE(r.ok);
}

TEST(Link, UncompiledShaderFailsWithItsLog) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "#version 100\nvoid main() { nope; }\n"}});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("ERROR: 0:2:"), std::string::npos) << r.info_log;
}

TEST(Link, TransformFeedbackStructMembersAndElements) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex,
                 "#version 300 es\nstruct S { float a; mat3 c; ivec2 d; };\nflat out S v;\nout vec2 arr[3];\n"
                 "void main() { v.a = 1.0; v.c = mat3(2.0); v.d = ivec2(3, 4); arr[0] = vec2(0.0); arr[1] = vec2(5.0);\n"
                 "  arr[2] = vec2(6.0); gl_Position = vec4(0.0); }\n"},
                {ShaderStage::Fragment,
                 "#version 300 es\nprecision mediump float;\nstruct S { float a; mat3 c; ivec2 d; };\nflat in S v;\n"
                 "in vec2 arr[3];\nout vec4 c;\nvoid main() { c = vec4(v.a + float(v.d.x) + arr[1].x); }\n"}};
  in.transform_feedback_varyings = {"v.c", "arr[1]", "v.d"};
  LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.interface.transform_feedback.size(), 3u);
  EXPECT_EQ(r.interface.transform_feedback[0].type, 0x8B5Bu);  // GL_FLOAT_MAT3
  EXPECT_EQ(r.interface.transform_feedback[1].type, 0x8B50u);  // GL_FLOAT_VEC2
  EXPECT_EQ(r.interface.transform_feedback[2].type, 0x8B53u);  // GL_INT_VEC2
  EXPECT_EQ(r.interface.transform_feedback[1].xfb_offset, 36);
  EXPECT_EQ(r.interface.transform_feedback[2].xfb_offset, 44);
  EXPECT_EQ(r.interface.transform_feedback_strides, (std::vector<uint32_t>{52}));
  expect_valid_spirv(r, "xfb members");
  // One captured copy per selected part.
  const std::vector<uint32_t>& vs = r.stages[0].spirv;
  int xfb_buffers = 0;
  for (size_t i = 5; i < vs.size(); i += vs[i] >> 16)
    if ((vs[i] & 0xffff) == spv::OpDecorate && vs[i + 2] == spv::DecorationXfbBuffer) ++xfb_buffers;
  EXPECT_EQ(xfb_buffers, 3);

  in.transform_feedback_varyings = {"v.x"};
  r = link_program(in);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("'v.x' is not an output"), std::string::npos) << r.info_log;
  in.transform_feedback_varyings = {"arr[3]"};
  r = link_program(in);
  EXPECT_FALSE(r.ok);
  in.transform_feedback_varyings = {"v"};
  r = link_program(in);
  EXPECT_FALSE(r.ok);
}

TEST(Link, TransformFeedbackVaryings) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, "#version 300 es\nout vec3 a;\nout float b[2];\nvoid main() { a = vec3(1.0); b[0] = 1.0; b[1] = 2.0; gl_Position = vec4(a, b[1]); }\n"},
                {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"}};
  in.transform_feedback_varyings = {"a", "b[1]", "gl_Position"};
  LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.interface.transform_feedback.size(), 3u);
  EXPECT_EQ(r.interface.transform_feedback[0].type, 0x8B51u);  // GL_FLOAT_VEC3
  EXPECT_EQ(r.interface.transform_feedback[1].type, 0x1406u);  // GL_FLOAT
  // Interleaved into buffer 0: a at 0, b[1] at 12, gl_Position at 16; stride 32.
  EXPECT_EQ(r.interface.transform_feedback[0].xfb_offset, 0);
  EXPECT_EQ(r.interface.transform_feedback[1].xfb_offset, 12);
  EXPECT_EQ(r.interface.transform_feedback[2].xfb_offset, 16);
  ASSERT_EQ(r.interface.transform_feedback_strides.size(), 1u);
  EXPECT_EQ(r.interface.transform_feedback_strides[0], 32u);
  expect_valid_spirv(r, "xfb");
  {
    const std::vector<uint32_t>& vs = r.stages[0].spirv;
    int xfb_buffers = 0, member_offsets = 0;
    for (size_t i = 5; i < vs.size(); i += vs[i] >> 16) {
      if ((vs[i] & 0xffff) == spv::OpDecorate && vs[i + 2] == spv::DecorationXfbBuffer) ++xfb_buffers;
      if ((vs[i] & 0xffff) == spv::OpMemberDecorate && vs[i + 3] == spv::DecorationOffset) ++member_offsets;
    }
    EXPECT_EQ(xfb_buffers, 3);    // a, the copy of b[1], and the gl_PerVertex block for gl_Position
    EXPECT_EQ(member_offsets, 1);  // gl_Position
  }
  // Separate mode: one buffer each.
  in.transform_feedback_interleaved = false;
  in.transform_feedback_varyings = {"a", "gl_Position"};
  r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_EQ(r.interface.transform_feedback[1].xfb_buffer, 1);
  EXPECT_EQ(r.interface.transform_feedback[1].xfb_offset, 0);
  EXPECT_EQ(r.interface.transform_feedback_strides, (std::vector<uint32_t>{12, 16}));
  expect_valid_spirv(r, "xfb separate");
  in.transform_feedback_interleaved = true;
  in.transform_feedback_varyings = {"missing"};
  r = link_program(in);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("'missing'"), std::string::npos);
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

TEST(Compile, WarmUpIsThreadSafeAndRepeatable) {
  std::thread a([] { warm_up(Api::GLES); });
  std::thread b([] { warm_up(Api::GL); });
  a.join();
  b.join();
  warm_up();
  EXPECT_TRUE(compile_shader({ShaderStage::Vertex, "void main() { gl_Position = vec4(0.0); }\n"}).ok);
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

TEST(Link, EsProgramNeedsBothStagesUnlessSeparable) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Fragment, "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n"}};
  EXPECT_FALSE(link_program(in).ok);
  in.separable = true;
  const LinkResult r = link_program(in);
  EXPECT_TRUE(r.ok) << r.info_log;
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

TEST(Link, Es100InvariantFragCoordNeedsInvariantPosition) {
  const std::string fs = "invariant gl_FragCoord;\nvoid main() { gl_FragColor = vec4(gl_FragCoord.x); }\n";
  LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "void main() { gl_Position = vec4(0.0); }\n"},
                                  {ShaderStage::Fragment, fs}});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("gl_FragCoord is declared invariant"), std::string::npos) << r.info_log;
  r = link(Api::GLES, {{ShaderStage::Vertex, "invariant gl_Position;\nvoid main() { gl_Position = vec4(0.0); }\n"},
                       {ShaderStage::Fragment, fs}});
  EXPECT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "invariant");
}

// GLSL ES 3.10: an explicit binding plus the array size must stay within
// the binding points of its kind; past them it is a compile-time error.
TEST(Compile, BindingRangesOfImagesAndBlocks) {
  CompileOptions o;
  o.limits.max_image_units = 8;
  o.limits.max_shader_storage_buffer_bindings = 8;
  o.limits.max_uniform_buffer_bindings = 24;
  auto fragment = [&o](const std::string& declaration) {
    return compile_shader({ShaderStage::Fragment, "#version 310 es\nprecision highp float;\n" + declaration +
                                                      "\nout vec4 c;\nvoid main() { c = vec4(0.0); }\n"},
                          o);
  };
  EXPECT_TRUE(fragment("layout(binding = 6, rgba8) uniform readonly highp image2D img[2];").ok);
  const CompileResult image = fragment("layout(binding = 7, rgba8) uniform readonly highp image2D img[2];");
  EXPECT_FALSE(image.ok);
  EXPECT_NE(image.info_log.find("img"), std::string::npos) << image.info_log;
  EXPECT_TRUE(fragment("layout(std430, binding = 7) buffer B { float f; } b[1];").ok);
  EXPECT_FALSE(fragment("layout(std430, binding = 7) buffer B { float f; } b[2];").ok);
  EXPECT_FALSE(fragment("layout(std430, binding = 8) buffer B { float f; };").ok);
  EXPECT_TRUE(fragment("layout(std140, binding = 23) uniform U { float f; };").ok);
  EXPECT_FALSE(fragment("layout(std140, binding = 20) uniform U { float f; } u[5];").ok);
}

}  // namespace
}  // namespace brass::compiler::test
