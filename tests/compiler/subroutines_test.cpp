// ARB_shader_subroutine lowering (compiler/subroutines.h): the program
// interface of a linked program with subroutines, valid SPIR-V, the
// selection array kept out of the GL uniforms, the cache round trip, and
// errors at the application's own line numbers.
#include "compiler/shader_cache.h"
#include "compiler/subroutines.h"
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

const char* kVs = R"(#version 400 core
subroutine vec2 place_t(vec2 p);
subroutine uniform place_t place;
subroutine(place_t) vec2 keep(vec2 p) { return p; }
void main() { gl_Position = vec4(place(vec2(0.0)), 0.0, 1.0); })";

const char* kFs = R"(#version 400 core
out vec4 color;
subroutine float channel_t(float x);
subroutine float other_t(float y);
subroutine uniform channel_t chans[2][3];
subroutine uniform other_t unused_one;
subroutine(channel_t) float twice(float x) { return 2.0 * x; }
subroutine(channel_t, other_t) float never(float x) { return x; }
uniform float scale;
void main() { color = vec4(chans[1][scale > 0.0 ? 2 : 0](scale)); })";

TEST(Subroutines, ProgramInterface) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, kVs}, {ShaderStage::Fragment, kFs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "subroutines");
  const StageSubroutines& vs = r.interface.subroutines[static_cast<size_t>(ShaderStage::Vertex)];
  ASSERT_EQ(vs.functions, std::vector<std::string>{"keep"});
  ASSERT_EQ(vs.uniforms.size(), 1u);
  EXPECT_EQ(vs.uniforms[0].name, "place");
  EXPECT_EQ(vs.location_count, 1u);
  const StageSubroutines& fs = r.interface.subroutines[static_cast<size_t>(ShaderStage::Fragment)];
  EXPECT_EQ(fs.functions, (std::vector<std::string>{"twice", "never"}));
  // The array of arrays is listed per innermost array; the uniform nothing
  // names is not active.
  ASSERT_EQ(fs.uniforms.size(), 2u);
  EXPECT_EQ(fs.uniforms[0].name, "chans[0][0]");
  EXPECT_EQ(fs.uniforms[1].name, "chans[1][0]");
  EXPECT_EQ(fs.uniforms[1].location, 3);
  EXPECT_EQ(fs.uniforms[1].array_size, 3);
  EXPECT_EQ(fs.uniforms[1].compatible, (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(fs.location_count, 6u);
  // Both stages read their selection arrays, std140 uints, in the default
  // block; neither is a GL uniform.
  for (const StageSubroutines* s : {&vs, &fs}) {
    EXPECT_GE(s->selection_offset, 0);
    EXPECT_EQ(s->selection_stride, 16);
    EXPECT_LE(static_cast<uint32_t>(s->selection_offset) + 16 * s->location_count, r.interface.default_block_size);
  }
  EXPECT_NE(vs.selection_offset, fs.selection_offset);
  ASSERT_EQ(r.interface.uniforms.size(), 1u);
  EXPECT_EQ(r.interface.uniforms[0].name, "scale");
  EXPECT_EQ(r.interface.uniforms[0].location, 0);

  // The cache keeps all of it.
  const std::optional<LinkResult> back = deserialize_link_result(serialize_link_result(r));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->interface, r.interface);
}

TEST(Subroutines, NeedsTheExtensionBelow400) {
  const std::string body = R"(
subroutine void t();
subroutine(t) void f() {}
void main() {})";
  EXPECT_FALSE(compile_shader({ShaderStage::Vertex, "#version 330 core\n" + body}, {Api::GL}).ok);
  EXPECT_TRUE(compile_shader({ShaderStage::Vertex,
                              "#version 330 core\n#extension GL_ARB_shader_subroutine : require\n" + body},
                             {Api::GL})
                  .ok);
  CompileOptions unexposed{Api::GL};
  unexposed.unexposed_extensions = {"GL_ARB_shader_subroutine"};
  EXPECT_FALSE(compile_shader({ShaderStage::Vertex,
                               "#version 330 core\n#extension GL_ARB_shader_subroutine : require\n" + body},
                              unexposed)
                   .ok);
}

TEST(Subroutines, ErrorsKeepTheApplicationsLines) {
  // Lines 2-4 are rewritten; glslang's error on line 6 is still line 6.
  const CompileResult r = compile_shader({ShaderStage::Fragment, R"(#version 400 core
subroutine float t();
subroutine uniform t u;
subroutine(t)
float f() { return 1.0; }
void main() { undeclared = u(); })"},
                                         {Api::GL});
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.info_log.find("0:6:"), std::string::npos) << r.info_log;
  const CompileResult mismatch = compile_shader({ShaderStage::Fragment, R"(#version 400 core
subroutine float t();

subroutine(t) int f() { return 1; }
void main() {})"},
                                                {Api::GL});
  EXPECT_FALSE(mismatch.ok);
  EXPECT_NE(mismatch.info_log.find("0:4:"), std::string::npos) << mismatch.info_log;
}

TEST(Subroutines, RecursionFailsTheLink) {
  const LinkResult r = link(Api::GL, {{ShaderStage::Vertex, kVs}, {ShaderStage::Fragment, R"(#version 400 core
out vec4 color;
subroutine float t(int x);
subroutine uniform t u;
subroutine(t) float f(int x) { return x > 0 ? u(x - 1) : 1.0; }
void main() { color = vec4(u(2)); })"}});
  EXPECT_FALSE(r.ok);
}

}  // namespace
}  // namespace brass::compiler::test
