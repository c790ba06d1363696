// Desktop programs with a tessellation evaluation shader and no control
// shader: the control stage Brass makes (passthrough_tess_control.h) is
// valid SPIR-V for every kind of evaluation input, its patch size follows
// the variant key, and the levels' place in the default block is reported.
#include "compiler/passthrough_tess_control.h"
#include "compiler/shader_cache.h"
#include "compiler/spirv_patch.h"
#include "compiler/variant_key.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

const char* kVs = R"(#version 150
in vec4 p;
out vec4 v;
out Block { vec2 a[2]; flat ivec3 b; } blk;
out float clip_input;
uniform float scale;
void main() {
  gl_Position = p * scale;
  gl_PointSize = 2.0;
  v = p;
  blk.a[0] = p.xy; blk.a[1] = p.zw; blk.b = ivec3(1);
  clip_input = 1.0;
})";
const char* kTes = R"(#version 150
#extension GL_ARB_tessellation_shader : require
layout(triangles) in;
in vec4 v[];
in Block { vec2 a[2]; flat ivec3 b; } blk[];
in float clip_input[];
out vec4 colour;
void main() {
  gl_Position = gl_in[0].gl_Position * gl_TessCoord.x + gl_in[1].gl_Position * gl_TessCoord.y +
                gl_in[2].gl_Position * gl_TessCoord.z;
  colour = v[1] + vec4(blk[2].a[1], float(blk[0].b.y), gl_in[1].gl_PointSize) + clip_input[0] +
           gl_TessLevelOuter[0] + gl_TessLevelInner[0] + float(gl_PatchVerticesIn);
})";
const char* kFs = R"(#version 150
in vec4 colour;
out vec4 c;
void main() { c = colour; })";

// The OpExecutionMode OutputVertices operand of a control stage, or 0.
uint32_t output_vertices(const std::vector<uint32_t>& spirv) {
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t count = spirv[i] >> 16, op = spirv[i] & 0xffff;
    if (op == spv::OpExecutionMode && count >= 4 && spirv[i + 2] == spv::ExecutionModeOutputVertices)
      return spirv[i + 3];
    i += count ? count : 1;
  }
  return 0;
}

TEST(PassthroughTessControl, DesktopProgramGetsAControlStage) {
  const LinkResult r =
      link(Api::GL, {{ShaderStage::Vertex, kVs}, {ShaderStage::TessEval, kTes}, {ShaderStage::Fragment, kFs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.stages.size(), 4u);
  EXPECT_EQ(r.stages[1].stage, ShaderStage::TessControl);
  EXPECT_EQ(output_vertices(r.stages[1].spirv), 3u);
  expect_valid_spirv(r, "pass-through");
  EXPECT_TRUE(r.interface.passthrough_tess_control);
  // The levels after the application's uniform (`scale`), 16-aligned, and
  // a default block of the control stage bound for them.
  const Uniform* scale = find_uniform(r.interface, "scale");
  ASSERT_TRUE(scale);
  EXPECT_EQ(r.interface.patch_levels_offset, 16);
  EXPECT_EQ(r.interface.default_block_size, 48u);
  bool bound = false;
  for (const Binding& b : r.interface.bindings)
    bound = bound || (b.set == kSetDefaultUniforms && b.stages == stage_bit(ShaderStage::TessControl));
  EXPECT_TRUE(bound);
  // The stage's queries are not the program's: no layout(vertices).
  EXPECT_EQ(r.interface.tess_control_output_vertices, 0u);

  // Other patch sizes.
  VariantKey key;
  key.patch_vertices = 7;
  const std::vector<uint32_t> seven = apply_variant(r.stages[1], key, ShaderStage::TessEval);
  EXPECT_EQ(output_vertices(seven), 7u);
  std::string err;
  EXPECT_TRUE(validate_spirv(seven, VulkanEnv::Vulkan1_3, &err)) << err;
  // Other stages are left alone, and other modules are not patched.
  EXPECT_EQ(apply_variant(r.stages[2], key, ShaderStage::TessEval), r.stages[2].spirv);
  std::vector<uint32_t> tes = r.stages[2].spirv;
  EXPECT_FALSE(set_passthrough_patch_vertices(tes, 5));

  // Through the cache.
  const std::optional<LinkResult> back = deserialize_link_result(serialize_link_result(r));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->interface, r.interface);
}

TEST(PassthroughTessControl, NotForSeparablePrograms) {
  // Separable desktop programs keep what they were given (a pipeline may
  // take another program's control stage).
  LinkInput separable;
  separable.api = Api::GL;
  separable.separable = true;
  separable.shaders = {{ShaderStage::Vertex, kVs}, {ShaderStage::TessEval, kTes}};
  const LinkResult s = link_program(separable);
  ASSERT_TRUE(s.ok) << s.info_log;
  EXPECT_FALSE(s.interface.passthrough_tess_control);
  EXPECT_EQ(s.stages.size(), 2u);
  EXPECT_EQ(s.interface.patch_levels_offset, -1);
}

}  // namespace
}  // namespace brass::compiler::test
