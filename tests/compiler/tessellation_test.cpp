// The tessellation stages: their layouts in the program interface (and
// through the cache), `patch` variables reported per patch, the extension
// directive in ESSL 3.10, limits as gl_MaxTess* constants, link rules, and
// the rewrites that belong to the last pre-rasterization stage (transform
// feedback, point size) landing in the evaluation shader.
#include <tuple>
#include <utility>

#include "compiler/gl_types.h"
#include "compiler/shader_cache.h"
#include "compiler/variant_key.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

const char* kVs = "#version 310 es\nin vec4 p;\nout vec4 v;\nvoid main() { gl_Position = p; v = p; }\n";
const char* kFs = "#version 310 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
const char* kTcs = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 4) out;
in vec4 v[];
out vec4 tv[];
patch out vec4 centre;
void main() {
  tv[gl_InvocationID] = v[gl_InvocationID];
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  barrier();
  if (gl_InvocationID == 0) {
    centre = (tv[0] + tv[1] + tv[2] + tv[3]) * 0.25;
    gl_TessLevelOuter[0] = 2.0; gl_TessLevelOuter[1] = 2.0;
    gl_TessLevelOuter[2] = 2.0; gl_TessLevelOuter[3] = 2.0;
    gl_TessLevelInner[0] = 2.0; gl_TessLevelInner[1] = 2.0;
  }
})";
const char* kTes = R"(#version 310 es
#extension GL_OES_tessellation_shader : require
layout(quads, fractional_odd_spacing, cw, point_mode) in;
in vec4 tv[];
patch in vec4 centre;
out float captured;
void main() {
  vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);
  vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);
  gl_Position = mix(a, b, gl_TessCoord.y);
  captured = centre.x + tv[0].y + float(gl_PatchVerticesIn);
})";
// The defaults: triangles only.
const char* kTriangleTes = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(triangles) in;
void main() {
  gl_Position = gl_TessCoord.x * gl_in[0].gl_Position + gl_TessCoord.y * gl_in[1].gl_Position +
                gl_TessCoord.z * gl_in[2].gl_Position;
})";
const char* kTriangleTcs = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 3) out;
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0; gl_TessLevelOuter[2] = 1.0;
  gl_TessLevelInner[0] = 1.0;
})";

bool has_xfb_mode(const std::vector<uint32_t>& spirv) {
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t count = spirv[i] >> 16, op = spirv[i] & 0xffff;
    if (op == spv::OpExecutionMode && count >= 3 && spirv[i + 2] == spv::ExecutionModeXfb) return true;
    i += count ? count : 1;
  }
  return false;
}

TEST(Tessellation, LayoutIsReported) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs},
                                        {ShaderStage::TessControl, kTcs},
                                        {ShaderStage::TessEval, kTes},
                                        {ShaderStage::Fragment, kFs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_EQ(r.interface.tess_control_output_vertices, 4u);
  EXPECT_EQ(r.interface.tess_gen_mode, gl::QUADS);
  EXPECT_EQ(r.interface.tess_gen_spacing, gl::FRACTIONAL_ODD);
  EXPECT_EQ(r.interface.tess_gen_vertex_order, gl::CW);
  EXPECT_EQ(r.interface.tess_gen_point_mode, 1u);
  ASSERT_EQ(r.stages.size(), 4u);
  EXPECT_EQ(r.stages[1].stage, ShaderStage::TessControl);
  EXPECT_EQ(r.stages[2].stage, ShaderStage::TessEval);

  const LinkResult t = link(Api::GLES, {{ShaderStage::Vertex, kVs},
                                        {ShaderStage::TessControl, kTriangleTcs},
                                        {ShaderStage::TessEval, kTriangleTes},
                                        {ShaderStage::Fragment, kFs}});
  ASSERT_TRUE(t.ok) << t.info_log;
  EXPECT_EQ(t.interface.tess_control_output_vertices, 3u);
  EXPECT_EQ(t.interface.tess_gen_mode, gl::TRIANGLES);
  EXPECT_EQ(t.interface.tess_gen_spacing, gl::EQUAL);
  EXPECT_EQ(t.interface.tess_gen_vertex_order, gl::CCW);
  EXPECT_EQ(t.interface.tess_gen_point_mode, 0u);

  // Through the cache: the layout survives serialization.
  const std::optional<LinkResult> back = deserialize_link_result(serialize_link_result(r));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->interface, r.interface);

  const LinkResult plain = link(Api::GLES, {{ShaderStage::Vertex, kVs}, {ShaderStage::Fragment, kFs}});
  ASSERT_TRUE(plain.ok) << plain.info_log;
  EXPECT_EQ(plain.interface.tess_gen_mode, 0u);
  EXPECT_EQ(plain.interface.tess_control_output_vertices, 0u);
}

TEST(Tessellation, PatchVariablesArePerPatch) {
  // A separable control stage's outputs and evaluation stage's inputs are
  // the program's; `patch` ones say so (GL_IS_PER_PATCH).
  LinkInput in;
  in.api = Api::GLES;
  in.separable = true;
  in.shaders = {{ShaderStage::TessControl, kTcs}};
  const LinkResult tcs = link_program(in);
  ASSERT_TRUE(tcs.ok) << tcs.info_log;
  bool saw_patch = false, saw_vertex = false;
  for (const InterfaceVariable& o : tcs.interface.fragment_outputs) {
    if (o.name == "centre") saw_patch = o.per_patch;
    if (o.name == "tv[0]") saw_vertex = !o.per_patch;
  }
  EXPECT_TRUE(saw_patch);
  EXPECT_TRUE(saw_vertex);
  in.shaders = {{ShaderStage::TessEval, kTes}};
  const LinkResult tes = link_program(in);
  ASSERT_TRUE(tes.ok) << tes.info_log;
  saw_patch = false;
  for (const InterfaceVariable& i : tes.interface.attributes)
    if (i.name == "centre") saw_patch = i.per_patch;
  EXPECT_TRUE(saw_patch);
  // A program ending at the evaluation stage outputs the position it writes.
  bool position = false;
  for (const InterfaceVariable& o : tes.interface.builtin_outputs) position = position || o.name == "gl_Position";
  EXPECT_TRUE(position);
}

// `patch out float w[3]` in the control shader against the same `patch in`
// in the evaluation shader links (glslang 12 reports a size mismatch there
// by stripping a per-vertex dimension patch variables do not have); a real
// size mismatch still fails.
TEST(Tessellation, PatchArraysLinkAcrossTheStages) {
  auto tcs = [](int n) {
    return std::string(R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 3) out;
patch out highp float w[)") + std::to_string(n) + R"(];
void main() {
  for (int i = 0; i < )" + std::to_string(n) + R"(; ++i) w[i] = float(i);
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0; gl_TessLevelOuter[2] = 1.0;
  gl_TessLevelInner[0] = 1.0;
})";
  };
  const char* tes = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(triangles) in;
patch in highp float w[3];
void main() { gl_Position = gl_in[0].gl_Position * (w[0] + w[1] + w[2]); })";
  const LinkResult ok = link(Api::GLES, {{ShaderStage::Vertex, kVs}, {ShaderStage::TessControl, tcs(3)},
                                         {ShaderStage::TessEval, tes}, {ShaderStage::Fragment, kFs}});
  EXPECT_TRUE(ok.ok) << ok.info_log;
  const LinkResult bad = link(Api::GLES, {{ShaderStage::Vertex, kVs}, {ShaderStage::TessControl, tcs(4)},
                                          {ShaderStage::TessEval, tes}, {ShaderStage::Fragment, kFs}});
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.info_log.find("'w'"), std::string::npos) << bad.info_log;
}

TEST(Tessellation, ExtensionDirectiveAndExposure) {
  const std::string body = std::string(kTriangleTes).substr(std::string(kTriangleTes).find("layout"));
  EXPECT_FALSE(compile_shader({ShaderStage::TessEval, "#version 310 es\n" + body}).ok)
      << "ESSL 3.10 needs the directive";
  EXPECT_TRUE(compile_shader({ShaderStage::TessEval, kTriangleTes}).ok);
  EXPECT_TRUE(compile_shader({ShaderStage::TessControl, kTcs}).ok) << "barrier() in the control stage";
  CompileOptions hidden;
  hidden.unexposed_extensions = {"GL_EXT_tessellation_shader", "GL_OES_tessellation_shader"};
  const CompileResult r = compile_shader({ShaderStage::TessEval, kTriangleTes}, hidden);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("GL_EXT_tessellation_shader"), std::string::npos) << r.info_log;
  // ESSL 3.20 has the stages in core.
  EXPECT_TRUE(compile_shader({ShaderStage::TessEval, "#version 320 es\n" + body}).ok);
}

// 'precise' (which keeps shared patch edges bit-identical) is
// EXT_gpu_shader5's, which EXT_tessellation_shader requires, and core in
// ESSL 3.20; ESSL 3.10 with the tessellation extension alone lacks it.
TEST(Tessellation, PreciseQualifier) {
  const std::string body = R"(
layout(triangles) in;
precise gl_Position;
precise out vec4 weights;
void main() {
  weights = vec4(gl_TessCoord, 1.0);
  gl_Position = gl_TessCoord.x * gl_in[0].gl_Position + gl_TessCoord.y * gl_in[1].gl_Position +
                gl_TessCoord.z * gl_in[2].gl_Position;
})";
  const CompileResult es320 = compile_shader({ShaderStage::TessEval, "#version 320 es\n" + body});
  EXPECT_TRUE(es320.ok) << es320.info_log;
  const CompileResult gpu_shader5 = compile_shader(
      {ShaderStage::TessEval, "#version 310 es\n#extension GL_EXT_tessellation_shader : require\n"
                              "#extension GL_EXT_gpu_shader5 : require\n" + body});
  EXPECT_TRUE(gpu_shader5.ok) << gpu_shader5.info_log;
  EXPECT_FALSE(
      compile_shader({ShaderStage::TessEval, "#version 310 es\n#extension GL_EXT_tessellation_shader : require\n" + body})
          .ok);
}

TEST(Tessellation, LimitsReachTheBuiltInConstants) {
  CompileOptions o;
  o.limits.max_tess_gen_level = 96;
  o.limits.max_patch_vertices = 40;
  const char* tcs = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 1) out;
void main() {
  int a[gl_MaxTessGenLevel == 96 ? 1 : -1];
  int b[gl_MaxPatchVertices == 40 ? 1 : -1];
  int c[gl_MaxTessPatchComponents >= 120 ? 1 : -1];
  gl_TessLevelOuter[0] = float(a.length() + b.length() + c.length());
})";
  EXPECT_TRUE(compile_shader({ShaderStage::TessControl, tcs}, o).ok);
  o.limits.max_tess_gen_level = 64;
  EXPECT_FALSE(compile_shader({ShaderStage::TessControl, tcs}, o).ok);
}

TEST(Tessellation, LinkRules) {
  // The control stage must say how many vertices it makes.
  const char* no_vertices = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
void main() { gl_TessLevelOuter[0] = 1.0; })";
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, kVs},
                                {ShaderStage::TessControl, no_vertices},
                                {ShaderStage::TessEval, kTriangleTes},
                                {ShaderStage::Fragment, kFs}})
                   .ok);
  // The evaluation stage must name a primitive mode.
  const char* no_mode = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(cw) in;
void main() { gl_Position = gl_in[0].gl_Position; })";
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, kVs},
                                {ShaderStage::TessControl, kTriangleTcs},
                                {ShaderStage::TessEval, no_mode},
                                {ShaderStage::Fragment, kFs}})
                   .ok);
  // An input no earlier stage writes.
  const char* reads_missing = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(triangles) in;
in vec4 missing[];
void main() { gl_Position = missing[0]; })";
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, kVs},
                                {ShaderStage::TessControl, kTriangleTcs},
                                {ShaderStage::TessEval, reads_missing},
                                {ShaderStage::Fragment, kFs}})
                   .ok);
  // Types must agree between the stages.
  const char* wrong_type = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 4) out;
in vec3 v[];
void main() { gl_out[gl_InvocationID].gl_Position = vec4(v[0], 1.0); gl_TessLevelOuter[0] = 1.0; })";
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, kVs},
                                {ShaderStage::TessControl, wrong_type},
                                {ShaderStage::TessEval, kTriangleTes},
                                {ShaderStage::Fragment, kFs}})
                   .ok);
}

TEST(Tessellation, EvaluationStageIsCapturedAndPatched) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, kVs},
                {ShaderStage::TessControl, kTcs},
                {ShaderStage::TessEval, kTes},
                {ShaderStage::Fragment, kFs}};
  in.transform_feedback_varyings = {"captured"};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.interface.transform_feedback.size(), 1u);
  EXPECT_FALSE(has_xfb_mode(r.stages[0].spirv));
  EXPECT_FALSE(has_xfb_mode(r.stages[1].spirv));
  EXPECT_TRUE(has_xfb_mode(r.stages[2].spirv)) << "the evaluation stage is the one captured";
  // The point size goes to the evaluation stage only.
  VariantKey key;
  key.force_point_size = 1;
  EXPECT_EQ(apply_variant(r.stages[0], key, ShaderStage::TessEval), r.stages[0].spirv);
  EXPECT_EQ(apply_variant(r.stages[1], key, ShaderStage::TessEval), r.stages[1].spirv);
  const std::vector<uint32_t> tes = apply_variant(r.stages[2], key, ShaderStage::TessEval);
  EXPECT_NE(tes, r.stages[2].spirv);
  for (VulkanEnv env : {VulkanEnv::Vulkan1_2, VulkanEnv::Vulkan1_3}) {
    std::string err;
    EXPECT_TRUE(validate_spirv(r.stages[2].spirv, env, &err)) << err;
    EXPECT_TRUE(validate_spirv(tes, env, &err)) << err;
  }
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

// Found by fuzz_glsl in its piglit seeds (arb_tessellation_shader, desktop
// compatibility profile): a control shader linked alone (separable) made a
// gl_PerVertex output block with members that had no BuiltIn decoration
// (gl_ClipVertex, gl_FrontColor, ...: glslang's compatibility gl_PerVertex),
// which spirv-val rejects. Every GLSL 1.50+ compatibility shader had them.
// Those the shader does not use are removed (builtin_block_trim.h); one it
// uses fails the link with its name, not with an internal error.
TEST(Tessellation, CompatibilityStagesLinkedAloneMakeValidSpirv) {
  const char* tcs = R"(#version 150 compatibility
#extension GL_ARB_tessellation_shader: require
layout(vertices = 3) out;
out vec4 color[];
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 0.0);
  gl_TessLevelInner = float[2](0.0, 0.0);
  color[gl_InvocationID] = vec4(0, 1, 0, 1);
})";
  const char* tes = R"(#version 150 compatibility
#extension GL_ARB_tessellation_shader: require
layout(triangles) in;
in vec4 color[];
out vec4 c;
void main() {
  gl_Position = gl_in[0].gl_Position * gl_TessCoord[0] + gl_in[1].gl_Position * gl_TessCoord[1] +
                gl_in[2].gl_Position * gl_TessCoord[2];
  gl_PointSize = gl_in[1].gl_PointSize;
  c = color[0];
})";
  const char* vs = R"(#version 150 compatibility
in vec4 p;
void main() { gl_Position = p; gl_ClipDistance[0] = p.x; })";
  const char* gs = R"(#version 150 compatibility
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
void main() {
  for (int i = 0; i < 3; ++i) { gl_Position = gl_in[i].gl_Position; EmitVertex(); }
})";
  const std::pair<ShaderStage, const char*> cases[] = {{ShaderStage::TessControl, tcs},
                                                       {ShaderStage::TessEval, tes},
                                                       {ShaderStage::Vertex, vs},
                                                       {ShaderStage::Geometry, gs}};
  for (const auto& [stage, source] : cases) {
    LinkInput in;
    in.api = Api::GL;
    in.separable = true;
    in.shaders = {{stage, source}};
    const LinkResult r = link_program(in);
    ASSERT_TRUE(r.ok) << r.info_log << source;
    ASSERT_EQ(r.stages.size(), 1u);
    expect_valid_spirv(r, source);
  }
}

TEST(Tessellation, CompatibilityOutputsInPerVertexBlocksAreALinkError) {
  const char* tes_clip_vertex = R"(#version 150 compatibility
#extension GL_ARB_tessellation_shader: require
layout(triangles) in;
void main() {
  gl_Position = gl_in[0].gl_Position * gl_TessCoord[0] + gl_in[1].gl_Position * gl_TessCoord[1] +
                gl_in[2].gl_Position * gl_TessCoord[2];
  gl_ClipVertex = gl_in[0].gl_ClipVertex * gl_TessCoord[0] + gl_in[1].gl_ClipVertex * gl_TessCoord[1] +
                  gl_in[2].gl_ClipVertex * gl_TessCoord[2];
})";
  const char* vs_front_color = R"(#version 150 compatibility
in vec4 p;
void main() { gl_Position = p; gl_FrontColor = p; })";
  const std::tuple<ShaderStage, const char*, const char*> cases[] = {
      {ShaderStage::TessEval, tes_clip_vertex, "gl_ClipVertex"}, {ShaderStage::Vertex, vs_front_color, "gl_FrontColor"}};
  for (const auto& [stage, source, name] : cases) {
    LinkInput in;
    in.api = Api::GL;
    in.separable = true;
    in.shaders = {{stage, source}};
    const LinkResult r = link_program(in);
    EXPECT_FALSE(r.ok) << source;
    EXPECT_NE(r.info_log.find(name), std::string::npos) << r.info_log;
    EXPECT_EQ(r.info_log.find("internal error"), std::string::npos) << r.info_log;
  }
}

}  // namespace
}  // namespace brass::compiler::test
