// Readers for piglit's two shader test formats, as far as brass-glslc needs
// them: .shader_test (sections of GLSL plus [require] and [test]) and
// glslparsertest sources (a [config] block in a comment header).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compiler/compiler.h"

namespace brass::glslc {

struct ShaderTestFile {
  compiler::Api api = compiler::Api::GL;
  int glsl_version = 110;   // from [require], e.g. 100, 300, 110, 450
  bool glsl_es = false;
  std::vector<compiler::ShaderSource> shaders;
  bool expect_link_success = true;  // false when [test] says "link error"
  bool has_unsupported_sections = false;  // SPIR-V or ARB assembly shaders
  bool duplicate_stage = false;           // several shaders of one stage
};
std::optional<ShaderTestFile> parse_shader_test(const std::string& text, std::string* error);

struct ParserTest {
  compiler::Api api = compiler::Api::GL;
  compiler::ShaderStage stage = compiler::ShaderStage::Vertex;
  std::string source;
  bool expect_pass = true;
  bool check_link = false;
  std::string glsl_version;  // as written, e.g. "3.00 es"
};
// `path` gives the stage (.vert, .frag, ...). nullopt when the file has no
// [config] block.
std::optional<ParserTest> parse_parser_test(const std::string& path, const std::string& text, std::string* error);

std::optional<compiler::ShaderStage> stage_from_extension(const std::string& path);

}  // namespace brass::glslc
