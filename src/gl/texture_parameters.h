// The texture parameter commands on one texture object (GL 4.6 §8.10,
// §8.11.2): glTexParameter* / glGetTexParameter* find it at a target of the
// active unit, glTextureParameter* / glGetTextureParameter* by name
// (api_texture_parameters.cpp; the DSA forms in api_dsa_textures.cpp).
#pragma once

#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {
class Context;
class Texture;
struct ParamValue;
}  // namespace brass::gl

namespace brass::gl::api {

// Which command form sets the parameter: the errors for a texture of the
// wrong kind differ (a multisample texture's sampler state is INVALID_ENUM
// through glTexParameter, INVALID_OPERATION through glTextureParameter).
enum class TextureCommand : uint8_t { Bound, Named };
void texture_parameter(Context& ctx, Texture& t, GLenum pname, const ParamValue& v, TextureCommand form);
void texture_parameteriv(Context& ctx, Texture& t, GLenum pname, const GLint* params, TextureCommand form);
void texture_parameterIiv(Context& ctx, Texture& t, GLenum pname, const GLint* params, TextureCommand form);
void texture_parameterIuiv(Context& ctx, Texture& t, GLenum pname, const GLuint* params, TextureCommand form);
void texture_parameterfv(Context& ctx, Texture& t, GLenum pname, const GLfloat* params, TextureCommand form);
void get_texture_parameteriv(Context& ctx, const Texture& t, GLenum pname, GLint* params);
void get_texture_parameterfv(Context& ctx, const Texture& t, GLenum pname, GLfloat* params);
void get_texture_parameterIiv(Context& ctx, const Texture& t, GLenum pname, GLint* params);
void get_texture_parameterIuiv(Context& ctx, const Texture& t, GLenum pname, GLuint* params);

// GetTexLevelParameter* of one texture; `face` selects a cube map's face
// (GL_TEXTURE_CUBE_MAP_POSITIVE_X + face), 0 for other targets.
void texture_level_parameteriv(Context& ctx, const Texture& t, unsigned face, GLint level, GLenum pname, GLint* params);
void texture_level_parameterfv(Context& ctx, const Texture& t, unsigned face, GLint level, GLenum pname,
                               GLfloat* params);

}  // namespace brass::gl::api
