// Emulated formats: CPU conversion on upload/readback (format_conversion.h)
// and emulation swizzles in sampler views. Sampled results are read through
// a shader blit (which samples the source through a sampler view).
#include "pipe_fixture.h"

namespace brass::test {
namespace {

class TransferFormatTest : public PipeTest {
 protected:
  void TearDown() override {
    for (auto f : forced_) screen().force_format_emulation(f, false);
    PipeTest::TearDown();
  }
  void force(pipe::Format f) {
    screen().force_format_emulation(f, true);
    forced_.push_back(f);
  }
  // Samples `src` (w x h) into an RGBA8 texture of the same size and reads it.
  std::vector<uint32_t> sample(pipe::Resource* src) {
    const uint32_t w = src->templ().width, h = src->templ().height;
    auto dst = make_texture(w, h);
    pipe::BlitInfo b;
    b.src = {src, 0, {0, 0, 0, int32_t(w), int32_t(h), 1}, pipe::Format::None};
    b.dst = {dst.get(), 0, {0, 0, 0, int32_t(w), int32_t(h), 1}, pipe::Format::None};
    const uint64_t unsupported = stat("blit.unsupported");
    ctx->blit(b);
    EXPECT_EQ(stat("blit.unsupported"), unsupported);
    return read_pixels(dst.get());
  }
  std::vector<pipe::Format> forced_;
};

TEST_F(TransferFormatTest, Etc2Rgb8IsDecodedOnUpload) {
  force(pipe::Format::ETC2_RGB8);  // lavapipe has no ETC2 anyway
  auto tex = make_texture(4, 4, pipe::Format::ETC2_RGB8, pipe::kBindSamplerView);
  ASSERT_EQ(driver::driver_resource(tex.get())->obj()->format.conversion, vk::FormatConversion::DecodeEtc2);
  // One ETC1-compatible block, individual mode: base (0x88, 0x44, 0x00),
  // table 0, every pixel index 0 (+2).
  const uint8_t block[8] = {0x88, 0x44, 0x00, 0x00, 0, 0, 0, 0};
  ctx->texture_subdata(tex.get(), 0, 0, {0, 0, 0, 4, 4, 1}, block, 8, 8);
  auto px = sample(tex.get());
  for (uint32_t p : px) EXPECT_EQ(p, rgba(138, 70, 2, 255));
}

TEST_F(TransferFormatTest, Rgb8SampledHasOpaqueAlphaAndReadsBack) {
  force(pipe::Format::RGB8_UNORM);
  auto tex = make_texture(2, 2, pipe::Format::RGB8_UNORM, pipe::kBindSamplerView);
  ASSERT_EQ(driver::driver_resource(tex.get())->obj()->format.conversion, vk::FormatConversion::ExpandToFourChannels);
  const uint8_t texels[12] = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120};
  ctx->texture_subdata(tex.get(), 0, 0, {0, 0, 0, 2, 2, 1}, texels, 6, 12);
  auto px = sample(tex.get());
  EXPECT_EQ(px[0], rgba(10, 20, 30, 255));
  EXPECT_EQ(px[3], rgba(100, 110, 120, 255));
  pipe::Transfer* t = nullptr;
  auto* p = static_cast<const uint8_t*>(ctx->transfer_map(tex.get(), 0, pipe::kMapRead, {0, 0, 0, 2, 2, 1}, &t));
  ASSERT_TRUE(p);
  EXPECT_EQ(t->stride, 6u);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(p[i], texels[i]) << i;
  ctx->transfer_unmap(t);
}

TEST_F(TransferFormatTest, Rgb565ExpandedWhereForced) {
  force(pipe::Format::B5G6R5_UNORM);  // as on devices without R5G6B5
  auto tex = make_texture(4, 1, pipe::Format::B5G6R5_UNORM, pipe::kBindSamplerView);
  ASSERT_EQ(driver::driver_resource(tex.get())->obj()->format.conversion, vk::FormatConversion::ExpandToFourChannels);
  const uint16_t texels[4] = {0xf800, 0x07e0, 0x001f, 0x0000};  // GL_UNSIGNED_SHORT_5_6_5: red in the high bits
  ctx->texture_subdata(tex.get(), 0, 0, {0, 0, 0, 4, 1, 1}, texels, 8, 8);
  auto px = sample(tex.get());
  EXPECT_EQ(px[0], rgba(255, 0, 0, 255));
  EXPECT_EQ(px[1], rgba(0, 255, 0, 255));
  EXPECT_EQ(px[2], rgba(0, 0, 255, 255));
  EXPECT_EQ(px[3], rgba(0, 0, 0, 255));
  pipe::Transfer* t = nullptr;
  auto* p = static_cast<const uint16_t*>(ctx->transfer_map(tex.get(), 0, pipe::kMapRead, {0, 0, 0, 4, 1, 1}, &t));
  ASSERT_TRUE(p);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(p[i], texels[i]) << i;
  ctx->transfer_unmap(t);
}

TEST_F(TransferFormatTest, Bgra8SwappedWhereForced) {
  force(pipe::Format::BGRA8_UNORM);
  auto tex = make_texture(1, 1, pipe::Format::BGRA8_UNORM, pipe::kBindSamplerView);
  ASSERT_EQ(driver::driver_resource(tex.get())->obj()->format.conversion, vk::FormatConversion::SwapRedBlue);
  const uint8_t bgra[4] = {10, 20, 30, 40};
  ctx->texture_subdata(tex.get(), 0, 0, {0, 0, 0, 1, 1, 1}, bgra, 4, 4);
  EXPECT_EQ(sample(tex.get())[0], rgba(30, 20, 10, 40));
  pipe::Transfer* t = nullptr;
  auto* p = static_cast<const uint8_t*>(ctx->transfer_map(tex.get(), 0, pipe::kMapRead, {0, 0, 0, 1, 1, 1}, &t));
  ASSERT_TRUE(p);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(p[i], bgra[i]) << i;
  ctx->transfer_unmap(t);
}

TEST_F(TransferFormatTest, LuminanceAndAlphaSwizzles) {
  auto l8 = make_texture(2, 1, pipe::Format::L8_UNORM, pipe::kBindSamplerView);
  const uint8_t l[2] = {77, 200};
  ctx->texture_subdata(l8.get(), 0, 0, {0, 0, 0, 2, 1, 1}, l, 2, 2);
  auto px = sample(l8.get());
  EXPECT_EQ(px[0], rgba(77, 77, 77, 255));
  EXPECT_EQ(px[1], rgba(200, 200, 200, 255));
  auto a8 = make_texture(1, 1, pipe::Format::A8_UNORM, pipe::kBindSamplerView);
  const uint8_t a = 99;
  ctx->texture_subdata(a8.get(), 0, 0, {0, 0, 0, 1, 1, 1}, &a, 1, 1);
  EXPECT_EQ(sample(a8.get())[0], rgba(0, 0, 0, 99));
  auto la = make_texture(1, 1, pipe::Format::L8A8_UNORM, pipe::kBindSamplerView);
  const uint8_t lav[2] = {33, 66};
  ctx->texture_subdata(la.get(), 0, 0, {0, 0, 0, 1, 1, 1}, lav, 2, 2);
  EXPECT_EQ(sample(la.get())[0], rgba(33, 33, 33, 66));
}

TEST_F(TransferFormatTest, ViewSwizzleComposesWithEmulationSwizzle) {
  auto l8 = make_texture(1, 1, pipe::Format::L8_UNORM, pipe::kBindSamplerView);
  const uint8_t l = 50;
  ctx->texture_subdata(l8.get(), 0, 0, {0, 0, 0, 1, 1, 1}, &l, 1, 1);
  pipe::SamplerViewTemplate vt;
  vt.swizzle = {pipe::Swizzle::A, pipe::Swizzle::Zero, pipe::Swizzle::R, pipe::Swizzle::One};
  auto view = ctx->create_sampler_view(l8.get(), vt);
  ASSERT_TRUE(view);
  // Drawn through the texture program: (A, 0, L, 1) of (L, L, L, 1).
  auto rt = make_texture(4, 4);
  bind_target(rt.get());
  ctx->bind_shader_program(texture_program());
  pipe::VertexElementsState ve;
  ve.count = 1;
  ve.elements[0] = {0, 0, pipe::Format::RG32_FLOAT, 0};
  auto* vo = ctx->create_vertex_elements_state(ve);
  velems.push_back(vo);
  ctx->bind_vertex_elements_state(vo);
  auto quad = quad_buffer(-1, -1, 1, 1);
  const pipe::VertexBuffer vb{quad.get(), 0, 8};
  ctx->set_vertex_buffers(0, std::span(&vb, 1));
  pipe::SamplerView* views[] = {view.get()};
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, views);
  const float zero[4] = {0, 0, 0, 0};
  pipe::ConstantBuffer cb{nullptr, 0, sizeof(zero), zero};
  ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  const pipe::DrawStart d{0, 4, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  EXPECT_EQ(read_pixels(rt.get())[5], rgba(255, 0, 50, 255));
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, std::span<pipe::SamplerView* const>());
}

TEST_F(TransferFormatTest, DepthStencilRoundTrip) {
  // Native D24S8 where the device has it (or the repack): both planes.
  auto zs = make_texture(4, 1, pipe::Format::Z24_UNORM_S8_UINT, pipe::kBindDepthStencil | pipe::kBindSamplerView);
  // GL_UNSIGNED_INT_24_8: depth in the high 24 bits, stencil in the low 8.
  const uint32_t texels[4] = {0x00000000u | 7, 0xffffff00u | 255, 0x80000000u | 1, 0x40000000u | 128};
  ctx->texture_subdata(zs.get(), 0, 0, {0, 0, 0, 4, 1, 1}, texels, 16, 16);
  pipe::Transfer* t = nullptr;
  auto* p = static_cast<const uint32_t*>(ctx->transfer_map(zs.get(), 0, pipe::kMapRead, {0, 0, 0, 4, 1, 1}, &t));
  ASSERT_TRUE(p);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(p[i] & 0xff, texels[i] & 0xff) << i;
    EXPECT_NEAR(double(p[i] >> 8), double(texels[i] >> 8), 1.0) << i;
  }
  ctx->transfer_unmap(t);
}

TEST_F(TransferFormatTest, DepthStencilRepackRoundTrip) {
  force(pipe::Format::Z24_UNORM_S8_UINT);  // D32_SFLOAT + S8 planes even where D24S8 exists
  auto zs = make_texture(4, 1, pipe::Format::Z24_UNORM_S8_UINT, pipe::kBindDepthStencil | pipe::kBindSamplerView);
  ASSERT_EQ(driver::driver_resource(zs.get())->obj()->format.conversion, vk::FormatConversion::DepthStencilRepack);
  // GL_UNSIGNED_INT_24_8: depth in the high 24 bits, stencil in the low 8.
  const uint32_t texels[4] = {0x00000000u | 7, 0xffffff00u | 255, 0x80000000u | 1, 0x40000000u | 128};
  ctx->texture_subdata(zs.get(), 0, 0, {0, 0, 0, 4, 1, 1}, texels, 16, 16);
  pipe::Transfer* t = nullptr;
  auto* p = static_cast<const uint32_t*>(ctx->transfer_map(zs.get(), 0, pipe::kMapRead, {0, 0, 0, 4, 1, 1}, &t));
  ASSERT_TRUE(p);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(p[i] & 0xff, texels[i] & 0xff) << i;
    EXPECT_NEAR(double(p[i] >> 8), double(texels[i] >> 8), 1.0) << i;
  }
  ctx->transfer_unmap(t);
}

// DEPTH_COMPONENT24 / 16 storage on a device without X8_D24 (or D16 for a
// usage): D32_SFLOAT holding the same depth, converted on upload and back.
TEST_F(TransferFormatTest, NormalizedDepthAsFloatRoundTrip) {
  force(pipe::Format::Z24X8_UNORM);
  auto z24 = make_texture(4, 1, pipe::Format::Z24X8_UNORM, pipe::kBindDepthStencil | pipe::kBindSamplerView);
  ASSERT_EQ(driver::driver_resource(z24.get())->obj()->format.conversion, vk::FormatConversion::DepthToFloat);
  const uint32_t texels[4] = {0u, 0xFFFFFFu, 0x800000u, 0x123456u};
  ctx->texture_subdata(z24.get(), 0, 0, {0, 0, 0, 4, 1, 1}, texels, 16, 16);
  pipe::Transfer* t = nullptr;
  auto* p = static_cast<const uint32_t*>(ctx->transfer_map(z24.get(), 0, pipe::kMapRead, {0, 0, 0, 4, 1, 1}, &t));
  ASSERT_TRUE(p);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(p[i], texels[i]) << i;
  ctx->transfer_unmap(t);
  force(pipe::Format::Z16_UNORM);
  auto z16 = make_texture(4, 1, pipe::Format::Z16_UNORM, pipe::kBindDepthStencil | pipe::kBindSamplerView);
  ASSERT_EQ(driver::driver_resource(z16.get())->obj()->format.conversion, vk::FormatConversion::DepthToFloat);
  const uint16_t texels16[4] = {0, 0xFFFF, 0x8000, 0x1234};
  ctx->texture_subdata(z16.get(), 0, 0, {0, 0, 0, 4, 1, 1}, texels16, 8, 8);
  auto* p16 = static_cast<const uint16_t*>(ctx->transfer_map(z16.get(), 0, pipe::kMapRead, {0, 0, 0, 4, 1, 1}, &t));
  ASSERT_TRUE(p16);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(p16[i], texels16[i]) << i;
  ctx->transfer_unmap(t);
}

}  // namespace
}  // namespace brass::test

namespace brass::test {
namespace {

using SyncSubresourceTest = PipeTest;

// GL's hand-made mipmaps: sample level 0 while rendering into level 1 of the
// same texture. Layouts are tracked per level, so level 0 stays sampled and
// level 1 is an attachment in the same pass; validation stays silent.
TEST_F(SyncSubresourceTest, RenderIntoLevelOneWhileSamplingLevelZero) {
  auto tex = make_texture(8, 8, pipe::Format::RGBA8_UNORM, pipe::kBindRenderTarget | pipe::kBindSamplerView, 1, 2);
  std::vector<uint32_t> texels(64, rgba(10, 200, 30));
  ctx->texture_subdata(tex.get(), 0, 0, {0, 0, 0, 8, 8, 1}, texels.data(), 32, 256);
  pipe::SurfaceTemplate st;
  st.level = 1;
  auto surf = ctx->create_surface(tex.get(), st);
  ASSERT_TRUE(surf);
  surfaces.push_back(surf);
  pipe::FramebufferState fb;
  fb.width = fb.height = 4;
  fb.nr_cbufs = 1;
  fb.cbufs[0] = surf.get();
  ctx->set_framebuffer_state(fb);
  pipe::Viewport vp{0, 0, 4, 4, 0, 1};
  ctx->set_viewports(0, std::span(&vp, 1));
  ctx->bind_shader_program(texture_program());
  pipe::VertexElementsState ve;
  ve.count = 1;
  ve.elements[0] = {0, 0, pipe::Format::RG32_FLOAT, 0};
  auto* vo = ctx->create_vertex_elements_state(ve);
  velems.push_back(vo);
  ctx->bind_vertex_elements_state(vo);
  auto quad = quad_buffer(-1, -1, 1, 1);
  const pipe::VertexBuffer vb{quad.get(), 0, 8};
  ctx->set_vertex_buffers(0, std::span(&vb, 1));
  pipe::SamplerViewTemplate vt;  // level 0 only
  auto view = ctx->create_sampler_view(tex.get(), vt);
  pipe::SamplerView* views[] = {view.get()};
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, views);
  const float zero[4] = {0, 0, 0, 0};
  pipe::ConstantBuffer cb{nullptr, 0, sizeof(zero), zero};
  ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  const pipe::DrawStart d{0, 4, 0};
  const uint64_t passes = stat("render_pass.begun");
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  EXPECT_EQ(stat("render_pass.begun"), passes + 1);  // no barrier between the draws
  auto px = read_pixels(tex.get(), 1);
  for (uint32_t p : px) EXPECT_EQ(p, rgba(10, 200, 30));
  EXPECT_EQ(read_pixels(tex.get(), 0)[9], rgba(10, 200, 30));
  ctx->set_sampler_views(pipe::ShaderStage::Fragment, 0, std::span<pipe::SamplerView* const>());
}

// Blit between two levels of one image goes through per-level layouts too.
TEST_F(SyncSubresourceTest, BlitBetweenLevelsOfOneTexture) {
  auto tex = make_texture(8, 8, pipe::Format::RGBA8_UNORM, pipe::kBindRenderTarget | pipe::kBindSamplerView, 1, 2);
  std::vector<uint32_t> texels(64, rgba(1, 2, 3));
  ctx->texture_subdata(tex.get(), 0, 0, {0, 0, 0, 8, 8, 1}, texels.data(), 32, 256);
  pipe::BlitInfo b;
  b.src = {tex.get(), 0, {0, 0, 0, 8, 8, 1}, pipe::Format::None};
  b.dst = {tex.get(), 1, {0, 0, 0, 4, 4, 1}, pipe::Format::None};
  ctx->blit(b);
  b.scissor_enable = true;  // the shader path, same image
  b.scissor = {0, 0, 2, 2};
  ctx->blit(b);
  EXPECT_EQ(read_pixels(tex.get(), 1)[5], rgba(1, 2, 3));
}

}  // namespace
}  // namespace brass::test
