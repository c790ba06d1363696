#include "gl_util.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "frame_check.h"

namespace bench {

namespace {

GLuint compile(GLenum type, const char* src, std::string* why) {
  GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &src, nullptr);
  glCompileShader(s);
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(s, sizeof(log), nullptr, log);
    *why = std::string(type == GL_VERTEX_SHADER ? "vertex" : "fragment") + " shader does not compile: " + log;
    glDeleteShader(s);
    return 0;
  }
  return s;
}

}  // namespace

GLuint build_program(const char* vs, const char* fs, std::string* why) {
  GLuint v = compile(GL_VERTEX_SHADER, vs, why);
  if (!v) return 0;
  GLuint f = compile(GL_FRAGMENT_SHADER, fs, why);
  if (!f) {
    glDeleteShader(v);
    return 0;
  }
  GLuint p = glCreateProgram();
  glAttachShader(p, v);
  glAttachShader(p, f);
  glBindAttribLocation(p, 0, "a_pos");
  glLinkProgram(p);
  // Flagged for deletion; they go with the program.
  glDeleteShader(v);
  glDeleteShader(f);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(p, sizeof(log), nullptr, log);
    *why = std::string("program does not link: ") + log;
    glDeleteProgram(p);
    return 0;
  }
  return p;
}

bool make_target(int width, int height, Target* out, std::string* why) {
  out->width = width;
  out->height = height;
  glGenTextures(1, &out->texture);
  glBindTexture(GL_TEXTURE_2D, out->texture);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width, height);
  glGenFramebuffers(1, &out->fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, out->fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, out->texture, 0);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "framebuffer incomplete (0x%04x)", status);
    *why = buf;
    return false;
  }
  glViewport(0, 0, width, height);
  return gl_ok("make_target", why);
}

void destroy_target(Target* t) {
  glDeleteFramebuffers(1, &t->fbo);
  glDeleteTextures(1, &t->texture);
  *t = {};
}

GLuint make_texture(int width, int height, unsigned seed) {
  std::vector<unsigned char> px(static_cast<size_t>(width) * height * 4);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      test_texel_bytes(width, height, seed, x, y, &px[(static_cast<size_t>(y) * width + x) * 4]);
    }
  }
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  return t;
}

bool gl_ok(const char* where, std::string* why) {
  const GLenum e = glGetError();
  if (e == GL_NO_ERROR) return true;
  char buf[128];
  std::snprintf(buf, sizeof(buf), "GL error 0x%04x in %s", e, where);
  *why = buf;
  return false;
}

}  // namespace bench
