// GL_PROGRAM_INPUT / GL_PROGRAM_OUTPUT of separable programs (ES 3.1
// §7.3.1.1): interface-block members by GL's names and locations, and the
// built-ins the first stage reads and the last stage writes.
#include <map>
#include <set>

#include "compiler/gl_types.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

LinkResult link_separable(std::vector<ShaderSource> shaders) {
  LinkInput in;
  in.api = Api::GLES;
  in.separable = true;
  in.shaders = std::move(shaders);
  return link_program(in);
}

std::map<std::string, InterfaceVariable> by_name(const std::vector<InterfaceVariable>& a,
                                                 const std::vector<InterfaceVariable>& b) {
  std::map<std::string, InterfaceVariable> out;
  for (const std::vector<InterfaceVariable>* list : {&a, &b})
    for (const InterfaceVariable& v : *list) out[v.name] = v;
  return out;
}

std::set<std::string> names(const std::map<std::string, InterfaceVariable>& m) {
  std::set<std::string> out;
  for (const auto& [name, v] : m) out.insert(name);
  return out;
}

// Members of input blocks: "Block.member" with an instance name, "member"
// without; locations follow the block's layout(location) member by member.
TEST(ProgramIo, FragmentInputBlockMembers) {
  const LinkResult r = link_separable({{ShaderStage::Fragment, R"(#version 310 es
#extension GL_EXT_shader_io_blocks : require
precision highp float;
struct S { vec2 x; mat2 m; };
in Named { flat highp vec3 target; vec4 arr[2]; } inst;
layout(location = 3) in Located { vec4 a; S s; layout(location = 9) float b; } loc;
in Unnamed { vec4 bare; };
out vec4 color;
void main() { color = vec4(inst.target, 1.0) + inst.arr[1] + loc.a + vec4(loc.s.x, loc.s.m[1]) + vec4(loc.b) + bare; }
)"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const auto in = by_name(r.interface.attributes, r.interface.builtin_inputs);
  EXPECT_EQ(names(in), (std::set<std::string>{"Named.target", "Named.arr[0]", "Located.a", "Located.s.x",
                                              "Located.s.m", "Located.b", "bare"}));
  if (in.size() != 7) return;
  EXPECT_EQ(in.at("Named.target").type, gl::FLOAT_VEC3);
  EXPECT_EQ(in.at("Named.target").location, -1);
  EXPECT_EQ(in.at("Named.arr[0]").array_size, 2);
  EXPECT_EQ(in.at("Located.a").location, 3);
  EXPECT_EQ(in.at("Located.s.x").location, 4);
  EXPECT_EQ(in.at("Located.s.m").location, 5);
  EXPECT_EQ(in.at("Located.s.m").type, gl::FLOAT_MAT2);
  EXPECT_EQ(in.at("Located.b").location, 9);
  EXPECT_EQ(in.at("bare").location, -1);
}

// The first stage's built-in inputs and the last stage's built-in outputs
// are resources too, gl_in[] / gl_out[] members named by their block.
TEST(ProgramIo, TessellationBuiltinsAndPatchBlocks) {
  const LinkResult tcs = link_separable({{ShaderStage::TessControl, R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(vertices = 3) out;
layout(location = 2) patch out Patch { vec4 centre; float weights[2]; } patchData;
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  patchData.centre = vec4(1.0);
  patchData.weights[1] = 0.5;
  gl_TessLevelOuter[0] = 1.0;
  gl_TessLevelInner[0] = 1.0;
}
)"}});
  ASSERT_TRUE(tcs.ok) << tcs.info_log;
  const auto in = by_name(tcs.interface.attributes, tcs.interface.builtin_inputs);
  EXPECT_EQ(names(in), (std::set<std::string>{"gl_InvocationID", "gl_PerVertex.gl_Position"}));
  const auto out = by_name(tcs.interface.fragment_outputs, tcs.interface.builtin_outputs);
  EXPECT_EQ(names(out), (std::set<std::string>{"Patch.centre", "Patch.weights[0]", "gl_PerVertex.gl_Position",
                                               "gl_TessLevelOuter[0]", "gl_TessLevelInner[0]"}));
  if (out.size() != 5) return;
  EXPECT_TRUE(out.at("Patch.centre").per_patch);
  EXPECT_EQ(out.at("Patch.centre").location, 2);
  EXPECT_EQ(out.at("Patch.weights[0]").location, 3);
  EXPECT_EQ(out.at("Patch.weights[0]").array_size, 2);
  EXPECT_EQ(out.at("gl_TessLevelOuter[0]").array_size, 4);
  EXPECT_TRUE(out.at("gl_TessLevelOuter[0]").per_patch);
  EXPECT_TRUE(out.at("gl_TessLevelInner[0]").per_patch);
  EXPECT_FALSE(out.at("gl_PerVertex.gl_Position").per_patch);
  EXPECT_EQ(out.at("gl_TessLevelInner[0]").array_size, 2);

  const LinkResult tes = link_separable({{ShaderStage::TessEval, R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(triangles, point_mode) in;
struct S { highp vec4 target; };
struct T { vec4 a; mat2 m; vec4 b; };
patch in S target;
layout(location = 2) patch in T located;
void main() { gl_Position = target.target + located.b + gl_in[0].gl_Position + vec4(gl_TessCoord, 0.0); }
)"}});
  ASSERT_TRUE(tes.ok) << tes.info_log;
  const auto tes_in = by_name(tes.interface.attributes, tes.interface.builtin_inputs);
  ASSERT_TRUE(tes_in.count("target.target") && tes_in.count("located.b"));
  // Struct varyings: per member, located from the declaration on.
  EXPECT_EQ(tes_in.at("target.target").location, -1);
  EXPECT_EQ(tes_in.at("located.a").location, 2);
  EXPECT_EQ(tes_in.at("located.m").location, 3);
  EXPECT_EQ(tes_in.at("located.b").location, 5);
  EXPECT_TRUE(tes_in.at("located.b").per_patch);
  EXPECT_EQ(names(by_name(tes.interface.attributes, tes.interface.builtin_inputs)),
            (std::set<std::string>{"target.target", "located.a", "located.m", "located.b", "gl_PerVertex.gl_Position",
                                   "gl_TessCoord"}));
  EXPECT_EQ(names(by_name(tes.interface.fragment_outputs, tes.interface.builtin_outputs)),
            (std::set<std::string>{"gl_Position"}));
}

// A vertex stage keeps its attributes; a compute-only program lists the
// built-ins it reads as inputs.
TEST(ProgramIo, ComputeBuiltinInputs) {
  const LinkResult r = link_separable({{ShaderStage::Compute, R"(#version 310 es
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { uvec3 v; };
void main() { v = gl_NumWorkGroups + gl_GlobalInvocationID; }
)"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_EQ(names(by_name(r.interface.attributes, r.interface.builtin_inputs)),
            (std::set<std::string>{"gl_NumWorkGroups", "gl_GlobalInvocationID"}));
  EXPECT_TRUE(r.interface.builtin_outputs.empty());
}

}  // namespace
}  // namespace brass::compiler::test
