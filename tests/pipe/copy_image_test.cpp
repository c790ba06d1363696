// pipe::Context::copy_image where the device stores the two formats
// differently (forced emulation): the copy goes through the CPU in GL's
// layout and still copies GL's bits; where both store alike, one
// vkCmdCopyImage. Also the decoded ETC2 path: the blocks are kept and read
// back exactly.
#include <cstring>

#include "pipe_fixture.h"

namespace brass::test {
namespace {

class CopyImagePipeTest : public PipeTest {
 protected:
  void TearDown() override {
    for (auto f : forced_) screen().force_format_emulation(f, false);
    PipeTest::TearDown();
  }
  void force(pipe::Format f) {
    screen().force_format_emulation(f, true);
    forced_.push_back(f);
  }
  // The level's bytes in GL's layout (transfer_map for reading).
  std::vector<uint8_t> read_back(pipe::Resource* r, const pipe::Box& box, size_t bytes) {
    pipe::Transfer* t = nullptr;
    auto* p = static_cast<const uint8_t*>(ctx->transfer_map(r, 0, pipe::kMapRead, box, &t));
    EXPECT_NE(p, nullptr);
    std::vector<uint8_t> out(bytes, 0xcd);
    if (p) std::memcpy(out.data(), p, bytes);
    if (t) ctx->transfer_unmap(t);
    return out;
  }
  std::vector<pipe::Format> forced_;
};

TEST_F(CopyImagePipeTest, WidenedRgb8ToRgb8UintAndBack) {
  // RGB8UI is stored widened or natively, as the device has it: either way
  // the three bytes of each texel arrive.
  force(pipe::Format::RGB8_UNORM);
  auto src = make_texture(2, 2, pipe::Format::RGB8_UNORM, pipe::kBindSamplerView);
  auto dst = make_texture(2, 2, pipe::Format::RGB8_UINT, pipe::kBindSamplerView);
  ASSERT_EQ(driver::driver_resource(src.get())->obj()->format.conversion, vk::FormatConversion::ExpandToFourChannels);
  const uint8_t texels[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  ctx->texture_subdata(src.get(), 0, 0, {0, 0, 0, 2, 2, 1}, texels, 6, 12);
  ctx->copy_image(dst.get(), 0, 0, 0, 0, src.get(), 0, {0, 0, 0, 2, 2, 1});
  const std::vector<uint8_t> got = read_back(dst.get(), {0, 0, 0, 2, 2, 1}, 12);
  EXPECT_EQ(std::vector<uint8_t>(texels, texels + 12), got);
  // And back, into one texel of the widened image.
  const uint8_t one[3] = {200, 201, 202};
  ctx->texture_subdata(dst.get(), 0, 0, {1, 1, 0, 1, 1, 1}, one, 3, 3);
  ctx->copy_image(src.get(), 0, 0, 0, 0, dst.get(), 0, {1, 1, 0, 1, 1, 1});
  const std::vector<uint8_t> back = read_back(src.get(), {0, 0, 0, 1, 1, 1}, 3);
  EXPECT_EQ(std::vector<uint8_t>(one, one + 3), back);
}

TEST_F(CopyImagePipeTest, WidenedPackedFloatToRgba8UintKeepsItsBits) {
  force(pipe::Format::R11G11B10_FLOAT);
  auto src = make_texture(2, 1, pipe::Format::R11G11B10_FLOAT, pipe::kBindSamplerView);
  auto dst = make_texture(2, 1, pipe::Format::RGBA8_UINT, pipe::kBindSamplerView);
  ASSERT_EQ(driver::driver_resource(src.get())->obj()->format.conversion, vk::FormatConversion::ExpandToFourChannels);
  const uint32_t packed[2] = {0x3c03c1c0u, 0x4003c1e0u};
  ctx->texture_subdata(src.get(), 0, 0, {0, 0, 0, 2, 1, 1}, packed, 8, 8);
  const uint64_t cpu = stat("copy_image.cpu");
  ctx->copy_image(dst.get(), 0, 0, 0, 0, src.get(), 0, {0, 0, 0, 2, 1, 1});
  EXPECT_EQ(stat("copy_image.cpu"), cpu + 1);  // RGBA16F beside RGBA8UI: through GL's layout
  const std::vector<uint8_t> got = read_back(dst.get(), {0, 0, 0, 2, 1, 1}, 8);
  uint32_t words[2];
  std::memcpy(words, got.data(), 8);
  EXPECT_EQ(words[0], packed[0]);
  EXPECT_EQ(words[1], packed[1]);
}

TEST_F(CopyImagePipeTest, TwoWidenedRgbFormatsCopyOnTheGpu) {
  force(pipe::Format::RGB8_UNORM);
  force(pipe::Format::RGB8_UINT);
  auto src = make_texture(2, 2, pipe::Format::RGB8_UNORM, pipe::kBindSamplerView);
  auto dst = make_texture(2, 2, pipe::Format::RGB8_UINT, pipe::kBindSamplerView);
  const uint8_t texels[12] = {21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
  ctx->texture_subdata(src.get(), 0, 0, {0, 0, 0, 2, 2, 1}, texels, 6, 12);
  const uint64_t gpu = stat("copy_image.gpu");
  ctx->copy_image(dst.get(), 0, 0, 0, 0, src.get(), 0, {0, 0, 0, 2, 2, 1});
  EXPECT_EQ(stat("copy_image.gpu"), gpu + 1);
  EXPECT_EQ(std::vector<uint8_t>(texels, texels + 12), read_back(dst.get(), {0, 0, 0, 2, 2, 1}, 12));
}

TEST_F(CopyImagePipeTest, DecodedEtc2KeepsItsBlocks) {
  force(pipe::Format::ETC2_RGBA8);
  auto etc = make_texture(8, 4, pipe::Format::ETC2_RGBA8, pipe::kBindSamplerView);
  ASSERT_EQ(driver::driver_resource(etc.get())->obj()->format.conversion, vk::FormatConversion::DecodeEtc2);
  uint8_t blocks[32];
  for (int i = 0; i < 32; ++i) blocks[i] = uint8_t(i * 13 + 1);
  ctx->texture_subdata(etc.get(), 0, 0, {0, 0, 0, 8, 4, 1}, blocks, 32, 32);
  // Read back as given, and copied raw into RGBA32UI texels.
  EXPECT_EQ(std::vector<uint8_t>(blocks, blocks + 32), read_back(etc.get(), {0, 0, 0, 8, 4, 1}, 32));
  auto u = make_texture(2, 1, pipe::Format::RGBA32_UINT, pipe::kBindSamplerView);
  ctx->copy_image(u.get(), 0, 0, 0, 0, etc.get(), 0, {0, 0, 0, 8, 4, 1});
  EXPECT_EQ(std::vector<uint8_t>(blocks, blocks + 32), read_back(u.get(), {0, 0, 0, 2, 1, 1}, 32));
  // Between two decoded textures on the GPU: the blocks follow (second
  // block to the first place).
  auto etc2 = make_texture(8, 4, pipe::Format::ETC2_RGBA8, pipe::kBindSamplerView);
  ctx->copy_image(etc2.get(), 0, 0, 0, 0, etc.get(), 0, {4, 0, 0, 4, 4, 1});
  const std::vector<uint8_t> got = read_back(etc2.get(), {0, 0, 0, 4, 4, 1}, 16);
  EXPECT_EQ(std::vector<uint8_t>(blocks + 16, blocks + 32), got);
}

}  // namespace
}  // namespace brass::test
