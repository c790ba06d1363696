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

namespace brass::compiler::test {
namespace {

TEST(Reflection, ExplicitUniformLocationsAreKept) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, "#version 310 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
                                        {ShaderStage::Fragment,
                                         "#version 310 es\nprecision mediump float;\nlayout(location = 3) uniform vec4 a;\n"
                                         "uniform vec4 b[2];\nlayout(location = 0) uniform float c;\nout vec4 o;\n"
                                         "void main() { o = a + b[0] + b[1] + vec4(c); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  EXPECT_EQ(find_uniform(pi, "a")->location, 3);
  EXPECT_EQ(find_uniform(pi, "c")->location, 0);
  EXPECT_EQ(find_uniform(pi, "b[0]")->location, 1);  // two free slots between c and a
  EXPECT_EQ(pi.uniform_location_count, 4u);
  expect_valid_spirv(r, "explicit locations");
}

// GL_BUFFER_VARIABLE properties the program interface queries report:
// matrix stride and order per std430 (vec2 columns stay 8 bytes apart), and
// an array size of 0 for a runtime-sized last member (an array of a basic
// type: its own array, not a top-level array, so top level 1).
TEST(Reflection, BufferVariableMatrixLayoutAndUnsizedArrays) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Compute,
                                         "#version 310 es\nlayout(local_size_x = 1) in;\n"
                                         "layout(std430, binding = 0) buffer B {\n"
                                         "  mat2 m2;\n"
                                         "  layout(row_major) mat2x3 rm;\n"
                                         "  mat3 m3;\n"
                                         "  float tail[];\n"
                                         "};\n"
                                         "void main() { m2[0].x = rm[0].x + m3[0].x + tail[3]; }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  std::map<std::string, const BufferVariable*> vars;
  for (const BufferVariable& v : r.interface.buffer_variables) vars[v.name] = &v;
  ASSERT_TRUE(vars.count("m2") && vars.count("rm") && vars.count("m3") && vars.count("tail[0]"));
  EXPECT_EQ(vars["m2"]->matrix_stride, 8);
  EXPECT_FALSE(vars["m2"]->row_major);
  // Row-major mat2x3: three rows of two floats, std430 vec2 rows.
  EXPECT_EQ(vars["rm"]->matrix_stride, 8);
  EXPECT_TRUE(vars["rm"]->row_major);
  EXPECT_EQ(vars["m3"]->matrix_stride, 16);
  EXPECT_EQ(vars["tail[0]"]->array_size, 0);
  EXPECT_EQ(vars["tail[0]"]->array_stride, 4);
  EXPECT_EQ(vars["tail[0]"]->top_level_array_size, 1);
  EXPECT_EQ(vars["m2"]->array_size, 1);
  EXPECT_EQ(vars["m2"]->top_level_array_size, 1);
}

// GL_REFERENCED_BY_*: a variable belongs to the stages that read it, not
// to every stage reflected after the first one that did (glslang's own
// masks). Members of an array of blocks belong to its first element, and a
// row-major matrix member sizes its block by rows.
TEST(Reflection, StagesBlockIndicesAndSizesOfBlockMembers) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex,
                 "#version 300 es\nuniform mat4 vs_only;\nuniform vec4 both;\n"
                 "layout(std140) uniform T { vec4 a; layout(row_major) mat2x3 rm; } t;\n"
                 "void main() { gl_Position = vs_only[0] + both + t.a + vec4(t.rm[0], 0.0); }\n"},
                {ShaderStage::Fragment,
                 "#version 300 es\nprecision mediump float;\nuniform highp vec4 both;\nuniform vec4 fs_only;\n"
                 "layout(std140) uniform M { vec4 d; float s; } m[2];\n"
                 "out vec4 o;\nvoid main() { o = both + fs_only + m[0].d + vec4(m[1].s); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  std::map<std::string, const Uniform*> u;
  for (const Uniform& x : r.interface.uniforms) u[x.name] = &x;
  ASSERT_TRUE(u.count("vs_only") && u.count("both") && u.count("fs_only") && u.count("T.a") && u.count("M.d") &&
              u.count("M.s"));
  const StageMask vs = stage_bit(ShaderStage::Vertex), fs = stage_bit(ShaderStage::Fragment);
  EXPECT_EQ(u["vs_only"]->stages, vs);
  EXPECT_EQ(u["both"]->stages, vs | fs);
  EXPECT_EQ(u["fs_only"]->stages, fs);
  EXPECT_EQ(u["T.a"]->stages, vs);
  EXPECT_EQ(u["M.s"]->stages, fs);
  std::map<std::string, int32_t> block_index;
  for (size_t i = 0; i < r.interface.uniform_blocks.size(); ++i)
    block_index[r.interface.uniform_blocks[i].name] = static_cast<int32_t>(i);
  ASSERT_TRUE(block_index.count("M[0]") && block_index.count("M[1]") && block_index.count("T"));
  EXPECT_EQ(u["M.d"]->block_index, block_index["M[0]"]);
  EXPECT_EQ(u["M.s"]->block_index, block_index["M[0]"]);  // read through m[1]
  // T: a at 0, rm at 16 as three 16-byte rows.
  EXPECT_EQ(r.interface.uniform_blocks[static_cast<size_t>(block_index["T"])].data_size, 64);
}

// The built-in inputs of the vertex stage and outputs of the fragment stage
// that the shaders use are listed (apart from the located ones), and only
// those: glslang declares VertexIndex/InstanceIndex in every vertex shader.
TEST(Reflection, UsedBuiltinInputsAndOutputs) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex,
                 "#version 300 es\nin vec4 pos;\n"
                 "void main() { gl_Position = pos + vec4(float(gl_VertexID), float(gl_InstanceID), 0.0, 0.0); }\n"},
                {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nout vec4 c;\n"
                                        "void main() { c = gl_FragCoord; gl_FragDepth = 0.5; }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.interface.builtin_inputs.size(), 2u);
  EXPECT_EQ(r.interface.builtin_inputs[0].name, "gl_VertexID");
  EXPECT_EQ(r.interface.builtin_inputs[0].type, gl::INT);
  EXPECT_EQ(r.interface.builtin_inputs[0].location, -1);
  EXPECT_EQ(r.interface.builtin_inputs[1].name, "gl_InstanceID");
  ASSERT_EQ(r.interface.builtin_outputs.size(), 1u);
  EXPECT_EQ(r.interface.builtin_outputs[0].name, "gl_FragDepth");
  EXPECT_EQ(r.interface.builtin_outputs[0].type, gl::FLOAT);
  ASSERT_EQ(r.interface.attributes.size(), 1u);  // pos; the built-ins get no location
  EXPECT_EQ(r.interface.attributes[0].name, "pos");

  in.shaders = {{ShaderStage::Vertex, "#version 300 es\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n"},
                {ShaderStage::Fragment,
                 "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"}};
  const LinkResult plain = link_program(in);
  ASSERT_TRUE(plain.ok) << plain.info_log;
  EXPECT_TRUE(plain.interface.builtin_inputs.empty());
  EXPECT_TRUE(plain.interface.builtin_outputs.empty());
}

TEST(Reflection, AtomicCountersAreGlAtomicCounterBuffers) {
  const LinkResult r = link(Api::GLES, {{ShaderStage::Compute,
                                         "#version 310 es\nlayout(local_size_x = 1) in;\n"
                                         "layout(binding = 1) uniform atomic_uint hits;\n"
                                         "layout(binding = 1) uniform atomic_uint misses;\n"
                                         "void main() { atomicCounterIncrement(hits); atomicCounterDecrement(misses); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  ASSERT_EQ(pi.atomic_counter_buffers.size(), 1u);
  EXPECT_EQ(pi.atomic_counter_buffers[0].binding, 1);
  EXPECT_TRUE(pi.storage_blocks.empty());
  const Uniform* hits = find_uniform(pi, "hits");
  const Uniform* misses = find_uniform(pi, "misses");
  ASSERT_TRUE(hits && misses);
  EXPECT_EQ(hits->type, gl::UNSIGNED_INT_ATOMIC_COUNTER);
  EXPECT_EQ(hits->offset, 0);
  EXPECT_EQ(misses->offset, 4);
  EXPECT_EQ(hits->atomic_buffer_index, 0);
  EXPECT_EQ(hits->location, -1);
  const Binding* b = find_binding(pi, kSetStorageBuffers, 0);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->kind, DescriptorKind::AtomicCounterBuffer);
  expect_valid_spirv(r, "atomic counters");
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

float float_at(const std::vector<uint8_t>& data, int offset) {
  float f;
  std::memcpy(&f, data.data() + offset, 4);
  return f;
}

TEST(Reflection, UniformInitializersFillTheDefaultBlock) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex,
                                       "#version 120\nuniform vec4 c = vec4(1.0, 2.0, 3.0, 4.0);\n"
                                       "uniform float f[2] = float[2](5.0, 6.0);\nuniform mat2 m = mat2(1.0, 2.0, 3.0, 4.0);\n"
                                       "uniform int i = 7;\nuniform float none;\nattribute vec4 p;\n"
                                       "void main() { gl_Position = p * c * f[1] * m[1].x * float(i) * none; }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  ASSERT_EQ(pi.default_block_initial_data.size(), pi.default_block_size);
  const Uniform* c = find_uniform(pi, "c");
  const Uniform* f = find_uniform(pi, "f[0]");
  const Uniform* m = find_uniform(pi, "m");
  const Uniform* i = find_uniform(pi, "i");
  const Uniform* none = find_uniform(pi, "none");
  ASSERT_TRUE(c && f && m && i && none);
  EXPECT_EQ(float_at(pi.default_block_initial_data, c->offset + 8), 3.0f);
  EXPECT_EQ(float_at(pi.default_block_initial_data, f->offset + f->array_stride), 6.0f);
  EXPECT_EQ(float_at(pi.default_block_initial_data, m->offset + m->matrix_stride + 4), 4.0f);
  int32_t iv;
  std::memcpy(&iv, pi.default_block_initial_data.data() + i->offset, 4);
  EXPECT_EQ(iv, 7);
  EXPECT_EQ(float_at(pi.default_block_initial_data, none->offset), 0.0f);
}

}  // namespace
}  // namespace brass::compiler::test

namespace brass::compiler::test {
namespace {

TEST(Reflection, DesktopCompatibilityBuiltinsBecomeGlNamedResources) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex,
                                       "#version 110\nvoid main() {\n  gl_FrontColor = gl_Color;\n"
                                       "  gl_TexCoord[0] = gl_TextureMatrix[0] * gl_MultiTexCoord0;\n"
                                       "  gl_Position = ftransform();\n}\n"},
                                      {ShaderStage::Fragment,
                                       "#version 110\nuniform sampler2D t;\n"
                                       "void main() { gl_FragColor = gl_Color * texture2D(t, gl_TexCoord[0].xy); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  EXPECT_TRUE(find_uniform(pi, "gl_ModelViewProjectionMatrix"));
  EXPECT_TRUE(find_uniform(pi, "gl_TextureMatrix[0]"));
  std::set<std::string> attributes;
  for (const InterfaceVariable& a : pi.attributes) attributes.insert(a.name);
  EXPECT_EQ(attributes, (std::set<std::string>{"gl_Vertex", "gl_Color", "gl_MultiTexCoord0"}));
  expect_valid_spirv(r, "compat");
  // Interpolation must agree between gl_Color and gl_FrontColor/gl_BackColor.
  const LinkResult bad = link(Api::GL, {{ShaderStage::Vertex, "#version 130\nvoid main() { gl_Position = vec4(0); gl_BackColor = vec4(0); }\n"},
                                        {ShaderStage::Fragment, "#version 130\nflat in vec4 gl_Color;\nout vec4 c;\nvoid main() { c = gl_Color; }\n"}});
  EXPECT_FALSE(bad.ok);
}

// GLSL 1.20 §7.5's built-in state: structures, arrays of structures, the
// matrix variants and the implementation constants all compile and are
// reported under their gl_* names, with std140 offsets to write them at.
TEST(Reflection, DesktopCompatibilityStateUniformsBecomeGlNamedResources) {
  const LinkResult r = link(
      Api::GL,
      {{ShaderStage::Vertex,
        "#version 120\nvoid main() {\n"
        "  gl_LightSourceParameters l = gl_LightSource[gl_MaxLights - 1];\n"
        "  vec4 c = l.diffuse * gl_FrontMaterial.diffuse + gl_FrontLightProduct[1].specular;\n"
        "  c += gl_LightModel.ambient + gl_FrontLightModelProduct.sceneColor + gl_TextureEnvColor[0];\n"
        "  c += gl_EyePlaneS[0] + gl_ObjectPlaneQ[gl_MaxTextureCoords - 1] + gl_ClipPlane[0];\n"
        "  c.x += gl_Point.size + gl_Fog.scale + gl_NormalScale + float(gl_MaxClipPlanes + gl_MaxTextureUnits);\n"
        "  gl_FrontColor = c;\n"
        "  gl_Position = gl_ModelViewMatrixInverseTranspose * gl_TextureMatrixInverse[1] * gl_Vertex;\n}\n"},
       {ShaderStage::Fragment,
        "#version 120\nvoid main() { gl_FragColor = gl_Color + gl_BackMaterial.emission * gl_Fog.color; }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  const ProgramInterface& pi = r.interface;
  for (const char* name : {"gl_LightSource[7].diffuse", "gl_FrontMaterial.diffuse", "gl_FrontLightProduct[1].specular",
                           "gl_LightModel.ambient", "gl_FrontLightModelProduct.sceneColor", "gl_TextureEnvColor[0]",
                           "gl_EyePlaneS[0]", "gl_ObjectPlaneQ[0]", "gl_ClipPlane[0]", "gl_Point.size", "gl_Fog.scale",
                           "gl_Fog.color", "gl_NormalScale", "gl_ModelViewMatrixInverseTranspose",
                           "gl_TextureMatrixInverse[0]", "gl_BackMaterial.emission"}) {
    const Uniform* u = find_uniform(pi, name);
    ASSERT_TRUE(u) << name;
    EXPECT_GE(u->offset, 0) << name;
    EXPECT_EQ(u->block_index, -1) << name;
  }
  expect_valid_spirv(r, "compat state");
}

// A GLSL 1.20 vertex shader writing gl_ClipVertex clips by the client clip
// planes: it gets gl_ClipDistance from gl_ClipPlane[] (fed by the frontend).
TEST(Reflection, DesktopClipVertexBecomesClipDistances) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex,
                                       "#version 120\nvoid main() {\n"
                                       "  gl_ClipVertex = gl_ModelViewMatrix * gl_Vertex;\n"
                                       "  if (gl_Vertex.x > 100.0) return;\n"
                                       "  gl_Position = ftransform();\n}\n"},
                                      {ShaderStage::Fragment, "#version 120\nvoid main() { gl_FragColor = vec4(1); }\n"}});
  ASSERT_TRUE(r.ok) << r.info_log;
  EXPECT_TRUE(find_uniform(r.interface, "gl_ClipPlane[0]"));
  EXPECT_TRUE(find_uniform(r.interface, "gl_ModelViewMatrix"));
  expect_valid_spirv(r, "clip vertex");
}

// Blocks of the default (shared) and packed layouts compile and report the
// std140 offsets the SPIR-V reads.
TEST(Reflection, SharedAndPackedBlocksReportStd140Offsets) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex,
                 "#version 300 es\nuniform S { float f; vec3 v; mat3 m; float a[2]; };\n"
                 "layout(packed) uniform P { vec2 p; float q; };\n"
                 "void main() { gl_Position = vec4(f, v) + vec4(m[2], a[1]) + vec4(p, q, 0.0); }\n"},
                {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "shared and packed blocks");
  std::map<std::string, int> offset, stride;
  for (const Uniform& u : r.interface.uniforms) {
    offset[u.name] = u.offset;
    stride[u.name] = u.array_stride;
  }
  EXPECT_EQ(offset["f"], 0);
  EXPECT_EQ(offset["v"], 16);
  EXPECT_EQ(offset["m"], 32);
  EXPECT_EQ(offset["a[0]"], 80);
  EXPECT_EQ(stride["a[0]"], 16);
  EXPECT_EQ(offset["p"], 0);
  EXPECT_EQ(offset["q"], 8);
}

// Members of nested structs and arrays of structs, in the default block and
// in a named block with row-major matrices: the offsets reported are the
// SPIR-V's Offset decorations (std140: a struct member starts on a 16-byte
// boundary), which glslang's reflection gets wrong for nested structs.
TEST(Reflection, NestedStructOffsetsMatchTheSpirv) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex,
                 "#version 300 es\nstruct T { int a; vec2 b; };\nstruct S { float a; T b; int c; };\n"
                 "uniform S s;\nuniform S arr[2];\n"
                 "layout(std140, row_major) uniform Blk { float f; S inner[2]; mat2x3 m; } blk;\n"
                 "void main() { gl_Position = vec4(s.a, s.b.b, float(s.b.a + s.c)) + vec4(arr[1].b.b, arr[1].a, 0.0)"
                 " + vec4(blk.inner[1].b.b, blk.m[1].xy) * blk.f; }\n"},
                {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  std::map<std::string, const Uniform*> by_name;
  for (const Uniform& u : r.interface.uniforms) by_name[u.name] = &u;
  auto offset = [&](const char* n) { return by_name.count(n) ? by_name[n]->offset : -2; };
  // s at 0: a 0, b (T) 16: b.a 16, b.b 24, c 32; S is 48 bytes.
  EXPECT_EQ(offset("s.a"), 0);
  EXPECT_EQ(offset("s.b.a"), 16);
  EXPECT_EQ(offset("s.b.b"), 24);
  EXPECT_EQ(offset("s.c"), 32);
  // arr at 48, 48 bytes per element.
  EXPECT_EQ(offset("arr[1].a"), 96);
  EXPECT_EQ(offset("arr[1].b.b"), 120);
  // Blk: f 0, inner at 16 (48 each), m at 112, row-major: 2 rows of vec2 padded to 16.
  EXPECT_EQ(offset("Blk.f"), 0);
  EXPECT_EQ(offset("Blk.inner[1].b.b"), 16 + 48 + 24);
  EXPECT_EQ(offset("Blk.m"), 112);
  ASSERT_TRUE(by_name.count("Blk.m"));
  EXPECT_EQ(by_name["Blk.m"]->matrix_stride, 16);
  EXPECT_TRUE(by_name["Blk.m"]->row_major);
}

// Samplers inside (arrays of) structs: Vulkan has no opaque struct
// members, so each becomes a sampler array of its own; the GL interface
// still shows one uniform per struct element ("s[1].inner.tex").
TEST(Reflection, SamplersInsideStructsAreLowered) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, "#version 300 es\nin vec4 p;\nout vec2 uv;\nvoid main() { uv = p.xy; gl_Position = p; }\n"},
                {ShaderStage::Fragment,
                 "#version 300 es\nprecision mediump float;\nstruct T { lowp sampler2D tex; };\n"
                 "struct S { float a; T inner; samplerCube cubes[2]; };\nuniform S s[3];\n"
                 "in vec2 uv;\nout vec4 o;\n"
                 "void main() { o = texture(s[2].inner.tex, uv) * s[0].a + texture(s[1].cubes[1], vec3(uv, 1.0)); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "lowered struct samplers");
  std::map<std::string, const Uniform*> by_name;
  for (const Uniform& u : r.interface.uniforms) by_name[u.name] = &u;
  for (int e = 0; e < 3; ++e) {
    const std::string tex = "s[" + std::to_string(e) + "].inner.tex";
    const std::string cubes = "s[" + std::to_string(e) + "].cubes[0]";
    ASSERT_TRUE(by_name.count(tex)) << tex;
    EXPECT_TRUE(by_name[tex]->is_sampler);
    EXPECT_EQ(by_name[tex]->type, gl::SAMPLER_2D);
    EXPECT_EQ(by_name[tex]->array_size, 1);
    EXPECT_EQ(by_name[tex]->sampler_element, e);
    EXPECT_GE(by_name[tex]->location, 0);
    // The cube array's descriptors are the declared flat array (the
    // SPIR-V's: Vulkan wants a descriptor for each element it declares), so
    // s[2].cubes is reported too although only s[1].cubes[1] is read.
    ASSERT_TRUE(by_name.count(cubes)) << cubes;
    EXPECT_EQ(by_name[cubes]->type, gl::SAMPLER_CUBE);
    EXPECT_EQ(by_name[cubes]->array_size, 2);
    EXPECT_EQ(by_name[cubes]->sampler_element, 2 * e);
  }
  EXPECT_TRUE(by_name.count("s[0].a"));
}

// A sampler array member read only below its last element: the descriptor
// array is the declared one (a shorter one fails Vulkan's layout rules,
// VUID-VkGraphicsPipelineCreateInfo-layout-00756), and the GL uniform
// reports every element, each with a descriptor (a unit set with
// glUniform1i reads back).
TEST(Reflection, LoweredSamplerArraysCoverTheDeclaredElements) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, "attribute vec4 p;\nvoid main() { gl_Position = p; }\n"},
                {ShaderStage::Fragment,
                 "precision mediump float;\n"
                 "struct S { sampler2D a; samplerCube b; sampler2D c[3]; samplerCube m[3]; };\nuniform S u;\n"
                 "void main() { gl_FragColor = texture2D(u.a, vec2(0.5)) + textureCube(u.m[1], vec3(1.0)); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  std::map<std::string, const Uniform*> by_name;
  for (const Uniform& u : r.interface.uniforms) by_name[u.name] = &u;
  ASSERT_TRUE(by_name.count("u.m[0]"));
  EXPECT_EQ(by_name["u.m[0]"]->array_size, 3);
  uint32_t cube_descriptors = 0;
  for (const Binding& b : r.interface.bindings)
    if (b.set == kSetSamplers && b.slot == static_cast<uint32_t>(by_name["u.m[0]"] - r.interface.uniforms.data()))
      cube_descriptors = b.array_count;
  EXPECT_EQ(cube_descriptors, 3u);
}

// A struct with samplers copied whole into a local variable cannot be
// lowered: the link fails with a log, never a crash.
TEST(Reflection, StructWithSamplersUsedWholeFailsTheLinkCleanly) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, "#version 300 es\nin vec4 p;\nout vec2 uv;\nvoid main() { uv = p.xy; gl_Position = p; }\n"},
                {ShaderStage::Fragment,
                 "#version 300 es\nprecision mediump float;\nstruct S { float a; sampler2D tex; };\nuniform S s;\n"
                 "in vec2 uv;\nout vec4 o;\nvoid main() { S local = s; o = texture(local.tex, uv) * local.a; }\n"}};
  const LinkResult r = link_program(in);
  EXPECT_FALSE(r.ok);
  EXPECT_FALSE(r.info_log.empty());
}

// Structs with samplers as function arguments (whole, an element of a
// struct array, a whole struct array, and passed on from a parameter):
// each parameter's samplers become parameters of their own, and the GL
// interface is the same as without the functions.
TEST(Reflection, StructsWithSamplersPassToFunctions) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, "attribute vec4 p;\nvoid main() { gl_Position = p; }\n"},
                {ShaderStage::Fragment,
                 "precision mediump float;\nstruct S { sampler2D source; float a; };\n"
                 "vec4 fun(S s);\n"
                 "vec4 fun2(S s[2]) { return texture2D(s[1].source, vec2(0.5)) + fun(s[0]); }\n"
                 "uniform S s;\nuniform S arr[2];\n"
                 "void main() { gl_FragColor = fun(s) + fun(arr[1]) + fun2(arr); }\n"
                 "vec4 fun(S s) { return texture2D(s.source, vec2(0.5)) * s.a; }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "struct arguments");
  std::map<std::string, const Uniform*> by_name;
  for (const Uniform& u : r.interface.uniforms) by_name[u.name] = &u;
  for (const char* name : {"s.source", "arr[0].source", "arr[1].source", "s.a", "arr[0].a", "arr[1].a"})
    EXPECT_TRUE(by_name.count(name)) << name;
  EXPECT_TRUE(by_name["arr[1].source"]->is_sampler);
}

// Every member of a std140 (or shared) named block is active, read or not,
// with the offset the SPIR-V gives it.
TEST(Reflection, UnreadMembersOfStd140BlocksAreActive) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex,
                 "#version 300 es\nstruct P { vec2 x; bool y; };\n"
                 "uniform A { float used; P unused[2]; mat3 m; } a;\n"
                 "void main() { gl_Position = vec4(a.used); }\n"},
                {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.interface.uniform_blocks.size(), 1u);
  std::map<std::string, const Uniform*> by_name;
  for (uint32_t m : r.interface.uniform_blocks[0].active_members) by_name[r.interface.uniforms[m].name] = &r.interface.uniforms[m];
  ASSERT_EQ(by_name.size(), 6u);
  EXPECT_EQ(by_name["A.used"]->offset, 0);
  EXPECT_EQ(by_name["A.unused[1].x"]->offset, 32);  // P: 12 bytes, stride 16
  EXPECT_EQ(by_name["A.unused[1].y"]->offset, 40);
  EXPECT_EQ(by_name["A.unused[1].y"]->type, gl::BOOL);
  EXPECT_EQ(by_name["A.m"]->offset, 48);
  EXPECT_EQ(by_name["A.m"]->matrix_stride, 16);
  EXPECT_EQ(by_name["A.m"]->stages, r.interface.uniform_blocks[0].stages);
}

// A std140 or shared block no shader reads is still an active block, with
// all its members (ES 3.0 2.12.6).
TEST(Reflection, UnreadStd140BlocksAreActive) {
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex,
                 "#version 300 es\nuniform Used { vec4 u; };\nuniform Unread { float x; mat3 m; } unread[2];\n"
                 "void main() { gl_Position = u; }\n"},
                {ShaderStage::Fragment, "#version 300 es\nprecision mediump float;\nuniform Quiet { vec2 q[3]; };\n"
                                        "out vec4 o;\nvoid main() { o = vec4(1.0); }\n"}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  std::map<std::string, const Block*> blocks;
  for (const Block& b : r.interface.uniform_blocks) blocks[b.name] = &b;
  ASSERT_TRUE(blocks.count("Unread[0]") && blocks.count("Unread[1]") && blocks.count("Quiet"));
  EXPECT_EQ(blocks["Unread[1]"]->data_size, 64);  // x at 0, m at 16 (3 columns of 16)
  EXPECT_EQ(blocks["Quiet"]->data_size, 48);      // vec2 array: stride 16
  EXPECT_EQ(blocks["Quiet"]->stages, stage_bit(ShaderStage::Fragment));
  EXPECT_EQ(blocks["Quiet"]->initial_binding, 0);
  EXPECT_EQ(blocks["Unread[1]"]->active_members.size(), 2u);
  std::map<std::string, const Uniform*> by_name;
  for (const Uniform& u : r.interface.uniforms) by_name[u.name] = &u;
  ASSERT_TRUE(by_name.count("Unread.m") && by_name.count("q[0]"));
  EXPECT_EQ(by_name["Unread.m"]->offset, 16);
  EXPECT_EQ(by_name["q[0]"]->array_size, 3);
  EXPECT_EQ(by_name["q[0]"]->array_stride, 16);
}

}  // namespace
}  // namespace brass::compiler::test
