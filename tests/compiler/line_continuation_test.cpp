// Line continuations joined before desktop GLSL reaches glslang
// (src/compiler/line_continuation.cpp).
#include <gtest/gtest.h>

#include "compiler/compiler.h"
#include "compiler/line_continuation.h"

namespace brass::compiler {
namespace {

TEST(LineContinuation, JoinsAndKeepsLaterLineNumbers) {
  EXPECT_EQ(splice_line_continuations("a\nb\n"), "a\nb\n");
  // The joined line is followed by the new-lines it swallowed.
  EXPECT_EQ(splice_line_continuations("#define F(x) \\\n  (x + 1)\nint y;\n"), "#define F(x)   (x + 1)\n\nint y;\n");
  EXPECT_EQ(splice_line_continuations("a \\\r\nb \\\nc\nd"), "a b c\n\n\nd");
  // A backslash not before a new-line stays; one at the very end joins nothing.
  EXPECT_EQ(splice_line_continuations("a \\ b\n"), "a \\ b\n");
  EXPECT_EQ(splice_line_continuations("a\\"), "a\\");
  EXPECT_EQ(splice_line_continuations("a\\\n"), "a\n");
}

TEST(LineContinuation, AMultiLineMacroCompilesInGlsl150) {
  const std::string source = R"(#version 150
out vec4 color;
#define CHECK(value, expected) \
	if (distance(value, expected) > 0.00001) \
		failed = true
void main() {
  bool failed = false;
  CHECK(vec2(1.0), vec2(1.0));
  color = failed ? vec4(1.0, 0.0, 0.0, 1.0) : vec4(0.0, 1.0, 0.0, 1.0);
}
)";
  CompileOptions options;
  options.api = Api::GL;
  // glslang alone refuses the continuation below 4.20 ...
  EXPECT_FALSE(compile_shader({ShaderStage::Fragment, source}, options).ok);
  // ... and takes the joined text, with errors still on their lines.
  const CompileResult r = compile_shader({ShaderStage::Fragment, splice_line_continuations(source)}, options);
  EXPECT_TRUE(r.ok) << r.info_log;
  const CompileResult bad =
      compile_shader({ShaderStage::Fragment, splice_line_continuations(source + "int x = 1.5;\n")}, options);
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.info_log.find(":11:"), std::string::npos) << bad.info_log;
}

}  // namespace
}  // namespace brass::compiler
