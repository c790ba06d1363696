// Masked clears (meta draws) and shader blits.
#include "pipe_fixture.h"

#include "device/format_conversion.h"

namespace brass::test {
namespace {

class DrawClearBlitTest : public PipeTest {
 protected:
  // Binds a framebuffer of one color target and a depth/stencil target.
  void bind_color_zs(pipe::Resource* color, pipe::Resource* zs) {
    auto cs = ctx->create_surface(color, {});
    auto zss = ctx->create_surface(zs, {});
    ASSERT_TRUE(cs && zss);
    pipe::FramebufferState fb;
    fb.width = color->templ().width;
    fb.height = color->templ().height;
    fb.nr_cbufs = 1;
    fb.cbufs[0] = cs.get();
    fb.zsbuf = zss.get();
    ctx->set_framebuffer_state(fb);
    surfaces.push_back(cs);
    surfaces.push_back(zss);
    pipe::Viewport vp{0, 0, float(fb.width), float(fb.height), 0, 1};
    ctx->set_viewports(0, std::span(&vp, 1));
  }
  // Draws a full-screen quad of `color` (vbo program).
  void draw_quad(const float (&color)[4]) {
    ctx->bind_shader_program(vbo_program());
    bind_vbo_layout();
    quad_ = quad_buffer(-1, -1, 1, 1);
    color_ = make_buffer(16, color);
    const float zero[] = {0, 0};
    off_ = make_buffer(sizeof(zero), zero);
    const pipe::VertexBuffer vbs[] = {{quad_.get(), 0, 8}, {color_.get(), 0, 0}, {off_.get(), 0, 0}};
    ctx->set_vertex_buffers(0, vbs);
    pipe::DrawInfo info;
    info.mode = pipe::PrimitiveType::TriangleStrip;
    const pipe::DrawStart d{0, 4, 0};
    ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  }
  Ref<pipe::Resource> quad_, color_, off_;
};

TEST_F(DrawClearBlitTest, MaskedColorClearKeepsMaskedChannels) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  // 128/255, not 0.5: 127.5 may round either way (NVIDIA gives 127).
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 128.0f / 255.0f, 0, 0}}, 0, 0);
  pipe::ClearMasks masks;
  masks.color[0] = pipe::kMaskR | pipe::kMaskA;
  const uint64_t draws = stat("clear.masked_draws");
  ctx->clear_masked(pipe::kClearColor0, nullptr, {{1, 1, 1, 1}}, 0, 0, masks);
  EXPECT_EQ(stat("clear.masked_draws"), draws + 1);
  // Scissored and masked: only the left half gets blue.
  const pipe::ScissorRect left{0, 0, 8, 16};
  masks.color[0] = pipe::kMaskB;
  ctx->clear_masked(pipe::kClearColor0, &left, {{1, 1, 1, 1}}, 0, 0, masks);
  auto px = read_pixels(rt.get());
  EXPECT_EQ(px[3 * 16 + 2], rgba(255, 128, 255, 255));
  EXPECT_EQ(px[3 * 16 + 12], rgba(255, 128, 0, 255));
}

TEST_F(DrawClearBlitTest, FullMaskTakesFastPathAndEmptyMaskDoesNothing) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  const uint64_t draws = stat("clear.masked_draws");
  const uint64_t load_ops = stat("render_pass.load_op_clears");
  pipe::ClearMasks masks;
  ctx->clear_masked(pipe::kClearColor0, nullptr, {{0, 0, 1, 1}}, 0, 0, masks);
  masks.color[0] = 0;
  ctx->clear_masked(pipe::kClearColor0, nullptr, {{1, 0, 0, 1}}, 0, 0, masks);
  EXPECT_EQ(read_pixels(rt.get())[0], rgba(0, 0, 255));
  EXPECT_EQ(stat("clear.masked_draws"), draws);
  EXPECT_EQ(stat("render_pass.load_op_clears"), load_ops + 1);
}

TEST_F(DrawClearBlitTest, MaskedIntegerClearWritesIntegerValue) {
  auto rt = make_texture(4, 4, pipe::Format::RGBA8_UINT);
  bind_target(rt.get());
  pipe::ColorValue v;
  v.ui[0] = 1, v.ui[1] = 2, v.ui[2] = 3, v.ui[3] = 4;
  ctx->clear(pipe::kClearColor0, nullptr, v, 0, 0);
  pipe::ColorValue w;
  w.ui[0] = 200, w.ui[1] = 201, w.ui[2] = 202, w.ui[3] = 203;
  pipe::ClearMasks masks;
  masks.color[0] = pipe::kMaskG | pipe::kMaskB;
  ctx->clear_masked(pipe::kClearColor0, nullptr, w, 0, 0, masks);
  EXPECT_EQ(read_pixels(rt.get())[5], rgba(1, 201, 202, 4));
}

TEST_F(DrawClearBlitTest, MaskThroughEmulationSwizzle) {
  // A8 is stored as R8: GL's alpha mask bit is the stored red channel.
  auto rt = make_texture(4, 4, pipe::Format::A8_UNORM);
  bind_target(rt.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 0.5f}}, 0, 0);
  const uint64_t draws = stat("clear.masked_draws");
  pipe::ClearMasks masks;
  masks.color[0] = pipe::kMaskR | pipe::kMaskG | pipe::kMaskB;  // writes nothing A8 has
  ctx->clear_masked(pipe::kClearColor0, nullptr, {{1, 1, 1, 1}}, 0, 0, masks);
  pipe::Transfer* t = nullptr;
  auto* p = static_cast<const uint8_t*>(ctx->transfer_map(rt.get(), 0, pipe::kMapRead, {0, 0, 0, 4, 4, 1}, &t));
  ASSERT_TRUE(p);
  EXPECT_EQ(p[5], 128);
  ctx->transfer_unmap(t);
  masks.color[0] = pipe::kMaskA;  // everything A8 has: the fast path
  ctx->clear_masked(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0, masks);
  p = static_cast<const uint8_t*>(ctx->transfer_map(rt.get(), 0, pipe::kMapRead, {0, 0, 0, 4, 4, 1}, &t));
  ASSERT_TRUE(p);
  EXPECT_EQ(p[5], 255);
  ctx->transfer_unmap(t);
  EXPECT_EQ(stat("clear.masked_draws"), draws);
}

TEST_F(DrawClearBlitTest, MaskedStencilClearKeepsMaskedBits) {
  auto rt = make_texture(16, 16);
  auto zs = make_texture(16, 16, pipe::Format::Z24_UNORM_S8_UINT, pipe::kBindDepthStencil);
  bind_color_zs(rt.get(), zs.get());
  ctx->clear(pipe::kClearColor0 | pipe::kClearStencil | pipe::kClearDepth, nullptr, {{0, 0, 0, 1}}, 1.0, 0x0f);
  pipe::ClearMasks masks;
  masks.stencil = 0xf0;
  ctx->clear_masked(pipe::kClearStencil, nullptr, {}, 0, 0xa5, masks);  // -> 0xaf
  // Draw where stencil == 0xaf.
  pipe::DepthStencilAlphaState dsa;
  dsa.stencil[0].enabled = true;
  dsa.stencil[0].func = pipe::CompareFunc::Equal;
  auto* d = ctx->create_depth_stencil_alpha_state(dsa);
  ctx->bind_depth_stencil_alpha_state(d);
  pipe::StencilRef ref;
  ref.ref_value[0] = ref.ref_value[1] = 0xaf;
  ctx->set_stencil_ref(ref);
  draw_quad({0, 1, 0, 1});
  EXPECT_EQ(read_pixels(rt.get())[17], rgba(0, 255, 0));
  ref.ref_value[0] = ref.ref_value[1] = 0xa5;  // what an unmasked clear would have left
  ctx->set_stencil_ref(ref);
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
  draw_quad({0, 1, 0, 1});
  EXPECT_EQ(read_pixels(rt.get())[17], rgba(0, 0, 0));
  ctx->bind_depth_stencil_alpha_state(nullptr);
  ctx->delete_depth_stencil_alpha_state(d);
}

TEST_F(DrawClearBlitTest, ScissoredBlitGoesThroughShader) {
  auto src = make_texture(8, 8);
  bind_target(src.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{1, 0, 0, 1}}, 0, 0);
  auto dst = make_texture(16, 16);
  bind_target(dst.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 1, 1}}, 0, 0);
  pipe::BlitInfo b;
  b.src = {src.get(), 0, {0, 0, 0, 8, 8, 1}, pipe::Format::None};
  b.dst = {dst.get(), 0, {0, 0, 0, 16, 16, 1}, pipe::Format::None};
  b.scissor_enable = true;
  b.scissor = {4, 4, 4, 4};
  const uint64_t shader = stat("blit.shader"), unsupported = stat("blit.unsupported");
  ctx->blit(b);
  EXPECT_EQ(stat("blit.shader"), shader + 1);
  EXPECT_EQ(stat("blit.unsupported"), unsupported);
  auto px = read_pixels(dst.get());
  EXPECT_EQ(px[5 * 16 + 5], rgba(255, 0, 0));
  EXPECT_EQ(px[7 * 16 + 7], rgba(255, 0, 0));
  EXPECT_EQ(px[8 * 16 + 8], rgba(0, 0, 255));
  EXPECT_EQ(px[3 * 16 + 3], rgba(0, 0, 255));
}

TEST_F(DrawClearBlitTest, FlippedBlitMirrorsBothAxes) {
  auto src = make_texture(4, 4);
  std::array<uint32_t, 16> texels;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) texels[y * 4 + x] = rgba(uint8_t(x * 60), uint8_t(y * 60), 0);
  ctx->texture_subdata(src.get(), 0, 0, {0, 0, 0, 4, 4, 1}, texels.data(), 16, 64);
  auto dst = make_texture(4, 4);
  pipe::BlitInfo b;
  b.src = {src.get(), 0, {0, 0, 0, 4, 4, 1}, pipe::Format::None};
  b.dst = {dst.get(), 0, {4, 4, 0, -4, -4, 1}, pipe::Format::None};
  b.scissor_enable = true;  // forces the shader path
  b.scissor = {0, 0, 4, 4};
  ctx->blit(b);
  auto px = read_pixels(dst.get());
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(px[y * 4 + x], texels[(3 - y) * 4 + (3 - x)]) << x << "," << y;
}

TEST_F(DrawClearBlitTest, FormatConvertingBlitToHalfFloat) {
  auto src = make_texture(4, 4);
  bind_target(src.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{1, 128.0f / 255.0f, 0, 1}}, 0, 0);  // exact in UNORM8
  auto dst = make_texture(8, 8, pipe::Format::RGBA16_FLOAT);
  pipe::BlitInfo b;
  b.src = {src.get(), 0, {0, 0, 0, 4, 4, 1}, pipe::Format::None};
  b.dst = {dst.get(), 0, {0, 0, 0, 8, 8, 1}, pipe::Format::None};
  ctx->blit(b);
  pipe::Transfer* t = nullptr;
  auto* p = static_cast<const uint16_t*>(ctx->transfer_map(dst.get(), 0, pipe::kMapRead, {0, 0, 0, 8, 8, 1}, &t));
  ASSERT_TRUE(p);
  const uint16_t* texel = p + (5 * t->stride / 2) + 5 * 4;
  EXPECT_FLOAT_EQ(vk::half_to_float(texel[0]), 1.0f);
  EXPECT_NEAR(vk::half_to_float(texel[1]), 128.0f / 255.0f, 1e-3);
  EXPECT_FLOAT_EQ(vk::half_to_float(texel[2]), 0.0f);
  EXPECT_FLOAT_EQ(vk::half_to_float(texel[3]), 1.0f);
  ctx->transfer_unmap(t);
}

TEST_F(DrawClearBlitTest, ScaledMultisampleResolve) {
  auto ms = make_texture(8, 8, pipe::Format::RGBA8_UNORM, pipe::kBindRenderTarget | pipe::kBindSamplerView, 4);
  bind_target(ms.get());
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 1, 0, 1}}, 0, 0);
  const pipe::ScissorRect left{0, 0, 4, 8};
  ctx->clear(pipe::kClearColor0, &left, {{1, 0, 0, 1}}, 0, 0);
  auto dst = make_texture(16, 16);
  pipe::BlitInfo b;
  b.src = {ms.get(), 0, {0, 0, 0, 8, 8, 1}, pipe::Format::None};
  b.dst = {dst.get(), 0, {0, 0, 0, 16, 16, 1}, pipe::Format::None};
  const uint64_t shader = stat("blit.shader");
  ctx->blit(b);
  EXPECT_EQ(stat("blit.shader"), shader + 1);
  auto px = read_pixels(dst.get());
  EXPECT_EQ(px[8 * 16 + 2], rgba(255, 0, 0));
  EXPECT_EQ(px[8 * 16 + 13], rgba(0, 255, 0));
}

}  // namespace
}  // namespace brass::test
