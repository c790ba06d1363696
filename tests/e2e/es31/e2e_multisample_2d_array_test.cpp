// OES_texture_storage_multisample_2d_array through glvnd:
// glTexStorage3DMultisampleOES and its errors, the
// TEXTURE_2D_MULTISAMPLE_ARRAY binding, level queries and (absent) sampler
// parameters, one layer attached with glFramebufferTextureLayer and all of
// them with glFramebufferTextureEXT (gl_Layer routing from a geometry
// shader), and every sample of every layer read back with texelFetch on a
// sampler2DMSArray / usampler2DMSArray, textureSize included. Results are
// checked on the CPU.
#include <GLES3/gl32.h>

#include <utility>

#include "e2e_es31_fixture.h"

namespace brass::e2e {
namespace {

constexpr int kSize = 4, kLayers = 3;

// Pixel (x, y) shows sample `sample` of texel (x, y) of layer `layer`
// (texel coordinates wrap into the texture).
constexpr const char* kFetchFs = R"(#version 310 es
#extension GL_OES_texture_storage_multisample_2d_array : require
precision highp float;
uniform highp sampler2DMSArray tex;
uniform int layer;
uniform int sample_index;
out vec4 o;
void main() {
  ivec2 c = ivec2(gl_FragCoord.xy) % textureSize(tex).xy;
  o = texelFetch(tex, ivec3(c, layer), sample_index);
})";

// The integer form; values divided by 255 so that they read back exactly.
constexpr const char* kFetchUintFs = R"(#version 310 es
#extension GL_OES_texture_storage_multisample_2d_array : require
precision highp float;
uniform highp usampler2DMSArray tex;
uniform int layer;
uniform int sample_index;
out vec4 o;
void main() {
  ivec2 c = ivec2(gl_FragCoord.xy) % textureSize(tex).xy;
  o = vec4(texelFetch(tex, ivec3(c, layer), sample_index)) / 255.0;
})";

// textureSize: (w, h, layers) into red, green and blue.
constexpr const char* kSizeFs = R"(#version 310 es
#extension GL_OES_texture_storage_multisample_2d_array : require
precision highp float;
uniform highp sampler2DMSArray tex;
out vec4 o;
void main() { o = vec4(vec3(textureSize(tex)) / 255.0, 1.0); })";

// A fullscreen triangle per instance, to layer gl_InstanceID.
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
void main() {
  for (int i = 0; i < 3; ++i) {
    gl_Position = gl_in[i].gl_Position;
    gl_Layer = v_layer[0];
    EmitVertex();
  }
})";
constexpr const char* kLayerFs = R"(#version 310 es
precision mediump float;
uniform vec4 color_in;
out vec4 color;
void main() { color = color_in; })";

class E2eMultisample2DArray : public Es31Test {
 protected:
  void SetUp() override {
    Es31Test::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_TRUE(has_extension("GL_OES_texture_storage_multisample_2d_array"));
    tex_storage_3d_multisample = reinterpret_cast<PFNGLTEXSTORAGE3DMULTISAMPLEOESPROC>(
        eglGetProcAddress("glTexStorage3DMultisampleOES"));
    ASSERT_NE(tex_storage_3d_multisample, nullptr);
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
  }
  void TearDown() override {
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao_);
    Es31Test::TearDown();
  }

  // A kSize x kSize x kLayers texture of at least 4 samples, bound.
  GLuint ms_array(GLenum format, GLint* samples) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, t);
    tex_storage_3d_multisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 4, format, kSize, kSize, kLayers, GL_TRUE);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 0, GL_TEXTURE_SAMPLES, samples);
    return t;
  }

  // Sample `sample` of texel (1, 1) of `layer`, drawn through `fs`.
  uint32_t fetch(const char* fs, int layer, int sample) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, kWidth, kHeight);
    GLuint p = program(kFullscreenVs310, fs);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "layer"), layer);
    glUniform1i(glGetUniformLocation(p, "sample_index"), sample);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    const uint32_t px = pixel(1, 1);
    glUseProgram(0);
    glDeleteProgram(p);
    return px;
  }

  PFNGLTEXSTORAGE3DMULTISAMPLEOESPROC tex_storage_3d_multisample = nullptr;
  GLuint vao_ = 0;
};

TEST_F(E2eMultisample2DArray, StorageQueriesAndErrors) {
  GLint samples = 0;
  GLuint t = ms_array(GL_RGBA8, &samples);
  EXPECT_GE(samples, 4);
  GLint v = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY_OES, &v);
  EXPECT_EQ(v, GLint(t));
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 0, GL_TEXTURE_DEPTH, &v);
  EXPECT_EQ(v, kLayers);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 0, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(v, kSize);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 0, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, &v);
  EXPECT_EQ(v, GL_TRUE);
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
  EXPECT_EQ(v, GL_TRUE);
  GLint counts = 0;
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &counts);
  EXPECT_GE(counts, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  // Immutable: a second storage call is refused.
  tex_storage_3d_multisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 4, GL_RGBA8, kSize, kSize, 1, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // No sampler state, no mipmaps.
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGenerateMipmap(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));

  GLuint u = 0;
  glGenTextures(1, &u);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, u);
  tex_storage_3d_multisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, kSize, kSize, 1, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "another target";
  tex_storage_3d_multisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 4, GL_RGBA8, kSize, kSize, 0, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "no layers";
  GLint max_layers = 0;
  glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &max_layers);
  tex_storage_3d_multisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 4, GL_RGBA8, kSize, kSize, max_layers + 1, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "too many layers";
  tex_storage_3d_multisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 0, GL_RGBA8, kSize, kSize, 1, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "no samples";
  tex_storage_3d_multisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 1024, GL_RGBA8, kSize, kSize, 1, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "more samples than the format has";
  tex_storage_3d_multisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 4, GL_RGBA, kSize, kSize, 1, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "unsized format";
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 0);
  tex_storage_3d_multisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, 4, GL_RGBA8, kSize, kSize, 1, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "the default texture";
  // A texture of this kind cannot be bound to another target.
  glBindTexture(GL_TEXTURE_2D_ARRAY, t);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDeleteTextures(1, &u);
  glDeleteTextures(1, &t);
}

TEST_F(E2eMultisample2DArray, EachLayerAndSampleFetchedAfterLayerClearsAndDraws) {
  GLint samples = 0;
  GLuint t = ms_array(GL_RGBA8, &samples);
  ASSERT_GE(samples, 4);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  const float colors[kLayers][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}};
  for (int l = 0; l < kLayers; ++l) {
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, l);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    glClearBufferfv(GL_COLOR, 0, colors[l]);
  }
  GLint layer = -1;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER,
                                        &layer);
  EXPECT_EQ(layer, kLayers - 1);
  // A draw into layer 1 that covers the whole target: every sample white.
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 1);
  glViewport(0, 0, kSize, kSize);
  GLuint white = program(kFullscreenVs310, R"(#version 310 es
precision mediump float;
out vec4 o;
void main() { o = vec4(1.0); })");
  glUseProgram(white);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glUseProgram(0);
  glDeleteProgram(white);
  glDeleteFramebuffers(1, &fb);

  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, t);
  const uint32_t want[kLayers] = {rgba(255, 0, 0), rgba(255, 255, 255), rgba(0, 0, 255)};
  for (int l = 0; l < kLayers; ++l)
    for (int s = 0; s < samples; ++s) EXPECT_EQ(fetch(kFetchFs, l, s), want[l]) << "layer " << l << " sample " << s;

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, kWidth, kHeight);
  GLuint p = program(kFullscreenVs310, kSizeFs);
  glUseProgram(p);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(0, 0), rgba(kSize, kSize, kLayers));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(E2eMultisample2DArray, IntegerSamplesFetchedExactly) {
  GLint samples = 0;
  GLuint t = ms_array(GL_RGBA8UI, &samples);
  ASSERT_GE(samples, 1);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  for (int l = 0; l < kLayers; ++l) {
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, l);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    const GLuint value[4] = {GLuint(10 + l), GLuint(20 * l), 7, 200};
    glClearBufferuiv(GL_COLOR, 0, value);
  }
  glDeleteFramebuffers(1, &fb);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, t);
  for (int l = 0; l < kLayers; ++l)
    for (int s = 0; s < samples; ++s)
      EXPECT_EQ(fetch(kFetchUintFs, l, s), rgba(uint8_t(10 + l), uint8_t(20 * l), 7, 200)) << l << " " << s;
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(E2eMultisample2DArray, LayeredAttachmentRoutesPrimitivesByGlLayer) {
  if (!has_extension("GL_EXT_geometry_shader")) GTEST_SKIP() << "the device has no geometry shaders";
  auto framebuffer_texture =
      reinterpret_cast<PFNGLFRAMEBUFFERTEXTUREEXTPROC>(eglGetProcAddress("glFramebufferTextureEXT"));
  ASSERT_NE(framebuffer_texture, nullptr);
  GLint samples = 0;
  GLuint t = ms_array(GL_RGBA8, &samples);
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  framebuffer_texture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  GLint layered = GL_FALSE;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT,
                                        &layered);
  EXPECT_EQ(layered, GL_TRUE);
  // A clear of a layered attachment clears every layer.
  const float grey[4] = {0.2f, 0.2f, 0.2f, 1.0f};
  glClearBufferfv(GL_COLOR, 0, grey);
  GLuint p = glCreateProgram();
  for (auto [type, src] : {std::pair{GLenum(GL_VERTEX_SHADER), kLayerVs}, std::pair{GLenum(GL_GEOMETRY_SHADER), kLayerGs},
                           std::pair{GLenum(GL_FRAGMENT_SHADER), kLayerFs}}) {
    GLuint s = shader(type, src);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  link(p);
  glUseProgram(p);
  glUniform4f(glGetUniformLocation(p, "color_in"), 0, 1, 1, 1);
  glViewport(0, 0, kSize, kSize);
  // One instance: layer 0 only; the other layers keep the clear colour.
  glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 1);
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteFramebuffers(1, &fb);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, t);
  for (int s = 0; s < samples; ++s) {
    EXPECT_EQ(fetch(kFetchFs, 0, s), rgba(0, 255, 255)) << s;
    EXPECT_EQ(fetch(kFetchFs, 2, s), rgba(51, 51, 51)) << s;
  }
  glDeleteTextures(1, &t);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
