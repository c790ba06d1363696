// The compatibility profile's internal formats (kAvailCompat rows, the
// compatibility unsized names): present only when FormatFeatures asks for
// the profile.
#include <gtest/gtest.h>

#include "gl/pixel/client_format.h"
#include "gl/pixel/format_table.h"
#include "gl/pixel/tex_image_rules.h"

namespace brass::gl::pixel {
namespace {

FormatFeatures compat_features() {
  FormatFeatures f = FormatFeatures::desktop();
  f.compatibility = true;
  return f;
}

TEST(PixelCompatFormats, LegacySizesExistOnlyInCompatibilityContexts) {
  for (GLenum e : {GL_INTENSITY8, GL_LUMINANCE16, GL_ALPHA12, GL_LUMINANCE12_ALPHA4, GL_SLUMINANCE8}) {
    EXPECT_EQ(find_internal_format(e, FormatFeatures::desktop()), nullptr) << std::hex << e;
    EXPECT_EQ(find_internal_format(e, FormatFeatures::es3()), nullptr) << std::hex << e;
    EXPECT_NE(find_internal_format(e, compat_features()), nullptr) << std::hex << e;
  }
  // Core GL 4.6 names stay available in core contexts.
  EXPECT_NE(find_internal_format(GL_RGB4, FormatFeatures::desktop()), nullptr);
  EXPECT_NE(find_internal_format(GL_RGBA12, FormatFeatures::desktop()), nullptr);
}

TEST(PixelCompatFormats, UnsizedIntensityResolvesOnlyInCompatibilityContexts) {
  const FormatResolution core = resolve_tex_image_format(GL_INTENSITY, GL_RGBA, GL_UNSIGNED_BYTE, FormatFeatures::desktop());
  EXPECT_EQ(core.error, GLenum(GL_INVALID_VALUE));
  const FormatResolution compat = resolve_tex_image_format(GL_INTENSITY, GL_RGBA, GL_UNSIGNED_BYTE, compat_features());
  ASSERT_EQ(compat.error, GLenum(GL_NO_ERROR));
  EXPECT_EQ(compat.info->internal_format, GLenum(GL_INTENSITY8));
  const FormatResolution generic =
      resolve_tex_image_format(GL_COMPRESSED_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE, compat_features());
  ASSERT_EQ(generic.error, GLenum(GL_NO_ERROR));
  EXPECT_FALSE(generic.info->is_compressed());
}

TEST(PixelCompatFormats, IntensityIsOneRedChannelSampledAsRRRR) {
  const InternalFormatInfo* i = find_internal_format(GL_INTENSITY16);
  ASSERT_NE(i, nullptr);
  EXPECT_EQ(i->bits.intensity, 16);
  EXPECT_EQ(storage_layout(*i).format, GLenum(GL_RED));
  const auto s = i->sampler_swizzle();
  for (pipe::Swizzle c : s) EXPECT_EQ(c, pipe::Swizzle::R);
}

}  // namespace
}  // namespace brass::gl::pixel
