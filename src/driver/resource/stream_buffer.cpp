#include "driver/resource/stream_buffer.h"

#include <algorithm>

#include "driver/batch/batch_ring.h"
#include "util/log.h"
#include "util/range.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_chunks_created("stream.chunks_created");
}

StreamBuffer::~StreamBuffer() {
  // The owner waited for idle.
  VkDevice dev = device_.handle();
  auto destroy = [&](Chunk& c) {
    if (c.buffer) vkDestroyBuffer(dev, c.buffer, nullptr);
    if (c.memory) device_.memory().free(c.memory);
  };
  for (auto& c : chunks_) destroy(c);
  destroy(current_);
}

vk::Status StreamBuffer::new_chunk(VkDeviceSize size, Chunk* out) {
  VkDevice dev = device_.handle();
  VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bci.size = size;
  bci.usage = config_.usage;
  if (config_.device_address) bci.usage |= VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
  BRASS_VK_RETURN_IF_FAILED(vkCreateBuffer(dev, &bci, nullptr, &out->buffer));
  vk::MemoryRequest req;
  vkGetBufferMemoryRequirements(dev, out->buffer, &req.requirements);
  req.requirements.alignment = std::max(req.requirements.alignment, config_.min_alignment);
  req.usage = config_.memory;
  vk::Status s = device_.memory().allocate(req, &out->memory);
  if (!s) {
    vkDestroyBuffer(dev, out->buffer, nullptr);
    out->buffer = VK_NULL_HANDLE;
    return s;
  }
  s = vk::Status{vkBindBufferMemory(dev, out->buffer, out->memory.memory, out->memory.offset)};
  if (!s) {
    vkDestroyBuffer(dev, out->buffer, nullptr);
    device_.memory().free(out->memory);
    *out = {};
    return s;
  }
  if (config_.device_address) {
    VkBufferDeviceAddressInfo ai{VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO};
    ai.buffer = out->buffer;
    out->address = vkGetBufferDeviceAddress(dev, &ai);
  }
  out->size = size;
  g_chunks_created.add();
  return {};
}

vk::Status StreamBuffer::allocate(VkDeviceSize size, VkDeviceSize alignment, StreamAllocation* out,
                                  VkDeviceSize tail) {
  VkDeviceSize offset = align_up(used_, std::max<VkDeviceSize>(alignment, 16));
  if (!current_.buffer || offset + std::max(size, tail) > current_.size) {
    BRASS_VK_RETURN_IF_FAILED(flush_writes().result);
    if (current_.buffer) {
      current_.last_serial = ring_.current_serial();
      chunks_.push_back(current_);
      current_ = {};
    }
    const VkDeviceSize need = std::max(size, tail);
    // Reuse the oldest retired chunk if the GPU is done with it.
    if (!chunks_.empty() && chunks_.front().size >= need && ring_.is_complete(chunks_.front().last_serial)) {
      current_ = chunks_.front();
      chunks_.erase(chunks_.begin());
    } else {
      vk::Status s = new_chunk(std::max(config_.chunk_size, need), &current_);
      if (!s) return s;
    }
    used_ = flushed_ = 0;
    offset = 0;
  }
  used_ = offset + size;
  current_.last_serial = ring_.current_serial();
  out->buffer = current_.buffer;
  out->offset = offset;
  out->ptr = static_cast<uint8_t*>(current_.memory.mapped) + offset;
  out->chunk_address = current_.address;
  return {};
}

vk::Status StreamBuffer::flush_writes() {
  if (current_.buffer && !current_.memory.coherent && used_ > flushed_) {
    BRASS_VK_RETURN_IF_FAILED(device_.memory().flush(current_.memory, flushed_, used_ - flushed_).result);
    flushed_ = used_;
  }
  return {};
}

vk::Status StreamBuffer::invalidate(const StreamAllocation& a, VkDeviceSize size) {
  if (a.buffer == current_.buffer && !current_.memory.coherent) return device_.memory().invalidate(current_.memory, a.offset, size);
  return {};
}

}  // namespace brass::driver
