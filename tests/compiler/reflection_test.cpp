// Program interface and binding table: names, GL types, offsets, locations
// and the descriptor contract with the driver.
#include <cstring>
#include <map>
#include <set>

#include "compiler/gl_types.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

std::string corpus(const std::string& file) { return read_text(std::string(BRASS_COMPILER_CORPUS_DIR) + "/" + file); }

TEST(Reflection, Es100DefaultBlockLayoutAndLocations) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, corpus("es100_basic.vert")},
                                        {ShaderStage::Fragment, corpus("es100_basic.frag")}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  const Uniform* mvp = find_uniform(pi, "u_mvp");
  const Uniform* offsets = find_uniform(pi, "u_offsets[0]");
  const Uniform* color = find_uniform(pi, "u_color");
  const Uniform* tex = find_uniform(pi, "u_tex");
  const Uniform* cube = find_uniform(pi, "u_cube");
  ASSERT_TRUE(mvp && offsets && color && tex && cube);
  EXPECT_EQ(mvp->type, gl::FLOAT_MAT4);
  EXPECT_EQ(mvp->matrix_stride, 16);
  EXPECT_EQ(offsets->type, gl::FLOAT_VEC2);
  EXPECT_EQ(offsets->array_size, 4);
  EXPECT_EQ(offsets->array_stride, 16);  // std140
  EXPECT_EQ(color->type, gl::FLOAT_VEC4);
  EXPECT_EQ(tex->type, gl::SAMPLER_2D);
  EXPECT_EQ(cube->type, gl::SAMPLER_CUBE);
  EXPECT_TRUE(tex->is_sampler);
  EXPECT_EQ(tex->offset, -1);
  EXPECT_EQ(mvp->block_index, -1);
  // std140 offsets are multiples of the base alignment and do not overlap.
  EXPECT_EQ(mvp->offset % 16, 0);
  EXPECT_EQ(offsets->offset % 16, 0);
  EXPECT_EQ(color->offset % 16, 0);
  EXPECT_GE(pi.default_block_size, 64u + 64u + 16u);
  // Locations: dense, arrays take one per element.
  std::vector<int> used(pi.uniform_location_count, 0);
  for (const Uniform& u : pi.uniforms) {
    if (u.block_index != -1) continue;
    ASSERT_GE(u.location, 0) << u.name;
    for (int e = 0; e < u.array_size; ++e) used.at(static_cast<size_t>(u.location + e))++;
  }
  for (int n : used) { EXPECT_EQ(n, 1); }
  EXPECT_EQ(pi.uniform_location_count, 4u + 4u);  // mvp, offsets[4], color, tex, cube
  ASSERT_EQ(pi.location_to_uniform.size(), pi.uniform_location_count);
  EXPECT_EQ(pi.uniforms[static_cast<size_t>(pi.location_to_uniform[static_cast<size_t>(offsets->location + 2)])].name, "u_offsets[0]");
  // Attributes and the gl_FragColor output.
  ASSERT_EQ(pi.attributes.size(), 2u);
  for (const InterfaceVariable& a : pi.attributes) { EXPECT_TRUE(a.name == "a_position" || a.name == "a_texcoord"); }
  ASSERT_EQ(pi.fragment_outputs.size(), 1u);
  EXPECT_EQ(pi.fragment_outputs[0].name, "gl_FragColor");
}

TEST(Reflection, BindingContract) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, corpus("es100_basic.vert")},
                                        {ShaderStage::Fragment, corpus("es100_basic.frag")}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  // Set 0: one default UBO per stage, binding = stage index.
  const Binding* vs_default = find_binding(pi, kSetDefaultUniforms, 0);
  const Binding* fs_default = find_binding(pi, kSetDefaultUniforms, 4);
  ASSERT_TRUE(vs_default && fs_default);
  EXPECT_EQ(vs_default->binding, 0u);
  EXPECT_EQ(fs_default->binding, 4u);
  EXPECT_EQ(vs_default->stages, stage_bit(ShaderStage::Vertex));
  EXPECT_EQ(fs_default->kind, DescriptorKind::UniformBuffer);
  // Set 2: samplers, dense, slot = uniform index.
  std::vector<const Binding*> samplers;
  for (const Binding& b : pi.bindings)
    if (b.set == kSetSamplers) samplers.push_back(&b);
  ASSERT_EQ(samplers.size(), 2u);
  for (size_t i = 0; i < samplers.size(); ++i) {
    EXPECT_EQ(samplers[i]->binding, i);
    EXPECT_EQ(samplers[i]->kind, DescriptorKind::CombinedImageSampler);
    EXPECT_TRUE(pi.uniforms.at(samplers[i]->slot).is_sampler);
    EXPECT_EQ(samplers[i]->stages, stage_bit(ShaderStage::Fragment));
  }
  EXPECT_LT(samplers[0]->slot, samplers[1]->slot);  // slot order within a stage
}

TEST(Reflection, BlocksStructsAndArrays) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, corpus("es310_structs.vert")},
                                        {ShaderStage::Fragment, corpus("es310_structs.frag")}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  // Arrays of structs: GL names per element and member.
  const Uniform* l2 = find_uniform(pi, "u_lights[2].intensity");
  const Uniform* l0 = find_uniform(pi, "u_lights[0].intensity");
  const Uniform* colors = find_uniform(pi, "u_lights[1].color[0]");
  ASSERT_TRUE(l2 && l0 && colors) << "uniform names";
  EXPECT_EQ(l2->type, gl::FLOAT);
  EXPECT_EQ(colors->array_size, 2);
  EXPECT_EQ(colors->array_stride, 16);
  EXPECT_GT(l2->offset, l0->offset);
  EXPECT_EQ((l2->offset - l0->offset) % 16, 0);
  // Blocks: Material then Skin, members point back at them.
  ASSERT_EQ(pi.uniform_blocks.size(), 2u);
  int material = -1, skin = -1;
  for (size_t i = 0; i < pi.uniform_blocks.size(); ++i) {
    if (pi.uniform_blocks[i].name == "Material") material = static_cast<int>(i);
    if (pi.uniform_blocks[i].name == "Skin") skin = static_cast<int>(i);
  }
  ASSERT_GE(material, 0);
  ASSERT_GE(skin, 0);
  EXPECT_EQ(pi.uniform_blocks[skin].data_size, 4 * 64);
  const Uniform* diffuse = find_uniform(pi, "Material.diffuse");
  const Uniform* shininess = find_uniform(pi, "Material.shininess");
  const Uniform* bones = find_uniform(pi, "bones[0]");
  ASSERT_TRUE(diffuse && shininess && bones);
  EXPECT_EQ(diffuse->block_index, material);
  EXPECT_EQ(diffuse->offset, 0);
  EXPECT_EQ(shininess->offset, 16);
  EXPECT_EQ(diffuse->location, -1);
  EXPECT_EQ(bones->block_index, skin);
  EXPECT_EQ(bones->array_stride, 64);
  EXPECT_EQ(bones->matrix_stride, 16);
  // Set 1: one UBO binding per block, dense, slot = block index.
  std::vector<Binding> ubos;
  for (const Binding& b : pi.bindings)
    if (b.set == kSetUniformBuffers) ubos.push_back(b);
  ASSERT_EQ(ubos.size(), 2u);
  EXPECT_EQ(ubos[0].binding, 0u);
  EXPECT_EQ(ubos[1].binding, 1u);
  EXPECT_EQ(ubos[0].slot, 0u);
  EXPECT_EQ(ubos[1].slot, 1u);
}

// Arrays of arrays in a block (GLSL ES 3.10): one GL uniform per element of
// the outer dimensions, an array of the innermost one, read or not; no entry
// for the outer array itself.
TEST(Reflection, ArraysOfArraysInBlocks) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, R"(#version 310 es
layout(std140) uniform Block { bvec4 v[3][4]; mediump float f[2][2][2]; };
void main() { gl_Position = vec4(v[1][2].x ? 1.0 : 0.0); }
)"},
                                        {ShaderStage::Fragment, R"(#version 310 es
precision mediump float;
out vec4 c;
void main() { c = vec4(1.0); }
)"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  std::set<std::string> names;
  for (const Uniform& u : r.interface.uniforms)
    if (u.block_index == 0) names.insert(u.name);
  EXPECT_EQ(names, (std::set<std::string>{"v[0][0]", "v[1][0]", "v[2][0]", "f[0][0][0]", "f[0][1][0]", "f[1][0][0]",
                                          "f[1][1][0]"}));
  const Uniform* v1 = find_uniform(r.interface, "v[1][0]");
  const Uniform* f11 = find_uniform(r.interface, "f[1][1][0]");
  ASSERT_TRUE(v1 && f11);
  EXPECT_EQ(v1->array_size, 4);
  EXPECT_EQ(v1->array_stride, 16);
  EXPECT_EQ(v1->offset, 64);
  EXPECT_EQ(f11->array_size, 2);
  EXPECT_EQ(f11->offset, 192 + 3 * 32);
}

// A default-block array of arrays with an explicit location: each GL
// uniform "v[i][0]" is an array of the innermost dimension, located after
// the elements before it.
TEST(Reflection, ArrayOfArraysUniformLocations) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, R"(#version 310 es
layout(location = 10) uniform highp int v[3][2];
void main() { gl_Position = vec4(float(v[0][0] + v[1][1] + v[2][0])); }
)"},
                                        {ShaderStage::Fragment, R"(#version 310 es
precision mediump float;
out vec4 c;
void main() { c = vec4(1.0); }
)"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  for (int i = 0; i < 3; ++i) {
    const std::string name = "v[" + std::to_string(i) + "][0]";
    const Uniform* u = find_uniform(r.interface, name.c_str());
    ASSERT_TRUE(u) << name;
    EXPECT_EQ(u->array_size, 2) << name;
    EXPECT_EQ(u->location, 10 + 2 * i) << name;
  }
}

TEST(Reflection, EveryUniformType) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, corpus("es310_uniform_types.vert")},
                                        {ShaderStage::Fragment, corpus("es310_uniform_types.frag")}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const std::pair<const char*, uint32_t> expected[] = {
      {"u_float", gl::FLOAT}, {"u_vec2", gl::FLOAT_VEC2}, {"u_vec3", gl::FLOAT_VEC3}, {"u_vec4", gl::FLOAT_VEC4},
      {"u_int", gl::INT}, {"u_ivec2", gl::INT_VEC2}, {"u_ivec3", gl::INT_VEC3}, {"u_ivec4", gl::INT_VEC4},
      {"u_uint", gl::UNSIGNED_INT}, {"u_uvec2", gl::UNSIGNED_INT_VEC2}, {"u_uvec3", gl::UNSIGNED_INT_VEC3},
      {"u_uvec4", gl::UNSIGNED_INT_VEC4}, {"u_bool", gl::BOOL}, {"u_bvec2", gl::BOOL_VEC2},
      {"u_bvec3", gl::BOOL_VEC3}, {"u_bvec4", gl::BOOL_VEC4}, {"u_mat2", gl::FLOAT_MAT2},
      {"u_mat3", gl::FLOAT_MAT3}, {"u_mat4", gl::FLOAT_MAT4}, {"u_mat2x3", gl::FLOAT_MAT2x3},
      {"u_mat2x4", gl::FLOAT_MAT2x4}, {"u_mat3x2", gl::FLOAT_MAT3x2}, {"u_mat3x4", gl::FLOAT_MAT3x4},
      {"u_mat4x2", gl::FLOAT_MAT4x2}, {"u_mat4x3", gl::FLOAT_MAT4x3}, {"s_2d", gl::SAMPLER_2D},
      {"s_3d", gl::SAMPLER_3D}, {"s_cube", gl::SAMPLER_CUBE}, {"s_2dshadow", gl::SAMPLER_2D_SHADOW},
      {"s_cubeshadow", gl::SAMPLER_CUBE_SHADOW}, {"s_2darray", gl::SAMPLER_2D_ARRAY},
      {"s_2darrayshadow", gl::SAMPLER_2D_ARRAY_SHADOW}, {"s_2dms", gl::SAMPLER_2D_MULTISAMPLE},
      {"s_i2d", gl::INT_SAMPLER_2D}, {"s_u3d", gl::UNSIGNED_INT_SAMPLER_3D}, {"s_icube", gl::INT_SAMPLER_CUBE},
      {"s_u2darray", gl::UNSIGNED_INT_SAMPLER_2D_ARRAY},
  };
  for (const auto& [name, type] : expected) {
    const Uniform* u = find_uniform(r.interface, name);
    ASSERT_TRUE(u) << name;
    EXPECT_EQ(u->type, type) << name;
  }
  // mat2x3 in std140: 2 columns of vec3 padded to 16 bytes.
  EXPECT_EQ(find_uniform(r.interface, "u_mat2x3")->matrix_stride, 16);
}

TEST(Reflection, ReservedWordIdentifiersKeepGlNames) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, corpus("es100_clash.vert")},
                                        {ShaderStage::Fragment, corpus("es100_clash.frag")}});
  ASSERT_TRUE(r.ok) << r.info_log;
  for (const char* name : {"texture", "buffer", "shared", "texture2"}) { EXPECT_TRUE(find_uniform(r.interface, name)) << name; }
  ASSERT_EQ(r.interface.attributes.size(), 1u);
  EXPECT_EQ(r.interface.attributes[0].name, "sample");
  expect_valid_spirv(r, "clash");
}

TEST(Reflection, ReadonlyStorageBlocks) {
  const char* cs = R"(#version 310 es
layout(local_size_x = 1) in;
layout(std430, binding = 0) readonly buffer In { uint a[]; };
layout(std430, binding = 1) buffer Out { uint b[]; };
void main() { b[0] = a[0]; })";
  const LinkResult r = link(Api::GLES, {{ShaderStage::Compute, cs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.interface.storage_blocks.size(), 2u);
  for (const Block& b : r.interface.storage_blocks) EXPECT_EQ(b.read_only, b.name == "In") << b.name;
}

TEST(Reflection, ComputeStorageBuffersAndImages) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Compute, corpus("es310_compute.comp")}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  EXPECT_EQ(pi.compute_local_size[0], 8u);
  EXPECT_EQ(pi.compute_local_size[1], 4u);
  ASSERT_EQ(pi.storage_blocks.size(), 1u);
  EXPECT_EQ(pi.storage_blocks[0].name, "Data");
  EXPECT_EQ(pi.storage_blocks[0].initial_binding, 2);
  bool saw_values = false;
  for (const BufferVariable& v : pi.buffer_variables) {
    if (v.name == "Data.values[0]") {
      saw_values = true;
      EXPECT_EQ(v.offset, 16);
      EXPECT_EQ(v.array_stride, 16);
    }
  }
  EXPECT_TRUE(saw_values);
  const Uniform* src = find_uniform(pi, "u_src");
  const Uniform* dst = find_uniform(pi, "u_dst");
  ASSERT_TRUE(src && dst);
  EXPECT_TRUE(src->is_image);
  EXPECT_EQ(src->initial_binding, 1);
  EXPECT_EQ(dst->initial_binding, 0);
  // Compute's default block is binding 0 of set 0; images dense in set 4.
  EXPECT_TRUE(find_binding(pi, kSetDefaultUniforms, static_cast<uint32_t>(ShaderStage::Compute)));
  int images = 0, ssbos = 0;
  for (const Binding& b : pi.bindings) {
    if (b.set == kSetDefaultUniforms) { EXPECT_EQ(b.binding, 0u); }
    if (b.set == kSetStorageImages) {
      EXPECT_EQ(b.binding, static_cast<uint32_t>(images++));
      EXPECT_EQ(b.kind, DescriptorKind::StorageImage);
    }
    if (b.set == kSetStorageBuffers) {
      EXPECT_EQ(b.binding, static_cast<uint32_t>(ssbos++));
      EXPECT_EQ(b.slot, 0u);
    }
  }
  EXPECT_EQ(images, 2);
  EXPECT_EQ(ssbos, 1);
}

TEST(Reflection, ExplicitBindingsAreGlInitialValuesNotVulkanSlots) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, corpus("gl420_binding.vert")},
                                      {ShaderStage::Fragment, corpus("gl420_binding.frag")}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  EXPECT_EQ(find_uniform(pi, "albedo")->initial_binding, 5);
  EXPECT_EQ(find_uniform(pi, "normal_map")->initial_binding, 1);
  ASSERT_EQ(pi.uniform_blocks.size(), 1u);
  EXPECT_EQ(pi.uniform_blocks[0].initial_binding, 3);
  const Binding* camera = find_binding(pi, kSetUniformBuffers, 0);
  ASSERT_TRUE(camera);
  EXPECT_EQ(camera->binding, 0u);  // dense, not 3
  uint32_t next = 0;
  for (const Binding& b : pi.bindings)
    if (b.set == kSetSamplers) { EXPECT_EQ(b.binding, next++); }
  EXPECT_EQ(next, 2u);
}

TEST(Reflection, BindingsAcrossStagesAreSharedAndStageOrdered) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, corpus("gl140_blocks.vert")},
                                      {ShaderStage::Fragment, corpus("gl140_blocks.frag")}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  ASSERT_EQ(pi.uniform_blocks.size(), 1u);
  const Binding* globals = find_binding(pi, kSetUniformBuffers, 0);
  ASSERT_TRUE(globals);
  EXPECT_EQ(globals->stages, stage_bit(ShaderStage::Vertex) | stage_bit(ShaderStage::Fragment));
  const Uniform* lut = find_uniform(pi, "lut");
  ASSERT_TRUE(lut);
  EXPECT_EQ(lut->type, gl::SAMPLER_BUFFER);
  const Binding* lut_binding = nullptr;
  for (const Binding& b : pi.bindings)
    if (b.set == kSetSamplers) lut_binding = &b;
  ASSERT_TRUE(lut_binding);
  EXPECT_EQ(lut_binding->kind, DescriptorKind::UniformTexelBuffer);
}

TEST(Reflection, AttributeBindingsRemapLocations) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, corpus("es100_basic.vert")}, {ShaderStage::Fragment, corpus("es100_basic.frag")}};
  in.attribute_bindings = {{"a_texcoord", 5}, {"a_position", 2}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  for (const InterfaceVariable& a : r.interface.attributes) {
    if (a.name == "a_texcoord") { EXPECT_EQ(a.location, 5); }
    if (a.name == "a_position") { EXPECT_EQ(a.location, 2); }
  }
  expect_valid_spirv(r, "attribute remap");
}

TEST(Reflection, ExplicitAttributeLocationsWinOverBindings) {
  LinkInput in;
  in.api = Api::GL;
  in.shaders = {{ShaderStage::Vertex, corpus("gl330_locations.vert")}, {ShaderStage::Fragment, corpus("gl330_locations.frag")}};
  in.attribute_bindings = {{"position", 7}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  for (const InterfaceVariable& a : r.interface.attributes) {
    if (a.name == "position") { EXPECT_EQ(a.location, 2); }
    if (a.name == "color") { EXPECT_EQ(a.location, 0); }
  }
  for (const InterfaceVariable& o : r.interface.fragment_outputs) {
    if (o.name == "first") { EXPECT_EQ(o.location, 0); }
    if (o.name == "second") { EXPECT_EQ(o.location, 1); }
  }
}

TEST(Reflection, FragDataBindings) {
  LinkInput in;
  in.api = Api::GL;
  in.shaders = {{ShaderStage::Vertex, "#version 130\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
                {ShaderStage::Fragment, "#version 130\nout vec4 a;\nout vec4 b;\nvoid main() { a = vec4(1.0); b = vec4(0.0); }\n"}};
  in.frag_data_bindings = {{"a", 1, 0}, {"b", 0, 0}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  for (const InterfaceVariable& o : r.interface.fragment_outputs) {
    if (o.name == "a") { EXPECT_EQ(o.location, 1); }
    if (o.name == "b") { EXPECT_EQ(o.location, 0); }
  }
  expect_valid_spirv(r, "frag data");
}

}  // namespace
}  // namespace brass::compiler::test
