// The draw's descriptors (program_descriptors.h explains the modes). One
// gather fills a set's template data (and, for the cached mode, the ids
// that identify its contents; for descriptor buffers, buffer addresses); the
// modes differ only in where the data goes: a push, a fresh set, a cached
// set that may already hold it, or the descriptor ring
// (context_descriptor_buffer.cpp).
#include <bit>

#include "driver/context.h"
#include "driver/program.h"
#include "util/log.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_lazy_updates("descriptor.lazy.updates");
StatCounter g_lazy_pushes("descriptor.lazy.pushes");
StatCounter g_cached_updates("descriptor.cached.updates");
StatCounter g_bytes_written("descriptor.bytes_written");

unsigned first_stage(uint8_t mask) { return mask ? std::countr_zero(static_cast<unsigned>(mask)) : 0; }
}  // namespace

bool VulkanContext::gather_set(unsigned set, DescriptorInfo* data, uint64_t* ids, DescriptorAddress* addresses) {
  pipe::ShaderProgram& prog = *program_;
  const ResourceObject* dummy = driver_resource(dummy_buffer_.get())->obj();
  const VkDeviceSize dummy_range = std::min<VkDeviceSize>(uniform_range_, 65536);
  const VkDescriptorBufferInfo dummy_buffer{dummy->buffer, 0, dummy_range};
  // db mode: a buffer range by address. A whole-buffer binding (size 0)
  // reaches to the end of the buffer, within the descriptor type's limit.
  auto address_of = [&](unsigned e, const ResourceObject* o, uint64_t offset, uint64_t size, uint64_t limit) {
    if (!addresses) return;
    const uint64_t rest = o->size > offset ? o->size - offset : 0;
    addresses[e] = {o->address + offset, std::min<uint64_t>(size ? size : rest, limit), VK_FORMAT_UNDEFINED};
  };
  for (const SetBinding& b : prog.descriptors.bindings(set)) {
    const unsigned st = set == 0 ? b.binding : first_stage(b.stage_mask);
    const bool ubo = b.type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER || b.type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
    const uint64_t range_limit = ubo ? caps_.limits.max_uniform_buffer_range : caps_.limits.max_storage_buffer_range;
    for (unsigned a = 0; a < b.count; ++a) {
      const unsigned e = b.first_element + a;
      const unsigned slot = b.slot + a;
      DescriptorInfo& d = data[e];
      uint64_t* id = ids ? ids + e * kIdWordsPerElement : nullptr;
      if (id) id[0] = id[1] = id[2] = 0;  // unbound: the dummy
      switch (b.type) {
        case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
        case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
          d.image = {dummy_sampler_, dummy_view_, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
          if (b.type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE) d.image = {VK_NULL_HANDLE, dummy_view_, VK_IMAGE_LAYOUT_GENERAL};
          break;
        case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
        case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
          d.texel = dummy_buffer_view_;
          if (addresses) addresses[e] = {dummy->address, dummy->size, VK_FORMAT_R8G8B8A8_UNORM};  // as dummy_buffer_view_
          break;
        default:
          d.buffer = dummy_buffer;
          if (addresses) addresses[e] = {dummy->address, dummy_range, VK_FORMAT_UNDEFINED};
          break;
      }
      if (st >= pipe::kGraphicsStageCount) continue;
      switch (b.source_set) {
        case 0:
        case 1: {
          const unsigned cslot = set == 0 ? 0 : slot;
          if (cslot >= pipe::kMaxConstantBuffers) break;
          const ConstantBinding& c = constants_[st][cslot];
          if (c.buffer) {
            ResourceObject* o = driver_resource(c.buffer.get())->obj();
            d.buffer = {o->buffer, c.offset, c.size ? c.size : VK_WHOLE_SIZE};
            address_of(e, o, c.offset, c.size, range_limit);
            if (id) id[0] = o->uid, id[1] = c.offset, id[2] = c.size;
          } else if (c.vk_buffer) {
            d.buffer = {c.vk_buffer, 0, uniform_range_};
            // No dynamic offsets in db mode: the descriptor holds the offset.
            if (addresses) addresses[e] = {c.vk_address + c.offset, uniform_range_, VK_FORMAT_UNDEFINED};
            // Stream-buffer chunks are recycled: never match a cached set.
            if (id) id[0] = next_object_uid();
          }
          break;
        }
        case 2: {
          if (slot >= pipe::kMaxSamplers) break;
          auto* v = static_cast<VulkanSamplerView*>(views_[st][slot].get());
          pipe::SamplerObject* smp = samplers_[st][slot];
          if (smp) mark(smp->usage, false);
          if (!v) break;
          mark(v->usage, false);
          ResourceObject* o = driver_resource(v->resource())->obj();
          if (id) id[0] = v->uid, id[1] = smp ? smp->uid : 0, id[2] = o->uid;
          if (b.kind == pipe::DescriptorKind::UniformTexelBuffer) {
            if (!v->resource()->is_buffer()) break;
            if (addresses) {
              // Described by address and format: no VkBufferView to keep.
              address_of(e, o, v->templ().buffer_offset, v->templ().buffer_size, UINT64_MAX);
              addresses[e].format = device_.formats().choose(v->templ().format, pipe::kUsageTexelBuffer).vk;
              break;
            }
            if (v->buffer_view_object != o) {
              // Created for this storage; invalidation swapped it since.
              retire_handle(screen_, v->usage, v->buffer_view);
              const pipe::Format fmt = v->templ().format;
              VkBufferViewCreateInfo ci{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
              ci.buffer = o->buffer;
              ci.format = device_.formats().choose(fmt, pipe::kUsageTexelBuffer).vk;
              ci.offset = v->templ().buffer_offset;
              ci.range = v->templ().buffer_size ? v->templ().buffer_size : VK_WHOLE_SIZE;
              v->buffer_view = VK_NULL_HANDLE;
              vk::Status vs{vkCreateBufferView(device_.handle(), &ci, nullptr, &v->buffer_view)};
              if (!vs) return fail(vs), false;
              v->buffer_view_object = o;
              mark(v->usage, false);
            }
            d.texel = v->buffer_view;
          } else if (v->image_view) {
            d.image = {smp ? smp->sampler : dummy_sampler_, v->image_view, sampled_layout(o->aspect)};
          }
          break;
        }
        case 3: {
          if (slot >= pipe::kMaxShaderBuffers || !shader_buffers_[st][slot].buffer) break;
          const BufferBinding& sb = shader_buffers_[st][slot];
          ResourceObject* o = driver_resource(sb.buffer.get())->obj();
          d.buffer = {o->buffer, sb.offset, sb.size ? sb.size : VK_WHOLE_SIZE};
          address_of(e, o, sb.offset, sb.size, range_limit);
          if (id) id[0] = o->uid, id[1] = sb.offset, id[2] = sb.size;
          break;
        }
        case 4: {
          if (slot >= pipe::kMaxShaderImages || !images_[st][slot].vk_view) break;
          const ImageBinding& ib = images_[st][slot];
          d.image = {VK_NULL_HANDLE, ib.vk_view, VK_IMAGE_LAYOUT_GENERAL};
          if (id) id[0] = ib.view_uid, id[1] = driver_resource(ib.resource.get())->obj()->uid;
          break;
        }
      }
    }
  }
  return true;
}

bool VulkanContext::update_descriptors() {
  if (descriptor_buffer_) return update_descriptor_buffer();
  pipe::ShaderProgram& prog = *program_;
  ProgramDescriptors& pd = prog.descriptors;
  const uint32_t used = pd.set_mask();
  const uint32_t todo = pd.layout_sets(dirty_sets_) & used;
  VkCommandBuffer cmd = ring_->main_cmd();
  bool ok = true;
  for_each_bit(todo, [&](int set) {
    if (!ok) return;
    const uint32_t elements = pd.element_count(set);
    std::array<DescriptorInfo, kMaxSetElements> data;
    std::array<uint64_t, kMaxSetElements * kIdWordsPerElement> ids;
    const bool cached = pd.mode() == DescriptorMode::Cached && set != 0;
    if (!gather_set(set, data.data(), cached ? ids.data() : nullptr, nullptr)) {
      ok = false;
      return;
    }
    const VkDescriptorUpdateTemplate tmpl = pd.update_template(set);
    g_bytes_written.add(elements * sizeof(DescriptorInfo));
    if (pd.pushed(set)) {
      vkCmdPushDescriptorSetWithTemplateKHR(cmd, tmpl, bound_layout_, set, data.data());
      g_lazy_pushes.add();
      return;
    }
    VkDescriptorSet ds;
    bool hit = false;
    vk::Status s = cached ? pd.find_or_allocate(set, std::span(ids.data(), elements * kIdWordsPerElement),
                                                ring_->id(), ring_->current_serial(), &ds, &hit)
                          : pd.allocate(set, ring_->id(), ring_->current_serial(), &ds);
    if (!s) {
      fail(s);
      ok = false;
      return;
    }
    if (!hit) {
      vkUpdateDescriptorSetWithTemplate(device_.handle(), ds, tmpl, data.data());
      (cached ? g_cached_updates : g_lazy_updates).add();
    }
    ring_->hold(&prog);
    bound_sets_[set] = ds;
    if (set != 0)
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, bound_layout_, set, 1, &bound_sets_[set], 0,
                              nullptr);
  });
  if (!ok) return false;
  if ((used & 1u) && ((todo & 1u) || (dirty_ & kDirtySet0Offsets))) {
    std::array<uint32_t, 8> offsets{};
    uint32_t n = 0;
    for (const SetBinding& b : pd.bindings(0)) {
      const ConstantBinding& c = b.binding < pipe::kGraphicsStageCount ? constants_[b.binding][0] : constants_[0][0];
      offsets[n++] = (!c.buffer && c.vk_buffer) ? static_cast<uint32_t>(c.offset) : 0;
    }
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, bound_layout_, 0, 1, &bound_sets_[0], n,
                            offsets.data());
  }
  dirty_sets_ &= ~pd.contract_sets(used);
  dirty_ &= ~kDirtySet0Offsets;
  return true;
}

}  // namespace brass::driver

