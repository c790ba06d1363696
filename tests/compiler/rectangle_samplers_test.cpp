// Rectangle samplers lowered to 2D (compiler/rectangle_samplers.h): no Rect
// image and no SampledRect capability is left, every function GLSL allows
// on rectangles gives valid Vulkan SPIR-V, and a 2D sampler of the same kind
// in the same shader shares the lowered type.
#include "compiler/spirv_module.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

const char* kVs = "#version 330 core\nin vec4 p;\nvoid main() { gl_Position = p; }\n";

bool has_rect(const std::vector<uint32_t>& spirv) {
  std::optional<SpirvModule> m = SpirvModule::parse(spirv);
  if (!m) return true;
  for (const SpirvInstruction& i : m->instructions) {
    if (i.opcode() == spv::OpTypeImage && i.operand(1) == static_cast<uint32_t>(spv::DimRect)) return true;
    if (i.opcode() == spv::OpCapability && i.operand(0) == static_cast<uint32_t>(spv::CapabilitySampledRect))
      return true;
  }
  return false;
}

TEST(RectangleSamplers, EveryRectangleFunctionLowersToValid2D) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, kVs},
                                      {ShaderStage::Fragment, R"(#version 400 core
uniform sampler2DRect t;
uniform sampler2DRectShadow s;
uniform isampler2DRect i;
uniform usampler2DRect u;
uniform sampler2D plain;
out vec4 c;
void main() {
  vec2 p = gl_FragCoord.xy;
  c = texture(t, p) + textureProj(t, vec3(p, 2.0)) + textureProj(t, vec4(p, 0.0, 2.0));
  c += textureOffset(t, p, ivec2(1, -1)) + textureGrad(t, p, vec2(1.0, 0.0), vec2(0.0, 1.0));
  c += texelFetch(t, ivec2(p)) + texelFetchOffset(t, ivec2(p), ivec2(1, 0));
  c += vec4(texture(s, vec3(p, 0.5)) + textureProj(s, vec4(p, 0.5, 2.0)));
  c += vec4(texelFetch(i, ivec2(p))) + vec4(texelFetch(u, ivec2(p)));
  c += textureGather(t, p) + textureGatherOffset(t, p, ivec2(1, 1)) + textureGather(s, p, 0.5);
  c += vec4(textureSize(t), textureSize(u)) + texture(plain, p);
})"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  for (const StageBinary& s : r.stages) EXPECT_FALSE(has_rect(s.spirv));
  expect_valid_spirv(r, "rectangle samplers");
}

// GLSL 1.40-3.30 keep shadow2DRect and the other shadow lookups, which
// glslang gives only to older versions: they go through Brass's helpers.
TEST(RectangleSamplers, ShadowLookupsOfGlsl140) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, "#version 140\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
                                      {ShaderStage::Fragment, R"(#version 140
uniform sampler2DRectShadow tex;
uniform sampler2DShadow plane;
out vec4 c;
void main() {
  c = shadow2DRect(tex, vec3(gl_FragCoord.xy, 0.5)) + shadow2DRectProj(tex, vec4(gl_FragCoord.xy, 0.5, 1.0)) +
      shadow2D(plane, vec3(0.5));
})"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  bool found = false;
  for (const Uniform& u : r.interface.uniforms) found = found || u.name == "tex";
  EXPECT_TRUE(found);
  for (const StageBinary& s : r.stages) EXPECT_FALSE(has_rect(s.spirv));
  expect_valid_spirv(r, "GLSL 1.40 shadow lookups");
}

TEST(RectangleSamplers, ShaderWithoutRectanglesStaysValid) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, kVs},
                                      {ShaderStage::Fragment, "#version 330 core\nuniform sampler2D t;\nout vec4 c;\n"
                                                              "void main() { c = texture(t, vec2(0.5)); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "2D only");
}

}  // namespace
}  // namespace brass::compiler::test
