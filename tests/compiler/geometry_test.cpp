// The geometry stage: its layout in the program interface (and through the
// cache), the extension directive in ESSL 3.10, and the rewrites that must
// store outputs before every EmitVertex (point size, transform feedback
// copies, disabled clip distances) and only in the last pre-rasterization
// stage.
#include <regex>

#include "compiler/gl_types.h"
#include "compiler/variant_key.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

const char* kVs = "#version 310 es\nin vec4 p;\nout vec4 v;\nvoid main() { gl_Position = p; v = p; }\n";
const char* kFs = "#version 310 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
// Two vertices per input point, each emitted in a loop: patches must go
// before the one OpEmitVertex of the loop body, not once per shader.
const char* kGs = R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(points, invocations = 2) in;
layout(points, max_vertices = 2) out;
in vec4 v[];
out float captured;
void main() {
  for (int i = 0; i < 2; ++i) {
    captured = v[0].x + float(i);
    gl_Position = gl_in[0].gl_Position;
    EmitVertex();
  }
  EndPrimitive();
})";

// Opcodes in order, and the instructions right before each OpEmitVertex.
struct Scan {
  int emits = 0;
  int stores_before_emit = 0;  // OpStores in the run of stores/chains just before an emit
  bool xfb_mode = false;
};

Scan scan_emits(const std::vector<uint32_t>& spirv) {
  Scan s;
  std::vector<uint32_t> ops;
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t count = spirv[i] >> 16, op = spirv[i] & 0xffff;
    if (op == spv::OpExecutionMode && count >= 3 && spirv[i + 2] == spv::ExecutionModeXfb) s.xfb_mode = true;
    if (op == spv::OpEmitVertex) {
      ++s.emits;
      for (auto it = ops.rbegin(); it != ops.rend(); ++it) {
        if (*it == spv::OpStore) ++s.stores_before_emit;
        else if (*it != spv::OpAccessChain && *it != spv::OpLoad) break;
      }
    }
    ops.push_back(op);
    i += count ? count : 1;
  }
  return s;
}

TEST(Geometry, LayoutIsReported) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs}, {ShaderStage::Geometry, kGs}, {ShaderStage::Fragment, kFs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_EQ(r.interface.geometry_input_type, gl::POINTS);
  EXPECT_EQ(r.interface.geometry_output_type, gl::POINTS);
  EXPECT_EQ(r.interface.geometry_vertices_out, 2u);
  EXPECT_EQ(r.interface.geometry_invocations, 2u);
  ASSERT_EQ(r.stages.size(), 3u);
  EXPECT_EQ(r.stages[1].stage, ShaderStage::Geometry);

  const char* tri = R"(#version 310 es
#extension GL_OES_geometry_shader : require
layout(triangles_adjacency) in;
layout(line_strip, max_vertices = 5) out;
void main() { gl_Position = gl_in[4].gl_Position; EmitVertex(); })";
  const LinkResult t = link(Api::GLES, {{ShaderStage::Vertex, kVs}, {ShaderStage::Geometry, tri}, {ShaderStage::Fragment, kFs}});
  ASSERT_TRUE(t.ok) << t.info_log;
  EXPECT_EQ(t.interface.geometry_input_type, gl::TRIANGLES_ADJACENCY);
  EXPECT_EQ(t.interface.geometry_output_type, gl::LINE_STRIP);
  EXPECT_EQ(t.interface.geometry_vertices_out, 5u);
  EXPECT_EQ(t.interface.geometry_invocations, 1u);
  // Programs without the stage report nothing.
  const LinkResult plain = link(Api::GLES, {{ShaderStage::Vertex, kVs}, {ShaderStage::Fragment, kFs}});
  ASSERT_TRUE(plain.ok) << plain.info_log;
  EXPECT_EQ(plain.interface.geometry_vertices_out, 0u);
}

TEST(Geometry, ExtensionDirectiveAndExposure) {
  const std::string without = std::string("#version 310 es\n") + (kGs + std::string(kGs).find("layout"));
  EXPECT_FALSE(compile_shader({ShaderStage::Geometry, without}).ok) << "ESSL 3.10 needs the directive";
  EXPECT_TRUE(compile_shader({ShaderStage::Geometry, kGs}).ok);
  CompileOptions hidden;
  hidden.unexposed_extensions = {"GL_EXT_geometry_shader", "GL_OES_geometry_shader"};
  const CompileResult r = compile_shader({ShaderStage::Geometry, kGs}, hidden);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("GL_EXT_geometry_shader"), std::string::npos) << r.info_log;
  // ESSL 3.20 has the stage in core, where the context allows 3.20.
  const std::string es320 = "#version 320 es\n" + std::string(kGs).substr(std::string(kGs).find("layout"));
  EXPECT_TRUE(compile_shader({ShaderStage::Geometry, es320}).ok);
  CompileOptions es31;
  es31.limits.max_es_version = 310;
  EXPECT_FALSE(compile_shader({ShaderStage::Geometry, es320}, es31).ok);
}

TEST(Geometry, LimitsReachTheBuiltInConstants) {
  CompileOptions o;
  o.limits.max_geometry_output_vertices = 300;
  const char* gs = R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(points) in;
layout(points, max_vertices = 1) out;
void main() { int n[gl_MaxGeometryOutputVertices == 300 ? 1 : -1]; gl_Position = vec4(n.length()); EmitVertex(); })";
  EXPECT_TRUE(compile_shader({ShaderStage::Geometry, gs}, o).ok);
  o.limits.max_geometry_output_vertices = 256;
  EXPECT_FALSE(compile_shader({ShaderStage::Geometry, gs}, o).ok);
}

TEST(Geometry, TransformFeedbackCopiesStoredBeforeEachEmit) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, kVs}, {ShaderStage::Geometry, kGs}, {ShaderStage::Fragment, kFs}};
  in.transform_feedback_varyings = {"captured"};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.interface.transform_feedback.size(), 1u);
  const Scan vs = scan_emits(r.stages[0].spirv), gs = scan_emits(r.stages[1].spirv);
  EXPECT_FALSE(vs.xfb_mode) << "the geometry stage is the one captured";
  EXPECT_TRUE(gs.xfb_mode);
  EXPECT_EQ(gs.emits, 1);
  for (VulkanEnv env : {VulkanEnv::Vulkan1_2, VulkanEnv::Vulkan1_3}) {
    std::string err;
    EXPECT_TRUE(validate_spirv(r.stages[1].spirv, env, &err)) << err;
  }
}

TEST(Geometry, PointSizeVariantPatchesTheLastStageBeforeEachEmit) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs}, {ShaderStage::Geometry, kGs}, {ShaderStage::Fragment, kFs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  VariantKey key;
  key.force_point_size = 1;
  // The vertex stage is not what the rasterizer reads.
  EXPECT_EQ(apply_variant(r.stages[0], key, ShaderStage::Geometry), r.stages[0].spirv);
  const std::vector<uint32_t> gs = apply_variant(r.stages[1], key, ShaderStage::Geometry);
  ASSERT_NE(gs, r.stages[1].spirv);
  const Scan before = scan_emits(r.stages[1].spirv), after = scan_emits(gs);
  EXPECT_EQ(after.emits, 1);
  EXPECT_EQ(after.stores_before_emit, before.stores_before_emit + 1) << "1.0 stored right before the emit";
  for (VulkanEnv env : {VulkanEnv::Vulkan1_2, VulkanEnv::Vulkan1_3}) {
    std::string err;
    EXPECT_TRUE(validate_spirv(gs, env, &err)) << err;
  }
  // Without a geometry stage the vertex stage is patched, as before.
  EXPECT_NE(apply_variant(r.stages[0], key, ShaderStage::Vertex), r.stages[0].spirv);
}

TEST(Geometry, IoBlocksBetweenStages) {
  const char* vs = R"(#version 310 es
#extension GL_EXT_shader_io_blocks : require
in vec4 p;
out Block { vec4 color; flat int id; } vout;
void main() { gl_Position = p; vout.color = p; vout.id = 3; })";
  const char* gs = R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in Block { vec4 color; flat int id; } gin[];
out Block { vec4 color; flat int id; } gout;
void main() {
  for (int i = 0; i < 3; ++i) {
    gout.color = gin[i].color;
    gout.id = gin[i].id + gl_PrimitiveIDIn;
    gl_Position = gl_in[i].gl_Position;
    gl_Layer = gin[i].id;
    EmitVertex();
  }
})";
  const char* fs = R"(#version 310 es
#extension GL_EXT_shader_io_blocks : require
#extension GL_EXT_geometry_shader : require
precision mediump float;
in Block { vec4 color; flat int id; } fin;
out vec4 c;
void main() { c = fin.color * float(fin.id + gl_PrimitiveID); })";
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Geometry, gs}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  // A mismatched member fails the link.
  const std::string bad = std::regex_replace(std::string(fs), std::regex("flat int id"), "flat uint id");
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Geometry, gs}, {ShaderStage::Fragment, bad}}).ok);
}

TEST(Geometry, ProgramNeedsAVertexShaderUnlessSeparable) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Geometry, kGs}, {ShaderStage::Fragment, kFs}});
  EXPECT_FALSE(r.ok);
  LinkInput in;
  in.api = Api::GLES;
  in.separable = true;
  in.shaders = {{ShaderStage::Geometry, kGs}};
  const LinkResult sep = link_program(in);
  EXPECT_TRUE(sep.ok) << sep.info_log;
}

}  // namespace
}  // namespace brass::compiler::test
