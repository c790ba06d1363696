// driver/sampler/border_sampler_variants.h: the packed view mapping (what a
// sampler made for a view is told), which samplers need one, and, on
// lavapipe with validation, the per-mapping samplers a sampler object keeps.
#include <gtest/gtest.h>

#include "driver/sampler/border_sampler_variants.h"
#include "driver/state_objects.h"
#include "driver_device_fixture.h"

namespace brass::driver {
namespace {

TEST(BorderViewMapping, IdentityNeedsNoVariant) {
  EXPECT_EQ(border_view_mapping({}, false), 0u);
  EXPECT_EQ(border_view_mapping({}, true), 0u) << "sRGB-ness matters only with a mapping";
  const VkComponentMapping explicit_identity{VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_B,
                                             VK_COMPONENT_SWIZZLE_A};
  EXPECT_EQ(border_view_mapping(explicit_identity, false), 0u);
}

TEST(BorderViewMapping, CarriesTheViewsMappingAndSrgb) {
  // LUMINANCE_ALPHA's storage swizzle, with IDENTITY in the last place.
  const VkComponentMapping la{VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R,
                              VK_COMPONENT_SWIZZLE_IDENTITY};
  const BorderViewMapping m = border_view_mapping(la, false);
  ASSERT_NE(m, 0u);
  VkSamplerBorderColorComponentMappingCreateInfoEXT info = border_mapping_info(m);
  EXPECT_EQ(info.sType, VK_STRUCTURE_TYPE_SAMPLER_BORDER_COLOR_COMPONENT_MAPPING_CREATE_INFO_EXT);
  EXPECT_EQ(info.pNext, nullptr);
  EXPECT_EQ(info.components.r, VK_COMPONENT_SWIZZLE_R);
  EXPECT_EQ(info.components.g, VK_COMPONENT_SWIZZLE_R);
  EXPECT_EQ(info.components.b, VK_COMPONENT_SWIZZLE_R);
  EXPECT_EQ(info.components.a, VK_COMPONENT_SWIZZLE_A) << "IDENTITY resolved to its own component";
  EXPECT_EQ(info.srgb, VK_FALSE);
  const VkComponentMapping constants{VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ONE, VK_COMPONENT_SWIZZLE_B,
                                     VK_COMPONENT_SWIZZLE_G};
  const BorderViewMapping s = border_view_mapping(constants, true);
  info = border_mapping_info(s);
  EXPECT_EQ(info.components.r, VK_COMPONENT_SWIZZLE_ZERO);
  EXPECT_EQ(info.components.g, VK_COMPONENT_SWIZZLE_ONE);
  EXPECT_EQ(info.components.b, VK_COMPONENT_SWIZZLE_B);
  EXPECT_EQ(info.components.a, VK_COMPONENT_SWIZZLE_G);
  EXPECT_EQ(info.srgb, VK_TRUE);
  EXPECT_NE(s, border_view_mapping(constants, false));
}

TEST(BorderFollowsView, OnlyCustomAndOpaqueBlackBordersThatAreReached) {
  pipe::SamplerState s;
  s.wrap_s = pipe::Wrap::ClampToBorder;
  EXPECT_TRUE(border_follows_view(s, VK_BORDER_COLOR_FLOAT_CUSTOM_EXT));
  EXPECT_TRUE(border_follows_view(s, VK_BORDER_COLOR_INT_CUSTOM_EXT));
  EXPECT_TRUE(border_follows_view(s, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK));
  EXPECT_TRUE(border_follows_view(s, VK_BORDER_COLOR_INT_OPAQUE_BLACK));
  EXPECT_FALSE(border_follows_view(s, VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK));
  EXPECT_FALSE(border_follows_view(s, VK_BORDER_COLOR_INT_OPAQUE_WHITE));
  s.wrap_s = pipe::Wrap::ClampToEdge;
  EXPECT_FALSE(border_follows_view(s, VK_BORDER_COLOR_FLOAT_CUSTOM_EXT)) << "no wrap mode reaches the border";
  s.wrap_r = pipe::Wrap::ClampToBorder;
  EXPECT_TRUE(border_follows_view(s, VK_BORDER_COLOR_FLOAT_CUSTOM_EXT));
  s.normalized_coords = false;
  EXPECT_FALSE(border_follows_view(s, VK_BORDER_COLOR_FLOAT_CUSTOM_EXT)) << "unnormalized: clamped to the edge";
}

class BorderSamplerVariantsTest : public test::DriverDeviceTest {};

// The device here (lavapipe) has borderColorSwizzle: samplers made with a
// mapping are valid (a validation message fails the test), one per mapping,
// found again rather than made twice.
TEST_F(BorderSamplerVariantsTest, OneSamplerPerMapping) {
  const vk::Capabilities& caps = screen().caps();
  if (!caps.custom_border_color || !caps.border_color_swizzle) GTEST_FAIL() << "lavapipe has both";
  pipe::SamplerState s;
  s.wrap_s = s.wrap_t = pipe::Wrap::ClampToBorder;
  s.border_color.f[0] = 0.2f;
  s.border_color.f[3] = 0.8f;
  vk::Status st;
  pipe::SamplerObject* o = make_sampler_object(vk_device(), caps, s, true, &st);
  ASSERT_TRUE(st.ok());
  ASSERT_NE(o, nullptr);
  ASSERT_NE(o->border_variants, nullptr) << "a custom colour that a wrap mode reaches";
  const BorderViewMapping a = border_view_mapping(
      {VK_COMPONENT_SWIZZLE_B, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_A}, false);
  const BorderViewMapping b = border_view_mapping(
      {VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_ONE}, true);
  VkSampler va = VK_NULL_HANDLE, vb = VK_NULL_HANDLE, va_again = VK_NULL_HANDLE;
  ASSERT_TRUE(o->border_variants->get(vk_device(), caps, a, &va).ok());
  ASSERT_TRUE(o->border_variants->get(vk_device(), caps, b, &vb).ok());
  ASSERT_TRUE(o->border_variants->get(vk_device(), caps, a, &va_again).ok());
  EXPECT_NE(va, VK_NULL_HANDLE);
  EXPECT_NE(va, vb);
  EXPECT_NE(va, o->sampler);
  EXPECT_EQ(va, va_again);
  EXPECT_EQ(o->border_variants->size(), 2u);
  o->border_variants->for_each([&](VkSampler v) { vkDestroySampler(vk_device(), v, nullptr); });
  vkDestroySampler(vk_device(), o->sampler, nullptr);
  delete o;

  // Where the device swizzles from the image, or the border reads the same
  // through any swizzle, there are no variants.
  o = make_sampler_object(vk_device(), caps, s, false, &st);
  ASSERT_NE(o, nullptr);
  EXPECT_EQ(o->border_variants, nullptr);
  vkDestroySampler(vk_device(), o->sampler, nullptr);
  delete o;
  pipe::SamplerState white = s;
  for (int i = 0; i < 4; ++i) white.border_color.f[i] = 1.0f;
  o = make_sampler_object(vk_device(), caps, white, true, &st);
  ASSERT_NE(o, nullptr);
  EXPECT_EQ(o->border_variants, nullptr);
  vkDestroySampler(vk_device(), o->sampler, nullptr);
  delete o;
}

}  // namespace
}  // namespace brass::driver
