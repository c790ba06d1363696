#include "device/format_table.h"

#include <gtest/gtest.h>

#include <utility>

#include "device/device.h"
#include "device/format_conversion.h"

namespace brass::vk {
namespace {

using pipe::Format;

class FormatTableTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    device_ = Device::create_from_options(&why);
    ASSERT_TRUE(device_) << why;
  }
  const FormatTable& table() { return device_->formats(); }
  std::unique_ptr<Device> device_;
};

constexpr uint32_t kRender = pipe::kUsageSampled | pipe::kUsageColorAttachment | pipe::kUsageTransfer;

TEST_F(FormatTableTest, Rgba8IsNative) {
  FormatChoice c = table().choose(Format::RGBA8_UNORM, kRender | pipe::kUsageBlend | pipe::kUsageFilterLinear);
  ASSERT_TRUE(c);
  EXPECT_EQ(c.vk, VK_FORMAT_R8G8B8A8_UNORM);
  EXPECT_TRUE(c.native());
}

TEST_F(FormatTableTest, Rgb8RenderTargetIsEmulatedWithOpaqueAlpha) {
  FormatChoice c = table().choose(Format::RGB8_UNORM, kRender);
  ASSERT_TRUE(c);
  if (c.vk == VK_FORMAT_R8G8B8A8_UNORM) {
    EXPECT_EQ(c.conversion, FormatConversion::ExpandToFourChannels);
    EXPECT_EQ(c.swizzle[3], pipe::Swizzle::One);
  } else {
    EXPECT_EQ(c.vk, VK_FORMAT_R8G8B8_UNORM);
  }
}

TEST_F(FormatTableTest, LegacyFormatsUseSwizzles) {
  FormatChoice l = table().choose(Format::L8_UNORM, pipe::kUsageSampled);
  ASSERT_TRUE(l);
  EXPECT_EQ(l.vk, VK_FORMAT_R8_UNORM);
  EXPECT_EQ(l.swizzle[1], pipe::Swizzle::R);
  EXPECT_EQ(l.swizzle[3], pipe::Swizzle::One);
  FormatChoice a = table().choose(Format::A8_UNORM, pipe::kUsageSampled);
  EXPECT_EQ(a.swizzle[3], pipe::Swizzle::R);
  EXPECT_EQ(a.swizzle[0], pipe::Swizzle::Zero);
}

TEST_F(FormatTableTest, Etc2FollowsDeviceSupport) {
  FormatChoice c = table().choose(Format::ETC2_RGB8, pipe::kUsageSampled);
  ASSERT_TRUE(c);
  if (device_->caps().texture_compression_etc2) {
    EXPECT_EQ(c.vk, VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK);
  } else {
    EXPECT_EQ(c.conversion, FormatConversion::DecodeEtc2);
    EXPECT_EQ(c.vk, VK_FORMAT_R8G8B8A8_UNORM);
  }
}

TEST_F(FormatTableTest, AstcFollowsDeviceSupport) {
  for (size_t i = static_cast<size_t>(Format::ASTC_4x4_UNORM); i <= static_cast<size_t>(Format::ASTC_12x12_SRGB); ++i) {
    const Format f = static_cast<Format>(i);
    const bool srgb = pipe::describe(f).kind == pipe::FormatKind::CompressedSrgb;
    FormatChoice c = table().choose(f, pipe::kUsageSampled | pipe::kUsageTransfer);
    ASSERT_TRUE(c) << pipe::describe(f).name;
    if (c.native()) {
      EXPECT_TRUE(device_->caps().texture_compression_astc_ldr) << pipe::describe(f).name;
    } else {
      EXPECT_EQ(c.conversion, FormatConversion::DecodeAstc) << pipe::describe(f).name;
      EXPECT_EQ(c.vk, srgb ? VK_FORMAT_R8G8B8A8_SRGB : VK_FORMAT_R8G8B8A8_UNORM) << pipe::describe(f).name;
      EXPECT_FALSE(c.swizzled());
    }
  }
  if (!device_->caps().texture_compression_astc_ldr) {
    EXPECT_EQ(table().choose(Format::ASTC_4x4_UNORM, pipe::kUsageSampled).conversion, FormatConversion::DecodeAstc);
  }
}

TEST_F(FormatTableTest, DepthStencilFormatsResolve) {
  for (Format f : {Format::Z16_UNORM, Format::Z24X8_UNORM, Format::Z32_FLOAT, Format::Z24_UNORM_S8_UINT,
                   Format::Z32_FLOAT_S8X24_UINT, Format::S8_UINT}) {
    EXPECT_TRUE(table().supports(f, pipe::kUsageDepthStencil | pipe::kUsageSampled)) << pipe::describe(f).name;
  }
}

TEST_F(FormatTableTest, EveryFormatIsSampleable) {
  for (size_t i = 1; i < pipe::kFormatCount; ++i) {
    const Format f = static_cast<Format>(i);
    if (pipe::describe(f).is_64bit_float()) continue;  // vertex-fetch formats (VertexFormats64Bit)
    // BPTC has no decoder: native only, offered by the GL frontend where
    // the device samples it.
    if (f == Format::BC6H_UFLOAT || f == Format::BC6H_SFLOAT || f == Format::BC7_UNORM || f == Format::BC7_SRGB)
      continue;
    EXPECT_TRUE(table().supports(f, pipe::kUsageSampled)) << pipe::describe(f).name;
  }
}

// Every stored form the table can pick for a format has the conversions
// its transfers need (cpu_transfers.cpp): uploads into the stored layout,
// and readbacks out of it, except for the decoded compressed formats, whose
// readbacks come from the blocks kept as given (the compressed shadow). A
// candidate listed without them would make glTexImage / glReadPixels of that
// format fail on a device that lacks the native form.
TEST_F(FormatTableTest, EveryStoredFormHasItsUploadAndReadbackConversions) {
  size_t emulated = 0;
  for (size_t i = 1; i < pipe::kFormatCount; ++i) {
    const Format f = static_cast<Format>(i);
    for (const FormatChoice& c : table().candidates(f)) {
      EXPECT_TRUE(can_convert_to_stored(f, c.conversion))
          << pipe::describe(f).name << " stored as VkFormat " << c.vk << ": no upload conversion";
      const bool decoded = c.conversion == FormatConversion::DecodeEtc2 || c.conversion == FormatConversion::DecodeBc ||
                           c.conversion == FormatConversion::DecodeAstc;
      if (!decoded) {
        EXPECT_TRUE(can_convert_from_stored(f, c.conversion))
            << pipe::describe(f).name << " stored as VkFormat " << c.vk << ": no readback conversion";
      }
      emulated += c.conversion != FormatConversion::None;
    }
  }
  EXPECT_GT(emulated, 0u);
}

TEST_F(FormatTableTest, VertexFormatsNeverUseConversions) {
  FormatChoice c = table().choose(Format::RGB32_FLOAT, pipe::kUsageVertexBuffer);
  ASSERT_TRUE(c);
  EXPECT_EQ(c.vk, VK_FORMAT_R32G32B32_SFLOAT);
  EXPECT_FALSE(table().choose(Format::L8_UNORM, pipe::kUsageVertexBuffer));  // needs a swizzle
  EXPECT_FALSE(table().choose(Format::None, pipe::kUsageSampled));
}

// The double-precision vertex formats map to Vulkan's R64 family where the
// device fetches it from vertex buffers (NVIDIA does; lavapipe does not:
// then GL_ARB_vertex_attrib_64bit reads the doubles as 32-bit words).
TEST_F(FormatTableTest, VertexFormats64Bit) {
  const std::pair<Format, VkFormat> expected[] = {{Format::R64_FLOAT, VK_FORMAT_R64_SFLOAT},
                                                  {Format::RG64_FLOAT, VK_FORMAT_R64G64_SFLOAT},
                                                  {Format::RGB64_FLOAT, VK_FORMAT_R64G64B64_SFLOAT},
                                                  {Format::RGBA64_FLOAT, VK_FORMAT_R64G64B64A64_SFLOAT}};
  for (const auto& [format, vk] : expected) {
    EXPECT_TRUE(pipe::describe(format).is_64bit_float());
    const bool fetched = (table().properties(vk).bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT) != 0;
    const FormatChoice c = table().choose(format, pipe::kUsageVertexBuffer);
    EXPECT_EQ(static_cast<bool>(c), fetched) << pipe::describe(format).name;
    if (c) {
      EXPECT_EQ(c.vk, vk);
    }
  }
  EXPECT_FALSE(pipe::describe(Format::RGBA32_FLOAT).is_64bit_float());
  EXPECT_FALSE(pipe::describe(Format::RGBA16_FLOAT).is_64bit_float());
}

}  // namespace
}  // namespace brass::vk
