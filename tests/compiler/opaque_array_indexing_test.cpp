// The switch lowering of dynamically indexed sampler and image arrays
// (opaque_array_indexing.h), used where the device lacks Vulkan's
// shaderSampledImageArrayDynamicIndexing / shaderStorageImageArrayDynamicIndexing:
// every lowered module must validate for Vulkan, hold one switch case per
// array element and no access chain into an opaque array with a
// non-constant index; without the limit the SPIR-V is glslang's.
#include "compiler/opaque_array_flattening.h"
#include "compiler/opaque_array_indexing.h"
#include "compiler/spirv_module.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

// A vertex shader of the fragment shader's version (a program links one).
std::string vs_for(const std::string& fs) {
  if (fs.rfind("#version 320 es", 0) == 0) return "#version 320 es\nvoid main() { gl_Position = vec4(0.0); }\n";
  if (fs.rfind("#version", 0) != 0) return "void main() { gl_Position = vec4(0.0); }\n";
  return "#version 310 es\nvoid main() { gl_Position = vec4(0.0); }\n";
}

LinkResult link_lowered(std::vector<ShaderSource> shaders, bool lower) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = std::move(shaders);
  in.limits.lower_dynamic_opaque_indexing = lower ? 1 : 0;
  return link_program(in);
}

const StageBinary* stage(const LinkResult& r, ShaderStage s) {
  for (const StageBinary& b : r.stages)
    if (b.stage == s) return &b;
  return nullptr;
}

struct Shape {
  uint32_t switches = 0;
  uint32_t case_targets = 0;  // default + literal cases
  uint32_t dynamic_opaque_chains = 0;
};

// Counts switches and the access chains into UniformConstant arrays whose
// indexes are not all OpConstant.
Shape shape_of(const std::vector<uint32_t>& spirv) {
  Shape s;
  std::optional<SpirvModule> m = SpirvModule::parse(spirv);
  EXPECT_TRUE(m.has_value());
  if (!m) return s;
  for (const SpirvInstruction& inst : m->instructions) {
    if (inst.opcode() == spv::OpSwitch) {
      ++s.switches;
      s.case_targets += 1 + static_cast<uint32_t>((inst.operand_count() - 2) / 2);
    }
    if (inst.opcode() != spv::OpAccessChain) continue;
    const SpirvInstruction& type = m->instructions[m->find_definition(inst.operand(0))];
    if (type.operand(1) != spv::StorageClassUniformConstant) continue;
    for (size_t i = 3; i < inst.operand_count(); ++i) {
      const size_t d = m->find_definition(inst.operand(i));
      if (d == m->instructions.size() || m->instructions[d].opcode() != spv::OpConstant) {
        ++s.dynamic_opaque_chains;
        break;
      }
    }
  }
  return s;
}

// Links `src` (with a vertex shader unless compute) both ways: unlowered, the access chains stay; lowered,
// the module validates, has `accesses` switches with `cases` targets in
// all and no dynamic chain left; the pass on the unlowered module reports
// the same figures.
void expect_lowering(ShaderStage st, const std::string& src, uint32_t accesses, uint32_t cases) {
  std::vector<ShaderSource> shaders = {{st, src}};
  if (st != ShaderStage::Compute) shaders.insert(shaders.begin(), {ShaderStage::Vertex, vs_for(src)});
  const LinkResult plain = link_lowered(shaders, false);
  ASSERT_TRUE(plain.ok) << plain.info_log;
  const LinkResult lowered = link_lowered(shaders, true);
  ASSERT_TRUE(lowered.ok) << lowered.info_log;
  expect_valid_spirv(lowered, "lowered");
  const Shape before = shape_of(stage(plain, st)->spirv);
  EXPECT_GE(before.dynamic_opaque_chains, 1u);
  const Shape after = shape_of(stage(lowered, st)->spirv);
  EXPECT_EQ(after.dynamic_opaque_chains, 0u);
  EXPECT_EQ(after.switches - before.switches, accesses);
  EXPECT_EQ(after.case_targets - before.case_targets, cases);
  std::vector<uint32_t> spirv = stage(plain, st)->spirv;
  OpaqueIndexingStats stats;
  ASSERT_TRUE(lower_dynamic_opaque_indexing(spirv, &stats));
  EXPECT_EQ(stats.accesses, accesses);
  EXPECT_EQ(stats.cases, cases);
  EXPECT_EQ(spirv, stage(lowered, st)->spirv);
}

TEST(OpaqueArrayIndexing, SamplerArrayByUniform) {
  expect_lowering(ShaderStage::Fragment, R"(#version 310 es
#extension GL_EXT_gpu_shader5 : require
precision highp float;
uniform highp sampler2D tex[4];
uniform int index;
out vec4 o;
void main() { o = texture(tex[index], vec2(0.5)); })",
                  1, 4);
}

TEST(OpaqueArrayIndexing, UnchangedWithoutTheLimitOrDynamicIndex) {
  const std::string fs = R"(#version 320 es
precision highp float;
uniform highp sampler2D tex[3];
out vec4 o;
void main() { o = texture(tex[1], vec2(0.5)) + texture(tex[2], vec2(0.5)); })";
  const LinkResult plain = link_lowered({{ShaderStage::Vertex, vs_for(fs)}, {ShaderStage::Fragment, fs}}, false);
  const LinkResult lowered = link_lowered({{ShaderStage::Vertex, vs_for(fs)}, {ShaderStage::Fragment, fs}}, true);
  ASSERT_TRUE(plain.ok && lowered.ok) << plain.info_log << lowered.info_log;
  EXPECT_EQ(stage(plain, ShaderStage::Fragment)->spirv, stage(lowered, ShaderStage::Fragment)->spirv);
}

// Several accesses in one block, one of them in a selection header's
// condition, one whose value is used in later blocks, a size query, a
// gather and a function taking the element.
TEST(OpaqueArrayIndexing, ManyConsumers) {
  expect_lowering(ShaderStage::Fragment, R"(#version 320 es
precision highp float;
uniform highp sampler2D tex[3];
uniform highp sampler2DShadow shadow[2];
uniform int i;
uniform int j;
out vec4 o;
vec4 through(highp sampler2D s) { return texture(s, vec2(0.25)); }
void main() {
  precise vec4 a = texture(tex[i], vec2(0.5)) * 2.0 + texture(tex[j], vec2(0.5));
  if (texture(shadow[j], vec3(0.5)) > 0.5) a += vec4(textureSize(tex[i + 1], 0), 0, 0);
  else a += textureGather(tex[j], vec2(0.5), 2);
  o = a + through(tex[i]);
})",
                  6, 3 + 3 + 2 + 3 + 3 + 3);
}

// ESSL 1.00 indexes sampler arrays with loop indices (a loop body block,
// the continue construct's phis).
TEST(OpaqueArrayIndexing, LoopIndexInEs100) {
  expect_lowering(ShaderStage::Fragment, R"(precision mediump float;
uniform sampler2D tex[4];
void main() {
  vec4 sum = vec4(0.0);
  for (int k = 0; k < 4; ++k) sum += texture2D(tex[k], vec2(0.5));
  gl_FragColor = sum;
})",
                  1, 4);
}

TEST(OpaqueArrayIndexing, StorageImageLoadStoreAtomic) {
  expect_lowering(ShaderStage::Compute, R"(#version 310 es
#extension GL_OES_gpu_shader5 : require
#extension GL_OES_shader_image_atomic : require
layout(local_size_x = 1) in;
layout(r32ui, binding = 0) uniform highp uimage2D counters[2];
layout(rgba8, binding = 2) uniform highp readonly image2D src[3];
layout(rgba8, binding = 5) uniform highp writeonly image2D dst[3];
uniform int pick;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  uint before = imageAtomicAdd(counters[pick & 1], p, 1u);
  imageStore(dst[pick], p, imageLoad(src[pick], p) + vec4(float(before)));
})",
                  3, 2 + 3 + 3);
}

// An index into an array of one element needs no switch.
TEST(OpaqueArrayIndexing, SingleElementArray) {
  const std::string fs = R"(#version 320 es
precision highp float;
uniform highp sampler2D tex[1];
uniform int i;
out vec4 o;
void main() { o = texture(tex[i], vec2(0.5)); })";
  const LinkResult lowered = link_lowered({{ShaderStage::Vertex, vs_for(fs)}, {ShaderStage::Fragment, fs}}, true);
  ASSERT_TRUE(lowered.ok) << lowered.info_log;
  expect_valid_spirv(lowered, "single");
  const Shape s = shape_of(stage(lowered, ShaderStage::Fragment)->spirv);
  EXPECT_EQ(s.switches, 0u);
  EXPECT_EQ(s.dynamic_opaque_chains, 0u);
}

// Arrays of arrays are flattened to one descriptor array before the
// Vulkan parse (opaque_array_flattening.h); the GL uniforms are the
// innermost arrays, and a dynamic index becomes one switch over all
// elements.
TEST(OpaqueArrayIndexing, ArraysOfArrays) {
  const std::string fs = R"(#version 310 es
#extension GL_EXT_gpu_shader5 : require
precision highp float;
layout(binding = 1) uniform highp sampler2D t[2][3];
uniform int i;
uniform int j;
out vec4 o;
void main() { o = texture(t[i][j], vec2(0.5)) + texture(t[1][
  2], vec2(0.5)) + texture(t[i][0], vec2(0.5)); })";
  expect_lowering(ShaderStage::Fragment, fs, 2, 6 + 6);
  const LinkResult r = link_lowered({{ShaderStage::Vertex, vs_for(fs)}, {ShaderStage::Fragment, fs}}, true);
  ASSERT_TRUE(r.ok) << r.info_log;
  const Uniform* first = find_uniform(r.interface, "t[0][0]");
  const Uniform* second = find_uniform(r.interface, "t[1][0]");
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(first->array_size, 3);
  EXPECT_EQ(second->array_size, 3);
  EXPECT_EQ(first->sampler_element, 0);
  EXPECT_EQ(second->sampler_element, 3);
  EXPECT_EQ(first->initial_binding, 1);
  const Binding* b = find_binding(r.interface, 2, static_cast<uint32_t>(first - r.interface.uniforms.data()));
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->array_count, 6u);
}

TEST(OpaqueArrayIndexing, ImageArraysOfArraysInCompute) {
  expect_lowering(ShaderStage::Compute, R"(#version 310 es
#extension GL_EXT_gpu_shader5 : require
layout(local_size_x = 1) in;
layout(r32ui, binding = 0) uniform highp uimage2D images[2][2];
uniform int a;
void main() {
  uint v = imageLoad(images[a][1], ivec2(0)).x;
  imageStore(images[1 - a][0], ivec2(0), uvec4(v + 1u));
})",
                  2, 8);
}

TEST(OpaqueArrayFlattening, RewritesDeclarationAndUsesKeepingLines) {
  const std::string src =
      "uniform highp sampler2D t[2][3];\nuniform sampler2D one[4];\n"
      "void main() { x = texture(t[i + 1][\n j], p) + texture(one[i], p); }\n";
  const std::string out = flatten_opaque_arrays_of_arrays(src);
  EXPECT_EQ(out,
            "uniform highp sampler2D brass_os_1_t_2_0__3[6];\nuniform sampler2D one[4];\n"
            "void main() { x = texture(brass_os_1_t_2_0__3[(i + 1) * 3 + (j)]\n, p) + texture(one[i], p); }\n");
  // A sub-array used on its own cannot be expressed: the text stays.
  const std::string partial = "uniform sampler2D t[2][3];\nvoid main() { f(t[1]); }\n";
  EXPECT_EQ(flatten_opaque_arrays_of_arrays(partial), partial);
  const std::string several = "uniform sampler2D a[2][2], b[2][2];\n";
  EXPECT_EQ(flatten_opaque_arrays_of_arrays(several), several);
}

TEST(OpaqueArrayFlattening, BlockArraysOfArraysBecomeOneArrayOfRenamedBlocks) {
  const std::string src =
      "layout(std140) uniform B { vec4 v; } b[2][3];\nbuffer S { uint x; } s[2][2][2];\n"
      "uniform C { vec4 w; } c[4];\n"
      "void main() { x = b[i][1].v + c[1].w; s[1][j][0].x = 1u; }\n";
  EXPECT_EQ(flatten_opaque_arrays_of_arrays(src),
            "layout(std140) uniform brass_ba_3__B { vec4 v; } b[6];\nbuffer brass_ba_2_2__S { uint x; } s[8];\n"
            "uniform C { vec4 w; } c[4];\n"
            "void main() { x = b[(i) * 3 + (1)].v + c[1].w; s[(1) * 4 + (j) * 2 + (0)].x = 1u; }\n");
  // Reflection's names back in GL's spelling, elements split row-major.
  EXPECT_EQ(block_array_name("brass_ba_3__B[5]"), "B[1][2]");
  EXPECT_EQ(block_array_name("brass_ba_3__B[0]"), "B[0][0]");
  EXPECT_EQ(block_array_name("brass_ba_2_2__S[6]"), "S[1][1][0]");
  EXPECT_EQ(block_array_name("brass_ba_3__B.v"), "B.v");
  EXPECT_EQ(block_array_name("B[2].v"), "B[2].v");
  // A sub-array of blocks used on its own: the text stays.
  const std::string partial = "uniform B { vec4 v; } b[2][3];\nvoid main() { x = b[1].length(); }\n";
  EXPECT_EQ(flatten_opaque_arrays_of_arrays(partial), partial);
}

TEST(OpaqueArrayIndexing, MalformedModuleIsLeftAlone) {
  std::vector<uint32_t> junk = {0x07230203, 0x10000, 0, 10, 0, 0xffff0000};
  const std::vector<uint32_t> copy = junk;
  EXPECT_FALSE(lower_dynamic_opaque_indexing(junk));
  EXPECT_EQ(junk, copy);
}

}  // namespace
}  // namespace brass::compiler::test
