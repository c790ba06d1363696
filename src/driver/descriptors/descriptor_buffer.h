// VK_EXT_descriptor_buffer (BRASS_DESCRIPTORS=db): descriptors are bytes the
// driver defines (vkGetDescriptorEXT) written into a buffer the GPU reads,
// instead of sets from pools. Each context streams them into a ring of
// host-visible chunks (a StreamBuffer configured here) that are retired and
// reused by batch serial like the uniform stream; a draw writes only the
// sets whose bindings changed and points each at its bytes with an offset
// (context_descriptors.cpp).
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <vector>
#include "device/device.h"
#include "driver/descriptors/program_descriptors.h"
#include "driver/resource/stream_buffer.h"

namespace brass::driver {

// Bytes one descriptor of `type` takes in a descriptor buffer.
uint32_t descriptor_buffer_size(const vk::DescriptorBufferLimits& limits, VkDescriptorType type);

// The ring's chunks: resource and sampler descriptor usage in one buffer (a
// set may mix combined image samplers with texel buffers), addressable, no
// larger than either binding range the device allows.
StreamBuffer::Config descriptor_ring_config(const vk::Capabilities& caps);

// vkGetDescriptorEXT is a driver call per descriptor, per set write, and a
// descriptor's bytes are a pure function of its inputs, so they are kept in
// a direct-mapped cache keyed by those inputs: buffer descriptors by type, address, range and format; image
// descriptors by never-reused object ids (view, sampler, storage) and type,
// never by handles, whose values come back for new objects. One per context.
class DescriptorBytesCache {
 public:
  static constexpr uint32_t kEntries = 4096;

  void init(const vk::DescriptorBufferLimits& limits);
  // The descriptor for `info` (whose key is `key`), `size` bytes at `dst`.
  void get(VkDevice device, const VkDescriptorGetInfoEXT& info, const std::array<uint64_t, 4>& key, uint32_t size,
           uint8_t* dst);

 private:
  uint32_t stride_ = 0;  // bytes per entry: the key, then the largest descriptor
  std::vector<uint8_t> entries_;
};

// Writes one set's descriptors at `dst` (the set's start): images from
// `data` (template data, as the set modes use it) with `ids` (the cached
// mode's object ids) as their cache keys, buffers and texel buffers from
// `addresses`, one entry per element in all three.
void write_descriptor_set(VkDevice device, std::span<const SetBinding> bindings, const DescriptorInfo* data,
                          const uint64_t* ids, const DescriptorAddress* addresses, DescriptorBytesCache& cache,
                          uint8_t* dst);

}  // namespace brass::driver
