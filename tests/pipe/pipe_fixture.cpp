#include "pipe_fixture.h"

#include "device/instance.h"
#include "texture_frag.h"
#include "uniform_frag.h"
#include "uniform_vert.h"
#include "vbo_frag.h"
#include "vbo_vert.h"

namespace brass::test {

std::unique_ptr<driver::VulkanScreen> PipeTest::screen_;

namespace {
// The shared screen goes when the tests are done, before the process exits:
// a static destructor would run after the Vulkan driver's own exit handlers.
class ScreenTeardown : public ::testing::Environment {
 public:
  void TearDown() override { PipeTest::destroy_screen(); }
};
const auto* const g_screen_teardown = ::testing::AddGlobalTestEnvironment(new ScreenTeardown);
}  // namespace

void PipeTest::SetUpTestSuite() {
  if (screen_) return;
  std::string why;
  screen_ = driver::VulkanScreen::create(&why);
  ASSERT_TRUE(screen_) << why;
}

void PipeTest::TearDownTestSuite() {}

void PipeTest::destroy_screen() { screen_.reset(); }

void PipeTest::draw_strip(uint32_t count) {
  pipe::DrawInfo info;
  info.mode = pipe::PrimitiveType::TriangleStrip;
  const pipe::DrawStart d{0, count, 0};
  ctx->draw_vbo(info, nullptr, std::span(&d, 1));
}

void PipeTest::SetUp() {
  ASSERT_TRUE(screen_);
  validation_before_ = vk::Instance::validation_message_count();
  pipe::Status s;
  // BRASS_THREAD=1 (the pipe_tests_threaded variant): every call goes
  // through the threaded context, as GL contexts' calls do.
  ctx = threaded::wrap_if_enabled(screen_->context_create(&s));
  ASSERT_TRUE(ctx) << pipe::to_string(s);
}

void PipeTest::TearDown() {
  if (ctx) {
    for (auto* v : velems) ctx->delete_vertex_elements_state(v);
    ctx->bind_shader_program(nullptr);
    for (auto* p : programs) ctx->delete_shader_program(p);
    surfaces.clear();
    ctx.reset();
  }
  EXPECT_EQ(vk::Instance::validation_message_count(), validation_before_)
      << vk::Instance::last_validation_message();
  EXPECT_EQ(vk::Instance::validation_message_count(), 0u);
}

Ref<pipe::Resource> PipeTest::make_texture(uint32_t w, uint32_t h, pipe::Format f, uint32_t bind, uint32_t samples,
                                           uint32_t levels) {
  pipe::ResourceTemplate t;
  t.target = pipe::Target::Texture2D;
  t.format = f;
  t.width = w;
  t.height = h;
  t.bind = bind;
  t.samples = samples;
  t.levels = levels;
  pipe::Status s;
  auto r = screen_->resource_create(t, &s);
  EXPECT_TRUE(r) << pipe::to_string(s);
  return r;
}

Ref<pipe::Resource> PipeTest::make_buffer(uint32_t size, const void* data) {
  pipe::ResourceTemplate t;
  t.target = pipe::Target::Buffer;
  t.format = pipe::Format::None;
  t.width = size;
  t.bind = pipe::kBindVertexBuffer | pipe::kBindConstantBuffer | pipe::kBindIndexBuffer;
  pipe::Status s;
  auto r = screen_->resource_create(t, &s);
  EXPECT_TRUE(r);
  if (r && data) ctx->buffer_subdata(r.get(), 0, 0, size, data);
  return r;
}

void PipeTest::bind_target(pipe::Resource* tex) {
  pipe::SurfaceTemplate st;
  auto surf = ctx->create_surface(tex, st);
  ASSERT_TRUE(surf);
  pipe::FramebufferState fb;
  fb.width = tex->templ().width;
  fb.height = tex->templ().height;
  fb.samples = tex->templ().samples;
  fb.nr_cbufs = 1;
  fb.cbufs[0] = surf.get();
  ctx->set_framebuffer_state(fb);
  surfaces.push_back(surf);
  pipe::Viewport vp{0, 0, float(fb.width), float(fb.height), 0, 1};
  ctx->set_viewports(0, std::span(&vp, 1));
}

std::vector<uint32_t> PipeTest::read_pixels(pipe::Resource* tex, uint32_t level) {
  const uint32_t w = std::max(1u, tex->templ().width >> level), h = std::max(1u, tex->templ().height >> level);
  pipe::Box box{0, 0, 0, int32_t(w), int32_t(h), 1};
  pipe::Transfer* t = nullptr;
  void* p = ctx->transfer_map(tex, level, pipe::kMapRead, box, &t);
  EXPECT_TRUE(p);
  std::vector<uint32_t> out(w * h);
  if (p) {
    for (uint32_t y = 0; y < h; ++y) std::memcpy(&out[y * w], static_cast<uint8_t*>(p) + y * t->stride, w * 4);
    ctx->transfer_unmap(t);
  }
  return out;
}

namespace {
pipe::ShaderInfo info_for(std::span<const uint32_t> vs, std::span<const uint32_t> fs) {
  pipe::ShaderInfo info;
  info.spirv[0] = vs;
  info.spirv[4] = fs;
  info.fragment_output_locations = 1;
  return info;
}
}  // namespace

pipe::ShaderProgram* PipeTest::vbo_program() {
  pipe::ShaderInfo info = info_for(vbo_vert_spv, vbo_frag_spv);
  info.vertex_input_locations = 7;
  pipe::Status s;
  auto* p = ctx->create_shader_program(info, &s);
  EXPECT_TRUE(p) << pipe::to_string(s);
  programs.push_back(p);
  return p;
}

pipe::ShaderProgram* PipeTest::uniform_program(std::span<const uint32_t> vs) {
  pipe::ShaderInfo info = info_for(vs.empty() ? std::span<const uint32_t>(uniform_vert_spv) : vs, uniform_frag_spv);
  info.vertex_input_locations = 1;
  // Hand-written reflection: VS default block (set 0 binding 0), FS default
  // block (set 0 binding 4), FS UBO at binding point 0 = pipe slot 1.
  info.bindings = {
      {0, 0, uint8_t(pipe::stage_bit(pipe::ShaderStage::Vertex)), pipe::DescriptorKind::UniformBuffer, 1, 0},
      {0, 4, uint8_t(pipe::stage_bit(pipe::ShaderStage::Fragment)), pipe::DescriptorKind::UniformBuffer, 1, 0},
      {1, 0, uint8_t(pipe::stage_bit(pipe::ShaderStage::Fragment)), pipe::DescriptorKind::UniformBuffer, 1, 1},
  };
  pipe::Status s;
  auto* p = ctx->create_shader_program(info, &s);
  EXPECT_TRUE(p) << pipe::to_string(s);
  programs.push_back(p);
  return p;
}

pipe::ShaderProgram* PipeTest::texture_program() {
  pipe::ShaderInfo info = info_for(uniform_vert_spv, texture_frag_spv);
  info.vertex_input_locations = 1;
  info.bindings = {
      {0, 0, uint8_t(pipe::stage_bit(pipe::ShaderStage::Vertex)), pipe::DescriptorKind::UniformBuffer, 1, 0},
      {2, 0, uint8_t(pipe::stage_bit(pipe::ShaderStage::Fragment)), pipe::DescriptorKind::CombinedImageSampler, 1, 0},
  };
  pipe::Status s;
  auto* p = ctx->create_shader_program(info, &s);
  EXPECT_TRUE(p) << pipe::to_string(s);
  programs.push_back(p);
  return p;
}

void PipeTest::bind_vbo_layout() {
  pipe::VertexElementsState ve;
  ve.count = 3;
  ve.elements[0] = {0, 0, pipe::Format::RG32_FLOAT, 0};
  ve.elements[1] = {0, 1, pipe::Format::RGBA32_FLOAT, 0};
  ve.elements[2] = {0, 2, pipe::Format::RG32_FLOAT, 1};
  auto* o = ctx->create_vertex_elements_state(ve);
  velems.push_back(o);
  ctx->bind_vertex_elements_state(o);
}

void PipeTest::bind_position_layout() {
  pipe::VertexElementsState ve;
  ve.count = 1;
  ve.elements[0] = {0, 0, pipe::Format::RG32_FLOAT, 0};
  auto* o = ctx->create_vertex_elements_state(ve);
  velems.push_back(o);
  ctx->bind_vertex_elements_state(o);
}

Ref<pipe::Resource> PipeTest::quad_buffer(float x0, float y0, float x1, float y1) {
  const float v[] = {x0, y0, x1, y0, x0, y1, x1, y1};
  return make_buffer(sizeof(v), v);
}

}  // namespace brass::test
