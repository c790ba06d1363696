// The driver's barrier pass over changed bindings alone (DrawState::
// ChangedBindings, issue 19): after a draw recorded every binding's access
// in the batch, a draw that changed one vertex buffer or one sampler view
// records only that binding's, and still gets the barrier that binding
// needs; a new batch or a write outside a draw makes the pass whole again.
#include "pipe_fixture.h"

namespace brass::test {
namespace {

class ChangedBindingsTest : public PipeTest {
 protected:
  // The texture program drawing a quad from `view` at fragment slot 0
  // into `target`, from x0 to the right edge.
  void set_up_texture_draw(pipe::Resource* target, pipe::SamplerView* view, float x0 = -1) {
    bind_target(target);
    ctx->bind_shader_program(texture_program());
    bind_position_layout();
    quad_ = quad_buffer(x0, -1, 1, 1);
    const pipe::VertexBuffer vb{quad_.get(), 0, 8};
    ctx->set_vertex_buffers(0, std::span(&vb, 1));
    pipe::SamplerView* views[] = {view};
    ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, views);
    const float zero[4] = {0, 0, 0, 0};
    pipe::ConstantBuffer cb{nullptr, 0, sizeof(zero), zero};
    ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
  }
  Ref<pipe::Resource> filled_texture(uint32_t texel) {
    auto tex = make_texture(2, 2, pipe::Format::RGBA8_UNORM, pipe::kBindSamplerView);
    const uint32_t texels[] = {texel, texel, texel, texel};
    ctx->texture_subdata(tex.get(), 0, 0, {0, 0, 0, 2, 2, 1}, texels, 8, 16);
    return tex;
  }

  Ref<pipe::Resource> quad_;
};

// A texture rendered into by one draw, then bound (the only change) for the
// next draw into another target: the changed view alone is recorded, with
// the barrier from the render target write to the sampled read.
TEST_F(ChangedBindingsTest, NewSamplerViewOfARenderedTextureIsOrderedAfterTheRendering) {
  auto a = make_texture(16, 16);
  auto b = make_texture(16, 16);
  auto source = filled_texture(rgba(9, 90, 200));
  auto source_view = ctx->create_sampler_view(source.get(), {});
  set_up_texture_draw(a.get(), source_view.get());
  draw_strip();  // a = source's colour
  const uint64_t whole = stat("draw.resource_passes");
  const uint64_t changed = stat("draw.changed_binding_passes");
  const uint64_t images = stat("barrier.image");
  bind_target(b.get());
  auto a_view = ctx->create_sampler_view(a.get(), {});
  pipe::SamplerView* views[] = {a_view.get()};
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, views);
  draw_strip();  // b = a
  EXPECT_EQ(stat("draw.resource_passes"), whole);
  EXPECT_EQ(stat("draw.changed_binding_passes"), changed + 1);
  EXPECT_GT(stat("barrier.image"), images) << "a's render-target write was not ordered before its sampling";
  EXPECT_EQ(read_pixels(b.get())[17 * 8], rgba(9, 90, 200));
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, std::span<pipe::SamplerView* const>());
}

// The same views set again (a frontend sets a stage's whole table) mark no
// pass; a vertex buffer switch is a pass over that buffer alone, and draws
// from it.
TEST_F(ChangedBindingsTest, VertexBufferSwitchIsAPassOverTheChangedBindingAlone) {
  auto target = make_texture(16, 16);
  auto source = filled_texture(rgba(200, 10, 10));
  auto view = ctx->create_sampler_view(source.get(), {});
  set_up_texture_draw(target.get(), view.get(), 0);  // the right half
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
  draw_strip();
  const uint64_t whole = stat("draw.resource_passes");
  const uint64_t changed = stat("draw.changed_binding_passes");
  pipe::SamplerView* views[] = {view.get()};
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, views);
  draw_strip();
  EXPECT_EQ(stat("draw.changed_binding_passes"), changed) << "the same view again is no change";
  auto left = quad_buffer(-1, -1, 0, 1);
  const pipe::VertexBuffer vb{left.get(), 0, 8};
  ctx->set_vertex_buffers(0, std::span(&vb, 1));
  draw_strip();
  EXPECT_EQ(stat("draw.resource_passes"), whole);
  EXPECT_EQ(stat("draw.changed_binding_passes"), changed + 1);
  const std::vector<uint32_t> px = read_pixels(target.get());
  EXPECT_EQ(px[8 * 16 + 3], rgba(200, 10, 10)) << "the new vertex buffer was not drawn from";
  EXPECT_EQ(px[8 * 16 + 12], rgba(200, 10, 10));
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, std::span<pipe::SamplerView* const>());
}

// A write outside a draw (a transfer) begins a new write epoch: the next
// binding change takes a whole pass, which orders the transfer's write
// before the draw's read.
TEST_F(ChangedBindingsTest, WriteOutsideADrawMakesTheNextPassWhole) {
  auto target = make_texture(16, 16);
  auto first = filled_texture(rgba(10, 200, 10));
  auto second = filled_texture(rgba(10, 10, 200));
  auto first_view = ctx->create_sampler_view(first.get(), {});
  auto second_view = ctx->create_sampler_view(second.get(), {});
  set_up_texture_draw(target.get(), first_view.get());
  draw_strip();
  const uint64_t whole = stat("draw.resource_passes");
  const uint32_t texels[] = {rgba(70, 80, 90), rgba(70, 80, 90), rgba(70, 80, 90), rgba(70, 80, 90)};
  ctx->texture_subdata(second.get(), 0, 0, {0, 0, 0, 2, 2, 1}, texels, 8, 16);
  pipe::SamplerView* views[] = {second_view.get()};
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, views);
  draw_strip();
  EXPECT_EQ(stat("draw.resource_passes"), whole + 1);
  EXPECT_EQ(read_pixels(target.get())[8 * 16 + 8], rgba(70, 80, 90));
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, std::span<pipe::SamplerView* const>());
}

}  // namespace
}  // namespace brass::test
