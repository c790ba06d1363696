// GL 4.6's shader-function extensions in the compiler: group votes
// (subgroup_vote.h), atomic counter operations (gl46_function_versions.h)
// and gl_BaseVertex's variant (draw_parameters.h). Every module must
// validate for Vulkan.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "compiler/draw_parameters.h"
#include "compiler/gl46_function_versions.h"
#include "compiler/glsl_version.h"
#include "compiler/spirv_module.h"
#include "compiler/variant_key.h"
#include "test_helpers.h"

namespace brass::compiler {
namespace {

bool has_opcode(const std::vector<uint32_t>& spirv, spv::Op op) {
  const auto m = SpirvModule::parse(spirv);
  if (!m) return false;
  for (const SpirvInstruction& inst : m->instructions)
    if (inst.opcode() == op) return true;
  return false;
}

LinkResult link_with(ShaderLimits limits, std::vector<ShaderSource> shaders) {
  LinkInput in;
  in.api = Api::GL;
  in.limits = limits;
  in.shaders = std::move(shaders);
  return link_program(in);
}

constexpr const char* kVoteCompute = R"(#version 150
#extension GL_ARB_compute_shader : require
#extension GL_ARB_shader_storage_buffer_object : require
#extension GL_ARB_shader_group_vote : require
layout(local_size_x = 8) in;
layout(std430, binding = 0) buffer B { uint v[]; };
void main() {
  bool b = v[gl_LocalInvocationIndex] != 0u;
  v[gl_LocalInvocationIndex] = uint(anyInvocationARB(b)) + 2u * uint(allInvocationsARB(b)) +
                               4u * uint(allInvocationsEqualARB(b));
})";

TEST(Gl46ShaderFunctions, GroupVotesAreSubgroupVotesWhereTheStageVotes) {
  ShaderLimits limits;
  limits.subgroup_vote_stages = 1 << static_cast<int>(ShaderStage::Compute);
  const LinkResult r = link_with(limits, {{ShaderStage::Compute, kVoteCompute}});
  ASSERT_TRUE(r.ok) << r.info_log;
  test::expect_valid_spirv(r, "subgroup votes");
  ASSERT_EQ(r.stages.size(), 1u);
  EXPECT_TRUE(has_opcode(r.stages[0].spirv, spv::OpGroupNonUniformAny));
  EXPECT_TRUE(has_opcode(r.stages[0].spirv, spv::OpGroupNonUniformAll));
  EXPECT_TRUE(has_opcode(r.stages[0].spirv, spv::OpGroupNonUniformAllEqual));
  EXPECT_FALSE(has_opcode(r.stages[0].spirv, spv::OpSubgroupAnyKHR));
}

TEST(Gl46ShaderFunctions, GroupVotesAreOfOneInvocationElsewhere) {
  const LinkResult r = link_with(ShaderLimits{}, {{ShaderStage::Compute, kVoteCompute}});
  ASSERT_TRUE(r.ok) << r.info_log;
  test::expect_valid_spirv(r, "votes of one");
  ASSERT_EQ(r.stages.size(), 1u);
  for (spv::Op op : {spv::OpGroupNonUniformAny, spv::OpGroupNonUniformAll, spv::OpGroupNonUniformAllEqual,
                     spv::OpSubgroupAnyKHR, spv::OpSubgroupAllKHR, spv::OpSubgroupAllEqualKHR})
    EXPECT_FALSE(has_opcode(r.stages[0].spirv, op)) << op;
  const auto m = SpirvModule::parse(r.stages[0].spirv);
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->has_capability(spv::CapabilitySubgroupVoteKHR));
}

TEST(Gl46ShaderFunctions, GroupVoteSourcesBelow430AreCompiledAs430) {
  const std::string v150 = "#version 150\n#extension GL_ARB_shader_group_vote : enable\n"
                           "void main() { bool b = anyInvocationARB(true); }\n";
  const GlslVersion declared = detect_glsl_version(v150, Api::GL);
  EXPECT_EQ(with_desktop_group_vote_version(v150, declared, {}).rfind("#version 430\n", 0), 0u);
  EXPECT_EQ(with_desktop_group_vote_version(v150, declared, {"GL_ARB_shader_group_vote"}), v150) << "unexposed";
  const std::string no_call = "#version 150\n#extension GL_ARB_shader_group_vote : enable\nvoid main() {}\n";
  EXPECT_EQ(with_desktop_group_vote_version(no_call, detect_glsl_version(no_call, Api::GL), {}), no_call);
}

TEST(Gl46ShaderFunctions, AtomicCounterOpsAreRenamedAndCompiledAs460) {
  const std::string src = "#version 140\n#extension GL_ARB_shader_atomic_counters : require\n"
                          "#extension GL_ARB_shader_atomic_counter_ops : require\n"
                          "layout(binding = 0) uniform atomic_uint c;\n"
                          "void main() { atomicCounterAddARB(c, 1u); atomicCounterCompSwapARB(c, 1u, 2u); }\n";
  const std::string out = with_atomic_counter_ops_names(src, detect_glsl_version(src, Api::GL), {});
  EXPECT_EQ(out.rfind("#version 460\n", 0), 0u);
  EXPECT_EQ(out.find("ARB("), std::string::npos);
  EXPECT_NE(out.find("atomicCounterAdd(c, 1u)"), std::string::npos);
  EXPECT_NE(out.find("atomicCounterCompSwap(c, 1u, 2u)"), std::string::npos);
  // The same line count: the info log's line numbers stay the source's.
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(src.begin(), src.end(), '\n'));

  const LinkResult r = link_with(ShaderLimits{}, {{ShaderStage::Compute, R"(#version 150
#extension GL_ARB_compute_shader : require
#extension GL_ARB_shader_atomic_counters : require
#extension GL_ARB_shader_atomic_counter_ops : require
layout(local_size_x = 4) in;
layout(binding = 0, offset = 0) uniform atomic_uint c;
void main() {
  atomicCounterAddARB(c, 2u); atomicCounterSubtractARB(c, 1u); atomicCounterMinARB(c, 1u);
  atomicCounterMaxARB(c, 1u); atomicCounterAndARB(c, 1u); atomicCounterOrARB(c, 1u);
  atomicCounterXorARB(c, 1u); atomicCounterExchangeARB(c, 1u); atomicCounterCompSwapARB(c, 1u, 2u);
})"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  test::expect_valid_spirv(r, "counter ops");
  ASSERT_EQ(r.stages.size(), 1u);
  for (spv::Op op : {spv::OpAtomicIAdd, spv::OpAtomicISub, spv::OpAtomicUMin, spv::OpAtomicUMax, spv::OpAtomicAnd,
                     spv::OpAtomicOr, spv::OpAtomicXor, spv::OpAtomicExchange, spv::OpAtomicCompareExchange})
    EXPECT_TRUE(has_opcode(r.stages[0].spirv, op)) << op;
}

TEST(Gl46ShaderFunctions, BaseVertexVariantReadsZero) {
  const LinkResult r = link_with(ShaderLimits{}, {{ShaderStage::Vertex, R"(#version 330
#extension GL_ARB_shader_draw_parameters : require
flat out int v;
void main() { v = gl_BaseVertexARB + gl_DrawIDARB; gl_Position = vec4(float(gl_BaseInstanceARB)); })"},
                                                  {ShaderStage::Fragment, R"(#version 330
flat in int v;
out vec4 c;
void main() { c = vec4(v); })"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  test::expect_valid_spirv(r, "draw parameters");
  const StageBinary& vs = r.stages[0];
  ASSERT_EQ(vs.stage, ShaderStage::Vertex);
  EXPECT_TRUE(reads_base_vertex(vs.spirv));
  EXPECT_TRUE(reads_draw_index(vs.spirv));
  VariantKey key;
  key.base_vertex_zero = 1;
  const std::vector<uint32_t> zeroed = apply_variant(vs, key, ShaderStage::Vertex);
  EXPECT_FALSE(reads_base_vertex(zeroed));
  EXPECT_TRUE(reads_draw_index(zeroed));
  std::string err;
  EXPECT_TRUE(validate_spirv(zeroed, VulkanEnv::Vulkan1_2, &err)) << err;
}

}  // namespace
}  // namespace brass::compiler
