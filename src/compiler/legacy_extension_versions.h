// Desktop GLSL 1.10-1.30 sources that enable extensions glslang gives only
// to later versions (GL_ARB_uniform_buffer_object's blocks,
// GL_ARB_shader_bit_encoding's floatBitsToInt, GL_ARB_texture_query_lod's
// textureQueryLOD, the packing functions, doubles, ...). The extensions
// add their features to any GLSL version the implementation compiles;
// glslang checks them against the #version number instead.
//
// Such a source is parsed at the version glslang needs, twice over: the
// check-only parse (glCompileShader's verdict) sees the application's
// source with its #version number raised, as the compatibility profile of
// 1.50 and later, which keeps every built-in and keyword 1.10-1.30 have
// (attribute, varying, gl_FragColor, texture2D, the fixed-function state);
// the SPIR-V parse sees the upgrader's GLSL 1.40 text (glsl_upgrader.h)
// raised to the same number in the core profile (the upgrader has already
// replaced what the core profile lacks), where desktop_glsl_rewrites.h
// raises 1.40 sources.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/glsl_version.h"

namespace brass::compiler {

// The GLSL version glslang needs for what the exposed extensions a desktop
// 1.10-1.30 source enables add to it; 0 when its own version does (or it is
// not such a source). Never below 130.
int legacy_extension_glsl_version(std::string_view text, ShaderStage stage, const GlslVersion& declared,
                                  const std::vector<std::string>& unexposed);

// The check-only parse's text: `text` (whose version is `declared`) with
// its #version line at legacy_extension_glsl_version(), `compatibility`
// from 1.50 on; unchanged when that is 0.
std::string with_legacy_extension_check_version(std::string text, ShaderStage stage, const GlslVersion& declared,
                                                const std::vector<std::string>& unexposed);

// The SPIR-V parse's text: the upgrader's 1.40 text of a source of version
// `declared` raised as desktop_glsl_rewrites.h raises 1.40 sources (its
// number replaced, nothing else but what those rewrites change); unchanged
// for other sources.
std::string with_legacy_extension_spirv_version(std::string upgraded, ShaderStage stage, const GlslVersion& declared,
                                                const std::vector<std::string>& unexposed);

}  // namespace brass::compiler
