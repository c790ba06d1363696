// Varying packing (varying_packing.h): the layout planner's groups and
// slots, and linked programs whose vertex outputs span more locations than
// MAX_VARYING_VECTORS: they link to valid SPIR-V with the packed arrays at
// matching locations on both sides, ordinary programs keep their variables,
// and programs over MAX_VARYING_COMPONENTS (or that cannot be packed) fail
// to link with a log.
#include <map>

#include "compiler/spirv_module.h"
#include "compiler/varying_packing.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

using S = VaryingScalar;

TEST(VaryingPackingPlan, FloatsFillWholeVectors) {
  const std::vector<PackableVarying> v = {{{}, std::vector<S>(120, S::Float)}};
  const VaryingPackingPlan plan = plan_varying_packing(v, 0);
  ASSERT_EQ(plan.groups.size(), 1u);
  EXPECT_FALSE(plan.groups[0].integer_words);
  EXPECT_EQ(plan.groups[0].locations, 30u);
  EXPECT_EQ(plan.locations, 30u);
  ASSERT_EQ(plan.slots[0].size(), 120u);
  EXPECT_EQ(plan.slots[0][0].word, 0u);
  EXPECT_EQ(plan.slots[0][119].word, 119u);
}

TEST(VaryingPackingPlan, GroupsByInterpolationAndType) {
  VaryingInterpolation nopersp;
  nopersp.noperspective = true;
  VaryingInterpolation flat;
  flat.flat = true;
  VaryingInterpolation centroid_flat = flat;
  centroid_flat.centroid = true;
  const std::vector<PackableVarying> v = {
      {{}, {S::Float, S::Float, S::Float}},  // vec3, smooth
      {flat, {S::Int, S::Int}},              // ivec2
      {nopersp, {S::Float}},                 // noperspective float
      {{}, {S::Float, S::Float}},            // vec2, smooth: after the vec3
      {flat, {S::Double, S::Double, S::Double}},  // dvec3: six words
      {centroid_flat, {S::Float}},           // flat float: integer words, centroid meaningless
      {{}, {S::Uint}},                       // uint without flat still goes to the integer group
  };
  const VaryingPackingPlan plan = plan_varying_packing(v, 3);
  ASSERT_EQ(plan.groups.size(), 3u);
  // smooth floats: 5 words -> 2 locations at 3
  EXPECT_FALSE(plan.groups[0].integer_words);
  EXPECT_EQ(plan.groups[0].first_location, 3u);
  EXPECT_EQ(plan.groups[0].locations, 2u);
  // flat words: 2 + 6 + 1 + 1 = 10 -> 3 locations
  EXPECT_TRUE(plan.groups[1].integer_words);
  EXPECT_TRUE(plan.groups[1].interpolation.flat);
  EXPECT_FALSE(plan.groups[1].interpolation.centroid);
  EXPECT_EQ(plan.groups[1].first_location, 5u);
  EXPECT_EQ(plan.groups[1].locations, 3u);
  // noperspective: 1 location
  EXPECT_TRUE(plan.groups[2].interpolation.noperspective);
  EXPECT_EQ(plan.groups[2].first_location, 8u);
  EXPECT_EQ(plan.locations, 6u);
  // The vec2 continues the vec3's group at word 3 (across a location).
  EXPECT_EQ(plan.slots[3][0].group, 0u);
  EXPECT_EQ(plan.slots[3][0].word, 3u);
  EXPECT_EQ(plan.slots[3][1].word, 4u);
  // Doubles take two words each.
  EXPECT_EQ(plan.slots[4][0].word, 2u);
  EXPECT_EQ(plan.slots[4][1].word, 4u);
  EXPECT_EQ(plan.slots[4][2].word, 6u);
  EXPECT_EQ(plan.slots[5][0].group, 1u);
  EXPECT_EQ(plan.slots[5][0].word, 8u);
  EXPECT_EQ(plan.slots[6][0].group, 1u);
  EXPECT_EQ(plan.slots[6][0].word, 9u);
}

// Located user variables of a module: location -> (storage class, pointee
// opcode, array length or 0).
struct Located {
  uint32_t storage = 0;
  spv::Op pointee = spv::OpNop;
  uint32_t length = 0;
  bool flat = false;
};
std::multimap<uint32_t, Located> located(const std::vector<uint32_t>& spirv, spv::StorageClass storage) {
  std::multimap<uint32_t, Located> out;
  std::optional<SpirvModule> m = SpirvModule::parse(spirv);
  EXPECT_TRUE(m.has_value());
  if (!m) return out;
  auto def = [&](uint32_t id) -> const SpirvInstruction& { return m->instructions[m->find_definition(id)]; };
  for (const SpirvInstruction& inst : m->instructions) {
    if (inst.opcode() != spv::OpVariable || inst.operand(2) != static_cast<uint32_t>(storage)) continue;
    const std::optional<uint32_t> loc = m->decoration_value(inst.operand(1), spv::DecorationLocation);
    if (!loc) continue;
    Located l;
    l.storage = inst.operand(2);
    const SpirvInstruction& pointee = def(def(inst.operand(0)).operand(2));
    l.pointee = pointee.opcode();
    if (l.pointee == spv::OpTypeArray) l.length = def(pointee.operand(2)).operand(2);
    for (const SpirvInstruction& d : m->instructions)
      if (d.opcode() == spv::OpDecorate && d.operand(0) == inst.operand(1) && d.operand(1) == spv::DecorationFlat)
        l.flat = true;
    out.emplace(*loc, l);
  }
  return out;
}

LinkResult link_pair(const std::string& vs, const std::string& fs, int max_varying_vectors = 16,
                     bool separable = false) {
  LinkInput in;
  in.api = Api::GL;
  in.shaders = {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}};
  in.limits.max_varying_vectors = max_varying_vectors;
  in.separable = separable;
  return link_program(in);
}

constexpr const char* kFloatsVs = R"(#version 150
in vec4 p;
out float v[64];
void main() {
  for (int k = 0; k < 64; ++k) v[k] = p.x + float(k);
  gl_Position = p;
})";
constexpr const char* kFloatsFs = R"(#version 150
in float v[64];
out vec4 c;
void main() {
  float s = 0.0;
  for (int k = 0; k < 64; ++k) s += v[k];
  c = vec4(s);
})";

TEST(VaryingPacking, FloatArrayPacksIntoVec4s) {
  const LinkResult r = link_pair(kFloatsVs, kFloatsFs);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "float[64]");
  ASSERT_EQ(r.stages.size(), 2u);
  const auto outs = located(r.stages[0].spirv, spv::StorageClassOutput);
  const auto ins = located(r.stages[1].spirv, spv::StorageClassInput);
  ASSERT_EQ(outs.size(), 1u);
  ASSERT_EQ(ins.size(), 1u);
  EXPECT_EQ(outs.begin()->first, 0u);
  EXPECT_EQ(outs.begin()->second.pointee, spv::OpTypeArray);
  EXPECT_EQ(outs.begin()->second.length, 16u);
  EXPECT_EQ(ins.begin()->first, 0u);
  EXPECT_EQ(ins.begin()->second.length, 16u);
}

TEST(VaryingPacking, OverComponentLimitFailsToLink) {
  std::string vs = kFloatsVs, fs = kFloatsFs;
  vs.replace(vs.find("64"), 2, "65");
  fs.replace(fs.find("64"), 2, "65");
  const LinkResult r = link_pair(vs, fs);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("too many vertex shader output components (65, limit 64)"), std::string::npos)
      << r.info_log;
}

TEST(VaryingPacking, OrdinaryProgramsAreUntouched) {
  std::string vs = kFloatsVs, fs = kFloatsFs;
  for (std::string* s : {&vs, &fs})
    for (size_t at; (at = s->find("64")) != std::string::npos;) s->replace(at, 2, "16");
  const LinkResult r = link_pair(vs, fs);
  ASSERT_TRUE(r.ok) << r.info_log;
  const auto outs = located(r.stages[0].spirv, spv::StorageClassOutput);
  ASSERT_EQ(outs.size(), 1u);
  // Still float[16] at location 0: 16 locations, no packing.
  EXPECT_EQ(outs.begin()->second.length, 16u);
  std::optional<SpirvModule> m = SpirvModule::parse(r.stages[0].spirv);
  ASSERT_TRUE(m);
  bool float_array = false;
  for (const SpirvInstruction& inst : m->instructions)
    if (inst.opcode() == spv::OpVariable && inst.operand(2) == spv::StorageClassPrivate) float_array = true;
  EXPECT_FALSE(float_array) << "no Private copies without packing";
}

TEST(VaryingPacking, MixedTypesShareFlatWords) {
  // 6 smooth floats + 3 noperspective + flat: int[10], uint[5], double[8]
  // (16 words), dvec3[2] (12 words), flat vec2[4] (8 words): 9 + 51 = 60
  // components, 3 + 1 + 13 = 17 locations unpacked... plus the arrays'
  // per-element locations (far more than 16).
  const char* vs = R"(#version 400
in vec4 p;
out float a[6];
noperspective out vec3 b;
flat out int i[10];
flat out uint u[5];
flat out double d[8];
flat out dvec3 e[2];
flat out vec2 f[4];
void main() {
  for (int k = 0; k < 6; ++k) a[k] = float(k);
  b = p.xyz;
  for (int k = 0; k < 10; ++k) i[k] = -k;
  for (int k = 0; k < 5; ++k) u[k] = uint(k) * 3u;
  for (int k = 0; k < 8; ++k) d[k] = double(k) / 3.0lf;
  e[0] = dvec3(1.0lf, 2.0lf, 3.0lf);
  e[1] = dvec3(p.xyz);
  for (int k = 0; k < 4; ++k) f[k] = vec2(k);
  gl_Position = p;
})";
  const char* fs = R"(#version 400
in float a[6];
noperspective in vec3 b;
flat in int i[10];
flat in uint u[5];
flat in double d[8];
flat in dvec3 e[2];
flat in vec2 f[4];
out vec4 c;
void main() {
  double s = d[0] + d[7] + e[1].z;
  c = vec4(a[5] + b.x + float(i[9]) + float(u[4]) + float(s) + f[3].y);
})";
  const LinkResult r = link_pair(vs, fs);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "mixed");
  const auto outs = located(r.stages[0].spirv, spv::StorageClassOutput);
  const auto ins = located(r.stages[1].spirv, spv::StorageClassInput);
  // smooth floats (6 -> 2 locations), flat words (10+5+16+12+8 = 51 -> 13),
  // noperspective (3 -> 1).
  ASSERT_EQ(outs.size(), 3u);
  ASSERT_EQ(ins.size(), 3u);
  uint32_t total = 0;
  for (const auto& [loc, l] : ins) {
    total += l.length;
    auto o = outs.find(loc);
    ASSERT_NE(o, outs.end());
    EXPECT_EQ(o->second.length, l.length);
  }
  EXPECT_EQ(total, 16u);
  int flat_groups = 0;
  for (const auto& [loc, l] : ins)
    if (l.flat) {
      ++flat_groups;
      EXPECT_EQ(l.length, 13u);
    }
  EXPECT_EQ(flat_groups, 1);
}

TEST(VaryingPacking, GroupsThatDoNotFitFailToLink) {
  // 63 smooth floats + 1 flat int = 64 components, but 16 + 1 locations.
  const char* vs = R"(#version 150
in vec4 p;
out float v[63];
flat out int n;
void main() {
  for (int k = 0; k < 63; ++k) v[k] = p.x;
  n = 1;
  gl_Position = p;
})";
  const char* fs = R"(#version 150
in float v[63];
flat in int n;
out vec4 c;
void main() { c = vec4(v[62] + float(n)); })";
  const LinkResult r = link_pair(vs, fs);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("17 vectors after packing, limit 16"), std::string::npos) << r.info_log;
}

TEST(VaryingPacking, SeparableProgramsAreNotPacked) {
  const LinkResult r = link_pair(kFloatsVs, kFloatsFs, 16, true);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("too many vertex shader outputs (64 vectors, limit 16)"), std::string::npos)
      << r.info_log;
}

TEST(VaryingPacking, InterpolateAtInputsKeepTheirVariable) {
  const char* vs = R"(#version 400
in vec4 p;
out float v[60];
out vec4 w;
void main() {
  for (int k = 0; k < 60; ++k) v[k] = p.x;
  w = p;
  gl_Position = p;
})";
  const char* fs = R"(#version 400
in float v[60];
in vec4 w;
out vec4 c;
void main() { c = interpolateAtCentroid(w) + vec4(v[59]); })";
  const LinkResult r = link_pair(vs, fs);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "interpolateAt");
  const auto ins = located(r.stages[1].spirv, spv::StorageClassInput);
  // w at location 0 as a vec4 of its own; v packed into 15 vec4s after it.
  ASSERT_EQ(ins.size(), 2u);
  EXPECT_EQ(ins.find(0)->second.pointee, spv::OpTypeVector);
  EXPECT_EQ(ins.find(1)->second.length, 15u);
  const auto outs = located(r.stages[0].spirv, spv::StorageClassOutput);
  ASSERT_EQ(outs.size(), 2u);
  EXPECT_EQ(outs.find(0)->second.pointee, spv::OpTypeVector);
  EXPECT_EQ(outs.find(1)->second.length, 15u);
}

TEST(VaryingPacking, StructsAndArraysOfArraysPack) {
  const char* vs = R"(#version 430
in vec4 p;
struct S { vec3 a; mat2 m; float f[2]; };
out S s[4];
out float g[2][10];
void main() {
  for (int k = 0; k < 4; ++k) { s[k].a = p.xyz; s[k].m = mat2(p); s[k].f[0] = p.w; s[k].f[1] = float(k); }
  for (int k = 0; k < 2; ++k) for (int j = 0; j < 10; ++j) g[k][j] = float(j + k);
  gl_Position = p;
})";
  const char* fs = R"(#version 430
struct S { vec3 a; mat2 m; float f[2]; };
in S s[4];
in float g[2][10];
out vec4 c;
void main() { c = vec4(s[3].a, s[2].m[1][1] + s[1].f[1] + g[1][9]); })";
  // 4 * 9 + 20 = 56 components, 14 locations packed.
  const LinkResult r = link_pair(vs, fs);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "structs");
  const auto ins = located(r.stages[1].spirv, spv::StorageClassInput);
  ASSERT_EQ(ins.size(), 1u);
  EXPECT_EQ(ins.begin()->second.length, 14u);
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

// Transform feedback: a captured output keeps a variable of its own (Vulkan
// captures variables, with XfbBuffer/Offset); the rest is packed. An array
// element captured through a copy reads the (now Private) array.
TEST(VaryingPacking, CapturedOutputsStayUnpacked) {
  const char* vs = R"(#version 150
in vec4 p;
out float v[56];
out vec4 cap;
void main() {
  for (int k = 0; k < 56; ++k) v[k] = p.x + float(k);
  cap = p;
  gl_Position = p;
})";
  const char* fs = R"(#version 150
in float v[56];
in vec4 cap;
out vec4 c;
void main() { c = cap + vec4(v[55]); })";
  LinkInput in;
  in.api = Api::GL;
  in.shaders = {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}};
  in.limits.max_varying_vectors = 16;
  in.transform_feedback_varyings = {"cap", "v[3]"};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "xfb");
  std::optional<SpirvModule> m = SpirvModule::parse(r.stages[0].spirv);
  ASSERT_TRUE(m);
  int captured = 0, packed = 0;
  for (const SpirvInstruction& inst : m->instructions) {
    if (inst.opcode() != spv::OpVariable || inst.operand(2) != spv::StorageClassOutput) continue;
    if (!m->decoration_value(inst.operand(1), spv::DecorationLocation)) continue;
    if (m->decoration_value(inst.operand(1), spv::DecorationXfbBuffer)) ++captured;
    else ++packed;
  }
  EXPECT_EQ(captured, 2);  // cap and the copy of v[3]
  EXPECT_EQ(packed, 1);    // v, in 14 vec4s
  // cap, at a location of its own on both sides; v packed after it (the
  // copy of v[3] is the vertex shader's only, at location 1).
  const auto ins = located(r.stages[1].spirv, spv::StorageClassInput);
  ASSERT_EQ(ins.size(), 2u);
  EXPECT_EQ(ins.find(0)->second.pointee, spv::OpTypeVector);
  EXPECT_EQ(ins.find(2)->second.length, 14u);
}

TEST(VaryingPacking, GeometryStagesKeepTheLocationLimit) {
  const char* gs = R"(#version 430
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
in float v[][60];
out float w;
void main() {
  for (int i = 0; i < 3; ++i) { w = v[i][59]; gl_Position = gl_in[i].gl_Position; EmitVertex(); }
})";
  const char* fs = R"(#version 430
in float w;
out vec4 c;
void main() { c = vec4(w); })";
  LinkInput in;
  in.api = Api::GL;
  in.shaders = {{ShaderStage::Vertex, kFloatsVs}, {ShaderStage::Geometry, gs}, {ShaderStage::Fragment, fs}};
  std::string& vs = in.shaders[0].text;
  for (size_t at; (at = vs.find("64")) != std::string::npos;) vs.replace(at, 2, "60");
  in.limits.max_varying_vectors = 16;
  const LinkResult r = link_program(in);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("too many vertex shader outputs (60 vectors, limit 16)"), std::string::npos)
      << r.info_log;
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

// A geometry shader feeding the fragment shader packs the same way, its
// copies made before every EmitVertex.
TEST(VaryingPacking, GeometryOutputsIntoTheFragmentShaderPack) {
  const char* vs = R"(#version 150
in vec4 p;
void main() { gl_Position = p; })";
  const char* gs = R"(#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
out float w[60];
flat out ivec2 n;
void main() {
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 60; ++k) w[k] = float(k + i);
    n = ivec2(i, -i);
    gl_Position = gl_in[i].gl_Position;
    EmitVertex();
  }
})";
  const char* fs = R"(#version 150
in float w[60];
flat in ivec2 n;
out vec4 c;
void main() { c = vec4(w[59] + float(n.y)); })";
  LinkInput in;
  in.api = Api::GL;
  in.shaders = {{ShaderStage::Vertex, vs}, {ShaderStage::Geometry, gs}, {ShaderStage::Fragment, fs}};
  in.limits.max_varying_vectors = 16;
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "geometry");
  ASSERT_EQ(r.stages.size(), 3u);
  const auto outs = located(r.stages[1].spirv, spv::StorageClassOutput);
  const auto ins = located(r.stages[2].spirv, spv::StorageClassInput);
  ASSERT_EQ(outs.size(), 2u);  // 15 vec4s of floats, one uvec4 of flat words
  ASSERT_EQ(ins.size(), 2u);
  EXPECT_EQ(ins.find(0)->second.length, 15u);
  EXPECT_EQ(ins.find(15)->second.length, 1u);
  EXPECT_TRUE(ins.find(15)->second.flat);
  // One call of the copy function per EmitVertex.
  std::optional<SpirvModule> m = SpirvModule::parse(r.stages[1].spirv);
  ASSERT_TRUE(m);
  int calls = 0, emits = 0;
  for (const SpirvInstruction& inst : m->instructions) {
    calls += inst.opcode() == spv::OpFunctionCall;
    emits += inst.opcode() == spv::OpEmitVertex;
  }
  EXPECT_EQ(emits, 1);
  EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

// Interface blocks are not packed: over the location limit they fail to
// link with a log, as before packing.
TEST(VaryingPacking, InterfaceBlocksAreNotPacked) {
  const char* vs = R"(#version 150
in vec4 p;
out Blk { float v[60]; } b;
void main() {
  for (int k = 0; k < 60; ++k) b.v[k] = p.x;
  gl_Position = p;
})";
  const char* fs = R"(#version 150
in Blk { float v[60]; } b;
out vec4 c;
void main() { c = vec4(b.v[59]); })";
  const LinkResult r = link_pair(vs, fs);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("interface blocks into the fragment shader are not packed"), std::string::npos)
      << r.info_log;
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

// Declared but unread varyings take no packed space: 200 floats declared on
// both sides, none read, next to 60 that are.
TEST(VaryingPacking, UnreadVaryingsTakeNoSpace) {
  const char* vs = R"(#version 150
in vec4 p;
out float v[60];
out float unused[200];
void main() {
  for (int k = 0; k < 60; ++k) v[k] = p.x;
  gl_Position = p;
})";
  const char* fs = R"(#version 150
in float v[60];
in float unused[200];
out vec4 c;
void main() { c = vec4(v[59]); })";
  const LinkResult r = link_pair(vs, fs);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "unread");
  const auto ins = located(r.stages[1].spirv, spv::StorageClassInput);
  ASSERT_EQ(ins.size(), 1u);
  EXPECT_EQ(ins.begin()->second.length, 15u);
}

}  // namespace
}  // namespace brass::compiler::test
