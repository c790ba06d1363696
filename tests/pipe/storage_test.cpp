// Storage buffers (set 3) and storage images (set 4) in a fragment shader,
// in every descriptor mode, and with the compact layout that folds set 4
// into set 3 (pipe_tests_compactsets: devices that bind only 4 sets).
#include "pipe_fixture.h"
#include "storage_frag.h"
#include "uniform_vert.h"

namespace brass::test {
namespace {

class StorageTest : public PipeTest {
 protected:
  void SetUp() override {
    PipeTest::SetUp();
    rt_ = make_texture(16, 16);
    bind_target(rt_.get());
    quad_ = quad_buffer(-1, -1, 1, 1);
    bind_position_layout();
    pipe::ShaderInfo info;
    info.spirv[0] = uniform_vert_spv;
    info.spirv[4] = storage_frag_spv;
    info.fragment_output_locations = 1;
    info.vertex_input_locations = 1;
    const auto vs = uint8_t(pipe::stage_bit(pipe::ShaderStage::Vertex));
    const auto fs = uint8_t(pipe::stage_bit(pipe::ShaderStage::Fragment));
    info.bindings = {
        {0, 0, vs, pipe::DescriptorKind::UniformBuffer, 1, 0},
        {3, 0, fs, pipe::DescriptorKind::StorageBuffer, 1, 0},
        {4, 0, fs, pipe::DescriptorKind::StorageImage, 1, 0},
    };
    pipe::Status s;
    prog_ = ctx->create_shader_program(info, &s);
    ASSERT_TRUE(prog_) << pipe::to_string(s);
    programs.push_back(prog_);
    ctx->bind_shader_program(prog_);
    const pipe::VertexBuffer vb{quad_.get(), 0, 8};
    ctx->set_vertex_buffers(0, std::span(&vb, 1));
    static const float zero[4] = {0, 0, 0, 0};
    pipe::ConstantBuffer cb{nullptr, 0, sizeof(zero), zero};
    ctx->set_constant_buffer(pipe::ShaderStage::Vertex, 0, &cb);
  }

  Ref<pipe::Resource> tint(float r, float g, float b) {
    const float c[4] = {r, g, b, 1};
    return make_buffer(sizeof(c), c);
  }
  void bind(pipe::Resource* ssbo, pipe::Resource* image) {
    const pipe::ShaderBuffer sb{ssbo, 0, 16, false};
    ctx->set_shader_buffers(pipe::ShaderStage::Fragment, 0, std::span(&sb, 1));
    pipe::ImageView iv;
    iv.resource = image;
    iv.format = pipe::Format::RGBA8_UNORM;
    ctx->set_shader_images(pipe::ShaderStage::Fragment, 0, std::span(&iv, 1));
  }
  Ref<pipe::Resource> storage_image() {
    return make_texture(16, 16, pipe::Format::RGBA8_UNORM, pipe::kBindShaderImage | pipe::kBindSamplerView);
  }

  Ref<pipe::Resource> rt_, quad_;
  pipe::ShaderProgram* prog_ = nullptr;
};

TEST_F(StorageTest, BuffersAndImagesReachTheShader) {
  auto red = tint(1, 0, 0), blue = tint(0, 0, 1);
  auto image_a = storage_image(), image_b = storage_image();
  bind(red.get(), image_a.get());
  draw_strip();
  EXPECT_EQ(read_pixels(rt_.get())[8 * 16 + 8], rgba(255, 0, 0));
  EXPECT_EQ(read_pixels(image_a.get())[8 * 16 + 8], rgba(0, 0, 255)) << "imageStore wrote .bgra";
  // Another buffer, the same image: only the storage buffer changed.
  bind(blue.get(), image_a.get());
  draw_strip();
  EXPECT_EQ(read_pixels(rt_.get())[8 * 16 + 8], rgba(0, 0, 255));
  EXPECT_EQ(read_pixels(image_a.get())[8 * 16 + 8], rgba(255, 0, 0));
  // Another image, the same buffer: only the storage image changed (in the
  // compact layout both live in one set).
  bind(blue.get(), image_b.get());
  draw_strip();
  EXPECT_EQ(read_pixels(image_b.get())[8 * 16 + 8], rgba(255, 0, 0));
  EXPECT_EQ(read_pixels(image_a.get())[8 * 16 + 8], rgba(255, 0, 0)) << "left as the last draw into it wrote it";
}

// A program with storage bindings: a vertex buffer switch alone still takes
// the whole barrier pass (its last draw may have written what an unchanged
// binding reads; BindingTable::record_changed_access).
TEST_F(StorageTest, BindingChangeOfAProgramWithStorageTakesTheWholeBarrierPass) {
  auto red = tint(1, 0, 0);
  auto image = storage_image();
  bind(red.get(), image.get());
  draw_strip();
  draw_strip();
  const uint64_t whole = stat("draw.resource_passes");
  const uint64_t changed = stat("draw.changed_binding_passes");
  auto quad = quad_buffer(-1, -1, 1, 1);
  const pipe::VertexBuffer vb{quad.get(), 0, 8};
  ctx->set_vertex_buffers(0, std::span(&vb, 1));
  draw_strip();
  EXPECT_EQ(stat("draw.resource_passes"), whole + 1);
  EXPECT_EQ(stat("draw.changed_binding_passes"), changed);
  EXPECT_EQ(read_pixels(rt_.get())[8 * 16 + 8], rgba(255, 0, 0));
}

TEST_F(StorageTest, CompactLayoutFoldsStorageImagesIntoTheStorageBufferSet) {
  const bool compact = screen().device().paths().compact_descriptor_sets;
  const uint32_t sets = prog_->descriptors.set_mask();
  EXPECT_EQ(sets, compact ? 0b01001u : 0b11001u) << "set 0, set 3 and (unless folded) set 4";
  EXPECT_EQ(prog_->descriptors.bindings(3).size(), compact ? 2u : 1u);
}

}  // namespace
}  // namespace brass::test
