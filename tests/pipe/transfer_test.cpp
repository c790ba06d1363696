#include "pipe_fixture.h"

namespace brass::test {
namespace {

using TransferTest = PipeTest;

TEST_F(TransferTest, BufferMapsReadBackWhatWasWritten) {
  auto buf = make_buffer(256);
  pipe::Transfer* t = nullptr;
  auto* p = static_cast<uint8_t*>(ctx->transfer_map(buf.get(), 0, pipe::kMapWrite | pipe::kMapDiscardRange,
                                                    {0, 0, 0, 256, 1, 1}, &t));
  ASSERT_TRUE(p);
  for (int i = 0; i < 256; ++i) p[i] = uint8_t(i);
  ctx->transfer_unmap(t);
  // Copy to a second buffer on the GPU and read it back.
  auto dst = make_buffer(256);
  ctx->resource_copy_region(dst.get(), 0, 0, 0, 0, buf.get(), 0, {16, 0, 0, 64, 1, 1});
  auto* r = static_cast<uint8_t*>(ctx->transfer_map(dst.get(), 0, pipe::kMapRead, {0, 0, 0, 64, 1, 1}, &t));
  ASSERT_TRUE(r);
  EXPECT_EQ(r[0], 16);
  EXPECT_EQ(r[63], 79);
  ctx->transfer_unmap(t);
}

TEST_F(TransferTest, TextureMapWriteThenRead) {
  auto tex = make_texture(4, 4);
  pipe::Transfer* t = nullptr;
  auto* p = static_cast<uint32_t*>(ctx->transfer_map(tex.get(), 0, pipe::kMapWrite, {0, 0, 0, 4, 4, 1}, &t));
  ASSERT_TRUE(p);
  for (int i = 0; i < 16; ++i) p[i] = 0x01020304u * uint32_t(i);
  ctx->transfer_unmap(t);
  auto px = read_pixels(tex.get());
  for (int i = 0; i < 16; ++i) EXPECT_EQ(px[i], 0x01020304u * uint32_t(i));
}

}  // namespace
}  // namespace brass::test
