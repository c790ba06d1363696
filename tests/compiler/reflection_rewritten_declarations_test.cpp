// Program interface reflection of what Brass rewrites before compiling:
// desktop compatibility built-ins and state reported under their GL names,
// gl_ClipVertex, shared and packed blocks (std140 offsets), nested structs,
// samplers inside structs, and the members and blocks std140 keeps active.
#include <cstring>
#include <map>
#include <set>

#include "compiler/gl_types.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

TEST(Reflection, DesktopCompatibilityBuiltinsBecomeGlNamedResources) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex,
                                       "#version 110\nvoid main() {\n  gl_FrontColor = gl_Color;\n"
                                       "  gl_TexCoord[0] = gl_TextureMatrix[0] * gl_MultiTexCoord0;\n"
                                       "  gl_Position = ftransform();\n}\n"},
                                      {ShaderStage::Fragment,
                                       "#version 110\nuniform sampler2D t;\n"
                                       "void main() { gl_FragColor = gl_Color * texture2D(t, gl_TexCoord[0].xy); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  EXPECT_TRUE(find_uniform(pi, "gl_ModelViewProjectionMatrix"));
  EXPECT_TRUE(find_uniform(pi, "gl_TextureMatrix[0]"));
  std::set<std::string> attributes;
  for (const InterfaceVariable& a : pi.attributes) attributes.insert(a.name);
  EXPECT_EQ(attributes, (std::set<std::string>{"gl_Vertex", "gl_Color", "gl_MultiTexCoord0"}));
  expect_valid_spirv(r, "compat");
  // Interpolation must agree between gl_Color and gl_FrontColor/gl_BackColor.
  const LinkResult bad = link(Api::GL, {{ShaderStage::Vertex, "#version 130\nvoid main() { gl_Position = vec4(0); gl_BackColor = vec4(0); }\n"},
                                        {ShaderStage::Fragment, "#version 130\nflat in vec4 gl_Color;\nout vec4 c;\nvoid main() { c = gl_Color; }\n"}});
  EXPECT_FALSE(bad.ok);
}

// GLSL 1.20 §7.5's built-in state: structures, arrays of structures, the
// matrix variants and the implementation constants all compile and are
// reported under their gl_* names, with std140 offsets to write them at.
TEST(Reflection, DesktopCompatibilityStateUniformsBecomeGlNamedResources) {
  const LinkResult r = link(
      Api::GL,
      {{ShaderStage::Vertex,
        "#version 120\nvoid main() {\n"
        "  gl_LightSourceParameters l = gl_LightSource[gl_MaxLights - 1];\n"
        "  vec4 c = l.diffuse * gl_FrontMaterial.diffuse + gl_FrontLightProduct[1].specular;\n"
        "  c += gl_LightModel.ambient + gl_FrontLightModelProduct.sceneColor + gl_TextureEnvColor[0];\n"
        "  c += gl_EyePlaneS[0] + gl_ObjectPlaneQ[gl_MaxTextureCoords - 1] + gl_ClipPlane[0];\n"
        "  c.x += gl_Point.size + gl_Fog.scale + gl_NormalScale + float(gl_MaxClipPlanes + gl_MaxTextureUnits);\n"
        "  gl_FrontColor = c;\n"
        "  gl_Position = gl_ModelViewMatrixInverseTranspose * gl_TextureMatrixInverse[1] * gl_Vertex;\n}\n"},
       {ShaderStage::Fragment,
        "#version 120\nvoid main() { gl_FragColor = gl_Color + gl_BackMaterial.emission * gl_Fog.color; }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  for (const char* name : {"gl_LightSource[7].diffuse", "gl_FrontMaterial.diffuse", "gl_FrontLightProduct[1].specular",
                           "gl_LightModel.ambient", "gl_FrontLightModelProduct.sceneColor", "gl_TextureEnvColor[0]",
                           "gl_EyePlaneS[0]", "gl_ObjectPlaneQ[0]", "gl_ClipPlane[0]", "gl_Point.size", "gl_Fog.scale",
                           "gl_Fog.color", "gl_NormalScale", "gl_ModelViewMatrixInverseTranspose",
                           "gl_TextureMatrixInverse[0]", "gl_BackMaterial.emission"}) {
    const Uniform* u = find_uniform(pi, name);
    ASSERT_TRUE(u) << name;
    EXPECT_GE(u->offset, 0) << name;
    EXPECT_EQ(u->block_index, -1) << name;
  }
  expect_valid_spirv(r, "compat state");
}

// A GLSL 1.20 vertex shader writing gl_ClipVertex clips by the client clip
// planes: it gets gl_ClipDistance from gl_ClipPlane[] (fed by the frontend).
TEST(Reflection, DesktopClipVertexBecomesClipDistances) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex,
                                       "#version 120\nvoid main() {\n"
                                       "  gl_ClipVertex = gl_ModelViewMatrix * gl_Vertex;\n"
                                       "  if (gl_Vertex.x > 100.0) return;\n"
                                       "  gl_Position = ftransform();\n}\n"},
                                      {ShaderStage::Fragment, "#version 120\nvoid main() { gl_FragColor = vec4(1); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_TRUE(find_uniform(r.interface, "gl_ClipPlane[0]"));
  EXPECT_TRUE(find_uniform(r.interface, "gl_ModelViewMatrix"));
  expect_valid_spirv(r, "clip vertex");
}

// Blocks of the default (shared) and packed layouts compile and report the
// std140 offsets the SPIR-V reads.
TEST(Reflection, SharedAndPackedBlocksReportStd140Offsets) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex,
                 "#version 300 es\nuniform S { float f; vec3 v; mat3 m; float a[2]; };\n"
                 "layout(packed) uniform P { vec2 p; float q; };\n"
                 "void main() { gl_Position = vec4(f, v) + vec4(m[2], a[1]) + vec4(p, q, 0.0); }\n"},
                {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "shared and packed blocks");
  std::map<std::string, int> offset, stride;
  for (const Uniform& u : r.interface.uniforms) {
    offset[u.name] = u.offset;
    stride[u.name] = u.array_stride;
  }
  EXPECT_EQ(offset["f"], 0);
  EXPECT_EQ(offset["v"], 16);
  EXPECT_EQ(offset["m"], 32);
  EXPECT_EQ(offset["a[0]"], 80);
  EXPECT_EQ(stride["a[0]"], 16);
  EXPECT_EQ(offset["p"], 0);
  EXPECT_EQ(offset["q"], 8);
}

// Members of nested structs and arrays of structs, in the default block and
// in a named block with row-major matrices: the offsets reported are the
// SPIR-V's Offset decorations (std140: a struct member starts on a 16-byte
// boundary), which glslang's reflection gets wrong for nested structs.
TEST(Reflection, NestedStructOffsetsMatchTheSpirv) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex,
                 "#version 300 es\nstruct T { int a; vec2 b; };\nstruct S { float a; T b; int c; };\n"
                 "uniform S s;\nuniform S arr[2];\n"
                 "layout(std140, row_major) uniform Blk { float f; S inner[2]; mat2x3 m; } blk;\n"
                 "void main() { gl_Position = vec4(s.a, s.b.b, float(s.b.a + s.c)) + vec4(arr[1].b.b, arr[1].a, 0.0)"
                 " + vec4(blk.inner[1].b.b, blk.m[1].xy) * blk.f; }\n"},
                {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  std::map<std::string, const Uniform*> by_name;
  for (const Uniform& u : r.interface.uniforms) by_name[u.name] = &u;
  auto offset = [&](const char* n) { return by_name.count(n) ? by_name[n]->offset : -2; };
  // s at 0: a 0, b (T) 16: b.a 16, b.b 24, c 32; S is 48 bytes.
  EXPECT_EQ(offset("s.a"), 0);
  EXPECT_EQ(offset("s.b.a"), 16);
  EXPECT_EQ(offset("s.b.b"), 24);
  EXPECT_EQ(offset("s.c"), 32);
  // arr at 48, 48 bytes per element.
  EXPECT_EQ(offset("arr[1].a"), 96);
  EXPECT_EQ(offset("arr[1].b.b"), 120);
  // Blk: f 0, inner at 16 (48 each), m at 112, row-major: 2 rows of vec2 padded to 16.
  EXPECT_EQ(offset("Blk.f"), 0);
  EXPECT_EQ(offset("Blk.inner[1].b.b"), 16 + 48 + 24);
  EXPECT_EQ(offset("Blk.m"), 112);
  ASSERT_TRUE(by_name.count("Blk.m"));
  EXPECT_EQ(by_name["Blk.m"]->matrix_stride, 16);
  EXPECT_TRUE(by_name["Blk.m"]->row_major);
}

// Samplers inside (arrays of) structs: Vulkan has no opaque struct
// members, so each becomes a sampler array of its own; the GL interface
// still shows one uniform per struct element ("s[1].inner.tex").
TEST(Reflection, SamplersInsideStructsAreLowered) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, "#version 300 es\nin vec4 p;\nout vec2 uv;\nvoid main() { uv = p.xy; gl_Position = p; }\n"},
                {ShaderStage::Fragment,
                 "#version 300 es\nprecision mediump float;\nstruct T { lowp sampler2D tex; };\n"
                 "struct S { float a; T inner; samplerCube cubes[2]; };\nuniform S s[3];\n"
                 "in vec2 uv;\nout vec4 o;\n"
                 "void main() { o = texture(s[2].inner.tex, uv) * s[0].a + texture(s[1].cubes[1], vec3(uv, 1.0)); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "lowered struct samplers");
  std::map<std::string, const Uniform*> by_name;
  for (const Uniform& u : r.interface.uniforms) by_name[u.name] = &u;
  for (int e = 0; e < 3; ++e) {
    const std::string tex = "s[" + std::to_string(e) + "].inner.tex";
    const std::string cubes = "s[" + std::to_string(e) + "].cubes[0]";
    ASSERT_TRUE(by_name.count(tex)) << tex;
    EXPECT_TRUE(by_name[tex]->is_sampler);
    EXPECT_EQ(by_name[tex]->type, gl::SAMPLER_2D);
    EXPECT_EQ(by_name[tex]->array_size, 1);
    EXPECT_EQ(by_name[tex]->sampler_element, e);
    EXPECT_GE(by_name[tex]->location, 0);
    // The cube array's descriptors are the declared flat array (the
    // SPIR-V's: Vulkan wants a descriptor for each element it declares), so
    // s[2].cubes is reported too although only s[1].cubes[1] is read.
    ASSERT_TRUE(by_name.count(cubes)) << cubes;
    EXPECT_EQ(by_name[cubes]->type, gl::SAMPLER_CUBE);
    EXPECT_EQ(by_name[cubes]->array_size, 2);
    EXPECT_EQ(by_name[cubes]->sampler_element, 2 * e);
  }
  EXPECT_TRUE(by_name.count("s[0].a"));
}

// A sampler array member read only below its last element: the descriptor
// array is the declared one (a shorter one fails Vulkan's layout rules,
// VUID-VkGraphicsPipelineCreateInfo-layout-00756), and the GL uniform
// reports every element, each with a descriptor (a unit set with
// glUniform1i reads back).
TEST(Reflection, LoweredSamplerArraysCoverTheDeclaredElements) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, "attribute vec4 p;\nvoid main() { gl_Position = p; }\n"},
                {ShaderStage::Fragment,
                 "precision mediump float;\n"
                 "struct S { sampler2D a; samplerCube b; sampler2D c[3]; samplerCube m[3]; };\nuniform S u;\n"
                 "void main() { gl_FragColor = texture2D(u.a, vec2(0.5)) + textureCube(u.m[1], vec3(1.0)); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  std::map<std::string, const Uniform*> by_name;
  for (const Uniform& u : r.interface.uniforms) by_name[u.name] = &u;
  ASSERT_TRUE(by_name.count("u.m[0]"));
  EXPECT_EQ(by_name["u.m[0]"]->array_size, 3);
  uint32_t cube_descriptors = 0;
  for (const Binding& b : r.interface.bindings)
    if (b.set == kSetSamplers && b.slot == static_cast<uint32_t>(by_name["u.m[0]"] - r.interface.uniforms.data()))
      cube_descriptors = b.array_count;
  EXPECT_EQ(cube_descriptors, 3u);
}

// A struct with samplers copied whole into a local variable cannot be
// lowered: the link fails with a log, never a crash.
TEST(Reflection, StructWithSamplersUsedWholeFailsTheLinkCleanly) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, "#version 300 es\nin vec4 p;\nout vec2 uv;\nvoid main() { uv = p.xy; gl_Position = p; }\n"},
                {ShaderStage::Fragment,
                 "#version 300 es\nprecision mediump float;\nstruct S { float a; sampler2D tex; };\nuniform S s;\n"
                 "in vec2 uv;\nout vec4 o;\nvoid main() { S local = s; o = texture(local.tex, uv) * local.a; }\n"}};
  const LinkResult r = link_program(in);
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.info_log.empty());
}

// Structs with samplers as function arguments (whole, an element of a
// struct array, a whole struct array, and passed on from a parameter):
// each parameter's samplers become parameters of their own, and the GL
// interface is the same as without the functions.
TEST(Reflection, StructsWithSamplersPassToFunctions) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, "attribute vec4 p;\nvoid main() { gl_Position = p; }\n"},
                {ShaderStage::Fragment,
                 "precision mediump float;\nstruct S { sampler2D source; float a; };\n"
                 "vec4 fun(S s);\n"
                 "vec4 fun2(S s[2]) { return texture2D(s[1].source, vec2(0.5)) + fun(s[0]); }\n"
                 "uniform S s;\nuniform S arr[2];\n"
                 "void main() { gl_FragColor = fun(s) + fun(arr[1]) + fun2(arr); }\n"
                 "vec4 fun(S s) { return texture2D(s.source, vec2(0.5)) * s.a; }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "struct arguments");
  std::map<std::string, const Uniform*> by_name;
  for (const Uniform& u : r.interface.uniforms) by_name[u.name] = &u;
  for (const char* name : {"s.source", "arr[0].source", "arr[1].source", "s.a", "arr[0].a", "arr[1].a"})
    EXPECT_TRUE(by_name.count(name)) << name;
  EXPECT_TRUE(by_name["arr[1].source"]->is_sampler);
}

// Every member of a std140 (or shared) named block is active, read or not,
// with the offset the SPIR-V gives it.
TEST(Reflection, UnreadMembersOfStd140BlocksAreActive) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex,
                 "#version 300 es\nstruct P { vec2 x; bool y; };\n"
                 "uniform A { float used; P unused[2]; mat3 m; } a;\n"
                 "void main() { gl_Position = vec4(a.used); }\n"},
                {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.interface.uniform_blocks.size(), 1u);
  std::map<std::string, const Uniform*> by_name;
  for (uint32_t m : r.interface.uniform_blocks[0].active_members) by_name[r.interface.uniforms[m].name] = &r.interface.uniforms[m];
  ASSERT_EQ(by_name.size(), 6u);
  EXPECT_EQ(by_name["A.used"]->offset, 0);
  EXPECT_EQ(by_name["A.unused[1].x"]->offset, 32);  // P: 12 bytes, stride 16
  EXPECT_EQ(by_name["A.unused[1].y"]->offset, 40);
  EXPECT_EQ(by_name["A.unused[1].y"]->type, gl::BOOL);
  EXPECT_EQ(by_name["A.m"]->offset, 48);
  EXPECT_EQ(by_name["A.m"]->matrix_stride, 16);
  EXPECT_EQ(by_name["A.m"]->stages, r.interface.uniform_blocks[0].stages);
}

// A std140 or shared block no shader reads is still an active block, with
// all its members (ES 3.0 2.12.6).
TEST(Reflection, UnreadStd140BlocksAreActive) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex,
                 "#version 300 es\nuniform Used { vec4 u; };\nuniform Unread { float x; mat3 m; } unread[2];\n"
                 "void main() { gl_Position = u; }\n"},
                {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nuniform Quiet { vec2 q[3]; };\n"
                                        "out vec4 o;\nvoid main() { o = vec4(1.0); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  std::map<std::string, const Block*> blocks;
  for (const Block& b : r.interface.uniform_blocks) blocks[b.name] = &b;
  ASSERT_TRUE(blocks.count("Unread[0]") && blocks.count("Unread[1]") && blocks.count("Quiet"));
  EXPECT_EQ(blocks["Unread[1]"]->data_size, 64);  // x at 0, m at 16 (3 columns of 16)
  EXPECT_EQ(blocks["Quiet"]->data_size, 48);      // vec2 array: stride 16
  EXPECT_EQ(blocks["Quiet"]->stages, stage_bit(ShaderStage::Fragment));
  EXPECT_EQ(blocks["Quiet"]->initial_binding, 0);
  EXPECT_EQ(blocks["Unread[1]"]->active_members.size(), 2u);
  std::map<std::string, const Uniform*> by_name;
  for (const Uniform& u : r.interface.uniforms) by_name[u.name] = &u;
  ASSERT_TRUE(by_name.count("Unread.m") && by_name.count("q[0]"));
  EXPECT_EQ(by_name["Unread.m"]->offset, 16);
  EXPECT_EQ(by_name["q[0]"]->array_size, 3);
  EXPECT_EQ(by_name["q[0]"]->array_stride, 16);
}

}  // namespace
}  // namespace brass::compiler::test
