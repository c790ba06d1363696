// Program interface reflection of declarations with explicit layouts and
// stage use: explicit uniform locations, buffer variables (matrix layout,
// unsized arrays), per-stage block indices, built-in inputs and outputs,
// atomic counter buffers and uniform initializers.
#include <cstring>
#include <map>
#include <set>

#include "compiler/gl_types.h"
#include "test_helpers.h"

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
