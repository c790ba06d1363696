// A texture whose sampled level range changes between draws (BASE_LEVEL
// moved back and forth, as level streaming does) needs a sampler view per
// range. The texture's view cache (gl/texture_view_cache.h) keeps a few,
// so a range used before is not made again; with one cached view every
// change made a new view (a Vulkan image view per draw).

#include <array>

#include "e2e_fixture.h"
#include "brass_stats.h"

namespace brass::e2e {
namespace {

const char* kFs = R"(#version 300 es
precision mediump float;
uniform sampler2D u_tex;
out vec4 o;
void main() { o = textureLod(u_tex, vec2(0.5), 0.0); })";

class TextureLevelRanges : public GlesTest {
 protected:
  void SetUp() override {
    GlesTest::SetUp();
    if (HasFatalFailure()) return;
    prog_ = program(kFullscreenVs, kFs);
    glUseProgram(prog_);
    glGenTextures(1, &tex_);
    glBindTexture(GL_TEXTURE_2D, tex_);
    // Level 0 red, 1 green, 2 blue.
    const std::array<uint32_t, 3> colours = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255)};
    for (GLint level = 0; level < 3; ++level) {
      const GLsizei size = 4 >> level;
      std::array<uint32_t, 16> texels;
      texels.fill(colours[static_cast<size_t>(level)]);
      glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    ASSERT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
    stats_value_ = brass_stats_value_function();
    ASSERT_NE(stats_value_, nullptr) << "libEGL_brass.so is not loaded or does not export brass_stats_value";
  }
  void TearDown() override {
    glDeleteTextures(1, &tex_);
    glDeleteProgram(prog_);
    GlesTest::TearDown();
  }
  uint64_t views_made() {
    uint64_t value = 0;
    EXPECT_TRUE(stats_value_("texture.views_made", &value)) << "no BRASS_STATS counter texture.views_made";
    return value;
  }
  GLuint prog_ = 0, tex_ = 0;
  bool (*stats_value_)(const char*, uint64_t*) = nullptr;
};

TEST_F(TextureLevelRanges, BaseLevelMovedBackAndForthReusesItsViews) {
  const std::array<uint32_t, 3> expected = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255)};
  uint64_t views_after_first_round = 0;
  for (int round = 0; round < 4; ++round) {
    if (round == 1) views_after_first_round = views_made();
    for (GLint base = 0; base < 3; ++base) {
      // LOD 0 of the view is the base level.
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, base);
      glClearColor(0, 0, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      EXPECT_EQ(pixel(kWidth / 2, kHeight / 2), expected[static_cast<size_t>(base)])
          << "round " << round << ", base level " << base;
    }
  }
  // Three ranges, each made once.
  EXPECT_EQ(views_made(), views_after_first_round);
  EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));
}

}  // namespace
}  // namespace brass::e2e
