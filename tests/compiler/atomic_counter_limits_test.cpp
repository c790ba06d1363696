// Atomic counter limits at link time (GL 4.6 section 7.7, ES 3.1 7.7):
// counters and counter buffers are counted per stage and over all stages.
#include "test_helpers.h"

namespace brass::compiler::test {
namespace {

// `count` counters at `binding` (consecutive offsets), each used.
std::string counters(int count, int binding, const char* prefix) {
  std::string decls, uses;
  for (int i = 0; i < count; ++i) {
    decls += "layout(binding = " + std::to_string(binding) + ") uniform atomic_uint " + prefix + std::to_string(i) + ";\n";
    uses += "  y += atomicCounterIncrement(" + std::string(prefix) + std::to_string(i) + ");\n";
  }
  return decls + "void use() {\n  uint y = 0u;\n" + uses + "  sink = y;\n}\n";
}

std::string vertex(int count, int binding) {
  return "#version 310 es\nflat out uint sink;\n" + counters(count, binding, "v") +
         "void main() { use(); gl_Position = vec4(0.0); }\n";
}

std::string fragment(int count, int binding) {
  return "#version 310 es\nprecision highp float;\nuint sink;\nout vec4 c;\n" + counters(count, binding, "f") +
         "void main() { use(); c = vec4(float(sink)); }\n";
}

TEST(AtomicCounterLimits, PerStageAndCombinedCountersAreChecked) {
  const ShaderLimits limits = ShaderLimits::defaults();
  const int max = limits.max_atomic_counters;
  EXPECT_TRUE(link(Api::GLES, {{ShaderStage::Vertex, vertex(max, 0)}, {ShaderStage::Fragment, fragment(0, 0)}}).ok);
  const LinkResult above = link(Api::GLES, {{ShaderStage::Vertex, vertex(max + 1, 0)}, {ShaderStage::Fragment, fragment(0, 0)}});
  EXPECT_FALSE(above.ok);
  EXPECT_NE(above.info_log.find("atomic counters"), std::string::npos) << above.info_log;
  // Each stage within its limit, the two together above the combined one.
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, vertex(1, 1)}, {ShaderStage::Fragment, fragment(max, 0)}}).ok);
}

TEST(AtomicCounterLimits, CounterBuffersAreChecked) {
  const ShaderLimits limits = ShaderLimits::defaults();
  auto one_per_binding = [](int buffers) {
    std::string decls, uses;
    for (int i = 0; i < buffers; ++i) {
      decls += "layout(binding = " + std::to_string(i) + ", offset = 0) uniform atomic_uint f" + std::to_string(i) + ";\n";
      uses += "  y += atomicCounterIncrement(f" + std::to_string(i) + ");\n";
    }
    return "#version 310 es\nprecision highp float;\nout vec4 c;\n" + decls + "void main() {\n  uint y = 0u;\n" + uses +
           "  c = vec4(float(y));\n}\n";
  };
  const std::string vs = "#version 310 es\nvoid main() { gl_Position = vec4(0.0); }\n";
  const int max = limits.max_atomic_counter_bindings;
  EXPECT_TRUE(link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, one_per_binding(max)}}).ok);
  // One binding past the last is a compile error already; the link fails.
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, vs}, {ShaderStage::Fragment, one_per_binding(max + 1)}}).ok);
  // Buffers of both stages add up.
  EXPECT_FALSE(link(Api::GLES, {{ShaderStage::Vertex, vertex(1, 0)}, {ShaderStage::Fragment, one_per_binding(max)}}).ok);
}

}  // namespace
}  // namespace brass::compiler::test
