#include "gl/pixel/pixel_store.h"

#include <gtest/gtest.h>

namespace brass::gl::pixel {
namespace {

TEST(PixelStoreState, DefaultsAndSet) {
  PixelStore s;
  int32_t v = -1;
  ASSERT_TRUE(s.get(GL_UNPACK_ALIGNMENT, &v));
  EXPECT_EQ(v, 4);
  ASSERT_TRUE(s.get(GL_PACK_ALIGNMENT, &v));
  EXPECT_EQ(v, 4);
  EXPECT_EQ(s.set(GL_UNPACK_ROW_LENGTH, 17, ApiKind::Es), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(s.unpack.row_length, 17);
  EXPECT_EQ(s.pack.row_length, 0);
  EXPECT_EQ(s.set(GL_PACK_SKIP_ROWS, 3, ApiKind::Es), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(s.pack.skip_rows, 3);
  ASSERT_TRUE(s.get(GL_UNPACK_ROW_LENGTH, &v));
  EXPECT_EQ(v, 17);
  EXPECT_FALSE(s.get(GL_TEXTURE_2D, &v));
}

TEST(PixelStoreState, Errors) {
  PixelStore s;
  for (int32_t a : {1, 2, 4, 8}) EXPECT_EQ(s.set(GL_UNPACK_ALIGNMENT, a, ApiKind::Es), static_cast<GLenum>(GL_NO_ERROR));
  for (int32_t a : {0, 3, 16, -4})
    EXPECT_EQ(s.set(GL_UNPACK_ALIGNMENT, a, ApiKind::Es), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(s.unpack.alignment, 8);
  EXPECT_EQ(s.set(GL_UNPACK_SKIP_ROWS, -1, ApiKind::Es), static_cast<GLenum>(GL_INVALID_VALUE));
  EXPECT_EQ(s.set(GL_TEXTURE_2D, 1, ApiKind::Es), static_cast<GLenum>(GL_INVALID_ENUM));
  // Desktop-only names.
  EXPECT_EQ(s.set(GL_PACK_IMAGE_HEIGHT, 4, ApiKind::Es), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(s.set(GL_UNPACK_SWAP_BYTES, 1, ApiKind::Es), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(s.set(GL_PACK_IMAGE_HEIGHT, 4, ApiKind::Desktop), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(s.set(GL_UNPACK_SWAP_BYTES, 1, ApiKind::Desktop), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_TRUE(s.unpack.swap_bytes);
}

ClientImageLayout layout(const PixelStoreParams& p, GLenum format, GLenum type, uint32_t w, uint32_t h,
                         uint32_t d = 1, bool three_d = false) {
  ClientImageLayout l;
  EXPECT_EQ(compute_client_image_layout(p, format, type, w, h, d, three_d, &l), static_cast<GLenum>(GL_NO_ERROR));
  return l;
}

TEST(PixelStoreLayout, AlignmentPadsRows) {
  PixelStoreParams p;
  // RGB/UNSIGNED_BYTE, width 5: 15 bytes per row.
  for (auto [alignment, stride] : {std::pair{1, 15}, {2, 16}, {4, 16}, {8, 16}}) {
    p.alignment = alignment;
    const ClientImageLayout l = layout(p, GL_RGB, GL_UNSIGNED_BYTE, 5, 3);
    EXPECT_EQ(l.row_stride, static_cast<uint64_t>(stride)) << alignment;
    EXPECT_EQ(l.required_bytes, static_cast<uint64_t>(2 * stride + 15)) << alignment;  // last row unpadded
  }
  p.alignment = 8;
  EXPECT_EQ(layout(p, GL_RGBA, GL_UNSIGNED_BYTE, 3, 2).row_stride, 16u);
  EXPECT_EQ(layout(p, GL_RED, GL_UNSIGNED_BYTE, 9, 2).row_stride, 16u);
  p.alignment = 2;
  EXPECT_EQ(layout(p, GL_RED, GL_UNSIGNED_BYTE, 3, 2).row_stride, 4u);
  // Elements at least as large as the alignment are never padded.
  p.alignment = 4;
  EXPECT_EQ(layout(p, GL_RGB, GL_FLOAT, 3, 2).row_stride, 36u);
  EXPECT_EQ(layout(p, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 3, 2).row_stride, 8u);
  p.alignment = 8;
  EXPECT_EQ(layout(p, GL_RGB, GL_FLOAT, 3, 2).row_stride, 40u);
  EXPECT_EQ(layout(p, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, 3, 2).row_stride, 24u);
}

TEST(PixelStoreLayout, RowLengthAndSkips) {
  PixelStoreParams p;
  p.alignment = 1;
  p.row_length = 10;
  p.skip_pixels = 2;
  p.skip_rows = 3;
  const ClientImageLayout l = layout(p, GL_RGBA, GL_UNSIGNED_BYTE, 4, 2);
  EXPECT_EQ(l.group_bytes, 4u);
  EXPECT_EQ(l.row_stride, 40u);
  EXPECT_EQ(l.skip_bytes, 3u * 40u + 2u * 4u);
  EXPECT_EQ(l.required_bytes, l.skip_bytes + 40u + 16u);
  // SKIP_IMAGES and IMAGE_HEIGHT are ignored for 2D transfers.
  p.skip_images = 5;
  p.image_height = 7;
  EXPECT_EQ(layout(p, GL_RGBA, GL_UNSIGNED_BYTE, 4, 2).skip_bytes, l.skip_bytes);
}

TEST(PixelStoreLayout, ThreeDimensional) {
  PixelStoreParams p;
  p.alignment = 4;
  p.image_height = 5;
  p.skip_images = 2;
  p.skip_rows = 1;
  // RGB/UNSIGNED_BYTE width 3: 9 bytes -> 12 byte rows; images 5 rows.
  const ClientImageLayout l = layout(p, GL_RGB, GL_UNSIGNED_BYTE, 3, 4, 3, true);
  EXPECT_EQ(l.row_stride, 12u);
  EXPECT_EQ(l.image_stride, 60u);
  EXPECT_EQ(l.skip_bytes, 2u * 60u + 12u);
  EXPECT_EQ(l.required_bytes, l.skip_bytes + 2u * 60u + 3u * 12u + 9u);
  p.image_height = 0;
  EXPECT_EQ(layout(p, GL_RGB, GL_UNSIGNED_BYTE, 3, 4, 3, true).image_stride, 48u);
}

TEST(PixelStoreLayout, EmptyAndErrors) {
  PixelStoreParams p;
  EXPECT_EQ(layout(p, GL_RGBA, GL_UNSIGNED_BYTE, 0, 4).required_bytes, 0u);
  ClientImageLayout l;
  EXPECT_EQ(compute_client_image_layout(p, GL_RGBA, 0x1234, 1, 1, 1, false, &l), static_cast<GLenum>(GL_INVALID_ENUM));
  EXPECT_EQ(compute_client_image_layout(p, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, 1, 1, 1, false, &l),
            static_cast<GLenum>(GL_INVALID_OPERATION));
  p.row_length = 0x7FFFFFFF;
  p.image_height = 0x7FFFFFFF;
  p.skip_images = 0x7FFFFFFF;
  EXPECT_EQ(compute_client_image_layout(p, GL_RGBA, GL_FLOAT, 1, 1, 1, true, &l),
            static_cast<GLenum>(GL_OUT_OF_MEMORY));
}

TEST(PixelStoreLayout, PixelBufferBounds) {
  PixelStoreParams p;
  const ClientImageLayout l = layout(p, GL_RGBA, GL_FLOAT, 1, 2);  // 32 bytes
  EXPECT_EQ(l.required_bytes, 32u);
  EXPECT_EQ(check_pixel_buffer_access(l, GL_FLOAT, 0, 32), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_pixel_buffer_access(l, GL_FLOAT, 4, 36), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_pixel_buffer_access(l, GL_FLOAT, 4, 35), static_cast<GLenum>(GL_INVALID_OPERATION));
  EXPECT_EQ(check_pixel_buffer_access(l, GL_FLOAT, 2, 64), static_cast<GLenum>(GL_INVALID_OPERATION));  // misaligned
  EXPECT_EQ(check_pixel_buffer_access(l, GL_FLOAT, 100, 64), static_cast<GLenum>(GL_INVALID_OPERATION));
  const ClientImageLayout bytes = layout(p, GL_RGBA, GL_UNSIGNED_BYTE, 1, 1);
  EXPECT_EQ(check_pixel_buffer_access(bytes, GL_UNSIGNED_BYTE, 3, 7), static_cast<GLenum>(GL_NO_ERROR));
  EXPECT_EQ(check_pixel_buffer_access(bytes, GL_UNSIGNED_SHORT_5_6_5, 3, 7), static_cast<GLenum>(GL_INVALID_OPERATION));
}

}  // namespace
}  // namespace brass::gl::pixel
