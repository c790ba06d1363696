#include "piglit_formats.h"

#include "compiler/glsl_version.h"

#include <cstdlib>
#include <sstream>

namespace brass::glslc {
namespace {

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  const size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// "1.00" -> 100, "3.10 es" -> 310.
int parse_version_number(const std::string& s) {
  const double v = std::atof(s.c_str());
  return static_cast<int>(v * 100.0 + 0.5);
}

std::string passthrough_vs(int version, bool es) {
  if (es && version <= 100) {
    return "#version 100\nattribute vec4 piglit_vertex;\nvoid main() { gl_Position = piglit_vertex; }\n";
  }
  if (!es && version < 130) {
    return "#version " + std::to_string(version) +
           "\nattribute vec4 piglit_vertex;\nvoid main() { gl_Position = piglit_vertex; }\n";
  }
  return "#version " + std::to_string(version) + (es ? " es" : "") +
         "\nin vec4 piglit_vertex;\nvoid main() { gl_Position = piglit_vertex; }\n";
}

}  // namespace

std::optional<compiler::ShaderStage> stage_from_extension(const std::string& path) {
  using compiler::ShaderStage;
  const size_t dot = path.rfind('.');
  const std::string ext = dot == std::string::npos ? "" : path.substr(dot + 1);
  if (ext == "vert") return ShaderStage::Vertex;
  if (ext == "tesc") return ShaderStage::TessControl;
  if (ext == "tese") return ShaderStage::TessEval;
  if (ext == "geom") return ShaderStage::Geometry;
  if (ext == "frag") return ShaderStage::Fragment;
  if (ext == "comp") return ShaderStage::Compute;
  return std::nullopt;
}

std::optional<ShaderTestFile> parse_shader_test(const std::string& text, std::string* error) {
  using compiler::ShaderStage;
  ShaderTestFile out;
  std::istringstream in(text);
  std::string line, section, body;
  bool stage_section = false;
  ShaderStage stage = ShaderStage::Vertex;
  bool seen[compiler::kShaderStageCount] = {};
  bool passthrough = false;

  auto flush = [&]() {
    if (stage_section) {
      if (seen[static_cast<int>(stage)]) out.duplicate_stage = true;
      else out.shaders.push_back({stage, body});
      seen[static_cast<int>(stage)] = true;
    }
    body.clear();
  };
  while (std::getline(in, line)) {
    const std::string t = trim(line);
    if (!t.empty() && t.front() == '[' && t.back() == ']' && (section.empty() || line.front() == '[')) {
      flush();
      section = t.substr(1, t.size() - 2);
      stage_section = true;
      if (section == "vertex shader") stage = ShaderStage::Vertex;
      else if (section == "tessellation control shader") stage = ShaderStage::TessControl;
      else if (section == "tessellation evaluation shader") stage = ShaderStage::TessEval;
      else if (section == "geometry shader") stage = ShaderStage::Geometry;
      else if (section == "fragment shader") stage = ShaderStage::Fragment;
      else if (section == "compute shader") stage = ShaderStage::Compute;
      else {
        stage_section = false;
        if (section == "vertex shader passthrough") passthrough = true;
        if (section.find("spirv") != std::string::npos || section.find("program") != std::string::npos)
          out.has_unsupported_sections = true;
      }
      continue;
    }
    if (stage_section) {
      body += line;
      body += '\n';
      continue;
    }
    if (section == "require") {
      // "GLSL ES >= 3.00", "GLSL >= 1.30", "GL ES >= 2.0"
      if (t.rfind("GLSL ES", 0) == 0) {
        out.glsl_es = true;
        out.api = compiler::Api::GLES;
        const size_t p = t.find_first_of("0123456789");
        if (p != std::string::npos) out.glsl_version = parse_version_number(t.substr(p));
      } else if (t.rfind("GLSL", 0) == 0) {
        const size_t p = t.find_first_of("0123456789");
        if (p != std::string::npos) out.glsl_version = parse_version_number(t.substr(p));
      } else if (t.rfind("GL ES", 0) == 0) {
        out.api = compiler::Api::GLES;
        out.glsl_es = true;
        if (out.glsl_version == 110) out.glsl_version = 100;
      }
    } else if (section == "test") {
      if (t == "link error") out.expect_link_success = false;
    }
  }
  flush();
  if (out.api == compiler::Api::GLES && out.glsl_version == 110) out.glsl_version = 100;
  // Like shader_runner: a section without #version gets the required one.
  const bool default_version = out.glsl_version == (out.api == compiler::Api::GLES ? 100 : 110);
  for (compiler::ShaderSource& s : out.shaders) {
    if (default_version || compiler::detect_glsl_version(s.text, out.api).explicit_directive) continue;
    s.text = "#version " + std::to_string(out.glsl_version) +
             (out.api == compiler::Api::GLES && out.glsl_version >= 300 ? " es" : "") + "\n" + s.text;
  }
  if (passthrough && !seen[0]) {
    out.shaders.insert(out.shaders.begin(),
                       {ShaderStage::Vertex, passthrough_vs(out.glsl_version, out.api == compiler::Api::GLES)});
  }
  if (out.shaders.empty() && !out.has_unsupported_sections) {
    *error = "no shader sections";
    return std::nullopt;
  }
  return out;
}

std::optional<ParserTest> parse_parser_test(const std::string& path, const std::string& text, std::string* error) {
  ParserTest out;
  auto stage = stage_from_extension(path);
  if (!stage) {
    *error = "unknown shader stage extension";
    return std::nullopt;
  }
  out.stage = *stage;
  out.source = text;
  const size_t begin = text.find("[config]");
  const size_t end = text.find("[end config]");
  if (begin == std::string::npos || end == std::string::npos || end < begin) {
    *error = "no [config] block";
    return std::nullopt;
  }
  std::istringstream in(text.substr(begin, end - begin));
  std::string line;
  while (std::getline(in, line)) {
    // Strip comment leaders: "// ", " * ", "/* ".
    size_t p = line.find_first_not_of(" \t/*");
    if (p == std::string::npos) continue;
    const std::string t = trim(line.substr(p));
    const size_t colon = t.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = trim(t.substr(0, colon));
    const std::string value = trim(t.substr(colon + 1));
    if (key == "expect_result") out.expect_pass = value == "pass";
    else if (key == "glsl_version") out.glsl_version = value;
    else if (key == "check_link") out.check_link = value == "true" || value == "True" || value == "1";
  }
  const int number = parse_version_number(out.glsl_version);
  const bool es = out.glsl_version.find("es") != std::string::npos || number == 100 || number == 300 ||
                  number == 310 || number == 320;
  out.api = es ? compiler::Api::GLES : compiler::Api::GL;
  return out;
}

}  // namespace brass::glslc
