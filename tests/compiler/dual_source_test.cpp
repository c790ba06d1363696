// EXT_blend_func_extended: the fragment outputs end up at the Vulkan
// Location/Index that dual-source blending reads.
#include "compiler/dual_source.h"
#include "compiler/spirv_module.h"
#include "test_helpers.h"

#include <algorithm>
#include <cstring>

namespace brass::compiler::test {
namespace {

const char* kVs300 = "#version 300 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
const char* kVs100 = "attribute vec4 p;\nvoid main() { gl_Position = p; }\n";

struct Placement {
  int64_t location = -1;
  int64_t index = -1;
};

// OpName -> Location/Index of the fragment stage's decorated variables.
std::map<std::string, Placement> fragment_placements(const LinkResult& r) {
  std::map<std::string, Placement> out;
  for (const StageBinary& s : r.stages) {
    if (s.stage != ShaderStage::Fragment) continue;
    auto m = SpirvModule::parse(s.spirv);
    if (!m) return out;
    for (const SpirvInstruction& inst : m->instructions) {
      if (inst.opcode() != spv::OpName || inst.operand_count() < 2) continue;
      const char* text = reinterpret_cast<const char*>(inst.words.data() + 2);
      const std::string name(text, strnlen(text, (inst.words.size() - 2) * 4));
      Placement p;
      if (auto l = m->decoration_value(inst.operand(0), spv::DecorationLocation)) p.location = *l;
      if (auto i = m->decoration_value(inst.operand(0), spv::DecorationIndex)) p.index = *i;
      if (p.location >= 0) out[name] = p;
    }
  }
  return out;
}

TEST(DualSource, Es300LayoutIndexBecomesTheIndexDecoration) {
  const char* fs = "#version 300 es\n#extension GL_EXT_blend_func_extended : require\nprecision mediump float;\n"
                   "layout(location = 0, index = 1) out vec4 second;\nlayout(location = 0) out vec4 first;\n"
                   "void main() { first = vec4(1.0); second = vec4(float(gl_MaxDualSourceDrawBuffersEXT)); }\n";
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs300}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "layout(index)");
  const auto placed = fragment_placements(r);
  ASSERT_TRUE(placed.count("second"));
  EXPECT_EQ(placed.at("second").location, 0);
  EXPECT_EQ(placed.at("second").index, 1);
  bool reported = false;
  for (const InterfaceVariable& o : r.interface.fragment_outputs)
    if (o.name == "second") {
      reported = true;
      EXPECT_EQ(o.index, 1);
    }
  EXPECT_TRUE(reported);
}

TEST(DualSource, Es300IndexNeedsTheExtension) {
  const char* fs = "#version 300 es\nprecision mediump float;\nlayout(location = 0, index = 1) out vec4 second;\n"
                   "layout(location = 0) out vec4 first;\nvoid main() { first = vec4(1.0); second = first; }\n";
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, kVs300}, {ShaderStage::Fragment, fs}}).ok);
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment, fs}).ok);
}

TEST(DualSource, Es100SecondaryFragColorIsLocationZeroIndexOne) {
  const char* fs = "#extension GL_EXT_blend_func_extended : require\nprecision mediump float;\n"
                   "void main() { gl_FragColor = vec4(1.0); gl_SecondaryFragColorEXT = vec4(0.5); }\n";
  EXPECT_TRUE(compile_shader({ShaderStage::Fragment, fs}).ok);
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs100}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "gl_SecondaryFragColorEXT");
  const auto placed = fragment_placements(r);
  ASSERT_TRUE(placed.count("gl_SecondaryFragColorEXT"));
  EXPECT_EQ(placed.at("gl_SecondaryFragColorEXT").location, 0);
  EXPECT_EQ(placed.at("gl_SecondaryFragColorEXT").index, 1);
}

TEST(DualSource, Es100SecondaryFragDataIsLocationZeroIndexOne) {
  const char* fs = "#extension GL_EXT_blend_func_extended : require\n#extension GL_EXT_draw_buffers : require\n"
                   "precision mediump float;\nvoid main() {\n"
                   "  gl_FragData[0] = vec4(1.0);\n  gl_SecondaryFragDataEXT[0] = vec4(0.5);\n}\n";
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs100}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "gl_SecondaryFragDataEXT");
  const auto placed = fragment_placements(r);
  ASSERT_TRUE(placed.count("gl_SecondaryFragDataEXT"));
  EXPECT_EQ(placed.at("gl_SecondaryFragDataEXT").location, 0);
  EXPECT_EQ(placed.at("gl_SecondaryFragDataEXT").index, 1);
}

TEST(DualSource, Es100SecondaryFragColorIsUndeclaredWithoutTheExtension) {
  const char* fs = "precision mediump float;\n"
                   "void main() { gl_FragColor = vec4(1.0); gl_SecondaryFragColorEXT = vec4(0.5); }\n";
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment, fs}).ok);
}

TEST(DualSource, BoundLocationAndIndexArePatchedAtLink) {
  const char* fs = "#version 300 es\n#extension GL_EXT_blend_func_extended : require\nprecision mediump float;\n"
                   "out vec4 first;\nout vec4 second;\n"
                   "void main() { first = vec4(1.0); second = vec4(0.5); }\n";
  LinkInput in;
  in.api = Api::GLES;
  in.shaders = {{ShaderStage::Vertex, kVs300}, {ShaderStage::Fragment, fs}};
  in.frag_data_bindings = {{"first", 0, 0}, {"second", 0, 1}};
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "bound outputs");
  const auto placed = fragment_placements(r);
  ASSERT_TRUE(placed.count("second") && placed.count("first"));
  EXPECT_EQ(placed.at("first").location, 0);
  EXPECT_EQ(placed.at("first").index, 0);
  EXPECT_EQ(placed.at("second").location, 0);
  EXPECT_EQ(placed.at("second").index, 1);
}

TEST(DualSource, ShaderLocationsWinOverBindings) {
  const char* fs = "#version 300 es\n#extension GL_EXT_blend_func_extended : require\nprecision mediump float;\n"
                   "layout(location = 0) out vec4 fixed_at_zero;\nvoid main() { fixed_at_zero = vec4(0.5); }\n";
  const char* single = "#version 300 es\n#extension GL_EXT_blend_func_extended : require\nprecision mediump float;\n"
                       "out vec4 free_output;\nvoid main() { free_output = vec4(0.5); }\n";
  for (const char* src : {fs, single}) {
    LinkInput in;
    in.api = Api::GLES;
    in.shaders = {{ShaderStage::Vertex, kVs300}, {ShaderStage::Fragment, src}};
    in.frag_data_bindings = {{"fixed_at_zero", 3, 0}, {"free_output", 2, 0}};
    const LinkResult r = link_program(in);
    ASSERT_TRUE(r.ok) << r.info_log;
    expect_valid_spirv(r, "bound single output");
    const auto placed = fragment_placements(r);
    if (src == fs) {
      ASSERT_TRUE(placed.count("fixed_at_zero"));
      EXPECT_EQ(placed.at("fixed_at_zero").location, 0);
    } else {
      ASSERT_TRUE(placed.count("free_output"));
      EXPECT_EQ(placed.at("free_output").location, 2);
      ASSERT_EQ(r.interface.fragment_outputs.size(), 1u);
      EXPECT_EQ(r.interface.fragment_outputs[0].location, 2);
    }
  }
}

TEST(DualSource, UnlocatedOutputsGetFreeLocationsWithTheExtension) {
  const char* fs = "#version 300 es\n#extension GL_EXT_blend_func_extended : enable\nprecision mediump float;\n"
                   "out vec4 v;\nout vec4 a[2];\nlayout(location = 0) out vec4 fixed_at_zero;\n"
                   "void main() { v = vec4(0.0); a[0] = vec4(1.0); a[1] = vec4(2.0); fixed_at_zero = v; }\n";
  const LinkResult r = link(Api::GLES, {{ShaderStage::Vertex, kVs300}, {ShaderStage::Fragment, fs}});
  ASSERT_TRUE(r.ok) << r.info_log;
  expect_valid_spirv(r, "unlocated outputs");
  const auto placed = fragment_placements(r);
  ASSERT_TRUE(placed.count("v") && placed.count("a"));
  EXPECT_EQ(placed.at("v").location, 1);
  EXPECT_EQ(placed.at("a").location, 2);
  // Without the extension ES keeps requiring locations.
  const char* plain = "#version 300 es\nprecision mediump float;\nout vec4 v;\nout vec4 w;\n"
                      "void main() { v = vec4(0.0); w = v; }\n";
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, kVs300}, {ShaderStage::Fragment, plain}}).ok);
}

TEST(DualSource, PlacementKeepsLineNumbers) {
  const std::string src = "#version 310 es\n#extension GL_EXT_blend_func_extended : enable\n"
                          "out vec4 v;\nlayout(index = 1) out vec4 w;\nvoid f(out vec4 x);\nvoid main() {}\n";
  const std::string out = place_unlocated_outputs(src, {{"w", 0, 1}});
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), std::count(src.begin(), src.end(), '\n'));
  EXPECT_NE(out.find("layout(location = 0) out vec4 v;"), std::string::npos) << out;
  EXPECT_NE(out.find("layout(location = 0) layout(index = 1) out vec4 w;"), std::string::npos) << out;
  EXPECT_NE(out.find("void f(out vec4 x);"), std::string::npos) << out;
}

}  // namespace
}  // namespace brass::compiler::test
