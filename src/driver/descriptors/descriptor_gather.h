// Fills one descriptor set's template data from the bindings of the bound
// program: what each element points at (the bound resource, or the
// fallback for an unbound slot), plus, on request, the ids that identify
// its contents (cached mode's set keys) and buffer addresses (descriptor
// buffers). Every mode writes sets from this one gather.
#pragma once
#include <cstdint>

#include "driver/binding/binding_table.h"
#include "driver/descriptors/descriptor_buffer.h"
#include "driver/descriptors/fallback_descriptors.h"
#include "driver/descriptors/program_descriptors.h"
#include "driver/sync/sync_tracker.h"

namespace brass::driver {

class VulkanScreen;

class DescriptorGather {
 public:
  DescriptorGather(VulkanScreen& screen, BindingTable& bindings, const FallbackDescriptors& fallbacks,
                   SyncTracker& sync, VkDeviceSize uniform_range);

  // `ids` and `addresses` are optional (null). Fails only when a texel
  // buffer view cannot be created.
  [[nodiscard]] vk::Status gather(const ProgramDescriptors& descriptors, unsigned set, DescriptorInfo* data,
                                  uint64_t* ids, DescriptorAddress* addresses);

 private:
  VulkanScreen& screen_;
  BindingTable& bindings_;
  const FallbackDescriptors& fallbacks_;
  SyncTracker& sync_;
  const VkDeviceSize uniform_range_;
  const VkDeviceSize max_uniform_range_, max_storage_range_;
};

}  // namespace brass::driver
