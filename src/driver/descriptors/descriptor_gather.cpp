#include "driver/descriptors/descriptor_gather.h"

#include <algorithm>

#include "driver/render_pass/render_pass_cache.h"
#include "driver/screen.h"
#include "util/log.h"

namespace brass::driver {

DescriptorGather::DescriptorGather(VulkanScreen& screen, BindingTable& bindings, const FallbackDescriptors& fallbacks,
                                   SyncTracker& sync, VkDeviceSize uniform_range)
    : screen_(screen),
      bindings_(bindings),
      fallbacks_(fallbacks),
      sync_(sync),
      uniform_range_(uniform_range),
      max_uniform_range_(screen.caps().limits.max_uniform_buffer_range),
      max_storage_range_(screen.caps().limits.max_storage_buffer_range) {}

vk::Status DescriptorGather::gather(const ProgramDescriptors& descriptors, unsigned set, DescriptorInfo* data,
                                    uint64_t* ids, DescriptorAddress* addresses) {
  vk::Device& device = screen_.device();
  const ResourceObject* dummy = fallbacks_.buffer();
  const VkDeviceSize dummy_range = std::min<VkDeviceSize>(uniform_range_, FallbackDescriptors::kBufferSize);
  const VkDescriptorBufferInfo dummy_buffer{dummy->buffer, 0, dummy_range};
  // db mode: a buffer range by address. A whole-buffer binding (size 0)
  // reaches to the end of the buffer, within the descriptor type's limit.
  auto address_of = [&](unsigned e, const ResourceObject* o, uint64_t offset, uint64_t size, uint64_t limit) {
    if (!addresses) return;
    const uint64_t rest = o->size > offset ? o->size - offset : 0;
    addresses[e] = {o->address + offset, std::min<uint64_t>(size ? size : rest, limit), VK_FORMAT_UNDEFINED};
  };
  for (const SetBinding& b : descriptors.bindings(set)) {
    const unsigned st = binding_stage(set, b);
    const bool ubo = b.type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER || b.type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
    const uint64_t range_limit = ubo ? max_uniform_range_ : max_storage_range_;
    for (unsigned a = 0; a < b.count; ++a) {
      const unsigned e = b.first_element + a;
      const unsigned slot = b.slot + a;
      DescriptorInfo& d = data[e];
      uint64_t* id = ids ? ids + e * kIdWordsPerElement : nullptr;
      if (id) id[0] = id[1] = id[2] = 0;  // unbound: the fallback
      switch (b.type) {
        case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
          d.image = {fallbacks_.sampler(), fallbacks_.image_view(), VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
          break;
        case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
          d.image = {VK_NULL_HANDLE, fallbacks_.image_view(), VK_IMAGE_LAYOUT_GENERAL};
          break;
        case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
        case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
          d.texel = fallbacks_.buffer_view();
          if (addresses) addresses[e] = {dummy->address, dummy->size, VK_FORMAT_R8G8B8A8_UNORM};  // as the view
          break;
        default:
          d.buffer = dummy_buffer;
          if (addresses) addresses[e] = {dummy->address, dummy_range, VK_FORMAT_UNDEFINED};
          break;
      }
      if (st >= pipe::kShaderStageCount) continue;
      switch (static_cast<pipe::DescriptorSet>(b.source_set)) {
        case pipe::DescriptorSet::DefaultUniforms:
        case pipe::DescriptorSet::UniformBuffers: {
          const unsigned cslot = b.source_set == 0 ? 0 : slot;
          if (cslot >= pipe::kMaxConstantBuffers) break;
          const ConstantBinding& c = bindings_.constant(st, cslot);
          if (c.buffer) {
            ResourceObject* o = driver_resource(c.buffer.get())->obj();
            d.buffer = {o->buffer, c.offset, c.size ? c.size : VK_WHOLE_SIZE};
            address_of(e, o, c.offset, c.size, range_limit);
            if (id) id[0] = o->uid, id[1] = c.offset, id[2] = c.size;
          } else if (c.vk_buffer) {
            // The block's own size (BindingTable::set_constant_buffer).
            d.buffer = {c.vk_buffer, 0, c.size};
            // No dynamic offsets in db mode: the descriptor holds the offset.
            if (addresses) addresses[e] = {c.vk_address + c.offset, c.size, VK_FORMAT_UNDEFINED};
            // Stream-buffer chunks are recycled: never match a cached set.
            if (id) id[0] = next_object_uid();
          }
          break;
        }
        case pipe::DescriptorSet::Samplers: {
          if (slot >= pipe::kMaxSamplers) break;
          VulkanSamplerView* v = bindings_.view(st, slot);
          pipe::SamplerObject* smp = bindings_.sampler(st, slot);
          if (smp) sync_.mark(smp->usage, false);
          if (!v) break;
          sync_.mark(v->usage, false);
          ResourceObject* o = driver_resource(v->resource())->obj();
          if (id) id[0] = v->uid, id[1] = smp ? smp->uid : 0, id[2] = o->uid;
          if (b.kind == pipe::DescriptorKind::UniformTexelBuffer) {
            if (!v->resource()->is_buffer()) break;
            if (addresses) {
              // Described by address and format: no VkBufferView to keep.
              address_of(e, o, v->templ().buffer_offset, v->templ().buffer_size, UINT64_MAX);
              addresses[e].format = device.formats().choose(v->templ().format, pipe::kUsageTexelBuffer).vk;
              break;
            }
            if (v->buffer_view_object != o) {
              // Created for this storage; invalidation swapped it since.
              retire_handle(screen_, v->usage, v->buffer_view);
              VkBufferViewCreateInfo ci{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
              ci.buffer = o->buffer;
              ci.format = device.formats().choose(v->templ().format, pipe::kUsageTexelBuffer).vk;
              ci.offset = v->templ().buffer_offset;
              ci.range = v->templ().buffer_size ? v->templ().buffer_size : VK_WHOLE_SIZE;
              v->buffer_view = VK_NULL_HANDLE;
              BRASS_VK_RETURN_IF_FAILED(vkCreateBufferView(device.handle(), &ci, nullptr, &v->buffer_view));
              v->buffer_view_object = o;
              sync_.mark(v->usage, false);
            }
            d.texel = v->buffer_view;
          } else if (v->image_view) {
            VkSampler sampler = smp ? smp->sampler : fallbacks_.sampler();
            // A border colour the device swizzles only as the sampler says:
            // the sampler made for this view's mapping (the same one for
            // this pair every time, so the ids above still key the set).
            if (smp && smp->border_variants && v->border_mapping)
              BRASS_VK_RETURN_IF_FAILED(
                  smp->border_variants->get(device.handle(), screen_.caps(), v->border_mapping, &sampler).result);
            d.image = {sampler, v->image_view, sampled_layout(o->aspect)};
          }
          break;
        }
        case pipe::DescriptorSet::StorageBuffers: {
          if (slot >= pipe::kMaxShaderBuffers) break;
          const ShaderBufferBinding& sb = bindings_.shader_buffer(st, slot);
          if (!sb.buffer) break;
          ResourceObject* o = driver_resource(sb.buffer.get())->obj();
          d.buffer = {o->buffer, sb.offset, sb.size ? sb.size : VK_WHOLE_SIZE};
          address_of(e, o, sb.offset, sb.size, range_limit);
          if (id) id[0] = o->uid, id[1] = sb.offset, id[2] = sb.size;
          break;
        }
        case pipe::DescriptorSet::StorageImages: {
          if (slot >= pipe::kMaxShaderImages) break;
          ShaderImageBinding& ib = bindings_.shader_image(st, slot);
          if (b.kind == pipe::DescriptorKind::StorageTexelBuffer) {
            if (!ib.resource || !ib.resource->is_buffer()) break;
            ResourceObject* o = driver_resource(ib.resource.get())->obj();
            const VkFormat format = device.formats().choose(ib.view.format, pipe::kUsageTexelBuffer | pipe::kUsageStorage).vk;
            if (id) id[0] = ib.view_uid, id[1] = o->uid;
            if (addresses) {
              address_of(e, o, ib.view.buffer_offset, ib.view.buffer_size, UINT64_MAX);
              addresses[e].format = format;
              break;
            }
            if (ib.buffer_view_object != o) {
              // Made for this storage; a swap (invalidation) replaced it since.
              if (ib.vk_buffer_view) retire_handle(screen_, ib.usage, ib.vk_buffer_view);
              VkBufferViewCreateInfo ci{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
              ci.buffer = o->buffer;
              ci.format = format;
              ci.offset = ib.view.buffer_offset;
              ci.range = ib.view.buffer_size ? ib.view.buffer_size : VK_WHOLE_SIZE;
              ib.vk_buffer_view = VK_NULL_HANDLE;
              BRASS_VK_RETURN_IF_FAILED(vkCreateBufferView(device.handle(), &ci, nullptr, &ib.vk_buffer_view));
              ib.buffer_view_object = o;
            }
            sync_.mark(ib.usage, false);
            d.texel = ib.vk_buffer_view;
            break;
          }
          if (!ib.vk_view) break;
          d.image = {VK_NULL_HANDLE, ib.vk_view, VK_IMAGE_LAYOUT_GENERAL};
          if (id) id[0] = ib.view_uid, id[1] = driver_resource(ib.resource.get())->obj()->uid;
          break;
        }
        case pipe::DescriptorSet::Bindless: break;
      }
    }
  }
  return {};
}

}  // namespace brass::driver
