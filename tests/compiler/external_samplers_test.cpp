// samplerExternalOES (OES_EGL_image_external, _essl3): made a sampler2D for
// the SPIR-V parse, reported as GL_SAMPLER_EXTERNAL_OES by reflection.
#include <algorithm>

#include "compiler/external_samplers.h"
#include "compiler/gl_types.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

TEST(ExternalSamplers, RewriteKeepsLinesAndRecordsUniforms) {
  const char* src =
      "#version 310 es\n"
      "#extension GL_OES_EGL_image_external_essl3 : require\n"
      "precision lowp samplerExternalOES;\n"
      "uniform highp samplerExternalOES a, b[2];\n"
      "uniform sampler2D c;\n"
      "vec4 f(samplerExternalOES s) { return texture(s, vec2(0.0)); }\n";
  const ExternalSamplerLowering l = lower_external_samplers(src);
  EXPECT_EQ(l.text.find("samplerExternalOES"), std::string::npos) << l.text;
  EXPECT_EQ(l.text.find("precision"), std::string::npos) << l.text;
  EXPECT_NE(l.text.find("#extension GL_OES_EGL_image_external_essl3 : require"), std::string::npos);
  EXPECT_NE(l.text.find("uniform highp sampler2D a, b[2];"), std::string::npos) << l.text;
  EXPECT_NE(l.text.find("vec4 f(sampler2D s)"), std::string::npos) << l.text;
  EXPECT_EQ(std::count(l.text.begin(), l.text.end(), '\n'), 6);
  EXPECT_EQ(l.external_uniforms, (std::set<std::string>{"a", "b"}));
  EXPECT_EQ(l.sampler_2d_uniforms, (std::set<std::string>{"c"}));
  // A shader without the type is left as it is.
  const char* plain = "#version 310 es\nuniform sampler2D t;\n";
  EXPECT_EQ(lower_external_samplers(plain).text, plain);
}

TEST(ExternalSamplers, ReflectedAsExternal) {
  const char* vs = "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n";
  const char* fs =
      "#version 300 es\n"
      "#extension GL_OES_EGL_image_external_essl3 : require\n"
      "precision mediump float;\n"
      "struct S { samplerExternalOES e; float k; };\n"
      "uniform S st;\n"
      "uniform samplerExternalOES arr[2];\n"
      "uniform sampler2D plain;\n"
      "out vec4 o;\n"
      "void main() {\n"
      "  o = texture(st.e, vec2(0.5)) * st.k + textureProj(arr[1], vec3(0.5, 0.5, 1.0)) +\n"
      "      texelFetch(arr[0], ivec2(0), 0) + vec4(textureSize(arr[0], 0), 0.0, 0.0) + texture(plain, vec2(0.0));\n"
      "}\n";
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "external samplers");
  std::map<std::string, uint32_t> types;
  for (const Uniform& u : r.interface.uniforms) types[u.name] = u.type;
  EXPECT_EQ(types["st.e"], gl::SAMPLER_EXTERNAL_OES);
  EXPECT_EQ(types["arr[0]"], gl::SAMPLER_EXTERNAL_OES);
  EXPECT_EQ(types["plain"], gl::SAMPLER_2D);
  EXPECT_EQ(types["st.k"], gl::FLOAT);
}

TEST(ExternalSamplers, Essl100Functions) {
  const char* vs = "attribute vec4 p;\nvoid main() { gl_Position = p; }\n";
  const char* fs =
      "#extension GL_OES_EGL_image_external : require\n"
      "precision mediump float;\n"
      "uniform samplerExternalOES s;\n"
      "void main() { gl_FragColor = texture2D(s, vec2(0.5)) + texture2DProj(s, vec3(0.5)) +\n"
      "                             texture2DProj(s, vec4(0.5)); }\n";
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "ESSL 1.00 external sampler");
  ASSERT_EQ(r.interface.uniforms.size(), 1u);
  EXPECT_EQ(r.interface.uniforms[0].type, gl::SAMPLER_EXTERNAL_OES);
}

}  // namespace
}  // namespace brass::compiler::test
