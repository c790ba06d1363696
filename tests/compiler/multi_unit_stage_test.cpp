// Several shaders of one stage linked into one program (desktop GL 4.6
// §7.3): prototypes and globals defined in another unit, the intra-stage
// link errors, the GL ES one-per-stage rule, and the helpers Brass's
// rewrites add to every unit (stage_units.h).
#include "compiler/shader_cache.h"
#include "compiler/stage_units.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

const char* kFs = "#version 150\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";

bool log_mentions(const LinkResult& r, const std::string& what) { return r.info_log.find(what) != std::string::npos; }

TEST(MultiUnitStage, PrototypeInOneUnitBodyInAnother) {
  const LinkResult r = link(Api::GL, {
                                         {ShaderStage::Vertex,
                                          "#version 150\nin vec4 pos;\nvec4 transform(vec4 p);\n"
                                          "void main() { gl_Position = transform(pos); }\n"},
                                         {ShaderStage::Vertex,
                                          "#version 150\nuniform float scale;\n"
                                          "vec4 transform(vec4 p) { return vec4(p.xyz * scale, 1.0); }\n"},
                                         {ShaderStage::Fragment, kFs},
                                     });
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.stages.size(), 2u);  // one binary per stage, not per unit
  EXPECT_EQ(r.stages[0].stage, ShaderStage::Vertex);
  EXPECT_EQ(r.stages[1].stage, ShaderStage::Fragment);
  EXPECT_NE(find_uniform(r.interface, "scale"), nullptr);  // declared in the unit without main
  ASSERT_EQ(r.interface.attributes.size(), 1u);
  EXPECT_EQ(r.interface.attributes[0].name, "pos");
  expect_valid_spirv(r, "prototype");
}

TEST(MultiUnitStage, ThreeFragmentUnitsShareAGlobal) {
  // The colour is a global of one unit, set by a second and read by main
  // in a third; a uniform is declared (identically) in two of them.
  const LinkResult r =
      link(Api::GL, {
                        {ShaderStage::Vertex, "#version 150\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n"},
                        {ShaderStage::Fragment,
                         "#version 150\nout vec4 c;\nvec4 shared_colour;\nvoid fill();\n"
                         "void main() { fill(); c = shared_colour; }\n"},
                        {ShaderStage::Fragment,
                         "#version 150\nvec4 shared_colour;\nuniform vec4 tint;\nvec4 scaled();\n"
                         "void fill() { shared_colour = scaled(); }\n"},
                        {ShaderStage::Fragment, "#version 150\nuniform vec4 tint;\nvec4 scaled() { return tint * 0.5; }\n"},
                    });
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.stages.size(), 2u);
  const Uniform* tint = find_uniform(r.interface, "tint");
  ASSERT_NE(tint, nullptr);
  int tints = 0;
  for (const Uniform& u : r.interface.uniforms) tints += u.name == "tint" ? 1 : 0;
  EXPECT_EQ(tints, 1);
  expect_valid_spirv(r, "three units");
}

TEST(MultiUnitStage, UnitsOfDifferentDesktopVersionsLink) {
  // GLSL 4.60 §3.3: core and compatibility shaders of different versions
  // link together; a 1.10 unit is upgraded on its own.
  const LinkResult r = link(Api::GL, {
                                         {ShaderStage::Vertex, "#version 110\nvec4 f(vec4 p) { return p * 2.0; }\n"},
                                         {ShaderStage::Vertex,
                                          "#version 130\nin vec4 pos;\nvec4 f(vec4 p);\n"
                                          "void main() { gl_Position = f(pos); }\n"},
                                         {ShaderStage::Fragment, "#version 110\nvoid main() { gl_FragColor = vec4(1.0); }\n"},
                                     });
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "versions");
}

TEST(MultiUnitStage, CompatUnitsEachUsingFtransformLink) {
  // Both units use ftransform(); the generated helper is defined once.
  const LinkResult r =
      link(Api::GL, {
                        {ShaderStage::Vertex, "#version 110\nvec4 other() { return ftransform(); }\n"},
                        {ShaderStage::Vertex,
                         "#version 110\nvec4 other();\nvoid main() { gl_Position = ftransform() + other(); }\n"},
                        {ShaderStage::Fragment, "#version 110\nvoid main() { gl_FragColor = vec4(1.0); }\n"},
                    });
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "ftransform");
}

TEST(MultiUnitStage, FragColorWrittenInTwoUnitsIsOneOutput) {
  for (const char* version : {"#version 110\n", "#version 150\n"}) {
    const LinkResult r =
        link(Api::GL, {
                          {ShaderStage::Vertex, "#version 150\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n"},
                          {ShaderStage::Fragment, std::string(version) + "void blue();\nvoid main() { gl_FragColor = vec4(1.0); blue(); }\n"},
                          {ShaderStage::Fragment, std::string(version) + "void blue() { gl_FragColor.b = 0.5; }\n"},
                      });
    ASSERT_TRUE(r.ok) << version << r.info_log;
    EXPECT_EQ(r.interface.fragment_outputs.size(), 1u) << version;
    expect_valid_spirv(r, version);
  }
}

TEST(MultiUnitStage, StageWithoutMainFailsToLink) {
  const LinkResult r = link(Api::GL, {
                                         {ShaderStage::Vertex, "#version 150\nvec4 f() { return vec4(0.0); }\n"},
                                         {ShaderStage::Vertex, "#version 150\nvec4 g() { return vec4(1.0); }\n"},
                                         {ShaderStage::Fragment, kFs},
                                     });
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.info_log.empty());
}

TEST(MultiUnitStage, TwoMainsFailToLink) {
  const LinkResult r = link(Api::GL, {
                                         {ShaderStage::Vertex, "#version 150\nvoid main() { gl_Position = vec4(0.0); }\n"},
                                         {ShaderStage::Vertex, "#version 150\nvoid main() { gl_Position = vec4(1.0); }\n"},
                                         {ShaderStage::Fragment, kFs},
                                     });
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.info_log.empty());
}

TEST(MultiUnitStage, UndefinedFunctionFailsToLink) {
  const LinkResult r = link(Api::GL, {
                                         {ShaderStage::Vertex,
                                          "#version 150\nvec4 f();\nvoid main() { gl_Position = f(); }\n"},
                                         {ShaderStage::Vertex, "#version 150\nvec4 g() { return vec4(1.0); }\n"},
                                         {ShaderStage::Fragment, kFs},
                                     });
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(log_mentions(r, "f(")) << r.info_log;
}

TEST(MultiUnitStage, FunctionDefinedTwiceFailsToLink) {
  const LinkResult r = link(Api::GL, {
                                         {ShaderStage::Vertex,
                                          "#version 150\nvec4 f() { return vec4(0.0); }\nvoid main() { gl_Position = f(); }\n"},
                                         {ShaderStage::Vertex, "#version 150\nvec4 f() { return vec4(1.0); }\n"},
                                         {ShaderStage::Fragment, kFs},
                                     });
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.info_log.empty());
}

TEST(MultiUnitStage, MismatchedGlobalFailsToLink) {
  const LinkResult r = link(Api::GL, {
                                         {ShaderStage::Vertex, "#version 150\nuniform vec4 u;\nvoid main() { gl_Position = u; }\n"},
                                         {ShaderStage::Vertex, "#version 150\nuniform vec3 u;\nvec3 g() { return u; }\n"},
                                         {ShaderStage::Fragment, kFs},
                                     });
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.info_log.empty());
}

TEST(MultiUnitStage, GlobalInitializersMustBeOneConstant) {
  auto with_units = [](const char* a, const char* b) {
    return link(Api::GL, {
                             {ShaderStage::Vertex, a},
                             {ShaderStage::Vertex, b},
                             {ShaderStage::Fragment, "#version 110\nvoid main() { gl_FragColor = vec4(1.0); }\n"},
                         });
  };
  // Same constant: links.
  LinkResult r = with_units("#version 110\nfloat g = 1.0;\nvoid f() {}\n",
                            "#version 110\nfloat g = 1.0;\nvoid main() { gl_Position = vec4(g); }\n");
  EXPECT_TRUE(r.ok) << r.info_log;
  // Initialized in one unit only: links.
  r = with_units("#version 110\nfloat g = 1.0;\nvoid f() {}\n",
                 "#version 110\nfloat g;\nvoid main() { gl_Position = vec4(g); }\n");
  EXPECT_TRUE(r.ok) << r.info_log;
  // Different constants.
  r = with_units("#version 110\nfloat g = 1.0;\nvoid f() {}\n",
                 "#version 110\nfloat g = 2.0;\nvoid main() { gl_Position = vec4(g); }\n");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(log_mentions(r, "'g'")) << r.info_log;
  // One expression that is not constant, twice.
  r = with_units("#version 110\nuniform float a;\nfloat g = sin(a);\nvoid f() {}\n",
                 "#version 110\nuniform float a;\nfloat g = sin(a);\nvoid main() { gl_Position = vec4(g); }\n");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(log_mentions(r, "'g'")) << r.info_log;
}

TEST(MultiUnitStage, FragCoordRedeclarationsMustAgree) {
  const ShaderSource vs{ShaderStage::Vertex, "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n"};
  const std::string main_unit =
      "#version 150\nlayout(origin_upper_left) in vec4 gl_FragCoord;\nout vec4 c;\nvoid a();\n"
      "void main() { c = gl_FragCoord; a(); }\n";
  // The other unit uses gl_FragCoord without the redeclaration.
  LinkResult r = link(Api::GL, {vs,
                                 {ShaderStage::Fragment, main_unit},
                                 {ShaderStage::Fragment, "#version 150\nout vec4 c;\nvoid a() { c.a = gl_FragCoord.z; }\n"}});
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(log_mentions(r, "gl_FragCoord")) << r.info_log;
  // ... or with other qualifiers.
  r = link(Api::GL, {vs,
                     {ShaderStage::Fragment, main_unit},
                     {ShaderStage::Fragment,
                      "#version 150\nlayout(pixel_center_integer) in vec4 gl_FragCoord;\nout vec4 c;\n"
                      "void a() { c.a = gl_FragCoord.z; }\n"}});
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(log_mentions(r, "gl_FragCoord")) << r.info_log;
}

TEST(MultiUnitStage, GeometryInputLayoutSizesEveryUnit) {
  // The input array of the unit without `layout(triangles) in;` is sized
  // by the other unit's declaration.
  const LinkResult r = link(
      Api::GL, {
                   {ShaderStage::Vertex, "#version 150\nin vec4 p;\nout vec4 v;\nvoid main() { gl_Position = p; v = p; }\n"},
                   {ShaderStage::Geometry,
                    "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
                    "void emit(int i);\nvoid main() { emit(0); emit(1); emit(2); }\n"},
                   {ShaderStage::Geometry,
                    "#version 150\nin vec4 v[];\nout vec4 c;\n"
                    "void emit(int i) { c = v[2]; gl_Position = gl_in[1].gl_Position; EmitVertex(); }\n"},
                   {ShaderStage::Fragment, "#version 150\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n"},
               });
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "geometry");
}

TEST(StageUnits, GeometryInputLayoutGoesBeforeTheFirstLineOfCode) {
  std::string a = "#version 150\nlayout(points) in;\nvoid main() {}\n";
  std::string b = "#version 150\n#extension GL_ARB_x : enable\n\nin vec4 v[];\n";
  share_geometry_input_layout({&a, &b});
  EXPECT_EQ(b, "#version 150\n#extension GL_ARB_x : enable\n\nlayout(points) in; in vec4 v[];\n");
  EXPECT_EQ(a, "#version 150\nlayout(points) in;\nvoid main() {}\n");
}

TEST(MultiUnitStage, FragCoordRedeclaredOnlyWhereUsed) {
  // The unit that does not use gl_FragCoord need not redeclare it.
  const LinkResult r = link(
      Api::GL, {
                   {ShaderStage::Vertex, "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
                   {ShaderStage::Fragment,
                    "#version 150\nlayout(origin_upper_left) in vec4 gl_FragCoord;\n"
                    "out vec4 c;\nvoid blue();\nvoid main() { c = gl_FragCoord; blue(); }\n"},
                   {ShaderStage::Fragment, "#version 150\nout vec4 c;\nvoid blue() { c.b = 1.0; }\n"},
               });
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "gl_FragCoord");
}

TEST(MultiUnitStage, GlesKeepsOneShaderPerStage) {
  const LinkResult r =
      link(Api::GLES, {
                          {ShaderStage::Vertex, "#version 300 es\nvec4 f();\nvoid main() { gl_Position = f(); }\n"},
                          {ShaderStage::Vertex, "#version 300 es\nvec4 f() { return vec4(1.0); }\n"},
                          {ShaderStage::Fragment,
                           "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"},
                      });
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(log_mentions(r, "more than one shader of the same stage")) << r.info_log;
}

TEST(MultiUnitStage, CacheKeyCoversEveryUnit) {
  LinkInput a;
  a.api = Api::GL;
  a.shaders = {{ShaderStage::Vertex, "#version 150\nvec4 f();\nvoid main() { gl_Position = f(); }\n"},
               {ShaderStage::Vertex, "#version 150\nvec4 f() { return vec4(1.0); }\n"},
               {ShaderStage::Fragment, kFs}};
  LinkInput b = a;
  b.shaders[1].text = "#version 150\nvec4 f() { return vec4(0.5); }\n";
  EXPECT_NE(make_cache_key(a).hex(), make_cache_key(b).hex());
}

TEST(StageUnits, DefinesMain) {
  EXPECT_TRUE(defines_main("void main() { }"));
  EXPECT_TRUE(defines_main("void main ( void )\n{\n}"));
  EXPECT_FALSE(defines_main("void main();\nvoid f() {}"));
  EXPECT_FALSE(defines_main("void domain() {}"));
}

TEST(StageUnits, LaterUnitsKeepGeneratedHelperPrototypes) {
  std::string a = "#version 140\nvec4 brass_gl_ftransform() { return vec4(0.0); }\nvoid main() {}\n";
  std::string b = "#version 140\nvec4 brass_gl_ftransform() { return vec4(0.0); }\nvec4 own() { return vec4(1.0); }\n";
  share_generated_helpers({&a, &b});
  EXPECT_NE(a.find("vec4 brass_gl_ftransform() { return"), std::string::npos);
  EXPECT_EQ(b, "#version 140\nvec4 brass_gl_ftransform();\nvec4 own() { return vec4(1.0); }\n");
}

}  // namespace
}  // namespace brass::compiler::test
