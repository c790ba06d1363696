// ES 3.2's shading features as GLSL ES 3.10 extensions: OES_sample_variables,
// OES_shader_multisample_interpolation, EXT/OES_gpu_shader5 and
// EXT/OES_primitive_bounding_box. Each compiles with its directive, is
// refused without it (or when the context does not expose it), and links
// to SPIR-V that validates for Vulkan.
#include "compiler/es_builtin_standins.h"
#include "compiler/per_sample_interpolation.h"
#include "compiler/spirv_module.h"
#include "compiler/variant_key.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

const char* kVs = R"(#version 310 es
in vec4 p;
out vec4 v;
void main() { gl_Position = p; v = p; })";

const std::string kSampleVariablesBody = R"(
precision highp float;
out vec4 c;
void main() {
  c = vec4(gl_SamplePosition, float(gl_SampleID) / float(gl_NumSamples), float(gl_SampleMaskIn[0] & 1));
  gl_SampleMask[0] = 1 << gl_SampleID;
})";

const std::string kInterpolationBody = R"(
precision highp float;
sample in vec4 v;
out vec4 c;
void main() {
  c = interpolateAtCentroid(v) + interpolateAtSample(v, 1) + interpolateAtOffset(v, vec2(-0.25, 0.25));
})";

CompileOptions hiding(std::vector<std::string> names) {
  CompileOptions o;
  o.unexposed_extensions = std::move(names);
  return o;
}

TEST(Es32ShadingExtensions, SampleVariables) {
  const std::string with = "#version 310 es\n#extension GL_OES_sample_variables : require\n" + kSampleVariablesBody;
  const CompileResult r = compile_shader({ShaderStage::Fragment, with});
  EXPECT_TRUE(r.ok) << r.info_log;
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment, "#version 310 es\n" + kSampleVariablesBody}).ok)
      << "ESSL 3.10 needs the directive";
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment, with}, hiding({"GL_OES_sample_variables"})).ok);
  EXPECT_TRUE(compile_shader({ShaderStage::Fragment, "#version 320 es\n" + kSampleVariablesBody}).ok);
  const LinkResult l = link(Api::GLES, {{ShaderStage::Vertex, kVs}, {ShaderStage::Fragment, with}});
  ASSERT_TRUE(l.ok) << l.info_log;
  expect_valid_spirv(l, "sample variables");
}

// glslang leaves the masks unsized; .length() is their GLSL ES size (a
// constant expression). Indexing them with a loop variable, as ESSL allows,
// glslang still refuses (an output array in ES).
TEST(Es32ShadingExtensions, SampleMaskLength) {
  const std::string body = R"(
precision highp float;
layout(location = 0) out vec4 c;
void main() {
  gl_SampleMask[gl_SampleMask.length() - 1] = gl_SampleMaskIn[0] & int(0xAAAAAAAA);
  c = vec4(float(gl_SampleMaskIn . length ()));
})";
  const std::string with = "#version 310 es\n#extension GL_OES_sample_variables : require\n" + body;
  const CompileResult r = compile_shader({ShaderStage::Fragment, with});
  EXPECT_TRUE(r.ok) << r.info_log;
  const LinkResult l = link(Api::GLES, {{ShaderStage::Vertex, kVs}, {ShaderStage::Fragment, with}});
  ASSERT_TRUE(l.ok) << l.info_log;
  expect_valid_spirv(l, "gl_SampleMask.length()");
  EXPECT_TRUE(compile_shader({ShaderStage::Fragment, "#version 320 es\n" + body}).ok);
}

TEST(Es32ShadingExtensions, MultisampleInterpolation) {
  const std::string with =
      "#version 310 es\n#extension GL_OES_shader_multisample_interpolation : require\n" + kInterpolationBody;
  const CompileResult r = compile_shader({ShaderStage::Fragment, with});
  EXPECT_TRUE(r.ok) << r.info_log;
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment, "#version 310 es\n" + kInterpolationBody}).ok);
  EXPECT_FALSE(
      compile_shader({ShaderStage::Fragment, with}, hiding({"GL_OES_shader_multisample_interpolation"})).ok);
  const std::string vs = R"(#version 310 es
#extension GL_OES_shader_multisample_interpolation : require
in vec4 p;
sample out vec4 v;
void main() { gl_Position = p; v = p; })";
  const LinkResult l = link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, with}});
  ASSERT_TRUE(l.ok) << l.info_log;
  expect_valid_spirv(l, "multisample interpolation");
}

TEST(Es32ShadingExtensions, GpuShader5Fragment) {
  const std::string body = R"(
precision highp float;
uniform highp sampler2D tex[4];
uniform int index;
layout(std140) uniform U { vec4 value; } blocks[2];
in vec4 v;
out vec4 c;
precise float p;
void main() {
  uint u = 3u;
  float f = float(u);
  int e;
  float m = frexp(v.x, e);
  p = fma(v.x, v.y, v.z);
  const ivec2 offsets[4] = ivec2[4](ivec2(0), ivec2(1, 0), ivec2(0, 1), ivec2(1));
  c = texture(tex[index], v.xy) + textureGather(tex[index & 1], v.xy, 2) +
      textureGatherOffsets(tex[0], v.xy, offsets, 1) + textureGatherOffset(tex[1], v.xy, ivec2(index)) +
      blocks[index].value + vec4(f, m, p, ldexp(1.0, e)) + float(bitfieldExtract(index, 0, 2));
})";
  for (const char* ext : {"GL_EXT_gpu_shader5", "GL_OES_gpu_shader5"}) {
    const std::string with = std::string("#version 310 es\n#extension ") + ext + " : require\n" + body;
    const CompileResult r = compile_shader({ShaderStage::Fragment, with});
    EXPECT_TRUE(r.ok) << ext << ": " << r.info_log;
    const LinkResult l = link(Api::GLES, {{ShaderStage::Vertex, kVs}, {ShaderStage::Fragment, with}});
    ASSERT_TRUE(l.ok) << l.info_log;
    expect_valid_spirv(l, ext);
  }
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment, "#version 310 es\n" + body}).ok);
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment, "#version 310 es\n#extension GL_EXT_gpu_shader5 : require\n" +
                                                          body},
                              hiding({"GL_EXT_gpu_shader5", "GL_OES_gpu_shader5"}))
                   .ok);
}

TEST(Es32ShadingExtensions, GpuShader5GeometryInvocations) {
  const char* gs = R"(#version 310 es
#extension GL_EXT_geometry_shader : require
#extension GL_EXT_gpu_shader5 : require
layout(triangles, invocations = 4) in;
layout(triangle_strip, max_vertices = 3) out;
void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = gl_in[i].gl_Position + vec4(float(gl_InvocationID), 0.0, 0.0, 0.0);
    EmitVertex();
  }
})";
  const CompileResult r = compile_shader({ShaderStage::Geometry, gs});
  EXPECT_TRUE(r.ok) << r.info_log;
}

TEST(Es32ShadingExtensions, PrimitiveBoundingBoxInControlShader) {
  for (const char* ext : {"GL_EXT_primitive_bounding_box", "GL_OES_primitive_bounding_box"}) {
    const std::string suffix = std::string(ext).substr(3, 3);
    const std::string tcs = std::string("#version 310 es\n#extension GL_EXT_tessellation_shader : require\n") +
                            "#extension " + ext + " : require\n" +
                            "layout(vertices = 3) out;\n"
                            "void main() {\n"
                            "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
                            "  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0; gl_TessLevelOuter[2] = 1.0;\n"
                            "  gl_TessLevelInner[0] = 1.0;\n"
                            "  gl_BoundingBox" + suffix + "[0] = vec4(-1.0);\n"
                            "  gl_BoundingBox" + suffix + "[1] = vec4(1.0);\n"
                            "}\n";
    const CompileResult r = compile_shader({ShaderStage::TessControl, tcs});
    EXPECT_TRUE(r.ok) << ext << ": " << r.info_log;
    const char* tes = R"(#version 310 es
#extension GL_EXT_tessellation_shader : require
layout(triangles) in;
void main() { gl_Position = gl_in[0].gl_Position * gl_TessCoord.x; })";
    const LinkResult l = link(Api::GLES, {{ShaderStage::Vertex, kVs},
                                          {ShaderStage::TessControl, tcs},
                                          {ShaderStage::TessEval, tes},
                                          {ShaderStage::Fragment, "#version 310 es\nvoid main() {}\n"}});
    ASSERT_TRUE(l.ok) << ext << ": " << l.info_log;
    expect_valid_spirv(l, ext);
  }
}

// Vulkan GLSL has no gl_NumSamples: a specialization constant stands in,
// 1 until the draw-time variant gives the framebuffer's count.
TEST(Es32ShadingExtensions, NumSamplesIsASpecializationConstant) {
  const std::string fs = "#version 310 es\n#extension GL_OES_sample_variables : require\n" + kSampleVariablesBody;
  const LinkResult l = link(Api::GLES, {{ShaderStage::Vertex, kVs}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(l.ok) << l.info_log;
  const StageBinary& frag = l.stages.back();
  ASSERT_EQ(frag.stage, ShaderStage::Fragment);
  EXPECT_TRUE(reads_num_samples(frag.spirv));
  EXPECT_FALSE(reads_num_samples(l.stages.front().spirv));
  VariantKey key;
  key.num_samples = 4;
  std::vector<uint32_t> patched = apply_variant(frag, key, ShaderStage::Vertex);
  EXPECT_FALSE(reads_num_samples(patched));
  std::string err;
  EXPECT_TRUE(validate_spirv(patched, VulkanEnv::Vulkan1_2, &err)) << err;
  auto m = SpirvModule::parse(patched);
  ASSERT_TRUE(m);
  bool four = false;
  for (const SpirvInstruction& inst : m->instructions)
    four = four || (inst.opcode() == spv::OpConstant && inst.words.size() == 4 && inst.words[3] == 4);
  EXPECT_TRUE(four);
}

// Sample shading at 1.0: every interpolated input gets Sample, Centroid
// goes, Flat inputs and built-ins keep theirs.
TEST(Es32ShadingExtensions, PerSampleInterpolationVariant) {
  const char* vs = R"(#version 310 es
#extension GL_EXT_shader_io_blocks : require
in vec4 p;
out vec4 a;
centroid out vec2 b;
flat out int c;
out Block { vec4 d; flat int e; } blk;
void main() { gl_Position = p; a = p; b = p.xy; c = 1; blk.d = p; blk.e = 2; })";
  const char* fs = R"(#version 310 es
#extension GL_EXT_shader_io_blocks : require
precision highp float;
in vec4 a;
centroid in vec2 b;
flat in int c;
in Block { vec4 d; flat int e; } blk;
out vec4 o;
void main() { o = a + vec4(b, float(c), gl_FragCoord.x) + blk.d + float(blk.e); })";
  const LinkResult l = link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(l.ok) << l.info_log;
  std::vector<uint32_t> spirv = l.stages.back().spirv;
  ASSERT_TRUE(interpolate_inputs_per_sample(spirv));
  std::string err;
  EXPECT_TRUE(validate_spirv(spirv, VulkanEnv::Vulkan1_2, &err)) << err;
  auto m = SpirvModule::parse(spirv);
  ASSERT_TRUE(m);
  int sample = 0, member_sample = 0, centroid = 0;
  for (const SpirvInstruction& inst : m->instructions) {
    if (inst.opcode() == spv::OpDecorate && inst.operand(1) == spv::DecorationSample) ++sample;
    if (inst.opcode() == spv::OpMemberDecorate && inst.operand(2) == spv::DecorationSample) ++member_sample;
    if (inst.opcode() == spv::OpDecorate && inst.operand(1) == spv::DecorationCentroid) ++centroid;
  }
  EXPECT_EQ(sample, 2) << "a and b";
  EXPECT_EQ(member_sample, 1) << "blk.d";
  EXPECT_EQ(centroid, 0);
  EXPECT_TRUE(m->has_capability(spv::CapabilitySampleRateShading));
}

}  // namespace
}  // namespace brass::compiler::test
