// A draw after only texture or sampler bindings changed (gl/texture_change.h,
// issue 19) keeps the last draw's checks and binds the new textures alone.
// Each test draws twice so the checks are recorded, changes textures between
// draws and checks the pixels each draw leaves: a new texture, a sampler
// object, the texture's parameters and storage, and a feedback loop that a
// texture change makes with the framebuffer. The counters show the short
// path was taken where nothing else changed.

#include <array>

#include "e2e_fixture.h"
#include "brass_stats.h"

namespace brass::e2e {
namespace {

const char* kVs = R"(#version 300 es
layout(location = 0) in vec2 pos;
out vec2 v_uv;
void main() { v_uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.5, 1.0); })";
// The texel's channels rotated (r, g, b) -> (g, b, r): a draw that samples
// what it renders into leaves a colour different from the one it read.
const char* kFs = R"(#version 300 es
precision mediump float;
uniform sampler2D u_tex;
in vec2 v_uv;
out vec4 o;
void main() { o = texture(u_tex, v_uv).gbra; })";

const float kQuad[12] = {-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1};

class TextureChange : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    stats_value_ = brass_stats_value_function();
    ASSERT_NE(stats_value_, nullptr) << "libEGL_brass.so is not loaded or does not export brass_stats_value";
    prog_ = program(kVs, kFs);
    glUseProgram(prog_);
    glUniform1i(glGetUniformLocation(prog_, "u_tex"), 0);
    glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, sizeof(kQuad), kQuad, GL_STATIC_DRAW);
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    glGenTextures(2, textures_);
    fill(textures_[0], rgba(255, 0, 0));  // drawn as blue (.gbr)
    fill(textures_[1], rgba(0, 255, 0));  // drawn as red
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
  }
  void TearDown() override {
    glDeleteTextures(2, textures_);
    glDeleteVertexArrays(1, &vao_);
    glDeleteBuffers(1, &vbo_);
    glDeleteProgram(prog_);
    GlesTest::TearDown();
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
  uint64_t counter(const char* name) {
    glFinish();
    uint64_t value = 0;
    if (!stats_value_(name, &value)) ADD_FAILURE() << "no BRASS_STATS counter named \"" << name << "\"";
    return value;
  }
  void draw() { glDrawArrays(GL_TRIANGLES, 0, 6); }
  uint32_t centre() { return pixel(kWidth / 2, kHeight / 2); }

  StatsValueFn stats_value_ = nullptr;
  GLuint prog_ = 0, vbo_ = 0, vao_ = 0, textures_[2] = {};
};

TEST_F(TextureChange, EachDrawSamplesTheTextureBoundBeforeIt) {
  glBindTexture(GL_TEXTURE_2D, textures_[0]);
  draw();
  draw();  // recorded
  const uint64_t short_path = counter("draw.texture_changes");
  for (int i = 0; i < 4; ++i) {
    glBindTexture(GL_TEXTURE_2D, textures_[(i + 1) & 1]);
    draw();
    EXPECT_EQ(centre(), (i & 1) ? rgba(0, 0, 255) : rgba(255, 0, 0)) << "draw " << i;
  }
  EXPECT_EQ(counter("draw.texture_changes"), short_path + 4) << "a texture change ran every check";
}

// A sampler object bound and unbound between draws: its wrap mode decides
// what the quad's edge samples.
TEST_F(TextureChange, SamplerObjectBoundBetweenDraws) {
  // Texel column 0 red, the others green; a draw of texel x = 0 .. 1 with
  // REPEAT, sampled past the right edge, reads column 0 again.
  std::array<uint32_t, 16> texels;
  for (int i = 0; i < 16; ++i) texels[i] = i % 4 == 0 ? rgba(255, 0, 0) : rgba(0, 255, 0);
  glBindTexture(GL_TEXTURE_2D, textures_[0]);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  const char* fs = R"(#version 300 es
precision mediump float;
uniform sampler2D u_tex;
out vec4 o;
void main() { o = texture(u_tex, vec2(1.05, 0.5)); })";
  GLuint p = program(kVs, fs);
  glUseProgram(p);
  draw();
  draw();
  EXPECT_EQ(centre(), rgba(0, 255, 0)) << "CLAMP_TO_EDGE reads the last column";
  GLuint sampler = 0;
  glGenSamplers(1, &sampler);
  glSamplerParameteri(sampler, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  draw();  // the sampler's creation took a new object generation: recorded again
  const uint64_t short_path = counter("draw.texture_changes");
  glBindSampler(0, sampler);
  draw();
  EXPECT_EQ(centre(), rgba(255, 0, 0)) << "REPEAT from the bound sampler object";
  glBindSampler(0, 0);
  draw();
  EXPECT_EQ(centre(), rgba(0, 255, 0)) << "the texture's own CLAMP_TO_EDGE again";
  EXPECT_EQ(counter("draw.texture_changes"), short_path + 2);
  glDeleteSamplers(1, &sampler);
  glDeleteProgram(p);
}

// Parameters and storage of the bound texture changed between draws: the
// next draw runs every check and samples what the texture now is.
TEST_F(TextureChange, ParametersAndStorageChangedBetweenDraws) {
  glBindTexture(GL_TEXTURE_2D, textures_[0]);
  draw();
  draw();
  EXPECT_EQ(centre(), rgba(0, 0, 255));
  // A mipmap filter with one level: incomplete, sampled as (0, 0, 0, 1).
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  draw();
  EXPECT_EQ(centre(), rgba(0, 0, 0)) << "an incomplete texture";
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  draw();
  EXPECT_EQ(centre(), rgba(0, 0, 255));
  // New storage of another size and colour.
  std::array<uint32_t, 64> texels;
  texels.fill(rgba(0, 0, 255));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  draw();
  EXPECT_EQ(centre(), rgba(0, 255, 0)) << "the new storage";
  // New contents of the same storage.
  texels.fill(rgba(0, 255, 0));
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  draw();
  EXPECT_EQ(centre(), rgba(255, 0, 0)) << "the new contents";
  // And a texture change after all that, on the short path again.
  draw();
  const uint64_t short_path = counter("draw.texture_changes");
  glBindTexture(GL_TEXTURE_2D, textures_[1]);
  draw();
  EXPECT_EQ(centre(), rgba(255, 0, 0));
  glBindTexture(GL_TEXTURE_2D, textures_[0]);
  draw();
  EXPECT_EQ(centre(), rgba(255, 0, 0));
  EXPECT_EQ(counter("draw.texture_changes"), short_path + 2);
}

// Binding the texture the framebuffer renders into, between two draws that
// passed every check: the draw samples a copy of what it held (GL 4.6 §9.3's
// loop; texture_feedback.h), so each draw rotates the previous one's colour.
TEST_F(TextureChange, TextureChangeThatMakesAFeedbackLoop) {
  GLuint target = 0, fbo = 0;
  glGenTextures(1, &target);
  fill(target, rgba(0, 0, 255));
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), static_cast<GLenum>(GL_FRAMEBUFFER_COMPLETE));
  glViewport(0, 0, 4, 4);
  glBindTexture(GL_TEXTURE_2D, textures_[0]);
  draw();
  draw();
  EXPECT_EQ(pixel(2, 2), rgba(0, 0, 255)) << "red rotated";
  glBindTexture(GL_TEXTURE_2D, target);  // the loop
  draw();
  EXPECT_EQ(pixel(2, 2), rgba(0, 255, 0)) << "blue rotated: the draw read what the target held";
  draw();
  EXPECT_EQ(pixel(2, 2), rgba(255, 0, 0)) << "green rotated";
  glBindTexture(GL_TEXTURE_2D, textures_[1]);  // the loop ends
  draw();
  EXPECT_EQ(pixel(2, 2), rgba(255, 0, 0)) << "green rotated, from textures_[1]";
  glBindTexture(GL_TEXTURE_2D, textures_[0]);
  draw();
  EXPECT_EQ(pixel(2, 2), rgba(0, 0, 255));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &target);
}

}  // namespace
}  // namespace brass::e2e
