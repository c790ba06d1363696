#include "pipe_fixture.h"

namespace brass::test {
namespace {

constexpr pipe::ColorValue kRed{{1, 0, 0, 1}};

class DrawTest : public PipeTest {
 protected:
  void pos_only_layout() { bind_position_layout(); }
  void set_uniform(pipe::ShaderStage st, const float (&v)[4]) {
    pipe::ConstantBuffer cb;
    cb.user_data = v;
    cb.size = sizeof(v);
    ctx->set_constant_buffer(st, 0, &cb);
  }
};

TEST_F(DrawTest, ClearAndReadback) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  ctx->clear(pipe::kClearColor0, nullptr, kRed, 0, 0);
  const pipe::ScissorRect half{0, 0, 8, 16};
  constexpr pipe::ColorValue kBlue{{0, 0, 1, 1}};
  ctx->clear(pipe::kClearColor0, &half, kBlue, 0, 0);
  auto px = read_pixels(rt.get());
  EXPECT_EQ(px[0], rgba(0, 0, 255));
  EXPECT_EQ(px[15], rgba(255, 0, 0));
  EXPECT_EQ(stat("render_pass.load_op_clears") > 0, true);
}

TEST_F(DrawTest, TriangleFromVertexBuffer) {
  auto rt = make_texture(32, 32);
  bind_target(rt.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
  // Left half triangle-strip quad, green.
  auto pos = quad_buffer(-1, -1, 0, 1);
  const float green[] = {0, 1, 0, 1};
  auto color = make_buffer(sizeof(green), green);
  const float zero[] = {0, 0};
  auto off = make_buffer(sizeof(zero), zero);
  ctx->bind_shader_program(vbo_program());
  bind_vbo_layout();
  const pipe::VertexBuffer vbs[] = {{pos.get(), 0, 8}, {color.get(), 0, 0}, {off.get(), 0, 0}};
  ctx->set_vertex_buffers(0, vbs);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  const pipe::DrawStart d{0, 4, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  auto px = read_pixels(rt.get());
  EXPECT_EQ(px[16 * 32 + 4], rgba(0, 255, 0));
  EXPECT_EQ(px[16 * 32 + 28], rgba(0, 0, 0));
}

TEST_F(DrawTest, UniformBlocks) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
  ctx->bind_shader_program(uniform_program());
  pos_only_layout();
  auto quad = quad_buffer(-1, -1, 1, 1);
  const pipe::VertexBuffer vb{quad.get(), 0, 8};
  ctx->set_vertex_buffers(0, std::span(&vb, 1));
  const float tint[] = {0, 0, 1, 0};
  auto ubo = make_buffer(sizeof(tint), tint);
  pipe::ConstantBuffer cb{ubo.get(), 0, sizeof(tint), nullptr};
  ctx->set_constant_buffer(pipe::ShaderStage::Fragment, 1, &cb);
  set_uniform(pipe::ShaderStage::Vertex, {0, 0, 0, 0});
  set_uniform(pipe::ShaderStage::Fragment, {1, 0, 0, 1});
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  const pipe::DrawStart d{0, 4, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  auto px = read_pixels(rt.get());
  EXPECT_EQ(px[8 * 16 + 8], rgba(255, 0, 255));
}

TEST_F(DrawTest, TexturedQuadWithSampler) {
  auto tex = make_texture(2, 2, pipe::Format::RGBA8_UNORM, pipe::kBindSamplerView);
  const uint32_t texels[] = {rgba(255, 0, 0), rgba(0, 255, 0), rgba(0, 0, 255), rgba(255, 255, 255)};
  ctx->texture_subdata(tex.get(), 0, 0, {0, 0, 0, 2, 2, 1}, texels, 8, 16);
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  ctx->bind_shader_program(texture_program());
  pos_only_layout();
  auto quad = quad_buffer(-1, -1, 1, 1);
  const pipe::VertexBuffer vb{quad.get(), 0, 8};
  ctx->set_vertex_buffers(0, std::span(&vb, 1));
  set_uniform(pipe::ShaderStage::Vertex, {0, 0, 0, 0});
  pipe::SamplerViewTemplate vt;
  auto view = ctx->create_sampler_view(tex.get(), vt);
  pipe::SamplerView* views[] = {view.get()};
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, views);
  pipe::SamplerObject* smp = ctx->create_sampler_state(pipe::SamplerState{});
  ctx->bind_sampler_states(pipe::ShaderStage::Fragment, 0, std::span(&smp, 1));
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  const pipe::DrawStart d{0, 4, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  auto px = read_pixels(rt.get());
  // uv = pos*0.5+0.5: framebuffer y=0 is clip y=-1, v=0 -> texel row 0.
  EXPECT_EQ(px[0], rgba(255, 0, 0));
  EXPECT_EQ(px[15], rgba(0, 255, 0));
  EXPECT_EQ(px[15 * 16], rgba(0, 0, 255));
  EXPECT_EQ(px[15 * 16 + 15], rgba(255, 255, 255));
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, std::span<pipe::SamplerView* const>());
  ctx->delete_sampler_state(smp);
}

TEST_F(DrawTest, IndexedWithPrimitiveRestart) {
  auto rt = make_texture(32, 32);
  bind_target(rt.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
  // Two strips separated by a restart: left quad and right quad, with a
  // gap column in the middle that a missing restart would fill.
  const float pos[] = {-1, -1, -0.5f, -1, -1, 1, -0.5f, 1, 0.5f, -1, 1, -1, 0.5f, 1, 1, 1};
  auto vbuf = make_buffer(sizeof(pos), pos);
  const uint16_t idx[] = {0, 1, 2, 3, 0xffff, 4, 5, 6, 7};
  auto ibuf = make_buffer(sizeof(idx), idx);
  const float white[] = {1, 1, 1, 1};
  auto color = make_buffer(sizeof(white), white);
  const float zero[] = {0, 0};
  auto off = make_buffer(sizeof(zero), zero);
  ctx->bind_shader_program(vbo_program());
  bind_vbo_layout();
  const pipe::VertexBuffer vbs[] = {{vbuf.get(), 0, 8}, {color.get(), 0, 0}, {off.get(), 0, 0}};
  ctx->set_vertex_buffers(0, vbs);
  ctx->set_index_buffer(ibuf.get(), 2, 0);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  info.indexed = true;
  info.primitive_restart = true;
  info.restart_index = 0xffff;
  const pipe::DrawStart d{0, 9, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  auto px = read_pixels(rt.get());
  EXPECT_EQ(px[16 * 32 + 2], rgba(255, 255, 255));
  EXPECT_EQ(px[16 * 32 + 16], rgba(0, 0, 0));
  EXPECT_EQ(px[16 * 32 + 30], rgba(255, 255, 255));
}

TEST_F(DrawTest, InstancingAndMultiDraw) {
  auto rt = make_texture(32, 32);
  bind_target(rt.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
  auto quad = quad_buffer(-1, -1, -0.5f, 1);  // a quarter-width column
  const float red[] = {1, 0, 0, 1};
  auto color = make_buffer(sizeof(red), red);
  const float offsets[] = {0, 0, 1, 0, 1.5f, 0};  // instance 0, 1, 2 shift right
  auto off = make_buffer(sizeof(offsets), offsets);
  ctx->bind_shader_program(vbo_program());
  bind_vbo_layout();
  const pipe::VertexBuffer vbs[] = {{quad.get(), 0, 8}, {color.get(), 0, 0}, {off.get(), 0, 8}};
  ctx->set_vertex_buffers(0, vbs);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  info.instance_count = 2;
  const pipe::DrawStart d{0, 4, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  auto px = read_pixels(rt.get());
  EXPECT_EQ(px[16 * 32 + 2], rgba(255, 0, 0));   // instance 0
  EXPECT_EQ(px[16 * 32 + 10], rgba(0, 0, 0));    // gap
  EXPECT_EQ(px[16 * 32 + 18], rgba(255, 0, 0));  // instance 1 (offset 1.0 = 16 px)
  EXPECT_EQ(px[16 * 32 + 26], rgba(0, 0, 0));    // instance 2 not drawn
}

TEST_F(DrawTest, BlitAndCopy) {
  auto src = make_texture(8, 8);
  bind_target(src.get());
  ctx->clear(pipe::kClearColor0, nullptr, kRed, 0, 0);
  auto dst = make_texture(16, 16);
  pipe::BlitInfo b;
  b.src = {src.get(), 0, {0, 0, 0, 8, 8, 1}, pipe::Format::None};
  b.dst = {dst.get(), 0, {0, 0, 0, 16, 16, 1}, pipe::Format::None};
  b.filter = pipe::Filter::Linear;
  ctx->blit(b);
  auto copy = make_texture(8, 8);
  ctx->resource_copy_region(copy.get(), 0, 0, 0, 0, dst.get(), 0, {4, 4, 0, 8, 8, 1});
  auto px = read_pixels(dst.get());
  EXPECT_EQ(px[15 * 16 + 15], rgba(255, 0, 0));
  auto pc = read_pixels(copy.get());
  EXPECT_EQ(pc[7 * 8 + 7], rgba(255, 0, 0));
  // MSAA resolve.
  auto ms = make_texture(8, 8, pipe::Format::RGBA8_UNORM, pipe::kBindRenderTarget, 4);
  bind_target(ms.get());
  constexpr pipe::ColorValue kGreen{{0, 1, 0, 1}};
  ctx->clear(pipe::kClearColor0, nullptr, kGreen, 0, 0);
  pipe::BlitInfo r;
  r.src = {ms.get(), 0, {0, 0, 0, 8, 8, 1}, pipe::Format::None};
  r.dst = {copy.get(), 0, {0, 0, 0, 8, 8, 1}, pipe::Format::None};
  ctx->blit(r);
  EXPECT_EQ(read_pixels(copy.get())[9], rgba(0, 255, 0));
}

TEST_F(DrawTest, GenerateMipmap) {
  auto tex = make_texture(8, 8, pipe::Format::RGBA8_UNORM, pipe::kBindRenderTarget | pipe::kBindSamplerView, 1, 4);
  bind_target(tex.get());
  ctx->clear(pipe::kClearColor0, nullptr, kRed, 0, 0);
  ASSERT_TRUE(ctx->generate_mipmap(tex.get(), 0, 3, 0, 0));
  EXPECT_EQ(read_pixels(tex.get(), 3)[0], rgba(255, 0, 0));
}

// A color attachment the fragment shader has no output for keeps its
// contents: its write mask is zero in the pipeline. GL leaves it undefined;
// a nonzero mask made the validation layer warn that undefined values are
// written (on the VkRenderPass path, pipe_tests_nodynrender).
TEST_F(DrawTest, AttachmentWithoutFragmentOutputKeepsItsContents) {
  auto rt0 = make_texture(8, 8);
  auto rt1 = make_texture(8, 8);
  pipe::SurfaceTemplate st;
  auto s0 = ctx->create_surface(rt0.get(), st);
  auto s1 = ctx->create_surface(rt1.get(), st);
  ASSERT_TRUE(s0 && s1);
  pipe::FramebufferState fb;
  fb.width = fb.height = 8;
  fb.samples = 1;
  fb.nr_cbufs = 2;
  fb.cbufs[0] = s0.get();
  fb.cbufs[1] = s1.get();
  ctx->set_framebuffer_state(fb);
  surfaces.push_back(s0);
  surfaces.push_back(s1);
  const pipe::Viewport vp{0, 0, 8, 8, 0, 1};
  ctx->set_viewports(0, std::span(&vp, 1));
  ctx->clear(pipe::kClearColor0 | pipe::kClearColor0 << 1, nullptr, kRed, 0, 0);
  auto pos = quad_buffer(-1, -1, 1, 1);
  const float green[] = {0, 1, 0, 1};
  auto color = make_buffer(sizeof(green), green);
  const float zero[] = {0, 0};
  auto off = make_buffer(sizeof(zero), zero);
  ctx->bind_shader_program(vbo_program());  // writes location 0 only
  bind_vbo_layout();
  const pipe::VertexBuffer vbs[] = {{pos.get(), 0, 8}, {color.get(), 0, 0}, {off.get(), 0, 0}};
  ctx->set_vertex_buffers(0, vbs);
  draw_strip();
  EXPECT_EQ(read_pixels(rt0.get())[4 * 8 + 4], rgba(0, 255, 0));
  EXPECT_EQ(read_pixels(rt1.get())[4 * 8 + 4], rgba(255, 0, 0));
}

}  // namespace
}  // namespace brass::test
