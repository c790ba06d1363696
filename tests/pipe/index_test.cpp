// Draws the driver rewrites indices for: line loops (closing index), a
// primitive restart index other than all ones, 8-bit indices.
#include "pipe_fixture.h"

namespace brass::test {
namespace {

class DrawIndexTest : public PipeTest {
 protected:
  // Pixel center c of a 16-pixel target in NDC.
  static float ndc(float c) { return c / 8.0f - 1.0f; }
  void setup(const std::vector<float>& pos) {
    rt_ = make_texture(16, 16);
    bind_target(rt_.get());
    ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
    vbuf_ = make_buffer(uint32_t(pos.size() * 4), pos.data());
    const float white[] = {1, 1, 1, 1};
    color_ = make_buffer(sizeof(white), white);
    const float zero[] = {0, 0};
    off_ = make_buffer(sizeof(zero), zero);
    ctx->bind_shader_program(vbo_program());
    bind_vbo_layout();
    const pipe::VertexBuffer vbs[] = {{vbuf_.get(), 0, 8}, {color_.get(), 0, 0}, {off_.get(), 0, 0}};
    ctx->set_vertex_buffers(0, vbs);
  }
  // Square with corners at pixel centers (a, a) .. (b, b), counter-clockwise.
  static void square(std::vector<float>& v, float x0, float x1, float y0, float y1) {
    v.insert(v.end(), {ndc(x0), ndc(y0), ndc(x1), ndc(y0), ndc(x1), ndc(y1), ndc(x0), ndc(y1)});
  }
  uint32_t px(const std::vector<uint32_t>& p, int x, int y) { return p[y * 16 + x]; }
  Ref<pipe::Resource> rt_, vbuf_, color_, off_;
};

TEST_F(DrawIndexTest, LineLoopIsClosed) {
  std::vector<float> v;
  square(v, 4.5f, 11.5f, 4.5f, 11.5f);
  setup(v);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::LineLoop;
  const pipe::DrawStart d{0, 4, 0};
  const uint64_t converted = stat("draw.converted_indices");
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  EXPECT_EQ(stat("draw.converted_indices"), converted + 1);
  auto p = read_pixels(rt_.get());
  EXPECT_EQ(px(p, 11, 8), rgba(255, 255, 255));  // second edge
  EXPECT_EQ(px(p, 4, 8), rgba(255, 255, 255));   // closing edge
  EXPECT_EQ(px(p, 8, 8), rgba(0, 0, 0));
}

TEST_F(DrawIndexTest, IndexedLineLoopsWith8BitIndicesAndRestart) {
  std::vector<float> v;
  square(v, 1.5f, 6.5f, 1.5f, 6.5f);
  square(v, 9.5f, 14.5f, 1.5f, 6.5f);
  setup(v);
  const uint8_t idx[] = {0, 1, 2, 3, 0xff, 4, 5, 6, 7};
  auto ibuf = make_buffer(sizeof(idx), idx);
  ctx->set_index_buffer(ibuf.get(), 1, 0);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::LineLoop;
  info.indexed = true;
  info.primitive_restart = true;
  info.restart_index = 0xff;
  const pipe::DrawStart d{0, 9, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  auto p = read_pixels(rt_.get());
  EXPECT_EQ(px(p, 1, 4), rgba(255, 255, 255));   // left loop's closing edge
  EXPECT_EQ(px(p, 9, 4), rgba(255, 255, 255));   // right loop's closing edge
  EXPECT_EQ(px(p, 8, 1), rgba(0, 0, 0));         // no line joins the loops
  EXPECT_EQ(px(p, 4, 4), rgba(0, 0, 0));
}

TEST_F(DrawIndexTest, RestartIndexOtherThanAllOnes) {
  // Two strips (left and right quads) separated by restart index 100.
  setup({-1, -1, -0.5f, -1, -1, 1, -0.5f, 1, 0.5f, -1, 1, -1, 0.5f, 1, 1, 1});
  const uint16_t idx[] = {0, 1, 2, 3, 100, 4, 5, 6, 7};
  auto ibuf = make_buffer(sizeof(idx), idx);
  ctx->set_index_buffer(ibuf.get(), 2, 0);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  info.indexed = true;
  info.primitive_restart = true;
  info.restart_index = 100;
  const pipe::DrawStart d{0, 9, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  // A plain indexed draw afterwards binds the application's buffer again.
  const uint16_t idx2[] = {4, 5, 6, 7};
  auto ibuf2 = make_buffer(sizeof(idx2), idx2);
  ctx->set_index_buffer(ibuf2.get(), 2, 0);
  info.primitive_restart = false;
  const pipe::DrawStart d2{0, 4, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d2, 1));
  auto p = read_pixels(rt_.get());
  EXPECT_EQ(px(p, 1, 8), rgba(255, 255, 255));
  EXPECT_EQ(px(p, 8, 8), rgba(0, 0, 0));
  EXPECT_EQ(px(p, 15, 8), rgba(255, 255, 255));
}

class DrawEightBitIndexTest : public DrawIndexTest, public ::testing::WithParamInterface<bool> {};

TEST_P(DrawEightBitIndexTest, TriangleStripWithRestart) {
  if (!GetParam()) vctx().disable_index_type_uint8();  // the rewrite to 32-bit indices
  // Left and right quads separated by the 8-bit restart index 0xff.
  setup({-1, -1, -0.5f, -1, -1, 1, -0.5f, 1, 0.5f, -1, 1, -1, 0.5f, 1, 1, 1});
  const uint8_t idx[] = {0, 1, 2, 3, 0xff, 4, 5, 6, 7};
  auto ibuf = make_buffer(sizeof(idx), idx);
  ctx->set_index_buffer(ibuf.get(), 1, 0);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  info.indexed = true;
  info.primitive_restart = true;
  info.restart_index = 0xff;
  const pipe::DrawStart d{0, 9, 0};
  const uint64_t converted = stat("draw.converted_indices");
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  if (!GetParam()) {
    EXPECT_EQ(stat("draw.converted_indices"), converted + 1);
  }
  auto p = read_pixels(rt_.get());
  EXPECT_EQ(px(p, 1, 8), rgba(255, 255, 255));
  EXPECT_EQ(px(p, 8, 8), rgba(0, 0, 0));
  EXPECT_EQ(px(p, 15, 8), rgba(255, 255, 255));
}
INSTANTIATE_TEST_SUITE_P(Uint8, DrawEightBitIndexTest, ::testing::Values(true, false),
                         [](const auto& i) { return i.param ? "Native" : "Rewritten"; });

TEST_F(DrawIndexTest, EightBitTriangleIndices) {
  setup({-1, -1, 1, -1, -1, 1, 1, 1});
  const uint8_t idx[] = {0, 1, 2, 3};
  auto ibuf = make_buffer(sizeof(idx), idx);
  ctx->set_index_buffer(ibuf.get(), 1, 0);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  info.indexed = true;
  const pipe::DrawStart d{0, 4, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  auto p = read_pixels(rt_.get());
  EXPECT_EQ(px(p, 3, 3), rgba(255, 255, 255));
  EXPECT_EQ(px(p, 12, 12), rgba(255, 255, 255));
}

}  // namespace
}  // namespace brass::test
