// Hostile input: the compiler must answer with a log, never crash or hang.
#include <random>

#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

TEST(Robustness, MalformedSourcesGetLogsNotCrashes) {
  const std::string cases[] = {
      "",
      "#version",
      "#version 100 es garbage\nvoid main() {}\n",
      "#version 99999999999999999999\n",
      "/* unterminated comment\nvoid main() {}\n",
      std::string("void main() {\0 }\n", 17),
      "#version 100\n#line 4294967295\nvoid main() { x }\n",
      "#version 300 es\n#extension GL_EXT_shader_framebuffer_fetch : require\ninout vec4 \n",
      "#version 300 es\n#extension GL_EXT_shader_framebuffer_fetch : require\nlayout(\n",
      "#define A A A\nA\n",
      std::string(100000, '('),
      "void main() { " + std::string(5000, '{') + "\n",
      "attribute vec4 brass_r_x;\nvoid main() { gl_Position = brass_r_x; }\n",
  };
  for (const std::string& src : cases) {
    for (ShaderStage stage : {ShaderStage::Vertex, ShaderStage::Fragment}) {
      for (Api api : {Api::GLES, Api::GL}) {
        CompileOptions o;
        o.api = api;
        const CompileResult c = compile_shader({stage, src}, o);
        if (!c.ok) { EXPECT_FALSE(c.info_log.empty()) << src.substr(0, 60); }
        LinkInput in;
        in.api = api;
        in.separable = true;
        in.shaders = {{stage, src}};
        const LinkResult r = link_program(in);
        if (!r.ok) { EXPECT_FALSE(r.info_log.empty()) << src.substr(0, 60); }
      }
    }
  }
}

TEST(Robustness, RandomTokenSoup) {
  static const char* const kTokens[] = {"void", "main", "(", ")", "{", "}", ";", "float", "x", "=", "1.0",
                                        "uniform", "attribute", "varying", "gl_FragColor", "texture2D", "#",
                                        "define", "\n", "[", "]", "in", "out", "layout", "location", ",",
                                        "precision", "mediump", "sampler2D", "#version 100\n", "inout"};
  std::mt19937 rng(1234);
  for (int n = 0; n < 200; ++n) {
    std::string src;
    const int len = static_cast<int>(rng() % 60);
    for (int i = 0; i < len; ++i) {
      src += kTokens[rng() % (sizeof(kTokens) / sizeof(kTokens[0]))];
      src += ' ';
    }
    const CompileResult c = compile_shader({n % 2 ? ShaderStage::Vertex : ShaderStage::Fragment, src});
    if (!c.ok) { EXPECT_FALSE(c.info_log.empty()) << src; }
  }
}

TEST(Robustness, SpirvPatchesRejectMalformedModules) {
  std::vector<uint32_t> junk = {0x07230203, 0x00010300, 0, 10, 0, 0x00000000};  // zero word count
  EXPECT_FALSE(remap_descriptors(junk, [](uint32_t s, uint32_t b) { return std::make_pair(s, b); }));
  EXPECT_FALSE(patch_instance_id(junk));
  EXPECT_FALSE(add_point_size_write(junk));
  std::vector<uint32_t> truncated = {0x07230203, 0x00010300, 0, 10, 0, 0x00050011};  // claims 5 words
  EXPECT_FALSE(remap_locations_by_name(truncated, spv::StorageClassInput, [](const std::string&) { return 0; }));
  std::vector<uint32_t> empty;
  EXPECT_FALSE(match_stage_interface(empty, truncated));
  std::string err;
  EXPECT_FALSE(validate_spirv(junk, VulkanEnv::Vulkan1_3, &err));
}

}  // namespace
}  // namespace brass::compiler::test
