// ARB_shader_group_vote (GL 4.6 core as anyInvocation & co.) for Vulkan.
// glslang turns anyInvocationARB / allInvocationsARB /
// allInvocationsEqualARB into SPV_KHR_subgroup_vote's OpSubgroup*KHR,
// which Vulkan takes only with VK_EXT_shader_subgroup_vote. Vulkan 1.1 has
// the same votes as OpGroupNonUniformAny/All/AllEqual on a subgroup, where
// the device lists the stage in subgroupSupportedStages.
//
// The extension leaves the set of invocations that vote together to the
// implementation ("implementation-dependent ... no guarantee over how
// individual shader invocations are assigned to such sets"), so a stage
// without subgroup votes votes in sets of one invocation: any(v) and
// all(v) are v, allEqual(v) is true.
#pragma once

#include <cstdint>
#include <vector>

namespace brass::compiler {

// Rewrites every OpSubgroup{Any,All,AllEqual}KHR of `spirv`: into the
// subgroup's OpGroupNonUniform vote where `subgroup_votes`, else into the
// value of a set of one. Drops the SubgroupVoteKHR capability and the
// SPV_KHR_subgroup_vote extension. False for a malformed module (left as
// it was).
bool lower_subgroup_vote(std::vector<uint32_t>& spirv, bool subgroup_votes);

}  // namespace brass::compiler
