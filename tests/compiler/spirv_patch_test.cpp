// Word-level SPIR-V rewrites: descriptor renumbering, gl_InstanceID,
// the point-size variant.
#include <set>

#include "compiler/attribute_aliasing.h"
#include "compiler/variant_key.h"
#include "test_helpers.h"
#include "util/hash.h"

namespace brass::compiler::test {
namespace {

struct Decorations {
  std::map<uint32_t, uint32_t> set, binding;
  bool has_builtin(uint32_t builtin) const { return builtins.count(builtin) != 0; }
  std::set<uint32_t> builtins;
  std::set<uint32_t> capabilities;
};

Decorations scan(const std::vector<uint32_t>& spirv) {
  Decorations d;
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t count = spirv[i] >> 16, op = spirv[i] & 0xffff;
    if (op == spv::OpDecorate && count >= 4) {
      if (spirv[i + 2] == spv::DecorationDescriptorSet) d.set[spirv[i + 1]] = spirv[i + 3];
      if (spirv[i + 2] == spv::DecorationBinding) d.binding[spirv[i + 1]] = spirv[i + 3];
      if (spirv[i + 2] == spv::DecorationBuiltIn) d.builtins.insert(spirv[i + 3]);
    }
    if (op == spv::OpMemberDecorate && count >= 5 && spirv[i + 3] == spv::DecorationBuiltIn) d.builtins.insert(spirv[i + 4]);
    if (op == spv::OpCapability) d.capabilities.insert(spirv[i + 1]);
    i += count ? count : 1;
  }
  return d;
}

const char* kFragment = "#version 310 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";

TEST(SpirvPatch, DescriptorDecorationsMatchBindingTable) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, read_text(std::string(BRASS_COMPILER_CORPUS_DIR) + "/es310_structs.vert")},
                                        {ShaderStage::Fragment, read_text(std::string(BRASS_COMPILER_CORPUS_DIR) + "/es310_structs.frag")}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const Decorations d = scan(r.stages[0].spirv);
  std::set<std::pair<uint32_t, uint32_t>> in_spirv, in_table;
  for (const auto& [id, set] : d.set) in_spirv.insert({set, d.binding.at(id)});
  for (const Binding& b : r.interface.bindings)
    if (b.stages & stage_bit(ShaderStage::Vertex)) in_table.insert({b.set, b.binding});
  EXPECT_EQ(in_spirv, in_table);
}

TEST(SpirvPatch, RemapDescriptorsRewritesSetAndBinding) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "#version 310 es\nuniform U { vec4 v; };\nvoid main() { gl_Position = v; }\n"},
                                        {ShaderStage::Fragment, kFragment}});
  ASSERT_TRUE(r.ok) << r.info_log;
  std::vector<uint32_t> spirv = r.stages[0].spirv;
  ASSERT_TRUE(remap_descriptors(spirv, [](uint32_t set, uint32_t binding) { return std::make_pair(set + 10, binding + 7); }));
  const Decorations d = scan(spirv);
  ASSERT_EQ(d.set.size(), 1u);
  EXPECT_EQ(d.set.begin()->second, kSetUniformBuffers + 10);
  EXPECT_EQ(d.binding.begin()->second, 7u);
  std::string err;
  EXPECT_TRUE(validate_spirv(spirv, VulkanEnv::Vulkan1_3, &err)) << err;
  std::vector<uint32_t> not_spirv = {1, 2, 3};
  EXPECT_FALSE(remap_descriptors(not_spirv, [](uint32_t s, uint32_t b) { return std::make_pair(s, b); }));
}

// mediump and lowp code is computed at 32 bits, as glGetShaderPrecisionFormat
// says: no RelaxedPrecision reaches the device (NVIDIA would compute those
// values in half floats), in blocks' members neither.
TEST(SpirvPatch, LinkedStagesCarryNoRelaxedPrecision) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, R"(#version 310 es
precision mediump float;
uniform U { lowp vec4 tint; mediump float scale; };
in vec4 pos;
out mediump vec4 v;
void main() { v = tint * scale; gl_Position = pos * scale; })"},
                                        {ShaderStage::Fragment, R"(#version 310 es
precision mediump float;
in vec4 v;
out vec4 c;
void main() { c = fract(v * 3.0) + vec4(gl_FragCoord.x); })"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  for (const auto& stage : r.stages) {
    size_t relaxed = 0;
    for (size_t i = 5; i < stage.spirv.size();) {
      const uint32_t count = stage.spirv[i] >> 16, op = stage.spirv[i] & 0xffff;
      if (op == spv::OpDecorate && count >= 3 && stage.spirv[i + 2] == spv::DecorationRelaxedPrecision) ++relaxed;
      if (op == spv::OpMemberDecorate && count >= 4 && stage.spirv[i + 3] == spv::DecorationRelaxedPrecision) ++relaxed;
      i += count ? count : 1;
    }
    EXPECT_EQ(relaxed, 0u);
  }
  expect_valid_spirv(r, "mediump stages");
}

// The pass itself: both decoration forms go, nothing else.
TEST(SpirvPatch, StripRelaxedPrecisionRemovesOnlyThatDecoration) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "#version 310 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
                                        {ShaderStage::Fragment, kFragment}});
  ASSERT_TRUE(r.ok) << r.info_log;
  std::vector<uint32_t> spirv = r.stages[1].spirv;
  const size_t words = spirv.size();
  ASSERT_TRUE(strip_relaxed_precision(spirv));
  EXPECT_EQ(spirv.size(), words);  // nothing to strip: unchanged
  std::vector<uint32_t> broken = {0x07230203u, 0x00010000u, 0, 10, 0, 0x00040047u};  // truncated OpDecorate
  EXPECT_FALSE(strip_relaxed_precision(broken));
}

TEST(SpirvPatch, InstanceIdSubtractsBaseInstance) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "#version 300 es\nvoid main() { gl_Position = vec4(float(gl_InstanceID)); }\n"},
                                        {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const Decorations d = scan(r.stages[0].spirv);
  EXPECT_TRUE(d.has_builtin(spv::BuiltInInstanceIndex));
  EXPECT_TRUE(d.has_builtin(spv::BuiltInBaseInstance));
  EXPECT_TRUE(d.capabilities.count(spv::CapabilityDrawParameters));
  expect_valid_spirv(r, "instance id");
  // A shader without gl_InstanceID is left alone.
  const LinkResult plain = link(Api::GLES, {{ShaderStage::Vertex, "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n"},
                                            {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"}});
  ASSERT_TRUE(plain.ok);
  EXPECT_FALSE(scan(plain.stages[0].spirv).has_builtin(spv::BuiltInBaseInstance));
}

TEST(Variant, KeyIsPacked) {
  static_assert(sizeof(VariantKey) == 32);
  VariantKey a, b;
  EXPECT_TRUE(a.empty());
  b.force_point_size = 1;
  EXPECT_NE(hash_key(a), hash_key(b));
}

TEST(Variant, PointSizeWrittenWhenProgramDoesNot) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "#version 310 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
                                        {ShaderStage::Fragment, kFragment}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const StageBinary& vs = r.stages[0];
  EXPECT_FALSE(vs.writes_point_size);
  VariantKey key;
  key.force_point_size = 1;
  const std::vector<uint32_t> patched = apply_variant(vs, key);
  EXPECT_NE(patched, vs.spirv);
  EXPECT_TRUE(scan(patched).has_builtin(spv::BuiltInPointSize));
  // The store of 1.0f is there: OpStore whose value is the constant 1.0.
  bool stores_one = false;
  std::map<uint32_t, uint32_t> float_constants;
  for (size_t i = 5; i < patched.size(); i += patched[i] >> 16) {
    const uint32_t op = patched[i] & 0xffff;
    if (op == spv::OpConstant && (patched[i] >> 16) == 4) float_constants[patched[i + 2]] = patched[i + 3];
    if (op == spv::OpStore && float_constants.count(patched[i + 2]) && float_constants[patched[i + 2]] == 0x3f800000u)
      stores_one = true;
  }
  EXPECT_TRUE(stores_one);
  for (VulkanEnv env : {VulkanEnv::Vulkan1_2, VulkanEnv::Vulkan1_3}) {
    std::string err;
    EXPECT_TRUE(validate_spirv(patched, env, &err)) << err;
  }
  // Fragment stages and empty keys are untouched.
  EXPECT_EQ(apply_variant(r.stages[1], key), r.stages[1].spirv);
  EXPECT_EQ(apply_variant(vs, VariantKey{}), vs.spirv);
}

TEST(Variant, PointSizeKeptWhenProgramWritesIt) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "#version 310 es\nin vec4 p;\nvoid main() { gl_Position = p; gl_PointSize = 4.0; }\n"},
                                        {ShaderStage::Fragment, kFragment}});
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_TRUE(r.stages[0].writes_point_size);
  VariantKey key;
  key.force_point_size = 1;
  EXPECT_EQ(apply_variant(r.stages[0], key), r.stages[0].spirv);
}

TEST(Variant, PointSizeOverrideReplacesWhatTheProgramWrites) {
  // Desktop GL with PROGRAM_POINT_SIZE disabled: the size is the key's,
  // stored last on every path out of main (an early return included).
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, R"(#version 330 core
in vec4 p;
void main() {
  gl_Position = p;
  gl_PointSize = 4.0;
  if (p.x > 0.0) return;
  gl_PointSize = 3.0;
})"},
                                      {ShaderStage::Fragment, "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  VariantKey key;
  key.point_size_bits = 0x40a00000u;  // 5.0f
  const std::vector<uint32_t> patched = apply_variant(r.stages[0], key);
  // Each OpReturn of main is preceded by a store of 5.0.
  std::map<uint32_t, uint32_t> float_constants;
  uint32_t last_store_value = 0;
  int returns = 0, returns_after_five = 0;
  for (size_t i = 5; i < patched.size(); i += patched[i] >> 16) {
    const uint32_t op = patched[i] & 0xffff;
    if (op == spv::OpConstant && (patched[i] >> 16) == 4) float_constants[patched[i + 2]] = patched[i + 3];
    if (op == spv::OpStore) last_store_value = float_constants.count(patched[i + 2]) ? float_constants[patched[i + 2]] : 0;
    if (op == spv::OpReturn) {
      ++returns;
      returns_after_five += last_store_value == 0x40a00000u;
    }
  }
  EXPECT_GE(returns, 1);
  EXPECT_EQ(returns_after_five, returns);
  std::string err;
  EXPECT_TRUE(validate_spirv(patched, VulkanEnv::Vulkan1_3, &err)) << err;
}

TEST(Variant, PointSizePatchOnLooseOutputModule) {
  // Old-style shader upgraded from ES 1.00 without gl_PerVertex use.
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "attribute vec4 p;\nvoid main() { gl_Position = p; }\n"},
                                        {ShaderStage::Fragment, "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  VariantKey key;
  key.force_point_size = 1;
  const std::vector<uint32_t> patched = apply_variant(r.stages[0], key);
  std::string err;
  EXPECT_TRUE(validate_spirv(patched, VulkanEnv::Vulkan1_2, &err)) << err;
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

std::map<std::string, uint32_t> locations_of(const std::vector<uint32_t>& spirv, uint32_t storage) {
  std::map<uint32_t, std::string> names;
  std::map<uint32_t, uint32_t> storage_of, location_of;
  for (size_t i = 5; i < spirv.size(); i += spirv[i] >> 16) {
    const uint32_t op = spirv[i] & 0xffff;
    if (op == spv::OpName) names[spirv[i + 1]] = reinterpret_cast<const char*>(&spirv[i + 2]);
    if (op == spv::OpVariable) storage_of[spirv[i + 2]] = spirv[i + 3];
    if (op == spv::OpDecorate && spirv[i + 2] == spv::DecorationLocation) location_of[spirv[i + 1]] = spirv[i + 3];
  }
  std::map<std::string, uint32_t> out;
  for (const auto& [id, loc] : location_of)
    if (storage_of[id] == storage) out[names[id]] = loc;
  return out;
}

TEST(SpirvPatch, SeparableStagesMatchByName) {
  LinkInput vs;
  vs.api = Api::GLES;
  vs.separable = true;
  vs.shaders = {{ShaderStage::Vertex, "#version 310 es\nout vec4 a;\nout vec4 b;\nout vec4 c;\n"
                                      "void main() { a = vec4(1.0); b = a; c = a; gl_Position = a; }\n"}};
  LinkInput fs;
  fs.api = Api::GLES;
  fs.separable = true;
  fs.shaders = {{ShaderStage::Fragment, "#version 310 es\nprecision mediump float;\nin vec4 c;\nin vec4 a;\nout vec4 o;\n"
                                        "void main() { o = a + c; }\n"}};
  const LinkResult v = link_program(vs);
  LinkResult f = link_program(fs);
  ASSERT_TRUE(v.ok && f.ok) << v.info_log << f.info_log;
  const auto produced = locations_of(v.stages[0].spirv, spv::StorageClassOutput);
  ASSERT_TRUE(match_stage_interface(v.stages[0].spirv, f.stages[0].spirv));
  const auto consumed = locations_of(f.stages[0].spirv, spv::StorageClassInput);
  EXPECT_EQ(consumed.at("a"), produced.at("a"));
  EXPECT_EQ(consumed.at("c"), produced.at("c"));
  std::string err;
  EXPECT_TRUE(validate_spirv(f.stages[0].spirv, VulkanEnv::Vulkan1_3, &err)) << err;
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

TEST(Variant, FlatShadingMakesCompatColoursFlat) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, "#version 110\nvoid main() { gl_FrontColor = gl_Color; gl_Position = ftransform(); }\n"},
                                      {ShaderStage::Fragment, "#version 110\nvarying vec4 v;\nvoid main() { gl_FragColor = gl_Color; }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  VariantKey key;
  key.flat_shading = 1;
  const std::vector<uint32_t> patched = apply_variant(r.stages[1], key);
  int flat = 0;
  for (size_t i = 5; i < patched.size(); i += patched[i] >> 16)
    if ((patched[i] & 0xffff) == spv::OpDecorate && patched[i + 2] == spv::DecorationFlat) ++flat;
  EXPECT_EQ(flat, 1);
  std::string err;
  EXPECT_TRUE(validate_spirv(patched, VulkanEnv::Vulkan1_3, &err)) << err;
}

// glBindAttribLocation aliasing (GLSL ES 1.00): two attributes bound to one
// location, read on different paths. Vulkan forbids two inputs at one
// location, so the link merges them into one carrier per location.
LinkResult link_aliased(const std::string& decls, const std::string& body,
                        std::vector<AttributeBinding> bindings) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, "#version 100\nuniform mediump float u;\n" + decls +
                                          "void main() {\n  vec4 c = vec4(0.0);\n" + body + "  gl_Position = c;\n}\n"},
                {ShaderStage::Fragment, "#version 100\nvoid main() { gl_FragColor = vec4(1.0); }\n"}};
  in.attribute_bindings = std::move(bindings);
  return link_program(in);
}

// Location decorations of the vertex stage's Input variables.
std::multiset<uint32_t> input_locations(const std::vector<uint32_t>& spirv) {
  std::set<uint32_t> inputs;
  std::map<uint32_t, uint32_t> location;
  for (size_t i = 5; i < spirv.size();) {
    const uint32_t count = spirv[i] >> 16, op = spirv[i] & 0xffff;
    if (op == spv::OpVariable && spirv[i + 3] == spv::StorageClassInput) inputs.insert(spirv[i + 2]);
    if (op == spv::OpDecorate && spirv[i + 2] == spv::DecorationLocation) location[spirv[i + 1]] = spirv[i + 3];
    i += count ? count : 1;
  }
  std::multiset<uint32_t> out;
  for (uint32_t v : inputs)
    if (location.count(v)) out.insert(location[v]);
  return out;
}

TEST(AttributeAliasing, VectorsSharingALocationGetOneCarrier) {
  const LinkResult r = link_aliased("attribute vec2 a;\nattribute vec4 b;\n",
                                    "  if (u > 0.0) c += vec4(a, a);\n  else c += b;\n", {{"a", 1}, {"b", 1}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "aliased vec2/vec4");
  EXPECT_EQ(input_locations(r.stages[0].spirv), (std::multiset<uint32_t>{1}));
  for (const InterfaceVariable& a : r.interface.attributes) EXPECT_EQ(a.location, 1) << a.name;
}

TEST(AttributeAliasing, MatrixColumnAliasedByAScalar) {
  // mat3 at 2..4, a float bound to its second column: carriers for 2, 3, 4.
  const LinkResult r = link_aliased("attribute mat3 m;\nattribute float f;\nattribute vec4 other;\n",
                                    "  if (u > 0.0) c += vec4(m[1], 1.0);\n  else c += vec4(f) + other;\n",
                                    {{"m", 2}, {"f", 3}, {"other", 0}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "aliased mat3/float");
  EXPECT_EQ(input_locations(r.stages[0].spirv), (std::multiset<uint32_t>{0, 2, 3, 4}));
}

// GLSL ES 3.00 forbids aliasing: the same bindings fail the link there,
// even for attributes the shader never reads.
TEST(AttributeAliasing, Es300ShadersCannotAlias) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, "#version 300 es\nin highp float a;\nin highp float b;\nvoid main() { gl_Position = vec4(0.0); }\n"},
                {ShaderStage::Fragment, "#version 300 es\nout highp vec4 c;\nvoid main() { c = vec4(0.0); }\n"}};
  in.attribute_bindings = {{"a", 0}, {"b", 0}};
  const LinkResult r = link_program(in);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("aliasing"), std::string::npos) << r.info_log;
}

TEST(AttributeAliasing, WithoutAliasingTheModuleIsUnchanged) {
  const LinkResult r = link_aliased("attribute vec2 a;\nattribute vec4 b;\n", "  c += vec4(a, a) + b;\n",
                                    {{"a", 1}, {"b", 2}});
  ASSERT_TRUE(r.ok) << r.info_log;
  std::vector<uint32_t> spirv = r.stages[0].spirv;
  ASSERT_TRUE(merge_aliased_inputs(spirv));
  EXPECT_EQ(spirv, r.stages[0].spirv);
}

// ARB_enhanced_layouts: inputs in distinct components of one location are
// not aliased (Vulkan takes them as they are), whatever their types.
TEST(AttributeAliasing, DistinctComponentsOfALocationAreNotMerged) {
  LinkInput in;
  in.api = Api::GL;
  in.shaders = {{ShaderStage::Vertex, R"(#version 140
#extension GL_ARB_enhanced_layouts : require
#extension GL_ARB_explicit_attrib_location : require
uniform int i;
layout(location = 0) in ivec3 a;
layout(location = 0, component = 3) in float b;
void main() { gl_Position = i == 1 ? vec4(a, 1.0) : vec4(b); })"},
                {ShaderStage::Fragment, "#version 140\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "component layout");
  EXPECT_EQ(input_locations(r.stages[0].spirv), (std::multiset<uint32_t>{0, 0}));
}

}  // namespace
}  // namespace brass::compiler::test
