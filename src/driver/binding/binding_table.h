// Every resource bound to the context, per stage and type: vertex and index
// buffers, uniform buffers (user data streamed), sampler views and samplers,
// storage buffers and storage images. Binding marks the draw state and the
// descriptor sets it changes (DrawDirty); rebind() marks them again when a
// resource's storage was renamed (invalidation, discard), looking only at
// the kinds and stages the resource was ever bound to. record_access() gives
// a draw's barriers and usage marks for what the bound program reads.
#pragma once
#include <array>
#include <cstdint>
#include <span>

#include "driver/descriptors/program_descriptors.h"
#include "driver/push_constant_block.h"
#include "driver/draw/draw_dirty.h"
#include "driver/resource/resource.h"
#include "driver/resource/stream_buffer.h"
#include "driver/state_objects.h"
#include "driver/sync/sync_tracker.h"
#include "pipe/context.h"

namespace brass::driver {

class VulkanScreen;

struct VertexBufferBinding {
  Ref<pipe::Resource> buffer;
  uint64_t offset = 0;
  uint32_t stride = 0;
};

struct ConstantBinding {
  Ref<pipe::Resource> buffer;       // null: user data in the stream buffer
  VkBuffer vk_buffer = VK_NULL_HANDLE;
  VkDeviceAddress vk_address = 0;   // of vk_buffer, in db mode
  uint64_t offset = 0;              // descriptor offset (resource) or dynamic offset (stream)
  uint32_t size = 0;
};

struct ShaderBufferBinding {
  Ref<pipe::Resource> buffer;
  uint64_t offset = 0;
  uint32_t size = 0;
  bool writable = false;
};

struct ShaderImageBinding {
  Ref<pipe::Resource> resource;
  pipe::ImageView view;
  VkImageView vk_view = VK_NULL_HANDLE;
  uint64_t view_uid = 0;  // of vk_view or of the buffer view (descriptor cache keys)
  uint64_t object_uid = 0;  // the resource object vk_view was made from
  // A buffer (imageBuffer, a storage texel buffer): its VkBufferView, made
  // at the first descriptor write for the storage it then has, and made
  // again when the storage was swapped since (DescriptorGather).
  VkBufferView vk_buffer_view = VK_NULL_HANDLE;
  const ResourceObject* buffer_view_object = nullptr;
  GpuUsage usage;
};

// The bindings changed since the last barrier pass (DrawState::
// ChangedBindings): bit i of a mask is vertex buffer i, or stage s's
// sampler view or constant buffer i. Storage buffers and images, stream
// output and the vertex elements always take a whole pass.
struct ChangedBindings {
  uint32_t vertex_buffers = 0;
  bool index_buffer = false;
  std::array<uint32_t, pipe::kShaderStageCount> views{};
  std::array<uint32_t, pipe::kShaderStageCount> constants{};
};

class BindingTable {
 public:
  template <typename T, size_t N>
  using PerStage = std::array<std::array<T, N>, pipe::kShaderStageCount>;  // compute last

  // `uniform_range`: the size one streamed uniform block may have;
  // `set0_by_address`: db mode (no dynamic offsets: set 0 holds the offset).
  BindingTable(VulkanScreen& screen, SyncTracker& sync, StreamBuffer& stream, DrawDirty& dirty,
               VkDeviceSize uniform_range, VkDeviceSize uniform_alignment, bool set0_by_address);
  ~BindingTable();  // retires the storage image views

  void set_vertex_buffers(uint32_t start, std::span<const pipe::VertexBuffer> buffers);
  void set_index_buffer(pipe::Resource* buffer, uint32_t index_size, uint64_t offset);
  [[nodiscard]] vk::Status set_constant_buffer(unsigned stage, uint32_t slot, const pipe::ConstantBuffer* cb);
  // Default-uniform data kept on the CPU (the device path pushes default
  // blocks): a stage's slot-0 user data of up to kMaxPushedBlockBytes is
  // copied here, and streamed into a uniform buffer only when a program
  // that takes it as one draws (stream_user_blocks); a program whose block
  // is a push-constant block pushes it from here (PushConstantState).
  const uint8_t* user_block(unsigned stage) const { return user_blocks_[stage].data(); }
  // Stages whose kept data is newer than their streamed uniform buffer.
  uint32_t unstreamed() const { return unstreamed_; }
  [[nodiscard]] vk::Status stream_user_blocks(uint32_t stages);
  void set_sampler_views(unsigned stage, uint32_t start, std::span<pipe::SamplerView* const> views);
  void bind_samplers(unsigned stage, uint32_t start, std::span<pipe::SamplerObject* const> samplers);
  void forget_sampler(const pipe::SamplerObject* s);  // being deleted
  void set_shader_buffers(unsigned stage, uint32_t start, std::span<const pipe::ShaderBuffer> buffers);
  [[nodiscard]] vk::Status set_shader_images(unsigned stage, uint32_t start, std::span<const pipe::ImageView> images);

  // r's storage was renamed: whatever points at it must be bound again.
  void rebind(Resource* r);

  // Barriers and usage marks for what `descriptors` read (and write), the
  // vertex buffers `elements` reads and the index buffer: a draw's.
  void record_access(const ProgramDescriptors& descriptors, const pipe::VertexElementsObject* elements);
  // Only what `descriptors` read and write: a dispatch's.
  void record_shader_access(const ProgramDescriptors& descriptors);
  // record_access for the bindings changed() lists alone: the draw's other
  // bindings had theirs recorded in this batch and write epoch. Not for a
  // program with storage buffers or images: its writes may be read through
  // an unchanged binding (the caller records the whole access).
  void record_changed_access(const ProgramDescriptors& descriptors, const pipe::VertexElementsObject* elements);
  // After either pass: nothing is pending.
  void forget_changes() { changed_ = {}; }

  const std::array<VertexBufferBinding, pipe::kMaxVertexBuffers>& vertex_buffers() const { return vertex_buffers_; }
  pipe::Resource* index_buffer() const { return index_buffer_.get(); }
  uint32_t index_size() const { return index_size_; }
  uint64_t index_offset() const { return index_offset_; }
  const ConstantBinding& constant(unsigned stage, unsigned slot) const { return constants_[stage][slot]; }
  VulkanSamplerView* view(unsigned stage, unsigned slot) const {
    return static_cast<VulkanSamplerView*>(views_[stage][slot].get());
  }
  pipe::SamplerObject* sampler(unsigned stage, unsigned slot) const { return samplers_[stage][slot]; }
  const ShaderBufferBinding& shader_buffer(unsigned stage, unsigned slot) const { return shader_buffers_[stage][slot]; }
  ShaderImageBinding& shader_image(unsigned stage, unsigned slot) { return images_[stage][slot]; }

 private:
  void buffer_read(pipe::Resource* r, VkPipelineStageFlags2 stages, VkAccessFlags2 access);
  [[nodiscard]] vk::Status stream_user_block(unsigned stage, const void* data, uint32_t size);
  // `only`: the read-only bindings to record (null: all of them).
  void record_descriptor_access(const ProgramDescriptors& descriptors, const ChangedBindings* only);

  VulkanScreen& screen_;
  SyncTracker& sync_;
  StreamBuffer& stream_;
  DrawDirty& dirty_;
  const VkDeviceSize uniform_range_;
  const VkDeviceSize uniform_alignment_;
  const bool set0_by_address_;
  const uint32_t push_budget_;  // 0: user data is streamed when set

  std::array<VertexBufferBinding, pipe::kMaxVertexBuffers> vertex_buffers_;
  Ref<pipe::Resource> index_buffer_;
  uint32_t index_size_ = 0;
  uint64_t index_offset_ = 0;
  PerStage<ConstantBinding, pipe::kMaxConstantBuffers> constants_;
  PerStage<Ref<pipe::SamplerView>, pipe::kMaxSamplers> views_;
  PerStage<pipe::SamplerObject*, pipe::kMaxSamplers> samplers_{};
  PerStage<ShaderBufferBinding, pipe::kMaxShaderBuffers> shader_buffers_;
  PerStage<ShaderImageBinding, pipe::kMaxShaderImages> images_;
  ChangedBindings changed_;
  std::array<std::array<uint8_t, kMaxPushedBlockBytes>, pipe::kShaderStageCount> user_blocks_{};
  std::array<uint32_t, pipe::kShaderStageCount> user_sizes_{};
  uint32_t unstreamed_ = 0;
};

}  // namespace brass::driver
