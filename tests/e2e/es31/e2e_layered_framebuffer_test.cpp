// Layered framebuffers of EXT/OES_geometry_shader: glFramebufferTexture of
// 2D array, cube map and 3D textures, FRAMEBUFFER_ATTACHMENT_LAYERED,
// INCOMPLETE_LAYER_TARGETS, clears of every layer, gl_Layer routing
// primitives to layers, and FRAMEBUFFER_DEFAULT_LAYERS.
#include "e2e_es31_fixture.h"

#include <GLES3/gl32.h>

namespace brass::e2e {
namespace {

constexpr int kSize = 8;

// One fullscreen triangle per layer: instance i goes to layer i with colour
// `colors[i]`.
constexpr const char* kLayerVs = R"(#version 310 es
flat out int v_layer;
void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  gl_Position = vec4(p, 0.0, 1.0);
  v_layer = gl_InstanceID;
})";
constexpr const char* kLayerGs = R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
flat in int v_layer[];
flat out int g_layer;
void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = gl_in[i].gl_Position;
    gl_Layer = v_layer[0];
    g_layer = v_layer[0];
    EmitVertex();
  }
})";
constexpr const char* kLayerFs = R"(#version 310 es
#extension GL_EXT_geometry_shader : require
precision mediump float;
flat in int g_layer;
uniform vec4 colors[6];
out vec4 color;
void main() { color = gl_Layer == g_layer ? colors[g_layer] : vec4(1.0, 0.0, 1.0, 1.0); })";

// An ES 3.1 application reaches the command through the extension's name.
PFNGLFRAMEBUFFERTEXTUREEXTPROC glFramebufferTexture = nullptr;

class E2eLayeredFramebuffer : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (!has_extension("GL_EXT_geometry_shader")) GTEST_SKIP() << "the device has no geometry shaders";
    glFramebufferTexture =
        reinterpret_cast<PFNGLFRAMEBUFFERTEXTUREEXTPROC>(eglGetProcAddress("glFramebufferTextureEXT"));
    ASSERT_NE(glFramebufferTexture, nullptr);
    ASSERT_NE(eglGetProcAddress("glFramebufferTextureOES"), nullptr);
  }
  static GLuint layer_program() {
    GLuint p = glCreateProgram();
    for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), kLayerVs}, std::pair{GLenum(GL_GEOMETRY_SHADER), kLayerGs},
                             std::pair{GLenum(GL_FRAGMENT_SHADER), kLayerFs}}) {
      GLuint s = shader(type, src);
      glAttachShader(p, s);
      glDeleteShader(s);
    }
    link(p);
    const float colors[6][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 0, 1}, {0, 1, 1, 1}, {1, 1, 1, 1}};
    glUseProgram(p);
    glUniform4fv(glGetUniformLocation(p, "colors"), 6, &colors[0][0]);
    return p;
  }
  // Whether `got` is `want` to within one step per channel: a clear colour
  // of 0.5 is 127.5 in UNORM8, which GL (ES 3.2 §2.3.5.2) lets round either
  // way (NVIDIA's layered clears give 127, lavapipe's 128).
  static bool within_one(uint32_t got, uint32_t want) {
    for (int shift = 0; shift < 32; shift += 8) {
      const int g = int((got >> shift) & 0xff), w = int((want >> shift) & 0xff);
      if (g - w > 1 || w - g > 1) return false;
    }
    return true;
  }
  static uint32_t expected(int layer) {
    static const uint32_t kColors[6] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255),
                                        rgba(255, 255, 0), rgba(0, 255, 255), rgba(255, 255, 255)};
    return kColors[layer];
  }
  // The centre texel of one layer (cube face) of `texture`, read through a
  // framebuffer of its own.
  uint32_t layer_texel(GLenum target, GLuint texture, int layer) {
    GLint draw = 0;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw);
    GLuint fb = 0;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    if (target == GL_TEXTURE_CUBE_MAP)
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_X + layer, texture, 0);
    else
      glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, texture, 0, layer);
    EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    const uint32_t p = pixel(kSize / 2, kSize / 2);
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(draw));
    glDeleteFramebuffers(1, &fb);
    return p;
  }
  static GLuint texture(GLenum target, int layers) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    if (target == GL_TEXTURE_CUBE_MAP) glTexStorage2D(target, 1, GL_RGBA8, kSize, kSize);
    else glTexStorage3D(target, 1, GL_RGBA8, kSize, kSize, layers);
    return t;
  }
  // Draws one triangle per layer into a layered attachment of `t`, after
  // clearing every layer to grey; checks every layer.
  void render_layers(GLenum target, GLuint t, int layers) {
    GLuint fb = 0;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
    GLint layered = 0;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED,
                                          &layered);
    EXPECT_EQ(layered, GL_TRUE);
    glViewport(0, 0, kSize, kSize);
    glClearColor(0.5f, 0.5f, 0.5f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    for (int l = 0; l < layers; ++l)
      EXPECT_TRUE(within_one(layer_texel(target, t, l), rgba(128, 128, 128))) << "clear, layer " << l;
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    GLuint prog = layer_program();
    glDrawArraysInstanced(GL_TRIANGLES, 0, 3, layers - 1);  // the last layer keeps the clear colour
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    for (int l = 0; l + 1 < layers; ++l) EXPECT_EQ(layer_texel(target, t, l), expected(l)) << "layer " << l;
    EXPECT_TRUE(within_one(layer_texel(target, t, layers - 1), rgba(128, 128, 128)));
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteProgram(prog);
    glViewport(0, 0, kWidth, kHeight);
  }
};

TEST_F(E2eLayeredFramebuffer, ArrayLayersByGlLayer) {
  GLuint t = texture(GL_TEXTURE_2D_ARRAY, 4);
  render_layers(GL_TEXTURE_2D_ARRAY, t, 4);
  glDeleteTextures(1, &t);
}

TEST_F(E2eLayeredFramebuffer, MaskedClearsReachEveryLayer) {
  GLuint t = texture(GL_TEXTURE_2D_ARRAY, 3);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
  glViewport(0, 0, kSize, kSize);
  glClearColor(0.5f, 0.5f, 0.5f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  // Only red written: a masked clear draws instead of clearing.
  glColorMask(GL_TRUE, GL_FALSE, GL_FALSE, GL_TRUE);
  glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  // And a scissored one of a corner.
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 2, 2);
  glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  for (int l = 0; l < 3; ++l) {
    EXPECT_TRUE(within_one(layer_texel(GL_TEXTURE_2D_ARRAY, t, l), rgba(255, 128, 128))) << "layer " << l;
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    GLuint read = 0;
    glGenFramebuffers(1, &read);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, read);
    glFramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, l);
    uint32_t corner = 0;
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, &corner);
    EXPECT_EQ(corner, rgba(0, 0, 255)) << "layer " << l;
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
    glDeleteFramebuffers(1, &read);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &t);
  glViewport(0, 0, kWidth, kHeight);
}

TEST_F(E2eLayeredFramebuffer, CubeFacesByGlLayer) {
  GLuint t = texture(GL_TEXTURE_CUBE_MAP, 6);
  render_layers(GL_TEXTURE_CUBE_MAP, t, 6);
  glDeleteTextures(1, &t);
}

TEST_F(E2eLayeredFramebuffer, MutableCubeFacesByGlLayer) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_CUBE_MAP, t);
  for (int f = 0; f < 6; ++f)
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, kSize, kSize, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  render_layers(GL_TEXTURE_CUBE_MAP, t, 6);
  glDeleteTextures(1, &t);
}

TEST_F(E2eLayeredFramebuffer, Texture3DSlicesByGlLayer) {
  GLuint t = texture(GL_TEXTURE_3D, 3);
  render_layers(GL_TEXTURE_3D, t, 3);
  glDeleteTextures(1, &t);
}

TEST_F(E2eLayeredFramebuffer, LayeredDepthAttachment) {
  GLuint color = texture(GL_TEXTURE_2D_ARRAY, 2);
  GLuint depth = 0;
  glGenTextures(1, &depth);
  glBindTexture(GL_TEXTURE_2D_ARRAY, depth);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_DEPTH_COMPONENT32F, kSize, kSize, 2);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, color, 0);
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, depth, 0, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS));
  glFramebufferTexture(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, depth, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  // Depth cleared to 0 in every layer hides everything drawn at z = 0.
  glViewport(0, 0, kSize, kSize);
  glEnable(GL_DEPTH_TEST);
  glClearColor(0, 0, 0, 1);
  glClearDepthf(0.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  GLuint prog = layer_program();
  glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 2);
  EXPECT_EQ(layer_texel(GL_TEXTURE_2D_ARRAY, color, 0), rgba(0, 0, 0));
  EXPECT_EQ(layer_texel(GL_TEXTURE_2D_ARRAY, color, 1), rgba(0, 0, 0));
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glClearDepthf(1.0f);
  glClear(GL_DEPTH_BUFFER_BIT);
  glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 2);
  EXPECT_EQ(layer_texel(GL_TEXTURE_2D_ARRAY, color, 0), expected(0));
  EXPECT_EQ(layer_texel(GL_TEXTURE_2D_ARRAY, color, 1), expected(1));
  glDisable(GL_DEPTH_TEST);
  glClearDepthf(1.0f);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, kWidth, kHeight);
  glDeleteFramebuffers(1, &fb);
  glDeleteProgram(prog);
  glDeleteTextures(1, &color);
  glDeleteTextures(1, &depth);
}

TEST_F(E2eLayeredFramebuffer, Completeness) {
  GLuint array = texture(GL_TEXTURE_2D_ARRAY, 2);
  GLuint cube = texture(GL_TEXTURE_CUBE_MAP, 6);
  GLuint flat = 0;
  glGenTextures(1, &flat);
  glBindTexture(GL_TEXTURE_2D, flat);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kSize, kSize);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  // A 2D texture through glFramebufferTexture is not layered.
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, flat, 0);
  GLint layered = -1;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED,
                                        &layered);
  EXPECT_EQ(layered, GL_FALSE);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  // Layered and not.
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, array, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS));
  // Layered color attachments of different targets.
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, cube, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS));
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 0, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  // The layer query of a layered attachment is 0.
  GLint layer = -1;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER,
                                        &layer);
  EXPECT_EQ(layer, 0);
  // Errors: no such texture, a level past the limit, renderbuffers have no LAYERED.
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 12345, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_OPERATION));
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 40);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glFramebufferTexture(GL_TEXTURE_2D, GL_COLOR_ATTACHMENT0, array, 0);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, kSize, kSize);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_LAYERED,
                                        &layered);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteRenderbuffers(1, &rb);
  for (GLuint t : {array, cube, flat}) glDeleteTextures(1, &t);
}

TEST_F(E2eLayeredFramebuffer, DefaultLayers) {
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  GLint v = -1;
  glGetFramebufferParameteriv(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS, &v);
  EXPECT_EQ(v, 0);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS, 3);
  glGetFramebufferParameteriv(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS, &v);
  EXPECT_EQ(v, 3);
  GLint max_layers = 0;
  glGetIntegerv(GL_MAX_FRAMEBUFFER_LAYERS, &max_layers);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS, max_layers + 1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS, -1);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_VALUE));
  // Without attachments, fragments of every default layer run: one
  // triangle per layer counts its fragments.
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 4);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  GLint stores = 0;
  glGetIntegerv(GL_MAX_FRAGMENT_ATOMIC_COUNTERS, &stores);
  if (stores > 0) {
    GLuint prog = glCreateProgram();
    for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), kLayerVs}, std::pair{GLenum(GL_GEOMETRY_SHADER), kLayerGs},
                             std::pair{GLenum(GL_FRAGMENT_SHADER), R"(#version 310 es
#extension GL_EXT_geometry_shader : require
layout(binding = 0) uniform atomic_uint fragments[3];
void main() { atomicCounterIncrement(fragments[gl_Layer]); })"}}) {
      GLuint s = shader(type, src);
      glAttachShader(prog, s);
      glDeleteShader(s);
    }
    link(prog);
    GLuint counters = buffer(GL_ATOMIC_COUNTER_BUFFER, 12);
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, counters);
    glUseProgram(prog);
    glViewport(0, 0, 4, 4);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 3);
    glMemoryBarrier(GL_ALL_BARRIER_BITS);
    EXPECT_EQ(read_uints(counters, 3), (std::vector<uint32_t>{16, 16, 16}));
    glViewport(0, 0, kWidth, kHeight);
    glDeleteBuffers(1, &counters);
    glDeleteProgram(prog);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
}

}  // namespace
}  // namespace brass::e2e
