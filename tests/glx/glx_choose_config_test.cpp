// glXChooseFBConfig's and glXChooseVisual's rules over a made-up config list.
#include <gtest/gtest.h>

#include "glx/choose_config.h"

namespace brass::glx {
namespace {

ConfigList make_configs() {
  ConfigList all;
  int id = 1;
  for (int alpha : {8, 0})
    for (int depth : {24, 0})
      for (int samples : {0, 4}) {
        auto c = std::make_unique<FbConfig>();
        c->id = id++;
        c->visual = 0x21;
        c->visual_class = TrueColor;
        c->visual_depth = 24;
        c->alpha = alpha;
        c->depth = depth;
        c->stencil = depth ? 8 : 0;
        c->samples = samples;
        all.push_back(std::move(c));
      }
  return all;
}

TEST(GlxChooseConfig, MinimumsExactsAndSorting) {
  ConfigList all = make_configs();
  std::vector<const FbConfig*> out;
  ASSERT_EQ(choose_fbconfigs(all, nullptr, &out), kNoError);
  ASSERT_EQ(out.size(), all.size());
  // Single-sampled before multisampled; deeper depth first.
  EXPECT_EQ(out[0]->samples, 0);
  EXPECT_EQ(out[0]->depth, 24);
  const int alpha[] = {GLX_ALPHA_SIZE, 1, GLX_SAMPLES, 4, None};
  ASSERT_EQ(choose_fbconfigs(all, alpha, &out), kNoError);
  ASSERT_EQ(out.size(), 2u);
  for (const FbConfig* c : out) {
    EXPECT_EQ(c->alpha, 8);
    EXPECT_EQ(c->samples, 4);
  }
  const int by_id[] = {GLX_FBCONFIG_ID, 3, GLX_ALPHA_SIZE, 100, None};  // the ID alone decides
  ASSERT_EQ(choose_fbconfigs(all, by_id, &out), kNoError);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]->id, 3);
  const int pixmap[] = {GLX_DRAWABLE_TYPE, GLX_PIXMAP_BIT, None};
  ASSERT_EQ(choose_fbconfigs(all, pixmap, &out), kNoError);
  EXPECT_TRUE(out.empty());
  const int dont_care[] = {GLX_DEPTH_SIZE, static_cast<int>(GLX_DONT_CARE), GLX_DOUBLEBUFFER, True, None};
  ASSERT_EQ(choose_fbconfigs(all, dont_care, &out), kNoError);
  EXPECT_EQ(out.size(), all.size());
  const int srgb[] = {GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB, True, None};  // nothing has it
  ASSERT_EQ(choose_fbconfigs(all, srgb, &out), kNoError);
  EXPECT_TRUE(out.empty());
}

TEST(GlxChooseConfig, ChooseVisualRules) {
  ConfigList all = make_configs();
  const FbConfig* c = nullptr;
  int depth[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_DEPTH_SIZE, 1, None};
  ASSERT_EQ(choose_visual_config(all, depth, &c), kNoError);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->depth, 24);
  EXPECT_EQ(c->samples, 0);
  // Nothing asked: the smallest depth and alpha.
  int plain[] = {GLX_RGBA, GLX_DOUBLEBUFFER, None};
  ASSERT_EQ(choose_visual_config(all, plain, &c), kNoError);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->depth, 0);
  EXPECT_EQ(c->alpha, 0);
  int single[] = {GLX_RGBA, None};
  ASSERT_EQ(choose_visual_config(all, single, &c), kNoError);
  EXPECT_EQ(c, nullptr);
  int bad[] = {GLX_RGBA, 0x7fff, None};
  EXPECT_EQ(choose_visual_config(all, bad, &c), kBadValue);
}

}  // namespace
}  // namespace brass::glx
