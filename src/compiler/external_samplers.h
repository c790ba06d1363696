// samplerExternalOES (OES_EGL_image_external in ESSL 1.00,
// OES_EGL_image_external_essl3 in ESSL 3.x) on Vulkan.
//
// An external texture is a 2D texture over an EGLImage's one image (the GL
// frontend's TEXTURE_EXTERNAL_OES target); Brass's EGLImages are never YUV,
// so sampling one is sampling a 2D image. glslang accepts the type when it
// only checks a shader, but declares none of its built-in functions
// (texture2D, texture, textureProj, textureSize, texelFetch) when it
// generates SPIR-V. Before the Vulkan parse, every samplerExternalOES of
// the already validated source becomes a sampler2D: each of the extension's
// functions is the sampler2D overload of the same name and meaning. The GL
// type of the uniforms declared so (GL_SAMPLER_EXTERNAL_OES, which decides
// the texture target a unit samples) is given back after reflection from
// the names this pass records.
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace brass::compiler {

struct ExternalSamplerLowering {
  std::string text;
  // Uniforms declared samplerExternalOES, as the Vulkan parse names them
  // (an array's name without subscript).
  std::set<std::string> external_uniforms;
  // Uniforms declared sampler2D, to refuse a program whose stages declare
  // one name with both types (the rewrite would hide the difference from
  // glslang's link).
  std::set<std::string> sampler_2d_uniforms;
};

ExternalSamplerLowering lower_external_samplers(std::string_view text);

}  // namespace brass::compiler
