// The token-level upgrader: rewrites, renames and line preservation.
#include <gtest/gtest.h>

#include "compiler/desktop_glsl_rewrites.h"
#include "compiler/glsl_upgrader.h"
#include "compiler/glsl_version.h"
#include "compiler/opaque_struct_lowering.h"

namespace brass::compiler {
namespace {

UpgradedSource up(const std::string& src, ShaderStage stage, Api api = Api::GLES) {
  const GlslVersion v = detect_glsl_version(src, api);
  return upgrade_glsl(src, stage, v, ShaderLimits::defaults());
}

int count_lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

TEST(GlslVersion, Detection) {
  EXPECT_EQ(detect_glsl_version("void main(){}", Api::GLES).number, 100);
  EXPECT_EQ(detect_glsl_version("void main(){}", Api::GL).number, 110);
  const GlslVersion v = detect_glsl_version("// c\n/* multi\nline */\n  #version 300 es\n", Api::GLES);
  EXPECT_EQ(v.number, 300);
  EXPECT_TRUE(v.es);
  EXPECT_EQ(v.directive_line, 4);
  EXPECT_TRUE(detect_glsl_version("#version 150\n", Api::GL).core);
  EXPECT_TRUE(detect_glsl_version("#version 150 compatibility\n", Api::GL).compatibility);
}

TEST(Upgrader, Es100VertexRewrites) {
  const UpgradedSource u = up("#version 100\nattribute vec4 p;\nvarying vec2 uv;\nvoid main() { uv = p.xy; gl_Position = p; }\n",
                              ShaderStage::Vertex);
  EXPECT_EQ(u.target_version, 310);
  EXPECT_TRUE(u.target_es);
  EXPECT_NE(u.text.find("#version 310 es"), std::string::npos);
  EXPECT_NE(u.text.find("in vec4 p;"), std::string::npos);
  EXPECT_NE(u.text.find("out vec2 uv;"), std::string::npos);
  EXPECT_EQ(u.text.find("attribute"), std::string::npos);
}

// ARB_texture_rectangle in GLSL 1.10-1.30: its sampler types are reserved
// words there, kept as the 1.40 types they are.
TEST(Upgrader, RectangleSamplersOfTheExtensionKept) {
  const UpgradedSource u =
      up("#version 120\n#extension GL_ARB_texture_rectangle : enable\nuniform sampler2DRect s;\n"
         "uniform sampler2DRectShadow z;\nvoid main() { gl_FragColor = texture2DRect(s, vec2(1.0)); }\n",
         ShaderStage::Fragment, Api::GL);
  EXPECT_NE(u.text.find("uniform sampler2DRect s;"), std::string::npos) << u.text;
  EXPECT_NE(u.text.find("uniform sampler2DRectShadow z;"), std::string::npos) << u.text;
}

TEST(Upgrader, Es100FragmentRewrites) {
  const UpgradedSource u = up(
      "precision mediump float;\nvarying vec2 uv;\nuniform sampler2D t;\nuniform samplerCube c;\n"
      "void main() { gl_FragColor = texture2D(t, uv) + textureCube(c, vec3(uv, 1.0)) + texture2DProj(t, vec3(uv, 1.0)); }\n",
      ShaderStage::Fragment);
  EXPECT_NE(u.text.find("in vec2 uv;"), std::string::npos);
  EXPECT_NE(u.text.find("texture(t, uv)"), std::string::npos);
  EXPECT_NE(u.text.find("texture(c, vec3"), std::string::npos);
  EXPECT_NE(u.text.find("textureProj(t,"), std::string::npos);
  EXPECT_NE(u.text.find("out mediump vec4 brass_gl_FragColor;"), std::string::npos);
  EXPECT_EQ(u.text.find("texture2D"), std::string::npos);
}

TEST(Upgrader, ExtensionVariantsOfLookups) {
  const UpgradedSource u = up(
      "#extension GL_EXT_shader_texture_lod : enable\n#extension GL_OES_standard_derivatives : enable\n"
      "precision mediump float;\nuniform sampler2D t;\n"
      "void main() { gl_FragColor = texture2DLodEXT(t, vec2(0.0), 1.0) + texture2DGradEXT(t, vec2(0.0), dFdx(vec2(0.0)), vec2(0.0)); }\n",
      ShaderStage::Fragment);
  EXPECT_NE(u.text.find("textureLod(t,"), std::string::npos);
  EXPECT_NE(u.text.find("textureGrad(t,"), std::string::npos);
  EXPECT_EQ(u.text.find("#extension GL_OES_standard_derivatives"), std::string::npos);
}

TEST(Upgrader, ReservedWordsRenamedAndRestored) {
  const UpgradedSource u = up("uniform float texture;\nuniform vec4 sample;\nattribute vec4 buffer;\n"
                              "void main() { gl_Position = buffer * texture + sample; }\n",
                              ShaderStage::Vertex);
  EXPECT_NE(u.text.find("brass_r_texture"), std::string::npos);
  EXPECT_NE(u.text.find("brass_r_sample"), std::string::npos);
  EXPECT_NE(u.text.find("brass_r_buffer"), std::string::npos);
  EXPECT_EQ(original_name("brass_r_texture"), "texture");
  EXPECT_EQ(original_name("s.brass_r_sample[0]"), "s.sample[0]");
  EXPECT_EQ(original_name("brass_gl_FragData[0]"), "gl_FragData[0]");
  EXPECT_EQ(original_name("plain"), "plain");
}

TEST(Upgrader, CommentsAndStringsOfCodeUntouchedAndLinesKept) {
  const std::string src =
      "#version 100\n"
      "// texture2D attribute varying in a comment\n"
      "/* block\n comment */ attribute vec4 p;\n"
      "void main() { gl_Position = p; }\n";
  const UpgradedSource u = up(src, ShaderStage::Vertex);
  EXPECT_NE(u.text.find("// texture2D attribute varying in a comment"), std::string::npos);
  // Everything after the #line directive lines up with the source.
  const size_t line_directive = u.text.find("#line 2\n");
  ASSERT_NE(line_directive, std::string::npos) << u.text;
  const std::string tail = u.text.substr(line_directive + 8);
  EXPECT_EQ(count_lines(tail), count_lines(src) - 1);
}

TEST(Upgrader, VersionMacroKeepsApplicationVersion) {
  const UpgradedSource u = up("#version 100\n#if __VERSION__ == 100\nvoid main() {}\n#endif\n", ShaderStage::Vertex);
  EXPECT_NE(u.text.find("#if 100 == 100"), std::string::npos) << u.text;
}

TEST(Upgrader, DesktopTo140) {
  const UpgradedSource u = up("#version 120\nattribute vec4 p;\nvarying vec4 c;\nvoid main() { c = p; gl_Position = p; }\n",
                              ShaderStage::Vertex, Api::GL);
  EXPECT_EQ(u.target_version, 140);
  EXPECT_FALSE(u.target_es);
  EXPECT_NE(u.text.find("#version 140"), std::string::npos);
  // GLSL < 3.30: "#line N" names the directive's own line, so N is one less.
  EXPECT_NE(u.text.find("#line 1\n"), std::string::npos) << u.text;
}

TEST(Upgrader, DropsInvariantFragColorRedeclaration) {
  const UpgradedSource u = up("precision mediump float;\ninvariant gl_FragColor;\nvoid main() { gl_FragColor = vec4(1.0); }\n",
                              ShaderStage::Fragment);
  EXPECT_EQ(u.text.find("invariant"), std::string::npos) << u.text;
}

// GLSL ES 3.00's default block layout is `shared`; SPIR-V for Vulkan has no
// shared or packed layouts, so both are laid out as std140. `shared` as an
// identifier outside a layout qualifier is still renamed (a 3.10 keyword).
TEST(Upgrader, SharedAndPackedLayoutsBecomeStd140) {
  const UpgradedSource u =
      up("#version 300 es\nlayout(shared) uniform A { vec4 a; };\nlayout(row_major,packed) uniform B { mat2 b; };\n"
         "layout(std140, shared) uniform C { vec4 c; };\nvoid main() { float shared = 1.0; gl_Position = a + c; }\n",
         ShaderStage::Vertex);
  EXPECT_NE(u.text.find("layout(std140) uniform A"), std::string::npos) << u.text;
  EXPECT_NE(u.text.find("layout(row_major,std140) uniform B"), std::string::npos) << u.text;
  EXPECT_NE(u.text.find("layout(std140, std140) uniform C"), std::string::npos) << u.text;
  EXPECT_NE(u.text.find("float brass_r_shared"), std::string::npos) << u.text;
}

// Lowering samplers out of structs keeps every line where it was (so
// compile errors point at the application's lines) and encodes paths that
// decode back to the GL names' components.
TEST(OpaqueStructLowering, KeepsLinesAndEncodesPaths) {
  const std::string src =
      "#version 310 es\nprecision mediump float;\nstruct S {\n  float a;\n  sampler2D tex;\n};\n"
      "uniform S s_1[2];\nout vec4 o;\nvoid main() {\n  o = texture(s_1[1].tex, vec2(0.0)) * s_1[0].a;\n}\n";
  const std::string lowered = lower_opaque_struct_members(src);
  EXPECT_EQ(count_lines(lowered), count_lines(src));
  EXPECT_EQ(lowered.find("sampler2D tex;"), std::string::npos) << lowered;
  EXPECT_NE(lowered.find("uniform sampler2D brass_os_3_s_1_2_3_tex_0[2];"), std::string::npos) << lowered;
  EXPECT_NE(lowered.find("texture(brass_os_3_s_1_2_3_tex_0[(1)], vec2(0.0)) * s_1[0].a"), std::string::npos) << lowered;
  const auto path = decode_lowered_opaque_name("brass_os_3_s_1_2_3_tex_0[0]");
  ASSERT_TRUE(path.has_value());
  ASSERT_EQ(path->size(), 2u);
  EXPECT_EQ((*path)[0].name, "s_1");
  EXPECT_EQ((*path)[0].array_length, 2u);
  EXPECT_EQ((*path)[1].name, "tex");
  EXPECT_EQ((*path)[1].array_length, 0u);
  EXPECT_FALSE(decode_lowered_opaque_name("brass_os_9_x_0").has_value());
  EXPECT_FALSE(decode_lowered_opaque_name("tex").has_value());
  // Nothing to lower: the text comes back unchanged.
  const std::string plain = "#version 310 es\nstruct P { float x; };\nuniform P p;\nvoid main() {}\n";
  EXPECT_EQ(lower_opaque_struct_members(plain), plain);
}

// An array of arrays of structs (ARB_arrays_of_arrays): each inner
// dimension is an unnamed path component, so the leaves are "s[i][j].tex".
TEST(OpaqueStructLowering, ArraysOfArraysOfStructs) {
  const std::string src =
      "#version 150\nstruct S {\n  sampler2D tex;\n};\nuniform S s[2][3];\nout vec4 o;\n"
      "void main() {\n  o = texture(s[n][m].tex, vec2(0.0));\n}\n";
  const std::string lowered = lower_opaque_struct_members(src);
  EXPECT_EQ(count_lines(lowered), count_lines(src));
  EXPECT_NE(lowered.find("uniform sampler2D brass_os_1_s_2_0__3_3_tex_0[6];"), std::string::npos) << lowered;
  EXPECT_NE(lowered.find("texture(brass_os_1_s_2_0__3_3_tex_0[(n) * 3 + (m)], vec2(0.0))"), std::string::npos)
      << lowered;
  const auto path = decode_lowered_opaque_name("brass_os_1_s_2_0__3_3_tex_0");
  ASSERT_TRUE(path.has_value());
  ASSERT_EQ(path->size(), 3u);
  EXPECT_EQ((*path)[1].name, "");
  EXPECT_EQ((*path)[1].array_length, 3u);
  // A member that is an array of arrays too: one more unnamed component.
  const std::string member_src =
      "#version 150\nstruct S {\n  sampler2D tex[2][2];\n};\nuniform S i[2][2];\nout vec4 o;\n"
      "void main() {\n  o = texture(i[1][1].tex[1][0], vec2(0.0));\n}\n";
  const std::string member_lowered = lower_opaque_struct_members(member_src);
  EXPECT_EQ(count_lines(member_lowered), count_lines(member_src));
  EXPECT_NE(member_lowered.find("uniform sampler2D brass_os_1_i_2_0__2_3_tex_2_0__2[16];"), std::string::npos)
      << member_lowered;
  EXPECT_NE(member_lowered.find("brass_os_1_i_2_0__2_3_tex_2_0__2[(1) * 8 + (1) * 4 + (1) * 2 + (0)]"),
            std::string::npos)
      << member_lowered;
}

// A member named like the uniform of its struct type (dEQP's
// `struct S { sampler3D target[3]; }; uniform S target;`): the member's
// declaration is not a use of the variable, and the uniform is lowered.
TEST(OpaqueStructLowering, MemberNamedLikeTheVariable) {
  const std::string src =
      "#version 310 es\nstruct S\n{\n  highp sampler3D target[3];\n};\nuniform S target;\n"
      "void main() { ivec3 s = textureSize(target.target[2], 0); }\n";
  const std::string lowered = lower_opaque_struct_members(src);
  EXPECT_EQ(count_lines(lowered), count_lines(src));
  EXPECT_NE(lowered.find("uniform highp sampler3D brass_os_6_target_0_6_target_3[3];"), std::string::npos)
      << lowered;
  EXPECT_NE(lowered.find("textureSize(brass_os_6_target_0_6_target_3[(2)], 0)"), std::string::npos) << lowered;
}

// GL_KHR_vulkan_glsl's extra type keywords are free identifiers in GLSL ES
// 3.10 (and every GL version); they are renamed for the Vulkan parse and
// keep their GL names in reflection.
TEST(Upgrader, VulkanOnlyKeywordsAreIdentifiers) {
  const std::string src =
      "#version 310 es\nuniform highp usampler2D sampler[2];\nhighp float texture2D = 1.0;\n"
      "void main() { gl_Position = vec4(texture(sampler[1], vec2(0.0))) * texture2D; }\n";
  const std::string out = rewrite_current_glsl(src, ShaderStage::Vertex, detect_glsl_version(src, Api::GLES));
  EXPECT_NE(out.find("usampler2D brass_r_sampler[2]"), std::string::npos) << out;
  EXPECT_NE(out.find("texture(brass_r_sampler[1]"), std::string::npos) << out;
  EXPECT_NE(out.find("float brass_r_texture2D ="), std::string::npos) << out;
  EXPECT_EQ(original_name("brass_r_sampler[0]"), "sampler[0]");
  // Nothing to rename: the text comes back as written.
  const std::string plain = "#version 310 es\nvoid main() { gl_Position = vec4(0.0); }\n";
  EXPECT_EQ(rewrite_current_glsl(plain, ShaderStage::Vertex, detect_glsl_version(plain, Api::GLES)), plain);
}

// ES 1.00 fragment shaders may write `invariant varying` and
// `#pragma STDGL invariant(all)`; ES 3.x allows invariant only on outputs,
// so the upgraded fragment shader drops both (lines keep their numbers).
TEST(Upgrader, Es100FragmentInvariantInputsDropped) {
  const std::string src =
      "#pragma STDGL invariant(all)\nprecision mediump float;\ninvariant varying float x;\n"
      "void main() { gl_FragColor = vec4(x); }\n";
  const UpgradedSource u = up(src, ShaderStage::Fragment);
  EXPECT_EQ(u.text.find("invariant"), std::string::npos) << u.text;
  EXPECT_NE(u.text.find("in float x;"), std::string::npos) << u.text;
  // The vertex shader keeps both.
  const UpgradedSource v = up("#pragma STDGL invariant(all)\ninvariant varying float x;\nvoid main() { x = 1.0; }\n",
                              ShaderStage::Vertex);
  EXPECT_NE(v.text.find("invariant out float x;"), std::string::npos) << v.text;
  EXPECT_NE(v.text.find("#pragma STDGL invariant(all)"), std::string::npos) << v.text;
}

TEST(Upgrader, CurrentVersionsOnlyEscapePrefix) {
  const std::string src = "#version 310 es\nvoid main() { int brass_r_x = 1; }\n";
  const GlslVersion v = detect_glsl_version(src, Api::GLES);
  EXPECT_FALSE(version_needs_upgrade(v));
  const std::string out = rewrite_current_glsl(src, ShaderStage::Vertex, v);
  EXPECT_NE(out.find("brass_r_brass_r_x"), std::string::npos);
  EXPECT_EQ(original_name("brass_r_brass_r_x"), "brass_r_x");
  const std::string plain = "#version 310 es\nvoid main() {}\n";
  EXPECT_EQ(rewrite_current_glsl(plain, ShaderStage::Vertex, detect_glsl_version(plain, Api::GLES)), plain);
}

TEST(Upgrader, Glsl130LayoutQualifierKeptIdentifierRenamed) {
  // `layout` a GLSL 1.30 extension made a keyword stays a qualifier; a
  // function of that name (legal in 1.30) is renamed as 1.40 requires.
  const UpgradedSource q = up("#version 130\n#extension GL_ARB_explicit_attrib_location : require\n"
                              "layout(location=0) in vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0, 1); }\n",
                              ShaderStage::Vertex, Api::GL);
  EXPECT_NE(q.text.find("layout(location=0) in vec2 pos;"), std::string::npos) << q.text;
  const UpgradedSource f = up("#version 130\nfloat layout(float x) { return x; }\n"
                              "void main() { gl_Position = vec4(layout(1.0)); }\n",
                              ShaderStage::Vertex, Api::GL);
  EXPECT_NE(f.text.find("brass_r_layout(float x)"), std::string::npos) << f.text;
  EXPECT_NE(f.text.find("vec4(brass_r_layout(1.0))"), std::string::npos) << f.text;
}

TEST(DesktopRewrites, BindingPreambleForCounterAndStorageExtensions) {
  const std::vector<std::string> none;
  const std::string counters = "#version 140\n#extension GL_ARB_shader_atomic_counters : require\n";
  const std::string storage = "#version 330\n#extension GL_ARB_shader_storage_buffer_object : enable\n";
  EXPECT_EQ(desktop_binding_preamble(counters, detect_glsl_version(counters, Api::GL), none),
            "#extension GL_ARB_shading_language_420pack : enable\n");
  EXPECT_FALSE(desktop_binding_preamble(storage, detect_glsl_version(storage, Api::GL), none).empty());
  // Not from 4.20 (binding is core), not without either extension, not
  // where the context does not expose 420pack.
  const std::string v420 = "#version 420\n#extension GL_ARB_shader_atomic_counters : require\n";
  EXPECT_TRUE(desktop_binding_preamble(v420, detect_glsl_version(v420, Api::GL), none).empty());
  const std::string plain = "#version 330\nuniform sampler2D s;\n";
  EXPECT_TRUE(desktop_binding_preamble(plain, detect_glsl_version(plain, Api::GL), none).empty());
  EXPECT_TRUE(desktop_binding_preamble(counters, detect_glsl_version(counters, Api::GL),
                                       {"GL_ARB_shading_language_420pack"})
                  .empty());
}

TEST(DesktopRewrites, InstanceIdStandInBelowGlsl140) {
  const std::string vs = "#version 130\n#extension GL_ARB_draw_instanced : enable\n"
                         "void main() { gl_Position = vec4(float(gl_InstanceID)); }\n";
  const GlslVersion v = detect_glsl_version(vs, Api::GL);
  EXPECT_NE(desktop_instance_id_check_preamble(vs, ShaderStage::Vertex, v).find("brass_check_InstanceID"),
            std::string::npos);
  EXPECT_TRUE(desktop_instance_id_check_preamble(vs, ShaderStage::Fragment, v).empty());
  const std::string v140 = "#version 140\nvoid main() { gl_Position = vec4(float(gl_InstanceID)); }\n";
  EXPECT_TRUE(desktop_instance_id_check_preamble(v140, ShaderStage::Vertex, detect_glsl_version(v140, Api::GL)).empty());
}

TEST(DesktopRewrites, AtomicFunctionsCompileAs430) {
  const std::vector<std::string> none;
  auto bumped = [&](const std::string& src) {
    return with_desktop_atomics_version(src, detect_glsl_version(src, Api::GL), none);
  };
  const std::string storage = "#version 330\n#extension GL_ARB_shader_storage_buffer_object : require\n"
                              "buffer b { uint v; };\nvoid main() { atomicMax(v, 1u); }\n";
  EXPECT_EQ(bumped(storage).substr(0, 13), "#version 430\n");
  const std::string counters = "#version 140\n#extension GL_ARB_shader_atomic_counters : enable\n"
                               "uniform atomic_uint c;\nvoid main() { atomicCounterIncrement(c); }\n";
  EXPECT_EQ(bumped(counters).substr(0, 13), "#version 430\n");
  // Only when the extension is enabled and one of its functions called.
  const std::string declared_only = "#version 330\n#extension GL_ARB_shader_storage_buffer_object : require\n"
                                    "buffer b { uint v; };\nvoid main() { v = 1u; }\n";
  EXPECT_EQ(bumped(declared_only), declared_only);
  const std::string no_extension = "#version 330\nvoid atomicAdd(int x) {}\nvoid main() { atomicAdd(1); }\n";
  EXPECT_EQ(bumped(no_extension), no_extension);
  EXPECT_EQ(with_desktop_atomics_version(storage, detect_glsl_version(storage, Api::GL),
                                         {"GL_ARB_shader_storage_buffer_object"}),
            storage);
}

}  // namespace
}  // namespace brass::compiler
