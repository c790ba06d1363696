// libFuzzer harness: GLSL source through Brass's compiler (src/compiler),
// as glCompileShader and glLinkProgram hand it over, for every stage, for
// GL ES and desktop GL, and for the shading-language versions applications
// write (docs/testing.md, "Fuzzing").
//
// Input: byte 0 picks the stage, byte 1 the API and a #version to put in
// front when the source has none (so one seed reaches ES 1.00, 3.00, 3.10,
// 3.20 and the desktop versions), byte 2 whether a successfully compiled
// shader is also linked (alone, as a separable program, which every stage
// may be). The rest is the source text, as is (NUL bytes included: the
// compiler takes a std::string, as glShaderSource does with lengths).
#include <cstddef>
#include <cstdint>
#include <string>

#include "compiler/compiler.h"

namespace {

using brass::compiler::Api;
using brass::compiler::ShaderStage;

constexpr ShaderStage kStages[] = {ShaderStage::Vertex,   ShaderStage::TessControl, ShaderStage::TessEval,
                                   ShaderStage::Geometry, ShaderStage::Fragment,    ShaderStage::Compute};

struct VersionChoice {
  Api api;
  const char* directive;  // nullptr: leave the source as it is
};
constexpr VersionChoice kVersions[] = {
    {Api::GLES, nullptr},           {Api::GLES, "#version 100\n"},    {Api::GLES, "#version 300 es\n"},
    {Api::GLES, "#version 310 es\n"}, {Api::GLES, "#version 320 es\n"}, {Api::GL, nullptr},
    {Api::GL, "#version 110\n"},    {Api::GL, "#version 130\n"},      {Api::GL, "#version 150\n"},
    {Api::GL, "#version 330\n"},    {Api::GL, "#version 430\n"},      {Api::GL, "#version 460\n"},
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // The on-disk program cache would make a run depend on earlier runs.
  setenv("BRASS_SHADER_CACHE_DISABLE", "1", 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 3) return 0;
  const ShaderStage stage = kStages[data[0] % std::size(kStages)];
  const VersionChoice& version = kVersions[data[1] % std::size(kVersions)];
  const bool link = data[2] & 1;
  std::string text(reinterpret_cast<const char*>(data + 3), size - 3);
  if (version.directive && text.find("#version") == std::string::npos) text.insert(0, version.directive);

  brass::compiler::CompileOptions options;
  options.api = version.api;
  const brass::compiler::CompileResult compiled = brass::compiler::compile_shader({stage, text}, options);
  if (!compiled.ok || !link) return 0;

  brass::compiler::LinkInput input;
  input.api = version.api;
  input.shaders.push_back({stage, std::move(text)});
  input.separable = true;
  const brass::compiler::LinkResult linked = brass::compiler::link_program(input);
  if (linked.ok) {
    // Draw-time specialisation of what was linked, as the driver asks for it.
    brass::compiler::VariantKey key;
    key.force_point_size = (data[2] >> 1) & 1;
    key.flat_shading = (data[2] >> 2) & 1;
    key.clip_distances_disabled = (data[2] >> 3) & 1 ? 0xff : 0;
    for (const brass::compiler::StageBinary& binary : linked.stages)
      (void)brass::compiler::apply_variant(binary, key, stage);
  }
  return 0;
}
