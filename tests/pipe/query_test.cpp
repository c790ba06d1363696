// Queries over several render passes and transform feedback capture with
// pause/resume, at the pipe level.
#include "pipe_fixture.h"
#include "vbo_frag.h"
#include "xfb_vert.h"

namespace brass::test {
namespace {

class QueryTest : public PipeTest {
 protected:
  // A green quad over the given NDC rectangle, drawn with vbo_program.
  void draw_quad(float x0, float y0, float x1, float y1) {
    auto pos = quad_buffer(x0, y0, x1, y1);
    keep.push_back(pos);
    const pipe::VertexBuffer vbs[] = {{pos.get(), 0, 8}, {color_.get(), 0, 0}, {zero_.get(), 0, 0}};
    ctx->set_vertex_buffers(0, vbs);
    pipe::DrawInfo info;
    info.mode = pipe::PrimitiveType::TriangleStrip;
    const pipe::DrawStart d{0, 4, 0};
    ctx->draw_vbo(info, nullptr, std::span(&d, 1));
  }
  void setup(pipe::ShaderProgram* prog) {
    const float green[] = {0, 1, 0, 1};
    color_ = make_buffer(sizeof(green), green);
    const float zero[] = {0, 0};
    zero_ = make_buffer(sizeof(zero), zero);
    ctx->bind_shader_program(prog);
    bind_vbo_layout();
  }
  pipe::ShaderProgram* xfb_program() {
    pipe::ShaderInfo info;
    info.spirv[0] = xfb_vert_spv;
    info.spirv[4] = vbo_frag_spv;
    info.fragment_output_locations = 1;
    info.vertex_input_locations = 3;
    pipe::Status s;
    auto* p = ctx->create_shader_program(info, &s);
    EXPECT_TRUE(p) << pipe::to_string(s);
    programs.push_back(p);
    return p;
  }
  // Forces the lazy render pass to end: a readback of the target.
  void break_render_pass(pipe::Resource* rt) {
    (void)read_pixels(rt);
    EXPECT_FALSE(vctx().render_pass_active());
  }
  std::vector<float> read_floats(pipe::Resource* buf, uint32_t count) {
    pipe::Transfer* t = nullptr;
    auto* p = static_cast<const float*>(
        ctx->transfer_map(buf, 0, pipe::kMapRead, {0, 0, 0, static_cast<int32_t>(count * 4), 1, 1}, &t));
    EXPECT_TRUE(p);
    std::vector<float> out(p, p + count);
    ctx->transfer_unmap(t);
    return out;
  }
  Ref<pipe::Resource> color_, zero_;
  std::vector<Ref<pipe::Resource>> keep;
};

TEST_F(QueryTest, OcclusionWithoutSamplesIsFalse) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  setup(vbo_program());
  pipe::Query* q = ctx->create_query(pipe::QueryType::OcclusionPredicate);
  ASSERT_TRUE(q);
  ctx->begin_query(q);
  ctx->clear(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0);
  draw_quad(2, 2, 3, 3);  // entirely off screen
  ctx->end_query(q);
  uint64_t r = 7;
  EXPECT_TRUE(ctx->get_query_result(q, true, &r));
  EXPECT_EQ(r, 0u);
  ctx->destroy_query(q);
}

TEST_F(QueryTest, OcclusionSpansRenderPasses) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  setup(vbo_program());
  pipe::Query* q = ctx->create_query(pipe::QueryType::OcclusionPredicateConservative);
  ASSERT_TRUE(q);
  const uint64_t passes_before = stat("render_pass.begun");
  ctx->begin_query(q);
  draw_quad(-1, -1, 0, 0);  // visible, in the first pass
  break_render_pass(rt.get());
  draw_quad(2, 2, 3, 3);  // invisible, in the second pass
  ctx->end_query(q);
  EXPECT_GE(stat("render_pass.begun") - passes_before, 2u);
  uint64_t r = 0;
  EXPECT_TRUE(ctx->get_query_result(q, true, &r));
  EXPECT_EQ(r, 1u);  // the first segment's samples count

  // Restarted: only the invisible draw, over two passes.
  ctx->begin_query(q);
  draw_quad(2, 2, 3, 3);
  break_render_pass(rt.get());
  draw_quad(-3, -3, -2, -2);
  ctx->end_query(q);
  EXPECT_TRUE(ctx->get_query_result(q, true, &r));
  EXPECT_EQ(r, 0u);
  ctx->destroy_query(q);
}

TEST_F(QueryTest, MaskedClearsDoNotPassSamples) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  setup(vbo_program());
  pipe::Query* q = ctx->create_query(pipe::QueryType::OcclusionPredicate);
  pipe::ClearMasks masks;
  masks.color[0] = pipe::kMaskR;  // a partial mask: drawn by a meta draw
  ctx->begin_query(q);
  draw_quad(2, 2, 3, 3);  // opens the pass (invisible)
  ctx->clear_masked(pipe::kClearColor0, nullptr, {{1, 1, 1, 1}}, 0, 0, masks);
  draw_quad(2, 2, 3, 3);  // after the meta draw: a new pass and segment
  ctx->end_query(q);
  uint64_t r = 9;
  EXPECT_TRUE(ctx->get_query_result(q, true, &r));
  EXPECT_EQ(r, 0u);
  EXPECT_EQ(read_pixels(rt.get())[0] & 0xff, 0xffu);  // the clear happened

  // Draws after the meta draw still count.
  ctx->begin_query(q);
  ctx->clear_masked(pipe::kClearColor0, nullptr, {{0, 0, 0, 1}}, 0, 0, masks);
  draw_quad(-1, -1, 1, 1);
  ctx->end_query(q);
  EXPECT_TRUE(ctx->get_query_result(q, true, &r));
  EXPECT_EQ(r, 1u);
  ctx->destroy_query(q);
}

TEST_F(QueryTest, TwoOcclusionQueriesShareSegments) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  setup(vbo_program());
  pipe::Query* a = ctx->create_query(pipe::QueryType::OcclusionPredicate);
  pipe::Query* b = ctx->create_query(pipe::QueryType::OcclusionPredicateConservative);
  ctx->begin_query(a);
  draw_quad(2, 2, 3, 3);
  ctx->begin_query(b);
  draw_quad(2, 2, 3, 3);
  ctx->end_query(a);   // b still active in the same pass
  draw_quad(-1, -1, 1, 1);  // visible: counts for b only
  ctx->end_query(b);
  uint64_t ra = 9, rb = 9;
  EXPECT_TRUE(ctx->get_query_result(a, true, &ra));
  EXPECT_TRUE(ctx->get_query_result(b, true, &rb));
  EXPECT_EQ(ra, 0u);
  EXPECT_EQ(rb, 1u);
  ctx->destroy_query(a);
  ctx->destroy_query(b);
}

TEST_F(QueryTest, ResultWithoutWaitEventuallyAvailable) {
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  setup(vbo_program());
  pipe::Query* q = ctx->create_query(pipe::QueryType::OcclusionPredicate);
  ctx->begin_query(q);
  draw_quad(-1, -1, 1, 1);
  ctx->end_query(q);
  uint64_t r = 0;
  bool available = false;
  for (int i = 0; i < 100000 && !available; ++i) available = ctx->get_query_result(q, false, &r);
  EXPECT_TRUE(available);
  EXPECT_EQ(r, 1u);
  ctx->destroy_query(q);
}

TEST_F(QueryTest, PrimitivesGeneratedSpanPassesAndSkipMetaDraws) {
  if (!screen().get_cap(pipe::Cap::PrimitivesGeneratedQuery))
    GTEST_SKIP() << "no VK_EXT_primitives_generated_query with rasterizer discard";
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  setup(vbo_program());
  pipe::Query* q = ctx->create_query(pipe::QueryType::PrimitivesGenerated);
  ASSERT_TRUE(q);
  ctx->begin_query(q);
  draw_quad(-1, -1, 0, 0);  // a strip of 2 triangles, visible
  pipe::ClearMasks masks;
  masks.color[0] = pipe::kMaskR;  // a meta draw: generates nothing in GL
  ctx->clear_masked(pipe::kClearColor0, nullptr, {{1, 1, 1, 1}}, 0, 0, masks);
  draw_quad(2, 2, 3, 3);  // off screen: generated all the same
  break_render_pass(rt.get());
  draw_quad(-1, -1, 1, 1);
  ctx->end_query(q);
  uint64_t r = 0;
  EXPECT_TRUE(ctx->get_query_result(q, true, &r));
  EXPECT_EQ(r, 6u);
  ctx->destroy_query(q);
}

TEST_F(QueryTest, TransformFeedbackPauseResume) {
  if (!screen().device().caps().transform_feedback) GTEST_SKIP() << "no VK_EXT_transform_feedback";
  auto rt = make_texture(16, 16);
  bind_target(rt.get());
  setup(xfb_program());
  // 16 vertices of 16 bytes fit; the buffer starts filled with -1.
  std::vector<float> init(64 + 8, -1.0f);
  auto buf = make_buffer(static_cast<uint32_t>(init.size() * 4), init.data());
  pipe::StreamOutputTarget* t = ctx->create_stream_output_target(buf.get(), 32, 256);
  ASSERT_TRUE(t);
  pipe::Query* prims = ctx->create_query(pipe::QueryType::PrimitivesWritten);
  ASSERT_TRUE(prims);
  ctx->begin_query(prims);

  pipe::StreamOutputTarget* const targets[] = {t};
  ctx->set_stream_output_targets(targets, 0);
  // A triangle list: 3 vertices captured.
  auto pos = quad_buffer(-1, -1, 1, 1);
  const pipe::VertexBuffer vbs[] = {{pos.get(), 0, 8}, {color_.get(), 0, 0}, {zero_.get(), 0, 0}};
  ctx->set_vertex_buffers(0, vbs);
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::Triangles;
  const pipe::DrawStart first{0, 3, 0};
  ctx->draw_vbo(info, nullptr, std::span(&first, 1));
  // Paused: this draw is not captured.
  ctx->set_stream_output_targets({}, 0);
  const pipe::DrawStart paused{1, 3, 0};
  ctx->draw_vbo(info, nullptr, std::span(&paused, 1));
  // Resumed in a later render pass: appended after the first triangle.
  break_render_pass(rt.get());
  ctx->set_stream_output_targets(targets, 1);
  const pipe::DrawStart second{1, 3, 0};
  ctx->draw_vbo(info, nullptr, std::span(&second, 1));
  ctx->set_stream_output_targets({}, 0);
  ctx->end_query(prims);

  const std::vector<float> v = read_floats(buf.get(), static_cast<uint32_t>(init.size()));
  // Bytes before the target's offset are untouched.
  EXPECT_EQ(v[0], -1.0f);
  EXPECT_EQ(v[7], -1.0f);
  const float* cap = v.data() + 8;
  const float expect_index[] = {0, 1, 2, 1, 2, 3};
  const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
  for (int i = 0; i < 6; ++i) {
    const int vi = static_cast<int>(expect_index[i]);
    EXPECT_EQ(cap[i * 4 + 0], quad[vi][0]) << i;
    EXPECT_EQ(cap[i * 4 + 1], quad[vi][1]) << i;
    EXPECT_EQ(cap[i * 4 + 2], expect_index[i]) << i;
    EXPECT_EQ(cap[i * 4 + 3], 1.0f) << i;
  }
  EXPECT_EQ(cap[6 * 4], -1.0f);  // nothing past the second triangle

  uint64_t written = 0;
  EXPECT_TRUE(ctx->get_query_result(prims, true, &written));
  EXPECT_EQ(written, 2u);
  ctx->destroy_query(prims);

  // A query ended while capture goes on in the same pass counts only the
  // primitives before its end.
  pipe::Query* early = ctx->create_query(pipe::QueryType::PrimitivesWritten);
  ctx->set_stream_output_targets(targets, 1);
  ctx->begin_query(early);
  const pipe::DrawStart one{0, 3, 0};
  ctx->draw_vbo(info, nullptr, std::span(&one, 1));
  ctx->end_query(early);
  EXPECT_TRUE(vctx().render_pass_active());
  ctx->draw_vbo(info, nullptr, std::span(&one, 1));
  ctx->set_stream_output_targets({}, 0);
  EXPECT_TRUE(ctx->get_query_result(early, true, &written));
  EXPECT_EQ(written, 1u);
  ctx->destroy_query(early);

  // Restart (no append) overwrites from the offset again.
  ctx->set_stream_output_targets(targets, 0);
  const pipe::DrawStart again{1, 3, 0};
  ctx->draw_vbo(info, nullptr, std::span(&again, 1));
  ctx->set_stream_output_targets({}, 0);
  const std::vector<float> w = read_floats(buf.get(), static_cast<uint32_t>(init.size()));
  EXPECT_EQ(w[8 + 2], 1.0f);   // first captured vertex is now index 1
  EXPECT_EQ(w[8 + 14], 1.0f);  // the earlier resumed triangle's first vertex remains after it
  ctx->destroy_stream_output_target(t);
}

}  // namespace
}  // namespace brass::test
