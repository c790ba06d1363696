// Default uniform blocks by push constants (driver/push_constant_block.h,
// issue 19): a program whose stages share one default block
// (ShaderInfo::default_block_size) takes it as push constants where the
// device path says so (BRASS_UNIFORMS; pipe_tests_bufferuniforms runs the
// suite with the streamed uniform buffer), and every draw and dispatch sees
// the values set before it: changes between draws inside one render pass,
// program switches to and from a program without a shared block, a new
// command buffer, a meta blit, a dispatch between draws.
#include <cstdint>
#include <cstring>

#include "pipe_fixture.h"
#include "shared_block_comp.h"
#include "shared_block_frag.h"
#include "shared_block_vert.h"
#include "util/options.h"

namespace brass::test {
namespace {

// std140, as the GL frontend lays out the default block of shared_block.*.
struct SharedBlock {
  float offset[4];
  float color[4];
  float scale[3][4];  // float scale[3]: a 16-byte stride
};
static_assert(sizeof(SharedBlock) == 80);

struct ComputeBlock {
  uint32_t add[4];
  uint32_t mul;
};

class PushUniformsTest : public PipeTest {
 protected:
  bool pushed() const { return screen().device().paths().push_default_uniforms >= sizeof(SharedBlock); }

  pipe::ShaderProgram* shared_program(uint32_t block_size = sizeof(SharedBlock)) {
    pipe::ShaderInfo info;
    info.spirv[0] = shared_block_vert_spv;
    info.spirv[4] = shared_block_frag_spv;
    info.fragment_output_locations = 1;
    info.vertex_input_locations = 1;
    info.default_block_size = block_size;
    info.bindings = {
        {0, 0, uint8_t(pipe::stage_bit(pipe::ShaderStage::Vertex)), pipe::DescriptorKind::UniformBuffer, 1, 0},
        {0, 4, uint8_t(pipe::stage_bit(pipe::ShaderStage::Fragment)), pipe::DescriptorKind::UniformBuffer, 1, 0},
    };
    pipe::Status s;
    auto* p = ctx->create_shader_program(info, &s);
    EXPECT_TRUE(p) << pipe::to_string(s);
    programs.push_back(p);
    return p;
  }
  // What the GL frontend does: the program's one block to each stage.
  void set_block(const SharedBlock& b) {
    pipe::ConstantBuffer cb{nullptr, 0, sizeof(b), &b};
    ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
    ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 0, &cb);
  }
  // A quarter-size quad (scale 0.5) centred on (x, y), coloured.
  static SharedBlock block(float x, float y, float r, float g, float b) {
    SharedBlock s{};
    s.offset[0] = x;
    s.offset[1] = y;
    s.color[0] = r;
    s.color[1] = g;
    s.color[2] = b;
    s.color[3] = 1;
    s.scale[1][0] = 1;    // colour factor
    s.scale[2][0] = 0.5f;  // position scale
    return s;
  }
  void setup_target(pipe::Resource* rt) {
    bind_target(rt);
    ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
    bind_position_layout();
    quad_ = quad_buffer(-1, -1, 1, 1);
    const pipe::VertexBuffer vb{quad_.get(), 0, 8};
    ctx->set_vertex_buffers(0, std::span(&vb, 1));
  }
  // Pixels at the centres of the four quadrants of a 16x16 target:
  // bottom-left, bottom-right, top-left, top-right (framebuffer y = 0 is
  // clip y = -1).
  static std::array<uint32_t, 4> quadrants(const std::vector<uint32_t>& px) {
    return {px[4 * 16 + 4], px[4 * 16 + 12], px[12 * 16 + 4], px[12 * 16 + 12]};
  }

  Ref<pipe::Resource> quad_;
};

TEST_F(PushUniformsTest, EachDrawInOnePassSeesItsValues) {
  auto rt = make_texture(16, 16);
  setup_target(rt.get());
  // Every device pushes 128 bytes or more (Vulkan's minimum) unless told not to.
  EXPECT_EQ(pushed(), options().uniforms != UniformPath::Buffer);
  const uint64_t push_programs = stat("program.push_constant_uniforms");
  ctx->bind_shader_program(shared_program());
  EXPECT_EQ(stat("program.push_constant_uniforms"), push_programs + (pushed() ? 1 : 0));
  set_block(block(-0.5f, -0.5f, 1, 0, 0));
  draw_strip();
  const uint64_t passes = stat("render_pass.begun");
  set_block(block(0.5f, -0.5f, 0, 1, 0));
  draw_strip();
  // Only the colour changes: a push of the changed bytes alone.
  SharedBlock b = block(0.5f, -0.5f, 0, 0, 1);
  b.offset[0] = -0.5f;
  b.offset[1] = 0.5f;
  set_block(b);
  draw_strip();
  b.offset[0] = 0.5f;
  set_block(b);
  draw_strip();
  // All four in the pass the first one began.
  EXPECT_EQ(stat("render_pass.begun"), passes);
  auto px = read_pixels(rt.get());
  EXPECT_EQ(quadrants(px), (std::array<uint32_t, 4>{rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255),
                                                     rgba(0, 0, 255)}));
}

TEST_F(PushUniformsTest, ProgramSwitchesKeepEachProgramsValues) {
  auto rt = make_texture(16, 16);
  setup_target(rt.get());
  pipe::ShaderProgram* shared = shared_program();
  pipe::ShaderProgram* per_stage = uniform_program();  // per-stage blocks: never pushed
  auto tint = make_buffer(16);
  const pipe::ConstantBuffer ubo{tint.get(), 0, 16, nullptr};
  ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 1, &ubo);

  ctx->bind_shader_program(shared);
  set_block(block(-0.5f, -0.5f, 1, 0, 0));
  draw_strip();
  // uniform.vert/frag: offset (VS), colour (FS); a full-screen quad over
  // the bottom-right quadrant only (scissor-free: offset moves it).
  ctx->bind_shader_program(per_stage);
  const float vs_offset[4] = {1, -1, 0, 0}, fs_color[4] = {1, 1, 0, 1};
  pipe::ConstantBuffer vcb{nullptr, 0, sizeof(vs_offset), vs_offset}, fcb{nullptr, 0, sizeof(fs_color), fs_color};
  ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &vcb);
  ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 0, &fcb);
  draw_strip();
  // Back to the shared program: its block is set again, as the GL frontend
  // does after a program change.
  ctx->bind_shader_program(shared);
  set_block(block(-0.5f, 0.5f, 0, 1, 1));
  draw_strip();
  // The same values after another switch and back, without a change.
  ctx->bind_shader_program(per_stage);
  ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &vcb);
  ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 0, &fcb);
  draw_strip();
  ctx->bind_shader_program(shared);
  set_block(block(0.5f, 0.5f, 0, 1, 1));
  draw_strip();
  auto px = read_pixels(rt.get());
  EXPECT_EQ(quadrants(px), (std::array<uint32_t, 4>{rgba(255, 0, 0), rgba(255, 255, 0), rgba(0, 255, 255),
                                                     rgba(0, 255, 255)}));
}

TEST_F(PushUniformsTest, NewCommandBufferAndMetaBlitPushAgain) {
  auto src = make_texture(8, 8);
  bind_target(src.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 1, 1}}, 0, 0);
  auto dst = make_texture(8, 8);
  pipe::BlitInfo bl;  // scissored: through the meta pipelines and their push constants
  bl.src = {src.get(), 0, {0, 0, 0, 8, 8, 1}, pipe::Format::None};
  bl.dst = {dst.get(), 0, {0, 0, 0, 8, 8, 1}, pipe::Format::None};
  bl.scissor_enable = true;
  bl.scissor = {0, 0, 4, 4};

  auto rt = make_texture(16, 16);
  setup_target(rt.get());
  ctx->bind_shader_program(shared_program());
  set_block(block(-0.5f, -0.5f, 1, 0, 0));
  draw_strip();
  // A flush: the next draw records into a new command buffer, whose push
  // constants are undefined until pushed. Only the offset changes, so a
  // push of the changed bytes alone would leave colour and scale undefined.
  ctx->flush(nullptr, 0);
  set_block(block(0.5f, -0.5f, 1, 0, 0));
  draw_strip();
  set_block(block(-0.5f, 0.5f, 0, 1, 0));
  draw_strip();
  // A blit pushes the meta pipelines' constants over the same bytes.
  ctx->blit(bl);
  bind_target(rt.get());
  set_block(block(0.5f, 0.5f, 0, 1, 0));
  draw_strip();
  auto px = read_pixels(rt.get());
  EXPECT_EQ(quadrants(px), (std::array<uint32_t, 4>{rgba(255, 0, 0), rgba(255, 0, 0), rgba(0, 255, 0),
                                                     rgba(0, 255, 0)}));
  EXPECT_EQ(read_pixels(dst.get())[0], rgba(0, 0, 255));
}

TEST_F(PushUniformsTest, ABlockLargerThanTheDeviceTakesTheUniformBuffer) {
  auto rt = make_texture(16, 16);
  setup_target(rt.get());
  const uint64_t push_programs = stat("program.push_constant_uniforms");
  // Declared larger than any device's push budget (the shader reads the
  // first 80 bytes of it).
  ctx->bind_shader_program(shared_program(4096));
  EXPECT_EQ(stat("program.push_constant_uniforms"), push_programs);
  std::vector<uint8_t> data(4096);
  const SharedBlock b = block(-0.5f, -0.5f, 1, 1, 1);
  std::memcpy(data.data(), &b, sizeof(b));
  pipe::ConstantBuffer cb{nullptr, 0, 4096, data.data()};
  ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
  ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 0, &cb);
  draw_strip();
  auto px = read_pixels(rt.get());
  EXPECT_EQ(quadrants(px)[0], rgba(255, 255, 255));
  EXPECT_EQ(quadrants(px)[3], rgba(0, 0, 0));
}

TEST_F(PushUniformsTest, DispatchesBetweenDrawsSeeTheirOwnValues) {
  auto rt = make_texture(16, 16);
  setup_target(rt.get());
  pipe::ShaderInfo info;
  info.spirv[static_cast<unsigned>(pipe::ShaderStage::Compute)] = shared_block_comp_spv;
  info.default_block_size = sizeof(ComputeBlock);
  const auto cs = uint8_t(pipe::stage_bit(pipe::ShaderStage::Compute));
  info.bindings = {{0, 0, cs, pipe::DescriptorKind::UniformBuffer, 1, 0},
                   {3, 0, cs, pipe::DescriptorKind::StorageBuffer, 1, 0}};
  pipe::Status s;
  pipe::ShaderProgram* compute = ctx->create_shader_program(info, &s);
  ASSERT_TRUE(compute) << pipe::to_string(s);
  programs.push_back(compute);
  auto out = make_buffer(16);
  const pipe::ShaderBuffer sb{out.get(), 0, 16, true};
  ctx->set_shader_buffers(pipe::ShaderStage::Compute, 0, std::span(&sb, 1));
  ctx->bind_compute_program(compute);

  ctx->bind_shader_program(shared_program());
  set_block(block(-0.5f, -0.5f, 1, 0, 0));
  draw_strip();
  ComputeBlock c{{1, 2, 3, 4}, 10};
  pipe::ConstantBuffer ccb{nullptr, 0, sizeof(c), &c};
  ctx->set_constant_buffer(pipe::ShaderStage::Compute, 0, &ccb);
  pipe::GridInfo g;
  g.grid[0] = 1;
  ctx->launch_grid(g);
  // The draw after the dispatch, its block unchanged but the offset.
  set_block(block(0.5f, 0.5f, 1, 0, 0));
  draw_strip();
  pipe::Transfer* t = nullptr;
  auto* v = static_cast<const uint32_t*>(ctx->transfer_map(out.get(), 0, pipe::kMapRead, {0, 0, 0, 16, 1, 1}, &t));
  ASSERT_TRUE(v);
  EXPECT_EQ(v[0], 1u);
  EXPECT_EQ(v[1], 12u);
  EXPECT_EQ(v[2], 23u);
  EXPECT_EQ(v[3], 34u);
  ctx->transfer_unmap(t);
  auto px = read_pixels(rt.get());
  EXPECT_EQ(quadrants(px), (std::array<uint32_t, 4>{rgba(255, 0, 0), rgba(0, 0, 0), rgba(0, 0, 0),
                                                     rgba(255, 0, 0)}));
}

}  // namespace
}  // namespace brass::test
