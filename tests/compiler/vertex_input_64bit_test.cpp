// The lowering of double vertex inputs to 32-bit integer inputs
// (vertex_input_64bit.h), used where the device cannot fetch 64-bit vertex
// formats: every lowered module validates for Vulkan, has no 64-bit Input
// variable left, and declares uvec2/uvec4 inputs at the Vulkan locations
// the GL side feeds (two per dvec3/dvec4 column, where GL counts one);
// without the limit the inputs stay doubles at the same locations.
#include <map>

#include "compiler/spirv_module.h"
#include "compiler/vertex_input_64bit.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

constexpr const char* kVs = R"(#version 410 core
layout(location = 0) in double a;     // Vulkan 0
layout(location = 1) in dvec3 b;      // Vulkan 1, 2
layout(location = 2) in dmat2x4 m;    // GL 2, 3; Vulkan 3..6
layout(location = 4) in vec4 f;       // Vulkan 7
layout(location = 5) in dvec2 arr[2]; // GL 5, 6; Vulkan 8, 9
out vec4 v;
void main() {
  dvec4 s = dvec4(a, b) + m[0] + m[1] + dvec4(arr[0], arr[1]);
  v = vec4(s) + f;
  gl_Position = f;
})";

constexpr const char* kFs = R"(#version 410 core
in vec4 v;
out vec4 c;
void main() { c = v; })";

LinkResult link_with(bool lower) {
  LinkInput in;
  in.api = Api::GL;
  in.shaders = {{ShaderStage::Vertex, kVs}, {ShaderStage::Fragment, kFs}};
  in.limits.lower_64bit_vertex_inputs = lower ? 1 : 0;
  return link_program(in);
}

// Location -> component count and width of each located Input variable.
struct InputShape {
  uint32_t components = 0;
  uint32_t width = 0;
  bool is_float = false;
};
std::map<uint32_t, InputShape> inputs_of(const std::vector<uint32_t>& spirv) {
  std::map<uint32_t, InputShape> out;
  std::optional<SpirvModule> m = SpirvModule::parse(spirv);
  EXPECT_TRUE(m.has_value());
  if (!m) return out;
  auto def = [&](uint32_t id) -> const SpirvInstruction& { return m->instructions[m->find_definition(id)]; };
  for (const SpirvInstruction& inst : m->instructions) {
    if (inst.opcode() != spv::OpVariable || inst.operand(2) != spv::StorageClassInput) continue;
    const std::optional<uint32_t> loc = m->decoration_value(inst.operand(1), spv::DecorationLocation);
    if (!loc) continue;
    uint32_t type = def(inst.operand(0)).operand(2);
    InputShape s;
    // Arrays and matrices: the element's shape (enough for this shader).
    while (def(type).opcode() == spv::OpTypeArray || def(type).opcode() == spv::OpTypeMatrix)
      type = def(type).operand(1);
    s.components = 1;
    if (def(type).opcode() == spv::OpTypeVector) {
      s.components = def(type).operand(2);
      type = def(type).operand(1);
    }
    s.width = def(type).operand(1);
    s.is_float = def(type).opcode() == spv::OpTypeFloat;
    out[*loc] = s;
  }
  return out;
}

const StageBinary* vertex_stage(const LinkResult& r) {
  for (const StageBinary& b : r.stages)
    if (b.stage == ShaderStage::Vertex) return &b;
  return nullptr;
}

TEST(VertexInput64Bit, DoublesStayWithoutTheLimit) {
  const LinkResult r = link_with(false);
  ASSERT_TRUE(r.ok) << r.info_log;
  const auto in = inputs_of(vertex_stage(r)->spirv);
  ASSERT_TRUE(in.count(1));
  EXPECT_EQ(in.at(1).width, 64u);
  EXPECT_EQ(in.at(1).components, 3u);
  ASSERT_TRUE(in.count(3));  // m after b's two Vulkan locations
  EXPECT_EQ(in.at(3).width, 64u);
  ASSERT_TRUE(in.count(7));
  EXPECT_EQ(in.at(7).width, 32u);
}

TEST(VertexInput64Bit, VulkanLocationsCountTwoPerWideDoubleColumn) {
  std::vector<InterfaceVariable> attributes(4);
  attributes[0].type = 0x8FFE;  // dvec4 at GL 0
  attributes[0].location = 0;
  attributes[1].type = 0x8B52;  // vec4 at GL 1
  attributes[1].location = 1;
  attributes[2].type = 0x8F47;  // dmat3 at GL 2..4
  attributes[2].location = 2;
  attributes[3].type = 0x8FFC;  // dvec2 at GL 5, array of 2
  attributes[3].location = 5;
  attributes[3].array_size = 2;
  const auto vk = vulkan_vertex_input_locations(attributes);
  EXPECT_EQ(vk[0], 0);
  EXPECT_EQ(vk[1], 2);
  EXPECT_EQ(vk[2], 3);
  EXPECT_EQ(vk[3], 5);
  EXPECT_EQ(vk[4], 7);
  EXPECT_EQ(vk[5], 9);
  EXPECT_EQ(vk[6], 10);
  EXPECT_EQ(vk[7], 11);
}

TEST(VertexInput64Bit, LoweredToWordPairsPerLocation) {
  const LinkResult r = link_with(true);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "lowered");
  const auto in = inputs_of(vertex_stage(r)->spirv);
  // Vulkan location -> uint components: a double 2, dvec3 4 + 2, each
  // dmat2x4 column 4 + 4, each dvec2 element 4; the float input untouched.
  const std::map<uint32_t, uint32_t> expected = {{0, 2}, {1, 4}, {2, 2}, {3, 4}, {4, 4}, {5, 4},
                                                 {6, 4}, {8, 4}, {9, 4}};
  for (const auto& [loc, components] : expected) {
    ASSERT_TRUE(in.count(loc)) << "location " << loc;
    EXPECT_FALSE(in.at(loc).is_float) << "location " << loc;
    EXPECT_EQ(in.at(loc).width, 32u) << "location " << loc;
    EXPECT_EQ(in.at(loc).components, components) << "location " << loc;
  }
  ASSERT_TRUE(in.count(7));
  EXPECT_TRUE(in.at(7).is_float);
  EXPECT_EQ(in.at(7).width, 32u);
  EXPECT_EQ(in.size(), expected.size() + 1);
  // Running the pass again finds nothing left to lower.
  std::vector<uint32_t> again = vertex_stage(r)->spirv;
  EXPECT_TRUE(lower_64bit_vertex_inputs(again));
  EXPECT_EQ(again, vertex_stage(r)->spirv);
}

TEST(VertexInput64Bit, MalformedModulesAreRefused) {
  std::vector<uint32_t> junk = {1, 2, 3};
  EXPECT_FALSE(lower_64bit_vertex_inputs(junk));
}

// ARB_enhanced_layouts: a double at component 2 shares location 0 with a
// vec2; its words go to 32-bit components 2 and 3 there, not over the vec2.
TEST(VertexInput64Bit, ComponentOfALoweredDoubleKept) {
  LinkInput in;
  in.api = Api::GL;
  in.shaders = {{ShaderStage::Vertex, R"(#version 150
#extension GL_ARB_enhanced_layouts : require
#extension GL_ARB_explicit_attrib_location : require
#extension GL_ARB_gpu_shader_fp64 : require
#extension GL_ARB_vertex_attrib_64bit : require
uniform int i;
layout(location = 0) in vec2 a;
layout(location = 0, component = 2) in double b;
void main() { gl_Position = i == 1 ? vec4(a, 1.0, 1.0) : vec4(b); })"},
                {ShaderStage::Fragment, "#version 150\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"}};
  in.limits.lower_64bit_vertex_inputs = 1;
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "component");
  std::optional<SpirvModule> m = SpirvModule::parse(vertex_stage(r)->spirv);
  ASSERT_TRUE(m.has_value());
  int at_component_2 = 0;
  for (const SpirvInstruction& inst : m->instructions)
    if (inst.opcode() == spv::OpVariable && inst.operand(2) == spv::StorageClassInput &&
        m->decoration_value(inst.operand(1), spv::DecorationComponent) == 2u)
      ++at_component_2;
  EXPECT_EQ(at_component_2, 1);
}

}  // namespace
}  // namespace brass::compiler::test
