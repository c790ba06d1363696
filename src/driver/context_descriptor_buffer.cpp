// The draw's descriptors in db mode (descriptors/descriptor_buffer.h): each
// changed set is gathered like in the set modes, its descriptors are written
// (vkGetDescriptorEXT, through a cache of descriptor bytes) into a scratch
// copy, and only a set whose bytes differ from what its offset already
// points at gets new space in the ring. A new ring chunk or command buffer
// points every set anew.
#include <cstring>

#include "driver/context.h"
#include "driver/descriptors/descriptor_buffer.h"
#include "driver/program.h"
#include "util/range.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_db_updates("descriptor.db.updates");
StatCounter g_db_unchanged("descriptor.db.unchanged");
StatCounter g_db_binds("descriptor.db.buffer_binds");
StatCounter g_db_bytes_written("descriptor.db.bytes_written");
}  // namespace

bool VulkanContext::update_descriptor_buffer() {
  pipe::ShaderProgram& prog = *program_;
  ProgramDescriptors& pd = prog.descriptors;
  const uint32_t used = pd.set_mask();
  uint32_t todo = pd.layout_sets(dirty_sets_) & used;
  dirty_sets_ &= ~pd.contract_sets(used);
  dirty_ &= ~kDirtySet0Offsets;  // db has no dynamic offsets: set 0 is marked dirty instead
  if (!todo) return true;
  // What the offsets point at is only known within one command buffer (the
  // ring chunk bound, no meta draw since) and one pipeline layout.
  if (!bound_descriptor_buffer_ || db_layout_ != bound_layout_) {
    for (DbSetCopy& c : db_sets_) c.size = 0;
    db_layout_ = bound_layout_;
    todo = used;
  }

  // Every set's descriptors, written into its scratch copy; unchanged ones
  // drop out.
  std::array<DescriptorInfo, kMaxSetElements> data;
  std::array<uint64_t, kMaxSetElements * kIdWordsPerElement> ids;  // image descriptors' cache keys
  std::array<DescriptorAddress, kMaxSetElements> addresses;
  uint32_t changed = 0;
  bool ok = true;
  for_each_bit(todo, [&](int set) {
    if (!ok) return;
    if (!gather_set(set, data.data(), ids.data(), addresses.data())) {
      ok = false;
      return;
    }
    const uint32_t size = pd.db_set_size(set);
    DbSetCopy& copy = db_sets_[set];
    if (db_scratch_[set].size() < size) db_scratch_[set].resize(size);  // grows to the largest set once
    uint8_t* bytes = db_scratch_[set].data();
    std::memset(bytes, 0, size);
    write_descriptor_set(device_.handle(), pd.bindings(set), data.data(), ids.data(), addresses.data(),
                         descriptor_bytes_, bytes);
    if (copy.size == size && std::memcmp(copy.bytes.data(), bytes, size) == 0) {
      g_db_unchanged.add();
      return;
    }
    changed |= 1u << set;
  });
  if (!ok) return false;
  if (!changed) return true;

  const VkDeviceSize align = caps_.descriptor_buffer_limits.offset_alignment;
  auto bytes_for = [&](uint32_t sets) {
    VkDeviceSize n = 0;
    for_each_bit(sets, [&](int set) { n += align_up(pd.db_set_size(set), align); });
    return n;
  };
  StreamAllocation a;
  vk::Status s = descriptor_ring_->allocate(bytes_for(changed), align, &a);
  if (s && a.buffer != bound_descriptor_buffer_ && changed != used) {
    // A new chunk: the other sets' offsets point into the old one, so they
    // are copied over too (their scratch copies are current).
    for_each_bit(used & ~changed, [&](int set) {
      std::memcpy(db_scratch_[set].data(), db_sets_[set].bytes.data(), pd.db_set_size(set));
    });
    changed = used;
    s = descriptor_ring_->allocate(bytes_for(changed), align, &a);
  }
  if (!s) return fail(s), false;
  VkCommandBuffer cmd = ring_->main_cmd();
  if (a.buffer != bound_descriptor_buffer_) {
    VkDescriptorBufferBindingInfoEXT bi{VK_STRUCTURE_TYPE_DESCRIPTOR_BUFFER_BINDING_INFO_EXT};
    bi.address = a.chunk_address;
    bi.usage = descriptor_ring_config(caps_).usage | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
    vkCmdBindDescriptorBuffersEXT(cmd, 1, &bi);
    bound_descriptor_buffer_ = a.buffer;
    g_db_binds.add();
  }

  // Copy out, then point the sets at their bytes: one call per run of
  // consecutive set numbers.
  std::array<uint32_t, kDescriptorTypeSets> buffer_indices{};
  std::array<VkDeviceSize, kDescriptorTypeSets> offsets{};
  VkDeviceSize offset = a.offset;
  int run_first = -1, run_count = 0;
  auto emit = [&] {
    if (run_count)
      vkCmdSetDescriptorBufferOffsetsEXT(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, bound_layout_, uint32_t(run_first),
                                         uint32_t(run_count), buffer_indices.data(), offsets.data());
    run_count = 0;
  };
  for_each_bit(changed, [&](int set) {
    const uint32_t size = pd.db_set_size(set);
    std::memcpy(a.ptr + (offset - a.offset), db_scratch_[set].data(), size);
    DbSetCopy& copy = db_sets_[set];
    if (copy.bytes.size() < size) copy.bytes.resize(size);
    std::memcpy(copy.bytes.data(), db_scratch_[set].data(), size);
    copy.size = size;
    if (run_count && run_first + run_count != set) emit();
    if (!run_count) run_first = set;
    offsets[run_count++] = offset;
    offset += align_up(size, align);
    g_db_updates.add();
    g_db_bytes_written.add(size);
  });
  emit();
  return true;
}

}  // namespace brass::driver
