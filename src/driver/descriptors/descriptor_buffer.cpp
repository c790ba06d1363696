#include "driver/descriptors/descriptor_buffer.h"

#include <algorithm>
#include <cstring>

#include "util/hash.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_cache_hits("descriptor.db.bytes_cache_hits");
StatCounter g_get_calls("descriptor.db.get_descriptor_calls");
}  // namespace

uint32_t descriptor_buffer_size(const vk::DescriptorBufferLimits& l, VkDescriptorType type) {
  switch (type) {
    case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER: return l.combined_image_sampler_size;
    case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER: return l.uniform_texel_buffer_size;
    case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER: return l.storage_texel_buffer_size;
    case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER: return l.uniform_buffer_size;
    case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER: return l.storage_buffer_size;
    case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE: return l.storage_image_size;
    default: return 0;  // no other type reaches a descriptor-buffer layout
  }
}

StreamBuffer::Config descriptor_ring_config(const vk::Capabilities& caps) {
  const vk::DescriptorBufferLimits& l = caps.descriptor_buffer_limits;
  StreamBuffer::Config c;
  c.usage = VK_BUFFER_USAGE_RESOURCE_DESCRIPTOR_BUFFER_BIT_EXT | VK_BUFFER_USAGE_SAMPLER_DESCRIPTOR_BUFFER_BIT_EXT;
  c.device_address = true;
  // Host memory the CPU caches, not device-local host-visible (BAR) memory:
  // on the H100 descriptor writes into BAR memory cost 290 ns more per draw
  // that changes a texture (TextureOutOf64 622 -> 334 ns, docs/performance.md).
  c.memory = vk::MemoryUsage::Readback;
  // 1 MiB holds a few thousand draws' sets; a frame that needs more moves
  // to another chunk (and rebinds). Never past what one binding can reach.
  c.chunk_size = std::min<VkDeviceSize>({VkDeviceSize(1) << 20, l.max_resource_range, l.max_sampler_range});
  c.min_alignment = l.offset_alignment;
  return c;
}

void DescriptorBytesCache::init(const vk::DescriptorBufferLimits& l) {
  const uint32_t largest = std::max({l.combined_image_sampler_size, l.uniform_texel_buffer_size,
                                     l.storage_texel_buffer_size, l.uniform_buffer_size, l.storage_buffer_size,
                                     l.storage_image_size});
  stride_ = static_cast<uint32_t>(sizeof(std::array<uint64_t, 4>)) + largest;
  entries_.assign(size_t(stride_) * kEntries, 0);  // an all-zero key matches nothing: type 0 is never cached
}

void DescriptorBytesCache::get(VkDevice device, const VkDescriptorGetInfoEXT& info,
                               const std::array<uint64_t, 4>& key, uint32_t size, uint8_t* dst) {
  uint8_t* entry = entries_.data() + size_t(stride_) * (hash_bytes(key.data(), sizeof(key)) % kEntries);
  if (std::memcmp(entry, key.data(), sizeof(key)) == 0) {
    g_cache_hits.add();
    std::memcpy(dst, entry + sizeof(key), size);
    return;
  }
  g_get_calls.add();
  vkGetDescriptorEXT(device, &info, size, dst);
  std::memcpy(entry, key.data(), sizeof(key));
  std::memcpy(entry + sizeof(key), dst, size);
}

void write_descriptor_set(VkDevice device, std::span<const SetBinding> bindings, const DescriptorInfo* data,
                          const uint64_t* ids, const DescriptorAddress* addresses, DescriptorBytesCache& cache,
                          uint8_t* dst) {
  for (const SetBinding& b : bindings) {
    for (unsigned a = 0; a < b.count; ++a) {
      const unsigned e = b.first_element + a;
      VkDescriptorGetInfoEXT gi{VK_STRUCTURE_TYPE_DESCRIPTOR_GET_INFO_EXT};
      gi.type = b.type;
      VkDescriptorAddressInfoEXT ai{VK_STRUCTURE_TYPE_DESCRIPTOR_ADDRESS_INFO_EXT};
      ai.address = addresses[e].address;
      ai.range = addresses[e].range;
      ai.format = addresses[e].format;
      // The key's last word: the type (never 0 for a cached type) and, for
      // buffers, the format; the others: what the descriptor is made of.
      std::array<uint64_t, 4> key{ai.address, ai.range, 0, uint64_t(b.type) + 1 + (uint64_t(ai.format) << 32)};
      switch (b.type) {
        case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
        case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE: {
          const uint64_t* id = ids + size_t(e) * kIdWordsPerElement;
          key = {id[0], id[1], id[2], uint64_t(b.type) + 1};
          if (b.type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
            gi.data.pCombinedImageSampler = &data[e].image;
          else
            gi.data.pStorageImage = &data[e].image;
          break;
        }
        case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER: gi.data.pUniformTexelBuffer = &ai; break;
        case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER: gi.data.pStorageTexelBuffer = &ai; break;
        case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER: gi.data.pUniformBuffer = &ai; break;
        case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER: gi.data.pStorageBuffer = &ai; break;
        default: continue;
      }
      cache.get(device, gi, key, b.db_size, dst + b.db_offset + size_t(a) * b.db_size);
    }
  }
}

}  // namespace brass::driver
