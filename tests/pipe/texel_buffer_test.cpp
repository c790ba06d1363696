// Texel buffers at the seam: a compute program reads a uniform texel buffer
// (a sampler view of a buffer) and writes a storage texel buffer (an image
// view of one); replacing either buffer's storage (invalidation) is seen by
// the next dispatch. Runs in every descriptor mode with the rest of
// pipe_tests (lazy, cached, db where the device has it, compact sets).
#include <cstdint>
#include <vector>

#include "pipe_fixture.h"
#include "texel_buffers_comp.h"

namespace brass::test {
namespace {

constexpr uint32_t kTexels = 8;

class TexelBufferTest : public PipeTest {
 protected:
  void SetUp() override {
    PipeTest::SetUp();
    pipe::ShaderInfo info;
    info.spirv[static_cast<unsigned>(pipe::ShaderStage::Compute)] = texel_buffers_comp_spv;
    const auto cs = uint8_t(pipe::stage_bit(pipe::ShaderStage::Compute));
    info.bindings = {
        {2, 0, cs, pipe::DescriptorKind::UniformTexelBuffer, 1, 0},
        {4, 0, cs, pipe::DescriptorKind::StorageTexelBuffer, 1, 0},
    };
    pipe::Status s;
    prog_ = ctx->create_shader_program(info, &s);
    ASSERT_TRUE(prog_) << pipe::to_string(s);
    programs.push_back(prog_);
    ctx->bind_compute_program(prog_);
    uint32_t values[kTexels];
    for (uint32_t i = 0; i < kTexels; ++i) values[i] = 10 + i;
    src_ = make_buffer(sizeof(values), values);
    dst_ = make_buffer(sizeof(values));
    pipe::SamplerViewTemplate vt;
    vt.target = pipe::Target::Buffer;
    vt.format = pipe::Format::R32_UINT;
    vt.buffer_size = sizeof(values);
    view_ = ctx->create_sampler_view(src_.get(), vt);
    ASSERT_TRUE(view_);
    pipe::SamplerView* views[] = {view_.get()};
    ctx->set_sampler_views(pipe::ShaderStage::Compute, 0, views);
    pipe::ImageView iv;
    iv.resource = dst_.get();
    iv.format = pipe::Format::R32_UINT;
    iv.buffer_size = sizeof(values);
    ctx->set_shader_images(pipe::ShaderStage::Compute, 0, std::span(&iv, 1));
  }

  void dispatch() {
    pipe::GridInfo g;
    g.grid[0] = kTexels / 4;
    ctx->launch_grid(g);
  }
  std::vector<uint32_t> read_dst() {
    pipe::Transfer* t = nullptr;
    auto* p = static_cast<const uint32_t*>(
        ctx->transfer_map(dst_.get(), 0, pipe::kMapRead, {0, 0, 0, int32_t(kTexels * 4), 1, 1}, &t));
    std::vector<uint32_t> out;
    if (!p) {
      ADD_FAILURE() << "map failed";
      return out;
    }
    out.assign(p, p + kTexels);
    ctx->transfer_unmap(t);
    return out;
  }

  pipe::ShaderProgram* prog_ = nullptr;
  Ref<pipe::Resource> src_, dst_;
  Ref<pipe::SamplerView> view_;
};

TEST_F(TexelBufferTest, DispatchReadsAUniformAndWritesAStorageTexelBuffer) {
  dispatch();
  const std::vector<uint32_t> v = read_dst();
  ASSERT_EQ(v.size(), kTexels);
  for (uint32_t i = 0; i < kTexels; ++i) EXPECT_EQ(v[i], (10 + i) * 2 + i) << i;
}

TEST_F(TexelBufferTest, SwappedStorageIsWhatTheNextDispatchSees) {
  dispatch();
  ASSERT_EQ(read_dst()[1], 23u);
  // New storage for both buffers (glBufferData of the same size): the views
  // must follow, in every descriptor mode.
  ctx->invalidate_resource(src_.get());
  uint32_t values[kTexels];
  for (uint32_t i = 0; i < kTexels; ++i) values[i] = 100 * (i + 1);
  ctx->buffer_subdata(src_.get(), pipe::kMapDiscardWholeResource, 0, sizeof(values), values);
  ctx->invalidate_resource(dst_.get());
  dispatch();
  const std::vector<uint32_t> v = read_dst();
  ASSERT_EQ(v.size(), kTexels);
  for (uint32_t i = 0; i < kTexels; ++i) EXPECT_EQ(v[i], 100 * (i + 1) * 2 + i) << i;
  // And once more without a change: the same descriptors serve again.
  dispatch();
  EXPECT_EQ(read_dst()[7], 1607u);
}

}  // namespace
}  // namespace brass::test
