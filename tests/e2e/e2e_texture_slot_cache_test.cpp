// The sampler-slot cache of draw-time texture validation
// (gl/texture_slot_cache.h, issue 19): a slot switched between a few
// textures or sampler objects validates each once, and every change that
// feeds an entry made earlier (the texture's storage or parameters, the
// sampler object's parameters, a deleted texture whose name comes back, a
// change made through another context of the share group) is seen by the
// next draw that binds it again. Each test caches two entries in slot 0,
// changes the one that is not bound and binds it again: a stale entry would
// sample what the texture was (the entry holds a reference to its view, so
// the old storage is still there to sample).

#include <array>

#include "e2e_fixture.h"
#include "brass_stats.h"

namespace brass::e2e {
namespace {

const char* kVs = R"(#version 300 es
layout(location = 0) in vec2 pos;
out vec2 v_uv;
void main() { v_uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.5, 1.0); })";
const char* kFs = R"(#version 300 es
precision mediump float;
uniform sampler2D u_tex;
in vec2 v_uv;
out vec4 o;
void main() { o = texture(u_tex, v_uv); })";
// Reads at s = 1.05: the last column with CLAMP_TO_EDGE, column 0 with REPEAT.
const char* kEdgeFs = R"(#version 300 es
precision mediump float;
uniform sampler2D u_tex;
out vec4 o;
void main() { o = texture(u_tex, vec2(1.05, 0.5)); })";

const float kQuad[12] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};

class TextureSlotCache : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    stats_value_ = brass_stats_value_function();
    ASSERT_NE(stats_value_, nullptr) << "libEGL_brass.so is not loaded or does not export brass_stats_value";
    prog_ = program(kVs, kFs);
    use(prog_);
    glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kQuad), kQuad, GL_STATIC_DRAW);
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    glGenTextures(2, textures_);
    fill(textures_[0], rgba(255, 0, 0));
    fill(textures_[1], rgba(0, 255, 0));
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  }
  void TearDown() override {
    glDeleteTextures(2, textures_);
    glDeleteVertexArrays(1, &vao_);
    glDeleteBuffers(1, &vbo_);
    glDeleteProgram(prog_);
    GlesTest::TearDown();
  }
  static void use(GLuint p) {
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "u_tex"), 0);
  }
  // A 4x4 texture of one colour, NEAREST, no mipmaps (complete).
  static void fill(GLuint tex, uint32_t colour) {
    std::array<uint32_t, 16> texels;
    texels.fill(colour);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  }
  uint64_t validations() {
    glFinish();
    uint64_t value = 0;
    if (!stats_value_("draw.texture_slot_validations", &value)) ADD_FAILURE() << "no counter draw.texture_slot_validations";
    return value;
  }
  // Binds `tex` to unit 0 and draws; returns the centre pixel.
  uint32_t draw_with(GLuint tex) {
    glBindTexture(GL_TEXTURE_2D, tex);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    return pixel(kWidth / 2, kHeight / 2);
  }
  // Both textures drawn once (two entries of slot 0), textures_[1] bound.
  void cache_both() {
    EXPECT_EQ(draw_with(textures_[0]), rgba(255, 0, 0));
    EXPECT_EQ(draw_with(textures_[1]), rgba(0, 255, 0));
  }

  StatsValueFn stats_value_ = nullptr;
  GLuint prog_ = 0, vbo_ = 0, vao_ = 0, textures_[2] = {};
};

TEST_F(TextureSlotCache, AlternatingTexturesAreValidatedOnce) {
  cache_both();
  const uint64_t before = validations();
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(draw_with(textures_[i & 1]), (i & 1) ? rgba(0, 255, 0) : rgba(255, 0, 0)) << "draw " << i;
  EXPECT_EQ(validations(), before) << "a texture the slot had was validated again";
}

TEST_F(TextureSlotCache, StorageRespecifiedWhileNotBoundIsSampled) {
  cache_both();
  std::array<uint32_t, 64> texels;
  texels.fill(rgba(0, 0, 255));
  glBindTexture(GL_TEXTURE_2D, textures_[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glBindTexture(GL_TEXTURE_2D, textures_[1]);
  EXPECT_EQ(draw_with(textures_[1]), rgba(0, 255, 0));
  EXPECT_EQ(draw_with(textures_[0]), rgba(0, 0, 255)) << "the old storage was sampled";
  EXPECT_EQ(draw_with(textures_[1]), rgba(0, 255, 0));
}

TEST_F(TextureSlotCache, ParametersChangedWhileNotBoundAreSampled) {
  cache_both();
  glBindTexture(GL_TEXTURE_2D, textures_[0]);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_ZERO);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_ONE);
  EXPECT_EQ(draw_with(textures_[1]), rgba(0, 255, 0));
  EXPECT_EQ(draw_with(textures_[0]), rgba(0, 0, 255)) << "the old swizzle";
  // Incomplete (a mipmap filter with one level) while not bound: black.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  EXPECT_EQ(draw_with(textures_[1]), rgba(0, 255, 0));
  EXPECT_EQ(draw_with(textures_[0]), rgba(0, 0, 0)) << "an incomplete texture sampled as complete";
}

TEST_F(TextureSlotCache, SamplerObjectChangedWhileNotBoundIsUsed) {
  // Column 0 red, the others green.
  std::array<uint32_t, 16> texels;
  for (int i = 0; i < 16; ++i) texels[i] = i % 4 == 0 ? rgba(255, 0, 0) : rgba(0, 255, 0);
  glBindTexture(GL_TEXTURE_2D, textures_[0]);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  GLuint p = program(kVs, kEdgeFs);
  use(p);
  GLuint samplers[2] = {};
  glGenSamplers(2, samplers);
  for (GLuint s : samplers) {
    glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  }
  glSamplerParameteri(samplers[0], GL_TEXTURE_WRAP_S, GL_REPEAT);
  glSamplerParameteri(samplers[1], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  auto draw_sampler = [&](GLuint s) {
    glBindSampler(0, s);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    return pixel(kWidth / 2, kHeight / 2);
  };
  EXPECT_EQ(draw_sampler(samplers[0]), rgba(255, 0, 0)) << "REPEAT";
  EXPECT_EQ(draw_sampler(samplers[1]), rgba(0, 255, 0)) << "CLAMP_TO_EDGE";
  const uint64_t before = validations();
  EXPECT_EQ(draw_sampler(samplers[0]), rgba(255, 0, 0));
  EXPECT_EQ(draw_sampler(samplers[1]), rgba(0, 255, 0));
  EXPECT_EQ(validations(), before) << "alternating sampler objects validated again";
  glSamplerParameteri(samplers[0], GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  EXPECT_EQ(draw_sampler(samplers[1]), rgba(0, 255, 0));
  EXPECT_EQ(draw_sampler(samplers[0]), rgba(0, 255, 0)) << "the sampler's old REPEAT";
  glBindSampler(0, 0);
  glDeleteSamplers(2, samplers);
  glDeleteProgram(p);
}

// A deleted texture's entry must not serve a new texture, whatever name and
// memory it gets.
TEST_F(TextureSlotCache, DeletedTextureIsNotServedForANewOne) {
  cache_both();
  glDeleteTextures(1, &textures_[0]);
  for (int i = 0; i < 4; ++i) {
    GLuint t = 0;
    glGenTextures(1, &t);
    const uint32_t colour = i & 1 ? rgba(0, 0, 255) : rgba(255, 255, 0);
    fill(t, colour);
    EXPECT_EQ(draw_with(textures_[1]), rgba(0, 255, 0));
    EXPECT_EQ(draw_with(t), colour) << "texture " << i;
    glDeleteTextures(1, &t);
  }
  textures_[0] = 0;
}

// GL ES 3.2 §5.3: a change made in another context of the share group is
// seen once it completed there and the texture is bound again here.
TEST_F(TextureSlotCache, StorageRespecifiedByASharedContextIsSampled) {
  cache_both();
  const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  EGLContext other = eglCreateContext(dpy, config, ctx, attribs);
  ASSERT_NE(other, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, other));
  std::array<uint32_t, 16> texels;
  texels.fill(rgba(255, 0, 255));
  glBindTexture(GL_TEXTURE_2D, textures_[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ONE);
  glFinish();
  ASSERT_TRUE(eglMakeCurrent(dpy, surface, surface, ctx));
  EXPECT_EQ(draw_with(textures_[1]), rgba(0, 255, 0));
  EXPECT_EQ(draw_with(textures_[0]), rgba(255, 255, 255)) << "the storage or swizzle before the other context's change";
  eglDestroyContext(dpy, other);
}

}  // namespace
}  // namespace brass::e2e
