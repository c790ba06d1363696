// Compute dispatches at the seam: storage buffers and images written by a
// compute program, read back by the CPU, by a draw and by an indirect
// dispatch; the draw state around a dispatch survives it. Runs in every
// descriptor mode with the rest of pipe_tests.
#include <cstdint>
#include <cstring>

#include "fill_comp.h"
#include "pipe_fixture.h"
#include "storage_frag.h"
#include "uniform_vert.h"

namespace brass::test {
namespace {

struct FillUniforms {
  uint32_t base, step, count, groups;
};

class ComputeTest : public PipeTest {
 protected:
  void SetUp() override {
    PipeTest::SetUp();
    pipe::ShaderInfo info;
    info.spirv[static_cast<unsigned>(pipe::ShaderStage::Compute)] = fill_comp_spv;
    const auto cs = uint8_t(pipe::stage_bit(pipe::ShaderStage::Compute));
    info.bindings = {
        {0, 0, cs, pipe::DescriptorKind::UniformBuffer, 1, 0},
        {3, 0, cs, pipe::DescriptorKind::StorageBuffer, 1, 0},
        {3, 1, cs, pipe::DescriptorKind::StorageBuffer, 1, 1},
        {4, 0, cs, pipe::DescriptorKind::StorageImage, 1, 0},
    };
    pipe::Status s;
    fill_ = ctx->create_shader_program(info, &s);
    ASSERT_TRUE(fill_) << pipe::to_string(s);
    programs.push_back(fill_);
    values_ = make_buffer(4 * 64);
    args_ = make_buffer(32);
    image_ = make_texture(16, 16, pipe::Format::RGBA8_UNORM, pipe::kBindShaderImage | pipe::kBindSamplerView);
    ctx->bind_compute_program(fill_);
    const pipe::ShaderBuffer buffers[] = {{values_.get(), 0, 0, true}, {args_.get(), 0, 32, true}};
    ctx->set_shader_buffers(pipe::ShaderStage::Compute, 0, buffers);
    pipe::ImageView iv;
    iv.resource = image_.get();
    iv.format = pipe::Format::RGBA8_UNORM;
    ctx->set_shader_images(pipe::ShaderStage::Compute, 0, std::span(&iv, 1));
  }

  void set_uniforms(const FillUniforms& u) {
    pipe::ConstantBuffer cb{nullptr, 0, sizeof(u), &u};
    ctx->set_constant_buffer(pipe::ShaderStage::Compute, 0, &cb);
  }
  void dispatch(uint32_t x) {
    pipe::GridInfo g;
    g.grid[0] = x;
    ctx->launch_grid(g);
  }
  std::vector<uint32_t> read_buffer(pipe::Resource* b, uint32_t bytes) {
    pipe::Transfer* t = nullptr;
    auto* p = static_cast<const uint32_t*>(ctx->transfer_map(b, 0, pipe::kMapRead, {0, 0, 0, static_cast<int32_t>(bytes), 1, 1}, &t));
    std::vector<uint32_t> out;
    if (!p) {
      ADD_FAILURE() << "map failed";
      return out;
    }
    out.assign(p, p + bytes / 4);
    ctx->transfer_unmap(t);
    return out;
  }

  pipe::ShaderProgram* fill_ = nullptr;
  Ref<pipe::Resource> values_, args_, image_;
};

TEST_F(ComputeTest, DispatchFillsAStorageBufferTheCpuReads) {
  set_uniforms({100, 3, 64, 0});
  const uint64_t dispatches = stat("compute.dispatches");
  dispatch(16);  // 16 groups of 4 invocations: 64 values
  const auto v = read_buffer(values_.get(), 4 * 64);
  ASSERT_EQ(v.size(), 64u);
  for (uint32_t i = 0; i < 64; ++i) EXPECT_EQ(v[i], 100 + i * 3) << i;
  EXPECT_EQ(stat("compute.dispatches"), dispatches + 1);
  EXPECT_EQ(ctx->status(), pipe::Status::Ok);
}

TEST_F(ComputeTest, SecondDispatchSeesNewUniformsAndOnlyItsGroups) {
  set_uniforms({0, 1, 64, 0});
  dispatch(16);
  set_uniforms({1000, 1, 64, 0});
  dispatch(2);  // 8 invocations: values 0..7 rewritten, the rest kept
  const auto v = read_buffer(values_.get(), 4 * 64);
  for (uint32_t i = 0; i < 8; ++i) EXPECT_EQ(v[i], 1000 + i) << i;
  for (uint32_t i = 8; i < 64; ++i) EXPECT_EQ(v[i], i) << i;
}

TEST_F(ComputeTest, ZeroGroupsDispatchNothing) {
  set_uniforms({7, 0, 64, 0});
  dispatch(16);
  set_uniforms({9, 0, 64, 0});
  pipe::GridInfo g;
  g.grid[0] = 16;
  g.grid[1] = 0;
  ctx->launch_grid(g);
  EXPECT_EQ(read_buffer(values_.get(), 16)[0], 7u);
}

TEST_F(ComputeTest, IndirectDispatchReadsArgumentsAnEarlierDispatchWrote) {
  set_uniforms({0, 0, 64, 0});
  dispatch(16);  // values all 0; args = (0 groups...) written below
  // First pass writes next_groups = 3: the indirect pass runs 12 invocations.
  set_uniforms({500, 1, 64, 3});
  dispatch(1);  // values 0..3 = 500..503, args.next_groups = (3, 1, 1)
  set_uniforms({700, 1, 64, 3});
  const uint64_t indirect = stat("compute.indirect_dispatches");
  pipe::GridInfo g;
  g.indirect = args_.get();
  g.indirect_offset = 0;
  ctx->launch_grid(g);
  EXPECT_EQ(stat("compute.indirect_dispatches"), indirect + 1);
  const auto v = read_buffer(values_.get(), 4 * 64);
  for (uint32_t i = 0; i < 12; ++i) EXPECT_EQ(v[i], 700 + i) << i;
  for (uint32_t i = 12; i < 64; ++i) EXPECT_EQ(v[i], 0u) << i;
}

TEST_F(ComputeTest, StorageImageWrittenByADispatch) {
  set_uniforms({5, 0, 0, 0});
  dispatch(4);  // invocations 0..15 write row 5
  const auto px = read_pixels(image_.get());
  for (uint32_t x = 0; x < 16; ++x) EXPECT_EQ(px[5 * 16 + x], rgba(255, 0, 255)) << x;
}

// A draw reads, through a storage buffer in its fragment shader, the colour
// a dispatch wrote between two draws into one render target; the draw
// state (program, vertex buffers, target) is not bound again after the
// dispatch and still holds.
TEST_F(ComputeTest, DrawAfterDispatchReadsWhatItWroteAndKeepsItsState) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  auto quad = quad_buffer(-1, -1, 1, 1);
  bind_position_layout();
  pipe::ShaderInfo info;
  info.spirv[0] = uniform_vert_spv;
  info.spirv[4] = storage_frag_spv;
  info.fragment_output_locations = 1;
  info.vertex_input_locations = 1;
  const auto vs = uint8_t(pipe::stage_bit(pipe::ShaderStage::Vertex));
  const auto fs = uint8_t(pipe::stage_bit(pipe::ShaderStage::Fragment));
  info.bindings = {
      {0, 0, vs, pipe::DescriptorKind::UniformBuffer, 1, 0},
      {3, 0, fs, pipe::DescriptorKind::StorageBuffer, 1, 0},
      {4, 0, fs, pipe::DescriptorKind::StorageImage, 1, 0},
  };
  pipe::Status s;
  pipe::ShaderProgram* draw = ctx->create_shader_program(info, &s);
  ASSERT_TRUE(draw) << pipe::to_string(s);
  programs.push_back(draw);
  ctx->bind_shader_program(draw);
  const pipe::VertexBuffer vb{quad.get(), 0, 8};
  ctx->set_vertex_buffers(0, std::span(&vb, 1));
  static const float zero[4] = {0, 0, 0, 0};
  pipe::ConstantBuffer vcb{nullptr, 0, sizeof(zero), zero};
  ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &vcb);
  // The fragment shader reads its colour from bytes 16..31 of args_ (Args.color).
  const pipe::ShaderBuffer tint{args_.get(), 16, 16, false};
  ctx->set_shader_buffers(pipe::ShaderStage::Fragment, 0, std::span(&tint, 1));
  auto scratch = make_texture(16, 16, pipe::Format::RGBA8_UNORM, pipe::kBindShaderImage | pipe::kBindSamplerView);
  pipe::ImageView iv;
  iv.resource = scratch.get();
  iv.format = pipe::Format::RGBA8_UNORM;
  ctx->set_shader_images(pipe::ShaderStage::Fragment, 0, std::span(&iv, 1));

  const float red[8] = {0, 0, 0, 0, 1, 0, 0, 1};
  ctx->buffer_subdata(args_.get(), 0, 0, sizeof(red), red);  // color = (1,0,0,1) at byte 16
  draw_strip();
  EXPECT_EQ(read_pixels(rt.get())[8 * 16 + 8], rgba(255, 0, 0));

  const uint64_t compute_ends = stat("render_pass.end.compute");
  draw_strip();          // opens a pass
  set_uniforms({0, 0, 0, 0});
  dispatch(1);           // ends it: writes color = (0,1,0,1)
  EXPECT_EQ(stat("render_pass.end.compute"), compute_ends + 1);
  draw_strip();          // nothing rebound
  EXPECT_EQ(read_pixels(rt.get())[8 * 16 + 8], rgba(0, 255, 0));
  EXPECT_EQ(ctx->status(), pipe::Status::Ok);
}

TEST_F(ComputeTest, GraphicsAndComputeProgramsCannotMix) {
  pipe::ShaderInfo info;
  info.spirv[0] = uniform_vert_spv;
  info.spirv[static_cast<unsigned>(pipe::ShaderStage::Compute)] = fill_comp_spv;
  pipe::Status s = pipe::Status::Ok;
  EXPECT_EQ(ctx->create_shader_program(info, &s), nullptr);
  EXPECT_EQ(s, pipe::Status::InvalidArgument);
}

TEST_F(ComputeTest, DispatchWithoutAProgramDoesNothing) {
  ctx->bind_compute_program(nullptr);
  const uint64_t dispatches = stat("compute.dispatches");
  dispatch(1);
  EXPECT_EQ(stat("compute.dispatches"), dispatches);
  EXPECT_EQ(ctx->status(), pipe::Status::Ok);
}

}  // namespace
}  // namespace brass::test
