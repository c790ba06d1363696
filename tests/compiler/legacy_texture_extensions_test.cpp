// EXT_texture_array (and EXT_gpu_shader4's lookups) in GLSL 1.10 / 1.20
// sources (compiler/legacy_texture_extensions.h): rewritten to GLSL 1.30 and
// compiled to valid SPIR-V, and left alone where not enabled or not exposed.
#include <algorithm>

#include "compiler/legacy_texture_extensions.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

GlslVersion v(int number, bool explicit_directive = true) {
  GlslVersion g;
  g.number = number;
  g.explicit_directive = explicit_directive;
  g.directive_line = 1;
  return g;
}

TEST(LegacyTextureExtensions, ArrayLookupsBecomeGlsl130Overloads) {
  const std::string out = lower_legacy_texture_extensions(R"(#version 120
#extension GL_EXT_texture_array : enable
uniform sampler2DArray a;
uniform sampler1DArrayShadow s;
void main() {
  gl_FragColor = texture2DArray(a, vec3(0.5)) + texture2DArrayLod(a, vec3(0.5), 1.0) +
                 shadow1DArray(s, vec3(0.5, 0.0, 0.5));
})",
                                                          ShaderStage::Fragment, v(120), {});
  EXPECT_NE(out.find("#version 130\n"), std::string::npos) << out;
  EXPECT_NE(out.find("texture(a, vec3(0.5)) + textureLod(a, vec3(0.5), 1.0)"), std::string::npos) << out;
  EXPECT_NE(out.find("vec4(texture(s, vec3(0.5, 0.0, 0.5)))"), std::string::npos) << out;
  // The directive stays (the normalizer turns it into the macro), and so
  // does the line count.
  EXPECT_NE(out.find("#extension GL_EXT_texture_array : enable"), std::string::npos) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 7);
}

TEST(LegacyTextureExtensions, UntouchedWhenNotEnabledOrNotExposed) {
  const std::string src = "#version 110\n#extension GL_EXT_texture_array : enable\nvoid main() {}\n";
  EXPECT_EQ(lower_legacy_texture_extensions(src, ShaderStage::Fragment, v(110), {"GL_EXT_texture_array"}), src);
  const std::string disabled = "#version 110\n#extension GL_EXT_texture_array : disable\nvoid main() {}\n";
  EXPECT_EQ(lower_legacy_texture_extensions(disabled, ShaderStage::Fragment, v(110), {}), disabled);
  // GLSL 1.30 and later have the types already: only the old lookup
  // names change.
  const std::string v140 = "#version 140\n#extension GL_EXT_texture_array : enable\nuniform sampler2DArray s;\n"
                           "vec4 f() { return texture2DArray(s, vec3(0.0)); }\n";
  EXPECT_EQ(lower_legacy_texture_extensions(v140, ShaderStage::Fragment, v(140), {}),
            "#version 140\n#extension GL_EXT_texture_array : enable\nuniform sampler2DArray s;\n"
            "vec4 f() { return texture(s, vec3(0.0)); }\n");
  // Only EXT_gpu_shader4 adds texelFetch2D.
  const std::string fetch =
      "#version 110\n#extension GL_EXT_texture_array : enable\nvec4 texelFetch2D(vec4 x) { return x; }\n";
  EXPECT_NE(lower_legacy_texture_extensions(fetch, ShaderStage::Fragment, v(110), {}).find("texelFetch2D"),
            std::string::npos);
}

// EXT_gpu_shader4's lookups, integer samplers through the old names
// included.
TEST(LegacyTextureExtensions, GpuShader4LookupsAndTypes) {
  const std::string out = lower_legacy_texture_extensions(R"(#version 110
#extension GL_EXT_gpu_shader4 : require
uniform usampler3D u;
uniform isampler2D i;
varying out uvec4 result;
void main() {
  unsigned int k = 1u;
  result = texture3D(u, vec3(0.0)) + uvec4(texelFetch2D(i, ivec2(0), 0)) + uvec4(textureSize2D(i, 0).x) +
           texture3DProjLod(u, vec4(1.0), 0.0) + uvec4(texture2DOffset(i, vec2(0.0), ivec2(1)));
})",
                                                          ShaderStage::Fragment, v(110), {});
  EXPECT_NE(out.find("uint k = 1u;"), std::string::npos) << out;
  EXPECT_NE(out.find("\n out uvec4 result;"), std::string::npos) << out;
  EXPECT_NE(out.find("result = texture(u, vec3(0.0)) + uvec4(texelFetch(i, ivec2(0), 0)) + "
                     "uvec4(textureSize(i, 0).x)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("textureProjLod(u, vec4(1.0), 0.0) + uvec4(textureOffset(i, vec2(0.0), ivec2(1)))"),
            std::string::npos)
      << out;
}

// What GLSL 1.30 spells differently: truncate, `centroid` after the
// interpolation qualifier, rectangle lookups on integer samplers by the
// generic names, and shadow2DArrayOffset as textureGradOffset with the
// implicit derivatives (none outside fragment shaders); lines kept.
TEST(LegacyTextureExtensions, GpuShader4SpellingsGlsl130Lacks) {
  const std::string src = R"(#version 110
#extension GL_EXT_gpu_shader4 : require
centroid noperspective varying vec2 c;
uniform isampler2DRect r;
uniform sampler2DArrayShadow s;
void main() {
  gl_FragColor = vec4(truncate(c.x)) + vec4(texture2DRect(r, c)) + shadow2DArrayOffset(s,
      vec4(c, 0.0, 0.5), ivec2(1)) + shadow2DArrayOffset(s, vec4(c, 0.0, 0.5), ivec2(1), 2.0);
})";
  const std::string out = lower_legacy_texture_extensions(src, ShaderStage::Fragment, v(110), {});
  EXPECT_NE(out.find("noperspective centroid varying vec2 c;"), std::string::npos) << out;
  EXPECT_NE(out.find("vec4(trunc(c.x)) + vec4(texture(r, c))"), std::string::npos) << out;
  EXPECT_NE(out.find("vec4(textureGradOffset(s,\n      vec4(c, 0.0, 0.5), dFdx((       vec4(c, 0.0, 0.5)).xy), "
                     "dFdy((       vec4(c, 0.0, 0.5)).xy), ivec2(1)))"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("dFdx(( vec4(c, 0.0, 0.5)).xy) * exp2( 2.0), dFdy(( vec4(c, 0.0, 0.5)).xy) * exp2( 2.0), "
                     "ivec2(1)))"),
            std::string::npos)
      << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(src.begin(), src.end(), '\n'));
  const std::string vertex = lower_legacy_texture_extensions(
      "#version 110\n#extension GL_EXT_gpu_shader4 : require\nuniform sampler2DArrayShadow s;\n"
      "void main() { gl_Position = shadow2DArrayOffset(s, vec4(0.5), ivec2(1)); }\n",
      ShaderStage::Vertex, v(110), {});
  EXPECT_NE(vertex.find("vec4(textureGradOffset(s, vec4(0.5), vec2(0.0), vec2(0.0), ivec2(1)))"), std::string::npos)
      << vertex;
}

// Buffer samplers, integer rectangle samplers and the fragment
// gl_PrimitiveID through the whole compiler (checked at GLSL 1.40 / 1.50,
// upgraded with the types kept).
TEST(LegacyTextureExtensions, GpuShader4BufferRectAndPrimitiveIdLink) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, R"(#version 110
#extension GL_EXT_gpu_shader4 : require
flat varying int instance;
void main() { gl_Position = gl_Vertex; instance = gl_InstanceID; })"},
                                      {ShaderStage::Fragment, R"(#version 110
#extension GL_EXT_gpu_shader4 : require
uniform usamplerBuffer b;
uniform isampler2DRect r;
flat varying int instance;
void main() {
  gl_FragColor = vec4(texelFetchBuffer(b, gl_PrimitiveID + instance)) + vec4(texelFetch2DRect(r, ivec2(1))) +
                 vec4(textureSize2DRect(r), textureSizeBuffer(b), 0.0);
})"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "EXT_gpu_shader4");
  EXPECT_NE(find_uniform(r.interface, "b"), nullptr);
  EXPECT_NE(find_uniform(r.interface, "r"), nullptr);
}

TEST(LegacyTextureExtensions, ImplicitVersionGetsADirectiveAndKeepsLineNumbers) {
  const std::string out = lower_legacy_texture_extensions(
      "#extension GL_EXT_texture_array : require\nuniform sampler1DArray t;\n", ShaderStage::Fragment,
      v(110, false), {});
  EXPECT_EQ(out.rfind("#version 130\n#line 0\n", 0), 0u) << out;
}

// Through the whole compiler: the upgraded shader links to valid SPIR-V.
TEST(LegacyTextureExtensions, Glsl110ArrayShaderLinks) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, R"(#version 110
varying vec4 tc;
void main() { gl_Position = gl_Vertex; tc = gl_Vertex; })"},
                                      {ShaderStage::Fragment, R"(#version 110
#extension GL_EXT_texture_array : require
#ifndef GL_EXT_texture_array
#error macro missing
#endif
uniform sampler1DArray one;
uniform sampler2DArray two;
uniform sampler1DArrayShadow one_s;
uniform sampler2DArrayShadow two_s;
varying vec4 tc;
void main() {
  gl_FragColor = texture1DArray(one, tc.xy) + texture2DArray(two, tc.xyz) +
                 shadow1DArray(one_s, tc.xyz) + shadow2DArray(two_s, tc) + shadow1DArrayLod(one_s, tc.xyz, 0.0);
})"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "EXT_texture_array");
  EXPECT_NE(find_uniform(r.interface, "two_s"), nullptr);
}

TEST(LegacyTextureExtensions, DirectiveRequiredWhenNotExposed) {
  LinkInput in;
  in.api = Api::GL;
  in.unexposed_extensions = {"GL_EXT_texture_array"};
  in.shaders = {{ShaderStage::Vertex, "#version 110\nvoid main() { gl_Position = gl_Vertex; }\n"},
                {ShaderStage::Fragment, "#version 110\n#extension GL_EXT_texture_array : require\n"
                                        "void main() { gl_FragColor = vec4(1.0); }\n"}};
  EXPECT_FALSE(link_program(in).ok);
}

}  // namespace
}  // namespace brass::compiler::test
