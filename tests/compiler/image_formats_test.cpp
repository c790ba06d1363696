// NV_image_formats' 16-bit normalized formats on ES (with EXT_texture_norm16):
// accepted, declared with their real SPIR-V image formats, refused when the
// context lacks either extension.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "compiler/spirv_module.h"
#include "test_helpers.h"

namespace brass::compiler {
namespace {

const char* kCompute = R"(#version 310 es
#extension GL_NV_image_formats : require
layout(local_size_x = 1) in;
layout(r16, binding = 0) readonly uniform highp image2D a;
layout(binding = 1, rg16_snorm) writeonly uniform highp image2D b;
layout(rgba16) readonly uniform highp image3D c, e;
layout(rgba32f, binding = 3) readonly uniform highp image2D d;
void main() {
  imageStore(b, ivec2(0), imageLoad(a, ivec2(0)) + imageLoad(c, ivec3(0)) + imageLoad(e, ivec3(1)) + imageLoad(d, ivec2(0)));
}
)";

// OpName -> the format of the image its variable points to.
std::map<std::string, uint32_t> image_formats(const std::vector<uint32_t>& spirv) {
  std::map<std::string, uint32_t> out;
  auto m = SpirvModule::parse(spirv);
  if (!m) return out;
  for (const SpirvInstruction& n : m->instructions) {
    if (n.opcode() != spv::OpName) continue;
    const std::string name(reinterpret_cast<const char*>(n.words.data() + 2));
    const size_t v = m->find_definition(n.operand(0));
    if (v == m->instructions.size() || m->instructions[v].opcode() != spv::OpVariable) continue;
    const size_t p = m->find_definition(m->instructions[v].operand(0));
    const size_t i = m->find_definition(m->instructions[p].operand(2));
    if (m->instructions[i].opcode() == spv::OpTypeImage) out[name] = m->instructions[i].operand(7);
  }
  return out;
}

TEST(Norm16ImageFormats, DeclaredWithTheirRealFormats) {
  const LinkResult r = test::link(Api::GLES, {{ShaderStage::Compute, kCompute}});
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.stages.size(), 1u);
  test::expect_valid_spirv(r, "norm16 images");
  const auto formats = image_formats(r.stages[0].spirv);
  EXPECT_EQ(formats.at("a"), static_cast<uint32_t>(spv::ImageFormatR16));
  EXPECT_EQ(formats.at("b"), static_cast<uint32_t>(spv::ImageFormatRg16Snorm));
  EXPECT_EQ(formats.at("c"), static_cast<uint32_t>(spv::ImageFormatRgba16));
  EXPECT_EQ(formats.at("e"), static_cast<uint32_t>(spv::ImageFormatRgba16));
  EXPECT_EQ(formats.at("d"), static_cast<uint32_t>(spv::ImageFormatRgba32f));
  auto m = SpirvModule::parse(r.stages[0].spirv);
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->has_capability(spv::CapabilityStorageImageExtendedFormats));
}

TEST(Norm16ImageFormats, ArraysAndIntegerFormats) {
  const char* text = R"(#version 310 es
#extension GL_NV_image_formats : require
layout(local_size_x = 1) in;
layout(r8, binding = 0) readonly uniform highp image2D a[2];
layout(rg16i, binding = 2) writeonly uniform highp iimage2D b;
layout(r8ui, binding = 3) readonly uniform highp uimage2D c;
void main() {
  imageStore(b, ivec2(0), ivec4(imageLoad(a[1], ivec2(0)) + imageLoad(a[0], ivec2(1))) + ivec4(imageLoad(c, ivec2(0))));
}
)";
  const LinkResult r = test::link(Api::GLES, {{ShaderStage::Compute, text}});
  ASSERT_TRUE(r.ok) << r.info_log;
  ASSERT_EQ(r.stages.size(), 1u);
  test::expect_valid_spirv(r, "extended image formats");
  const auto formats = image_formats(r.stages[0].spirv);
  EXPECT_EQ(formats.at("b"), static_cast<uint32_t>(spv::ImageFormatRg16i));
  EXPECT_EQ(formats.at("c"), static_cast<uint32_t>(spv::ImageFormatR8ui));
  // The array's element type.
  auto m = SpirvModule::parse(r.stages[0].spirv);
  ASSERT_TRUE(m);
  bool r8_array = false;
  for (const SpirvInstruction& inst : m->instructions)
    if (inst.opcode() == spv::OpTypeArray) {
      const SpirvInstruction& e = m->instructions[m->find_definition(inst.operand(1))];
      r8_array = r8_array || (e.opcode() == spv::OpTypeImage && e.operand(7) == spv::ImageFormatR8);
    }
  EXPECT_TRUE(r8_array);
}

TEST(Norm16ImageFormats, CompileAcceptsWithBothExtensions) {
  const CompileResult r = compile_shader({ShaderStage::Compute, kCompute}, CompileOptions{});
  EXPECT_TRUE(r.ok) << r.info_log;
}

TEST(Norm16ImageFormats, RefusedWithoutTextureNorm16) {
  CompileOptions options;
  options.unexposed_extensions = {"GL_EXT_texture_norm16"};
  const CompileResult r = compile_shader({ShaderStage::Compute, kCompute}, options);
  EXPECT_FALSE(r.ok);
}

TEST(Norm16ImageFormats, OtherExtendedFormatsStayWithoutTextureNorm16) {
  CompileOptions options;
  options.unexposed_extensions = {"GL_EXT_texture_norm16"};
  const char* text = "#version 310 es\n#extension GL_NV_image_formats : require\n"
                     "layout(rg8) readonly uniform highp image2D a;\nvoid main() {}\n";
  EXPECT_TRUE(compile_shader({ShaderStage::Vertex, text}, options).ok);
}

TEST(Norm16ImageFormats, RefusedWithoutNvImageFormatsDirective) {
  std::string text = kCompute;
  text.replace(text.find("#extension GL_NV_image_formats : require"), 40, "");
  const CompileResult r = compile_shader({ShaderStage::Compute, text}, CompileOptions{});
  EXPECT_FALSE(r.ok);
}

TEST(Norm16ImageFormats, LineNumbersKept) {
  // An error after the rewritten declarations still reports its own line.
  std::string text = kCompute;
  text += "void f() { undeclared_thing = 1; }\n";
  const CompileResult r = compile_shader({ShaderStage::Compute, text}, CompileOptions{});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("0:11:"), std::string::npos) << r.info_log;
}

}  // namespace
}  // namespace brass::compiler
