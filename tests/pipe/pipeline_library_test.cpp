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
#include "uniform_vert.h"
#include "util/thread_pool.h"

#include <future>

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
  // Optimized links earlier tests queued finish first (on NVIDIA they were
  // still running here: the count rose by 3).
  wait_for_background();
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

// Separable programs (program.h, docs/driver.md): a vertex and a fragment
// stage each compiled alone into its library, and a combination of them
// drawn from those libraries while its own compile, then from its own.
class SeparableStageTest : public PipelineLibraryTest {
 protected:
  bool stage_libraries() { return gpl() && !screen().device().paths().compact_descriptor_sets; }
  pipe::ShaderProgram* stage_program(pipe::ShaderStage stage, pipe::Status* status) {
    pipe::ShaderInfo info;
    info.separable_stage = true;
    if (stage == pipe::ShaderStage::Vertex) {
      info.spirv[0] = uniform_vert_spv;
      info.vertex_input_locations = 1;
      info.bindings = {{0, 0, uint8_t(pipe::stage_bit(stage)), pipe::DescriptorKind::UniformBuffer, 1, 0}};
    } else {
      info.spirv[4] = texture_frag_spv;
      info.fragment_output_locations = 1;
      info.bindings = {{2, 0, uint8_t(pipe::stage_bit(stage)), pipe::DescriptorKind::CombinedImageSampler, 1, 0}};
    }
    auto* p = ctx->create_shader_program(info, status);
    if (p) programs.push_back(p);
    return p;
  }
  // texture_program(), made as the combination of the two stage programs.
  pipe::ShaderProgram* combination(pipe::ShaderProgram* vs, pipe::ShaderProgram* fs) {
    pipe::ShaderInfo info;
    info.spirv[0] = uniform_vert_spv;
    info.spirv[4] = texture_frag_spv;
    info.fragment_output_locations = 1;
    info.vertex_input_locations = 1;
    info.bindings = {
        {0, 0, uint8_t(pipe::stage_bit(pipe::ShaderStage::Vertex)), pipe::DescriptorKind::UniformBuffer, 1, 0},
        {2, 0, uint8_t(pipe::stage_bit(pipe::ShaderStage::Fragment)), pipe::DescriptorKind::CombinedImageSampler, 1, 0},
    };
    info.stage_programs[0] = vs;
    info.stage_programs[4] = fs;
    pipe::Status s;
    auto* p = ctx->create_shader_program(info, &s);
    EXPECT_TRUE(p) << pipe::to_string(s);
    if (p) programs.push_back(p);
    return p;
  }
};

TEST_F(SeparableStageTest, OnlyOneVertexOrFragmentStageIsCompiledAlone) {
  pipe::ShaderInfo info;
  info.separable_stage = true;
  info.spirv[0] = uniform_vert_spv;
  info.spirv[4] = texture_frag_spv;
  pipe::Status s = pipe::Status::Ok;
  EXPECT_EQ(ctx->create_shader_program(info, &s), nullptr) << "two stages are a combination, not a stage";
  EXPECT_EQ(s, pipe::Status::Unsupported);
  pipe::ShaderProgram* vs = stage_program(pipe::ShaderStage::Vertex, &s);
  if (!stage_libraries()) {
    EXPECT_EQ(vs, nullptr) << "no libraries, no stage programs";
    EXPECT_EQ(s, pipe::Status::Unsupported);
    return;
  }
  ASSERT_NE(vs, nullptr) << pipe::to_string(s);
  EXPECT_TRUE(ctx->shader_program_ready(vs, true));
}

TEST_F(SeparableStageTest, ACombinationDrawsFromItsStagesLibrariesUntilItsOwnAreCompiled) {
  bind_gl_default_rasterizer();
  const std::vector<uint32_t> want = draw_textured(texture_program());
  ASSERT_NE(want[0], want[15]) << "the scene must render";
  pipe::Status s = pipe::Status::Ok;
  pipe::ShaderProgram* vs = stage_program(pipe::ShaderStage::Vertex, &s);
  pipe::ShaderProgram* fs = stage_program(pipe::ShaderStage::Fragment, &s);
  if (!stage_libraries()) {
    // The combination alone, compiled as any program.
    EXPECT_EQ(draw_textured(combination(vs, fs)), want);
    return;
  }
  ASSERT_TRUE(vs && fs);
  ASSERT_TRUE(ctx->shader_program_ready(vs, true) && ctx->shader_program_ready(fs, true));
  // Every worker busy: the combination's own libraries cannot compile
  // before the first draw, which must neither wait nor compile.
  ThreadPool& pool = ThreadPool::shared();
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  for (unsigned i = 0; i < pool.thread_count(); ++i) pool.submit([released] { released.wait(); });
  const uint64_t full = stat("pipeline.draw_path.full_compiles");
  const uint64_t waits = stat("pipeline.draw_path.precompile_waits");
  const uint64_t compiles = stat("pipeline.draw_path.library_compiles");
  const uint64_t separable = stat("pipeline.draw_path.separable_fast_links");
  const uint64_t fast = stat("pipeline.draw_path.fast_links");
  pipe::ShaderProgram* both = combination(vs, fs);
  EXPECT_FALSE(ctx->shader_program_ready(both, false)) << "its own libraries are queued behind the blocked workers";
  EXPECT_EQ(draw_textured(both), want) << "drawn from the stage libraries";
  EXPECT_EQ(stat("pipeline.draw_path.separable_fast_links"), separable + 1);
  EXPECT_EQ(stat("pipeline.draw_path.precompile_waits"), waits);
  EXPECT_EQ(stat("pipeline.draw_path.library_compiles"), compiles);
  EXPECT_EQ(stat("pipeline.draw_path.full_compiles"), full);
  release.set_value();
  EXPECT_TRUE(ctx->shader_program_ready(both, true));
  EXPECT_EQ(draw_textured(both), want) << "drawn from its own libraries";
  EXPECT_EQ(stat("pipeline.draw_path.separable_fast_links"), separable + 1);
  EXPECT_EQ(stat("pipeline.draw_path.fast_links"), fast + 2) << "the stage libraries' link, then its own";
  EXPECT_EQ(stat("pipeline.draw_path.precompile_waits"), waits);
  wait_for_background();
}

}  // namespace
}  // namespace brass::test
