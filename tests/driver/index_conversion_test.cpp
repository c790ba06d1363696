// IndexConversion (src/driver/draw/index_conversion.h): which draws need
// their indices rewritten, and the rewritten 32-bit indices — line loops
// closed per restart segment, restart indices turned into all ones, indices
// past the buffer's end dropped, base vertices kept — written to a
// StreamBuffer on the test's ring.
#include "driver/draw/index_conversion.h"

#include <cstdint>
#include <vector>

#include "driver_device_fixture.h"
#include "util/stats.h"

namespace brass::driver::test {
namespace {

constexpr uint32_t R = 0xffffffffu;  // the converted restart index

pipe::DrawInfo draw_info(pipe::PrimitiveType mode, bool indexed, bool restart = false,
                         uint32_t restart_index = 0xffffffffu) {
  pipe::DrawInfo i;
  i.mode = mode;
  i.indexed = indexed;
  i.primitive_restart = restart;
  i.restart_index = restart_index;
  return i;
}

TEST(IndexConversionNeededTest, LineLoopsAlwaysNeedConverting) {
  for (uint32_t size : {1u, 2u, 4u}) {
    EXPECT_TRUE(IndexConversion::needed(draw_info(pipe::PrimitiveType::LineLoop, true), size, true)) << size;
    EXPECT_TRUE(IndexConversion::needed(draw_info(pipe::PrimitiveType::LineLoop, false), size, true)) << size;
  }
}

TEST(IndexConversionNeededTest, PlainDrawsDoNot) {
  for (auto mode : {pipe::PrimitiveType::Triangles, pipe::PrimitiveType::LineStrip, pipe::PrimitiveType::Points,
                    pipe::PrimitiveType::TriangleStrip}) {
    EXPECT_FALSE(IndexConversion::needed(draw_info(mode, false), 4, false));
    EXPECT_FALSE(IndexConversion::needed(draw_info(mode, true), 2, false));
    EXPECT_FALSE(IndexConversion::needed(draw_info(mode, true), 4, false));
    EXPECT_FALSE(IndexConversion::needed(draw_info(mode, true), 1, true)) << "8-bit with the extension";
  }
}

TEST(IndexConversionNeededTest, RestartIndexOtherThanAllOnesOfTheIndexSize) {
  const auto strip = pipe::PrimitiveType::TriangleStrip;
  EXPECT_FALSE(IndexConversion::needed(draw_info(strip, true, true, 0xff), 1, true));
  EXPECT_FALSE(IndexConversion::needed(draw_info(strip, true, true, 0xffff), 2, true));
  EXPECT_FALSE(IndexConversion::needed(draw_info(strip, true, true, 0xffffffff), 4, true));
  EXPECT_TRUE(IndexConversion::needed(draw_info(strip, true, true, 0xffff), 1, true));
  EXPECT_TRUE(IndexConversion::needed(draw_info(strip, true, true, 0xffffffff), 2, true));
  EXPECT_TRUE(IndexConversion::needed(draw_info(strip, true, true, 0xffff), 4, true));
  EXPECT_TRUE(IndexConversion::needed(draw_info(strip, true, true, 7), 4, true));
  // Restart off, or a non-indexed draw: the restart index does not matter.
  EXPECT_FALSE(IndexConversion::needed(draw_info(strip, true, false, 7), 4, true));
  EXPECT_FALSE(IndexConversion::needed(draw_info(strip, false, true, 7), 4, true));
}

TEST(IndexConversionNeededTest, EightBitIndicesWithoutTheExtension) {
  const auto tris = pipe::PrimitiveType::Triangles;
  EXPECT_TRUE(IndexConversion::needed(draw_info(tris, true), 1, false));
  EXPECT_FALSE(IndexConversion::needed(draw_info(tris, true), 1, true));
  EXPECT_FALSE(IndexConversion::needed(draw_info(tris, false), 1, false)) << "non-indexed draws read no indices";
  EXPECT_FALSE(IndexConversion::needed(draw_info(tris, true), 2, false));
}

class IndexConversionTest : public DriverDeviceTest {
 protected:
  void SetUp() override {
    DriverDeviceTest::SetUp();
    stream_ = std::make_unique<StreamBuffer>(device(), ring(), StreamBuffer::Config{});
  }
  void TearDown() override {
    stream_.reset();
    DriverDeviceTest::TearDown();
  }

  // Converts and returns draw `d`'s indices.
  std::vector<uint32_t> converted(size_t d = 0) const {
    EXPECT_LT(d, conv_.draws().size());
    if (d >= conv_.draws().size()) return {};
    const pipe::DrawStart& s = conv_.draws()[d];
    const auto* p = reinterpret_cast<const uint32_t*>(conv_.indices().ptr);
    return std::vector<uint32_t>(p + s.start, p + s.start + s.count);
  }
  template <typename T>
  bool convert(const pipe::DrawInfo& info, std::vector<pipe::DrawStart> draws, const std::vector<T>& indices) {
    IndexConversion::Source src;
    src.data = reinterpret_cast<const uint8_t*>(indices.data());
    src.index_size = sizeof(T);
    src.available = indices.size();
    return convert_from(info, draws, src);
  }
  bool convert_from(const pipe::DrawInfo& info, const std::vector<pipe::DrawStart>& draws,
                    const IndexConversion::Source& src) {
    vk::Status s{VK_ERROR_UNKNOWN};
    const bool r = conv_.convert(info, draws, src, *stream_, &s);
    EXPECT_TRUE(s) << "status";
    return r;
  }

  std::unique_ptr<StreamBuffer> stream_;
  IndexConversion conv_;
};

using V = std::vector<uint32_t>;

TEST_F(IndexConversionTest, AnIndexedLineLoopRepeatsItsFirstVertexAtTheEnd) {
  const std::vector<uint16_t> ib = {5, 6, 7, 8};
  ASSERT_TRUE(convert(draw_info(pipe::PrimitiveType::LineLoop, true), {{0, 4, 0}}, ib));
  EXPECT_EQ(converted(), (V{5, 6, 7, 8, 5}));
  const pipe::DrawInfo& info = conv_.info();
  EXPECT_EQ(info.mode, pipe::PrimitiveType::LineStrip);
  EXPECT_TRUE(info.indexed);
  EXPECT_EQ(info.restart_index, R);
  ASSERT_EQ(conv_.draws().size(), 1u);
  EXPECT_NE(conv_.indices().buffer, VK_NULL_HANDLE);
  EXPECT_EQ(conv_.indices().offset % 4, 0u);
}

TEST_F(IndexConversionTest, ConversionKeepsTheOtherDrawInfoFields) {
  pipe::DrawInfo in = draw_info(pipe::PrimitiveType::LineLoop, true);
  in.instance_count = 3;
  in.start_instance = 2;
  const std::vector<uint32_t> ib = {0, 1, 2};
  ASSERT_TRUE(convert(in, {{0, 3, 0}}, ib));
  EXPECT_EQ(conv_.info().instance_count, 3u);
  EXPECT_EQ(conv_.info().start_instance, 2u);
}

TEST_F(IndexConversionTest, ANonIndexedLineLoopBecomesAnIndexedStripOfItsVertices) {
  const std::vector<uint32_t> none;
  ASSERT_TRUE(convert(draw_info(pipe::PrimitiveType::LineLoop, false), {{10, 3, 0}}, none));
  EXPECT_EQ(converted(), (V{10, 11, 12, 10}));
  EXPECT_TRUE(conv_.info().indexed);
  EXPECT_EQ(conv_.info().mode, pipe::PrimitiveType::LineStrip);
  EXPECT_EQ(conv_.draws()[0].index_bias, 0);
}

TEST_F(IndexConversionTest, RestartSeparatesLoopsEachClosedOnItsOwn) {
  pipe::DrawInfo info = draw_info(pipe::PrimitiveType::LineLoop, true, true, 0xffff);
  const std::vector<uint16_t> ib = {1, 2, 3, 0xffff, 4, 5, 6, 7};
  ASSERT_TRUE(convert(info, {{0, 8, 0}}, ib));
  EXPECT_EQ(converted(), (V{1, 2, 3, 1, R, 4, 5, 6, 7, 4}));
  EXPECT_TRUE(conv_.info().primitive_restart);
  EXPECT_EQ(conv_.info().restart_index, R);
}

TEST_F(IndexConversionTest, ASingleVertexLoopSegmentIsNotClosed) {
  pipe::DrawInfo info = draw_info(pipe::PrimitiveType::LineLoop, true, true, 9);
  const std::vector<uint32_t> ib = {3, 9, 9, 4, 5};
  ASSERT_TRUE(convert(info, {{0, 5, 0}}, ib));
  EXPECT_EQ(converted(), (V{3, R, R, 4, 5, 4}));
}

TEST_F(IndexConversionTest, AnotherRestartIndexBecomesAllOnes) {
  // A 32-bit strip restarting at 0xffff: that value restarts, all ones passes through
  // only as the new restart index.
  pipe::DrawInfo info = draw_info(pipe::PrimitiveType::TriangleStrip, true, true, 0xffff);
  const std::vector<uint32_t> ib = {0, 1, 2, 0xffff, 3, 4, 5};
  ASSERT_TRUE(convert(info, {{0, 7, 0}}, ib));
  EXPECT_EQ(converted(), (V{0, 1, 2, R, 3, 4, 5}));
  EXPECT_EQ(conv_.info().mode, pipe::PrimitiveType::TriangleStrip) << "only loops change mode";
  EXPECT_TRUE(conv_.info().primitive_restart);
  EXPECT_EQ(conv_.info().restart_index, R);
}

TEST_F(IndexConversionTest, WithoutRestartTheRestartValueIsAnOrdinaryIndex) {
  pipe::DrawInfo info = draw_info(pipe::PrimitiveType::Triangles, true, false, 0xff);
  const std::vector<uint8_t> ib = {0, 0xff, 2};
  ASSERT_TRUE(convert(info, {{0, 3, 0}}, ib));
  EXPECT_EQ(converted(), (V{0, 0xff, 2}));
  EXPECT_FALSE(conv_.info().primitive_restart);
}

TEST_F(IndexConversionTest, EightBitIndicesWidenTo32Bits) {
  pipe::DrawInfo info = draw_info(pipe::PrimitiveType::Triangles, true, true, 0xff);
  const std::vector<uint8_t> ib = {200, 1, 2, 0xff, 3, 4, 250};
  ASSERT_TRUE(convert(info, {{0, 7, 0}}, ib));
  EXPECT_EQ(converted(), (V{200, 1, 2, R, 3, 4, 250}));
}

TEST_F(IndexConversionTest, IndicesPastTheBufferAreDropped) {
  const std::vector<uint16_t> ib = {1, 2, 3, 4, 5};
  // Reads from 2, asks for 10: only 3, 4, 5 exist.
  ASSERT_TRUE(convert(draw_info(pipe::PrimitiveType::LineLoop, true), {{2, 10, 0}}, ib));
  EXPECT_EQ(converted(), (V{3, 4, 5, 3}));
  // A draw that starts past the end draws nothing.
  ASSERT_TRUE(convert(draw_info(pipe::PrimitiveType::LineLoop, true), {{7, 3, 0}, {0, 2, 0}}, ib));
  ASSERT_EQ(conv_.draws().size(), 2u);
  EXPECT_EQ(conv_.draws()[0].count, 0u);
  EXPECT_EQ(converted(1), (V{1, 2, 1}));
}

TEST_F(IndexConversionTest, SeveralDrawsKeepTheirBaseVertices) {
  const std::vector<uint32_t> ib = {0, 1, 2, 3, 4, 5};
  ASSERT_TRUE(convert(draw_info(pipe::PrimitiveType::LineLoop, true), {{0, 3, 100}, {3, 3, -2}}, ib));
  ASSERT_EQ(conv_.draws().size(), 2u);
  EXPECT_EQ(converted(0), (V{0, 1, 2, 0}));
  EXPECT_EQ(converted(1), (V{3, 4, 5, 3}));
  EXPECT_EQ(conv_.draws()[0].index_bias, 100);
  EXPECT_EQ(conv_.draws()[1].index_bias, -2);
  EXPECT_EQ(conv_.draws()[1].start, conv_.draws()[0].start + conv_.draws()[0].count) << "packed one after another";
}

TEST_F(IndexConversionTest, NonIndexedDrawsDropTheirBias) {
  const std::vector<uint32_t> none;
  ASSERT_TRUE(convert(draw_info(pipe::PrimitiveType::LineLoop, false), {{0, 2, 5}}, none));
  EXPECT_EQ(conv_.draws()[0].index_bias, 0) << "the vertex numbers already include the first vertex";
  EXPECT_EQ(converted(), (V{0, 1, 0}));
}

TEST_F(IndexConversionTest, NoDrawsIsNothingToDrawWithAnOkStatus) {
  const std::vector<uint32_t> ib = {0, 1, 2};
  EXPECT_FALSE(convert(draw_info(pipe::PrimitiveType::LineLoop, true), {}, ib));
}

TEST_F(IndexConversionTest, AZeroCountDrawEmitsNoIndex) {
  const std::vector<uint32_t> ib = {0, 1, 2};
  if (convert(draw_info(pipe::PrimitiveType::LineLoop, true), {{0, 0, 0}}, ib)) {
    for (const pipe::DrawStart& d : conv_.draws()) EXPECT_EQ(d.count, 0u);
  }
}

TEST_F(IndexConversionTest, ConversionsAreCountedAndGoToTheStreamOfTheBatch) {
  const uint64_t before = stat_value("draw.converted_indices").value();
  const std::vector<uint32_t> ib = {0, 1, 2};
  ASSERT_TRUE(convert(draw_info(pipe::PrimitiveType::LineLoop, true), {{0, 3, 0}}, ib));
  const StreamAllocation first = conv_.indices();
  ASSERT_TRUE(convert(draw_info(pipe::PrimitiveType::LineLoop, true), {{0, 3, 0}}, ib));
  EXPECT_EQ(stat_value("draw.converted_indices").value(), before + 2);
  EXPECT_TRUE(first.buffer != conv_.indices().buffer || first.offset != conv_.indices().offset)
      << "a second conversion of one batch must not overwrite the first's indices";
  EXPECT_EQ(converted(), (V{0, 1, 2, 0}));
  EXPECT_EQ(reinterpret_cast<const uint32_t*>(first.ptr)[3], 0u);
}

}  // namespace
}  // namespace brass::driver::test
