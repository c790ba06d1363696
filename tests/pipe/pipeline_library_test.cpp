// Graphics pipeline libraries (driver/context_pipeline.cpp): precompile at
// program creation, fast link on the draw path, the optimized pipeline
// swapped in, invariance, and the monolithic fallback. lavapipe (Mesa 22.3)
// and NVIDIA both expose VK_EXT_graphics_pipeline_library; the GPL tests
// skip where it is off (BRASS_DEBUG=nogpl: pipe_tests_nogpl), the fallback
// test where it is on.
#include "pipe_fixture.h"
// after pipe_fixture.h: the embedded SPIR-V headers need <cstdint>
#include "invariant_vert.h"
#include "texture_frag.h"
#include "util/thread_pool.h"

namespace brass::test {
namespace {

class PipelineLibraryTest : public PipeTest {
 protected:
  bool gpl() { return screen().device().paths().pipeline_library && screen().dynamic_rendering(); }

  // The GL defaults, as the GL front end's rasterizer object has them
  // (what the precompile guesses).
  void bind_gl_default_rasterizer() {
    pipe::RasterizerState rs;
    rast_ = ctx->create_rasterizer_state(rs);
    ctx->bind_rasterizer_state(rast_);
  }
  void TearDown() override {
    if (ctx && rast_) {
      ctx->bind_rasterizer_state(nullptr);
      ctx->delete_rasterizer_state(rast_);
    }
    if (ctx && sampler_) ctx->delete_sampler_state(sampler_);
    PipeTest::TearDown();
  }

  pipe::ShaderProgram* invariant_program() { return uniform_program(invariant_vert_spv); }

  // A textured full-screen quad (2x2 texture, linear filtering: every
  // pixel a different blend) into a fresh 16x16 target; its pixels.
  std::vector<uint32_t> draw_textured(pipe::ShaderProgram* prog) {
    if (!tex_) {
      tex_ = make_texture(2, 2, pipe::Format::RGBA8_UNORM, pipe::kBindSamplerView);
      const uint32_t texels[] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255), rgba(255, 255, 255)};
      ctx->texture_subdata(tex_.get(), 0, 0, {0, 0, 0, 2, 2, 1}, texels, 8, 16);
      view_ = ctx->create_sampler_view(tex_.get(), {});
      pipe::SamplerState ss;
      ss.min_filter = ss.mag_filter = pipe::Filter::Linear;
      sampler_ = ctx->create_sampler_state(ss);
      quad_ = quad_buffer(-1, -1, 1, 1);
      bind_position_layout();
    }
    auto rt = make_texture(16, 16);
    bind_target(rt.get());
    ctx->bind_shader_program(prog);
    const pipe::VertexBuffer vb{quad_.get(), 0, 8};
    ctx->set_vertex_buffers(0, std::span(&vb, 1));
    const float offset[4] = {0, 0, 0, 0};
    pipe::ConstantBuffer cb;
    cb.user_data = offset;
    cb.size = sizeof(offset);
    ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
    const float tint[4] = {0.25f, 0.5f, 0.75f, 1};
    pipe::ConstantBuffer fcb;
    fcb.user_data = tint;
    fcb.size = sizeof(tint);
    ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 0, &fcb);
    pipe::SamplerView* views[] = {view_.get()};
    ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, views);
    ctx->bind_sampler_states(pipe::ShaderStage::Fragment, 0, std::span(&sampler_, 1));
    pipe::DrawInfo info;
    info.mode = pipe::PrimitiveType::TriangleStrip;
    const pipe::DrawStart d{0, 4, 0};
    ctx->draw_vbo(info, nullptr, std::span(&d, 1));
    return read_pixels(rt.get());
  }
  // Every background link queued so far has finished.
  static void wait_for_background() { ThreadPool::shared().wait_idle(); }

  pipe::RasterizerObject* rast_ = nullptr;
  pipe::SamplerObject* sampler_ = nullptr;
  Ref<pipe::Resource> tex_, quad_;
  Ref<pipe::SamplerView> view_;
};

TEST_F(PipelineLibraryTest, DrawRightAfterLinkDoesNoCompile) {
  if (!gpl()) GTEST_SKIP() << "graphics pipeline libraries are off on this device/configuration";
  bind_gl_default_rasterizer();
  const uint64_t full = stat("pipeline.draw_path.full_compiles");
  const uint64_t lib_compiles = stat("pipeline.draw_path.library_compiles");
  const uint64_t fast = stat("pipeline.draw_path.fast_links");
  auto* prog = texture_program();
  // What GL_LINK_STATUS does: the link is complete once the precompile is.
  EXPECT_TRUE(ctx->shader_program_ready(prog, true));
  const uint64_t waits = stat("pipeline.draw_path.precompile_waits");
  auto px = draw_textured(prog);
  EXPECT_NE(px[0], px[15]) << "the scene must render";
  EXPECT_EQ(stat("pipeline.draw_path.full_compiles"), full) << "no monolithic compile on the draw path";
  EXPECT_EQ(stat("pipeline.draw_path.library_compiles"), lib_compiles) << "the precompiled library served the draw";
  EXPECT_EQ(stat("pipeline.draw_path.precompile_waits"), waits);
  EXPECT_EQ(stat("pipeline.draw_path.fast_links"), fast + 1);
}

TEST_F(PipelineLibraryTest, DrawDuringPrecompileWaitsInsteadOfCompiling) {
  if (!gpl()) GTEST_SKIP() << "graphics pipeline libraries are off on this device/configuration";
  bind_gl_default_rasterizer();
  const uint64_t full = stat("pipeline.draw_path.full_compiles");
  const uint64_t lib_compiles = stat("pipeline.draw_path.library_compiles");
  // No readiness query: the draw may find the precompile still running.
  auto px = draw_textured(texture_program());
  EXPECT_NE(px[0], px[15]);
  EXPECT_EQ(stat("pipeline.draw_path.full_compiles"), full);
  EXPECT_EQ(stat("pipeline.draw_path.library_compiles"), lib_compiles);
}

TEST_F(PipelineLibraryTest, OptimizedPipelineReplacesFastLinkedWithSamePixels) {
  if (!gpl()) GTEST_SKIP() << "graphics pipeline libraries are off on this device/configuration";
  bind_gl_default_rasterizer();
  auto* prog = texture_program();
  ctx->shader_program_ready(prog, true);
  const uint64_t background = stat("pipeline.background_optimized_links");
  const uint64_t swaps = stat("pipeline.optimized_swapped_in");
  const std::vector<uint32_t> fast = draw_textured(prog);
  wait_for_background();
  EXPECT_EQ(stat("pipeline.background_optimized_links"), background + 1);
  // Same key (a fresh target of the same format): the entry now holds the
  // optimized pipeline, and the next draw binds it.
  const std::vector<uint32_t> optimized = draw_textured(prog);
  EXPECT_EQ(stat("pipeline.optimized_swapped_in"), swaps + 1);
  EXPECT_EQ(fast, optimized) << "fast-linked and optimized pipelines must agree for an ordinary program";
}

TEST_F(PipelineLibraryTest, InvariantProgramIsNeverFastLinked) {
  if (!gpl()) GTEST_SKIP() << "graphics pipeline libraries are off on this device/configuration";
  bind_gl_default_rasterizer();
  auto* prog = invariant_program();
  ASSERT_TRUE(prog->invariant);
  ctx->shader_program_ready(prog, true);
  const uint64_t fast = stat("pipeline.draw_path.fast_links");
  const uint64_t optimized = stat("pipeline.draw_path.optimized_links");
  const uint64_t background = stat("pipeline.background_optimized_links");
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  ctx->bind_shader_program(prog);
  bind_position_layout();
  auto quad = quad_buffer(-1, -1, 1, 1);
  const pipe::VertexBuffer vb{quad.get(), 0, 8};
  ctx->set_vertex_buffers(0, std::span(&vb, 1));
  const float zero[4] = {0, 0, 0, 0}, color[4] = {0, 1, 0, 1};
  pipe::ConstantBuffer vcb{nullptr, 0, sizeof(zero), zero}, fcb{nullptr, 0, sizeof(color), color};
  ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &vcb);
  ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 0, &fcb);
  auto ubo = make_buffer(16, zero);
  pipe::ConstantBuffer ucb{ubo.get(), 0, 16, nullptr};
  ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 1, &ucb);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  const pipe::DrawStart d{0, 4, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  EXPECT_EQ(read_pixels(rt.get())[8 * 16 + 8], rgba(0, 255, 0));
  wait_for_background();
  EXPECT_EQ(stat("pipeline.draw_path.fast_links"), fast);
  EXPECT_EQ(stat("pipeline.draw_path.optimized_links"), optimized + 1);
  EXPECT_EQ(stat("pipeline.background_optimized_links"), background) << "nothing to swap later";
}

TEST_F(PipelineLibraryTest, StateThePrecompileDidNotGuessBuildsItsLibraryOnce) {
  if (!gpl()) GTEST_SKIP() << "graphics pipeline libraries are off on this device/configuration";
  pipe::RasterizerState rs;
  rs.flatshade_first = true;  // first-vertex provoking: not the GL default
  rast_ = ctx->create_rasterizer_state(rs);
  ctx->bind_rasterizer_state(rast_);
  auto* prog = texture_program();
  ctx->shader_program_ready(prog, true);
  const uint64_t lib_compiles = stat("pipeline.draw_path.library_compiles");
  const uint64_t full = stat("pipeline.draw_path.full_compiles");
  draw_textured(prog);
  EXPECT_EQ(stat("pipeline.draw_path.library_compiles"), lib_compiles + 1);
  // Another framebuffer format: a new pipeline, the same shaders library.
  auto rt = make_texture(16, 16, pipe::Format::BGRA8_UNORM);
  bind_target(rt.get());
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  const pipe::DrawStart d{0, 4, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  ctx->flush(nullptr, 0);
  EXPECT_EQ(stat("pipeline.draw_path.library_compiles"), lib_compiles + 1);
  EXPECT_EQ(stat("pipeline.draw_path.full_compiles"), full);
}

TEST_F(PipelineLibraryTest, DeletingAProgramDuringItsPrecompileIsSafe) {
  // With or without GPL: the background job holds the program.
  for (int i = 0; i < 20; ++i) {
    auto* prog = texture_program();
    programs.pop_back();
    ctx->delete_shader_program(prog);
  }
  wait_for_background();
  SUCCEED();
}

TEST_F(PipelineLibraryTest, WithoutLibrariesPipelinesAreMonolithic) {
  if (gpl()) GTEST_SKIP() << "libraries are on: the fallback runs in pipe_tests_nogpl";
  bind_gl_default_rasterizer();
  auto* prog = texture_program();
  EXPECT_TRUE(ctx->shader_program_ready(prog, false)) << "nothing is precompiled without libraries";
  const uint64_t full = stat("pipeline.draw_path.full_compiles");
  const uint64_t fast = stat("pipeline.draw_path.fast_links");
  auto px = draw_textured(prog);
  EXPECT_NE(px[0], px[15]);
  EXPECT_EQ(stat("pipeline.draw_path.full_compiles"), full + 1);
  EXPECT_EQ(stat("pipeline.draw_path.fast_links"), fast);
}

}  // namespace
}  // namespace brass::test
