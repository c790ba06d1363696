#include "driver/binding/binding_table.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "driver/render_pass/render_pass_cache.h"
#include "driver/resource/image_view.h"
#include "driver/screen.h"
#include "util/bitset.h"
#include "util/log.h"

#include <iterator>

namespace brass::driver {

namespace {
constexpr VkPipelineStageFlags2 kStageFlags[] = {
    VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_PIPELINE_STAGE_2_TESSELLATION_CONTROL_SHADER_BIT,
    VK_PIPELINE_STAGE_2_TESSELLATION_EVALUATION_SHADER_BIT, VK_PIPELINE_STAGE_2_GEOMETRY_SHADER_BIT,
    VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT};
static_assert(std::size(kStageFlags) == pipe::kShaderStageCount);

VkPipelineStageFlags2 stages_of(uint8_t mask) {
  VkPipelineStageFlags2 out = 0;
  for (unsigned i = 0; i < pipe::kShaderStageCount; ++i)
    if (mask & (1u << i)) out |= kStageFlags[i];
  return out;
}

// The uniform-buffer set a constant-buffer slot is described in.
pipe::DescriptorSet constant_set(uint32_t slot) {
  return slot == 0 ? pipe::DescriptorSet::DefaultUniforms : pipe::DescriptorSet::UniformBuffers;
}
}  // namespace

BindingTable::BindingTable(VulkanScreen& screen, SyncTracker& sync, StreamBuffer& stream, DrawDirty& dirty,
                           VkDeviceSize uniform_range, VkDeviceSize uniform_alignment, bool set0_by_address)
    : screen_(screen),
      sync_(sync),
      stream_(stream),
      dirty_(dirty),
      uniform_range_(uniform_range),
      uniform_alignment_(uniform_alignment),
      set0_by_address_(set0_by_address),
      push_budget_(std::min(screen.device().paths().push_default_uniforms, kMaxPushedBlockBytes)) {}

BindingTable::~BindingTable() {
  for (auto& stage : images_)
    for (auto& b : stage) {
      if (b.vk_view) retire_handle(screen_, b.usage, b.vk_view);
      if (b.vk_buffer_view) retire_handle(screen_, b.usage, b.vk_buffer_view);
    }
}

void BindingTable::set_vertex_buffers(uint32_t start, std::span<const pipe::VertexBuffer> buffers) {
  // Bindings set again unchanged (a program change re-validates vertex
  // input) mark nothing: a buffer whose storage was swapped since is
  // marked by rebind() instead (issue 19).
  bool changed = false;
  for (size_t i = 0; i < buffers.size() && start + i < pipe::kMaxVertexBuffers; ++i) {
    VertexBufferBinding& b = vertex_buffers_[start + i];
    if (b.buffer.get() == buffers[i].buffer && b.offset == buffers[i].offset && b.stride == buffers[i].stride) continue;
    changed = true;
    if (b.stride != buffers[i].stride) dirty_.mark(DrawState::VertexInput);
    b.buffer = Ref<pipe::Resource>::share(buffers[i].buffer);
    b.offset = buffers[i].offset;
    b.stride = buffers[i].stride;
    if (buffers[i].buffer) driver_resource(buffers[i].buffer)->note_bind(BindKind::VertexBuffer, 1);
    changed_.vertex_buffers |= 1u << (start + i);
  }
  if (changed) dirty_.mark(DrawState::VertexBuffers, DrawState::ChangedBindings);
}

void BindingTable::set_index_buffer(pipe::Resource* buffer, uint32_t index_size, uint64_t offset) {
  index_buffer_ = Ref<pipe::Resource>::share(buffer);
  index_size_ = index_size;
  index_offset_ = offset;
  if (buffer) driver_resource(buffer)->note_bind(BindKind::IndexBuffer, 1);
  changed_.index_buffer = true;
  dirty_.mark(DrawState::IndexBuffer, DrawState::ChangedBindings);
}

vk::Status BindingTable::set_constant_buffer(unsigned stage, uint32_t slot, const pipe::ConstantBuffer* cb) {
  if (stage >= pipe::kShaderStageCount || slot >= pipe::kMaxConstantBuffers) return {};
  ConstantBinding& b = constants_[stage][slot];
  if (cb && !cb->buffer && cb->user_data) {
    if (slot != 0) {
      BRASS_WARN_ONCE("user constant data is only supported for the default uniform block");
      return {};
    }
    if (cb->size <= push_budget_) {
      // Kept until a draw says how its program takes it.
      std::memcpy(user_blocks_[stage].data(), cb->user_data, cb->size);
      user_sizes_[stage] = cb->size;
      unstreamed_ |= 1u << stage;
      dirty_.mark(DrawState::UserConstants);
      return {};
    }
    unstreamed_ &= ~(1u << stage);
    user_sizes_[stage] = 0;
    return stream_user_block(stage, cb->user_data, cb->size);
  }
  if (slot == 0) {
    unstreamed_ &= ~(1u << stage);
    user_sizes_[stage] = 0;
  }
  pipe::Resource* r = cb ? cb->buffer : nullptr;
  b.buffer = Ref<pipe::Resource>::share(r);
  b.vk_buffer = VK_NULL_HANDLE;
  b.vk_address = 0;
  b.offset = cb ? cb->offset : 0;
  b.size = cb ? cb->size : 0;
  if (r) driver_resource(r)->note_bind(BindKind::UniformBuffer, 1u << stage);
  dirty_.mark_set(constant_set(slot), stage);
  changed_.constants[stage] |= 1u << slot;
  dirty_.mark(DrawState::ChangedBindings, DrawState::Set0Offsets);
  return {};
}

vk::Status BindingTable::stream_user_blocks(uint32_t stages) {
  for (uint32_t m = stages & unstreamed_; m; m &= m - 1) {
    const auto stage = static_cast<unsigned>(std::countr_zero(m));
    if (vk::Status s = stream_user_block(stage, user_blocks_[stage].data(), user_sizes_[stage]); !s) return s;
    unstreamed_ &= ~(1u << stage);
  }
  return {};
}

vk::Status BindingTable::stream_user_block(unsigned stage, const void* data, uint32_t user_size) {
  // Streamed: a dynamic offset into the batch's stream buffer. The set
  // changes only when the stream moves to a new chunk.
  ConstantBinding& b = constants_[stage][0];
  StreamAllocation a;
  const uint32_t size = std::min<uint32_t>(user_size, static_cast<uint32_t>(uniform_range_));
  // The descriptor's range is the block's own size, not the largest a
  // block may have: a device may copy the whole bound range whenever the
  // offset changes (llvmpipe copies a fragment shader's constant buffers
  // into each scene it bins), so 64 KiB there made every uniform change
  // cost a 64 KiB copy. At least 16 bytes: a range cannot be empty.
  const uint32_t range = std::max<uint32_t>(size, 16);
  if (vk::Status s = stream_.allocate(range, uniform_alignment_, &a); !s) return s;
  std::memcpy(a.ptr, data, size);
  // db mode has no dynamic offsets: the set itself holds the offset.
  if (b.buffer || b.vk_buffer != a.buffer || b.size != range || set0_by_address_)
    dirty_.mark_set(pipe::DescriptorSet::DefaultUniforms, stage);
  b.buffer = nullptr;
  b.vk_buffer = a.buffer;
  b.vk_address = a.chunk_address;
  b.offset = a.offset;
  b.size = range;
  dirty_.mark(DrawState::Set0Offsets);
  return {};
}

void BindingTable::set_sampler_views(unsigned stage, uint32_t start, std::span<pipe::SamplerView* const> views) {
  if (stage >= pipe::kShaderStageCount) return;
  for (size_t i = 0; i < views.size() && start + i < pipe::kMaxSamplers; ++i) {
    Ref<pipe::SamplerView>& bound = views_[stage][start + i];
    // The same view again (the frontend sets a stage's whole table) has
    // its access recorded already.
    if (bound.get() == views[i]) continue;
    bound = Ref<pipe::SamplerView>::share(views[i]);
    if (views[i]) driver_resource(views[i]->resource())->note_bind(BindKind::Sampler, 1u << stage);
    changed_.views[stage] |= 1u << (start + i);
    dirty_.mark(DrawState::ChangedBindings);
  }
  dirty_.mark_set(pipe::DescriptorSet::Samplers, stage);
}

void BindingTable::bind_samplers(unsigned stage, uint32_t start, std::span<pipe::SamplerObject* const> samplers) {
  if (stage >= pipe::kShaderStageCount) return;
  for (size_t i = 0; i < samplers.size() && start + i < pipe::kMaxSamplers; ++i) samplers_[stage][start + i] = samplers[i];
  dirty_.mark_set(pipe::DescriptorSet::Samplers, stage);
}

void BindingTable::forget_sampler(const pipe::SamplerObject* s) {
  for (auto& stage : samplers_)
    for (auto& bound : stage)
      if (bound == s) bound = nullptr;
}

void BindingTable::set_shader_buffers(unsigned stage, uint32_t start, std::span<const pipe::ShaderBuffer> buffers) {
  if (stage >= pipe::kShaderStageCount) return;
  for (size_t i = 0; i < buffers.size() && start + i < pipe::kMaxShaderBuffers; ++i) {
    const pipe::ShaderBuffer& in = buffers[i];
    ShaderBufferBinding& d = shader_buffers_[stage][start + i];
    d.buffer = Ref<pipe::Resource>::share(in.buffer);
    d.offset = in.offset;
    d.size = in.size;
    d.writable = in.writable;
    if (in.buffer) {
      Resource* r = driver_resource(in.buffer);
      r->note_bind(BindKind::StorageBuffer, 1u << stage);
      // The shader may write anywhere in the bound range.
      if (in.writable) r->valid_range.add({in.offset, in.offset + in.size});
    }
  }
  dirty_.mark_set(pipe::DescriptorSet::StorageBuffers, stage);
  dirty_.mark(DrawState::Resources);
}

vk::Status BindingTable::set_shader_images(unsigned stage, uint32_t start, std::span<const pipe::ImageView> images) {
  if (stage >= pipe::kShaderStageCount) return {};
  dirty_.mark_set(pipe::DescriptorSet::StorageImages, stage);
  dirty_.mark(DrawState::Resources);
  for (size_t i = 0; i < images.size() && start + i < pipe::kMaxShaderImages; ++i) {
    ShaderImageBinding& d = images_[stage][start + i];
    const pipe::ImageView& v = images[i];
    // The same view of the same storage again (a frontend revalidating, or
    // dispatching again): the VkImageView is kept, nothing is created.
    if (d.vk_view && v.resource && d.resource.get() == v.resource && d.view == v &&
        d.object_uid == driver_resource(v.resource)->obj()->uid)
      continue;
    // A buffer's view follows its storage by itself (DescriptorGather).
    if (v.resource && v.resource->is_buffer() && d.resource.get() == v.resource && d.view == v) continue;
    if (d.vk_view) retire_handle(screen_, d.usage, d.vk_view);
    if (d.vk_buffer_view) retire_handle(screen_, d.usage, d.vk_buffer_view);
    d = {};
    if (!v.resource) continue;
    d.resource = Ref<pipe::Resource>::share(v.resource);
    d.view = v;
    driver_resource(v.resource)->note_bind(BindKind::StorageImage, 1u << stage);
    if (v.resource->is_buffer()) {
      d.view_uid = next_object_uid();
      continue;
    }
    const ResourceObject* o = driver_resource(v.resource)->obj();
    const pipe::Format fmt = v.format == pipe::Format::None ? v.resource->templ().format : v.format;
    const vk::FormatChoice choice = screen_.device().formats().choose(fmt, pipe::kUsageStorage);
    ImageViewRequest req;
    req.use = ImageViewUse::Storage;
    req.format = choice ? choice.vk : o->format.vk;
    req.first_level = v.level;
    req.first_layer = v.first_layer;
    req.layers = v.last_layer - v.first_layer + 1;
    req.layered = v.layered;
    if (vk::Status s = create_image_view(screen_.vk_device(), *o, v.resource->templ().target, req, &d.vk_view); !s)
      return s;
    d.view_uid = next_object_uid();
    d.object_uid = o->uid;
  }
  return {};
}

void BindingTable::rebind(Resource* r) {
  // Only slots of the kinds and stages this resource was ever bound to can
  // point at it; everything else is left alone.
  if (r->ever_bound(BindKind::VertexBuffer)) {
    for (auto& vb : vertex_buffers_)
      if (vb.buffer.get() == r) dirty_.mark(DrawState::VertexBuffers, DrawState::Resources);
  }
  if (r->ever_bound(BindKind::IndexBuffer) && index_buffer_.get() == r)
    dirty_.mark(DrawState::IndexBuffer, DrawState::Resources);
  for_each_bit(r->bound_stages(BindKind::UniformBuffer), [&](int st) {
    if (st >= int(pipe::kShaderStageCount)) return;
    for (unsigned i = 0; i < pipe::kMaxConstantBuffers; ++i)
      if (constants_[st][i].buffer.get() == r) {
        dirty_.mark_set(constant_set(i), unsigned(st));
        dirty_.mark(DrawState::Resources);
      }
  });
  for_each_bit(r->bound_stages(BindKind::Sampler), [&](int st) {
    if (st >= int(pipe::kShaderStageCount)) return;
    for (auto& v : views_[st])
      if (v && v->resource() == r) {
        dirty_.mark_set(pipe::DescriptorSet::Samplers, unsigned(st));  // texel buffer views are remade at the next write
        dirty_.mark(DrawState::Resources);
      }
  });
  // Storage texel buffers: their views are made again at the next write.
  for_each_bit(r->bound_stages(BindKind::StorageImage), [&](int st) {
    if (st >= int(pipe::kShaderStageCount)) return;
    for (auto& ib : images_[st])
      if (ib.resource.get() == r && r->is_buffer()) {
        dirty_.mark_set(pipe::DescriptorSet::StorageImages, unsigned(st));
        dirty_.mark(DrawState::Resources);
      }
  });
  for_each_bit(r->bound_stages(BindKind::StorageBuffer), [&](int st) {
    if (st >= int(pipe::kShaderStageCount)) return;
    for (auto& b : shader_buffers_[st])
      if (b.buffer.get() == r) {
        r->valid_range.add({b.offset, b.offset + b.size});
        dirty_.mark_set(pipe::DescriptorSet::StorageBuffers, unsigned(st));
        dirty_.mark(DrawState::Resources);
      }
  });
}

void BindingTable::buffer_read(pipe::Resource* r, VkPipelineStageFlags2 stages, VkAccessFlags2 access) {
  if (!r) return;
  ResourceObject* o = driver_resource(r)->obj();
  const SharedAccess shared(o, sync_.ring_id());
  sync_.barriers().buffer_access(o->access, {stages, access, VK_IMAGE_LAYOUT_UNDEFINED, false});
  sync_.mark_read(o);
}

void BindingTable::record_access(const ProgramDescriptors& descriptors, const pipe::VertexElementsObject* elements) {
  record_descriptor_access(descriptors, nullptr);
  if (elements) {
    for_each_bit(elements->binding_mask, [&](int b) {
      buffer_read(vertex_buffers_[b].buffer.get(), VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT,
                  VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT);
    });
  }
  buffer_read(index_buffer_.get(), VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT, VK_ACCESS_2_INDEX_READ_BIT);
}

void BindingTable::record_changed_access(const ProgramDescriptors& descriptors,
                                         const pipe::VertexElementsObject* elements) {
  // Only vertex or index buffers changed (a vertex buffer switch): no walk
  // over the program's descriptor bindings to find none of them changed.
  uint32_t descriptors_changed = 0;
  for (unsigned st = 0; st < pipe::kShaderStageCount; ++st)
    descriptors_changed |= changed_.views[st] | changed_.constants[st];
  if (descriptors_changed) record_descriptor_access(descriptors, &changed_);
  if (elements) {
    for_each_bit(elements->binding_mask & changed_.vertex_buffers, [&](int b) {
      buffer_read(vertex_buffers_[b].buffer.get(), VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT,
                  VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT);
    });
  }
  if (changed_.index_buffer)
    buffer_read(index_buffer_.get(), VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT, VK_ACCESS_2_INDEX_READ_BIT);
}

void BindingTable::record_shader_access(const ProgramDescriptors& descriptors) {
  record_descriptor_access(descriptors, nullptr);
}

void BindingTable::record_descriptor_access(const ProgramDescriptors& descriptors, const ChangedBindings* only) {
  BarrierBatch& barriers = sync_.barriers();
  for (unsigned set = 0; set < kDescriptorTypeSets; ++set) {
    for (const SetBinding& b : descriptors.bindings(set)) {
      const unsigned st = binding_stage(set, b);
      if (st >= pipe::kShaderStageCount) continue;
      const auto source = static_cast<pipe::DescriptorSet>(b.source_set);
      // Kinds whose slots did not change: nothing new to record (no
      // storage kinds come here: record_changed_access).
      if (only && !(source == pipe::DescriptorSet::Samplers ? only->views[st] : only->constants[st])) continue;
      const VkPipelineStageFlags2 stages = stages_of(b.stage_mask);
      for (unsigned a = 0; a < b.count; ++a) {
        const unsigned slot = b.slot + a;
        switch (source) {
          case pipe::DescriptorSet::DefaultUniforms:
            if (only && !(only->constants[st] & 1u)) break;
            buffer_read(constants_[st][0].buffer.get(), stages, VK_ACCESS_2_UNIFORM_READ_BIT);
            break;
          case pipe::DescriptorSet::UniformBuffers:
            if (slot >= pipe::kMaxConstantBuffers || (only && !(only->constants[st] >> slot & 1u))) break;
            buffer_read(constants_[st][slot].buffer.get(), stages, VK_ACCESS_2_UNIFORM_READ_BIT);
            break;
          case pipe::DescriptorSet::Samplers: {
            if (slot >= pipe::kMaxSamplers || !views_[st][slot] || (only && !(only->views[st] >> slot & 1u))) break;
            pipe::Resource* r = views_[st][slot]->resource();
            if (r->is_buffer()) {
              buffer_read(r, stages, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
              break;
            }
            // Only the view's levels: another level may be a render target.
            ResourceObject* o = driver_resource(r)->obj();
            const pipe::SamplerViewTemplate& vt = views_[st][slot]->templ();
            sync_.image_read(o, {stages, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT, sampled_layout(o->aspect), false},
                             {o->aspect, vt.first_level, vt.last_level - vt.first_level + 1, 0, VK_REMAINING_ARRAY_LAYERS});
            sync_.mark_read(o);
            break;
          }
          case pipe::DescriptorSet::StorageBuffers: {
            if (slot >= pipe::kMaxShaderBuffers || !shader_buffers_[st][slot].buffer) break;
            const ShaderBufferBinding& sb = shader_buffers_[st][slot];
            ResourceObject* o = driver_resource(sb.buffer.get())->obj();
            const VkAccessFlags2 acc = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | (sb.writable ? VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT : 0);
            const SharedAccess shared(o, sync_.ring_id());
            barriers.buffer_access(o->access, {stages, acc, VK_IMAGE_LAYOUT_UNDEFINED, sb.writable});
            sync_.mark(o->usage, sb.writable);
            break;
          }
          case pipe::DescriptorSet::StorageImages: {
            if (slot >= pipe::kMaxShaderImages || !images_[st][slot].resource) break;
            ShaderImageBinding& ib = images_[st][slot];
            ResourceObject* o = driver_resource(ib.resource.get())->obj();
            if (ib.resource->is_buffer()) {
              // A storage texel buffer: written anywhere in its range.
              const VkAccessFlags2 acc =
                  VK_ACCESS_2_SHADER_STORAGE_READ_BIT | (ib.view.writable ? VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT : 0);
              const SharedAccess shared(o, sync_.ring_id());
              barriers.buffer_access(o->access, {stages, acc, VK_IMAGE_LAYOUT_UNDEFINED, ib.view.writable});
              sync_.mark(o->usage, ib.view.writable);
              if (ib.view.writable)
                driver_resource(ib.resource.get())
                    ->valid_range.add({ib.view.buffer_offset, ib.view.buffer_offset + ib.view.buffer_size});
              break;
            }
            if (!o->image) break;
            const VkAccessFlags2 acc = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | (ib.view.writable ? VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT : 0);
            const SharedAccess shared(o, sync_.ring_id());
            barriers.image_access(o->levels, {stages, acc, VK_IMAGE_LAYOUT_GENERAL, ib.view.writable}, o->image,
                                  {o->aspect, ib.view.level, 1, 0, VK_REMAINING_ARRAY_LAYERS});
            sync_.mark(o->usage, ib.view.writable);
            sync_.mark(ib.usage, false);
            break;
          }
          case pipe::DescriptorSet::Bindless: break;
        }
      }
    }
  }
}

}  // namespace brass::driver
