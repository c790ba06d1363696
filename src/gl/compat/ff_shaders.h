// GLSL for the fixed-function pipeline: the vertex stage (transform,
// lighting, texture coordinate generation, fog coordinate, user clip
// planes) and the fragment stage (texture environments, colour sum, fog,
// alpha test) that a key describes, written as GLSL 1.20 of the
// compatibility profile. They read the legacy attributes (gl_Vertex, ...),
// the state built-ins (gl_ModelViewMatrix, gl_LightSource, gl_Fog, ...) and
// pass the legacy varyings (gl_FrontColor, gl_TexCoord[], ...), so they
// compile and are fed exactly like an application's compatibility shaders,
// and either stage pairs with an application's shader of the other stage.
#pragma once

#include <string>

#include "gl/compat/ff_key.h"

namespace brass::gl::compat {

// Names in the generated sources that the draw path feeds itself: the
// sampler of fixed-function texture unit i is kFfSamplerPrefix + i (bound to
// texture unit i), and the alpha test's reference (ALPHA_TEST_REF, clamped
// to [0, 1]) is kFfAlphaRefUniform.
inline constexpr const char* kFfSamplerPrefix = "brass_ff_texture";
inline constexpr const char* kFfAlphaRefUniform = "brass_ff_alpha_ref";

std::string vertex_shader_source(const FfVertexKey& key);
std::string fragment_shader_source(const FfFragmentKey& key);

// The fixed-function stage a compatibility program without a vertex (or
// fragment) shader is linked with: the state-independent part of the
// pipeline (transform, the primary and secondary colours, every texture
// coordinate set by its texture matrix; the fragment colour is the
// interpolated primary colour). Lighting, texture coordinate generation,
// texturing and fog of the current state are not applied there.
const std::string& missing_vertex_stage();
const std::string& missing_fragment_stage();

}  // namespace brass::gl::compat
