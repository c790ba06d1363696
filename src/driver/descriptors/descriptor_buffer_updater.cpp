// The db strategy (descriptor_buffer.h): each changed set is gathered like
// in the set modes, its descriptors are written (vkGetDescriptorEXT, through
// a cache of descriptor bytes) into a scratch copy, and only a set whose
// bytes differ from what its offset already points at gets new space in the
// ring. A new ring chunk or command buffer points every set anew.
#include <array>
#include <cstring>
#include <vector>

#include "driver/descriptors/descriptor_updater.h"
#include "driver/program.h"
#include "driver/screen.h"
#include "util/bitset.h"
#include "util/range.h"
#include "util/stats.h"

namespace brass::driver {

namespace {
StatCounter g_db_updates("descriptor.db.updates");
StatCounter g_db_unchanged("descriptor.db.unchanged");
StatCounter g_db_binds("descriptor.db.buffer_binds");
StatCounter g_db_bytes_written("descriptor.db.bytes_written");

class DescriptorBufferUpdater final : public DescriptorUpdater {
 public:
  DescriptorBufferUpdater(VulkanScreen& screen, BatchRing& ring, DescriptorGather& gather)
      : device_(screen.vk_device()),
        caps_(screen.caps()),
        ring_(ring),
        gather_(gather),
        descriptor_ring_(screen.device(), ring, descriptor_ring_config(screen.caps())) {
    bytes_cache_.init(caps_.descriptor_buffer_limits);
  }

  vk::Status update(pipe::ShaderProgram& prog, VkPipelineLayout layout, DrawDirty& dirty) override;
  void forget_bindings() override { bound_buffer_ = VK_NULL_HANDLE; }
  vk::Status flush_writes() override { return descriptor_ring_.flush_writes(); }

 private:
  // Writes the changed sets' bytes and points them at them.
  [[nodiscard]] vk::Status upload(const ProgramDescriptors& pd, VkPipelineLayout layout, uint32_t used,
                                  uint32_t changed);

  VkDevice device_;
  const vk::Capabilities& caps_;
  BatchRing& ring_;
  DescriptorGather& gather_;
  StreamBuffer descriptor_ring_;
  DescriptorBytesCache bytes_cache_;
  VkBuffer bound_buffer_ = VK_NULL_HANDLE;         // the ring chunk bound in this command buffer
  VkPipelineLayout sets_layout_ = VK_NULL_HANDLE;  // the layout sets_ were set with
  // Per set: the bytes its offset points at now (size 0: none), and the
  // scratch copy a draw writes before comparing. Grown once, never shrunk.
  struct SetCopy {
    std::vector<uint8_t> bytes;
    uint32_t size = 0;
  };
  std::array<SetCopy, kDescriptorTypeSets> sets_;
  std::array<std::vector<uint8_t>, kDescriptorTypeSets> scratch_;
};

vk::Status DescriptorBufferUpdater::update(pipe::ShaderProgram& prog, VkPipelineLayout layout, DrawDirty& dirty) {
  ProgramDescriptors& pd = prog.descriptors;
  const uint32_t used = pd.set_mask();
  // Per-stage layouts rewrite the sets of the stages whose bindings changed.
  uint32_t todo = pd.dirty_sets(dirty.sets(), dirty.stage_sets()) & used;
  if (pd.per_stage()) dirty.clear_stage_sets((1u << pipe::kGraphicsStageCount) - 1);  // the layout has every stage drawn
  else dirty.clear_sets(pd.contract_sets(used));
  dirty.clear(DrawState::Set0Offsets);  // db has no dynamic offsets: set 0 is marked dirty instead
  if (!todo) return {};
  // What the offsets point at is only known within one command buffer (the
  // ring chunk bound, no meta draw since) and one pipeline layout.
  if (!bound_buffer_ || sets_layout_ != layout) {
    for (SetCopy& c : sets_) c.size = 0;
    sets_layout_ = layout;
    todo = used;
  }

  // Every set's descriptors, written into its scratch copy; unchanged ones
  // drop out.
  std::array<DescriptorInfo, kMaxSetElements> data;
  std::array<uint64_t, kMaxSetElements * kIdWordsPerElement> ids;  // image descriptors' cache keys
  std::array<DescriptorAddress, kMaxSetElements> addresses;
  uint32_t changed = 0;
  vk::Status status;
  for_each_bit(todo, [&](int set) {
    if (!status) return;
    status = gather_.gather(pd, unsigned(set), data.data(), ids.data(), addresses.data());
    if (!status) return;
    const uint32_t size = pd.db_set_size(set);
    if (scratch_[set].size() < size) scratch_[set].resize(size);  // grows to the largest set once
    uint8_t* bytes = scratch_[set].data();
    std::memset(bytes, 0, size);
    write_descriptor_set(device_, pd.bindings(set), data.data(), ids.data(), addresses.data(), bytes_cache_, bytes);
    const SetCopy& copy = sets_[set];
    if (copy.size == size && std::memcmp(copy.bytes.data(), bytes, size) == 0) {
      g_db_unchanged.add();
      return;
    }
    changed |= 1u << set;
  });
  if (!status || !changed) return status;
  return upload(pd, layout, used, changed);
}

vk::Status DescriptorBufferUpdater::upload(const ProgramDescriptors& pd, VkPipelineLayout layout, uint32_t used,
                                           uint32_t changed) {
  const VkDeviceSize align = caps_.descriptor_buffer_limits.offset_alignment;
  auto bytes_for = [&](uint32_t sets) {
    VkDeviceSize n = 0;
    for_each_bit(sets, [&](int set) { n += align_up(pd.db_set_size(set), align); });
    return n;
  };
  StreamAllocation a;
  vk::Status s = descriptor_ring_.allocate(bytes_for(changed), align, &a);
  if (s && a.buffer != bound_buffer_ && changed != used) {
    // A new chunk: the other sets' offsets point into the old one, so they
    // are copied over too (their scratch copies are current).
    for_each_bit(used & ~changed,
                 [&](int set) { std::memcpy(scratch_[set].data(), sets_[set].bytes.data(), pd.db_set_size(set)); });
    changed = used;
    s = descriptor_ring_.allocate(bytes_for(changed), align, &a);
  }
  if (!s) return s;
  VkCommandBuffer cmd = ring_.main_cmd();
  if (a.buffer != bound_buffer_) {
    VkDescriptorBufferBindingInfoEXT bi{VK_STRUCTURE_TYPE_DESCRIPTOR_BUFFER_BINDING_INFO_EXT};
    bi.address = a.chunk_address;
    bi.usage = descriptor_ring_config(caps_).usage | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
    vkCmdBindDescriptorBuffersEXT(cmd, 1, &bi);
    bound_buffer_ = a.buffer;
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
      vkCmdSetDescriptorBufferOffsetsEXT(cmd, pd.bind_point(), layout, uint32_t(run_first),
                                         uint32_t(run_count), buffer_indices.data(), offsets.data());
    run_count = 0;
  };
  for_each_bit(changed, [&](int set) {
    const uint32_t size = pd.db_set_size(set);
    std::memcpy(a.ptr + (offset - a.offset), scratch_[set].data(), size);
    SetCopy& copy = sets_[set];
    if (copy.bytes.size() < size) copy.bytes.resize(size);
    std::memcpy(copy.bytes.data(), scratch_[set].data(), size);
    copy.size = size;
    if (run_count && run_first + run_count != set) emit();
    if (!run_count) run_first = set;
    offsets[run_count++] = offset;
    offset += align_up(size, align);
    g_db_updates.add();
    g_db_bytes_written.add(size);
  });
  emit();
  return {};
}
}  // namespace

std::unique_ptr<DescriptorUpdater> make_descriptor_buffer_updater(VulkanScreen& screen, BatchRing& ring,
                                                                  DescriptorGather& gather) {
  return std::make_unique<DescriptorBufferUpdater>(screen, ring, gather);
}

}  // namespace brass::driver
