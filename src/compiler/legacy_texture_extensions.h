// EXT_texture_array and EXT_gpu_shader4 in GLSL 1.10 / 1.20 sources.
//
// Both extensions give the old desktop GLSL what GLSL 1.30 later made core,
// spelled the old way: sampler1DArray / sampler2DArray (and their shadow
// forms) with texture1DArray, texture2DArray, shadow2DArray ... lookups;
// EXT_gpu_shader4 adds integer and unsigned types (`unsigned int`, uvec*,
// isampler* / usampler*), texelFetch2D ..., texture2DOffset ...,
// texture2DGrad ..., textureSize2D ..., shadowCube, `varying out` fragment
// outputs and `flat` / `noperspective` varyings. glslang knows neither
// extension, so a source below 1.30 that enables one (and the context
// exposes it) is rewritten to GLSL 1.30, where all of it exists under the
// 1.30 names (later sources that enable one get the renames only):
//   - the #version becomes 130 (a directive is added where there was none,
//     with a #line keeping the numbering);
//   - each old lookup becomes its 1.30 overload (texture2DArray -> texture,
//     texelFetch2D -> texelFetch, texture2DOffset -> textureOffset,
//     textureSize2D -> textureSize, ...); the shadow lookups the extensions
//     add return vec4 like shadow2D, so shadow2DArray(s, c) becomes
//     vec4(texture(s, c));
//   - `unsigned int` becomes uint, a fragment shader's `varying out` out;
//   - identifiers the source may use that GLSL 1.30 reserves (uint,
//     texture, round, ... less the words the enabled extensions add
//     themselves) get the upgrader's prefix, which reflection strips.
// Everything else (the compatibility built-ins, `attribute`, `varying`,
// texture2D, shadow2D) is GLSL 1.30 too and is left to the later passes.
#pragma once

#include <string>
#include <vector>

#include "compiler/compiler.h"
#include "compiler/glsl_version.h"

namespace brass::compiler {

// `text` rewritten as above where it is desktop GLSL enabling
// GL_EXT_texture_array or GL_EXT_gpu_shader4 (not `disable`d, not in
// `unexposed`); otherwise unchanged.
std::string lower_legacy_texture_extensions(std::string text, ShaderStage stage, const GlslVersion& declared,
                                            const std::vector<std::string>& unexposed);

}  // namespace brass::compiler
