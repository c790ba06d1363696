// Small GLES helpers for the scenes: program building, an offscreen colour
// target, a test texture and the GL error check.
#pragma once

#include <GLES3/gl3.h>

#include <string>

namespace bench {

// Compiles and links; returns 0 with the info log in *why on failure.
// Attribute 0 is bound to "a_pos" so scenes can share vertex set-up.
GLuint build_program(const char* vs, const char* fs, std::string* why);

// An RGBA8 texture attached to a new framebuffer object, which is left
// bound. Scenes render into it, never into a window system surface, so a
// surfaceless context is enough.
struct Target {
  GLuint fbo = 0;
  GLuint texture = 0;
  int width = 0, height = 0;
};
bool make_target(int width, int height, Target* out, std::string* why);
void destroy_target(Target* t);

// A width x height RGBA8 texture with a checker pattern whose colours depend
// on seed, so two textures are distinguishable; linear filtering.
GLuint make_texture(int width, int height, unsigned seed);

// false, with the error and `where` in *why, if glGetError reports any.
bool gl_ok(const char* where, std::string* why);

}  // namespace bench
