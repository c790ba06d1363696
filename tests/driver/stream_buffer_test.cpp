// StreamBuffer (src/driver/resource/stream_buffer.h): allocations of one
// batch are aligned and disjoint; a filled chunk is retired with its batch
// and reused only once that batch completed; steady state creates nothing.
#include "driver/resource/stream_buffer.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "driver_device_fixture.h"
#include "util/stats.h"

namespace brass::driver::test {
namespace {

class StreamBufferTest : public DriverDeviceTest {
 protected:
  static StreamBuffer::Config small_chunks() {
    StreamBuffer::Config c;
    c.chunk_size = 4096;
    return c;
  }
  static uint64_t chunks_created() { return stat_value("stream.chunks_created").value(); }
  // Allocates until the stream moves to another chunk; returns that allocation.
  static StreamAllocation fill_until_new_chunk(StreamBuffer& s, VkBuffer current) {
    StreamAllocation a;
    for (int i = 0; i < 1000; ++i) {
      EXPECT_TRUE(s.allocate(256, 16, &a));
      if (a.buffer != current) return a;
    }
    ADD_FAILURE() << "never left the chunk";
    return a;
  }
};

TEST_F(StreamBufferTest, AllocationsAreAlignedDisjointAndMapped) {
  StreamBuffer s(device(), ring(), small_chunks());
  struct Span {
    StreamAllocation a;
    VkDeviceSize size;
  };
  std::vector<Span> spans;
  const VkDeviceSize sizes[] = {3, 100, 64, 1, 250, 17};
  const VkDeviceSize aligns[] = {1, 256, 64, 4, 32, 128};
  for (int i = 0; i < 6; ++i) {
    StreamAllocation a;
    ASSERT_TRUE(s.allocate(sizes[i], aligns[i], &a));
    EXPECT_EQ(a.offset % std::max<VkDeviceSize>(aligns[i], 16), 0u) << i;
    ASSERT_NE(a.ptr, nullptr);
    std::memset(a.ptr, 0x10 + i, sizes[i]);
    spans.push_back({a, sizes[i]});
  }
  for (size_t i = 0; i < spans.size(); ++i) {
    EXPECT_EQ(spans[i].a.buffer, spans[0].a.buffer) << "all fit in one 4 KiB chunk";
    EXPECT_EQ(spans[i].a.ptr - spans[0].a.ptr, static_cast<ptrdiff_t>(spans[i].a.offset - spans[0].a.offset));
    for (size_t j = 0; j < i; ++j) {
      const bool disjoint = spans[j].a.offset + spans[j].size <= spans[i].a.offset ||
                            spans[i].a.offset + spans[i].size <= spans[j].a.offset;
      EXPECT_TRUE(disjoint) << i << " overlaps " << j;
    }
  }
  // Every byte still holds what its own allocation wrote.
  for (size_t i = 0; i < spans.size(); ++i)
    for (VkDeviceSize b = 0; b < spans[i].size; ++b) ASSERT_EQ(spans[i].a.ptr[b], 0x10 + i) << i;
}

TEST_F(StreamBufferTest, AnAllocationThatDoesNotFitStartsANewChunk) {
  StreamBuffer s(device(), ring(), small_chunks());
  StreamAllocation a, b;
  ASSERT_TRUE(s.allocate(3000, 16, &a));
  ASSERT_TRUE(s.allocate(3000, 16, &b));
  EXPECT_NE(a.buffer, b.buffer);
  EXPECT_EQ(b.offset, 0u);
}

TEST_F(StreamBufferTest, TheTailMustFitToo) {
  // A dynamic uniform descriptor reads a fixed range from the offset: that
  // range must lie inside the chunk even when the data is small.
  StreamBuffer s(device(), ring(), small_chunks());
  StreamAllocation a, b;
  ASSERT_TRUE(s.allocate(3500, 16, &a));
  ASSERT_TRUE(s.allocate(16, 16, &b, 1024));
  EXPECT_NE(b.buffer, a.buffer);
  EXPECT_LE(b.offset + 1024, 4096u);
}

TEST_F(StreamBufferTest, ALargeRequestGetsAChunkOfItsSize) {
  StreamBuffer s(device(), ring(), small_chunks());
  StreamAllocation a;
  ASSERT_TRUE(s.allocate(10000, 16, &a));
  EXPECT_EQ(a.offset, 0u);
  std::memset(a.ptr, 0xab, 10000);  // all of it is mapped
}

TEST_F(StreamBufferTest, ChunksAreReusedOnlyAfterTheirBatchRetired) {
  StreamBuffer s(device(), ring(), small_chunks());
  StreamAllocation first;
  ASSERT_TRUE(s.allocate(256, 16, &first));
  const VkBuffer chunk_a = first.buffer;
  const uint64_t created = chunks_created();
  const StreamAllocation in_b = fill_until_new_chunk(s, chunk_a);  // A retired with batch 1
  const VkBuffer chunk_b = in_b.buffer;
  EXPECT_EQ(chunks_created(), created + 1) << "A's batch was not even submitted";
  const uint64_t serial = submit_gated();  // batch 1 (A, part of B) in flight
  const StreamAllocation in_c = fill_until_new_chunk(s, chunk_b);
  EXPECT_NE(in_c.buffer, chunk_a) << "A reused while its batch is on the GPU";
  EXPECT_EQ(chunks_created(), created + 2);
  release_gate();
  ASSERT_TRUE(ring().wait(serial));
  const StreamAllocation again = fill_until_new_chunk(s, in_c.buffer);
  EXPECT_EQ(again.buffer, chunk_a) << "the oldest retired chunk is reused once its batch completed";
  EXPECT_EQ(again.offset, 0u);
  EXPECT_EQ(chunks_created(), created + 2) << "steady state creates no chunk";
}

TEST_F(StreamBufferTest, SteadyFramesCreateNoChunks) {
  StreamBuffer s(device(), ring(), small_chunks());
  auto frame = [&] {
    StreamAllocation a;
    for (int i = 0; i < 40; ++i) ASSERT_TRUE(s.allocate(200, 64, &a));  // ~2 chunks a frame
    ASSERT_TRUE(s.flush_writes());
    submit();
  };
  for (int f = 0; f < 8; ++f) frame();  // warm-up: the ring fills
  ASSERT_TRUE(ring().wait_idle());
  const uint64_t created = chunks_created();
  for (int f = 0; f < 20; ++f) {
    frame();
    ASSERT_TRUE(ring().wait_idle());
  }
  EXPECT_EQ(chunks_created(), created);
}

}  // namespace
}  // namespace brass::driver::test
