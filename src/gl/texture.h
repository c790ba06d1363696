// Texture and sampler objects, and the texture units they are bound to.
#pragma once

#include <array>
#include <vector>

#include "gl/gl_object.h"
#include "pipe/resource.h"
#include "pipe/state.h"

namespace brass::gl {

inline constexpr unsigned kMaxTextureUnits = 32;

// Sampling parameters: shared by textures (their own) and sampler objects.
struct SamplerParams {
  GLenum min_filter = GL_NEAREST_MIPMAP_LINEAR, mag_filter = GL_LINEAR;
  GLenum wrap_s = GL_REPEAT, wrap_t = GL_REPEAT, wrap_r = GL_REPEAT;
  GLfloat min_lod = -1000.0f, max_lod = 1000.0f;
  GLenum compare_mode = GL_NONE, compare_func = GL_LEQUAL;
  GLfloat max_anisotropy = 1.0f;
  GLfloat border_color[4] = {0, 0, 0, 0};
};

// One mip level of one face/layer set as specified by TexImage (its GL
// internal format and size); the storage itself is `Texture::resource`.
struct TextureImage {
  GLenum internal_format = GL_NONE;  // GL_NONE: not specified
  GLsizei width = 0, height = 0, depth = 0;
};

class Texture final : public Object {
 public:
  using Object::Object;
  GLenum target = GL_NONE;  // set on first bind
  bool immutable = false;   // glTexStorage*
  GLint immutable_levels = 0;
  std::vector<std::array<TextureImage, 6>> images;  // [level][face]
  Ref<pipe::Resource> resource;
  Ref<pipe::SamplerView> view;  // rebuilt when resource/params change
  SamplerParams sampler;
  GLint base_level = 0, max_level = 1000;
  GLenum swizzle[4] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};
  pipe::SamplerObject* sampler_object = nullptr;  // cached pipe sampler for `sampler`
  uint64_t generation = 0;  // bumped on any change a bound view depends on
};

class Sampler final : public Object {
 public:
  using Object::Object;
  SamplerParams params;
  pipe::SamplerObject* sampler_object = nullptr;
  uint64_t generation = 0;
};

struct TextureUnit {
  Binding<Texture> texture_2d, texture_3d, texture_2d_array, texture_cube;
  Binding<Sampler> sampler;
};

struct TextureUnits {
  GLuint active = 0;  // glActiveTexture - GL_TEXTURE0
  std::array<TextureUnit, kMaxTextureUnits> units;
};

}  // namespace brass::gl
