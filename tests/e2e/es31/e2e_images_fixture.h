// The fixture of the ES 3.1 image load/store tests (e2e_image_*_test.cpp):
// textures to bind to image units, their upload and read-back, and compute
// shaders that store into them. In a named namespace: gtest requires every
// test of the suite, in whichever file, to use one fixture class.
#pragma once

#include <algorithm>
#include <array>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "e2e_es31_fixture.h"

namespace brass::e2e {

class E2eImages : public Es31Test {
 protected:
  // An immutable texture of `levels` levels.
  static GLuint storage_texture(GLenum target, GLenum format, GLsizei w, GLsizei h, GLsizei depth = 1,
                                GLsizei levels = 1) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    if (target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_3D) glTexStorage3D(target, levels, format, w, h, depth);
    else glTexStorage2D(target, levels, format, w, h);
    return t;
  }
  static GLint integer(GLenum pname) {
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
  }
  static GLint unit_state(GLenum pname, GLuint unit) {
    GLint v = -12345;
    glGetIntegeri_v(pname, unit, &v);
    return v;
  }
  // Every ES 3.1 table 20.27 value of a unit, through each indexed getter.
  static void expect_unit(GLuint unit, GLuint name, GLint level, bool layered, GLint layer, GLenum access,
                          GLenum format) {
    SCOPED_TRACE(unit);
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_NAME, unit), static_cast<GLint>(name));
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_LEVEL, unit), level);
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_LAYERED, unit), layered ? 1 : 0);
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_LAYER, unit), layer);
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_ACCESS, unit), static_cast<GLint>(access));
    EXPECT_EQ(unit_state(GL_IMAGE_BINDING_FORMAT, unit), static_cast<GLint>(format));
    GLboolean b = GL_TRUE;
    glGetBooleani_v(GL_IMAGE_BINDING_LAYERED, unit, &b);
    EXPECT_EQ(b, layered ? GL_TRUE : GL_FALSE);
    GLint64 v64 = -1;
    glGetInteger64i_v(GL_IMAGE_BINDING_FORMAT, unit, &v64);
    EXPECT_EQ(v64, static_cast<GLint64>(format));
  }
  // Reads `count` texels of level `level` (layer `layer`) of an integer
  // texture through a framebuffer, one 32-bit channel each (R32UI/R32I).
  static std::vector<uint32_t> read_r32(GLuint tex, GLenum target, int w, int h, GLint layer = 0, GLint level = 0,
                                        bool is_signed = false) {
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    if (target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_3D)
      glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, level, layer);
    else if (target == GL_TEXTURE_CUBE_MAP)
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X + layer, tex,
                             level);
    else
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, level);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    std::vector<uint32_t> texels(static_cast<size_t>(w * h * 4), 0xdeadbeef);
    glReadPixels(0, 0, w, h, GL_RGBA_INTEGER, is_signed ? GL_INT : GL_UNSIGNED_INT, texels.data());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    std::vector<uint32_t> out(static_cast<size_t>(w * h));
    for (size_t i = 0; i < out.size(); ++i) out[i] = texels[i * 4];
    return out;
  }
  // RGBA8 texels of level 0 of a 2D texture through a framebuffer.
  static std::vector<uint32_t> read_rgba8(GLuint tex, int w, int h) {
    GLuint fbo = 0;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    std::vector<uint32_t> px(static_cast<size_t>(w * h), 0xdeadbeef);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    return px;
  }
  // Uploads uint32 texels to level 0 (layers 0..depth-1) of an R32UI texture.
  static void upload_r32ui(GLenum target, int w, int h, int depth, const std::vector<uint32_t>& texels) {
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    if (target == GL_TEXTURE_2D_ARRAY)
      glTexSubImage3D(target, 0, 0, 0, 0, w, h, depth, GL_RED_INTEGER, GL_UNSIGNED_INT, texels.data());
    else
      glTexSubImage2D(target, 0, 0, 0, w, h, GL_RED_INTEGER, GL_UNSIGNED_INT, texels.data());
  }
};

// GLSL ES 3.10: an image variable is highp (or mediump/lowp) and needs a
// format and, for loads, not writeonly.
inline constexpr const char* kStoreRgba8Cs = R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4) in;
layout(rgba8, binding = 0) writeonly uniform highp image2D img;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  imageStore(img, p, vec4(float(p.x) / 255.0, float(p.y) / 255.0, 1.0, 0.0));
})";

inline constexpr const char* kStoreR32uiCs = R"(#version 310 es
layout(local_size_x = 4, local_size_y = 4) in;
layout(r32ui, binding = 1) writeonly uniform highp uimage2D img;
uniform uint base;
void main() {
  uvec2 p = gl_GlobalInvocationID.xy;
  imageStore(img, ivec2(p), uvec4(base + p.x + 100u * p.y, 7u, 7u, 7u));
})";

}  // namespace brass::e2e
