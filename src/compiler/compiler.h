// Brass's shader compiler: GLSL (any version an application may hand GL or
// GL ES) to SPIR-V for Vulkan, with the GL program interface and the
// descriptor binding table. Thread-safe: any number of threads may compile
// and link at once. No function here throws or aborts on application input;
// errors come back as GL-style info logs ("ERROR: 0:3: ...", line numbers of
// the application's source).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compiler/program_interface.h"
#include "compiler/shader_limits.h"
#include "compiler/variant_key.h"

namespace brass::compiler {

// Which GL API the source was written for; decides the default #version
// (100 for ES, 110 for desktop) and which versions are legal.
enum class Api : uint8_t { GLES, GL };

struct ShaderSource {
  ShaderStage stage = ShaderStage::Vertex;
  std::string text;
};

struct CompileOptions {
  Api api = Api::GLES;
  ShaderLimits limits = ShaderLimits::defaults();
  // Shading-language extensions the context does not expose (a subset of
  // context_dependent_extensions()): `#extension NAME : require` fails,
  // enable/warn are ignored and NAME is not defined as a macro. Empty: all
  // that the compiler supports (brass-glslc).
  std::vector<std::string> unexposed_extensions;
};

// The shading-language extensions whose exposure depends on the context
// and device (the GL frontend exposes them or not); every other extension
// the compiler knows is always available.
const std::vector<std::string>& context_dependent_extensions();

// The desktop GLSL extensions the compiler (glslang) knows: a desktop
// context lists those it does not advertise as unexposed, so that their
// macros are undefined and `#extension ... : require` fails.
const std::vector<std::string>& desktop_glsl_extensions();

// glCompileShader: syntax and semantic checks against the application's own
// GLSL version. `ok` is GL_COMPILE_STATUS.
struct CompileResult {
  bool ok = false;
  std::string info_log;
  int version = 0;  // the application's #version number (100, 300, 310, 110, ...)
  bool es = false;  // "es" profile
};
CompileResult compile_shader(const ShaderSource& source, const CompileOptions& options = {});

// The source's #version directive names a GLSL ES version (`100`, `NNN es`).
bool declares_es_version(const std::string& source);

struct AttributeBinding {  // glBindAttribLocation
  std::string name;
  uint32_t location = 0;
};
struct FragDataBinding {  // glBindFragDataLocation(Indexed)
  std::string name;
  uint32_t location = 0;
  uint32_t index = 0;
};

struct LinkInput {
  Api api = Api::GLES;
  std::vector<ShaderSource> shaders;  // at most one per stage
  std::vector<AttributeBinding> attribute_bindings;
  std::vector<FragDataBinding> frag_data_bindings;
  std::vector<std::string> transform_feedback_varyings;
  bool transform_feedback_interleaved = true;
  bool separable = false;  // GL_PROGRAM_SEPARABLE
  ShaderLimits limits = ShaderLimits::defaults();
  std::vector<std::string> unexposed_extensions;  // as CompileOptions
};

// One stage of a linked program.
struct StageBinary {
  ShaderStage stage = ShaderStage::Vertex;
  std::vector<uint32_t> spirv;
  bool writes_point_size = false;  // decides the PointSize variant
  bool operator==(const StageBinary&) const = default;
};

// glLinkProgram. `ok` is GL_LINK_STATUS; on failure only info_log is set.
struct LinkResult {
  bool ok = false;
  std::string info_log;
  std::vector<StageBinary> stages;  // in stage order
  ProgramInterface interface;       // includes the binding table
  bool from_cache = false;
};
LinkResult link_program(const LinkInput& input);

// Builds glslang's per-version built-in symbol tables (50-90 ms each the
// first time) so the first application compile does not pay for them. Safe
// to call from a worker thread at any time, any number of times (the EGL
// layer submits it to the thread pool when a context of that API is made).
void warm_up(Api api = Api::GLES);

// SPIR-V of one stage specialised for draw-time state (see variant_key.h).
// Returns the input unchanged when the key asks for nothing this stage needs.
// `last_pre_rasterization` is the program's last stage before the
// rasterizer (vertex, or geometry when there is one): what the rasterizer
// reads (gl_PointSize, the clip distances) is patched there only.
std::vector<uint32_t> apply_variant(const StageBinary& stage, const VariantKey& key,
                                    ShaderStage last_pre_rasterization = ShaderStage::Vertex);

// A string that changes whenever the SPIR-V Brass produces could change
// (part of every cache key).
const char* compiler_version_string();

}  // namespace brass::compiler
