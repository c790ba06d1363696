// ES image formats glslang refuses but GL allows: those NV_image_formats
// adds (rg32f, r8, rg16i, ...), the 16-bit normalized ones (r16, rg16,
// rgba16 and their _snorm forms) only when the context also exposes
// EXT_texture_norm16. glslang 12 rejects them all for ES, so Brass parses
// a stand-in ES 3.1 format of the same component type and afterwards gives
// exactly those variables their real format in the SPIR-V.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "compiler/glsl_version.h"

namespace brass::compiler {

// Variable name -> spv::ImageFormat it asked for.
using Norm16ImageFormats = std::map<std::string, uint32_t>;

// Replaces those format qualifiers with the stand-in when the shader is
// ES 3.10+, enables GL_NV_image_formats and the context exposes it (and,
// for the norm16 formats, EXT_texture_norm16); otherwise returns the text unchanged so
// glslang reports the error. No newline is added: line numbers are kept.
std::string rewrite_norm16_image_formats(const std::string& text, const GlslVersion& version,
                                         const std::vector<std::string>& unexposed,
                                         Norm16ImageFormats* formats);

// Gives each named image variable an OpTypeImage with its real format (and
// the StorageImageExtendedFormats capability); loads of it get the new
// type. Returns false, leaving the module intact, if it cannot.
bool patch_norm16_image_formats(std::vector<uint32_t>& spirv, const Norm16ImageFormats& formats);

}  // namespace brass::compiler
