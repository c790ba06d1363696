// EXT_clear_texture through glvnd: glClearTexImageEXT / glClearTexSubImageEXT
// errors (GL 4.6 §8.21), and cleared texels read back on the CPU for 2D
// levels, 3D slices, array layers, cube faces, integer, depth/stencil and
// multisample textures, with client values converted to the stored format.
#include <climits>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

class ClearTexture : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_EXT_clear_texture"));
    clear = reinterpret_cast<PFNGLCLEARTEXIMAGEEXTPROC>(eglGetProcAddress("glClearTexImageEXT"));
    clear_sub = reinterpret_cast<PFNGLCLEARTEXSUBIMAGEEXTPROC>(eglGetProcAddress("glClearTexSubImageEXT"));
    ASSERT_NE(clear, nullptr);
    ASSERT_NE(clear_sub, nullptr);
  }
  static GLuint texture(GLenum target) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    return t;
  }
  // `w` x `h` RGBA8 texels of one level/layer of a color texture.
  static std::vector<uint32_t> read_color(GLuint tex, GLint level, GLint layer, int w, int h,
                                          GLenum face = GL_NONE) {
    GLuint fb = 0;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    if (face != GL_NONE)
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, face, tex, level);
    else if (layer >= 0)
      glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, level, layer);
    else
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, level);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    std::vector<uint32_t> px(size_t(w) * h, 0xdeadbeef);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    return px;
  }
  PFNGLCLEARTEXIMAGEEXTPROC clear = nullptr;
  PFNGLCLEARTEXSUBIMAGEEXTPROC clear_sub = nullptr;
};

TEST_F(ClearTexture, Errors) {
  const uint8_t red[4] = {255, 0, 0, 255};
  clear(0, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "texture zero";
  clear(1234, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no such texture";
  GLuint unnamed = 0;
  glGenTextures(1, &unnamed);
  clear(unnamed, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a name never bound";

  GLuint t = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 4, 4);
  clear(t, -1, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  clear(t, 2, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "level without an image";
  clear(t, 0, GL_RGBA, 0x1234, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  clear(t, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "depth data for a color texture";
  clear(t, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "integer data for a normalized texture";
  clear(t, 0, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "packed type of another component count";
  // Regions outside the level, overflow included.
  const struct { GLint x, y, z; GLsizei w, h, d; } outside[] = {
      {-1, 0, 0, 1, 1, 1}, {0, -1, 0, 1, 1, 1}, {0, 0, -1, 1, 1, 1}, {1, 1, 0, 4, 1, 1},
      {1, 1, 0, 1, 4, 1},  {1, 1, 0, 1, 1, 2},  {INT_MAX, 0, 0, INT_MAX, 1, 1},
      {0, INT_MAX, 0, 1, INT_MAX, 1}, {0, 0, INT_MAX, 1, 1, INT_MAX},
  };
  for (const auto& r : outside) {
    clear_sub(t, 0, r.x, r.y, r.z, r.w, r.h, r.d, GL_RGBA, GL_UNSIGNED_BYTE, red);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << r.x << "," << r.y << "," << r.z;
  }
  clear_sub(t, 1, 1, 1, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "outside level 1 (2x2)";
  clear_sub(t, 0, 0, 0, 0, -1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  clear_sub(t, 0, 4, 4, 0, 0, 0, 1, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "an empty region at the edge";

  // Compressed textures cannot be cleared.
  GLuint c = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4);
  clear(c, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // Depth textures take DEPTH_COMPONENT only.
  GLuint d = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH_COMPONENT32F, 4, 4);
  clear(d, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  clear(d, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, red);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  const float half = 0.5f;
  clear(d, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &half);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Buffer textures cannot be cleared.
  if (has_extension("GL_EXT_texture_buffer")) {
    GLuint b = buffer(GL_TEXTURE_BUFFER_EXT, 64);
    GLuint bt = texture(GL_TEXTURE_BUFFER_EXT);
    auto tex_buffer = reinterpret_cast<PFNGLTEXBUFFEREXTPROC>(eglGetProcAddress("glTexBufferEXT"));
    ASSERT_NE(tex_buffer, nullptr);
    tex_buffer(GL_TEXTURE_BUFFER_EXT, GL_RGBA8, b);
    clear(bt, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
    glDeleteTextures(1, &bt);
    glDeleteBuffers(1, &b);
  }
  GLuint all[] = {unnamed, t, c, d};
  glDeleteTextures(4, all);
}

TEST_F(ClearTexture, LevelsAndSubRegionsOf2D) {
  GLuint t = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 8, 8);
  for (GLint level = 0; level < 3; ++level) {
    const uint8_t v[4] = {uint8_t(10 * (level + 1)), 20, 30, 40};
    clear(t, level, GL_RGBA, GL_UNSIGNED_BYTE, v);
  }
  // Float client data into a normalized texture; NULL clears to zero.
  const float green[4] = {0.0f, 1.0f, 0.0f, 1.0f};
  clear_sub(t, 0, 2, 3, 0, 4, 2, 1, GL_RGBA, GL_FLOAT, green);
  clear_sub(t, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<uint32_t> l0 = read_color(t, 0, -1, 8, 8);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      uint32_t want = rgba(10, 20, 30, 40);
      if (x >= 2 && x < 6 && y >= 3 && y < 5) want = rgba(0, 255, 0, 255);
      if (x == 0 && y == 0) want = 0;
      EXPECT_EQ(l0[size_t(y) * 8 + x], want) << x << "," << y;
    }
  EXPECT_EQ(read_color(t, 1, -1, 4, 4), std::vector<uint32_t>(16, rgba(20, 20, 30, 40)));
  EXPECT_EQ(read_color(t, 2, -1, 2, 2), std::vector<uint32_t>(4, rgba(30, 20, 30, 40)));
  glDeleteTextures(1, &t);
}

TEST_F(ClearTexture, SlicesOf3DAndLayersOfArrays) {
  // A mutable RGB8 3D texture (stored with four channels where the device
  // lacks RGB8) cleared with RGB float data in slices 1-2 only.
  GLuint t3 = texture(GL_TEXTURE_3D);
  std::vector<uint8_t> green(4 * 4 * 4 * 3, 0);
  for (size_t i = 1; i < green.size(); i += 3) green[i] = 255;
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGB, 4, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, green.data());
  const float red[3] = {1.0f, 0.0f, 0.0f};
  clear_sub(t3, 0, 1, 1, 1, 2, 2, 2, GL_RGB, GL_FLOAT, red);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (GLint z = 0; z < 4; ++z) {
    const std::vector<uint32_t> px = read_color(t3, 0, z, 4, 4);
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 4; ++x) {
        const bool inside = z >= 1 && z < 3 && x >= 1 && x < 3 && y >= 1 && y < 3;
        EXPECT_EQ(px[size_t(y) * 4 + x], inside ? rgba(255, 0, 0) : rgba(0, 255, 0)) << x << "," << y << "," << z;
      }
  }
  // A 2D array: the whole of every layer, then one layer.
  GLuint ta = texture(GL_TEXTURE_2D_ARRAY);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 3);
  const uint8_t blue[4] = {0, 0, 255, 255}, white[4] = {255, 255, 255, 255};
  clear(ta, 0, GL_RGBA, GL_UNSIGNED_BYTE, blue);
  clear_sub(ta, 0, 0, 0, 1, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, white);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(read_color(ta, 0, 0, 4, 4), std::vector<uint32_t>(16, rgba(0, 0, 255)));
  EXPECT_EQ(read_color(ta, 0, 1, 4, 4), std::vector<uint32_t>(16, rgba(255, 255, 255)));
  EXPECT_EQ(read_color(ta, 0, 2, 4, 4), std::vector<uint32_t>(16, rgba(0, 0, 255)));
  GLuint all[] = {t3, ta};
  glDeleteTextures(2, all);
}

TEST_F(ClearTexture, CubeFacesAreLayers) {
  GLuint t = texture(GL_TEXTURE_CUBE_MAP);
  glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 2, 2);
  const uint8_t black[4] = {0, 0, 0, 255}, yellow[4] = {255, 255, 0, 255};
  clear(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, black);
  clear_sub(t, 0, 0, 0, 2, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, yellow);  // faces +Y and -Y
  clear_sub(t, 0, 0, 0, 5, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, yellow);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "past the sixth face";
  for (GLint f = 0; f < 6; ++f) {
    const uint32_t want = f == 2 || f == 3 ? rgba(255, 255, 0) : rgba(0, 0, 0);
    EXPECT_EQ(read_color(t, 0, -1, 2, 2, GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f)), std::vector<uint32_t>(4, want))
        << "face " << f;
  }
  glDeleteTextures(1, &t);
}

TEST_F(ClearTexture, IntegerAndFloatFormats) {
  GLuint t = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32UI, 2, 2);
  const uint32_t v[4] = {1, 70000, 0xffffffffu, 42};
  clear(t, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT, v);
  clear_sub(t, 0, 1, 1, 0, 1, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
  uint32_t px[16] = {};
  glReadPixels(0, 0, 2, 2, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
  for (int i = 0; i < 3; ++i)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(px[i * 4 + c], v[c]) << i;
  for (int c = 0; c < 4; ++c) EXPECT_EQ(px[12 + c], 0u);
  // RGBA16F from unsigned bytes: 51 / 255 = 0.2.
  GLuint h = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA16F, 2, 2);
  const uint8_t b[4] = {51, 102, 255, 0};
  clear(h, 0, GL_RGBA, GL_UNSIGNED_BYTE, b);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, h, 0);
  float f[4] = {};
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, f);
  EXPECT_NEAR(f[0], 0.2f, 1e-3f);
  EXPECT_NEAR(f[1], 0.4f, 1e-3f);
  EXPECT_EQ(f[2], 1.0f);
  EXPECT_EQ(f[3], 0.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  GLuint all[] = {t, h};
  glDeleteTextures(2, all);
}

// Depth and stencil cleared by glClearTexImage are what the depth and
// stencil tests then see.
TEST_F(ClearTexture, DepthStencilTexture) {
  GLuint color = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kWidth, kHeight);
  GLuint ds = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_DEPTH24_STENCIL8, kWidth, kHeight);
  // Depth 0.5 (0x800000 of 24 bits) and stencil 3 everywhere, stencil 5 in
  // the left half.
  const uint32_t whole = (0x800000u << 8) | 3u, left = (0x800000u << 8) | 5u;
  clear(ds, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &whole);
  clear_sub(ds, 0, 0, 0, 0, kWidth / 2, kHeight, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &left);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color, 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_TEXTURE_2D, ds, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint p = program(R"(#version 310 es
uniform float z;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, z, 1.0);
})",
                     R"(#version 310 es
precision mediump float;
uniform vec4 c;
out vec4 o;
void main() { o = c; })");
  glUseProgram(p);
  glViewport(0, 0, kWidth, kHeight);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_EQUAL, 5, 0xff);
  glUniform4f(glGetUniformLocation(p, "c"), 0, 0, 1, 1);
  glUniform1f(glGetUniformLocation(p, "z"), 0.5f);  // depth 0.75: behind the cleared 0.5 everywhere
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glUniform1f(glGetUniformLocation(p, "z"), -0.5f);  // depth 0.25: in front
  glUniform4f(glGetUniformLocation(p, "c"), 1, 0, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);  // where stencil is 5: the left half
  glStencilFunc(GL_EQUAL, 3, 0xff);
  glUniform4f(glGetUniformLocation(p, "c"), 0, 1, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);  // the right half
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_STENCIL_TEST);
  std::vector<uint32_t> px(size_t(kWidth) * kHeight);
  glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
  EXPECT_EQ(px[size_t(5) * kWidth + 3], rgba(255, 0, 0));
  EXPECT_EQ(px[size_t(5) * kWidth + kWidth - 3], rgba(0, 255, 0));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteProgram(p);
  GLuint all[] = {color, ds};
  glDeleteTextures(2, all);
}

// OES_texture_stencil8: a STENCIL_INDEX8 texture cleared whole and in part,
// then sampled (usampler2D reads the stencil index).
TEST_F(ClearTexture, Stencil8Texture) {
  ASSERT_TRUE(has_extension("GL_OES_texture_stencil8"));
  GLuint s8 = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_STENCIL_INDEX8, 4, 4);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  const uint8_t two = 2, nine = 9;
  clear(s8, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &two);
  clear_sub(s8, 0, 2, 0, 0, 2, 4, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &nine);
  clear(s8, 0, GL_RGBA, GL_UNSIGNED_BYTE, &two);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "color data for a stencil texture";
  GLuint out = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 4, 4);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, out, 0);
  GLuint p = program(kFullscreenVs310, R"(#version 310 es
precision mediump float;
uniform highp usampler2D s;
out uint o;
void main() { o = texelFetch(s, ivec2(gl_FragCoord.xy), 0).r; })");
  glUseProgram(p);
  glBindTexture(GL_TEXTURE_2D, s8);
  glViewport(0, 0, 4, 4);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  uint32_t px[16 * 4] = {};
  glReadPixels(0, 0, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_INT, px);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(px[(y * 4 + x) * 4], x >= 2 ? 9u : 2u) << x << "," << y;
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteProgram(p);
  GLuint all[] = {s8, out};
  glDeleteTextures(2, all);
}

TEST_F(ClearTexture, MultisampleTexture) {
  GLuint ms = texture(GL_TEXTURE_2D_MULTISAMPLE);
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
  const uint8_t grey[4] = {128, 128, 128, 255}, magenta[4] = {255, 0, 255, 255};
  clear(ms, 0, GL_RGBA, GL_UNSIGNED_BYTE, grey);
  clear_sub(ms, 0, 4, 0, 0, 4, 8, 1, GL_RGBA, GL_UNSIGNED_BYTE, magenta);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Resolved into a single-sampled texture.
  GLuint resolved = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
  GLuint fbs[2] = {};
  glGenFramebuffers(2, fbs);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbs[0]);
  glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbs[1]);
  glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, resolved, 0);
  glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(2, fbs);
  const std::vector<uint32_t> px = read_color(resolved, 0, -1, 8, 8);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x)
      EXPECT_EQ(px[size_t(y) * 8 + x], x >= 4 ? rgba(255, 0, 255) : rgba(128, 128, 128)) << x << "," << y;
  GLuint all[] = {ms, resolved};
  glDeleteTextures(2, all);
}

}  // namespace
}  // namespace brass::e2e
